// The RL answer (core/rl/rl_search.h) as JSON, CSV and a text table for `gpu-planner-cli plan` (names:
// docs/plan-format.md "RL results").
#pragma once

#include "output/results_csv.h"
#include "rl/rl_search.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gp
{

nlohmann::json rlAnswerToJson(const RlAnswer& answer);
// One row per candidate in ranked order, the columns rlCsvColumns() names, then one seconds column per phase.
std::string rlAnswerToCsv(const RlAnswer& answer, const CsvOptions& options = {});
const std::vector<std::string>& rlCsvColumns();
// The ranked candidates, then the recommendation's phases (seconds, pool, GPUs, utilisation, memory per GPU).
std::string rlAnswerToTable(const RlAnswer& answer);

} // namespace gp
