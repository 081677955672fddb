// Reads plan documents (spec: plan-format.md); every error names its field path.
#include "plan/plan.h"
#include "plan/architecture_json.h"
#include "base/json_reader.h"
#include "base/number_text.h"
#include "plan/limits.h"
#include "plan/plan_enum_tables.h"

#include <algorithm>

namespace gp {

using detail::JsonReader;
using nlohmann::json;
using namespace detail;

namespace {

using namespace limits;

const json* child(const json& object, const char* key)
{
    if (!object.is_object())
        return nullptr;
    auto it = object.find(key);
    return (it == object.end() || it->is_null()) ? nullptr : &*it;
}

// Characters, not bytes: a title in Chinese has the same limit as one in English.
std::size_t utf8Length(const std::string& text)
{
    std::size_t count = 0;
    for (unsigned char c : text)
        count += (c & 0xC0) != 0x80 ? 1 : 0;
    return count;
}

bool readModel(const json& document, Plan& plan, JsonReader& root)
{
    const json* model = child(document, "model");
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
    if (const json* arch = child(*model, "architecture"); arch && r.ok()) {
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

bool readWorkload(const json& document, Plan& plan, JsonReader& root)
{
    const json* workload = child(document, "workload");
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
    if (const json* lora = child(*workload, "lora"); lora && r.ok()) {
        JsonReader l(*lora, "workload.lora");
        l.integer("rank", w.lora.rank, false, 1, 65536);
        l.stringList("target_modules", w.lora.targetModules);
        if (l.ok() && w.lora.targetModules.empty())
            l.fail("target_modules", "must name at least one module (e.g. \"q_proj\" or \"all-linear\")");
        if (!l.ok())
            r.failPath(l.takeError().field, l.takeError().message);
    }
    if (const json* par = child(*workload, "parallelism"); par && r.ok()) {
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
        if (!p.ok())
            r.failPath(p.takeError().field, p.takeError().message);
    }
    if (const json* inf = child(*workload, "inference"); inf && r.ok()) {
        JsonReader i(*inf, "workload.inference");
        i.integer("batch_size", w.inference.batchSize, false, 1, 1 << 20);
        i.integer("prompt_tokens", w.inference.promptTokens, false, 1, kMaxSequence);
        i.integer("output_tokens", w.inference.outputTokens, false, 0, kMaxSequence);
        i.enumeration("kv_cache_precision", w.inference.kvCachePrecision, kKvPrecisions);
        if (!i.ok())
            r.failPath(i.takeError().field, i.takeError().message);
    }
    if (r.ok() && w.technique == Technique::Qlora && w.weightFormat == WeightFormat::Same)
        w.weightFormat = WeightFormat::Nf4; // QLoRA means a 4-bit NF4 base
    if (!r.ok()) {
        root.failPath(r.takeError().field, r.takeError().message);
        return false;
    }
    return true;
}

bool readCandidates(const json& document, Plan& plan, JsonReader& root)
{
    const json* list = child(document, "candidates");
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
    if (const json* a = child(document, "assumptions")) {
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
        if (!r.ok()) {
            root.failPath(r.takeError().field, r.takeError().message);
            return false;
        }
    }
    if (const json* b = child(document, "billing")) {
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
    if (const json* s = child(document, "search")) {
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
    if (root.ok())
        readModel(document, plan, root);
    if (root.ok())
        readWorkload(document, plan, root);
    if (root.ok())
        readCandidates(document, plan, root);
    if (root.ok())
        readSettings(document, plan, root);
    if (!root.ok())
        return root.takeError();
    plan.original = document;
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
