// Searches, per candidate, the configuration that fits and best meets the plan's objective; ranks them.
#pragma once

#include "base/diagnostic.h"
#include "base/expected.h"
#include "catalog/catalog.h"
#include "estimate/common/results.h"
#include "estimate/estimator.h"
#include "plan/plan.h"

#include <atomic>
#include <optional>
#include <vector>

namespace gp
{

// One fitting configuration on the cost/time plane. For inference, `hours` is the latency of one
// request batch (prefill + generation) in hours and `cost` the cost per million generated tokens.
struct ParetoPoint {
    double hours = 0;
    double cost = 0;
    Configuration configuration;
    int nodes = 1;
    bool priced = true; // false: `cost` is GPU-hours because the candidate has no price
};

struct CandidatePlan {
    int planIndex = -1; // index of the candidate in planCandidates(plan) (the plan's order)
    CandidateResult best; // the chosen configuration (or the closest miss when none fits)
    std::vector<ParetoPoint> frontier; // cost/time Pareto frontier of fitting configurations
    long configurationsEvaluated = 0;

    bool fits = false; // some configuration fits in memory
    bool meetsObjective = false; // fits and meets the deadline/budget of the objective (if any)
    bool priced = true; // false: cost figures are GPU-hours (no price known), see `notes`
    double objectiveValue = 0; // what the objective minimizes: cost, GPU-hours or hours
    long fullEvaluations = 0; // configurations that got time and cost (the rest failed the memory check)
    // Serving with mixed_instances: ordered pairs of this candidate and another instance (either holding the prefill
    // pool) not scored, their floor (pairCostFloor, planner/serving_deployment_search.h) above the best split found.
    long mixedPairsPruned = 0;
    std::optional<Diagnostic> summary; // "recommended_configuration": the choice in one sentence
};

struct PlanSearchResult {
    ResolvedModel model;
    std::vector<CandidatePlan> candidates; // ranked: fitting ones first, best objective first
    long configurationsEvaluated = 0;
    double seconds = 0;
};

// How a search runs: on how many threads, and a flag a caller sets to stop a search whose answer is no longer
// wanted (polled per candidate and per node count; the search then returns the error `cancelledError()`).
struct SearchControl {
    unsigned threads = 0; // 0: one per hardware thread, at most 8
    const std::atomic<bool>* cancel = nullptr;
};

// The error a cancelled search returns (field "search", message "cancelled").
bool isCancelled(const Error& error);

// Per candidate, the cheapest (or fastest, per `plan.search.objective`) configuration that fits, with
// reasons and verified suggestions for those that cannot fit; candidates ranked best first.
// Candidates are searched on up to `control.threads` threads; the result does not depend on the number.
Expected<PlanSearchResult> searchPlan(const Plan& plan, const Catalog& catalog, const SearchControl& control = {});

// Searches one candidate (the unit searchPlan repeats); `model` is the plan's resolved model.
CandidatePlan searchCandidate(const Plan& plan, const CandidateSpec& candidate, const ResolvedModel& model,
    const Catalog& catalog, const std::string& fieldPath, const std::atomic<bool>* cancel = nullptr);

} // namespace gp
