// Results, search summaries and the catalog as JSON (the `--format json` contract of the spec).
#pragma once

#include "catalog/catalog.h"
#include "estimate/common/results.h"
#include "estimate/estimator.h"
#include "planner/answer.h"
#include "planner/planner.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gp
{

// A configuration as every JSON output writes it (results, scenarios).
nlohmann::json configurationToJson(const Configuration& configuration);
nlohmann::json candidateResultToJson(const CandidateResult& result);
// The "serving" object of a result (names: docs/plan-format.md "Serving results").
nlohmann::json servingResultToJson(const ServingResult& serving);
// {"model": {...}, "results": [...]} for `estimate`.
nlohmann::json planEstimateToJson(const PlanEstimate& estimate);
// {"model", "billing_modes", "recommendation", "results", "search"} for `plan`: the planner's answer, results
// ranked best first, each with its "ranking" (rank, billing mode, cost, hours, why it is not recommended).
nlohmann::json planAnswerToJson(const PlanAnswer& answer);
// The answer's text table for `plan --format table`: rank, billing mode and cost, then resultsToTable's columns.
std::string answerToTable(const PlanAnswer& answer);
nlohmann::json catalogToJson(const Catalog& catalog, bool includeGpus, bool includeInstances);

// Plain-text tables for `--format table`. Serving plans get the serving columns (replicas, concurrency per
// replica, TTFT, TPOT, output tokens/s per replica, limit, meets SLO, cost per million tokens, monthly cost);
// training and inference plans the training ones (tokens/s, MFU, hours, cost to finish).
std::string resultsToTable(const std::vector<CandidateResult>& results, Mode mode = Mode::Training);
std::string catalogToTable(const Catalog& catalog, bool includeGpus, bool includeInstances);

} // namespace gp
