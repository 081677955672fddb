// Reads plan documents (spec: plan-format.md); every error names its field path.
#include "base/error_words.h"
#include "base/json_reader.h"
#include "base/number_text.h"
#include "base/text_length.h"
#include "plan/architecture_json.h"
#include "plan/kv_layouts.h"
#include "plan/limits.h"
#include "plan/pipeline_layout.h"
#include "plan/plan.h"
#include "plan/plan_enum_tables.h"
#include "plan/plan_fields.h"
#include "plan/scenarios.h"

#include <algorithm>
#include <cmath>

namespace gp
{

using detail::JsonReader;
using nlohmann::json;
using namespace detail;

namespace
{

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
    r.boundedString("name", plan.model.name, std::size_t(kMaxShownNameLength));
    r.optionalNumber("parameters", plan.model.parameters, 1, kMaxParameters);
    if (r.ok() && r.has("parameters") && !r.isNull("parameters") && *plan.model.parameters < 1e3)
        r.fail("parameters", Words { words::kAtLeastGot, { "1000", formatExact(*plan.model.parameters) } });
    if (const json* arch = jsonChild(*model, "architecture"); arch && r.ok()) {
        auto a = readArchitecture(*arch, Architecture {}, "model.architecture");
        if (a) {
            plan.model.architecture = *a;
            plan.model.architectureJson = *arch; // which fields the file names (a partial override stays partial)
        } else {
            r.failWith(a.error());
        }
    }
    if (r.ok() && plan.model.preset.empty() && !plan.model.architecture && !plan.model.parameters)
        r.fail("preset", "the model needs a preset, an architecture or a parameter count");
    if (!r.ok()) {
        root.failWith(r.takeError());
        return false;
    }
    return true;
}

// workload.serving (spec: docs/plan-format.md "Serving"); the first error goes to `parent`.
void readServing(const json& object, Plan& plan, JsonReader& parent)
{
    ServingSpec& s = plan.workload.serving;
    JsonReader r(object, "workload.serving");
    readPlanFields(r, plan); // the scalars: lengths, KV precision, replicas, requests per month
    if (r.ok() && r.has("load") && !r.isNull("load")) {
        const json& load = object["load"];
        if (load.is_string()) {
            if (load.get<std::string>() != "max")
                r.fail("load",
                    "must be \"max\" or an object with \"concurrency\" or \"requests_per_second\", got \""
                        + load.get<std::string>() + "\"");
            else
                s.load = { ServingLoadKind::Max, 0 };
        } else if (!load.is_object()) {
            r.fail("load",
                "must be \"max\" or an object with \"concurrency\" or \"requests_per_second\", got "
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
                if (l.integer("concurrency", n, true, 1, int(kMaxServingConcurrency)))
                    s.load = { ServingLoadKind::Concurrency, double(n) };
            }
            if (l.ok() && rate) {
                double perSecond = 0;
                if (l.number("requests_per_second", perSecond, true, -1e300, kMaxRequestsPerSecond)) {
                    if (!(perSecond > 0))
                        l.fail("requests_per_second", Words { words::kAboveZeroGot, { formatExact(perSecond) } });
                    else
                        s.load = { ServingLoadKind::RequestsPerSecond, perSecond };
                }
            }
            if (!l.ok())
                r.failWith(l.takeError());
        }
    }
    if (const json* slo = jsonChild(object, "slo"); slo && r.ok()) {
        JsonReader l(*slo, "workload.serving.slo");
        readPlanFields(l, plan);
        if (!l.ok())
            r.failWith(l.takeError());
    }
    for (const char* section : { "speculative", "prefix_cache", "lora", "wide_ep" })
        if (const json* child = jsonChild(object, section); child && r.ok()) {
            JsonReader l(*child, std::string("workload.serving.") + section);
            readPlanFields(l, plan);
            if (!l.ok())
                r.failWith(l.takeError());
        }
    if (const json* traffic = jsonChild(object, "traffic"); traffic && r.ok()) {
        JsonReader t(*traffic, "workload.serving.traffic");
        readPlanFields(t, plan); // length shapes and spreads, burstiness, a finite run
        if (!t.ok())
            r.failWith(t.takeError());
    }
    if (r.ok() && s.kvCachePrecision
        && (*s.kvCachePrecision == KvPrecision::Fp32 || *s.kvCachePrecision == KvPrecision::Int4))
        r.fail("kv_cache_precision",
            "serving engines keep the KV cache in fp16, bf16, fp8 or int8 (llama.cpp also q8_0, q4_0), got \""
                + std::string(toString(*s.kvCachePrecision)) + "\"");
    if (const json* engine = jsonChild(object, "engine"); engine && r.ok()) {
        JsonReader e(*engine, "workload.serving.engine");
        ServingEngine& en = s.engine;
        readPlanFields(e, plan);
        e.string("version", en.version); // free text, recorded and shown; not a table scalar
        if (e.has("cuda_graph_batch_sizes") && !e.isNull("cuda_graph_batch_sizes")) {
            std::vector<int> sizes;
            if (e.increasingIntegerList("cuda_graph_batch_sizes", sizes, 1, int(kMaxEngineKnob)))
                en.cudaGraphBatchSizes = std::move(sizes);
        }
        if (e.ok() && en.prefixCacheHitRate >= 1)
            e.fail(
                "prefix_cache_hit_rate", Words { words::kBelowOneHitRateGot, { formatExact(en.prefixCacheHitRate) } });
        if (!e.ok())
            r.failWith(e.takeError());
    }
    if (const json* deployment = jsonChild(object, "deployment"); deployment && r.ok()) {
        JsonReader d(*deployment, "workload.serving.deployment"); // prefill and decode pools (plan-format "Serving")
        readPlanFields(d, plan);
        if (!d.ok())
            r.failWith(d.takeError());
    }
    if (r.ok() && s.engine.maxModelLen && *s.engine.maxModelLen < s.promptTokens + s.outputTokens)
        r.failPath("workload.serving.engine.max_model_len",
            Words { words::kHoldsPromptAndOutputGot,
                { std::to_string(s.promptTokens + s.outputTokens), std::to_string(*s.engine.maxModelLen) } });
    const bool ggmlCache = s.kvCachePrecision == KvPrecision::Q8_0 || s.kvCachePrecision == KvPrecision::Q4_0;
    if (r.ok() && ggmlCache && s.engine.kind != ServingEngineKind::LlamaCpp)
        r.failPath("workload.serving.kv_cache_precision", Words { words::kGgmlCacheNeedsLlamaCpp });
    if (r.ok() && s.kvCachePrecision && !kvLayoutRunsOn(kvCacheLayout(*s.kvCachePrecision), s.engine.kind))
        r.failPath("workload.serving.kv_cache_precision",
            Words { words::kKvCacheNeedsEngine,
                { std::string(toString(*s.kvCachePrecision)), std::string(toString(s.engine.kind)),
                    kvLayoutEngines(*s.kvCachePrecision) } });
    if (r.ok() && s.prefixCache.shape != PrefixShape::None && s.engine.prefixCacheHitRate > 0)
        r.failPath("workload.serving.engine.prefix_cache_hit_rate", Words { words::kShapeOrHitRate });
    if (r.ok() && s.lora.maxLoras && s.lora.maxCpuLoras && *s.lora.maxCpuLoras < *s.lora.maxLoras)
        r.failPath("workload.serving.lora.max_cpu_loras",
            Words { words::kAtLeastMaxLorasGot,
                { std::to_string(*s.lora.maxLoras), std::to_string(*s.lora.maxCpuLoras) } });
    if (!r.ok())
        parent.failWith(r.takeError());
}

// workload.rl (spec: docs/plan-format.md "RL post-training"); the first error goes to `parent`.
void readRlModelRef(const json& object, const std::string& path, RlModelRef& out, JsonReader& parent)
{
    JsonReader r(object, path);
    r.string("preset", out.preset);
    r.optionalNumber("parameters", out.parameters, 1e3, kMaxParameters);
    if (r.ok() && !out.given())
        r.fail("preset", "name a model preset or give \"parameters\"");
    if (!r.ok())
        parent.failWith(r.takeError());
}

void readRl(const json& object, Plan& plan, JsonReader& parent)
{
    RlSpec& rl = plan.workload.rl;
    JsonReader r(object, "workload.rl");
    readPlanFields(r, plan); // the scalars (plan/plan_fields.cpp)
    if (const json* reward = jsonChild(object, "reward"); reward && r.ok()) {
        JsonReader q(*reward, "workload.rl.reward");
        readPlanFields(q, plan); // kind absent: a rule
        if (q.ok() && rl.rewardKind == RlRewardKind::Rule) {
            if (q.has("preset") || q.has("parameters"))
                q.fail("kind", "a rule reward has no model; write \"kind\": \"model\" to score with a reward model");
        } else if (q.ok() && (q.has("preset") || q.has("parameters"))) { // none: a model of the actor's size
            readRlModelRef(*reward, "workload.rl.reward", rl.rewardModel, q);
        }
        if (q.ok() && rl.rewardKind == RlRewardKind::Model && rl.rewardWorkers)
            q.fail("workers", "applies to a rule reward (a reward model scores on the training GPUs)");
        if (!q.ok())
            r.failWith(q.takeError());
    }
    if (const json* critic = jsonChild(object, "critic"); critic && r.ok()) {
        if (rl.algorithm != RlAlgorithm::Ppo)
            r.fail("critic", Words { words::kNoCriticFor, { std::string(toString(rl.algorithm)) } });
        else
            readRlModelRef(*critic, "workload.rl.critic", rl.critic.emplace(), r);
    }
    if (r.ok() && rl.responseTokensMean > rl.responseTokensMax)
        r.fail("response_tokens_mean",
            Words { words::kAtMostResponseMaxGot,
                { std::to_string(rl.responseTokensMax), std::to_string(rl.responseTokensMean) } });
    if (r.ok() && rl.placement == RlPlacement::Colocated && rl.rolloutGpus)
        r.fail("rollout_gpus", Words { words::kRolloutGpusNeedSeparate });
    if (r.ok() && rl.placement == RlPlacement::Colocated && rl.offPolicySteps > 0)
        r.fail("off_policy_steps", Words { words::kOffPolicyNeedsSeparate });
    if (r.ok() && std::int64_t(rl.promptsPerStep) * rl.samplesPerPrompt < rl.miniBatches)
        r.fail("mini_batches",
            Words { words::kMiniBatchesAtMostGot,
                { std::to_string(std::int64_t(rl.promptsPerStep) * rl.samplesPerPrompt),
                    std::to_string(rl.miniBatches) } });
    if (!r.ok())
        parent.failWith(r.takeError());
}

bool readWorkload(const json& document, Plan& plan, JsonReader& root)
{
    const json* workload = jsonChild(document, "workload");
    if (!workload)
        return true; // all defaults
    Workload& w = plan.workload;
    JsonReader r(*workload, "workload");
    readPlanFields(r, plan); // the scalars (plan/plan_fields.cpp)
    if (r.ok() && w.checkpointedLayers && w.activationCheckpointing != Checkpointing::Full)
        r.fail("activation_checkpointing_layers", Words { words::kCheckpointedLayersNeedFull });
    if (r.ok() && w.documentTokens && *w.documentTokens > w.sequenceLength)
        r.fail("document_tokens",
            Words {
                words::kAtMostSequenceGot, { std::to_string(w.sequenceLength), std::to_string(*w.documentTokens) } });
    for (const auto& [field, value] :
        { std::pair { "hidden_dropout", w.hiddenDropout }, std::pair { "attention_dropout", w.attentionDropout } })
        if (r.ok() && value && *value >= 1)
            r.fail(field, Words { words::kBelowOneDropoutGot, { formatExact(*value) } });
    if (const json* lora = jsonChild(*workload, "lora"); lora && r.ok()) {
        JsonReader l(*lora, "workload.lora");
        readPlanFields(l, plan);
        l.stringList("target_modules", w.lora.targetModules);
        if (l.ok() && w.lora.dropout && *w.lora.dropout >= 1)
            l.fail("dropout", Words { words::kBelowOneDropoutGot, { formatExact(*w.lora.dropout) } });
        if (l.ok() && w.lora.targetModules.empty())
            l.fail("target_modules", "must name at least one module (e.g. \"q_proj\" or \"all-linear\")");
        if (!l.ok())
            r.failWith(l.takeError());
    }
    if (const json* par = jsonChild(*workload, "parallelism"); par && r.ok()) {
        JsonReader p(*par, "workload.parallelism");
        ParallelismSpec& ps = w.parallelism;
        readPlanFields(p, plan);
        if (p.ok() && ps.context > 1) {
            if (Words problem = contextParallelProblem(ps.context, w.sequenceLength); problem.text)
                p.fail("context", std::move(problem));
            else if (w.mode != Mode::Training)
                p.fail("context", Words { words::kTrainingOnly });
        }
        const bool scheduleGiven = p.has("pipeline_schedule");
        if (p.ok()) {
            if (ps.virtualStages > 1 && !scheduleGiven)
                ps.pipelineSchedule = PipelineSchedule::Interleaved;
            if (ps.virtualStages > 1 && ps.pipelineSchedule != PipelineSchedule::Interleaved)
                p.fail("virtual_stages", Words { words::kVirtualStagesNeedInterleaved });
            else if (ps.pipelineSchedule == PipelineSchedule::Interleaved && ps.virtualStages < 2)
                p.fail("virtual_stages", Words { words::kInterleavedNeedsTwoChunks });
        }
        // The layout's syntax and stages here; its layer counts against the model where the model is known
        // (estimator.cpp recipeProblem).
        if (p.ok() && !ps.pipelineLayout.empty()) {
            const PipelineLayoutParse layout = parsePipelineLayout(ps.pipelineLayout);
            if (layout.problem.text)
                p.fail("pipeline_layout", layout.problem);
            else if (auto problem = pipelineLayoutProblem(layout, ps.pipeline, ps.virtualStages, -1, -1))
                p.fail("pipeline_layout", *problem);
        }
        if (!p.ok())
            r.failWith(p.takeError());
    }
    if (const json* inf = jsonChild(*workload, "inference"); inf && r.ok()) {
        JsonReader i(*inf, "workload.inference");
        readPlanFields(i, plan);
        if (!i.ok())
            r.failWith(i.takeError());
    }
    if (const json* serving = jsonChild(*workload, "serving"); serving && r.ok())
        readServing(*serving, plan, r);
    if (const json* rl = jsonChild(*workload, "rl"); rl && r.ok())
        readRl(*rl, plan, r);
    if (r.ok() && w.mode == Mode::Rl && w.technique != Technique::Full && w.technique != Technique::Lora)
        r.fail(
            "technique", "an RL actor trains \"full\" or \"lora\", got \"" + std::string(toString(w.technique)) + "\"");
    if (r.ok() && w.technique == Technique::Qlora && w.weightFormat == WeightFormat::Same)
        w.weightFormat = WeightFormat::Nf4; // QLoRA means a 4-bit NF4 base
    if (!r.ok()) {
        root.failWith(r.takeError());
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
            root.failWith(r.takeError());
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
        r.boundedString("label", c.label, std::size_t(kMaxShownNameLength));
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
        r.boundedString("mig", c.mig, std::size_t(kMaxShownNameLength));
        if (r.ok() && !c.mig.empty() && c.gpusPerNode > 1 && c.instance.empty())
            r.fail("mig", Words { words::kMigNeedsOneGpu });
        if (r.ok() && c.instance.empty() && c.gpu.empty())
            r.fail("instance", "a candidate needs an \"instance\" id or a \"gpu\" id");
        if (r.ok() && !c.instance.empty() && !c.gpu.empty())
            r.fail("gpu", "give either \"instance\" or \"gpu\", not both");
        if (!r.ok()) {
            root.failWith(r.takeError());
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
        readPlanFields(r, plan);
        if (!r.ok()) {
            root.failWith(r.takeError());
            return false;
        }
    }
    if (const json* b = jsonChild(document, "billing")) {
        JsonReader r(*b, "billing");
        Billing& bi = plan.billing;
        readPlanFields(r, plan);
        if (r.ok() && b->is_object() && b->contains("modes") && !(*b)["modes"].is_null()) {
            std::vector<std::string> modes;
            r.stringList("modes", modes, true);
            if (r.ok() && modes.empty())
                r.fail("modes", "must name at least one billing mode (" + billingModeCodes("") + ")");
            for (std::size_t i = 0; r.ok() && i < modes.size(); ++i) {
                const auto& names = billingModeNames();
                const std::string path = "modes[" + std::to_string(i) + "]";
                if (std::find(names.begin(), names.end(), modes[i]) == names.end())
                    r.fail(path, "unknown billing mode \"" + modes[i] + "\"; expected " + billingModeCodes());
                else if (std::find(modes.begin(), modes.begin() + std::ptrdiff_t(i), modes[i])
                    != modes.begin() + std::ptrdiff_t(i))
                    r.fail(path, "\"" + modes[i] + "\" is listed twice");
            }
            if (r.ok())
                bi.modes = std::move(modes);
        }
        if (const auto regions = b->find("regions"); r.ok() && regions != b->end() && !regions->is_null()) {
            if (!regions->is_object())
                r.fail("regions", "must be an object of provider -> region, got " + describeJsonType(*regions));
            for (auto it = regions->begin(); r.ok() && regions->is_object() && it != regions->end(); ++it) {
                if (!it.value().is_string() || it.value().get_ref<const std::string&>().empty())
                    r.failPath("billing.regions." + it.key(),
                        "must be a region name such as \"us-east-1\", got " + describeJsonType(it.value()));
                else
                    bi.regions[it.key()] = it.value().get_ref<const std::string&>();
            }
        }
        if (!r.ok()) {
            root.failWith(r.takeError());
            return false;
        }
    }
    if (const json* s = jsonChild(document, "search")) {
        JsonReader r(*s, "search");
        SearchSpec& se = plan.search;
        readPlanFields(r, plan);
        if (r.ok() && se.objective == SearchObjective::CostUnderDeadline && !se.deadlineHours)
            r.fail("deadline_hours", Words { words::kDeadlineRequired });
        if (r.ok() && se.objective == SearchObjective::TimeUnderBudget && !se.budget)
            r.fail("budget", Words { words::kBudgetRequired });
        if (!r.ok()) {
            root.failWith(r.takeError());
            return false;
        }
    }
    return true;
}

} // namespace

namespace
{

// The plan of a parsed document, which it takes over as Plan::original instead of copying: a document of unknown
// fields as large as the 64 MiB input limit allows is held once, not twice.
Expected<Plan> planFromDocument(json&& document)
{
    JsonReader root(document, "");
    if (!root.ok())
        return Error { "", "a plan must be a JSON object" };
    std::string format;
    root.string("format", format, true);
    if (root.ok() && format != "gpu-planner-plan")
        root.fail("format", "must be \"gpu-planner-plan\", got \"" + format + "\"");
    std::int64_t version = 1;
    root.integer("version", version, true, 1, 1000000);
    if (root.ok() && version > 1)
        root.fail("version",
            "this plan was written by a newer GPU Planner (version " + std::to_string(version)
                + "); this one reads version 1");
    Plan plan;
    root.string("title", plan.title);
    if (root.ok() && utf8Length(plan.title) > std::size_t(kMaxTitleLength))
        root.fail("title",
            "must be at most " + std::to_string(kMaxTitleLength) + " characters, got "
                + std::to_string(utf8Length(plan.title)));
    root.string("notes", plan.notes);
    if (root.ok() && utf8Length(plan.notes) > std::size_t(kMaxNotesLength))
        root.fail("notes",
            "must be at most " + std::to_string(kMaxNotesLength) + " characters, got "
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
    plan.original = std::move(document);
    if (auto problem = readScenarios(plan.original, plan))
        return *problem;
    return plan;
}

} // namespace

Expected<Plan> planFromJson(const json& document)
{
    return planFromDocument(json(document));
}

Expected<Plan> parsePlan(std::string_view text)
{
    json document;
    if (auto problem = detail::parseJsonDocument(text, document))
        return wordedError("", *problem);
    try {
        return planFromDocument(std::move(document));
    } catch (const json::exception& error) {
        return Error { "", std::string("unreadable plan: ") + error.what() };
    }
}

} // namespace gp
