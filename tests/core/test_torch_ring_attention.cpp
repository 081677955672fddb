// PyTorch's ring attention as torchtitan runs it (core/estimate/time/torch_ring_attention.h): the bytes it moves and
// the memory passes of its merges, by hand for Llama 3.1 8B (meta-llama/Llama-3.1-8B config.json: h 4096, 32 layers,
// 32 heads, 8 key/value heads of 128), and what the step charges for them.
#include "estimate/common/performance_defaults.h"
#include "estimate/time/communication_model.h"
#include "estimate/time/throughput_model.h"
#include "estimate/time/torch_ring_attention.h"
#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

namespace gp
{
namespace
{

Architecture llama31_8b(int kvHeads = 8)
{
    Architecture a;
    a.hiddenSize = 4096;
    a.numLayers = 32;
    a.numAttentionHeads = 32;
    a.numKeyValueHeads = kvHeads;
    a.intermediateSize = 14336;
    a.vocabSize = 128256;
    return a;
}

Workload ringWorkload(TrainingStack stack, bool compiled = true)
{
    Workload w;
    w.framework = stack;
    w.precision = Precision::Bf16;
    w.sequenceLength = 262144;
    w.activationCheckpointing = Checkpointing::Full;
    w.torchCompile = compiled;
    return w;
}

Configuration ring(int cp, int tensor = 1)
{
    Configuration c;
    c.data = 1;
    c.tensor = tensor;
    c.context = cp;
    c.zeroStage = 3;
    c.checkpointing = Checkpointing::Full;
    return c;
}

Hardware h100Node()
{
    return gp::testing::catalogHardware(builtinCatalog(), "h100-80gb-sxm", 8, "nvlink4");
}

TEST(TorchRingAttention, OnlyTorchtitansContextParallelismRunsIt)
{
    EXPECT_TRUE(runsTorchRing(ringWorkload(TrainingStack::Torchtitan), ring(2)));
    EXPECT_FALSE(runsTorchRing(ringWorkload(TrainingStack::Torchtitan), ring(1)));
    // Megatron-Core's context parallelism is Transformer Engine's P2P ring, not PyTorch's.
    EXPECT_FALSE(runsTorchRing(ringWorkload(TrainingStack::Megatron), ring(8)));
    EXPECT_FALSE(runsTorchRing(ringWorkload(TrainingStack::Auto), ring(8)));
}

TEST(TorchRingAttention, LayerBytesByHand)
{
    const Workload w = ringWorkload(TrainingStack::Torchtitan);
    const TorchRingLayer r = torchRingLayer(llama31_8b(), w, 8, 1, 32768);
    // K and V after repeat_kv: 32,768 tokens x 32 heads x (128 + 128) elements; the query and the output 128 each.
    const double kv = 32768.0 * 32 * 256;
    const double q = 32768.0 * 32 * 128;
    const double out = q;
    EXPECT_DOUBLE_EQ(r.forwardGatherBytes, 7 * kv * 2); // seven other ranks' K,V in bf16, one all-gather
    EXPECT_DOUBLE_EQ(r.backwardBytes, 7 * kv * 2 + 8 * kv * 4); // again, then dK,dV in fp32 after each of 8 steps
    EXPECT_DOUBLE_EQ(r.backwardCollectives, 9);
    // Forward: K,V made contiguous, then packed before each of the 7 steps but the last (read + write 2 B, 8 times);
    // upcast step 0's output (2 + 4), merge 7 steps (read 4 + 2, write 4), cast the result back (4 + 2). Backward:
    // fp32 zeros for dQ, dK, dV (4); K,V contiguous and packed 8 times as in the forward; dQ accumulated whole over 8
    // steps (10); dK, dV whole at step 0 (10), then by half and rewritten whole at the 7 others (5 + 8), packed in
    // fp32 for the all-to-all after each of the 8 (4 + 4); all cast back (4 + 2).
    EXPECT_DOUBLE_EQ(r.forwardMergeBytes, 8 * 4 * kv + out * (6 + 7 * 10 + 6));
    EXPECT_DOUBLE_EQ(r.backwardMergeBytes, 8 * 4 * kv + q * (4 + 8 * 10 + 6) + kv * (4 + 10 + 7 * 13 + 8 * 8 + 6));
    EXPECT_DOUBLE_EQ(r.causalShare, 1.0 / 8);
    // The ring carries every query head's K,V whatever the model's key/value heads (repeat_kv before SDPA).
    const TorchRingLayer mha = torchRingLayer(llama31_8b(32), w, 8, 1, 32768);
    EXPECT_DOUBLE_EQ(mha.forwardGatherBytes, r.forwardGatherBytes);
    EXPECT_DOUBLE_EQ(mha.backwardMergeBytes, r.backwardMergeBytes);
    // Tensor parallelism splits the heads: half of everything at TP 2.
    const TorchRingLayer tp2 = torchRingLayer(llama31_8b(), w, 8, 2, 32768);
    EXPECT_DOUBLE_EQ(tp2.backwardBytes, r.backwardBytes / 2);
    EXPECT_DOUBLE_EQ(tp2.forwardMergeBytes, r.forwardMergeBytes / 2);
}

TEST(TorchRingAttention, ExchangeByHandExposedOnlyWhenCompiled)
{
    const ResolvedModel m = gp::testing::modelFrom(llama31_8b());
    const Hardware hw = h100Node();
    const PerformanceDefaults d = performanceDefaults(builtinCatalog(), {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const Workload w = ringWorkload(TrainingStack::Torchtitan);
    const CommunicationTime c = estimateCommunication(
        m.architecture, m.parameters.total, m.parameters.total, w, ring(8), hw, builtinCatalog(), d);
    const TorchRingLayer layer = torchRingLayer(m.architecture, w, 8, 1, 32768);
    // 32 layers; full recomputation runs the forward ring twice: 2 all-gathers, then the backward's 9 collectives.
    const double bytes = 32 * (2 * layer.forwardGatherBytes + layer.backwardBytes);
    EXPECT_DOUBLE_EQ(c.contextParallelBytes, bytes);
    EXPECT_NEAR(c.contextParallelSeconds,
        bytes / (intraNodeBusGBps(hw, d) * 1e9) + 32 * (2 + 9) * d.allReduceLatencySeconds, 1e-9);
    EXPECT_TRUE(c.contextParallelExposed);
    EXPECT_FALSE(c.contextParallelNetwork);
    const CommunicationTime eager = estimateCommunication(m.architecture, m.parameters.total, m.parameters.total,
        ringWorkload(TrainingStack::Torchtitan, false), ring(8), hw, builtinCatalog(), d);
    EXPECT_DOUBLE_EQ(eager.contextParallelSeconds, c.contextParallelSeconds);
    EXPECT_FALSE(eager.contextParallelExposed);
    // Transformer Engine's P2P ring (any other stack) passes only the 8 key/value heads: a quarter of the width.
    const CommunicationTime te = estimateCommunication(m.architecture, m.parameters.total, m.parameters.total,
        ringWorkload(TrainingStack::Megatron), ring(8), hw, builtinCatalog(), d);
    EXPECT_FALSE(te.contextParallelExposed);
    EXPECT_LT(te.contextParallelBytes, c.contextParallelBytes / 2);
}

TEST(TorchRingAttention, StepChargesMergesUnmaskedStepsAndTheExposedExchange)
{
    const ResolvedModel m = gp::testing::modelFrom(llama31_8b());
    const Hardware hw = h100Node();
    const PerformanceDefaults d = performanceDefaults(builtinCatalog(), {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const Workload w = ringWorkload(TrainingStack::Torchtitan);
    const ThroughputEstimate torch = estimateThroughput(m, w, ring(8), hw, {}, {}, builtinCatalog());
    const ThroughputEstimate other
        = estimateThroughput(m, ringWorkload(TrainingStack::Auto), ring(8), hw, {}, {}, builtinCatalog());
    // The merges: 32 layers, two forward rings (recomputation) and one backward, at the achieved HBM bandwidth.
    const TorchRingLayer layer = torchRingLayer(m.architecture, w, 8, 1, 32768);
    const double merges = 32 * (2 * layer.forwardMergeBytes + layer.backwardMergeBytes)
        / (hw.gpu.memoryBandwidthGBps * 1e9 * d.decodeBandwidth);
    EXPECT_NEAR(torch.memoryBoundSeconds - other.memoryBoundSeconds, merges, merges * 1e-9);
    // One step in eight is the causal call; the other seven run at the kernel's unmasked rate, faster by the
    // catalog's causal factor (FlashAttention-2 on H100, 335 / 370).
    const double causal = attentionKernelEfficiency(d, 128, true, AttentionKernel::FlashAttention2).forward
        / attentionKernelEfficiency(d, 128, false, AttentionKernel::FlashAttention2).forward;
    EXPECT_LT(causal, 1.0);
    EXPECT_NEAR(
        torch.attentionSeconds, other.attentionSeconds * (1.0 / 8 + 7.0 / 8 * causal), other.attentionSeconds * 1e-9);
    // Compiled, every transfer is waited where it is issued: the whole exchange is on the step. Eager, it hides
    // behind the attention it feeds (far longer here).
    const ThroughputEstimate eager
        = estimateThroughput(m, ringWorkload(TrainingStack::Torchtitan, false), ring(8), hw, {}, {}, builtinCatalog());
    const CommunicationTime c = estimateCommunication(
        m.architecture, m.parameters.total, m.parameters.total, w, ring(8), hw, builtinCatalog(), d);
    EXPECT_LT(c.contextParallelSeconds, eager.attentionSeconds);
    EXPECT_NEAR(torch.step.communication - eager.step.communication, c.contextParallelSeconds, 1e-9);
    EXPECT_NEAR(torch.step.total - eager.step.total, c.contextParallelSeconds, 1e-9);
}

} // namespace
} // namespace gp
