// FP8 training runs the blocks' linear GEMMs in FP8 and the attention core and output head at the 16-bit peak.
#include "estimate/time/throughput_model.h"
#include "test_throughput_helpers.h"
#include "transformer/training_flops.h"

#include <gtest/gtest.h>

namespace gp
{
namespace
{

using namespace gp::testing;

Workload pretraining(std::int64_t seq, Precision precision)
{
    Workload w;
    w.sequenceLength = seq;
    w.trainingTokens = 1e9;
    w.precision = precision;
    return w;
}

double matmulSeconds(const ResolvedModel& m, const Workload& w, const Hardware& hw, const Catalog& catalog)
{
    Configuration c;
    c.data = 8;
    c.zeroStage = 3;
    const ThroughputEstimate t = estimateThroughput(m, w, c, hw, {}, {}, catalog);
    return t.step.compute - t.memoryBoundSeconds - t.pipelineBubbleSeconds;
}

TEST(Fp8Scope, LinearFlopsAreTheBlocksMatmulPasses)
{
    const ResolvedModel m = modelFrom(llama2_7b());
    const Workload w = pretraining(4096, Precision::Bf16);
    const TrainingFlopsPerToken f = trainingFlopsPerToken(m.architecture, m.parameters, w, Checkpointing::None);
    // Full training: forward + 2x backward of every block matrix, nothing else.
    EXPECT_DOUBLE_EQ(f.linearHardware, 3 * f.forward.matmul);
    const TrainingFlopsPerToken full = trainingFlopsPerToken(m.architecture, m.parameters, w, Checkpointing::Full);
    EXPECT_DOUBLE_EQ(full.linearHardware, 4 * full.forward.matmul); // one recomputed forward
    EXPECT_LT(full.linearHardware, full.hardware);
}

TEST(Fp8Scope, GainIsBelowThePeakRatioAndShrinksWithAttention)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4");
    ASSERT_TRUE(hw.gpu.tflops.fp8 && hw.gpu.tflops.bf16);
    const double peakRatio = *hw.gpu.tflops.fp8 / *hw.gpu.tflops.bf16; // 2 on Hopper
    auto gain = [&](std::int64_t seq) {
        return matmulSeconds(m, pretraining(seq, Precision::Bf16), hw, catalog)
            / matmulSeconds(m, pretraining(seq, Precision::Fp8), hw, catalog);
    };
    const double at4k = gain(4096);
    const double at32k = gain(32768);
    EXPECT_GT(at4k, 1.0);
    EXPECT_LT(at4k, peakRatio); // attention and the head stay at the bf16 peak
    EXPECT_LT(at32k, at4k); // longer sequences: attention is a larger share
    // By hand: the FP8 share runs twice as fast, the rest as fast as before; the attention core (in the flash
    // kernel, at its own efficiency) takes the same seconds in both.
    const TrainingFlopsPerToken f
        = trainingFlopsPerToken(m.architecture, m.parameters, pretraining(4096, Precision::Bf16), Checkpointing::None);
    Configuration c;
    c.data = 8;
    c.zeroStage = 3;
    const ThroughputEstimate t = estimateThroughput(m, pretraining(4096, Precision::Bf16), c, hw, {}, {}, catalog);
    const double tokens = 4096.0; // one micro-batch of one sequence per GPU
    const double rate = *hw.gpu.tflops.bf16 * 1e12 * t.computeEfficiency;
    const double attention = f.attentionForwardHardware + f.attentionBackward;
    const double other = f.hardware - f.linearHardware - attention;
    const double bf16 = tokens * (f.linearHardware + other) / rate + t.attentionSeconds;
    const double fp8 = tokens * (f.linearHardware / peakRatio + other) / rate + t.attentionSeconds;
    EXPECT_NEAR(at4k, bf16 / fp8, 1e-9);
}

} // namespace
} // namespace gp
