// Prefill and decode pools on two catalog instances (issue #42 item 1): the KV transfer over the network the two
// instances share, by hand, and the pair priced as both pools' nodes. The plan field and the search over pairs are on
// branch pd4-wip, not yet built.
#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/serving/disaggregation.h"
#include "estimate/serving/serving_cost.h"
#include "planner/answer.h"

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

} // namespace
} // namespace gp
