// The Hugging Face stack's own step passes (framework hf; issue #38): torch.optim.AdamW's foreach update after
// clip_grad_norm_ (estimate/time/optimizer_update.h) and PEFT's fp32 adapter kernels around each adapted module
// (estimate/common/lora_adapter_passes.h), each by hand against the time model; other stacks count neither.
#include "estimate/common/hardware.h"
#include "estimate/common/lora_adapter_passes.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/optimizer_update.h"
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

// A 1.5B-parameter Llama-shaped model on one H100, 2 x 2048 tokens a micro-batch.
constexpr double kHfHidden = 2048, kHfKv = 512, kHfLayers = 24, kHfTokens = 2 * 2048;

json hfPlan(const std::string& framework, const json& workloadExtra = json::object(), int gpus = 1)
{
    json workload
        = { { "mode", "training" }, { "framework", framework }, { "technique", "full" }, { "precision", "bf16" },
              { "optimizer", "adamw" }, { "activation_checkpointing", "none" }, { "flash_attention", true },
              { "sequence_length", 2048 }, { "micro_batch_size", 2 }, { "gradient_accumulation_steps", 1 },
              { "parallelism", { { "data", gpus }, { "tensor", 1 }, { "pipeline", 1 }, { "zero_stage", 0 } } } };
    workload.update(workloadExtra);
    return json {
        { "format", "gpu-planner-plan" },
        { "version", 1 },
        { "model",
            { { "architecture",
                { { "kind", "decoder" }, { "hidden_size", 2048 }, { "num_layers", 24 }, { "num_attention_heads", 16 },
                    { "num_key_value_heads", 4 }, { "intermediate_size", 5632 }, { "vocab_size", 32000 },
                    { "mlp", "gated" }, { "tie_word_embeddings", false } } } } },
        { "workload", workload },
        { "candidates", json::array({ { { "gpu", "h100-80gb-sxm" }, { "gpus_per_node", gpus }, { "nodes", 1 } } }) },
        { "search", { { "enabled", false } } },
    };
}

// 21 accesses of AdamW's foreach kernels and 3 of clip_grad_norm_'s, per trained parameter at the width torch keeps
// it: the bf16 model itself without a master copy, the fp32 master with one.
TEST(HfStepPasses, OptimizerUpdateIsTorchAdamwForeachBytesOverTheBandwidth)
{
    for (const char* key : { "optimizer.torch_adamw_foreach_accesses", "optimizer.clip_grad_norm_foreach_accesses" }) {
        const auto it = builtinCatalog().defaults.find(key);
        ASSERT_NE(it, builtinCatalog().defaults.end()) << key;
        EXPECT_FALSE(it->second.source.empty()) << key;
    }
    const testing::StepPassesEstimate pure
        = testing::stepPassesEstimate(hfPlan("hf", { { "master_weights", false }, { "bf16_optimizer_states", true } }));
    const testing::StepPassesEstimate mixed = testing::stepPassesEstimate(hfPlan("hf"));
    ASSERT_GT(pure.bandwidth, 0);
    ASSERT_GT(pure.trained, 1e9);
    const double pureSeconds = pure.trained * (21 + 3) * 2 / pure.bandwidth;
    const double mixedSeconds = mixed.trained * (21 + 3) * 4 / mixed.bandwidth;
    EXPECT_NEAR(pure.time.optimizerUpdateSeconds, pureSeconds, pureSeconds * 1e-9);
    EXPECT_NEAR(mixed.time.optimizerUpdateSeconds, mixedSeconds, mixedSeconds * 1e-9);
    // Part of the memory-bound time and of the step (one GPU: nothing hides it).
    const testing::StepPassesEstimate other = testing::stepPassesEstimate(
        hfPlan("auto", { { "master_weights", false }, { "bf16_optimizer_states", true } }));
    EXPECT_EQ(other.time.optimizerUpdateSeconds, 0.0);
    EXPECT_NEAR(pure.time.step.total - other.time.step.total, pureSeconds, pureSeconds * 1e-6);
    EXPECT_NEAR(pure.time.memoryBoundSeconds - other.time.memoryBoundSeconds, pureSeconds, pureSeconds * 1e-9);
    // Not counted for the stacks whose update was not read, other optimizers, or an optimizer on the CPU.
    for (const char* stack : { "megatron", "torchtitan", "deepspeed" })
        EXPECT_EQ(testing::stepPassesEstimate(hfPlan(stack)).time.optimizerUpdateSeconds, 0.0) << stack;
    EXPECT_EQ(testing::stepPassesEstimate(hfPlan("hf", { { "optimizer", "sgd" } })).time.optimizerUpdateSeconds, 0.0);
    json offloaded = hfPlan("hf");
    offloaded["workload"]["parallelism"]["zero_stage"] = 2;
    offloaded["workload"]["parallelism"]["offload"] = "optimizer";
    EXPECT_EQ(testing::stepPassesEstimate(offloaded).time.optimizerUpdateSeconds, 0.0);
    // From ZeRO 1 each of the data-parallel ranks updates its partition only; without it every rank all of them.
    json ddp = hfPlan("hf", json::object(), 2);
    json zero1 = hfPlan("hf", json::object(), 2);
    zero1["workload"]["parallelism"]["zero_stage"] = 1;
    const testing::StepPassesEstimate replicated = testing::stepPassesEstimate(ddp);
    const testing::StepPassesEstimate partitioned = testing::stepPassesEstimate(zero1);
    EXPECT_NEAR(replicated.time.optimizerUpdateSeconds, mixedSeconds, mixedSeconds * 1e-9);
    EXPECT_NEAR(partitioned.time.optimizerUpdateSeconds, mixedSeconds / 2, mixedSeconds * 1e-9);
}

// peft's lora.Linear.forward with fp32 adapters over a bf16 model, per token and adapted module of d_in inputs and
// d_out outputs: forward the input cast (2 + 4), lora_A's read (4), lora_B's write (4), the scaling (4 + 4), the sum
// (2 + 4 + 4) and the cast back (4 + 2); backward the casts' gradients (2 x (4 + 2) per output, 4 + 2 per input), the
// scaling's (4 + 4), lora_B's two GEMMs reading the gradient (4 + 4), lora_A's input read and gradient written (4 +
// 4) and the input gradient's sum with the base layer's (3 x 2).
TEST(HfStepPasses, PeftAdapterKernelsAreTheirBytesByHand)
{
    const json qv = { { "rank", 16 }, { "target_modules", { "q_proj", "v_proj" } } };
    const json lora = { { "technique", "lora" }, { "lora", qv } };
    const testing::StepPassesEstimate hf = testing::stepPassesEstimate(hfPlan("hf", lora));
    const testing::StepPassesEstimate other = testing::stepPassesEstimate(hfPlan("auto", lora));
    ASSERT_GT(hf.bandwidth, 0);
    const double in = kHfLayers * (kHfHidden + kHfHidden);
    const double out = kHfLayers * (kHfHidden + kHfKv);
    const double forward = in * (6 + 4) + out * (4 + 8 + 10 + 6);
    const double backward = out * (12 + 8 + 8) + in * (8 + 6 + 6);
    const double seconds = kHfTokens * (forward + backward) / hf.bandwidth;
    EXPECT_NEAR(hf.time.loraAdapterPassSeconds, seconds, seconds * 1e-9);
    EXPECT_EQ(other.time.loraAdapterPassSeconds, 0.0);
    EXPECT_NEAR(hf.time.memoryBoundSeconds - other.time.memoryBoundSeconds - hf.time.optimizerUpdateSeconds, seconds,
        seconds * 1e-9);
    // Under full recompute the forward kernels run twice.
    const testing::StepPassesEstimate full = testing::stepPassesEstimate(
        hfPlan("hf", { { "technique", "lora" }, { "lora", qv }, { "activation_checkpointing", "full" } }));
    const double fullSeconds = kHfTokens * (2 * forward + backward) / full.bandwidth;
    EXPECT_NEAR(full.time.loraAdapterPassSeconds, fullSeconds, fullSeconds * 1e-9);
    // Full fine-tuning has no adapters, so none of their kernels.
    EXPECT_EQ(testing::stepPassesEstimate(hfPlan("hf")).time.loraAdapterPassSeconds, 0.0);
    // Adapters and model at one width (fp32 training): no casts, the rest at 4 bytes.
    Architecture one;
    one.hiddenSize = 2048;
    one.numLayers = 1;
    one.numAttentionHeads = 16;
    one.numKeyValueHeads = 4;
    LoraSpec q;
    q.targetModules = { "q_proj" };
    const LoraAdapterPassBytes same = loraAdapterPassBytesPerToken(one, q, 4, 4);
    EXPECT_NEAR(same.forward, kHfHidden * 4 + kHfHidden * (4 + 8 + 12), 1e-6);
    EXPECT_NEAR(same.backward, kHfHidden * (8 + 8) + kHfHidden * (8 + 12), 1e-6);
}

} // namespace
} // namespace gp
