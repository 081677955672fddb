// The planner's search against a brute force over the same grid, enumerated independently here.
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "planner/answer.h"
#include "planner/fit_advice.h"
#include "planner/planner.h"
#include "planner/planner_ranking.h"
#include "transformer/model_library.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace gp;

namespace
{

constexpr double kInf = std::numeric_limits<double>::infinity();

// A Llama-2-7B full fine-tune (AdamW, bf16), 64 sequences of 4096 tokens per step, 0.2B tokens.
Plan fullFineTunePlan(const std::string& candidatesJson, int maxNodes)
{
    const std::string text = R"({
      "format": "gpu-planner-plan", "version": 1,
      "model": { "preset": "llama-2-7b" },
      "workload": { "mode": "training", "technique": "full", "precision": "bf16", "optimizer": "adamw",
                    "sequence_length": 4096, "micro_batch_size": 1, "gradient_accumulation_steps": 1,
                    "global_batch_size": 64, "training_tokens": 2.0e8,
                    "parallelism": { "data": "auto", "tensor": 1, "pipeline": 1, "zero_stage": 0, "offload": "none" } },
      "candidates": )"
        + candidatesJson + R"(,
      "billing": { "currency": "CNY" },
      "search": { "enabled": true, "objective": "cost", "deadline_hours": null, "budget": null, "max_nodes": )"
        + std::to_string(maxNodes) + "}}";
    auto plan = parsePlan(text);
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
    return plan.ok() ? *plan : Plan {};
}

struct Scored {
    Configuration config;
    int nodes = 0;
    double hours = kInf;
    double cost = kInf;
};

// Every configuration of the grid documented in docs/plan-search.md, enumerated without the planner's code.
std::vector<Scored> bruteForce(const Plan& plan, const ResolvedModel& model, const CandidateSpec& spec,
    const Catalog& catalog, long* total = nullptr)
{
    std::vector<Scored> fitting;
    const Architecture& a = model.architecture;
    const std::int64_t heads = a.numAttentionHeads;
    const std::int64_t kv = a.kvHeads();
    const std::int64_t layers = a.numLayers;
    const std::int64_t global = *plan.workload.globalBatchSize;
    std::vector<int> nodeList;
    if (spec.nodes)
        nodeList.push_back(*spec.nodes);
    else
        for (int n = 1; n <= plan.search.maxNodes; ++n)
            nodeList.push_back(n);
    long count = 0;
    for (int nodes : nodeList) {
        auto hw = resolveCandidate(spec, catalog, nodes, "candidates[0]");
        EXPECT_TRUE(hw.ok());
        if (!hw || (nodes > 1 && hw->interNodeGbps <= 0))
            break;
        const int gpn = hw->gpusPerNode;
        const int gpus = hw->totalGpus();
        for (int t = 1; t <= gpn; ++t) {
            if (gpn % t != 0 || gpus % t != 0)
                continue;
            if (t > 1 && (heads % t != 0 || (kv % t != 0 && t % kv != 0)))
                continue;
            for (int p = 1; p <= gpus / t; ++p) {
                if ((gpus / t) % p != 0)
                    continue;
                if (p > 1 && (nodes < 2 || p > nodes || layers % p != 0 || layers / p < 2))
                    continue;
                const int data = gpus / (t * p);
                if (global % data != 0)
                    continue;
                const std::int64_t perReplica = global / data;
                for (int micro = 1; micro <= 64 && micro <= perReplica; micro *= 2) {
                    if (perReplica % micro != 0)
                        continue;
                    const std::int64_t accumulation = perReplica / micro;
                    if (p > 1 && accumulation < p)
                        continue;
                    for (int zero = 0; zero <= 3; ++zero) {
                        for (Offload offload : { Offload::None, Offload::Optimizer, Offload::OptimizerAndParameters }) {
                            if (offload == Offload::Optimizer && zero < 1)
                                continue;
                            if (offload == Offload::OptimizerAndParameters && zero != 3)
                                continue;
                            if (data == 1 && offload == Offload::None && zero != 0)
                                continue;
                            if (data == 1 && offload == Offload::Optimizer && zero != 2)
                                continue;
                            // Inside a pipeline ZeRO-2/3 hold the stage gathered: the grid keeps ZeRO-0/1 there.
                            if (data > 1 && p > 1 && zero >= 2)
                                continue;
                            for (Checkpointing ckpt :
                                { Checkpointing::None, Checkpointing::Selective, Checkpointing::Full }) {
                                Configuration c;
                                c.data = data;
                                c.tensor = t;
                                c.pipeline = p;
                                c.zeroStage = zero;
                                c.offload = offload;
                                c.checkpointing = ckpt;
                                c.microBatchSize = micro;
                                c.gradientAccumulationSteps = static_cast<int>(accumulation);
                                ++count;
                                const CandidateResult r = evaluateCandidate(model, plan, *hw, c, catalog);
                                if (!r.fits)
                                    continue;
                                EXPECT_TRUE(r.cost.total(gp::BillingMode::OnDemand).has_value());
                                fitting.push_back({ c, nodes, r.trainingHours,
                                    r.cost.total(gp::BillingMode::OnDemand).value_or(kInf) });
                            }
                        }
                    }
                }
            }
        }
    }
    if (total)
        *total = count;
    return fitting;
}

bool sameConfiguration(const Configuration& a, const Configuration& b)
{
    return a.data == b.data && a.tensor == b.tensor && a.pipeline == b.pipeline && a.zeroStage == b.zeroStage
        && a.offload == b.offload && a.checkpointing == b.checkpointing && a.microBatchSize == b.microBatchSize
        && a.gradientAccumulationSteps == b.gradientAccumulationSteps;
}

// Candidates: an 8 x A100-80GB box with plenty of memory, and 4 x A10 24GB where memory is tight.
const char* kRoomy = R"([{ "gpu": "a100-80gb-sxm", "gpus_per_node": 8, "nodes": "auto", "inter_node_gbps": 800,
                          "price_per_hour": 280 }])";
const char* kTight = R"([{ "instance": "tencent:PNV4.28XLARGE466", "nodes": "auto" }])";

struct Case {
    Plan plan;
    ResolvedModel model;
    CandidateSpec spec;
    std::vector<Scored> fitting;
    long total = 0;
};

Case makeCase(const char* candidates, int maxNodes)
{
    Case c;
    c.plan = fullFineTunePlan(candidates, maxNodes);
    auto model = resolveModel(c.plan.model);
    EXPECT_TRUE(model.ok());
    c.model = *model;
    c.spec = c.plan.candidates.at(0);
    c.fitting = bruteForce(c.plan, c.model, c.spec, builtinCatalog(), &c.total);
    return c;
}

const Case& roomyCase()
{
    static const Case c = makeCase(kRoomy, 2);
    return c;
}

const Case& tightCase()
{
    static const Case c = makeCase(kTight, 2);
    return c;
}

void expectCheapest(const Case& c)
{
    ASSERT_FALSE(c.fitting.empty()) << "the grid should hold fitting configurations";
    const CandidatePlan chosen = searchCandidate(c.plan, c.spec, c.model, builtinCatalog(), "candidates[0]");
    ASSERT_TRUE(chosen.fits);
    ASSERT_TRUE(chosen.meetsObjective);
    ASSERT_TRUE(chosen.best.cost.total(gp::BillingMode::OnDemand).has_value());
    const double cost = *chosen.best.cost.total(gp::BillingMode::OnDemand);
    bool inGrid = false;
    for (const auto& s : c.fitting) {
        EXPECT_LE(cost, s.cost * (1 + 1e-9)) << "a cheaper fitting configuration exists on " << s.nodes << " nodes";
        inGrid = inGrid || (s.nodes == chosen.best.nodes && sameConfiguration(s.config, chosen.best.configuration));
    }
    EXPECT_TRUE(inGrid) << "the chosen configuration is one of the grid's";
    // Pruning did its job: fewer full evaluations than the grid has configurations.
    EXPECT_LT(chosen.fullEvaluations, c.total);
    EXPECT_GT(chosen.configurationsEvaluated, 0);
    // The frontier's cheapest point is the chosen cost.
    ASSERT_FALSE(chosen.frontier.empty());
    EXPECT_NEAR(chosen.frontier.back().cost, cost, cost * 1e-9);
}

} // namespace

TEST(PlannerSearch, ChosenIsCheapestFittingOnRoomyCandidate)
{
    expectCheapest(roomyCase());
}

TEST(PlannerSearch, ChosenIsCheapestFittingOnTightCandidate)
{
    expectCheapest(tightCase());
}

TEST(PlannerSearch, TimeObjectivePicksFastest)
{
    for (const Case* base : { &roomyCase(), &tightCase() }) {
        Case c = *base;
        c.plan.search.objective = SearchObjective::Time;
        const CandidatePlan chosen = searchCandidate(c.plan, c.spec, c.model, builtinCatalog(), "candidates[0]");
        ASSERT_TRUE(chosen.meetsObjective);
        double fastest = kInf;
        for (const auto& s : c.fitting)
            fastest = std::min(fastest, s.hours);
        EXPECT_LE(chosen.best.trainingHours, fastest * (1 + 1e-9));
        EXPECT_NEAR(chosen.objectiveValue, chosen.best.trainingHours, 1e-9 * chosen.best.trainingHours);
    }
}

TEST(PlannerSearch, DeadlineExcludesTooSlowConfigurations)
{
    Case c = tightCase();
    ASSERT_FALSE(c.fitting.empty());
    std::vector<double> hours;
    for (const auto& s : c.fitting)
        hours.push_back(s.hours);
    std::sort(hours.begin(), hours.end());
    c.plan.search.objective = SearchObjective::CostUnderDeadline;
    // Deadlines at the fastest, a quarter, the median and the slowest of the fitting configurations.
    for (double deadline : { hours.front(), hours[hours.size() / 4], hours[hours.size() / 2], hours.back() }) {
        c.plan.search.deadlineHours = deadline;
        const CandidatePlan chosen = searchCandidate(c.plan, c.spec, c.model, builtinCatalog(), "candidates[0]");
        ASSERT_TRUE(chosen.meetsObjective) << "deadline " << deadline;
        EXPECT_LE(chosen.best.trainingHours, deadline * (1 + 1e-12));
        double cheapestInTime = kInf;
        for (const auto& s : c.fitting)
            if (s.hours <= deadline)
                cheapestInTime = std::min(cheapestInTime, s.cost);
        EXPECT_LE(*chosen.best.cost.total(gp::BillingMode::OnDemand), cheapestInTime * (1 + 1e-9))
            << "deadline " << deadline;
    }
    // Faster than anything can go: it fits, but misses the deadline, and says by how much.
    c.plan.search.deadlineHours = hours.front() * 0.5;
    const CandidatePlan missed = searchCandidate(c.plan, c.spec, c.model, builtinCatalog(), "candidates[0]");
    EXPECT_TRUE(missed.fits);
    EXPECT_FALSE(missed.meetsObjective);
    ASSERT_TRUE(missed.best.failure.has_value());
    EXPECT_EQ(missed.best.failure->code, "deadline_not_met");
    EXPECT_NEAR(missed.best.trainingHours, hours.front(), hours.front() * 1e-9); // the fastest is shown
}

TEST(PlannerSearch, BudgetKeepsFastestAffordable)
{
    Case c = tightCase();
    std::vector<double> costs;
    for (const auto& s : c.fitting)
        costs.push_back(s.cost);
    std::sort(costs.begin(), costs.end());
    c.plan.search.objective = SearchObjective::TimeUnderBudget;
    for (double budget : { costs.front(), costs[costs.size() / 2], costs.back() }) {
        c.plan.search.budget = budget;
        const CandidatePlan chosen = searchCandidate(c.plan, c.spec, c.model, builtinCatalog(), "candidates[0]");
        ASSERT_TRUE(chosen.meetsObjective);
        EXPECT_LE(*chosen.best.cost.total(gp::BillingMode::OnDemand), budget * (1 + 1e-12));
        double fastestAffordable = kInf;
        for (const auto& s : c.fitting)
            if (s.cost <= budget)
                fastestAffordable = std::min(fastestAffordable, s.hours);
        EXPECT_LE(chosen.best.trainingHours, fastestAffordable * (1 + 1e-9));
    }
    c.plan.search.budget = costs.front() * 0.5;
    const CandidatePlan missed = searchCandidate(c.plan, c.spec, c.model, builtinCatalog(), "candidates[0]");
    EXPECT_FALSE(missed.meetsObjective);
    ASSERT_TRUE(missed.best.failure.has_value());
    EXPECT_EQ(missed.best.failure->code, "budget_exceeded");
}

TEST(PlannerSearch, MemoryCheckNeverRejectsWhatTheEstimatorFits)
{
    // The light path (memory only) may only say "does not fit" when evaluateCandidate agrees.
    const Case& c = tightCase();
    const SearchInputs inputs = makeSearchInputs(c.plan, c.model, builtinCatalog());
    auto hw = resolveCandidate(c.spec, builtinCatalog(), 1, "candidates[0]");
    ASSERT_TRUE(hw.ok());
    const Workload onGpu = workloadOnGpu(c.plan.workload, hw->gpu);
    int agreed = 0;
    for (const auto& levels : savingLevels(4, 1)) {
        for (int micro : { 1, 4, 16 }) {
            const Configuration config = makeConfiguration(*hw, 1, 1, levels, micro, 16 / micro, c.plan.workload);
            const bool light = fitsGpuMemory(inputs, onGpu, *hw, config);
            const CandidateResult full = evaluateCandidate(c.model, c.plan, *hw, config, builtinCatalog());
            if (!light) {
                EXPECT_FALSE(full.fits);
            }
            // And where the estimator fits, the light path agrees.
            if (full.fits) {
                EXPECT_TRUE(light);
            }
            agreed += light == full.fits;
        }
    }
    EXPECT_GT(agreed, 0);
}

TEST(PlannerSearch, SearchDisabledEvaluatesThePlanAsConfigured)
{
    Case c = roomyCase();
    c.plan.search.enabled = false;
    c.spec.nodes = 1;
    const CandidatePlan chosen = searchCandidate(c.plan, c.spec, c.model, builtinCatalog(), "candidates[0]");
    auto hw = resolveCandidate(c.spec, builtinCatalog(), 1, "candidates[0]");
    ASSERT_TRUE(hw.ok());
    auto config = configurationFromPlan(c.plan, *hw);
    ASSERT_TRUE(config.ok());
    EXPECT_TRUE(sameConfiguration(chosen.best.configuration, *config));
    EXPECT_EQ(chosen.configurationsEvaluated, 1);
}

// Issue 44: the plan's own layout (search off) with tensor 16 and nodes "auto" on 8-GPU and 4-GPU instances. Two
// nodes hold its 16 GPUs, but tensor parallelism stays within a node, so no node count runs it: no candidate fits,
// nothing is recommended, and each says why (the quick scoring used to take 2 nodes and recommend "0 min").
TEST(PlannerSearch, SearchOffNeverRecommendsALayoutTheEstimatorRefuses)
{
    Plan plan = fullFineTunePlan(
        R"([{"instance": "tencent:GT4.41XLARGE948", "nodes": "auto"}, {"instance": "tencent:GN7.20XLARGE320", "nodes": "auto"}])",
        8);
    plan.search.enabled = false;
    plan.workload.parallelism.tensor = 16;
    plan.workload.parallelism.zeroStage = 3;
    auto answer = answerPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    EXPECT_FALSE(answer->recommendation()) << "a recommendation must fit";
    ASSERT_EQ(answer->search.candidates.size(), 2u);
    for (const CandidatePlan& c : answer->search.candidates) {
        EXPECT_FALSE(c.fits) << c.best.candidate;
        EXPECT_FALSE(c.meetsObjective) << c.best.candidate;
        ASSERT_TRUE(c.best.failure) << c.best.candidate;
        const bool layout
            = c.best.failure->code == "configuration_invalid" || c.best.failure->code == "tensor_exceeds_node";
        EXPECT_TRUE(layout) << c.best.candidate << ": " << c.best.failure->code << " " << c.best.failure->message;
        const bool named = std::any_of(c.best.warnings.begin(), c.best.warnings.end(), [](const Diagnostic& d) {
            return d.code == "tensor_exceeds_node";
        }) || c.best.failure->code == "tensor_exceeds_node";
        EXPECT_TRUE(named) << c.best.candidate << ": the node's limit is said";
    }
}

TEST(PlannerSearch, DefaultPlanOverEveryInstanceScoresTenThousand)
{
    auto plan = parsePlan(defaultPlanText());
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    plan->candidates.clear(); // every catalog instance
    auto result = searchPlan(*plan, builtinCatalog());
    ASSERT_TRUE(result.ok()) << result.error().toString();
    EXPECT_EQ(result->candidates.size(), builtinCatalog().instances.size());
    EXPECT_GE(result->configurationsEvaluated, 10000);
    EXPECT_GT(result->seconds, 0);
    long sum = 0;
    int lastTier = 0;
    for (const auto& c : result->candidates) {
        sum += c.configurationsEvaluated;
        const int tier = c.meetsObjective ? 0 : (c.fits ? 1 : 2);
        EXPECT_GE(tier, lastTier) << c.best.candidate << " ranked after a worse tier";
        lastTier = tier;
        if (c.fits) {
            EXPECT_TRUE(c.best.fits) << c.best.candidate;
            EXPECT_FALSE(c.frontier.empty()) << c.best.candidate;
            ASSERT_TRUE(c.summary.has_value()) << c.best.candidate;
            EXPECT_EQ(c.summary->arg("nodes"), std::to_string(c.best.nodes));
        } else {
            EXPECT_FALSE(c.best.fits);
            ASSERT_TRUE(c.best.failure.has_value()) << c.best.candidate << " does not fit and does not say why";
            EXPECT_FALSE(c.best.failure->code.empty());
            EXPECT_FALSE(c.best.failure->message.empty());
        }
    }
    EXPECT_EQ(sum, result->configurationsEvaluated);
}

TEST(PlannerSearch, UnknownCandidateIsAnErrorNamingTheField)
{
    Plan plan = fullFineTunePlan(R"([{ "gpu": "a100-80gb-sxm", "gpus_per_node": 1, "nodes": 1 }])", 1);
    plan.candidates.push_back(CandidateSpec {});
    plan.candidates.back().gpu = "no-such-gpu";
    auto result = searchPlan(plan, builtinCatalog());
    ASSERT_FALSE(result.ok());
    EXPECT_NE(result.error().field.find("candidates[1]"), std::string::npos) << result.error().toString();
}

TEST(PlannerSearch, InferenceSplitsWeightsTooLargeForOneGpu)
{
    // Hand check: Llama-2-70B in fp16 is 6.9e10 x 2 B = 129 GiB of weights, more than one 80 GB GPU, so the
    // search must split it with tensor parallelism (t >= 2) on an 8 x A100-80GB node.
    const std::string text = R"({
      "format": "gpu-planner-plan", "version": 1,
      "model": { "preset": "llama-2-70b" },
      "workload": { "mode": "inference", "precision": "fp16",
                    "inference": { "batch_size": 8, "prompt_tokens": 512, "output_tokens": 256,
                                   "kv_cache_precision": "fp16" } },
      "candidates": [{ "gpu": "a100-80gb-sxm", "gpus_per_node": 8, "nodes": 1, "price_per_hour": 280 }],
      "billing": { "currency": "CNY" },
      "search": { "enabled": true, "objective": "cost", "deadline_hours": null, "budget": null, "max_nodes": 1 }
    })";
    auto plan = parsePlan(text);
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    auto model = resolveModel(plan->model);
    ASSERT_TRUE(model.ok());
    auto hw = resolveCandidate(plan->candidates[0], builtinCatalog(), 1, "candidates[0]");
    ASSERT_TRUE(hw.ok());
    // Brute force over the tensor degrees at the plan's batch.
    double cheapest = kInf;
    double fastest = kInf;
    for (int t : { 1, 2, 4, 8 }) {
        Configuration c;
        c.tensor = t;
        c.data = 8 / t;
        c.microBatchSize = 8;
        const CandidateResult r = evaluateCandidate(*model, *plan, *hw, c, builtinCatalog());
        if (t == 1) {
            EXPECT_FALSE(r.fits) << "70B fp16 on one 80 GB GPU";
        }
        if (!r.fits)
            continue;
        const ObjectiveFigures f = objectiveFigures(r, plan->workload, plan->billing);
        cheapest = std::min(cheapest, f.cost);
        fastest = std::min(fastest, f.hours);
    }
    ASSERT_TRUE(std::isfinite(cheapest));
    const CandidatePlan chosen = searchCandidate(*plan, plan->candidates[0], *model, builtinCatalog(), "candidates[0]");
    ASSERT_TRUE(chosen.meetsObjective);
    EXPECT_GE(chosen.best.configuration.tensor, 2);
    EXPECT_EQ(chosen.best.configuration.data * chosen.best.configuration.tensor, 8);
    EXPECT_LE(chosen.objectiveValue, cheapest * (1 + 1e-9));
    ASSERT_TRUE(chosen.best.decodeTokensPerSecond.has_value());

    plan->search.objective = SearchObjective::Time;
    const CandidatePlan quick = searchCandidate(*plan, plan->candidates[0], *model, builtinCatalog(), "candidates[0]");
    ASSERT_TRUE(quick.meetsObjective);
    EXPECT_LE(quick.objectiveValue, fastest * (1 + 1e-9));
}
