// The time model's default assumptions (resources/catalog/defaults-performance.json), resolved once per call
// with the plan's `assumptions` applied, and the compute-efficiency curve they define.
#pragma once

#include "catalog/catalog.h"
#include "plan/plan.h"

#include <string>
#include <vector>

namespace gp {

struct PerformanceDefaults {
    // Compute efficiency = classPeak x h / (h + hiddenHalf) x T / (T + tokensHalf)  (T = tokens per micro-batch)
    double classPeak = 0.60;
    double hiddenHalf = 1500;
    double tokensHalf = 256;
    std::optional<double> efficiencyOverride; // assumptions.compute_efficiency
    double trainingGoodput = 0.90;  // productive fraction of a long run's wall-clock time
    double overlap = 0.80;          // fraction of overlappable communication hidden behind compute
    std::optional<double> linkEfficiencyOverride; // assumptions.link_efficiency: replaces every achieved fraction
    double rdmaFraction = 0.80;     // achieved / line rate between nodes with RDMA
    double tcpFraction = 0.50;      // without RDMA
    double pcieFraction = 0.88;     // host <-> GPU copies
    double pcieFallbackGBps = 16;   // when the GPU's host link is not in the catalog
    double cpuAdamParamsPerSecond = 1.4e9; // per node
    double dataBytesPerToken = 4;
    double diskThroughputMBps = 131;
    bool diskThroughputOverride = false; // assumptions.disk_throughput_mbps set: it beats the instance's disk
    double decodeBandwidth = 0.685;  // achieved / datasheet HBM bandwidth, 16-bit weights
    double decodeBandwidthInt8 = 0.524;
    double decodeBandwidthInt4 = 0.423;
    double int4BitsPerWeight = 4.5;
    double nf4BitsPerWeight = 4.127;
    double allReduceLatencySeconds = 20e-6; // one small all-reduce inside a node, framework included
    double networkLatencySeconds = 46e-6;   // one small all-reduce between nodes
    // The seeds' sizing rules.
    double minVcpusPerGpu = 4;
    double ramGbPerVcpu = 8;
    double minDiskIops = 8000;
    double minNetworkGbps = 25;
};

// Resolves the defaults for one GPU (its class and architecture select the efficiency peak).
PerformanceDefaults performanceDefaults(const Catalog& catalog, const Assumptions& assumptions,
                                        const std::string& gpuClass, const std::string& architecture);

// Fraction of the dense peak the matmuls reach for a hidden size and tokens per micro-batch (0 < x <= 1).
double computeEfficiency(const PerformanceDefaults& defaults, double hiddenSize, double tokensPerMicroBatch);

// Every catalog default key the time model reads.
const std::vector<std::string>& performanceDefaultKeys();

} // namespace gp
