// Results, search summaries and the catalog as JSON (the `--format json` contract of the spec).
#pragma once

#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "planner/planner.h"
#include "estimate/common/results.h"

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
