// torchtitan's per-op selective activation checkpointing as its own policy: what each layer keeps and what is
// recomputed, derived by hand for Llama 3.1 8B.
#include "estimate/memory/memory_model.h"
#include "test_throughput_helpers.h"
#include "transformer/training_flops.h"

#include <gtest/gtest.h>

namespace gp
{
namespace
{

Architecture llama31_8b()
{
    Architecture a; // meta-llama/Llama-3.1-8B config.json
    a.hiddenSize = 4096;
    a.numLayers = 32;
    a.numAttentionHeads = 32;
    a.numKeyValueHeads = 8;
    a.intermediateSize = 14336;
    a.vocabSize = 128256;
    return a;
}

TEST(PerOpCheckpointing, LayerKeepsEveryOtherMatmulOutput)
{
    const Architecture a = llama31_8b();
    LayerActivationInput in;
    in.sequence = 8192;
    in.microBatch = 2;
    const double tokens = 8192.0 * 2;
    // Layer input 4096 + wq 4096 + wv 1024 + attention output 4096 + w1 14336 + w2 4096 values of 2 bytes per
    // token, and a fp32 log-sum-exp per head.
    const double byHand = tokens * (2.0 * (4096 + 4096 + 1024 + 4096 + 14336 + 4096) + 4.0 * 32);
    EXPECT_DOUBLE_EQ(perOpCheckpointBytes(a, in), byHand);
    EXPECT_LT(perOpCheckpointBytes(a, in), layerActivationBytes(a, in));
    in.tensorParallel = 4; // the layer input and the MLP output stay whole without sequence parallelism
    EXPECT_DOUBLE_EQ(
        perOpCheckpointBytes(a, in), tokens * (2.0 * 2 * 4096 + (2.0 * (4096 + 1024 + 4096 + 14336) + 4.0 * 32) / 4));
}

TEST(PerOpCheckpointing, RecomputesTheOtherMatmulsOnce)
{
    const ResolvedModel m = gp::testing::modelFrom(llama31_8b());
    Workload w;
    w.sequenceLength = 8192;
    const TrainingFlopsPerToken none = trainingFlopsPerToken(m.architecture, m.parameters, w, Checkpointing::None);
    const TrainingFlopsPerToken perOp = trainingFlopsPerToken(m.architecture, m.parameters, w, Checkpointing::PerOp);
    const TrainingFlopsPerToken full = trainingFlopsPerToken(m.architecture, m.parameters, w, Checkpointing::Full);
    // wk (4096 x 1024), wo (4096 x 4096) and w3 (4096 x 14336) once more per layer: 2 FLOPs per multiply-add.
    EXPECT_DOUBLE_EQ(perOp.recompute, 2.0 * 32 * (4096.0 * 1024 + 4096.0 * 4096 + 4096.0 * 14336));
    EXPECT_EQ(perOp.model, none.model);
    EXPECT_LT(perOp.hardware, full.hardware);
    EXPECT_GT(perOp.hardware, none.hardware);
}

TEST(PerOpCheckpointing, MemoryBetweenNoneAndFull)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = gp::testing::modelFrom(llama31_8b());
    const Hardware hw = gp::testing::catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4");
    Workload w;
    w.sequenceLength = 8192;
    Configuration c;
    c.data = 8;
    c.zeroStage = 3;
    c.microBatchSize = 2;
    auto activations = [&](Checkpointing policy) {
        c.checkpointing = policy;
        return estimateMemory(m, w, c, hw, {}, catalog).activations;
    };
    EXPECT_LT(activations(Checkpointing::Full), activations(Checkpointing::PerOp));
    EXPECT_LT(activations(Checkpointing::PerOp), activations(Checkpointing::None));
}

} // namespace
} // namespace gp
