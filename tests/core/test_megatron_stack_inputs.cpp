// The Megatron stack's own switches as plan inputs, by hand: the master copy's width (--main-params-dtype, Apex's
// optimizer dtype), per-module recompute (recompute_modules layernorm, moe_act, mla_up_proj), the MoE token dispatcher
// (alltoall, allgather, flex), the CUDA-graph scope (the eager expert GEMM calls and FP8 quantize kernels a
// full-iteration graph lifts), the combined 1F1B schedule that hides the expert all-to-all (moe_a2a_overlap), and the
// launch flags that state them.
#include "estimate/memory/memory_model.h"
#include "estimate/sanity_checks.h"
#include "estimate/time/communication_model.h"
#include "estimate/time/moe_layer_time.h"
#include "estimate/time/throughput_model.h"
#include "launch/launch.h"
#include "plan/precision.h"
#include "planner/answer.h"
#include "test_launch_support.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"
#include "transformer/layers.h"
#include "transformer/training_flops.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

namespace gp
{
namespace
{

Workload megatronInputsWorkload(Checkpointing checkpointing = Checkpointing::Full)
{
    Workload w;
    w.framework = TrainingStack::Megatron;
    w.precision = Precision::Bf16;
    w.gradientPrecision = GradientPrecision::Bf16;
    w.optimizer = Optimizer::AdamW;
    w.sequenceLength = 4096;
    w.microBatchSize = 1;
    w.activationCheckpointing = checkpointing;
    return w;
}

// One 8-GPU node at expert parallel 8 (and data parallel 8), ZeRO 1, micro-batch 1, no recompute.
Configuration expertParallelEight(int accumulation)
{
    Configuration c;
    c.data = 8;
    c.expert = 8;
    c.zeroStage = 1;
    c.microBatchSize = 1;
    c.gradientAccumulationSteps = accumulation;
    c.checkpointing = Checkpointing::None;
    return c;
}

TEST(MegatronStackInputs, MasterWeightsAt16BitsHoldTwoBytesAParameter)
{
    // Llama 3.1 8B under the distributed optimizer over 8 ranks: master + moments (4 + 8) p / 8 at fp32, (2 + 8) p / 8
    // with a 16-bit master (--main-params-dtype fp16), (2 + 4) p / 8 with bf16 moments too (Apex dtype bf16).
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const double p = m.parameters.total;
    Configuration c;
    c.data = 8;
    c.zeroStage = 1;
    c.microBatchSize = 1;
    c.checkpointing = Checkpointing::Full;
    auto optimizer = [&](MasterWeightsPrecision master, bool bf16Moments) {
        Workload w = megatronInputsWorkload();
        w.masterWeightsPrecision = master;
        w.bf16OptimizerStates = bf16Moments;
        return estimateMemory(m, w, c, test::testHardware(80), {}, builtinCatalog()).optimizer;
    };
    EXPECT_NEAR(optimizer(MasterWeightsPrecision::Fp32, false), 12 * p / 8, 1e3);
    EXPECT_NEAR(optimizer(MasterWeightsPrecision::Fp16, false), 10 * p / 8, 1e3);
    EXPECT_NEAR(optimizer(MasterWeightsPrecision::Bf16, true), 6 * p / 8, 1e3);
    // No master copy at all where master_weights is off, whatever its width says; fp32 compute needs none.
    Workload pure = megatronInputsWorkload();
    pure.masterWeights = false;
    pure.masterWeightsPrecision = MasterWeightsPrecision::Bf16;
    EXPECT_EQ(masterWeightBytes(pure), 0.0);
    Workload fp32 = megatronInputsWorkload();
    fp32.precision = Precision::Fp32;
    EXPECT_EQ(masterWeightBytes(fp32), 0.0);
}

LayerActivationInput recomputeInput()
{
    LayerActivationInput in;
    in.sequence = 4096;
    in.microBatch = 1;
    in.bytes = 2;
    in.tensorParallel = 1;
    in.flashAttention = true;
    in.fusedActivation = true; // Megatron's fused SwiGLU: fc1 output and fc2 input kept
    return in;
}

TEST(MegatronStackInputs, RecomputedModulesDropTheTensorsTheyRegenerate)
{
    const double sb = 4096;
    // Qwen3-30B-A3B: hidden 2048, 8 of 128 experts of width 768, grouped-query attention (its input norm is fused
    // into the QKV projection, so "layernorm" drops only the MoE layer's pre-MLP norm output).
    const Architecture qwen = test::presetModel("qwen3-30b-a3b").architecture;
    ASSERT_EQ(qwen.hiddenSize, 2048);
    ASSERT_EQ(qwen.moeIntermediateSize, 768);
    ASSERT_EQ(qwen.expertsPerToken, 8);
    const LayerActivationInput base = recomputeInput();
    const double kept = layerActivationBytes(qwen, base);
    LayerActivationInput act = base;
    act.recomputeExpertActivation = true; // each routed expert's fc2 input, 2 bytes x 768 per token
    EXPECT_NEAR(kept - layerActivationBytes(qwen, act), 8 * sb * 768 * 2, 1.0);
    LayerActivationInput norm = base;
    norm.recomputeNormOutputs = true;
    EXPECT_NEAR(kept - layerActivationBytes(qwen, norm), sb * 2048 * 2, 1.0);
    LayerActivationInput mla = base;
    mla.recomputeLatentUpProjection = true; // no latent attention: nothing to drop
    EXPECT_NEAR(layerActivationBytes(qwen, mla), kept, 1e-6);

    // DeepSeek-V3: latent attention (128 heads, query/key 192 = 128 + 64 rotary, value 128) with a stand-alone input
    // norm, MoE layers: "layernorm" drops both norms' outputs, "mla_up_proj" the up-projected Q, K and V.
    const Architecture v3 = test::presetModel("deepseek-v3").architecture;
    ASSERT_TRUE(v3.latentAttention());
    const double v3Kept = layerActivationBytes(v3, base);
    LayerActivationInput v3Norm = base;
    v3Norm.recomputeNormOutputs = true;
    EXPECT_NEAR(v3Kept - layerActivationBytes(v3, v3Norm), 2 * sb * 7168 * 2, 1.0);
    LayerActivationInput v3Up = base;
    v3Up.recomputeLatentUpProjection = true;
    EXPECT_NEAR(v3Kept - layerActivationBytes(v3, v3Up), sb * 2 * (128 * 192 + 128 * (192 + 128)), 1.0);
}

TEST(MegatronStackInputs, UpProjectionRecomputeAddsItsGemmsOnce)
{
    // DeepSeek-V3's up-projections per token and latent-attention layer: q 1,536 -> 128 x 192, kv 512 -> 128 x (128 +
    // 128), 2 FLOPs a multiply-add, once more before backward.
    const ResolvedModel m = test::presetModel("deepseek-v3");
    Workload w = megatronInputsWorkload();
    const TrainingFlopsPerToken plain = trainingFlopsPerToken(m.architecture, m.parameters, w, Checkpointing::None);
    w.recomputeMlaUpProj = true;
    const TrainingFlopsPerToken up = trainingFlopsPerToken(m.architecture, m.parameters, w, Checkpointing::None);
    const double perLayer = 2.0 * 128 * (1536 * 192 + 512 * (128 + 128));
    EXPECT_NEAR(up.recompute - plain.recompute, perLayer * attentionLayers(m.architecture), 1.0);
    EXPECT_NEAR(up.linearHardware - plain.linearHardware, perLayer * attentionLayers(m.architecture), 1.0);
    EXPECT_DOUBLE_EQ(up.model, plain.model); // the MFU numerator does not count recomputation
    // Full recompute already repeats the whole layer.
    const TrainingFlopsPerToken full = trainingFlopsPerToken(m.architecture, m.parameters, w, Checkpointing::Full);
    w.recomputeMlaUpProj = false;
    EXPECT_DOUBLE_EQ(
        full.recompute, trainingFlopsPerToken(m.architecture, m.parameters, w, Checkpointing::Full).recompute);
}

TEST(MegatronStackInputs, TokenDispatchersSendTheirOwnVolumes)
{
    // Qwen3-30B-A3B on one 8-GPU H100 node, expert parallel 8, micro-batch 1 of 4,096 tokens: a rank dispatches 4,096
    // tokens of 2,048 bf16 values, 4 calls (dispatch, combine, their gradients) in each of 48 MoE layers.
    const ResolvedModel m = test::presetModel("qwen3-30b-a3b");
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    Configuration c = expertParallelEight(1);
    const double layers = moeLayers(m.architecture);
    ASSERT_EQ(layers, 48);
    const double vector = 2048 * 2;
    auto bytes = [&](MoeDispatcher dispatcher) {
        Workload w = megatronInputsWorkload();
        w.moeTokenDispatcher = dispatcher;
        const double p = m.parameters.total;
        return estimateCommunication(
            m.architecture, p, p, w, c, hw, catalog, d, routedExpertFraction(m.architecture, m.parameters, p), 0.0)
            .expertParallelBytes;
    };
    // alltoall: one copy per routed expert, 8 x 7 / 8 of them leave the rank.
    EXPECT_NEAR(bytes(MoeDispatcher::AllToAll), 4 * layers * 4096 * 8.0 * 7 / 8 * vector, 1.0);
    // allgather: every token of the 8 ranks, 7 x 4,096 received per call.
    EXPECT_NEAR(bytes(MoeDispatcher::AllGather), 4 * layers * 7 * 4096 * vector, 1.0);
    // flex (DeepEP) and auto: once per rank holding one of the token's experts (expertAllToAll, by hand in
    // MoeTraining).
    const double once = 4 * layers * expertAllToAll(m.architecture, 4096, 8, 1, 2, hw, d).bytes;
    EXPECT_NEAR(bytes(MoeDispatcher::Flex), once, 1.0);
    EXPECT_NEAR(bytes(MoeDispatcher::Auto), once, 1.0);
    EXPECT_LT(bytes(MoeDispatcher::Flex), bytes(MoeDispatcher::AllToAll));
}

TEST(MegatronStackInputs, EagerExpertGemmCallsSetAFloorThatAFullIterationGraphLifts)
{
    // Qwen3-30B-A3B on one 8-GPU B200 node, expert parallel 8, micro-batch 1 of 4,096 tokens, 64 micro-batches a step:
    // each rank holds 128 / 8 = 16 experts, 48 MoE layers, 6 eager GEMM calls per expert per layer and micro-batch
    // (fc1 and fc2 forward, their data and weight gradients), each at least moe.grouped_gemm_call_us.
    const ResolvedModel m = test::presetModel("qwen3-30b-a3b");
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "b200-180gb-sxm", 8, "nvlink5", 1);
    ASSERT_GT(hw.gpu.memoryBandwidthGBps, 0);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const double call = catalogDefault(catalog, "moe.grouped_gemm_call_us") * 1e-6;
    ASSERT_GT(call, 0);
    Configuration c = expertParallelEight(64);
    Workload w = megatronInputsWorkload(Checkpointing::None);
    const ThroughputEstimate eager = estimateThroughput(m, w, c, hw, catalog, d);
    EXPECT_NEAR(eager.expertCallFloorSeconds, 64 * 48 * 16 * 6 * call, 1e-9);
    EXPECT_GE(eager.expertComputeSeconds, eager.expertCallFloorSeconds);
    // Full recompute runs the two forward calls again.
    c.checkpointing = Checkpointing::Full;
    EXPECT_NEAR(estimateThroughput(m, w, c, hw, catalog, d).expertCallFloorSeconds, 64 * 48 * 16 * 8 * call, 1e-9);
    c.checkpointing = Checkpointing::None;
    // Captured whole as a CUDA graph the calls replay without the host: the GPU's time only, and a shorter step.
    w.cudaGraphs = CudaGraphScope::FullIteration;
    const ThroughputEstimate graphed = estimateThroughput(m, w, c, hw, catalog, d);
    EXPECT_EQ(graphed.expertCallFloorSeconds, 0);
    EXPECT_LE(graphed.step.total, eager.step.total);
    EXPECT_GT(eager.expertCallFloorSeconds, graphed.expertComputeSeconds); // the calls, not the GPU, set the time
    EXPECT_NEAR(eager.step.compute - graphed.step.compute, eager.expertCallFloorSeconds - graphed.expertComputeSeconds,
        1e-6 * eager.step.compute);
    // Per-layer graphs leave dropless experts eager; torchtitan's one grouped kernel has no per-expert calls.
    w.cudaGraphs = CudaGraphScope::PerLayer;
    EXPECT_NEAR(
        estimateThroughput(m, w, c, hw, catalog, d).expertCallFloorSeconds, eager.expertCallFloorSeconds, 1e-12);
    w.cudaGraphs = CudaGraphScope::None;
    w.framework = TrainingStack::Torchtitan;
    EXPECT_EQ(estimateThroughput(m, w, c, hw, catalog, d).expertCallFloorSeconds, 0);
}

TEST(MegatronStackInputs, CombinedOneFOneBHidesTheAllToAllNotTheExpertCalls)
{
    // The combined 1F1B schedule (moe_a2a_overlap) pairs a micro-batch's forward with another's backward, but every
    // dropless dispatcher stops the host in the dispatch node (alltoall before the EP all-to-all, DeepEP for its
    // host-side counts, HybridEP without num_permuted_tokens; Megatron-LM@8f1c2f8a), so the host stays within one layer
    // step of the GPU: the paired all-to-all hides, the experts' eager calls stay on the step. The layout above
    // (16 local experts, 48 MoE layers, 64 micro-batches), BF16.
    const ResolvedModel m = test::presetModel("qwen3-30b-a3b");
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "b200-180gb-sxm", 8, "nvlink5", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const Configuration c = expertParallelEight(64);
    for (const MoeDispatcher dispatcher : { MoeDispatcher::AllToAll, MoeDispatcher::Flex }) {
        Workload w = megatronInputsWorkload(Checkpointing::None);
        w.moeTokenDispatcher = dispatcher;
        const ThroughputEstimate plain = estimateThroughput(m, w, c, hw, catalog, d);
        w.moeA2aOverlap = true;
        const ThroughputEstimate paired = estimateThroughput(m, w, c, hw, catalog, d);
        ASSERT_FALSE(std::any_of(paired.warnings.begin(), paired.warnings.end(),
            [](const Diagnostic& x) { return x.code == "moe_a2a_overlap_refused"; }));
        ASSERT_GT(plain.expertCallFloorSeconds, 0);
        EXPECT_EQ(paired.expertCallFloorSeconds, plain.expertCallFloorSeconds);
        EXPECT_EQ(paired.expertComputeSeconds, plain.expertComputeSeconds);
        EXPECT_GE(paired.step.compute, paired.expertCallFloorSeconds);
        EXPECT_LE(paired.step.total, plain.step.total); // what it hides is all-to-all
    }
}

TEST(MegatronStackInputs, CombinedOneFOneBComputeKeepsTheSmsTheAllToAllLeaves)
{
    // An all-to-all the combined 1F1B schedule runs beside compute holds SMs of its own: NCCL's send/recv kernel one
    // CTA per p2p channel (moe.nccl_alltoall_ctas), DeepEP its configured SMs (moe.deepep_sms), so the compute beside
    // it keeps the rest and a second of all-to-all beside compute takes at most that share of a second off the step.
    const ResolvedModel m = test::presetModel("qwen3-30b-a3b");
    const Catalog& catalog = builtinCatalog();
    // Qwen3-30B-A3B's PR #3862 layout: 2 DGX H100 nodes, EP 16, 64 micro-batches of 4,096 tokens, BF16.
    const Hardware hw = testing::catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4", 2, 3200, true);
    ASSERT_GT(hw.gpu.smCount, 0);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    Configuration c = expertParallelEight(64);
    c.data = 16;
    c.expert = 16;
    const double sms = hw.gpu.smCount;
    Workload w = megatronInputsWorkload(Checkpointing::None);
    w.moeTokenDispatcher = MoeDispatcher::AllToAll;
    const double nccl = moeA2aComputeShareBeside(w, hw, catalog);
    EXPECT_DOUBLE_EQ(nccl, 1.0 - catalogDefault(catalog, "moe.nccl_alltoall_ctas") / sms);
    EXPECT_LT(nccl, 1.0);
    const ThroughputEstimate plain = estimateThroughput(m, w, c, hw, catalog, d);
    w.moeA2aOverlap = true;
    const ThroughputEstimate paired = estimateThroughput(m, w, c, hw, catalog, d);
    ASSERT_GT(plain.expertParallelSeconds, 0);
    EXPECT_LT(paired.step.total, plain.step.total);
    // At most that share of the all-to-all comes off the step (the schedule's pairing leaves some exposed besides).
    EXPECT_GE(paired.expertParallelSeconds, (1.0 - nccl) * plain.expertParallelSeconds);
    EXPECT_NEAR(plain.step.total - paired.step.total, plain.expertParallelSeconds - paired.expertParallelSeconds,
        1e-9 * plain.step.total);
    Workload flex = w;
    flex.moeTokenDispatcher = MoeDispatcher::Flex;
    EXPECT_DOUBLE_EQ(
        moeA2aComputeShareBeside(flex, hw, catalog), 1.0 - catalogDefault(catalog, "moe.deepep_sms") / sms);
    // The flex dispatcher's backend sets the SMs by default (HybridEP's moe.hybridep_sms), a stated count replaces
    // either: the compute beside the all-to-all keeps fewer SMs with more dispatcher SMs, and the step is longer.
    flex.moeFlexDispatcherBackend = MoeFlexBackend::HybridEp;
    EXPECT_DOUBLE_EQ(
        moeA2aComputeShareBeside(flex, hw, catalog), 1.0 - catalogDefault(catalog, "moe.hybridep_sms") / sms);
    EXPECT_NE(catalogDefault(catalog, "moe.hybridep_sms"), catalogDefault(catalog, "moe.deepep_sms"));
    flex.moeFlexDispatcherSms = 32;
    EXPECT_DOUBLE_EQ(moeA2aComputeShareBeside(flex, hw, catalog), 1.0 - 32.0 / sms);
    Workload fewer = flex;
    fewer.moeFlexDispatcherSms = 8;
    const ThroughputEstimate thirtyTwo = estimateThroughput(m, flex, c, hw, catalog, d);
    const ThroughputEstimate eight = estimateThroughput(m, fewer, c, hw, catalog, d);
    ASSERT_GT(thirtyTwo.expertParallelSeconds, 0);
    EXPECT_GT(thirtyTwo.step.total, eight.step.total);
    // NCCL's all-to-all ignores the flex dispatcher's SMs.
    Workload ncclStated = w;
    ncclStated.moeFlexDispatcherSms = 64;
    EXPECT_DOUBLE_EQ(moeA2aComputeShareBeside(ncclStated, hw, catalog), nccl);
    // Without a sourced SM count nothing is taken off.
    Hardware unknown = hw;
    unknown.gpu.smCount = 0;
    EXPECT_EQ(moeA2aComputeShareBeside(w, unknown, catalog), 1.0);
}

TEST(MegatronStackInputs, Fp8QuantizesEachExpertsSplitInItsOwnKernels)
{
    // The same layout as above (16 local experts, 48 MoE layers, 64 micro-batches). Under FP8 Transformer Engine's
    // GroupedLinear quantizes each expert's split of fc1's and fc2's inputs forward and of their output gradients
    // backward, 4 casts per expert per layer and micro-batch: one kernel each under MXFP8, four under current
    // scaling (tensorwise: the amax cleared, the amax, the scale, the cast), none per expert under NVFP4 (one fused
    // kernel), each at least
    // moe.expert_kernel_call_us beside the 6 GEMM calls.
    const ResolvedModel m = test::presetModel("qwen3-30b-a3b");
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "b200-180gb-sxm", 8, "nvlink5", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const double call = catalogDefault(catalog, "moe.grouped_gemm_call_us") * 1e-6;
    const double quantize = catalogDefault(catalog, "moe.expert_kernel_call_us") * 1e-6;
    ASSERT_GT(quantize, 0);
    const double passes = 64 * 48 * 16; // layer passes x local experts
    Configuration c = expertParallelEight(64);
    Workload w = megatronInputsWorkload(Checkpointing::None);
    auto floorOf = [&](Precision precision, Fp8Recipe recipe) {
        w.precision = precision;
        w.fp8Recipe = recipe;
        return estimateThroughput(m, w, c, hw, catalog, d).expertCallFloorSeconds;
    };
    EXPECT_NEAR(floorOf(Precision::Bf16, Fp8Recipe::Tensorwise), passes * 6 * call, 1e-9);
    EXPECT_NEAR(floorOf(Precision::Fp8, Fp8Recipe::Mxfp8), passes * (6 * call + 4 * quantize), 1e-9);
    EXPECT_NEAR(floorOf(Precision::Fp8, Fp8Recipe::Blockwise), passes * (6 * call + 4 * quantize), 1e-9);
    EXPECT_NEAR(floorOf(Precision::Fp8, Fp8Recipe::Tensorwise), passes * (6 * call + 16 * quantize), 1e-9);
    EXPECT_NEAR(floorOf(Precision::Fp8, Fp8Recipe::Nvfp4), passes * 6 * call, 1e-9);
    // The expert activation recomputed: fc2's input is quantized per expert once more for its weight gradient.
    w.recomputeMoeAct = true;
    EXPECT_NEAR(floorOf(Precision::Fp8, Fp8Recipe::Mxfp8), passes * (6 * call + 5 * quantize), 1e-9);
    w.recomputeMoeAct = false;
    // Full recompute runs the forward's two GEMMs and two casts again.
    c.checkpointing = Checkpointing::Full;
    EXPECT_NEAR(floorOf(Precision::Fp8, Fp8Recipe::Mxfp8), passes * (8 * call + 6 * quantize), 1e-9);
    c.checkpointing = Checkpointing::None;
    // Where the floor is above the GPU's GEMMs, the quantize kernels lengthen the MXFP8 step by exactly their part.
    w.precision = Precision::Fp8;
    w.fp8Recipe = Fp8Recipe::Mxfp8;
    const ThroughputEstimate fp8 = estimateThroughput(m, w, c, hw, catalog, d);
    PerformanceDefaults free = d;
    free.expertKernelCallSeconds = 0;
    const ThroughputEstimate unquantized = estimateThroughput(m, w, c, hw, catalog, free);
    ASSERT_NEAR(unquantized.expertComputeSeconds, unquantized.expertCallFloorSeconds, 1e-9); // the floor binds
    EXPECT_NEAR(fp8.step.compute - unquantized.step.compute, passes * 4 * quantize, 1e-6 * fp8.step.compute);
    // A full-iteration CUDA graph replays them without the host.
    w.cudaGraphs = CudaGraphScope::FullIteration;
    EXPECT_EQ(estimateThroughput(m, w, c, hw, catalog, d).expertCallFloorSeconds, 0);
}

TEST(MegatronStackInputs, ExpertBiasesAddKernelsPerExpert)
{
    // GPT-OSS 120B (128 experts with biases, 36 MoE layers) on one 8-GPU B200 node, expert parallel 8, 4 micro-batches:
    // 16 local experts, each adding its output bias in two kernels forward and six backward (Megatron's
    // TEGroupedMLP._apply_bias and its autograd), at least moe.expert_kernel_call_us each, added to the step in BF16
    // as in FP8; two more forward under full recompute. Qwen3-30B-A3B's experts have no biases: none.
    const ResolvedModel m = test::presetModel("gpt-oss-120b");
    ASSERT_TRUE(m.architecture.expertBias);
    ASSERT_EQ(m.architecture.numExperts, 128);
    const double layers = moeLayers(m.architecture);
    ASSERT_EQ(layers, 36);
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "b200-180gb-sxm", 8, "nvlink5", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const double kernel = catalogDefault(catalog, "moe.expert_kernel_call_us") * 1e-6;
    PerformanceDefaults free = d;
    free.expertKernelCallSeconds = 0;
    Configuration c = expertParallelEight(4);
    Workload w = megatronInputsWorkload(Checkpointing::None);
    auto added = [&](const ResolvedModel& model) {
        return estimateThroughput(model, w, c, hw, catalog, d).step.compute
            - estimateThroughput(model, w, c, hw, catalog, free).step.compute;
    };
    // The bias's traffic beside its kernels: 4,096 x 4 copies of 2,880 elements a layer pass, 28 + 36 bytes each with
    // the flex (auto) dispatcher's fp32 probabilities (the forward's again under full recompute, where it outlasts the
    // kernels); whichever takes longer sets the time.
    const double bandwidth = hw.gpu.memoryBandwidthGBps * 1e9 * d.decodeBandwidth;
    const double traffic = 4 * layers * 4096 * 4 * 2880.0 * (28 + 36) / bandwidth;
    ASSERT_LT(traffic, 4 * layers * 16 * 8 * kernel); // the kernels bind at micro-batch 1
    EXPECT_NEAR(added(m), 4 * layers * 16 * 8 * kernel - traffic, 1e-9);
    c.checkpointing = Checkpointing::Full;
    const double recomputed = 4 * layers * 4096 * 4 * 2880.0 * (2 * 28 + 36) / bandwidth;
    EXPECT_NEAR(added(m), std::max(4 * layers * 16 * 10 * kernel, recomputed) - recomputed, 1e-9);
    c.checkpointing = Checkpointing::None;
    EXPECT_EQ(added(test::presetModel("qwen3-30b-a3b")), 0);
    // Outside Megatron the experts run as one grouped kernel: no per-expert bias kernels.
    w.framework = TrainingStack::Torchtitan;
    EXPECT_EQ(added(m), 0);
}

TEST(MegatronStackInputs, ExpertBiasTrafficFollowsTheProbabilitiesWidth)
{
    // Megatron's TEGroupedMLP._apply_bias per element of the routed copies (moe_layer_time.cpp
    // expertBiasBytesPerElement), by hand: with 16-bit probabilities b * p writes 2, the sum reads 4 and writes 2,
    // torch.cat reads and writes 2 (.to is a no-op): 12 forward; backward the two products' gradients read, write and
    // read 2 each: 12. With fp32 probabilities everything after b * p is 4 bytes wide and cast back: 4 + 10 + 8 + 6 =
    // 28 forward, 6 + 6 + 12 + 12 = 36 backward.
    Workload w = megatronInputsWorkload(Checkpointing::None);
    w.moeTokenDispatcher = MoeDispatcher::AllToAll;
    EXPECT_DOUBLE_EQ(expertBiasBytesPerElement(w).forward, 12);
    EXPECT_DOUBLE_EQ(expertBiasBytesPerElement(w).backward, 12);
    w.moeTokenDispatcher = MoeDispatcher::AllGather;
    EXPECT_DOUBLE_EQ(expertBiasBytesPerElement(w).forward, 12);
    w.moeTokenDispatcher = MoeDispatcher::Flex; // DeepEP and HybridEP upcast the probabilities to fp32
    EXPECT_DOUBLE_EQ(expertBiasBytesPerElement(w).forward, 28);
    EXPECT_DOUBLE_EQ(expertBiasBytesPerElement(w).backward, 36);

    // GPT-OSS 120B at micro-batch 4 on B200, expert parallel 8, flex: 16,384 x 4 copies a layer pass outlast the 16
    // experts' 8 bias kernels, so the traffic sets the bias's time; under a full-iteration CUDA graph the kernels'
    // launches are gone but the traffic stays.
    const ResolvedModel m = test::presetModel("gpt-oss-120b");
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "b200-180gb-sxm", 8, "nvlink5", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const double bandwidth = hw.gpu.memoryBandwidthGBps * 1e9 * d.decodeBandwidth;
    Configuration c = expertParallelEight(5);
    const double passes = 36 * 5;
    const double rows = 4 * 4096 * 4;
    const double traffic = passes * rows * 2880 * (28 + 36) / bandwidth;
    const double kernels = passes * 16 * 8 * d.expertKernelCallSeconds;
    ASSERT_GT(traffic, kernels);
    EXPECT_NEAR(expertCallFloor(m.architecture, w, c, passes, rows, bandwidth, d).biasSeconds, traffic, 1e-12);
    w.cudaGraphs = CudaGraphScope::FullIteration;
    const ExpertCallFloor graphed = expertCallFloor(m.architecture, w, c, passes, rows, bandwidth, d);
    EXPECT_NEAR(graphed.biasSeconds, traffic, 1e-12);
    EXPECT_EQ(graphed.seconds, 0);
    // At one micro-batch's rows the kernels bind again, and 16-bit probabilities (alltoall) move 24 bytes, not 64.
    w.cudaGraphs = CudaGraphScope::None;
    w.moeTokenDispatcher = MoeDispatcher::AllToAll;
    EXPECT_NEAR(expertCallFloor(m.architecture, w, c, passes, rows / 4, bandwidth, d).biasSeconds, kernels, 1e-12);
    EXPECT_NEAR(expertCallFloor(m.architecture, w, c, passes, 4 * rows, bandwidth, d).biasSeconds,
        std::max(kernels, passes * 4 * rows * 2880 * 24 / bandwidth), 1e-12);
    // A model without expert biases has none.
    EXPECT_EQ(
        expertCallFloor(test::presetModel("qwen3-30b-a3b").architecture, w, c, passes, rows, bandwidth, d).biasSeconds,
        0);
}

TEST(MegatronStackInputs, ClampedGluAddsItsEagerPassesPerRoutedCopy)
{
    // GPT-OSS's clamped gated activation (Megatron-LM weighted_bias_quick_geglu_impl with a clamp value): per routed
    // copy and intermediate pair, by hand at 16 bits, forward two clamps (read and write 2 bytes each) and their
    // concatenation (read and write 4): 16; backward the gate's mask and where (2 + 1, then 1 + 2 + 2), the linear
    // half's two masks, their AND and where (3 + 3 + 3 + 5) and chunk's gradient concatenation (8): 30. fp32 doubles
    // the tensors, not the masks: 32 and 52.
    Workload w = megatronInputsWorkload(Checkpointing::None);
    EXPECT_DOUBLE_EQ(expertClampBytesPerElement(w).forward, 16);
    EXPECT_DOUBLE_EQ(expertClampBytesPerElement(w).backward, 30);
    Workload fp32 = w;
    fp32.precision = Precision::Fp32;
    EXPECT_DOUBLE_EQ(expertClampBytesPerElement(fp32).forward, 32);
    EXPECT_DOUBLE_EQ(expertClampBytesPerElement(fp32).backward, 52);

    // GPT-OSS 120B (2,880 intermediate pairs, top-4, 36 MoE layers) on one B200 node at expert parallel 8, micro-batch
    // 1 of 4,096 tokens, 4 micro-batches: the step's compute grows by the passes' bytes at the achieved bandwidth, with
    // the forward's again where the activation is recomputed (recompute_moe_act).
    ResolvedModel m = test::presetModel("gpt-oss-120b");
    ASSERT_TRUE(m.architecture.clampedGlu);
    ResolvedModel unclamped = m;
    unclamped.architecture.clampedGlu = false;
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "b200-180gb-sxm", 8, "nvlink5", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const double bandwidth = hw.gpu.memoryBandwidthGBps * 1e9 * d.decodeBandwidth;
    const Configuration c = expertParallelEight(4);
    auto added = [&](const Workload& work) {
        return estimateThroughput(m, work, c, hw, catalog, d).step.compute
            - estimateThroughput(unclamped, work, c, hw, catalog, d).step.compute;
    };
    const double pairs = 4 * 4096 * 36 * 4 * 2880.0;
    EXPECT_NEAR(added(w), pairs * (16 + 30) / bandwidth, 1e-9);
    Workload recompute = w;
    recompute.recomputeMoeAct = true;
    EXPECT_NEAR(added(recompute), pairs * (2 * 16 + 30) / bandwidth, 1e-9);
    // Outside Megatron (its source not read for this) nothing is added.
    Workload titan = w;
    titan.framework = TrainingStack::Torchtitan;
    EXPECT_EQ(added(titan), 0);
}

TEST(MegatronStackInputs, DistributedOptimizerTrafficHidesBehindOneMicroBatch)
{
    // GPT-OSS 120B on 8 B200 nodes (3,200 Gb/s RDMA each) at expert parallel 8, data parallel 64, micro-batch 4, ZeRO
    // 1: the expert-data-parallel group of 8 spans the nodes, so each rank reduce-scatters its 16 experts' bf16
    // gradients and all-gathers their updated parameters over the network. Megatron reduces only in the last
    // micro-batch's backward and gathers in the first one's forward: what hides is at most those, whatever the
    // accumulation (throughput_model.cpp trainingCommunication), where the whole step's compute hid it before.
    const ResolvedModel m = test::presetModel("gpt-oss-120b");
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "b200-180gb-sxm", 8, "nvlink5", 8, 3200, true);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    Workload w = megatronInputsWorkload(Checkpointing::None);
    w.moeTokenDispatcher = MoeDispatcher::AllToAll;
    Configuration c = expertParallelEight(5);
    c.data = 64;
    c.microBatchSize = 4;
    w.microBatchSize = 4;
    double traffic = 0; // the data-parallel transfers of the last estimate
    auto exposed = [&](int accumulation) {
        c.gradientAccumulationSteps = accumulation;
        const ThroughputEstimate r = estimateThroughput(m, w, c, hw, catalog, d);
        const CommunicationTime t = estimateCommunication(m.architecture, m.parameters.total, m.parameters.total, w, c,
            hw, catalog, d, routedExpertFraction(m.architecture, m.parameters, m.parameters.total));
        EXPECT_GT(t.dataParallelReduceSeconds, 0.1);
        EXPECT_GT(t.dataParallelGatherSeconds, 0.1);
        // ZeRO 1 at bf16 gradients and parameters: the reduction and the gather move as many bytes.
        EXPECT_NEAR(t.dataParallelReduceSeconds, t.dataParallelGatherSeconds, 1e-9);
        traffic = t.dataParallelReduceSeconds + t.dataParallelGatherSeconds;
        // Every overlappable transfer here is the data-parallel traffic; the all-to-all stays in NVLink.
        EXPECT_NEAR(t.overlappableNetwork + t.overlappableIntraNode,
            t.dataParallelReduceSeconds + t.dataParallelGatherSeconds, 1e-9);
        const double micro = r.step.compute / accumulation; // no pipeline: no bubble
        const double forward = forwardShare(trainingFlopsPerToken(m.architecture, m.parameters, w, c.checkpointing));
        const double hidden = std::min(d.overlap * t.dataParallelReduceSeconds, micro * (1 - forward))
            + std::min(d.overlap * t.dataParallelGatherSeconds, micro * forward);
        EXPECT_NEAR(r.step.communicationNetwork, t.overlappableNetwork + t.blockingNetwork - hidden, 1e-9);
        return r.step.communicationNetwork;
    };
    const double five = exposed(5);
    EXPECT_NEAR(exposed(50), five, 1e-9); // ten times the compute hides no more of it
    // The gather outlasts one micro-batch's forward: more stays exposed than the fifth the step-long window left.
    EXPECT_GT(five, (1 - d.overlap) * traffic + 0.1);
    // Another stack (torchtitan: FSDP's own schedule, not read for this) keeps the whole step as its window.
    w.framework = TrainingStack::Torchtitan;
    c.gradientAccumulationSteps = 50;
    const ThroughputEstimate titan = estimateThroughput(m, w, c, hw, catalog, d);
    EXPECT_LT(titan.step.communicationNetwork, five);
}

TEST(MegatronStackInputs, RouterAndPermutationAreMemoryPassesPerDispatcher)
{
    // Qwen3-30B-A3B (h 2,048, 128 experts, top-8, 48 MoE layers) on one 8-GPU B200 node, expert parallel 8, micro-batch
    // 1 of 4,096 tokens, 4 micro-batches, no recompute. Per token and layer, by hand from Transformer Engine's fused
    // router and permutation kernels (throughput_model.cpp moeTokenPassSeconds): the router's fp32 score passes
    // 30 x 128 bytes forward, 41 x 128 backward; permute and unpermute (8 + 1) x 2,048 elements each at 2 bytes.
    const ResolvedModel m = test::presetModel("qwen3-30b-a3b");
    ASSERT_EQ(m.architecture.hiddenSize, 2048);
    ASSERT_EQ(m.architecture.numExperts, 128);
    ASSERT_EQ(m.architecture.expertsPerToken, 8);
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "b200-180gb-sxm", 8, "nvlink5", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const double bandwidth = hw.gpu.memoryBandwidthGBps * 1e9 * d.decodeBandwidth;
    ASSERT_GT(bandwidth, 0);
    Configuration c = expertParallelEight(4);
    Workload w = megatronInputsWorkload(Checkpointing::None);
    const double tokens = 4 * 4096.0 * 48; // the rank's tokens through its MoE layers in one step
    const double router = (30 + 41) * 128.0;
    const double h = 2048;
    auto passes = [&](MoeDispatcher dispatcher) {
        w.moeTokenDispatcher = dispatcher;
        return estimateThroughput(m, w, c, hw, catalog, d).moeTokenPassSeconds;
    };
    // alltoall: permute and unpermute of all 8 copies, and 16 local experts' chunk sorts after the dispatch and
    // before the combine (a read and a write of each copy), forward and backward.
    const double alltoall = router + 2 * (2 * (8 + 1) * h + 4 * 8 * h) * 2;
    EXPECT_NEAR(passes(MoeDispatcher::AllToAll), tokens * alltoall / bandwidth, 1e-9);
    // allgather: the permute reads the 8 ranks' gathered tokens for its local copies.
    const double allgather = router + 2 * (2 * (8 + 8) * h) * 2;
    EXPECT_NEAR(passes(MoeDispatcher::AllGather), tokens * allgather / bandwidth, 1e-9);
    // flex (DeepEP): one received copy per rank reached, permuted into the local experts' copies; fewer bytes than
    // allgather, and no sorts.
    const double reached = expertRanksReached(m.architecture, 8);
    EXPECT_GT(reached, 1.0);
    EXPECT_LT(reached, 8.0);
    const double flex = router + 2 * (2 * (8 + reached) * h) * 2;
    EXPECT_NEAR(passes(MoeDispatcher::Flex), tokens * flex / bandwidth, 1e-9);
    EXPECT_NEAR(passes(MoeDispatcher::Auto), passes(MoeDispatcher::Flex), 1e-12);
    // Full recompute runs the forward passes once more.
    w.moeTokenDispatcher = MoeDispatcher::AllToAll;
    c.checkpointing = Checkpointing::Full;
    w.activationCheckpointing = Checkpointing::Full;
    const double forward = 30 * 128.0 + (2 * (8 + 1) * h + 4 * 8 * h) * 2;
    EXPECT_NEAR(estimateThroughput(m, w, c, hw, catalog, d).moeTokenPassSeconds,
        tokens * (alltoall + forward) / bandwidth, 1e-9);
    // The passes are part of the memory-bound time, and a dense model has none.
    const ThroughputEstimate full = estimateThroughput(m, w, c, hw, catalog, d);
    EXPECT_GE(full.memoryBoundSeconds, full.moeTokenPassSeconds);
    EXPECT_EQ(estimateThroughput(test::presetModel("llama-3.1-8b"), w, c, hw, catalog, d).moeTokenPassSeconds, 0);
    // Counted under Megatron only (the stack whose router and dispatcher code was read).
    w.framework = TrainingStack::Torchtitan;
    EXPECT_EQ(estimateThroughput(m, w, c, hw, catalog, d).moeTokenPassSeconds, 0);
}

TEST(MegatronStackInputs, Fp8PaddingOfTheExpertRowsIsAMemoryPass)
{
    // The same Qwen3-30B-A3B step under FP8 (MXFP8): with the alltoall and allgather dispatchers TEGroupedMLP pads each
    // local expert's rows to the recipe's alignment before fc1 and unpads fc2's output (Transformer Engine's
    // Fp8Padding / Fp8Unpadding, one fused kernel each reading and writing every copy), and their backward runs the
    // other kernel on the gradients: 2 x 2 x 8 x 2,048 elements more per token and layer in each direction, at 2 bytes
    // (the hidden states stay 16-bit).
    const ResolvedModel m = test::presetModel("qwen3-30b-a3b");
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "b200-180gb-sxm", 8, "nvlink5", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const double bandwidth = hw.gpu.memoryBandwidthGBps * 1e9 * d.decodeBandwidth;
    ASSERT_GT(bandwidth, 0);
    Configuration c = expertParallelEight(4);
    Workload w = megatronInputsWorkload(Checkpointing::None);
    const double tokens = 4 * 4096.0 * 48; // the rank's tokens through its MoE layers in one step
    const double padding = 2 * (4 * 8 * 2048.0) * 2; // forward and backward, bytes per token and layer
    auto passes = [&](Precision precision, MoeDispatcher dispatcher) {
        w.precision = precision;
        w.fp8Recipe = Fp8Recipe::Mxfp8;
        w.moeTokenDispatcher = dispatcher;
        return estimateThroughput(m, w, c, hw, catalog, d).moeTokenPassSeconds;
    };
    for (MoeDispatcher dispatcher : { MoeDispatcher::AllToAll, MoeDispatcher::AllGather })
        EXPECT_NEAR(passes(Precision::Fp8, dispatcher) - passes(Precision::Bf16, dispatcher),
            tokens * padding / bandwidth, 1e-9);
    // HybridEP pads in its own dispatch (Megatron-LM@d98e8a64 skip_routed_expert_padding): flex has no padding pass.
    EXPECT_NEAR(passes(Precision::Fp8, MoeDispatcher::Flex), passes(Precision::Bf16, MoeDispatcher::Flex), 1e-12);
    // Full recompute pads and unpads once more forward.
    c.checkpointing = Checkpointing::Full;
    w.activationCheckpointing = Checkpointing::Full;
    EXPECT_NEAR(passes(Precision::Fp8, MoeDispatcher::AllToAll) - passes(Precision::Bf16, MoeDispatcher::AllToAll),
        tokens * padding * 1.5 / bandwidth, 1e-9);
}

TEST(MegatronStackInputs, CombinedScheduleHidesThePairedAllToAll)
{
    // Qwen3-30B-A3B on one 8-GPU H100 node, expert parallel 8, alltoall, micro-batch 1 of 4,096 tokens, 64
    // micro-batches a step, no pipeline: combined_1f1b_schedule_for_no_pipelining runs the first forward alone, then
    // each forward beside the previous micro-batch's backward, then the last backward alone. Of the 2 x 64 passes'
    // all-to-alls, 2 x 63 are paired: 63 / 64 of the all-to-all may hide.
    const ResolvedModel m = test::presetModel("qwen3-30b-a3b");
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    Configuration c = expertParallelEight(64);
    Workload w = megatronInputsWorkload(Checkpointing::None);
    w.moeTokenDispatcher = MoeDispatcher::AllToAll;
    const double p = m.parameters.total;
    const double routed = routedExpertFraction(m.architecture, m.parameters, p);
    const CommunicationTime exposed = estimateCommunication(m.architecture, p, p, w, c, hw, catalog, d, routed, 0.0);
    ASSERT_GT(exposed.expertParallelSeconds, 0);
    EXPECT_EQ(exposed.expertParallelPaired, 0);
    const ThroughputEstimate off = estimateThroughput(m, w, c, hw, catalog, d);
    w.moeA2aOverlap = true;
    const CommunicationTime paired = estimateCommunication(m.architecture, p, p, w, c, hw, catalog, d, routed, 0.0);
    EXPECT_NEAR(paired.expertParallelPaired, exposed.expertParallelSeconds * 63 / 64, 1e-12);
    const ThroughputEstimate on = estimateThroughput(m, w, c, hw, catalog, d);
    // Each hidden second leaves the step, never more than the paired all-to-all, never more than the compute it hides
    // behind (63 / 64 of it).
    const double hidden = off.step.communication - on.step.communication;
    EXPECT_NEAR(hidden, off.expertParallelSeconds - on.expertParallelSeconds, 1e-9);
    EXPECT_GT(hidden, 0);
    EXPECT_LE(hidden, paired.expertParallelPaired + 1e-12);
    EXPECT_LE(hidden, on.step.compute * 63 / 64);
    EXPECT_NEAR(off.step.total - on.step.total, hidden, 1e-9);
    // Here the compute (seconds) dwarfs the NVLink all-to-all: all the paired part runs beside compute, which keeps
    // the SMs NCCL's kernel leaves (moeA2aComputeShareBeside, 100 of the H100's 132): 1 / 64 stays, and of the paired
    // 63 / 64 the share of the SMs the all-to-all holds.
    const double keep = moeA2aComputeShareBeside(w, hw, catalog);
    ASSERT_LT(keep, 1.0);
    EXPECT_NEAR(on.expertParallelSeconds, off.expertParallelSeconds * (1.0 / 64 + 63.0 / 64 * (1.0 - keep)), 1e-9);

    // One micro-batch a step: nothing to pair. The interleaved pipeline (8 stages, 4 chunks, 512 micro-batches): the
    // warmup forwards, (p - r - 1) x 2 + (v - 1) x p + 1 on rank r, 4 x 8 = 32 on average, of 4 x 512 chunk passes.
    Configuration single = c;
    single.gradientAccumulationSteps = 1;
    EXPECT_EQ(moeA2aPairedShare(single), 0.0);
    Configuration piped = c;
    piped.pipeline = 8;
    piped.pipelineSchedule = PipelineSchedule::Interleaved;
    piped.virtualStages = 4;
    piped.gradientAccumulationSteps = 512;
    EXPECT_NEAR(moeA2aPairedShare(piped), 1.0 - 32.0 / 2048.0, 1e-15);

    // Where Megatron-Core refuses the schedule the all-to-all stays exposed, and the plan is told why.
    Workload gathered = w;
    gathered.moeTokenDispatcher = MoeDispatcher::AllGather;
    EXPECT_EQ(moeA2aOverlapRefusal(m.architecture, gathered, c), "dispatcher");
    EXPECT_EQ(
        estimateCommunication(m.architecture, p, p, gathered, c, hw, catalog, d, routed, 0.0).expertParallelPaired, 0);
    Configuration noVirtual = c;
    noVirtual.pipeline = 2;
    EXPECT_EQ(moeA2aOverlapRefusal(m.architecture, w, noVirtual), "virtual_stages");
    Configuration fullRecompute = c;
    fullRecompute.checkpointing = Checkpointing::Full;
    EXPECT_EQ(moeA2aOverlapRefusal(m.architecture, w, fullRecompute), "full_recompute");
    Configuration noExpertParallel = c;
    noExpertParallel.expert = 1;
    EXPECT_EQ(moeA2aOverlapRefusal(m.architecture, w, noExpertParallel), "expert_parallel");
    EXPECT_TRUE(moeA2aOverlapRefusal(m.architecture, w, piped).empty());
    const auto refused = [](const Diagnostics& all) {
        return std::find_if(all.begin(), all.end(), [](const Diagnostic& x) {
            return x.code == "moe_a2a_overlap_refused";
        }) != all.end();
    };
    EXPECT_TRUE(refused(sanityChecks(m, w, noVirtual, 1.0)));
    EXPECT_TRUE(refused(sanityChecks(m, gathered, c, 1.0)));
    EXPECT_FALSE(refused(sanityChecks(m, w, c, 1.0)));
    Workload torchtitan = w;
    torchtitan.framework = TrainingStack::Torchtitan;
    EXPECT_TRUE(refused(sanityChecks(m, torchtitan, c, 1.0)));
    Workload torchtitanExposed = torchtitan;
    torchtitanExposed.moeA2aOverlap = false;
    EXPECT_NEAR(estimateThroughput(m, torchtitan, c, hw, catalog, d).expertParallelSeconds,
        estimateThroughput(m, torchtitanExposed, c, hw, catalog, d).expertParallelSeconds, 1e-12);
}

TEST(MegatronStackInputs, CombinedScheduleHidesEachAllToAllBehindThePartItRunsBeside)
{
    // One layer step of the combined schedule by hand (times in ms). Streams in Megatron-LM's issue order:
    //   comm:    combine_bwd | dispatch_fwd -> dispatch_bwd | combine_fwd
    //   compute: attn_fwd    | mlp_bwd -> mlp_bwd_dw -> mlp_fwd | attn_bwd
    // Attention 1 forward, 2 backward; experts 1 each for forward, data and weight gradients: 6 of compute.
    MoeA2aLayerPair pair;
    pair.attentionForward = 1;
    pair.attentionBackward = 2;
    pair.expertsForward = 1;
    pair.expertsBackward = 1;
    pair.expertsWeightGradient = 1;
    // All-to-all 0.5: each one ends before what waits for it is due: nothing exposed.
    pair.allToAll = 0.5;
    EXPECT_DOUBLE_EQ(moeA2aLayerPairExposedSeconds(pair), 0.0);
    // All-to-all 2 (8 a step, more than the 6 of compute): combine_bwd ends at 2, mlp_bwd runs 2-3, dispatch_fwd 2-4,
    // mlp_bwd_dw 3-4, dispatch_bwd 4-6, mlp_fwd 4-5, combine_fwd 6-8, attn_bwd 6-8: 8, 2 beyond the compute.
    pair.allToAll = 2;
    EXPECT_DOUBLE_EQ(moeA2aLayerPairExposedSeconds(pair), 2.0);
    // Attention-heavy: attention 2 forward, 4 backward, experts 0.2 each, all-to-all 1: the four all-to-alls (4) are
    // less than the compute (6.6), yet dispatch_fwd (2-3) and dispatch_bwd (3-4) outlast the experts (2-2.4, 3-3.2)
    // and attn_bwd waits for dispatch_bwd: 4-8 against 6.6 of compute, 1.4 exposed (the whole-step window hid all).
    pair.attentionForward = 2;
    pair.attentionBackward = 4;
    pair.expertsForward = 0.2;
    pair.expertsBackward = 0.2;
    pair.expertsWeightGradient = 0.2;
    pair.allToAll = 1;
    EXPECT_NEAR(moeA2aLayerPairExposedSeconds(pair), 1.4, 1e-12);
    // Never more than the four all-to-alls, never less than nothing.
    pair.allToAll = 100;
    EXPECT_LE(moeA2aLayerPairExposedSeconds(pair), 400.0);
    EXPECT_GE(moeA2aLayerPairExposedSeconds(pair), 400.0 - 6.6 - 1e-9);

    // Over a step: Qwen3-30B-A3B (48 MoE layers), no pipeline, 4 micro-batches, a paired share of 63 / 64: the exposed
    // part is the pair's times the paired layer steps. Compute 48 x 4 x 6 ms with 48 x 4 x 3 of experts, 48 x 4 x 4
    // all-to-alls of 2 ms: each layer step as the second case.
    const ResolvedModel m = test::presetModel("qwen3-30b-a3b");
    Configuration c = expertParallelEight(4);
    const Workload w = megatronInputsWorkload(Checkpointing::None);
    const double steps = moeLayers(m.architecture) * 4;
    ASSERT_EQ(moeLayers(m.architecture), totalLayers(m.architecture));
    EXPECT_NEAR(
        moeA2aPairedExposedSeconds(m.architecture, w, c, steps * 6e-3, steps * 3e-3, steps * 4 * 2e-3, 63.0 / 64),
        steps * 2e-3 * 63 / 64, 1e-12);
    EXPECT_EQ(moeA2aPairedExposedSeconds(m.architecture, w, c, steps * 6e-3, steps * 3e-3, 0.0, 63.0 / 64), 0.0);
}

TEST(MegatronStackInputs, TensorParallelOverlapHidesTheTransfersBehindTheLinearGemms)
{
    // Llama 3.1 70B on one 8-GPU H100 node, tensor 8 with sequence parallelism, 16 micro-batches of 4,096 tokens.
    // Transformer Engine's userbuffers (--tp-comm-overlap) run the tensor-parallel all-gathers and reduce-scatters
    // beside the GEMMs: the transfers (bytes over the NVLink bus) leave the step, up to the linear layers' GEMM time;
    // the per-call latency stays.
    const ResolvedModel m = test::presetModel("llama-3.1-70b");
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    Configuration c;
    c.tensor = 8;
    c.sequenceParallel = true;
    c.zeroStage = 1;
    c.microBatchSize = 1;
    c.gradientAccumulationSteps = 16;
    c.checkpointing = Checkpointing::Full;
    Workload w = megatronInputsWorkload(Checkpointing::Full);
    const double p = m.parameters.total;
    const CommunicationTime exposed = estimateCommunication(m.architecture, p, p, w, c, hw, catalog, d);
    EXPECT_EQ(exposed.tensorParallelOverlapped, 0);
    const ThroughputEstimate off = estimateThroughput(m, w, c, hw, catalog, d);
    w.tpCommOverlap = true;
    const CommunicationTime overlapped = estimateCommunication(m.architecture, p, p, w, c, hw, catalog, d);
    // 2 (t - 1) / t x tokens x h x 2 bytes a call; 4 calls a layer and micro-batch, 2 more under full recompute.
    const double perCall = 2.0 * 7 / 8 * 4096 * double(m.architecture.hiddenSize) * 2;
    const double calls = 6.0 * double(m.architecture.numLayers) * 16;
    EXPECT_NEAR(overlapped.tensorParallelBytes, perCall * calls, 1.0);
    EXPECT_NEAR(overlapped.tensorParallelOverlapped, perCall * calls / (intraNodeBusGBps(hw, d) * 1e9), 1e-9);
    const ThroughputEstimate on = estimateThroughput(m, w, c, hw, catalog, d);
    const double linearGemms = on.step.compute - on.memoryBoundSeconds - on.attentionSeconds;
    ASSERT_GT(linearGemms, overlapped.tensorParallelOverlapped); // here the GEMMs outlast the transfers
    EXPECT_NEAR(off.step.total - on.step.total, overlapped.tensorParallelOverlapped, 1e-9);
    EXPECT_GT(on.step.communicationIntraNode, 0); // the calls' latency stays

    // Megatron-LM asserts sequence parallelism with it; other stacks have no userbuffers: nothing hides.
    Configuration noSequenceParallel = c;
    noSequenceParallel.sequenceParallel = false;
    EXPECT_EQ(
        estimateCommunication(m.architecture, p, p, w, noSequenceParallel, hw, catalog, d).tensorParallelOverlapped, 0);
    Workload torchtitan = w;
    torchtitan.framework = TrainingStack::Torchtitan;
    EXPECT_EQ(estimateCommunication(m.architecture, p, p, torchtitan, c, hw, catalog, d).tensorParallelOverlapped, 0);
    // Read from the flag and the recipes' YAML names.
    EXPECT_EQ(gp::testing::launchMappedFields("#!/bin/bash\ntorchrun --nproc_per_node 8 pretrain_gpt.py "
                                              "--tensor-model-parallel-size 8 --sequence-parallel --tp-comm-overlap\n",
                  "train.sh")["workload.tp_comm_overlap"],
        true);
    EXPECT_EQ(gp::testing::launchMappedFields(
                  "model:\n  tensor_model_parallel_size: 8\ncomm_overlap:\n  tp_comm_overlap: true\n",
                  "bridge.yaml")["workload.tp_comm_overlap"],
        true);
    EXPECT_EQ(gp::testing::launchMappedFields("model:\n  tensor_model_parallel_size: 8\n  ub_tp_comm_overlap: true\n",
                  "nemo.yaml")["workload.tp_comm_overlap"],
        true);
}

TEST(MegatronStackInputs, LaunchFilesStateThem)
{
    const std::string base = "#!/bin/bash\ntorchrun --nproc_per_node 8 pretrain_gpt.py --num-layers 32 "
                             "--hidden-size 4096 --num-attention-heads 32 --seq-length 4096 --micro-batch-size 1 "
                             "--global-batch-size 256 --bf16 --use-distributed-optimizer --num-experts 8";
    auto flags = gp::testing::launchMappedFields(base
            + " --recompute-granularity selective --recompute-modules layernorm moe_act --moe-token-dispatcher-type "
              "alltoall --cuda-graph-impl full_iteration --use-precision-aware-optimizer --main-params-dtype fp16 "
              "--exp-avg-dtype bf16 --exp-avg-sq-dtype bf16\n",
        "train.sh");
    EXPECT_EQ(flags["workload.activation_checkpointing"], "none"); // core_attn is not in the list
    EXPECT_EQ(flags["workload.recompute_layernorm"], true);
    EXPECT_EQ(flags["workload.recompute_moe_act"], true);
    EXPECT_EQ(flags.count("workload.recompute_mla_up_proj"), 0u);
    EXPECT_EQ(flags["workload.moe_token_dispatcher"], "alltoall");
    EXPECT_EQ(flags["workload.cuda_graphs"], "full-iteration");
    EXPECT_EQ(flags["workload.master_weights_precision"], "fp16");
    EXPECT_EQ(flags["workload.bf16_optimizer_states"], true);
    // Megatron-LM's defaults: selective recompute of core_attn, the allgather dispatcher, no CUDA graphs.
    auto defaults
        = gp::testing::launchMappedFields(base + " --recompute-activations --enable-cuda-graph\n", "train.sh");
    EXPECT_EQ(defaults["workload.activation_checkpointing"], "selective");
    EXPECT_EQ(defaults["workload.moe_token_dispatcher"], "allgather");
    EXPECT_EQ(defaults["workload.cuda_graphs"], "per-layer");
    // Megatron-Bridge YAML (a list of modules) and NeMo 1's Apex optimizer dtype.
    auto bridge = gp::testing::launchMappedFields(
        "model:\n  tensor_model_parallel_size: 1\n  recompute_granularity: selective\n"
        "  recompute_modules:\n  - core_attn\n  - mla_up_proj\n"
        "  moe_token_dispatcher_type: flex\n  cuda_graph_impl: transformer_engine\n"
        "  cuda_graph_scope:\n  - attn\n  - moe_router\n",
        "bridge.yaml");
    EXPECT_EQ(bridge["workload.activation_checkpointing"], "selective");
    EXPECT_EQ(bridge["workload.recompute_mla_up_proj"], true);
    EXPECT_EQ(bridge["workload.moe_token_dispatcher"], "flex");
    EXPECT_EQ(bridge["workload.cuda_graphs"], "per-layer");
    // The combined 1F1B schedule: the flag, Megatron-Bridge's comm_overlap field and its performance configs' name.
    EXPECT_EQ(gp::testing::launchMappedFields(
                  base + " --overlap-moe-expert-parallel-comm\n", "train.sh")["workload.moe_a2a_overlap"],
        true);
    EXPECT_EQ(gp::testing::launchMappedFields("model:\n  tensor_model_parallel_size: 1\ncomm_overlap:\n  "
                                              "overlap_moe_expert_parallel_comm: true\n",
                  "bridge.yaml")["workload.moe_a2a_overlap"],
        true);
    EXPECT_EQ(gp::testing::launchMappedFields("model:\n  tensor_model_parallel_size: 1\n  moe_a2a_overlap: true\n",
                  "perf.yaml")["workload.moe_a2a_overlap"],
        true);
    EXPECT_EQ(defaults.count("workload.moe_a2a_overlap"), 0u);
    // The layer split's flags (Megatron-Bridge's model fields of the same names): both, the loss alone, neither.
    EXPECT_EQ(gp::testing::launchMappedFields(base
                      + " --pipeline-model-parallel-size 4 --account-for-embedding-in-pipeline-split "
                        "--account-for-loss-in-pipeline-split\n",
                  "train.sh")["workload.parallelism.pipeline_split"],
        "embedding_and_loss");
    EXPECT_EQ(gp::testing::launchMappedFields(
                  "model:\n  tensor_model_parallel_size: 1\n  account_for_loss_in_pipeline_split: true\n"
                  "  account_for_embedding_in_pipeline_split: false\n",
                  "bridge.yaml")["workload.parallelism.pipeline_split"],
        "loss");
    EXPECT_EQ(defaults.count("workload.parallelism.pipeline_split"), 0u);
    auto apex = gp::testing::launchMappedFields(
        "model:\n  tensor_model_parallel_size: 4\n  optim:\n    name: distributed_fused_adam\n    dtype: bf16\n",
        "nemo.yaml");
    EXPECT_EQ(apex["workload.master_weights_precision"], "bf16");
    EXPECT_EQ(apex["workload.bf16_optimizer_states"], true);
}

TEST(MegatronStackInputs, FlexDispatcherBackendAndSmsAreReadAsMegatronNamesThem)
{
    // Megatron-LM @d98e8a64: --moe-flex-dispatcher-backend (deepep, hybridep, ncclep) and
    // --moe-flex-dispatcher-num-sms, which replaced the per-backend --moe-deepep-num-sms / --moe-hybridep-num-sms.
    const std::string base = "#!/bin/bash\ntorchrun --nproc_per_node 8 pretrain_gpt.py --num-layers 48 "
                             "--hidden-size 2048 --num-attention-heads 32 --seq-length 4096 --micro-batch-size 1 "
                             "--global-batch-size 256 --bf16 --num-experts 128 --moe-router-topk 8 "
                             "--expert-model-parallel-size 8 --moe-token-dispatcher-type flex";
    auto hybrid = gp::testing::launchMappedFields(
        base + " --moe-flex-dispatcher-backend hybridep --moe-hybridep-num-sms 32\n", "train.sh");
    EXPECT_EQ(hybrid["workload.moe_flex_dispatcher_backend"], "hybridep");
    EXPECT_EQ(hybrid["workload.moe_flex_dispatcher_sms"], 32);
    auto unified = gp::testing::launchMappedFields(
        base + " --moe-flex-dispatcher-backend hybridep --moe-flex-dispatcher-num-sms 24 --moe-hybridep-num-sms 32\n",
        "train.sh");
    EXPECT_EQ(unified["workload.moe_flex_dispatcher_sms"], 24); // the unified flag wins
    // DeepEP is the default backend: its own SM flag is read, HybridEP's is left out with a reason.
    const auto read = readLaunchFile(base + " --moe-deepep-num-sms 20 --moe-hybridep-num-sms 32\n", "train.sh");
    ASSERT_TRUE(read);
    std::map<std::string, nlohmann::json> got;
    for (const auto& mapped : read->mapped)
        got[mapped.planField] = mapped.value;
    EXPECT_EQ(got.count("workload.moe_flex_dispatcher_backend"), 0u);
    EXPECT_EQ(got["workload.moe_flex_dispatcher_sms"], 20);
    EXPECT_NE(std::find_if(read->ignored.begin(), read->ignored.end(),
                  [](const LaunchIgnoredField& f) { return f.field == "--moe-hybridep-num-sms"; }),
        read->ignored.end());
    // A backend the plan has no value for, and an SM count that is not a positive whole number, are left out.
    auto nccl = gp::testing::launchMappedFields(
        base + " --moe-flex-dispatcher-backend ncclep --moe-flex-dispatcher-num-sms 0\n", "train.sh");
    EXPECT_EQ(nccl.count("workload.moe_flex_dispatcher_backend"), 0u);
    EXPECT_EQ(nccl.count("workload.moe_flex_dispatcher_sms"), 0u);
    // Megatron-Bridge YAML: the model fields of the same names.
    auto bridge
        = gp::testing::launchMappedFields("model:\n  tensor_model_parallel_size: 1\n  moe_token_dispatcher_type: flex\n"
                                          "  moe_flex_dispatcher_backend: hybridep\n  moe_hybridep_num_sms: 32\n",
            "bridge.yaml");
    EXPECT_EQ(bridge["workload.moe_flex_dispatcher_backend"], "hybridep");
    EXPECT_EQ(bridge["workload.moe_flex_dispatcher_sms"], 32);
}

TEST(MegatronStackInputs, Fp8RecipeIsReadAsMegatronNamesItAndDefaultsToDelayed)
{
    // Megatron-Core's fp8_recipe defaults to "delayed" (transformer_config.py @d98e8a64): a command line with
    // --fp8-format alone trains with Transformer Engine's delayed scaling; a stated recipe is read as written.
    const std::string base = "#!/bin/bash\ntorchrun --nproc_per_node 8 pretrain_gpt.py --num-layers 32 "
                             "--hidden-size 4096 --num-attention-heads 32 --seq-length 4096 --micro-batch-size 1 "
                             "--global-batch-size 256 --bf16 --fp8-format hybrid";
    EXPECT_EQ(gp::testing::launchMappedFields(base + "\n", "train.sh")["workload.fp8_recipe"], "delayed");
    for (const char* recipe : { "delayed", "tensorwise", "mxfp8", "blockwise" })
        EXPECT_EQ(
            gp::testing::launchMappedFields(base + " --fp8-recipe " + recipe + "\n", "train.sh")["workload.fp8_recipe"],
            recipe);
}

TEST(MegatronStackInputs, TheExportWritesThemBack)
{
    auto parsed = parsePlan(defaultPlanText());
    ASSERT_TRUE(parsed);
    Plan plan = *parsed;
    plan.model.preset = "llama-2-7b";
    plan.model.architectureJson = nlohmann::json();
    CandidateSpec candidate;
    candidate.instance = "tencent:GT4.41XLARGE948";
    plan.candidates = { candidate };
    plan.workload.framework = TrainingStack::Megatron;
    plan.workload.masterWeightsPrecision = MasterWeightsPrecision::Fp16;
    plan.workload.bf16OptimizerStates = true;
    plan.workload.recomputeLayernorm = true;
    plan.workload.cudaGraphs = CudaGraphScope::FullIteration;
    auto answer = answerPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer && answer->recommendation());
    auto exported = exportLaunch(plan, *answer, builtinCatalog(), "megatron", "stack inputs");
    ASSERT_TRUE(exported);
    const auto file = std::find_if(exported->files.begin(), exported->files.end(),
        [](const LaunchFile& f) { return f.name == "megatron-node0.sh"; });
    ASSERT_NE(file, exported->files.end());
    auto back = gp::testing::launchMappedFields(file->text, file->name);
    const Configuration& chosen = answer->recommendation()->best.configuration;
    // Megatron-LM's precision-aware optimizer runs with the distributed optimizer only: written there, noted elsewhere.
    if (chosen.zeroStage == 1) {
        EXPECT_EQ(back["workload.master_weights_precision"], "fp16");
        EXPECT_EQ(back["workload.bf16_optimizer_states"], true);
    } else {
        EXPECT_EQ(back.count("workload.master_weights_precision"), 0u);
        EXPECT_NE(std::find_if(exported->notes.begin(), exported->notes.end(),
                      [](const std::string& n) { return n.find("precision-aware") != std::string::npos; }),
            exported->notes.end());
    }
    // Full recompute (if the search chose it) repeats every module, so no module list is written beside it.
    if (chosen.checkpointing == Checkpointing::Full)
        EXPECT_EQ(back.count("workload.recompute_layernorm"), 0u);
    else
        EXPECT_EQ(back["workload.recompute_layernorm"], true);
    EXPECT_EQ(back["workload.cuda_graphs"], "full-iteration");
    // A dense model has no expert all-to-all: moe_a2a_overlap is not written, and the export says why.
    plan.workload.moeA2aOverlap = true;
    auto dense = exportLaunch(plan, *answerPlan(plan, builtinCatalog()), builtinCatalog(), "megatron", "dense");
    ASSERT_TRUE(dense);
    for (const LaunchFile& f : dense->files) {
        if (f.name == "megatron-node0.sh") {
            EXPECT_EQ(gp::testing::launchMappedFields(f.text, f.name).count("workload.moe_a2a_overlap"), 0u);
        }
    }
    EXPECT_NE(std::find_if(dense->notes.begin(), dense->notes.end(),
                  [](const std::string& n) { return n.find("no_experts") != std::string::npos; }),
        dense->notes.end());
}

// Qwen3-30B-A3B on one 8-GPU H100 node (aws:p5.48xlarge) under Megatron, expert parallel 8, with `dispatcher`.
Plan qwen3MoeMegatronPlan(MoeDispatcher dispatcher)
{
    Plan plan = *parsePlan(defaultPlanText());
    plan.model.preset = "qwen3-30b-a3b";
    plan.model.architectureJson = nlohmann::json();
    CandidateSpec candidate;
    candidate.instance = "aws:p5.48xlarge";
    plan.candidates = { candidate };
    plan.workload.framework = TrainingStack::Megatron;
    plan.workload.parallelism.expert = 8;
    plan.workload.moeTokenDispatcher = dispatcher;
    return plan;
}

TEST(MegatronStackInputs, TheExportWritesTheFlexBackendAndSmsBack)
{
    // Qwen3-30B-A3B on one 8-GPU H100 node with HybridEP at 32 SMs: the export writes the flex dispatcher, its backend
    // and its SMs, and reading the script back gives the plan's values.
    Plan plan = qwen3MoeMegatronPlan(MoeDispatcher::Flex);
    plan.workload.moeFlexDispatcherBackend = MoeFlexBackend::HybridEp;
    plan.workload.moeFlexDispatcherSms = 32;
    // The plan file round-trips both fields.
    const std::string text = serializePlan(plan);
    auto again = parsePlan(text);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->workload.moeFlexDispatcherBackend, MoeFlexBackend::HybridEp);
    EXPECT_EQ(again->workload.moeFlexDispatcherSms, 32);
    // Bad values are refused with the field's name.
    for (const auto& [field, bad] : { std::pair { "moe_flex_dispatcher_backend", nlohmann::json("ncclep") },
             std::pair { "moe_flex_dispatcher_sms", nlohmann::json(0) } }) {
        nlohmann::json document = nlohmann::json::parse(text);
        document["workload"][field] = bad;
        auto refused = parsePlan(document.dump());
        ASSERT_FALSE(refused);
        EXPECT_NE(refused.error().toString().find(std::string("workload.") + field), std::string::npos)
            << refused.error().toString();
    }
    auto answer = answerPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer && answer->recommendation());
    ASSERT_GT(answer->recommendation()->best.configuration.expert, 1);
    auto exported = exportLaunch(plan, *answer, builtinCatalog(), "megatron", "hybridep");
    ASSERT_TRUE(exported);
    const auto file = std::find_if(exported->files.begin(), exported->files.end(),
        [](const LaunchFile& f) { return f.name == "megatron-node0.sh"; });
    ASSERT_NE(file, exported->files.end());
    auto back = gp::testing::launchMappedFields(file->text, file->name);
    EXPECT_EQ(back["workload.moe_token_dispatcher"], "flex");
    EXPECT_EQ(back["workload.moe_flex_dispatcher_backend"], "hybridep");
    EXPECT_EQ(back["workload.moe_flex_dispatcher_sms"], 32);
    // The defaults: DeepEP written, no SM count.
    plan.workload.moeFlexDispatcherBackend = MoeFlexBackend::DeepEp;
    plan.workload.moeFlexDispatcherSms.reset();
    auto plain = exportLaunch(plan, *answerPlan(plan, builtinCatalog()), builtinCatalog(), "megatron", "deepep");
    ASSERT_TRUE(plain);
    for (const LaunchFile& f : plain->files)
        if (f.name == "megatron-node0.sh") {
            auto read = gp::testing::launchMappedFields(f.text, f.name);
            EXPECT_EQ(read["workload.moe_flex_dispatcher_backend"], "deepep");
            EXPECT_EQ(read.count("workload.moe_flex_dispatcher_sms"), 0u);
        }
}

TEST(MegatronStackInputs, TheExportWritesTheAllToAllOverlapBack)
{
    // Qwen3-30B-A3B on one 8-GPU H100 node, the alltoall dispatcher, the all-to-all overlap on.
    Plan plan = qwen3MoeMegatronPlan(MoeDispatcher::AllToAll);
    plan.workload.moeA2aOverlap = true;
    auto answer = answerPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer && answer->recommendation());
    const Configuration& chosen = answer->recommendation()->best.configuration;
    auto exported = exportLaunch(plan, *answer, builtinCatalog(), "megatron", "a2a overlap");
    ASSERT_TRUE(exported);
    const auto file = std::find_if(exported->files.begin(), exported->files.end(),
        [](const LaunchFile& f) { return f.name == "megatron-node0.sh"; });
    ASSERT_NE(file, exported->files.end());
    auto back = gp::testing::launchMappedFields(file->text, file->name);
    // Written where Megatron-LM accepts the chosen layout (the search picks the expert degree and recompute), else a
    // note says why it is not.
    if (moeA2aOverlapRefusal(answer->search.model.architecture, plan.workload, chosen).empty()) {
        EXPECT_EQ(back["workload.moe_a2a_overlap"], true);
    } else {
        EXPECT_EQ(back.count("workload.moe_a2a_overlap"), 0u);
        EXPECT_NE(
            std::find_if(exported->notes.begin(), exported->notes.end(),
                [](const std::string& n) { return n.find("--overlap-moe-expert-parallel-comm") != std::string::npos; }),
            exported->notes.end());
    }
}

} // namespace
} // namespace gp
