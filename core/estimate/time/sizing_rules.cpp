// The rules come from Tencent Cloud's GPU selection guides: 'AI训练选什么GPU型号性价比高？' ("CPU cores not fewer
// than 4x the GPUs, memory ratio 1:8 (8 GB RAM per vCPU)", "SSD cloud disk IOPS not below 8000") and
// 'GPU服务器选型：大模型训练用A100还是V100？' ("internal bandwidth not below 25 Gbps", "single machine multi-GPU:
// prefer NVLink instances", "multi-machine clusters: enable RDMA (RoCE)").
#include "estimate/time/sizing_rules.h"

#include "base/number_text.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace gp
{

namespace
{

std::string guide(std::string_view title)
{
    return "the Tencent Cloud guide '" + std::string(title) + "' advises";
}

std::string number(double v)
{
    return formatNumber(v, 4);
}

} // namespace

Diagnostics checkSizingRules(
    const Hardware& hw, const Workload& w, const Configuration& config, const PerformanceDefaults& d)
{
    Diagnostics out;
    const bool training = w.mode == Mode::Training;
    const int gpus = std::max(1, hw.gpusPerNode);

    if (hw.vcpusPerNode > 0 && d.minVcpusPerGpu > 0 && hw.vcpusPerNode < d.minVcpusPerGpu * gpus) {
        out.push_back({ "cpu_cores_per_gpu_low",
            "the instance has " + std::to_string(hw.vcpusPerNode) + " vCPUs for " + std::to_string(gpus) + " GPUs; "
                + guide(kGuideTrainingHardware) + " at least " + number(d.minVcpusPerGpu)
                + " CPU cores per GPU so data preprocessing does not stall the GPUs",
            { { "vcpus", std::to_string(hw.vcpusPerNode) }, { "gpus", std::to_string(gpus) },
                { "min_per_gpu", number(d.minVcpusPerGpu) }, { "source", std::string(kGuideTrainingHardware) } } });
    }
    if (hw.vcpusPerNode > 0 && hw.ramBytesPerNode > 0 && d.ramGbPerVcpu > 0) {
        const double perVcpu = hw.ramBytesPerNode / 1073741824.0 / hw.vcpusPerNode;
        // A little tolerance: cloud sizes are quoted in whole GB and some reserve memory for the hypervisor.
        if (perVcpu < d.ramGbPerVcpu * 0.95) {
            const std::string has = number(perVcpu);
            const std::string advised = number(d.ramGbPerVcpu);
            out.push_back({ "ram_per_vcpu_low",
                "the instance has " + has + " GB of RAM per vCPU; " + guide(kGuideTrainingHardware) + " a 1:" + advised
                    + " vCPU-to-memory ratio (" + advised
                    + " GB per vCPU) so the data pipeline does not block (many cloud GPU instances are "
                      "sized with less)",
                { { "gb_per_vcpu", has }, { "advised_gb_per_vcpu", advised },
                    { "source", std::string(kGuideTrainingHardware) } } });
        }
    }
    if (training && hw.diskIops && std::isfinite(*hw.diskIops) && *hw.diskIops < d.minDiskIops) {
        out.push_back({ "disk_iops_low",
            "the data disk gives " + number(*hw.diskIops) + " IOPS; " + guide(kGuideTrainingHardware)
                + " SSD cloud disks with at least " + number(d.minDiskIops)
                + " IOPS so data loading is not the "
                  "bottleneck",
            { { "iops", number(*hw.diskIops) }, { "min_iops", number(d.minDiskIops) },
                { "source", std::string(kGuideTrainingHardware) } } });
    }
    if (training && hw.nodes > 1) {
        if (hw.interNodeGbps < d.minNetworkGbps) {
            out.push_back({ "network_below_25gbps",
                "the nodes are linked at " + number(hw.interNodeGbps) + " Gbps; " + guide(kGuideServerSelection)
                    + " at least " + number(d.minNetworkGbps)
                    + " Gbps between nodes so gradient "
                      "synchronisation is not the bottleneck",
                { { "gbps", number(hw.interNodeGbps) }, { "min_gbps", number(d.minNetworkGbps) },
                    { "source", std::string(kGuideServerSelection) } } });
        }
        if (!hw.rdma) {
            out.push_back({ "no_rdma_multi_node",
                "multi-node training without RDMA: " + guide(kGuideServerSelection)
                    + " RDMA (RoCE) networking for multi-machine clusters",
                { { "nodes", std::to_string(hw.nodes) }, { "source", std::string(kGuideServerSelection) } } });
        }
    }
    const long long used
        = static_cast<long long>(std::max(1, config.data)) * std::max(1, config.tensor) * std::max(1, config.pipeline);
    if (training && gpus > 1 && used > 1 && hw.intraNode.kind == "pcie") {
        out.push_back({ "no_nvlink_multi_gpu",
            "the " + std::to_string(gpus) + " GPUs of a node talk over " + hw.intraNode.name + "; "
                + guide(kGuideServerSelection) + " NVLink instances for single-machine multi-GPU training",
            { { "gpus", std::to_string(gpus) }, { "link", hw.intraNode.id },
                { "source", std::string(kGuideServerSelection) } } });
    }
    return out;
}

} // namespace gp
