// The serving engine as a plan input (serving.engine.name): each engine's KV budget rule and scheduler defaults
// from the catalog (serving.engine.sglang.*, serving.engine.tensorrt_llm.*, each with its source), by hand.
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "estimate/serving/serving_defaults.h"

#include <gtest/gtest.h>

#include <cmath>
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

} // namespace
} // namespace gp
