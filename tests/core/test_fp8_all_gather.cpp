// FP8 all-gather of FSDP weights (workload.fp8_all_gather, torchtitan's float8.enable_fsdp_float8_all_gather): the
// blocks' linear weights are gathered at one byte, in ZeRO-3's traffic, in its gather buffer and in the weight casts
// (each rank casts its shard); where it cannot apply the result says why. Checked by hand on Llama 2 7B.
#include "estimate/common/fp8_all_gather.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/communication_model.h"
#include "estimate/time/fp8_scaling.h"
#include "estimate/time/throughput_model.h"
#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace gp
{
namespace
{

using namespace gp::testing;

Workload fp8AllGatherTraining(bool allGather)
{
    Workload w = fp8Training(4096);
    w.fp8AllGather = allGather;
    return w;
}

Configuration zero3(int data, int accumulation = 4)
{
    Configuration c;
    c.data = data;
    c.zeroStage = 3;
    c.gradientAccumulationSteps = accumulation;
    return c;
}

TEST(Fp8AllGather, ShareIsTheLinearWeightsWhereWeightsAreGathered)
{
    const ResolvedModel m = modelFrom(llama2_7b());
    const ParameterCounts& p = m.parameters;
    // Llama 2 7B: 32 layers of 4h^2 + 3hf = 202,375,168 linear weights over 6.74 B parameters.
    EXPECT_DOUBLE_EQ(p.blockLinear, 32.0 * 202375168);
    EXPECT_DOUBLE_EQ(fp8AllGatherShare(p, fp8AllGatherTraining(true), zero3(16)), p.blockLinear / p.total);
    EXPECT_EQ(fp8AllGatherShare(p, fp8AllGatherTraining(false), zero3(16)), 0.0);
    Configuration zero2 = zero3(16);
    zero2.zeroStage = 2;
    EXPECT_EQ(fp8AllGatherShare(p, fp8AllGatherTraining(true), zero2), 0.0);
    EXPECT_EQ(fp8AllGatherUnusedReason(fp8AllGatherTraining(true), zero2), "no_gather");
    EXPECT_EQ(fp8AllGatherUnusedReason(fp8AllGatherTraining(true), zero3(1)), "no_gather");
    Workload bf16 = fp8AllGatherTraining(true);
    bf16.precision = Precision::Bf16;
    EXPECT_EQ(fp8AllGatherShare(p, bf16, zero3(16)), 0.0);
    EXPECT_EQ(fp8AllGatherUnusedReason(bf16, zero3(16)), "precision");
    EXPECT_EQ(fp8AllGatherUnusedReason(fp8AllGatherTraining(true), zero3(16)), "");
    // Context-parallel ranks shard the weights too: one data replica over 8 context ranks gathers.
    Configuration context = zero3(1);
    context.context = 8;
    EXPECT_EQ(fp8AllGatherUnusedReason(fp8AllGatherTraining(true), context), "");
}

TEST(Fp8AllGather, Zero3TrafficCarriesTheLinearWeightsAtOneByte)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4");
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    const Configuration c = zero3(8);
    const double share = m.parameters.blockLinear / m.parameters.total;
    auto bytes = [&](bool allGather) {
        const Workload w = fp8AllGatherTraining(allGather);
        return estimateCommunication(m.architecture, m.parameters.total, m.parameters.total, w, c, hw, catalog, d, 0.0,
            fp8AllGatherShare(m.parameters, w, c))
            .dataParallelBytes;
    };
    // Per micro-batch ZeRO-3 gathers the parameters twice (forward, backward) and reduce-scatters the gradients,
    // each moving 7/8 of the model on 8 ranks: 2 x 7/8 x N x 2 B + 7/8 x N x 2 B in 16 bits; fp8 all-gather sends
    // the linear share at 1 B: 2 x 7/8 x N x (share + (1 - share) x 2) B for the gathers.
    const double n = m.parameters.total, part = 7.0 / 8.0;
    EXPECT_NEAR(bytes(false), 4 * (2 * part * n * 2 + part * n * 2), 1.0);
    EXPECT_NEAR(bytes(true), 4 * (2 * part * n * (share + (1 - share) * 2) + part * n * 2), 1.0);
}

TEST(Fp8AllGather, GatherBufferHoldsFp8LinearWeights)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4");
    const MemoryDefaults d = memoryDefaults({}, catalog);
    const Configuration c = zero3(8);
    const MemoryBreakdown without = estimateMemory(m, fp8AllGatherTraining(false), c, hw, d);
    const MemoryBreakdown with = estimateMemory(m, fp8AllGatherTraining(true), c, hw, d);
    // The gather buffer: prefetch units x one layer's parameters, at 2 B + the 1 B cast in FP8 training; with fp8
    // all-gather the linear share arrives at 1 B and the rest (norms) at 2 B.
    const ParameterCounts& p = m.parameters;
    const double unit = std::max(p.perLayer, p.largestTensor);
    const double share = p.blockLinear / p.total;
    EXPECT_NEAR(without.buffers, d.zero3PrefetchUnits * unit * 3, 1.0);
    EXPECT_NEAR(with.buffers, d.zero3PrefetchUnits * unit * (share + (1 - share) * 2), 1.0);
    EXPECT_DOUBLE_EQ(with.weights, without.weights);
    EXPECT_LT(with.total, without.total);
}

TEST(Fp8AllGather, StepIsFasterAndCastsRunOnTheShard)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    // Two nodes: the gathers cross the network, where the bytes weigh.
    Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 8, "nvlink4");
    hw.nodes = 2;
    hw.interNodeGbps = 400;
    hw.rdma = true;
    const Configuration c = zero3(16);
    const ThroughputEstimate without = estimateThroughput(m, fp8AllGatherTraining(false), c, hw, {}, {}, catalog);
    const ThroughputEstimate with = estimateThroughput(m, fp8AllGatherTraining(true), c, hw, {}, {}, catalog);
    EXPECT_LT(with.communicationRawSeconds, without.communicationRawSeconds);
    EXPECT_LE(with.step.total, without.step.total);
    // The weights' cast traffic falls 16 times (each of 16 ranks casts its shard); the activations' stays.
    const Fp8CastTraffic cast = fp8CastTraffic(m.architecture, Fp8Recipe::Tensorwise);
    const double bandwidthSeconds = without.fp8CastSeconds / (4096.0 * 4 * cast.bytesPerToken + 4 * cast.weightBytes);
    EXPECT_NEAR(with.fp8CastSeconds, bandwidthSeconds * (4096.0 * 4 * cast.bytesPerToken + 4 * cast.weightBytes / 16),
        with.fp8CastSeconds * 1e-9);
}

TEST(Fp8AllGather, ResultsSayWhenItChangesNothing)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    auto warningReason = [&](const std::string& gpu, Precision precision, int zeroStage) {
        Plan plan;
        plan.workload = fp8AllGatherTraining(true);
        plan.workload.precision = precision;
        const Hardware hw = catalogHardware(catalog, gpu, 8, gpu == "a100-80gb-sxm" ? "nvlink3" : "nvlink4");
        Configuration c = zero3(8, 1);
        c.zeroStage = zeroStage;
        const CandidateResult r = evaluateCandidate(m, plan, hw, c, catalog);
        for (const Diagnostic& w : r.warnings)
            if (w.code == "fp8_all_gather_unused")
                for (const auto& [key, value] : w.args)
                    if (key == "reason")
                        return value;
        return std::string();
    };
    EXPECT_EQ(warningReason("h100-80gb-sxm", Precision::Fp8, 3), "");
    EXPECT_EQ(warningReason("h100-80gb-sxm", Precision::Fp8, 2), "no_gather");
    EXPECT_EQ(warningReason("h100-80gb-sxm", Precision::Bf16, 3), "precision");
    // A100 has no FP8: the plan runs in 16 bits there, and the weights are gathered in them.
    EXPECT_EQ(warningReason("a100-80gb-sxm", Precision::Fp8, 3), "precision");
}

TEST(Fp8AllGather, PlanFieldRoundTripsAndAWrongTypeNamesIt)
{
    auto document = nlohmann::json::parse(defaultPlanText());
    document["workload"]["precision"] = "fp8";
    document["workload"]["fp8_all_gather"] = true;
    auto plan = parsePlan(document.dump());
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    EXPECT_TRUE(plan->workload.fp8AllGather);
    EXPECT_EQ(planToJson(*plan)["workload"]["fp8_all_gather"], true);
    plan->workload.fp8AllGather = false;
    EXPECT_FALSE(planToJson(*plan)["workload"].contains("fp8_all_gather")); // the default is left out
    document["workload"]["fp8_all_gather"] = "yes";
    auto bad = parsePlan(document.dump());
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().field, "workload.fp8_all_gather");
}

} // namespace
} // namespace gp
