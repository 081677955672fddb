// The attention core runs at the flash-attention kernel's measured efficiency (FlashAttention-2 on H100 as the
// FlashAttention-3 paper measures it, and on A100 as its own paper does; resources/catalog/defaults-performance.json),
// the linear layers at the matmul efficiency. Checked: the figures are the papers' numbers, a hand calculation of the
// attention seconds, the head-dim and sequence-length properties, and the fallbacks where no figure is known.
#include "estimate/common/performance_defaults.h"
#include "estimate/time/inference_speed.h"
#include "estimate/time/throughput_model.h"
#include "test_throughput_helpers.h"
#include "transformer/training_flops.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace gp
{
namespace
{

using testing::catalogHardware;
using testing::llama2_7b;
using testing::modelFrom;

// Published TFLOPS (FlashAttention-3 paper, arXiv:2407.08608, Figs. 5-6, its FlashAttention-2 bars, H100 SXM5,
// sequence 16k) over the H100 SXM's dense BF16 peak of 989 TFLOPS.
constexpr double kH100Bf16 = 989.0;

PerformanceDefaults kernelDefaults(const std::string& gpuId, AttentionKernel kernel = AttentionKernel::FlashAttention2)
{
    const Catalog& catalog = builtinCatalog();
    const GpuSpec* gpu = catalog.findGpu(gpuId);
    EXPECT_NE(gpu, nullptr) << gpuId;
    return gpu ? performanceDefaults(catalog, {}, gpu->gpuClass, gpu->architecture, kernel) : PerformanceDefaults {};
}

Workload kernelWorkload(std::int64_t sequence)
{
    Workload w;
    w.sequenceLength = sequence;
    w.trainingTokens = 1e9;
    return w;
}

Configuration oneGpu()
{
    Configuration c;
    c.data = 1;
    c.microBatchSize = 1;
    c.gradientAccumulationSteps = 1;
    return c;
}

// Llama-3.1-8B as the model library ships it (32 layers, hidden 4096, 32 heads of 128, 8 KV heads).
Architecture kernelLlama31_8b()
{
    const ModelPreset* preset = findModelPreset("llama-3.1-8b");
    if (!preset)
        throw std::runtime_error("missing preset llama-3.1-8b");
    return preset->architecture;
}

TEST(AttentionKernel, FiguresAreThePapersNumbers)
{
    // FlashAttention-2 on H100 SXM5 (the FlashAttention-3 paper's FlashAttention-2 bars, sequence 16k): the kernel
    // PyTorch's scaled_dot_product_attention runs.
    const PerformanceDefaults h100 = kernelDefaults("h100-80gb-sxm");
    ASSERT_TRUE(h100.attention[int(AttentionKernel::FlashAttention2)].known);
    const AttentionEfficiency d64 = attentionKernelEfficiency(h100, 64, false, AttentionKernel::FlashAttention2);
    const AttentionEfficiency d128 = attentionKernelEfficiency(h100, 128, false, AttentionKernel::FlashAttention2);
    EXPECT_NEAR(d64.forward, 324 / kH100Bf16, 0.001);
    EXPECT_NEAR(d128.forward, 370 / kH100Bf16, 0.001);
    EXPECT_NEAR(d64.backward, 291 / kH100Bf16, 0.001);
    EXPECT_NEAR(d128.backward, 322 / kH100Bf16, 0.001);
    // Larger head dims than measured keep the head-dim-128 figure.
    EXPECT_DOUBLE_EQ(
        attentionKernelEfficiency(h100, 256, false, AttentionKernel::FlashAttention2).forward, d128.forward);
    // Causal, head dim 128: 335 TFLOPS forward (Fig. 5), the causal FLOPs counted as half.
    EXPECT_NEAR(
        attentionKernelEfficiency(h100, 128, true, AttentionKernel::FlashAttention2).forward, 335 / kH100Bf16, 0.001);
    // Between measured head dims: linear in log2(head dim): 96 is log2(96) - 6 = 0.585 of the way to 128.
    const double at96 = 324 + (370 - 324) * (std::log2(96.0) - 6);
    EXPECT_NEAR(
        attentionKernelEfficiency(h100, 96, false, AttentionKernel::FlashAttention2).forward, at96 / kH100Bf16, 0.001);
    // FlashAttention-2 on A100: forward up to 73% of peak, backward at the range's low end, 50%.
    const PerformanceDefaults a100 = kernelDefaults("a100-80gb-sxm");
    ASSERT_TRUE(a100.attention[int(AttentionKernel::FlashAttention2)].known);
    EXPECT_DOUBLE_EQ(attentionKernelEfficiency(a100, 128, true, AttentionKernel::FlashAttention2).forward, 0.73);
    EXPECT_DOUBLE_EQ(attentionKernelEfficiency(a100, 128, true, AttentionKernel::FlashAttention2).backward, 0.50);
    // Each figure cites its paper.
    const Catalog& catalog = builtinCatalog();
    for (const char* key : { "attention_efficiency.hopper.forward.head_dim_128",
             "attention_efficiency.hopper.backward.head_dim_128", "attention_efficiency.hopper.causal" }) {
        const auto it = catalog.defaults.find(key);
        ASSERT_NE(it, catalog.defaults.end()) << key;
        EXPECT_EQ(it->second.source, "perf-flash-attention") << key;
    }
    EXPECT_NE(catalog.sources.at("perf-flash-attention").url.find("2407.08608"), std::string::npos);
    EXPECT_EQ(catalog.defaults.find("attention_efficiency.ampere.forward")->second.source, "perf-flash-attention");
    EXPECT_NE(catalog.defaults.find("attention_efficiency.ampere.forward")->second.note.find("2307.08691"),
        std::string::npos);
}

TEST(AttentionKernel, StepAttentionSecondsAsCalculatedByHand)
{
    // Llama-2-7B, one sequence of 4,096 tokens on one H100, no checkpointing. Attention core forward FLOPs per
    // token: 2 x 32 layers x 32 heads x (128 + 128) x 4096 / 2 (causal: half the positions) = 1.0737e9.
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 1, "nvlink4");
    const ThroughputEstimate t
        = estimateThroughput(modelFrom(llama2_7b()), kernelWorkload(4096), oneGpu(), hw, {}, {}, catalog);
    const double forward = 2.0 * 32 * 32 * 256 * 4096 / 2;
    const double peak = 989e12;
    const double causal = 335.0 / 370.0;
    const double fwdEfficiency = 370 / kH100Bf16 * causal;
    const double bwdEfficiency = 322 / kH100Bf16 * causal;
    // The kernel's backward does 2.5x the forward FLOPs.
    const double expected = 4096 * (forward / (peak * fwdEfficiency) + 2.5 * forward / (peak * bwdEfficiency));
    EXPECT_NEAR(t.attentionSeconds, expected, expected * 0.002);
    // The rest of the compute at the matmul efficiency.
    const TrainingFlopsPerToken f
        = trainingFlopsPerToken(llama2_7b(), countParameters(llama2_7b()), kernelWorkload(4096), Checkpointing::None);
    const double rest = 4096 * (f.hardware - 3 * forward) / (peak * t.computeEfficiency);
    EXPECT_NEAR(t.step.compute - t.memoryBoundSeconds, rest + expected, (rest + expected) * 0.002);
}

// cuDNN's fused attention (Transformer Engine's kernel on Hopper) and FlashAttention-3, from the same figures' other
// bars: each faster than FlashAttention-2 at every head dim, forward and backward.
TEST(AttentionKernel, CudnnAndFlashAttention3AreThePapersOtherBars)
{
    const PerformanceDefaults h100 = kernelDefaults("h100-80gb-sxm", AttentionKernel::Cudnn);
    const AttentionEfficiency cudnn = attentionKernelEfficiency(h100, 128, false, AttentionKernel::Cudnn);
    EXPECT_EQ(cudnn.kernel, AttentionKernel::Cudnn);
    EXPECT_NEAR(cudnn.forward, 595 / kH100Bf16, 0.001);
    EXPECT_NEAR(cudnn.backward, 516 / kH100Bf16, 0.001);
    EXPECT_NEAR(attentionKernelEfficiency(h100, 64, false, AttentionKernel::Cudnn).forward, 413 / kH100Bf16, 0.001);
    EXPECT_NEAR(attentionKernelEfficiency(h100, 128, true, AttentionKernel::Cudnn).forward, 539 / kH100Bf16, 0.001);
    const PerformanceDefaults withFa3 = kernelDefaults("h100-80gb-sxm", AttentionKernel::FlashAttention3);
    const AttentionEfficiency fa3 = attentionKernelEfficiency(withFa3, 64, false, AttentionKernel::FlashAttention3);
    EXPECT_NEAR(fa3.forward, 497 / kH100Bf16, 0.001);
    EXPECT_NEAR(fa3.backward, 474 / kH100Bf16, 0.001);
    for (double dim : { 64.0, 96.0, 128.0 })
        for (bool causal : { false, true }) {
            const AttentionEfficiency fa2
                = attentionKernelEfficiency(h100, dim, causal, AttentionKernel::FlashAttention2);
            for (AttentionKernel k : { AttentionKernel::Cudnn, AttentionKernel::FlashAttention3 }) {
                const AttentionEfficiency other
                    = attentionKernelEfficiency(kernelDefaults("h100-80gb-sxm", k), dim, causal, k);
                EXPECT_GT(other.forward, fa2.forward) << dim << toString(k);
                EXPECT_GT(other.backward, fa2.backward) << dim << toString(k);
            }
        }
}

// cuDNN's fused attention on Blackwell (Transformer Engine's kernel there, and the only one it runs for GPT-OSS's
// softmax sinks): the B200 forward at head dim 64 from flash-attention PR #2605's B200 table (904 TFLOPS unmasked,
// 865 causal, of 2,250), head dim 128 and the backward from cudnn-frontend's GB200 results (1,697 and 1,374 of
// 2,500), the backward for every head dim. FlashAttention-2 has no Blackwell figures: the matmul efficiency applies.
TEST(AttentionKernel, BlackwellCudnnFiguresAreTheMeasurements)
{
    const PerformanceDefaults b200 = kernelDefaults("b200-180gb-sxm", AttentionKernel::Cudnn);
    ASSERT_TRUE(b200.attention[int(AttentionKernel::Cudnn)].known);
    EXPECT_FALSE(b200.attention[int(AttentionKernel::FlashAttention2)].known);
    const AttentionEfficiency d64 = attentionKernelEfficiency(b200, 64, false, AttentionKernel::Cudnn);
    EXPECT_EQ(d64.kernel, AttentionKernel::Cudnn);
    EXPECT_NEAR(d64.forward, 904.0 / 2250.0, 0.001);
    EXPECT_NEAR(d64.backward, 1374.0 / 2500.0, 0.001);
    EXPECT_NEAR(attentionKernelEfficiency(b200, 64, true, AttentionKernel::Cudnn).forward, 865.0 / 2250.0, 0.001);
    const AttentionEfficiency d128 = attentionKernelEfficiency(b200, 128, false, AttentionKernel::Cudnn);
    EXPECT_NEAR(d128.forward, 1697.0 / 2500.0, 0.001);
    EXPECT_DOUBLE_EQ(d128.backward, d64.backward);
    const Catalog& catalog = builtinCatalog();
    EXPECT_EQ(
        catalog.defaults.at("attention_efficiency.blackwell.cudnn.forward.head_dim_64").source, "perf-fa4-pr2605-b200");
    EXPECT_NE(catalog.sources.at("perf-fa4-pr2605-b200").url.find("flash-attention/pull/2605"), std::string::npos);
    EXPECT_EQ(
        catalog.defaults.at("attention_efficiency.blackwell.cudnn.backward").source, "perf-cudnn-frontend-sdpa-gb200");
    // A Blackwell plan asking for FlashAttention-2 gets no figures (the matmul efficiency), not cuDNN's.
    EXPECT_FALSE(attentionKernelEfficiency(kernelDefaults("b200-180gb-sxm"), 64, true, AttentionKernel::FlashAttention2)
                     .known());
}

// A sliding-window layer under cuDNN on Blackwell runs at the window's own measured rate (cudnn-frontend's GB200
// GPT-OSS results, window 128, head dim 64: 167 TFLOPS forward and 188 backward of 2,500, the window's FLOPs
// counted), not at the causal one: GPT-OSS-120B's 18 local layers of 128 tokens, by hand. A wider window, a Hopper
// GPU (no window figure) and an encoder keep the causal figures.
TEST(AttentionKernel, BlackwellCudnnWindowLayersRunAtTheWindowFigures)
{
    const PerformanceDefaults b200 = kernelDefaults("b200-180gb-sxm", AttentionKernel::Cudnn);
    const AttentionEfficiency k = attentionKernelEfficiency(b200, 64, true, AttentionKernel::Cudnn);
    ASSERT_TRUE(k.windowKnown());
    EXPECT_DOUBLE_EQ(k.windowTokens, 128);
    EXPECT_NEAR(k.windowForward, 167.0 / 2500.0, 0.0005);
    EXPECT_NEAR(k.windowBackward, 188.0 / 2500.0, 0.0005);
    EXPECT_LT(k.windowForward, k.forward / 5); // far below the causal rate
    EXPECT_FALSE(attentionKernelEfficiency(b200, 64, false, AttentionKernel::Cudnn).windowKnown());
    const PerformanceDefaults h100 = kernelDefaults("h100-80gb-sxm", AttentionKernel::Cudnn);
    EXPECT_FALSE(attentionKernelEfficiency(h100, 64, true, AttentionKernel::Cudnn).windowKnown());
    EXPECT_DOUBLE_EQ(measuredWindowShare(k, 128, 0.25), 0.25);
    EXPECT_DOUBLE_EQ(measuredWindowShare(k, 129, 0.25), 0.0);
    EXPECT_DOUBLE_EQ(measuredWindowShare(k, 0, 0.25), 0.0);

    const ModelPreset* preset = findModelPreset("gpt-oss-120b");
    ASSERT_NE(preset, nullptr);
    const Architecture arch = preset->architecture;
    ASSERT_EQ(arch.slidingWindow, 128);
    Workload w = kernelWorkload(4096);
    w.attentionKernel = AttentionKernel::Cudnn;
    const TrainingFlopsPerToken f = trainingFlopsPerToken(arch, countParameters(arch), w, Checkpointing::None);
    // 18 full layers attend to 2,048 positions on average, 18 local ones to (128^2 / 2 + 3,968 x 128) / 4,096 = 126.
    const double local = (128.0 * 128.0 / 2 + (4096.0 - 128.0) * 128.0) / 4096.0;
    const double share = local / (2048.0 + local);
    EXPECT_NEAR(f.attentionWindowedShare, share, 1e-9);
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = catalogHardware(catalog, "b200-180gb-sxm", 1, "nvlink5");
    const ThroughputEstimate t = estimateThroughput(modelFrom(arch), w, oneGpu(), hw, {}, {}, catalog);
    const double peak = 2250e12;
    const double fwd = f.attentionForwardHardware, bwd = f.attentionBackward;
    const double expected = 4096
        * ((1 - share) * (fwd / (peak * k.forward) + 1.25 * bwd / (peak * k.backward))
            + share * (fwd / (peak * k.windowForward) + 1.25 * bwd / (peak * k.windowBackward)));
    EXPECT_NEAR(t.attentionSeconds, expected, expected * 1e-6);
    // A window of 256 is wider than the measured one: the whole core at the causal figures, faster per FLOP.
    Architecture wider = arch;
    wider.slidingWindow = 256;
    const TrainingFlopsPerToken fw = trainingFlopsPerToken(wider, countParameters(wider), w, Checkpointing::None);
    const ThroughputEstimate tw = estimateThroughput(modelFrom(wider), w, oneGpu(), hw, {}, {}, catalog);
    const double causalOnly
        = 4096 * (fw.attentionForwardHardware / (peak * k.forward) + 1.25 * fw.attentionBackward / (peak * k.backward));
    EXPECT_NEAR(tw.attentionSeconds, causalOnly, causalOnly * 1e-6);
    EXPECT_LT(
        tw.attentionSeconds / (fw.attentionForwardHardware + fw.attentionBackward), t.attentionSeconds / (fwd + bwd));
}

// A catalog's own figures replace the built-in ones key by key; an out-of-range one keeps the built-in figure, a
// figure for one kernel never reaches another, and an architecture given figures of its own gets them.
TEST(AttentionKernel, CatalogFiguresOverrideKeyByKey)
{
    Catalog catalog = builtinCatalog();
    const GpuSpec* gpu = catalog.findGpu("h100-80gb-sxm");
    ASSERT_NE(gpu, nullptr);
    auto set = [&](const std::string& key, double value) {
        SourcedValue v;
        v.value = value;
        catalog.defaults[key] = v;
    };
    set("attention_efficiency.hopper.cudnn.forward.head_dim_128", 0.5);
    set("attention_efficiency.hopper.cudnn.backward.head_dim_128", 1.5); // out of range: the built-in 0.522 stays
    set("attention_efficiency.hopper.causal", 0.8); // FlashAttention-2's only
    const PerformanceDefaults cudnn
        = performanceDefaults(catalog, {}, gpu->gpuClass, gpu->architecture, AttentionKernel::Cudnn);
    const AttentionEfficiency c = attentionKernelEfficiency(cudnn, 128, false, AttentionKernel::Cudnn);
    EXPECT_DOUBLE_EQ(c.forward, 0.5);
    EXPECT_NEAR(c.backward, 516 / kH100Bf16, 0.001);
    EXPECT_NEAR(attentionKernelEfficiency(cudnn, 128, true, AttentionKernel::Cudnn).forward, 0.5 * 0.906, 1e-9);
    const AttentionEfficiency fa2 = attentionKernelEfficiency(cudnn, 128, true, AttentionKernel::FlashAttention2);
    EXPECT_NEAR(fa2.forward, 0.374 * 0.8, 1e-9); // the catalog's 370 / 989, rounded
    // Figures for every head dim (`forward`, `backward`) under a new architecture's prefix.
    set("attention_efficiency.blackwell.forward", 0.6);
    set("attention_efficiency.blackwell.backward", 0.45);
    const PerformanceDefaults blackwell
        = performanceDefaults(catalog, {}, "datacenter-hbm", "blackwell", AttentionKernel::FlashAttention2);
    ASSERT_TRUE(blackwell.attention[int(AttentionKernel::FlashAttention2)].known);
    const AttentionEfficiency b = attentionKernelEfficiency(blackwell, 64, false, AttentionKernel::FlashAttention2);
    EXPECT_DOUBLE_EQ(b.forward, 0.6);
    EXPECT_DOUBLE_EQ(b.backward, 0.45);
    EXPECT_FALSE(
        performanceDefaults(builtinCatalog(), {}, "datacenter-hbm", "blackwell", AttentionKernel::FlashAttention2)
            .attention[int(AttentionKernel::FlashAttention2)]
            .known);
}

// The kernel changes the attention core's seconds only; on a GPU without its figures (A100: the FlashAttention-3
// paper measured H100) the estimate keeps FlashAttention-2's and says so, naming the kernel.
TEST(AttentionKernel, PlansKernelMovesOnlyTheAttentionAndAnUnmeasuredOneIsNamed)
{
    const Catalog& catalog = builtinCatalog();
    const Hardware h100 = catalogHardware(catalog, "h100-80gb-sxm", 1, "nvlink4");
    Workload fa2 = kernelWorkload(8192);
    Workload cudnn = fa2;
    cudnn.attentionKernel = AttentionKernel::Cudnn;
    const ThroughputEstimate a = estimateThroughput(modelFrom(llama2_7b()), fa2, oneGpu(), h100, {}, {}, catalog);
    const ThroughputEstimate b = estimateThroughput(modelFrom(llama2_7b()), cudnn, oneGpu(), h100, {}, {}, catalog);
    EXPECT_LT(b.attentionSeconds, a.attentionSeconds);
    EXPECT_NEAR(a.step.compute - b.step.compute, a.attentionSeconds - b.attentionSeconds, 1e-9 * a.step.compute);
    EXPECT_GT(b.tokensPerSecond, a.tokensPerSecond);
    auto named = [](const ThroughputEstimate& t) {
        for (const Diagnostic& w : t.warnings)
            if (w.code == "attention_kernel_unmeasured")
                return &w;
        return static_cast<const Diagnostic*>(nullptr);
    };
    EXPECT_EQ(named(b), nullptr);

    const Hardware a100 = catalogHardware(catalog, "a100-80gb-sxm", 1, "nvlink3");
    const ThroughputEstimate c = estimateThroughput(modelFrom(llama2_7b()), fa2, oneGpu(), a100, {}, {}, catalog);
    const ThroughputEstimate d = estimateThroughput(modelFrom(llama2_7b()), cudnn, oneGpu(), a100, {}, {}, catalog);
    EXPECT_DOUBLE_EQ(d.attentionSeconds, c.attentionSeconds);
    const Diagnostic* warning = named(d);
    ASSERT_NE(warning, nullptr);
    EXPECT_NE(warning->message.find("cudnn"), std::string::npos) << warning->message;
    EXPECT_EQ(named(c), nullptr);
}

TEST(AttentionKernel, AttentionShareOfStepRisesWithSequenceLength)
{
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4");
    Configuration c = oneGpu();
    c.context = 1;
    double previous = 0;
    for (std::int64_t sequence : { 2048, 8192, 32768, 131072 }) {
        const ThroughputEstimate t
            = estimateThroughput(modelFrom(kernelLlama31_8b()), kernelWorkload(sequence), c, hw, {}, {}, catalog);
        ASSERT_GT(t.step.compute, 0);
        const double share = t.attentionSeconds / t.step.compute;
        EXPECT_GT(share, previous) << sequence;
        previous = share;
    }
    EXPECT_GT(previous, 0.5); // at 128k tokens the attention core is most of the step
}

TEST(AttentionKernel, LongerHeadDimRunsAttentionFasterPerFlop)
{
    // The same attention FLOPs (heads x head dim = 4096) in 64 heads of 64 or 32 heads of 128: FlashAttention-2 on
    // H100 runs head dim 128 at 370 vs 324 TFLOPS forward, 322 vs 291 backward.
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 1, "nvlink4");
    Architecture narrow = llama2_7b();
    narrow.numAttentionHeads = 64;
    narrow.numKeyValueHeads = 64;
    narrow.headDim = 64;
    Architecture wide = llama2_7b();
    const auto fn = trainingFlopsPerToken(narrow, countParameters(narrow), kernelWorkload(16384), Checkpointing::None);
    const auto fw = trainingFlopsPerToken(wide, countParameters(wide), kernelWorkload(16384), Checkpointing::None);
    ASSERT_NEAR(fn.forward.attention, fw.forward.attention, fw.forward.attention * 1e-12);
    const auto tn = estimateThroughput(modelFrom(narrow), kernelWorkload(16384), oneGpu(), hw, {}, {}, catalog);
    const auto tw = estimateThroughput(modelFrom(wide), kernelWorkload(16384), oneGpu(), hw, {}, {}, catalog);
    EXPECT_LT(tw.attentionSeconds, tn.attentionSeconds);
    const PerformanceDefaults h100 = kernelDefaults("h100-80gb-sxm");
    EXPECT_GT(attentionKernelEfficiency(h100, 128, true, AttentionKernel::FlashAttention2).forward,
        attentionKernelEfficiency(h100, 64, true, AttentionKernel::FlashAttention2).forward);
    EXPECT_GT(attentionKernelEfficiency(h100, 128, true, AttentionKernel::FlashAttention2).backward,
        attentionKernelEfficiency(h100, 64, true, AttentionKernel::FlashAttention2).backward);
}

TEST(AttentionKernel, WithoutFiguresTheCoreRunsAtTheMatmulEfficiency)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Workload w = kernelWorkload(8192);
    const double forward = 2.0 * 32 * 32 * 256 * 8192 / 2;
    auto matmulRate = [&](const Hardware& hw, const Workload& workload, const Assumptions& a) {
        const ThroughputEstimate t = estimateThroughput(m, workload, oneGpu(), hw, {}, a, catalog);
        return std::make_pair(
            t.attentionSeconds, 8192 * 3 * forward / (t.peakTflopsPerGpu * 1e12 * t.computeEfficiency));
    };
    // No published kernel figure: Blackwell, and a GDDR card (A10).
    for (const char* gpu : { "b200-180gb-sxm", "a10-24gb" }) {
        const auto [seconds, expected] = matmulRate(catalogHardware(catalog, gpu, 1, "pcie4"), w, {});
        EXPECT_NEAR(seconds, expected, expected * 1e-9) << gpu;
    }
    const Hardware h100 = catalogHardware(catalog, "h100-80gb-sxm", 1, "nvlink4");
    // A plan's compute_efficiency replaces every efficiency, the kernel's too.
    Assumptions fixed;
    fixed.computeEfficiency = 0.4;
    const auto [overridden, atOverride] = matmulRate(h100, w, fixed);
    EXPECT_NEAR(overridden, atOverride, atOverride * 1e-9);
    // Eager attention (no flash kernel) runs the score matmuls as GEMMs.
    Workload eager = w;
    eager.flashAttention = false;
    const auto [eagerSeconds, atMatmul] = matmulRate(h100, eager, {});
    EXPECT_NEAR(eagerSeconds, atMatmul, atMatmul * 1e-9);
}

TEST(AttentionKernel, Fp8TrainingKeepsAttentionAt16BitKernelSpeed)
{
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 1, "nvlink4");
    Workload bf16 = kernelWorkload(16384);
    Workload fp8 = bf16;
    fp8.precision = Precision::Fp8;
    const auto a = estimateThroughput(modelFrom(kernelLlama31_8b()), bf16, oneGpu(), hw, {}, {}, catalog);
    const auto b = estimateThroughput(modelFrom(kernelLlama31_8b()), fp8, oneGpu(), hw, {}, {}, catalog);
    EXPECT_NEAR(b.attentionSeconds, a.attentionSeconds, a.attentionSeconds * 1e-9);
    EXPECT_LT(b.step.compute, a.step.compute);
}

TEST(AttentionKernel, PrefillRunsTheCoreForwardAtTheKernelEfficiency)
{
    // One 32k-token prompt of Llama-3.1-8B on one H100: the prefill's attention core forward (causal, head dim 128)
    // at 335 TFLOPS, the rest at the matmul efficiency; eager attention runs it at the matmul efficiency.
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 1, "nvlink4");
    Workload w;
    w.mode = Mode::Inference;
    w.inference.promptTokens = 32768;
    w.inference.outputTokens = 1;
    w.inference.batchSize = 1;
    Configuration c = oneGpu();
    const ResolvedModel m = modelFrom(kernelLlama31_8b());
    PerformanceDefaults d = kernelDefaults("h100-80gb-sxm");
    const double peak = *peakTflops(hw.gpu, Precision::Bf16);
    const InferenceSpeed flash = estimateInferenceSpeed(m, w, c, hw, d, peak);
    Workload eager = w;
    eager.flashAttention = false;
    const InferenceSpeed gemm = estimateInferenceSpeed(m, eager, c, hw, d, peak);
    const double forward = 32768.0 * 2 * 32 * 32 * 256 * 32768 / 2;
    const double efficiency = computeEfficiency(d, 4096, 32768);
    const double expectedGap = forward / (peak * 1e12 * 335 / kH100Bf16) - forward / (peak * 1e12 * efficiency);
    EXPECT_NEAR(
        flash.prefillSeconds - gemm.prefillSeconds, expectedGap, std::abs(expectedGap) * 0.01); // catalog rounding
}

} // namespace
} // namespace gp
