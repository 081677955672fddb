// The configuration space the planner searches: which parallel splits, ZeRO/offload/checkpointing
// levels and micro-batches are sensible for one candidate (rules in docs/plan-search.md).
#pragma once

#include "estimate/common/hardware.h"
#include "estimate/common/results.h"
#include "plan/plan.h"

#include <cstdint>
#include <vector>

namespace gp
{

// Largest micro-batch the grid tries (sequences per GPU per forward pass).
inline constexpr int kMaxGridMicroBatch = 64;
// Node counts tried beyond search.max_nodes when looking for the smallest fit to report.
inline constexpr int kMaxAdviceNodes = 1024;

// Positive divisors of n in ascending order; empty when n <= 0.
std::vector<int> divisorsOf(int n);

// Layers a pipeline splits: decoder layers, plus the decoder stack of an encoder-decoder.
std::int64_t pipelineLayers(const Architecture& architecture);

// Tensor-parallel degrees inside one node: divisors of gpusPerNode that divide the attention heads
// (and the key/value heads, or are a multiple of them, as Megatron requires for GQA).
std::vector<int> tensorDegrees(int gpusPerNode, const Architecture& architecture);

// Pipeline degrees: 1, and the divisors p of the layer count with at least two layers per stage,
// p <= nodes (stages span nodes; tensor parallelism stays inside one) and p dividing gpusLeft.
std::vector<int> pipelineDegrees(const Architecture& architecture, int nodes, int gpusLeft);

// Context parallelism is searched only for sequences at least this long, and only down to chunks of this
// many tokens per rank (shorter chunks leave the matmuls too small to run efficiently).
inline constexpr std::int64_t kMinContextParallelSequence = 16384;
inline constexpr std::int64_t kMinContextParallelChunk = 4096;

// Context-parallel degrees: 1, and for a sequence of at least kMinContextParallelSequence tokens the powers of
// two cp >= 2 with cp x tensor within one node, cp dividing gpusLeft, at least kMinContextParallelChunk tokens
// per rank, and the sequence splitting into 2 x cp equal chunks (load-balanced ring attention). `anyLength`
// (the fit advice) drops the minimum sequence, keeping the other rules.
std::vector<int> contextDegrees(
    std::int64_t sequenceLength, int gpusPerNode, int tensor, int gpusLeft, bool anyLength = false);

// Expert-parallel degrees for `data` data-parallel replicas: 1 for dense models; for MoE models the powers of two
// ep dividing both `data` and the routed experts (each rank holding num_experts / ep of them), and the plan's own
// degree `planExpert` where it divides both too. Expert groups may span nodes: the all-to-all then crosses the
// network, which the time model charges.
std::vector<int> expertDegrees(const Architecture& architecture, int data, int planExpert);

// Whether the training stack splits a model over ranks (tensor, pipeline, context or expert parallelism). Unsloth
// runs several GPUs through Accelerate's DDP or FSDP (unsloth.ai/docs/basics/multi-gpu-training-with-unsloth, read
// 2026-12-07: "parallelism methods such as FSDP and DDP") and LitGPT through Lightning Fabric's FSDP
// (Lightning-AI/litgpt tutorials, "LitGPT uses Lightning Fabric with FSDP"): both shard over data-parallel ranks only,
// so the search and the fit advice keep their other degrees at 1.
bool stackSplitsModel(TrainingStack stack);

// Model chunks per pipeline rank (virtual stages) to try for a pipeline of `pipeline` stages: with the interleaved
// schedule 1 (1F1B's bubble and memory), the powers of two v >= 2 whose p x v chunks split the layers evenly, and
// the plan's own `planVirtual` where each of its chunks keeps a layer; any other schedule, or no pipeline, keeps the
// plan's value only (the schedule decides whether it is read).
std::vector<int> virtualStageDegrees(
    const Architecture& architecture, int pipeline, PipelineSchedule schedule, int planVirtual);

// A stated pipeline layout (workload.parallelism.pipeline_layout) lists pipeline x virtual stages: the search and the
// fit advice keep the plan's pipeline degree and virtual stages where it is stated, so this is false for any other
// `pipeline` (training only; the layout is a training input).
inline bool pipelineLayoutAllows(const Workload& workload, int pipeline)
{
    return workload.parallelism.pipelineLayout.empty() || workload.mode != Mode::Training
        || pipeline == workload.parallelism.pipeline;
}

// Micro-batch sizes for one data-parallel replica that must process `sequencesPerReplica`
// sequences per optimizer step: powers of two dividing it, up to kMaxGridMicroBatch.
std::vector<int> microBatchSizes(std::int64_t sequencesPerReplica);

// Node counts to try: 1..maxNodes for "auto", else the candidate's fixed count.
std::vector<int> nodeCounts(const CandidateSpec& candidate, int maxNodes);

// Sequences per optimizer step the search keeps: workload.global_batch_size when set, else
// micro x accumulation x data of the configuration the plan asks for (`planConfig`).
std::int64_t targetGlobalBatch(const Workload& workload, const Configuration& planConfig);

// Memory-saving levels of a configuration, each ordered so that a higher level never needs more
// memory at the same split and micro-batch and never runs faster (recomputation, sharding
// communication and PCIe traffic only add time).
struct SavingLevels {
    int zeroStage = 0;
    Offload offload = Offload::None;
    Checkpointing checkpointing = Checkpointing::None;
};

// Every valid ZeRO x offload x checkpointing combination for `data` replicas (data x context ranks) and a
// `pipeline` of that many stages, the least saving first. Offload needs ZeRO (optimizer: stage >= 1,
// parameters: stage 3). With one replica ZeRO shards nothing, so only (0, none), (2, optimizer) and
// (3, optimizer-and-parameters) are kept. Inside a pipeline ZeRO-2/3 keep the stage gathered and save
// nothing over ZeRO-1 (pipelineKeepsShardsGathered), so only (0, none), (1, none) and (1, optimizer) are kept.
const std::vector<SavingLevels>& savingLevels(int data, int pipeline);

// True when `a` saves no more than `b` on every axis (so if `a` fits, `b` is no faster).
bool savesNoMore(const SavingLevels& a, const SavingLevels& b);

// The most memory-saving combination of savingLevels(data, pipeline): ZeRO-3, optimizer and parameters
// offloaded, full checkpointing; inside a pipeline ZeRO-1 with the optimizer offloaded, full checkpointing.
SavingLevels mostSaving(int data, int pipeline);

// Numeric rank of an offload / checkpointing level (0 = none).
int level(Offload offload);
int level(Checkpointing checkpointing);

} // namespace gp
