// The planner's one answer: ranking under the billing modes the plan allows, the recommendation, why each other
// candidate loses, the billing.modes field, and cancelling a search.
#include "catalog/catalog.h"
#include "output/results_csv.h"
#include "output/results_json.h"
#include "plan/plan.h"
#include "planner/answer.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>

using namespace gp;

namespace
{

Plan defaultPlan()
{
    auto plan = parsePlan(defaultPlanText());
    EXPECT_TRUE(plan) << plan.error().toString();
    return *plan;
}

Expected<Plan> withBilling(const std::string& modesJson)
{
    auto document = planToJson(defaultPlan());
    document["billing"]["modes"] = nlohmann::json::parse(modesJson);
    return planFromJson(document);
}

} // namespace

TEST(PlanAnswer, DefaultModesAreOnDemandAndMonthly)
{
    const Plan plan = defaultPlan();
    EXPECT_EQ(plan.billing.modes, (std::vector<std::string> { "on_demand", "monthly" }));
    EXPECT_TRUE(plan.billing.allows(gp::BillingMode::Monthly));
    EXPECT_FALSE(plan.billing.allows(gp::BillingMode::Spot));
    EXPECT_FALSE(plan.billing.allows(gp::BillingMode::Reserved));
}

TEST(PlanAnswer, BillingModesRoundTripAndBadEntriesNameTheField)
{
    auto plan = withBilling(R"(["spot", "on_demand"])");
    ASSERT_TRUE(plan) << plan.error().toString();
    EXPECT_EQ(plan->billing.modes, (std::vector<std::string> { "spot", "on_demand" }));
    auto again = parsePlan(serializePlan(*plan));
    ASSERT_TRUE(again);
    EXPECT_EQ(again->billing.modes, plan->billing.modes);

    auto unknown = withBilling(R"(["on_demand", "hourly"])");
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().field, "billing.modes[1]");
    EXPECT_NE(unknown.error().message.find("hourly"), std::string::npos);
    auto empty = withBilling("[]");
    ASSERT_FALSE(empty);
    EXPECT_EQ(empty.error().field, "billing.modes");
    auto twice = withBilling(R"(["monthly", "monthly"])");
    ASSERT_FALSE(twice);
    EXPECT_EQ(twice.error().field, "billing.modes[1]");
    auto notAList = withBilling(R"("spot")");
    ASSERT_FALSE(notAList);
    EXPECT_EQ(notAList.error().field, "billing.modes");
    auto null = withBilling("null"); // null means the default, as everywhere in billing
    ASSERT_TRUE(null);
    EXPECT_EQ(null->billing.modes, defaultBillingModes());
}

TEST(PlanAnswer, StandingsRankEveryCandidateAndSayWhyTheOthersLose)
{
    const Plan plan = defaultPlan();
    auto answer = answerPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    const auto& ranked = answer->search.candidates;
    ASSERT_EQ(answer->standings.size(), ranked.size());
    ASSERT_EQ(answer->recommended, 0);
    ASSERT_TRUE(answer->summary);
    EXPECT_EQ(answer->summary->arg("candidate"), ranked.front().best.candidate);
    const Standing& best = answer->standings.front();
    EXPECT_TRUE(best.recommended);
    EXPECT_TRUE(best.reasons.empty());
    ASSERT_TRUE(best.figures.mode);
    EXPECT_TRUE(plan.billing.allows(*best.figures.mode)) << gp::billingModeText(best.figures.mode);
    EXPECT_EQ(answer->summary->arg("billing_mode"), gp::billingModeText(best.figures.mode));
    for (std::size_t i = 0; i < ranked.size(); ++i) {
        const Standing& s = answer->standings[i];
        EXPECT_EQ(s.rank, int(i) + 1);
        if (i == 0)
            continue;
        EXPECT_FALSE(s.recommended);
        ASSERT_FALSE(s.reasons.empty()) << ranked[i].best.candidate;
        if (!ranked[i].fits) {
            EXPECT_EQ(s.reasons.front().code, "does_not_fit");
            continue;
        }
        // Ranked by cost: a fitting, priced candidate below the recommendation costs more, by exactly the
        // difference of the two headline figures.
        if (s.figures.priced && best.figures.priced) {
            EXPECT_GE(s.figures.cost, best.figures.cost * (1 - 1e-9)) << ranked[i].best.candidate;
            for (const Diagnostic& d : s.reasons) {
                if (d.code == "costs_more") {
                    EXPECT_NEAR(std::stod(d.arg("amount")), s.figures.cost - best.figures.cost, 1e-4 * s.figures.cost);
                }
            }
        }
    }
}

TEST(PlanAnswer, SpotCountsOnlyWhenListedAndNeverRaisesTheCost)
{
    const Plan plan = defaultPlan();
    auto withSpot = withBilling(R"(["on_demand", "monthly", "reserved", "spot"])");
    ASSERT_TRUE(withSpot);
    auto base = answerPlan(plan, builtinCatalog());
    auto more = answerPlan(*withSpot, builtinCatalog());
    ASSERT_TRUE(base && more);
    ASSERT_GE(base->recommended, 0);
    ASSERT_GE(more->recommended, 0);
    for (const Standing& s : base->standings)
        EXPECT_TRUE(!s.figures.mode || s.figures.mode == gp::BillingMode::OnDemand
            || s.figures.mode == gp::BillingMode::Monthly)
            << gp::billingModeText(s.figures.mode);
    // More modes to choose from can only lower the best cost.
    EXPECT_LE(more->standings.front().figures.cost, base->standings.front().figures.cost * (1 + 1e-9));
    bool anySpotOrReserved = false;
    for (const Standing& s : more->standings)
        anySpotOrReserved = anySpotOrReserved || s.figures.mode == gp::BillingMode::Spot
            || s.figures.mode == gp::BillingMode::Reserved;
    EXPECT_TRUE(anySpotOrReserved) << "the catalog discounts spot and reserved for these families";
}

TEST(PlanAnswer, JsonCsvAndTableRenderTheSameAnswer)
{
    const Plan plan = defaultPlan();
    auto answer = answerPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer);
    const auto json = planAnswerToJson(*answer);
    ASSERT_TRUE(json["recommendation"].is_object());
    EXPECT_EQ(json["recommendation"]["candidate"], answer->search.candidates.front().best.candidate);
    EXPECT_EQ(json["recommendation"]["billing_mode"], gp::billingModeText(answer->standings.front().figures.mode));
    EXPECT_EQ(json["billing_modes"], nlohmann::json(plan.billing.modes));
    ASSERT_EQ(json["results"].size(), answer->search.candidates.size());
    EXPECT_EQ(json["results"][0]["ranking"]["rank"], 1);
    EXPECT_EQ(json["results"][1]["ranking"]["rank"], 2);
    const std::string csv = answerToCsv(*answer);
    const std::string header = csv.substr(0, csv.find("\r\n"));
    EXPECT_EQ(
        header.rfind("rank,recommended,ranking_billing_mode,ranking_cost,ranking_hours,meets_objective,candidate", 0),
        0u)
        << header;
    const std::string firstRow = csv.substr(header.size() + 2, csv.find("\r\n", header.size() + 2) - header.size() - 2);
    EXPECT_EQ(firstRow.rfind("1,true," + gp::billingModeText(answer->standings.front().figures.mode) + ",", 0), 0u)
        << firstRow;
    EXPECT_NE(firstRow.find("," + answer->search.candidates.front().best.candidate + ","), std::string::npos);
    const std::string table = answerToTable(*answer);
    EXPECT_EQ(table.rfind("recommended: " + answer->search.candidates.front().best.candidate, 0), 0u) << table;
}

TEST(PlanAnswer, DeadlineMissIsAReason)
{
    Plan plan = defaultPlan();
    plan.search.objective = SearchObjective::CostUnderDeadline;
    plan.search.deadlineHours = 0.01; // 36 seconds: nobody meets it
    auto answer = answerPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->recommended, -1);
    bool missed = false;
    for (const Standing& s : answer->standings)
        for (const Diagnostic& d : s.reasons)
            missed = missed || d.code == "misses_deadline";
    EXPECT_TRUE(missed);
    EXPECT_TRUE(planAnswerToJson(*answer)["recommendation"].is_null());
}

TEST(PlanAnswer, ACancelledSearchStopsWithACancelledError)
{
    Plan plan = defaultPlan();
    plan.candidates.clear(); // every catalog instance
    std::atomic<bool> cancel { true };
    SearchControl control;
    control.cancel = &cancel;
    auto answer = answerPlan(plan, builtinCatalog(), control);
    ASSERT_FALSE(answer);
    EXPECT_TRUE(isCancelled(answer.error()));
    cancel = false;
    auto full = answerPlan(plan, builtinCatalog(), control);
    ASSERT_TRUE(full) << full.error().toString();
}

TEST(PlanAnswer, AGpuWithNoUsableTflopsNeverRanksFirstAtZeroCost)
{
    // An override of the A100 40 GB with only an fp32 figure, on a bf16 plan: its time is unknown.
    Catalog catalog = builtinCatalog();
    bool found = false;
    for (GpuSpec& gpu : catalog.gpus)
        if (gpu.id == "a100-40gb-sxm") {
            gpu.tflops = Tflops {};
            gpu.tflops.fp32 = 19.5;
            found = true;
        }
    ASSERT_TRUE(found);
    const Plan plan = defaultPlan();
    ASSERT_EQ(plan.workload.precision, Precision::Bf16);
    auto answer = answerPlan(plan, catalog);
    ASSERT_TRUE(answer) << answer.error().toString();
    ASSERT_GE(answer->recommended, 0);
    const auto& ranked = answer->search.candidates;
    EXPECT_NE(ranked.front().best.gpu, "a100-40gb-sxm");
    for (std::size_t i = 0; i < ranked.size(); ++i) {
        if (ranked[i].best.gpu != "a100-40gb-sxm")
            continue;
        EXPECT_FALSE(ranked[i].meetsObjective);
        EXPECT_TRUE(std::isinf(answer->standings[i].figures.hours));
        EXPECT_FALSE(ranked[i].best.cost.total(gp::BillingMode::OnDemand).has_value())
            << "an unknown duration has no total";
        // Every candidate whose time is known ranks before it.
        for (std::size_t j = i + 1; j < ranked.size(); ++j)
            EXPECT_FALSE(ranked[j].meetsObjective) << ranked[j].best.candidate;
    }
}

namespace
{

// The standing of `candidate` in `answer`, null when it is not there.
const Standing* standingOf(const PlanAnswer& answer, const std::string& candidate)
{
    for (std::size_t i = 0; i < answer.search.candidates.size(); ++i)
        if (answer.search.candidates[i].best.candidate == candidate)
            return &answer.standings[i];
    return nullptr;
}

const Diagnostic* reasonOf(const Standing* standing, const std::string& code)
{
    if (!standing)
        return nullptr;
    for (const Diagnostic& d : standing->reasons)
        if (d.code == code)
            return &d;
    return nullptr;
}

CandidateSpec autoNodes(const std::string& instance)
{
    CandidateSpec spec;
    spec.instance = instance;
    spec.nodes = std::nullopt;
    return spec;
}

InstanceSpec* instanceIn(Catalog& catalog, const std::string& id)
{
    for (InstanceSpec& instance : catalog.instances)
        if (instance.id == id)
            return &instance;
    return nullptr;
}

} // namespace

// Issue 44 (third try): the H20 rows fit, but nothing said why they lost to GT4. A candidate without a price under
// the plan's region and billing modes says where its price was looked up and what the catalog has instead.
TEST(PlanAnswer, AnUnpricedCandidateSaysWhereItsPriceWasLookedUpAndWhatTheCatalogHasInstead)
{
    const std::string priced = "tencent:GT4.41XLARGE948";
    const std::string h20 = "tencent:PNV6.32XLARGE1280"; // the catalog: "No public price for PNV6"
    Plan plan = defaultPlan();
    plan.candidates = { autoNodes(priced), autoNodes(h20) };
    {
        auto answer = answerPlan(plan, builtinCatalog());
        ASSERT_TRUE(answer) << answer.error().toString();
        ASSERT_EQ(answer->recommended, 0);
        EXPECT_EQ(answer->search.candidates.front().best.candidate, priced);
        const Diagnostic* why = reasonOf(standingOf(*answer, h20), "no_price");
        ASSERT_NE(why, nullptr);
        // Tencent's catalog prices are for its reference region (providers.json), and PNV6 has none published.
        EXPECT_EQ(why->arg("region"), builtinCatalog().findProvider("tencent")->referenceRegion);
        EXPECT_EQ(why->arg("price_status"), "missing");
        EXPECT_EQ(why->arg("other_modes"), "");
        EXPECT_EQ(why->arg("other_regions"), "");
        EXPECT_NE(why->message.find("price_per_hour"), std::string::npos) << why->message; // what to do
    }
    // The plan's own region for the provider is where the price is looked up.
    plan.billing.regions = { { "tencent", "ap-shanghai" } };
    {
        auto answer = answerPlan(plan, builtinCatalog());
        ASSERT_TRUE(answer);
        const Diagnostic* why = reasonOf(standingOf(*answer, h20), "no_price");
        ASSERT_NE(why, nullptr);
        EXPECT_EQ(why->arg("region"), "ap-shanghai");
    }
    // Priced elsewhere: a catalog whose GT4.20XLARGE474 has no reference-region price but one in ap-nanjing, and a
    // GT4.8XLARGE192 priced monthly only under a plan that counts pay-as-you-go only.
    Catalog catalog = builtinCatalog();
    InstanceSpec* elsewhere = instanceIn(catalog, "tencent:GT4.20XLARGE474");
    InstanceSpec* monthlyOnly = instanceIn(catalog, "tencent:GT4.8XLARGE192");
    ASSERT_TRUE(elsewhere && monthlyOnly);
    PriceSpec nanjing = elsewhere->price;
    nanjing.region = "ap-nanjing";
    elsewhere->otherPrices.push_back(nanjing);
    elsewhere->price.onDemandPerHour.reset();
    elsewhere->price.monthly.reset();
    elsewhere->price.status = "missing";
    ASSERT_TRUE(monthlyOnly->price.monthly);
    monthlyOnly->price.onDemandPerHour.reset();
    plan.billing.regions.clear();
    plan.billing.modes = { "on_demand" };
    plan.candidates = { autoNodes(priced), autoNodes(elsewhere->id), autoNodes(monthlyOnly->id) };
    auto answer = answerPlan(plan, catalog);
    ASSERT_TRUE(answer) << answer.error().toString();
    ASSERT_EQ(answer->search.candidates.front().best.candidate, priced);
    const Diagnostic* inNanjing = reasonOf(standingOf(*answer, elsewhere->id), "no_price");
    ASSERT_NE(inNanjing, nullptr);
    EXPECT_EQ(inNanjing->arg("region"), catalog.findProvider("tencent")->referenceRegion);
    EXPECT_EQ(inNanjing->arg("other_regions"), "ap-nanjing");
    EXPECT_EQ(inNanjing->arg("other_modes"), "");
    const Diagnostic* monthly = reasonOf(standingOf(*answer, monthlyOnly->id), "no_price");
    ASSERT_NE(monthly, nullptr);
    EXPECT_EQ(monthly->arg("other_modes"), "monthly");
    EXPECT_EQ(monthly->arg("other_regions"), "");
    // Without the catalog (rankAnswer alone) the reason is still given, with no region.
    PlanAnswer bare = rankAnswer(answer->search, plan);
    const Diagnostic* noRegion = reasonOf(standingOf(bare, elsewhere->id), "no_price");
    ASSERT_NE(noRegion, nullptr);
    EXPECT_EQ(noRegion->arg("region"), "");
}
