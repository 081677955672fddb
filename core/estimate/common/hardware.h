// A candidate resolved against the catalog: the GPUs, links, host and price it stands for.
#pragma once

#include "base/expected.h"
#include "catalog/catalog.h"
#include "plan/plan.h"

#include <string>

namespace gp
{

struct Hardware {
    std::string id; // instance id, or a generated id for bare GPUs ("gpu:rtx-4090-24gb x1")
    std::string label; // what the user sees
    std::string provider;
    std::string family;
    GpuSpec gpu;
    int gpusPerNode = 1;
    int nodes = 1;
    LinkSpec intraNode; // between GPUs of one node
    double interNodeGbps = 0; // node's total network bandwidth to other nodes, Gbit/s
    bool rdma = false;
    int vcpusPerNode = 0; // 0 = unknown
    double ramBytesPerNode = 0; // 0 = unknown
    std::optional<double> diskIops;
    std::optional<double> diskThroughputMBps;
    double localNvmeBytes = 0; // the instance's local NVMe, one node (0 = not in the catalog)
    int localNvmeDrives = 0;
    PriceSpec price; // per node, in the catalog's currency (see `priceCurrency`)
    std::optional<double> userPricePerHour; // plan override for the whole candidate, plan currency
    bool sizeEstimate = false;
    // A MIG slice (candidates[].mig): `gpu` is the slice (its memory, its SMs' share of the compute, its memory
    // slices' share of the HBM bandwidth, no NVLink), one per node, and `priceShare` of the instance's price is the
    // slice's (the GPU's share of the instance over the slices of this profile one GPU holds).
    std::string migProfile;
    int migInstancesPerGpu = 0;
    double priceShare = 1;

    int totalGpus() const { return gpusPerNode * nodes; }
};

// Resolves a plan candidate for a given node count. Errors name the field ("candidates[2].gpu").
Expected<Hardware> resolveCandidate(
    const CandidateSpec& spec, const Catalog& catalog, int nodes, const std::string& fieldPath);

// `gpu` as one MIG instance of `profile`: its memory, the SMs' share of every tensor rate, the memory slices' share
// of the HBM bandwidth (each slice has its own memory controllers and L2: NVIDIA MIG User Guide), no NVLink.
GpuSpec migSliceGpu(const GpuSpec& gpu, const MigProfile& profile);

// The same candidate at `nodes` (>= 1) nodes, from its resolution at any node count: only the node count and the
// user's quote (which scales with it) change, so a search resolves each candidate against the catalog once.
Hardware atNodes(Hardware hardware, const CandidateSpec& spec, int nodes);
// The same in place: a search that tries many node counts of one candidate changes one copy (a Hardware holds the
// GPU's and the instance's names and sources, whose copies cost more than the estimates between them).
void setNodes(Hardware& hardware, const CandidateSpec& spec, int nodes);

} // namespace gp
