// The serving answer of a plan's first candidate, for the serving tests that write a one-candidate plan by hand
// (speculative decoding, many LoRA adapters, wide expert parallelism).
#pragma once

#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "plan/plan.h"

#include <gtest/gtest.h>

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

} // namespace gp
