// gpu-planner-cli commands, run in-process through gp::runCli and as a process for exit codes.
#include "cli/cli.h"
#include "plan/plan.h"

#include "test_cli_support.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>

using gp::testing::CliRun;
namespace fs = std::filesystem;
using nlohmann::json;

namespace
{

gp::testing::CliRun runCli(const std::vector<std::string>& args, const std::string& input = {})
{
    return gp::testing::cli(args, input);
}

fs::path tempDir()
{
    fs::path dir = fs::temp_directory_path() / ("gp-cli-test-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir;
}

void writeFile(const fs::path& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

} // namespace

TEST(Cli, ExamplePrintsTheDefaultPlan)
{
    CliRun run = runCli({ "example" });
    EXPECT_EQ(run.code, 0);
    EXPECT_EQ(run.out, std::string(gp::defaultPlanText()));
    EXPECT_TRUE(run.err.empty());
}

TEST(Cli, UsageErrorsExitTwo)
{
    EXPECT_EQ(runCli({}).code, 2);
    EXPECT_EQ(runCli({ "frobnicate" }).code, 2);
    EXPECT_EQ(runCli({ "estimate" }).code, 2);
    EXPECT_EQ(runCli({ "estimate", "-", "--format", "xml" }, "{}").code, 2);
    EXPECT_EQ(runCli({ "estimate", "-", "--bogus" }, "{}").code, 2);
    CliRun missing = runCli({ "validate", "/nonexistent/plan.gpuplan" });
    EXPECT_EQ(missing.code, 2);
    EXPECT_NE(missing.err.find("/nonexistent/plan.gpuplan"), std::string::npos) << missing.err;
    EXPECT_TRUE(missing.out.empty());
}

TEST(Cli, InvalidPlanExitsOneNamingTheField)
{
    json plan = json::parse(gp::defaultPlanText());
    plan["workload"]["sequence_length"] = -5;
    CliRun run = runCli({ "validate", "-" }, plan.dump());
    EXPECT_EQ(run.code, 1);
    EXPECT_NE(run.err.find("workload.sequence_length: must be between 1 and"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("-5"), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << "one line: " << run.err;
}

TEST(Cli, HelpAndVersion)
{
    CliRun help = runCli({ "--help" });
    EXPECT_EQ(help.code, 0);
    EXPECT_NE(help.out.find("catalog validate FILE"), std::string::npos);
    CliRun version = runCli({ "--version" });
    EXPECT_EQ(version.code, 0);
    EXPECT_EQ(version.out, std::string("gpu-planner-cli ") + GP_VERSION + "\n");
}

TEST(Cli, CatalogValidateChecksPriceSheets)
{
    fs::path dir = tempDir();
    writeFile(dir / "bad.csv", "instance,on_demand_per_hour\ntencent:GT4.41XLARGE948,abc\n");
    CliRun bad = runCli({ "catalog", "validate", (dir / "bad.csv").string() });
    EXPECT_EQ(bad.code, 1);
    EXPECT_NE(bad.err.find("line 2.on_demand_per_hour"), std::string::npos) << bad.err;
    writeFile(dir / "broken.json", "{\"format\": \"gpu-planner-catalog\", \"version\": 1, \"gpus\": [{}]}");
    CliRun broken = runCli({ "catalog", "validate", (dir / "broken.json").string() });
    EXPECT_EQ(broken.code, 1);
    EXPECT_NE(broken.err.find("gpus[0].id: is required"), std::string::npos) << broken.err;
    fs::remove_all(dir);
}

TEST(Cli, OutputToUnwritablePlaceFailsWithoutPartialFile)
{
    const fs::path target = "/nonexistent-dir/out.json";
    CliRun run = runCli({ "catalog", "list", "--format", "json", "--output", target.string() });
    EXPECT_EQ(run.code, 2);
    EXPECT_FALSE(fs::exists(target));
    EXPECT_NE(run.err.find("/nonexistent-dir"), std::string::npos) << run.err;
}

TEST(Cli, ProcessExitCodesMatchTheSpec)
{
    // The real binary, so that a crash or an uncaught exception would show as a signal.
    auto status = [](const std::string& command) {
        int raw = std::system(command.c_str());
        EXPECT_TRUE(WIFEXITED(raw)) << command << " ended by a signal";
        return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    };
    const std::string cli = GP_CLI_PATH;
    EXPECT_EQ(status(cli + " example > /dev/null"), 0);
    EXPECT_EQ(status(cli + " example | " + cli + " validate - > /dev/null"), 0);
    EXPECT_EQ(status("echo '{\"format\":' | " + cli + " validate - 2> /dev/null"), 1);
    EXPECT_EQ(status(cli + " nonsense 2> /dev/null"), 2);
}

TEST(Cli, PlanSaysWhenAnsweredWithoutTheQuotesItRecords)
{
    // Issue 44 item 3: a quote lives in the user's overrides, outside the plan. The window records in the plan the
    // quotes its answer used (answered_with); `plan` without them answers differently and must say so.
    fs::path dir = tempDir();
    gp::Plan plan = *gp::parsePlan(gp::defaultPlanText());
    plan.candidates = { gp::CandidateSpec {}, gp::CandidateSpec {} };
    plan.candidates[0].instance = "tencent:GNV7e-8GPU";
    plan.candidates[1].instance = "tencent:GT4.41XLARGE948";
    gp::OverrideUse quote;
    quote.instance = "tencent:GNV7e-8GPU";
    quote.status = "user";
    quote.currency = "CNY";
    quote.onDemandPerHour = 42.5;
    plan.answeredWith = { quote };
    const std::string text = gp::serializePlan(plan);
    auto reread = gp::parsePlan(text);
    ASSERT_TRUE(reread.ok()) << reread.error().toString();
    ASSERT_EQ(reread->answeredWith.size(), 1u);
    EXPECT_EQ(reread->answeredWith.front(), quote) << "answered_with does not round-trip";
    writeFile(dir / "quoted.gpuplan", text);
    writeFile(dir / "quote.json", R"({"format": "gpu-planner-overrides", "version": 1, "prices": {
        "tencent:GNV7e-8GPU": {"currency": "CNY", "on_demand_per_hour": 42.5, "source": "our quote"}}})");

    const CliRun without = runCli({ "plan", (dir / "quoted.gpuplan").string(), "--format", "json" });
    ASSERT_EQ(without.code, 0) << without.err;
    EXPECT_NE(without.err.find("note: this plan was answered with your quote for tencent:GNV7e-8GPU (42.5 CNY/h)"),
        std::string::npos)
        << without.err;
    EXPECT_TRUE(json::parse(without.out)["overrides_used"].empty());

    const CliRun with = runCli({ "plan", (dir / "quoted.gpuplan").string(), "--format", "json", "--overrides",
        (dir / "quote.json").string() });
    ASSERT_EQ(with.code, 0) << with.err;
    EXPECT_EQ(with.err.find("note: this plan was answered"), std::string::npos) << with.err;
    const json used = json::parse(with.out)["overrides_used"];
    ASSERT_EQ(used.size(), 1u);
    EXPECT_EQ(used[0]["instance"], "tencent:GNV7e-8GPU");
    EXPECT_EQ(used[0]["on_demand_per_hour"], 42.5);
    EXPECT_EQ(used[0]["status"], "user");
}
