// Prefill and decode pools on two catalog instances (issue #42 item 1, serving.deployment.mixed_instances): the KV
// transfer over the network the two instances share, by hand; a plan where a pair of instances wins, priced as both
// pools' nodes, with its reason; either pool on the other instance (the prefill pool too); the pruning of pairs that
// cannot win, by hand and against every pair scored in full; the plan field.
#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/cost/cost_model.h"
#include "estimate/estimator.h"
#include "estimate/serving/disaggregation.h"
#include "estimate/serving/serving_cost.h"
#include "output/results_csv.h"
#include "output/results_json.h"
#include "planner/answer.h"
#include "planner/serving_deployment_search.h"

#include <gtest/gtest.h>

#include <string>

namespace gp
{
namespace
{

Hardware oneNodeOf(const std::string& instance)
{
    CandidateSpec spec;
    spec.instance = instance;
    auto hw = resolveCandidate(spec, builtinCatalog(), 1, "candidates[0]");
    EXPECT_TRUE(hw) << (hw ? "" : hw.error().toString());
    return hw ? *hw : Hardware {};
}

// Llama 3.1 70B: 80 layers x 8 KV heads x 128 dims x (K and V) x 2 bytes = 327,680 bytes per token; a 4,096-token
// prompt moves 1,342,177,280 bytes.
constexpr double kLlama70bPromptKvBytes = 80.0 * 8 * 128 * 2 * 2 * 4096;

// aws:p5.48xlarge (8 x H100, 3,200 Gbps EFA) to aws:p4de.24xlarge (8 x A100 80GB, 400 Gbps EFA): a tp8 prefill
// replica has the whole p5's 400 GB/s, a tp4 decode replica half of the p4de's 50 GB/s = 25 GB/s: the transfer runs
// at the slower side, RDMA (both EFA, one provider) at network.rdma_achieved_fraction 0.8 = 20 GB/s:
// 46 us + 1,342,177,280 B / 20 GB/s = 67.155 ms. Across providers (Tencent's HCCPNV5 RoCE to AWS EFA) the fabrics do
// not meet: TCP at 0.5, the decode side a tp4 share of HCCPNV5's 3,200 Gbps = 200 GB/s line, 100 GB/s achieved.
TEST(ServingMixedPools, KvTransferBetweenTwoInstancesByHand)
{
    const Hardware p5 = oneNodeOf("aws:p5.48xlarge");
    const Hardware p4de = oneNodeOf("aws:p4de.24xlarge");
    const Hardware hcc = oneNodeOf("tencent:HCCPNV5");
    const PerformanceDefaults d
        = performanceDefaults(builtinCatalog(), Assumptions {}, p5.gpu.gpuClass, p5.gpu.architecture);
    ASSERT_DOUBLE_EQ(d.rdmaFraction, 0.8);
    ASSERT_DOUBLE_EQ(d.tcpFraction, 0.5);
    const KvLink aws = kvTransferLinkBetween(p5, 8, p4de, 4, d);
    EXPECT_EQ(aws.kind, "rdma");
    EXPECT_DOUBLE_EQ(aws.lineGBps, 25);
    EXPECT_DOUBLE_EQ(aws.achievedGBps, 20);
    KvTransfer t;
    ASSERT_TRUE(kvTransferTime(kLlama70bPromptKvBytes, aws, 0, t));
    EXPECT_NEAR(t.seconds, 46e-6 + kLlama70bPromptKvBytes / 20e9, 1e-12);
    EXPECT_GE(t.seconds, kLlama70bPromptKvBytes / (aws.lineGBps * 1e9)); // never faster than the line
    const KvLink across = kvTransferLinkBetween(p5, 8, hcc, 4, d);
    EXPECT_EQ(across.kind, "tcp");
    EXPECT_DOUBLE_EQ(across.lineGBps, 200);
    EXPECT_DOUBLE_EQ(across.achievedGBps, 100);
    // Symmetric in which side is slower: the p4de's tp4 share limits a transfer either way.
    EXPECT_DOUBLE_EQ(kvTransferLinkBetween(p4de, 4, p5, 8, d).lineGBps, 25);
}

// Both pools' rates, mode by mode; a mode only one instance prices is not the pair's.
TEST(ServingMixedPools, PairIsPricedAsBothPoolsNodes)
{
    std::vector<BillingRate> a { { BillingMode::OnDemand, 55.04 }, { BillingMode::Spot, 20, 0, 1.2 } };
    std::vector<BillingRate> b { { BillingMode::OnDemand, 27.44705 } };
    const std::vector<BillingRate> pair = combinedRates(a, b);
    ASSERT_EQ(pair.size(), 1u);
    EXPECT_EQ(pair[0].mode, BillingMode::OnDemand);
    EXPECT_DOUBLE_EQ(pair[0].perHour, 55.04 + 27.44705);
}

// One tp8 prefill replica on the candidate (a p5) and one tp8 decode replica on one p4de node.
Configuration p5PrefillP4deDecode()
{
    Configuration c;
    c.prefillReplicas = 1;
    c.prefillTensor = 8;
    c.data = 1;
    c.tensor = 8;
    c.decodeInstance = "aws:p4de.24xlarge";
    c.decodeNodes = 1;
    return c;
}

// Llama 3.1 70B, 4,096 prompt and 512 output tokens at 4 requests/s, TTFT within 3 s and TPOT within `tpot` (15 ms:
// the plan of ServingDisaggregation.PoolsWinWhenPrefillStallsDecodeByHand), on two instances of the plan's candidates.
std::string mixedPlan(bool mixed, const std::string& mode = "auto", const std::string& tpot = "0.015")
{
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-70b"},
        "workload": {"mode": "serving", "precision": "bf16",
            "serving": {"prompt_tokens": 4096, "output_tokens": 512, "load": {"requests_per_second": 4},
                "slo": {"ttft_seconds": 3, "tpot_seconds": )"
        + tpot + R"(},
                "deployment": {"mode": ")"
        + mode + R"(", "mixed_instances": )" + (mixed ? "true" : "false") + R"(}}},
        "candidates": [{"instance": "aws:p5.48xlarge", "nodes": "auto"}, {"instance": "aws:p4de.24xlarge", "nodes": "auto"}],
        "search": {"enabled": true, "objective": "cost", "max_nodes": 8}})";
}

double onDemandPerHour(const CostEstimate& cost)
{
    for (const BillingRate& rate : cost.rates)
        if (rate.mode == BillingMode::OnDemand)
            return rate.perHour;
    return 0;
}

// One pair by hand: one tp8 prefill replica on a p5.48xlarge (8 x H100) and one tp8 decode replica on a p4de.24xlarge
// (8 x A100 80GB). The prompt's KV (1,342,177,280 B) leaves the prefill replica's whole 3,200 Gbps of EFA and enters
// the decode replica's whole 400 Gbps: the slower side, 50 GB/s line, RDMA (both EFA, one provider) at 0.8 = 40 GB/s:
// 46 us + 33.55 ms. TTFT is the prefill pool's, the transfer with its wait (M/D/1 at 4 x 33.55 ms = 13.4% of the
// link) and the decode pool's first step. Two nodes, 16 GPUs, priced as one p5 and one p4de: 55.04 + 27.44705 USD/h
// on demand, 1.4987x the p5's alone. The decode replica reads its weights at the A100's 2.04 TB/s instead of the H100's
// 3.35 TB/s: its TPOT is longer than the same replica's on the p5.
TEST(ServingMixedPools, OnePairOfInstancesByHand)
{
    auto plan = parsePlan(mixedPlan(true, "disaggregated"));
    ASSERT_TRUE(plan) << plan.error().toString();
    auto model = resolveModel(plan->model);
    ASSERT_TRUE(model);
    const Hardware p5 = oneNodeOf("aws:p5.48xlarge");
    const Hardware p4de = oneNodeOf("aws:p4de.24xlarge");
    const Configuration c = p5PrefillP4deDecode();
    const CandidateResult r = evaluateCandidate(*model, *plan, p5, c, builtinCatalog());
    ASSERT_TRUE(r.serving && r.serving->disaggregation) << (r.failure ? r.failure->message : "");
    EXPECT_TRUE(r.fits);
    const ServingResult& s = *r.serving;
    const ServingDisaggregation& d = *s.disaggregation;
    EXPECT_EQ(d.prefill.instance, "aws:p5.48xlarge");
    EXPECT_EQ(d.prefill.gpuName, p5.gpu.name);
    EXPECT_EQ(d.prefill.nodes, 1);
    EXPECT_EQ(d.decode.instance, "aws:p4de.24xlarge");
    EXPECT_EQ(d.decode.gpuName, p4de.gpu.name);
    EXPECT_EQ(d.decode.nodes, 1);
    EXPECT_EQ(r.nodes, 2);
    EXPECT_EQ(r.gpus, 16);
    // The transfer by hand.
    EXPECT_EQ(d.transfer.link, "rdma");
    EXPECT_DOUBLE_EQ(d.transfer.lineGbps, 400);
    EXPECT_DOUBLE_EQ(d.transfer.achievedGBps, 40);
    const double service = kLlama70bPromptKvBytes / 40e9;
    EXPECT_NEAR(d.transfer.seconds, 46e-6 + service, 1e-12);
    EXPECT_NEAR(d.transfer.utilization, 4 * service, 1e-12);
    EXPECT_NEAR(d.transfer.waitSeconds, 4 * service * service / (2 * (1 - 4 * service)), 1e-12);
    EXPECT_NEAR(s.ttftSeconds,
        d.prefill.ttftSeconds + d.transfer.seconds + d.transfer.waitSeconds + d.decode.ttftSeconds, 1e-12);
    // Both pools priced, mode by mode: one node of each.
    const Billing& billing = plan->billing;
    const double p5Rate = onDemandPerHour(estimateCost(p5, 1.0, billing, builtinCatalog()));
    const double p4deRate = onDemandPerHour(estimateCost(p4de, 1.0, billing, builtinCatalog()));
    ASSERT_GT(p5Rate, 0);
    EXPECT_NEAR(p4deRate / p5Rate, 27.44705 / 55.04, 1e-9);
    EXPECT_NEAR(onDemandPerHour(r.cost), p5Rate + p4deRate, 1e-9 * p5Rate);
    // The same layout with both pools on the p5: its decode replica is faster, the link the p5's own.
    Configuration same = c;
    same.decodeInstance.clear();
    same.decodeNodes = 0;
    const CandidateResult onP5
        = evaluateCandidate(*model, *plan, atNodes(p5, CandidateSpec {}, 2), same, builtinCatalog());
    ASSERT_TRUE(onP5.serving && onP5.serving->disaggregation);
    EXPECT_TRUE(onP5.serving->disaggregation->decode.instance.empty());
    EXPECT_GT(d.decode.tpotSeconds, onP5.serving->disaggregation->decode.tpotSeconds);
    EXPECT_NEAR(onDemandPerHour(onP5.cost), 2 * p5Rate, 1e-9 * p5Rate);
}

// A plan where a mixed pair wins over every layout on one instance: the same load with TPOT within 25 ms (a chat
// target). Prefill is compute-bound: a prompt is 6.0e14 FLOPs (ServingDisaggregation.PoolsWinWhenPrefillStallsDecode
// ByHand), so the 4 prompts a second are 2.4e15 FLOP/s, 30% of one p5's dense peak (8 x 989 TFLOPS) and 96% of one
// p4de's (8 x 312): the prefill pool fits one p5 node (its replicas each at most at their saturated rate over the
// rate headroom 1.2, the one rule of issue 44) where the A100s need three nodes of prefill replicas. Decode is bound by
// memory bandwidth and capacity: one A100 80GB tp8 replica (2.04 TB/s per GPU) decodes all 47 requests in flight at
// 23 ms per token, under the target, and an A100 node costs half an H100 node (27.44705 against 55.04 USD/h on
// demand). So: alone, the p5 needs its prefill node and a decode node (110.08 USD/h) and the p4de 3P1D on four p4de
// nodes (109.79 USD/h); prefill on one p5 and decode on one p4de is 82.49 USD/h, 0.7513x the cheaper of them for the
// same tokens. With the 15 ms target of the plan above an A100 decode replica misses (the p5 alone wins instead).
TEST(ServingMixedPools, PrefillOnH100DecodeOnA100WinsOverEverySingleInstanceLayout)
{
    auto single = parsePlan(mixedPlan(false, "auto", "0.025"));
    ASSERT_TRUE(single) << single.error().toString();
    auto alone = answerPlan(*single, builtinCatalog());
    ASSERT_TRUE(alone) << alone.error().toString();
    ASSERT_EQ(alone->search.candidates.size(), 2u);
    double bestAlone = 1e300;
    for (const CandidatePlan& c : alone->search.candidates) {
        ASSERT_TRUE(c.meetsObjective);
        EXPECT_TRUE(!c.best.serving->disaggregation || c.best.serving->disaggregation->decode.instance.empty());
        bestAlone = std::min(bestAlone, c.objectiveValue);
    }
    auto plan = parsePlan(mixedPlan(true, "auto", "0.025"));
    ASSERT_TRUE(plan) << plan.error().toString();
    auto answer = answerPlan(*plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    ASSERT_GE(answer->recommended, 0);
    const CandidatePlan& won = answer->search.candidates[std::size_t(answer->recommended)];
    const CandidateResult& r = won.best;
    ASSERT_TRUE(r.serving && r.serving->disaggregation);
    const ServingResult& s = *r.serving;
    const ServingDisaggregation& d = *s.disaggregation;
    EXPECT_TRUE(s.meetsSlo);
    EXPECT_EQ(d.prefill.instance, "aws:p5.48xlarge");
    EXPECT_EQ(d.decode.instance, "aws:p4de.24xlarge");
    EXPECT_EQ(r.configuration.decodeInstance, "aws:p4de.24xlarge");
    EXPECT_LT(won.objectiveValue, bestAlone);
    // The numbers of the comment: one node of each, the A100 decode replica within the target, the prices' ratio.
    EXPECT_LE(d.prefill.replicas * d.prefill.tensor * d.prefill.pipeline, 8);
    EXPECT_LE(d.prefill.utilization, 1 / 1.2 + 1e-9);
    EXPECT_EQ(d.decode.replicas, 1);
    EXPECT_EQ(d.prefill.nodes, 1);
    EXPECT_EQ(d.decode.nodes, 1);
    EXPECT_LE(d.decode.tpotSeconds, 0.025);
    EXPECT_GT(d.decode.tpotSeconds, 0.015);
    EXPECT_NEAR(won.objectiveValue / bestAlone, (55.04 + 27.44705) / (4 * 27.44705), 1e-9);
    // Why, in the answer: the pair against the aggregated replicas and against the best split on the p5 alone.
    ASSERT_TRUE(s.deploymentReason);
    const Diagnostic& why = *s.deploymentReason;
    EXPECT_EQ(why.code, "serving_disaggregated_wins") << why.message;
    EXPECT_EQ(why.arg("prefill_instance"), "aws:p5.48xlarge");
    EXPECT_EQ(why.arg("decode_instance"), "aws:p4de.24xlarge");
    EXPECT_LT(std::stod(why.arg("same_instance_cost_ratio")), 1.0) << why.message;
    EXPECT_NE(why.message.find("decode on aws:p4de.24xlarge"), std::string::npos) << why.message;
    // Every output names both pools' instances.
    const std::string table = resultsToTable({ r }, Mode::Serving);
    EXPECT_NE(table.find("of aws:p4de.24xlarge"), std::string::npos) << table;
    EXPECT_NE(table.find("of aws:p5.48xlarge"), std::string::npos) << table;
    const nlohmann::json json = servingResultToJson(s);
    EXPECT_EQ(json["disaggregation"]["decode"]["instance"], "aws:p4de.24xlarge");
    EXPECT_EQ(json["disaggregation"]["prefill"]["instance"], "aws:p5.48xlarge");
    EXPECT_EQ(json["disaggregation"]["decode"]["nodes"], d.decode.nodes);
    const std::string csv = resultsToCsv({ r });
    EXPECT_NE(csv.find(",aws:p4de.24xlarge,"), std::string::npos) << csv;
    // Without candidates of other instances nothing changes: one candidate, mixed or not, the same answer.
    plan->candidates.pop_back();
    single->candidates.pop_back();
    auto one = answerPlan(*plan, builtinCatalog());
    auto oneAlone = answerPlan(*single, builtinCatalog());
    ASSERT_TRUE(one && oneAlone);
    EXPECT_DOUBLE_EQ(one->search.candidates.front().objectiveValue, oneAlone->search.candidates.front().objectiveValue);
}

// The other way round: the candidate keeps the decode pool and the prefill pool runs on another instance. The pair of
// OnePairOfInstancesByHand (one tp8 prefill replica on a p5, one tp8 decode replica on a p4de) evaluated from the
// p4de's side (configuration.prefill_instance) gives the same pools, transfer, latencies and price as from the p5's
// side (configuration.decode_instance): 2 nodes, 16 GPUs, 55.04 + 27.44705 USD/h on demand.
TEST(ServingMixedPools, PrefillPoolOnTheOtherInstanceIsTheSamePairFromTheDecodeSide)
{
    auto plan = parsePlan(mixedPlan(true, "disaggregated"));
    ASSERT_TRUE(plan) << plan.error().toString();
    auto model = resolveModel(plan->model);
    ASSERT_TRUE(model);
    const Hardware p5 = oneNodeOf("aws:p5.48xlarge");
    const Hardware p4de = oneNodeOf("aws:p4de.24xlarge");
    const Configuration forward = p5PrefillP4deDecode();
    Configuration reverse = forward;
    reverse.decodeInstance.clear();
    reverse.decodeNodes = 0;
    reverse.prefillInstance = "aws:p5.48xlarge";
    reverse.prefillNodes = 1;
    const CandidateResult a = evaluateCandidate(*model, *plan, p5, forward, builtinCatalog());
    const CandidateResult b = evaluateCandidate(*model, *plan, p4de, reverse, builtinCatalog());
    ASSERT_TRUE(a.serving && a.serving->disaggregation);
    ASSERT_TRUE(b.serving && b.serving->disaggregation) << (b.failure ? b.failure->message : "");
    EXPECT_TRUE(b.fits);
    const ServingDisaggregation& d = *b.serving->disaggregation;
    EXPECT_EQ(d.prefill.instance, "aws:p5.48xlarge");
    EXPECT_EQ(d.decode.instance, "aws:p4de.24xlarge");
    EXPECT_EQ(d.prefill.nodes, 1);
    EXPECT_EQ(d.decode.nodes, 1);
    EXPECT_EQ(b.nodes, 2);
    EXPECT_EQ(b.gpus, 16);
    EXPECT_EQ(d.transfer.link, "rdma");
    EXPECT_DOUBLE_EQ(d.transfer.achievedGBps, 40); // the p4de's 400 Gbps at 0.8, as from the p5's side
    EXPECT_NEAR(b.serving->ttftSeconds, a.serving->ttftSeconds, 1e-12);
    EXPECT_NEAR(b.serving->tpotSeconds, a.serving->tpotSeconds, 1e-12);
    EXPECT_NEAR(onDemandPerHour(b.cost), onDemandPerHour(a.cost), 1e-9 * onDemandPerHour(a.cost));
    const double p5Rate = onDemandPerHour(estimateCost(p5, 1.0, plan->billing, builtinCatalog()));
    const double p4deRate = onDemandPerHour(estimateCost(p4de, 1.0, plan->billing, builtinCatalog()));
    EXPECT_NEAR(onDemandPerHour(b.cost), p5Rate + p4deRate, 1e-9 * p5Rate);
    // The decode replica's memory is the candidate's own GPUs' (A100 80GB), as it holds that pool.
    EXPECT_LE(b.memory.total, p4de.gpu.memoryBytes);
    EXPECT_NEAR(b.memory.weights, a.memory.weights, 1.0);
    const std::string csv = resultsToCsv({ b });
    EXPECT_NE(csv.find(",aws:p4de.24xlarge,1,aws:p5.48xlarge,1"), std::string::npos) << csv;
}

// The search from the decode pool's side: the p4de candidate's best is the p5 prefill pool with its own decode pool,
// 0.7513x its best split alone (3P1D on four p4de nodes, 109.79 USD/h), and the reason compares with the p4de alone.
TEST(ServingMixedPools, DecodeInstanceCandidateFindsThePrefillPoolElsewhere)
{
    auto plan = parsePlan(mixedPlan(true, "auto", "0.025"));
    ASSERT_TRUE(plan) << plan.error().toString();
    auto answer = answerPlan(*plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    const CandidatePlan* p4de = nullptr;
    const CandidatePlan* p5 = nullptr;
    for (const CandidatePlan& c : answer->search.candidates)
        (c.best.candidate == "aws:p4de.24xlarge" ? p4de : p5) = &c;
    ASSERT_TRUE(p4de && p5);
    const CandidateResult& r = p4de->best;
    ASSERT_TRUE(r.serving && r.serving->disaggregation);
    EXPECT_EQ(r.configuration.prefillInstance, "aws:p5.48xlarge");
    EXPECT_TRUE(r.configuration.decodeInstance.empty());
    EXPECT_EQ(r.configuration.prefillNodes, 1);
    EXPECT_EQ(r.nodes, 2);
    EXPECT_EQ(r.serving->disaggregation->prefill.instance, "aws:p5.48xlarge");
    EXPECT_EQ(r.serving->disaggregation->decode.instance, "aws:p4de.24xlarge");
    // The same deployment as the p5 candidate's, at the same cost.
    EXPECT_NEAR(p4de->objectiveValue, p5->objectiveValue, 1e-9 * p5->objectiveValue);
    ASSERT_TRUE(r.serving->deploymentReason);
    const Diagnostic& why = *r.serving->deploymentReason;
    EXPECT_EQ(why.code, "serving_disaggregated_wins") << why.message;
    EXPECT_EQ(why.arg("alone_instance"), "aws:p4de.24xlarge");
    EXPECT_NEAR(std::stod(why.arg("same_instance_cost_ratio")), (55.04 + 27.44705) / (4 * 27.44705), 1e-3)
        << why.message;
    EXPECT_NE(why.message.find("best split on aws:p4de.24xlarge alone"), std::string::npos) << why.message;
    // From the p5's side the comparison is with the p5 alone.
    ASSERT_TRUE(p5->best.serving && p5->best.serving->deploymentReason);
    EXPECT_EQ(p5->best.serving->deploymentReason->arg("alone_instance"), "aws:p5.48xlarge");
}

// The floor of a pair by hand: one p5 (55.04 USD/h on demand) and one p4de (27.44705) serve at most the load's
// 4 requests/s x 4,608 tokens = 66,355,200 tokens an hour: 82.48705 / 66,355,200 x 1e6 = 1.24312 USD per million
// tokens. A mode only one instance prices is not the pair's: with no mode both price the pair is ranked by its GPUs,
// 16 / 66,355,200 x 1e6 = 0.24112 GPUs per million tokens; without a rate, or over a finite run (whose random arrivals
// may end it sooner than n / rate), nothing bounds it (0).
TEST(ServingMixedPools, PairCostFloorByHand)
{
    auto plan = parsePlan(mixedPlan(true));
    ASSERT_TRUE(plan);
    const std::vector<BillingRate> p5 { { BillingMode::OnDemand, 55.04 } };
    const std::vector<BillingRate> p4de { { BillingMode::OnDemand, 27.44705 }, { BillingMode::Spot, 9 } };
    ServingSpec spec = plan->workload.serving;
    EXPECT_NEAR(pairCostFloor(p5, p4de, 16, plan->billing, spec), 82.48705 / 66355200.0 * 1e6, 1e-12);
    spec.traffic.requests = 11;
    EXPECT_DOUBLE_EQ(pairCostFloor(p5, p4de, 16, plan->billing, spec), 0.0);
    spec.traffic.requests.reset();
    const std::vector<BillingRate> spotOnly { { BillingMode::Spot, 20 } };
    EXPECT_NEAR(pairCostFloor(p5, spotOnly, 16, plan->billing, spec), 16 / 66355200.0 * 1e6, 1e-15);
    spec.load.kind = ServingLoadKind::Concurrency;
    EXPECT_DOUBLE_EQ(pairCostFloor(p5, p4de, 16, plan->billing, spec), 0.0);
}

// Pruning loses nothing: six instances of three providers, Llama 3.1 70B at 4 requests/s. Every ordered pair of
// instances is scored in full here (both pools' options on either side, evaluated and priced as the answer would), and
// no candidate's pair that meets the SLO is cheaper than the candidate's answer; some pairs were pruned; one thread
// gives the answer several threads sharing the instances' pool layouts give.
TEST(ServingMixedPools, PrunedPairsCannotBeatTheAnswer)
{
    std::string text = mixedPlan(true, "auto", "0.025");
    const std::string two
        = R"([{"instance": "aws:p5.48xlarge", "nodes": "auto"}, {"instance": "aws:p4de.24xlarge", "nodes": "auto"}])";
    const std::string six
        = R"([{"instance": "aws:p5.48xlarge", "nodes": "auto"}, {"instance": "aws:p4de.24xlarge", "nodes": "auto"},
        {"instance": "aws:p4d.24xlarge", "nodes": "auto"}, {"instance": "tencent:HCCPNV5", "nodes": "auto"},
        {"instance": "tencent:HCCG5v", "nodes": "auto"}, {"instance": "aws:g6e.48xlarge", "nodes": "auto"}])";
    ASSERT_NE(text.find(two), std::string::npos);
    text.replace(text.find(two), two.size(), six);
    auto plan = parsePlan(text);
    ASSERT_TRUE(plan) << plan.error().toString();
    auto model = resolveModel(plan->model);
    ASSERT_TRUE(model);
    auto answer = answerPlan(*plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    long pruned = 0;
    for (const CandidatePlan& c : answer->search.candidates) {
        pruned += c.mixedPairsPruned;
        ASSERT_GE(c.planIndex, 0);
        const CandidateSpec& own = plan->candidates[std::size_t(c.planIndex)];
        const Hardware a = oneNodeOf(own.instance);
        const Workload work = workloadOnGpu(plan->workload, a.gpu);
        for (const CandidateSpec& other : plan->candidates) {
            if (other.instance == own.instance)
                continue;
            const Hardware b = oneNodeOf(other.instance);
            std::vector<DisaggregatedOption> options = mixedDisaggregatedOptions(
                *model, work, a, b, other.instance, plan->assumptions, builtinCatalog(), 8, nullptr);
            for (DisaggregatedOption& o : prefillElsewhereOptions(
                     *model, work, b, a, other.instance, plan->assumptions, builtinCatalog(), 8, nullptr))
                options.push_back(std::move(o));
            for (const DisaggregatedOption& o : options) {
                if (!o.serving.meetsSlo || std::max(o.ownNodes(), o.otherNodes()) > 8)
                    continue;
                const CandidateResult r = evaluateCandidate(
                    *model, *plan, atNodes(a, own, o.ownNodes()), o.configuration, builtinCatalog());
                ASSERT_TRUE(r.serving && r.serving->costPerMillionTokens);
                EXPECT_GE(*r.serving->costPerMillionTokens, c.objectiveValue * (1 - 1e-9))
                    << own.instance << " with " << other.instance;
            }
        }
    }
    EXPECT_GT(pruned, 0);
    // The pool layouts the candidates share (ServingPoolCache) give one thread's answer on several.
    SearchControl one;
    one.threads = 1;
    auto serial = answerPlan(*plan, builtinCatalog(), one);
    ASSERT_TRUE(serial);
    ASSERT_EQ(serial->search.candidates.size(), answer->search.candidates.size());
    for (std::size_t i = 0; i < serial->search.candidates.size(); ++i) {
        EXPECT_EQ(serial->search.candidates[i].planIndex, answer->search.candidates[i].planIndex);
        EXPECT_EQ(serial->search.candidates[i].objectiveValue, answer->search.candidates[i].objectiveValue);
        EXPECT_EQ(serial->search.candidates[i].mixedPairsPruned, answer->search.candidates[i].mixedPairsPruned);
    }
}

// The plan field: read, written back, and the window's words.
TEST(ServingMixedPools, MixedInstancesFieldRoundTrips)
{
    auto plan = parsePlan(mixedPlan(true));
    ASSERT_TRUE(plan) << plan.error().toString();
    EXPECT_TRUE(plan->workload.serving.deployment.mixedInstances);
    auto again = parsePlan(serializePlan(*plan));
    ASSERT_TRUE(again);
    EXPECT_TRUE(again->workload.serving.deployment.mixedInstances);
    auto off = parsePlan(mixedPlan(false));
    ASSERT_TRUE(off);
    EXPECT_EQ(serializePlan(*off).find("mixed_instances"), std::string::npos); // false is the default, not written
    std::string bad = mixedPlan(true);
    bad.replace(bad.find("\"mixed_instances\": true"), 23, "\"mixed_instances\": 3");
    auto refused = parsePlan(bad);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().toString().find("workload.serving.deployment.mixed_instances"), std::string::npos)
        << refused.error().toString();
}

} // namespace
} // namespace gp
