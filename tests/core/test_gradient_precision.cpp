// workload.gradient_precision by hand: the width Megatron's main-gradient buffer holds and the data-parallel reduce
// carries (Megatron-LM arguments.py: bf16 accumulates and reduces in fp32 unless --grad-reduce-in-bf16; torchtitan
// reduces in fp32 under FSDP2; the others at the compute width), and the launch flags that state it.
#include "estimate/memory/memory_model.h"
#include "estimate/time/communication_model.h"
#include "launch/launch.h"
#include "plan/precision.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

namespace gp
{
namespace
{

Workload gradientWidthWorkload(TrainingStack stack, Precision precision, GradientPrecision gradients)
{
    Workload w;
    w.framework = stack;
    w.precision = precision;
    w.gradientPrecision = gradients;
    w.optimizer = Optimizer::AdamW;
    w.sequenceLength = 4096;
    w.microBatchSize = 1;
    w.activationCheckpointing = Checkpointing::Full;
    return w;
}

Configuration gradientWidthLayout(int data, int zeroStage)
{
    Configuration c;
    c.data = data;
    c.zeroStage = zeroStage;
    c.microBatchSize = 1;
    c.checkpointing = Checkpointing::Full;
    return c;
}

// One rank's data-parallel bytes per step for llama-2-7b on eight A100s (NVLink), no expert or FP8 share.
double gradientWidthDataBytes(const Workload& w, int zeroStage)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = testing::modelFrom(testing::llama2_7b());
    const Hardware hw = testing::catalogHardware(catalog, "a100-80gb-sxm", 8, "nvlink3");
    const PerformanceDefaults d = performanceDefaults(catalog, {}, "datacenter-hbm", "ampere");
    const double p = m.parameters.total;
    return estimateCommunication(m.architecture, p, p, w, gradientWidthLayout(8, zeroStage), hw, catalog, d)
        .dataParallelBytes;
}

TEST(GradientPrecision, MegatronMainGradientBufferHoldsTheReduceWidth)
{
    // Megatron (ZeRO 1 = the distributed optimizer over 8 ranks): bf16 weights 2p, main gradients 4p at fp32 (the
    // default for bf16 and fp8), 2p under --grad-reduce-in-bf16; master and moments 12p/8 whatever the reduce width.
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    const double p = m.parameters.total;
    const Configuration c = gradientWidthLayout(8, 1);
    auto memory = [&](TrainingStack stack, Precision precision, GradientPrecision g) {
        return estimateMemory(
            m, gradientWidthWorkload(stack, precision, g), c, test::testHardware(80), {}, builtinCatalog());
    };
    for (Precision precision : { Precision::Bf16, Precision::Fp8 }) {
        EXPECT_NEAR(memory(TrainingStack::Megatron, precision, GradientPrecision::Auto).gradients, 4 * p, 1e3);
        EXPECT_NEAR(memory(TrainingStack::Megatron, precision, GradientPrecision::Fp32).gradients, 4 * p, 1e3);
        EXPECT_NEAR(memory(TrainingStack::Megatron, precision, GradientPrecision::Bf16).gradients, 2 * p, 1e3);
        EXPECT_NEAR(memory(TrainingStack::Megatron, precision, GradientPrecision::Bf16).optimizer, 12 * p / 8, 1e3);
    }
    // fp16: accumulate_allreduce_grads_in_fp32 stays off unless stated, so the buffer is 16-bit.
    EXPECT_NEAR(memory(TrainingStack::Megatron, Precision::Fp16, GradientPrecision::Auto).gradients, 2 * p, 1e3);
    EXPECT_NEAR(memory(TrainingStack::Megatron, Precision::Fp16, GradientPrecision::Fp32).gradients, 4 * p, 1e3);
    // DeepSpeed keeps its 16-bit gradients and fp32 partition whatever width it communicates in.
    const MemoryBreakdown ds = memory(TrainingStack::Deepspeed, Precision::Bf16, GradientPrecision::Auto);
    const MemoryBreakdown dsFp32 = memory(TrainingStack::Deepspeed, Precision::Bf16, GradientPrecision::Fp32);
    EXPECT_NEAR(dsFp32.gradients + dsFp32.optimizer, ds.gradients + ds.optimizer, 1e3);
}

TEST(GradientPrecision, TheDataParallelReduceCarriesTheGradientWidth)
{
    const double p = testing::modelFrom(testing::llama2_7b()).parameters.total;
    const double part = 7.0 / 8; // a ring collective over 8 ranks sends (n - 1) / n of the buffer
    // Megatron, no distributed optimizer: the all-reduce's two passes at the gradient width, 4 bytes by default for
    // bf16 and for fp8 (its gradients are bf16, its main gradients fp32), 2 under --grad-reduce-in-bf16.
    for (Precision precision : { Precision::Bf16, Precision::Fp8 }) {
        EXPECT_NEAR(gradientWidthDataBytes(
                        gradientWidthWorkload(TrainingStack::Megatron, precision, GradientPrecision::Auto), 0),
            2 * part * p * 4, 1.0);
        EXPECT_NEAR(gradientWidthDataBytes(
                        gradientWidthWorkload(TrainingStack::Megatron, precision, GradientPrecision::Bf16), 0),
            2 * part * p * 2, 1.0);
    }
    // The distributed optimizer: reduce-scatter at the gradient width, all-gather of the bf16 parameters at 2.
    EXPECT_NEAR(gradientWidthDataBytes(
                    gradientWidthWorkload(TrainingStack::Megatron, Precision::Bf16, GradientPrecision::Auto), 1),
        part * p * (4 + 2), 1.0);
    EXPECT_NEAR(gradientWidthDataBytes(
                    gradientWidthWorkload(TrainingStack::Megatron, Precision::Bf16, GradientPrecision::Bf16), 1),
        part * p * (2 + 2), 1.0);
    // The generic stack and DeepSpeed reduce at the compute width unless told; fp32 doubles the gradients' share.
    EXPECT_NEAR(
        gradientWidthDataBytes(gradientWidthWorkload(TrainingStack::Auto, Precision::Bf16, GradientPrecision::Auto), 0),
        2 * part * p * 2, 1.0);
    EXPECT_NEAR(gradientWidthDataBytes(
                    gradientWidthWorkload(TrainingStack::Deepspeed, Precision::Bf16, GradientPrecision::Fp32), 2),
        part * p * (4 + 2), 1.0);
    // torchtitan (FSDP2, ZeRO 3): two bf16 parameter gathers and a reduce-scatter in fp32 (mixed_precision_reduce).
    EXPECT_NEAR(gradientWidthDataBytes(
                    gradientWidthWorkload(TrainingStack::Torchtitan, Precision::Bf16, GradientPrecision::Auto), 3),
        part * p * (2 * 2 + 4), 1.0);
    EXPECT_NEAR(gradientWidthDataBytes(
                    gradientWidthWorkload(TrainingStack::Torchtitan, Precision::Bf16, GradientPrecision::Bf16), 3),
        part * p * (2 * 2 + 2), 1.0);
}

TEST(GradientPrecision, LaunchFilesStateItAndTheExportWritesItBack)
{
    const std::string base = "#!/bin/bash\ntorchrun --nproc_per_node 8 pretrain_gpt.py --num-layers 32 "
                             "--hidden-size 4096 --num-attention-heads 32 --seq-length 4096 --micro-batch-size 1 "
                             "--global-batch-size 256 --bf16 --use-distributed-optimizer";
    auto stated = [](const std::string& text, const std::string& name) {
        const auto read = readLaunchFile(text, name);
        EXPECT_TRUE(read) << name;
        std::string got;
        if (read)
            for (const auto& mapped : read->mapped)
                if (mapped.planField == "workload.gradient_precision")
                    got = mapped.value.get<std::string>();
        return got;
    };
    EXPECT_EQ(stated(base + " --grad-reduce-in-bf16\n", "train.sh"), "bf16");
    EXPECT_EQ(stated(base + " --accumulate-allreduce-grads-in-fp32\n", "train.sh"), "fp32");
    EXPECT_EQ(stated(base + "\n", "train.sh"), ""); // the stack's default: auto
    // Megatron-Bridge / NeMo 2 YAML and NeMo 1's optim.grad_sync_dtype.
    EXPECT_EQ(stated("model:\n  tensor_model_parallel_size: 1\n  num_layers: 32\nddp:\n  grad_reduce_in_fp32: false\n",
                  "bridge.yaml"),
        "bf16");
    EXPECT_EQ(
        stated("model:\n  tensor_model_parallel_size: 1\n  optim:\n    grad_sync_dtype: bf16\n", "nemo.yaml"), "bf16");
}

} // namespace
} // namespace gp
