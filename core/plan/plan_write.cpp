// Writes plans back to JSON, keeping fields this version does not know.
#include "base/embedded_files.h"
#include "plan/plan.h"
#include <cmath>
#include "plan/architecture_json.h"
#include "plan/plan_enum_tables.h"

namespace gp {

using nlohmann::json;
using namespace detail;

namespace {

json optionalNumber(const std::optional<double>& value)
{
    return value ? json(*value) : json(nullptr);
}

// Overwrites known keys of `target` with `source`, recursing into objects so unknown keys survive.
void mergeInto(json& target, const json& source)
{
    if (!target.is_object() || !source.is_object()) {
        target = source;
        return;
    }
    for (const auto& [key, value] : source.items()) {
        auto it = target.find(key);
        if (it != target.end() && it->is_object() && value.is_object())
            mergeInto(*it, value);
        else
            target[key] = value;
    }
}

} // namespace

json planToJson(const Plan& plan)
{
    const Workload& w = plan.workload;
    json model = json::object();
    if (!plan.model.preset.empty())
        model["preset"] = plan.model.preset;
    if (!plan.model.name.empty())
        model["name"] = plan.model.name;
    if (plan.model.architecture)
        model["architecture"] = givenArchitectureFields(plan.model);
    if (plan.model.parameters)
        model["parameters"] = *plan.model.parameters;

    json parallelism = {{"data", w.parallelism.data ? json(*w.parallelism.data) : json("auto")},
                        {"tensor", w.parallelism.tensor},
                        {"pipeline", w.parallelism.pipeline},
                        {"zero_stage", w.parallelism.zeroStage},
                        {"offload", nameOf(kOffloads, w.parallelism.offload)}};
    if (w.parallelism.sequenceParallel)
        parallelism["sequence_parallel"] = true;
    if (w.parallelism.expert != 1)
        parallelism["expert"] = w.parallelism.expert;
    if (w.parallelism.context != 1)
        parallelism["context"] = w.parallelism.context;
    if (w.parallelism.pipelineSchedule != PipelineSchedule::OneFOneB)
        parallelism["pipeline_schedule"] = nameOf(kPipelineSchedules, w.parallelism.pipelineSchedule);
    if (w.parallelism.virtualStages != 1)
        parallelism["virtual_stages"] = w.parallelism.virtualStages;
    json workload = {{"mode", nameOf(kModes, w.mode)},
                     {"objective", nameOf(kObjectives, w.objective)},
                     {"technique", nameOf(kTechniques, w.technique)},
                     {"precision", nameOf(kPrecisions, w.precision)},
                     {"weight_format", nameOf(kWeightFormats, w.weightFormat)},
                     {"optimizer", nameOf(kOptimizers, w.optimizer)},
                     {"lora", {{"rank", w.lora.rank}, {"target_modules", w.lora.targetModules}}},
                     {"activation_checkpointing", nameOf(kCheckpointing, w.activationCheckpointing)},
                     {"flash_attention", w.flashAttention},
                     {"attention_kernel", nameOf(kAttentionKernels, w.attentionKernel)},
                     {"loss_implementation", nameOf(kLossImplementations, w.lossImplementation)},
                     {"sequence_length", w.sequenceLength},
                     {"micro_batch_size", w.microBatchSize},
                     {"gradient_accumulation_steps", w.gradientAccumulationSteps},
                     {"global_batch_size", w.globalBatchSize ? json(*w.globalBatchSize) : json(nullptr)},
                     {"training_tokens", w.trainingTokens},
                     {"parallelism", parallelism},
                     {"inference",
                      {{"batch_size", w.inference.batchSize},
                       {"prompt_tokens", w.inference.promptTokens},
                       {"output_tokens", w.inference.outputTokens},
                       {"kv_cache_precision", nameOf(kKvPrecisions, w.inference.kvCachePrecision)}}}};
    if (w.technique == Technique::Freeze)
        workload["freeze_trainable_layers"] = w.freezeTrainableLayers;
    const bool servingInFile = plan.original.is_object() && plan.original.contains("workload")
                               && plan.original["workload"].is_object()
                               && plan.original["workload"].contains("serving");
    if (w.mode == Mode::Serving || servingInFile) {
        const ServingSpec& sv = w.serving;
        json load = sv.load.kind == ServingLoadKind::Max ? json("max")
                    : sv.load.kind == ServingLoadKind::Concurrency
                        ? json{{"concurrency", static_cast<std::int64_t>(std::llround(sv.load.value))}}
                        : json{{"requests_per_second", sv.load.value}};
        json slo = json::object();
        if (sv.slo.ttftSeconds)
            slo["ttft_seconds"] = *sv.slo.ttftSeconds;
        if (sv.slo.tpotSeconds)
            slo["tpot_seconds"] = *sv.slo.tpotSeconds;
        json engine = {{"prefix_cache_hit_rate", sv.engine.prefixCacheHitRate}};
        if (sv.engine.gpuMemoryUtilization)
            engine["gpu_memory_utilization"] = *sv.engine.gpuMemoryUtilization;
        if (sv.engine.maxNumSeqs)
            engine["max_num_seqs"] = *sv.engine.maxNumSeqs;
        if (sv.engine.maxNumBatchedTokens)
            engine["max_num_batched_tokens"] = *sv.engine.maxNumBatchedTokens;
        if (sv.engine.maxModelLen)
            engine["max_model_len"] = *sv.engine.maxModelLen;
        if (sv.engine.blockSize)
            engine["block_size"] = *sv.engine.blockSize;
        json serving = {{"prompt_tokens", sv.promptTokens},
                        {"output_tokens", sv.outputTokens},
                        {"load", load},
                        {"slo", slo},
                        {"engine", engine},
                        {"replicas", sv.replicas ? json(*sv.replicas) : json("auto")}};
        if (sv.kvCachePrecision)
            serving["kv_cache_precision"] = nameOf(kKvPrecisions, *sv.kvCachePrecision);
        if (sv.requestsPerMonth)
            serving["requests_per_month"] = *sv.requestsPerMonth;
        workload["serving"] = serving;
    }
    workload["master_weights"] = w.masterWeights;
    workload["paged_optimizer"] = w.pagedOptimizer;
    workload["torch_compile"] = w.torchCompile;
    workload["optimizer_in_backward"] = w.optimizerInBackward;
    if (w.bf16OptimizerStates)
        workload["bf16_optimizer_states"] = true;
    if (w.fp8Recipe != Fp8Recipe::Tensorwise)
        workload["fp8_recipe"] = nameOf(kFp8Recipes, w.fp8Recipe);
    if (w.fp8AllGather)
        workload["fp8_all_gather"] = true;
    if (w.checkpointedLayers)
        workload["activation_checkpointing_layers"] = *w.checkpointedLayers;

    json candidates = json::array();
    const json* originalCandidates = nullptr;
    if (plan.original.is_object() && plan.original.contains("candidates") && plan.original["candidates"].is_array())
        originalCandidates = &plan.original["candidates"];
    for (std::size_t index = 0; index < plan.candidates.size(); ++index) {
        const CandidateSpec& c = plan.candidates[index];
        // Unknown fields of the candidate at the same position survive; known ones are rewritten.
        json item = json::object();
        if (originalCandidates && index < originalCandidates->size() && (*originalCandidates)[index].is_object()) {
            item = (*originalCandidates)[index];
            for (const char* key : {"instance", "gpu", "gpus_per_node", "intra_node", "nodes", "inter_node_gbps",
                                    "price_per_hour", "label"})
                item.erase(key);
        }
        if (!c.instance.empty()) {
            item["instance"] = c.instance;
        } else {
            item["gpu"] = c.gpu;
            item["gpus_per_node"] = c.gpusPerNode;
            if (!c.intraNode.empty())
                item["intra_node"] = c.intraNode;
        }
        item["nodes"] = c.nodes ? json(*c.nodes) : json("auto");
        if (c.interNodeGbps)
            item["inter_node_gbps"] = *c.interNodeGbps;
        if (c.pricePerHour)
            item["price_per_hour"] = *c.pricePerHour;
        if (!c.label.empty())
            item["label"] = c.label;
        candidates.push_back(item);
    }
    const Assumptions& a = plan.assumptions;
    json assumptions = {{"compute_efficiency", optionalNumber(a.computeEfficiency)},
                        {"cuda_context_gib", optionalNumber(a.cudaContextGib)},
                        {"nccl_gib", optionalNumber(a.ncclGib)},
                        {"allocator_fraction", optionalNumber(a.allocatorFraction)},
                        {"headroom_fraction", optionalNumber(a.headroomFraction)},
                        {"memory_bandwidth_efficiency", optionalNumber(a.memoryBandwidthEfficiency)},
                        {"link_efficiency", optionalNumber(a.linkEfficiency)},
                        {"communication_overlap", optionalNumber(a.communicationOverlap)},
                        {"disk_throughput_mbps", optionalNumber(a.diskThroughputMBps)}};
    if (a.expertLoadImbalance)
        assumptions["expert_load_imbalance"] = *a.expertLoadImbalance;
    if (a.servingDecodeBandwidthEfficiency)
        assumptions["serving_decode_bandwidth_efficiency"] = *a.servingDecodeBandwidthEfficiency;
    if (a.servingPrefillComputeEfficiency)
        assumptions["serving_prefill_compute_efficiency"] = *a.servingPrefillComputeEfficiency;
    if (a.servingStepOverheadSeconds)
        assumptions["serving_step_overhead_seconds"] = *a.servingStepOverheadSeconds;
    const Billing& b = plan.billing;
    json billing = {{"currency", b.currency},
                    {"modes", b.modes},
                    {"exchange_rate", optionalNumber(b.exchangeRate)},
                    {"spot_interruptions_per_day", optionalNumber(b.spotInterruptionsPerDay)},
                    {"checkpoint_interval_hours", optionalNumber(b.checkpointIntervalHours)},
                    {"restart_minutes", optionalNumber(b.restartMinutes)},
                    {"storage_gib", optionalNumber(b.storageGib)},
                    {"reserved_term_months", b.reservedTermMonths ? json(*b.reservedTermMonths) : json(nullptr)}};
    if (!b.regions.empty())
        billing["regions"] = b.regions;
    if (b.priceDiscount)
        billing["price_discount"] = *b.priceDiscount;
    const SearchSpec& s = plan.search;
    json search = {{"enabled", s.enabled},
                   {"objective", nameOf(kSearchObjectives, s.objective)},
                   {"deadline_hours", optionalNumber(s.deadlineHours)},
                   {"budget", optionalNumber(s.budget)},
                   {"max_nodes", s.maxNodes}};

    json known = {{"format", "gpu-planner-plan"},
                  {"version", 1},
                  {"title", plan.title},
                  {"notes", plan.notes},
                  {"model", model},
                  {"workload", workload},
                  {"candidates", candidates},
                  {"assumptions", assumptions},
                  {"billing", billing},
                  {"search", search}};
    json document = plan.original.is_object() ? plan.original : json::object();
    // Sections this version rewrites completely (their content is fully known) are replaced, not merged,
    // so that removing a candidate or an architecture field really removes it.
    for (const char* key : {"candidates"})
        document.erase(key);
    if (document.contains("billing") && document["billing"].is_object())
        for (const char* key : {"regions", "price_discount"})
            document["billing"].erase(key); // a region or discount removed from the plan is removed from the file
    if (document.contains("model") && document["model"].is_object())
        document["model"].erase("architecture");
    if (document.contains("workload") && document["workload"].is_object() && document["workload"].contains("serving")
        && document["workload"]["serving"].is_object()) {
        // The load and the targets are rewritten whole: switching concurrency to a rate drops the concurrency.
        // Absent optional knobs are dropped too, so a knob set back to its default leaves the file.
        json& serving = document["workload"]["serving"];
        for (const char* key : {"load", "slo", "kv_cache_precision", "requests_per_month"})
            serving.erase(key);
        if (serving.contains("engine") && serving["engine"].is_object())
            for (const char* key : {"gpu_memory_utilization", "max_num_seqs", "max_num_batched_tokens", "max_model_len",
                                    "block_size"})
                serving["engine"].erase(key);
    }
    // Recipe fields written only when they differ from the default: one set back to it leaves the file too
    // (else the loaded file's value would come back on the next read).
    if (document.contains("workload") && document["workload"].is_object()) {
        json& workload = document["workload"];
        for (const char* key : {"bf16_optimizer_states", "activation_checkpointing_layers", "fp8_recipe", "fp8_all_gather"})
            workload.erase(key);
        if (workload.contains("parallelism") && workload["parallelism"].is_object())
            for (const char* key : {"sequence_parallel", "expert", "context", "pipeline_schedule", "virtual_stages"})
                workload["parallelism"].erase(key);
    }
    document.erase("answered_with"); // written whole, and only when the answer used a quote
    if (!plan.answeredWith.empty()) {
        json overrides = json::array();
        for (const OverrideUse& use : plan.answeredWith)
            overrides.push_back({{"instance", use.instance},
                                 {"status", use.status},
                                 {"currency", use.currency},
                                 {"on_demand_per_hour", optionalNumber(use.onDemandPerHour)},
                                 {"monthly", optionalNumber(use.monthly)}});
        known["answered_with"] = {{"overrides", overrides}};
    }
    mergeInto(document, known);
    if (!plan.model.parameters && document["model"].is_object())
        document["model"].erase("parameters");
    if (!plan.model.architecture && document["model"].is_object())
        document["model"].erase("architecture");
    return document;
}

std::string serializePlan(const Plan& plan)
{
    return planToJson(plan).dump(2) + "\n";
}

bool Plan::operator==(const Plan& other) const
{
    return planToJson(*this) == planToJson(other);
}

std::string_view defaultPlanText()
{
    return embeddedFile("plans/default.gpuplan");
}

std::string_view servingPlanText()
{
    return embeddedFile("plans/serving.gpuplan");
}

} // namespace gp
