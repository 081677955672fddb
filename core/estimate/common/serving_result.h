// What the serving model answers for one candidate (workload.mode "serving"); names follow the serving
// contract (docs/plan-format.md "Serving results").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gp
{

// One point of a replica's throughput-latency curve at a fixed number of requests in flight.
struct ServingPoint {
    double concurrency = 0;
    double outputTokensPerSecond = 0; // one replica, all its requests together
    double ttftSeconds = 0;
    double tpotSeconds = 0;
    double ttftP99Seconds = 0; // 99th percentiles at that point (serving.traffic's spreads)
    double tpotP99Seconds = 0;
};

// A latency's 50th, 90th and 99th percentiles over requests (per output gap for the inter-token latency).
struct ServingPercentiles {
    double p50 = 0, p90 = 0, p99 = 0;
};

struct ServingResult {
    // Engine memory per GPU (vLLM semantics): util x visible memory - weights - activation peak - non-torch.
    double visibleMemoryBytes = 0; // what CUDA reports as the device total
    double engineMemoryBytes = 0; // gpu_memory_utilization x visible
    double weightBytes = 0;
    double activationPeakBytes = 0; // the profiling pass's peak (forward at the token budget, sampler)
    double nonTorchBytes = 0;
    double kvBudgetBytes = 0; // may be negative: the engine does not start
    double kvBytesPerToken = 0; // per GPU (tensor-parallel share of the KV heads)
    std::int64_t kvCacheTokens = 0; // one replica's KV capacity in whole blocks
    std::int64_t maxConcurrency = 0; // requests of full length one replica holds
    double kvCapacityRequests = 0; // kvCacheTokens / full length (vLLM's "Maximum concurrency: 11.55x")
    std::int64_t requestTokens = 0; // full length of one request: max_model_len, else prompt + output
    std::string engineName; // serving.engine.name the replica runs (vllm, sglang, tensorrt-llm)
    int maxNumSeqs = 0;
    int maxNumBatchedTokens = 0;
    int blockSize = 0;

    // The operating point of one replica.
    double concurrency = 0; // requests in flight per replica
    double requestedConcurrency = 0; // what the load asks of one replica (concurrency load), before any cut
    bool concurrencyCut = false; // the KV cache or max_num_seqs holds fewer requests than the load asks
    double ttftSeconds = 0;
    double tpotSeconds = 0; // mean, prefill stalls of other requests included
    double decodeStepSeconds = 0; // one decode step at the operating point (the typical, median, inter-token gap)
    double prefillSeconds = 0; // one request's prefill without waiting
    double queueSeconds = 0; // mean wait for the prefill (open loop and closed loop)
    double requestLatencySeconds = 0;
    double outputTokensPerSecond = 0; // per replica
    double requestsPerSecond = 0; // per replica
    double utilization = 0; // rate load: offered / largest rate one replica sustains
    int replicas = 1;
    double totalOutputTokensPerSecond = 0;
    double totalRequestsPerSecond = 0;
    bool meetsSlo = true;
    std::string limit; // kv_cache | ttft | tpot | max_num_seqs | compute | memory_bandwidth
    double sloConcurrency = 0; // largest concurrency per replica meeting the SLO (0: none does)
    // Percentiles at the operating point (serving.traffic's spreads and arrivals; a finite run's own requests).
    ServingPercentiles ttftPercentiles, tpotPercentiles, itlPercentiles, latencyPercentiles;
    std::string sloStatistic = "mean"; // serving.slo.percentile the targets were checked at
    double kvOccupancy = 0; // share of the KV cache the requests in flight hold at the operating point
    double makespanSeconds = 0; // a finite run (serving.traffic.requests): from the first arrival to the last token
    double requestsInRun = 0; // that run's requests (0: a steady state)

    // Money, in the plan's currency under `billingMode` (the cheapest the plan allows for an always-on replica set).
    std::string billingMode;
    std::optional<double> pricePerHour; // all instances
    std::optional<double> costPerMillionOutputTokens;
    std::optional<double> costPerMillionTokens; // input + output
    std::optional<double> monthlyCost;
    std::string monthlyBillingMode; // the mode the monthly bill is cheapest under
    std::optional<double> breakEvenHoursPerMonth; // monthly costs less than pay-as-you-go above these hours

    std::vector<ServingPoint> curve; // per replica, concurrency 1 .. the largest the replica holds
};

} // namespace gp
