// Time of one RL step, phase by phase, on one candidate in one layout: rollout with the serving engine's step model
// (long tail included), reward / reference / critic / old-log-prob forwards and the actor's (and critic's) training
// with the training model at the trainer's layout, weight sync or resharding, and the overlap async rollouts buy.
#pragma once

#include "catalog/catalog.h"
#include "rl/rl_memory.h"
#include "rl/rl_phases.h"

namespace gp
{

// `candidate` at `layout.nodes` nodes; `layout.trainer` is filled here (rlTrainerMemory's choice). `gpu` is
// rlGpuDefaults for the candidate's GPU.
RlStepEstimate estimateRlStep(const RlWorkload& workload, const Plan& plan, const Hardware& candidate,
    const RlLayout& layout, const RlGpuDefaults& gpu, const Catalog& catalog);

// Processes that score a rule reward side by side: workload.rl.reward.workers (NeMo RL's env.math.num_workers Ray
// actors, verl's reward workers), at most the vCPUs of the candidate's nodes (a scoring process keeps a vCPU busy;
// more share them); absent, one per vCPU of a node (verl's and OpenRLHF's reward managers on the driver node). A
// candidate whose vCPUs are unknown scores on the stated workers, or on one process.
double rlRewardScorers(const RlSpec& spec, const Hardware& candidate);

// Seconds of one forward pass over `sequences` sequences of `tokens` tokens with `model`, data-parallel over the
// pool's GPUs (FSDP: each GPU gathers the weights it lacks, layer by layer), and the share of the dense peak it
// achieves.
struct RlForward {
    double seconds = 0;
    double utilization = 0;
};
RlForward rlForwardPass(const ResolvedModel& model, const Workload& actorWorkload, double sequences, double tokens,
    const Hardware& pool, const RlGpuDefaults& gpu);

// The same pass in a Megatron-Core layout (rlMegatronConfiguration): each data-parallel rank runs its sequences with
// its tensor-parallel group, the pipeline's stages a share of the layers each plus the pipeline's bubble over
// micro-batches of `sequencesPerMicroBatch` sequences; the weights stay resident (no gather).
RlForward rlMegatronForwardPass(const ResolvedModel& model, const Workload& actorWorkload, const Configuration& layout,
    double sequences, double tokens, double sequencesPerMicroBatch, const Hardware& pool, const RlGpuDefaults& gpu);

// The share of the actor's parameters one GPU of a Megatron trainer (workload.framework megatron) holds: its
// model-parallel shard in its layout (rlMegatronConfiguration: tensor x pipeline; the routed experts also over
// expert), whole over data parallel (Megatron-Core's DDP parameter buffer). The model-parallel degrees are clamped to
// the training GPUs: no GPU holds less than its share of them.
double rlMegatronShardShare(const RlWorkload& workload, int trainingGpus);

// Parameter tensors of `architecture` as an engine loads them (Hugging Face layout: per layer its attention
// projections and norms, its MLP's matrices or each routed expert's, the router and shared experts; embeddings, final
// norm and an untied head): what the refit's per-tensor work counts.
double rlParameterTensors(const Architecture& architecture);

// The host-side work of a refit that the bytes do not show, per tensor and per bucket (catalog rl.refit.*, NeMo RL's
// refit blog of 2025-08-12 and its v0.3.0 code): every engine's load_weights of each tensor it receives; under a
// Megatron trainer (NeMo RL) the per-tensor collectives and conversion of gather_params and, colocated, the CUDA IPC
// hand-off of each tensor to each of the engine's tensor-parallel ranks, plus one rebuild and unpack per bucket
// (buckets of rl.refit.bucket_memory_ratio of the GPU's free memory once the engine's weights are back).
struct RlRefitHost {
    double tensors = 0;
    double buckets = 0;
    double gatherSeconds = 0;
    double handoffSeconds = 0;
    double updateSeconds = 0;
    double total() const { return gatherSeconds + handoffSeconds + updateSeconds; }
};
RlRefitHost rlRefitHostSeconds(const RlWorkload& workload, const RlLayout& layout, const RlGpuDefaults& gpu,
    double engineWeightBytesPerGpu, double trainerShardBytesPerGpu, const Catalog& catalog);

// Seconds to bring the trained weights to the rollout engines: colocated, an all-gather of the FSDP shards over the
// training GPUs (verl's sharding manager; under Megatron each GPU gathers the whole model from its model-parallel
// peers, NeMo RL's gather_params); separate pools, that gather and a broadcast from the trainer to the
// engines (OpenRLHF broadcast_to_vllm, slime's NCCL weight update) over NVLink inside one node, else the network.
double rlWeightSyncSeconds(
    const RlWorkload& workload, const Hardware& candidate, const RlLayout& layout, const RlGpuDefaults& gpu);

} // namespace gp
