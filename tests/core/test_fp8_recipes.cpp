// FP8 scaling recipes: the casts to fp8 before each linear GEMM move bytes that depend on the recipe (torchao's
// float8 roofline), run as memory-bound kernels, and MX block scaling needs Blackwell.
#include "catalog/gpu_precision.h"
#include "estimate/estimator.h"
#include "estimate/time/fp8_scaling.h"
#include "estimate/time/throughput_model.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

namespace gp
{
namespace
{

using namespace gp::testing;

ThroughputEstimate onEightGpus(const Workload& w, const std::string& gpu, const std::string& link)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, gpu, 8, link);
    Configuration c;
    c.data = 8;
    c.zeroStage = 3;
    return estimateThroughput(m, w, c, hw, {}, {}, catalog);
}

TEST(Fp8Recipes, CastBytesOfLlama2_7bByHand)
{
    // Llama 2 7B: h 4096, MLP 11008, 32 layers, no GQA. Per layer the seven linears take inputs of widths
    // q, k, v, gate, up: h; o: h; down: f  (6h + f = 35,584) and give outputs q, k, v, o: h; gate, up: f;
    // down: h  (5h + 2f = 42,496). Tensorwise moves 4 bytes per activation and output-gradient element and 8
    // per weight element; the weights are 4h^2 + 3hf = 202,375,168 per layer.
    const Fp8CastTraffic t = fp8CastTraffic(llama2_7b(), Fp8Recipe::Tensorwise);
    EXPECT_DOUBLE_EQ(t.bytesPerToken, 32.0 * 4 * (35584 + 42496));
    EXPECT_DOUBLE_EQ(t.weightBytes, 32.0 * 8 * 202375168);
    const Fp8CastTraffic rowwise = fp8CastTraffic(llama2_7b(), Fp8Recipe::Rowwise);
    EXPECT_DOUBLE_EQ(rowwise.bytesPerToken, 32.0 * 6 * (35584 + 42496));
    EXPECT_DOUBLE_EQ(rowwise.weightBytes, 32.0 * 10 * 202375168);
    const Fp8CastTraffic mx = fp8CastTraffic(llama2_7b(), Fp8Recipe::Mxfp8);
    EXPECT_DOUBLE_EQ(mx.bytesPerToken, 32.0 * 2 * (35584 + 42496));
    EXPECT_DOUBLE_EQ(mx.weightBytes, 32.0 * 6 * 202375168);
}

TEST(Fp8Recipes, TransformerEngineQuantizesFusedProjectionsOnceAtItsOwnBytes)
{
    // Megatron-Core under Transformer Engine, Llama 2 7B (h 4096, f 11008, 32 layers, no GQA). linear_qkv and
    // linear_fc1 quantize one input each (k, v and up add none); per layer the inputs are linear_qkv's h and
    // linear_fc1's h (layer-norm-fused), linear_proj's h and linear_fc2's f, the output gradients 5h + 2f, the weights
    // 4h^2 + 3hf = 202,375,168. Bytes per element (norm-fused input, other input, output gradient, weight):
    // current scaling 4, 6, 6, 6 (an amax pass before every unfused cast); delayed 2, 4, 4, 4 (the norm writes FP8,
    // backward transposes it); MXFP8 4, 4, 4, 4.
    const Architecture a = llama2_7b();
    const double h = 4096, f = 11008, weights = 202375168;
    const Fp8CastTraffic current = fp8CastTraffic(a, Fp8Recipe::Tensorwise, true);
    EXPECT_DOUBLE_EQ(current.bytesPerToken, 32 * (4 * 2 * h + 6 * (h + f) + 6 * (5 * h + 2 * f))); // 378,368 a layer
    EXPECT_DOUBLE_EQ(current.weightBytes, 32 * 6 * weights);
    const Fp8CastTraffic delayed = fp8CastTraffic(a, Fp8Recipe::Delayed, true);
    EXPECT_DOUBLE_EQ(delayed.bytesPerToken, 32 * (2 * 2 * h + 4 * (h + f) + 4 * (5 * h + 2 * f))); // 246,784
    EXPECT_DOUBLE_EQ(delayed.weightBytes, 32 * 4 * weights);
    const Fp8CastTraffic mx = fp8CastTraffic(a, Fp8Recipe::Mxfp8, true);
    EXPECT_DOUBLE_EQ(mx.bytesPerToken, 32 * (4 * (3 * h + f) + 4 * (5 * h + 2 * f)));
    EXPECT_DOUBLE_EQ(mx.weightBytes, 32 * 4 * weights);
    // Outside Megatron delayed scaling moves torchao's tensorwise bytes.
    EXPECT_DOUBLE_EQ(
        fp8CastTraffic(a, Fp8Recipe::Delayed).bytesPerToken, fp8CastTraffic(a, Fp8Recipe::Tensorwise).bytesPerToken);
    // NVFP4 keeps its own bytes, the fused projections' inputs once: the attention's at tensorwise 4, the MLP's 3.125.
    EXPECT_DOUBLE_EQ(
        fp8CastTraffic(a, Fp8Recipe::Nvfp4).bytesPerToken - fp8CastTraffic(a, Fp8Recipe::Nvfp4, true).bytesPerToken,
        32.0 * (4.0 * 2 * h + 3.125 * h));
    // A non-gated MLP: linear_fc1 is the up projection alone (nothing fused away), its output gradient f.
    Architecture plain = a;
    plain.mlp = MlpKind::Standard;
    EXPECT_DOUBLE_EQ(fp8CastTraffic(plain, Fp8Recipe::Delayed, true).bytesPerToken,
        32 * (2 * 2 * h + 4 * (h + f) + 4 * (5 * h + f)));
    // A MoE layer norms before its router: its experts' inputs are permuted copies, cast at the other inputs' bytes
    // (2 routed experts a token: fc1's h and fc2's fe each, outputs 2fe and h each).
    Architecture moe = a;
    moe.numExperts = 8;
    moe.expertsPerToken = 2;
    moe.moeIntermediateSize = 2048;
    const double fe = 2048;
    EXPECT_DOUBLE_EQ(fp8CastTraffic(moe, Fp8Recipe::Delayed, true).bytesPerToken,
        32 * (2 * h + 4 * h + 2 * 4 * (h + fe) + 4 * (4 * h + 2 * (2 * fe + h))));
}

TEST(Fp8Recipes, MegatronCastsEachWeightOncePerStep)
{
    // Llama 2 7B on 8 H100, data parallel 8, 4 micro-batches of 8k tokens per GPU: the generic stack casts the
    // weights every micro-batch, Megatron (Transformer Engine's weight workspace, refreshed on the first micro-batch)
    // once per step, each tensor at TE's bytes (above). By hand from the two cast terms at one bandwidth.
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4");
    Configuration c;
    c.data = 8;
    c.zeroStage = 1;
    c.gradientAccumulationSteps = 4;
    Workload w = fp8Pretraining(Fp8Recipe::Tensorwise);
    const ThroughputEstimate generic = estimateThroughput(m, w, c, hw, {}, {}, catalog);
    w.framework = TrainingStack::Megatron;
    const ThroughputEstimate megatron = estimateThroughput(m, w, c, hw, {}, {}, catalog);
    const Fp8CastTraffic each = fp8CastTraffic(m.architecture, Fp8Recipe::Tensorwise);
    const Fp8CastTraffic te = fp8CastTraffic(m.architecture, Fp8Recipe::Tensorwise, true);
    const double tokens = 4 * 8192.0;
    const double bandwidth = (tokens * each.bytesPerToken + 4 * each.weightBytes) / generic.fp8CastSeconds;
    EXPECT_NEAR(megatron.fp8CastSeconds, (tokens * te.bytesPerToken + te.weightBytes) / bandwidth,
        1e-9 * megatron.fp8CastSeconds);
    EXPECT_LT(megatron.fp8CastSeconds, generic.fp8CastSeconds);
}

TEST(Fp8Recipes, SequenceParallelGathersTransposeAfterTheGatherOnTnOnlyGpus)
{
    // Llama 2 7B (h 4096, 32 layers) under Megatron at tensor parallel 4 with sequence parallelism: each layer gathers
    // linear_qkv's and linear_fc1's normed inputs and linear_proj's and linear_fc2's output gradients in FP8, h per
    // token each. Transformer Engine casts them rowwise before the gather and transposes the gathered tensor, 2 bytes
    // an element of it (2t a local one), where the GEMMs take TN only: current scaling norm input 3 + 8 - 4 = 7 and
    // output gradient 5 + 8 - 6 = 7 beyond fp8CastTraffic, delayed 0 + 8 - 2 = 6 and 3 + 8 - 4 = 7.
    const Architecture a = llama2_7b();
    const double h = 4096;
    EXPECT_DOUBLE_EQ(teGatheredTransposeBytesPerToken(a, Fp8Recipe::Tensorwise, 4), 32 * (7 * 2 * h + 7 * 2 * h));
    EXPECT_DOUBLE_EQ(teGatheredTransposeBytesPerToken(a, Fp8Recipe::Delayed, 4), 32 * (6 * 2 * h + 7 * 2 * h));
    EXPECT_DOUBLE_EQ(teGatheredTransposeBytesPerToken(a, Fp8Recipe::Tensorwise, 1), 0.0);
    EXPECT_DOUBLE_EQ(teGatheredTransposeBytesPerToken(a, Fp8Recipe::Mxfp8, 4), 0.0);

    // Through the time model: H100 (TN only) charges them under sequence parallelism and Megatron only; a B200 (any
    // layout) does not.
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(a);
    Configuration c;
    c.tensor = 4;
    c.data = 2;
    c.zeroStage = 1;
    c.sequenceParallel = true;
    Workload w = fp8Pretraining(Fp8Recipe::Tensorwise);
    w.framework = TrainingStack::Megatron;
    const auto casts
        = [&](const std::string& gpu, const std::string& link, const Configuration& layout, const Workload& run) {
              return estimateThroughput(m, run, layout, catalogHardware(catalog, gpu, 8, link), {}, {}, catalog)
                  .fp8CastSeconds;
          };
    Configuration unsplit = c;
    unsplit.sequenceParallel = false;
    const double hopper = casts("h100-80gb-sxm", "nvlink4", c, w);
    const double hopperUnsplit = casts("h100-80gb-sxm", "nvlink4", unsplit, w);
    // 8192 tokens a micro-batch over 4 tensor ranks (and a quarter of the weights cast once): the transposes' bytes at
    // the bandwidth the other casts run at.
    const double tokens = 8192.0 / 4;
    const Fp8CastTraffic te = fp8CastTraffic(a, Fp8Recipe::Tensorwise, true);
    const double bandwidth = (tokens * te.bytesPerToken + te.weightBytes / 4) / hopperUnsplit;
    EXPECT_GT(hopperUnsplit, 0);
    EXPECT_NEAR(hopper - hopperUnsplit,
        tokens * teGatheredTransposeBytesPerToken(a, Fp8Recipe::Tensorwise, 4) / bandwidth, 1e-9 * hopper);
    EXPECT_DOUBLE_EQ(casts("b200-180gb-sxm", "nvlink5", c, w), casts("b200-180gb-sxm", "nvlink5", unsplit, w));
    Workload generic = w;
    generic.framework = TrainingStack::Auto;
    EXPECT_DOUBLE_EQ(
        casts("h100-80gb-sxm", "nvlink4", c, generic), casts("h100-80gb-sxm", "nvlink4", unsplit, generic));
    EXPECT_TRUE(fp8GemmsTakeTnOnly(*catalog.findGpu("h100-80gb-sxm")));
    EXPECT_TRUE(fp8GemmsTakeTnOnly(*catalog.findGpu("l40s-48gb")));
    EXPECT_FALSE(fp8GemmsTakeTnOnly(*catalog.findGpu("b200-180gb-sxm")));
    EXPECT_TRUE(fp8GemmsTakeTnOnly(*catalog.findGpu("rtx-5090-32gb"))); // SM 12.0: TN only
    // The layout rule is catalog data (tensor_formats "fp8_non_tn"), not the architecture's name or class: an SM 12.0
    // Blackwell GPU of data-centre class (an RTX PRO 6000 Blackwell: the RTX 5090's formats, not consumer) is TN only;
    // a B200 without the entry is TN only, and one renamed keeps its non-TN GEMMs.
    GpuSpec proBlackwell = *catalog.findGpu("rtx-5090-32gb");
    proBlackwell.gpuClass = "datacenter-gddr";
    EXPECT_EQ(proBlackwell.architecture, "blackwell");
    EXPECT_TRUE(fp8GemmsTakeTnOnly(proBlackwell)) << "an SM 12.0 Blackwell of any class takes TN only";
    GpuSpec b200 = *catalog.findGpu("b200-180gb-sxm");
    EXPECT_TRUE(b200.runsFormat("fp8_non_tn"));
    b200.architecture = "some-future-name";
    EXPECT_FALSE(fp8GemmsTakeTnOnly(b200)) << "a name was compared";
    b200.tensorFormats = { "mxfp8", "nvfp4" };
    EXPECT_TRUE(fp8GemmsTakeTnOnly(b200));
    for (const char* id : { "b300-270gb-sxm", "gb200-186gb", "gb300-279gb" }) // SM 10.0 / 10.3
        EXPECT_FALSE(fp8GemmsTakeTnOnly(*catalog.findGpu(id))) << id;
    // The parser takes the entry.
    Catalog parsed;
    const auto ok = parseCatalogJson(R"({"format": "gpu-planner-catalog", "version": 1, "gpus": [{"id": "x",
        "name": "X", "vendor": "nvidia", "class": "datacenter-hbm", "memory_gib": 80, "memory_bandwidth_gbps": 3000,
        "tflops": {"bf16": 900, "fp8": 1800}, "pcie": "pcie5", "source": "s", "as_of": "2026-12-07",
        "tensor_formats": ["fp8_non_tn"]}]})",
        "x.json", parsed);
    ASSERT_TRUE(ok.ok()) << ok.error().toString();
    ASSERT_NE(parsed.findGpu("x"), nullptr);
    EXPECT_FALSE(fp8GemmsTakeTnOnly(*parsed.findGpu("x")));
}

TEST(Fp8Recipes, LinearGemmsAgainstTransformerEnginesProfile)
{
    // Transformer Engine's own per-layer GEMM timings on one H200 NVL (tests/data/reference/te-gemm-profile.json):
    // hidden 4096, an ungated MLP of 16384, 15,872 tokens, the 12 GEMMs of a layer's four linears. The time model
    // runs every linear GEMM at the same fraction of the precision's peak (computeEfficiency of the hidden size and
    // tokens): FP8 twice as fast as BF16 on this GPU. TE's raw kernels measure 1.905x: FP8's GEMM rate is not what
    // the model overstates or understates beyond a few percent.
    const auto doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/te-gemm-profile.json"));
    const auto& c = doc["cases"][0];
    const GpuSpec* gpu = builtinCatalog().findGpu(c["catalog_gpu_id"].get<std::string>());
    ASSERT_NE(gpu, nullptr);
    const double h = c["shape"]["hidden"], f = c["shape"]["intermediate"], qkv = c["shape"]["qkv_width"];
    const double tokens = c["shape"]["tokens"];
    const double flops = 3 * 2 * tokens * h * (qkv + h + 2 * f); // fprop, dgrad, wgrad of the four linears
    const PerformanceDefaults d = performanceDefaults(builtinCatalog(), {}, gpu->gpuClass, gpu->architecture);
    const double e = computeEfficiency(d, h, tokens);
    const double bf16 = flops / (*peakTflops(*gpu, Precision::Bf16) * 1e12 * e) * 1e3; // ms
    const double fp8 = flops / (*peakTflops(*gpu, Precision::Fp8) * 1e12 * e) * 1e3;
    const double measuredBf16 = c["per_layer_ms"]["bf16"], measuredFp8 = c["per_layer_ms"]["fp8_current_kernels"];
    std::printf("TE GEMM profile on %s: model %.2f ms BF16, %.2f ms FP8 (%.3fx) at %.1f%% of each peak; TE's kernels "
                "%.2f / %.2f ms (%.3fx, %.1f%% / %.1f%% of the peaks)\n",
        gpu->name.c_str(), bf16, fp8, bf16 / fp8, 100 * e, measuredBf16, measuredFp8, measuredBf16 / measuredFp8,
        100 * flops / (measuredBf16 * 1e-3) / (*peakTflops(*gpu, Precision::Bf16) * 1e12),
        100 * flops / (measuredFp8 * 1e-3) / (*peakTflops(*gpu, Precision::Fp8) * 1e12));
    EXPECT_NEAR((bf16 / fp8) / (measuredBf16 / measuredFp8), 1.0, 0.06);
    // The efficiency curve covers the work beside the GEMMs too (norms, activations, the loss, launch gaps), so its
    // linear layers never run faster than TE's bare kernels; what they take beyond them is that other work.
    EXPECT_GT(bf16, measuredBf16);
    EXPECT_GT(fp8, measuredFp8);
}

TEST(Fp8Recipes, CastsCostTimeAndRowwiseCostsMoreThanTensorwise)
{
    const ThroughputEstimate tensorwise
        = onEightGpus(fp8Pretraining(Fp8Recipe::Tensorwise), "h100-80gb-sxm", "nvlink4");
    const ThroughputEstimate rowwise = onEightGpus(fp8Pretraining(Fp8Recipe::Rowwise), "h100-80gb-sxm", "nvlink4");
    Workload bf16 = fp8Pretraining(Fp8Recipe::Tensorwise);
    bf16.precision = Precision::Bf16;
    const ThroughputEstimate plain = onEightGpus(bf16, "h100-80gb-sxm", "nvlink4");
    EXPECT_GT(tensorwise.fp8CastSeconds, 0);
    EXPECT_DOUBLE_EQ(plain.fp8CastSeconds, 0);
    EXPECT_GT(rowwise.fp8CastSeconds, tensorwise.fp8CastSeconds);
    EXPECT_LT(rowwise.tokensPerSecond, tensorwise.tokensPerSecond);
    // The casts are a small share: FP8 still trains faster than bf16 at this size.
    EXPECT_GT(tensorwise.tokensPerSecond, plain.tokensPerSecond);
    EXPECT_LT(tensorwise.fp8CastSeconds, 0.2 * tensorwise.step.compute);
    // By hand: the per-GPU tokens of a step and the shard's weights, over the achieved memory bandwidth.
    const Fp8CastTraffic t = fp8CastTraffic(llama2_7b(), Fp8Recipe::Tensorwise);
    const double bandwidthRatio = (8192.0 * t.bytesPerToken + t.weightBytes) / tensorwise.fp8CastSeconds;
    const double rowwiseRatio = (8192.0 * fp8CastTraffic(llama2_7b(), Fp8Recipe::Rowwise).bytesPerToken
                                    + fp8CastTraffic(llama2_7b(), Fp8Recipe::Rowwise).weightBytes)
        / rowwise.fp8CastSeconds;
    EXPECT_NEAR(bandwidthRatio, rowwiseRatio, 1e-6 * rowwiseRatio); // the same bandwidth for both
    EXPECT_LT(bandwidthRatio, 3.35e12); // below H100 SXM's 3.35 TB/s peak
}

TEST(Fp8Recipes, MxScalingRunsOnBlackwellAndFallsBackElsewhere)
{
    const ThroughputEstimate mx = onEightGpus(fp8Pretraining(Fp8Recipe::Mxfp8), "b200-180gb-sxm", "nvlink5");
    const ThroughputEstimate tensorwise
        = onEightGpus(fp8Pretraining(Fp8Recipe::Tensorwise), "b200-180gb-sxm", "nvlink5");
    EXPECT_LT(mx.fp8CastSeconds, tensorwise.fp8CastSeconds);
    EXPECT_GT(mx.tokensPerSecond, tensorwise.tokensPerSecond);

    // Through the estimator: on an H100 the plan's mxfp8 runs as tensorwise and says so.
    auto plan = parsePlan(R"({ "format": "gpu-planner-plan", "version": 1, "model": { "preset": "llama-2-7b" },
        "workload": { "mode": "training", "precision": "fp8", "fp8_recipe": "mxfp8", "sequence_length": 4096 },
        "candidates": [ { "gpu": "h100-80gb-sxm", "gpus_per_node": 8 }, { "gpu": "b200-180gb-sxm", "gpus_per_node": 8 } ] })");
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    auto estimate = estimatePlan(*plan, builtinCatalog());
    ASSERT_TRUE(estimate.ok()) << estimate.error().toString();
    ASSERT_EQ(estimate->results.size(), 2u);
    const auto warned = [](const CandidateResult& r) {
        return std::find_if(r.warnings.begin(), r.warnings.end(),
            [](const Diagnostic& d) { return d.code == "fp8_recipe_unsupported"; });
    };
    const CandidateResult& hopper = estimate->results[0];
    const CandidateResult& blackwell = estimate->results[1];
    ASSERT_NE(warned(hopper), hopper.warnings.end());
    EXPECT_EQ(warned(hopper)->arg("recipe"), "mxfp8");
    EXPECT_EQ(warned(hopper)->arg("used"), "tensorwise");
    EXPECT_EQ(warned(blackwell), blackwell.warnings.end());
    const Hardware h100 = catalogHardware(builtinCatalog(), "h100-80gb-sxm", 8, "nvlink4");
    EXPECT_EQ(fp8RecipeOnGpu(h100.gpu, Fp8Recipe::Rowwise), Fp8Recipe::Rowwise);
    EXPECT_EQ(fp8RecipeOnGpu(h100.gpu, Fp8Recipe::Blockwise), Fp8Recipe::Blockwise);
}

TEST(Fp8Recipes, FieldIsReadWrittenAndRefusedByName)
{
    const auto plan = [](const std::string& recipe) {
        return parsePlan(R"({ "format": "gpu-planner-plan", "version": 1, "model": { "preset": "llama-2-7b" },
            "workload": { "mode": "training", "precision": "fp8", "fp8_recipe": )"
            + recipe + R"( } })");
    };
    auto rowwise = plan("\"rowwise\"");
    ASSERT_TRUE(rowwise.ok()) << rowwise.error().toString();
    EXPECT_EQ(rowwise->workload.fp8Recipe, Fp8Recipe::Rowwise);
    EXPECT_EQ(planToJson(*rowwise)["workload"]["fp8_recipe"], "rowwise");
    auto reread = planFromJson(planToJson(*rowwise));
    ASSERT_TRUE(reread.ok());
    EXPECT_EQ(reread->workload.fp8Recipe, Fp8Recipe::Rowwise);
    // Set back to the default, the field leaves the file.
    Plan edited = *rowwise;
    edited.workload.fp8Recipe = Fp8Recipe::Tensorwise;
    EXPECT_FALSE(planToJson(edited)["workload"].contains("fp8_recipe"));
    auto bad = plan("\"per-tensor\"");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().field, "workload.fp8_recipe") << bad.error().toString();
}

} // namespace
} // namespace gp
