// Resolves a plan candidate (catalog instance or bare GPUs) into the hardware the models need.
#include "estimate/common/hardware.h"

namespace gp
{

Expected<Hardware> resolveCandidate(
    const CandidateSpec& spec, const Catalog& catalog, int nodes, const std::string& fieldPath)
{
    if (nodes < 1)
        return Error { fieldPath + ".nodes", "must be at least 1, got " + std::to_string(nodes) };
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
        hw.price = instance->price;
        hw.sizeEstimate = instance->sizeEstimate;
    } else {
        const GpuSpec* gpu = catalog.findGpu(spec.gpu);
        if (!gpu)
            return Error { fieldPath + ".gpu", "unknown GPU \"" + spec.gpu + "\" (see catalog list --gpus)" };
        if (spec.gpusPerNode < 1)
            return Error { fieldPath + ".gpus_per_node", "must be at least 1" };
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
    return atNodes(std::move(hw), spec, nodes);
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
