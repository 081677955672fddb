// Shared pieces of the memory model's implementation files (not part of the public API).
#pragma once

#include "base/finite_number.h"
#include "estimate/memory/memory_model.h"

namespace gp::memory_detail
{

// Bytes of the training activations and logits for one GPU.
struct ActivationMemory {
    double activations = 0;
    double logits = 0;
};

MemoryBreakdown estimateTraining(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const MemoryDefaults& defaults, const TrainingFramework& framework);
// The saving levels' part of a training estimate, over the rest computed once (memory_model.h).
MemoryBreakdown estimateTraining(const TrainingMemoryBasis& basis, const Configuration& config);
MemoryBreakdown estimateInference(
    const ResolvedModel& model, const Workload& workload, const Configuration& config, const MemoryDefaults& defaults);

// Finite, clamped positive value (guards NaN/inf/negative input).
inline double positive(double v, double fallback = 1)
{
    return (v > 0 && v < 1e300) ? v : fallback;
}

} // namespace gp::memory_detail
