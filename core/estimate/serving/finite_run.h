// A finite run of N requests through one replica (serving.traffic.requests), step by step as the engine schedules
// them: what a benchmark of N prompts measures, the long low-batch tail of the longest outputs included.
#pragma once

#include "estimate/common/serving_result.h"
#include "estimate/serving/engine_memory.h"
#include "estimate/serving/step_time.h"

#include <cstdint>

namespace gp
{

struct FiniteRun {
    double requests = 0;
    double makespanSeconds = 0; // first arrival to last token
    double outputTokens = 0;
    double meanTtftSeconds = 0, meanTpotSeconds = 0, meanLatencySeconds = 0;
    double meanInFlight = 0; // requests in the engine, averaged over the makespan
    ServingPercentiles ttft, tpot, itl, latency;
    bool completed = false; // false: a request does not fit the KV cache even alone
};

// The replica's share of the load: `kind` max sends all `requests` at once (`vllm bench throughput`), concurrency
// keeps `value` in flight (`--max-concurrency`), requests_per_second sends them at `value` per second with vLLM
// bench's gamma gaps (burstiness), rescaled so the last is sent at requests / rate as vLLM does. The engine runs at
// most `maxSeqs` requests whose full lengths, each as `charge` counts it, fit `kvTokens`, first come first served;
// `scheduling` an engine that steps and admits otherwise (SGLang: EngineScheduling).
FiniteRun runFinite(const ReplicaSteps& steps, ServingLoadKind kind, double value, std::int64_t requests, int maxSeqs,
    std::int64_t kvTokens, const KvCharge& charge = {}, const EngineScheduling& scheduling = {});

} // namespace gp
