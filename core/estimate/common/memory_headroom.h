// Memory headroom per GPU: the one rule the window, the report, scenario comparisons and every output use.
#pragma once

#include "estimate/common/results.h"

namespace gp
{

// Bytes of GPU memory a candidate leaves free on each GPU; negative means it does not fit.
// Training and inference: usable memory (after the plan's safety margin) minus what the run needs.
// Serving: a serving engine takes its gpu_memory_utilization share of the GPU and its KV cache fills whatever of
// that share the weights, the activation peak and non-torch memory leave, so nothing inside the share is spare;
// the headroom is what the engine leaves outside it (visible memory - the share), or, when the weights and the
// rest exceed the share, the (negative) shortfall.
double memoryHeadroomBytes(const CandidateResult& result);

} // namespace gp
