// CUDA-graph batch padding (workload.serving.engine.cuda_graph_batch_sizes): a decode-only step runs as the smallest
// captured batch size holding its requests (TensorRT-LLM's dummy generation requests with enable_padding, vLLM's and
// SGLang's padded inputs), so its GEMMs multiply the padded rows while its KV reads stay the real requests'. The
// field: parsed, written, validated with the item named, each engine's default from the catalog.
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "estimate/serving/serving_defaults.h"
#include "estimate/serving/serving_model.h"
#include "launch/launch.h"
#include "plan/plan.h"
#include "test_serving_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gp
{
namespace
{

std::string graphPaddingPlanText(const std::string& engine)
{
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "precision": "bf16", "parallelism": {"tensor": 1, "pipeline": 1},
          "serving": {"prompt_tokens": 512, "output_tokens": 256, "load": {"concurrency": 256}, "replicas": 1,
            "engine": )"
        + engine + R"(}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})";
}

// `probe` gets the steps of Llama 3.1 8B on one H100 served with the plan's `engine` object.
void withPaddedSteps(const std::string& engine, const std::function<void(const ReplicaSteps&)>& probe)
{
    withFirstReplicaSteps(graphPaddingPlanText(engine), builtinCatalog(), probe);
}

std::string graphSizesErrorOf(const std::string& engine)
{
    auto plan = parsePlan(graphPaddingPlanText(engine));
    return plan ? std::string("accepted") : plan.error().toString();
}

TEST(ServingGraphPadding, ADecodeOnlyStepRunsAtItsGraphBatch)
{
    // 8B on an H100 at 3,000 requests' decode: FLOPs-bound, so padding 3,000 to 4,096 rows shows.
    double unpadded = 0, padded = 0, exact = 0, full = 0, prefillUnpadded = 0, prefillPadded = 0, eager = 0;
    withPaddedSteps(
        R"({"name": "tensorrt-llm", "max_num_seqs": 8192, "cuda_graph_batch_sizes": []})", [&](const ReplicaSteps& s) {
            unpadded = s.decodeStepSeconds(3000);
            prefillUnpadded = s.stepSeconds(3000, 512);
        });
    withPaddedSteps(R"({"name": "tensorrt-llm", "max_num_seqs": 8192, "cuda_graph_batch_sizes": [1, 2048, 4096]})",
        [&](const ReplicaSteps& s) {
            padded = s.decodeStepSeconds(3000);
            full = s.decodeStepSeconds(4096);
            prefillPadded = s.stepSeconds(3000, 512);
        });
    withPaddedSteps(R"({"name": "tensorrt-llm", "max_num_seqs": 8192, "cuda_graph_batch_sizes": [3000, 4096]})",
        [&](const ReplicaSteps& s) { exact = s.decodeStepSeconds(3000); });
    withPaddedSteps(R"({"name": "tensorrt-llm", "max_num_seqs": 8192, "cuda_graph_batch_sizes": [1, 4096],
                  "cuda_graphs": false})",
        [&](const ReplicaSteps& s) { eager = s.decodeStepSeconds(3000); });
    ASSERT_GT(unpadded, 0);
    // Padded to 4,096 rows: longer than 3,000 rows, no longer than 4,096 requests (FLOPs-bound: the same GEMMs).
    EXPECT_GT(padded, unpadded * 1.05);
    EXPECT_LE(padded, full);
    // Bound by the weight and KV reads at 3 requests, padding them to 64 rows changes nothing: the padding rows'
    // FLOPs hide under the reads and they hold no KV, so the step is shorter than 64 requests'.
    double fewUnpadded = 0, fewPadded = 0, many = 0;
    withPaddedSteps(R"({"name": "tensorrt-llm", "cuda_graph_batch_sizes": []})",
        [&](const ReplicaSteps& s) { fewUnpadded = s.decodeStepSeconds(3); });
    withPaddedSteps(R"({"name": "tensorrt-llm", "cuda_graph_batch_sizes": [1, 64]})", [&](const ReplicaSteps& s) {
        fewPadded = s.decodeStepSeconds(3);
        many = s.decodeStepSeconds(64);
    });
    EXPECT_DOUBLE_EQ(fewPadded, fewUnpadded);
    EXPECT_LT(fewPadded, many);
    // A listed size is not padded; a step carrying prompt tokens runs eagerly, unpadded.
    EXPECT_DOUBLE_EQ(exact, unpadded);
    EXPECT_DOUBLE_EQ(prefillPadded, prefillUnpadded);
    // Without CUDA graphs nothing is padded (the eager launches floor the step instead).
    double eagerUnpadded = 0;
    withPaddedSteps(
        R"({"name": "tensorrt-llm", "max_num_seqs": 8192, "cuda_graph_batch_sizes": [], "cuda_graphs": false})",
        [&](const ReplicaSteps& s) { eagerUnpadded = s.decodeStepSeconds(3000); });
    EXPECT_DOUBLE_EQ(eager, eagerUnpadded);
}

TEST(ServingGraphPadding, TensorRtLlmCapsTheSizesAtItsMaxBatchSize)
{
    // max_batch_size 2,500: the sizes above it are dropped and 2,500 added (_filter_cuda_graph_batch_sizes), so 2,100
    // requests pad to 2,500, not 4,096 (the token budget, 8,192 by default, holds more).
    double capped = 0, toCap = 0;
    withPaddedSteps(R"({"name": "tensorrt-llm", "max_num_seqs": 2500, "cuda_graph_batch_sizes": [1, 2048, 4096]})",
        [&](const ReplicaSteps& s) { capped = s.decodeStepSeconds(2100); });
    withPaddedSteps(R"({"name": "tensorrt-llm", "max_num_seqs": 2500, "cuda_graph_batch_sizes": [1, 2048, 2500]})",
        [&](const ReplicaSteps& s) { toCap = s.decodeStepSeconds(2100); });
    EXPECT_GT(capped, 0);
    EXPECT_DOUBLE_EQ(capped, toCap);
    // ...and at the token budget: max_num_tokens 2,300 holds 2,300 one-token decodes, so 2,100 pad to 2,300.
    double byTokens = 0, toTokens = 0;
    withPaddedSteps(R"({"name": "tensorrt-llm", "max_num_seqs": 2500, "max_num_batched_tokens": 2300,
                  "cuda_graph_batch_sizes": [1, 2048, 4096]})",
        [&](const ReplicaSteps& s) { byTokens = s.decodeStepSeconds(2100); });
    withPaddedSteps(R"({"name": "tensorrt-llm", "max_num_seqs": 2500, "max_num_batched_tokens": 2300,
                  "cuda_graph_batch_sizes": [1, 2048, 2300]})",
        [&](const ReplicaSteps& s) { toTokens = s.decodeStepSeconds(2100); });
    EXPECT_GT(byTokens, 0);
    EXPECT_DOUBLE_EQ(byTokens, toTokens);
    EXPECT_LT(byTokens, capped);
}

TEST(ServingGraphPadding, EachEngineHasItsDefaultSizes)
{
    const ServingDefaults d = servingDefaults(builtinCatalog(), Assumptions {});
    const auto& vllm = d.cudaGraphBatchSizes[int(ServingEngineKind::Vllm)];
    // vLLM V1: [1, 2, 4] + range(8, 513, 8).
    ASSERT_EQ(vllm.size(), 67u);
    EXPECT_EQ(vllm[3], 8);
    EXPECT_EQ(vllm.back(), 512);
    const auto& sglang = d.cudaGraphBatchSizes[int(ServingEngineKind::Sglang)];
    ASSERT_FALSE(sglang.empty());
    EXPECT_EQ(sglang[4], 12);
    EXPECT_EQ(sglang.back(), 512);
    // TensorRT-LLM's LLM API does not pad by default; llama.cpp graphs one-token batches only.
    EXPECT_TRUE(d.cudaGraphBatchSizes[int(ServingEngineKind::TensorRtLlm)].empty());
    EXPECT_TRUE(d.cudaGraphBatchSizes[int(ServingEngineKind::LlamaCpp)].empty());
    // A plan without the field takes its engine's list.
    auto plan = parsePlan(graphPaddingPlanText(R"({"name": "vllm"})"));
    ASSERT_TRUE(plan);
    EXPECT_FALSE(plan->workload.serving.engine.cudaGraphBatchSizes);
    const EngineSettings s = engineSettings(plan->workload, *builtinCatalog().findGpu("h100-80gb-sxm"), d, 1);
    EXPECT_EQ(s.cudaGraphBatchSizes, vllm);
}

TEST(ServingGraphPadding, TheFieldIsReadWrittenAndChecked)
{
    auto plan
        = parsePlan(graphPaddingPlanText(R"({"name": "tensorrt-llm", "cuda_graph_batch_sizes": [1, 2, 4, 384]})"));
    ASSERT_TRUE(plan) << plan.error().toString();
    ASSERT_TRUE(plan->workload.serving.engine.cudaGraphBatchSizes);
    EXPECT_EQ(*plan->workload.serving.engine.cudaGraphBatchSizes, (std::vector<int> { 1, 2, 4, 384 }));
    auto again = parsePlan(serializePlan(*plan));
    ASSERT_TRUE(again) << again.error().toString();
    EXPECT_EQ(again->workload.serving.engine.cudaGraphBatchSizes, plan->workload.serving.engine.cudaGraphBatchSizes);
    // An empty list is kept as "no padding", not read back as the default.
    auto none = parsePlan(graphPaddingPlanText(R"({"name": "vllm", "cuda_graph_batch_sizes": []})"));
    ASSERT_TRUE(none);
    ASSERT_TRUE(none->workload.serving.engine.cudaGraphBatchSizes);
    EXPECT_TRUE(none->workload.serving.engine.cudaGraphBatchSizes->empty());
    auto noneAgain = parsePlan(serializePlan(*none));
    ASSERT_TRUE(noneAgain);
    EXPECT_EQ(
        noneAgain->workload.serving.engine.cudaGraphBatchSizes, none->workload.serving.engine.cudaGraphBatchSizes);
    // Cleared: the field leaves the file.
    plan->workload.serving.engine.cudaGraphBatchSizes.reset();
    EXPECT_EQ(serializePlan(*plan).find("cuda_graph_batch_sizes"), std::string::npos);
    // Bad input names the field and the item.
    EXPECT_EQ(graphSizesErrorOf(R"({"cuda_graph_batch_sizes": 8})"),
        "workload.serving.engine.cuda_graph_batch_sizes: must be a list");
    EXPECT_EQ(graphSizesErrorOf(R"({"cuda_graph_batch_sizes": [1, 8, 8]})"),
        "workload.serving.engine.cuda_graph_batch_sizes[2]: must be > 8 and at most 16777216, got 8");
    EXPECT_EQ(graphSizesErrorOf(R"({"cuda_graph_batch_sizes": [0, 8]})"),
        "workload.serving.engine.cuda_graph_batch_sizes[0]: must be between 1 and 16777216, got 0");
    EXPECT_NE(graphSizesErrorOf(R"({"cuda_graph_batch_sizes": [1, 2.5]})")
                  .find("cuda_graph_batch_sizes[1]: must be an integer"),
        std::string::npos);
    EXPECT_NE(
        graphSizesErrorOf(R"({"cuda_graph_batch_sizes": ["4"]})").find("cuda_graph_batch_sizes[0]: must be an integer"),
        std::string::npos);
}

TEST(ServingGraphPadding, TensorRtLlmOptionsGiveTheirPaddedSizes)
{
    // The perf overview's llm_options.yml: padding on, the sizes listed (sorted and each once in the plan).
    auto read
        = readLaunchFile("cuda_graph_config:\n  enable_padding: true\n  batch_sizes: [1, 2, 4, 8, 16, 32, 64, 128, "
                         "256, 384, 512, 1024, 2048, 4096, 8192, 4]\nkv_cache_config:\n  dtype: fp8\n",
            "llm_options.yml");
    ASSERT_TRUE(read) << read.error().toString();
    const nlohmann::json& sizes = read->overrides["workload"]["serving"]["engine"]["cuda_graph_batch_sizes"];
    EXPECT_EQ(sizes, nlohmann::json({ 1, 2, 4, 8, 16, 32, 64, 128, 256, 384, 512, 1024, 2048, 4096, 8192 }));
    // Without padding (or with the sizes generated from max_batch_size) nothing is padded: the option is ignored.
    for (const char* options : { "cuda_graph_config:\n  batch_sizes: [1, 8, 64]\nmax_batch_size: 64\n",
             "cuda_graph_config:\n  enable_padding: true\n  max_batch_size: 64\nmax_batch_size: 64\n" }) {
        auto other = readLaunchFile(options, "options.yaml");
        ASSERT_TRUE(other) << other.error().toString();
        EXPECT_FALSE(other->overrides["workload"]["serving"]["engine"].contains("cuda_graph_batch_sizes")) << options;
        EXPECT_TRUE(std::any_of(other->ignored.begin(), other->ignored.end(), [](const LaunchIgnoredField& f) {
            return f.field == "cuda_graph_config";
        })) << options;
    }
}

} // namespace
} // namespace gp
