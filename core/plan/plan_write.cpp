// Writes plans back to JSON, keeping fields this version does not know.
#include "base/embedded_files.h"
#include "base/file_extensions.h"
#include "plan/architecture_json.h"
#include "plan/plan.h"
#include "plan/plan_enum_tables.h"
#include "plan/plan_fields.h"
#include <cmath>

namespace gp
{

using nlohmann::json;
using namespace detail;

namespace
{

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

    // The scalars come from the field table (writePlanFields); what is written here is the rest: lists, maps and
    // the serving load, whose JSON is one of three shapes.
    json workload = { { "lora", { { "target_modules", w.lora.targetModules } } } };
    const bool servingInFile = plan.original.is_object() && plan.original.contains("workload")
        && plan.original["workload"].is_object() && plan.original["workload"].contains("serving");
    // A training plan that sets a serving value writes the whole section too, so a second save writes the same.
    const bool servingWritten = w.mode == Mode::Serving || servingInFile || !(w.serving == ServingSpec {});
    if (servingWritten) {
        const ServingSpec& sv = w.serving;
        json load = sv.load.kind == ServingLoadKind::Max ? json("max")
            : sv.load.kind == ServingLoadKind::Concurrency
            ? json { { "concurrency", static_cast<std::int64_t>(std::llround(sv.load.value)) } }
            : json { { "requests_per_second", sv.load.value } };
        workload["serving"] = { { "load", load }, { "slo", json::object() }, { "engine", json::object() } };
        if (!sv.engine.version.empty())
            workload["serving"]["engine"]["version"] = sv.engine.version;
        if (sv.engine.cudaGraphBatchSizes)
            workload["serving"]["engine"]["cuda_graph_batch_sizes"] = *sv.engine.cudaGraphBatchSizes;
    }
    // workload.rl (docs/plan-format.md "RL post-training"): its scalars from the table; here the reward model and the
    // critic, each a preset or a size, written whole.
    const bool rlInFile = plan.original.is_object() && plan.original.contains("workload")
        && plan.original["workload"].is_object() && plan.original["workload"].contains("rl");
    const bool rlWritten = w.mode == Mode::Rl || rlInFile || !(w.rl == RlSpec {});
    if (rlWritten) {
        const auto modelRef = [](const RlModelRef& m) {
            json out = json::object();
            if (!m.preset.empty())
                out["preset"] = m.preset;
            if (m.parameters)
                out["parameters"] = *m.parameters;
            return out;
        };
        workload["rl"]
            = { { "reward", w.rl.rewardKind == RlRewardKind::Model ? modelRef(w.rl.rewardModel) : json::object() } };
        if (w.rl.critic)
            workload["rl"]["critic"] = modelRef(*w.rl.critic);
    }

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
            for (const char* key : { "instance", "gpu", "gpus_per_node", "intra_node", "nodes", "inter_node_gbps",
                     "price_per_hour", "label", "mig" })
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
        if (!c.mig.empty())
            item["mig"] = c.mig;
        candidates.push_back(item);
    }
    const Billing& b = plan.billing;
    json billing = { { "modes", b.modes } };
    if (!b.regions.empty())
        billing["regions"] = b.regions;

    json known = { { "format", "gpu-planner-plan" }, { "version", 1 }, { "title", plan.title }, { "notes", plan.notes },
        { "model", model }, { "workload", workload }, { "candidates", candidates }, { "assumptions", json::object() },
        { "billing", billing }, { "search", json::object() } };
    json document = plan.original.is_object() ? plan.original : json::object();
    // Sections this version rewrites completely (their content is fully known) are replaced, not merged,
    // so that removing a candidate or an architecture field really removes it.
    document.erase("candidates");
    if (document.contains("billing") && document["billing"].is_object())
        document["billing"].erase("regions"); // a region removed from the plan is removed from the file
    if (document.contains("model") && document["model"].is_object())
        document["model"].erase("architecture");
    if (document.contains("workload") && document["workload"].is_object() && document["workload"].contains("serving")
        && document["workload"]["serving"].is_object()) {
        json& serving = document["workload"]["serving"];
        serving.erase("load"); // switching concurrency to a rate drops the concurrency
        if (serving.contains("engine") && serving["engine"].is_object()) {
            serving["engine"].erase("version"); // free text, written above when set
            serving["engine"].erase("cuda_graph_batch_sizes"); // a list, written above when set
        }
    }
    if (document.contains("workload") && document["workload"].is_object() && document["workload"].contains("rl")
        && document["workload"]["rl"].is_object()) {
        json& rl = document["workload"]["rl"];
        rl.erase("critic"); // written whole above
        if (rl.contains("reward") && rl["reward"].is_object()) {
            rl["reward"].erase("preset");
            rl["reward"].erase("parameters");
        }
    }
    // Every scalar the table does not write (one at its default) leaves the file: a field set back to its default
    // does not come back from the file on the next read.
    writePlanFields(plan, known, document, servingWritten, rlWritten);
    if (json* spec = document.contains("workload") && document["workload"].is_object()
                && document["workload"].contains("serving") && document["workload"]["serving"].is_object()
            ? &document["workload"]["serving"]
            : nullptr;
        spec)
        for (const char* section :
            { "speculative", "prefix_cache", "lora", "wide_ep" }) // set back to defaults: no empty section
            if (spec->contains(section) && (*spec)[section].empty())
                spec->erase(section);
    document.erase("answered_with"); // written whole, and only when the answer used a quote
    if (!plan.answeredWith.empty()) {
        json overrides = json::array();
        const auto numberOrNull = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
        for (const OverrideUse& use : plan.answeredWith)
            overrides.push_back({ { "instance", use.instance }, { "status", use.status }, { "currency", use.currency },
                { "on_demand_per_hour", numberOrNull(use.onDemandPerHour) },
                { "monthly", numberOrNull(use.monthly) } });
        known["answered_with"] = { { "overrides", overrides } };
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
    return title == other.title && notes == other.notes && model == other.model && workload == other.workload
        && candidates == other.candidates && assumptions == other.assumptions && billing == other.billing
        && search == other.search && unmodelledFields(original) == unmodelledFields(other.original);
}

std::string_view defaultPlanText()
{
    static const std::string path = "plans/default" + dottedExtension(kPlanExtension);
    return embeddedFile(path);
}

std::string_view servingPlanText()
{
    static const std::string path = "plans/serving" + dottedExtension(kPlanExtension);
    return embeddedFile(path);
}

std::string_view rlPlanText()
{
    static const std::string path = "plans/rl" + dottedExtension(kPlanExtension);
    return embeddedFile(path);
}

} // namespace gp
