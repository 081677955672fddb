// A scenario comparison as JSON, CSV and a text table (`plan --scenarios`): the same rows the window's
// Compare view shows.
#pragma once

#include "output/results_csv.h"
#include "planner/scenario_comparison.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gp
{

// {"baseline", "seconds", "scenarios": [{"name", "base", "error", "currency", "mode", "billing_modes", "best",
// "difference"}]} (docs/plan-format.md).
nlohmann::json scenarioComparisonToJson(const ScenarioComparison& comparison);

// One row per scenario, the columns scenarioCsvColumns() names.
std::string scenarioComparisonToCsv(const ScenarioComparison& comparison, const CsvOptions& options = {});
const std::vector<std::string>& scenarioCsvColumns();

// The comparison as a text table with the baseline named.
std::string scenarioComparisonToTable(const ScenarioComparison& comparison);

} // namespace gp
