#include "estimate/serving/serving_replica_cache.h"

#include <algorithm>

namespace gp
{

bool servingNodesMatter(
    const ResolvedModel& model, const Workload& workload, const Configuration& config, const Hardware& hardware)
{
    const bool spans = std::max(1, config.tensor) * std::max(1, config.pipeline) > std::max(1, hardware.gpusPerNode);
    const bool wideEp = model.architecture.numExperts > 1 && workload.serving.wideEp.mode != WideEpMode::Off;
    return spans || wideEp;
}

bool sameServingHardware(const Hardware& a, const Hardware& b, bool nodesMatter)
{
    const GpuSpec &g = a.gpu, &h = b.gpu;
    const LinkSpec &l = a.intraNode, &m = b.intraNode;
    return g.id == h.id && g.memoryBytes == h.memoryBytes && g.memoryBandwidthGBps == h.memoryBandwidthGBps
        && g.pcie == h.pcie && a.migProfile == b.migProfile && a.migInstancesPerGpu == b.migInstancesPerGpu
        && a.gpusPerNode == b.gpusPerNode && (!nodesMatter || a.nodes == b.nodes) && l.id == m.id && l.kind == m.kind
        && l.bandwidthGBpsPerDirection == m.bandwidthGBpsPerDirection && l.achievedFraction == m.achievedFraction
        && a.interNodeGbps == b.interNodeGbps && a.rdma == b.rdma;
}

ServingReplicaCache::Use ServingReplicaCache::replica(
    const Workload& workload, const Configuration& config, const Hardware& hardware)
{
    Entry* entry = nullptr;
    const bool nodesMatter = servingNodesMatter(m_model, workload, config, hardware);
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        auto& bucket = m_entries[{
            hardware.gpu.id, config.tensor, config.pipeline, hardware.gpusPerNode, nodesMatter ? hardware.nodes : 0 }];
        // A disk tier for the prefix cache reads the instance's local NVMe (prefix_cache.h): then its drives too.
        const bool disk = workload.serving.prefixCache.diskGib > 0;
        for (const auto& e : bucket)
            if (e->workload == workload && sameServingHardware(e->hardware, hardware, nodesMatter)
                && (!disk
                    || (e->hardware.localNvmeBytes == hardware.localNvmeBytes
                        && e->hardware.localNvmeDrives == hardware.localNvmeDrives)))
                entry = e.get();
        if (!entry) {
            bucket.push_back(std::make_unique<Entry>());
            entry = bucket.back().get();
            entry->hardware = hardware;
            entry->workload = workload;
        }
    }
    Use use { std::unique_lock<std::mutex>(entry->mutex), nullptr };
    if (!entry->replica) {
        Configuration c;
        c.tensor = config.tensor;
        c.pipeline = config.pipeline;
        entry->replica
            = std::make_unique<ServingReplica>(m_model, entry->workload, c, entry->hardware, m_assumptions, m_catalog);
    }
    use.replica = entry->replica.get();
    return use;
}

} // namespace gp
