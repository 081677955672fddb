// Launch formats beside the real files: Megatron-Bridge / NeMo recipes, vLLM's --config YAML, a Trainer YAML with its
// DeepSpeed config inline, and a launch script's variables and branches.
#include "launch/launch.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace gp
{
namespace
{

nlohmann::json mappedValue(const LaunchImport& launch, const std::string& planField)
{
    nlohmann::json value;
    for (const auto& m : launch.mapped)
        if (m.planField == planField)
            value = m.value; // the last one set is the plan's
    return value;
}

bool ignores(const LaunchImport& launch, const std::string& field)
{
    return std::any_of(
        launch.ignored.begin(), launch.ignored.end(), [&](const LaunchIgnoredField& i) { return i.field == field; });
}

TEST(LaunchFormats, NemoRecipeFieldsAreMegatronsArgumentsInSnakeCase)
{
    const std::string recipe = R"(trainer:
  devices: 8
  num_nodes: 2
  precision: bf16-mixed
model:
  micro_batch_size: 1
  global_batch_size: 256
  encoder_seq_length: 4096
  tensor_model_parallel_size: 4
  pipeline_model_parallel_size: 2
  sequence_parallel: true
  activations_checkpoint_granularity: selective
  num_layers: 32
  hidden_size: 4096
  num_attention_heads: 32
  optim:
    name: distributed_fused_adam
    lr: 0.0003
)";
    auto read = readLaunchFile(recipe, "llama.yaml");
    ASSERT_TRUE(read) << read.error().toString();
    EXPECT_EQ(read->format, "megatron");
    EXPECT_EQ(mappedValue(*read, "workload.parallelism.tensor"), 4);
    EXPECT_EQ(mappedValue(*read, "workload.parallelism.pipeline"), 2);
    EXPECT_EQ(mappedValue(*read, "workload.parallelism.sequence_parallel"), true);
    EXPECT_EQ(mappedValue(*read, "workload.sequence_length"), 4096);
    EXPECT_EQ(mappedValue(*read, "workload.global_batch_size"), 256);
    EXPECT_EQ(mappedValue(*read, "workload.precision"), "bf16");
    EXPECT_EQ(mappedValue(*read, "workload.activation_checkpointing"), "selective");
    EXPECT_EQ(
        mappedValue(*read, "workload.parallelism.zero_stage"), 1); // NeMo's distributed optimizer shards its states
    EXPECT_TRUE(ignores(*read, "trainer.devices"));
    EXPECT_TRUE(ignores(*read, "model.optim.lr"));
}

TEST(LaunchFormats, VllmConfigYamlReadsAsItsFlags)
{
    auto read
        = readLaunchFile("model: Qwen/Qwen2.5-7B-Instruct\ntensor_parallel_size: 2\nmax-model-len: 32k\n"
                         "gpu_memory_utilization: 0.85\nkv_cache_dtype: fp8\nenable_prefix_caching: true\nport: 8000\n",
            "vllm.yaml");
    ASSERT_TRUE(read) << read.error().toString();
    EXPECT_EQ(read->format, "vllm");
    EXPECT_TRUE(read->serving);
    EXPECT_EQ(mappedValue(*read, "model.preset"), "qwen2.5-7b");
    EXPECT_EQ(mappedValue(*read, "workload.parallelism.tensor"), 2);
    EXPECT_EQ(mappedValue(*read, "workload.serving.engine.max_model_len"), 32000); // vLLM reads "32k" as 32,000
    EXPECT_DOUBLE_EQ(mappedValue(*read, "workload.serving.engine.gpu_memory_utilization").get<double>(), 0.85);
    EXPECT_EQ(mappedValue(*read, "workload.serving.kv_cache_precision"), "fp8");
    EXPECT_TRUE(ignores(*read, "--enable-prefix-caching"));
    EXPECT_TRUE(ignores(*read, "--port"));
}

// Many LoRA adapters: the GPU slots, their rank and the host copies as each engine spells them; the adapters listed
// at start are counted (vLLM --lora-modules NAME=PATH ..., SGLang --lora-paths), SGLang's target modules name the set.
TEST(LaunchFormats, LoraFlagsOfBothEnginesSetTheServedAdapters)
{
    auto vllm = readLaunchFile("vllm serve Qwen/Qwen2.5-7B-Instruct --enable-lora --lora-modules a=/l/a b=/l/b c=/l/c "
                               "--max-loras 2 --max-lora-rank 32 --max-cpu-loras 3 --port 8000\n",
        "serve.sh");
    ASSERT_TRUE(vllm) << vllm.error().toString();
    EXPECT_EQ(mappedValue(*vllm, "workload.serving.lora.adapters"), 3);
    EXPECT_EQ(mappedValue(*vllm, "workload.serving.lora.max_loras"), 2);
    EXPECT_EQ(mappedValue(*vllm, "workload.serving.lora.rank"), 32);
    EXPECT_EQ(mappedValue(*vllm, "workload.serving.lora.max_cpu_loras"), 3);
    EXPECT_TRUE(ignores(*vllm, "--enable-lora"));
    EXPECT_TRUE(ignores(*vllm, "--port")); // the list ends at the next flag

    auto yaml = readLaunchFile(
        "model: Qwen/Qwen2.5-7B-Instruct\nenable_lora: true\nlora_modules:\n  - a=/l/a\n  - b=/l/b\nmax_loras: 2\n",
        "vllm.yaml");
    ASSERT_TRUE(yaml) << yaml.error().toString();
    EXPECT_EQ(mappedValue(*yaml, "workload.serving.lora.adapters"), 2);
    EXPECT_EQ(mappedValue(*yaml, "workload.serving.lora.max_loras"), 2);

    auto sglang = readLaunchFile("python3 -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --enable-lora "
                                 "--lora-paths x=/l/x y=/l/y --max-loras-per-batch 4 --max-lora-rank 64 "
                                 "--max-loaded-loras 8 --lora-target-modules v_proj k_proj o_proj q_proj\n",
        "sglang.sh");
    ASSERT_TRUE(sglang) << sglang.error().toString();
    EXPECT_EQ(mappedValue(*sglang, "workload.serving.lora.adapters"), 2);
    EXPECT_EQ(mappedValue(*sglang, "workload.serving.lora.max_loras"), 4);
    EXPECT_EQ(mappedValue(*sglang, "workload.serving.lora.rank"), 64);
    EXPECT_EQ(mappedValue(*sglang, "workload.serving.lora.max_cpu_loras"), 8);
    EXPECT_EQ(mappedValue(*sglang, "workload.serving.lora.targets"), "attention");

    // "all" is all_linear; a set the plan has no name for is left to the plan, with the reason.
    auto all = readLaunchFile(
        "python3 -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --lora-target-modules all\n", "a.sh");
    ASSERT_TRUE(all) << all.error().toString();
    EXPECT_EQ(mappedValue(*all, "workload.serving.lora.targets"), "all_linear");
    auto odd = readLaunchFile(
        "python3 -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --lora-target-modules q_proj\n", "b.sh");
    ASSERT_TRUE(odd) << odd.error().toString();
    EXPECT_TRUE(mappedValue(*odd, "workload.serving.lora.targets").is_null());
    EXPECT_TRUE(ignores(*odd, "--lora-target-modules"));
}

TEST(LaunchFormats, TrainerYamlWithItsDeepSpeedConfigInline)
{
    const std::string yaml = R"(model_name_or_path: Qwen/Qwen3-8B
per_device_train_batch_size: 2
gradient_accumulation_steps: 4
max_length: 2048
bf16: true
deepspeed:
  zero_optimization:
    stage: 3
    offload_optimizer:
      device: cpu
  train_micro_batch_size_per_gpu: auto
)";
    auto read = readLaunchFile(yaml, "sft.yaml");
    ASSERT_TRUE(read) << read.error().toString();
    EXPECT_EQ(read->format, "hf");
    EXPECT_EQ(mappedValue(*read, "model.preset"), "qwen3-8b");
    EXPECT_EQ(mappedValue(*read, "workload.parallelism.zero_stage"), 3);
    EXPECT_EQ(mappedValue(*read, "workload.parallelism.offload"), "optimizer");
    EXPECT_EQ(mappedValue(*read, "workload.micro_batch_size"), 2);
    EXPECT_TRUE(ignores(*read, "deepspeed.train_micro_batch_size_per_gpu"));
}

TEST(LaunchFormats, MegatronScriptTakesTheBranchItsVariablesChoose)
{
    const std::string script = R"(#!/bin/bash
TP=${TP:-2}
USE_FP8=0
ARGS=(--tensor-model-parallel-size $TP --micro-batch-size 2)
if [ "$USE_FP8" = "1" ]; then
    ARGS+=(--fp8-format hybrid)
else
    ARGS+=(--bf16)
fi
torchrun --nproc_per_node 8 pretrain_gpt.py "${ARGS[@]}" --seq-length 4096
)";
    auto read = readLaunchFile(script, "run.sh");
    ASSERT_TRUE(read) << read.error().toString();
    EXPECT_EQ(read->format, "megatron");
    EXPECT_EQ(mappedValue(*read, "workload.parallelism.tensor"), 2);
    EXPECT_EQ(mappedValue(*read, "workload.precision"), "bf16");
    EXPECT_EQ(mappedValue(*read, "workload.micro_batch_size"), 2);
    EXPECT_EQ(mappedValue(*read, "workload.sequence_length"), 4096);
    EXPECT_TRUE(ignores(*read, "--nproc_per_node"));
}

// The review's Line cell: training.steps is listed (the plan's tokens need the data-parallel degree when the file
// gives no global batch) on the line it stands on, as every other torchtitan key is.
TEST(LaunchFormats, TorchtitanStepsIsListedOnItsLine)
{
    auto read = readLaunchFile("[training]\nlocal_batch_size = 4\nseq_len = 2048\nsteps = 1000\n", "train.toml");
    ASSERT_TRUE(read) << read.error().toString();
    bool listed = false;
    for (const auto& i : read->ignored)
        if (i.field == "training.steps") {
            listed = true;
            EXPECT_EQ(i.line, 4);
        }
    EXPECT_TRUE(listed);
}

} // namespace
} // namespace gp
