// Collective volumes per GPU follow the ring algorithms NCCL uses: all-reduce moves 2(N-1)/N of the buffer,
// reduce-scatter and all-gather (N-1)/N each (Patarasuk & Yuan 2009; NCCL "Performance" notes on bus bandwidth).
// Ranks are laid out tensor-parallel innermost, then context parallel, then pipeline, then data parallel
// (Megatron-LM's order puts context next to tensor), so a data-parallel ring spans nodes as soon as
// tensor x context x pipeline x data exceeds one node, and a context-parallel ring stays on NVLink while
// context x tensor fits in one node.
#include "estimate/time/communication_model.h"
#include "base/finite_number.h"

#include "transformer/attention.h"
#include "transformer/training_flops.h"

#include "plan/precision.h"

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

// Where a collective over `groupSize` ranks spaced `stride` apart runs, and at what bus bandwidth.
struct Route {
    double busGBps = 0;
    bool network = false;
};

Route routeFor(int groupSize, int stride, const Hardware& hw, double intraBus, double nodeNet)
{
    const int g = std::max(1, hw.gpusPerNode);
    const long long span = static_cast<long long>(groupSize) * std::max(1, stride);
    if (groupSize <= 1 || span <= g || hw.nodes <= 1)
        return {intraBus, false};
    // Ranks of this group on one node; every GPU of the node runs its own group concurrently, so the group
    // gets that share of the node's network.
    const double local = std::clamp(double(g) / std::max(1, stride), 1.0, double(groupSize));
    const double netShare = nodeNet * local / g;
    if (netShare < intraBus)
        return {netShare, true};
    return {intraBus, false};
}

void add(CommunicationTime& c, const Route& r, double seconds, bool blocking)
{
    if (!std::isfinite(seconds) || seconds <= 0)
        return;
    if (blocking)
        (r.network ? c.blockingNetwork : c.blockingIntraNode) += seconds;
    else
        (r.network ? c.overlappableNetwork : c.overlappableIntraNode) += seconds;
}

double transferSeconds(double bytes, double gbps)
{
    return gbps > 0 ? bytes / (gbps * 1e9) : (bytes > 0 ? INFINITY : 0.0);
}

} // namespace

double intraNodeBusGBps(const Hardware& hw, const PerformanceDefaults& d)
{
    const double fraction = d.linkEfficiencyOverride ? *d.linkEfficiencyOverride
                                                     : std::clamp(hw.intraNode.achievedFraction, 0.01, 1.0);
    double spec = positiveOrZero(hw.intraNode.bandwidthGBpsPerDirection);
    if (spec == 0)
        spec = d.pcieFallbackGBps;
    return spec * fraction;
}

double nodeNetworkGBps(const Hardware& hw, const PerformanceDefaults& d)
{
    const double fraction = d.linkEfficiencyOverride ? *d.linkEfficiencyOverride
                                                     : (hw.rdma ? d.rdmaFraction : d.tcpFraction);
    return positiveOrZero(hw.interNodeGbps) / 8.0 * fraction;
}

double pcieGBps(const Hardware& hw, const Catalog& catalog, const PerformanceDefaults& d)
{
    double spec = d.pcieFallbackGBps;
    if (const LinkSpec* link = catalog.findLink(hw.gpu.pcie); link && link->bandwidthGBpsPerDirection > 0)
        spec = link->bandwidthGBpsPerDirection;
    else if (hw.intraNode.kind == "pcie" && hw.intraNode.bandwidthGBpsPerDirection > 0)
        spec = hw.intraNode.bandwidthGBpsPerDirection;
    return spec * (d.linkEfficiencyOverride ? *d.linkEfficiencyOverride : d.pcieFraction);
}

CommunicationTime estimateCommunication(const Architecture& arch, double totalParams, double trainedParams,
                                        const Workload& w, const Configuration& config, const Hardware& hw,
                                        const Catalog& catalog, const PerformanceDefaults& d)
{
    CommunicationTime c;
    const int t = std::max(1, config.tensor);
    const int p = std::max(1, config.pipeline);
    const int cp = std::max(1, config.context);
    // Gradients are reduced (and ZeRO/FSDP shards held) over data x context ranks: context-parallel ranks
    // compute gradients of the same weights from different parts of the sequences.
    const int dp = std::max(1, config.data) * cp;
    const int ep = std::max(1, config.expert);
    const double accum = std::max(1, config.gradientAccumulationSteps);
    const double micro = std::max(1, config.microBatchSize);
    const double seq = positiveOrZero(double(w.sequenceLength)) / cp; // tokens of a sequence on one rank
    const double h = positiveOrZero(double(arch.hiddenSize));
    const double layers = totalLayers(arch);
    const double act = bytesPerElement(w.precision);
    const double gradBytes = bytesPerElement(w.precision);
    const double paramBytes = bytesPerElement(w.precision);
    const double shard = positiveOrZero(totalParams) / (double(t) * p);
    const double trainedShard = positiveOrZero(trainedParams) / (double(t) * p);

    const double intraBus = intraNodeBusGBps(hw, d);
    const double nodeNet = nodeNetworkGBps(hw, d);

    // Data parallelism and ZeRO.
    if (dp > 1) {
        const Route r = routeFor(dp, t * p, hw, intraBus, nodeNet);
        const double n = dp; // data x context
        const double part = (n - 1) / n; // one reduce-scatter or all-gather
        double bytes = 0;
        switch (std::clamp(config.zeroStage, 0, 3)) {
        case 0:
        case 1: // gradient all-reduce (ZeRO-1: reduce-scatter + all-gather of the updated shard, same volume)
            bytes = 2 * part * trainedShard * gradBytes;
            break;
        case 2: // gradients reduce-scattered every micro-batch, updated parameters gathered once
            bytes = accum * part * trainedShard * gradBytes + part * trainedShard * paramBytes;
            break;
        case 3: // parameters gathered for forward and again for backward, gradients reduce-scattered
            bytes = accum * (2 * part * shard * paramBytes + part * trainedShard * gradBytes);
            break;
        }
        c.dataParallelBytes = bytes;
        add(c, r, transferSeconds(bytes, r.busGBps), false);
    }

    // Tensor parallelism: two all-reduces of the layer output in forward, two in backward (Megatron-LM,
    // Shoeybi et al. 2019, Fig. 4); full recomputation repeats the forward pair. Sequence parallelism swaps
    // each for a reduce-scatter + all-gather of the same volume (Korthikanti et al. 2022).
    if (t > 1 && layers > 0) {
        const Route r = routeFor(t, 1, hw, intraBus, nodeNet);
        const double perCall = 2.0 * (t - 1) / t * micro * seq * h * act;
        const double recomputed = recomputedLayerShare(arch, w, config.checkpointing);
        const double calls = (4.0 + 2.0 * recomputed) * layers / p * accum;
        const double latency = r.network ? d.networkLatencySeconds : d.allReduceLatencySeconds;
        c.tensorParallelBytes = perCall * calls;
        add(c, r, transferSeconds(perCall * calls, r.busGBps) + calls * latency, true);
    }

    // Pipeline parallelism: each micro-batch's activations forward and their gradients backward per boundary;
    // the interleaved schedule crosses v times as many (Narayanan et al. 2021, Sec. 2.2.2).
    if (p > 1) {
        const Route r = routeFor(p, t * cp, hw, intraBus, nodeNet);
        const double chunks = config.pipelineSchedule == PipelineSchedule::Interleaved
                                  ? std::max(1, config.virtualStages)
                                  : 1;
        const double perMicro = 2.0 * micro * seq * h * act * chunks;
        add(c, r, transferSeconds(perMicro * accum, r.busGBps), false);
    }

    // Expert parallelism: dispatch and combine all-to-alls in forward and again in backward.
    if (ep > 1 && arch.numExperts > 1) {
        const Route r = routeFor(ep, t, hw, intraBus, nodeNet);
        const double k = std::clamp(arch.expertsPerToken, 1, std::max(1, arch.numExperts));
        const double perCall = double(ep - 1) / ep * micro * seq * k * h * act;
        add(c, r, transferSeconds(perCall * 4 * moeLayers(arch) / p * accum, r.busGBps), true);
    }

    // Context parallelism, ring attention (Liu et al. 2023, arXiv:2310.01889; Megatron-Core context_parallel docs;
    // Transformer Engine's KV P2P ring): in each layer's forward a rank passes its K,V shard on and receives the
    // next, cp - 1 times; backward passes the K,V shards again and their gradients (dK, dV) the other way, and full
    // recomputation repeats the forward exchange. With GQA only the key/value heads travel.
    if (cp > 1 && layers > 0) {
        const Route r = routeFor(cp, t, hw, intraBus, nodeNet);
        const AttentionShape at = attentionShape(arch);
        const double kvRanks = std::clamp(at.kvHeads, 1.0, double(t));
        const double kvShard = micro * seq * at.kvHeads * (at.qkHeadDim + at.vHeadDim) * act / kvRanks;
        const double passes = 1.0 + 2.0 + recomputedLayerShare(arch, w, config.checkpointing);
        const double steps = (cp - 1) * passes * at.layers / p * accum;
        const double latency = r.network ? d.networkLatencySeconds : d.allReduceLatencySeconds;
        c.contextParallelBytes = kvShard * steps;
        c.contextParallelSeconds = transferSeconds(kvShard * steps, r.busGBps) + steps * latency;
        c.contextParallelNetwork = r.network;
    }

    // CPU offload (ZeRO-Offload, Ren et al. 2021): gradients to the host and updated 16-bit parameters back each
    // step; the optimizer runs on the host. Parameter offload (ZeRO-Infinity) also fetches the parameter shard
    // for forward and backward of every micro-batch.
    if (config.offload != Offload::None) {
        const double owners = config.zeroStage >= 1 ? double(dp) : 1.0;
        const double optimizerShard = trainedShard / owners;
        const double pcie = pcieGBps(hw, catalog, d);
        double bytes = optimizerShard * (gradBytes + paramBytes);
        if (config.offload == Offload::OptimizerAndParameters)
            bytes += accum * 2 * (shard / owners) * paramBytes;
        c.pcieTransfer = transferSeconds(bytes, pcie);
        const double paramsPerNode = optimizerShard * std::max(1, hw.gpusPerNode);
        c.cpuOptimizer = d.cpuAdamParamsPerSecond > 0 ? paramsPerNode / d.cpuAdamParamsPerSecond : 0;
    }
    return c;
}

} // namespace gp
