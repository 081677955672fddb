// Inference speed: prefill (compute bound) and decode (bandwidth bound at small batches).
#pragma once

#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/common/results.h"
#include "plan/plan.h"
#include "transformer/model_library.h"

namespace gp
{

struct InferenceSpeed {
    double prefillSeconds = 0; // whole prompt of the whole batch
    double decodeStepSeconds = 0; // one new token for every sequence of the batch
    double decodeTokensPerSecond = 0; // batch x steps per second
    double decodeMemorySeconds = 0; // weights + KV cache read per step at achieved HBM bandwidth
    double decodeComputeSeconds = 0;
    double decodeCommunicationSeconds = 0; // tensor-parallel all-reduces per step
    double weightBytesPerGpu = 0; // weights one decode step reads on one GPU
    double kvBytesPerGpu = 0; // KV cache one decode step reads on one GPU (average context)
    Bottleneck bottleneck = Bottleneck::MemoryBandwidth;
};

// Prefill and decode speed of `workload.inference` for a batch of `config.microBatchSize` sequences with
// `config.tensor` GPUs per replica.
// `peakTflops` is the GPU's dense peak for the compute precision.
InferenceSpeed estimateInferenceSpeed(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const PerformanceDefaults& defaults, double peakTflops);

} // namespace gp
