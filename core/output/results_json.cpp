// JSON output of results and the catalog, with the names fixed by plan-format.md.
#include "output/results_json.h"
#include "output/json_numbers.h"

#include "base/finite_number.h"
#include "estimate/common/memory_headroom.h"

#include <cmath>

namespace gp
{

using nlohmann::json;

namespace
{

json argsToJson(const std::vector<std::pair<std::string, std::string>>& args)
{
    json object = json::object();
    for (const auto& [key, value] : args)
        object[key] = value;
    return object;
}

json diagnosticToJson(const Diagnostic& d)
{
    json j = { { "code", d.code }, { "message", d.message } };
    if (!d.args.empty())
        j["args"] = argsToJson(d.args);
    return j;
}

json modelToJson(const ResolvedModel& model)
{
    const Architecture& a = model.architecture;
    json warnings = json::array();
    for (const auto& w : model.warnings)
        warnings.push_back(diagnosticToJson(w));
    return { { "name", model.name }, { "parameters", model.parameters.total },
        { "active_parameters", model.parameters.activeAsPublished }, { "kind", toString(a.kind) },
        { "hidden_size", a.hiddenSize }, { "num_layers", a.numLayers }, { "num_attention_heads", a.numAttentionHeads },
        { "num_key_value_heads", a.kvHeads() }, { "intermediate_size", a.intermediateSize },
        { "vocab_size", a.vocabSize }, { "num_experts", a.numExperts }, { "experts_per_token", a.expertsPerToken },
        { "warnings", warnings } };
}

} // namespace

namespace
{

json servingPoolToJson(const ServingPool& p)
{
    json out = { { "replicas", p.replicas }, { "tensor", p.tensor }, { "pipeline", p.pipeline },
        { "gpus_per_replica", p.gpusPerReplica }, { "requests_per_second", jsonNumber(p.requestsPerSecond) },
        { "concurrency", jsonNumber(p.concurrency) }, { "max_concurrency", p.maxConcurrency },
        { "ttft_seconds", jsonNumber(p.ttftSeconds) }, { "tpot_seconds", jsonNumber(p.tpotSeconds) },
        { "utilization", jsonNumber(p.utilization) }, { "limit", p.limit } };
    if (!p.instance.empty()) { // pools on two catalog instances (serving.deployment.mixed_instances)
        out["instance"] = p.instance;
        out["gpu_name"] = p.gpuName;
        out["nodes"] = p.nodes;
    }
    return out;
}

// The deployment (docs/plan-format.md "Serving results": deployment, disaggregation, deployment_reason).
void addDeploymentJson(json& out, const ServingResult& s)
{
    out["deployment"] = s.deployment;
    if (s.disaggregation) {
        const KvTransfer& t = s.disaggregation->transfer;
        out["disaggregation"] = { { "prefill", servingPoolToJson(s.disaggregation->prefill) },
            { "decode", servingPoolToJson(s.disaggregation->decode) },
            { "kv_transfer",
                { { "bytes_per_request", jsonNumber(t.bytesPerRequest) }, { "link", t.link },
                    { "line_gbps", jsonNumber(t.lineGbps) },
                    { "achieved_gbytes_per_second", jsonNumber(t.achievedGBps) }, { "seconds", jsonNumber(t.seconds) },
                    { "wait_seconds", jsonNumber(t.waitSeconds) }, { "utilization", jsonNumber(t.utilization) } } } };
    }
    if (s.deploymentReason) {
        json args = json::object();
        for (const auto& [key, value] : s.deploymentReason->args)
            args[key] = value;
        out["deployment_reason"]
            = { { "code", s.deploymentReason->code }, { "message", s.deploymentReason->message }, { "args", args } };
    }
}

} // namespace

static json servingResultFiguresToJson(const ServingResult& s);

json servingResultToJson(const ServingResult& s)
{
    json out = servingResultFiguresToJson(s);
    addDeploymentJson(out, s);
    return out;
}

static json servingResultFiguresToJson(const ServingResult& s)
{
    json curve = json::array();
    for (const ServingPoint& p : s.curve)
        curve.push_back({ jsonNumber(p.concurrency), jsonNumber(p.outputTokensPerSecond), jsonNumber(p.ttftSeconds),
            jsonNumber(p.tpotSeconds) });
    const auto percentiles = [](const ServingPercentiles& p) {
        return json { { "p50", jsonNumber(p.p50) }, { "p90", jsonNumber(p.p90) }, { "p99", jsonNumber(p.p99) } };
    };
    json out = {
        { "kv_cache_tokens", s.kvCacheTokens },
        { "max_concurrency", s.maxConcurrency },
        { "concurrency", jsonNumber(s.concurrency) },
        { "ttft_seconds", jsonNumber(s.ttftSeconds) },
        { "tpot_seconds", jsonNumber(s.tpotSeconds) },
        { "request_latency_seconds", jsonNumber(s.requestLatencySeconds) },
        { "output_tokens_per_second", jsonNumber(s.outputTokensPerSecond) },
        { "requests_per_second", jsonNumber(s.requestsPerSecond) },
        { "replicas", s.replicas },
        { "meets_slo", s.meetsSlo },
        { "limit", s.limit },
        { "cost_per_million_output_tokens", jsonNumber(s.costPerMillionOutputTokens) },
        { "cost_per_million_tokens", jsonNumber(s.costPerMillionTokens) },
        { "monthly_cost", jsonNumber(s.monthlyCost) },
        { "curve", curve },
        // Beyond the contract: how the figures come about.
        { "kv_capacity_requests", jsonNumber(s.kvCapacityRequests) },
        { "request_tokens", s.requestTokens },
        { "kv_bytes_per_token", jsonNumber(s.kvBytesPerToken) },
        { "kv_layers", jsonNumber(s.kvLayers) },
        { "state_bytes_per_request", jsonNumber(s.stateBytesPerRequest) },
        { "engine_memory",
            { { "visible", jsonNumber(s.visibleMemoryBytes) }, { "engine", jsonNumber(s.engineMemoryBytes) },
                { "weights", jsonNumber(s.weightBytes) }, { "activation_peak", jsonNumber(s.activationPeakBytes) },
                { "non_torch", jsonNumber(s.nonTorchBytes) }, { "kv_cache", jsonNumber(s.kvBudgetBytes) } } },
        { "engine",
            { { "name", s.engineName }, { "max_num_seqs", s.maxNumSeqs },
                { "max_num_batched_tokens", s.maxNumBatchedTokens }, { "block_size", s.blockSize } } },
        { "requested_concurrency", jsonNumber(s.requestedConcurrency) },
        { "concurrency_cut", s.concurrencyCut },
        { "slo_concurrency", jsonNumber(s.sloConcurrency) },
        { "decode_step_seconds", jsonNumber(s.decodeStepSeconds) },
        { "prefill_seconds", jsonNumber(s.prefillSeconds) },
        { "queue_seconds", jsonNumber(s.queueSeconds) },
        { "utilization", jsonNumber(s.utilization) },
        { "total_output_tokens_per_second", jsonNumber(s.totalOutputTokensPerSecond) },
        { "total_requests_per_second", jsonNumber(s.totalRequestsPerSecond) },
        { "billing_mode", billingModeText(s.billingMode) },
        { "price_per_hour", jsonNumber(s.pricePerHour) },
        { "monthly_billing_mode", billingModeText(s.monthlyBillingMode) },
        { "break_even_hours_per_month", jsonNumber(s.breakEvenHoursPerMonth) },
        { "percentiles",
            { { "ttft_seconds", percentiles(s.ttftPercentiles) }, { "tpot_seconds", percentiles(s.tpotPercentiles) },
                { "itl_seconds", percentiles(s.itlPercentiles) },
                { "request_latency_seconds", percentiles(s.latencyPercentiles) } } },
        { "slo_statistic", s.sloStatistic },
        { "kv_occupancy", jsonNumber(s.kvOccupancy) },
        { "makespan_seconds", jsonNumber(s.makespanSeconds) },
        { "requests_in_run", jsonNumber(s.requestsInRun) },
    };
    if (!s.speculativeMethod.empty())
        out["speculative"] = { { "method", s.speculativeMethod }, { "draft_tokens", s.draftTokens },
            { "acceptance_rate", jsonNumber(s.acceptanceRate) }, { "tokens_per_step", jsonNumber(s.tokensPerStep) },
            { "draft_weight_bytes", jsonNumber(s.draftWeightBytes) },
            { "draft_kv_bytes_per_token", jsonNumber(s.draftKvBytesPerToken) },
            { "speedup_at_one", jsonNumber(s.speculativeSpeedupAtOne) },
            { "speedup", jsonNumber(s.speculativeSpeedup) }, { "pays_up_to", s.speculationPaysUpTo } };
    if (!s.prefixShape.empty())
        out["prefix_cache"] = { { "shape", s.prefixShape }, { "ideal_hit_rate", jsonNumber(s.prefixIdealHitRate) },
            { "hit_rate", jsonNumber(s.prefixHitRate) }, { "saved_prompt_tokens", jsonNumber(s.prefixSavedTokens) },
            { "saved_prefill_seconds", jsonNumber(s.prefixSavedSeconds) },
            { "held_tokens", jsonNumber(s.prefixHeldTokens) }, { "held_bytes", jsonNumber(s.prefixHeldBytes) },
            { "gpu_tokens", jsonNumber(s.prefixGpuTokens) }, { "offload_tokens", jsonNumber(s.prefixOffloadTokens) },
            { "transfer_seconds", jsonNumber(s.prefixTransferSeconds) },
            { "disk_tokens", jsonNumber(s.prefixDiskTokens) },
            { "disk_capacity_bytes", jsonNumber(s.prefixDiskCapacityBytes) },
            { "disk_read_gbps", jsonNumber(s.prefixDiskReadGBps) },
            { "disk_seconds", jsonNumber(s.prefixDiskSeconds) } };
    if (s.loraAdapters > 0)
        out["lora"] = { { "adapters", s.loraAdapters }, { "rank", s.loraRank }, { "targets", s.loraTargets },
            { "max_loras", s.loraMaxLoras }, { "max_cpu_loras", s.loraMaxCpuLoras },
            { "gpu_bytes", jsonNumber(s.loraGpuBytes) }, { "adapter_bytes", jsonNumber(s.loraAdapterBytes) },
            { "host_bytes", jsonNumber(s.loraHostBytes) },
            { "batch_requests", std::isfinite(s.loraBatchRequests) ? json(s.loraBatchRequests) : json(nullptr) },
            { "caps_batch", s.loraCapsBatch }, { "distinct_adapters", jsonNumber(s.loraDistinctAdapters) },
            { "slowdown", jsonNumber(s.loraSlowdown) }, { "miss_share", jsonNumber(s.loraMissShare) },
            { "load_seconds", jsonNumber(s.loraLoadSeconds) } };
    if (s.wideEp) {
        const ServingResult::WideEp& w = *s.wideEp;
        out["wide_ep"] = { { "ranks", w.ranks }, { "redundant_experts", w.redundantExperts },
            { "two_batch_overlap", w.twoBatchOverlap }, { "weight_bytes_per_gpu", jsonNumber(w.weightBytesPerGpu) },
            { "kv_cache_tokens_per_gpu", jsonNumber(w.kvCacheTokensPerGpu) }, { "requests_per_gpu", w.requestsPerGpu },
            { "replica_requests_per_gpu", jsonNumber(w.replicaRequestsPerGpu) },
            { "batch_per_gpu", jsonNumber(w.batchPerGpu) }, { "tpot_seconds", jsonNumber(w.tpotSeconds) },
            { "all_to_all_seconds", jsonNumber(w.allToAllSeconds) },
            { "output_tokens_per_second_per_gpu", jsonNumber(w.outputTokensPerSecondPerGpu) },
            { "replica_output_tokens_per_second_per_gpu", jsonNumber(w.replicaOutputTokensPerSecondPerGpu) },
            { "better", w.better } };
    }
    return out;
}

json configurationToJson(const Configuration& c)
{
    return { { "zero_stage", c.zeroStage }, { "activation_checkpointing", toString(c.checkpointing) },
        { "micro_batch_size", c.microBatchSize }, { "gradient_accumulation_steps", c.gradientAccumulationSteps },
        { "tensor", c.tensor }, { "pipeline", c.pipeline }, { "data", c.data }, { "context", c.context },
        { "pipeline_schedule", toString(c.pipelineSchedule) }, { "virtual_stages", c.virtualStages },
        { "offload", toString(c.offload) } };
}

json candidateResultToJson(const CandidateResult& r)
{
    const Configuration& c = r.configuration;
    const MemoryBreakdown& m = r.memory;
    const bool inference = r.decodeTokensPerSecond.has_value();
    json warnings = json::array();
    for (const auto& w : r.warnings)
        warnings.push_back(diagnosticToJson(w));
    json suggestions = json::array();
    for (const auto& s : r.suggestions)
        suggestions.push_back(diagnosticToJson(s));
    json modes = json::array();
    for (const auto& mode : r.cost.modes) {
        json curve = json::array();
        for (const auto& point : mode.curve)
            curve.push_back({ jsonNumber(point.days), jsonNumber(point.cost) });
        modes.push_back({ { "mode", billingModeCode(mode.mode) }, { "total", jsonNumber(mode.total) },
            { "finish_days", jsonNumber(mode.finishDays) }, { "price_source", mode.priceStatus }, { "curve", curve } });
    }
    json j = {
        { "candidate", r.candidate },
        { "gpu", r.gpu },
        { "gpu_name", r.gpuName },
        { "gpus_per_node", r.gpusPerNode },
        { "nodes", r.nodes },
        { "gpus", r.gpus },
        { "configuration", configurationToJson(c) },
        { "memory_per_gpu",
            { { "weights", jsonNumber(m.weights) }, { "gradients", jsonNumber(m.gradients) },
                { "optimizer", jsonNumber(m.optimizer) }, { "activations", jsonNumber(m.activations) },
                { "logits", jsonNumber(m.logits) }, { "kv_cache", jsonNumber(m.kvCache) },
                { "buffers", jsonNumber(m.buffers) }, { "allocator", jsonNumber(m.allocator) },
                { "runtime", jsonNumber(m.runtime) }, { "total", jsonNumber(m.total) } } },
        { "host_memory_per_node", jsonNumber(m.cpuBytes) },
        { "gpu_memory", jsonNumber(r.gpuMemory) },
        { "usable_memory", jsonNumber(r.usableMemory) },
        { "memory_headroom", jsonNumber(memoryHeadroomBytes(r)) },
        { "fits", r.fits },
        { "step_time",
            { { "compute", jsonNumber(r.step.compute) }, { "communication", jsonNumber(r.step.communication) },
                { "communication_intra_node", jsonNumber(r.step.communicationIntraNode) },
                { "communication_network", jsonNumber(r.step.communicationNetwork) },
                { "offload", jsonNumber(r.step.offload) }, { "data_loading", jsonNumber(r.step.dataLoading) },
                { "total", jsonNumber(r.step.total) } } },
        { "tokens_per_second", jsonNumber(r.tokensPerSecond) },
        { "model_flops_utilization", inference ? json(nullptr) : jsonNumber(r.modelFlopsUtilization) },
        { "training_hours", inference ? json(nullptr) : jsonNumber(r.trainingHours) },
        { "gpu_hours", inference ? json(nullptr) : jsonNumber(r.gpuHours) },
        { "goodput",
            inference ? json(nullptr)
                      : json { { "fraction", jsonNumber(r.goodput.fraction()) },
                          { "productive_hours", jsonNumber(r.goodput.productiveHours) },
                          { "evaluation_hours", jsonNumber(r.goodput.evaluationHours) },
                          { "checkpoint_hours", jsonNumber(r.goodput.checkpointHours) },
                          { "failure_hours", jsonNumber(r.goodput.failureHours) },
                          { "checkpoint_seconds", jsonNumber(r.goodput.checkpointSeconds) },
                          { "checkpoint_interval_hours", jsonNumber(r.goodput.checkpointIntervalHours) },
                          { "expected_failures", jsonNumber(r.goodput.expectedFailures) } } },
        { "training_flops", inference ? json(nullptr) : jsonNumber(r.trainingFlops) },
        { "decode_tokens_per_second", jsonNumber(r.decodeTokensPerSecond) },
        { "prefill_seconds", jsonNumber(r.prefillSeconds) },
        { "bottleneck", toString(r.bottleneck) },
        { "largest_overhead", r.largestOverhead ? json(toString(*r.largestOverhead)) : json(nullptr) },
        { "cost",
            { { "storage", jsonNumber(r.cost.storage) }, { "price_per_hour", jsonNumber(r.cost.pricePerHour) },
                { "break_even_days", jsonNumber(r.cost.breakEvenDays) },
                { "spot_extra_hours", jsonNumber(r.cost.spotExtraHours) },
                { "reserved_term_months",
                    r.cost.reservedTermMonths ? json(*r.cost.reservedTermMonths) : json(nullptr) },
                { "reserved_unused_hours", jsonNumber(r.cost.reservedUnusedHours) }, { "currency", r.cost.currency },
                { "price_source", r.cost.priceStatus }, { "price_citation", r.cost.priceSource },
                { "modes", modes } } },
        { "warnings", warnings },
    };
    for (const BillingModeSpec& mode : billingModes()) // cost.<code>: every mode's total, null when unpriced
        j["cost"][std::string(mode.code)] = jsonNumber(r.cost.total(mode.mode));
    if (r.serving)
        j["serving"] = servingResultToJson(*r.serving);
    if (r.failure)
        j["failure"] = { { "code", r.failure->code }, { "message", r.failure->message },
            { "args", argsToJson(r.failure->args) } };
    else
        j["failure"] = nullptr;
    j["suggestions"] = suggestions;
    return j;
}

json planEstimateToJson(const PlanEstimate& estimate)
{
    json results = json::array();
    for (const auto& r : estimate.results)
        results.push_back(candidateResultToJson(r));
    return { { "model", modelToJson(estimate.model) }, { "results", results } };
}

json planAnswerToJson(const PlanAnswer& answer)
{
    const PlanSearchResult& search = answer.search;
    json results = json::array();
    for (std::size_t i = 0; i < search.candidates.size(); ++i) {
        const CandidatePlan& candidate = search.candidates[i];
        const Standing& standing = answer.standings[i];
        json r = candidateResultToJson(candidate.best);
        json frontier = json::array();
        for (const auto& point : candidate.frontier)
            frontier.push_back({ { "hours", jsonNumber(point.hours) }, { "cost", jsonNumber(point.cost) },
                { "priced", point.priced }, { "nodes", point.nodes }, { "zero_stage", point.configuration.zeroStage },
                { "activation_checkpointing", toString(point.configuration.checkpointing) },
                { "micro_batch_size", point.configuration.microBatchSize }, { "tensor", point.configuration.tensor },
                { "pipeline", point.configuration.pipeline }, { "data", point.configuration.data },
                { "offload", toString(point.configuration.offload) }, { "context", point.configuration.context },
                { "pipeline_schedule", toString(point.configuration.pipelineSchedule) },
                { "virtual_stages", point.configuration.virtualStages } });
        r["pareto_frontier"] = frontier;
        r["configurations_evaluated"] = candidate.configurationsEvaluated;
        json reasons = json::array();
        for (const Diagnostic& d : standing.reasons)
            reasons.push_back(diagnosticToJson(d));
        r["ranking"] = { { "rank", standing.rank }, { "recommended", standing.recommended },
            { "meets_objective", candidate.meetsObjective }, { "priced", standing.figures.priced },
            { "billing_mode", standing.figures.mode ? json(billingModeCode(*standing.figures.mode)) : json(nullptr) },
            { "cost", standing.figures.priced ? jsonNumber(standing.figures.cost) : json(nullptr) },
            { "hours", jsonNumber(standing.figures.hours) }, { "reasons", reasons } };
        results.push_back(r);
    }
    json recommendation = nullptr;
    if (const CandidatePlan* best = answer.recommendation()) {
        const Standing& s = answer.standings[std::size_t(answer.recommended)];
        recommendation = { { "candidate", best->best.candidate },
            { "billing_mode", s.figures.mode ? json(billingModeCode(*s.figures.mode)) : json(nullptr) },
            { "cost", s.figures.priced ? jsonNumber(s.figures.cost) : json(nullptr) }, { "currency", answer.currency },
            { "hours", jsonNumber(s.figures.hours) },
            { "summary", answer.summary ? diagnosticToJson(*answer.summary) : json(nullptr) } };
    }
    json overrides = json::array();
    for (const OverrideUse& use : answer.overridesUsed)
        overrides.push_back({ { "instance", use.instance }, { "status", use.status }, { "currency", use.currency },
            { "on_demand_per_hour", jsonNumber(use.onDemandPerHour) }, { "monthly", jsonNumber(use.monthly) } });
    return { { "model", modelToJson(search.model) }, { "billing_modes", answer.billingModes },
        { "overrides_used", overrides }, { "recommendation", recommendation }, { "results", results },
        { "search",
            { { "configurations_evaluated", search.configurationsEvaluated }, { "seconds", search.seconds } } } };
}

json catalogToJson(const Catalog& catalog, bool includeGpus, bool includeInstances)
{
    auto optionalNumber = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
    json document = json::object();
    if (includeGpus) {
        json gpus = json::array();
        for (const auto& g : catalog.gpus) {
            gpus.push_back({ { "id", g.id }, { "name", g.name }, { "vendor", g.vendor },
                { "architecture", g.architecture }, { "class", g.gpuClass }, { "memory_bytes", g.memoryBytes },
                { "usable_memory_bytes", optionalNumber(g.usableMemoryBytes) },
                { "usable_memory_source", g.usableMemorySource }, { "memory_bandwidth_gbps", g.memoryBandwidthGBps },
                { "tflops",
                    { { "fp32", optionalNumber(g.tflops.fp32) }, { "tf32", optionalNumber(g.tflops.tf32) },
                        { "bf16", optionalNumber(g.tflops.bf16) }, { "fp16", optionalNumber(g.tflops.fp16) },
                        { "fp8", optionalNumber(g.tflops.fp8) }, { "fp4", optionalNumber(g.tflops.fp4) },
                        { "int8", optionalNumber(g.tflops.int8) }, { "int4", optionalNumber(g.tflops.int4) } } },
                { "nvlink", g.nvlink.empty() ? json(nullptr) : json(g.nvlink) }, { "pcie", g.pcie },
                { "tdp_watts", optionalNumber(g.tdpWatts) }, { "mig", g.mig.empty() ? json(nullptr) : json(g.mig) },
                { "estimated_fields", g.estimatedFields }, { "source", g.source }, { "as_of", g.asOf } });
            json profiles = json::array();
            for (const MigProfile& p : g.migProfiles)
                profiles.push_back({ { "name", p.name }, { "compute_slices", p.computeSlices },
                    { "memory_slices", p.memorySlices }, { "sms", p.sms }, { "memory_gib", p.memoryBytes / kGiB },
                    { "instances_per_gpu", p.instancesPerGpu }, { "source", p.source }, { "estimate", p.estimate } });
            gpus.back()["sm_count"] = g.smCount > 0 ? json(g.smCount) : json(nullptr);
            gpus.back()["mig_profiles"] = profiles;
        }
        document["gpus"] = gpus;
        json links = json::array();
        for (const auto& l : catalog.links)
            links.push_back({ { "id", l.id }, { "name", l.name }, { "kind", l.kind },
                { "bandwidth_gbps_per_direction", l.bandwidthGBpsPerDirection },
                { "achieved_fraction", l.achievedFraction }, { "source", l.source }, { "as_of", l.asOf } });
        document["links"] = links;
    }
    if (includeInstances) {
        json instances = json::array();
        for (const auto& i : catalog.instances) {
            auto priceJson = [&](const PriceSpec& p) {
                return json { { "currency", p.currency }, { "on_demand_per_hour", optionalNumber(p.onDemandPerHour) },
                    { "monthly", optionalNumber(p.monthly) }, { "spot_discount", optionalNumber(p.spotDiscount) },
                    { "reserved_discount", optionalNumber(p.reservedDiscount) }, { "status", p.status },
                    { "source", p.source }, { "as_of", p.asOf }, { "note", p.note },
                    { "region", priceRegion(catalog, i, p) }, { "in_reference_region", p.region.empty() },
                    { "zone", p.zone.empty() ? json(nullptr) : json(p.zone) } };
            };
            json otherPrices = json::array();
            for (const auto& other : i.otherPrices)
                otherPrices.push_back(priceJson(other));
            instances.push_back({ { "id", i.id }, { "provider", i.provider }, { "family", i.family },
                { "name", i.name }, { "gpu", i.gpu }, { "gpus", i.gpus }, { "vcpus", i.vcpus },
                { "memory_bytes", i.memoryBytes }, { "intra_node", i.intraNode }, { "network_gbps", i.networkGbps },
                { "rdma", i.rdma }, { "size_status", i.sizeEstimate ? "estimate" : "published" },
                { "network_status", i.networkEstimate ? "estimate" : "published" }, { "source", i.source },
                { "as_of", i.asOf }, { "price", priceJson(i.price) }, { "other_prices", otherPrices } });
            instances.back()["price"]["kept_from_catalog"] = i.price.keptFromCatalog;
            json stock = json::array();
            for (const auto& zone : i.availability)
                stock.push_back({ { "zone", zone.zone }, { "status", zone.status } });
            instances.back()["availability"] = stock;
        }
        document["instances"] = instances;
        json providers = json::array();
        for (const auto& p : catalog.providers)
            providers.push_back({ { "id", p.id }, { "name", p.name }, { "reference_region", p.referenceRegion },
                { "reference_region_note", p.referenceRegionNote },
                { "monthly_hours_by_family", p.monthlyHoursByFamily }, { "regions", providerRegions(catalog, p.id) },
                { "source", p.source }, { "as_of", p.asOf } });
        document["providers"] = providers;
    }
    if (!catalog.notices.empty())
        document["notices"] = catalog.notices;
    return document;
}

} // namespace gp
