// Scenarios in one plan file: reading, writing, applying, comparing (answerPlan per scenario) and sweeping.
#include "catalog/catalog.h"
#include "cli/cli.h"
#include "output/scenarios_output.h"
#include "plan/scenarios.h"
#include "planner/answer.h"
#include "planner/scenario_comparison.h"

#include "test_cli_support.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

using nlohmann::json;

using gp::testing::cli;
using gp::testing::CliRun;
namespace
{

// The default plan with two of its candidates (a quick search) and the given scenarios.
json planDocument(const json& scenarios)
{
    json document = json::parse(gp::defaultPlanText());
    document["candidates"] = json::array({ { { "instance", "tencent:GT4.41XLARGE948" }, { "nodes", "auto" } },
        { { "instance", "tencent:GN7.20XLARGE320" }, { "nodes", "auto" } } });
    if (!scenarios.is_null())
        document["scenarios"] = scenarios;
    return document;
}

json threeScenarios()
{
    return json::array({ { { "name", "8k context" },
                             { "overrides", { { "workload", { { "sequence_length", 8192 } } } } } },
        { { "name", "LoRA" },
            { "overrides", { { "workload", { { "technique", "lora" }, { "lora", { { "rank", 64 } } } } } } } },
        { { "name", "only GN7" },
            { "overrides",
                { { "candidates", json::array({ { { "instance", "tencent:GN7.20XLARGE320" }, { "nodes", "auto" } } }) },
                    { "billing", { { "modes", json::array({ "on_demand" }) } } } } } } });
}

gp::Plan parsed(const json& document)
{
    auto plan = gp::planFromJson(document);
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
    return plan.ok() ? *plan : gp::Plan {};
}

std::string parseError(const json& document)
{
    auto plan = gp::planFromJson(document);
    return plan.ok() ? std::string("(no error)") : plan.error().toString();
}

} // namespace

TEST(Scenarios, ThreeScenariosRoundTrip)
{
    const gp::Plan plan = parsed(planDocument(threeScenarios()));
    const auto scenarios = gp::planScenarios(plan);
    ASSERT_EQ(scenarios.size(), 3u);
    EXPECT_EQ(scenarios[1].name, "LoRA");
    EXPECT_EQ(scenarios[1].overrides["workload"]["lora"]["rank"], 64);
    const std::string text = gp::serializePlan(plan);
    auto again = gp::parsePlan(text);
    ASSERT_TRUE(again.ok()) << again.error().toString();
    EXPECT_TRUE(*again == plan);
    const auto read = gp::planScenarios(*again);
    ASSERT_EQ(read.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(read[i].name, scenarios[i].name);
        EXPECT_EQ(read[i].overrides, scenarios[i].overrides);
    }
    // Editing the list is written back.
    gp::Plan edited = *again;
    auto fewer = read;
    fewer.pop_back();
    gp::setPlanScenarios(edited, fewer);
    auto reread = gp::parsePlan(gp::serializePlan(edited));
    ASSERT_TRUE(reread.ok());
    EXPECT_EQ(gp::planScenarios(*reread).size(), 2u);
    EXPECT_FALSE(*reread == plan);
    // Written a second time, the text is the same.
    EXPECT_EQ(gp::serializePlan(*again), text);
}

TEST(Scenarios, PlanWithoutScenariosLoadsAndWritesUnchanged)
{
    const gp::Plan plan = parsed(json::parse(gp::defaultPlanText()));
    EXPECT_TRUE(gp::planScenarios(plan).empty());
    EXPECT_FALSE(gp::planToJson(plan).contains("scenarios"));
    gp::Plan edited = parsed(planDocument(threeScenarios()));
    gp::setPlanScenarios(edited, {}); // the last scenario deleted: the file has none
    EXPECT_FALSE(gp::planToJson(edited).contains("scenarios"));
}

TEST(Scenarios, OverridesMergeOntoTheBasePlan)
{
    const gp::Plan plan = parsed(planDocument(threeScenarios()));
    auto longer = gp::scenarioPlan(plan, 0);
    ASSERT_TRUE(longer.ok()) << longer.error().toString();
    EXPECT_EQ(longer->workload.sequenceLength, 8192);
    EXPECT_EQ(longer->workload.globalBatchSize, plan.workload.globalBatchSize); // untouched fields kept
    EXPECT_EQ(longer->candidates.size(), 2u);
    EXPECT_TRUE(gp::planScenarios(*longer).empty());
    auto lora = gp::scenarioPlan(plan, 1);
    ASSERT_TRUE(lora.ok());
    EXPECT_EQ(lora->workload.technique, gp::Technique::Lora);
    EXPECT_EQ(lora->workload.lora.rank, 64);
    EXPECT_EQ(lora->workload.lora.targetModules, plan.workload.lora.targetModules); // objects merge key by key
    auto gn7 = gp::scenarioPlan(plan, 2);
    ASSERT_TRUE(gn7.ok());
    ASSERT_EQ(gn7->candidates.size(), 1u); // arrays replace
    EXPECT_EQ(gn7->candidates[0].instance, "tencent:GN7.20XLARGE320");
    EXPECT_EQ(gn7->billing.modes, std::vector<std::string> { "on_demand" });
    // null removes a field, so its default applies.
    gp::Plan withEfficiency = plan;
    withEfficiency.assumptions.computeEfficiency = 0.3;
    auto reset = gp::applyOverrides(withEfficiency, { { "assumptions", { { "compute_efficiency", nullptr } } } }, "x");
    ASSERT_TRUE(reset.ok());
    EXPECT_FALSE(reset->assumptions.computeEfficiency.has_value());
}

TEST(Scenarios, BadOverridesNameTheField)
{
    json scenarios = threeScenarios();
    scenarios[1]["overrides"]["workload"]["sequence_length"] = 0;
    EXPECT_EQ(parseError(planDocument(scenarios)).rfind("scenarios[1].overrides.workload.sequence_length: ", 0), 0u)
        << parseError(planDocument(scenarios));

    scenarios = threeScenarios();
    scenarios[2]["overrides"]["candidates"][0]["instance"] = 5;
    EXPECT_EQ(parseError(planDocument(scenarios)).rfind("scenarios[2].overrides.candidates[0].instance: ", 0), 0u)
        << parseError(planDocument(scenarios));

    scenarios = threeScenarios();
    scenarios[0]["overrides"]["title"] = "x";
    EXPECT_EQ(
        parseError(planDocument(scenarios)).rfind("scenarios[0].overrides.title: a scenario cannot override", 0), 0u)
        << parseError(planDocument(scenarios));

    scenarios = threeScenarios();
    scenarios[2]["name"] = "LoRA";
    EXPECT_EQ(parseError(planDocument(scenarios)).rfind("scenarios[2].name: \"LoRA\" names another scenario", 0), 0u);

    scenarios = threeScenarios();
    scenarios[0].erase("name");
    EXPECT_EQ(parseError(planDocument(scenarios)).rfind("scenarios[0].name: is required", 0), 0u);

    scenarios = threeScenarios();
    scenarios[0]["overrides"] = json::array();
    EXPECT_EQ(parseError(planDocument(scenarios)).rfind("scenarios[0].overrides: must be an object", 0), 0u);

    EXPECT_EQ(parseError(planDocument(json("x"))).rfind("scenarios: must be an array", 0), 0u);
}

TEST(ScenarioComparison, EachRowIsTheAnswerOfItsScenarioPlan)
{
    const gp::Plan plan = parsed(planDocument(threeScenarios()));
    const gp::Catalog& catalog = gp::builtinCatalog();
    auto comparison = gp::compareScenarios(plan, catalog);
    ASSERT_TRUE(comparison.ok()) << comparison.error().toString();
    ASSERT_EQ(comparison->rows.size(), 4u);
    EXPECT_TRUE(comparison->rows[0].base);
    for (std::size_t i = 0; i < 4; ++i) {
        const gp::ScenarioRow& row = comparison->rows[i];
        ASSERT_FALSE(row.error) << row.error->toString();
        gp::Plan variant = plan;
        gp::setPlanScenarios(variant, {});
        if (i > 0) {
            auto v = gp::scenarioPlan(plan, i - 1);
            ASSERT_TRUE(v.ok());
            variant = *v;
            EXPECT_EQ(row.name, gp::planScenarios(plan)[i - 1].name);
        }
        auto answer = gp::answerPlan(variant, catalog);
        ASSERT_TRUE(answer.ok());
        ASSERT_GE(answer->recommended, 0) << "row " << i;
        const auto& best = answer->search.candidates[std::size_t(answer->recommended)].best;
        const auto& figures = answer->standings[std::size_t(answer->recommended)].figures;
        EXPECT_EQ(row.headline.candidate, best.candidate);
        EXPECT_DOUBLE_EQ(row.headline.figures.cost, figures.cost);
        EXPECT_DOUBLE_EQ(row.headline.figures.hours, figures.hours);
        EXPECT_EQ(row.headline.figures.mode, figures.mode);
        EXPECT_DOUBLE_EQ(row.headline.headroomBytes, best.usableMemory - best.memory.total);
        EXPECT_TRUE(row.headline.fits);
        // The headline's cost is the cheapest of the per-mode costs, each an allowed mode.
        ASSERT_FALSE(row.headline.costs.empty());
        double cheapest = INFINITY;
        for (const gp::ModeCost& m : row.headline.costs) {
            EXPECT_TRUE(variant.billing.allows(m.mode)) << gp::billingModeCode(m.mode);
            cheapest = std::min(cheapest, m.cost);
        }
        EXPECT_DOUBLE_EQ(cheapest, figures.cost);
    }
    // The scenario limited to pay-as-you-go lists exactly that mode.
    ASSERT_EQ(comparison->rows[3].headline.costs.size(), 1u);
    EXPECT_EQ(comparison->rows[3].headline.costs[0].mode, gp::BillingMode::OnDemand);
    // Differences to the baseline, by hand.
    const auto& base = comparison->rows[0].headline.figures;
    const auto& longer = comparison->rows[1];
    ASSERT_TRUE(longer.delta.cost && longer.delta.hours && longer.delta.costPercent);
    EXPECT_DOUBLE_EQ(*longer.delta.cost, longer.headline.figures.cost - base.cost);
    EXPECT_DOUBLE_EQ(*longer.delta.costPercent, (longer.headline.figures.cost - base.cost) / base.cost * 100);
    EXPECT_DOUBLE_EQ(*longer.delta.hours, longer.headline.figures.hours - base.hours);
    EXPECT_FALSE(comparison->rows[0].delta.cost);
    // Another baseline: the LoRA row.
    gp::setBaseline(*comparison, 2);
    EXPECT_FALSE(comparison->rows[2].delta.cost);
    ASSERT_TRUE(comparison->rows[0].delta.cost);
    EXPECT_DOUBLE_EQ(*comparison->rows[0].delta.cost, base.cost - comparison->rows[2].headline.figures.cost);
}

TEST(ScenarioComparison, ScenarioThatCannotBeAnsweredKeepsItsErrorInItsRow)
{
    gp::Plan plan = parsed(planDocument(threeScenarios()));
    auto scenarios = gp::planScenarios(plan);
    scenarios[0].overrides = { { "candidates", json::array({ { { "instance", "tencent:NO-SUCH" } } }) } };
    gp::setPlanScenarios(plan, scenarios);
    auto comparison = gp::compareScenarios(plan, gp::builtinCatalog());
    ASSERT_TRUE(comparison.ok());
    ASSERT_TRUE(comparison->rows[1].error);
    EXPECT_EQ(comparison->rows[1].error->field.rfind("scenarios[0].overrides.candidates[0]", 0), 0u)
        << comparison->rows[1].error->toString();
    EXPECT_FALSE(comparison->rows[2].error);
}

TEST(ScenarioCli, PlanScenariosPrintsTheSameNumbersAsTheComparison)
{
    const json document = planDocument(threeScenarios());
    const gp::Plan plan = parsed(document);
    auto comparison = gp::compareScenarios(plan, gp::builtinCatalog());
    ASSERT_TRUE(comparison.ok());
    const CliRun run = cli({ "plan", "-", "--scenarios", "--format", "json" }, document.dump());
    ASSERT_EQ(run.code, gp::ExitOk) << run.err;
    const json out = json::parse(run.out);
    ASSERT_EQ(out["scenarios"].size(), 4u);
    EXPECT_TRUE(out["scenarios"][0]["base"].get<bool>());
    EXPECT_TRUE(out["scenarios"][0]["name"].is_null());
    for (std::size_t i = 0; i < 4; ++i) {
        const json& row = out["scenarios"][i];
        EXPECT_EQ(row["best"]["candidate"], comparison->rows[i].headline.candidate);
        EXPECT_DOUBLE_EQ(row["best"]["cost"].get<double>(), comparison->rows[i].headline.figures.cost);
        EXPECT_DOUBLE_EQ(row["best"]["hours"].get<double>(), comparison->rows[i].headline.figures.hours);
    }
    EXPECT_EQ(out["scenarios"][2]["name"], "LoRA");
    EXPECT_DOUBLE_EQ(out["scenarios"][1]["difference"]["cost"].get<double>(),
        comparison->rows[1].headline.figures.cost - comparison->rows[0].headline.figures.cost);

    const CliRun csv = cli({ "plan", "-", "--scenarios", "--format", "csv", "--baseline", "LoRA" }, document.dump());
    ASSERT_EQ(csv.code, gp::ExitOk) << csv.err;
    EXPECT_EQ(csv.out.rfind("scenario,base,baseline,", 0), 0u);
    EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 5); // header + 4 rows
    EXPECT_NE(csv.out.find("\r\nLoRA,false,true,"), std::string::npos) << csv.out;

    const CliRun table = cli({ "plan", "-", "--scenarios", "--format", "table" }, document.dump());
    ASSERT_EQ(table.code, gp::ExitOk) << table.err;
    EXPECT_NE(table.out.find("base plan (baseline)"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("8k context"), std::string::npos);

    const CliRun unknown = cli({ "plan", "-", "--scenarios", "--baseline", "nope" }, document.dump());
    EXPECT_EQ(unknown.code, gp::ExitUsage);
    EXPECT_NE(unknown.err.find("--baseline \"nope\" names no scenario"), std::string::npos) << unknown.err;
}

TEST(Sweep, FieldPathsBecomeOverrides)
{
    const gp::Plan plan = parsed(planDocument(nullptr));
    auto seq = gp::overridesForField(plan, "workload.sequence_length", 2048);
    ASSERT_TRUE(seq.ok());
    EXPECT_EQ(*seq, json({ { "workload", { { "sequence_length", 2048 } } } }));
    auto nodes = gp::overridesForField(plan, "candidates[*].nodes", 2);
    ASSERT_TRUE(nodes.ok());
    ASSERT_EQ((*nodes)["candidates"].size(), 2u);
    EXPECT_EQ((*nodes)["candidates"][0]["nodes"], 2);
    EXPECT_EQ((*nodes)["candidates"][1]["nodes"], 2);
    EXPECT_EQ((*nodes)["candidates"][1]["instance"], "tencent:GN7.20XLARGE320");
    auto one = gp::overridesForField(plan, "candidates[1].nodes", 4);
    ASSERT_TRUE(one.ok());
    EXPECT_EQ((*one)["candidates"][0]["nodes"], "auto");
    EXPECT_EQ((*one)["candidates"][1]["nodes"], 4);
    EXPECT_FALSE(gp::overridesForField(plan, "candidates[2].nodes", 4).ok());
    EXPECT_FALSE(gp::overridesForField(plan, "title", 4).ok());
    EXPECT_FALSE(gp::overridesForField(plan, "workload..x", 4).ok());
    auto bad = gp::sweepPlan(plan, "workload.sequence_length", { 1024, 0 });
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().toString().rfind("--values: 0: workload.sequence_length: ", 0), 0u) << bad.error().toString();
}

// Property: with everything else fixed, a higher price per hour never lowers the cost, and doubling the price
// doubles a pay-as-you-go cost (hours do not depend on the price).
TEST(Sweep, CostRisesWithPrice)
{
    json document = planDocument(nullptr);
    document["candidates"] = json::array({ { { "instance", "tencent:GT4.41XLARGE948" }, { "nodes", 1 } } });
    document["billing"]["modes"] = json::array({ "on_demand" });
    const gp::Plan plan = parsed(document);
    auto swept = gp::sweepPlan(plan, "candidates[*].price_per_hour", { 10, 20, 40, 80 });
    ASSERT_TRUE(swept.ok()) << swept.error().toString();
    auto comparison = gp::compareScenarios(*swept, gp::builtinCatalog());
    ASSERT_TRUE(comparison.ok());
    ASSERT_EQ(comparison->rows.size(), 5u);
    double previous = 0;
    for (std::size_t i = 1; i < comparison->rows.size(); ++i) {
        const auto& h = comparison->rows[i].headline;
        ASSERT_TRUE(h.fits && h.figures.priced) << comparison->rows[i].name;
        EXPECT_GT(h.figures.cost, previous) << comparison->rows[i].name;
        EXPECT_DOUBLE_EQ(h.figures.hours, comparison->rows[1].headline.figures.hours);
        previous = h.figures.cost;
    }
    EXPECT_NEAR(comparison->rows[4].headline.figures.cost / comparison->rows[1].headline.figures.cost, 8.0, 1e-9);

    const CliRun run
        = cli({ "sweep", "-", "--field", "candidates[*].price_per_hour", "--values", "10,20", "--format", "json" },
            document.dump());
    ASSERT_EQ(run.code, gp::ExitOk) << run.err;
    const json out = json::parse(run.out);
    ASSERT_EQ(out["scenarios"].size(), 3u);
    EXPECT_EQ(out["scenarios"][1]["name"], "candidates[*].price_per_hour=10");
    EXPECT_DOUBLE_EQ(
        out["scenarios"][2]["best"]["cost"].get<double>(), 2 * out["scenarios"][1]["best"]["cost"].get<double>());
    const CliRun missing = cli({ "sweep", "-", "--field", "workload.sequence_length" }, document.dump());
    EXPECT_EQ(missing.code, gp::ExitUsage);
}

// Property: a deeper discount off list prices never raises the cost; at fixed hours a pay-as-you-go cost is the list
// cost x (1 - discount); a plan's own price_per_hour (a quote) is not discounted.
TEST(Sweep, CostFallsAsThePriceDiscountRises)
{
    json document = planDocument(nullptr);
    document["billing"]["modes"] = json::array({ "on_demand", "monthly", "reserved", "spot" });
    const gp::Plan plan = parsed(document);
    auto swept = gp::sweepPlan(plan, "billing.price_discount", { 0, 0.1, 0.25, 0.5, 0.9 });
    ASSERT_TRUE(swept.ok()) << swept.error().toString();
    auto comparison = gp::compareScenarios(*swept, gp::builtinCatalog());
    ASSERT_TRUE(comparison.ok());
    ASSERT_EQ(comparison->rows.size(), 6u);
    const auto& base = comparison->rows[0].headline; // no discount: the list prices
    ASSERT_TRUE(base.fits && base.figures.priced);
    EXPECT_DOUBLE_EQ(comparison->rows[1].headline.figures.cost, base.figures.cost); // 0 = list prices
    double previous = std::numeric_limits<double>::infinity();
    for (std::size_t i = 1; i < comparison->rows.size(); ++i) {
        const auto& h = comparison->rows[i].headline;
        ASSERT_TRUE(h.fits && h.figures.priced) << comparison->rows[i].name;
        EXPECT_LE(h.figures.cost, previous) << comparison->rows[i].name;
        previous = h.figures.cost;
    }
    EXPECT_LT(comparison->rows[5].headline.figures.cost, comparison->rows[1].headline.figures.cost);
    // Every mode of one candidate at fixed hours scales by (1 - d): the same machine, the same search.
    json one = planDocument(nullptr);
    one["candidates"] = json::array({ { { "instance", "tencent:GT4.41XLARGE948" }, { "nodes", 1 } } });
    one["billing"]["modes"] = json::array({ "on_demand" });
    gp::Plan listPlan = parsed(one);
    one["billing"]["price_discount"] = 0.2;
    const gp::Plan discounted = parsed(one);
    ASSERT_TRUE(discounted.billing.priceDiscount.has_value());
    EXPECT_DOUBLE_EQ(*discounted.billing.priceDiscount, 0.2);
    auto a = gp::answerPlan(listPlan, gp::builtinCatalog());
    auto b = gp::answerPlan(discounted, gp::builtinCatalog());
    ASSERT_TRUE(a.ok() && b.ok() && a->recommendation() && b->recommendation());
    const gp::CostEstimate& listCost = a->recommendation()->best.cost;
    const gp::CostEstimate& cost = b->recommendation()->best.cost;
    ASSERT_TRUE(listCost.total(gp::BillingMode::OnDemand) && cost.total(gp::BillingMode::OnDemand));
    EXPECT_DOUBLE_EQ(a->recommendation()->best.trainingHours, b->recommendation()->best.trainingHours);
    EXPECT_NEAR(*cost.total(gp::BillingMode::OnDemand), 0.8 * *listCost.total(gp::BillingMode::OnDemand),
        1e-9 * *listCost.total(gp::BillingMode::OnDemand));
    ASSERT_TRUE(listCost.total(gp::BillingMode::Monthly) && cost.total(gp::BillingMode::Monthly));
    EXPECT_NEAR(*cost.total(gp::BillingMode::Monthly), 0.8 * *listCost.total(gp::BillingMode::Monthly),
        1e-9 * *listCost.total(gp::BillingMode::Monthly));
    EXPECT_EQ(cost.priceStatus, listCost.priceStatus); // still the catalog's published price, discounted
    // The field round-trips, and a plan without it is written without it.
    EXPECT_EQ(gp::planToJson(discounted)["billing"]["price_discount"], 0.2);
    EXPECT_FALSE(gp::planToJson(listPlan)["billing"].contains("price_discount"));
    // A quote is what the user pays: no discount on a candidate's price_per_hour.
    one["candidates"][0]["price_per_hour"] = 50.0;
    auto quoted = gp::answerPlan(parsed(one), gp::builtinCatalog());
    one["billing"].erase("price_discount");
    auto quotedList = gp::answerPlan(parsed(one), gp::builtinCatalog());
    ASSERT_TRUE(quoted.ok() && quotedList.ok() && quoted->recommendation() && quotedList->recommendation());
    EXPECT_DOUBLE_EQ(*quoted->recommendation()->best.cost.total(gp::BillingMode::OnDemand),
        *quotedList->recommendation()->best.cost.total(gp::BillingMode::OnDemand));
}

TEST(Sweep, BadPriceDiscountNamesTheField)
{
    const json document = planDocument(nullptr);
    for (const json& bad : { json(-0.1), json(1.0), json(1.5), json("20%"), json("NaN") }) {
        json d = document;
        d["billing"]["price_discount"] = bad;
        const std::string error = parseError(d);
        EXPECT_EQ(error.rfind("billing.price_discount: ", 0), 0u) << bad.dump() << ": " << error;
    }
    const gp::Plan plan = parsed(document);
    auto negative = gp::sweepPlan(plan, "billing.price_discount", { 0.1, -0.2 });
    ASSERT_FALSE(negative.ok());
    EXPECT_EQ(negative.error().toString().rfind("--values: -0.2: billing.price_discount: ", 0), 0u)
        << negative.error().toString();
    // The CLI reads NaN as text (it is not JSON): still a message naming the field.
    const CliRun nan
        = cli({ "sweep", "-", "--field", "billing.price_discount", "--values", "0.1,NaN" }, document.dump());
    EXPECT_NE(nan.code, gp::ExitOk);
    EXPECT_NE(nan.err.find("billing.price_discount"), std::string::npos) << nan.err;
    const CliRun whole = cli({ "sweep", "-", "--field", "billing.price_discount", "--values", "1" }, document.dump());
    EXPECT_NE(whole.code, gp::ExitOk);
    EXPECT_NE(whole.err.find("billing.price_discount: must be between 0 and 0.99, got 1"), std::string::npos)
        << whole.err;
}

TEST(Scenarios, OverridesBetweenTwoPlansReadBackAsTheEditedPlan)
{
    const gp::Plan base = parsed(planDocument(threeScenarios()));
    EXPECT_EQ(gp::overridesBetween(base, base), json::object()); // nothing differs, nothing overridden
    gp::Plan edited = base;
    gp::setPlanScenarios(edited, {});
    edited.workload.sequenceLength = 2048;
    edited.workload.lora.rank = 8;
    edited.assumptions.computeEfficiency = 0.4;
    edited.candidates.pop_back();
    edited.billing.modes = { "spot" };
    const json overrides = gp::overridesBetween(base, edited);
    EXPECT_EQ(overrides["workload"]["sequence_length"], 2048);
    EXPECT_FALSE(overrides["workload"].contains("precision")); // only what differs
    EXPECT_EQ(overrides["candidates"].size(), 1u);
    auto applied = gp::applyOverrides(base, overrides, "x");
    ASSERT_TRUE(applied.ok()) << applied.error().toString();
    EXPECT_TRUE(*applied == edited);
    // And back: a field set in the base and cleared in the variant becomes null, so the default applies.
    gp::Plan withEfficiency = base;
    gp::setPlanScenarios(withEfficiency, {});
    withEfficiency.assumptions.computeEfficiency = 0.3;
    gp::Plan cleared = withEfficiency;
    cleared.assumptions.computeEfficiency.reset();
    const json clearing = gp::overridesBetween(withEfficiency, cleared);
    EXPECT_TRUE(clearing["assumptions"]["compute_efficiency"].is_null());
    auto back = gp::applyOverrides(withEfficiency, clearing, "x");
    ASSERT_TRUE(back.ok());
    EXPECT_TRUE(*back == cleared);
}

TEST(ScenarioComparison, EachRowSaysWhatItChangesFromTheBaseline)
{
    // Issue 44 item 8: every row lists its changes from the baseline row, by field path with both values; with a
    // scenario as the baseline the base plan's row lists the reverse.
    const gp::Plan plan = parsed(planDocument(threeScenarios()));
    auto comparison = gp::compareScenarios(plan, gp::builtinCatalog());
    ASSERT_TRUE(comparison.ok()) << comparison.error().toString();
    ASSERT_EQ(comparison->rows.size(), 4u);
    EXPECT_TRUE(comparison->rows[0].changes.empty());
    const auto& context = comparison->rows[1].changes;
    ASSERT_EQ(context.size(), 1u);
    EXPECT_EQ(context[0].path, "workload.sequence_length");
    EXPECT_EQ(context[0].from, plan.workload.sequenceLength);
    EXPECT_EQ(context[0].to, 8192);
    std::vector<std::string> lora;
    for (const gp::PlanChange& c : comparison->rows[2].changes)
        lora.push_back(c.path + "=" + gp::changeValueText(c.to));
    EXPECT_NE(std::find(lora.begin(), lora.end(), "workload.technique=lora"), lora.end());
    EXPECT_NE(std::find(lora.begin(), lora.end(), "workload.lora.rank=64"), lora.end());
    std::vector<std::string> gn7;
    for (const gp::PlanChange& c : comparison->rows[3].changes)
        gn7.push_back(c.path + "=" + gp::changeValueText(c.to));
    EXPECT_NE(std::find(gn7.begin(), gn7.end(), "candidates=[tencent:GN7.20XLARGE320]"), gn7.end());
    EXPECT_EQ(gp::scenarioNameFor(context), "sequence_length 8192");

    gp::setBaseline(*comparison, 1);
    ASSERT_EQ(comparison->rows[0].changes.size(), 1u);
    EXPECT_EQ(comparison->rows[0].changes[0].from, 8192);
    EXPECT_TRUE(comparison->rows[1].changes.empty());
    const json out = gp::scenarioComparisonToJson(*comparison);
    EXPECT_EQ(out["scenarios"][0]["changes"][0]["path"], "workload.sequence_length");
}
