// Communication volumes and the link each collective uses, checked against hand calculations of the ring
// formulas (all-reduce 2(N-1)/N, reduce-scatter / all-gather (N-1)/N of the buffer per GPU).
#include "estimate/time/communication_model.h"

#include "estimate/time/throughput_model.h"
#include "test_throughput_helpers.h"
#include "transformer/training_flops.h"

#include <gtest/gtest.h>

using namespace gp;
using namespace gp::testing;

namespace
{

struct LinkFixture {
    const Catalog& catalog = builtinCatalog();
    ResolvedModel model = modelFrom(llama2_7b());
    Workload workload;
    PerformanceDefaults defaults = performanceDefaults(builtinCatalog(), {}, "datacenter-hbm", "ampere");

    CommunicationTime run(const Configuration& c, const Hardware& hw, double trained = -1) const
    {
        const double p = model.parameters.total;
        return estimateCommunication(
            model.architecture, p, trained < 0 ? p : trained, workload, c, hw, catalog, defaults);
    }
};

Configuration dp(int n, int zero, int accum = 1)
{
    Configuration c;
    c.data = n;
    c.zeroStage = zero;
    c.gradientAccumulationSteps = accum;
    return c;
}

} // namespace

TEST(CommunicationRing, DataParallelAllReduceOverNvlink)
{
    LinkFixture s;
    const Hardware hw = catalogHardware(s.catalog, "a100-80gb-sxm", 8, "nvlink3");
    const CommunicationTime c = s.run(dp(8, 0), hw);
    const double p = s.model.parameters.total;
    const double bytes = 2.0 * 7 / 8 * p * 2; // ring all-reduce of bf16 gradients
    EXPECT_NEAR(c.dataParallelBytes, bytes, 1.0);
    const double bus = hw.intraNode.bandwidthGBpsPerDirection * hw.intraNode.achievedFraction * 1e9;
    EXPECT_NEAR(c.overlappableIntraNode, bytes / bus, 1e-9);
    EXPECT_EQ(c.overlappableNetwork, 0);
    EXPECT_EQ(c.blockingIntraNode, 0);
}

TEST(CommunicationRing, ZeroStagesMoveTheirVolumes)
{
    LinkFixture s;
    const Hardware hw = catalogHardware(s.catalog, "a100-80gb-sxm", 8, "nvlink3");
    const double z0 = s.run(dp(8, 0), hw).dataParallelBytes;
    EXPECT_DOUBLE_EQ(s.run(dp(8, 1), hw).dataParallelBytes, z0);
    // ZeRO-3: forward gather + backward gather + gradient reduce-scatter = 1.5x the all-reduce (ZeRO paper Sec. 7).
    EXPECT_NEAR(s.run(dp(8, 3), hw).dataParallelBytes / z0, 1.5, 1e-12);
    // ... per micro-batch: four accumulation steps gather four times.
    EXPECT_NEAR(s.run(dp(8, 3, 4), hw).dataParallelBytes / z0, 6.0, 1e-12);
    // ZeRO-2: gradients reduce-scattered per micro-batch, parameters gathered once.
    EXPECT_NEAR(s.run(dp(8, 2, 4), hw).dataParallelBytes / z0, (4 + 1) / 2.0, 1e-12);
    // LoRA: only the adapters' gradients are all-reduced.
    const double adapters = 4.2e6;
    EXPECT_NEAR(s.run(dp(8, 0), hw, adapters).dataParallelBytes, 2.0 * 7 / 8 * adapters * 2, 1e-3);
}

TEST(CommunicationRoute, SpanningNodesUsesTheNetworkShare)
{
    LinkFixture s;
    // Two nodes of 8 GPUs with 800 Gbps RDMA: 100 GB/s x 0.8 achieved; every GPU of a node is in the ring.
    const Hardware hw = catalogHardware(s.catalog, "a100-80gb-sxm", 8, "nvlink3", 2, 800, true);
    const CommunicationTime c = s.run(dp(16, 0), hw);
    const double bytes = 2.0 * 15 / 16 * s.model.parameters.total * 2;
    EXPECT_NEAR(c.overlappableNetwork, bytes / (100e9 * 0.8), 1e-9);
    EXPECT_EQ(c.overlappableIntraNode, 0);
    // The same without RDMA uses the TCP fraction.
    Hardware tcp = hw;
    tcp.rdma = false;
    EXPECT_NEAR(s.run(dp(16, 0), tcp).overlappableNetwork, bytes / (100e9 * 0.5), 1e-9);
    // Tensor parallel 8 inside each node: the data-parallel ring has one GPU per node and an eighth of the NIC.
    Configuration tp = dp(2, 0);
    tp.tensor = 8;
    const CommunicationTime t = s.run(tp, hw);
    const double shardBytes = 2.0 * 1 / 2 * s.model.parameters.total / 8 * 2;
    EXPECT_NEAR(t.overlappableNetwork, shardBytes / (100e9 * 0.8 / 8), 1e-9);
    EXPECT_GT(t.blockingIntraNode, 0); // tensor-parallel all-reduces stay on NVLink
    EXPECT_EQ(t.blockingNetwork, 0);
}

TEST(CommunicationTensorParallel, FourAllReducesPerLayer)
{
    LinkFixture s;
    s.workload.sequenceLength = 2048;
    const Hardware hw = catalogHardware(s.catalog, "a100-80gb-sxm", 8, "nvlink3");
    Configuration c;
    c.tensor = 4;
    c.microBatchSize = 2;
    const CommunicationTime t = s.run(c, hw);
    // 4 per layer x 32 layers, each 2(t-1)/t x b s h x 2 bytes.
    const double perCall = 2.0 * 3 / 4 * 2 * 2048 * 4096 * 2;
    EXPECT_NEAR(t.tensorParallelBytes, 4 * 32 * perCall, 1.0);
    const double bus = hw.intraNode.bandwidthGBpsPerDirection * hw.intraNode.achievedFraction * 1e9;
    EXPECT_NEAR(t.blockingIntraNode, 4 * 32 * (perCall / bus + s.defaults.allReduceLatencySeconds), 1e-9);
    c.checkpointing = Checkpointing::Full; // recomputed forward repeats its two all-reduces
    EXPECT_NEAR(s.run(c, hw).tensorParallelBytes, 6 * 32 * perCall, 1.0);
}

TEST(CommunicationOffload, PcieCopiesAndHostOptimizer)
{
    LinkFixture s;
    const Hardware hw = catalogHardware(s.catalog, "a100-80gb-pcie", 8, "pcie4");
    Configuration c = dp(8, 2);
    c.offload = Offload::Optimizer;
    const CommunicationTime t = s.run(c, hw);
    const double shard = s.model.parameters.total / 8;
    const LinkSpec* pcie4 = s.catalog.findLink("pcie4");
    ASSERT_NE(pcie4, nullptr);
    // Gradients out (2 B) and parameters back (2 B) over the GPU's PCIe at the sourced host-copy fraction.
    EXPECT_NEAR(t.pcieTransfer, shard * 4 / (pcie4->bandwidthGBpsPerDirection * s.defaults.pcieFraction * 1e9), 1e-9);
    EXPECT_NEAR(t.cpuOptimizer, shard * 8 / s.defaults.cpuAdamParamsPerSecond, 1e-9);
}

TEST(CommunicationPipeline, BubbleIsPMinusOneOverMicroBatches)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = modelFrom(llama2_7b());
    const Hardware hw = catalogHardware(catalog, "a100-80gb-sxm", 8, "nvlink3");
    Workload w;
    w.sequenceLength = 2048;
    Configuration c;
    c.pipeline = 4;
    c.data = 2;
    c.gradientAccumulationSteps = 12;
    const auto t = estimateThroughput(m, w, c, hw, {}, {}, catalog);
    // bubble / (busy + bubble) = (p-1)/(m+p-1) = 3/15
    EXPECT_NEAR(t.pipelineBubbleSeconds / t.step.compute, 3.0 / 15.0, 1e-12);
}
