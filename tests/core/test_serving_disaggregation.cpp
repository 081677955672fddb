// Prefill and decode apart (issue #42 item 1, workload.serving.deployment): the KV transfer by hand, a plan where
// the pools win and one where they lose, each with its reason, the plan fields, and the link as a physical bound.
#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/estimator.h"
#include "estimate/serving/disaggregation.h"
#include "estimate/time/communication_model.h"
#include "output/results_json.h"
#include "planner/answer.h"
#include "planner/planner_ranking.h"
#include "test_cli_support.h"
#include "test_memory_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
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

// A prefill replica's saturated rate (prompts a second) on the p5: one prefill replica of tensor `tensor` beside one
// tp8 decode replica, at `replicas` prefill replicas sharing 4 requests/s; S = its rate over its utilization.
double p5PrefillSaturatedRate(const Plan& plan, int tensor, int replicas)
{
    auto model = resolveModel(plan.model);
    CandidateSpec spec;
    spec.instance = "aws:p5.48xlarge";
    auto hw = resolveCandidate(spec, builtinCatalog(), 2, "candidates[0]");
    EXPECT_TRUE(model && hw);
    Configuration c;
    c.prefillReplicas = replicas;
    c.prefillTensor = tensor;
    c.data = 1;
    c.tensor = 8;
    const CandidateResult r = evaluateCandidate(*model, plan, *hw, c, builtinCatalog());
    EXPECT_TRUE(r.serving && r.serving->disaggregation) << (r.failure ? r.failure->message : "");
    if (!r.serving || !r.serving->disaggregation)
        return 0;
    const ServingPool& prefill = r.serving->disaggregation->prefill;
    EXPECT_DOUBLE_EQ(prefill.requestsPerSecond, 4.0 / replicas);
    return prefill.requestsPerSecond / prefill.utilization;
}

// Llama 3.1 70B, 4,096 prompt and 512 output tokens at 4 requests/s, TTFT within 3 s and TPOT within 15 ms, on
// aws:p5.48xlarge (8 x H100, NVLink 4, 3,200 Gbps RDMA). An aggregated tp8 replica decodes beside prompt chunks of
// 4,096 tokens, each such step some 0.3 s of matmuls: to keep the mean TPOT within 15 ms it holds about 7.5 requests,
// so 4 replicas (32 GPUs, 4 nodes) carry the load. Apart, one tp8 decode replica has no prompt in its steps: at
// TPOT 12.9 ms it holds 4 x (511 x 12.9 ms + its first step) = 26.4 requests (Little's law), all of the load.
// The prefill pool: a prompt is 2 x 70.6e9 parameters x 4,096 tokens = 5.78e14 FLOPs of matmuls and
// 2 x 4,096^2 x 8,192 x 80 layers = 2.2e13 of causal attention, 6.0e14 FLOPs; at the H100's dense 989 TFLOPS a
// replica of t GPUs prefills at most t x 989e12 / 6.0e14 = 1.65 t prompts a second (13.2 at tp8). A pool serving a
// rate is planned with each replica at most at its saturated rate S over the rate headroom 1.2, whatever the TTFT
// target (issue 44's one rule): ceil(4 x 1.2 / S) replicas of a layout. The search takes the layout with the fewest
// prefill GPUs, which beside the tp8 decode replica fills two nodes (16 GPUs) at most. Each request's KV cache,
// 4,096 tokens x 80 layers x 8 KV heads x 128 dims x 2 (K and V) x 2 bytes = 1,342,177,280 bytes, crosses between
// the two nodes over RDMA: the smaller replica's GPUs' share of the node's 3,200 Gbps / 8 x 0.8
// (network.rdma_achieved_fraction) = 320 GB/s at tp8, plus 46 us of latency. The pools win at half the cost, and
// say why.
TEST(ServingDisaggregation, PoolsWinWhenPrefillStallsDecodeByHand)
{
    auto plan = parsePlan(disaggregationPlan("aws:p5.48xlarge", "llama-3.1-70b", 4096, 512, 4, 3.0, 0.015, "auto"));
    ASSERT_TRUE(plan) << plan.error().toString();
    auto answer = answerPlan(*plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    const CandidateResult& r = recommended(*answer);
    ASSERT_TRUE(r.serving);
    const ServingResult& s = *r.serving;
    EXPECT_TRUE(s.meetsSlo);
    EXPECT_EQ(s.deployment, "disaggregated");
    ASSERT_TRUE(s.disaggregation);
    const ServingDisaggregation& d = *s.disaggregation;
    EXPECT_EQ(d.decode.replicas, 1);
    EXPECT_EQ(d.decode.tensor * d.decode.pipeline, 8);
    // The prefill pool by the rule: each layout's replicas at S / 1.2, S below the FLOP ceiling.
    const double flopsPerPrompt = 2 * 70.6e9 * 4096 + 2.0 * 4096 * 4096 * 8192 * 80;
    int fewestGpus = 1 << 30;
    for (const auto& [tensor, replicas] : { std::pair { 8, 1 }, std::pair { 4, 2 } }) {
        const double saturated = p5PrefillSaturatedRate(*plan, tensor, replicas);
        EXPECT_LT(saturated, tensor * 989e12 / flopsPerPrompt) << "tp" << tensor;
        const int needed = int(std::ceil(4 * 1.2 / saturated));
        fewestGpus = std::min(fewestGpus, needed * tensor);
        if (d.prefill.tensor == tensor) {
            EXPECT_EQ(d.prefill.replicas, needed) << "tp" << tensor << " saturates at " << saturated;
            EXPECT_NEAR(d.prefill.utilization, 4.0 / needed / saturated, 1e-9);
        }
    }
    EXPECT_LE(d.prefill.utilization, 1 / 1.2 + 1e-9);
    EXPECT_EQ(d.prefill.replicas * d.prefill.tensor * d.prefill.pipeline, fewestGpus);
    const int gpus = fewestGpus + 8;
    ASSERT_LE(gpus, 16);
    EXPECT_EQ(r.nodes, 2);
    // The transfer by hand: the smaller replica's share of the node's network (the pools on two nodes).
    const double bytes = 4096.0 * 80 * 8 * 128 * 2 * 2;
    EXPECT_DOUBLE_EQ(d.transfer.bytesPerRequest, bytes);
    EXPECT_EQ(d.transfer.link, "rdma");
    const double transfer = bytes / (3200e9 / 8 * 0.8 * d.prefill.tensor / 8) + 46e-6;
    EXPECT_NEAR(d.transfer.seconds, transfer, 1e-6);
    EXPECT_NEAR(d.transfer.utilization, 4.0 / d.prefill.replicas * (transfer - 46e-6), 1e-9);
    // TTFT is the prefill pool's, the transfer with its wait, and the decode pool's first step.
    EXPECT_NEAR(s.ttftSeconds,
        d.prefill.ttftSeconds + d.transfer.seconds + d.transfer.waitSeconds + d.decode.ttftSeconds, 1e-12);
    EXPECT_LE(s.ttftSeconds, 3.0);
    EXPECT_LE(s.tpotSeconds, 0.015);
    // Little's law in the decode pool: requests in flight = rate x time decoding.
    EXPECT_NEAR(
        d.decode.concurrency, 4 * (511 * d.decode.tpotSeconds + d.decode.ttftSeconds), 0.02 * d.decode.concurrency);
    // Why: half the GPUs, the decode replica holding several times the aggregated replica's requests.
    ASSERT_TRUE(s.deploymentReason);
    const Diagnostic& why = *s.deploymentReason;
    EXPECT_EQ(why.code, "serving_disaggregated_wins") << why.message;
    EXPECT_EQ(why.arg("gpus"), std::to_string(gpus));
    EXPECT_EQ(why.arg("aggregated_gpus"), "32");
    EXPECT_EQ(why.arg("cost_ratio"), "0.5"); // two p5 nodes against four
    EXPECT_GT(std::stod(why.arg("batch_ratio")), 2.0);
    EXPECT_GT(std::stod(why.arg("decode_requests")), std::stod(why.arg("aggregated_requests")));
    // The aggregated answer to the same plan: the 4 replicas the reason compares with.
    plan->workload.serving.deployment.mode = ServingDeploymentMode::Aggregated;
    auto aggregated = answerPlan(*plan, builtinCatalog());
    ASSERT_TRUE(aggregated);
    const CandidateResult& a = recommended(*aggregated);
    ASSERT_TRUE(a.serving);
    EXPECT_EQ(a.gpus, 32);
    EXPECT_EQ(a.serving->deployment, "aggregated");
    EXPECT_FALSE(a.serving->deploymentReason);
    EXPECT_NEAR(a.serving->concurrency, std::stod(why.arg("aggregated_requests")), 0.01 * a.serving->concurrency);
    // Every output names the pools, the ratio and the transfer.
    const std::string table = resultsToTable({ r }, Mode::Serving);
    const std::string prefillText = std::to_string(d.prefill.replicas) + "P tp" + std::to_string(d.prefill.tensor);
    EXPECT_NE(table.find(prefillText + " + 1D tp8"), std::string::npos) << table;
    EXPECT_NE(table.find("P:D " + std::to_string(d.prefill.replicas) + ":1"), std::string::npos) << table;
    EXPECT_NE(table.find("over rdma"), std::string::npos) << table;
    const nlohmann::json json = servingResultToJson(s);
    EXPECT_EQ(json["deployment"], "disaggregated");
    EXPECT_EQ(json["disaggregation"]["kv_transfer"]["link"], "rdma");
    EXPECT_EQ(json["deployment_reason"]["code"], "serving_disaggregated_wins");
}

// Physics: on every catalog instance, at any pool size and either side of a node boundary, one request's transfer
// takes at least its bytes over the link's line rate, and a link asked to carry more than its achieved rate does not
// keep up. Mutation: dropping the achieved fraction (achievedGBps = lineGBps x 2) fails the first check on every
// instance.
TEST(ServingPhysics, KvTransferNeverFasterThanTheLink)
{
    const Catalog& catalog = builtinCatalog();
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> logBytes(std::log(1e5), std::log(2e11));
    int checked = 0;
    for (const InstanceSpec& instance : catalog.instances) {
        CandidateSpec spec;
        spec.instance = instance.id;
        auto hw = resolveCandidate(spec, catalog, 1, "candidates[0]");
        if (!hw)
            continue;
        const PerformanceDefaults d = performanceDefaults(
            catalog, {}, hw->gpu.gpuClass, hw->gpu.architecture, AttentionKernel::FlashAttention2);
        for (int gpus : { 1, 2, 4, 8 })
            for (bool withinNode : { true, false }) {
                const KvLink link = kvTransferLink(*hw, d, gpus, withinNode);
                if (!link.usable())
                    continue; // no network between nodes: the search never crosses it
                const double bytes = std::exp(logBytes(rng));
                KvTransfer t;
                ASSERT_TRUE(kvTransferTime(bytes, link, 0, t));
                EXPECT_LE(link.achievedGBps, link.lineGBps * (1 + 1e-12)) << instance.id;
                EXPECT_GE(t.seconds, bytes / (t.lineGbps / 8 * 1e9)) << instance.id << " " << gpus;
                // A link busy with other requests only adds a wait; past its rate it does not keep up.
                const double service = bytes / (link.achievedGBps * 1e9);
                KvTransfer busy;
                ASSERT_TRUE(kvTransferTime(bytes, link, 0.5 / service, busy));
                EXPECT_NEAR(busy.waitSeconds, 0.5 * service / (2 * 0.5), 1e-9 * service);
                EXPECT_FALSE(kvTransferTime(bytes, link, 1.01 / service, busy));
                ++checked;
            }
    }
    EXPECT_GE(checked, 200);
}

// Every decode rank receives its own share (SGLang's rank mapping, disaggregation.cpp): Qwen3-235B-A22B keeps 4 KV
// heads of 128 in 94 layers, 94 x 4 x 128 x (K and V) x 2 bytes = 192,512 bytes a token at BF16. At TP 2 and 4 each
// head sits on one rank: the one copy. At TP 8 each of the 4 heads sits on 2 ranks and both receive it: twice that,
// as Mooncake's published bytes show (tests/data/reference/disaggregation.json: 49 MB for 128 tokens). Fails with
// the replicated heads counted once (the model before: 24.6 MB at TP 8).
TEST(ServingDisaggregation, KvTransferCountsEachRanksReplicatedHeadsByHand)
{
    const ResolvedModel model = test::presetModel("qwen3-235b-a22b");
    Workload w;
    w.mode = Mode::Serving;
    w.serving.promptTokens = 128;
    const double oneCopy = 94.0 * 4 * 128 * 2 * 2 * 128;
    EXPECT_DOUBLE_EQ(kvTransferBytes(model, w, KvPrecision::Bf16, 1), oneCopy);
    EXPECT_DOUBLE_EQ(kvTransferBytes(model, w, KvPrecision::Bf16, 2), oneCopy);
    EXPECT_DOUBLE_EQ(kvTransferBytes(model, w, KvPrecision::Bf16, 4), oneCopy);
    EXPECT_DOUBLE_EQ(kvTransferBytes(model, w, KvPrecision::Bf16, 8), 2 * oneCopy);
    EXPECT_NEAR(kvTransferBytes(model, w, KvPrecision::Bf16, 8), 49e6, 0.01 * 49e6); // the published 49 MB
}

// Search off: the plan's pools as it states them, through the CLI's plan path. One p5.48xlarge (8 H100): 2 prefill
// replicas of TP 1 and 3 decode replicas of TP 2 take 2 + 6 = 8 GPUs; each request moves Llama 3.1 8B's 2,048-token
// prompt to a decode replica of 2 ranks holding 4 of the 8 KV heads each: 2 x 2,048 x 32 x 4 x 128 x 2 x 2 =
// 268,435,456 bytes. The answer names the pools as configured (not "no split meets the targets"); without
// decode_replicas the plan is refused naming that field. Fails before the fix: aggregated replicas, reason
// serving_disaggregated_misses_slo.
std::string configuredPoolsPlan(const std::string& pools)
{
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "precision": "bf16", "parallelism": {"tensor": 1, "pipeline": 1},
            "serving": {"prompt_tokens": 2048, "output_tokens": 256, "load": {"requests_per_second": 1},
                "slo": {"ttft_seconds": 2, "tpot_seconds": 0.05},
                "deployment": {"mode": "disaggregated", )"
        + pools + R"(}}},
        "candidates": [{"instance": "aws:p5.48xlarge", "nodes": 1}], "search": {"enabled": false}})";
}

TEST(ServingDisaggregation, SearchOffAnswersWithThePlansPools)
{
    const auto run = testing::cli({ "plan", "-", "--format", "json" },
        configuredPoolsPlan(R"("prefill_replicas": 2, "decode_replicas": 3, "prefill_tensor": 1, "decode_tensor": 2)"));
    ASSERT_EQ(run.code, 0) << run.err;
    const nlohmann::json r = nlohmann::json::parse(run.out).at("results").at(0);
    const nlohmann::json& s = r.at("serving");
    EXPECT_EQ(s.at("deployment"), "disaggregated");
    ASSERT_TRUE(s.contains("disaggregation")) << s.dump();
    const nlohmann::json& d = s.at("disaggregation");
    EXPECT_EQ(d.at("prefill").at("replicas"), 2);
    EXPECT_EQ(d.at("prefill").at("tensor"), 1);
    EXPECT_EQ(d.at("decode").at("replicas"), 3);
    EXPECT_EQ(d.at("decode").at("tensor"), 2);
    EXPECT_DOUBLE_EQ(d.at("kv_transfer").at("bytes_per_request").get<double>(), 2.0 * 2048 * 32 * 4 * 128 * 2 * 2);
    EXPECT_EQ(s.at("deployment_reason").at("code"), "serving_pools_as_configured") << s.dump();
    EXPECT_EQ(s.at("deployment_reason").at("args").at("gpus"), "8");

    const auto text = testing::cli({ "plan", "-", "--format", "table" },
        configuredPoolsPlan(R"("prefill_replicas": 2, "decode_replicas": 3, "prefill_tensor": 1, "decode_tensor": 2)"));
    EXPECT_NE(text.out.find("the search is off: the plan's pools as configured"), std::string::npos) << text.out;

    // Mode auto with the search off: the plan's aggregated replicas, and the answer says the split is the search's.
    std::string autoPlan = configuredPoolsPlan(R"("prefill_replicas": 2)");
    autoPlan.replace(autoPlan.find("\"disaggregated\""), 15, "\"auto\"");
    const auto aggregated = testing::cli({ "plan", "-", "--format", "json" }, autoPlan);
    ASSERT_EQ(aggregated.code, 0) << aggregated.err;
    const nlohmann::json a = nlohmann::json::parse(aggregated.out).at("results").at(0).at("serving");
    EXPECT_EQ(a.at("deployment"), "aggregated");
    EXPECT_EQ(a.at("deployment_reason").at("code"), "serving_deployment_not_searched") << a.dump();

    const auto missing = testing::cli({ "plan", "-" }, configuredPoolsPlan(R"("prefill_replicas": 2)"));
    EXPECT_NE((missing.out + missing.err).find("workload.serving.deployment.decode_replicas"), std::string::npos)
        << missing.out << missing.err;
}

// The one-line summary of a split names each pool with its own layout (it said "5 replicas of tensor 2" for
// 2P tp1 + 3D tp2: both pools counted as replicas of the decode pool's tensor size).
TEST(ServingDisaggregation, TheSummaryNamesEachPoolWithItsLayout)
{
    auto plan = parsePlan(configuredPoolsPlan(R"("prefill_replicas": 2, "decode_replicas": 3)"));
    ASSERT_TRUE(plan) << plan.error().toString();
    CandidatePlan chosen;
    chosen.best.candidate = "aws:p5.48xlarge";
    chosen.best.nodes = 1;
    chosen.best.configuration.tensor = 2;
    ServingResult serving;
    serving.replicas = 5;
    serving.disaggregation = ServingDisaggregation {};
    serving.disaggregation->prefill.replicas = 2;
    serving.disaggregation->prefill.tensor = 1;
    serving.disaggregation->decode.replicas = 3;
    serving.disaggregation->decode.tensor = 2;
    chosen.best.serving = serving;
    const std::string message = describeChoice(chosen, *plan).message;
    EXPECT_NE(message.find("serve with 2 prefill replicas of tensor 1 and 3 decode replicas of tensor 2 on 1 node"),
        std::string::npos)
        << message;
    chosen.best.serving->disaggregation.reset(); // aggregated: the replicas and the configuration's tensor
    EXPECT_NE(
        describeChoice(chosen, *plan).message.find("serve with 5 replicas of tensor 2 on 1 node"), std::string::npos);
}

// The plan's fields: read, written back, and a bad value refused with the field named.
TEST(ServingDisaggregation, DeploymentFieldsRoundTripAndRefuseBadValues)
{
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "serving": {"load": {"requests_per_second": 2},
            "deployment": {"mode": "disaggregated", "prefill_replicas": 2, "decode_replicas": 3, "prefill_tensor": 2}}},
        "candidates": [{"instance": "aws:p5.48xlarge"}]})");
    ASSERT_TRUE(plan) << plan.error().toString();
    const ServingDeployment& d = plan->workload.serving.deployment;
    EXPECT_EQ(d.mode, ServingDeploymentMode::Disaggregated);
    EXPECT_EQ(d.prefillReplicas, 2);
    EXPECT_EQ(d.decodeReplicas, 3);
    EXPECT_EQ(d.prefillTensor, 2);
    EXPECT_FALSE(d.decodeTensor);
    auto again = parsePlan(planToJson(*plan).dump());
    ASSERT_TRUE(again) << again.error().toString();
    EXPECT_EQ(again->workload.serving.deployment, d);
    auto bad = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "serving": {"deployment": {"mode": "split"}}},
        "candidates": [{"instance": "aws:p5.48xlarge"}]})");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().field, "workload.serving.deployment.mode");
    auto zero = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "serving": {"deployment": {"decode_replicas": 0}}},
        "candidates": [{"instance": "aws:p5.48xlarge"}]})");
    ASSERT_FALSE(zero);
    EXPECT_EQ(zero.error().field, "workload.serving.deployment.decode_replicas");
}

} // namespace
} // namespace gp
