// Scenarios: named variants of one plan, each a JSON merge patch (RFC 7386) onto the base plan's document.
#pragma once

#include "plan/plan.h"

#include <optional>
#include <string>
#include <vector>

namespace gp
{

// A named variant of the plan: `overrides` is a JSON merge patch (RFC 7386) onto the base plan's document
// (model, workload, candidates, assumptions, billing, search).
struct Scenario {
    std::string name;
    nlohmann::json overrides = nlohmann::json::object();
};

// The plan's scenarios. They live in the plan's document (`Plan::original["scenarios"]`), so they are written,
// compared and kept exactly as the rest of the document; the plan reader checks them (readScenarios).
std::vector<Scenario> planScenarios(const Plan& plan);
// Replaces the plan's scenarios (none: the key is removed, so the file has no "scenarios").
void setPlanScenarios(Plan& plan, const std::vector<Scenario>& scenarios);

// The plan sections a scenario may override, in document order.
const std::vector<std::string>& scenarioSections();

// The most scenarios a plan holds (each one is a full search when compared).
inline constexpr std::size_t kMaxScenarios = 64;

// The plan `overrides` describe: the base plan's document without its scenarios, with `overrides` merged in
// (objects merge key by key, arrays and values replace, null removes a field so its default applies), read back.
// Errors name the field under `fieldPrefix` ("scenarios[1].overrides.workload.sequence_length: ...").
Expected<Plan> applyOverrides(const Plan& base, const nlohmann::json& overrides, const std::string& fieldPrefix);

// The overrides that turn `base` into `variant` (both without regard to their scenarios): a merge patch of the
// sections a scenario may override, holding only what differs. applyOverrides(base, overridesBetween(base,
// variant), ...) reads back as `variant` (its title and unknown top-level fields are the base's).
nlohmann::json overridesBetween(const Plan& base, const Plan& variant);

// The plan of planScenarios(base)[index]; errors name "scenarios[index].overrides...".
Expected<Plan> scenarioPlan(const Plan& base, std::size_t index);

// One field a plan sets differently from another: its dotted path ("workload.sequence_length"; a section a
// scenario replaces whole, like "candidates", is one change) and its value in each (null: absent, the default).
struct PlanChange {
    std::string path;
    nlohmann::json from;
    nlohmann::json to;
};

// What `to` changes from `from` in the sections a scenario may override, in document order.
std::vector<PlanChange> planChanges(const Plan& from, const Plan& to);
// A value as the change lists show it: numbers and text plainly, "default" for null, candidates by their instance
// or GPU ids, other arrays and objects compactly.
std::string changeValueText(const nlohmann::json& value);
// A scenario name from its changes: "sequence_length 8192", "technique lora, lora.rank 64", "+N more" past two;
// empty when nothing changes.
std::string scenarioNameFor(const std::vector<PlanChange>& changes);

// Checks document["scenarios"] (absent or null: none): names, fields, and that each one applies to the plan; the
// error names the field. `plan` must hold everything else read from `document`.
std::optional<Error> readScenarios(const nlohmann::json& document, const Plan& plan);

// The "scenarios" array as the plan file stores it.
nlohmann::json scenariosToJson(const std::vector<Scenario>& scenarios);

// A one-field override from a dotted path ("workload.sequence_length", "candidates[*].nodes",
// "candidates[0].gpus_per_node") set to `value` on the base plan's document: candidate paths are applied to the
// base plan's candidate list (`[*]`: every candidate), since a merge patch replaces arrays whole. Errors name
// the path.
Expected<nlohmann::json> overridesForField(const Plan& base, const std::string& path, const nlohmann::json& value);

// The base plan with its scenarios replaced by one per value of `path` (see overridesForField), named
// "PATH=VALUE": a sweep is a scenario comparison. Errors name the value ("--values: 0: workload.sequence_length:
// must be at least 1").
Expected<Plan> sweepPlan(const Plan& base, const std::string& path, const std::vector<nlohmann::json>& values);

// A sweep value as text: strings bare, everything else as JSON ("4096", "auto", "true").
std::string sweepValueText(const nlohmann::json& value);

} // namespace gp
