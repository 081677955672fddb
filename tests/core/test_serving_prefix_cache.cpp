// Prefix caching by workload shape (workload.serving.prefix_cache): the hit rate derived from a shared system prompt,
// a multi-turn conversation and a RAG corpus, by hand; the KV the cache holds, what does not fit beside the running
// requests, the host-memory offload and its PCIe load time.
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "estimate/serving/prefix_cache.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace gp
{
namespace
{

std::string prefixPlanText(const std::string& prefixCache, long prompt, long output,
    const std::string& load = R"({"concurrency": 8})", const std::string& preset = "llama-3.1-8b")
{
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": ")" + preset + R"("},
        "workload": {"mode": "serving", "precision": "bf16",
          "serving": {"prompt_tokens": )"
        + std::to_string(prompt) + R"(, "output_tokens": )" + std::to_string(output) + R"(, "load": )" + load
        + R"(, "replicas": 1, "prefix_cache": )" + prefixCache + R"(}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})";
}

ServingResult servePrefix(const std::string& text)
{
    auto plan = parsePlan(text);
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    if (!plan)
        return {};
    auto estimate = estimatePlan(*plan, builtinCatalog());
    EXPECT_TRUE(estimate && estimate->results.front().serving);
    return estimate ? *estimate->results.front().serving : ServingResult {};
}

// A 500-token system prompt in 1,000-token prompts: vLLM caches whole 16-token blocks, 31 x 16 = 496 tokens, so
// 49.6% of prompt tokens are found; the cache holds those 496 tokens once (131,072 B each for Llama 3.1 8B).
TEST(ServingPrefixCache, SharedSystemPromptByHand)
{
    const ServingResult s
        = servePrefix(prefixPlanText(R"({"shape": "system_prompt", "shared_tokens": 500})", 1000, 200));
    EXPECT_EQ(s.prefixShape, "system_prompt");
    EXPECT_NEAR(s.prefixIdealHitRate, 0.496, 1e-12);
    EXPECT_NEAR(s.prefixHitRate, 0.496, 1e-12);
    EXPECT_NEAR(s.prefixSavedTokens, 496, 1e-9);
    EXPECT_NEAR(s.prefixHeldTokens, 496, 1e-9);
    EXPECT_NEAR(s.prefixHeldBytes, 496 * 131072.0, 1);
    EXPECT_DOUBLE_EQ(s.prefixOffloadTokens, 0);
    // The same hit rate typed gives the same answer; without it the prefill is longer.
    const ServingResult typed = servePrefix(prefixPlanText(R"({"shape": "none"})", 1000, 200));
    EXPECT_GT(typed.ttftSeconds, s.ttftSeconds);
    auto typedPlan = parsePlan(prefixPlanText(R"({"shape": "none"})", 1000, 200));
    ASSERT_TRUE(typedPlan);
    typedPlan->workload.serving.engine.prefixCacheHitRate = 0.496;
    auto same = estimatePlan(*typedPlan, builtinCatalog());
    ASSERT_TRUE(same);
    EXPECT_NEAR(same->results.front().serving->ttftSeconds, s.ttftSeconds, 1e-9);
}

// Four turns, a 200-token system prompt, 200-token replies, a mean prompt of 1,500: each turn adds
// u = 2 (1500 - 200 - 200 x 3 / 2) / 5 = 400 user tokens, so the prompts are 600, 1200, 1800, 2400 (mean 1500).
// Turn i finds the previous prompt and reply in whole blocks: 192, 800, 1392 (1400 -> 87 blocks), 2000; 4384 of 6000
// prompt tokens = 73.07%. Between turns (30 s) 3/4 of the requests leave a history of (400 + 200) x 4 / 2 = 1200
// tokens waiting: held = 192 + rate x 0.75 x 30 x 1200 tokens.
TEST(ServingPrefixCache, MultiTurnChatByHand)
{
    const std::string shape = R"({"shape": "multi_turn", "shared_tokens": 200, "turns": 4, "think_seconds": 30})";
    auto plan = parsePlan(prefixPlanText(shape, 1500, 200));
    ASSERT_TRUE(plan) << plan.error().toString();
    const PrefixDemand d = prefixDemand(plan->workload.serving, 16);
    EXPECT_NEAR(d.newTokensPerTurn, 400, 1e-9);
    EXPECT_NEAR(d.hitRate, 4384.0 / 6000, 1e-12);
    EXPECT_NEAR(d.heldTokensPerRate, 0.75 * 30 * 1200, 1e-9);
    const ServingResult s = servePrefix(prefixPlanText(shape, 1500, 200, R"({"requests_per_second": 2})"));
    EXPECT_NEAR(s.prefixHeldTokens, 192 + 2 * 0.75 * 30 * 1200, 1e-6);
    // 54,192 tokens fit beside 2 req/s of running requests on an H100: the whole reuse is kept.
    EXPECT_NEAR(s.prefixHitRate, 4384.0 / 6000, 1e-12);
    EXPECT_NEAR(s.prefixSavedTokens, 1500 * 4384.0 / 6000, 1e-6);
}

// A RAG corpus of 20,000 documents of 2,000 tokens (40M tokens, 5.2 TB of KV) does not fit: the share held is the
// chance a document is still cached (uniform popularity), so the hit rate falls with it. Offloading to host memory
// raises it, and the offloaded share loads over PCIe 5 at the catalog's achieved 63 x 0.88 GB/s: never faster than
// the link's datasheet 63 GB/s.
TEST(ServingPrefixCache, RagCorpusBeyondTheCacheAndItsOffload)
{
    const std::string base = R"({"shape": "rag", "shared_tokens": 2000, "documents": 20000)";
    const ServingResult gpuOnly = servePrefix(prefixPlanText(base + "}", 2500, 200));
    EXPECT_NEAR(gpuOnly.prefixIdealHitRate, 2000.0 / 2500, 1e-12);
    EXPECT_NEAR(gpuOnly.prefixHeldTokens, 2000.0 * 20000, 1e-6);
    EXPECT_NEAR(gpuOnly.prefixHitRate, 0.8 * gpuOnly.prefixGpuTokens / 4e7, 1e-9);
    EXPECT_DOUBLE_EQ(gpuOnly.prefixTransferSeconds, 0);
    const ServingResult offloaded = servePrefix(prefixPlanText(base + R"(, "offload_gib": 1000})", 2500, 200));
    const double offloadTokens = 1000.0 * 1024 * 1024 * 1024 / 131072;
    EXPECT_NEAR(offloaded.prefixOffloadTokens, offloadTokens, 1);
    EXPECT_GT(offloaded.prefixHitRate, gpuOnly.prefixHitRate);
    EXPECT_LT(offloaded.ttftSeconds - offloaded.prefixTransferSeconds, gpuOnly.ttftSeconds);
    const double share = offloaded.prefixOffloadTokens / (offloaded.prefixOffloadTokens + offloaded.prefixGpuTokens);
    const double bytes = offloaded.prefixHitRate * 2500 * share * 131072;
    EXPECT_NEAR(offloaded.prefixTransferSeconds, bytes / (63e9 * 0.88), 1e-9);
    EXPECT_GE(offloaded.prefixTransferSeconds, bytes / 63e9);
}

TEST(ServingPrefixCache, FieldsRoundTripAndBadValuesNameTheField)
{
    const std::string text
        = prefixPlanText(R"({"shape": "multi_turn", "shared_tokens": 100, "turns": 3, "offload_gib": 64})", 900, 100);
    auto plan = parsePlan(text);
    ASSERT_TRUE(plan) << plan.error().toString();
    auto again = parsePlan(serializePlan(*plan));
    ASSERT_TRUE(again);
    EXPECT_EQ(again->workload.serving.prefixCache, plan->workload.serving.prefixCache);
    auto bad = parsePlan(prefixPlanText(R"({"shape": "chat"})", 900, 100));
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().toString().find("workload.serving.prefix_cache.shape"), std::string::npos);
    auto turns = parsePlan(prefixPlanText(R"({"shape": "multi_turn", "turns": 0})", 900, 100));
    ASSERT_FALSE(turns);
    EXPECT_NE(turns.error().toString().find("turns"), std::string::npos);
    auto none = parsePlan(prefixPlanText(R"({"shape": "none"})", 900, 100));
    ASSERT_TRUE(none);
    EXPECT_EQ(serializePlan(*none).find("\"prefix_cache\""), std::string::npos);
}

// The disk tier (issue #42 item 3, LMCache's local disk backend) on aws:p5.48xlarge's local NVMe, 8 x 3.84 TB on 8
// drives: a tp1 replica has 1/8 of it, 3,840 GB (less than 10,000 GiB asked), and one drive's read, 6.2 GB/s.
TEST(ServingPrefixCache, DiskTierShareOfTheInstancesNvmeByHand)
{
    const PrefixDiskTier tier = prefixDiskTier(10000, 30720e9, 8, 1, 8, 6.2e9);
    EXPECT_DOUBLE_EQ(tier.bytes, 3840e9);
    EXPECT_DOUBLE_EQ(tier.readBytesPerSecond, 6.2e9);
    // A tp8 replica has the node's whole NVMe and its 8 drives; a replica over 16 GPUs two nodes' worth.
    EXPECT_DOUBLE_EQ(prefixDiskTier(1e6, 30720e9, 8, 8, 8, 6.2e9).readBytesPerSecond, 8 * 6.2e9);
    EXPECT_DOUBLE_EQ(prefixDiskTier(1e6, 30720e9, 8, 16, 8, 6.2e9).bytes, 2 * 30720e9);
    // A node of 4 drives and 8 GPUs (Tencent's HCC): a tp1 replica reads at half a drive's rate.
    EXPECT_DOUBLE_EQ(prefixDiskTier(100, 12800e9, 4, 1, 8, 6.2e9).readBytesPerSecond, 0.5 * 6.2e9);
    // No NVMe in the catalog: the GiB asked, on one drive; none asked, none held.
    EXPECT_DOUBLE_EQ(prefixDiskTier(500, 0, 0, 1, 1, 6.2e9).bytes, 500.0 * 1024 * 1024 * 1024);
    EXPECT_DOUBLE_EQ(prefixDiskTier(500, 0, 0, 1, 1, 6.2e9).readBytesPerSecond, 6.2e9);
    EXPECT_DOUBLE_EQ(prefixDiskTier(0, 30720e9, 8, 1, 8, 6.2e9).bytes, 0);
}

// The 20,000-document RAG corpus (40M tokens of 131,072 B, hit rate 0.8 when all held) with 1M tokens of free GPU KV,
// 1,000 GiB of host memory (8,192,000 tokens) and that 3,840 GB disk tier (29,296,875 tokens): the disk is full,
// 38,488,875 of 40M tokens are kept, hit rate 0.8 x 38,488,875 / 4e7. Per 2,500-token request 0.8 x 2,500 / 4e7 = 5e-5
// of each tier's tokens is loaded: 409.6 from host memory, 1,464.84 from disk. The disk's read: 1,464.84 x 131,072 B =
// 192 MB at 6.2 GB/s = 30.97 ms; then both over PCIe 5 at 63 x 0.88 GB/s: 245,687,091 B / 55.44 GB/s = 4.43 ms.
TEST(ServingPrefixCache, DiskTierHoldsWhatHostMemoryDoesNotAndItsReadIsInTheLoadByHand)
{
    auto plan = parsePlan(prefixPlanText(
        R"({"shape": "rag", "shared_tokens": 2000, "documents": 20000, "offload_gib": 1000})", 2500, 200));
    ASSERT_TRUE(plan) << plan.error().toString();
    const ServingSpec& spec = plan->workload.serving;
    const PrefixDemand demand = prefixDemand(spec, 16);
    ASSERT_NEAR(demand.hitRate, 0.8, 1e-12);
    ASSERT_NEAR(demand.heldTokens, 4e7, 1e-6);
    const PrefixCacheUse u = prefixCacheUse(demand, spec, 1, 1e6, 131072, 1, { 63e9 * 0.88, 3840e9, 6.2e9 });
    EXPECT_NEAR(u.offloadTokens, 8192000, 1e-6);
    EXPECT_NEAR(u.diskCapacityTokens, 29296875, 1e-6);
    EXPECT_NEAR(u.diskTokens, 29296875, 1e-6);
    EXPECT_NEAR(u.hitRate, 0.8 * 38488875 / 4e7, 1e-12);
    EXPECT_NEAR(u.diskSeconds, 192e6 / 6.2e9, 1e-12);
    EXPECT_NEAR(u.transferSeconds, 192e6 / 6.2e9 + (409.6 + 1464.84375) * 131072 / (63e9 * 0.88), 1e-12);
    // Without the disk tier the same cache keeps less and loads only from host memory.
    const PrefixCacheUse host = prefixCacheUse(demand, spec, 1, 1e6, 131072, 1, { 63e9 * 0.88 });
    EXPECT_DOUBLE_EQ(host.diskTokens, 0);
    EXPECT_NEAR(host.hitRate, 0.8 * 9192000 / 4e7, 1e-12);
    EXPECT_LT(host.hitRate, u.hitRate);
    EXPECT_NEAR(
        host.transferSeconds, 0.8 * 2500 * (8192000.0 / 9192000) * 9192000 / 4e7 * 131072 / (63e9 * 0.88), 1e-12);
}

// The disk tier (issue #42 item 3, LMCache's local disk backend) on aws:p5.48xlarge: 8 x 3.84 TB of local NVMe on 8
// drives (catalog local_nvme_gb 30,720, local_nvme_drives 8). A tp1 replica has 1/8 of it: 3,840 GB = 3,576.3 GiB
// (less than the 10,000 GiB asked) and one drive's 6.2 GB/s read. The 20,000-document corpus (40M tokens x 131,072 B
// = 5.24 TB) overflows 1,000 GiB of host memory (8,192,000 tokens) into 29,296,875 tokens on disk. A disk hit is read
// at 6.2 GB/s, then copied over PCIe 5 at 63 x 0.88 GB/s like a host hit.
TEST(ServingPrefixCache, DiskTierOnTheInstancesNvmeEndToEndByHand)
{
    const PrefixDiskTier tier = prefixDiskTier(10000, 30720e9, 8, 1, 8, 6.2e9);
    EXPECT_DOUBLE_EQ(tier.bytes, 3840e9);
    EXPECT_DOUBLE_EQ(tier.readBytesPerSecond, 6.2e9);
    // A tp8 replica has the node's whole NVMe and its 8 drives; two nodes' worth for a replica over 16 GPUs.
    EXPECT_DOUBLE_EQ(prefixDiskTier(1e6, 30720e9, 8, 8, 8, 6.2e9).readBytesPerSecond, 8 * 6.2e9);
    EXPECT_DOUBLE_EQ(prefixDiskTier(1e6, 30720e9, 8, 16, 8, 6.2e9).bytes, 2 * 30720e9);
    // No NVMe in the catalog (a bare GPU): the plan's GiB on one drive; none asked, none held.
    EXPECT_DOUBLE_EQ(prefixDiskTier(500, 0, 0, 1, 1, 6.2e9).bytes, 500.0 * 1024 * 1024 * 1024);
    EXPECT_DOUBLE_EQ(prefixDiskTier(500, 0, 0, 1, 1, 6.2e9).readBytesPerSecond, 6.2e9);
    EXPECT_DOUBLE_EQ(prefixDiskTier(0, 30720e9, 8, 1, 8, 6.2e9).bytes, 0);

    const std::string corpus = R"({"shape": "rag", "shared_tokens": 2000, "documents": 20000, "offload_gib": 1000)";
    auto text = [&](const std::string& extra) {
        return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
            "workload": {"mode": "serving", "precision": "bf16", "parallelism": {"tensor": 1, "pipeline": 1},
              "serving": {"prompt_tokens": 2500, "output_tokens": 200, "load": {"concurrency": 8}, "replicas": 1,
                "prefix_cache": )"
            + corpus + extra + R"(}},
            "candidates": [{"instance": "aws:p5.48xlarge", "nodes": 1}], "search": {"enabled": false}})";
    };
    const ServingResult host = servePrefix(text("}"));
    const ServingResult disk = servePrefix(text(R"(, "disk_gib": 10000})"));
    EXPECT_DOUBLE_EQ(host.prefixDiskCapacityBytes, 0);
    EXPECT_DOUBLE_EQ(host.prefixDiskSeconds, 0);
    EXPECT_DOUBLE_EQ(disk.prefixDiskCapacityBytes, 3840e9);
    EXPECT_NEAR(disk.prefixDiskReadGBps, 6.2, 1e-12);
    EXPECT_NEAR(disk.prefixOffloadTokens, 8192000, 1e-3);
    EXPECT_NEAR(disk.prefixDiskTokens, 3840e9 / 131072, 1e-3); // 29,296,875: the disk is full
    const double kept = disk.prefixGpuTokens + 8192000 + 3840e9 / 131072;
    EXPECT_NEAR(disk.prefixHitRate, 0.8 * kept / 4e7, 1e-12);
    EXPECT_GT(disk.prefixHitRate, host.prefixHitRate);
    const double fromDisk = disk.prefixHitRate * 2500 * (3840e9 / 131072) / kept;
    const double fromHost = disk.prefixHitRate * 2500 * 8192000 / kept;
    EXPECT_NEAR(disk.prefixDiskSeconds, fromDisk * 131072 / 6.2e9, 1e-12);
    EXPECT_NEAR(
        disk.prefixTransferSeconds, disk.prefixDiskSeconds + (fromHost + fromDisk) * 131072 / (63e9 * 0.88), 1e-12);
    // The load is in the time to first token.
    EXPECT_GT(disk.ttftSeconds, disk.prefixTransferSeconds);
    auto plan = parsePlan(text(R"(, "disk_gib": 10000})"));
    ASSERT_TRUE(plan);
    auto again = parsePlan(serializePlan(*plan));
    ASSERT_TRUE(again);
    EXPECT_EQ(again->workload.serving.prefixCache.diskGib, 10000);
    auto bad = parsePlan(text(R"(, "disk_gib": -1})"));
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().toString().find("workload.serving.prefix_cache.disk_gib"), std::string::npos);
}

} // namespace
} // namespace gp
