// The RL step model against published step times (tests/data/reference/rl-step-times.json: NeMo RL, verl, RLinf,
// each with its source and what it leaves unpublished). Prints the error table, step and phase by phase
// (`build/bin/core_tests --gtest_filter='RlReference.*'`), and asserts the step-time error's median and worst.
#include "test_memory_support.h"

#include "catalog/catalog.h"
#include "rl/rl_step_time.h"
#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace gp
{
namespace
{

struct RlReferenceRow {
    std::string id;
    std::string quantity; // "step" or a phase name
    double measured = 0;
    double estimated = 0;
    double error() const { return estimated / measured - 1; }
};

RlStepEstimate rlReferenceEstimate(const nlohmann::json& c)
{
    const nlohmann::json& p = c.at("plan");
    nlohmann::json doc = { { "format", "gpu-planner-plan" }, { "version", 1 }, { "model", p.at("model") },
        { "workload",
            { { "mode", "rl" }, { "technique", "full" }, { "precision", "bf16" }, { "rl", p.at("rl") },
                { "activation_checkpointing", p.value("activation_checkpointing", "none") },
                { "framework", p.value("framework", "auto") },
                { "gradient_precision", p.value("gradient_precision", "auto") },
                { "master_weights_precision", p.value("master_weights_precision", "fp32") },
                { "parallelism",
                    { { "offload", p.value("offload", "none") },
                        { "tensor", p.value("/megatron_parallelism/tensor"_json_pointer, 1) },
                        { "pipeline", p.value("/megatron_parallelism/pipeline"_json_pointer, 1) },
                        { "expert", p.value("/megatron_parallelism/expert"_json_pointer, 1) },
                        { "sequence_parallel",
                            p.value("/megatron_parallelism/sequence_parallel"_json_pointer, false) } } },
                { "serving", { { "engine", p.value("serving_engine", nlohmann::json::object()) } } } } },
        { "candidates", { { { "instance", p.at("instance") }, { "nodes", p.at("nodes") } } } } };
    auto plan = parsePlan(doc.dump());
    EXPECT_TRUE(plan) << c.at("id") << ": " << plan.error().toString();
    auto w = resolveRlWorkload(*plan);
    EXPECT_TRUE(w) << c.at("id") << ": " << w.error().toString();
    auto hw = resolveCandidate(plan->candidates.front(), builtinCatalog(), p.at("nodes").get<int>(), "candidates[0]");
    EXPECT_TRUE(hw);
    const RlGpuDefaults gpu = rlGpuDefaults(*w, *plan, *hw, builtinCatalog());
    const RlSpec& rl = plan->workload.rl;
    const int total = hw->totalGpus();
    const int rollout = rl.placement == RlPlacement::Separate ? *rl.rolloutGpus : total;
    const RlLayout layout { rl.placement, hw->nodes, rollout,
        rl.placement == RlPlacement::Separate ? total - rollout : total, p.at("rollout_tensor").get<int>(), {},
        rl.offPolicySteps };
    return estimateRlStep(*w, *plan, *hw, layout, gpu, builtinCatalog());
}

// The estimate of a published phase: one phase by name, or "a+b" for phases the source reports together (NeMo RL's
// "Get logprobs" is the policy's and the reference's passes).
double rlEstimatedPhaseSeconds(const RlStepEstimate& e, const std::string& names)
{
    double seconds = 0;
    std::size_t start = 0;
    int found = 0;
    while (start <= names.size()) {
        const std::size_t plus = names.find('+', start);
        const std::string name = names.substr(start, plus == std::string::npos ? std::string::npos : plus - start);
        for (const RlPhaseTime& t : e.phases)
            if (toString(t.phase) == name) {
                seconds += t.seconds;
                ++found;
            }
        if (plus == std::string::npos)
            break;
        start = plus + 1;
    }
    EXPECT_GT(found, 0) << "no estimated phase named " << names;
    return seconds;
}

std::vector<RlReferenceRow> rlReferenceRows()
{
    const nlohmann::json doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/rl-step-times.json"));
    std::vector<RlReferenceRow> rows;
    for (const nlohmann::json& c : doc.at("cases")) {
        const RlStepEstimate e = rlReferenceEstimate(c);
        EXPECT_TRUE(e.fits) << c.at("id") << ": " << (e.failure ? e.failure->message : "");
        const std::string id = c.at("id");
        // The rollout's parts: prefill, the recompute of preempted sequences, decode (its tail: the last half of the
        // responses draining to the longest), the engine's sleep (the second half of sleepWakeSeconds; the wake is
        // the weight sync's); the decode's seconds per token of the longest response (its mean step, no queue).
        std::printf(
            "%-40s rollout: %d engines x %.0f sequences, concurrency %.0f, KV %lld tokens, prefill %.1f s, "
            "recompute %.1f s (%.0f preempted), decode %.1f s (tail %.1f s to %.0f tokens, %.1f ms per token of it), "
            "sleep %.1f s\n",
            id.c_str(), e.rollout.replicas, e.rollout.sequencesPerReplica, e.rollout.concurrency,
            static_cast<long long>(e.rollout.kvCacheTokens), e.rollout.prefillSeconds, e.rollout.recomputeSeconds,
            e.rollout.preemptedSequences, e.rollout.decodeSeconds, e.rollout.tailSeconds,
            e.rollout.longestResponseTokens,
            1e3 * e.rollout.decodeSeconds / std::max(1.0, e.rollout.longestResponseTokens),
            e.rollout.sleepWakeSeconds / 2);
        std::printf("%-40s phases:", id.c_str());
        for (const RlPhaseTime& t : e.phases)
            std::printf(" %s %.1f s (%.0f%%)", std::string(toString(t.phase)).c_str(), t.seconds, 100 * t.utilization);
        if (e.hostOffloadSeconds > 0)
            std::printf(" (host offload %.2f s of them)", e.hostOffloadSeconds);
        std::printf(" (refit host work %.2f s)", e.refitHostSeconds);
        std::printf("\n");
        rows.push_back({ id, "step", c.at("measured_step_seconds").get<double>(), e.stepSeconds });
        if (c.contains("measured_phases"))
            for (const auto& [phase, seconds] : c.at("measured_phases").items())
                rows.push_back({ id, phase, seconds.get<double>(), rlEstimatedPhaseSeconds(e, phase) });
    }
    return rows;
}

TEST(RlReference, StepTimesAgainstPublishedRuns)
{
    const std::vector<RlReferenceRow> rows = rlReferenceRows();
    std::vector<double> stepErrors;
    std::printf("%-40s %-14s %10s %10s %8s\n", "case", "quantity", "measured", "estimated", "error");
    for (const RlReferenceRow& r : rows) {
        std::printf("%-40s %-14s %10.1f %10.1f %+7.0f%%\n", r.id.c_str(), r.quantity.c_str(), r.measured, r.estimated,
            100 * r.error());
        if (r.quantity == "step")
            stepErrors.push_back(std::fabs(r.error()));
    }
    ASSERT_GE(stepErrors.size(), 8u);
    const double median = testing::median(stepErrors);
    const double worst = *std::max_element(stepErrors.begin(), stepErrors.end());
    std::printf(
        "step time |error|: median %.0f%%, worst %.0f%% over %zu runs\n", 100 * median, 100 * worst, stepErrors.size());
    // The bounds follow the figures (median 7%, worst 41%: Qwen3-30B-A3B's MoE training and log-probs); the aim of
    // issue #40 was every published run within a factor of two and a median within 35%.
    EXPECT_LT(median, 0.10);
    EXPECT_LT(worst, 0.45);
}

} // namespace
} // namespace gp
