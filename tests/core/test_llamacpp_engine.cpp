// llama.cpp's llama-server as a serving engine (serving.engine.name "llama.cpp"): its cache allocated for --ctx-size
// cells shared by its slots, its defaults (catalog serving.engine.llama_cpp.*, each with its source) and ggml's
// quantized cache types, by hand.
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "estimate/serving/serving_defaults.h"
#include "launch/launch.h"
#include "plan/plan_enum_tables.h"
#include "plan/precision.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace gp
{
namespace
{

std::string llamaCppPlan(const std::string& engine, const std::string& extra = "", const std::string& format = "same")
{
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "precision": "bf16", "weight_format": ")"
        + format + R"(", "parallelism": {"tensor": 1, "pipeline": 1},
          "serving": {"prompt_tokens": 2000, "output_tokens": 200, "load": {"concurrency": 16}, "replicas": 1, )"
        + extra + R"( "engine": )" + engine + R"(}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})";
}

CandidateResult serveLlamaCpp(
    const std::string& engine, const std::string& extra = "", const std::string& format = "same")
{
    auto plan = parsePlan(llamaCppPlan(engine, extra, format));
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    if (!plan)
        return {};
    auto estimate = estimatePlan(*plan, builtinCatalog());
    EXPECT_TRUE(estimate && estimate->results.front().serving);
    return estimate ? estimate->results.front() : CandidateResult {};
}

// Llama 3.1 8B: 32 layers, 8 KV heads of 128: K and V of one token in one layer are 2 x 8 x 128 = 2,048 elements.
constexpr double kLlama8bKvElementsPerToken = 32.0 * 2 * 8 * 128;

TEST(LlamaCppEngine, CacheIsCtxSizeCellsSharedBySlotsNotAMemoryShare)
{
    // -c 16384 -np 4 (unified): 16,384 cells x 65,536 elements x 2 bytes (f16) = 2 GiB, whatever the GPU has free.
    const CandidateResult r = serveLlamaCpp(R"({"name": "llama.cpp", "max_model_len": 16384, "max_num_seqs": 4})");
    ASSERT_TRUE(r.serving);
    const ServingResult& s = *r.serving;
    EXPECT_TRUE(r.fits);
    EXPECT_DOUBLE_EQ(s.kvBudgetBytes, 16384 * kLlama8bKvElementsPerToken * 2);
    EXPECT_DOUBLE_EQ(s.kvBudgetBytes, 2.0 * 1024 * 1024 * 1024);
    EXPECT_EQ(s.kvCacheTokens, 16384);
    // Requests of 2,200 tokens: 16384 / 2200 = 7.4 fit in the cells, 4 slots run them.
    EXPECT_NEAR(s.kvCapacityRequests, 16384.0 / 2200.0, 1e-9);
    EXPECT_EQ(s.maxConcurrency, 7);
    EXPECT_EQ(s.maxNumSeqs, 4);
    // The engine holds weights, the cache, one ubatch's compute buffer and the CUDA context; the rest stays free.
    EXPECT_NEAR(s.engineMemoryBytes, s.weightBytes + s.kvBudgetBytes + s.activationPeakBytes + s.nonTorchBytes, 1);
    EXPECT_LT(s.engineMemoryBytes, 0.5 * s.visibleMemoryBytes);

    // q8_0 cache (-ctk q8_0 -ctv q8_0): ggml's block_q8_0 of 32 int8 values and an fp16 scale, 34 bytes.
    const CandidateResult q8 = serveLlamaCpp(
        R"({"name": "llama.cpp", "max_model_len": 16384, "max_num_seqs": 4})", R"("kv_cache_precision": "q8_0",)");
    ASSERT_TRUE(q8.serving);
    EXPECT_DOUBLE_EQ(q8.serving->kvBudgetBytes, 16384 * kLlama8bKvElementsPerToken * 34.0 / 32.0);
    EXPECT_DOUBLE_EQ(bytesPerElement(KvPrecision::Q4_0), 18.0 / 32.0);
}

TEST(LlamaCppEngine, DefaultsAreLlamaServersAndTheUnifiedCacheCapsTheBatch)
{
    // --parallel auto: 4 slots; --ctx-size 4096; --batch-size 2048: 4096 / 2200 = 1.86 requests of the plan's length
    // fit, so one runs at a time, though 4 slots are open.
    const CandidateResult r = serveLlamaCpp(R"({"name": "llama.cpp"})");
    ASSERT_TRUE(r.serving);
    const ServingResult& s = *r.serving;
    EXPECT_EQ(s.engineName, "llama.cpp");
    EXPECT_EQ(s.maxNumSeqs, 4);
    EXPECT_EQ(s.maxNumBatchedTokens, 2048);
    EXPECT_EQ(s.kvCacheTokens, 4096);
    EXPECT_DOUBLE_EQ(s.kvBudgetBytes, 4096 * kLlama8bKvElementsPerToken * 2);
    EXPECT_EQ(s.maxConcurrency, 1);
    // The compute buffer is one ubatch of 512 tokens: smaller than vLLM's profiling forward at 8,192 tokens.
    const CandidateResult vllm = serveLlamaCpp("{}");
    ASSERT_TRUE(vllm.serving);
    EXPECT_LT(s.activationPeakBytes, vllm.serving->activationPeakBytes / 4);
}

TEST(LlamaCppEngine, ACacheLargerThanTheGpuDoesNotStart)
{
    // 1,048,576 cells x 131,072 bytes = 128 GiB of f16 cache on an 80 GB GPU: the allocation fails at start, whatever
    // the load.
    const CandidateResult r = serveLlamaCpp(R"({"name": "llama.cpp", "max_model_len": 1048576})");
    ASSERT_TRUE(r.serving);
    EXPECT_LT(r.serving->kvBudgetBytes, 0);
    EXPECT_FALSE(r.fits);
    ASSERT_TRUE(r.failure);
    EXPECT_EQ(r.failure->code, "serving_cache_exceeds_gpu");
    const auto kv = std::find_if(
        r.failure->args.begin(), r.failure->args.end(), [](const auto& a) { return a.first == "kv_gib"; });
    ASSERT_NE(kv, r.failure->args.end());
    EXPECT_EQ(std::stod(kv->second), 128.0) << r.failure->message;
    // A 64k context (8 GiB) beside the 16-bit weights does.
    const CandidateResult fits = serveLlamaCpp(R"({"name": "llama.cpp", "max_model_len": 65536})");
    ASSERT_TRUE(fits.serving);
    EXPECT_TRUE(fits.fits);
    EXPECT_EQ(fits.serving->kvCacheTokens, 65536);
}

TEST(LlamaCppEngine, Q4WeightsAreGgmlBlocksOf32WeightsAndAScale)
{
    // int4 weights are ggml's Q4_0 / Q4_K layout: 18 bytes per 32 weights (4.5 bits). Llama 3.1 8B's block linears:
    // 32 x (2 x 4096^2 + 2 x 4096 x 1024 + 3 x 4096 x 14336) = 6,979,321,856 weights at 4.5 bits; the head
    // (128,256 x 4096) at Q6_K, 210 bytes a 256-weight block (llama.cpp's quantizer keeps it there:
    // llamaCppHeadBytesPerWeight); the embedding (128,256 x 4096) and the norms (65 x 4096) at 16 bits.
    const CandidateResult r = serveLlamaCpp(R"({"name": "llama.cpp"})", "", "int4");
    ASSERT_TRUE(r.serving);
    const double linear = 32.0 * (2 * 4096.0 * 4096 + 2 * 4096.0 * 1024 + 3 * 4096.0 * 14336);
    const double head = 128256.0 * 4096, other = 128256.0 * 4096 + 65 * 4096.0;
    EXPECT_NEAR(r.serving->weightBytes, linear * 18.0 / 32.0 + head * 210.0 / 256 + other * 2, 1e3);
}

TEST(LlamaCppEngine, GgmlCacheTypesBelongToLlamaCppAndTheEngineIsInTheTable)
{
    auto bad = parsePlan(llamaCppPlan("{}", R"("kv_cache_precision": "q8_0",)"));
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().toString().find("workload.serving.kv_cache_precision"), std::string::npos)
        << bad.error().toString();
    // The window's engine list is the plan's enum table: llama.cpp is one of its names, and round-trips.
    bool listed = false;
    for (const auto& e : detail::kServingEngines)
        listed = listed || (e.first == std::string_view("llama.cpp") && e.second == ServingEngineKind::LlamaCpp);
    EXPECT_TRUE(listed);
    auto plan
        = parsePlan(llamaCppPlan(R"({"name": "llama.cpp", "version": "b6900"})", R"("kv_cache_precision": "q4_0",)"));
    ASSERT_TRUE(plan) << plan.error().toString();
    auto again = parsePlan(serializePlan(*plan));
    ASSERT_TRUE(again);
    EXPECT_EQ(again->workload.serving.engine.kind, ServingEngineKind::LlamaCpp);
    EXPECT_EQ(again->workload.serving.kvCachePrecision, KvPrecision::Q4_0);
}

TEST(LlamaCppEngine, ALlamaServerCommandIsReadIntoTheEngineItsCacheAndItsSplit)
{
    auto launch = readLaunchFile("llama-server -m /models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf -ngl 99 -c 32768 "
                                 "-np 8 -b 4096 -ub 512 -ctk q8_0 -ctv q8_0 -fa on -sm row -ts 1,1 --port 8080\n",
        "serve.sh");
    ASSERT_TRUE(launch) << launch.error().toString();
    auto base = parsePlan(servingPlanText());
    ASSERT_TRUE(base);
    auto plan = applyLaunchImport(*base, *launch);
    ASSERT_TRUE(plan) << plan.error().toString();
    const Workload& w = plan->workload;
    EXPECT_EQ(w.serving.engine.kind, ServingEngineKind::LlamaCpp);
    EXPECT_EQ(w.serving.engine.maxModelLen, 32768);
    EXPECT_EQ(w.serving.engine.maxNumSeqs, 8);
    EXPECT_EQ(w.serving.engine.maxNumBatchedTokens, 4096);
    EXPECT_EQ(w.serving.kvCachePrecision, KvPrecision::Q8_0);
    EXPECT_EQ(w.weightFormat, WeightFormat::Int4);
    EXPECT_EQ(plan->model.preset, "llama-3.1-8b");
    EXPECT_EQ(w.parallelism.tensor, 2); // --split-mode row over two GPUs
    // Listed, not dropped: the Q4_K_M file's Q6_K tensors, the per-slot cache of -np without --kv-unified, -ub.
    auto listed = [&](const std::string& field) {
        return std::any_of(launch->ignored.begin(), launch->ignored.end(),
            [&](const LaunchIgnoredField& f) { return f.field == field; });
    };
    EXPECT_TRUE(listed("-m"));
    EXPECT_TRUE(listed("--parallel"));
    EXPECT_TRUE(listed("-ub"));
    auto bad = readLaunchFile("llama-server -m x.gguf -c lots\n", "serve.sh");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().toString().find("-c"), std::string::npos) << bad.error().toString();
}

} // namespace
} // namespace gp
