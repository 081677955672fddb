// The cost-time frontier of each candidate as CSV and JSON (`plan --frontier`): every fitting configuration the
// search scored, with the frontier and the chosen configuration marked.
#pragma once

#include "output/results_csv.h"
#include "planner/frontier.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gp
{

// One row per scored configuration (frontierPoints), candidates in the answer's order: the columns frontierCsvColumns()
// names.
std::string frontierToCsv(
    const Plan& plan, const Catalog& catalog, const PlanAnswer& answer, const CsvOptions& options = {});
const std::vector<std::string>& frontierCsvColumns();

// {"currency", "mode", "candidates": [{"candidate", "rank", "points": [{"hours", "cost", "priced", "nodes",
// "configuration", "on_frontier", "chosen"}]}]}
nlohmann::json frontierToJson(const Plan& plan, const Catalog& catalog, const PlanAnswer& answer);

} // namespace gp
