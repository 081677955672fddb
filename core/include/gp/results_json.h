// Results, search summaries and the catalog as JSON (the `--format json` contract of the spec).
#pragma once

#include "gp/catalog.h"
#include "gp/estimator.h"
#include "gp/planner.h"
#include "gp/results.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gp {

nlohmann::json candidateResultToJson(const CandidateResult& result);
// {"model": {...}, "results": [...]} for `estimate`.
nlohmann::json planEstimateToJson(const PlanEstimate& estimate);
// {"model": {...}, "results": [...], "search": {...}} for `plan`; results ranked best first.
nlohmann::json planSearchToJson(const PlanSearchResult& search);
nlohmann::json catalogToJson(const Catalog& catalog, bool includeGpus, bool includeInstances);

// Plain-text tables for `--format table`.
std::string resultsToTable(const std::vector<CandidateResult>& results);
std::string catalogToTable(const Catalog& catalog, bool includeGpus, bool includeInstances);

} // namespace gp
