// Training with multi-token prediction (workload.mtp_layers, Megatron --mtp-num-layers): each MTP layer's FLOPs (its
// projection, one layer of the model's kind, one more pass of the output head), its parameters on the last pipeline
// stage with that stage's copy of the embedding, its logits, the slowest stage it lengthens, validation and the launch
// flag.
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/throughput_model.h"
#include "launch/launch.h"
#include "test_launch_support.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"
#include "transformer/attention.h"
#include "transformer/layers.h"
#include "transformer/training_flops.h"

#include <gtest/gtest.h>

#include <map>

namespace gp
{
namespace
{

Workload mtpWorkload(int mtpLayers)
{
    Workload w;
    w.framework = TrainingStack::Megatron;
    w.precision = Precision::Bf16;
    w.sequenceLength = 4096;
    w.microBatchSize = 1;
    w.mtpLayers = mtpLayers;
    return w;
}

TEST(MtpTraining, EachLayerAddsItsProjectionALayerOfTheModelsKindAndOneMoreHead)
{
    // DeepSeek-V3 by hand (config.json: h 7168, MLA q_lora 1536, kv_lora 512, 128 heads of 128 + 64 rotary, value 128;
    // 256 routed experts of 2048, 8 per token, 1 shared; vocabulary 129280): one MTP layer adds, per token and forward,
    // the eh_proj 2h x h, one MoE layer's projections with its router, that layer's attention core (one of the 61
    // layers' mean) and one more output-head pass.
    const ResolvedModel m = test::presetModel("deepseek-v3");
    const Architecture& a = m.architecture;
    ASSERT_EQ(a.hiddenSize, 7168);
    const double h = 7168, heads = 128;
    const double attention
        = h * 1536 + 1536 * heads * 192 + h * (512 + 64) + 512 * heads * (128 + 128) + heads * 128 * h;
    const double moe = 3 * h * 2048 * (8 + 1) + h * 256;
    const double layer = attention + moe + 2 * h * h;
    const TrainingFlopsPerToken none = trainingFlopsPerToken(a, m.parameters, mtpWorkload(0), Checkpointing::None);
    const TrainingFlopsPerToken one = trainingFlopsPerToken(a, m.parameters, mtpWorkload(1), Checkpointing::None);
    const TrainingFlopsPerToken two = trainingFlopsPerToken(a, m.parameters, mtpWorkload(2), Checkpointing::None);
    EXPECT_NEAR(one.forward.matmul - none.forward.matmul, 2 * layer, 1.0);
    EXPECT_NEAR(one.forward.head - none.forward.head, 2 * h * double(a.vocabSize), 1.0);
    EXPECT_NEAR(one.forward.attention - none.forward.attention, none.forward.attention / 61, 1.0);
    EXPECT_NEAR(one.forward.experts - none.forward.experts, 2 * 3 * h * 2048 * 8, 1.0);
    EXPECT_NEAR(one.forward.mtp, 2 * layer + none.forward.attention / 61, 1.0);
    EXPECT_EQ(none.forward.mtp, 0.0);
    EXPECT_NEAR(two.forward.mtp, 2 * one.forward.mtp, 1.0);
    // Forward and backward (twice the forward) of all of it: the MFU numerator.
    EXPECT_NEAR(one.model - none.model, 3 * (one.forward.total() - none.forward.total()), 1e3);
    // Megatron's own count of the report's run (Table 11, DeepSeek-V3 1024x H100 at 4,096 tokens: 368 TFLOP/s a GPU at
    // 1,412 tokens/s a GPU, 260.6 GFLOP a token; its num_floating_point_operations counts the MTP layer, training.py
    // @d98e8a64) against the estimate's model FLOPs with the recipe's one MTP layer: within 2% (without it 4% short).
    const double reported = 368e12 / 1412;
    EXPECT_LT(std::abs(one.model / reported - 1), 0.02) << one.model / 1e9;
    EXPECT_GT(std::abs(none.model / reported - 1), 0.03) << none.model / 1e9;
    // Outside training, and for a technique other than full training, no MTP layer runs.
    Workload lora = mtpWorkload(1);
    lora.technique = Technique::Lora;
    EXPECT_EQ(trainedMtpLayers(a, lora), 0);
    Workload serving = mtpWorkload(1);
    serving.mode = Mode::Inference;
    EXPECT_EQ(trainedMtpLayers(a, serving), 0);
    EXPECT_EQ(trainedMtpLayers(a, mtpWorkload(2)), 2);
}

TEST(MtpTraining, ItsWeightsAndTheEmbeddingCopyLieOnTheLastStage)
{
    const ResolvedModel m = test::presetModel("deepseek-v3");
    const ParameterCounts& c = m.parameters;
    // The checkpoint's one MTP module is what training builds per layer.
    EXPECT_DOUBLE_EQ(c.mtpPerModule, c.mtp);
    EXPECT_DOUBLE_EQ(c.mtpRoutedPerModule, 256 * 3 * 7168.0 * 2048);
    // Tensor 2, pipeline 8, expert 64: the dense part over 2 ranks, the experts over 64, the embedding's copy over 2.
    const double dense = c.mtpPerModule - c.mtpRoutedPerModule;
    EXPECT_NEAR(mtpParametersPerGpu(c, 1, 2, 8, 64, 1), dense / 2 + c.mtpRoutedPerModule / 64 + c.embedding / 2, 1.0);
    // Without a pipeline the one stage holds the embedding already.
    EXPECT_NEAR(mtpParametersPerGpu(c, 2, 2, 1, 64, 1), 2 * (dense / 2 + c.mtpRoutedPerModule / 64), 1.0);
    EXPECT_EQ(mtpParametersPerGpu(c, 0, 2, 8, 64, 1), 0.0);
    // The last stage's share grows by it; the first stage (the embedding and as many layers) is the larger without.
    const double base = parametersPerGpu(m.architecture, c, c.total, c.outputHead, 2, 8, 64, 1);
    const double extra = mtpParametersPerGpu(c, 1, 2, 8, 64, 1);
    const double with = parametersPerGpu(m.architecture, c, c.total, c.outputHead, 2, 8, 64, 1, extra);
    EXPECT_GT(with, base);
    EXPECT_LE(with, base + extra);
    EXPECT_NEAR(parametersPerGpu(m.architecture, c, c.total, c.outputHead, 2, 1, 64, 1, extra),
        parametersPerGpu(m.architecture, c, c.total, c.outputHead, 2, 1, 64, 1) + extra, 1.0);

    // The memory estimate on one GPU without a pipeline: weights, gradients and optimizer states grow by the MTP
    // layer's share in the same bytes per parameter, and the logits double (one more loss's).
    const ResolvedModel q = test::presetModel("qwen3-30b-a3b");
    Configuration cfg;
    cfg.data = 8;
    cfg.expert = 8;
    cfg.zeroStage = 1;
    cfg.microBatchSize = 1;
    cfg.checkpointing = Checkpointing::Full;
    const MemoryBreakdown off = estimateMemory(q, mtpWorkload(0), cfg, test::testHardware(80), {}, builtinCatalog());
    const MemoryBreakdown on = estimateMemory(q, mtpWorkload(1), cfg, test::testHardware(80), {}, builtinCatalog());
    const double share
        = parametersPerGpu(q.architecture, q.parameters, q.parameters.total, q.parameters.outputHead, 1, 1, 8, 1);
    const double added = mtpParametersPerGpu(q.parameters, 1, 1, 1, 8, 1);
    ASSERT_GT(added, 0.0);
    EXPECT_NEAR(on.weights / off.weights, (share + added) / share, 1e-6);
    EXPECT_NEAR(on.logits, 2 * off.logits, 1.0);
    EXPECT_GT(on.activations, off.activations);
}

TEST(MtpTraining, TheTrainedParameterCountHoldsItsWeightsAndTheEmbeddingCopy)
{
    // The one count of trained parameters (gradient reduce and parameter gather, optimizer update, gradient
    // accumulation, checkpoint) holds the MTP layers and, with a pipeline, the last stage's embedding copy: the memory
    // model's per-GPU share unsplit.
    const ResolvedModel m = test::presetModel("deepseek-v3");
    const ParameterCounts& c = m.parameters;
    EXPECT_DOUBLE_EQ(trainableParameters(m, mtpWorkload(0), 8), c.total);
    EXPECT_DOUBLE_EQ(trainableParameters(m, mtpWorkload(1), 1), c.total + c.mtpPerModule);
    EXPECT_DOUBLE_EQ(trainableParameters(m, mtpWorkload(2), 8), c.total + 2 * c.mtpPerModule + c.embedding);
    EXPECT_DOUBLE_EQ(trainableParameters(m, mtpWorkload(1), 8), c.total + mtpParametersPerGpu(c, 1, 1, 8, 1, 1));
    // LoRA trains no MTP layer: its adapters alone.
    Workload lora = mtpWorkload(1);
    lora.technique = Technique::Lora;
    Workload loraOff = lora;
    loraOff.mtpLayers = 0;
    EXPECT_DOUBLE_EQ(trainableParameters(m, lora, 8), trainableParameters(m, loraOff, 8));

    // The Trainer's optimizer update (framework hf) walks the MTP layer's weights too: it grows by their share.
    const ResolvedModel q = test::presetModel("qwen3-30b-a3b");
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    Configuration cfg;
    cfg.data = 8;
    cfg.zeroStage = 3;
    cfg.microBatchSize = 1;
    cfg.checkpointing = Checkpointing::Full;
    auto update = [&](int mtp) {
        Workload w = mtpWorkload(mtp);
        w.framework = TrainingStack::Hf;
        return estimateThroughput(q, w, cfg, hw, catalog, d).optimizerUpdateSeconds;
    };
    ASSERT_GT(update(0), 0.0);
    EXPECT_NEAR(update(1) / update(0), (q.parameters.total + q.parameters.mtpPerModule) / q.parameters.total, 1e-9);
}

TEST(MtpTraining, TheLastPipelineStageRunsItAndSetsThePace)
{
    // Qwen3-30B-A3B (48 layers) on 8 H100s: the MTP layer's work adds to the step in proportion to its FLOPs without a
    // pipeline; with 8 stages all of it lands on the last one, which the step waits for, so it costs more of the step.
    const ResolvedModel m = test::presetModel("qwen3-30b-a3b");
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    auto tokensPerSecond = [&](int pipeline, int mtp) {
        Configuration c;
        c.pipeline = pipeline;
        c.data = 8 / pipeline;
        c.zeroStage = 1;
        c.microBatchSize = 1;
        c.gradientAccumulationSteps = 16;
        c.checkpointing = Checkpointing::Full;
        return estimateThroughput(m, mtpWorkload(mtp), c, hw, catalog, d).tokensPerSecond;
    };
    const double flat = tokensPerSecond(1, 1) / tokensPerSecond(1, 0);
    const double staged = tokensPerSecond(8, 1) / tokensPerSecond(8, 0);
    EXPECT_LT(flat, 1.0);
    EXPECT_LT(staged, flat) << flat << " " << staged;
    // The MFU numerator counts the MTP layer: model FLOPs per token grow with it.
    Configuration c;
    c.data = 8;
    c.zeroStage = 1;
    c.microBatchSize = 1;
    c.checkpointing = Checkpointing::Full;
    EXPECT_GT(estimateThroughput(m, mtpWorkload(1), c, hw, catalog, d).modelFlopsPerToken,
        estimateThroughput(m, mtpWorkload(0), c, hw, catalog, d).modelFlopsPerToken);
}

TEST(MtpTraining, PlanFieldIsValidatedAndReadFromMegatronsFlag)
{
    // The field is read, written and refused with its name where no MTP layer can train.
    const std::string head = R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "qwen3-30b-a3b"}, )";
    auto plan = parsePlan(head + R"("workload": {"mtp_layers": 1}})");
    ASSERT_TRUE(plan) << plan.error().toString();
    EXPECT_EQ(plan->workload.mtpLayers, 1);
    EXPECT_EQ(planToJson(*plan)["workload"]["mtp_layers"], 1);
    EXPECT_FALSE(planToJson(Plan {})["workload"].contains("mtp_layers"));
    const auto negative = parsePlan(head + R"("workload": {"mtp_layers": -1}})");
    ASSERT_FALSE(negative);
    EXPECT_NE(negative.error().toString().find("mtp_layers"), std::string::npos) << negative.error().toString();
    const ResolvedModel m = test::presetModel("qwen3-30b-a3b");
    EXPECT_FALSE(recipeProblem(*plan, m));
    Plan lora = *plan;
    lora.workload.technique = Technique::Lora;
    const auto problem = recipeProblem(lora, m);
    ASSERT_TRUE(problem);
    EXPECT_NE(problem->toString().find("mtp_layers"), std::string::npos) << problem->toString();
    // Outside training no MTP layer runs: a serving, inference or RL plan with one is refused, naming the field.
    for (const Mode mode : { Mode::Serving, Mode::Inference, Mode::Rl }) {
        Plan other = *plan;
        other.workload.mode = mode;
        const auto refused = recipeProblem(other, m);
        ASSERT_TRUE(refused) << int(mode);
        EXPECT_EQ(refused->field, "workload.mtp_layers");
        EXPECT_NE(refused->toString().find("training only"), std::string::npos) << refused->toString();
        other.workload.mtpLayers = 0;
        EXPECT_FALSE(recipeProblem(other, m)) << int(mode);
    }
    // A decoder with no architecture (a parameter count alone) is asked for one, not told it is no decoder.
    ResolvedModel bare = m;
    bare.architecture.numLayers = 0;
    const auto noArchitecture = recipeProblem(*plan, bare);
    ASSERT_TRUE(noArchitecture);
    EXPECT_EQ(noArchitecture->field, "workload.mtp_layers");
    EXPECT_NE(noArchitecture->toString().find("architecture"), std::string::npos) << noArchitecture->toString();
    EXPECT_EQ(noArchitecture->toString().find("decoder"), std::string::npos) << noArchitecture->toString();
    // Megatron's --mtp-num-layers and Megatron-Bridge's mtp_num_layers.
    const auto read = gp::testing::launchMappedFields;
    auto line = read("#!/bin/bash\ntorchrun --nproc_per_node 8 pretrain_gpt.py --num-layers 32 --hidden-size 4096 "
                     "--num-attention-heads 32 --seq-length 4096 --micro-batch-size 1 --bf16 --mtp-num-layers 1\n",
        "train.sh");
    EXPECT_EQ(line["workload.mtp_layers"], 1);
    auto bridge = read("model:\n  tensor_model_parallel_size: 1\n  mtp_num_layers: 2\n", "bridge.yaml");
    EXPECT_EQ(bridge["workload.mtp_layers"], 2);
}

} // namespace
} // namespace gp
