// A serving engine's memory on one GPU (vLLM V1 semantics): the KV-cache budget left by the weights, the
// profiling pass's activation peak and non-torch memory, in whole pages, and how many requests it holds.
#pragma once

#include "estimate/common/hardware.h"
#include "estimate/common/results.h"
#include "estimate/serving/serving_defaults.h"
#include "transformer/model_library.h"

namespace gp
{

struct EngineMemory {
    double visibleBytes = 0; // device total as CUDA reports it (driver reservation removed)
    double engineBytes = 0; // gpu_memory_utilization x visible
    double weightBytes = 0;
    double activationPeakBytes = 0;
    double nonTorchBytes = 0;
    double kvBudgetBytes = 0; // engine - weights - activation peak - non-torch (negative: does not start)
    double kvBytesPerToken = 0; // one token on one GPU (its tensor share of the heads, its pipeline stage's layers)
    double stateBytesPerRequest = 0; // a hybrid's recurrent state, one per request on one GPU
    std::int64_t kvCacheTokens = 0;
    double kvCapacityRequests = 0; // kvCacheTokens / full request length
    std::int64_t maxConcurrency = 0;
};

// `workload` is the serving workload as run on the GPU; `config` gives tensor and pipeline.
EngineMemory engineMemory(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const EngineSettings& engine, const ServingDefaults& defaults,
    const Assumptions& assumptions, const Catalog& catalog);

} // namespace gp
