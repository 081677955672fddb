// Decode and prefill behave as the roofline says: bandwidth bound at batch 1, compute bound at large batches,
// faster with tensor parallelism and quantized weights, and prefill scales with the prompt.
#include "estimate/time/inference_speed.h"
#include "estimate/time/throughput_model.h"

#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

using namespace gp;
using namespace gp::testing;

namespace
{

Workload decode(int batch, WeightFormat format = WeightFormat::Same)
{
    Workload w;
    w.mode = Mode::Inference;
    w.weightFormat = format;
    w.inference.batchSize = batch;
    w.inference.promptTokens = 512;
    w.inference.outputTokens = 256;
    return w;
}

// The batch is a knob of the configuration: the models read it there, not from the workload.
Configuration tensor(int t, int batch = 1)
{
    Configuration c;
    c.tensor = t;
    c.microBatchSize = batch;
    return c;
}

} // namespace

TEST(InferenceSpeed, BatchOneIsBandwidthBoundByHand)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, "a100-80gb-sxm", 1, "nvlink3");
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const InferenceSpeed s = estimateInferenceSpeed(m, decode(1), tensor(1), hw, d, 312);
    // Weights without the input embedding table, 2 bytes each; KV: 2 x 32 layers x 4096 x 2 B x (512 + 128) tokens.
    const double weights = (m.parameters.total - 32000.0 * 4096) * 2;
    const double kv = 2.0 * 32 * 4096 * 2 * (512 + 128);
    EXPECT_NEAR(s.weightBytesPerGpu, weights, 1.0);
    EXPECT_NEAR(s.kvBytesPerGpu, kv, 1.0);
    EXPECT_NEAR(s.decodeMemorySeconds, (weights + kv) / (2039e9 * d.decodeBandwidth), 1e-12);
    EXPECT_EQ(s.bottleneck, Bottleneck::MemoryBandwidth);
    EXPECT_NEAR(s.decodeTokensPerSecond, 1 / s.decodeStepSeconds, 1e-9);
}

TEST(InferenceSpeed, LargeBatchBecomesComputeBound)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, "a100-80gb-sxm", 1, "nvlink3");
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    Workload w = decode(512);
    w.inference.promptTokens = 16;
    w.inference.outputTokens = 16;
    const InferenceSpeed big = estimateInferenceSpeed(m, w, tensor(1, 512), hw, d, 312);
    const InferenceSpeed one = estimateInferenceSpeed(m, decode(1), tensor(1), hw, d, 312);
    EXPECT_EQ(big.bottleneck, Bottleneck::Compute);
    EXPECT_GT(big.decodeTokensPerSecond, 50 * one.decodeTokensPerSecond);
}

TEST(InferenceSpeed, QuantizationAndTensorParallelismHelpDecode)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, "a100-80gb-sxm", 8, "nvlink3");
    auto speed = [&](const Workload& w, int t) {
        return *estimateThroughput(m, w, tensor(t), hw, {}, {}, catalog).decodeTokensPerSecond;
    };
    const double bf16 = speed(decode(1), 1);
    EXPECT_GT(speed(decode(1, WeightFormat::Int8), 1), bf16);
    EXPECT_GT(speed(decode(1, WeightFormat::Int4), 1), speed(decode(1, WeightFormat::Int8), 1));
    EXPECT_GT(speed(decode(1), 2), bf16);
    EXPECT_GT(speed(decode(1), 8), speed(decode(1), 4));
    // ... but less than linearly: the all-reduce latency per layer does not shrink.
    EXPECT_LT(speed(decode(1), 8), 8 * bf16);
}

TEST(InferenceSpeed, PrefillScalesWithPrompt)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 1, "nvlink4");
    Workload w = decode(4);
    w.inference.promptTokens = 2048;
    const auto a = estimateThroughput(m, w, tensor(1, 4), hw, {}, {}, catalog);
    w.inference.promptTokens = 4096;
    const auto b = estimateThroughput(m, w, tensor(1, 4), hw, {}, {}, catalog);
    ASSERT_TRUE(a.prefillSeconds && b.prefillSeconds);
    EXPECT_GT(*b.prefillSeconds, 2.0 * *a.prefillSeconds); // attention grows faster than linearly
    EXPECT_LT(*b.prefillSeconds, 2.3 * *a.prefillSeconds);
    // 2 x P x tokens at no better than the peak: a lower bound.
    EXPECT_GT(*a.prefillSeconds, 2 * 6.74e9 * 4 * 2048 / 989e12);
    EXPECT_EQ(a.trainingHours, 0);
}

TEST(InferenceSpeed, MixtureOfExpertsReadsOnlyRoutedExperts)
{
    // Mixtral-8x7B shape (mistralai/Mixtral-8x7B-v0.1 config.json): 8 experts, 2 per token.
    Architecture a = llama2_7b();
    a.numKeyValueHeads = 8;
    a.intermediateSize = 14336;
    a.numExperts = 8;
    a.expertsPerToken = 2;
    const ResolvedModel m = modelFrom(a);
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 1, "nvlink4");
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const double expertParams = 32 * 8 * 3.0 * 4096 * 14336;
    const double rest = m.parameters.total - m.parameters.embedding - expertParams;
    // Batch 1: two of eight experts per layer are read.
    const InferenceSpeed one = estimateInferenceSpeed(m, decode(1), tensor(1), hw, d, 989);
    EXPECT_NEAR(one.weightBytesPerGpu, (rest + expertParams * 2 / 8) * 2, 1e3);
    // Batch 64: 1 - (6/8)^64 of the experts, i.e. all of them.
    const InferenceSpeed many = estimateInferenceSpeed(m, decode(64), tensor(1, 64), hw, d, 989);
    EXPECT_NEAR(many.weightBytesPerGpu, (rest + expertParams) * 2, 1e3 + expertParams * 2 * 1e-7);
}
