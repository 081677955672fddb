// Resolves a plan candidate (catalog instance or bare GPUs) into the hardware the models need.
#include "estimate/common/hardware.h"

#include "base/error_words.h"

#include <algorithm>

namespace gp
{

Expected<Hardware> resolveCandidate(
    const CandidateSpec& spec, const Catalog& catalog, int nodes, const std::string& fieldPath)
{
    if (nodes < 1)
        return wordedError(fieldPath + ".nodes", { words::kAtLeastGot, { "1", std::to_string(nodes) } });
    Hardware hw;
    hw.nodes = nodes;
    if (!spec.instance.empty()) {
        const InstanceSpec* instance = catalog.findInstance(spec.instance);
        if (!instance)
            return Error { fieldPath + ".instance", "unknown instance \"" + spec.instance + "\" (see catalog list)" };
        const GpuSpec* gpu = catalog.findGpu(instance->gpu);
        if (!gpu)
            return Error { fieldPath + ".instance",
                "instance \"" + spec.instance + "\" names unknown GPU \"" + instance->gpu + "\"" };
        hw.id = instance->id;
        hw.label = spec.label.empty() ? instance->id : spec.label;
        hw.provider = instance->provider;
        hw.family = instance->family;
        hw.gpu = *gpu;
        hw.gpusPerNode = instance->gpus;
        std::string linkId = spec.intraNode.empty() ? instance->intraNode : spec.intraNode;
        if (linkId.empty())
            linkId = gpu->pcie;
        const LinkSpec* link = catalog.findLink(linkId);
        if (!link)
            return Error { spec.intraNode.empty() ? fieldPath + ".instance" : fieldPath + ".intra_node",
                "unknown link id \"" + linkId + "\"" };
        hw.intraNode = *link;
        hw.interNodeGbps = spec.interNodeGbps.value_or(instance->networkGbps);
        hw.rdma = instance->rdma;
        hw.vcpusPerNode = instance->vcpus;
        hw.ramBytesPerNode = instance->memoryBytes;
        hw.diskIops = instance->diskIops;
        hw.diskThroughputMBps = instance->diskThroughputMBps;
        hw.localNvmeBytes = instance->localNvmeGb * 1e9;
        hw.localNvmeDrives = instance->localNvmeDrives;
        hw.price = instance->price;
        hw.sizeEstimate = instance->sizeEstimate;
    } else {
        const GpuSpec* gpu = catalog.findGpu(spec.gpu);
        if (!gpu)
            return Error { fieldPath + ".gpu", "unknown GPU \"" + spec.gpu + "\" (see catalog list --gpus)" };
        if (spec.gpusPerNode < 1)
            return wordedError(fieldPath + ".gpus_per_node", { words::kAtLeastOne });
        hw.gpu = *gpu;
        hw.gpusPerNode = spec.gpusPerNode;
        hw.id = "gpu:" + gpu->id + " x" + std::to_string(spec.gpusPerNode);
        hw.label = spec.label.empty() ? std::to_string(spec.gpusPerNode) + " x " + gpu->name : spec.label;
        hw.provider = "onprem";
        hw.family = gpu->name;
        std::string linkId = spec.intraNode;
        if (linkId.empty())
            linkId = (spec.gpusPerNode > 1 && !gpu->nvlink.empty()) ? gpu->nvlink : gpu->pcie;
        const LinkSpec* link = catalog.findLink(linkId);
        if (!link)
            return Error { fieldPath + ".intra_node", "unknown link id \"" + linkId + "\"" };
        hw.intraNode = *link;
        // Bare machines: 8 x 200 Gb/s InfiniBand style default only when the user says so.
        hw.interNodeGbps = spec.interNodeGbps.value_or(0);
        hw.rdma = spec.interNodeGbps.has_value();
        hw.price.status = "unknown";
        hw.price.onDemandPerHour.reset();
    }
    if (!spec.mig.empty()) {
        const MigProfile* found = hw.gpu.findMigProfile(spec.mig);
        if (!found) {
            std::string known;
            for (const MigProfile& p : hw.gpu.migProfiles)
                known += (known.empty() ? "" : ", ") + p.name;
            return Error { fieldPath + ".mig",
                hw.gpu.name
                    + (known.empty() ? " has no MIG profiles in the catalog"
                                     : " has no MIG profile \"" + spec.mig + "\" (its profiles: " + known + ")") };
        }
        const MigProfile profile = *found; // a copy: the slice replaces the GPU that holds the profiles
        const double gpusInInstance = std::max(1, hw.gpusPerNode);
        hw.gpu = migSliceGpu(hw.gpu, profile);
        hw.gpusPerNode = 1;
        hw.migProfile = profile.name;
        hw.migInstancesPerGpu = profile.instancesPerGpu;
        hw.priceShare = 1.0 / (gpusInInstance * std::max(1, profile.instancesPerGpu));
        hw.label = spec.label.empty() ? hw.label + " MIG " + profile.name : spec.label;
        // A "node" is one slice: a replica per slice, more replicas more slices; no pipeline across slices (MIG
        // instances have no P2P).
        hw.interNodeGbps = 0;
        hw.rdma = false;
        if (const LinkSpec* pcie = catalog.findLink(hw.gpu.pcie))
            hw.intraNode = *pcie;
    }
    return atNodes(std::move(hw), spec, nodes);
}

GpuSpec migSliceGpu(const GpuSpec& gpu, const MigProfile& profile)
{
    GpuSpec slice = gpu;
    const double compute = gpu.smCount > 0 ? std::clamp(double(profile.sms) / gpu.smCount, 0.0, 1.0) : 0.0;
    const double memory = std::clamp(profile.memorySlices / 8.0, 0.0, 1.0);
    for (std::optional<double>* rate : { &slice.tflops.fp32, &slice.tflops.tf32, &slice.tflops.bf16, &slice.tflops.fp16,
             &slice.tflops.fp8, &slice.tflops.fp4, &slice.tflops.int8, &slice.tflops.int4 })
        if (*rate)
            **rate *= compute;
    slice.memoryBandwidthGBps = gpu.memoryBandwidthGBps * memory;
    slice.memoryBytes = profile.memoryBytes;
    slice.usableMemoryBytes = profile.memoryBytes; // what the instance reports (nvidia-smi mig -lgip)
    slice.usableMemorySource = profile.source;
    slice.smCount = profile.sms; // the slice's own SMs: a GEMM's waves run over these
    slice.name = gpu.name + " MIG " + profile.name;
    slice.nvlink.clear();
    if (slice.tdpWatts)
        *slice.tdpWatts *= compute;
    slice.migProfiles.clear();
    return slice;
}

void setNodes(Hardware& hardware, const CandidateSpec& spec, int nodes)
{
    hardware.nodes = nodes;
    // The user's quote is for the candidate as written (its node count, or one node when "auto"),
    // so a planner that scales out pays for every node it adds.
    if (spec.pricePerHour)
        hardware.userPricePerHour = *spec.pricePerHour / spec.nodes.value_or(1) * nodes;
}

Hardware atNodes(Hardware hardware, const CandidateSpec& spec, int nodes)
{
    setNodes(hardware, spec, nodes);
    return hardware;
}

} // namespace gp
