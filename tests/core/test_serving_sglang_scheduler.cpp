// SGLang's scheduler in a finite run (EngineScheduling, finite_run.cpp runPrefillFirst): prefill batches run alone
// and the decodes wait for them, a prefill batch's GEMMs multiply all its prompt tokens at once, and its admission
// runs every request to its end. Each test checks a hand calculation or a property a wrong loop breaks.
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "estimate/serving/serving_defaults.h"

#include "test_serving_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace gp
{
namespace
{

// A serving plan of Llama 3.1 8B on one H100 SXM run by `engine` (with the engine fields `knobs`) with `serving`
// (inner fields of workload.serving).
ServingResult sglangAnswer(
    const std::string& serving, const std::string& engine = "sglang", const std::string& knobs = "")
{
    return servedFirstCandidate(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "serving": {"engine": {"name": ")"
        + engine + R"(", "max_num_batched_tokens": 8192)" + knobs + "}, " + serving
        + R"(}}, "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}],
        "search": {"enabled": false}})");
}

TEST(ServingSglangScheduler, CatalogGivesTheV03Scheduler)
{
    const ServingDefaults d = servingDefaults(builtinCatalog(), Assumptions {});
    EXPECT_TRUE(d.sglangScheduling.prefillOnlySteps);
    EXPECT_DOUBLE_EQ(d.sglangScheduling.initNewTokenRatio, 0.7);
    EXPECT_DOUBLE_EQ(d.sglangScheduling.minNewTokenRatio, 0.1);
    EXPECT_DOUBLE_EQ(d.sglangScheduling.newTokenRatioDecay, 0.001);
    EXPECT_DOUBLE_EQ(d.sglangScheduling.retractDecodeSteps, 20);
}

// 32 equal requests sent at once, their 6,400 prompt tokens within one 8,192-token prefill batch: that one step gives
// every first token, then 99 decode steps of all 32. By hand: every TTFT and every latency is the same, the latency is
// TTFT + 99 x TPOT; the batch's GEMMs run at 6,400 rows, so its step is shorter than vLLM's step of the same 6,400
// prompt tokens (which the step model times at one 200-token prompt's rows), yet never faster than the peak: 6,400 x
// 2 x 8.03e9 FLOPs at H100's 989 TFLOP/s are 104 ms.
TEST(ServingSglangScheduler, OneBatchOfEqualPromptsByHand)
{
    const std::string run = R"("prompt_tokens": 200, "output_tokens": 100, "load": "max", "replicas": 1,
        "traffic": {"requests": 32})";
    const ServingResult s = sglangAnswer(run);
    const ServingResult v = sglangAnswer(run, "vllm");
    EXPECT_EQ(s.requestsInRun, 32);
    EXPECT_NEAR(s.ttftPercentiles.p99, s.ttftPercentiles.p50, 1e-9);
    EXPECT_NEAR(s.latencyPercentiles.p99, s.latencyPercentiles.p50, 1e-9);
    EXPECT_NEAR(s.makespanSeconds, s.ttftSeconds + 99 * s.tpotSeconds, 1e-9);
    EXPECT_LT(s.ttftSeconds, v.ttftSeconds);
    EXPECT_GT(s.ttftSeconds, 6400 * 2 * 8.03e9 / 989e12);
    // The decodes after it are the same steps in both engines.
    EXPECT_NEAR(s.tpotSeconds, v.tpotSeconds, 1e-6 * v.tpotSeconds);
}

// Requests arriving at 8 a second: each arrival's prefill batch runs alone, so a request decoding through it waits
// the whole step; its inter-token gaps then hold a prefill step beside the decode steps, and a request's TPOT (its
// gaps' mean) is above the median gap, the decode step. vLLM's chunked steps carry the decodes: its median gap is the
// same decode step and its TPOT rises less.
TEST(ServingSglangScheduler, DecodesWaitForThePrefillBatches)
{
    const std::string run = R"("prompt_tokens": 1000, "output_tokens": 200, "load": {"requests_per_second": 8},
        "replicas": 1, "traffic": {"requests": 400})";
    const ServingResult s = sglangAnswer(run);
    const ServingResult v = sglangAnswer(run, "vllm");
    EXPECT_EQ(s.requestsInRun, 400);
    EXPECT_GT(s.itlPercentiles.p99, 1.5 * s.itlPercentiles.p50);
    EXPECT_GT(s.tpotPercentiles.p50, s.itlPercentiles.p50);
    EXPECT_GT(s.tpotPercentiles.p50 / s.itlPercentiles.p50, v.tpotPercentiles.p50 / v.itlPercentiles.p50);
    EXPECT_NEAR(s.outputTokensPerSecond * s.makespanSeconds, 400 * 200, 1e-6 * 400 * 200);
}

// A pool that holds a few long requests: 60 requests of 2,000 prompt and exponential outputs of mean 2,000 tokens
// sent at once to an engine left about 2 GiB of KV (16,900 tokens). Admission runs each request to its end (and a
// decode step the pool cannot hold retracts): every request completes, each output token is decoded once.
TEST(ServingSglangScheduler, SmallPoolCompletesEveryRequest)
{
    const ServingResult s = sglangAnswer(R"("prompt_tokens": 2000, "output_tokens": 2000, "load": "max",
        "replicas": 1, "traffic": {"output_distribution": "exponential", "requests": 60})",
        "sglang", R"(, "gpu_memory_utilization": 0.215)");
    ASSERT_GT(s.kvCacheTokens, 4000);
    ASSERT_LT(s.kvCacheTokens, 20000);
    EXPECT_EQ(s.requestsInRun, 60);
    EXPECT_GT(s.makespanSeconds, 0);
    EXPECT_NEAR(s.outputTokensPerSecond * s.makespanSeconds, 60 * 2000, 0.01 * 60 * 2000);
}

} // namespace
} // namespace gp
