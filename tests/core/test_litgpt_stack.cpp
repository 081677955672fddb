// The LitGPT stack (workload.framework litgpt) by hand: its 128-token output-layer slices and compute-width
// cross-entropy, one LoRA dropout per fused query/key/value adapter, bitsandbytes' quantized output layer, the output
// layer it trains for a tied model, its FSDP units' gradients and gathered root, its evaluation defaults, and the
// plan's word for it.
#include "catalog/catalog.h"
#include "estimate/common/litgpt_stack.h"
#include "estimate/common/lora_adapter_passes.h"
#include "estimate/common/lora_dropout.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/throughput_model.h"
#include "plan/plan_enums.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"
#include "transformer/lora_modules.h"
#include "transformer/training_flops.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace gp
{
namespace
{

Workload litgptWorkload(TrainingStack stack, Technique technique)
{
    Workload w;
    w.framework = stack;
    w.technique = technique;
    w.precision = Precision::Bf16;
    w.masterWeights = false;
    w.bf16OptimizerStates = true;
    w.optimizer = Optimizer::AdamW;
    w.sequenceLength = 512;
    w.microBatchSize = 2;
    w.activationCheckpointing = Checkpointing::None;
    w.lossImplementation = LossImplementation::Chunked;
    w.lora.rank = 16;
    w.lora.targetModules = { "q_proj", "v_proj" };
    return w;
}

MemoryBreakdown litgptMemory(const ResolvedModel& m, const Workload& w)
{
    Configuration c;
    c.microBatchSize = w.microBatchSize;
    c.checkpointing = w.activationCheckpointing;
    return estimateMemory(m, w, c, test::testHardware(80), {}, builtinCatalog());
}

TEST(LitgptStack, ChunkedLossKeepsTwoComputeCopiesOfEveryLogitAndOneSlicesGradients)
{
    // LitGPT's fine-tuning: model(input_ids, lm_head_chunk_size=128) and chunked_cross_entropy at the compute width:
    // every slice's logits and log-softmax output (2 x 2 bytes per logit), and in backward one 128-token slice per
    // sequence of the two gradients beside them. torchtune's chunked loss upcasts one of 8 chunks to fp32 instead.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const double v = double(m.architecture.vocabSize);
    const Workload w = litgptWorkload(TrainingStack::Litgpt, Technique::Lora);
    const double positions = 512.0 * 2;
    EXPECT_NEAR(litgptMemory(m, w).logits, (positions + 2 * 128) * v * 2 * 2, 1e3);
    const double torchtune = litgptMemory(m, litgptWorkload(TrainingStack::Auto, Technique::Lora)).logits;
    EXPECT_NEAR(torchtune, positions * v * (2 + 12.0 / 8), 1e3);
    // A sequence shorter than a slice differentiates all of its logits at once.
    Workload shortSequences = w;
    shortSequences.sequenceLength = 64;
    EXPECT_NEAR(litgptMemory(m, shortSequences).logits, 2 * 128.0 * v * 2 * 2, 1e3);
}

TEST(LitgptStack, FusedQkvAdapterDropsItsInputOnceForQueryAndValue)
{
    // LoRAQKVLinear: F.linear(self.lora_dropout(x), self.lora_A) for every enabled projection at once; peft runs one
    // dropout per adapted module. Pre-position dropout keeps the dropped input and its mask: hidden x (2 + 1) bytes.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    LoraSpec lora;
    lora.rank = 16;
    lora.targetModules = { "q_proj", "v_proj", "o_proj" };
    const double h = double(m.architecture.hiddenSize);
    const double layers = double(m.architecture.numLayers);
    const double separate = loraDropoutBytesPerToken(m.architecture, lora, 0.05, 2.0).stored;
    const double shared = loraDropoutBytesPerToken(m.architecture, lora, 0.05, 2.0, true).stored;
    EXPECT_NEAR(separate - shared, layers * h * 3, 1e-6);
    // The output projection's own dropout stays: its input is the attention output, not the block's input.
    lora.targetModules = { "o_proj" };
    EXPECT_DOUBLE_EQ(loraDropoutBytesPerToken(m.architecture, lora, 0.05, 2.0, true).stored,
        loraDropoutBytesPerToken(m.architecture, lora, 0.05, 2.0).stored);
}

TEST(LitgptStack, BitsandbytesQuantizesTheUntiedOutputLayerToo)
{
    // Lightning's BitsandbytesPrecision swaps every torch.nn.Linear, lm_head included: under litgpt the untied head
    // is stored in NF4 with the blocks' linear layers; elsewhere (peft's QLoRA keeps lm_head 16-bit) it is not.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    ASSERT_FALSE(m.architecture.tieWordEmbeddings);
    const Workload litgpt = litgptWorkload(TrainingStack::Litgpt, Technique::Qlora);
    const Workload hf = litgptWorkload(TrainingStack::Hf, Technique::Qlora);
    const double head = m.parameters.outputHead;
    ASSERT_GT(head, 0);
    EXPECT_NEAR(
        quantizedScopeParameters(m, litgpt, WeightFormat::Nf4) - quantizedScopeParameters(m, hf, WeightFormat::Nf4),
        head, 1.0);
    EXPECT_NEAR(weightStorageBytes(m, hf, WeightFormat::Nf4) - weightStorageBytes(m, litgpt, WeightFormat::Nf4),
        head * (2.0 - (4.0 + 8.0 / 64 + 32.0 / (64 * 256)) / 8), 1e3);
    // Not a bitsandbytes format: the head stays 16-bit.
    EXPECT_DOUBLE_EQ(
        quantizedScopeParameters(m, litgpt, WeightFormat::Fp8), quantizedScopeParameters(m, hf, WeightFormat::Fp8));
}

TEST(LitgptStack, PreviousMicroBatchsQuantizedInputsStayThroughTheNextForward)
{
    // bitsandbytes < 0.43.2's MatMul4Bit keeps its input in ctx.tensors, freed only with the graph, which LitGPT's
    // loop keeps through `logits` until the next forward returns: one micro-batch's inputs of every quantized linear
    // (per Block: QKV input, attention output, MLP input, SwiGLU product; the output layer's input) at 2 bytes.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const Architecture& a = m.architecture;
    const double tokens = 512.0 * 2;
    const double perBlock
        = 2.0 * a.hiddenSize + double(a.numAttentionHeads) * double(a.headDimension()) + double(a.intermediateSize);
    const double expected = (a.numLayers * perBlock + a.hiddenSize) * tokens * 2;
    Workload qlora = litgptWorkload(TrainingStack::Litgpt, Technique::Qlora);
    Workload lora = litgptWorkload(TrainingStack::Litgpt, Technique::Lora);
    // They peak at the end of the next forward, beside both micro-batches' logits and the NF4 output layer
    // dequantized (litgptQuantizedHeadPeak, below): the part above the loss and the head's backward is activations.
    const double v = double(a.vocabSize);
    const double logits = tokens * v * 2, slice = 2 * 128 * v * 2, loss = (tokens + 2 * 128) * v * 2 * 2;
    const double head = double(a.hiddenSize) * v * 4;
    const double later = std::max(2 * logits + head, loss);
    EXPECT_NEAR(litgptMemory(m, qlora).activations - litgptMemory(m, lora).activations,
        expected + 2 * logits - slice + head - later, 1e3);
    EXPECT_NEAR(litgptMemory(m, qlora).buffers - litgptMemory(m, lora).buffers, later - loss, 1e3);
    Configuration c;
    c.checkpointing = Checkpointing::None;
    EXPECT_DOUBLE_EQ(litgptPreviousQuantizedInputsBytes(a, qlora, c, tokens, 2), expected);
    // A shared attention norm (Phi, Falcon-7B) feeds QKV and the MLP one tensor: one h per Block less.
    Architecture shared = a;
    shared.parallelResidual = shared.sharedAttentionNorm = true;
    EXPECT_DOUBLE_EQ(litgptPreviousQuantizedInputsBytes(shared, qlora, c, tokens, 2),
        expected - double(a.numLayers) * double(a.hiddenSize) * tokens * 2);
    // Not under another stack, nor where the plan checkpoints (not modelled there).
    EXPECT_EQ(
        litgptPreviousQuantizedInputsBytes(a, litgptWorkload(TrainingStack::Hf, Technique::Qlora), c, tokens, 2), 0.0);
    c.checkpointing = Checkpointing::Full;
    EXPECT_EQ(litgptPreviousQuantizedInputsBytes(a, qlora, c, tokens, 2), 0.0);
}

TEST(LitgptStack, Nf4OutputLayerIsDequantizedToFloat16AndCast)
{
    // Lightning quantizes every weight from a float16 copy, so bitsandbytes' MatMul4Bit dequantizes the output layer
    // to float16 and casts it to the compute width, both alive: 2 + 2 bytes per weight under bf16, 2 under fp16.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const Architecture& a = m.architecture;
    const double weight = double(a.hiddenSize) * double(a.vocabSize);
    const Workload qlora = litgptWorkload(TrainingStack::Litgpt, Technique::Qlora);
    EXPECT_DOUBLE_EQ(litgptHeadDequantizedBytes(a, qlora, 2), weight * 4);
    Workload fp16 = qlora;
    fp16.precision = Precision::Fp16;
    EXPECT_DOUBLE_EQ(litgptHeadDequantizedBytes(a, fp16, 2), weight * 2);
    // Not under another stack (peft keeps lm_head 16-bit), nor over 16-bit weights.
    EXPECT_EQ(litgptHeadDequantizedBytes(a, litgptWorkload(TrainingStack::Hf, Technique::Qlora), 2), 0.0);
    EXPECT_EQ(litgptHeadDequantizedBytes(a, litgptWorkload(TrainingStack::Litgpt, Technique::Lora), 2), 0.0);
}

TEST(LitgptStack, QuantizedHeadPeakIsTheLargestMomentNotTheirSum)
{
    // Forward's end: previous inputs 100 + previous logits 8 + logits but one slice 7 + head 10 = 125; the head's
    // first backward: logits and their gradients 16 + head 10 = 26, above the loss's 18.
    const LitgptQuantizedHeadPeak early = litgptQuantizedHeadPeak(100, 10, 8, 1, 18);
    EXPECT_DOUBLE_EQ(early.previousInputs, 125 - 26);
    EXPECT_DOUBLE_EQ(early.beyondLoss, 26 - 18);
    // Small previous inputs: the backward is the peak and shows none of them.
    const LitgptQuantizedHeadPeak late = litgptQuantizedHeadPeak(1, 10, 8, 1, 18);
    EXPECT_DOUBLE_EQ(late.previousInputs, 0.0);
    EXPECT_DOUBLE_EQ(late.beyondLoss, 8.0);
    // Without a dequantized head nor previous inputs the loss is the peak: nothing beyond it.
    const LitgptQuantizedHeadPeak none = litgptQuantizedHeadPeak(0, 0, 8, 1, 18);
    EXPECT_DOUBLE_EQ(none.previousInputs, 0.0);
    EXPECT_DOUBLE_EQ(none.beyondLoss, 0.0);
}

TEST(LitgptStack, TiedModelsTrainAnOutputLayerOfTheirOwn)
{
    // LitGPT's GPT holds lm_head beside transformer.wte and its converter copies the embedding into it: a tied model
    // (Llama 3.2) carries hidden x vocabulary more 16-bit weights under litgpt, none under hf; an untied one none.
    const ResolvedModel tied = test::presetModel("llama-3.2-1b");
    ASSERT_TRUE(tied.architecture.tieWordEmbeddings);
    const double head = double(tied.architecture.hiddenSize) * double(tied.architecture.vocabSize);
    const Workload litgpt = litgptWorkload(TrainingStack::Litgpt, Technique::Lora);
    const Workload hf = litgptWorkload(TrainingStack::Hf, Technique::Lora);
    EXPECT_DOUBLE_EQ(litgptUntiedHeadParameters(tied.architecture, litgpt), head);
    EXPECT_DOUBLE_EQ(litgptUntiedHeadParameters(tied.architecture, hf), 0.0);
    EXPECT_NEAR(litgptMemory(tied, litgpt).weights - litgptMemory(tied, hf).weights, head * 2.0, 1e3);
    const ResolvedModel untied = test::presetModel("llama-3.1-8b");
    EXPECT_DOUBLE_EQ(litgptUntiedHeadParameters(untied.architecture, litgpt), 0.0);
    // Under bitsandbytes that head is quantized with the other linear layers.
    EXPECT_NEAR(
        quantizedScopeParameters(tied, litgptWorkload(TrainingStack::Litgpt, Technique::Qlora), WeightFormat::Nf4)
            - quantizedScopeParameters(tied, litgptWorkload(TrainingStack::Hf, Technique::Qlora), WeightFormat::Nf4),
        head, 1.0);
}

MemoryBreakdown litgptFsdpMemory(const ResolvedModel& m, const Workload& w, int gpus, int accumulation)
{
    Configuration c;
    c.data = gpus;
    c.zeroStage = 3;
    c.microBatchSize = w.microBatchSize;
    c.gradientAccumulationSteps = accumulation;
    c.checkpointing = Checkpointing::Full;
    return estimateMemory(m, w, c, test::testHardware(80), {}, builtinCatalog());
}

TEST(LitgptStack, FsdpKeepsTheAdaptedBlocksWholeGradientsWhileAccumulating)
{
    // Lightning's FSDPStrategy (use_orig_params=True, a unit per Block) under LitGPT's no_backward_sync: a Block with
    // a LoRA adapter takes a gradient for its whole flat parameter, frozen weights included, and no_sync keeps it
    // unsharded until the last micro-batch. Two GPUs accumulating: every Block's parameters at 2 bytes; one
    // micro-batch a step: their shard; the generic stack keeps the adapters' shard only.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const ParameterCounts& c = m.parameters;
    const double blocks = c.total - c.embedding - c.outputHead;
    const double adapters = loraParameters(m.architecture, litgptWorkload(TrainingStack::Litgpt, Technique::Lora).lora);
    const Workload litgpt = litgptWorkload(TrainingStack::Litgpt, Technique::Lora);
    EXPECT_NEAR(litgptFsdpMemory(m, litgpt, 2, 8).gradients, (blocks + adapters) * 2.0, 1e3);
    EXPECT_NEAR(litgptFsdpMemory(m, litgpt, 2, 1).gradients, (blocks + adapters) * 2.0 / 2, 1e3);
    EXPECT_NEAR(litgptFsdpMemory(m, litgptWorkload(TrainingStack::Auto, Technique::Lora), 2, 8).gradients,
        adapters * 2.0 / 2, 1e3);
    // An adapter on the output layer makes the root unit's flat parameter take one too.
    Workload head = litgpt;
    head.lora.targetModules.push_back("lm_head");
    const double headAdapters = loraParameters(m.architecture, head.lora) - adapters;
    const MemoryBreakdown headFsdp = litgptFsdpMemory(m, head, 2, 8);
    const double rootAssembly = 2 * (c.embedding + c.outputHead) * 2.0; // (below)
    EXPECT_NEAR(headFsdp.gradients,
        (c.total + adapters + headAdapters) * 2.0
            + std::max(0.0, rootAssembly - headFsdp.logits - headFsdp.activations),
        1e3);
    // Full fine-tuning: the whole model's gradients while accumulating, and at the end of backward the root unit's
    // (embedding and output layer) view gradients and their concatenation, two root-sized tensors, where they
    // outgrow the logits and activations freed by then.
    const Workload full = litgptWorkload(TrainingStack::Litgpt, Technique::Full);
    const MemoryBreakdown fullFsdp = litgptFsdpMemory(m, full, 4, 4);
    const double root = c.embedding + c.outputHead;
    const double assembly = 2 * root * 2.0;
    ASSERT_GT(assembly, fullFsdp.logits + fullFsdp.activations);
    EXPECT_NEAR(fullFsdp.gradients, c.total * 2.0 + assembly - fullFsdp.logits - fullFsdp.activations, 1e3);
    EXPECT_DOUBLE_EQ(litgptRootGradientAssemblyBytes({ c.total, root, true, c.perLayer }, 2.0), assembly);
    EXPECT_DOUBLE_EQ(litgptRootGradientAssemblyBytes({ c.total, root, false, c.perLayer }, 2.0), 0.0);
    // The root unit (embedding and output layer) stays unsharded beside two Blocks: beyond its own shard.
    EXPECT_NEAR(
        litgptFsdpGatheredBytes({ 0, root, false, c.perLayer }, 2.0, 4, 2), (root * 0.75 + 2 * c.perLayer) * 2.0, 1.0);
    // One GPU: no FSDP units.
    EXPECT_NEAR(litgptFsdpMemory(m, litgpt, 1, 8).gradients, adapters * 2.0, 1e3);
}

ThroughputEstimate litgptFsdpTime(const ResolvedModel& m, const Workload& w, int gpus)
{
    Configuration c;
    c.data = gpus;
    c.zeroStage = gpus > 1 ? 3 : 0;
    c.microBatchSize = w.microBatchSize;
    c.gradientAccumulationSteps = 4;
    c.checkpointing = Checkpointing::Full;
    const Catalog& catalog = builtinCatalog();
    return estimateThroughput(
        m, w, c, testing::catalogHardware(catalog, "a100-80gb-sxm", 8, "nvlink3", 1, 100, false), {}, {}, catalog);
}

TEST(LitgptStack, FsdpComputesAndReducesTheAdaptedUnitsFrozenWeightGradients)
{
    // Under Lightning's FSDPStrategy (use_orig_params=True) the Blocks' parameters are views of a flat parameter that
    // requires grad as soon as it holds an adapter: backward runs the frozen matmuls' weight gradients (each as many
    // FLOPs as its forward) and reduce-scatters the whole flat gradient. Work done, not model FLOPs: MFU's numerator
    // stays LoRA's. One GPU (no FSDP) and the generic stack skip them.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const Workload litgpt = litgptWorkload(TrainingStack::Litgpt, Technique::Lora);
    const Workload generic = litgptWorkload(TrainingStack::Auto, Technique::Lora);
    const ForwardFlops forward = forwardFlopsPerToken(m.architecture, m.parameters, litgpt, 512, true);
    const ThroughputEstimate one = litgptFsdpTime(m, litgpt, 1);
    const ThroughputEstimate fsdp = litgptFsdpTime(m, litgpt, 2);
    const ThroughputEstimate other = litgptFsdpTime(m, generic, 2);
    EXPECT_DOUBLE_EQ(fsdp.modelFlopsPerToken, one.modelFlopsPerToken);
    EXPECT_NEAR(fsdp.hardwareFlopsPerToken, one.hardwareFlopsPerToken + forward.matmul, 1e-6 * forward.matmul);
    EXPECT_DOUBLE_EQ(other.hardwareFlopsPerToken, one.hardwareFlopsPerToken);
    EXPECT_GT(fsdp.step.compute, other.step.compute * 1.1);
    EXPECT_GT(fsdp.communicationRawSeconds, other.communicationRawSeconds);
    EXPECT_LT(fsdp.modelFlopsUtilization, other.modelFlopsUtilization);
    // An adapter on the output layer: the root's frozen output layer takes its weight gradient too.
    Workload head = litgpt;
    head.lora.targetModules.push_back("lm_head");
    const ThroughputEstimate headOne = litgptFsdpTime(m, head, 1);
    EXPECT_NEAR(litgptFsdpTime(m, head, 2).hardwareFlopsPerToken,
        headOne.hardwareFlopsPerToken + forward.matmul + forward.head, 1e-6 * forward.matmul);
    // Full fine-tuning computes every weight gradient already: nothing added.
    const Workload full = litgptWorkload(TrainingStack::Litgpt, Technique::Full);
    EXPECT_DOUBLE_EQ(
        litgptFsdpTime(m, full, 2).hardwareFlopsPerToken, litgptFsdpTime(m, full, 1).hardwareFlopsPerToken);
}

TEST(LitgptStack, AdaptersRunAtTheModelsWidth)
{
    // LitGPT's LoRALinear at the model's dtype: the scaling and the sum are counted, with no casts (peft's fp32
    // adapters over a bf16 model add them).
    Workload w = litgptWorkload(TrainingStack::Litgpt, Technique::Lora);
    EXPECT_DOUBLE_EQ(peftAdapterBytes(w), 2.0);
    w.technique = Technique::Full;
    EXPECT_DOUBLE_EQ(peftAdapterBytes(w), 0.0);
    EXPECT_DOUBLE_EQ(peftAdapterBytes(litgptWorkload(TrainingStack::Hf, Technique::Lora)), 4.0);
}

TEST(LitgptStack, PlanWordAndEvaluationDefaults)
{
    EXPECT_EQ(toString(TrainingStack::Litgpt), "litgpt");
    const PerformanceDefaults d = performanceDefaults(
        builtinCatalog(), {}, "datacenter", "hopper", AttentionKernel::FlashAttention2, TrainingStack::Litgpt);
    EXPECT_DOUBLE_EQ(d.evalIntervalSteps[int(TrainingStack::Litgpt)], 600);
    EXPECT_DOUBLE_EQ(d.evalSteps[int(TrainingStack::Litgpt)], 100);
}

} // namespace
} // namespace gp
