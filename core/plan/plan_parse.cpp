// Reads plan documents (spec: plan-format.md); every error names its field path.
#include "plan/plan.h"
#include "base/text_length.h"
#include "plan/architecture_json.h"
#include "base/json_reader.h"
#include "base/number_text.h"
#include "plan/limits.h"
#include "plan/plan_enum_tables.h"
#include "plan/scenarios.h"

#include <algorithm>
#include <cmath>

namespace gp {

using detail::JsonReader;
using nlohmann::json;
using namespace detail;

namespace {

using namespace limits;

// Characters, not bytes: a title in Chinese has the same limit as one in English.

bool readModel(const json& document, Plan& plan, JsonReader& root)
{
    const json* model = jsonChild(document, "model");
    if (!model) {
        root.fail("model", "is required (a preset, an architecture or a parameter count)");
        return false;
    }
    JsonReader r(*model, "model");
    r.string("preset", plan.model.preset);
    r.string("name", plan.model.name);
    r.optionalNumber("parameters", plan.model.parameters, 1, kMaxParameters);
    if (r.ok() && r.has("parameters") && !r.isNull("parameters") && *plan.model.parameters < 1e3)
        r.fail("parameters", "must be at least 1000, got " + formatExact(*plan.model.parameters));
    if (const json* arch = jsonChild(*model, "architecture"); arch && r.ok()) {
        auto a = readArchitecture(*arch, Architecture{}, "model.architecture");
        if (a) {
            plan.model.architecture = *a;
            plan.model.architectureJson = *arch; // which fields the file names (a partial override stays partial)
        } else {
            r.failPath(a.error().field, a.error().message);
        }
    }
    if (r.ok() && plan.model.preset.empty() && !plan.model.architecture && !plan.model.parameters)
        r.fail("preset", "the model needs a preset, an architecture or a parameter count");
    if (!r.ok()) {
        root.failPath(r.takeError().field, r.takeError().message);
        return false;
    }
    return true;
}

// workload.serving (spec: docs/plan-format.md "Serving"); the first error goes to `parent`.
void readServing(const json& object, ServingSpec& s, JsonReader& parent)
{
    JsonReader r(object, "workload.serving");
    r.integer("prompt_tokens", s.promptTokens, false, 1, kMaxSequence);
    r.integer("output_tokens", s.outputTokens, false, 1, kMaxSequence);
    if (r.ok() && r.has("load") && !r.isNull("load")) {
        const json& load = object["load"];
        if (load.is_string()) {
            if (load.get<std::string>() != "max")
                r.fail("load", "must be \"max\" or an object with \"concurrency\" or \"requests_per_second\", got \""
                                   + load.get<std::string>() + "\"");
            else
                s.load = {ServingLoadKind::Max, 0};
        } else if (!load.is_object()) {
            r.fail("load", "must be \"max\" or an object with \"concurrency\" or \"requests_per_second\", got "
                               + describeJsonType(load));
        } else {
            JsonReader l(load, "workload.serving.load");
            const bool concurrency = l.has("concurrency") && !l.isNull("concurrency");
            const bool rate = l.has("requests_per_second") && !l.isNull("requests_per_second");
            if (concurrency && rate)
                l.fail("requests_per_second", "give either \"concurrency\" or \"requests_per_second\", not both");
            else if (!concurrency && !rate)
                r.fail("load", "needs \"concurrency\" or \"requests_per_second\" (or write \"max\")");
            if (l.ok() && concurrency) {
                int n = 1;
                if (l.integer("concurrency", n, true, 1, 1 << 20))
                    s.load = {ServingLoadKind::Concurrency, double(n)};
            }
            if (l.ok() && rate) {
                double perSecond = 0;
                if (l.number("requests_per_second", perSecond, true, -1e300, 1e7)) {
                    if (!(perSecond > 0))
                        l.fail("requests_per_second", "must be > 0, got " + formatExact(perSecond));
                    else
                        s.load = {ServingLoadKind::RequestsPerSecond, perSecond};
                }
            }
            if (!l.ok())
                r.failPath(l.takeError().field, l.takeError().message);
        }
    }
    if (const json* slo = jsonChild(object, "slo"); slo && r.ok()) {
        JsonReader l(*slo, "workload.serving.slo");
        for (const char* key : {"ttft_seconds", "tpot_seconds"}) {
            std::optional<double>& out = std::string_view(key) == "ttft_seconds" ? s.slo.ttftSeconds : s.slo.tpotSeconds;
            if (l.optionalNumber(key, out, -1e300, 1e6) && out && !(*out > 0))
                l.fail(key, "must be > 0, got " + formatExact(*out));
        }
        if (!l.ok())
            r.failPath(l.takeError().field, l.takeError().message);
    }
    if (r.ok() && r.has("kv_cache_precision") && !r.isNull("kv_cache_precision")) {
        KvPrecision kv = KvPrecision::Bf16;
        if (r.enumeration("kv_cache_precision", kv, kKvPrecisions)) {
            if (kv == KvPrecision::Fp32 || kv == KvPrecision::Int4)
                r.fail("kv_cache_precision", "serving engines keep the KV cache in fp16, bf16, fp8 or int8, got \""
                                                 + std::string(toString(kv)) + "\"");
            else
                s.kvCachePrecision = kv;
        }
    }
    if (const json* engine = jsonChild(object, "engine"); engine && r.ok()) {
        JsonReader e(*engine, "workload.serving.engine");
        ServingEngine& en = s.engine;
        e.optionalNumber("gpu_memory_utilization", en.gpuMemoryUtilization, -1e300, 1e300);
        if (e.ok() && en.gpuMemoryUtilization && !(*en.gpuMemoryUtilization > 0 && *en.gpuMemoryUtilization <= 1))
            e.fail("gpu_memory_utilization", "must be > 0 and at most 1, got " + formatExact(*en.gpuMemoryUtilization));
        for (const char* key : {"max_num_seqs", "max_num_batched_tokens", "block_size"}) {
            if (!e.ok() || !e.has(key) || e.isNull(key))
                continue;
            int v = 1;
            if (e.integer(key, v, true, 1, 1 << 24)) {
                const std::string_view k(key);
                (k == "max_num_seqs" ? en.maxNumSeqs : k == "block_size" ? en.blockSize : en.maxNumBatchedTokens) = v;
            }
        }
        e.number("prefix_cache_hit_rate", en.prefixCacheHitRate, false, 0, 1);
        if (e.ok() && e.has("prefix_cache_hit_rate") && !e.isNull("prefix_cache_hit_rate") && en.prefixCacheHitRate >= 1)
            e.fail("prefix_cache_hit_rate", "must be below 1 (the last prompt token is always computed), got "
                                                + formatExact(en.prefixCacheHitRate));
        if (e.ok() && e.has("max_model_len") && !e.isNull("max_model_len")) {
            std::int64_t len = 1;
            if (e.integer("max_model_len", len, true, 2, kMaxSequence))
                en.maxModelLen = len;
        }
        if (!e.ok())
            r.failPath(e.takeError().field, e.takeError().message);
    }
    if (r.ok() && r.has("replicas") && !r.isNull("replicas")) {
        const json& replicas = object["replicas"];
        if (replicas.is_string()) {
            if (replicas.get<std::string>() != "auto")
                r.fail("replicas", "must be a positive integer or \"auto\", got \"" + replicas.get<std::string>() + "\"");
            else
                s.replicas.reset();
        } else {
            int n = 1;
            if (r.integer("replicas", n, true, 1, 1 << 16))
                s.replicas = n;
        }
    }
    r.optionalNumber("requests_per_month", s.requestsPerMonth, -1e300, 1e15);
    if (r.ok() && s.requestsPerMonth && !(*s.requestsPerMonth > 0))
        r.fail("requests_per_month", "must be > 0, got " + formatExact(*s.requestsPerMonth));
    if (r.ok() && s.engine.maxModelLen && *s.engine.maxModelLen < s.promptTokens + s.outputTokens)
        r.failPath("workload.serving.engine.max_model_len",
                   "must hold prompt_tokens + output_tokens (" + std::to_string(s.promptTokens + s.outputTokens)
                       + "), got " + std::to_string(*s.engine.maxModelLen));
    if (!r.ok())
        parent.failPath(r.takeError().field, r.takeError().message);
}

bool readWorkload(const json& document, Plan& plan, JsonReader& root)
{
    const json* workload = jsonChild(document, "workload");
    if (!workload)
        return true; // all defaults
    Workload& w = plan.workload;
    JsonReader r(*workload, "workload");
    r.enumeration("mode", w.mode, kModes);
    r.enumeration("objective", w.objective, kObjectives);
    r.enumeration("technique", w.technique, kTechniques);
    r.enumeration("precision", w.precision, kPrecisions);
    r.enumeration("weight_format", w.weightFormat, kWeightFormats);
    r.enumeration("optimizer", w.optimizer, kOptimizers);
    r.enumeration("activation_checkpointing", w.activationCheckpointing, kCheckpointing);
    r.boolean("flash_attention", w.flashAttention);
    r.enumeration("attention_kernel", w.attentionKernel, kAttentionKernels);
    r.enumeration("loss_implementation", w.lossImplementation, kLossImplementations);
    r.integer("sequence_length", w.sequenceLength, false, 1, kMaxSequence);
    r.integer("micro_batch_size", w.microBatchSize, false, 1, 1 << 16);
    r.integer("gradient_accumulation_steps", w.gradientAccumulationSteps, false, 1, 1 << 20);
    if (r.has("global_batch_size") && !r.isNull("global_batch_size")) {
        std::int64_t global = 1;
        if (r.integer("global_batch_size", global, true, 1, 1LL << 30))
            w.globalBatchSize = global;
    }
    r.number("training_tokens", w.trainingTokens, false, 1, 1e16);
    r.integer("freeze_trainable_layers", w.freezeTrainableLayers, false, 0, int(kMaxLayers));
    r.boolean("master_weights", w.masterWeights);
    r.boolean("paged_optimizer", w.pagedOptimizer);
    r.boolean("torch_compile", w.torchCompile);
    r.boolean("optimizer_in_backward", w.optimizerInBackward);
    r.boolean("bf16_optimizer_states", w.bf16OptimizerStates);
    r.enumeration("fp8_recipe", w.fp8Recipe, kFp8Recipes);
    r.boolean("fp8_all_gather", w.fp8AllGather);
    if (r.has("activation_checkpointing_layers") && !r.isNull("activation_checkpointing_layers")) {
        int layers = 0;
        if (r.integer("activation_checkpointing_layers", layers, true, 0, int(kMaxLayers))) {
            if (w.activationCheckpointing != Checkpointing::Full)
                r.fail("activation_checkpointing_layers", "applies to activation_checkpointing \"full\" only");
            else
                w.checkpointedLayers = layers;
        }
    }
    if (const json* lora = jsonChild(*workload, "lora"); lora && r.ok()) {
        JsonReader l(*lora, "workload.lora");
        l.integer("rank", w.lora.rank, false, 1, 65536);
        l.stringList("target_modules", w.lora.targetModules);
        if (l.ok() && w.lora.targetModules.empty())
            l.fail("target_modules", "must name at least one module (e.g. \"q_proj\" or \"all-linear\")");
        if (!l.ok())
            r.failPath(l.takeError().field, l.takeError().message);
    }
    if (const json* par = jsonChild(*workload, "parallelism"); par && r.ok()) {
        JsonReader p(*par, "workload.parallelism");
        ParallelismSpec& ps = w.parallelism;
        if (p.has("data") && !p.isNull("data")) {
            const json& data = (*par)["data"];
            if (data.is_string()) {
                if (data.get<std::string>() != "auto")
                    p.fail("data", "must be a positive integer or \"auto\", got " + describeJsonType(data));
                else
                    ps.data.reset();
            } else {
                int d = 1;
                if (p.integer("data", d, true, 1, 1 << 20))
                    ps.data = d;
            }
        }
        p.integer("tensor", ps.tensor, false, 1, 1024);
        p.integer("pipeline", ps.pipeline, false, 1, 1024);
        p.integer("zero_stage", ps.zeroStage, false, 0, 3);
        p.enumeration("offload", ps.offload, kOffloads);
        p.boolean("sequence_parallel", ps.sequenceParallel);
        p.integer("expert", ps.expert, false, 1, int(kMaxExperts));
        if (p.integer("context", ps.context, false, 1, kMaxContextParallel) && ps.context > 1) {
            if (const std::string problem = contextParallelProblem(ps.context, w.sequenceLength); !problem.empty())
                p.fail("context", problem);
            else if (w.mode != Mode::Training)
                p.fail("context", "applies to training only");
        }
        const bool scheduleGiven = p.has("pipeline_schedule");
        p.enumeration("pipeline_schedule", ps.pipelineSchedule, kPipelineSchedules);
        if (p.integer("virtual_stages", ps.virtualStages, false, 1, int(kMaxLayers)) && p.ok()) {
            if (ps.virtualStages > 1 && !scheduleGiven)
                ps.pipelineSchedule = PipelineSchedule::Interleaved;
            if (ps.virtualStages > 1 && ps.pipelineSchedule != PipelineSchedule::Interleaved)
                p.fail("virtual_stages", "more than 1 needs pipeline_schedule \"interleaved\"");
            else if (ps.pipelineSchedule == PipelineSchedule::Interleaved && ps.virtualStages < 2)
                p.fail("virtual_stages", "the interleaved schedule needs at least 2 model chunks per pipeline rank");
        }
        if (!p.ok())
            r.failPath(p.takeError().field, p.takeError().message);
    }
    if (const json* inf = jsonChild(*workload, "inference"); inf && r.ok()) {
        JsonReader i(*inf, "workload.inference");
        i.integer("batch_size", w.inference.batchSize, false, 1, 1 << 20);
        i.integer("prompt_tokens", w.inference.promptTokens, false, 1, kMaxSequence);
        i.integer("output_tokens", w.inference.outputTokens, false, 0, kMaxSequence);
        i.enumeration("kv_cache_precision", w.inference.kvCachePrecision, kKvPrecisions);
        if (!i.ok())
            r.failPath(i.takeError().field, i.takeError().message);
    }
    if (const json* serving = jsonChild(*workload, "serving"); serving && r.ok())
        readServing(*serving, w.serving, r);
    if (r.ok() && w.technique == Technique::Qlora && w.weightFormat == WeightFormat::Same)
        w.weightFormat = WeightFormat::Nf4; // QLoRA means a 4-bit NF4 base
    if (!r.ok()) {
        root.failPath(r.takeError().field, r.takeError().message);
        return false;
    }
    return true;
}

// answered_with.overrides: the quotes the window's answer used when it saved the plan (OverrideUse).
bool readAnsweredWith(const json& document, Plan& plan, JsonReader& root)
{
    const json* section = jsonChild(document, "answered_with");
    if (!section)
        return true;
    const json* list = section->is_object() ? jsonChild(*section, "overrides") : nullptr;
    if (!section->is_object() || (list && !list->is_array())) {
        root.fail("answered_with", "must be an object with an \"overrides\" array");
        return false;
    }
    for (std::size_t index = 0; list && index < list->size(); ++index) {
        JsonReader r((*list)[index], "answered_with.overrides[" + std::to_string(index) + "]");
        OverrideUse use;
        r.string("instance", use.instance, true);
        r.string("status", use.status, true);
        r.string("currency", use.currency);
        r.optionalNumber("on_demand_per_hour", use.onDemandPerHour, 0, 1e9);
        r.optionalNumber("monthly", use.monthly, 0, 1e12);
        if (r.ok() && use.status != "user" && use.status != "quoted")
            r.fail("status", "must be \"user\" or \"quoted\", got \"" + use.status + "\"");
        if (!r.ok()) {
            root.failPath(r.takeError().field, r.takeError().message);
            return false;
        }
        plan.answeredWith.push_back(std::move(use));
    }
    return true;
}

bool readCandidates(const json& document, Plan& plan, JsonReader& root)
{
    const json* list = jsonChild(document, "candidates");
    if (!list)
        return true;
    if (!list->is_array()) {
        root.fail("candidates", "must be an array");
        return false;
    }
    for (std::size_t index = 0; index < list->size(); ++index) {
        const std::string path = "candidates[" + std::to_string(index) + "]";
        const json& item = (*list)[index];
        JsonReader r(item, path);
        CandidateSpec c;
        r.string("instance", c.instance);
        r.string("gpu", c.gpu);
        r.string("label", c.label);
        r.integer("gpus_per_node", c.gpusPerNode, false, 1, 64);
        if (r.has("nodes") && !r.isNull("nodes")) {
            const json& nodes = item["nodes"];
            if (nodes.is_string()) {
                if (nodes.get<std::string>() != "auto")
                    r.fail("nodes", "must be a positive integer or \"auto\", got " + describeJsonType(nodes));
                else
                    c.nodes.reset();
            } else {
                int n = 1;
                if (r.integer("nodes", n, true, 1, 4096))
                    c.nodes = n;
            }
        }
        r.string("intra_node", c.intraNode);
        r.optionalNumber("inter_node_gbps", c.interNodeGbps, 0.001, 1e6);
        r.optionalNumber("price_per_hour", c.pricePerHour, 0, 1e9);
        if (r.ok() && c.instance.empty() && c.gpu.empty())
            r.fail("instance", "a candidate needs an \"instance\" id or a \"gpu\" id");
        if (r.ok() && !c.instance.empty() && !c.gpu.empty())
            r.fail("gpu", "give either \"instance\" or \"gpu\", not both");
        if (!r.ok()) {
            root.failPath(r.takeError().field, r.takeError().message);
            return false;
        }
        plan.candidates.push_back(std::move(c));
    }
    return true;
}

bool readSettings(const json& document, Plan& plan, JsonReader& root)
{
    if (const json* a = jsonChild(document, "assumptions")) {
        JsonReader r(*a, "assumptions");
        Assumptions& as = plan.assumptions;
        r.optionalNumber("compute_efficiency", as.computeEfficiency, 0.01, 1);
        r.optionalNumber("cuda_context_gib", as.cudaContextGib, 0, 64);
        r.optionalNumber("nccl_gib", as.ncclGib, 0, 64);
        r.optionalNumber("allocator_fraction", as.allocatorFraction, 0, 0.5);
        r.optionalNumber("headroom_fraction", as.headroomFraction, 0, 0.5);
        r.optionalNumber("memory_bandwidth_efficiency", as.memoryBandwidthEfficiency, 0.01, 1);
        r.optionalNumber("link_efficiency", as.linkEfficiency, 0.01, 1);
        r.optionalNumber("communication_overlap", as.communicationOverlap, 0, 1);
        r.optionalNumber("disk_throughput_mbps", as.diskThroughputMBps, 0.001, 1e7);
        r.optionalNumber("expert_load_imbalance", as.expertLoadImbalance, 1, 64);
        r.optionalNumber("serving_decode_bandwidth_efficiency", as.servingDecodeBandwidthEfficiency, 0.01, 1);
        r.optionalNumber("serving_prefill_compute_efficiency", as.servingPrefillComputeEfficiency, 0.01, 1);
        r.optionalNumber("serving_step_overhead_seconds", as.servingStepOverheadSeconds, 0, 1);
        if (!r.ok()) {
            root.failPath(r.takeError().field, r.takeError().message);
            return false;
        }
    }
    if (const json* b = jsonChild(document, "billing")) {
        JsonReader r(*b, "billing");
        Billing& bi = plan.billing;
        r.string("currency", bi.currency);
        if (r.ok() && bi.currency != "CNY" && bi.currency != "USD")
            r.fail("currency", "must be \"CNY\" or \"USD\", got \"" + bi.currency + "\"");
        if (r.ok() && b->is_object() && b->contains("modes") && !(*b)["modes"].is_null()) {
            std::vector<std::string> modes;
            r.stringList("modes", modes, true);
            if (r.ok() && modes.empty())
                r.fail("modes", "must name at least one billing mode (on_demand, monthly, reserved, spot)");
            for (std::size_t i = 0; r.ok() && i < modes.size(); ++i) {
                const auto& names = billingModeNames();
                const std::string path = "modes[" + std::to_string(i) + "]";
                if (std::find(names.begin(), names.end(), modes[i]) == names.end())
                    r.fail(path, "unknown billing mode \"" + modes[i]
                                     + "\"; expected on_demand, monthly, reserved or spot");
                else if (std::find(modes.begin(), modes.begin() + std::ptrdiff_t(i), modes[i]) != modes.begin() + std::ptrdiff_t(i))
                    r.fail(path, "\"" + modes[i] + "\" is listed twice");
            }
            if (r.ok())
                bi.modes = std::move(modes);
        }
        r.optionalNumber("exchange_rate", bi.exchangeRate, 0.0001, 10000);
        r.optionalNumber("spot_interruptions_per_day", bi.spotInterruptionsPerDay, 0, 1000);
        r.optionalNumber("checkpoint_interval_hours", bi.checkpointIntervalHours, 0.001, 10000);
        r.optionalNumber("restart_minutes", bi.restartMinutes, 0, 100000);
        r.optionalNumber("storage_gib", bi.storageGib, 0, 1e9);
        r.optionalNumber("price_discount", bi.priceDiscount, 0, kMaxPriceDiscount);
        if (const auto term = b->find("reserved_term_months"); r.ok() && term != b->end() && !term->is_null()) {
            const double months = term->is_number() ? term->get<double>() : 0;
            if (!term->is_number() || !std::isfinite(months) || months != std::floor(months) || months < 1
                || months > kMaxReservedTermMonths)
                r.fail("reserved_term_months", "must be a whole number of months from 1 to "
                                                   + std::to_string(kMaxReservedTermMonths) + " (12 = a 1-year term), got "
                                                   + (term->is_number() ? term->dump() : describeJsonType(*term)));
            else
                bi.reservedTermMonths = int(months);
        }
        if (const auto regions = b->find("regions"); r.ok() && regions != b->end() && !regions->is_null()) {
            if (!regions->is_object())
                r.fail("regions", "must be an object of provider -> region, got " + describeJsonType(*regions));
            for (auto it = regions->begin(); r.ok() && regions->is_object() && it != regions->end(); ++it) {
                if (!it.value().is_string() || it.value().get_ref<const std::string&>().empty())
                    r.failPath("billing.regions." + it.key(), "must be a region name such as \"us-east-1\", got "
                                                                  + describeJsonType(it.value()));
                else
                    bi.regions[it.key()] = it.value().get_ref<const std::string&>();
            }
        }
        if (!r.ok()) {
            root.failPath(r.takeError().field, r.takeError().message);
            return false;
        }
    }
    if (const json* s = jsonChild(document, "search")) {
        JsonReader r(*s, "search");
        SearchSpec& se = plan.search;
        r.boolean("enabled", se.enabled);
        r.enumeration("objective", se.objective, kSearchObjectives);
        r.optionalNumber("deadline_hours", se.deadlineHours, 0.001, 1e7);
        r.optionalNumber("budget", se.budget, 0.001, 1e15);
        r.integer("max_nodes", se.maxNodes, false, 1, 1024);
        if (r.ok() && se.objective == SearchObjective::CostUnderDeadline && !se.deadlineHours)
            r.fail("deadline_hours", "is required when the objective is \"cost-under-deadline\"");
        if (r.ok() && se.objective == SearchObjective::TimeUnderBudget && !se.budget)
            r.fail("budget", "is required when the objective is \"time-under-budget\"");
        if (!r.ok()) {
            root.failPath(r.takeError().field, r.takeError().message);
            return false;
        }
    }
    return true;
}

} // namespace

Expected<Plan> planFromJson(const json& document)
{
    JsonReader root(document, "");
    if (!root.ok())
        return Error{"", "a plan must be a JSON object"};
    std::string format;
    root.string("format", format, true);
    if (root.ok() && format != "gpu-planner-plan")
        root.fail("format", "must be \"gpu-planner-plan\", got \"" + format + "\"");
    std::int64_t version = 1;
    root.integer("version", version, true, 1, 1000000);
    if (root.ok() && version > 1)
        root.fail("version", "this plan was written by a newer GPU Planner (version " + std::to_string(version)
                                 + "); this one reads version 1");
    Plan plan;
    root.string("title", plan.title);
    if (root.ok() && utf8Length(plan.title) > std::size_t(kMaxTitleLength))
        root.fail("title", "must be at most " + std::to_string(kMaxTitleLength) + " characters, got "
                               + std::to_string(utf8Length(plan.title)));
    root.string("notes", plan.notes);
    if (root.ok() && utf8Length(plan.notes) > std::size_t(kMaxNotesLength))
        root.fail("notes", "must be at most " + std::to_string(kMaxNotesLength) + " characters, got "
                               + std::to_string(utf8Length(plan.notes)));
    if (root.ok())
        readModel(document, plan, root);
    if (root.ok())
        readWorkload(document, plan, root);
    if (root.ok())
        readCandidates(document, plan, root);
    if (root.ok())
        readSettings(document, plan, root);
    if (root.ok())
        readAnsweredWith(document, plan, root);
    if (!root.ok())
        return root.takeError();
    plan.original = document;
    if (auto problem = readScenarios(document, plan))
        return *problem;
    return plan;
}

Expected<Plan> parsePlan(std::string_view text)
{
    json document;
    if (auto problem = detail::parseJsonDocument(text, document))
        return Error{"", *problem};
    try {
        return planFromJson(document);
    } catch (const json::exception& error) {
        return Error{"", std::string("unreadable plan: ") + error.what()};
    }
}

} // namespace gp
