// The serving engine as a plan input (serving.engine.name): each engine's KV budget rule and scheduler defaults
// from the catalog (serving.engine.sglang.*, serving.engine.tensorrt_llm.*, each with its source), by hand.
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "estimate/serving/llamacpp_engine.h"
#include "estimate/serving/serving_defaults.h"
#include "plan/precision.h"
#include "test_memory_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

namespace gp
{
namespace
{

std::string enginePlan(const std::string& engine, const std::string& gpu = "h100-80gb-sxm", int tensor = 1)
{
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "precision": "bf16", "parallelism": {"tensor": )"
        + std::to_string(tensor) + R"(, "pipeline": 1},
          "serving": {"prompt_tokens": 2000, "output_tokens": 200, "load": {"concurrency": 16}, "replicas": 1,
                      "engine": )"
        + engine + R"(}},
        "candidates": [{"gpu": ")"
        + gpu + R"(", "gpus_per_node": )" + std::to_string(tensor) + R"(, "nodes": 1}], "search": {"enabled": false}})";
}

ServingResult serveWith(const std::string& engine, const std::string& gpu = "h100-80gb-sxm", int tensor = 1)
{
    auto plan = parsePlan(enginePlan(engine, gpu, tensor));
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    auto estimate = estimatePlan(*plan, builtinCatalog());
    EXPECT_TRUE(estimate && estimate->results.front().serving);
    return *estimate->results.front().serving;
}

TEST(ServingEngines, NameAndVersionRoundTripAndBadNamesNameTheField)
{
    auto plan = parsePlan(enginePlan(R"({"name": "tensorrt-llm", "version": "1.2.0"})"));
    ASSERT_TRUE(plan) << plan.error().toString();
    EXPECT_EQ(plan->workload.serving.engine.kind, ServingEngineKind::TensorRtLlm);
    auto again = parsePlan(serializePlan(*plan));
    ASSERT_TRUE(again);
    EXPECT_EQ(again->workload.serving.engine.kind, ServingEngineKind::TensorRtLlm);
    EXPECT_EQ(again->workload.serving.engine.version, "1.2.0");
    // vLLM, the default, stays out of the file.
    auto vllm = parsePlan(enginePlan(R"({"name": "vllm"})"));
    ASSERT_TRUE(vllm);
    EXPECT_EQ(serializePlan(*vllm).find("\"name\": \"vllm\""), std::string::npos);
    auto bad = parsePlan(enginePlan(R"({"name": "tgi"})"));
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().toString().find("workload.serving.engine.name"), std::string::npos) << bad.error().toString();
}

TEST(ServingEngines, TensorRtLlmKvIsNinetyPercentOfTheMemoryLeftFree)
{
    // KvCacheConfig.free_gpu_memory_fraction 0.9 of what the weights, the runtime's buffers (the forward at
    // max_num_tokens 8192) and the CUDA context leave; no sampler profiling run. max_batch_size 2048.
    const ServingResult trt = serveWith(R"({"name": "tensorrt-llm"})");
    const double free = trt.visibleMemoryBytes - trt.weightBytes - trt.activationPeakBytes - trt.nonTorchBytes;
    EXPECT_NEAR(trt.kvBudgetBytes, 0.9 * free, 1);
    EXPECT_EQ(trt.maxNumSeqs, 2048);
    EXPECT_EQ(trt.maxNumBatchedTokens, 8192);
    // vLLM takes 0.9 of the whole GPU first and profiles its sampler at 1024 sequences: less KV on the same GPU.
    const ServingResult vllm = serveWith("{}");
    EXPECT_GT(trt.kvCacheTokens, vllm.kvCacheTokens);
    EXPECT_LT(trt.activationPeakBytes, vllm.activationPeakBytes);
}

TEST(ServingEngines, SglangStaticShareHoldsWeightsAndKvByTensorSize)
{
    // mem_fraction_static 0.88 at TP1 and 0.87 at TP2 of the GPU, weights included; chunked_prefill_size 8192 on an
    // 80 GB GPU, 2048 under 25 GB.
    const ServingResult one = serveWith(R"({"name": "sglang"})");
    EXPECT_NEAR(one.kvBudgetBytes, 0.88 * one.visibleMemoryBytes - one.weightBytes, 1);
    EXPECT_EQ(one.maxNumBatchedTokens, 8192);
    EXPECT_EQ(one.maxNumSeqs, 4096);
    const ServingResult two = serveWith(R"({"name": "sglang"})", "h100-80gb-sxm", 2);
    EXPECT_NEAR(two.kvBudgetBytes, 0.87 * two.visibleMemoryBytes - two.weightBytes, 1);
    const ServingResult small = serveWith(R"({"name": "sglang"})", "l4-24gb");
    EXPECT_EQ(small.maxNumBatchedTokens, 2048);
    // The plan's knobs win over the engine's defaults.
    const ServingResult set = serveWith(R"({"name": "sglang", "gpu_memory_utilization": 0.8, "max_num_seqs": 64})");
    EXPECT_NEAR(set.kvBudgetBytes, 0.8 * set.visibleMemoryBytes - set.weightBytes, 1);
    EXPECT_EQ(set.maxNumSeqs, 64);
}

TEST(ServingEngines, TensorRtLlmRunsMxfp4ExpertsAtTheFp8RateWhereTheGpuRunsMxfp8)
{
    // get_mxfp4_quant_algo: W4A8_MXFP4_MXFP8 on SM100 (the catalog's "mxfp8" capability), W4A16_MXFP4 before it;
    // vLLM and other formats keep the plan's precision.
    const Catalog& catalog = builtinCatalog();
    const GpuSpec* b200 = catalog.findGpu("b200-180gb-sxm");
    const GpuSpec* h100 = catalog.findGpu("h100-80gb-sxm");
    ASSERT_TRUE(b200 && h100);
    ASSERT_TRUE(b200->runsFormat("mxfp8"));
    ASSERT_FALSE(h100->runsFormat("mxfp8"));
    Workload w;
    w.precision = Precision::Bf16;
    w.weightFormat = WeightFormat::Mxfp4;
    w.serving.engine.kind = ServingEngineKind::TensorRtLlm;
    EXPECT_EQ(expertComputePrecision(w, *b200), Precision::Fp8);
    EXPECT_EQ(expertComputePrecision(w, *h100), Precision::Bf16);
    w.serving.engine.kind = ServingEngineKind::Vllm;
    EXPECT_EQ(expertComputePrecision(w, *b200), Precision::Bf16);
    w.serving.engine.kind = ServingEngineKind::TensorRtLlm;
    w.weightFormat = WeightFormat::Fp8;
    EXPECT_EQ(expertComputePrecision(w, *b200), Precision::Bf16);

    // A prefill-heavy gpt-oss-20b run on one B200: the experts at twice the 16-bit rate make the TensorRT-LLM step
    // faster than the same engine with its experts held at bf16 (a 16-bit weight format), never faster than the
    // whole model at fp8.
    const auto rate = [](const std::string& precision, const std::string& format) {
        const std::string text = R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "gpt-oss-20b"},
            "workload": {"mode": "serving", "precision": ")"
            + precision + R"(", "weight_format": ")" + format + R"(", "parallelism": {"tensor": 1, "pipeline": 1},
              "serving": {"prompt_tokens": 8192, "output_tokens": 64, "load": "max", "replicas": 1,
                          "engine": {"name": "tensorrt-llm"}}},
            "candidates": [{"gpu": "b200-180gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})";
        auto plan = parsePlan(text);
        EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
        auto estimate = estimatePlan(*plan, builtinCatalog());
        EXPECT_TRUE(estimate && estimate->results.front().serving);
        return estimate->results.front().serving->requestsPerSecond;
    };
    const double mixed = rate("bf16", "mxfp4");
    const double allFp8 = rate("fp8", "mxfp4");
    EXPECT_LT(mixed, allFp8);
    EXPECT_GT(mixed, 1.05 * rate("bf16", "same"));
}

TEST(ServingEngines, MarlinReadsInt4WeightsAtTheSixteenBitBandwidth)
{
    // Marlin (serve-marlin: 3.87x FP16 at batch 1 with 4.125-bit weights, i.e. the 16-bit kernel's bandwidth) where
    // vLLM or SGLang serve int4 on NVIDIA GPUs with BF16 tensor cores; elsewhere the gpt-fast int4 ratio (0.423 / 0.685
    // of the 16-bit bandwidth).
    const Catalog& catalog = builtinCatalog();
    Workload w;
    w.weightFormat = WeightFormat::Int4;
    for (const char* id : { "h100-80gb-sxm", "a100-80gb-sxm", "l40s-48gb" })
        EXPECT_TRUE(runsMarlinInt4(w, *catalog.findGpu(id))) << id;
    for (const char* id : { "v100-32gb-sxm2", "t4-16gb", "mi300x-192gb" })
        EXPECT_FALSE(runsMarlinInt4(w, *catalog.findGpu(id))) << id;
    w.serving.engine.kind = ServingEngineKind::Sglang;
    EXPECT_TRUE(runsMarlinInt4(w, *catalog.findGpu("h100-80gb-sxm")));
    w.serving.engine.kind = ServingEngineKind::TensorRtLlm;
    EXPECT_FALSE(runsMarlinInt4(w, *catalog.findGpu("h100-80gb-sxm")));
    w.serving.engine.kind = ServingEngineKind::Vllm;
    w.weightFormat = WeightFormat::Nf4;
    EXPECT_FALSE(runsMarlinInt4(w, *catalog.findGpu("h100-80gb-sxm")));

    // Batch-1 decode of an int4 Llama 3.1 8B on one H100 (the weights most of the step): the TensorRT-LLM step (no
    // Marlin rule) is longer than vLLM's by less than the bandwidth ratio 0.685 / 0.423 = 1.62 (the head, KV and the
    // per-step overhead are the same in both), and by more than a third.
    const auto step = [](const std::string& engine) {
        const std::string text = R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
            "workload": {"mode": "serving", "precision": "bf16", "weight_format": "int4",
              "parallelism": {"tensor": 1, "pipeline": 1},
              "serving": {"prompt_tokens": 128, "output_tokens": 128, "load": {"concurrency": 1}, "replicas": 1,
                          "engine": {"name": ")"
            + engine + R"("}}},
            "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})";
        auto plan = parsePlan(text);
        EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
        auto estimate = estimatePlan(*plan, builtinCatalog());
        EXPECT_TRUE(estimate && estimate->results.front().serving);
        return estimate->results.front().serving->decodeStepSeconds;
    };
    const double marlin = step("vllm");
    const double other = step("tensorrt-llm");
    std::printf("int4 batch-1 decode step, Llama 3.1 8B on H100: vLLM (Marlin) %.3f ms, TensorRT-LLM %.3f ms\n",
        1e3 * marlin, 1e3 * other);
    EXPECT_GT(other / marlin, 1.33);
    EXPECT_LT(other / marlin, 0.685 / 0.423);
}

TEST(ServingEngines, LlamaCppReadsQuantizedWeightsAtItsMmvqKernelsBandwidth)
{
    // llama.cpp's own Q8_0 and Q4_0 matrix-vector kernels (serve-llamacpp-mmvq: 0.880 and 0.744 of its 16-bit
    // bandwidth, one llama-bench run) against the gpt-fast ratios the other engines keep where Marlin does not apply
    // (int8 0.524 / 0.685 = 0.765, int4 0.423 / 0.685 = 0.618): batch-1 decode of CodeLlama-7B-sized Llama 2 7B on a
    // T4 (no BF16 tensor cores, so no Marlin), where the weights are most of the step. Once llama.cpp's quantized head
    // (Q8_0 for int8, Q6_K for int4, against TensorRT-LLM's fp16 head) is added back, llama.cpp's step is shorter than
    // TensorRT-LLM's by less than the bandwidth ratio (the KV and overhead are the same) and by a good part of it.
    // The catalog's ratios are the bytes per second of each format over F16's in the published run
    // (tests/data/reference/quantized-kernels.json), each token's time net of the step overhead the model charges
    // apart (serving.step_overhead_ms).
    const nlohmann::json doc = nlohmann::json::parse(
        test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/quantized-kernels.json"));
    const ServingDefaults d = servingDefaults(builtinCatalog(), Assumptions {});
    const auto readRate = [&](const std::string& format) {
        for (const auto& c : doc.at("cases"))
            if (c.at("id").get<std::string>() == "llamacpp-mmvq-codellama7b-batch1")
                for (const auto& r : c.at("runs"))
                    if (r.at("format").get<std::string>() == format)
                        return r.at("size_gib").get<double>()
                            / (1 / r.at("tokens_per_second").get<double>() - d.stepOverheadSeconds);
        ADD_FAILURE() << format;
        return double(NAN);
    };
    EXPECT_NEAR(d.llamaCppQ8BandwidthRatio, readRate("Q8_0") / readRate("F16"), 5e-4);
    EXPECT_NEAR(d.llamaCppQ4BandwidthRatio, readRate("Q4_0") / readRate("F16"), 5e-4);
    // TensorRT-LLM is the weight-only kernels' side of the comparison; its support matrix does not list Turing
    // (serving.engine.tensorrt_llm.runs.turing 0: a plan on a T4 is not estimated), so this catalog lists it to
    // compare the kernels' read rates on one GPU.
    Catalog catalog = builtinCatalog();
    catalog.defaults["serving.engine.tensorrt_llm.runs.turing"].value = 1;
    const auto step = [&catalog](const std::string& engine, const std::string& format) {
        const std::string text = R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-2-7b"},
            "workload": {"mode": "serving", "precision": "fp16", "weight_format": ")"
            + format + R"(", "parallelism": {"tensor": 1, "pipeline": 1},
              "serving": {"prompt_tokens": 16, "output_tokens": 128, "load": {"concurrency": 1}, "replicas": 1,
                          "engine": {"name": ")"
            + engine + R"(", "max_num_seqs": 1, "max_model_len": 512}}},
            "candidates": [{"gpu": "t4-16gb", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})";
        auto plan = parsePlan(text);
        EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
        auto estimate = estimatePlan(*plan, catalog);
        EXPECT_TRUE(estimate && estimate->results.front().serving);
        return estimate->results.front().serving->decodeStepSeconds;
    };
    const double gptFastInt8 = 0.524 / 0.685, gptFastInt4 = 0.423 / 0.685;
    // Llama 2 7B's untied head, 32,000 x 4,096, read at the T4's 320 GB/s x the decode efficiency x each kernel ratio.
    const double head = 32000.0 * 4096, t4 = 320e9 * d.decodeBandwidthEfficiency;
    const double q8Head = head * (2 - 34.0 / 32) / (t4 * d.llamaCppQ8BandwidthRatio);
    const double q4Head = head * (2 - 210.0 / 256) / (t4 * d.llamaCppQ4BandwidthRatio);
    const double q8 = step("llama.cpp", "int8") + q8Head, int8 = step("tensorrt-llm", "int8");
    const double q4 = step("llama.cpp", "int4") + q4Head, int4 = step("tensorrt-llm", "int4");
    std::printf("batch-1 decode step, Llama 2 7B on T4: int8 llama.cpp %.3f ms, TensorRT-LLM %.3f ms; int4 %.3f ms, "
                "%.3f ms\n",
        1e3 * q8, 1e3 * int8, 1e3 * q4, 1e3 * int4);
    EXPECT_LT(int8 / q8, d.llamaCppQ8BandwidthRatio / gptFastInt8);
    EXPECT_GT(int8 / q8, 1 + 0.5 * (d.llamaCppQ8BandwidthRatio / gptFastInt8 - 1));
    EXPECT_LT(int4 / q4, d.llamaCppQ4BandwidthRatio / gptFastInt4);
    EXPECT_GT(int4 / q4, 1 + 0.5 * (d.llamaCppQ4BandwidthRatio / gptFastInt4 - 1));
}

TEST(ServingEngines, LlamaCppQuantizedFilesHoldTheHeadAtQ6K)
{
    // llama.cpp's quantizer keeps the output head at Q6_K (210 bytes a 256-weight block) for every quantized type but
    // Q8_0, and at Q8_0 (34 bytes a 32-weight block) when a row is not whole 256-weight blocks.
    const auto headBytes = [](WeightFormat format, std::int64_t hidden) {
        ResolvedModel m;
        m.architecture.hiddenSize = hidden;
        Workload w;
        w.weightFormat = format;
        return llamaCppHeadBytesPerWeight(m, w);
    };
    EXPECT_DOUBLE_EQ(headBytes(WeightFormat::Int4, 4096), 210.0 / 256);
    EXPECT_DOUBLE_EQ(headBytes(WeightFormat::Int4, 4000), 34.0 / 32);
    EXPECT_DOUBLE_EQ(headBytes(WeightFormat::Int8, 4096), 34.0 / 32);
    EXPECT_DOUBLE_EQ(headBytes(WeightFormat::Same, 4096), 0.0);
    // The published file size holds it: llama-bench prints CodeLlama 7B Q4_0 as 3.56 GiB (ggml-org/llama.cpp PR #4766).
    // By hand: 32 layers x (4 x 4096^2 + 3 x 4096 x 11,008) weights and the 32,016 x 4,096 embedding at Q4_0 (18 bytes
    // a 32-weight block), the head at its llama.cpp type, 65 norm vectors of 4,096 at fp32.
    const double layers = 32 * (4.0 * 4096 * 4096 + 3.0 * 4096 * 11008), table = 32016.0 * 4096;
    const auto gib = [&](double headPerWeight) {
        return (layers * 18 / 32 + table * 18 / 32 + table * headPerWeight + 65 * 4096 * 4.0) / (1u << 30);
    };
    EXPECT_NEAR(gib(headBytes(WeightFormat::Int4, 4096)), 3.56, 0.005);
    EXPECT_GT(std::abs(gib(18.0 / 32) - 3.56), 0.02); // a Q4_0 head: 3.54 GiB
    // The decode step of that run's plan on the P40 (as its row in tests/data/reference/serving-cases.json: compute
    // precision fp32) reads those layers, the Q6_K head and the fp32 norms at the P40's 346 GB/s x the decode
    // efficiency x the Q4_0 kernel ratio, and the KV of a 65-token mean context at the decode efficiency, plus the step
    // overhead.
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"name": "CodeLlama 7B",
        "architecture": {"kind": "decoder", "hidden_size": 4096, "num_layers": 32, "num_attention_heads": 32,
          "num_key_value_heads": 32, "intermediate_size": 11008, "vocab_size": 32016, "mlp": "gated",
          "tie_word_embeddings": false, "head_dim": 128}},
        "workload": {"mode": "serving", "precision": "fp32", "weight_format": "int4", "weight_bits": 4.5,
          "parallelism": {"tensor": 1, "pipeline": 1},
          "serving": {"prompt_tokens": 1, "output_tokens": 128, "load": {"concurrency": 1}, "replicas": 1,
            "kv_cache_precision": "fp16", "engine": {"name": "llama.cpp", "max_num_seqs": 1, "max_model_len": 512}}},
        "candidates": [{"gpu": "p40-24gb", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})");
    ASSERT_TRUE(plan) << (plan ? "" : plan.error().toString());
    auto estimate = estimatePlan(*plan, builtinCatalog());
    ASSERT_TRUE(estimate && estimate->results.front().serving);
    const ServingDefaults d = servingDefaults(builtinCatalog(), Assumptions {});
    const double weightRate = 346e9 * d.decodeBandwidthEfficiency * d.llamaCppQ4BandwidthRatio;
    const double kv = 65 * 32 * 2 * 4096 * 2.0 / (346e9 * d.decodeBandwidthEfficiency);
    const double byHand
        = (layers * 18 / 32 + table * 210 / 256 + 65 * 4096 * 4.0) / weightRate + kv + d.stepOverheadSeconds;
    const double modelled = estimate->results.front().serving->decodeStepSeconds;
    std::printf("P40 Q4_0 batch-1 step: modelled %.3f ms, by hand %.3f ms (with an fp32 head %.3f ms)\n",
        1e3 * modelled, 1e3 * byHand, 1e3 * (byHand + table * (4 - 210.0 / 256) / weightRate));
    EXPECT_NEAR(modelled / byHand, 1.0, 0.005);
}

TEST(ServingEngines, MarlinWeightReadSpeedupAgainstItsPublishedKernelBenchmark)
{
    // tests/data/reference/quantized-kernels.json: Marlin's 3.87x over FP16 at batch 1 (group 128). A plan states the
    // benchmark's stored bits (workload.weight_bits 4.125: Marlin's 4-bit weights and one fp16 scale per 128), read at
    // the Marlin bandwidth ratio: 16 / 4.125 x ratio. At the int4 format's own 4.5 bits (llama.cpp Q4_0) it would be 8%
    // under.
    const nlohmann::json doc = nlohmann::json::parse(
        test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/quantized-kernels.json"));
    const nlohmann::json& c = doc.at("cases").at(0);
    ASSERT_EQ(c.at("weight_format").get<std::string>(), "int4");
    const ServingDefaults d = servingDefaults(builtinCatalog(), Assumptions {});
    Workload w;
    w.precision = Precision::Fp16;
    w.weightBits = c.at("source_bits_per_weight").get<double>();
    EXPECT_DOUBLE_EQ(*w.weightBits, groupQuantizedBits(4, c.at("group_size").get<double>(), 16, false));
    const double modelled = storedBytesPerWeight(w, WeightFormat::Same) / storedBytesPerWeight(w, WeightFormat::Int4)
        * d.marlinInt4BandwidthRatio;
    const double measured = c.at("measured").at("value").get<double>();
    std::printf("Marlin int4 batch-1 weight-read speedup over fp16: measured %.2f, modelled %.2f (%+.1f%%)\n", measured,
        modelled, 100 * (modelled / measured - 1));
    EXPECT_NEAR(modelled / measured, 1.0, 0.02);
    // Without the Marlin rule (the gpt-fast int4 ratio, 0.423 / 0.685) the speedup would be 2.2x: 43% under.
    EXPECT_GT(modelled, 1.5 * 16 / 4.5 * 0.423 / 0.685);
}

ServingResult gptOss20bBurst(const std::string& engine)
{
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "gpt-oss-20b"},
        "workload": {"mode": "serving", "parallelism": {"tensor": 1, "pipeline": 1},
          "serving": {"prompt_tokens": 32768, "output_tokens": 1024, "load": "max", "replicas": 1,
                      "traffic": {"requests": 300}, "engine": {"name": )"
        + engine + R"(}}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})");
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    if (!plan)
        return {};
    auto estimate = estimatePlan(*plan, builtinCatalog());
    EXPECT_TRUE(estimate && !estimate->results.empty() && estimate->results.front().serving);
    if (!estimate || estimate->results.empty() || !estimate->results.front().serving)
        return {};
    return *estimate->results.front().serving;
}

// GPT-OSS 20B: 24 layers of equal KV size, 12 of them attend to the last 128 tokens. vLLM frees a window layer's
// blocks beyond the window, so a request of L = 32,768 + 1,024 tokens holds L - 12/24 x (L - 128) = 16,960 tokens of
// every layer; TensorRT-LLM gives window layers as many blocks as full ones (kvCacheManager.cpp @b35ac1b), so L. The
// capacity and the finite run's admission both count a request so: vLLM's burst of 300 runs faster than the same
// burst capped at the whole requests of every layer that fit (max_num_seqs = floor(KV tokens / L)), where counting
// every layer at L would have made the two runs the same.
TEST(ServingEngines, SlidingWindowLayersHoldTheirWindowInVllmAndTheWholeLengthInTensorRtLlm)
{
    const double length = 32768 + 1024;
    const double charge = length - 0.5 * (length - 128);
    EXPECT_NEAR(charge, 16960, 1e-9);
    const ServingResult vllm = gptOss20bBurst(R"("vllm")");
    ASSERT_GT(vllm.kvCacheTokens, 0);
    EXPECT_NEAR(vllm.kvCapacityRequests, double(vllm.kvCacheTokens) / charge, 1e-6 * vllm.kvCapacityRequests);
    const int wholeRequests = int(std::floor(double(vllm.kvCacheTokens) / length));
    const ServingResult capped = gptOss20bBurst(R"("vllm", "max_num_seqs": )" + std::to_string(wholeRequests));
    EXPECT_GT(vllm.outputTokensPerSecond, 1.05 * capped.outputTokensPerSecond);
    const ServingResult trt = gptOss20bBurst(R"("tensorrt-llm")");
    ASSERT_GT(trt.kvCacheTokens, 0);
    EXPECT_NEAR(trt.kvCapacityRequests, double(trt.kvCacheTokens) / length, 1e-6 * trt.kvCapacityRequests);
    std::printf(
        "\nGPT-OSS 20B on H100, 300 x (32k+1k) at once: vLLM %.0f tok/s (KV %lld tokens, %.1f requests), capped "
        "at %d: %.0f tok/s; TensorRT-LLM KV %lld tokens, %.1f requests\n",
        vllm.outputTokensPerSecond, (long long)vllm.kvCacheTokens, vllm.kvCapacityRequests, wholeRequests,
        capped.outputTokensPerSecond, (long long)trt.kvCacheTokens, trt.kvCapacityRequests);
}

} // namespace
} // namespace gp
