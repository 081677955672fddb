// Scenarios compared side by side: each scenario's plan answered by answerPlan, its best answer as headline
// figures, and the difference to a baseline row. The window's Compare view, `plan --scenarios` (table, JSON,
// CSV) and the report render this one value.
#pragma once

#include "plan/scenarios.h"
#include "planner/answer.h"

#include <optional>
#include <string>
#include <vector>

namespace gp
{

// A candidate's cost under one billing mode the plan allows (training: the run; inference: per million tokens),
// the same figure the ranking compares (objectiveFigures under that mode alone).
struct ModeCost {
    BillingMode mode = BillingMode::OnDemand;
    double cost = 0;
};

// The best answer of one plan: its recommendation, or (when nothing meets the objective) the candidate ranked
// first, with `meetsObjective` false.
struct ScenarioHeadline {
    bool hasCandidate = false; // false: the plan has no candidate at all
    std::string candidate; // instance id or label
    std::string gpuName;
    int nodes = 0;
    int gpusPerNode = 0;
    int gpus = 0;
    Configuration configuration;
    bool fits = false;
    bool meetsObjective = false;
    ObjectiveFigures figures; // hours and cost under the cheapest allowed mode (the ranking's figures)
    std::vector<ModeCost> costs; // every allowed mode that prices the candidate, in billingModes() order
    double memoryBytes = 0; // per GPU
    double usableBytes = 0; // per GPU, after the plan's headroom
    double headroomBytes = 0; // usableBytes - memoryBytes (negative: does not fit)
    int candidateIndex = -1; // index into the answer's search.candidates
};

// The difference of a row to the baseline row (row minus baseline); absent when either has no finite figure.
struct ScenarioDelta {
    std::optional<double> cost; // plan currency; only when both rows are priced in the same currency
    std::optional<double> costPercent; // of the baseline's cost
    std::optional<double> hours;
    std::optional<double> hoursPercent;
};

struct ScenarioRow {
    std::string name; // the scenario's name; empty for the base plan
    bool base = false; // the plan without overrides
    int scenarioIndex = -1; // index into planScenarios(plan); -1 for the base plan
    std::optional<Error> error; // the scenario's plan could not be answered (field named)
    std::optional<PlanAnswer> answer;
    ScenarioHeadline headline;
    ScenarioDelta delta; // to the baseline row (empty on the baseline itself)
    std::optional<Plan> plan; // the row's plan (absent when it could not be built)
    std::vector<PlanChange> changes; // what the row's plan changes from the baseline's (empty on the baseline)
};

struct ScenarioComparison {
    std::vector<ScenarioRow> rows; // the base plan first, then the scenarios in the plan's order
    std::size_t baseline = 0; // index into rows
    double seconds = 0; // wall-clock time of the comparison
};

// The headline of an answer (see ScenarioHeadline); `billing` names the allowed modes.
ScenarioHeadline headlineOf(const PlanAnswer& answer, const Plan& plan);

// The difference of `row` to `baseline`.
ScenarioDelta deltaBetween(const ScenarioRow& row, const ScenarioRow& baseline);

// Sets every row's delta to `comparison.rows[baseline]` (a baseline out of range falls back to the base plan).
void setBaseline(ScenarioComparison& comparison, std::size_t baseline);

// Answers the base plan and each scenario's plan (answerPlan on each) and compares them to the row `baseline`
// (0: the base plan; i: scenario i-1). A scenario whose plan cannot be answered keeps its error in its row; a
// cancelled search returns the cancelled error.
Expected<ScenarioComparison> compareScenarios(
    const Plan& plan, const Catalog& catalog, std::size_t baseline = 0, const SearchControl& control = {});

// The row index whose name is `name` ("" or "base": the base plan); nullopt when none is.
std::optional<std::size_t> rowNamed(const ScenarioComparison& comparison, const std::string& name);

} // namespace gp
