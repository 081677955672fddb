// Warnings for questions that have no sensible answer however fast the hardware is: an optimizer step larger than
// the dataset, a sequence longer than the model's context, a run shorter than one step. Data (code + arguments);
// the window words them next to the field they concern.
#pragma once

#include "base/diagnostic.h"
#include "estimate/common/results.h"
#include "plan/plan.h"
#include "transformer/model_library.h"

namespace gp
{

// Tokens one optimizer step consumes with `config` (training: micro-batch x accumulation x data x sequence).
double tokensPerOptimizerStep(const Workload& workload, const Configuration& config);

// The plan's sanity warnings for one configuration, in a fixed order:
//   global_batch_exceeds_dataset   (args step_tokens, dataset_tokens, global_batch)
//   run_shorter_than_one_step      (args training_tokens, step_tokens)
//   sequence_exceeds_model_context (args sequence_length, max_positions)
// `epochs`: passes over the dataset (the dataset is training_tokens / epochs), see planEpochs().
Diagnostics sanityChecks(
    const ResolvedModel& model, const Workload& workload, const Configuration& config, double epochs = 1.0);
// The plan's `workload.epochs` (1 when absent or not a positive number).
double planEpochs(const Plan& plan);

} // namespace gp
