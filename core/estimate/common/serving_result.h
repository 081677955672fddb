// What the serving model answers for one candidate (workload.mode "serving"); names follow the serving
// contract (docs/plan-format.md "Serving results").
#pragma once

#include "base/diagnostic.h"
#include "plan/billing_modes.h"

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

// One pool of a disaggregated deployment (prefill or decode): its replicas, their layout and operating point.
struct ServingPool {
    int replicas = 0;
    int tensor = 1;
    int pipeline = 1;
    int gpusPerReplica = 1;
    double requestsPerSecond = 0; // per replica
    double concurrency = 0; // requests in flight per replica
    std::int64_t maxConcurrency = 0; // requests of full length one replica's KV cache holds
    double ttftSeconds = 0; // prefill pool: overhead + wait + prefill; decode pool: its wait and first step
    double tpotSeconds = 0; // decode pool
    double utilization = 0; // offered rate / the largest one replica sustains
    std::string limit; // what bounds the pool: kv_cache | ttft | tpot | compute | memory_bandwidth | max_num_seqs
    // Pools on two catalog instances (serving.deployment.mixed_instances): this pool's instance, its GPU and nodes;
    // empty when both pools share the candidate.
    std::string instance;
    std::string gpuName;
    int nodes = 0;
};

// The KV cache of one request's prompt moved from its prefill replica to its decode replica.
struct KvTransfer {
    double bytesPerRequest = 0; // the prompt's KV cache, every layer and head
    std::string link; // nvlink | pcie (one node) | rdma | tcp (between nodes)
    double lineGbps = 0; // the link's line rate this transfer uses, Gbit/s
    double achievedGBps = 0; // at the catalog's achieved fraction of that link, GB/s
    double seconds = 0; // one request's transfer, latency included (never below bytes / line rate)
    double waitSeconds = 0; // mean wait for the link busy with other requests' transfers
    double utilization = 0; // share of the time one prefill replica's link is busy
};

// Prefill and decode apart (xPyD): the two pools and the transfer between them.
struct ServingDisaggregation {
    ServingPool prefill;
    ServingPool decode;
    KvTransfer transfer;
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
    double kvLayers = 0; // layers that keep keys and values (a hybrid's attention layers)
    double modelLayers = 0; // all of the model's layers
    double stateBytesPerRequest = 0; // a hybrid's recurrent state per request per GPU (0 without recurrent layers)
    std::int64_t kvCacheTokens = 0; // one replica's KV capacity in whole blocks
    std::int64_t maxConcurrency = 0; // requests of full length one replica holds
    double kvCapacityRequests = 0; // kvCacheTokens / full length (vLLM's "Maximum concurrency: 11.55x")
    std::int64_t requestTokens = 0; // full length of one request: max_model_len, else prompt + output
    std::string engineName; // serving.engine.name the replica runs (vllm, sglang, tensorrt-llm)
    int maxNumSeqs = 0;
    int maxNumBatchedTokens = 0;
    int blockSize = 0;

    // Speculative decoding (serving.speculative; empty method and zeros without it).
    std::string speculativeMethod; // eagle | eagle3 | mtp
    int draftTokens = 0; // k drafted per request and step
    double acceptanceRate = 0; // alpha per drafted token
    double tokensPerStep = 0; // tokens a decoding request gains per verification step: (1 - alpha^(k+1)) / (1 - alpha)
    double draftWeightBytes = 0; // per GPU, part of weightBytes
    double draftKvBytesPerToken = 0; // per GPU, part of kvBytesPerToken
    double speculativeSpeedupAtOne = 0; // time per output token without / with it, one request decoding alone
    double speculativeSpeedup = 0; // the same at the operating point's requests in flight
    int speculationPaysUpTo = 0; // largest batch at which it is faster (0: never; the capacity: at every batch)

    // Prefix caching by workload shape (serving.prefix_cache; empty shape without it).
    std::string prefixShape; // system_prompt | multi_turn | rag
    double prefixIdealHitRate = 0; // the shape's, the cache holding all it needs
    double prefixHitRate = 0; // at the operating point, after the cache's capacity
    double prefixSavedTokens = 0; // prompt tokens a request does not prefill
    double prefixSavedSeconds = 0; // their prefill compute, per request
    double prefixHeldTokens = 0; // KV the shape asks the cache to hold, per replica
    double prefixHeldBytes = 0; // the same in bytes, all GPUs of the replica
    double prefixGpuTokens = 0; // of them in the GPUs' free KV blocks
    double prefixOffloadTokens = 0; // in host memory (serving.prefix_cache.offload_gib)
    double prefixTransferSeconds = 0; // per request: loading its offloaded prefix (host memory and disk), in its TTFT
    double prefixDiskTokens = 0; // of the held tokens on local disk (serving.prefix_cache.disk_gib)
    double prefixDiskCapacityBytes = 0; // the replica's disk tier: disk_gib within its share of the local NVMe
    double prefixDiskReadGBps = 0; // the replica's share of the drives' read rate
    double prefixDiskSeconds = 0; // per request: reading its disk hits, part of prefixTransferSeconds

    // Many LoRA adapters (serving.lora; adapters 0 without them).
    int loraAdapters = 0; // distinct adapters the traffic uses
    int loraRank = 0;
    std::string loraTargets; // q_v | attention | all_linear
    int loraMaxLoras = 0; // adapters per replica in GPU slots (one batch's adapters at most)
    int loraMaxCpuLoras = 0; // adapters per replica in host memory
    double loraGpuBytes = 0; // per GPU, the slots (part of weightBytes)
    double loraAdapterBytes = 0; // one adapter whole
    double loraHostBytes = 0; // the host-memory adapters, per replica
    double loraBatchRequests = 0; // requests whose adapters fill the slots (INFINITY: no fewer slots than adapters)
    bool loraCapsBatch = false; // that batch is below the KV cache's and max_num_seqs's
    double loraDistinctAdapters = 0; // adapters a step of the operating point uses
    double loraSlowdown = 0; // decode step with the adapters' kernels over the step without them, at the point
    double loraMissShare = 0; // requests whose adapter must be loaded into a slot
    double loraLoadSeconds = 0; // one adapter's load over PCIe

    // Wide expert parallelism on the candidate's GPUs (serving.wide_ep; MoE models on two or more GPUs): one EP group
    // of all of them with data-parallel attention, against this result's tensor-parallel replicas, per GPU.
    struct WideEp {
        int ranks = 0; // GPUs of the group: EP size and attention data-parallel size
        int redundantExperts = 0; // EPLB's extra copies
        bool twoBatchOverlap = false;
        double weightBytesPerGpu = 0;
        double kvCacheTokensPerGpu = 0;
        int requestsPerGpu = 0; // what one GPU's KV cache (and the engine's cap) holds
        double replicaRequestsPerGpu = 0; // the tensor-parallel replica's capacity over its GPUs
        double batchPerGpu = 0; // the largest batch within the TPOT target (the capacity without one)
        double tpotSeconds = 0; // the decode step at that batch
        double allToAllSeconds = 0; // of it, dispatch and combine over every MoE layer
        double outputTokensPerSecondPerGpu = 0; // decode at that batch
        double replicaOutputTokensPerSecondPerGpu = 0; // the replicas' at their largest batch within the target
        bool better = false; // more output per GPU than the replicas
    };
    std::optional<WideEp> wideEp;

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
    std::optional<BillingMode> billingMode;
    std::optional<double> pricePerHour; // all instances
    std::optional<double> costPerMillionOutputTokens;
    std::optional<double> costPerMillionTokens; // input + output
    std::optional<double> monthlyCost;
    std::optional<BillingMode> monthlyBillingMode; // the mode the monthly bill is cheapest under
    std::optional<double> breakEvenHoursPerMonth; // monthly costs less than pay-as-you-go above these hours

    std::vector<ServingPoint> curve; // per replica, concurrency 1 .. the largest the replica holds

    // How the replicas split the work: "aggregated" (each replica prefills and decodes) or "disaggregated" (the
    // pools below; replicas = prefill + decode replicas, the per-replica figures above are the decode pool's).
    std::string deployment = "aggregated";
    std::optional<ServingDisaggregation> disaggregation;
    // Why the planner chose this deployment over the other (workload.serving.deployment.mode "auto" or
    // "disaggregated"): a code with its figures, words in docs/plan-format.md "Serving results".
    std::optional<Diagnostic> deploymentReason;
};

} // namespace gp
