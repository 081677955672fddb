// The planner's answer to a plan: the ranked candidates, the recommendation, why each other candidate loses,
// under the billing modes the plan allows. Every front end (window, PDF and CSV report, `plan`, `export`) renders
// this one value; none re-ranks or re-derives it.
#pragma once

#include "planner/planner.h"
#include "planner/planner_ranking.h"

#include <optional>
#include <string>
#include <vector>

namespace gp
{

// Where one candidate stands in the answer.
struct Standing {
    int rank = 0; // 1-based place in the answer
    bool recommended = false; // the answer's recommendation
    // The candidate's headline figures: hours (training: to finish; inference: per request batch) and cost under
    // `figures.mode`, the cheapest billing mode the plan allows (training: total to finish; inference: per million
    // generated tokens). `figures.priced` is false when no allowed mode has a price (cost then holds GPU-hours).
    ObjectiveFigures figures;
    // Why it is not the recommendation, as data (code + args; the UI words them). Codes:
    //   does_not_fit (args: memory_bytes, usable_bytes; the result's `failure` says why),
    //   misses_deadline (hours, deadline_hours), exceeds_budget (cost, budget, currency),
    //   no_price (no allowed billing mode has a price), costs_more / costs_less (amount, percent, currency,
    //   billing_mode, per: "run" or "million_tokens"), slower / faster (hours), ranked_lower (ties).
    // Empty for the recommendation.
    Diagnostics reasons;
};

struct PlanAnswer {
    PlanSearchResult search; // the model, the candidates ranked best first, counts and time
    std::vector<Standing> standings; // one per search.candidates entry, same order
    int recommended = -1; // index into search.candidates; -1: no candidate meets the objective
    std::optional<Diagnostic> summary; // "recommended_configuration": the recommendation in one sentence
    std::vector<std::string> billingModes; // the modes the ranking used (plan billing.modes)
    std::string currency = "CNY";
    Mode mode = Mode::Training;
    SearchObjective objective = SearchObjective::Cost;
    std::optional<double> deadlineHours;
    std::optional<double> budget;
    std::vector<OverrideUse> overridesUsed; // the user's quotes among the candidates' prices (overridesUsed())

    const CandidatePlan* recommendation() const
    {
        return recommended >= 0 ? &search.candidates[std::size_t(recommended)] : nullptr;
    }
};

// Searches the plan (or, with `search.enabled` false, evaluates each candidate as configured) and ranks the
// candidates under the billing modes the plan allows. Errors name the field; a cancelled search returns the
// error isCancelled() recognises.
Expected<PlanAnswer> answerPlan(const Plan& plan, const Catalog& catalog, const SearchControl& control = {});

// The user's price quotes (catalog overrides: status "user" or "quoted") that answering `plan` with `catalog` uses:
// one per candidate instance whose price in the plan's region comes from a quote, in candidate order.
std::vector<OverrideUse> overridesUsed(const Plan& plan, const Catalog& catalog);

// The recorded quotes (`plan.answeredWith`) that `used` lacks or gives other figures for: what an answer without
// the same overrides computes differently.
std::vector<OverrideUse> overridesMissing(const Plan& plan, const std::vector<OverrideUse>& used);

// The standings for already ranked candidates (answerPlan's second half, for tests and callers that search
// themselves).
PlanAnswer rankAnswer(PlanSearchResult search, const Plan& plan);

} // namespace gp
