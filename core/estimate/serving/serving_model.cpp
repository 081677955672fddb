// Replicas from the SLO: concurrency loads split their requests over ceil(requests / largest concurrency meeting
// the SLO) replicas, rate loads over ceil(rate / per-replica rate) (AIConfigurator `recommend`: replicas =
// ceil(target / per-replica figure at the SLA)); a rate's per-replica figure is capped by llm-d's planner headroom
// over the replica's saturated throughput, with targets or without (replicasNeeded says why).
#include "estimate/serving/serving_model.h"
#include "estimate/serving/finite_run.h"
#include "estimate/serving/latency_percentiles.h"

#include "estimate/serving/prefix_cache.h"
#include "estimate/serving/wide_expert_parallel.h"
#include "estimate/time/communication_model.h"
#include "transformer/layers.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

std::string boundName(const LoadPoint& p)
{
    return p.computeBound ? "compute" : "memory_bandwidth";
}

// Whole concurrencies 1, 2, 4, ... up to `capacity` (and it), for the throughput-latency curve.
std::vector<double> curveConcurrencies(int capacity)
{
    std::vector<double> out;
    for (double c = 1; c < capacity; c *= 2)
        out.push_back(c);
    if (capacity >= 1)
        out.push_back(capacity);
    return out;
}

} // namespace

ServingReplica::ServingReplica(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const Assumptions& assumptions, const Catalog& catalog)
    : m_model(model)
    , m_hardware(hardware)
    , m_catalog(catalog)
    , m_config(config)
    , m_assumptions(assumptions)
    , m_workload(workload)
    , m_engine(engineSettings(workload, hardware.gpu, servingDefaults(catalog, assumptions), config.tensor))
    , m_defaults(servingDefaults(catalog, assumptions))
    , m_memory(engineMemory(model, workload, config, hardware, m_engine, m_defaults, assumptions, catalog))
    , m_steps(model, workload, config, hardware, m_engine, m_defaults, catalog, assumptions)
{
    m_capacity = int(std::clamp<std::int64_t>(m_memory.maxConcurrency, 0, m_engine.maxNumSeqs));
    // Many LoRA adapters: a batch runs the requests whose adapters fill max_loras slots (lora_adapters.h).
    if (m_engine.lora.on() && m_capacity >= 1) {
        const double filling = requestsFillingSlots(m_engine.lora.adapters, m_engine.lora.maxLoras);
        if (filling < m_capacity) {
            m_capacity = std::max(1, int(std::floor(filling + 1e-9)));
            m_loraCapped = true;
        }
    }
    m_kvLayers = kvCacheLayers(model.architecture);
    m_modelLayers = totalLayers(model.architecture);
}

int ServingReplica::replicasNeeded(const ServingSpec& spec) const
{
    if (m_capacity < 1)
        return 0;
    const bool targets = spec.slo.ttftSeconds || spec.slo.tpotSeconds;
    switch (spec.load.kind) {
    case ServingLoadKind::Max:
        return targets && m_loads.largestConcurrencyMeeting(spec.slo, m_capacity) < 1 ? 0 : 1;
    case ServingLoadKind::Concurrency: {
        const int perReplica = targets ? m_loads.largestConcurrencyMeeting(spec.slo, m_capacity) : m_capacity;
        if (perReplica < 1)
            return 0;
        return int(std::ceil(spec.load.value / perReplica - 1e-9));
    }
    case ServingLoadKind::RequestsPerSecond: {
        // One rule, with latency targets or without, for every pool that serves a rate (a prefill pool is sized here
        // too, disaggregation.cpp): a replica is planned at most at its saturated throughput over
        // serving.rate_headroom (llm-d-planner config_finder.py: replicas = ceil(1.2 x QPS / QPS per replica), its
        // "20% headroom" over a replica's measured rate, with the SLO or without), and a target can only lower that,
        // to the largest rate the queueing model says meets it. The queueing model's rate already holds the Poisson
        // bursts the target sees (their wait is in its TTFT), so the headroom is a ceiling beside it, not a second
        // divisor. No target is never dearer than a target, however loose (issue 44).
        const double ceiling = m_loads.closedLoop(m_capacity).requestsPerSecond / m_defaults.rateHeadroom;
        const double perReplica
            = targets ? std::min(ceiling, m_loads.largestRateMeeting(spec.slo, m_capacity)) : ceiling;
        if (!(perReplica > 0))
            return 0;
        const double n = std::ceil(spec.load.value / perReplica - 1e-9);
        return n > 1e6 ? 0 : std::max(1, int(n));
    }
    }
    return 1;
}

LoadPoint ServingReplica::operatingPoint(const ReplicaLoads& loads, const ServingSpec& spec, ServingResult& r) const
{
    const std::string capacityLimit = m_loraCapped       ? "max_loras"
        : m_memory.maxConcurrency <= m_engine.maxNumSeqs ? "kv_cache"
                                                         : "max_num_seqs";
    LoadPoint p;
    switch (spec.load.kind) {
    case ServingLoadKind::Max:
        p = loads.closedLoop(m_capacity);
        r.limit = p.saturated ? boundName(p) : capacityLimit;
        break;
    case ServingLoadKind::Concurrency: {
        r.requestedConcurrency = std::ceil(spec.load.value / r.replicas - 1e-9);
        const double c = std::min<double>(r.requestedConcurrency, m_capacity);
        r.concurrencyCut = c < r.requestedConcurrency;
        p = loads.closedLoop(c);
        r.limit = r.concurrencyCut ? capacityLimit : boundName(p);
        break;
    }
    case ServingLoadKind::RequestsPerSecond: {
        const double rate = spec.load.value / r.replicas;
        p = loads.openLoop(rate, m_capacity);
        const double ceiling = loads.closedLoop(m_capacity).requestsPerSecond;
        r.utilization = ceiling > 0 ? rate / ceiling : INFINITY;
        r.limit = p.stable ? boundName(p) : capacityLimit;
        break;
    }
    }
    return p;
}

void ServingReplica::applyPrefixCache(const ServingSpec& spec, LoadPoint& p, ServingResult& r) const
{
    if (spec.prefixCache.shape == PrefixShape::None)
        return;
    const PrefixDemand demand = prefixDemand(spec, m_engine.blockSize);
    // The running requests' own KV (their shared prefix blocks are the cache's, held once).
    const double perRequest = m_steps.promptTokens() + m_steps.outputTokens() / 2 - demand.sharedInFlight;
    const double room = double(m_memory.kvCacheTokens) - p.concurrency * std::max(0.0, perRequest);
    const int gpus = std::max(1, m_config.tensor) * std::max(1, m_config.pipeline);
    const double pcie = pcieGBps(m_hardware, m_catalog, m_steps.performance()) * 1e9;
    const PrefixDiskTier disk = prefixDiskTier(spec.prefixCache.diskGib, m_hardware.localNvmeBytes,
        m_hardware.localNvmeDrives, gpus, m_hardware.gpusPerNode, m_defaults.nvmeReadBytesPerSecondPerDrive);
    PrefixCacheUse use = prefixCacheUse(demand, spec, p.requestsPerSecond, room, m_memory.kvBytesPerToken, gpus,
        { std::isfinite(pcie) ? pcie : 0.0, disk.bytes, disk.readBytesPerSecond });
    if (use.hitRate < use.idealHitRate - 1e-9) {
        // Less is held than the shape reuses: the point again with the prefill the misses add.
        EngineSettings engine = m_engine;
        engine.prefixCacheHitRate = use.hitRate;
        const ReplicaSteps steps(
            m_model, m_workload, m_config, m_hardware, engine, m_defaults, m_catalog, m_assumptions);
        const ReplicaLoads loads(steps);
        ServingResult again = r;
        p = operatingPoint(loads, spec, again);
        r.limit = again.limit;
        r.utilization = again.utilization;
    }
    p.ttftSeconds += use.transferSeconds;
    p.latencySeconds += use.transferSeconds;
    r.prefixShape = std::string(toString(spec.prefixCache.shape));
    r.prefixIdealHitRate = use.idealHitRate;
    r.prefixHitRate = use.hitRate;
    r.prefixSavedTokens = use.hitRate * m_steps.promptTokens();
    r.prefixSavedSeconds = r.prefixSavedTokens * m_steps.prefillSecondsPerToken();
    r.prefixHeldTokens = use.heldTokens;
    r.prefixHeldBytes = use.heldTokens * m_memory.kvBytesPerToken * gpus;
    r.prefixGpuTokens = use.gpuTokens;
    r.prefixOffloadTokens = use.offloadTokens;
    r.prefixTransferSeconds = use.transferSeconds;
    r.prefixDiskTokens = use.diskTokens;
    r.prefixDiskCapacityBytes = disk.bytes;
    r.prefixDiskReadGBps = disk.readBytesPerSecond / 1e9;
    r.prefixDiskSeconds = use.diskSeconds;
}

ServingResult ServingReplica::serve(const ServingSpec& spec, int replicas, bool curve) const
{
    ServingResult r;
    const EngineMemory& m = m_memory;
    r.visibleMemoryBytes = m.visibleBytes;
    r.engineMemoryBytes = m.engineBytes;
    r.weightBytes = m.weightBytes;
    r.activationPeakBytes = m.activationPeakBytes;
    r.nonTorchBytes = m.nonTorchBytes;
    r.kvBudgetBytes = m.kvBudgetBytes;
    r.kvBytesPerToken = m.kvBytesPerToken;
    r.kvLayers = m_kvLayers;
    r.modelLayers = m_modelLayers;
    r.stateBytesPerRequest = m.stateBytesPerRequest;
    r.kvCacheTokens = m.kvCacheTokens;
    r.maxConcurrency = m.maxConcurrency;
    r.kvCapacityRequests = m.kvCapacityRequests;
    r.requestTokens = m_engine.requestTokens;
    r.engineName = std::string(toString(m_engine.kind));
    r.maxNumSeqs = m_engine.maxNumSeqs;
    r.maxNumBatchedTokens = m_engine.maxNumBatchedTokens;
    r.blockSize = m_engine.blockSize;
    r.replicas = std::max(1, replicas);
    const bool targets = spec.slo.ttftSeconds || spec.slo.tpotSeconds;
    if (m_capacity < 1) {
        r.meetsSlo = false;
        r.limit = "kv_cache";
        return r;
    }
    if (targets)
        r.sloConcurrency = m_loads.largestConcurrencyMeeting(spec.slo, m_capacity);
    LoadPoint p = operatingPoint(m_loads, spec, r);
    applyPrefixCache(spec, p, r);
    r.concurrency = p.concurrency;
    r.ttftSeconds = p.ttftSeconds;
    r.tpotSeconds = p.tpotSeconds;
    r.decodeStepSeconds = p.decodeStepSeconds;
    r.prefillSeconds = p.prefillSeconds;
    r.queueSeconds = p.queueSeconds;
    r.requestLatencySeconds = p.latencySeconds;
    r.outputTokensPerSecond = p.outputTokensPerSecond;
    r.requestsPerSecond = p.requestsPerSecond;
    r.totalOutputTokensPerSecond = p.outputTokensPerSecond * r.replicas;
    r.totalRequestsPerSecond = p.requestsPerSecond * r.replicas;
    const LatencyPercentiles q = latencyPercentiles(m_steps, p);
    r.ttftPercentiles = q.ttft;
    r.tpotPercentiles = q.tpot;
    r.itlPercentiles = q.itl;
    r.latencyPercentiles = q.latency;
    r.sloStatistic = std::string(toString(spec.slo.percentile));
    r.meetsSlo = meetsSlo(m_steps, p, spec.slo);
    if (spec.traffic.requests)
        serveFiniteRun(r, spec);
    const double ttftAt = latencyStatistic(r.ttftSeconds, r.ttftPercentiles, spec.slo.percentile);
    const double tpotAt = latencyStatistic(r.tpotSeconds, r.tpotPercentiles, spec.slo.percentile);
    if (!r.meetsSlo && p.stable) {
        // Which target the operating point misses names the limit.
        if (spec.slo.ttftSeconds && ttftAt > *spec.slo.ttftSeconds)
            r.limit = "ttft";
        else if (spec.slo.tpotSeconds && tpotAt > *spec.slo.tpotSeconds)
            r.limit = "tpot";
    } else if (r.meetsSlo && targets && spec.load.kind != ServingLoadKind::Max && !r.concurrencyCut
        && r.sloConcurrency >= 1 && r.sloConcurrency < m_capacity && p.concurrency >= r.sloConcurrency - 1e-9) {
        // The operating point sits at the largest concurrency the SLO allows.
        const LoadPoint next = m_loads.closedLoop(r.sloConcurrency + 1);
        r.limit = spec.slo.ttftSeconds && next.ttftSeconds > *spec.slo.ttftSeconds ? "ttft" : "tpot";
    }
    if (m_engine.speculative.on()) {
        const SpeculativeSettings& spec = m_engine.speculative;
        r.speculativeMethod = std::string(toString(spec.method));
        r.draftTokens = spec.draftTokens;
        r.acceptanceRate = spec.acceptanceRate;
        r.draftWeightBytes = m.draftWeightBytes;
        r.draftKvBytesPerToken = m.draftKvBytesPerToken;
        const SpeculativePayoff payoff = speculativePayoff(m_steps, m_capacity, p.concurrency);
        r.tokensPerStep = payoff.tokensPerStep;
        r.speculativeSpeedupAtOne = payoff.speedupAtOne;
        r.speculativeSpeedup = payoff.speedupAt;
        r.speculationPaysUpTo = payoff.paysUpTo;
    }
    if (m_engine.lora.on())
        describeLora(p, r);
    if (m_model.architecture.numExperts > 1 && spec.wideEp.mode != WideEpMode::Off)
        compareWideEp(spec, r);
    // The KV cache the requests in flight hold: each at its mean context while it decodes (E[p] + E[g^2] / 2E[g]).
    const TrafficShape& t = m_steps.traffic();
    const double held = t.meanPrompt + t.meanOutput * (1 + t.outputScv) / 2;
    r.kvOccupancy = m.kvCacheTokens > 0 ? r.concurrency * m.kvCharge.tokens(held) / double(m.kvCacheTokens) : 0.0;
    if (curve)
        for (double c : curveConcurrencies(m_capacity)) {
            const LoadPoint q = m_loads.closedLoop(c);
            const LatencyPercentiles pq = latencyPercentiles(m_steps, q, false);
            r.curve.push_back({ c, q.outputTokensPerSecond, q.ttftSeconds, q.tpotSeconds, pq.ttft.p99, pq.tpot.p99 });
        }
    return r;
}

void ServingReplica::compareWideEp(const ServingSpec& spec, ServingResult& r) const
{
    // Wide EP over the candidate's GPUs beside these replicas, per GPU, each at its largest batch within the
    // TPOT target (decode steps only).
    const double gpus = std::max(1, m_config.tensor) * std::max(1, m_config.pipeline);
    ServingSlo tpotOnly;
    tpotOnly.tpotSeconds = spec.slo.tpotSeconds;
    tpotOnly.percentile = spec.slo.percentile;
    const int batch = tpotOnly.tpotSeconds ? m_loads.largestConcurrencyMeeting(tpotOnly, m_capacity) : m_capacity;
    const double step = batch >= 1 ? m_steps.decodeStepSeconds(batch) : 0.0;
    const double tokensPerGpu = step > 0 ? batch * m_steps.tokensPerDecodeStep() / step / gpus : 0.0;
    describeWideEp(r, tokensPerGpu, m_capacity / gpus, m_model, m_workload, m_hardware, m_assumptions, m_catalog);
}

void ServingReplica::describeLora(const LoadPoint& p, ServingResult& r) const
{
    const LoraSettings& lora = m_engine.lora;
    const int stages = std::max(1, m_config.pipeline);
    const double stageShare = layersPerStage(m_modelLayers, stages) / std::max(1.0, m_modelLayers);
    const LoraFootprint f = loraFootprint(m_model.architecture, lora, m_config.tensor, stageShare, loraElementBytes());
    r.loraAdapters = lora.adapters;
    r.loraRank = lora.rank;
    r.loraTargets = std::string(toString(lora.targets));
    r.loraMaxLoras = lora.maxLoras;
    r.loraMaxCpuLoras = lora.maxCpuLoras;
    r.loraGpuBytes = m_memory.loraBytes;
    r.loraAdapterBytes = f.adapterFileBytes;
    r.loraHostBytes = f.hostBytes;
    r.loraBatchRequests = requestsFillingSlots(lora.adapters, lora.maxLoras);
    r.loraCapsBatch = m_loraCapped;
    r.loraDistinctAdapters
        = std::min<double>(lora.maxLoras, expectedDistinctAdapters(lora.adapters, std::max(1.0, p.concurrency)));
    const double step = m_steps.decodeStepSeconds(p.concurrency);
    const double added = m_steps.loraSeconds(std::max(1.0, p.concurrency), 0.0);
    r.loraSlowdown = step > added ? step / (step - added) : 0.0;
    r.loraMissShare = m_steps.lora().missShare;
    r.loraLoadSeconds = m_steps.lora().loadSeconds;
}

void ServingReplica::serveFiniteRun(ServingResult& r, const ServingSpec& spec) const
{
    // The replica's share of the run: its requests and its share of the load.
    const double replicas = std::max(1, r.replicas);
    const std::int64_t requests = std::int64_t(std::ceil(double(*spec.traffic.requests) / replicas - 1e-9));
    const double value = spec.load.kind == ServingLoadKind::Concurrency
        ? std::min<double>(r.requestedConcurrency, m_capacity)
        : spec.load.value / replicas;
    // SGLang admits by its own rule against the pool (EngineScheduling), at most max_running_requests.
    const int seqs = m_engine.scheduling.prefillOnlySteps && !m_loraCapped ? m_engine.maxNumSeqs : m_capacity;
    const FiniteRun run = runFinite(m_steps, spec.load.kind, value, requests, std::max(1, seqs), m_memory.kvCacheTokens,
        m_memory.kvCharge, m_engine.scheduling);
    if (!run.completed || !(run.makespanSeconds > 0))
        return;
    r.requestsInRun = run.requests;
    r.makespanSeconds = run.makespanSeconds;
    r.concurrency = run.meanInFlight;
    r.ttftSeconds = run.meanTtftSeconds;
    r.tpotSeconds = run.meanTpotSeconds;
    r.requestLatencySeconds = run.meanLatencySeconds;
    r.decodeStepSeconds = run.itl.p50;
    r.requestsPerSecond = run.requests / run.makespanSeconds;
    r.outputTokensPerSecond = run.outputTokens / run.makespanSeconds;
    r.totalOutputTokensPerSecond = r.outputTokensPerSecond * r.replicas;
    r.totalRequestsPerSecond = r.requestsPerSecond * r.replicas;
    r.ttftPercentiles = run.ttft;
    r.tpotPercentiles = run.tpot;
    r.itlPercentiles = run.itl;
    r.latencyPercentiles = run.latency;
    const ServingSlo& slo = spec.slo;
    r.meetsSlo
        = !(slo.ttftSeconds && latencyStatistic(r.ttftSeconds, r.ttftPercentiles, slo.percentile) > *slo.ttftSeconds)
        && !(slo.tpotSeconds && latencyStatistic(r.tpotSeconds, r.tpotPercentiles, slo.percentile) > *slo.tpotSeconds);
}

} // namespace gp
