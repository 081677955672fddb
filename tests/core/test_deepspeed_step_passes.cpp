// Megatron-DeepSpeed's own step passes (framework deepspeed; issue #38, dsrows): each micro-batch's gradient
// accumulation (DeepSpeed's BF16_Optimizer into fp32, else PyTorch's AccumulateGrad at the compute width) and the layer
// passes every tensor rank runs whole without sequence parallelism (estimate/time/deepspeed_step_passes.h), each by
// hand against the time model; other stacks count neither.
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/communication_model.h"
#include "estimate/time/deepspeed_step_passes.h"
#include "estimate/time/throughput_model.h"
#include "test_memory_support.h"
#include "test_step_passes_support.h"
#include "transformer/model_library.h"

#include <gtest/gtest.h>

#include <string>

namespace gp
{
namespace
{

using nlohmann::json;

// A 1.3B-parameter GPT-shaped model (h 2048, 24 layers), 2 x 2048 tokens a micro-batch, 4 micro-batches a step.
constexpr double kDsHidden = 2048, kDsLayers = 24, kDsMicroTokens = 2 * 2048, kDsAccum = 4;

json dsPlan(const std::string& framework, const json& workloadExtra = json::object(), int tensor = 1)
{
    json workload
        = { { "mode", "training" }, { "framework", framework }, { "technique", "full" }, { "precision", "bf16" },
              { "optimizer", "adamw" }, { "activation_checkpointing", "full" }, { "flash_attention", true },
              { "sequence_length", 2048 }, { "micro_batch_size", 2 }, { "gradient_accumulation_steps", int(kDsAccum) },
              { "parallelism", { { "data", 1 }, { "tensor", tensor }, { "pipeline", 1 }, { "zero_stage", 1 } } } };
    workload.update(workloadExtra);
    return json {
        { "format", "gpu-planner-plan" },
        { "version", 1 },
        { "model",
            { { "architecture",
                { { "kind", "decoder" }, { "hidden_size", int(kDsHidden) }, { "num_layers", int(kDsLayers) },
                    { "num_attention_heads", 16 }, { "num_key_value_heads", 16 }, { "intermediate_size", 8192 },
                    { "vocab_size", 50304 }, { "mlp", "standard" }, { "tie_word_embeddings", true } } } } },
        { "workload", workload },
        { "candidates", json::array({ { { "gpu", "a100-80gb-sxm" }, { "gpus_per_node", tensor }, { "nodes", 1 } } }) },
        { "search", { { "enabled", false } } },
    };
}

TEST(DeepspeedStepPasses, CatalogKeysHaveSources)
{
    for (const char* key : { "deepspeed.bf16_optimizer_grad_bytes_per_parameter",
             "deepspeed.autograd_accumulate_grad_accesses", "deepspeed.unsplit_layer_forward_accesses",
             "deepspeed.unsplit_layer_backward_accesses", "deepspeed.unsplit_layer_dropout_masks" }) {
        const auto it = builtinCatalog().defaults.find(key);
        ASSERT_NE(it, builtinCatalog().defaults.end()) << key;
        EXPECT_FALSE(it->second.source.empty()) << key;
        EXPECT_GT(it->second.value, 0) << key;
    }
}

// BF16_Optimizer (gradient_precision fp32): 18 bytes per parameter every micro-batch (the bf16 gradient read, its fp32
// cast written and read, the fp32 gradient read and written). At the compute width: AccumulateGrad's read, read and
// write at 2 bytes, every micro-batch after the first.
TEST(DeepspeedStepPasses, GradientAccumulationIsItsBytesByHand)
{
    const testing::StepPassesEstimate fp32
        = testing::stepPassesEstimate(dsPlan("deepspeed", { { "gradient_precision", "fp32" } }));
    const testing::StepPassesEstimate bf16 = testing::stepPassesEstimate(dsPlan("deepspeed"));
    ASSERT_GT(fp32.bandwidth, 0);
    ASSERT_GT(fp32.trained, 1e9);
    const double fp32Seconds = fp32.trained * kDsAccum * 18 / fp32.bandwidth;
    const double bf16Seconds = bf16.trained * (kDsAccum - 1) * 3 * 2 / bf16.bandwidth;
    EXPECT_NEAR(fp32.time.gradientAccumulationSeconds, fp32Seconds, fp32Seconds * 1e-9);
    EXPECT_NEAR(bf16.time.gradientAccumulationSeconds, bf16Seconds, bf16Seconds * 1e-9);
    // Part of the memory-bound time and of the step (one GPU: nothing hides it).
    const testing::StepPassesEstimate other = testing::stepPassesEstimate(dsPlan("auto"));
    EXPECT_EQ(other.time.gradientAccumulationSeconds, 0.0);
    EXPECT_NEAR(bf16.time.memoryBoundSeconds - other.time.memoryBoundSeconds, bf16Seconds, bf16Seconds * 1e-9);
    EXPECT_NEAR(bf16.time.step.total - other.time.step.total, bf16Seconds, bf16Seconds * 1e-6);
    // Not counted for the stacks whose accumulation was not read here, nor with one micro-batch at the compute width.
    for (const char* stack : { "megatron", "torchtitan", "hf" })
        EXPECT_EQ(testing::stepPassesEstimate(dsPlan(stack)).time.gradientAccumulationSeconds, 0.0) << stack;
    const testing::StepPassesEstimate single
        = testing::stepPassesEstimate(dsPlan("deepspeed", { { "gradient_accumulation_steps", 1 } }));
    EXPECT_EQ(single.time.gradientAccumulationSeconds, 0.0);
    // ZeRO 2 and 3 reduce each gradient in their own hooks: not counted.
    json zero2 = dsPlan("deepspeed");
    zero2["workload"]["parallelism"]["zero_stage"] = 2;
    EXPECT_EQ(testing::stepPassesEstimate(zero2).time.gradientAccumulationSeconds, 0.0);
    // The default workload's stack (auto) counts none.
    EXPECT_EQ(
        deepspeedGradientAccumulationBytesPerParameter(Workload {}, Configuration {}, PerformanceDefaults {}, 4.0),
        0.0);
}

// Without sequence parallelism each of the t tensor ranks runs the layer norms, bias-dropout-adds and residual
// gradient sums on the whole activations: per token and layer (t - 1) / t x h x (2 forward passes under full recompute
// x (10 accesses x 2 bytes + 2 mask bytes) + 22 accesses x 2 bytes + 2 mask bytes).
TEST(DeepspeedStepPasses, UnsplitLayerPassesAreTheirBytesByHand)
{
    const testing::StepPassesEstimate tp2 = testing::stepPassesEstimate(dsPlan("deepspeed", json::object(), 2));
    ASSERT_GT(tp2.bandwidth, 0);
    const double perTokenLayer = 0.5 * kDsHidden * (2 * (10 * 2 + 2) + (22 * 2 + 2));
    const double seconds = kDsMicroTokens * kDsAccum * kDsLayers * perTokenLayer / tp2.bandwidth;
    EXPECT_NEAR(tp2.time.unsplitLayerPassSeconds, seconds, seconds * 1e-9);
    // Sequence parallelism splits them; one tensor rank has nothing to repeat; other stacks are not counted.
    json sequenceParallel = dsPlan("deepspeed", json::object(), 2);
    sequenceParallel["workload"]["parallelism"]["sequence_parallel"] = true;
    EXPECT_EQ(testing::stepPassesEstimate(sequenceParallel).time.unsplitLayerPassSeconds, 0.0);
    EXPECT_EQ(testing::stepPassesEstimate(dsPlan("deepspeed")).time.unsplitLayerPassSeconds, 0.0);
    EXPECT_EQ(testing::stepPassesEstimate(dsPlan("megatron", json::object(), 2)).time.unsplitLayerPassSeconds, 0.0);
    // Without recompute the forward runs once.
    const testing::StepPassesEstimate plain
        = testing::stepPassesEstimate(dsPlan("deepspeed", { { "activation_checkpointing", "none" } }, 2));
    const double plainSeconds
        = kDsMicroTokens * kDsAccum * kDsLayers * 0.5 * kDsHidden * (10 * 2 + 2 + 22 * 2 + 2) / plain.bandwidth;
    EXPECT_NEAR(plain.time.unsplitLayerPassSeconds, plainSeconds, plainSeconds * 1e-9);
}

// DeepSpeed's pipeline engine reduces the gradients after the schedule's last backward (TrainSchedule: ReduceTiedGrads,
// ReduceGrads, OptimizerStep on the batch's last step): with pipeline stages its data-parallel traffic is on the
// critical path, where the other stacks' may hide behind the backward; without them nothing changes.
TEST(DeepspeedStepPasses, PipelineEngineReducesAfterTheSchedule)
{
    const auto communication = [](const std::string& framework, int pipeline, const json& extra = json::object()) {
        json document = dsPlan(framework, extra, 1);
        document["workload"]["parallelism"]["data"] = 2;
        document["workload"]["parallelism"]["pipeline"] = pipeline;
        document["candidates"][0]["gpus_per_node"] = 2 * pipeline;
        auto plan = planFromJson(document);
        EXPECT_TRUE(plan.ok()) << (plan ? "" : plan.error().toString());
        auto estimate = estimatePlan(*plan, builtinCatalog());
        EXPECT_TRUE(estimate.ok() && !estimate->results.empty());
        const CandidateResult& result = estimate->results.front();
        const auto model = resolveModel(plan->model);
        const auto hw = resolveCandidate(plan->candidates.front(), builtinCatalog(), result.nodes, "candidates[0]");
        EXPECT_TRUE(model && hw);
        const PerformanceDefaults d = performanceDefaults(builtinCatalog(), {}, hw->gpu.gpuClass, hw->gpu.architecture);
        return estimateCommunication(model->architecture, model->parameters.total, model->parameters.total,
            plan->workload, result.configuration, *hw, builtinCatalog(), d);
    };
    const CommunicationTime ds = communication("deepspeed", 2);
    const CommunicationTime other = communication("auto", 2);
    ASSERT_GT(other.dataParallelBytes, 0);
    EXPECT_DOUBLE_EQ(ds.dataParallelBytes, other.dataParallelBytes);
    const double moved = ds.blockingIntraNode - other.blockingIntraNode;
    EXPECT_GT(moved, 0);
    EXPECT_NEAR(other.overlappableIntraNode - ds.overlappableIntraNode, moved, moved * 1e-9);
    // What stays overlappable is the pipeline's sends, the same for both.
    EXPECT_GT(ds.overlappableIntraNode, 0);
    const CommunicationTime flat = communication("deepspeed", 1);
    const CommunicationTime flatOther = communication("auto", 1);
    EXPECT_DOUBLE_EQ(flat.blockingIntraNode, flatOther.blockingIntraNode);
    EXPECT_DOUBLE_EQ(flat.overlappableIntraNode, flatOther.overlappableIntraNode);
    // The BF16_Optimizer (gradient_precision fp32) all-reduces the whole fp32 gradients, then all-gathers the bf16
    // partitions: (n - 1) / n x (2 x 4 + 2) bytes per parameter of the stage, where ZeRO 1 elsewhere reduce-scatters
    // (4) and gathers (2).
    const json fp32 = { { "gradient_precision", "fp32" } };
    const CommunicationTime bf16Optimizer = communication("deepspeed", 2, fp32);
    const CommunicationTime zero1 = communication("auto", 2, fp32);
    EXPECT_NEAR(bf16Optimizer.dataParallelBytes / zero1.dataParallelBytes, (2.0 * 4 + 2) / (4 + 2), 1e-9);
}

} // namespace
} // namespace gp
