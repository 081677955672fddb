// The training stack as an input (workload.framework): each stack's model states and loss by hand, from the bytes
// its code keeps (cited in resources/catalog/defaults-memory.json, framework.*); the launch import naming the stack
// of the file it reads; and goodput (checkpoints, evaluation, failures at the cluster's size) by hand.
#include "catalog/catalog.h"
#include "estimate/common/fp8_all_gather.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/communication_model.h"
#include "estimate/time/goodput.h"
#include "estimate/time/throughput_model.h"
#include "launch/launch.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>

namespace gp
{
namespace
{

Workload stackWorkload(TrainingStack stack)
{
    Workload w;
    w.framework = stack;
    w.precision = Precision::Bf16;
    w.optimizer = Optimizer::AdamW;
    w.sequenceLength = 4096;
    w.microBatchSize = 1;
    w.activationCheckpointing = Checkpointing::Full;
    return w;
}

Configuration shardedOver(int data, int context, int zeroStage)
{
    Configuration c;
    c.data = data;
    c.context = context;
    c.zeroStage = zeroStage;
    c.microBatchSize = 1;
    c.checkpointing = Checkpointing::Full;
    return c;
}

MemoryBreakdown stackMemory(const ResolvedModel& m, TrainingStack stack, const Configuration& c)
{
    return estimateMemory(m, stackWorkload(stack), c, test::testHardware(80), {}, builtinCatalog());
}

TEST(TrainingStacks, MegatronDistributedOptimizerKeepsSixPlusTwelveOverDataTimesContextBytes)
{
    // Megatron-LM docs/source/api-guide/dist_optimizer.md, bf16 parameters with fp32 gradients: 6 + 12/d bytes per
    // parameter with the distributed optimizer (d: its data x context group), 18 without it.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const double p = m.parameters.total;
    for (const auto& [data, context] : { std::pair { 2, 1 }, std::pair { 8, 1 }, std::pair { 4, 2 } }) {
        const double d = double(data * context);
        const MemoryBreakdown megatron = stackMemory(m, TrainingStack::Megatron, shardedOver(data, context, 1));
        EXPECT_NEAR(megatron.weights, 2 * p, 1e3);
        EXPECT_NEAR(megatron.gradients, 4 * p, 1e3);
        EXPECT_NEAR(megatron.optimizer, 12 * p / d, 1e3);
        // The ZeRO paper's layout (auto, DeepSpeed): 2 + 2 whole, 16/d sharded (master, moments, fp32 gradients).
        for (TrainingStack zero : { TrainingStack::Auto, TrainingStack::Deepspeed }) {
            const MemoryBreakdown generic = stackMemory(m, zero, shardedOver(data, context, 1));
            EXPECT_NEAR(generic.weights + generic.gradients, 4 * p, 1e3);
            EXPECT_NEAR(generic.optimizer, 16 * p / d, 1e3);
        }
    }
    // Without the distributed optimizer: 18 bytes, the gradient buffer being what the all-reduce sends (PyTorch
    // DDP's buckets are a copy: 2 more bytes per parameter under the generic layout).
    const MemoryBreakdown megatron = stackMemory(m, TrainingStack::Megatron, shardedOver(8, 1, 0));
    const MemoryBreakdown generic = stackMemory(m, TrainingStack::Auto, shardedOver(8, 1, 0));
    EXPECT_NEAR(megatron.weights + megatron.gradients + megatron.optimizer, 18 * p, 1e3);
    EXPECT_NEAR(generic.buffers - megatron.buffers, 2 * p, 1e3);
}

TEST(TrainingStacks, MegatronFp8ParametersHoldTheLinearWeightsInOneByteInsteadOfTwo)
{
    // --fp8-param-gather (NeMo/Megatron-Bridge fp8_param_gather): the blocks' linear weights are FP8 parameters, no
    // 16-bit copy beside them; their FP8 transpose for backward stays. Per parameter of the linear share: 1 + 1
    // instead of 2 + 1 bytes; the rest (embedding, head, norms) 2 + 1 as before. The distributed optimizer then
    // all-gathers the updated shards at one byte: the data-parallel traffic drops by the linear share's byte.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const double p = m.parameters.total;
    const double share = m.parameters.blockLinear / p;
    Workload w = stackWorkload(TrainingStack::Megatron);
    w.precision = Precision::Fp8;
    const Configuration c = shardedOver(8, 1, 1);
    const MemoryBreakdown cast = estimateMemory(m, w, c, test::testHardware(80), {}, builtinCatalog());
    w.fp8AllGather = true;
    const MemoryBreakdown fp8 = estimateMemory(m, w, c, test::testHardware(80), {}, builtinCatalog());
    EXPECT_NEAR(cast.weights, 3 * p, 1e3);
    EXPECT_NEAR(fp8.weights, 3 * p - share * p, 1e3);
    EXPECT_GT(share, 0.8); // the blocks' linear layers are most of an 8B model
    EXPECT_NEAR(fp8.gradients, cast.gradients, 1e3);
    EXPECT_NEAR(fp8.optimizer, cast.optimizer, 1e3);
    // Not under the generic stack at ZeRO 1: it gathers no weights there, and says so.
    w.framework = TrainingStack::Auto;
    EXPECT_EQ(fp8AllGatherUnusedReason(w, c), "no_gather");
    w.framework = TrainingStack::Megatron;
    EXPECT_EQ(fp8AllGatherUnusedReason(w, c), "");
    EXPECT_EQ(fp8AllGatherUnusedReason(w, shardedOver(8, 1, 0)), "no_gather"); // needs the distributed optimizer
}

TEST(TrainingStacks, MegatronLayersKeepTheFusedActivationsInputAndFp8GemmInputs)
{
    // One Llama 3.1 8B layer, 4,096 tokens, flash attention, no tensor parallelism. Megatron's fused bias-SwiGLU keeps
    // only its input (gate and up): one tensor of the MLP width f less than PyTorch's silu(gate) * up (gate, up,
    // act(gate), product). Under FP8 Transformer Engine keeps the QKV, MLP and fc2 inputs as their FP8 casts (1 byte
    // instead of 2) and the output projection its own FP8 copy of the attention output (1 byte more).
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const Architecture& a = m.architecture;
    LayerActivationInput in;
    in.sequence = 4096;
    in.microBatch = 1;
    in.bytes = 2;
    const double generic = layerActivationBytes(a, in);
    in.fusedActivation = true;
    const double megatron = layerActivationBytes(a, in);
    in.gemmInputBytes = 1;
    const double megatronFp8 = layerActivationBytes(a, in);
    const double tokens = 4096;
    const double h = double(a.hiddenSize);
    const double f = double(a.intermediateSize);
    const double attentionOut = double(a.numAttentionHeads) * double(a.headDimension());
    EXPECT_NEAR(generic - megatron, tokens * f * 2, 1.0);
    EXPECT_NEAR(megatron - megatronFp8, tokens * (2 * h + f - attentionOut) * 1, 1.0);
}

TEST(TrainingStacks, LigerKernelKeepsTheSwigluGateAndUpOnlyAndTheTrainerFlagStatesIt)
{
    // Llama 3.1 8B, 4,096 tokens, no recompute, one GPU. Liger's SwiGLU (LigerSiLUMulFunction) saves the gate and up
    // projections and recomputes silu(gate) in backward, so every layer keeps one tensor of the MLP width f (2 bytes
    // an element) less than PyTorch's silu(gate) * up: 32 x 4,096 x 14,336 x 2 bytes in all.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    Workload w = stackWorkload(TrainingStack::Hf);
    w.activationCheckpointing = Checkpointing::None;
    Configuration c = shardedOver(1, 1, 0);
    c.checkpointing = Checkpointing::None;
    const MemoryBreakdown eager = estimateMemory(m, w, c, test::testHardware(80), {}, builtinCatalog());
    w.ligerKernel = true;
    const MemoryBreakdown liger = estimateMemory(m, w, c, test::testHardware(80), {}, builtinCatalog());
    const double layers = double(m.architecture.numLayers);
    EXPECT_NEAR(
        eager.activations - liger.activations, layers * 4096 * double(m.architecture.intermediateSize) * 2, 1.0);
    EXPECT_EQ(eager.logits, liger.logits); // the loss is the plan's (loss_implementation), not Liger's
    // The Trainer's use_liger_kernel patches the model and passes the labels: Liger's fused linear cross-entropy.
    const auto read = readLaunchFile("model_name_or_path: meta-llama/Llama-3.1-8B\nper_device_train_batch_size: 2\n"
                                     "use_liger_kernel: true\n",
        "sft.yaml");
    ASSERT_TRUE(read) << read.error().toString();
    EXPECT_EQ(read->overrides["workload"]["liger_kernel"], true);
    EXPECT_EQ(read->overrides["workload"]["loss_implementation"], "fused");
}

TEST(TrainingStacks, FsdpShardsTheFp32MasterAsTheParameterSixteenOverDBytes)
{
    // FSDP mixed precision (torchtitan's mixed_precision_param bfloat16, reduce float32): the shard is the fp32
    // parameter (the master) with its fp32 gradient and Adam's two moments, 16/d bytes; the generic ZeRO-3 layout
    // keeps a 16-bit shard and a 16-bit gradient shard besides, 20/d.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const double p = m.parameters.total;
    for (TrainingStack fsdp : { TrainingStack::Torchtitan, TrainingStack::Hf }) {
        const MemoryBreakdown s = stackMemory(m, fsdp, shardedOver(8, 1, 3));
        EXPECT_NEAR(s.weights + s.gradients + s.optimizer, 16 * p / 8, 1e3);
        EXPECT_NEAR(s.gradients, 4 * p / 8, 1e3);
    }
    const MemoryBreakdown generic = stackMemory(m, TrainingStack::Auto, shardedOver(8, 1, 3));
    EXPECT_NEAR(generic.weights + generic.gradients + generic.optimizer, 20 * p / 8, 1e3);
    // The gathered units (the 16-bit copy that exists only while a layer runs) are the same in every stack.
    EXPECT_NEAR(stackMemory(m, TrainingStack::Torchtitan, shardedOver(8, 1, 3)).buffers, generic.buffers, 1);
}

TEST(TrainingStacks, MegatronCrossEntropyHoldsOneFp32CopyOfTheLogits)
{
    // Megatron's vocab-parallel cross-entropy: one fp32 copy (exp and softmax in place, saved) plus the bf16 logits
    // or gradient beside it, 6 bytes per logit; a PyTorch loss on upcast logits, 2 + 12.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const double logits = 4096.0 * double(m.architecture.vocabSize);
    EXPECT_NEAR(stackMemory(m, TrainingStack::Megatron, shardedOver(8, 1, 1)).logits, logits * 6, 1);
    EXPECT_NEAR(stackMemory(m, TrainingStack::Torchtitan, shardedOver(8, 1, 3)).logits, logits * 14, 1);
    // A fused loss is the plan's choice in any stack.
    Workload fused = stackWorkload(TrainingStack::Megatron);
    fused.lossImplementation = LossImplementation::Fused;
    const MemoryBreakdown f
        = estimateMemory(m, fused, shardedOver(8, 1, 1), test::testHardware(80), {}, builtinCatalog());
    EXPECT_LT(f.logits, logits);
}

TEST(TrainingStacks, TransformerEngineCrossEntropyKeepsOnlyTheBf16LogitsAndTheImportReadsWhichKernelRuns)
{
    // Transformer Engine's parallel_cross_entropy (Megatron-Core cross_entropy_loss_fusion with
    // cross_entropy_fusion_impl te) writes the gradient into the bf16 logits: 2 bytes per logit where the
    // vocab-parallel kernel holds 6 (its fp32 copy beside the bf16 logits or gradient).
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const double logits = 4096.0 * double(m.architecture.vocabSize);
    Workload inPlace = stackWorkload(TrainingStack::Megatron);
    inPlace.lossImplementation = LossImplementation::InPlace;
    const MemoryBreakdown te
        = estimateMemory(m, inPlace, shardedOver(8, 1, 1), test::testHardware(80), {}, builtinCatalog());
    const MemoryBreakdown unfused = stackMemory(m, TrainingStack::Megatron, shardedOver(8, 1, 1));
    EXPECT_NEAR(te.logits, logits * 2, 1);
    EXPECT_NEAR(unfused.logits, logits * 6, 1);
    EXPECT_LT(te.total, unfused.total);
    // The import: fusion with impl te is in-place; fusion alone (Megatron-Core's default impl, native) keeps the fp32
    // copy, fp32-logits; no fusion flag leaves the plan's loss.
    const auto lossOf = [](const std::string& flags) {
        const auto read = readLaunchFile("torchrun pretrain_gpt.py " + flags + "\n", "train.sh");
        EXPECT_TRUE(read) << flags;
        std::string got;
        for (const auto& mapped : read ? read->mapped : std::vector<LaunchMappedField> {})
            if (mapped.planField == "workload.loss_implementation")
                got = mapped.value.get<std::string>();
        return got;
    };
    EXPECT_EQ(lossOf("--cross-entropy-loss-fusion --cross-entropy-fusion-impl te"), "in-place");
    EXPECT_EQ(lossOf("--cross-entropy-loss-fusion --cross-entropy-fusion-impl native"), "fp32-logits");
    EXPECT_EQ(lossOf("--cross-entropy-loss-fusion"), "fp32-logits");
    EXPECT_EQ(lossOf("--cross-entropy-fusion-impl te"), "");
}

TEST(TrainingStacks, DropoutMasksFollowThePlansProbabilities)
{
    // Hidden dropout keeps a one-byte mask after the attention and after the MLP of every layer (PyTorch's dropout
    // keeps none at p = 0); absent, a gated-MLP model trains without and a standard-MLP one with dropout.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    Workload w = stackWorkload(TrainingStack::Megatron);
    w.activationCheckpointing = Checkpointing::None;
    Configuration c = shardedOver(8, 1, 1);
    c.checkpointing = Checkpointing::None;
    const auto activations = [&](const Workload& x) {
        return estimateMemory(m, x, c, test::testHardware(80), {}, builtinCatalog()).activations;
    };
    const double none = activations(w);
    w.hiddenDropout = 0.0;
    EXPECT_DOUBLE_EQ(activations(w), none);
    w.hiddenDropout = 0.1;
    EXPECT_NEAR(activations(w) - none, 32 * 2 * 4096.0 * 4096, 1);
    // Attention dropout under a flash kernel keeps nothing (the kernel regenerates its mask from the RNG state).
    w.hiddenDropout.reset();
    w.attentionDropout = 0.1;
    EXPECT_DOUBLE_EQ(activations(w), none);
    // The parser refuses a probability of 1, naming the field.
    std::string text(defaultPlanText());
    const std::size_t workload = text.find("\"workload\": {");
    ASSERT_NE(workload, std::string::npos);
    text.insert(workload + 13, "\"hidden_dropout\": 1, ");
    const auto refused = parsePlan(text);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().toString().find("workload.hidden_dropout"), std::string::npos)
        << refused.error().toString();
}

TEST(TrainingStacks, TorchtitanLossParallelHoldsFourFp32LogitTensorsAndTheGatheredHeadInput)
{
    // Llama 3.1 8B, 4,096 tokens, TP 4 with sequence parallelism, full recompute. torchtitan's loss parallel (PyTorch's
    // decomposed log-softmax and fused nll + log-softmax backward on the vocabulary shard) holds four fp32 tensors of
    // the shard's logits at once beside the bf16 ones: 2 + 16 bytes per logit, where PyTorch's single kernels hold
    // 2 + 12. Its output layer keeps the all-gathered final norm output: the whole layer input, 3/4 of it more than
    // the sequence shard counted (the generic stack keeps the shard, as Megatron's column-parallel layer does).
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const double logits = 4096.0 * double(m.architecture.vocabSize) / 4;
    const double shardInput = 4096.0 * 4096 * 2 / 4;
    Configuration c = shardedOver(2, 1, 3);
    c.tensor = 4;
    c.sequenceParallel = true;
    const MemoryBreakdown titan = stackMemory(m, TrainingStack::Torchtitan, c);
    const MemoryBreakdown generic = stackMemory(m, TrainingStack::Auto, c);
    EXPECT_NEAR(titan.logits, logits * 18, 1);
    EXPECT_NEAR(generic.logits, logits * 14, 1);
    EXPECT_NEAR(generic.activations, (32 + 3) * shardInput, 1);
    EXPECT_NEAR(titan.activations - generic.activations, 3 * shardInput, 1);
    // Without tensor parallelism there is no loss parallel and nothing to gather: the two stacks hold the same.
    const Configuration whole = shardedOver(8, 1, 3);
    EXPECT_NEAR(stackMemory(m, TrainingStack::Torchtitan, whole).logits, 4 * logits * 14, 1);
    EXPECT_NEAR(stackMemory(m, TrainingStack::Torchtitan, whole).activations,
        stackMemory(m, TrainingStack::Auto, whole).activations, 1);
}

TEST(TrainingStacks, FullRecomputeNeverHoldsTheRecomputedLayerBesideTheLogits)
{
    // Llama 3.1 8B, 4,096 tokens, full recompute: each of the 32 layers keeps its 16-bit input (4,096 x 4,096 x 2
    // bytes), the embedding output and the final norm's input and output three more. The one layer recomputed at a
    // time (well under the 4,096 x 128,256 x 14 bytes of fp32 logits) takes the memory the loss freed: nothing more.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const double layerInput = 4096.0 * 4096 * 2;
    const MemoryBreakdown full = stackMemory(m, TrainingStack::Auto, shardedOver(8, 1, 3));
    EXPECT_NEAR(full.activations, (32 + 3) * layerInput, 1);
    // With a fused loss the logits are smaller than the recomputed layer: the peak holds the layer, less the chunk.
    Workload fused = stackWorkload(TrainingStack::Auto);
    fused.lossImplementation = LossImplementation::Fused;
    const MemoryBreakdown f
        = estimateMemory(m, fused, shardedOver(8, 1, 3), test::testHardware(80), {}, builtinCatalog());
    EXPECT_GT(f.activations, (32 + 3) * layerInput);
    EXPECT_GT(f.activations + f.logits, full.activations + f.logits);
    // Without recompute every layer's activations are held through the loss: nothing is shared.
    Configuration none = shardedOver(8, 1, 3);
    none.checkpointing = Checkpointing::None;
    Workload kept = stackWorkload(TrainingStack::Auto);
    kept.activationCheckpointing = Checkpointing::None;
    const MemoryBreakdown n = estimateMemory(m, kept, none, test::testHardware(80), {}, builtinCatalog());
    EXPECT_GT(n.activations, 32 * 4 * layerInput);
    EXPECT_NEAR(n.logits, full.logits, 1);
}

TEST(TrainingStacks, LaunchImportNamesTheStackOfTheFile)
{
    namespace fs = std::filesystem;
    const std::map<std::string, std::string> expected = { { "megatron-train_gpt3_175b_distributed.sh", "megatron" },
        { "megatron-train_llama3_8b_h100_fp8.sh", "megatron" }, { "torchtitan-llama3_8b.toml", "torchtitan" },
        { "deepspeed-ds_z3_config.json", "deepspeed" }, { "axolotl-fft-8b.yaml", "hf" },
        { "llamafactory-llama3_lora_sft.yaml", "hf" }, { "llamafactory-llama3_lora_sft_ds3.yaml", "deepspeed" } };
    for (const auto& [file, stack] : expected) {
        const auto read = readLaunchFile(
            test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/launch/" + file), fs::path(file).string());
        ASSERT_TRUE(read) << file << ": " << read.error().toString();
        std::string got;
        for (const auto& m : read->mapped)
            if (m.planField == "workload.framework")
                got = m.value.get<std::string>();
        EXPECT_EQ(got, stack) << file;
    }
}

TEST(TrainingStacks, AutomodelIsAStackWhoseAsyncTensorParallelHidesNothingYet)
{
    // NeMo AutoModel's Llama 3.3 70B LoRA benchmark layout (Automodel@2013a4dd examples/llm_finetune/llama3_3/
    // custom_llama3_3_70b_instruct_peft_benchmark.yaml): tensor 2 with sequence parallelism, FSDP 4, 4 micro-batches
    // of 2 x 4,096 tokens, full recompute, enable_async_tensor_parallel (stated as tp_comm_overlap). Its async TP is
    // PyTorch's (Inductor's micro-pipelined collective matmuls), whose end-to-end gain torchtitan publishes at 1.06x to
    // 1.16x where hiding every transfer behind the GEMMs (Transformer Engine's overlap under Megatron) would give
    // 1.31x: under automodel the flag hides nothing, the step is the generic stack's, and the same plan under Megatron
    // hides its transfers.
    const ResolvedModel m = test::presetModel("llama-3.1-70b");
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    Configuration c = shardedOver(4, 1, 3);
    c.tensor = 2;
    c.sequenceParallel = true;
    c.microBatchSize = 2;
    c.gradientAccumulationSteps = 4;
    Workload w = stackWorkload(TrainingStack::Automodel);
    w.microBatchSize = 2;
    w.gradientAccumulationSteps = 4;
    w.tpCommOverlap = true;
    const double p = m.parameters.total;
    const CommunicationTime automodel = estimateCommunication(m.architecture, p, p, w, c, hw, catalog, d);
    // 2 (t - 1) / t x micro x tokens x h x 2 bytes a call; 4 calls a layer and micro-batch, 2 more under full
    // recompute: all counted, none hidden.
    const double perCall = 2.0 * 1 / 2 * 2 * 4096 * double(m.architecture.hiddenSize) * 2;
    const double calls = 6.0 * double(m.architecture.numLayers) * 4;
    EXPECT_NEAR(automodel.tensorParallelBytes, perCall * calls, 1.0);
    EXPECT_EQ(automodel.tensorParallelOverlapped, 0);
    Workload generic = w;
    generic.framework = TrainingStack::Auto;
    EXPECT_DOUBLE_EQ(estimateThroughput(m, w, c, hw, catalog, d).step.total,
        estimateThroughput(m, generic, c, hw, catalog, d).step.total);
    Workload megatron = w;
    megatron.framework = TrainingStack::Megatron;
    EXPECT_NEAR(estimateCommunication(m.architecture, p, p, megatron, c, hw, catalog, d).tensorParallelOverlapped,
        perCall * calls / (intraNodeBusGBps(hw, d) * 1e9), 1e-9);
    // The stack is a plan word of its own and runs no evaluation by default (goodput.automodel.*).
    EXPECT_EQ(toString(TrainingStack::Automodel), "automodel");
    const PerformanceDefaults evaluated = performanceDefaults(
        catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture, AttentionKernel::FlashAttention2, TrainingStack::Automodel);
    EXPECT_EQ(evaluated.evalIntervalSteps[int(TrainingStack::Automodel)], 0);
    EXPECT_EQ(evaluated.evalSteps[int(TrainingStack::Automodel)], 0);
}

TEST(TrainingGoodput, CheckpointsEvaluationAndFailuresByHand)
{
    GoodputInput in;
    in.productiveHours = 100;
    in.gpus = 1024;
    in.nodes = 128;
    in.checkpointBytes = 8e9 * 14; // 8B parameters: bf16 weights, fp32 master and Adam's moments
    in.diskMBps = 1000;
    in.failuresPerGpuDay = 419.0 / (54 * 16384); // the Llama 3 paper's unexpected interruptions
    in.restartMinutes = 15;
    in.evalIntervalSteps = 1000;
    in.evalSteps = 100;
    in.forwardShare = 1.0 / 3;
    const GoodputFigures g = trainingGoodput(in);
    const double evaluation = 100 * 100 / 1000.0 / 3; // 3.33 h of forward-only steps
    const double save = 8e9 * 14 / 128 / 1e9; // 0.875 s: each node writes its 1/128
    const double rate = in.failuresPerGpuDay * 1024 / 24; // failures per hour of the whole job
    const double interval = std::sqrt(2 * save / 3600 / rate); // Young 1974
    const double checkpoints = (100 + evaluation) / interval * save / 3600;
    const double wall = (100 + evaluation + checkpoints) / (1 - rate * (0.25 + interval / 2));
    EXPECT_NEAR(g.evaluationHours, evaluation, 1e-9);
    EXPECT_NEAR(g.checkpointSeconds, save, 1e-9);
    EXPECT_NEAR(g.checkpointIntervalHours, interval, 1e-9);
    EXPECT_NEAR(g.checkpointHours, checkpoints, 1e-9);
    EXPECT_NEAR(g.wallHours(), wall, 1e-9);
    EXPECT_NEAR(g.expectedFailures, rate * wall, 1e-9);
    // An asynchronous save blocks only for the device-to-host copy of each GPU's share.
    in.asyncCheckpoint = true;
    in.hostCopyGBps = 20;
    EXPECT_NEAR(trainingGoodput(in).checkpointSeconds, 8e9 * 14 / 1024 / 20e9, 1e-12);
    EXPECT_LT(trainingGoodput(in).wallHours(), g.wallHours());
    // Failures come faster than the job advances: it fails 99.9% of the time (finite, 1,000 times the work).
    in.failuresPerGpuDay = 1;
    in.checkpointIntervalMinutes = 600;
    const GoodputFigures stuck = trainingGoodput(in);
    EXPECT_NEAR(stuck.wallHours(), 1000 * (stuck.productiveHours + stuck.evaluationHours + stuck.checkpointHours),
        1e-6 * stuck.wallHours());
}

TEST(TrainingGoodput, MoreGpusFailMoreAndTheStackDecidesTheEvaluation)
{
    // The same plan on more GPUs loses more of its wall clock to failures; Megatron runs its default evaluation
    // (100 iterations every 1,000 steps), torchtitan none.
    auto answer = [](int nodes, const char* stack) {
        auto plan = parsePlan(defaultPlanText());
        EXPECT_TRUE(plan);
        Plan p = *plan;
        nlohmann::json document = planToJson(p);
        document["workload"]["framework"] = stack;
        document["candidates"] = nlohmann::json::array({ { { "gpu", "h100-80gb-sxm" }, { "gpus_per_node", 8 },
            { "nodes", nodes }, { "inter_node_gbps", 3200 } } });
        document["search"]["enabled"] = false;
        auto stacked = planFromJson(document);
        EXPECT_TRUE(stacked) << (stacked ? "" : stacked.error().toString());
        auto e = estimatePlan(*stacked, builtinCatalog());
        EXPECT_TRUE(e);
        return e->results.front();
    };
    const CandidateResult small = answer(1, "torchtitan");
    const CandidateResult large = answer(64, "torchtitan");
    EXPECT_LT(large.goodput.fraction(), small.goodput.fraction());
    EXPECT_GT(large.goodput.failureHours / large.goodput.productiveHours,
        small.goodput.failureHours / small.goodput.productiveHours);
    EXPECT_EQ(small.goodput.evaluationHours, 0);
    const CandidateResult megatron = answer(1, "megatron");
    EXPECT_GT(megatron.goodput.evaluationHours, 0);
    EXPECT_NEAR(megatron.trainingHours, megatron.goodput.wallHours(), 1e-9 * megatron.trainingHours);
}

} // namespace
} // namespace gp
