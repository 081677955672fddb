// The planner's comparisons: objective figures, constraints, the Pareto frontier and ranking.
#include "planner/planner_ranking.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace gp;

namespace
{

ParetoPoint point(double hours, double cost)
{
    ParetoPoint p;
    p.hours = hours;
    p.cost = cost;
    return p;
}

CandidatePlan candidate(
    const std::string& name, bool fits, bool meets, double value, bool priced = true, double memoryRatio = 0.5)
{
    CandidatePlan c;
    c.best.candidate = name;
    c.fits = fits;
    c.meetsObjective = meets;
    c.objectiveValue = value;
    c.priced = priced;
    c.best.gpuMemory = 100;
    c.best.usableMemory = 90;
    c.best.memory.total = memoryRatio * 90;
    return c;
}

std::vector<std::string> names(const std::vector<CandidatePlan>& plans)
{
    std::vector<std::string> out;
    for (const auto& p : plans)
        out.push_back(p.best.candidate);
    return out;
}

} // namespace

TEST(PlannerRanking, FrontierKeepsOnlyUndominatedPoints)
{
    // (12 h, 120) is beaten by (10 h, 100); (5 h, 250) by (5 h, 200).
    const auto frontier = paretoFrontier(
        { point(10, 100), point(5, 200), point(8, 150), point(12, 120), point(5, 250), point(10, 100) });
    ASSERT_EQ(frontier.size(), 3u);
    EXPECT_EQ(frontier[0].hours, 5);
    EXPECT_EQ(frontier[0].cost, 200);
    EXPECT_EQ(frontier[1].hours, 8);
    EXPECT_EQ(frontier[1].cost, 150);
    EXPECT_EQ(frontier[2].hours, 10);
    EXPECT_EQ(frontier[2].cost, 100);
    // Property: no frontier point is beaten on both axes by any input point.
    for (const auto& f : frontier)
        for (const auto& p : { point(10, 100), point(5, 200), point(8, 150), point(12, 120) })
            EXPECT_FALSE(p.hours <= f.hours && p.cost <= f.cost && (p.hours < f.hours || p.cost < f.cost));
}

TEST(PlannerRanking, FrontierDropsNonFiniteAndHandlesEmpty)
{
    EXPECT_TRUE(paretoFrontier({}).empty());
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    const auto frontier = paretoFrontier({ point(nan, 1), point(1, inf), point(3, 3) });
    ASSERT_EQ(frontier.size(), 1u);
    EXPECT_EQ(frontier[0].hours, 3);
}

TEST(PlannerRanking, TrainingFiguresUseTheCheapestAllowedModeOrGpuHours)
{
    Workload w;
    CandidateResult r;
    r.trainingHours = 74.4; // 3.1 days
    r.gpuHours = 595.2;
    // 551.08 per hour on demand; a month 150,000; reserved 30 % off; spot 70 % off with 2 % extra time.
    r.cost.rates = { { BillingMode::OnDemand, 551.08, 0, 1 }, { BillingMode::Monthly, 150000.0 / (30 * 24), 150000, 1 },
        { BillingMode::Reserved, 551.08 * 0.7, 0, 1 }, { BillingMode::Spot, 551.08 * 0.3, 0, 1.02 } };
    Billing billing; // default: on_demand and monthly
    auto f = objectiveFigures(r, w, billing);
    EXPECT_TRUE(f.priced);
    // Hand calculation: 551.08 x 74.4 = 41,000.352 pay-as-you-go, against one whole month of 150,000.
    EXPECT_NEAR(f.cost, 41000.352, 1e-6);
    EXPECT_EQ(f.mode, BillingMode::OnDemand);
    EXPECT_DOUBLE_EQ(f.hours, 74.4);
    // Reserved and spot count only when the plan lists them.
    billing.modes = { "on_demand", "monthly", "reserved", "spot" };
    f = objectiveFigures(r, w, billing);
    EXPECT_NEAR(f.cost, 551.08 * 0.3 * 74.4 * 1.02, 1e-6); // 12,546.2
    EXPECT_EQ(f.mode, BillingMode::Spot);
    billing.modes = { "monthly" };
    f = objectiveFigures(r, w, billing);
    EXPECT_NEAR(f.cost, 150000, 1e-9);
    EXPECT_EQ(f.mode, BillingMode::Monthly);
    // A run of 40 days pays two whole months.
    r.trainingHours = 40 * 24;
    EXPECT_NEAR(objectiveFigures(r, w, billing).cost, 300000, 1e-9);
    // No allowed mode priced: ranked by GPU-hours.
    r.trainingHours = 74.4;
    r.cost.rates = { { BillingMode::Spot, 100, 0, 1 } };
    billing.modes = { "on_demand" };
    f = objectiveFigures(r, w, billing);
    EXPECT_FALSE(f.priced);
    EXPECT_DOUBLE_EQ(f.cost, 595.2);
    EXPECT_FALSE(f.mode.has_value());
}

TEST(PlannerRanking, InferenceFiguresPerRequestAndPerMillionTokens)
{
    Workload w;
    w.mode = Mode::Inference;
    w.inference.batchSize = 8;
    w.inference.outputTokens = 256;
    CandidateResult r;
    r.configuration.data = 1;
    r.configuration.microBatchSize = 8; // the batch served is the configuration's
    r.decodeTokensPerSecond = 1000; // one replica: 8 sequences at 125 tokens/s each
    r.tokensPerSecond = 1000;
    r.prefillSeconds = 0.5;
    r.cost.rates = { { BillingMode::OnDemand, 36, 0, 1 }, { BillingMode::Monthly, 20, 20 * 720, 1 } };
    Billing billing;
    billing.modes = { "on_demand" };
    auto f = objectiveFigures(r, w, billing);
    // 0.5 s + 256 / 125 s = 2.548 s per request batch.
    EXPECT_NEAR(f.hours * 3600, 2.548, 1e-9);
    // 36 per hour / 3.6e6 tokens per hour = 1e-5 per token = 10 per million tokens.
    EXPECT_NEAR(f.cost, 10.0, 1e-9);
    EXPECT_TRUE(f.priced);
    // Two replicas: the same latency, twice the tokens for the same price.
    r.configuration.data = 2;
    r.tokensPerSecond = 2000;
    f = objectiveFigures(r, w, billing);
    EXPECT_NEAR(f.hours * 3600, 2.548, 1e-9);
    EXPECT_NEAR(f.cost, 5.0, 1e-9);
    // Always on, a monthly subscription at 20 per hour-equivalent: 20 / 7.2e6 tokens x 1e6 = 2.78 per million.
    billing.modes = { "on_demand", "monthly" };
    f = objectiveFigures(r, w, billing);
    EXPECT_NEAR(f.cost, 20.0 / 7.2, 1e-9);
    EXPECT_EQ(f.mode, BillingMode::Monthly);
    r.decodeTokensPerSecond = 0;
    EXPECT_TRUE(std::isinf(objectiveFigures(r, w, billing).hours));
}

TEST(PlannerRanking, ConstraintsDeadlineAndBudget)
{
    SearchSpec s;
    ObjectiveFigures f { true, 30, 500, BillingMode::OnDemand };
    s.objective = SearchObjective::CostUnderDeadline;
    s.deadlineHours = 24;
    EXPECT_FALSE(meetsConstraint(f, s));
    s.deadlineHours = 30;
    EXPECT_TRUE(meetsConstraint(f, s));
    s.objective = SearchObjective::TimeUnderBudget;
    s.budget = 499;
    EXPECT_FALSE(meetsConstraint(f, s));
    s.budget = 500;
    EXPECT_TRUE(meetsConstraint(f, s));
    f.priced = false; // GPU-hours cannot be held against a money budget
    EXPECT_FALSE(meetsConstraint(f, s));
}

TEST(PlannerRanking, BetterForPrimaryThenSecondary)
{
    const ObjectiveFigures cheapSlow { true, 20, 100, BillingMode::OnDemand };
    const ObjectiveFigures dearFast { true, 10, 200, BillingMode::OnDemand };
    const ObjectiveFigures cheapFast { true, 10, 100, BillingMode::OnDemand };
    EXPECT_TRUE(betterFor(cheapSlow, dearFast, SearchObjective::Cost));
    EXPECT_TRUE(betterFor(dearFast, cheapSlow, SearchObjective::Time));
    EXPECT_TRUE(betterFor(cheapFast, cheapSlow, SearchObjective::Cost)); // tie on cost: faster wins
    EXPECT_TRUE(betterFor(cheapFast, dearFast, SearchObjective::Time)); // tie on time: cheaper wins
    EXPECT_FALSE(betterFor(cheapFast, cheapFast, SearchObjective::Cost));
    // Rounding noise is a tie, not a win: 1e-12 relative.
    const ObjectiveFigures noisy { true, 10 * (1 + 1e-12), 100 * (1 - 1e-12), BillingMode::OnDemand };
    EXPECT_FALSE(betterFor(noisy, cheapFast, SearchObjective::Cost));
    EXPECT_FALSE(betterFor(cheapFast, noisy, SearchObjective::Cost));
    EXPECT_DOUBLE_EQ(objectiveValue(dearFast, SearchObjective::TimeUnderBudget), 10);
    EXPECT_DOUBLE_EQ(objectiveValue(dearFast, SearchObjective::CostUnderDeadline), 200);
}

TEST(PlannerRanking, FittingCandidatesRankBeforeNonFitting)
{
    std::vector<CandidatePlan> plans {
        candidate("no-fit-far", false, false, INFINITY, true, 3.0),
        candidate("fits-dear", true, true, 900),
        candidate("misses-deadline", true, false, 100),
        candidate("unpriced", true, true, 10, false),
        candidate("no-fit-near", false, false, INFINITY, true, 1.2),
        candidate("fits-cheap", true, true, 300),
    };
    rankCandidates(plans, SearchObjective::Cost);
    EXPECT_EQ(names(plans),
        (std::vector<std::string> {
            "fits-cheap", "fits-dear", "unpriced", "misses-deadline", "no-fit-near", "no-fit-far" }));
    // Time objective: priced-ness does not matter, the value does.
    rankCandidates(plans, SearchObjective::Time);
    EXPECT_EQ(plans.front().best.candidate, "unpriced");
}

TEST(PlannerRanking, DescribeChoiceNamesTheConfiguration)
{
    CandidatePlan p = candidate("tencent:GT4.41XLARGE948", true, true, 41000);
    p.best.nodes = 2;
    p.best.gpus = 16;
    p.best.configuration.data = 16;
    p.best.configuration.zeroStage = 3;
    p.best.configuration.checkpointing = Checkpointing::Full;
    p.best.configuration.microBatchSize = 4;
    p.best.trainingHours = 74.4; // 3.1 days
    p.best.cost.setTotal(gp::BillingMode::OnDemand, 41000);
    p.best.cost.rates = { { gp::BillingMode::OnDemand, 41000 / 74.4, 0, 1 } };
    p.best.cost.currency = "CNY";
    const Diagnostic d = describeChoice(p, Plan {});
    EXPECT_EQ(d.code, "recommended_configuration");
    EXPECT_EQ(d.arg("nodes"), "2");
    EXPECT_EQ(d.arg("zero_stage"), "3");
    EXPECT_EQ(d.arg("checkpointing"), "full");
    EXPECT_EQ(d.arg("micro_batch_size"), "4");
    EXPECT_EQ(d.arg("days"), "3.1");
    EXPECT_EQ(d.arg("cost"), "41000");
    EXPECT_NE(d.message.find("2 nodes, ZeRO-3, full checkpointing, micro-batch 4"), std::string::npos) << d.message;
    EXPECT_NE(d.message.find("3.1 days, 41000 CNY"), std::string::npos) << d.message;
}
