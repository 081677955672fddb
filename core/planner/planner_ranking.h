// How the planner compares configurations and candidates: objective figures, the cost/time
// Pareto frontier and the ranking of candidates.
#pragma once

#include "base/number_text.h" // formatNumber: numbers in args and messages
#include "estimate/common/results.h"
#include "planner/planner.h"

#include <vector>

namespace gp
{

// A configuration's figures as the objective sees them.
struct ObjectiveFigures {
    bool priced = true; // false: `cost` holds GPU-hours (training) or GPU-hours per million tokens (inference)
    double hours = 0; // training: wall-clock hours to finish; inference: hours per request batch
    double cost = 0; // training: total to finish; inference: cost per million generated tokens
    std::optional<BillingMode> mode; // the billing mode `cost` is under: the cheapest the plan allows; none unpriced
};

// The rates of `rates` whose mode the plan's billing allows, in the same order.
std::vector<BillingRate> allowedRates(const std::vector<BillingRate>& rates, const Billing& billing);

// Figures of an evaluated configuration for the workload's mode, under the cheapest of `allowed` (rates of the
// billing modes the plan allows; see allowedRates). Non-finite figures become +infinity.
ObjectiveFigures objectiveFigures(
    const CandidateResult& result, const Workload& workload, const std::vector<BillingRate>& allowed, double monthDays);
// The same for a fully evaluated result, under the billing modes `billing` allows.
ObjectiveFigures objectiveFigures(const CandidateResult& result, const Workload& workload, const Billing& billing);

// Whether figures satisfy the objective's constraint: the deadline for cost-under-deadline, the
// budget for time-under-budget (an unpriced candidate cannot be checked against a budget: false).
bool meetsConstraint(const ObjectiveFigures& figures, const SearchSpec& search);

// The value the objective minimizes: hours for time objectives, cost (or GPU-hours) otherwise.
double objectiveValue(const ObjectiveFigures& figures, SearchObjective objective);

// True when `a` is strictly better than `b` for the objective (primary value, then the other figure);
// values within a relative 1e-9 of each other count as equal.
bool betterFor(const ObjectiveFigures& a, const ObjectiveFigures& b, SearchObjective objective);

// The points no other point beats on both hours and cost, sorted by hours ascending (equal points kept once).
std::vector<ParetoPoint> paretoFrontier(std::vector<ParetoPoint> points);

// Sorts candidates best first: those meeting the objective (priced ones before GPU-hours-only ones
// for cost objectives) by objective value; then those that fit but miss the deadline or budget;
// then those that do not fit, the closest miss (memory needed / usable) first. Stable for ties.
void rankCandidates(std::vector<CandidatePlan>& candidates, SearchObjective objective);

// The English one-line summary ("... you need 2 nodes, ZeRO-3, full checkpointing, micro-batch 4:
// 3.1 days, 41000 CNY") as a diagnostic with args, code "recommended_configuration".
Diagnostic describeChoice(const CandidatePlan& plan, const Plan& workPlan);

// A billing mode in English words for messages (BillingMode::OnDemand -> "pay-as-you-go"); "" for none.
std::string billingModeWords(std::optional<BillingMode> mode);
// A reservation's term in English words ("1-year term", "3-year term", "18-month term"); the UI's is
// CoreText::reservedTerm.
std::string reservedTermWords(int months);
// The term of the reserved rates in `results` (every candidate of a plan shares it), 0 when none is priced.
int reservedTermOf(const std::vector<CandidatePlan>& candidates);

} // namespace gp
