// A reservation (预留实例券, AWS RI, savings plan) is a commitment for its term: the discounted rate is paid for the
// whole term whether the run uses it or not. Figures are the built-in catalog's, computed by hand here.
#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/cost/cost_model.h"
#include "estimate/estimator.h"
#include "output/results_csv.h"
#include "output/results_json.h"
#include "plan/plan.h"
#include "planner/answer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>

using namespace gp;

namespace
{

// tencent:GT4.4XLARGE96 in instances-tencent.json: 28.64 CNY/h on demand (标准刊例价), reserved_discount 0.4 (the
// Tencent Cloud guide's 预留实例券 'up to 40%'); defaults-cost.json: a 12-month term of 730 hours a month.
constexpr double kReservedGt4OnDemand = 28.64;
constexpr double kReservedGt4Rate = 28.64 * (1 - 0.4); // 17.184 CNY/h
constexpr double kReservedYearHours = 12 * 730; // 8,760 h

Hardware reservedGt4(int nodes = 1)
{
    CandidateSpec spec;
    spec.instance = "tencent:GT4.4XLARGE96";
    auto hw = resolveCandidate(spec, builtinCatalog(), nodes, "candidates[0]");
    EXPECT_TRUE(hw) << hw.error().toString();
    return *hw;
}

const BillingCost* reservedMode(const CostEstimate& c, BillingMode mode)
{
    return c.mode(mode);
}

Plan reservedDefaultPlan()
{
    auto plan = parsePlan(defaultPlanText());
    EXPECT_TRUE(plan) << plan.error().toString();
    return *plan;
}

Expected<Plan> reservedPlanWith(const nlohmann::json& billing)
{
    auto document = planToJson(reservedDefaultPlan());
    for (const auto& [key, value] : billing.items())
        document["billing"][key] = value;
    return planFromJson(document);
}

bool hasReservedWarning(const CandidateResult& r, const std::string& code)
{
    return std::any_of(r.warnings.begin(), r.warnings.end(), [&](const Diagnostic& d) { return d.code == code; });
}

} // namespace

TEST(ReservedTerm, CatalogQuotesItsDiscountsForOneYear)
{
    EXPECT_EQ(quotedReservedTermMonths(builtinCatalog()), 12);
    EXPECT_DOUBLE_EQ(reservedTermHours(12, builtinCatalog()), 8760.0); // a 365-day year
    EXPECT_EQ(reservedTermMonths(Billing {}, builtinCatalog()), 12);
    Billing three;
    three.reservedTermMonths = 36;
    EXPECT_EQ(reservedTermMonths(three, builtinCatalog()), 36);
}

TEST(ReservedTerm, ShortJobPaysTheWholeTerm)
{
    // A 3-day fine-tune on a 1-year reservation pays the year: 17.184 CNY/h x 8,760 h = 150,531.84 CNY, against
    // 28.64 x 72 = 2,062.08 CNY pay-as-you-go. (Before, reserved was 17.184 x 72 = 1,237.25 CNY, the "cheapest".)
    const CostEstimate e = estimateCost(reservedGt4(), 72, Billing {}, builtinCatalog());
    ASSERT_TRUE(e.total(BillingMode::Reserved) && e.total(BillingMode::OnDemand));
    EXPECT_NEAR(*e.total(BillingMode::OnDemand), kReservedGt4OnDemand * 72, 1e-9);
    EXPECT_NEAR(*e.total(BillingMode::Reserved), kReservedGt4Rate * kReservedYearHours, 1e-6);
    EXPECT_NEAR(*e.total(BillingMode::Reserved), 150531.84, 1e-6);
    EXPECT_GT(*e.total(BillingMode::Reserved), *e.total(BillingMode::OnDemand));
    ASSERT_TRUE(e.reservedTermMonths && e.reservedUnusedHours);
    EXPECT_EQ(*e.reservedTermMonths, 12);
    EXPECT_DOUBLE_EQ(*e.reservedUnusedHours, kReservedYearHours - 72);
    // The curve owes the commitment from day 0 and stays flat to the finish.
    const BillingCost* reserved = reservedMode(e, BillingMode::Reserved);
    ASSERT_NE(reserved, nullptr);
    ASSERT_GE(reserved->curve.size(), 2u);
    EXPECT_DOUBLE_EQ(reserved->curve.front().cost, 0);
    EXPECT_DOUBLE_EQ(reserved->curve[1].days, 0);
    EXPECT_NEAR(reserved->curve[1].cost, *e.total(BillingMode::Reserved), 1e-6);
    EXPECT_NEAR(reserved->curve.back().days, 3.0, 1e-12);
    EXPECT_NEAR(reserved->curve.back().cost, *e.total(BillingMode::Reserved), 1e-6);
}

TEST(ReservedTerm, CommitmentCoversEveryNode)
{
    // Two nodes reserve two instances for the term.
    const CostEstimate e = estimateCost(reservedGt4(2), 72, Billing {}, builtinCatalog());
    ASSERT_TRUE(e.total(BillingMode::Reserved));
    EXPECT_NEAR(*e.total(BillingMode::Reserved), 2 * kReservedGt4Rate * kReservedYearHours, 1e-6);
}

TEST(ReservedTerm, JobLongerThanTheTermPaysRateTimesHours)
{
    const double hours = 10000; // past the 8,760-hour term
    const CostEstimate e = estimateCost(reservedGt4(), hours, Billing {}, builtinCatalog());
    ASSERT_TRUE(e.total(BillingMode::Reserved) && e.reservedUnusedHours);
    EXPECT_NEAR(*e.total(BillingMode::Reserved), kReservedGt4Rate * hours, 1e-6); // 171,840 CNY
    EXPECT_DOUBLE_EQ(*e.reservedUnusedHours, 0);
    // The curve: the commitment, flat to the term's end, then the reserved rate to the finish.
    const BillingCost* reserved = reservedMode(e, BillingMode::Reserved);
    ASSERT_NE(reserved, nullptr);
    ASSERT_EQ(reserved->curve.size(), 4u);
    EXPECT_NEAR(reserved->curve[2].days, 365, 1e-9);
    EXPECT_NEAR(reserved->curve[2].cost, kReservedGt4Rate * kReservedYearHours, 1e-6);
    EXPECT_NEAR(reserved->curve[3].cost, *e.total(BillingMode::Reserved), 1e-6);
    // billedCost, the rule the planner ranks by, agrees.
    for (const BillingRate& rate : e.rates)
        if (rate.mode == BillingMode::Reserved) {
            EXPECT_NEAR(billedCost(rate, hours, e.monthDays), *e.total(BillingMode::Reserved), 1e-6);
            EXPECT_NEAR(billedCost(rate, 1, e.monthDays), kReservedGt4Rate * kReservedYearHours, 1e-6);
        }
}

TEST(ReservedTerm, PlanTermSetsTheCommitmentAndWarnsWhenNotQuoted)
{
    auto plan = reservedPlanWith({ { "modes", { "on_demand", "reserved" } }, { "reserved_term_months", 36 } });
    ASSERT_TRUE(plan) << plan.error().toString();
    EXPECT_EQ(plan->billing.reservedTermMonths, 36);
    const CostEstimate e = estimateCost(reservedGt4(), 72, plan->billing, builtinCatalog());
    ASSERT_TRUE(e.total(BillingMode::Reserved));
    // The 1-year discount is kept for three years of hours: 17.184 x 36 x 730.
    EXPECT_NEAR(*e.total(BillingMode::Reserved), kReservedGt4Rate * 36 * 730, 1e-6);
    EXPECT_EQ(e.reservedTermMonths, 36);

    auto estimate = estimatePlan(*plan, builtinCatalog());
    ASSERT_TRUE(estimate) << estimate.error().toString();
    bool warned = false;
    for (const CandidateResult& r : estimate->results) {
        if (!r.cost.total(gp::BillingMode::Reserved))
            continue;
        ASSERT_TRUE(hasReservedWarning(r, "reserved_term_not_quoted")) << r.candidate;
        for (const Diagnostic& d : r.warnings)
            if (d.code == "reserved_term_not_quoted") {
                EXPECT_EQ(d.arg("term_months"), "36");
                EXPECT_EQ(d.arg("quoted_term_months"), "12");
                warned = true;
            }
    }
    EXPECT_TRUE(warned);
    // The quoted term itself, or reserved not counted, says nothing.
    for (const nlohmann::json& billing :
        { nlohmann::json { { "modes", { "on_demand", "reserved" } }, { "reserved_term_months", 12 } },
            nlohmann::json { { "reserved_term_months", 36 } } }) {
        auto quiet = reservedPlanWith(billing);
        ASSERT_TRUE(quiet) << quiet.error().toString();
        auto results = estimatePlan(*quiet, builtinCatalog());
        ASSERT_TRUE(results);
        for (const CandidateResult& r : results->results)
            EXPECT_FALSE(hasReservedWarning(r, "reserved_term_not_quoted")) << billing.dump();
    }
}

TEST(ReservedTerm, RankingNoLongerPicksReservedForAShortJob)
{
    // The default plan (Llama-2-7B, 1e9 tokens: about half a day) with reserved allowed. Before, reserved's rate x
    // run hours ranked every candidate under reserved (GT4.41XLARGE948 at 1,591 CNY); the year's commitment costs far
    // more than the half day pay-as-you-go.
    auto plan = reservedPlanWith({ { "modes", { "on_demand", "monthly", "reserved" } } });
    ASSERT_TRUE(plan);
    auto answer = answerPlan(*plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    ASSERT_GE(answer->recommended, 0);
    bool sawReserved = false;
    for (std::size_t i = 0; i < answer->standings.size(); ++i) {
        const Standing& s = answer->standings[i];
        const CandidateResult& r = answer->search.candidates[i].best;
        EXPECT_NE(s.figures.mode, BillingMode::Reserved) << r.candidate;
        if (r.cost.total(gp::BillingMode::Reserved) && r.cost.total(gp::BillingMode::OnDemand)
            && std::isfinite(r.trainingHours) && r.trainingHours < 8760) {
            sawReserved = true;
            EXPECT_GT(*r.cost.total(gp::BillingMode::Reserved), *r.cost.total(gp::BillingMode::OnDemand))
                << r.candidate;
            EXPECT_LE(s.figures.cost, *r.cost.total(gp::BillingMode::OnDemand) * (1 + 1e-9)) << r.candidate;
        }
    }
    EXPECT_TRUE(sawReserved) << "the default plan's Tencent families carry a reserved discount";
    EXPECT_EQ(answer->standings[std::size_t(answer->recommended)].figures.mode, BillingMode::OnDemand);
}

TEST(ReservedTerm, ServingMonthPaysEveryHourUnderAReservation)
{
    BillingRate reserved { BillingMode::Reserved, 10, 0, 1, kReservedYearHours, 12 };
    // 100 hours of requests in a 30-day month: a reservation still pays the month's 720 hours.
    EXPECT_DOUBLE_EQ(billedMonth(reserved, 100, 30), 10 * 720.0);
    EXPECT_DOUBLE_EQ(billedMonth(reserved, 800, 30), 10 * 800.0);
    BillingRate onDemand { BillingMode::OnDemand, 10, 0, 1, 0, 0 };
    EXPECT_DOUBLE_EQ(billedMonth(onDemand, 100, 30), 1000.0);
}

TEST(ReservedTerm, ValidationNamesTheField)
{
    for (const nlohmann::json& bad : { nlohmann::json(0), nlohmann::json(-12), nlohmann::json(1.5), nlohmann::json(61),
             nlohmann::json("12"), nlohmann::json(true) }) {
        auto plan = reservedPlanWith({ { "reserved_term_months", bad } });
        ASSERT_FALSE(plan) << bad.dump();
        EXPECT_EQ(plan.error().field, "billing.reserved_term_months") << bad.dump();
        EXPECT_NE(plan.error().message.find("whole number of months"), std::string::npos) << plan.error().message;
    }
    for (int good : { 1, 12, 36, 60 }) {
        auto plan = reservedPlanWith({ { "reserved_term_months", good } });
        ASSERT_TRUE(plan) << good << ": " << plan.error().toString();
        EXPECT_EQ(plan->billing.reservedTermMonths, good);
    }
}

TEST(ReservedTerm, PlanRoundTrip)
{
    auto plan = reservedPlanWith({ { "reserved_term_months", 36 } });
    ASSERT_TRUE(plan);
    auto again = parsePlan(serializePlan(*plan));
    ASSERT_TRUE(again) << again.error().toString();
    EXPECT_EQ(again->billing.reservedTermMonths, 36);
    EXPECT_TRUE(*again == *plan);
    // Absent stays absent (the catalog's term), written as null.
    const Plan base = reservedDefaultPlan();
    EXPECT_FALSE(base.billing.reservedTermMonths);
    const nlohmann::json written = planToJson(base);
    EXPECT_TRUE(written["billing"]["reserved_term_months"].is_null());
    auto reread = planFromJson(written);
    ASSERT_TRUE(reread);
    EXPECT_FALSE(reread->billing.reservedTermMonths);
}

TEST(ReservedTerm, ResultsNameTheTermAndUnusedHours)
{
    auto plan = reservedPlanWith({ { "modes", { "on_demand", "reserved" } } });
    ASSERT_TRUE(plan);
    auto estimate = estimatePlan(*plan, builtinCatalog());
    ASSERT_TRUE(estimate);
    const CandidateResult* priced = nullptr;
    for (const CandidateResult& r : estimate->results)
        if (r.cost.total(gp::BillingMode::Reserved) && std::isfinite(r.trainingHours))
            priced = &r;
    ASSERT_NE(priced, nullptr);
    const nlohmann::json j = planEstimateToJson(*estimate);
    for (const auto& r : j["results"])
        if (r["candidate"] == priced->candidate) {
            EXPECT_EQ(r["cost"]["reserved_term_months"], 12);
            EXPECT_NEAR(r["cost"]["reserved_unused_hours"].get<double>(), 8760 - priced->trainingHours, 1e-6);
        }
    const std::string csv = resultsToCsv(estimate->results);
    EXPECT_NE(csv.find("reserved_term_months,reserved_unused_hours"), std::string::npos);
}

// Serving: every billing mode of `cost` is one month's bill, so a reservation's figure is the month's share of its
// term (the discounted rate x every hour of the month), not the whole year, and compares with on-demand's month.
namespace
{

Plan reservedServingPlan(std::optional<double> requestsPerMonth)
{
    auto plan = parsePlan(servingPlanText());
    EXPECT_TRUE(plan) << plan.error().toString();
    nlohmann::json document = planToJson(*plan);
    document["candidates"] = nlohmann::json::array({ { { "instance", "tencent:GT4.4XLARGE96" }, { "nodes", 1 } } });
    document["billing"]["modes"] = { "on_demand", "monthly", "reserved" };
    document["workload"]["serving"]["load"] = { { "concurrency", 4 } };
    document["workload"]["serving"]["replicas"] = 1;
    document["workload"]["serving"].erase("slo");
    if (requestsPerMonth)
        document["workload"]["serving"]["requests_per_month"] = *requestsPerMonth;
    auto parsed = planFromJson(document);
    EXPECT_TRUE(parsed) << parsed.error().toString();
    return *parsed;
}

const CandidateResult& reservedServingResult(const PlanEstimate& estimate)
{
    EXPECT_EQ(estimate.results.size(), 1u);
    const CandidateResult& r = estimate.results.front();
    EXPECT_TRUE(r.serving);
    EXPECT_TRUE(r.cost.total(gp::BillingMode::Reserved) && r.cost.total(gp::BillingMode::OnDemand)) << r.candidate;
    return r;
}

} // namespace

TEST(ReservedTerm, ServingReservedIsOneMonthsBillAlwaysOn)
{
    auto estimate = estimatePlan(reservedServingPlan(std::nullopt), builtinCatalog());
    ASSERT_TRUE(estimate);
    const CandidateResult& r = reservedServingResult(*estimate);
    ASSERT_TRUE(r.cost.total(gp::BillingMode::Reserved) && r.cost.total(gp::BillingMode::OnDemand));
    const double monthHours = r.cost.monthDays * 24;
    // Always on: on-demand pays the month's hours at 28.64 CNY/h, the reservation the same hours at 17.184 CNY/h.
    EXPECT_NEAR(*r.cost.total(gp::BillingMode::OnDemand), kReservedGt4OnDemand * monthHours, 1e-6);
    EXPECT_NEAR(*r.cost.total(gp::BillingMode::Reserved), kReservedGt4Rate * monthHours, 1e-6);
    EXPECT_LT(*r.cost.total(gp::BillingMode::Reserved),
        kReservedGt4Rate * kReservedYearHours / 2); // not the year's commitment
    EXPECT_EQ(r.cost.reservedTermMonths, 12); // the term is still said
    ASSERT_TRUE(r.cost.reservedUnusedHours);
    EXPECT_NEAR(*r.cost.reservedUnusedHours, 0, 1e-9);
    const BillingCost* mode = reservedMode(r.cost, BillingMode::Reserved);
    ASSERT_NE(mode, nullptr);
    ASSERT_TRUE(mode->total);
    EXPECT_DOUBLE_EQ(*mode->total, *r.cost.total(gp::BillingMode::Reserved));
    ASSERT_FALSE(mode->curve.empty());
    EXPECT_NEAR(mode->curve.back().cost, *r.cost.total(gp::BillingMode::Reserved), 1e-6);
    EXPECT_NEAR(mode->curve[1].days, 0, 1e-12); // the month is owed from its first day
    // The serving figures' monthly bill under the reservation is the same month.
    const nlohmann::json j = planEstimateToJson(*estimate);
    EXPECT_NEAR(j["results"][0]["cost"]["reserved"].get<double>(), *r.cost.total(gp::BillingMode::Reserved), 1e-6);
    ASSERT_TRUE(r.serving->monthlyCost);
    EXPECT_LE(*r.serving->monthlyCost, *r.cost.total(gp::BillingMode::Reserved) + 1e-6);
}

TEST(ReservedTerm, ServingReservedPaysTheMonthForFewRequests)
{
    // A few requests a month: on-demand pays their hours, the reservation still the whole month, its unused hours
    // the month's rest.
    auto estimate = estimatePlan(reservedServingPlan(1000.0), builtinCatalog());
    ASSERT_TRUE(estimate);
    const CandidateResult& r = reservedServingResult(*estimate);
    ASSERT_TRUE(r.cost.total(gp::BillingMode::Reserved) && r.cost.total(gp::BillingMode::OnDemand)
        && r.cost.reservedUnusedHours);
    const double monthHours = r.cost.monthDays * 24;
    const double hours = *r.cost.total(gp::BillingMode::OnDemand) / kReservedGt4OnDemand;
    ASSERT_GT(hours, 0);
    ASSERT_LT(hours, monthHours);
    EXPECT_NEAR(hours, 1000.0 / r.serving->totalRequestsPerSecond / 3600, 1e-6 * hours);
    EXPECT_NEAR(*r.cost.total(gp::BillingMode::Reserved), kReservedGt4Rate * monthHours, 1e-6);
    EXPECT_NEAR(*r.cost.reservedUnusedHours, monthHours - hours, 1e-6);
    ASSERT_TRUE(r.serving->monthlyCost);
    EXPECT_EQ(r.serving->monthlyBillingMode, BillingMode::OnDemand);
    EXPECT_NEAR(*r.serving->monthlyCost, *r.cost.total(gp::BillingMode::OnDemand), 1e-6);
}
