// The routed experts' grouped GEMMs as kernels of their own in the serving step (step_time.cpp, ReplicaSteps::gpuWork):
// an MoE step lasts max(the touched experts' weights, the experts' FLOPs) + max(the other weights + KV, the other
// FLOPs), and the prompt tokens a step carries when prompts arrive at a rate solve q = rate x step(q) on that sum.
#include "test_memory_support.h"

#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "estimate/serving/serving_model.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace gp
{
namespace
{

// GPT-OSS 20B (32 experts, 4 a token) on one H100 served by vLLM: its step as the engine runs it, by decoding requests
// and prompt tokens. The closed form of the filling (the largest of the four pairs' fixed points: the experts' reads
// or FLOPs with the rest's reads or FLOPs) is checked against the step it solves for, at batches and rates where
// different pairs bind; 64 prompt tokens at least, so that every expert is touched ((7/8)^80 of them untouched at
// 16 decodes: 2e-5) and the reads barely grow with q.
TEST(ServingExpertKernels, FillingSolvesTheStepWithTheExpertsApart)
{
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "gpt-oss-20b"},
        "workload": {"mode": "serving", "precision": "bf16", "parallelism": {"tensor": 1, "pipeline": 1},
          "serving": {"prompt_tokens": 1024, "output_tokens": 1024, "load": {"concurrency": 256}, "replicas": 1}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})");
    ASSERT_TRUE(plan) << plan.error().toString();
    const Catalog& catalog = builtinCatalog();
    auto model = resolveModel(plan->model);
    ASSERT_TRUE(model);
    ASSERT_GT(model->architecture.numExperts, 1);
    auto hw = resolveCandidate(plan->candidates.front(), catalog, 1, "candidates[0]");
    ASSERT_TRUE(hw);
    auto config = configurationFromPlan(*plan, *hw);
    ASSERT_TRUE(config);
    const ServingReplica replica(
        *model, workloadOnGpu(plan->workload, hw->gpu), *config, *hw, plan->assumptions, catalog);
    const ReplicaSteps& s = replica.steps();
    int interior = 0;
    for (const double batch : { 16.0, 256.0, 2048.0 }) {
        double previous = 0;
        for (const double rate : { 4e3, 1e4, 2e4, 2.8e4 }) {
            const double q = s.promptTokensFilling(batch, rate, 64, 1e6);
            const double step = s.plainStepSeconds(batch, q);
            std::printf("batch %6.0f, %8.0f prompt tokens/s: %8.1f prompt tokens a step of %.3f ms\n", batch, rate, q,
                1e3 * step);
            EXPECT_GE(q, previous); // more prompt tokens a step as they arrive faster
            previous = q;
            if (q > 64 && q < 1e6) {
                EXPECT_NEAR(q, rate * step, 1e-4 * q) << "batch " << batch << ", rate " << rate;
                ++interior;
            }
        }
        // The step grows with its prompt tokens and its decoding requests.
        EXPECT_LT(s.plainStepSeconds(batch, 512), s.plainStepSeconds(batch, 4096));
        EXPECT_LT(s.plainStepSeconds(batch, 512), s.plainStepSeconds(2 * batch, 512));
    }
    EXPECT_GE(interior, 10);
}

} // namespace
} // namespace gp
