// The planner's one answer: ranked candidates, the recommendation and why each other candidate loses.
#include "planner/answer.h"

#include "estimate/estimator.h"
#include "planner/no_price.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

std::string hoursText(double hours)
{
    if (hours >= 48)
        return formatNumber(hours / 24, 3) + " days";
    if (hours >= 1)
        return formatNumber(hours, 3) + " hours";
    return formatNumber(hours * 60, 3) + " minutes";
}

// Why `c` is not the recommendation `best` (null when nothing meets the objective).
Diagnostics reasonsAgainst(const CandidatePlan& c, const ObjectiveFigures& f, const CandidatePlan* best,
    const ObjectiveFigures* bestFigures, const Plan& plan, const CandidateSpec* spec, const Catalog* catalog)
{
    Diagnostics reasons;
    const std::string& currency = plan.billing.currency;
    const bool inference = plan.workload.mode != Mode::Training;
    if (!c.fits) {
        reasons.push_back({ "does_not_fit", c.best.failure ? c.best.failure->message : "does not fit in GPU memory",
            { { "memory_bytes", formatNumber(c.best.memory.total, 6) },
                { "usable_bytes", formatNumber(c.best.usableMemory, 6) } } });
        return reasons;
    }
    if (!c.meetsObjective && plan.workload.mode == Mode::Serving && c.best.failure) {
        // Serving: the latency targets are the constraint; the search says which one the closest config misses.
        std::vector<std::pair<std::string, std::string>> args = c.best.failure->args;
        args.emplace_back("reason", c.best.failure->code);
        reasons.push_back({ "misses_slo", c.best.failure->message, std::move(args) });
        return reasons;
    }
    if (!c.meetsObjective) {
        if (plan.search.objective == SearchObjective::CostUnderDeadline && plan.search.deadlineHours)
            reasons.push_back({ "misses_deadline",
                "takes " + hoursText(f.hours) + ", past the deadline of " + hoursText(*plan.search.deadlineHours),
                { { "hours", formatNumber(f.hours, 6) },
                    { "deadline_hours", formatNumber(*plan.search.deadlineHours, 6) } } });
        else if (plan.search.objective == SearchObjective::TimeUnderBudget && plan.search.budget && f.priced)
            reasons.push_back({ "exceeds_budget",
                "costs " + formatNumber(f.cost, 4) + " " + currency + ", over the budget of "
                    + formatNumber(*plan.search.budget, 4),
                { { "cost", formatNumber(f.cost, 6) }, { "budget", formatNumber(*plan.search.budget, 6) },
                    { "currency", currency } } });
        else if (!f.priced)
            reasons.push_back(noPriceReason(c.best, spec, plan, catalog));
        if (!reasons.empty())
            return reasons;
    }
    if (!best || !bestFigures)
        return reasons;
    if (!f.priced && bestFigures->priced)
        reasons.push_back(noPriceReason(c.best, spec, plan, catalog));
    if (f.priced && bestFigures->priced && std::isfinite(f.cost) && std::isfinite(bestFigures->cost)) {
        const double extra = f.cost - bestFigures->cost;
        if (std::fabs(extra) > 1e-9 * std::max(std::fabs(bestFigures->cost), 1.0)) {
            const double percent = bestFigures->cost > 0 ? extra / bestFigures->cost * 100 : 0;
            const std::string per = inference ? "million_tokens" : "run";
            reasons.push_back({ extra > 0 ? "costs_more" : "costs_less",
                "costs " + formatNumber(std::fabs(extra), 4) + " " + currency + (extra > 0 ? " more" : " less")
                    + (inference ? " per million tokens" : "") + " (" + billingModeWords(f.mode) + ")",
                { { "amount", formatNumber(std::fabs(extra), 6) }, { "percent", formatNumber(percent, 4) },
                    { "currency", currency }, { "billing_mode", billingModeText(f.mode) }, { "per", per } } });
        }
    }
    if (!inference && std::isfinite(f.hours) && std::isfinite(bestFigures->hours)) {
        const double dh = f.hours - bestFigures->hours;
        if (std::fabs(dh) >= 0.05 * std::max(bestFigures->hours, 1e-9))
            reasons.push_back({ dh > 0 ? "slower" : "faster",
                dh > 0 ? "takes " + hoursText(dh) + " longer" : "finishes " + hoursText(-dh) + " sooner",
                { { "hours", formatNumber(std::fabs(dh), 6) } } });
    }
    // A candidate ranked below the recommendation whose figures differ too little to name still says so.
    const bool namesLoss = std::any_of(reasons.begin(), reasons.end(), [&](const Diagnostic& d) {
        return d.code == (isTimeObjective(plan.search.objective) ? "slower" : "costs_more") || d.code == "no_price";
    });
    if (!namesLoss)
        reasons.push_back({ "ranked_lower", "ranks below the recommendation on the objective's tie-breaks", {} });
    return reasons;
}

// rankAnswer(), with the catalog where the caller has one (for where an unpriced candidate's price was looked up).
PlanAnswer rankAnswerWith(PlanSearchResult search, const Plan& plan, const Catalog* catalog)
{
    PlanAnswer answer;
    answer.search = std::move(search);
    answer.billingModes = plan.billing.modes;
    answer.currency = plan.billing.currency;
    answer.mode = plan.workload.mode;
    answer.objective = plan.search.objective;
    answer.deadlineHours = plan.search.deadlineHours;
    answer.budget = plan.search.budget;
    const std::vector<CandidatePlan>& ranked = answer.search.candidates;
    if (!ranked.empty() && ranked.front().meetsObjective)
        answer.recommended = 0;
    std::vector<ObjectiveFigures> figures;
    figures.reserve(ranked.size());
    for (const CandidatePlan& c : ranked)
        figures.push_back(objectiveFigures(c.best, plan.workload, plan.billing));
    const CandidatePlan* best = answer.recommendation();
    const ObjectiveFigures* bestFigures = best ? &figures.front() : nullptr;
    // The plan's candidates, for where an unpriced one's price was looked up (the no_price reason).
    const bool anyUnpriced = std::any_of(figures.begin(), figures.end(), [](const auto& f) { return !f.priced; });
    const std::vector<CandidateSpec> specs
        = catalog && anyUnpriced ? planCandidates(plan, *catalog) : std::vector<CandidateSpec>();
    for (std::size_t i = 0; i < ranked.size(); ++i) {
        Standing s;
        s.rank = int(i) + 1;
        s.recommended = int(i) == answer.recommended;
        s.figures = figures[i];
        const int at = ranked[i].planIndex;
        const CandidateSpec* spec = at >= 0 && std::size_t(at) < specs.size() ? &specs[std::size_t(at)] : nullptr;
        if (!s.recommended)
            s.reasons = reasonsAgainst(ranked[i], figures[i], best, bestFigures, plan, spec, catalog);
        answer.standings.push_back(std::move(s));
    }
    if (best)
        answer.summary = best->summary;
    return answer;
}

} // namespace

PlanAnswer rankAnswer(PlanSearchResult search, const Plan& plan)
{
    return rankAnswerWith(std::move(search), plan, nullptr);
}

Expected<PlanAnswer> answerPlan(const Plan& plan, const Catalog& catalog, const SearchControl& control)
{
    if (plan.workload.mode == Mode::Rl) // one answer per mode: an RL plan's is answerRlPlan (rl/rl_search.h)
        return Error { "workload.mode",
            "an RL plan is answered by the RL search (gpu-planner-cli plan), not this one" };
    auto search = searchPlan(plan, catalog, control);
    if (!search)
        return search.error();
    PlanAnswer answer = rankAnswerWith(std::move(*search), plan, &catalog);
    answer.overridesUsed = overridesUsed(plan, catalog);
    return answer;
}

std::vector<OverrideUse> overridesUsed(const Plan& plan, const Catalog& catalog)
{
    std::vector<const InstanceSpec*> instances;
    if (plan.candidates.empty()) {
        for (const InstanceSpec& instance : catalog.instances)
            instances.push_back(&instance);
    } else {
        for (const CandidateSpec& c : plan.candidates)
            if (const InstanceSpec* instance = c.instance.empty() ? nullptr : catalog.findInstance(c.instance); instance
                && !c.pricePerHour && std::none_of(instances.begin(), instances.end(), [&](const InstanceSpec* i) {
                       return i == instance;
                   }))
                instances.push_back(instance);
    }
    std::vector<OverrideUse> used;
    for (const InstanceSpec* instance : instances) {
        const auto region = plan.billing.regions.find(instance->provider);
        const PriceSpec* price
            = priceInRegion(catalog, *instance, region == plan.billing.regions.end() ? "" : region->second).price;
        if (!price || (price->status != "user" && price->status != "quoted"))
            continue;
        // The figures the quote gives; one it leaves to the catalog is null.
        auto quoted
            = [&](const char* field, const std::optional<double>& v) { return price->keeps(field) ? std::nullopt : v; };
        used.push_back({ instance->id, price->status, price->currency,
            quoted("on_demand_per_hour", price->onDemandPerHour), quoted("monthly", price->monthly) });
    }
    return used;
}

std::vector<OverrideUse> overridesMissing(const Plan& plan, const std::vector<OverrideUse>& used)
{
    std::vector<OverrideUse> missing;
    for (const OverrideUse& recorded : plan.answeredWith)
        if (std::find(used.begin(), used.end(), recorded) == used.end())
            missing.push_back(recorded);
    return missing;
}

} // namespace gp
