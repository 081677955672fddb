// Memory per GPU in each phase of an RL step: the trainer's states (actor, critic), the frozen models (reference,
// reward) sharded over the training GPUs, the rollout engine's weights and KV cache; and the trainer layout the
// training GPUs need.
#pragma once

#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/memory/memory_model.h"
#include "rl/rl_workload.h"

#include <optional>
#include <string>

namespace gp
{

// What the RL models read for one GPU kind, resolved once per candidate.
struct RlGpuDefaults {
    MemoryDefaults memory;
    PerformanceDefaults performance;
    double usableBytes = 0; // GPU memory less the plan's headroom
    double peakTflops = 0; // dense, at the actor's precision on this GPU
    Workload actorWorkload; // the actor's workload as it runs on this GPU (training mode)
    double pageableSlowdown = 1; // catalog pcie.pageable_slowdown: pageable host copies over pinned ones
};
RlGpuDefaults rlGpuDefaults(
    const RlWorkload& workload, const Plan& plan, const Hardware& hardware, const Catalog& catalog);

struct RlTrainerMemory {
    Configuration config; // the layout chosen: FSDP/ZeRO over the training GPUs, the least saving that fits
    MemoryBreakdown actor; // actor training, one longest sequence per micro-batch (dynamic batching's budget)
    std::optional<MemoryBreakdown> critic;
    double actorResidentBytes = 0; // weights + optimizer between its updates (gradients freed)
    double criticResidentBytes = 0;
    double frozenBytes = 0; // reference + reward weights, sharded over the training GPUs
    double actorTrainPeakBytes = 0; // actor training + the critic's resident states + the frozen models
    double criticTrainPeakBytes = 0;
    double forwardPeakBytes = 0; // resident states while the forwards run
    bool fits = false;
    std::string role; // the role that does not fit: "actor" or "critic"
};

// The least memory-saving trainer layout (ZeRO-3/FSDP over all training GPUs; then full recomputation, optimizer
// offload, parameter offload, as verl's fsdp_config and OpenRLHF's DeepSpeed options offer) whose phases fit;
// never less recomputation than the plan's workload.activation_checkpointing. A Megatron trainer
// (rlMegatronTrainer) keeps its Megatron-Core layout (rlMegatronConfiguration) and only adds recomputation.
RlTrainerMemory rlTrainerMemory(const RlWorkload& workload, const Hardware& trainingPool, const RlGpuDefaults& gpu);

// True where the actor trains as NeMo RL's Megatron policy worker does: workload.framework megatron, full fine-tuning.
bool rlMegatronTrainer(const RlWorkload& workload);

// The Megatron-Core layout of that trainer on `trainingGpus` GPUs: the plan's workload.parallelism tensor, pipeline,
// expert and sequence_parallel (tensor x pipeline clamped to the GPUs; expert where it divides the data-parallel
// ranks, as Megatron-Core carves the expert ranks out of them), data parallel over the rest, and the distributed
// optimizer (ZeRO-1: policy.megatron_cfg.optimizer.use_distributed_optimizer true in NeMo RL's
// grpo_math_1B_megatron.yaml at v0.3.0 b1c86a8 and grpo_math_1B.yaml at v0.4.0 c751f81), no offload.
Configuration rlMegatronConfiguration(const RlWorkload& workload, int trainingGpus);

// Weights of a frozen 16-bit (the actor's precision) copy of `model`, whole.
double rlFrozenWeightBytes(const ResolvedModel& model, const Workload& actorWorkload);

} // namespace gp
