// Why a candidate cannot fit the workload, and changes (more GPUs, a larger GPU, LoRA, QLoRA,
// checkpointing, ZeRO, offload) that would make it fit, each checked by evaluating it.
#pragma once

#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/common/results.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "plan/plan.h"
#include "planner/planner_grid.h"
#include "transformer/model_library.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gp
{

// What the search and the advice share for one plan, resolved once.
struct SearchInputs {
    const Plan* plan = nullptr;
    const ResolvedModel* model = nullptr;
    const Catalog* catalog = nullptr;
    double headroom = 0; // headroomFraction(plan.assumptions, catalog)
    std::int64_t globalBatch = 1; // sequences per optimizer step kept for the candidate (training)
    MemoryDefaults memory; // memoryDefaults(plan.assumptions, catalog): read once, used per configuration
};

// The inputs for `plan`, `model` and `catalog` (all three must outlive the result) with the defaults resolved.
SearchInputs makeSearchInputs(const Plan& plan, const ResolvedModel& model, const Catalog& catalog);

// Memory-only check, the light scoring path: GPU memory per GPU against the usable memory
// (GPU memory minus headroom), with `workload` already adjusted by workloadOnGpu (estimator.h). A configuration failing
// it cannot fit; one passing it still needs evaluateCandidate (host RAM, layout). `ratio` receives
// memory needed / usable.
bool fitsGpuMemory(const SearchInputs& inputs, const Workload& workload, const Hardware& hardware,
    const Configuration& config, double* ratio = nullptr, MemoryBreakdown* memory = nullptr);
// The same check for a training configuration from the basis of its split (memory_model.h: the saving levels of one
// split share everything else).
bool fitsGpuMemory(const SearchInputs& inputs, const TrainingMemoryBasis& basis, const Hardware& hardware,
    const Configuration& config, double* ratio = nullptr, MemoryBreakdown* memory = nullptr);

// A configuration with the split, saving levels and micro-batch set; data = GPUs / (tensor x pipeline x context).
// `expert` 0 takes the plan's expert degree where it divides the replicas; `virtualStages` 0 the plan's.
Configuration makeConfiguration(const Hardware& hardware, int tensor, int pipeline, const SavingLevels& levels,
    int microBatch, int accumulation, const Workload& workload, int context = 1, int expert = 0, int virtualStages = 0);
// Sets the saving levels of `config` (ZeRO stage, offload, checkpointing): makeConfiguration's only fields that
// depend on them, so a split's configuration is made once and re-levelled per level.
void setSavingLevels(Configuration& config, const SavingLevels& levels);

// The least memory-saving configuration that fits `hardware` at micro-batch 1 (ZeRO-3 without offload,
// then optimizer offload, then parameters too; full checkpointing), verified by evaluateCandidate
// with `plan` (whose workload may differ from the searched plan's). nullopt when none fits.
// `allowOffload` false stops before offloading (a fit that keeps everything on the GPUs).
std::optional<CandidateResult> smallestFootprintFit(
    const SearchInputs& inputs, const Plan& plan, const Hardware& hardware, bool allowOffload = true);

// Smallest node count in [fromNodes, toNodes] at which `candidate` fits (smallestFootprintFit, the planner's grid
// rules, verified by evaluateCandidate). Stable: the memory floor is bisected over 1..kMaxAdviceNodes whatever the
// range asked, then node counts are tried in order from there. nullopt when none in the range fits.
std::optional<CandidateResult> smallestFittingNodes(const SearchInputs& inputs, const Plan& plan,
    const CandidateSpec& candidate, int fromNodes, int toNodes, bool allowOffload = true);

// Why nothing fits, as the constraint that binds the configuration shown (`closestMiss`, the evaluated
// configuration that came closest): "weights_exceed_memory" (its weights per GPU alone exceed the usable memory),
// "activations_exceed_memory" (one sequence's activations exceed it: no node count helps), the estimator's
// failure ("host_memory_exceeded", ...), or "memory_exceeds_capacity" (with `nodes_ceiling` when no node count up
// to kMaxAdviceNodes fits). When `moreNodes` (a fit beyond the limit) exists: "needs_more_nodes" with the
// binding code in `limit_code` and its arguments.
FitFailure explainNoFit(const SearchInputs& inputs, const Hardware& hardware, const CandidateResult& closestMiss,
    const std::optional<CandidateResult>& moreNodes, int nodeLimit);

// Verified changes that make `candidate` fit: suggest_more_gpus, suggest_larger_gpu, suggest_lora,
// suggest_qlora, and, when the plan's configuration is used as given (search disabled),
// suggest_checkpointing, suggest_zero and suggest_offload. `nodeLimit` is the most nodes searched.
// `firstNodes`..`nodeLimit` is the node range searched; `asConfigured` the plan's own configuration on
// `configuredHardware` when the search is disabled.
std::vector<Diagnostic> suggestFits(const SearchInputs& inputs, const CandidateSpec& candidate,
    const Hardware& hardware, const std::optional<CandidateResult>& moreNodes, int firstNodes, int nodeLimit,
    const std::optional<Configuration>& asConfigured, const Hardware* configuredHardware);

} // namespace gp
