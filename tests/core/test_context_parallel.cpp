// Context parallelism (workload.parallelism.context): the sequence split across ranks, ring attention's K,V
// exchange, the plan field's validation, the planner's search and the fit advice. Hand calculations for
// Llama 3.1 8B (meta-llama/Llama-3.1-8B config.json: h 4096, 32 layers, 32 heads, 8 key/value heads of 128).
#include "estimate/common/performance_defaults.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/communication_model.h"
#include "estimate/time/throughput_model.h"
#include "planner/planner.h"
#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

#include <string>

namespace gp
{
namespace
{

Architecture llama31_8b()
{
    Architecture a;
    a.hiddenSize = 4096;
    a.numLayers = 32;
    a.numAttentionHeads = 32;
    a.numKeyValueHeads = 8;
    a.intermediateSize = 14336;
    a.vocabSize = 128256;
    return a;
}

Workload longSequence(std::int64_t tokens, Checkpointing checkpointing = Checkpointing::Full)
{
    Workload w;
    w.sequenceLength = tokens;
    w.activationCheckpointing = checkpointing;
    return w;
}

Configuration split(int data, int context, Checkpointing checkpointing = Checkpointing::Full)
{
    Configuration c;
    c.data = data;
    c.context = context;
    c.zeroStage = 3;
    c.checkpointing = checkpointing;
    return c;
}

Hardware h100Node()
{
    return gp::testing::catalogHardware(builtinCatalog(), "h100-80gb-sxm", 8, "nvlink4");
}

TEST(ContextParallel, TwoRanksHalveTheSequenceDependentMemory)
{
    const ResolvedModel m = gp::testing::modelFrom(llama31_8b());
    const Hardware hw = h100Node();
    for (Checkpointing policy : { Checkpointing::None, Checkpointing::Full, Checkpointing::PerOp }) {
        const Workload w = longSequence(65536, policy);
        // Same 8 GPUs, ZeRO-3 over data x context = 8 either way: the model states per GPU do not move.
        const MemoryBreakdown one = estimateMemory(m, w, split(8, 1, policy), hw, {}, builtinCatalog());
        const MemoryBreakdown two = estimateMemory(m, w, split(4, 2, policy), hw, {}, builtinCatalog());
        EXPECT_DOUBLE_EQ(two.activations, one.activations / 2) << toString(policy);
        EXPECT_DOUBLE_EQ(two.logits, one.logits / 2) << toString(policy);
        EXPECT_DOUBLE_EQ(two.weights, one.weights);
        EXPECT_DOUBLE_EQ(two.optimizer, one.optimizer);
        // Two K,V chunks of 32,768 tokens x 8 heads x (128 + 128) x 2 B in flight for the ring.
        EXPECT_DOUBLE_EQ(two.buffers - one.buffers, 2.0 * 32768 * 8 * 256 * 2);
    }
}

TEST(ContextParallel, MoreRanksNeverRaiseActivationMemory)
{
    const ResolvedModel m = gp::testing::modelFrom(llama31_8b());
    const Hardware hw = h100Node();
    const Workload w = longSequence(131072);
    double previous = INFINITY;
    for (int cp : { 1, 2, 4, 8 }) {
        const MemoryBreakdown mem = estimateMemory(m, w, split(8 / cp, cp), hw, {}, builtinCatalog());
        const double sequenceBound = mem.activations + mem.logits + mem.buffers;
        EXPECT_LT(sequenceBound, previous) << "context " << cp;
        previous = sequenceBound;
    }
}

TEST(ContextParallel, RingExchangeBytesByHand)
{
    const ResolvedModel m = gp::testing::modelFrom(llama31_8b());
    const Hardware hw = h100Node();
    const PerformanceDefaults d = performanceDefaults(builtinCatalog(), {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const Workload w = longSequence(65536, Checkpointing::None);
    const CommunicationTime c = estimateCommunication(m.architecture, m.parameters.total, m.parameters.total, w,
        split(2, 4, Checkpointing::None), hw, builtinCatalog(), d);
    // A rank's K,V shard: 16,384 tokens x 8 heads x (128 + 128) x 2 B = 64 MiB; passed on 3 times in forward,
    // K,V and dK,dV 3 times each in backward: 9 transfers per layer, 32 layers.
    const double shard = 16384.0 * 8 * 256 * 2;
    EXPECT_DOUBLE_EQ(c.contextParallelBytes, shard * 9 * 32);
    EXPECT_FALSE(c.contextParallelNetwork); // 4 ranks of one 8-GPU node: NVLink
    // Full recomputation repeats the forward exchange: 12 transfers per layer.
    const CommunicationTime full = estimateCommunication(m.architecture, m.parameters.total, m.parameters.total, w,
        split(2, 4, Checkpointing::Full), hw, builtinCatalog(), d);
    EXPECT_DOUBLE_EQ(full.contextParallelBytes, shard * 12 * 32);
}

TEST(ContextParallel, ExchangeTimeRisesWithRanksAndCrossesNodesWhenTheRingDoes)
{
    const ResolvedModel m = gp::testing::modelFrom(llama31_8b());
    const Hardware hw = gp::testing::catalogHardware(builtinCatalog(), "h100-80gb-sxm", 8, "nvlink4", 4, 3200, true);
    const PerformanceDefaults d = performanceDefaults(builtinCatalog(), {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const Workload w = longSequence(262144);
    double previous = 0;
    for (int cp : { 2, 4, 8 }) {
        const CommunicationTime c = estimateCommunication(
            m.architecture, m.parameters.total, m.parameters.total, w, split(32 / cp, cp), hw, builtinCatalog(), d);
        EXPECT_GT(c.contextParallelSeconds, previous) << "context " << cp;
        EXPECT_FALSE(c.contextParallelNetwork) << "context " << cp;
        previous = c.contextParallelSeconds;
    }
    // 16 ranks with tensor 1 span two nodes: the ring crosses the network and takes longer than 8 on NVLink.
    const CommunicationTime wide = estimateCommunication(
        m.architecture, m.parameters.total, m.parameters.total, w, split(2, 16), hw, builtinCatalog(), d);
    EXPECT_TRUE(wide.contextParallelNetwork);
    EXPECT_GT(wide.contextParallelSeconds, previous);
}

TEST(ContextParallel, ComputePerRankSplitsAndExchangeHidesBehindAttention)
{
    const ResolvedModel m = gp::testing::modelFrom(llama31_8b());
    const Hardware hw = h100Node();
    const Workload w = longSequence(131072);
    const ThroughputEstimate one = estimateThroughput(m, w, split(8, 1), hw, {}, {}, builtinCatalog());
    const ThroughputEstimate eight = estimateThroughput(m, w, split(1, 8), hw, {}, {}, builtinCatalog());
    // Eight context ranks share one sequence where eight replicas took one each: the step carries 1/8 of the
    // tokens; FLOPs per rank fall 8 times too, so the compute time per step falls about 8 times (less for the
    // smaller matmuls' efficiency).
    EXPECT_DOUBLE_EQ(eight.tokensPerStep, one.tokensPerStep / 8);
    EXPECT_LT(eight.step.compute, one.step.compute / 4);
    EXPECT_GT(eight.step.compute, one.step.compute / 8);
    // The exchange hides behind the attention as far as it lasts: over PCIe (a slower ring than NVLink) more of
    // it is exposed, and on either link no more than the whole exchange.
    const Hardware pcie = gp::testing::catalogHardware(builtinCatalog(), "h100-80gb-sxm", 8, "pcie5");
    const ThroughputEstimate slow = estimateThroughput(m, w, split(1, 8), pcie, {}, {}, builtinCatalog());
    EXPECT_GT(slow.step.communicationIntraNode, eight.step.communicationIntraNode);
    EXPECT_LE(eight.step.communication, eight.communicationRawSeconds);
}

// Under a pipeline the exposed ring transfers sit inside each micro-batch's stage forward and backward, as its compute
// does: 1F1B's warm-up and drain idle for them too, (p - 1) / m of them (Narayanan et al. 2021, Sec. 2.2.1), where a
// zero-bubble schedule idles for neither. torchtitan's ring under torch.compile exposes all of it
// (torch_ring_attention.h).
TEST(ContextParallel, PipelineBubbleIdlesForTheExposedRingTransfers)
{
    const ResolvedModel m = gp::testing::modelFrom(llama31_8b());
    const Hardware hw = gp::testing::catalogHardware(builtinCatalog(), "h100-80gb-sxm", 8, "nvlink4", 2, 3200, true);
    const PerformanceDefaults d = performanceDefaults(builtinCatalog(), {}, hw.gpu.gpuClass, hw.gpu.architecture);
    Workload w = longSequence(65536);
    w.framework = TrainingStack::Torchtitan;
    w.torchCompile = true;
    Configuration c = split(2, 2);
    c.pipeline = 4;
    c.gradientAccumulationSteps = 8;
    c.zeroStage = 1;
    const CommunicationTime ring
        = estimateCommunication(m.architecture, m.parameters.total, m.parameters.total, w, c, hw, builtinCatalog(), d);
    ASSERT_TRUE(ring.contextParallelExposed);
    ASSERT_GT(ring.contextParallelSeconds, 0);
    c.pipelineSchedule = PipelineSchedule::OneFOneB;
    const ThroughputEstimate oneFOneB = estimateThroughput(m, w, c, hw, {}, {}, builtinCatalog());
    c.pipelineSchedule = PipelineSchedule::ZeroBubble;
    const ThroughputEstimate zeroBubble = estimateThroughput(m, w, c, hw, {}, {}, builtinCatalog());
    EXPECT_DOUBLE_EQ(oneFOneB.contextParallelSeconds, ring.contextParallelSeconds);
    EXPECT_DOUBLE_EQ(zeroBubble.contextParallelSeconds, ring.contextParallelSeconds);
    // The bubble: 3/8 of the busy compute and of the exposed exchange; the exchange itself stays communication.
    const double busy = oneFOneB.step.compute - oneFOneB.pipelineBubbleSeconds - oneFOneB.optimizerUpdateSeconds;
    EXPECT_NEAR(oneFOneB.pipelineBubbleSeconds, 3.0 / 8.0 * (busy + ring.contextParallelSeconds), 1e-9);
    EXPECT_DOUBLE_EQ(zeroBubble.pipelineBubbleSeconds, 0.0);
    EXPECT_DOUBLE_EQ(oneFOneB.step.communication, zeroBubble.step.communication);
    EXPECT_LE(oneFOneB.step.communication, oneFOneB.communicationRawSeconds);
}

std::string planText(const std::string& parallelism, std::int64_t sequence, const std::string& mode = "training")
{
    return R"({ "format": "gpu-planner-plan", "version": 1, "model": { "preset": "llama-3.1-8b" },
        "workload": { "mode": ")"
        + mode + R"(", "sequence_length": )" + std::to_string(sequence) + R"(, "parallelism": )" + parallelism + R"( },
        "candidates": [{ "gpu": "h100-80gb-sxm", "gpus_per_node": 8, "nodes": 1 }] })";
}

TEST(ContextParallel, PlanFieldIsValidatedByName)
{
    auto ok = parsePlan(planText(R"({ "context": 4 })", 65536));
    ASSERT_TRUE(ok.ok()) << ok.error().toString();
    EXPECT_EQ(ok->workload.parallelism.context, 4);
    EXPECT_EQ(planToJson(*ok)["workload"]["parallelism"]["context"], 4); // written back
    for (const auto& [parallelism, sequence, mode] :
        { std::tuple<std::string, std::int64_t, std::string> { R"({ "context": 3 })", 65536, "training" },
            { R"({ "context": 4 })", 65540, "training" }, { R"({ "context": 0 })", 65536, "training" },
            { R"({ "context": 2048 })", 65536, "training" }, { R"({ "context": 2 })", 4096, "inference" } }) {
        auto bad = parsePlan(planText(parallelism, sequence, mode));
        ASSERT_FALSE(bad.ok()) << parallelism << " at " << sequence;
        EXPECT_EQ(bad.error().field, "workload.parallelism.context") << bad.error().toString();
    }
}

TEST(ContextParallel, ReplicaTakesTensorTimesPipelineTimesContextGpus)
{
    auto plan = parsePlan(planText(R"({ "data": "auto", "tensor": 2, "context": 2 })", 65536));
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    const auto hw = resolveCandidate(plan->candidates.front(), builtinCatalog(), 1, "candidates[0]");
    ASSERT_TRUE(hw.ok());
    const auto config = configurationFromPlan(*plan, *hw);
    ASSERT_TRUE(config.ok()) << config.error().toString();
    EXPECT_EQ(config->context, 2);
    EXPECT_EQ(config->data, 2); // 8 GPUs / (2 x 1 x 2)
    auto tooWide = parsePlan(planText(R"({ "data": "auto", "tensor": 2, "context": 8 })", 65536));
    ASSERT_TRUE(tooWide.ok());
    const auto refused = configurationFromPlan(*tooWide, *hw);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().field, "workload.parallelism.context");
}

Plan longLoraPlan(bool search)
{
    // LoRA on Llama 3.1 8B at 65,536 tokens on one node of eight 40 GB A100s.
    const std::string text = R"({ "format": "gpu-planner-plan", "version": 1, "model": { "preset": "llama-3.1-8b" },
        "workload": { "mode": "training", "technique": "lora", "precision": "bf16", "optimizer": "adamw",
          "activation_checkpointing": "full", "sequence_length": 65536, "micro_batch_size": 1,
          "gradient_accumulation_steps": 1, "global_batch_size": 8, "training_tokens": 1.0e8,
          "parallelism": { "data": "auto", "tensor": 1, "pipeline": 1, "zero_stage": 3, "offload": "none" } },
        "candidates": [{ "gpu": "a100-40gb-sxm", "gpus_per_node": 8, "nodes": )"
        + std::string(search ? "\"auto\"" : "1") + R"( }],
        "search": { "enabled": )"
        + (search ? std::string("true") : std::string("false")) + R"(, "objective": "cost", "max_nodes": 4 } })";
    auto plan = parsePlan(text);
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
    return plan.ok() ? *plan : Plan {};
}

TEST(ContextParallel, PlannerSplitsALongSequenceOnOneNode)
{
    const Plan plan = longLoraPlan(true);
    auto result = searchPlan(plan, builtinCatalog());
    ASSERT_TRUE(result.ok()) << result.error().toString();
    ASSERT_FALSE(result->candidates.empty());
    const CandidatePlan& c = result->candidates.front();
    ASSERT_TRUE(c.fits) << (c.best.failure ? c.best.failure->message : std::string());
    EXPECT_EQ(c.best.nodes, 1);
    EXPECT_GT(c.best.configuration.context, 1);
    EXPECT_EQ(c.best.configuration.data * c.best.configuration.tensor * c.best.configuration.pipeline
            * c.best.configuration.context,
        8);
}

TEST(ContextParallel, AdviceProposesContextParallelismThatFits)
{
    const Plan plan = longLoraPlan(false); // the plan's own layout: 8 replicas of one GPU each
    auto estimate = estimatePlan(plan, builtinCatalog());
    ASSERT_TRUE(estimate.ok());
    ASSERT_FALSE(estimate->results.front().fits) << "one GPU holds a 65,536-token LoRA step: pick a longer case";
    auto result = searchPlan(plan, builtinCatalog());
    ASSERT_TRUE(result.ok()) << result.error().toString();
    const CandidatePlan& c = result->candidates.front();
    ASSERT_FALSE(c.fits);
    const Diagnostic* proposal = nullptr;
    for (const auto& s : c.best.suggestions)
        if (s.code == "suggest_context_parallel")
            proposal = &s;
    ASSERT_NE(proposal, nullptr) << "no context-parallel proposal";
    const int context = std::stoi(proposal->arg("context"));
    EXPECT_GT(context, 1);
    EXPECT_EQ(proposal->arg("nodes"), "1");
    // Evaluated like every suggestion: the plan with that context degree fits on the same node.
    Plan changed = plan;
    changed.workload.parallelism.context = context;
    changed.workload.parallelism.data.reset();
    auto refit = estimatePlan(changed, builtinCatalog());
    ASSERT_TRUE(refit.ok()) << refit.error().toString();
    EXPECT_TRUE(refit->results.front().fits);
}

} // namespace
} // namespace gp
