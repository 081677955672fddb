// Communication per optimizer step: which collective crosses which link, and for how long.
#pragma once

#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/common/results.h"
#include "plan/plan.h"
#include "transformer/model_library.h"

#include <string>

namespace gp
{

// Seconds per optimizer step per GPU, before any overlap with compute.
struct CommunicationTime {
    double overlappableIntraNode = 0; // data-parallel / ZeRO collectives and pipeline sends inside a node
    double overlappableNetwork = 0; // the same over the network between nodes
    double blockingIntraNode = 0; // tensor-parallel all-reduces, MoE all-to-all: on the critical path
    double blockingNetwork = 0;
    double pcieTransfer = 0; // CPU offload copies over the GPU's host link (overlappable)
    double cpuOptimizer = 0; // optimizer step on the host CPU (not overlapped)
    double dataParallelBytes = 0; // bytes each GPU sends per step for data parallelism / ZeRO
    // Of the overlappable sums, the data-parallel and expert-data-parallel collectives of DDP and ZeRO 1 (Megatron's
    // distributed optimizer): the gradients' reduction (reduce-scatter, or all-reduce without ZeRO) and the updated
    // parameters' all-gather, each where Megatron-Core overlaps it (throughput_model.cpp trainingCommunication).
    double dataParallelReduceSeconds = 0;
    double dataParallelGatherSeconds = 0;
    double tensorParallelBytes = 0;
    // Tensor parallelism: the all-reduces (or reduce-scatters and all-gathers) with their launch latency, in the
    // blocking sums above.
    double tensorParallelSeconds = 0;
    // Expert parallelism (MoE): dispatch and combine all-to-alls, in the blocking sums above.
    double expertParallelSeconds = 0;
    double expertParallelBytes = 0; // bytes each GPU sends per step (NVLink and network together)
    bool expertParallelNetwork = false; // the group spans nodes and the network part is the slower one
    // Of expertParallelSeconds, the part Megatron's combined 1F1B schedule (workload.moe_a2a_overlap) runs beside
    // another micro-batch's compute: hidden up to that compute (throughput_model.cpp); 0 where the schedule is off.
    double expertParallelPaired = 0;
    // Of the blocking sums, the tensor-parallel transfers Transformer Engine's userbuffers run beside the linear
    // layers' GEMMs (workload.tp_comm_overlap under Megatron with sequence parallelism): hidden up to those GEMMs'
    // time (throughput_model.cpp); 0 where the overlap is off.
    double tensorParallelOverlapped = 0;
    bool tensorParallelNetwork = false; // the tensor-parallel group spans nodes
    // Context parallelism (ring attention): the K,V shards passed around the ring in forward and backward.
    // Not in the four sums above: the throughput model overlaps it with the attention compute it feeds.
    double contextParallelSeconds = 0;
    double contextParallelBytes = 0;
    bool contextParallelNetwork = false; // the ring crosses nodes
    // PyTorch's ring under torch.compile (torch_ring_attention.h): each transfer is waited where it is issued, so none
    // of contextParallelSeconds hides behind the attention.
    bool contextParallelExposed = false;
};

// Achieved bus bandwidth of the link between GPUs of one node (GB/s).
double intraNodeBusGBps(const Hardware& hardware, const PerformanceDefaults& defaults);
// Achieved network bandwidth of one node to the others (GB/s), RDMA or TCP.
double nodeNetworkGBps(const Hardware& hardware, const PerformanceDefaults& defaults);
// Achieved host <-> GPU bandwidth of one GPU (GB/s) from its PCIe link in the catalog.
double pcieGBps(const Hardware& hardware, const Catalog& catalog, const PerformanceDefaults& defaults);

// Communication of one training step. `trainedParams` receive gradients; `totalParams` are held (and gathered
// under ZeRO-3). `routedExpertShare` is the share of `totalParams` in routed experts (routedExpertFraction): expert
// parallelism splits them, and their gradients and ZeRO shards live in the expert-data-parallel group.
// `fp8GatheredShare` is the share of the held parameters ZeRO-3 all-gathers in fp8 (fp8AllGatherShare): one byte
// each instead of the compute precision's.
CommunicationTime estimateCommunication(const Architecture& arch, double totalParams, double trainedParams,
    const Workload& workload, const Configuration& config, const Hardware& hardware, const Catalog& catalog,
    const PerformanceDefaults& defaults, double routedExpertShare = 0.0, double fp8GatheredShare = 0.0);

// Of an expert-parallel group of `expert` ranks (whole experts each, in order), how many hold at least one of a token's
// routed experts, on average: the copies a deduplicating dispatch (DeepEP) delivers per token.
double expertRanksReached(const Architecture& arch, int expert);

// Why Megatron-Core refuses workload.moe_a2a_overlap (--overlap-moe-expert-parallel-comm) for this plan, empty where
// it runs the combined 1F1B schedule: Megatron-LM@d98e8a64 megatron/core/transformer/transformer_config.py asserts
// expert parallel > 1 ("expert_parallel"), the alltoall or flex dispatcher ("dispatcher"), no full recompute
// ("full_recompute") and, with pipeline parallel > 1, virtual pipeline stages ("virtual_stages"); the stack must be
// Megatron's, whose schedule it is ("framework"), and the model must have experts ("no_experts").
std::string moeA2aOverlapRefusal(const Architecture& arch, const Workload& workload, const Configuration& config);
// DualPipe and DualPipeV overlap a forward chunk with a backward chunk in pairs, each one's expert all-to-all and
// pipeline sends beside the other's compute (arXiv:2412.19437 Sec. 3.2.1, Figure 4; deepseek-ai/DualPipe@3da1bbea
// _forward_backward_chunk): the schedule's own, whatever workload.moe_a2a_overlap says. True for either schedule with
// a pipeline, experts and expert parallel > 1, except under torchtitan with activation checkpointing: torchtitan
// runs DualPipeV's overlapped pairs on two threads with the EP hooks (pipeline_parallel_expert_parallel_overlap,
// default true) only without it (torchtitan@6656c68e torchtitan/distributed/dual_pipe_v.py get_dual_pipe_v_flag
// raises for EP + DualPipeV + AC; without the flag PyTorch's OVERLAP_F_B runs the pair one after the other).
bool dualPipePairsExpertAllToAll(const Architecture& arch, const Workload& workload, const Configuration& config);
// Whether a rank's expert all-to-all runs in overlapped pairs: DualPipe's (above) or Megatron's combined 1F1B
// schedule (workload.moe_a2a_overlap where moeA2aOverlapRefusal is empty).
bool expertAllToAllPaired(const Architecture& arch, const Workload& workload, const Configuration& config);
// The share of a rank's expert all-to-all the combined 1F1B schedule pairs with another micro-batch's compute: of
// the accum x v model-chunk micro-batches a rank runs, the forwards before the first backward (the pipeline's warmup,
// at least the first forward) and as many backwards after the last forward run alone (combined_1f1b.py).
// DualPipe (p ranks, m micro-batches): rank r (h = min(r, p - 1 - r)) overlaps 2(m/2 - p + h + 1) + (p/2 - h - 1)
// of its m forward chunks with a backward (DualPipe.step steps 4 and 5; the middle ranks' first pair of step 4 runs
// apart), the rest alone: 5p/4 - 1/2 + 2/p unpaired over the ranks on average. DualPipeV: rank r overlaps
// 2(m - 2p + r + 1) + (p - r - 1) of its 2m chunks (DualPipeV.step; the last rank's first pair apart): (5p - 1)/2 + 1/p
// unpaired on average.
double moeA2aPairedShare(const Configuration& config);

// The SMs the flex dispatcher's dispatch and combine kernels hold: workload.moe_flex_dispatcher_sms where stated,
// else the backend's Megatron-Core default (Megatron-LM@8f1c2f8a transformer_config.py: moe_deepep_num_sms 20,
// moe.deepep_sms; moe_hybridep_num_sms 16, moe.hybridep_sms, which token_dispatcher.py passes to HybridEP as both its
// dispatch and its combine SM count).
double moeFlexDispatcherSms(const Workload& workload, const Catalog& catalog);

// The share of the GPU's streaming multiprocessors the compute keeps while an expert all-to-all runs beside it in the
// combined 1F1B schedule (workload.moe_a2a_overlap): the all-to-all is a kernel too, and each of its CTAs holds an SM
// while it runs (a cuBLAS GEMM's CTAs take a whole SM each: no GEMM CTA fits beside it), so the compute beside it runs
// on the rest: 1 - CTAs / sm_count. The CTAs by dispatcher: alltoall is NCCL's grouped send/recv, one CTA per p2p
// channel it runs on (moe.nccl_alltoall_ctas); flex (and auto) the backend's SMs (moeFlexDispatcherSms). 1 where the
// GPU's sm_count is not sourced.
double moeA2aComputeShareBeside(const Workload& workload, const Hardware& hw, const Catalog& catalog);

// Expert-parallel all-to-all of one MoE layer and micro-batch, one direction (a dispatch or a combine).
struct ExpertAllToAll {
    double seconds = 0;
    double bytes = 0; // sent by one GPU, NVLink and network together
    bool network = false; // the network part is the slower one
};
// `tokens`: the rank's tokens of one micro-batch; the group is `expert` ranks spaced `stride` apart.
ExpertAllToAll expertAllToAll(const Architecture& arch, double tokens, int expert, int stride, double bytesPerValue,
    const Hardware& hardware, const PerformanceDefaults& defaults);

} // namespace gp
