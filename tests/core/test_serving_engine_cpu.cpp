// The engine's CPU work per step (serving.engine.<engine>.cpu_us_per_request, .overlaps_cpu): beside the GPU's step
// where the engine overlaps it (vLLM async scheduling, SGLang's zero-overhead scheduler, TensorRT-LLM's overlap
// scheduler), so the step lasts the longer of the two; after it in a synchronous loop, so they add.
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "estimate/serving/serving_defaults.h"
#include "estimate/serving/serving_model.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>

namespace gp
{
namespace
{

// `probe` gets the steps of Llama 3.1 8B on one H100 served by vLLM with `catalog`.
void withVllmSteps(const Catalog& catalog, const std::function<void(const ReplicaSteps&)>& probe)
{
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "precision": "bf16", "parallelism": {"tensor": 1, "pipeline": 1},
          "serving": {"prompt_tokens": 512, "output_tokens": 256, "load": {"concurrency": 256}, "replicas": 1}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})");
    ASSERT_TRUE(plan) << plan.error().toString();
    auto model = resolveModel(plan->model);
    ASSERT_TRUE(model);
    auto hw = resolveCandidate(plan->candidates.front(), catalog, 1, "candidates[0]");
    ASSERT_TRUE(hw);
    auto config = configurationFromPlan(*plan, *hw);
    ASSERT_TRUE(config);
    const Workload workload = workloadOnGpu(plan->workload, hw->gpu);
    const ServingReplica replica(*model, workload, *config, *hw, plan->assumptions, catalog);
    probe(replica.steps());
}

Catalog withDefault(Catalog catalog, const std::string& key, double value)
{
    catalog.defaults[key].value = value;
    return catalog;
}

TEST(ServingEngineCpu, OverlappedCpuBoundsTheStepAndSynchronousCpuAddsToIt)
{
    const Catalog& shipped = builtinCatalog();
    const ServingDefaults d = servingDefaults(shipped, Assumptions {});
    // The shipped figures: vLLM 1.13 us per running request (PR #46112's slope), overlapped by async scheduling.
    EXPECT_DOUBLE_EQ(d.cpuSecondsPerRequest[int(ServingEngineKind::Vllm)], 1.13e-6);
    EXPECT_TRUE(d.overlapsCpu[int(ServingEngineKind::Vllm)]);
    EXPECT_TRUE(d.overlapsCpu[int(ServingEngineKind::Sglang)]);
    EXPECT_TRUE(d.overlapsCpu[int(ServingEngineKind::TensorRtLlm)]);

    const double overhead = d.stepOverheadSeconds;
    const double batch = 256;
    double gpuOnly = 0, shippedStep = 0, synchronous = 0, cpuBound = 0;
    double filled = 0, filledStep = 0;
    withVllmSteps(withDefault(shipped, "serving.engine.vllm.cpu_us_per_request", 0),
        [&](const ReplicaSteps& s) { gpuOnly = s.plainStepSeconds(batch, 0); });
    withVllmSteps(shipped, [&](const ReplicaSteps& s) {
        shippedStep = s.plainStepSeconds(batch, 0);
        // The prompt tokens a step carries at 20,000 prompt tokens/s: q = rate x step(q).
        filled = s.promptTokensFilling(batch, 20000, 0, 1e6);
        filledStep = s.plainStepSeconds(batch, filled);
    });
    withVllmSteps(withDefault(shipped, "serving.engine.vllm.overlaps_cpu", 0),
        [&](const ReplicaSteps& s) { synchronous = s.plainStepSeconds(batch, 0); });
    withVllmSteps(withDefault(shipped, "serving.engine.vllm.cpu_us_per_request", 100),
        [&](const ReplicaSteps& s) { cpuBound = s.plainStepSeconds(batch, 0); });
    ASSERT_GT(gpuOnly, overhead);
    // 256 x 1.13 us = 0.29 ms of CPU hides behind a GPU step of several ms: the step is the GPU's.
    EXPECT_GT(gpuOnly - overhead, batch * 1.13e-6);
    EXPECT_DOUBLE_EQ(shippedStep, gpuOnly);
    // Synchronous: the CPU's 0.29 ms adds.
    EXPECT_NEAR(synchronous, gpuOnly + batch * 1.13e-6, 1e-12);
    // A CPU slower than the GPU (100 us per request: 25.6 ms) sets the overlapped step.
    ASSERT_GT(batch * 100e-6, gpuOnly);
    EXPECT_NEAR(cpuBound, batch * 100e-6 + overhead, 1e-12);
    // The filling fixed point holds on the step it solves for.
    EXPECT_NEAR(filled, 20000 * filledStep, 1e-6 * filled);
}

} // namespace
} // namespace gp
