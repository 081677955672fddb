// The billing modes as one table (plan/billing_modes.h): every row has its own code, CSV column, words and pen, and
// appears under them in every output the core writes: the plan file's billing.modes, the estimate's JSON cost, its
// CSV and table columns, the scenario comparison's CSV and JSON, the ranking's words. A new row without its column
// or words fails here; the window's words and pens are checked in tests/ui/chart_tests.cpp.
#include "catalog/catalog.h"
#include "catalog/price_figure.h"
#include "output/results_csv.h"
#include "output/results_json.h"
#include "output/scenarios_output.h"
#include "plan/billing_modes.h"
#include "plan/plan.h"
#include "planner/answer.h"
#include "planner/planner_ranking.h"
#include "planner/scenario_comparison.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using nlohmann::json;

namespace
{

// The default plan (Tencent families, which publish spot and reserved discounts) with every mode counted, two
// candidates and one scenario.
gp::Plan everyModePlan()
{
    json document = json::parse(gp::defaultPlanText());
    document["candidates"] = json::array({ { { "instance", "tencent:GT4.41XLARGE948" }, { "nodes", "auto" } },
        { { "instance", "tencent:GN7.20XLARGE320" }, { "nodes", "auto" } } });
    document["billing"]["modes"] = gp::billingModeNames();
    document["scenarios"] = json::array(
        { { { "name", "8k context" }, { "overrides", { { "workload", { { "sequence_length", 8192 } } } } } } });
    auto plan = gp::planFromJson(document);
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
    return plan.ok() ? *plan : gp::Plan {};
}

bool listed(const std::vector<std::string>& names, std::string_view name)
{
    return std::find(names.begin(), names.end(), name) != names.end();
}

} // namespace

TEST(BillingModes, EveryRowHasItsOwnCodeColumnWordsAndPen)
{
    std::set<std::string_view> codes, columns, words;
    std::set<gp::BillingPen> pens;
    ASSERT_EQ(gp::billingModes().size(), gp::kBillingModeCount);
    for (const gp::BillingModeSpec& mode : gp::billingModes()) {
        SCOPED_TRACE(std::string(mode.code));
        EXPECT_TRUE(codes.insert(mode.code).second) << "code used twice";
        EXPECT_TRUE(columns.insert(mode.csvColumn).second) << "CSV column used twice";
        EXPECT_TRUE(words.insert(mode.words).second) << "words used twice";
        EXPECT_TRUE(pens.insert(mode.pen).second) << "two modes drawn alike";
        EXPECT_EQ(mode.csvColumn, "cost_" + std::string(mode.code)) << "the CSV column names the mode's code";
        EXPECT_FALSE(mode.words.empty());
        EXPECT_EQ(gp::billingModeFromCode(mode.code), mode.mode);
        EXPECT_EQ(&gp::billingModeSpec(mode.mode), &mode);
        // The ranking's words are the table's.
        EXPECT_EQ(gp::billingModeWords(mode.mode), mode.words);
        // A price figure the catalog has: a quote or the sensitivity can move it.
        gp::PriceSpec price;
        EXPECT_NE(gp::priceFigure(price, mode.priceFigure), nullptr) << mode.priceFigure;
        if (!mode.discountKey.empty()) {
            EXPECT_NE(gp::priceFigure(price, mode.discountKey), nullptr) << mode.discountKey;
        }
        // The plan file takes the code and writes it back.
        EXPECT_TRUE(listed(gp::billingModeNames(), mode.code));
        EXPECT_EQ(listed(gp::defaultBillingModes(), mode.code), mode.countedByDefault);
    }
    EXPECT_FALSE(gp::billingModeFromCode("savings_plan").has_value());
}

TEST(BillingModes, EveryModeAppearsUnderItsOwnNameInEveryOutput)
{
    const gp::Plan plan = everyModePlan();
    auto answer = gp::answerPlan(plan, gp::builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    const std::vector<gp::CandidateResult> results = gp::answerResults(*answer);
    ASSERT_FALSE(results.empty());
    const json estimate = gp::planAnswerToJson(*answer);
    const std::string csv = gp::resultsToCsv(results);
    const std::string header = csv.substr(0, csv.find('\r'));
    const std::string table = gp::resultsToTable(results);
    auto comparison = gp::compareScenarios(plan, gp::builtinCatalog());
    ASSERT_TRUE(comparison) << comparison.error().toString();
    const std::string scenariosCsv = gp::scenarioComparisonToCsv(*comparison);
    const json scenariosJson = gp::scenarioComparisonToJson(*comparison);
    for (const gp::BillingModeSpec& mode : gp::billingModes()) {
        const std::string code(mode.code);
        SCOPED_TRACE(code);
        // Priced for the candidates (the Tencent families publish every mode's figures or discounts), and the same
        // total in the JSON as in the result.
        bool priced = false;
        for (std::size_t i = 0; i < results.size(); ++i) {
            const std::optional<double> total = results[i].cost.total(mode.mode);
            const json& cost = estimate["results"][i]["cost"];
            ASSERT_TRUE(cost.contains(code)) << "the JSON cost has no " << code;
            if (total) {
                priced = true;
                EXPECT_DOUBLE_EQ(cost[code].get<double>(), *total);
            } else {
                EXPECT_TRUE(cost[code].is_null());
            }
        }
        EXPECT_TRUE(priced) << "no candidate is priced under " << code;
        EXPECT_TRUE(listed(gp::resultsCsvColumns(), mode.csvColumn));
        EXPECT_NE(header.find(std::string(mode.csvColumn)), std::string::npos);
        EXPECT_TRUE(listed(gp::answerCsvColumns(), mode.csvColumn));
        std::string heading = code;
        std::replace(heading.begin(), heading.end(), '_', '-');
        EXPECT_NE(table.substr(0, table.find('\n')).find(heading), std::string::npos) << table;
        EXPECT_TRUE(listed(gp::scenarioCsvColumns(), mode.csvColumn));
        EXPECT_NE(scenariosCsv.substr(0, scenariosCsv.find('\r')).find(std::string(mode.csvColumn)), std::string::npos);
        bool inScenarios = false;
        for (const json& row : scenariosJson["scenarios"])
            inScenarios = inScenarios || (row["best"].is_object() && row["best"]["costs"].contains(code));
        EXPECT_TRUE(inScenarios) << "no scenario row has costs." << code;
    }
}

// A result's costs per mode are one list in the table's order, each mode at most once, read by the enum.
TEST(BillingModes, AResultsCostsAreOneListInTheTablesOrderReadByItsMode)
{
    auto answer = gp::answerPlan(everyModePlan(), gp::builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    int priced = 0;
    for (const gp::CandidateResult& r : gp::answerResults(*answer)) {
        SCOPED_TRACE(r.candidate);
        for (std::size_t i = 0; i < r.cost.modes.size(); ++i) {
            const gp::BillingCost& entry = r.cost.modes[i];
            if (i > 0) {
                EXPECT_LT(r.cost.modes[i - 1].mode, entry.mode) << "out of the table's order, or twice";
            }
            EXPECT_EQ(r.cost.mode(entry.mode), &entry);
            EXPECT_EQ(r.cost.total(entry.mode), entry.total);
            // Every mode with a total has the rate it was billed at.
            const gp::BillingRate* rate = r.cost.rate(entry.mode);
            ASSERT_NE(rate, nullptr) << gp::billingModeCode(entry.mode);
            ++priced;
        }
        for (const gp::BillingModeSpec& mode : gp::billingModes())
            if (!r.cost.mode(mode.mode)) {
                EXPECT_FALSE(r.cost.total(mode.mode).has_value());
            }
    }
    EXPECT_GT(priced, 0);
    // A hand-made result: totals set in any order land in the table's order; setting one again replaces it.
    gp::CostEstimate cost;
    cost.setTotal(gp::BillingMode::Spot, 3.0);
    cost.setTotal(gp::BillingMode::OnDemand, 1.0);
    cost.setTotal(gp::BillingMode::Reserved, 2.0);
    cost.setTotal(gp::BillingMode::OnDemand, 4.0);
    ASSERT_EQ(cost.modes.size(), 3u);
    EXPECT_EQ(cost.modes[0].mode, gp::BillingMode::OnDemand);
    EXPECT_EQ(cost.modes[1].mode, gp::BillingMode::Reserved);
    EXPECT_EQ(cost.modes[2].mode, gp::BillingMode::Spot);
    EXPECT_EQ(cost.total(gp::BillingMode::OnDemand), 4.0);
    EXPECT_FALSE(cost.total(gp::BillingMode::Monthly).has_value());
}

// A plan's or budget's list of codes is matched against the table, and messages list the table's codes.
TEST(BillingModes, ListsOfCodesAreReadThroughTheTable)
{
    const std::vector<std::string> codes { "spot", "on_demand" };
    EXPECT_TRUE(gp::billingModeListed(codes, gp::BillingMode::Spot));
    EXPECT_TRUE(gp::billingModeListed(codes, gp::BillingMode::OnDemand));
    EXPECT_FALSE(gp::billingModeListed(codes, gp::BillingMode::Monthly));
    EXPECT_FALSE(gp::billingModeListed({ "Spot" }, gp::BillingMode::Spot)) << "codes are exact";
    const std::string words = gp::billingModeCodes();
    const std::string plain = gp::billingModeCodes("");
    for (const gp::BillingModeSpec& mode : gp::billingModes()) {
        EXPECT_NE(words.find(std::string(mode.code)), std::string::npos) << words;
        EXPECT_NE(plain.find(std::string(mode.code)), std::string::npos) << plain;
    }
    const std::string last(gp::billingModes().back().code);
    EXPECT_EQ(words.substr(words.size() - last.size() - 4), " or " + last) << words;
    EXPECT_EQ(plain.substr(plain.size() - last.size() - 2), ", " + last) << plain;
    EXPECT_EQ(gp::billingModeText(std::nullopt), "");
    EXPECT_EQ(gp::billingModeText(gp::BillingMode::Reserved), "reserved");
}
