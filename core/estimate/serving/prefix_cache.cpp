// Hit rates from the workload's shape. vLLM's automatic prefix caching (vllm/v1/core/kv_cache_manager.py) and
// SGLang's RadixAttention (Zheng et al., "SGLang: Efficient Execution of Structured Language Model Programs", 2024)
// reuse the KV of a prompt's longest cached prefix, in whole blocks; evicted blocks go LRU. LMCache (its CPU backend,
// "local_cpu") keeps evicted KV in host memory and loads it back into the GPU before the prefill that needs it.
#include "estimate/serving/prefix_cache.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

double wholeBlocks(double tokens, int blockSize)
{
    const double b = std::max(1, blockSize);
    return std::floor(std::max(0.0, tokens) / b) * b;
}

} // namespace

PrefixDemand prefixDemand(const ServingSpec& spec, int blockSize)
{
    PrefixDemand d;
    const ServingPrefixCache& c = spec.prefixCache;
    const double p = double(std::max<std::int64_t>(spec.promptTokens, 1));
    const double o = double(std::max<std::int64_t>(spec.outputTokens, 0));
    const double s = std::min(double(std::max<std::int64_t>(c.sharedTokens, 0)), p);
    switch (c.shape) {
    case PrefixShape::None:
        d.hitRate = std::clamp(spec.engine.prefixCacheHitRate, 0.0, 0.999);
        d.cachedTokens = d.hitRate * p;
        return d;
    case PrefixShape::SystemPrompt:
        // Every prompt starts with the same s tokens: held once, found by every request.
        d.cachedTokens = wholeBlocks(s, blockSize);
        d.heldTokens = d.cachedTokens;
        break;
    case PrefixShape::MultiTurn: {
        // T turns; turn i's prompt is the system prompt, the i user messages of u tokens and the i - 1 replies of o:
        // s + i u + (i - 1) o, whose mean over the turns is the plan's prompt p, so u = 2 (p - s - o (T - 1) / 2) /
        // (T + 1). Turn i finds its previous prompt and reply, s + (i - 1)(u + o) (turn 1 the system prompt).
        const int turns = std::max(1, c.turns);
        const double t = turns;
        d.newTokensPerTurn = std::max(1.0, 2 * (p - s - o * (t - 1) / 2) / (t + 1));
        const double u = d.newTokensPerTurn;
        double cached = 0, prompts = 0;
        for (int i = 1; i <= turns; ++i) {
            cached += wholeBlocks(s + (i - 1) * (u + o), blockSize);
            prompts += s + i * u + (i - 1) * o;
        }
        d.cachedTokens = cached / t;
        d.hitRate = prompts > 0 ? std::min(0.999, cached / prompts) : 0.0;
        // Between turns a conversation's history waits think_seconds: (T - 1) / T of the requests leave one behind,
        // on average (u + o) T / 2 tokens beyond the shared prompt.
        d.heldTokens = wholeBlocks(s, blockSize);
        d.sharedInFlight = d.heldTokens;
        d.heldTokensPerRate = (t - 1) / t * std::max(0.0, c.thinkSeconds) * (u + o) * t / 2;
        return d;
    }
    case PrefixShape::Rag:
        // Each prompt leads with one of `documents` documents of s tokens: the corpus is held whole to find it always.
        d.cachedTokens = wholeBlocks(s, blockSize);
        d.heldTokens = d.cachedTokens * std::max(1, c.documents);
        break;
    }
    d.sharedInFlight = d.cachedTokens;
    d.hitRate = std::min(0.999, d.cachedTokens / p);
    return d;
}

PrefixDiskTier prefixDiskTier(double diskGib, double nodeNvmeBytes, int nodeDrives, int replicaGpus, int gpusPerNode,
    double readBytesPerSecondPerDrive)
{
    PrefixDiskTier t;
    const double asked = std::max(0.0, diskGib) * 1024.0 * 1024.0 * 1024.0;
    if (!(asked > 0))
        return t;
    if (nodeNvmeBytes > 0 && nodeDrives > 0) {
        // A replica of g GPUs on a node of G has g/G of its drives (a replica over several nodes: each node's whole).
        const double share = std::min(1.0, double(std::max(1, replicaGpus)) / std::max(1, gpusPerNode));
        const double nodes = std::max(1.0, double(std::max(1, replicaGpus)) / std::max(1, gpusPerNode));
        t.bytes = std::min(asked, nodeNvmeBytes * share * nodes);
        t.readBytesPerSecond = nodeDrives * share * nodes * std::max(0.0, readBytesPerSecondPerDrive);
        return t;
    }
    t.bytes = asked;
    t.readBytesPerSecond = std::max(0.0, readBytesPerSecondPerDrive);
    return t;
}

PrefixCacheUse prefixCacheUse(const PrefixDemand& d, const ServingSpec& spec, double requestsPerSecond,
    double gpuRoomTokens, double kvBytesPerToken, int gpus, const PrefixOffloadTiers& tiers)
{
    PrefixCacheUse u;
    u.idealHitRate = d.hitRate;
    u.hitRate = d.hitRate;
    if (spec.prefixCache.shape == PrefixShape::None)
        return u;
    const double replicaBytesPerToken = kvBytesPerToken * std::max(1, gpus);
    u.offloadCapacityTokens = replicaBytesPerToken > 0
        ? std::max(0.0, spec.prefixCache.offloadGib) * 1024.0 * 1024.0 * 1024.0 / replicaBytesPerToken
        : 0.0;
    u.diskCapacityTokens = replicaBytesPerToken > 0 ? std::max(0.0, tiers.diskBytes) / replicaBytesPerToken : 0.0;
    u.heldTokens = d.heldTokens + d.heldTokensPerRate * std::max(0.0, requestsPerSecond);
    const double room = std::max(0.0, gpuRoomTokens);
    u.gpuTokens = std::min(u.heldTokens, room);
    u.offloadTokens = std::min(u.heldTokens - u.gpuTokens, u.offloadCapacityTokens);
    u.diskTokens = std::min(u.heldTokens - u.gpuTokens - u.offloadTokens, u.diskCapacityTokens);
    const double kept = u.gpuTokens + u.offloadTokens + u.diskTokens;
    // The share of the demand the cache keeps is the chance a reused prefix is still there.
    if (u.heldTokens > 0)
        u.hitRate = d.hitRate * kept / u.heldTokens;
    u.offloadShare = kept > 0 ? u.offloadTokens / kept : 0.0;
    u.diskShare = kept > 0 ? u.diskTokens / kept : 0.0;
    const double prompt = double(std::max<std::int64_t>(spec.promptTokens, 1));
    const double fromHost = u.hitRate * prompt * u.offloadShare;
    const double fromDisk = u.hitRate * prompt * u.diskShare;
    // A disk hit is read whole into a host buffer (all GPUs' shards from the replica's drives), then copied as a host
    // hit: the two in sequence, as LMCache's disk backend hands the GPU connector a loaded chunk.
    u.diskSeconds
        = tiers.diskReadBytesPerSecond > 0 ? fromDisk * replicaBytesPerToken / tiers.diskReadBytesPerSecond : 0.0;
    u.transferSeconds
        = (tiers.pcieBytesPerSecond > 0 ? (fromHost + fromDisk) * kvBytesPerToken / tiers.pcieBytesPerSecond : 0.0)
        + u.diskSeconds;
    return u;
}

} // namespace gp
