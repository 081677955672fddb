// Length spreads, bursty arrivals, finite runs and percentiles of the serving model (issue #39, item 1): each test
// checks a hand calculation written here or a property that a wrong model breaks.
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "estimate/serving/latency_percentiles.h"
#include "estimate/serving/length_distribution.h"
#include "planner/answer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>

namespace gp
{
namespace
{

// A serving plan of Llama 3.1 8B on one H100 SXM with `serving` (the inner fields of workload.serving).
ServingResult trafficAnswer(const std::string& serving, const std::string& gpu = "h100-80gb-sxm")
{
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "serving": {)"
        + serving + R"(}}, "candidates": [{"gpu": ")" + gpu
        + R"(", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})");
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    if (!plan)
        return {};
    auto estimate = estimatePlan(*plan, builtinCatalog());
    EXPECT_TRUE(estimate && !estimate->results.empty() && estimate->results.front().serving);
    if (!estimate || estimate->results.empty() || !estimate->results.front().serving)
        return {};
    return *estimate->results.front().serving;
}

TEST(ServingTraffic, LengthQuantilesByHand)
{
    // Lognormal of mean 200 and CV 1: sigma^2 = ln 2, median = 200 / sqrt(2) = 141.42.
    EXPECT_NEAR(lengthQuantile(LengthShape::Lognormal, 200, 1, 0.5), 200 / std::sqrt(2.0), 1e-6);
    // Exponential of mean 200: median 200 ln 2 = 138.63, p99 200 ln 100 = 921.03.
    EXPECT_NEAR(lengthQuantile(LengthShape::Exponential, 200, 0, 0.5), 200 * std::log(2.0), 1e-6);
    EXPECT_NEAR(lengthQuantile(LengthShape::Exponential, 200, 0, 0.99), 200 * std::log(100.0), 1e-6);
    // Normal of mean 200, CV 0.5: p84.13 is one standard deviation up; far below, clamped at one token.
    EXPECT_NEAR(lengthQuantile(LengthShape::Normal, 200, 0.5, 0.841344746), 300, 1e-3);
    EXPECT_EQ(lengthQuantile(LengthShape::Normal, 200, 0.5, 1e-6), 1.0);
    EXPECT_NEAR(standardNormalQuantile(0.975), 1.959964, 1e-6);
    EXPECT_EQ(lengthQuantile(LengthShape::Fixed, 200, 3, 0.99), 200.0);
}

TEST(ServingTraffic, LengthPointsKeepThePlansMeanAndSpread)
{
    for (LengthShape shape : { LengthShape::Lognormal, LengthShape::Exponential, LengthShape::Normal }) {
        const std::vector<double> xs = lengthPoints(shape, 500, 0.8, 64);
        const double mean = std::accumulate(xs.begin(), xs.end(), 0.0) / double(xs.size());
        EXPECT_NEAR(mean, 500, 0.01) << toString(shape); // normal: the clamp at one token after the scaling
        EXPECT_TRUE(std::is_sorted(xs.begin(), xs.end())) << toString(shape);
    }
    ServingSpec spec;
    spec.promptTokens = 1000;
    spec.outputTokens = 200;
    spec.traffic.outputShape = LengthShape::Exponential;
    const TrafficShape t = trafficShape(spec);
    // 64 points of an exponential hold most of its unit squared CV (the top point is its 99.2th percentile).
    EXPECT_GT(t.outputScv, 0.85);
    EXPECT_LE(t.outputScv, 1.0);
    // Mean decoded context E[p] + E[g^2] / 2E[g] = 1000 + 100 (1 + cs^2) over the fixed lengths' 1100.
    EXPECT_NEAR(t.contextScale, (1000 + 100 * (1 + t.outputScv)) / 1100, 1e-12);
    spec.traffic.burstiness = 0.25;
    EXPECT_NEAR(trafficShape(spec).arrivalScv, 4, 1e-12);
}

// P(W > x) = rho exp(-rho x / W): below the probability 1 - rho of not waiting the quantile is the shift alone; above
// it, shift + W / rho ln(rho / (1 - q)).
TEST(ServingTraffic, WaitQuantilesByHand)
{
    const double rho = 0.4, wait = 0.05;
    EXPECT_NEAR(quantileWithWait({ 0.2 }, rho, wait, 0.5), 0.2, 1e-8);
    EXPECT_NEAR(quantileWithWait({ 0.2 }, rho, wait, 0.9), 0.2 + wait / rho * std::log(rho / 0.1), 1e-8);
    EXPECT_NEAR(quantileWithWait({ 0.2 }, rho, wait, 0.99), 0.2 + wait / rho * std::log(rho / 0.01), 1e-8);
    // Two equally likely shifts without waiting: the median lies between them, the p90 at the larger.
    EXPECT_NEAR(quantileWithWait({ 0.1, 0.3 }, 0, 0, 0.9), 0.3, 1e-8);
}

TEST(ServingTraffic, PercentilesAreOrderedAndHoldTheMean)
{
    const ServingResult s = trafficAnswer(R"("prompt_tokens": 1000, "output_tokens": 200,
        "load": {"requests_per_second": 8}, "replicas": 1,
        "traffic": {"prompt_distribution": "lognormal", "prompt_spread": 1.0, "output_distribution": "exponential"})");
    for (const ServingPercentiles* p :
        { &s.ttftPercentiles, &s.tpotPercentiles, &s.itlPercentiles, &s.latencyPercentiles }) {
        EXPECT_GT(p->p50, 0);
        EXPECT_LE(p->p50, p->p90);
        EXPECT_LE(p->p90, p->p99);
    }
    // Long tails: the p99 lies above the mean, the median below it (TTFT and request latency).
    EXPECT_GT(s.ttftPercentiles.p99, s.ttftSeconds);
    EXPECT_LT(s.ttftPercentiles.p50, s.ttftSeconds);
    EXPECT_GT(s.latencyPercentiles.p99, s.requestLatencySeconds);
    EXPECT_LT(s.latencyPercentiles.p50, s.requestLatencySeconds);
    // Per-token gaps: the median is a decode-only step, the p99 at most a prompt-carrying one.
    EXPECT_NEAR(s.itlPercentiles.p50, s.decodeStepSeconds, 1e-12);
    EXPECT_GE(s.tpotPercentiles.p99, s.tpotPercentiles.p50);
}

// Kingman: the wait for the others' prefill scales with ca^2 + cs^2. Fixed lengths (cs^2 = 0) at one rate: vLLM's
// burstiness 0.5 (ca^2 = 2) doubles the Poisson wait and burstiness 4 quarters it; the steps are the same.
TEST(ServingTraffic, BurstinessScalesTheWaitAsKingman)
{
    const std::string base = R"("prompt_tokens": 2000, "output_tokens": 100, "load": {"requests_per_second": 6},
        "replicas": 1)";
    const ServingResult poisson = trafficAnswer(base);
    const ServingResult bursty = trafficAnswer(base + R"(, "traffic": {"burstiness": 0.5})");
    const ServingResult smooth = trafficAnswer(base + R"(, "traffic": {"burstiness": 4})");
    ASSERT_GT(poisson.queueSeconds, 0);
    EXPECT_NEAR(bursty.prefillSeconds, poisson.prefillSeconds, 1e-12);
    EXPECT_NEAR(bursty.tpotSeconds, poisson.tpotSeconds, 1e-12);
    // queue = shared + Kingman wait + half a step: only the Kingman part moves.
    const double kingman = bursty.queueSeconds - poisson.queueSeconds;
    EXPECT_GT(kingman, 0);
    EXPECT_NEAR(poisson.queueSeconds - smooth.queueSeconds, kingman * 0.75, 1e-9 + 1e-6 * kingman);
    EXPECT_GT(bursty.ttftPercentiles.p99, poisson.ttftPercentiles.p99);
}

// A target at the p99 is harder to meet than the same target on the mean: the planner never sizes fewer replicas,
// and the replica set it recommends holds its p99 under the target.
CandidateResult plannedServing(const std::string& serving)
{
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "serving": {)"
        + serving + R"(}}, "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 8, "nodes": "auto"}],
        "search": {"enabled": true, "objective": "cost", "max_nodes": 16}})");
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    if (!plan)
        return {};
    auto answer = answerPlan(*plan, builtinCatalog());
    EXPECT_TRUE(answer && !answer->search.candidates.empty());
    if (!answer || answer->search.candidates.empty())
        return {};
    return answer->search.candidates.front().best;
}

TEST(ServingTraffic, SloAtAPercentileNeedsAtLeastTheMeansReplicas)
{
    const std::string base = R"("prompt_tokens": 1500, "output_tokens": 300, "load": {"requests_per_second": 40},
        "traffic": {"prompt_distribution": "lognormal", "prompt_spread": 1.2, "output_distribution": "exponential"},
        "slo": {"ttft_seconds": 0.5, "tpot_seconds": 0.04)";
    const CandidateResult mean = plannedServing(base + "}");
    const CandidateResult p99 = plannedServing(base + R"(, "percentile": "p99"})");
    ASSERT_TRUE(mean.serving) << "no serving answer on the mean";
    ASSERT_TRUE(p99.serving) << "no serving answer at the p99";
    EXPECT_EQ(mean.serving->sloStatistic, "mean");
    EXPECT_EQ(p99.serving->sloStatistic, "p99");
    EXPECT_TRUE(mean.serving->meetsSlo);
    EXPECT_TRUE(p99.serving->meetsSlo);
    EXPECT_GE(p99.serving->replicas, mean.serving->replicas);
    EXPECT_LE(p99.serving->ttftPercentiles.p99, 0.5);
    EXPECT_LE(p99.serving->tpotPercentiles.p99, 0.04);
    EXPECT_GE(mean.serving->ttftPercentiles.p99, p99.serving->ttftPercentiles.p99);
    std::printf("\nreplicas for 40 req/s (8B, H100): %d meeting the targets on the mean, %d at the p99\n",
        mean.serving->replicas, p99.serving->replicas);
}

// A run of 32 identical requests sent at once, all of whose prompts fit one step: one prefill step gives every first
// token, then each step decodes all 32. Every request lasts the whole run; throughput is 32 / makespan; its TPOT is
// the decode step of 32 requests (the steady state's decode-only step at 32 in flight, within the context's drift).
TEST(ServingTraffic, FiniteRunOfEqualRequestsByHand)
{
    const ServingResult s = trafficAnswer(R"("prompt_tokens": 200, "output_tokens": 100,
        "load": {"concurrency": 32}, "replicas": 1, "engine": {"max_num_batched_tokens": 8192},
        "traffic": {"requests": 32})");
    const ServingResult steady = trafficAnswer(R"("prompt_tokens": 200, "output_tokens": 100,
        "load": {"concurrency": 32}, "replicas": 1, "engine": {"max_num_batched_tokens": 8192})");
    EXPECT_EQ(s.requestsInRun, 32);
    EXPECT_NEAR(s.requestLatencySeconds, s.makespanSeconds, 1e-9);
    EXPECT_NEAR(s.latencyPercentiles.p99, s.latencyPercentiles.p50, 1e-9);
    EXPECT_NEAR(s.ttftPercentiles.p99, s.ttftPercentiles.p50, 1e-9);
    EXPECT_NEAR(s.requestsPerSecond, 32 / s.makespanSeconds, 1e-9);
    EXPECT_NEAR(s.outputTokensPerSecond, 32 * 100 / s.makespanSeconds, 1e-6);
    EXPECT_NEAR(s.makespanSeconds, s.ttftSeconds + 99 * s.tpotSeconds, 1e-9);
    EXPECT_NEAR(s.tpotSeconds, steady.decodeStepSeconds, 0.03 * steady.decodeStepSeconds);
}

// The issue's burst: 1,000 requests at once, 512-token prompts, outputs exponential of mean 256 (long-tailed). By hand:
// the longest output of 1,000 equal-probability points is 256 x ln(2,000) = 1,946 tokens (less the rescaling to the
// mean); it cannot finish faster than that many decode steps of a single request, so the makespan is at least that;
// and the run cannot beat the steady state at full batch (its tail runs at small batches).
TEST(ServingTraffic, BurstOfAThousandLongTailedRequests)
{
    const std::string lengths = R"("prompt_tokens": 512, "output_tokens": 256, "replicas": 1)";
    const ServingResult run = trafficAnswer(lengths + R"(, "load": "max",
        "traffic": {"output_distribution": "exponential", "requests": 1000})");
    const ServingResult steady = trafficAnswer(lengths + R"(, "load": "max")");
    const ServingResult single = trafficAnswer(lengths + R"(, "load": {"concurrency": 1})");
    const std::vector<double> outputs = lengthPoints(LengthShape::Exponential, 256, 0, 1000);
    const double longest = outputs.back();
    EXPECT_NEAR(longest, 256 * std::log(2000.0), 0.02 * longest);
    EXPECT_GE(run.makespanSeconds, std::round(longest) * single.decodeStepSeconds);
    EXPECT_LT(run.outputTokensPerSecond, steady.outputTokensPerSecond);
    EXPECT_NEAR(run.outputTokensPerSecond * run.makespanSeconds,
        std::accumulate(outputs.begin(), outputs.end(), 0.0, [](double a, double x) { return a + std::round(x); }),
        1e-6 * run.outputTokensPerSecond * run.makespanSeconds);
    // p99 latency: the longest outputs, sent at 0, end near the makespan.
    EXPECT_GT(run.latencyPercentiles.p99, 0.5 * run.makespanSeconds);
    EXPECT_LE(run.latencyPercentiles.p99, run.makespanSeconds);
    std::printf("\nburst of 1000 (8B, H100, 512 in, exponential 256 out): makespan %.2f s, %.0f tok/s (steady %.0f), "
                "p50/p99 latency %.2f / %.2f s, longest output %.0f tokens\n",
        run.makespanSeconds, run.outputTokensPerSecond, steady.outputTokensPerSecond, run.latencyPercentiles.p50,
        run.latencyPercentiles.p99, longest);
}

TEST(ServingTraffic, BadTrafficNamesTheField)
{
    for (const char* bad : { R"("traffic": {"prompt_distribution": "zipf"})", R"("traffic": {"output_spread": -1})",
             R"("traffic": {"burstiness": 0})", R"("traffic": {"requests": 0})", R"("slo": {"percentile": "p95"})" }) {
        auto plan = parsePlan(std::string(R"({"format": "gpu-planner-plan", "version": 1,
            "model": {"preset": "llama-3.1-8b"}, "workload": {"mode": "serving", "serving": {)")
            + bad + "}}}");
        ASSERT_FALSE(plan) << bad;
        const std::string message = plan.error().toString();
        EXPECT_NE(message.find("workload.serving."), std::string::npos) << message;
    }
}

} // namespace
} // namespace gp
