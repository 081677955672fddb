// ZeRO-2/3 (FSDP) inside a pipeline (pipelineKeepsShardsGathered): torch.distributed.pipelining keeps a stage's
// parameters gathered and its gradients unsharded, accumulated at the reduce precision, until the last
// micro-batch; torchtitan gathers once per step. Checked by hand on Llama 2 7B against the same layout at ZeRO-0.
#include "estimate/common/fp8_all_gather.h"
#include "estimate/common/pipeline_schedule.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/communication_model.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

namespace gp
{
namespace
{

using namespace gp::testing;

Workload bf16PipelineTraining()
{
    Workload w;
    w.sequenceLength = 4096;
    w.trainingTokens = 1e9;
    w.precision = Precision::Bf16;
    return w;
}

Configuration stagedLayout(int zeroStage, int data, int pipeline, int accumulation = 8)
{
    Configuration c;
    c.data = data;
    c.pipeline = pipeline;
    c.zeroStage = zeroStage;
    c.gradientAccumulationSteps = accumulation;
    c.checkpointing = Checkpointing::Full;
    return c;
}

TEST(PipelineFsdp, RuleHoldsForZero2And3WithAPipelineAndShards)
{
    EXPECT_TRUE(pipelineKeepsShardsGathered(3, 4, 8));
    EXPECT_TRUE(pipelineKeepsShardsGathered(2, 2, 2));
    EXPECT_FALSE(pipelineKeepsShardsGathered(1, 4, 8)); // ZeRO-1: Megatron's distributed optimizer under a pipeline
    EXPECT_FALSE(pipelineKeepsShardsGathered(3, 1, 8)); // no pipeline: FSDP reshards after each layer
    EXPECT_FALSE(pipelineKeepsShardsGathered(3, 4, 1)); // one rank: nothing is sharded
    Configuration context = stagedLayout(3, 1, 4);
    context.context = 2; // the states shard over data x context ranks
    EXPECT_TRUE(pipelineKeepsShardsGathered(context));
}

TEST(PipelineFsdp, StageWeightsStayGatheredAndGradientsUnshardedInFp32)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4");
    const MemoryDefaults d = memoryDefaults({}, catalog);
    const Workload w = bf16PipelineTraining();
    const int n = 8;
    // ZeRO-0 on the same layout holds the stage's bf16 weights and gradients whole (and DDP's bucket copy of them).
    const MemoryBreakdown whole = estimateMemory(m, w, stagedLayout(0, n, 4), hw, d);
    const MemoryBreakdown sharded = estimateMemory(m, w, stagedLayout(3, n, 4), hw, d);
    // ZeRO-3 in the pipeline: the 1/n shard plus the gathered stage at 2 B; the 1/n bf16 gradient shard plus the
    // unsharded stage gradient at the fp32 reduce precision (twice the bf16 bytes). No gather buffer on top.
    EXPECT_NEAR(sharded.weights, whole.weights * (1 + 1.0 / n), 1.0);
    EXPECT_NEAR(sharded.gradients, whole.gradients * (1.0 / n + 2), 1.0);
    EXPECT_NEAR(sharded.buffers, whole.buffers - whole.gradients, 1.0); // ZeRO-0's bucket copy is gone, no gather
    EXPECT_NEAR(sharded.activations, whole.activations, 1.0);
    // ZeRO-1 in the same pipeline is the distributed optimizer alone: weights and gradients as at ZeRO-0.
    const MemoryBreakdown zero1 = estimateMemory(m, w, stagedLayout(1, n, 4), hw, d);
    EXPECT_DOUBLE_EQ(zero1.weights, whole.weights);
    EXPECT_DOUBLE_EQ(zero1.gradients, whole.gradients);
    // So inside a pipeline ZeRO-3 holds more than ZeRO-1 (which the planner's grid keeps instead).
    EXPECT_GT(sharded.total, zero1.total);
    // Without a pipeline ZeRO-3 shards as before: 1/n of the weights plus a gather buffer.
    const MemoryBreakdown flat0 = estimateMemory(m, w, stagedLayout(0, n, 1), hw, d);
    const MemoryBreakdown flat3 = estimateMemory(m, w, stagedLayout(3, n, 1), hw, d);
    EXPECT_NEAR(flat3.weights, flat0.weights / n, 1.0);
    EXPECT_GT(flat3.buffers, 0.0);
}

TEST(PipelineFsdp, ExpertsHeldByOneRankHaveNoGatheredCopy)
{
    // Qwen3-30B-A3B with expert parallelism 8 over 8 data ranks: each GPU holds its 16 experts alone (an expert-data
    // group of one), so only the dense share D of the stage is gathered (2 B) and accumulated unsharded (4 B).
    // ZeRO-3 weights = D x 2/8 + E x 2 + D x 2 and gradients = D x 2/8 + E x 2 + D x 4, against ZeRO-0's (D + E) x 2
    // weights: gradients - weights = 2 D, and weights - ZeRO-0 weights = D x 2/8.
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = test::presetModel("qwen3-30b-a3b");
    ASSERT_GT(m.architecture.numExperts, 1);
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4");
    const MemoryDefaults d = memoryDefaults({}, catalog);
    const Workload w = bf16PipelineTraining();
    Configuration c3 = stagedLayout(3, 8, 2);
    c3.expert = 8;
    Configuration c0 = c3;
    c0.zeroStage = 0;
    const MemoryBreakdown z3 = estimateMemory(m, w, c3, hw, d);
    const MemoryBreakdown z0 = estimateMemory(m, w, c0, hw, d);
    const double dense = (z3.gradients - z3.weights) / 2;
    ASSERT_GT(dense, 0.0);
    EXPECT_LT(dense * 2, z0.weights / 2); // the experts are most of what a GPU holds
    EXPECT_NEAR(z3.weights - z0.weights, dense * 2 / 8, 1e3);
}

TEST(PipelineFsdp, Fp8AllGatherKeepsTheGatheredLinearsAtOneByte)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4");
    const MemoryDefaults d = memoryDefaults({}, catalog);
    Workload w = fp8Training(4096);
    const Configuration c = stagedLayout(3, 8, 4);
    const MemoryBreakdown cast = estimateMemory(m, w, c, hw, d);
    w.fp8AllGather = true;
    const MemoryBreakdown gathered = estimateMemory(m, w, c, hw, d);
    // FP8 training keeps 2 B + a 1 B cast per gathered weight; with fp8 all-gather the linear share arrives at
    // 1 B and the rest at 2 B. The difference is the stage's parameters on this GPU times that saving.
    const MemoryBreakdown whole = estimateMemory(m, fp8Training(4096), stagedLayout(0, 8, 4), hw, d);
    const double stage = whole.gradients / 2; // ZeRO-0: the stage's bf16 gradients, 2 B per parameter
    const double share = fp8AllGatherShare(m.parameters, w, c);
    ASSERT_GT(share, 0.5);
    EXPECT_NEAR(cast.weights - gathered.weights, stage * (3 - (share + (1 - share) * 2)), 1e3);
}

TEST(PipelineFsdp, GathersOnceAndReducesOncePerStep)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4");
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const Workload w = bf16PipelineTraining();
    auto bytes = [&](const Configuration& c) {
        return estimateCommunication(m.architecture, m.parameters.total, m.parameters.total, w, c, hw, catalog, d)
            .dataParallelBytes;
    };
    // A stage is a quarter of the model; 8 ranks move 7/8 of it per collective: one all-gather of the bf16
    // weights and one reduce-scatter of the bf16 gradients per step, whatever the micro-batch count.
    const double stage = m.parameters.total / 4, part = 7.0 / 8.0;
    EXPECT_NEAR(bytes(stagedLayout(3, 8, 4, 8)), part * stage * 2 + part * stage * 2, 1.0);
    EXPECT_DOUBLE_EQ(bytes(stagedLayout(3, 8, 4, 16)), bytes(stagedLayout(3, 8, 4, 8)));
    EXPECT_DOUBLE_EQ(bytes(stagedLayout(2, 8, 4, 16)), bytes(stagedLayout(3, 8, 4, 16)));
    // Without a pipeline: gathered for forward and backward and reduce-scattered on every micro-batch.
    const double model = m.parameters.total;
    EXPECT_NEAR(bytes(stagedLayout(3, 8, 1, 8)), 8 * (2 * part * model * 2 + part * model * 2), 1.0);
}

} // namespace
} // namespace gp
