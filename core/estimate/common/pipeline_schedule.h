// The pipeline schedules (1F1B, interleaved, zero-bubble): idle share of a step and the micro-batches whose
// activations the first stage holds at once. One home for the memory model and the time model.
#pragma once

#include "estimate/common/results.h"

namespace gp {

// Pipeline bubble as a fraction of the busy compute time: (p - 1) / m for 1F1B, (p - 1) / (v m) interleaved,
// 0 for zero-bubble (ZB-H2); 0 without a pipeline. m = gradient accumulation steps (micro-batches per step).
double pipelineBubbleFraction(const Configuration& config);

// Micro-batches' activations the first stage keeps in flight (in units of one micro-batch through its layers):
// min(m, p) for 1F1B, min(m, p + (p - 1) / v) interleaved, min(m, 2p - 1) zero-bubble; 1 without a pipeline.
double pipelineInFlightMicroBatches(const Configuration& config);

} // namespace gp
