// The cost-time frontier of one candidate as the window, the report and the CSV draw it: every fitting
// configuration the search scored, which of them are on the Pareto frontier and which one was chosen.
#pragma once

#include "planner/answer.h"

#include <vector>

namespace gp
{

struct FrontierPoint {
    ParetoPoint point; // hours, cost (priced false: GPU-hours), configuration, nodes
    bool onFrontier = false; // no scored configuration is both cheaper and faster
    bool chosen = false; // the candidate's chosen configuration
};

// Every fitting configuration the search scores for answer.search.candidates[candidate] of `plan`, in the order
// it scores them: the candidate's search run again, keeping its points (the answer keeps only the frontier).
std::vector<ParetoPoint> scoredConfigurations(
    const Plan& plan, const Catalog& catalog, const PlanAnswer& answer, std::size_t candidate);

// The scored configurations of answer.search.candidates[candidate] with the frontier and the choice marked,
// sorted by hours then cost; points without finite figures are left out.
std::vector<FrontierPoint> frontierPoints(
    const Plan& plan, const Catalog& catalog, const PlanAnswer& answer, std::size_t candidate);

// The full result of one scored configuration (what clicking a point shows): the candidate evaluated in that
// configuration and node count, as the search's final evaluation does it. Errors name the field.
Expected<CandidateResult> evaluatePoint(const Plan& plan, const Catalog& catalog, const PlanAnswer& answer,
    std::size_t candidate, const ParetoPoint& point);

} // namespace gp
