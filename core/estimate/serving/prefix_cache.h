// Prefix caching by workload shape (workload.serving.prefix_cache): the share of prompt tokens whose KV a request
// finds cached follows from how the traffic shares prefixes (a system prompt every request starts with, the earlier
// turns of a conversation, a RAG corpus's documents), the KV the cache must hold to keep that share, where it is held
// (the GPUs' free KV blocks, then host memory as LMCache's CPU backend offloads them, then local disk as its disk
// backend does) and what loading the offloaded part adds to the time to first token: over PCIe from host memory, a
// read from the drives first from disk. vLLM caches whole blocks only (block_size tokens).
#pragma once

#include "plan/plan.h"

namespace gp
{

// What the shape asks of the cache before any capacity limit, per request and per replica.
struct PrefixDemand {
    double hitRate = 0; // share of prompt tokens found when the cache holds all it needs
    double cachedTokens = 0; // prompt tokens found per request (mean over requests)
    double heldTokens = 0; // tokens held whatever the load: the shared prompt once, the whole RAG corpus
    double heldTokensPerRate = 0; // multi_turn: conversations' histories held between turns, per request/s
    double newTokensPerTurn = 0; // multi_turn: user tokens a turn adds (from the mean prompt, turns and output)
    double sharedInFlight = 0; // tokens of a running request's KV that are shared blocks (held once, not per request)
};
// `spec.prefixCache.shape` none gives the typed engine.prefix_cache_hit_rate and holds nothing.
PrefixDemand prefixDemand(const ServingSpec& spec, int blockSize);

// The cache as it runs at an operating point.
struct PrefixCacheUse {
    double idealHitRate = 0; // PrefixDemand::hitRate
    double hitRate = 0; // after capacity: the share of the demand held (LRU over uniformly reused prefixes)
    double heldTokens = 0; // demanded at the operating point's rate
    double gpuTokens = 0; // of them in the GPUs' free KV blocks (beside the running requests)
    double offloadTokens = 0; // in host memory
    double offloadCapacityTokens = 0;
    double offloadShare = 0; // share of the found tokens loaded from host memory
    double diskTokens = 0; // on local disk (PrefixOffloadTiers::diskBytes), what host memory does not hold
    double diskCapacityTokens = 0;
    double diskShare = 0; // share of the found tokens read from disk
    double diskSeconds = 0; // per request: reading its disk hits from the drives (then over PCIe as host hits)
    double transferSeconds = 0; // per request: its offloaded tokens' KV over PCIe (each GPU its shard on its link)
                                // and its disk hits' read
};
// Where the replica keeps what its GPUs do not: host memory (the plan's offload_gib), loaded over each GPU's host link,
// then local disk, read from the drives into host memory and copied over the same link (LMCache's local disk backend).
struct PrefixOffloadTiers {
    double pcieBytesPerSecond = 0; // one GPU's achieved host link
    double diskBytes = 0; // the replica's disk tier
    double diskReadBytesPerSecond = 0; // the replica's share of the drives' read rate
};
// `gpuRoomTokens`: the KV cache's tokens the running requests leave; `kvBytesPerToken`: one token on one GPU;
// `gpus`: GPUs of the replica.
PrefixCacheUse prefixCacheUse(const PrefixDemand& demand, const ServingSpec& spec, double requestsPerSecond,
    double gpuRoomTokens, double kvBytesPerToken, int gpus, const PrefixOffloadTiers& tiers);

// The replica's disk tier: `diskGib` asked per replica within the replica's share (its GPUs of the node's) of the
// instance's local NVMe where the catalog lists it, read at that share of its drives x `readBytesPerSecondPerDrive`
// (the replicas of a node read at once); without a catalog figure `diskGib` on one drive (the plan's
// serving.prefix_cache.disk_gib, the catalog's local_nvme_gb and local_nvme_drives).
struct PrefixDiskTier {
    double bytes = 0;
    double readBytesPerSecond = 0;
};
PrefixDiskTier prefixDiskTier(double diskGib, double nodeNvmeBytes, int nodeDrives, int replicaGpus, int gpusPerNode,
    double readBytesPerSecondPerDrive);

} // namespace gp
