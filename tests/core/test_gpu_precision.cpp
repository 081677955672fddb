// One rule for the precision a GPU runs: the estimator's warning, the workload the memory model reads and the peak
// the time model uses all come from precisionOnGpu (catalog/gpu_precision.h).
#include "catalog/gpu_precision.h"
#include "estimate/estimator.h"
#include "estimate/time/throughput_model.h"

#include <gtest/gtest.h>

#include <limits>

namespace gp
{
namespace
{

const Precision kAll[] = { Precision::Fp32, Precision::Tf32, Precision::Fp16, Precision::Bf16, Precision::Fp8 };

Workload at(Precision p)
{
    Workload w;
    w.precision = p;
    return w;
}

TEST(GpuPrecision, AZeroOrMissingFigureFallsBackAndTheTimeModelUsesTheSamePrecision)
{
    GpuSpec gpu;
    gpu.name = "test";
    gpu.tflops.fp8 = 0.0; // listed, but no figure: unsupported, not "infinitely fast" or "free"
    gpu.tflops.bf16 = 312;
    gpu.tflops.fp16 = 300;
    gpu.tflops.fp32 = 19.5;
    EXPECT_EQ(precisionOnGpu(gpu, Precision::Fp8), Precision::Bf16);
    EXPECT_EQ(workloadOnGpu(at(Precision::Fp8), gpu).precision, Precision::Bf16);
    EXPECT_DOUBLE_EQ(peakTflops(gpu, Precision::Fp8).value_or(-1), 312);
    // tf32 is absent: it runs as fp32, at fp32's figure.
    EXPECT_EQ(workloadOnGpu(at(Precision::Tf32), gpu).precision, Precision::Fp32);
    EXPECT_DOUBLE_EQ(peakTflops(gpu, Precision::Tf32).value_or(-1), 19.5);
    gpu.tflops.bf16 = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(precisionOnGpu(gpu, Precision::Fp8), Precision::Fp16);
    EXPECT_EQ(precisionOnGpu(gpu, Precision::Bf16), Precision::Fp16);
}

TEST(GpuPrecision, NoFigureAtAllKeepsThePrecisionAndLeavesThePeakUnknown)
{
    GpuSpec gpu;
    gpu.tflops.int8 = 624; // integer rates do not train
    for (Precision p : kAll) {
        EXPECT_FALSE(precisionOnGpu(gpu, p).has_value());
        EXPECT_EQ(workloadOnGpu(at(p), gpu).precision, p);
        EXPECT_FALSE(peakTflops(gpu, p).has_value());
    }
}

// Every catalog GPU, every training precision: the precision the workload runs at is one the GPU has a figure for
// (or the wanted one when it has none), a change of precision happens only when the wanted one has no figure, and the
// time model's peak is that precision's figure.
TEST(GpuPrecision, EveryCatalogGpuRunsAtThePrecisionWhosePeakTheTimeModelUses)
{
    int fallbacks = 0;
    for (const GpuSpec& gpu : builtinCatalog().gpus) {
        for (Precision p : kAll) {
            const Precision used = workloadOnGpu(at(p), gpu).precision;
            if (used != p) {
                ++fallbacks;
                EXPECT_FALSE(denseTflops(gpu, p).has_value()) << gpu.id << " " << toString(p);
            }
            const auto peak = peakTflops(gpu, p);
            ASSERT_EQ(peak.has_value(), denseTflops(gpu, used).has_value()) << gpu.id << " " << toString(p);
            if (peak) {
                EXPECT_DOUBLE_EQ(*peak, *denseTflops(gpu, used)) << gpu.id << " " << toString(p);
            }
        }
    }
    EXPECT_GT(fallbacks, 0); // the catalog has pre-Hopper GPUs without fp8
}

} // namespace
} // namespace gp
