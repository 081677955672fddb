// Keys a reader accepts without a word (issue 45 item 9): a key given twice (the last one wins) and a key that is no
// field (a misspelling), warned about with its line and the nearest field, in plans, budgets and overrides files.
#include "base/json_keys.h"
#include "budget/budget.h"
#include "catalog/catalog.h"
#include "cli/cli.h"
#include "plan/plan.h"
#include "plan/plan_fields.h"
#include "plan/plan_lint.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace gp
{
namespace
{

std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

std::size_t lineOf(const std::string& text, const std::string& what)
{
    const std::size_t at = text.find(what);
    return 1 + std::size_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n'));
}

TEST(JsonKeys, EveryKeyHasItsPathAndLine)
{
    const std::string text
        = "{\n \"a\": {\"b\": 1,\n  \"c\": [ {\"d\": \"x,y}\"}, {\"e\": [1, {\"f\": 2}]} ]},\n \"g\": 3\n}";
    const auto places = jsonKeyPlaces(text);
    std::vector<std::string> seen;
    for (const auto& p : places)
        seen.push_back(p.path + "@" + std::to_string(p.line));
    EXPECT_EQ(seen,
        (std::vector<std::string> { "a@2", "a.b@2", "a.c@3", "a.c[0].d@3", "a.c[1].e@3", "a.c[1].e[1].f@3", "g@4" }));
}

TEST(JsonKeys, ADuplicateIsNamedWithBothLines)
{
    const std::string text = "{\"workload\": {\n  \"precision\": \"bf16\",\n  \"technique\": \"full\",\n"
                             "  \"precision\": \"fp8\"}}";
    const auto warnings = duplicateKeyWarnings(text);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0], "line 4: \"workload.precision\" is given twice (first on line 2); the last one is used");
    EXPECT_TRUE(duplicateKeyWarnings("{\"a\": {\"x\": 1}, \"b\": {\"x\": 2}}").empty()) << "same key, other objects";
}

TEST(JsonKeys, TheNearestNameIsASlipAwayOrNone)
{
    const std::vector<std::string> names { "sequence_length", "global_batch_size", "precision", "mode" };
    EXPECT_EQ(nearestName("sequnce_length", names), "sequence_length"); // one letter dropped
    EXPECT_EQ(nearestName("precsiion", names), "precision"); // two letters swapped
    EXPECT_EQ(nearestName("Precision", names), "precision"); // case
    EXPECT_EQ(nearestName("mdoe", names), "mode");
    EXPECT_EQ(nearestName("learning_rate", names), ""); // nothing near: no guess
    EXPECT_EQ(nearestName("x", names), "");
}

TEST(PlanLint, AMisspeltFieldNamesTheNearestFieldOfTheTable)
{
    const std::string good(defaultPlanText());
    ASSERT_NE(findPlanField("workload.sequence_length"), nullptr) << "the suggestion comes from the field table";
    const std::string text = replaced(good, "\"sequence_length\"", "\"sequnce_length\"");
    ASSERT_TRUE(parsePlan(text)) << "accepted: a misspelling is warned about, not refused";
    const auto warnings = planFileWarnings(text);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0],
        "line " + std::to_string(lineOf(text, "sequnce_length"))
            + ": \"sequnce_length\" is not a field of workload; it is ignored; did you mean \"sequence_length\"?");
}

TEST(PlanLint, ARepeatedFieldAndAnUnknownSectionAreBothSaid)
{
    std::string text
        = replaced(std::string(defaultPlanText()), "\"workload\": {", "\"workload\": {\n    \"precision\": \"fp32\",");
    text = replaced(text, "\"candidates\"", "\"biling\": {},\n  \"candidates\"");
    const auto warnings = planFileWarnings(text);
    ASSERT_EQ(warnings.size(), 2u) << ::testing::PrintToString(warnings);
    EXPECT_NE(warnings[0].find("\"workload.precision\" is given twice"), std::string::npos) << warnings[0];
    EXPECT_NE(
        warnings[1].find("\"biling\" is not a field; it is ignored; did you mean \"billing\"?"), std::string::npos)
        << warnings[1];
}

TEST(PlanLint, EveryShippedPlanAndBudgetIsClean)
{
    for (const char* name : { "default.gpuplan", "rl.gpuplan", "serving.gpuplan" }) {
        std::ifstream in(std::string(GP_SOURCE_DIR) + "/resources/plans/" + name);
        std::stringstream text;
        text << in.rdbuf();
        ASSERT_FALSE(text.str().empty()) << name;
        EXPECT_EQ(planFileWarnings(text.str()), std::vector<std::string> {}) << name;
    }
    JsonKeyAudit audit;
    ASSERT_TRUE(parseBudget(exampleBudgetText()));
    EXPECT_EQ(audit.fileWarnings(exampleBudgetText()), std::vector<std::string> {});
}

TEST(BudgetLint, AMisspeltBudgetFieldIsSaidWithTheNearest)
{
    const std::string text = replaced(std::string(exampleBudgetText()), "\"title\"", "\"titel\"");
    JsonKeyAudit audit;
    ASSERT_TRUE(parseBudget(text));
    const auto warnings = audit.fileWarnings(text);
    ASSERT_EQ(warnings.size(), 1u) << ::testing::PrintToString(warnings);
    EXPECT_NE(warnings[0].find("\"titel\" is not a field; it is ignored; did you mean \"title\"?"), std::string::npos)
        << warnings[0];
}

TEST(OverridesLint, AMisspeltMachineFieldIsSaidAndACommentIsNot)
{
    const std::string text = R"({"format": "gpu-planner-overrides", "version": 1, "_comment": "our lab",
  "instances": [ { "id": "onprem:lab-8x4090", "provider": "onprem", "gpu": "rtx-4090-24gb", "gpus": 8,
                   "intra_node": "pcie4",
                   "network_gpbs": 100 } ] })";
    JsonKeyAudit audit;
    ASSERT_TRUE(parseOverridesFile(text, "overrides.json"));
    const auto warnings = audit.fileWarnings(text);
    ASSERT_EQ(warnings.size(), 1u) << ::testing::PrintToString(warnings);
    EXPECT_EQ(warnings[0],
        "line 4: \"network_gpbs\" is not a field of instances[0]; it is ignored; did you mean \"network_gbps\"?");
}

TEST(CliLint, ValidateWarnsOnStandardErrorAndStillAccepts)
{
    const std::string text = replaced(std::string(defaultPlanText()), "\"sequence_length\"", "\"sequnce_length\"");
    std::istringstream in(text);
    std::ostringstream out, err;
    EXPECT_EQ(runCli({ "validate", "-" }, in, out, err), 0) << err.str();
    EXPECT_NE(err.str().find("warning: <stdin>: line "), std::string::npos) << err.str();
    EXPECT_NE(err.str().find("did you mean \"sequence_length\"?"), std::string::npos) << err.str();
    EXPECT_NE(out.str().find("valid plan"), std::string::npos);
}

} // namespace
} // namespace gp
