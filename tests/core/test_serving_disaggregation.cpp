// Prefill and decode apart (issue #42 item 1, workload.serving.deployment): the KV transfer by hand, a plan where
// the pools win and one where they lose, each with its reason, the plan fields, and the link as a physical bound.
#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/serving/disaggregation.h"
#include "estimate/time/communication_model.h"
#include "output/results_json.h"
#include "planner/answer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

namespace gp
{
namespace
{

std::string disaggregationPlan(const std::string& instance, const std::string& preset, int prompt, int output,
    double rate, double ttft, double tpot, const std::string& mode)
{
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": ")" + preset + R"("},
        "workload": {"mode": "serving", "precision": "bf16",
            "serving": {"prompt_tokens": )"
        + std::to_string(prompt) + R"(, "output_tokens": )" + std::to_string(output)
        + R"(, "load": {"requests_per_second": )" + std::to_string(rate) + R"(},
                "slo": {"ttft_seconds": )"
        + std::to_string(ttft) + R"(, "tpot_seconds": )" + std::to_string(tpot) + R"(},
                "deployment": {"mode": ")"
        + mode + R"("}}},
        "candidates": [{"instance": ")"
        + instance + R"(", "nodes": "auto"}],
        "search": {"enabled": true, "objective": "cost", "max_nodes": 8}})";
}

const CandidateResult& recommended(const PlanAnswer& answer)
{
    return answer.search.candidates.front().best;
}

// Llama 3.1 8B: 32 layers x 8 KV heads x 128 dims x (K and V) x 2 bytes (bf16) = 131,072 bytes per token.
constexpr double kLlama8bKvBytesPerToken = 32.0 * 8 * 128 * 2 * 2;

// gcp:a3-highgpu-1g is one H100 with 25 Gbps of TCP (no RDMA). The two pools cannot share its one GPU, so each
// request's KV cache crosses the network: 16,384 prompt tokens x 131,072 bytes = 2,147,483,648 bytes over
// 25 Gbps / 8 x 0.5 (network.tcp_achieved_fraction) = 1.5625 GB/s = 1.374 s, more than the whole 1 s TTFT target.
// One aggregated replica prefills the prompt in about half a second: aggregated wins, and says why.
TEST(ServingDisaggregation, TransferOverTcpLosesToAggregatedByHand)
{
    auto plan = parsePlan(disaggregationPlan("gcp:a3-highgpu-1g", "llama-3.1-8b", 16384, 256, 0.5, 1.0, 0.05, "auto"));
    ASSERT_TRUE(plan) << plan.error().toString();
    auto answer = answerPlan(*plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    const CandidateResult& r = recommended(*answer);
    ASSERT_TRUE(r.serving);
    EXPECT_TRUE(r.serving->meetsSlo);
    EXPECT_EQ(r.serving->deployment, "aggregated");
    EXPECT_FALSE(r.serving->disaggregation);
    ASSERT_TRUE(r.serving->deploymentReason);
    const Diagnostic& why = *r.serving->deploymentReason;
    EXPECT_EQ(why.code, "serving_disaggregated_transfer_too_slow") << why.message;
    const double bytes = 16384 * kLlama8bKvBytesPerToken;
    EXPECT_DOUBLE_EQ(bytes, 2147483648.0);
    const double seconds = bytes / (25e9 / 8 * 0.5);
    EXPECT_NEAR(seconds, 1.374, 0.001);
    EXPECT_EQ(why.arg("link"), "tcp");
    EXPECT_NEAR(std::stod(why.arg("transfer_mb")), bytes / 1e6, 0.01 * bytes / 1e6);
    EXPECT_NEAR(std::stod(why.arg("transfer_seconds")), seconds, 0.01 * seconds);
    EXPECT_NE(why.message.find("1.37 s to TTFT"), std::string::npos) << why.message;
    // The CLI table says it under the candidate.
    const std::string table = resultsToTable({ r }, Mode::Serving);
    EXPECT_NE(table.find("miss the 1 s TTFT target"), std::string::npos) << table;
}

} // namespace
} // namespace gp
