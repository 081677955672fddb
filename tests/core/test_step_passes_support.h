// Shared by the stacks' step-pass tests (test_hf_step_passes.cpp, test_deepspeed_step_passes.cpp): a plan document
// estimated the way the window estimates it, with the time model's breakdown for its first candidate, the parameters
// it trains and the bandwidth the time model's memory-bound passes run at.
#pragma once

#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/throughput_model.h"
#include "plan/plan.h"
#include "transformer/model_library.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace gp::testing
{

struct StepPassesEstimate {
    CandidateResult result;
    ThroughputEstimate time;
    double trained = 0;
    double bandwidth = 0; // the bytes per second the time model's memory-bound passes run at
};

inline StepPassesEstimate stepPassesEstimate(const nlohmann::json& document)
{
    StepPassesEstimate out;
    auto plan = planFromJson(document);
    EXPECT_TRUE(plan.ok()) << (plan ? "" : plan.error().toString());
    if (!plan)
        return out;
    auto estimate = estimatePlan(*plan, builtinCatalog());
    EXPECT_TRUE(estimate.ok() && !estimate->results.empty());
    if (!estimate || estimate->results.empty())
        return out;
    out.result = estimate->results.front();
    const auto model = resolveModel(plan->model);
    const auto hw = resolveCandidate(plan->candidates.front(), builtinCatalog(), out.result.nodes, "candidates[0]");
    EXPECT_TRUE(model && hw);
    if (!model || !hw)
        return out;
    const Workload onGpu = workloadOnGpu(plan->workload, hw->gpu);
    out.time = estimateThroughput(
        *model, onGpu, out.result.configuration, *hw, out.result.memory, plan->assumptions, builtinCatalog());
    out.trained = trainableParameters(*model, onGpu, out.result.configuration.pipeline);
    const PerformanceDefaults d = performanceDefaults(builtinCatalog(), {}, hw->gpu.gpuClass, hw->gpu.architecture);
    out.bandwidth = hw->gpu.memoryBandwidthGBps * 1e9 * d.decodeBandwidth;
    return out;
}

} // namespace gp::testing
