// Reads the time model's defaults from the catalog; the fallbacks repeat defaults-performance.json so that a
// catalog without that file still gives the documented numbers.
#include "estimate/common/performance_defaults.h"

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

double sane(double value, double fallback, double lo, double hi)
{
    return std::isfinite(value) && value >= lo && value <= hi ? value : fallback;
}

std::optional<double> fraction(const std::optional<double>& v)
{
    if (v && std::isfinite(*v) && *v > 0 && *v <= 1)
        return *v;
    return std::nullopt;
}

} // namespace

namespace {

// Reads every default from the catalog (map lookups with string keys: resolve once, not per configuration).
PerformanceDefaults readDefaults(const Catalog& catalog, const std::string& gpuClass, const std::string& architecture)
{
    PerformanceDefaults d;
    double peak = catalog.number("compute_efficiency.peak.default", d.classPeak);
    if (gpuClass == "datacenter-gddr" || gpuClass == "consumer")
        peak = catalog.number("compute_efficiency.peak.class." + gpuClass, peak);
    else if (!architecture.empty())
        peak = catalog.number("compute_efficiency.peak." + architecture, peak);
    d.classPeak = sane(peak, 0.5, 0.01, 1.0);
    d.hiddenHalf = sane(catalog.number("compute_efficiency.hidden_half", d.hiddenHalf), 1500, 0, 1e6);
    d.tokensHalf = sane(catalog.number("compute_efficiency.tokens_half", d.tokensHalf), 256, 0, 1e7);
    d.trainingGoodput = sane(catalog.number("training_goodput", d.trainingGoodput), 0.9, 0.05, 1.0);
    d.overlap = sane(catalog.number("communication_overlap", d.overlap), 0.8, 0, 1);
    d.rdmaFraction = sane(catalog.number("network.rdma_achieved_fraction", d.rdmaFraction), 0.8, 0.01, 1);
    d.tcpFraction = sane(catalog.number("network.tcp_achieved_fraction", d.tcpFraction), 0.5, 0.01, 1);
    d.pcieFraction = sane(catalog.number("pcie.achieved_fraction", d.pcieFraction), 0.88, 0.01, 1);
    d.pcieFallbackGBps = sane(catalog.number("pcie.fallback_gbps", d.pcieFallbackGBps), 16, 0.1, 1e4);
    d.cpuAdamParamsPerSecond
        = sane(catalog.number("offload.cpu_adam_params_per_second", d.cpuAdamParamsPerSecond), 1.4e9, 1, 1e15);
    d.dataBytesPerToken = sane(catalog.number("data.bytes_per_token", d.dataBytesPerToken), 4, 0, 1e6);
    d.diskThroughputMBps = sane(catalog.number("data.disk_throughput_mbps", d.diskThroughputMBps), 131, 0.001, 1e9);
    d.decodeBandwidth = sane(catalog.number("decode.bandwidth_efficiency", d.decodeBandwidth), 0.685, 0.01, 1);
    d.decodeBandwidthInt8
        = sane(catalog.number("decode.bandwidth_efficiency.int8", d.decodeBandwidthInt8), 0.524, 0.01, 1);
    d.decodeBandwidthInt4
        = sane(catalog.number("decode.bandwidth_efficiency.int4", d.decodeBandwidthInt4), 0.423, 0.01, 1);
    d.int4BitsPerWeight = sane(catalog.number("weights.int4_bits_per_weight", d.int4BitsPerWeight), 4.5, 1, 16);
    d.nf4BitsPerWeight = sane(catalog.number("weights.nf4_bits_per_weight", d.nf4BitsPerWeight), 4.127, 1, 16);
    d.allReduceLatencySeconds = sane(catalog.number("collective.intra_node_latency_us", 20), 20, 0, 1e6) * 1e-6;
    d.networkLatencySeconds = sane(catalog.number("collective.inter_node_latency_us", 46), 46, 0, 1e6) * 1e-6;
    d.minVcpusPerGpu = sane(catalog.number("rules.min_vcpus_per_gpu", d.minVcpusPerGpu), 4, 0, 1e4);
    d.ramGbPerVcpu = sane(catalog.number("rules.ram_gb_per_vcpu", d.ramGbPerVcpu), 8, 0, 1e6);
    d.minDiskIops = sane(catalog.number("rules.min_disk_iops", d.minDiskIops), 8000, 0, 1e9);
    d.minNetworkGbps = sane(catalog.number("rules.min_network_gbps", d.minNetworkGbps), 25, 0, 1e6);
    return d;
}

} // namespace

PerformanceDefaults performanceDefaults(const Catalog& catalog, const Assumptions& assumptions,
                                        const std::string& gpuClass, const std::string& architecture)
{
    PerformanceDefaults d = readDefaults(catalog, gpuClass, architecture);
    d.efficiencyOverride = fraction(assumptions.computeEfficiency);
    if (assumptions.communicationOverlap && std::isfinite(*assumptions.communicationOverlap))
        d.overlap = std::clamp(*assumptions.communicationOverlap, 0.0, 1.0);
    d.linkEfficiencyOverride = fraction(assumptions.linkEfficiency);
    if (assumptions.diskThroughputMBps && std::isfinite(*assumptions.diskThroughputMBps)
        && *assumptions.diskThroughputMBps > 0) {
        d.diskThroughputMBps = *assumptions.diskThroughputMBps;
        d.diskThroughputOverride = true;
    }
    if (auto bw = fraction(assumptions.memoryBandwidthEfficiency)) {
        // The user's figure is for 16-bit weights; quantized kernels keep their measured ratio to it.
        const double scale = *bw / d.decodeBandwidth;
        d.decodeBandwidth = *bw;
        d.decodeBandwidthInt8 = std::min(1.0, d.decodeBandwidthInt8 * scale);
        d.decodeBandwidthInt4 = std::min(1.0, d.decodeBandwidthInt4 * scale);
    }
    return d;
}

double computeEfficiency(const PerformanceDefaults& d, double hiddenSize, double tokensPerMicroBatch)
{
    if (d.efficiencyOverride)
        return *d.efficiencyOverride;
    const double h = std::isfinite(hiddenSize) && hiddenSize > 0 ? hiddenSize : d.hiddenHalf;
    const double t = std::isfinite(tokensPerMicroBatch) && tokensPerMicroBatch > 0 ? tokensPerMicroBatch : 1.0;
    const double e = d.classPeak * (h / (h + d.hiddenHalf)) * (t / (t + d.tokensHalf));
    return std::clamp(e, 1e-4, 1.0);
}

const std::vector<std::string>& performanceDefaultKeys()
{
    static const std::vector<std::string> keys = {
        "compute_efficiency.peak.default",
        "compute_efficiency.peak.volta",
        "compute_efficiency.peak.turing",
        "compute_efficiency.peak.ampere",
        "compute_efficiency.peak.ada",
        "compute_efficiency.peak.hopper",
        "compute_efficiency.peak.blackwell",
        "compute_efficiency.peak.cdna3",
        "compute_efficiency.peak.class.datacenter-gddr",
        "compute_efficiency.peak.class.consumer",
        "compute_efficiency.hidden_half",
        "compute_efficiency.tokens_half",
        "training_goodput",
        "communication_overlap",
        "network.rdma_achieved_fraction",
        "network.tcp_achieved_fraction",
        "pcie.achieved_fraction",
        "pcie.fallback_gbps",
        "offload.cpu_adam_params_per_second",
        "data.bytes_per_token",
        "data.disk_throughput_mbps",
        "decode.bandwidth_efficiency",
        "decode.bandwidth_efficiency.int8",
        "decode.bandwidth_efficiency.int4",
        "weights.int4_bits_per_weight",
        "weights.nf4_bits_per_weight",
        "collective.intra_node_latency_us",
        "collective.inter_node_latency_us",
        "rules.min_vcpus_per_gpu",
        "rules.ram_gb_per_vcpu",
        "rules.min_disk_iops",
        "rules.min_network_gbps",
    };
    return keys;
}

} // namespace gp
