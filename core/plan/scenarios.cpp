// Scenarios: reading, writing and applying the named variants of a plan.
#include "plan/scenarios.h"
#include "base/text_length.h"

#include "base/json_reader.h"
#include "plan/limits.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace gp
{

using nlohmann::json;

namespace
{

std::string joinedSections()
{
    std::string list;
    for (const std::string& s : scenarioSections())
        list += (list.empty() ? "" : ", ") + s;
    return list;
}

std::string prefixed(const std::string& prefix, const std::string& field)
{
    if (field.empty())
        return prefix;
    if (prefix.empty())
        return field;
    if (field.front() == '[')
        return prefix + field;
    return prefix + "." + field;
}

// One step of a field path: a key, optionally followed by an index ("candidates[2]") or "[*]".
struct PathStep {
    std::string key;
    bool indexed = false;
    bool every = false;
    std::size_t index = 0;
};

std::optional<std::vector<PathStep>> splitPath(const std::string& path)
{
    std::vector<PathStep> steps;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t dot = path.find('.', start);
        std::string part = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        PathStep step;
        if (const auto open = part.find('['); open != std::string::npos) {
            if (part.back() != ']')
                return std::nullopt;
            const std::string inside = part.substr(open + 1, part.size() - open - 2);
            part.resize(open);
            step.indexed = true;
            if (inside == "*") {
                step.every = true;
            } else {
                if (inside.empty() || inside.size() > 6
                    || !std::all_of(inside.begin(), inside.end(), [](unsigned char c) { return std::isdigit(c); }))
                    return std::nullopt;
                step.index = std::size_t(std::stoul(inside));
            }
        }
        if (part.empty())
            return std::nullopt;
        step.key = part;
        steps.push_back(step);
        if (dot == std::string::npos)
            break;
        start = dot + 1;
    }
    if (steps.empty())
        return std::nullopt;
    return steps;
}

// Sets `value` at `steps` (plain keys only) inside `target`, creating objects on the way.
void setAt(json& target, const std::vector<PathStep>& steps, std::size_t from, const json& value)
{
    json* node = &target;
    for (std::size_t i = from; i < steps.size(); ++i) {
        if (!node->is_object())
            *node = json::object();
        node = &(*node)[steps[i].key];
    }
    *node = value;
}

// The merge patch that turns `from` into `to`: objects recurse, removed keys become null, other values replace.
json mergePatchBetween(const json& from, const json& to)
{
    if (!from.is_object() || !to.is_object())
        return to;
    json patch = json::object();
    for (auto it = from.begin(); it != from.end(); ++it)
        if (!to.contains(it.key()))
            patch[it.key()] = nullptr;
    for (auto it = to.begin(); it != to.end(); ++it) {
        const auto old = from.find(it.key());
        if (old == from.end()) {
            patch[it.key()] = it.value();
        } else if (*old != it.value()) {
            // null in the target cannot be written as a merge-patch value (it means "remove"): removing the key
            // reads back the same, since the plan reads null as absent.
            patch[it.key()]
                = it.value().is_object() && old->is_object() ? mergePatchBetween(*old, it.value()) : it.value();
        }
    }
    return patch;
}

json documentWithoutScenarios(const Plan& plan)
{
    json document = planToJson(plan);
    document.erase("scenarios");
    return document;
}

} // namespace

json overridesBetween(const Plan& base, const Plan& variant)
{
    const json from = documentWithoutScenarios(base);
    const json to = documentWithoutScenarios(variant);
    json patch = json::object();
    for (const std::string& section : scenarioSections()) {
        const auto a = from.find(section);
        const auto b = to.find(section);
        if (b == to.end()) {
            if (a != from.end())
                patch[section] = nullptr;
            continue;
        }
        if (a == from.end()) {
            patch[section] = *b;
            continue;
        }
        if (*a == *b)
            continue;
        json diff = a->is_object() && b->is_object() ? mergePatchBetween(*a, *b) : *b;
        if (!(diff.is_object() && diff.empty()))
            patch[section] = std::move(diff);
    }
    return patch;
}

namespace
{

// The leaves of merge patch `patch` under `prefix`, with the value each had in `from` (null when absent).
void collectPlanChanges(const json& patch, const json* from, const std::string& prefix, std::vector<PlanChange>& out)
{
    for (auto it = patch.begin(); it != patch.end(); ++it) {
        const std::string path = prefix.empty() ? it.key() : prefix + "." + it.key();
        const json* old = from && from->is_object() && from->contains(it.key()) ? &(*from)[it.key()] : nullptr;
        if (it.value().is_object() && old && old->is_object() && !it.value().empty()) {
            collectPlanChanges(it.value(), old, path, out);
            continue;
        }
        out.push_back({ path, old ? *old : json(nullptr), it.value() });
    }
}

} // namespace

std::vector<PlanChange> planChanges(const Plan& from, const Plan& to)
{
    std::vector<PlanChange> changes;
    const json before = documentWithoutScenarios(from);
    collectPlanChanges(overridesBetween(from, to), &before, "", changes);
    return changes;
}

std::string changeValueText(const json& value)
{
    if (value.is_null())
        return "default";
    if (value.is_string())
        return value.get<std::string>();
    if (value.is_array()) {
        std::string text;
        for (const json& item : value) {
            std::string one;
            if (item.is_object() && item.contains("instance") && item["instance"].is_string())
                one = item["instance"].get<std::string>();
            else if (item.is_object() && item.contains("gpu") && item["gpu"].is_string())
                one = item["gpu"].get<std::string>();
            else
                one = changeValueText(item);
            text += (text.empty() ? "" : ", ") + one;
        }
        return "[" + text + "]";
    }
    return value.dump();
}

std::string scenarioNameFor(const std::vector<PlanChange>& changes)
{
    std::string name;
    for (std::size_t i = 0; i < changes.size() && i < 2; ++i) {
        const std::string& path = changes[i].path;
        const std::size_t section = path.find('.');
        // "workload.sequence_length" -> "sequence_length"; a whole section keeps its name.
        const std::string field = section == std::string::npos ? path : path.substr(section + 1);
        std::string value = changeValueText(changes[i].to);
        if (value.size() > 40)
            value = value.substr(0, 37) + "...";
        name += (name.empty() ? "" : ", ") + field + " " + value;
    }
    if (changes.size() > 2)
        name += ", +" + std::to_string(changes.size() - 2) + " more";
    return name;
}

std::vector<Scenario> planScenarios(const Plan& plan)
{
    std::vector<Scenario> scenarios;
    if (!plan.original.is_object())
        return scenarios;
    const auto found = plan.original.find("scenarios");
    if (found == plan.original.end() || !found->is_array())
        return scenarios;
    for (const json& item : *found) {
        if (!item.is_object())
            continue;
        Scenario s;
        if (const auto name = item.find("name"); name != item.end() && name->is_string())
            s.name = name->get<std::string>();
        if (const auto overrides = item.find("overrides"); overrides != item.end() && overrides->is_object())
            s.overrides = *overrides;
        scenarios.push_back(std::move(s));
    }
    return scenarios;
}

void setPlanScenarios(Plan& plan, const std::vector<Scenario>& scenarios)
{
    if (!plan.original.is_object())
        plan.original = json::object();
    if (scenarios.empty())
        plan.original.erase("scenarios");
    else
        plan.original["scenarios"] = scenariosToJson(scenarios);
}

const std::vector<std::string>& scenarioSections()
{
    static const std::vector<std::string> sections { "model", "workload", "candidates", "assumptions", "billing",
        "search" };
    return sections;
}

Expected<Plan> applyOverrides(const Plan& base, const json& overrides, const std::string& fieldPrefix)
{
    if (!overrides.is_object())
        return Error { fieldPrefix,
            "must be an object of plan sections (" + joinedSections() + "), got "
                + detail::describeJsonType(overrides) };
    for (auto it = overrides.begin(); it != overrides.end(); ++it) {
        const auto& sections = scenarioSections();
        if (std::find(sections.begin(), sections.end(), it.key()) == sections.end())
            return Error { prefixed(fieldPrefix, it.key()),
                "a scenario cannot override this; it overrides " + joinedSections() };
    }
    json document = planToJson(base);
    document.erase("scenarios");
    document.merge_patch(overrides);
    try {
        auto plan = planFromJson(document);
        if (!plan) {
            Error e = plan.error();
            e.field = prefixed(fieldPrefix, e.field);
            return e;
        }
        return plan;
    } catch (const json::exception& error) {
        return Error { fieldPrefix, std::string("unreadable overrides: ") + error.what() };
    }
}

Expected<Plan> scenarioPlan(const Plan& base, std::size_t index)
{
    const std::vector<Scenario> scenarios = planScenarios(base);
    if (index >= scenarios.size())
        return Error { "scenarios", "there is no scenario " + std::to_string(index + 1) };
    return applyOverrides(base, scenarios[index].overrides, "scenarios[" + std::to_string(index) + "].overrides");
}

std::optional<Error> readScenarios(const json& document, const Plan& plan)
{
    if (!document.is_object())
        return std::nullopt;
    const auto found = document.find("scenarios");
    if (found == document.end() || found->is_null())
        return std::nullopt;
    if (!found->is_array())
        return Error { "scenarios",
            "must be an array of {\"name\", \"overrides\"}, got " + detail::describeJsonType(*found) };
    if (found->size() > kMaxScenarios)
        return Error { "scenarios",
            "must hold at most " + std::to_string(kMaxScenarios) + " scenarios, got " + std::to_string(found->size()) };
    std::set<std::string> names;
    std::vector<Scenario> scenarios;
    for (std::size_t i = 0; i < found->size(); ++i) {
        const std::string path = "scenarios[" + std::to_string(i) + "]";
        const json& item = (*found)[i];
        if (!item.is_object())
            return Error { path,
                "must be an object with \"name\" and \"overrides\", got " + detail::describeJsonType(item) };
        for (auto it = item.begin(); it != item.end(); ++it)
            if (it.key() != "name" && it.key() != "overrides")
                return Error { path + "." + it.key(), "unknown field; a scenario has \"name\" and \"overrides\"" };
        Scenario s;
        const auto name = item.find("name");
        if (name == item.end() || !name->is_string())
            return Error { path + ".name", "is required: a text naming the scenario" };
        s.name = name->get<std::string>();
        const auto first = s.name.find_first_not_of(" \t");
        if (first == std::string::npos)
            return Error { path + ".name", "must not be empty" };
        if (utf8Length(s.name) > std::size_t(limits::kMaxTitleLength))
            return Error { path + ".name",
                "must be at most " + std::to_string(limits::kMaxTitleLength) + " characters, got "
                    + std::to_string(utf8Length(s.name)) };
        if (!names.insert(s.name).second)
            return Error { path + ".name", "\"" + s.name + "\" names another scenario too; names must differ" };
        if (const auto overrides = item.find("overrides"); overrides != item.end() && !overrides->is_null())
            s.overrides = *overrides;
        scenarios.push_back(std::move(s));
    }
    // Each scenario must describe a plan that reads; `plan` (without scenarios) is the base they apply to.
    for (std::size_t i = 0; i < scenarios.size(); ++i) {
        auto applied = applyOverrides(plan, scenarios[i].overrides, "scenarios[" + std::to_string(i) + "].overrides");
        if (!applied)
            return applied.error();
    }
    return std::nullopt;
}

json scenariosToJson(const std::vector<Scenario>& scenarios)
{
    json list = json::array();
    for (const Scenario& s : scenarios)
        list.push_back({ { "name", s.name }, { "overrides", s.overrides.is_object() ? s.overrides : json::object() } });
    return list;
}

Expected<json> overridesForField(const Plan& base, const std::string& path, const json& value)
{
    const auto steps = splitPath(path);
    if (!steps)
        return Error { "--field",
            "\"" + path
                + "\" is not a field path (e.g. workload.sequence_length or "
                  "candidates[*].nodes)" };
    const auto& sections = scenarioSections();
    const PathStep& head = steps->front();
    if (std::find(sections.begin(), sections.end(), head.key) == sections.end())
        return Error { "--field", "\"" + path + "\" is not in a section that can vary (" + joinedSections() + ")" };
    json overrides = json::object();
    if (head.key == "candidates") {
        if (!head.indexed || steps->size() < 2)
            return Error { "--field",
                "a candidate field needs an index: candidates[0].nodes, or candidates[*].nodes "
                "for every candidate" };
        json list = planToJson(base)["candidates"];
        if (list.empty())
            return Error { "--field",
                "the plan lists no candidates (it compares every catalog instance), so \"" + path + "\" names none" };
        if (!head.every && head.index >= list.size())
            return Error { "--field",
                "the plan has " + std::to_string(list.size()) + " candidates; \"" + path + "\" names candidate "
                    + std::to_string(head.index) };
        for (std::size_t i = 0; i < list.size(); ++i)
            if (head.every || i == head.index)
                setAt(list[i], *steps, 1, value);
        overrides["candidates"] = std::move(list);
        return overrides;
    }
    for (std::size_t i = 1; i < steps->size(); ++i)
        if ((*steps)[i].indexed)
            return Error { "--field", "\"" + path + "\": only candidates take an index" };
    if (head.indexed)
        return Error { "--field", "\"" + path + "\": only candidates take an index" };
    setAt(overrides, *steps, 0, value);
    return overrides;
}

std::string sweepValueText(const json& value)
{
    return value.is_string() ? value.get<std::string>() : value.dump();
}

Expected<Plan> sweepPlan(const Plan& base, const std::string& path, const std::vector<json>& values)
{
    if (values.empty())
        return Error { "--values", "needs at least one value" };
    if (values.size() > kMaxScenarios)
        return Error { "--values",
            "at most " + std::to_string(kMaxScenarios) + " values, got " + std::to_string(values.size()) };
    Plan swept = base;
    std::vector<Scenario> points;
    std::set<std::string> names;
    for (const json& value : values) {
        auto overrides = overridesForField(base, path, value);
        if (!overrides)
            return overrides.error();
        const std::string name = path + "=" + sweepValueText(value);
        if (!names.insert(name).second)
            return Error { "--values", sweepValueText(value) + " is listed twice" };
        auto applied = applyOverrides(base, *overrides, "");
        if (!applied)
            return Error { "--values", sweepValueText(value) + ": " + applied.error().toString() };
        points.push_back({ name, std::move(*overrides) });
    }
    setPlanScenarios(swept, points);
    return swept;
}

} // namespace gp
