// Collective volumes per GPU follow the ring algorithms NCCL uses: all-reduce moves 2(N-1)/N of the buffer,
// reduce-scatter and all-gather (N-1)/N each (Patarasuk & Yuan 2009; NCCL "Performance" notes on bus bandwidth).
// Ranks are laid out tensor-parallel innermost, then context parallel, then pipeline, then data parallel
// (Megatron-LM's order puts context next to tensor), so a data-parallel ring spans nodes as soon as
// tensor x context x pipeline x data exceeds one node, and a context-parallel ring stays on NVLink while
// context x tensor fits in one node.
#include "estimate/time/communication_model.h"
#include "base/finite_number.h"
#include "estimate/common/pipeline_schedule.h"
#include "estimate/common/unsloth_stack.h"
#include "estimate/time/torch_ring_attention.h"

#include "transformer/attention.h"
#include "transformer/layers.h"
#include "transformer/training_flops.h"

#include "plan/precision.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

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
        return { intraBus, false };
    // Ranks of this group on one node; every GPU of the node runs its own group concurrently, so the group
    // gets that share of the node's network.
    const double local = std::clamp(double(g) / std::max(1, stride), 1.0, double(groupSize));
    const double netShare = nodeNet * local / g;
    if (netShare < intraBus)
        return { netShare, true };
    return { intraBus, false };
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

// Probability that none of a token's k experts (drawn uniformly without repetition from E) is among `held` of them.
double noneOfExperts(double experts, double k, double held)
{
    double p = 1;
    for (int i = 0; i < int(k) && p > 0; ++i)
        p *= std::max(0.0, experts - held - i) / std::max(1.0, experts - i);
    return p;
}

// Probability that `held` consecutive experts (one rank's or one node's, experts placed in order) include one of a
// token's k. Without group-limited routing the k are drawn uniformly from all E. With it (DeepSeek-V3 Sec. 2.1.2:
// its 256 experts in 8 groups, a token's 8 from at most 4 groups), a balanced router picks the token's groups
// uniformly and its experts uniformly within them: the held experts overlap m groups, j of which are chosen with the
// hypergeometric probability, and then hold j x (their share of a group) of the chosen groups' experts.
double heldReached(const Architecture& arch, double experts, double k, double held)
{
    const int groups = arch.expertGroups;
    const int perToken = arch.expertGroupsPerToken;
    if (groups <= 1 || perToken <= 0 || perToken >= groups)
        return 1.0 - noneOfExperts(experts, k, held);
    const double size = experts / groups; // experts per group
    const double pool = perToken * size; // the experts a token can reach
    const double share = std::min(held, size); // of each overlapped group, the held experts
    const int overlapped = std::max(1, int(std::lround(held / std::max(1.0, size))));
    double reached = 0;
    for (int j = 1; j <= std::min(overlapped, perToken); ++j) {
        if (groups - overlapped < perToken - j)
            continue; // too few other groups for the token's remaining T - j
        // P(j of the token's groups among the `overlapped`): C(m, j) C(G - m, T - j) / C(G, T).
        const double logP = std::lgamma(overlapped + 1.0) - std::lgamma(j + 1.0) - std::lgamma(overlapped - j + 1.0)
            + std::lgamma(groups - overlapped + 1.0) - std::lgamma(perToken - j + 1.0)
            - std::lgamma(groups - overlapped - (perToken - j) + 1.0) - std::lgamma(groups + 1.0)
            + std::lgamma(perToken + 1.0) + std::lgamma(groups - perToken + 1.0);
        reached += std::exp(logP) * (1.0 - noneOfExperts(pool, k, j * share));
    }
    return std::clamp(reached, 0.0, 1.0);
}

// Bytes one rank sends over a data-parallel group per step, by ZeRO stage: `part` is (n - 1) / n of the group.
struct ZeroVolume {
    int stage = 0;
    double accum = 1;
    double gatheredBytes = 2; // per parameter all-gathered (ZeRO-3)
    double gradBytes = 2;
    double paramBytes = 2;
    bool gatheredForStep = false; // ZeRO-2/3 inside a pipeline: the stage stays gathered for the step
    bool allReducedThenGathered = false; // DeepSpeed's BF16_Optimizer: its ZeRO 1 all-reduces the whole gradients

    double bytes(double part, double shard, double trainedShard) const
    {
        if (gatheredForStep) // inside a pipeline: gathered once, reduce-scattered once per step
            return part * shard * gatheredBytes + part * trainedShard * gradBytes;
        if (allReducedThenGathered) // the fp32 gradients all-reduced, then each rank's updated shard all-gathered
            return 2 * part * trainedShard * gradBytes + part * trainedShard * paramBytes;
        switch (stage) {
        case 2: // gradients reduce-scattered every micro-batch, updated parameters gathered once
            return accum * part * trainedShard * gradBytes + part * trainedShard * paramBytes;
        case 3: // parameters gathered for forward and again for backward, gradients reduce-scattered
            return accum * (2 * part * shard * gatheredBytes + part * trainedShard * gradBytes);
        case 1: // reduce-scatter of the gradients + all-gather of the updated shard at the parameters' width
            return part * trainedShard * (gradBytes + gatheredBytes);
        default: // gradient all-reduce: a reduce-scatter and an all-gather, both at the gradients' width
            return 2 * part * trainedShard * gradBytes;
        }
    }

    // Of bytes(), the part that gathers the updated parameters after the optimizer step (ZeRO 1; 0 where the
    // parameters are not gathered apart from the gradients' reduction: DDP's all-reduce, ZeRO 2 and 3 inside their
    // micro-batches, DeepSpeed's BF16_Optimizer).
    double gatherBytes(double part, double trainedShard) const
    {
        const bool apart = stage == 1 && !gatheredForStep && !allReducedThenGathered;
        return apart ? part * trainedShard * gatheredBytes : 0.0;
    }
    // Whether bytes() is DDP's or ZeRO 1's: one gradient reduction and at most one parameter gather per step.
    bool reducedOncePerStep() const { return stage <= 1 && !gatheredForStep && !allReducedThenGathered; }
};

// Adds one data-parallel group's step of ZeRO traffic, and where it is DDP's or ZeRO 1's its reduction and gather.
void addDataParallel(CommunicationTime& c, const Route& r, const ZeroVolume& v, double part, double shard,
    double trainedShard, bool blocking)
{
    const double bytes = v.bytes(part, shard, trainedShard);
    c.dataParallelBytes += bytes;
    add(c, r, transferSeconds(bytes, r.busGBps), blocking);
    if (blocking || !v.reducedOncePerStep() || !(bytes > 0))
        return;
    const double gather = v.gatherBytes(part, trainedShard);
    c.dataParallelReduceSeconds += transferSeconds(bytes - gather, r.busGBps);
    c.dataParallelGatherSeconds += transferSeconds(gather, r.busGBps);
}

// Context parallelism, ring attention (Liu et al. 2023, arXiv:2310.01889; Megatron-Core context_parallel docs;
// Transformer Engine's KV P2P ring): in each layer's forward a rank passes its K,V shard on and receives the
// next, cp - 1 times; backward passes the K,V shards again and their gradients (dK, dV) the other way, and full
// recomputation repeats the forward exchange. With GQA only the key/value heads travel. `rankTokens` is the
// micro-batch's tokens on one rank. torchtitan runs PyTorch's ring instead (torch_ring_attention.h): one K,V
// all-gather per forward pass at the query heads' width, and in backward an all-gather and cp fp32 dK,dV passes;
// under torch.compile every transfer is waited where it is issued.
void addContextParallel(CommunicationTime& c, const Architecture& arch, const Workload& w, const Configuration& config,
    const Hardware& hw, const PerformanceDefaults& d, double rankTokens, double intraBus, double nodeNet)
{
    const int t = std::max(1, config.tensor);
    const int p = std::max(1, config.pipeline);
    const int cp = std::max(1, config.context);
    if (cp <= 1 || !(totalLayers(arch) > 0))
        return;
    const Route r = routeFor(cp, t, hw, intraBus, nodeNet);
    const AttentionShape at = attentionShape(arch);
    const double act = bytesPerElement(w.precision);
    const double kvRanks = std::clamp(at.kvHeads, 1.0, double(t));
    const double kvShard = rankTokens * at.kvHeads * (at.qkHeadDim + at.vHeadDim) * act / kvRanks;
    const double passes = 1.0 + 2.0 + recomputedLayerShare(arch, w, config.checkpointing);
    const double steps = (cp - 1) * passes * at.layers / p * std::max(1, config.gradientAccumulationSteps);
    const double latency = r.network ? d.networkLatencySeconds : d.allReduceLatencySeconds;
    if (runsTorchRing(w, config)) {
        const TorchRingLayer ring = torchRingLayer(arch, w, cp, t, rankTokens);
        const double forwardPasses = 1.0 + recomputedLayerShare(arch, w, config.checkpointing);
        const double layers = at.layers / p * std::max(1, config.gradientAccumulationSteps);
        c.contextParallelBytes = layers * (forwardPasses * ring.forwardGatherBytes + ring.backwardBytes);
        c.contextParallelSeconds = transferSeconds(c.contextParallelBytes, r.busGBps)
            + layers * (forwardPasses + ring.backwardCollectives) * latency;
        c.contextParallelNetwork = r.network;
        c.contextParallelExposed = w.torchCompile;
        return;
    }
    c.contextParallelBytes = kvShard * steps;
    c.contextParallelSeconds = transferSeconds(kvShard * steps, r.busGBps) + steps * latency;
    c.contextParallelNetwork = r.network;
}

// CPU offload (ZeRO-Offload, Ren et al. 2021): gradients to the host and updated 16-bit parameters back each
// step; the optimizer runs on the host. Parameter offload (ZeRO-Infinity) also fetches the parameter shard
// for forward and backward of every micro-batch.
void addOffload(CommunicationTime& c, const Configuration& config, const Hardware& hw, const Catalog& catalog,
    const PerformanceDefaults& d, int dp, double accum, double shard, double trainedShard, double stepBytes,
    double paramBytes)
{
    if (config.offload == Offload::None)
        return;
    const double owners = config.zeroStage >= 1 ? double(dp) : 1.0;
    const double optimizerShard = trainedShard / owners;
    const double pcie = pcieGBps(hw, catalog, d);
    double bytes = optimizerShard * stepBytes;
    if (config.offload == Offload::OptimizerAndParameters)
        bytes += accum * 2 * (shard / owners) * paramBytes;
    c.pcieTransfer = transferSeconds(bytes, pcie);
    const double paramsPerNode = optimizerShard * std::max(1, hw.gpusPerNode);
    c.cpuOptimizer = d.cpuAdamParamsPerSecond > 0 ? paramsPerNode / d.cpuAdamParamsPerSecond : 0;
}

} // namespace

namespace
{

// An expert dispatch (or combine) whose NVLink and network parts run at once: it lasts as long as the slower part plus
// one latency; each GPU drives its share of the node's network (every GPU of the node sends at the same time).
ExpertAllToAll expertCallOverBothLinks(
    double nvlinkBytes, double networkBytes, bool crossesNodes, const Hardware& hw, const PerformanceDefaults& d)
{
    ExpertAllToAll a;
    const double nvlink = transferSeconds(nvlinkBytes, intraNodeBusGBps(hw, d));
    const double network = transferSeconds(networkBytes, nodeNetworkGBps(hw, d) / std::max(1, hw.gpusPerNode));
    a.network = network > nvlink;
    a.seconds = std::max(nvlink, network) + (crossesNodes ? d.networkLatencySeconds : d.allReduceLatencySeconds);
    a.bytes = nvlinkBytes + networkBytes;
    return a;
}

} // namespace

// The token dispatcher DeepEP and Megatron-Core's flex dispatcher implement, and DeepSeek-V3 describes (Sec. 3.2.2):
// a token is sent once to each rank that holds one of its k experts, and across nodes once per destination node over
// the network (RDMA), then forwarded over NVLink inside that node; the combine returns the same volume. Both links
// run at once, so a call lasts as long as the slower of its NVLink part and its network part; each GPU drives its
// share of the node's network (every GPU of the node dispatches at the same time).
ExpertAllToAll expertAllToAll(const Architecture& arch, double tokens, int expert, int stride, double bytesPerValue,
    const Hardware& hw, const PerformanceDefaults& d)
{
    ExpertAllToAll a;
    const int ep = std::max(1, expert);
    if (ep <= 1 || arch.numExperts <= 1 || !(tokens > 0))
        return a;
    const double e = double(arch.numExperts);
    const double k = std::clamp(double(arch.expertsPerToken), 1.0, e);
    const double perRank = e / ep;
    const int g = std::max(1, hw.gpusPerNode);
    const long long span = static_cast<long long>(ep) * std::max(1, stride);
    const bool crossesNodes = hw.nodes > 1 && span > g;
    // Ranks of the group on one node.
    const double local = crossesNodes ? std::clamp(double(g) / std::max(1, stride), 1.0, double(ep)) : double(ep);
    const double vector = positiveOrZero(double(arch.hiddenSize)) * bytesPerValue;
    const double reached = heldReached(arch, e, k, perRank); // a given rank holds one of the token's experts
    // Inside the node: one copy to each other local rank holding one of the token's experts. Across nodes: one copy
    // per other node holding one, sent to the GPU of the same local index there, which forwards it over NVLink to its
    // node's other ranks that need it (as many, per node reached, as this node's direct copies).
    const double nodes = crossesNodes ? std::ceil(ep / local) : 1.0;
    const double nvlinkBytes = tokens * (local - 1) * reached * vector * nodes;
    double networkBytes = 0;
    if (crossesNodes) {
        const double nodeReached = heldReached(arch, e, k, perRank * local);
        networkBytes = tokens * (nodes - 1) * nodeReached * vector;
    }
    return expertCallOverBothLinks(nvlinkBytes, networkBytes, crossesNodes, hw, d);
}

std::string moeA2aOverlapRefusal(const Architecture& arch, const Workload& workload, const Configuration& config)
{
    if (workload.framework != TrainingStack::Megatron)
        return "framework";
    if (arch.numExperts <= 1)
        return "no_experts";
    if (config.expert <= 1)
        return "expert_parallel";
    if (workload.moeTokenDispatcher == MoeDispatcher::AllGather)
        return "dispatcher";
    if (config.checkpointing == Checkpointing::Full)
        return "full_recompute";
    if (config.pipeline > 1 && (config.pipelineSchedule != PipelineSchedule::Interleaved || config.virtualStages <= 1))
        return "virtual_stages";
    return {};
}

// Megatron's interleaved schedule warms rank r up with (p - r - 1) x 2 + (v - 1) x p model-chunk forwards
// (schedules.py get_pp_rank_microbatches, microbatch_group_size_per_vp_stage = p), one more with the combined schedule
// ("we schedule one extra micro-batch forward step before the 1f1b stages", schedules.py @60e039626): v x p over the
// ranks on average, and 1 without a pipeline (combined_1f1b_schedule_for_no_pipelining: the first forward alone). As
// many backwards drain alone at the end.
bool dualPipePairsExpertAllToAll(const Architecture& arch, const Workload& workload, const Configuration& config)
{
    const bool dualPipe = config.pipelineSchedule == PipelineSchedule::DualPipe
        || config.pipelineSchedule == PipelineSchedule::DualPipeV;
    if (!dualPipe || config.pipeline <= 1 || arch.numExperts <= 1 || config.expert <= 1)
        return false;
    return workload.framework != TrainingStack::Torchtitan || config.checkpointing == Checkpointing::None;
}

bool expertAllToAllPaired(const Architecture& arch, const Workload& workload, const Configuration& config)
{
    if (dualPipePairsExpertAllToAll(arch, workload, config))
        return true;
    return workload.moeA2aOverlap && moeA2aOverlapRefusal(arch, workload, config).empty();
}

double moeA2aPairedShare(const Configuration& config)
{
    const int p = std::max(1, config.pipeline);
    if (p > 1 && config.pipelineSchedule == PipelineSchedule::DualPipe) {
        const double m = std::max(1, config.gradientAccumulationSteps);
        return std::clamp(1.0 - (1.25 * p - 0.5 + 2.0 / p) / m, 0.0, 1.0);
    }
    if (p > 1 && config.pipelineSchedule == PipelineSchedule::DualPipeV) {
        const double chunks = 2.0 * std::max(1, config.gradientAccumulationSteps);
        return std::clamp(1.0 - ((5.0 * p - 1.0) / 2.0 + 1.0 / p) / chunks, 0.0, 1.0);
    }
    const int v = config.pipelineSchedule == PipelineSchedule::Interleaved ? std::max(1, config.virtualStages) : 1;
    const double units = double(std::max(1, config.gradientAccumulationSteps)) * v;
    const double alone = p > 1 ? double(v) * p : 1.0;
    return std::clamp(1.0 - alone / units, 0.0, 1.0);
}

double moeFlexDispatcherSms(const Workload& workload, const Catalog& catalog)
{
    if (workload.moeFlexDispatcherSms && *workload.moeFlexDispatcherSms > 0)
        return double(*workload.moeFlexDispatcherSms);
    return catalogDefault(catalog,
        workload.moeFlexDispatcherBackend == MoeFlexBackend::HybridEp ? "moe.hybridep_sms" : "moe.deepep_sms", 0, 1024);
}

double moeA2aComputeShareBeside(const Workload& workload, const Hardware& hw, const Catalog& catalog)
{
    if (hw.gpu.smCount <= 0)
        return 1.0;
    const bool nccl = workload.moeTokenDispatcher == MoeDispatcher::AllToAll
        || workload.moeTokenDispatcher == MoeDispatcher::AllGather;
    const double ctas
        = nccl ? catalogDefault(catalog, "moe.nccl_alltoall_ctas", 0, 1024) : moeFlexDispatcherSms(workload, catalog);
    if (!std::isfinite(ctas))
        return 1.0;
    return std::clamp(1.0 - ctas / double(hw.gpu.smCount), 0.0, 1.0);
}

double expertRanksReached(const Architecture& arch, int expert)
{
    const int ep = std::max(1, expert);
    if (arch.numExperts <= 1)
        return 1.0;
    const double e = double(arch.numExperts);
    const double k = std::clamp(double(arch.expertsPerToken), 1.0, e);
    return ep * heldReached(arch, e, k, e / ep);
}

double intraNodeBusGBps(const Hardware& hw, const PerformanceDefaults& d)
{
    const double fraction
        = d.linkEfficiencyOverride ? *d.linkEfficiencyOverride : std::clamp(hw.intraNode.achievedFraction, 0.01, 1.0);
    double spec = positiveOrZero(hw.intraNode.bandwidthGBpsPerDirection);
    if (spec == 0)
        spec = d.pcieFallbackGBps;
    return spec * fraction;
}

double nodeNetworkGBps(const Hardware& hw, const PerformanceDefaults& d)
{
    const double fraction
        = d.linkEfficiencyOverride ? *d.linkEfficiencyOverride : (hw.rdma ? d.rdmaFraction : d.tcpFraction);
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

namespace
{

// One dispatch (or combine) of an MoE layer by workload.moe_token_dispatcher (Megatron-LM@d98e8a64
// megatron/core/transformer/moe/token_dispatcher.py). auto and flex: expertAllToAll above (DeepEP). alltoall
// (MoEAlltoAllTokenDispatcher): the tokens are permuted into one copy per routed expert (num_out_tokens = tokens x
// topk) and all_to_all sends each copy to the rank holding its expert, so a rank sends k x (ep - 1) / ep copies of its
// tokens, the ones for ranks of other nodes over the network. allgather (MoEAllGatherTokenDispatcher): every rank's
// tokens are all-gathered over the expert tensor x expert group (gather_from_sequence_parallel_region over
// tp_ep_group) and the combine reduce-scatters them back: (n - 1) x the rank's tokens per call, a ring collective.
ExpertAllToAll expertDispatchCall(const Architecture& arch, MoeDispatcher dispatcher, double tokens, int ep,
    int expertTensor, double bytesPerValue, const Hardware& hw, const PerformanceDefaults& d, double intraBus,
    double nodeNet)
{
    const double vector = positiveOrZero(double(arch.hiddenSize)) * bytesPerValue;
    if (dispatcher == MoeDispatcher::AllGather) {
        const int n = std::max(1, ep * std::max(1, expertTensor));
        const Route r = routeFor(n, 1, hw, intraBus, nodeNet);
        ExpertAllToAll a;
        a.bytes = (n - 1) * positiveOrZero(tokens) * vector;
        a.network = r.network;
        a.seconds
            = transferSeconds(a.bytes, r.busGBps) + (r.network ? d.networkLatencySeconds : d.allReduceLatencySeconds);
        return a;
    }
    if (dispatcher != MoeDispatcher::AllToAll)
        return expertAllToAll(arch, tokens, ep, 1, bytesPerValue, hw, d);
    const double e = double(std::max(1, arch.numExperts));
    const double k = std::clamp(double(arch.expertsPerToken), 1.0, e);
    const int g = std::max(1, hw.gpusPerNode);
    const bool crossesNodes = hw.nodes > 1 && ep > g;
    const double local = crossesNodes ? double(g) : double(ep); // ranks of the group on this node
    const double copies = positiveOrZero(tokens) * k / ep; // copies bound for each rank
    const double nvlinkBytes = copies * (local - 1) * vector;
    const double networkBytes = crossesNodes ? copies * (ep - local) * vector : 0.0;
    return expertCallOverBothLinks(nvlinkBytes, networkBytes, crossesNodes, hw, d);
}

} // namespace

CommunicationTime estimateCommunication(const Architecture& arch, double totalParams, double trainedParams,
    const Workload& w, const Configuration& config, const Hardware& hw, const Catalog& catalog,
    const PerformanceDefaults& d, double routedExpertShare, double fp8GatheredShare)
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
    // The gradient reduce at workload.gradient_precision (Megatron's fp32 main gradients by default, FP8 runs too).
    const double gradBytes = gradientReduceBytes(w, config.zeroStage);
    const double paramBytes = bytesPerElement(w.precision);
    // ZeRO-3's parameter all-gathers: the fp8-gathered share at one byte (torchtitan enable_fsdp_float8_all_gather).
    const double fp8Share = std::clamp(std::isfinite(fp8GatheredShare) ? fp8GatheredShare : 0.0, 0.0, 1.0);
    const double gatheredBytes = fp8Share * 1.0 + (1 - fp8Share) * paramBytes;
    // Expert parallelism splits the routed experts, whole (expert tensor parallel 1, trainingExpertTensor), over `ep`
    // of a stage's tensor x data x context ranks; their gradients are reduced (and ZeRO/FSDP shards held) over the
    // t x dp / ep ranks holding the same experts (Megatron-Core's expert-data-parallel group in its etp-ep-edp-pp
    // order; torchtitan's and NeMo AutoModel's dp_shard_mod_ep mesh), the dense parameters over all dp ranks.
    const double routed = arch.numExperts > 1 ? std::clamp(routedExpertShare, 0.0, 1.0) : 0.0;
    const bool expertSplit = ep > 1 && routed > 0;
    const double trainedRouted = trainedParams >= totalParams ? routed : 0.0; // full training: experts train too
    // DualPipe's rank holds, reduces and gathers two stages (pipelineParameterCopies); each copy's gradients are
    // summed with its twin's on the mirrored rank as well, counted here as the data-parallel reduction of both copies
    // over the same group (the twin's place in it, often on another node, is not modelled).
    const double copies = pipelineParameterCopies(config);
    const double shard = copies * positiveOrZero(totalParams) * (1 - (expertSplit ? routed : 0.0)) / (double(t) * p);
    const double trainedShard
        = copies * positiveOrZero(trainedParams) * (1 - (expertSplit ? trainedRouted : 0.0)) / (double(t) * p);
    const double expertShard = expertSplit ? copies * positiveOrZero(totalParams) * routed / (double(p) * ep) : 0.0;
    const double trainedExpertShard
        = expertSplit ? copies * positiveOrZero(trainedParams) * trainedRouted / (double(p) * ep) : 0.0;

    const double intraBus = intraNodeBusGBps(hw, d);
    const double nodeNet = nodeNetworkGBps(hw, d);
    // ZeRO-2/3 inside a pipeline holds the stage gathered for the whole step (pipeline_schedule.h).
    const bool gatheredForStep = pipelineKeepsShardsGathered(config);

    // Data parallelism and ZeRO. DeepSpeed's pipeline engine reduces the gradients (and its ZeRO 1 gathers the updated
    // parameters) once the schedule's last backward is done: TrainSchedule.steps appends ReduceTiedGrads, ReduceGrads
    // and OptimizerStep to the batch's last step (microsoft/DeepSpeed@56c522386 deepspeed/runtime/pipe/schedule.py;
    // pipe/engine.py _exec_reduce_grads), so no compute is left to hide them behind.
    const bool reducedAfterSchedule = w.framework == TrainingStack::Deepspeed && p > 1;
    // DeepSpeed's BF16_Optimizer (bf16 with fp32 gradients, its own ZeRO 1) all-reduces the whole fp32 gradients
    // (_bf16_reduce_grads: buffered_allreduce_fallback over get_grads_for_reduction) and, after each rank updates its
    // partition, all-gathers the bf16 partitions (step: all_gather_dp_groups; microsoft/DeepSpeed@56c522386
    // deepspeed/runtime/pipe/engine.py, deepspeed/runtime/bf16_optimizer.py).
    const bool bf16Optimizer = w.framework == TrainingStack::Deepspeed && w.precision == Precision::Bf16
        && gradBytes >= 4 && config.zeroStage == 1;
    const ZeroVolume dense { std::clamp(config.zeroStage, 0, 3), accum, gatheredBytes, gradBytes, paramBytes,
        gatheredForStep, bf16Optimizer };
    if (dp > 1) {
        const Route r = routeFor(dp, t * p, hw, intraBus, nodeNet);
        const double n = dp; // data x context
        addDataParallel(c, r, dense, (n - 1) / n, shard, trainedShard, reducedAfterSchedule);
    }
    const int expertData = std::max(1, t * dp / ep);
    if (expertSplit && expertData > 1 && (expertShard > 0 || trainedExpertShard > 0)) {
        // The expert-data-parallel group: ranks ep apart among a stage's consecutive ranks.
        const Route r = routeFor(expertData, ep, hw, intraBus, nodeNet);
        addDataParallel(
            c, r, dense, double(expertData - 1) / expertData, expertShard, trainedExpertShard, reducedAfterSchedule);
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
        c.tensorParallelSeconds = transferSeconds(perCall * calls, r.busGBps) + calls * latency;
        add(c, r, c.tensorParallelSeconds, true);
        // Megatron --tp-comm-overlap (Megatron-LM arguments.py asserts sequence parallelism with it): Transformer
        // Engine's userbuffers split each all-gather before the QKV and fc1 GEMMs and each reduce-scatter after the
        // output projection and fc2 into chunks exchanged while the GEMM runs on the chunks already there
        // (transformer_engine/pytorch/module/base.py initialize_ub: ring-exchange all-gathers, pipelined
        // reduce-scatters; backward overlaps them with the dgrad and wgrad GEMMs). The transfers can hide behind the
        // GEMMs; each call's launch latency stays.
        // Not under torchtitan or NeMo AutoModel, whose enable_async_tensor_parallel is PyTorch's async TP (Inductor's
        // micro_pipeline_tp pass: fused_all_gather_matmul / fused_matmul_reduce_scatter; Automodel@2013a4dd
        // nemo_automodel/components/distributed/parallelizer.py): hidden this way it would make torchtitan's Llama 3.1
        // 70B TP 8 async-TP row 1.31x faster than its vanilla twin, where torchtitan's own tables publish 1.06x
        // (2024) and 1.09x (bf16) to 1.16x (float8, 2025), and PyTorch's announcement ~20% on the forward pass but ~8%
        // end to end: how much it hides is not read from its code yet.
        if (w.tpCommOverlap && w.framework == TrainingStack::Megatron && config.sequenceParallel) {
            c.tensorParallelOverlapped = transferSeconds(perCall * calls, r.busGBps);
            c.tensorParallelNetwork = r.network;
        }
    }

    // Pipeline parallelism: each micro-batch's activations forward and their gradients backward per boundary;
    // the interleaved schedule crosses v times as many (Narayanan et al. 2021, Sec. 2.2.2). Overlappable: DualPipe
    // sends them beside the paired chunk's compute as the other schedules do beside the next micro-batch's.
    if (p > 1) {
        const Route r = routeFor(p, t * cp, hw, intraBus, nodeNet);
        // DualPipeV's two stages per rank: two sends each way, one of them local on the last rank (the V's turn).
        const double chunks = config.pipelineSchedule == PipelineSchedule::Interleaved
            ? std::max(1, config.virtualStages)
            : config.pipelineSchedule == PipelineSchedule::DualPipeV ? 2.0 - 1.0 / p
                                                                     : 1.0;
        const double perMicro = 2.0 * micro * seq * h * act * chunks;
        add(c, r, transferSeconds(perMicro * accum, r.busGBps), false);
    }

    // Expert parallelism: a dispatch and a combine all-to-all per MoE layer in forward, again (their gradients) in
    // backward, and once more in the forward that full recomputation repeats. On the critical path, except where
    // Megatron-Core's combined 1F1B schedule runs (workload.moe_a2a_overlap, --overlap-moe-expert-parallel-comm):
    // its paired share hides behind another micro-batch's compute (trainingCommunication). The group is ep consecutive
    // ranks of a stage (Megatron-Core's expert order etp-ep-edp-pp with expert tensor parallel 1, pipeline outermost as
    // in torchtitan and AutoModel): EP 64 on 8-GPU nodes spans 8 nodes whatever the tensor degree. Each rank dispatches
    // its own sequence-parallel share of the micro-batch, micro x seq / (cp x t) tokens (Megatron-Core requires
    // sequence parallelism for MoE with tensor parallelism).
    if (ep > 1 && arch.numExperts > 1) {
        const ExpertAllToAll call = expertDispatchCall(arch, w.moeTokenDispatcher, micro * seq / t, ep,
            trainingExpertTensor(t, ep), act, hw, d, intraBus, nodeNet);
        const double calls
            = (4.0 + 2.0 * recomputedLayerShare(arch, w, config.checkpointing)) * moeLayers(arch) / p * accum;
        c.expertParallelSeconds = call.seconds * calls;
        c.expertParallelBytes = call.bytes * calls;
        c.expertParallelNetwork = call.network;
        if (expertAllToAllPaired(arch, w, config))
            c.expertParallelPaired = c.expertParallelSeconds * moeA2aPairedShare(config);
        if (std::isfinite(c.expertParallelSeconds) && c.expertParallelSeconds > 0)
            (call.network ? c.blockingNetwork : c.blockingIntraNode) += c.expertParallelSeconds;
    }

    addContextParallel(c, arch, w, config, hw, d, micro * seq, intraBus, nodeNet);
    addOffload(c, config, hw, catalog, d, dp, accum, shard, trainedShard, gradBytes + paramBytes, paramBytes);
    // Unsloth's offloaded checkpoints (estimate/common/unsloth_stack.h): each recomputed layer's input but the last
    // goes to pinned host memory in forward and comes back in backward, every micro-batch, on a side stream.
    if (unslothOffloadsCheckpoints(w, config.checkpointing)) {
        const double inputs = std::max(0.0, layers / p * recomputedLayerShare(arch, w, config.checkpointing) - 1.0);
        const double layerInput = micro * seq * h * act / (config.sequenceParallel ? t : 1);
        c.pcieTransfer += transferSeconds(accum * 2.0 * inputs * layerInput, pcieGBps(hw, catalog, d));
    }
    return c;
}

} // namespace gp
