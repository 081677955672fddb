// Evaluates candidates: memory, time and cost joined into one CandidateResult each.
#pragma once

#include "base/expected.h"
#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/common/results.h"
#include "plan/plan.h"
#include "transformer/model_library.h"

#include <optional>
#include <vector>

namespace gp
{

// The workload as the models run it on `gpu`: a precision the GPU lacks runs as the nearest one it has
// (catalog/gpu_precision.h: precisionOnGpu).
Workload workloadOnGpu(const Workload& workload, const GpuSpec& gpu);

// One candidate in one configuration (the unit the planner scores).
CandidateResult evaluateCandidate(const ResolvedModel& model, const Plan& plan, const Hardware& hardware,
    const Configuration& config, const Catalog& catalog);

// The configuration the plan asks for on this hardware (data "auto" = all GPUs left by tensor x pipeline):
// the one place the plan's knob fields (workload.parallelism, micro-batch, accumulation, checkpointing,
// inference batch) become a Configuration. The models read the knobs from the Configuration only.
Expected<Configuration> configurationFromPlan(const Plan& plan, const Hardware& hardware);

// Whether the configuration can be laid out on the hardware (its GPUs, tensor parallelism within a node, the heads
// and layers it splits, a network between nodes): the failure when it cannot. The estimator's check, read by the
// planner for a plan's own layout too.
std::optional<FitFailure> layoutProblem(
    const ResolvedModel& model, const Configuration& config, const Hardware& hardware, bool serving = false);

// The training recipe's fields that the model bounds (empty when they fit it), naming the field:
// `workload.activation_checkpointing_layers` at most the model's layers, and an interleaved pipeline's model
// chunks (pipeline x virtual_stages; the planner's smallest pipeline, 2, while it chooses) at least one layer
// each; `workload.mtp_layers` in any mode (training only, full language-model training of a decoder whose
// architecture is known).
std::optional<Error> recipeProblem(const Plan& plan, const ResolvedModel& model);

struct PlanEstimate {
    ResolvedModel model;
    std::vector<CandidateResult> results; // in the plan's candidate order
};

// Evaluates every candidate as configured (`gpu-planner-cli estimate`). Candidate "auto" nodes use 1.
Expected<PlanEstimate> estimatePlan(const Plan& plan, const Catalog& catalog);

// The candidates of a plan: its list, or every catalog instance when the list is empty.
std::vector<CandidateSpec> planCandidates(const Plan& plan, const Catalog& catalog);

} // namespace gp
