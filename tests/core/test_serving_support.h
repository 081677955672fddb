// The serving answer of a plan's first candidate, and its replica's steps, for the serving tests that write a
// one-candidate plan by hand (speculative decoding, many LoRA adapters, wide expert parallelism, graph padding, the
// engine's CPU work).
#pragma once

#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "estimate/serving/serving_model.h"
#include "plan/plan.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>

namespace gp
{

// The plan's first candidate's serving result; a test failure (and an empty result) when the plan does not parse or
// gives no serving answer.
inline ServingResult servedFirstCandidate(const std::string& planText)
{
    auto plan = parsePlan(planText);
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    if (!plan)
        return {};
    auto estimate = estimatePlan(*plan, builtinCatalog());
    EXPECT_TRUE(estimate && !estimate->results.empty() && estimate->results.front().serving);
    if (!estimate || estimate->results.empty() || !estimate->results.front().serving)
        return {};
    return *estimate->results.front().serving;
}

// `probe` gets the steps of the plan's first candidate served as the plan asks, with `catalog`; a test failure when
// the plan, its model, candidate or configuration does not resolve.
inline void withFirstReplicaSteps(
    const std::string& planText, const Catalog& catalog, const std::function<void(const ReplicaSteps&)>& probe)
{
    auto plan = parsePlan(planText);
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

} // namespace gp
