#include "rl/rl_placement.h"

#include <algorithm>
#include <set>

namespace gp
{

Hardware rlPoolHardware(const Hardware& candidate, int gpus)
{
    Hardware pool = candidate;
    const int perNode = std::max(1, candidate.gpusPerNode);
    if (gpus < perNode) {
        pool.gpusPerNode = std::max(1, gpus);
        pool.nodes = 1;
    } else {
        pool.gpusPerNode = perNode;
        pool.nodes = std::max(1, gpus / perNode);
    }
    // The price is the candidate's (all its nodes): a pool is never priced on its own.
    return pool;
}

std::vector<int> rlRolloutTensorDegrees(const Hardware& candidate, int gpus, const RlWorkload& workload)
{
    const Architecture& arch = workload.actor.architecture;
    const int inNode = std::min(std::max(1, candidate.gpusPerNode), std::max(1, gpus));
    std::vector<int> out;
    for (int t = 1; t <= inNode; ++t) {
        if (inNode % t != 0 || gpus % t != 0)
            continue;
        if (arch.numAttentionHeads > 0 && arch.numAttentionHeads % t != 0)
            continue;
        const std::int64_t kv = arch.kvHeads();
        if (kv > 0 && kv % t != 0 && t % kv != 0)
            continue;
        out.push_back(t);
    }
    if (out.empty())
        out.push_back(1);
    return out;
}

std::vector<int> rlRolloutPoolSizes(const RlSpec& spec, const Hardware& candidate)
{
    const int perNode = std::max(1, candidate.gpusPerNode);
    const int total = perNode * std::max(1, candidate.nodes);
    if (spec.rolloutGpus)
        return { *spec.rolloutGpus };
    std::set<int> sizes;
    for (int quarter : { 1, 2, 3 }) {
        int r = total * quarter / 4;
        if (candidate.nodes > 1)
            r = std::max(1, (candidate.nodes * quarter + 2) / 4) * perNode; // whole nodes, rounded
        if (r >= 1 && total - r >= (candidate.nodes > 1 ? perNode : 1))
            sizes.insert(r);
    }
    return { sizes.begin(), sizes.end() };
}

} // namespace gp
