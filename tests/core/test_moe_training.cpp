// MoE training: routed experts at the grouped-GEMM efficiency of the rows dispatched to each expert, the
// expert-parallel all-to-all over the link it crosses, expert states sharded over the expert-data-parallel group,
// and the load-imbalance factor. Hand calculations and properties that the dense treatment failed.
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/communication_model.h"
#include "estimate/time/throughput_model.h"
#include "plan/plan.h"
#include "planner/planner.h"
#include "planner/planner_grid.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"
#include "transformer/layers.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

namespace gp
{
namespace
{

// Qwen3-30B-A3B (the shipped preset): 128 experts, 8 per token, hidden 2048.
ResolvedModel moeQwen3()
{
    return test::presetModel("qwen3-30b-a3b");
}

Workload moeTrainingWorkload()
{
    Workload w;
    w.mode = Mode::Training;
    w.technique = Technique::Full;
    w.precision = Precision::Bf16;
    w.sequenceLength = 4096;
    w.flashAttention = true;
    w.trainingTokens = 1e9;
    return w;
}

Configuration moeConfiguration(int data, int expert, int zero)
{
    Configuration c;
    c.data = data;
    c.expert = expert;
    c.zeroStage = zero;
    c.microBatchSize = 4;
    c.gradientAccumulationSteps = 4;
    c.checkpointing = Checkpointing::Full;
    return c;
}

TEST(MoeTraining, RoutedRowsPerExpertIsTokensTimesTopKOverExperts)
{
    const ResolvedModel m = moeQwen3();
    ASSERT_EQ(m.architecture.numExperts, 128);
    // 16,384 tokens x 8 experts each / 128 experts = 1,024 rows per expert.
    EXPECT_DOUBLE_EQ(routedRowsPerExpert(m.architecture, 16384), 1024.0);
    Architecture dense = m.architecture;
    dense.numExperts = 1;
    dense.expertsPerToken = 1;
    EXPECT_DOUBLE_EQ(routedRowsPerExpert(dense, 16384), 16384.0);
}

// ZeRO-1 shards the optimizer: the whole model's optimizer states, summed over the n GPUs, are the same whatever the
// expert-parallel degree (each GPU's experts are 1/ep of them, sharded over n/ep ranks). The dense treatment
// sharded a GPU's experts over all n ranks and lost a factor ep.
TEST(MoeTraining, ExpertOptimizerStatesAreConservedAcrossExpertDegrees)
{
    const ResolvedModel m = moeQwen3();
    const Workload w = moeTrainingWorkload();
    const Hardware hw = test::testHardware(1000);
    const double reference = estimateMemory(m, w, moeConfiguration(16, 1, 1), hw, {}, builtinCatalog()).optimizer;
    // Hand calculation: fp32 master 4 + Adam moments 8 + fp32 gradient partition 4 = 16 bytes per parameter over 16.
    EXPECT_NEAR(reference, m.parameters.total * 16.0 / 16, 1e-6 * reference);
    for (int ep : { 2, 4, 8, 16 }) {
        const double optimizer = estimateMemory(m, w, moeConfiguration(16, ep, 1), hw, {}, builtinCatalog()).optimizer;
        EXPECT_NEAR(optimizer, reference, 1e-6 * reference) << "ep " << ep;
    }
}

// More experts per GPU (a smaller expert-parallel degree) never lowers the memory per GPU, at any ZeRO stage.
TEST(MoeTraining, MoreExpertsPerGpuNeverLowersMemory)
{
    const ResolvedModel m = moeQwen3();
    const Workload w = moeTrainingWorkload();
    const Hardware hw = test::testHardware(1000);
    for (int zero = 0; zero <= 3; ++zero) {
        double previous = 0;
        for (int ep : { 16, 8, 4, 2, 1 }) {
            const double total = estimateMemory(m, w, moeConfiguration(16, ep, zero), hw, {}, builtinCatalog()).total;
            EXPECT_GE(total, previous * (1 - 1e-12)) << "zero " << zero << " ep " << ep;
            previous = total;
        }
    }
    // Without ZeRO, expert parallelism is what divides the experts: 8 ranks hold an eighth of them each.
    const MemoryBreakdown whole = estimateMemory(m, w, moeConfiguration(8, 1, 0), hw, {}, builtinCatalog());
    const MemoryBreakdown split = estimateMemory(m, w, moeConfiguration(8, 8, 0), hw, {}, builtinCatalog());
    const double routed = routedExpertFraction(m.architecture, m.parameters, m.parameters.total);
    EXPECT_NEAR(split.weights / whole.weights, 1 - routed + routed / 8, 1e-9);
}

// The dispatch by hand: 4,096 tokens, E = 128, k = 8, 8 ranks of one node holding 16 experts each. A token goes
// once to each other rank holding one of its experts: 7 x (1 - C(112, 8) / C(128, 8)) copies of 2,048 x 2 bytes.
TEST(MoeTraining, AllToAllVolumeByHandWithinANode)
{
    const ResolvedModel m = moeQwen3();
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    double none = 1;
    for (int i = 0; i < 8; ++i)
        none *= double(112 - i) / double(128 - i);
    const double expected = 4096 * 7 * (1 - none) * 2048 * 2;
    const ExpertAllToAll a = expertAllToAll(m.architecture, 4096, 8, 1, 2, hw, d);
    EXPECT_NEAR(a.bytes, expected, 1e-9 * expected);
    EXPECT_FALSE(a.network);
    EXPECT_NEAR(a.seconds, expected / (intraNodeBusGBps(hw, d) * 1e9) + d.allReduceLatencySeconds, 1e-12);
}

// An expert-parallel group that crosses nodes is never faster than the same group inside one node, with networks up to
// 800 Gb/s per GPU (ConnectX-8, the fastest per-GPU NIC shipped); its network part runs at one GPU's share of the
// node's network, not at the node's whole bandwidth. (A network near NVLink speed could beat it: one copy per node
// crosses the network and fans out over NVLink there.)
TEST(MoeTraining, CrossNodeExpertGroupIsNeverFasterThanWithinANode)
{
    const ResolvedModel m = moeQwen3();
    const Catalog& catalog = builtinCatalog();
    const Hardware one = testing::catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, one.gpu.gpuClass, one.gpu.architecture);
    for (double gbps : { 100.0, 400.0, 1600.0, 3200.0 }) { // per 4-GPU node
        const Hardware two = testing::catalogHardware(catalog, "h100-80gb-sxm", 4, "nvlink4", 2, gbps, true);
        const ExpertAllToAll inside = expertAllToAll(m.architecture, 8192, 8, 1, 2, one, d);
        const ExpertAllToAll across = expertAllToAll(m.architecture, 8192, 8, 1, 2, two, d);
        EXPECT_GE(across.seconds, inside.seconds) << gbps << " Gb/s";
    }
    // 16 ranks over 2 nodes of 8, 400 Gb/s per GPU: a token reaches the other node when one of its 8 experts is
    // among that node's 64, and crosses it once; 8 GPUs share the node's 3,200 Gb/s.
    const Hardware two = testing::catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4", 2, 3200, true);
    const ExpertAllToAll across = expertAllToAll(m.architecture, 4096, 16, 1, 2, two, d);
    double none = 1;
    for (int i = 0; i < 8; ++i)
        none *= double(64 - i) / double(128 - i);
    const double networkBytes = 4096 * (1 - none) * 2048 * 2;
    const double perGpu = nodeNetworkGBps(two, d) / 8;
    EXPECT_TRUE(across.network);
    EXPECT_NEAR(across.seconds, networkBytes / (perGpu * 1e9) + d.networkLatencySeconds, 1e-9);
}

// Group-limited routing (DeepSeek-V3: 256 experts in 8 groups of 32, a token's 8 from at most 4 groups). With 64
// expert-parallel ranks over 8 nodes of 8 each node holds one group: another node is reached when its group is one of
// the token's 4 (4/8) and one of the token's 8 experts, drawn from those 4 x 32 = 128, is among its 32. By hand:
// 7 x 1/2 x (1 - C(96, 8) / C(128, 8)) network copies per token, against 7 x (1 - C(224, 8) / C(256, 8)) unlimited.
TEST(MoeTraining, GroupLimitedRoutingReachesFewerNodesByHand)
{
    const ModelPreset* preset = findModelPreset("deepseek-v3");
    ASSERT_NE(preset, nullptr);
    Architecture arch = preset->architecture;
    ASSERT_EQ(arch.numExperts, 256);
    ASSERT_EQ(arch.expertsPerToken, 8);
    ASSERT_EQ(arch.hiddenSize, 7168);
    ASSERT_EQ(arch.expertGroups, 8);
    ASSERT_EQ(arch.expertGroupsPerToken, 4);
    arch.expertGroups = 1; // first without the limit
    arch.expertGroupsPerToken = 0;
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4", 8, 3200, true);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    auto none = [](double experts, double held) {
        double p = 1;
        for (int i = 0; i < 8; ++i)
            p *= (experts - held - i) / (experts - i);
        return p;
    };
    const double vector = 7168 * 2.0;
    const double perGpu = nodeNetworkGBps(hw, d) / 8 * 1e9;
    const ExpertAllToAll unlimited = expertAllToAll(arch, 4096, 64, 1, 2, hw, d);
    ASSERT_TRUE(unlimited.network);
    EXPECT_NEAR(unlimited.seconds - d.networkLatencySeconds, 4096 * 7 * (1 - none(256, 32)) * vector / perGpu, 1e-9);
    arch.expertGroups = 8;
    arch.expertGroupsPerToken = 4;
    const ExpertAllToAll limited = expertAllToAll(arch, 4096, 64, 1, 2, hw, d);
    ASSERT_TRUE(limited.network);
    EXPECT_NEAR(
        limited.seconds - d.networkLatencySeconds, 4096 * 7 * 0.5 * (1 - none(128, 32)) * vector / perGpu, 1e-9);
    EXPECT_LT(limited.bytes, unlimited.bytes);
    // A limit of every group is no limit.
    arch.expertGroupsPerToken = 8;
    EXPECT_DOUBLE_EQ(expertAllToAll(arch, 4096, 64, 1, 2, hw, d).bytes, unlimited.bytes);
}

// The routed experts' grouped GEMMs: fewer rows per expert (a smaller expert-parallel group) never run faster, and
// the load-imbalance factor stretches them exactly when experts are split over ranks.
TEST(MoeTraining, ExpertComputeFollowsRowsAndImbalance)
{
    const ResolvedModel m = moeQwen3();
    const Workload w = moeTrainingWorkload();
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = testing::catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4", 1);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    Configuration c = moeConfiguration(8, 1, 3);
    c.microBatchSize = 1;
    double previous = INFINITY;
    for (int ep : { 1, 2, 4, 8 }) {
        c.expert = ep;
        const ThroughputEstimate t = estimateThroughput(m, w, c, hw, catalog, d, ThroughputDetail::FiguresOnly);
        EXPECT_GT(t.expertComputeSeconds, 0);
        EXPECT_LE(t.expertComputeSeconds, previous * (1 + 1e-12)) << "ep " << ep;
        previous = t.expertComputeSeconds;
    }
    Assumptions skewed;
    skewed.expertLoadImbalance = 1.3;
    const PerformanceDefaults ds = performanceDefaults(catalog, skewed, hw.gpu.gpuClass, hw.gpu.architecture);
    c.expert = 8;
    const auto expertSeconds = [&](const PerformanceDefaults& defaults) {
        return estimateThroughput(m, w, c, hw, catalog, defaults, ThroughputDetail::FiguresOnly).expertComputeSeconds;
    };
    const double balanced = expertSeconds(d);
    const double busy = expertSeconds(ds);
    EXPECT_NEAR(busy / balanced, 1.3, 1e-9);
    c.expert = 1; // every expert on every GPU: no rank waits for another
    const double alone = expertSeconds(d);
    const double aloneSkewed = expertSeconds(ds);
    EXPECT_DOUBLE_EQ(aloneSkewed, alone);
}

TEST(MoeTraining, LoadImbalanceAssumptionRoundTripsAndNamesItsField)
{
    const char* text = R"({"format": "gpu-planner-plan", "version": 1,
        "model": {"preset": "qwen3-30b-a3b"},
        "workload": {"mode": "training", "sequence_length": 4096, "parallelism": {"data": 8, "expert": 8}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 8, "nodes": 1}],
        "assumptions": {"expert_load_imbalance": 1.25}})";
    auto plan = planFromJson(nlohmann::json::parse(text));
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    ASSERT_TRUE(plan->assumptions.expertLoadImbalance);
    EXPECT_DOUBLE_EQ(*plan->assumptions.expertLoadImbalance, 1.25);
    auto again = planFromJson(planToJson(*plan));
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->assumptions.expertLoadImbalance, plan->assumptions.expertLoadImbalance);

    auto bad = nlohmann::json::parse(text);
    bad["assumptions"]["expert_load_imbalance"] = 0.5;
    auto rejected = planFromJson(bad);
    ASSERT_FALSE(rejected.ok());
    EXPECT_NE(rejected.error().toString().find("assumptions.expert_load_imbalance"), std::string::npos)
        << rejected.error().toString();
}

} // namespace
} // namespace gp

namespace gp
{
namespace
{

TEST(MoeTraining, PlannerSearchesExpertDegreesForMoeModelsOnly)
{
    const ResolvedModel m = moeQwen3(); // 128 routed experts
    EXPECT_EQ(expertDegrees(m.architecture, 8, 1), (std::vector<int> { 1, 2, 4, 8 }));
    EXPECT_EQ(expertDegrees(m.architecture, 12, 1), (std::vector<int> { 1, 2, 4 }));
    EXPECT_EQ(expertDegrees(m.architecture, 1, 8), (std::vector<int> { 1 }));
    Architecture six = m.architecture;
    six.numExperts = 48; // the plan's 6 divides 12 replicas and 48 experts
    EXPECT_EQ(expertDegrees(six, 12, 6), (std::vector<int> { 1, 2, 4, 6 }));
    Architecture dense = m.architecture;
    dense.numExperts = 1;
    dense.expertsPerToken = 1;
    EXPECT_EQ(expertDegrees(dense, 64, 8), (std::vector<int> { 1 }));
}

// The planner's answer for the Qwen3 MoE row, searching the expert degree: what it chooses is never slower than
// the published layout (EP 8) it could have chosen, and it uses expert parallelism.
TEST(MoeTraining, PlannerChoosesAnExpertDegreeNoSlowerThanThePublishedOne)
{
    const auto doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/cases-2026.json"));
    for (const auto& c : doc["cases"]) {
        if (c["id"] != "automodel-qwen3-30b-a3b-8xh100-ep8-fsdp8")
            continue;
        nlohmann::json j = c["plan"];
        j["candidates"][0]["gpu"] = "h200-141gb-sxm"; // room for the states of 16 experts per GPU
        auto plan = planFromJson(j);
        ASSERT_TRUE(plan.ok()) << plan.error().toString();
        auto fixed = estimatePlan(*plan, builtinCatalog());
        ASSERT_TRUE(fixed.ok());
        ASSERT_TRUE(fixed->results.front().fits);
        auto searched = searchPlan(*plan, builtinCatalog());
        ASSERT_TRUE(searched.ok());
        ASSERT_FALSE(searched->candidates.empty());
        const CandidateResult& best = searched->candidates.front().best;
        ASSERT_TRUE(best.fits);
        EXPECT_GT(best.configuration.expert, 1);
        EXPECT_EQ(best.configuration.data % best.configuration.expert, 0);
        EXPECT_LE(best.trainingHours, fixed->results.front().trainingHours * (1 + 1e-9));
        return;
    }
    FAIL() << "the Qwen3 MoE case is missing";
}

// NVIDIA's Megatron Core MoE report measures one layer's dispatch and combine (arXiv:2603.07685 Table 7: h 7168, 4,096
// tokens, 256 experts; HybridEP and NCCL all-to-all; EP 8-64 on H100 nodes of 8 and inside a GB200 NVL72 domain;
// tests/data/reference/expert-dispatch-latency.json with its assumptions). The estimate's call, one of the four a MoE
// layer pays a micro-batch in training (estimateCommunication), against each; every error held at today's (mcoremoe,
// 2026-12-07, never used to set a constant). Today: the cross-node H100 calls within -14%..+18% (HybridEP
// -13.5%..+7.0%, NCCL +2.5%..+18.3%), the calls inside an NVLink domain 16-35% short (the model's bus at the catalog's
// achieved NVLink fraction, no per-call kernel cost beyond one latency).
TEST(MoeTraining, DispatchAndCombineAgainstTheMegatronCoreMoeReport)
{
    const nlohmann::json ref = nlohmann::json::parse(
        test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/expert-dispatch-latency.json"));
    const ResolvedModel m = test::presetModel("deepseek-v3");
    ASSERT_EQ(m.architecture.hiddenSize, 7168);
    ASSERT_EQ(m.architecture.numExperts, 256);
    const Catalog& catalog = builtinCatalog();
    Workload w = moeTrainingWorkload();
    w.framework = TrainingStack::Megatron;
    const std::map<std::string, double> bounds { { "gb200 hybridep", 0.348 }, { "gb200 alltoall", 0.352 },
        { "h100 hybridep", 0.258 }, { "h100 alltoall", 0.184 } };
    std::map<std::string, double> worst;
    for (const auto& row : ref["rows"]) {
        const std::string system = row["system"];
        const int ep = row["ep"];
        const Hardware hw = system == "h100"
            ? testing::catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4", std::max(1, ep / 8), 3200, true)
            : testing::catalogHardware(catalog, "gb200-186gb", 72, "nvlink5", 1);
        const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
        Configuration c;
        c.data = ep;
        c.expert = ep;
        c.microBatchSize = 1;
        c.gradientAccumulationSteps = 1;
        c.checkpointing = Checkpointing::None;
        for (const auto& [name, dispatcher] :
            { std::pair { "hybridep", MoeDispatcher::Flex }, std::pair { "alltoall", MoeDispatcher::AllToAll } }) {
            w.moeTokenDispatcher = dispatcher;
            const double p = m.parameters.total;
            const CommunicationTime t = estimateCommunication(m.architecture, p, p, w, c, hw, catalog, d);
            const double call = t.expertParallelSeconds / (4 * moeLayers(m.architecture)) * 1e6;
            for (const char* way : { "dispatch", "combine" }) {
                const double measured = row[std::string(name) + "_" + way + "_us"];
                const double error = call / measured - 1;
                std::printf("Table 7 %-5s EP %2d %-8s %-8s: %6.0f us estimated, %6.0f measured, %+6.1f%%\n",
                    system.c_str(), ep, name, way, call, measured, 100 * error);
                double& held = worst[system + " " + name];
                held = std::max(held, std::abs(error));
            }
        }
    }
    ASSERT_EQ(worst.size(), bounds.size());
    for (const auto& [group, bound] : bounds)
        EXPECT_LE(worst[group], bound) << group;
}

} // namespace
} // namespace gp
