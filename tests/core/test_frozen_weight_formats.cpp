// Adapter training over frozen base weights stored in another format than the GEMMs read: dequantized before each
// use (QLoRA's NF4; LoRA over int8 or fp8 weights in 16-bit training), except FP8 training over FP8-stored weights
// (MLPerf's fp8_params), which the GEMMs read as stored: neither dequantized nor cast. Checked by hand.
#include "estimate/common/performance_defaults.h"
#include "estimate/time/fp8_scaling.h"
#include "estimate/time/throughput_model.h"
#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

namespace gp
{
namespace
{

using namespace gp::testing;

Workload adapterTraining(Technique technique, Precision precision, WeightFormat format)
{
    Workload w;
    w.technique = technique;
    w.precision = precision;
    w.weightFormat = format;
    w.sequenceLength = 4096;
    w.trainingTokens = 1e8;
    return w;
}

struct AdapterRun {
    const Catalog& catalog = builtinCatalog();
    ResolvedModel model = modelFrom(llama2_7b());
    Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 1, "nvlink4");
    Configuration config;
    double bandwidth = 0; // achieved bytes/s of memory-bound kernels
    AdapterRun()
    {
        config.data = 1;
        config.microBatchSize = 4;
        config.gradientAccumulationSteps = 2;
        config.checkpointing = Checkpointing::None;
        const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
        bandwidth = hw.gpu.memoryBandwidthGBps * 1e9 * d.decodeBandwidth;
    }
    ThroughputEstimate run(const Workload& w) const
    {
        return estimateThroughput(model, w, config, hw, {}, {}, catalog);
    }
};

TEST(FrozenWeightFormats, LoraOverInt8WeightsDequantizesThemBeforeEachUse)
{
    const AdapterRun s;
    const ThroughputEstimate same = s.run(adapterTraining(Technique::Lora, Precision::Bf16, WeightFormat::Same));
    const ThroughputEstimate int8 = s.run(adapterTraining(Technique::Lora, Precision::Bf16, WeightFormat::Int8));
    // 2 micro-batches x 2 weight passes (forward, backward) x the blocks' linear weights (the ones int8 stores, as
    // the memory model counts them; embeddings, head and norms stay 16-bit) x (1 + 4/4096 B read + 2 x 2 B copy).
    const double linear = s.model.parameters.blockLinear;
    EXPECT_DOUBLE_EQ(linear, 32.0 * 202375168); // Llama 2 7B: 32 layers of 4h^2 + 3hf
    const double expected = 2 * 2 * linear * (1.0 + 4.0 / 4096 + 4.0) / s.bandwidth;
    EXPECT_NEAR(int8.memoryBoundSeconds - same.memoryBoundSeconds, expected, expected * 1e-9);
    EXPECT_LT(int8.tokensPerSecond, same.tokensPerSecond);
    // QLoRA keeps its NF4 rule: 4.127 bits per weight read.
    const ThroughputEstimate qlora = s.run(adapterTraining(Technique::Qlora, Precision::Bf16, WeightFormat::Same));
    const double nf4 = (4.0 + 8.0 / 64 + 32.0 / (64 * 256)) / 8;
    const double expectedNf4 = 2 * 2 * linear * (nf4 + 4.0) / s.bandwidth;
    EXPECT_NEAR(qlora.memoryBoundSeconds - same.memoryBoundSeconds, expectedNf4, expectedNf4 * 1e-9);
}

TEST(FrozenWeightFormats, Fp8TrainingOverFp8WeightsReadsThemAsStored)
{
    const AdapterRun s;
    const ThroughputEstimate same = s.run(adapterTraining(Technique::Lora, Precision::Fp8, WeightFormat::Same));
    const ThroughputEstimate fp8 = s.run(adapterTraining(Technique::Lora, Precision::Fp8, WeightFormat::Fp8));
    // No weight casts: the difference is exactly the weights' cast traffic, 2 micro-batches of it.
    const Fp8CastTraffic cast = fp8CastTraffic(s.model.architecture, Fp8Recipe::Tensorwise);
    const double weightCasts = 2 * cast.weightBytes / s.bandwidth;
    EXPECT_NEAR(same.fp8CastSeconds - fp8.fp8CastSeconds, weightCasts, weightCasts * 1e-9);
    EXPECT_NEAR(same.memoryBoundSeconds - fp8.memoryBoundSeconds, weightCasts, weightCasts * 1e-9); // no dequant
    EXPECT_GT(fp8.tokensPerSecond, same.tokensPerSecond);
    // The same FP8 weights under 16-bit training are dequantized, like int8.
    const ThroughputEstimate bf16 = s.run(adapterTraining(Technique::Lora, Precision::Bf16, WeightFormat::Fp8));
    const ThroughputEstimate bf16Same = s.run(adapterTraining(Technique::Lora, Precision::Bf16, WeightFormat::Same));
    const double dequant = 2 * 2 * s.model.parameters.blockLinear * (1.0 + 4.0) / s.bandwidth;
    EXPECT_NEAR(bf16.memoryBoundSeconds - bf16Same.memoryBoundSeconds, dequant, dequant * 1e-9);
}

TEST(FrozenWeightFormats, FullTrainingIgnoresTheStorageFormat)
{
    // Nothing is frozen: weight_format describes frozen or served weights only.
    const AdapterRun s;
    const ThroughputEstimate same = s.run(adapterTraining(Technique::Full, Precision::Bf16, WeightFormat::Same));
    const ThroughputEstimate int8 = s.run(adapterTraining(Technique::Full, Precision::Bf16, WeightFormat::Int8));
    EXPECT_DOUBLE_EQ(int8.memoryBoundSeconds, same.memoryBoundSeconds);
}

} // namespace
} // namespace gp
