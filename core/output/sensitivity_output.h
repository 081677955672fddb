// The sensitivity of a plan's answer as JSON, CSV and a text table (`plan --sensitivity`): the same inputs, ranges
// and sentence the window's Sensitivity view shows.
#pragma once

#include "output/results_csv.h"
#include "planner/sensitivity.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gp
{

// {"available", "reason", "method", "candidate", "currency", "mode", "billing_mode", "price_status", "cost",
// "cost_low", "cost_high", "hours", "hours_low", "hours_high", "stable", "price_threshold", "summary", "inputs":
// [{"input", "key", "spread", "cost_width", "low": {...}, "high": {...}}], "skipped", "seconds"}
// (docs/plan-format.md, Sensitivity).
nlohmann::json sensitivityToJson(const PlanSensitivity& sensitivity);

// One row per input and end, the columns sensitivityCsvColumns() names.
std::string sensitivityToCsv(const PlanSensitivity& sensitivity, const CsvOptions& options = {});
const std::vector<std::string>& sensitivityCsvColumns();

// The headline range, one line per input (widest first) and the sentence.
std::string sensitivityToTable(const PlanSensitivity& sensitivity);

} // namespace gp
