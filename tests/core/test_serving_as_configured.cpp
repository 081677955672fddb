// A serving plan evaluated as configured (search off) that misses its latency targets says so, not that a budget
// it never set is exceeded.
#include "catalog/catalog.h"
#include "planner/answer.h"

#include <gtest/gtest.h>

#include <string>

namespace gp
{
namespace
{

TEST(ServingAsConfigured, MissedTargetsAreTheReason)
{
    // One H100 replica of Llama 3.1 8B cannot serve 1000 requests/s of 1000 + 200 tokens within a 1 s first token.
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "precision": "bf16", "serving": {"prompt_tokens": 1000, "output_tokens": 200,
            "load": {"requests_per_second": 1000}, "slo": {"ttft_seconds": 1.0}, "replicas": 1}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}],
        "search": {"enabled": false}})");
    ASSERT_TRUE(plan) << plan.error().toString();
    auto answer = answerPlan(*plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    ASSERT_EQ(answer->search.candidates.size(), 1u);
    const CandidatePlan& c = answer->search.candidates.front();
    ASSERT_TRUE(c.best.serving);
    EXPECT_FALSE(c.best.serving->meetsSlo);
    EXPECT_EQ(answer->recommended, -1);
    ASSERT_TRUE(c.best.failure);
    EXPECT_EQ(c.best.failure->code, "serving_slo_not_met");
    ASSERT_FALSE(answer->standings.front().reasons.empty());
    EXPECT_EQ(answer->standings.front().reasons.front().code, "misses_slo");
    EXPECT_EQ(answer->standings.front().reasons.front().arg("reason"), "serving_slo_not_met");
}

} // namespace
} // namespace gp
