// A mixed step's attention as two kernels (serving.engine.<engine>.splits_mixed_attention): TensorRT-LLM's attention
// op runs a step's context requests (enqueueContext) and then its generation requests (enqueueGeneration), so the
// prompts' attention FLOPs add to the decodes' kernel; vLLM V1 runs one flash_attn_varlen_func over every token of
// the step, so they share one kernel, max(the decodes' KV reads, all attention FLOPs).
#include "catalog/catalog.h"
#include "estimate/serving/serving_defaults.h"
#include "estimate/serving/serving_model.h"
#include "test_serving_support.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>

namespace gp
{
namespace
{

// Llama 3.1 8B on one H100 served by TensorRT-LLM with `catalog`; `probe` gets its replica's steps.
void withTensorRtLlmSteps(const Catalog& catalog, const std::function<void(const ReplicaSteps&)>& probe)
{
    withFirstReplicaSteps(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "precision": "bf16", "parallelism": {"tensor": 1, "pipeline": 1},
          "serving": {"prompt_tokens": 4096, "output_tokens": 256, "load": {"concurrency": 64}, "replicas": 1,
            "engine": {"name": "tensorrt-llm"}}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})",
        catalog, probe);
}

Catalog withSplit(bool split)
{
    Catalog catalog = builtinCatalog();
    catalog.defaults["serving.engine.tensorrt_llm.splits_mixed_attention"].value = split ? 1 : 0;
    return catalog;
}

TEST(ServingSplitAttention, TheShippedEnginesSplitAsTheirSourcesDo)
{
    const ServingDefaults d = servingDefaults(builtinCatalog(), Assumptions {});
    EXPECT_TRUE(d.splitsMixedAttention[int(ServingEngineKind::TensorRtLlm)]);
    EXPECT_FALSE(d.splitsMixedAttention[int(ServingEngineKind::Vllm)]);
    EXPECT_FALSE(d.splitsMixedAttention[int(ServingEngineKind::Sglang)]);
    EXPECT_FALSE(d.splitsMixedAttention[int(ServingEngineKind::LlamaCpp)]);
}

TEST(ServingSplitAttention, OnlyAMixedStepPaysThePromptsAttentionApart)
{
    const double decodes = 32, prompts = 2048, context = 32 * 100000.0; // long contexts: the KV reads bind
    double fusedMixed = 0, splitMixed = 0, fusedDecode = 0, splitDecode = 0, fusedPrompt = 0, splitPrompt = 0;
    withTensorRtLlmSteps(withSplit(false), [&](const ReplicaSteps& s) {
        fusedMixed = s.stepSecondsAt(decodes, prompts, context);
        fusedDecode = s.stepSecondsAt(decodes, 0, context);
        fusedPrompt = s.stepSecondsAt(0, prompts, 0);
    });
    withTensorRtLlmSteps(withSplit(true), [&](const ReplicaSteps& s) {
        splitMixed = s.stepSecondsAt(decodes, prompts, context);
        splitDecode = s.stepSecondsAt(decodes, 0, context);
        splitPrompt = s.stepSecondsAt(0, prompts, 0);
    });
    // A step of one kind runs one attention kernel either way.
    EXPECT_DOUBLE_EQ(splitDecode, fusedDecode);
    EXPECT_DOUBLE_EQ(splitPrompt, fusedPrompt);
    // With the decodes' KV reads longer than all the step's attention FLOPs, one kernel hides the prompts' FLOPs
    // under those reads; two kernels pay them after: longer, by no more than the whole prompt-only step.
    EXPECT_GT(splitMixed, fusedMixed);
    EXPECT_LE(splitMixed - fusedMixed, splitPrompt);
}

} // namespace
} // namespace gp
