#include "rl/rl_search.h"

#include "base/number_text.h"
#include "estimate/cost/cost_model.h"
#include "estimate/estimator.h"
#include "rl/rl_placement.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

// What the objective minimises: cost (GPU-hours without a price), or hours.
double rlObjectiveValue(const RlChoice& c, SearchObjective objective)
{
    const bool time = objective == SearchObjective::Time || objective == SearchObjective::TimeUnderBudget;
    if (time)
        return c.hours;
    return c.cost ? *c.cost : c.gpuHours;
}

bool rlMeetsLimit(const RlChoice& c, const SearchSpec& search)
{
    if (search.objective == SearchObjective::CostUnderDeadline && search.deadlineHours)
        return c.hours <= *search.deadlineHours;
    if (search.objective == SearchObjective::TimeUnderBudget && search.budget)
        return c.cost && *c.cost <= *search.budget;
    return true;
}

// Hours, GPU-hours and the cheapest allowed billing mode's cost of `step` run for the plan's steps.
RlChoice rlPriced(RlStepEstimate step, const RlWorkload& w, const Plan& plan, const Hardware& hw,
    const RlGpuDefaults& gpu, const Catalog& catalog)
{
    RlChoice c;
    c.gpus = hw.totalGpus();
    c.step = std::move(step);
    if (!c.step.fits)
        return c;
    c.stepsPerHour = 3600.0 / c.step.stepSeconds;
    const double goodput = gpu.performance.trainingGoodput > 0 ? gpu.performance.trainingGoodput : 1.0;
    c.hours = double(w.spec.steps) / c.stepsPerHour / goodput;
    c.gpuHours = c.hours * c.gpus;
    const CostEstimate cost = estimateCost(hw, c.hours, plan.billing, catalog);
    c.pricePerHour = cost.pricePerHour;
    for (const BillingCost& mode : cost.modes)
        if (mode.total && plan.billing.allows(mode.mode) && (!c.cost || *mode.total < *c.cost)) {
            c.cost = mode.total;
            c.billingMode = mode.mode;
        }
    if (c.cost)
        c.costPer1000Prompts = *c.cost / (double(w.spec.steps) * w.spec.promptsPerStep) * 1000.0;
    return c;
}

bool rlBetter(const RlChoice& a, const RlChoice& b, const SearchSpec& search)
{
    if (a.step.fits != b.step.fits)
        return a.step.fits;
    const bool am = rlMeetsLimit(a, search), bm = rlMeetsLimit(b, search);
    if (am != bm)
        return am;
    // A priced candidate's cost and an unpriced one's GPU-hours are not comparable: the priced one ranks first.
    const bool time = search.objective == SearchObjective::Time || search.objective == SearchObjective::TimeUnderBudget;
    if (!time && a.cost.has_value() != b.cost.has_value())
        return a.cost.has_value();
    const double va = rlObjectiveValue(a, search.objective), vb = rlObjectiveValue(b, search.objective);
    if (va != vb)
        return va < vb;
    return a.hours < b.hours;
}

std::vector<int> rlNodeCounts(const CandidateSpec& candidate, int maxNodes)
{
    if (candidate.nodes)
        return { std::max(1, *candidate.nodes) };
    std::vector<int> out;
    for (int n = 1; n <= std::max(1, maxNodes); n *= 2)
        out.push_back(n);
    return out;
}

std::vector<RlLayout> rlLayouts(const RlWorkload& w, const Hardware& hw, int nodes)
{
    std::vector<RlLayout> out;
    const int total = hw.totalGpus();
    const RlPlacement wanted = w.spec.placement;
    const std::vector<int> tensors = rlRolloutTensorDegrees(hw, total, w);
    if (wanted != RlPlacement::Separate)
        for (int t : tensors)
            out.push_back({ RlPlacement::Colocated, nodes, total, total, t, {}, 0 });
    if (wanted != RlPlacement::Colocated && total > 1)
        for (int r : rlRolloutPoolSizes(w.spec, hw))
            if (r < total)
                for (int t : rlRolloutTensorDegrees(hw, r, w))
                    out.push_back({ RlPlacement::Separate, nodes, r, total - r, t, {}, w.spec.offPolicySteps });
    return out;
}

} // namespace

RlCandidateAnswer searchRlCandidate(const RlWorkload& w, const Plan& plan, const CandidateSpec& spec,
    const Catalog& catalog, const std::string& fieldPath)
{
    RlCandidateAnswer a;
    auto resolved = resolveCandidate(spec, catalog, 1, fieldPath);
    if (!resolved) {
        a.candidate = spec.label.empty() ? (spec.instance.empty() ? spec.gpu : spec.instance) : spec.label;
        a.failure = FitFailure { "candidate_invalid", resolved.error().message, {} };
        return a;
    }
    Hardware hw = *resolved;
    a.candidate = hw.label.empty() ? hw.id : hw.label;
    a.gpu = hw.gpu.id;
    a.gpuName = hw.gpu.name;
    a.gpusPerNode = hw.gpusPerNode;
    const RlGpuDefaults gpu = rlGpuDefaults(w, plan, hw, catalog);
    std::optional<RlChoice> best;
    const bool timeObjective
        = plan.search.objective == SearchObjective::Time || plan.search.objective == SearchObjective::TimeUnderBudget;
    for (int nodes : rlNodeCounts(spec, plan.search.maxNodes)) {
        setNodes(hw, spec, nodes);
        bool improved = false;
        for (const RlLayout& layout : rlLayouts(w, hw, nodes)) {
            ++a.layoutsEvaluated;
            RlChoice c = rlPriced(estimateRlStep(w, plan, hw, layout, gpu, catalog), w, plan, hw, gpu, catalog);
            if (!best || rlBetter(c, *best, plan.search)) {
                best = std::move(c);
                improved = true;
            }
        }
        // Cost objectives: doubling the nodes doubles the price per hour, so once a fitting layout meets the limit
        // and twice the nodes did not lower the cost, more nodes (which shorten the step less and less) stop here.
        if (!timeObjective && !improved && best && best->step.fits && rlMeetsLimit(*best, plan.search))
            break;
    }
    if (best) {
        a.best = std::move(*best);
        a.fits = a.best.step.fits;
        a.meetsObjective = a.fits && rlMeetsLimit(a.best, plan.search);
        if (!a.fits)
            a.failure = a.best.step.failure;
    } else {
        // No layout to try: the plan's rollout pool leaves the training pool nothing (or the candidate has one GPU).
        const int gpus = hw.totalGpus();
        a.best.gpus = gpus;
        a.failure = FitFailure { "rl_no_training_gpus",
            "workload.rl.rollout_gpus (" + std::to_string(w.spec.rolloutGpus.value_or(gpus)) + ") leaves no GPU of the "
                + std::to_string(gpus) + " for training",
            { { "role", "training" }, { "rollout_gpus", std::to_string(w.spec.rolloutGpus.value_or(gpus)) },
                { "gpus", std::to_string(gpus) } } };
    }
    return a;
}

Expected<RlAnswer> answerRlPlan(const Plan& plan, const Catalog& catalog)
{
    if (plan.workload.mode != Mode::Rl)
        return Error { "workload.mode", "the RL answer needs mode \"rl\"" };
    auto workload = resolveRlWorkload(plan);
    if (!workload)
        return workload.error();
    RlAnswer answer;
    answer.title = plan.title;
    answer.objective = plan.search.objective;
    answer.currency = plan.billing.currency;
    answer.algorithm = plan.workload.rl.algorithm;
    answer.actor = workload->actor.name;
    answer.trainedSamplesPerStep = workload->trainedSamples;
    answer.steps = plan.workload.rl.steps;
    const std::vector<CandidateSpec> candidates = planCandidates(plan, catalog);
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        RlCandidateAnswer a
            = searchRlCandidate(*workload, plan, candidates[i], catalog, "candidates[" + std::to_string(i) + "]");
        if (a.failure && a.failure->code == "candidate_invalid" && !plan.candidates.empty())
            return Error { "candidates[" + std::to_string(i) + "]", a.failure->message };
        answer.layoutsEvaluated += a.layoutsEvaluated;
        answer.candidates.push_back(std::move(a));
    }
    std::stable_sort(answer.candidates.begin(), answer.candidates.end(),
        [&](const RlCandidateAnswer& x, const RlCandidateAnswer& y) { return rlBetter(x.best, y.best, plan.search); });
    if (answer.candidates.empty())
        return answer;
    const RlCandidateAnswer& first = answer.candidates.front();
    answer.recommended = first.fits && first.meetsObjective;
    const bool time
        = plan.search.objective == SearchObjective::Time || plan.search.objective == SearchObjective::TimeUnderBudget;
    for (std::size_t i = 1; i < answer.candidates.size(); ++i) {
        RlCandidateAnswer& c = answer.candidates[i];
        if (!c.fits) {
            const std::string role = c.failure ? c.failure->args.empty() ? "" : c.failure->args.front().second : "";
            c.reasons.push_back(
                { "rl_does_not_fit", c.failure ? c.failure->message : "no layout fits", { { "role", role } } });
            continue;
        }
        if (!c.meetsObjective) {
            c.reasons.push_back(
                { plan.search.objective == SearchObjective::CostUnderDeadline ? "rl_misses_deadline" : "rl_over_budget",
                    "misses the plan's limit", { { "hours", formatNumber(c.best.hours) } } });
            continue;
        }
        if (!time && !c.best.cost && first.best.cost) {
            c.reasons.push_back({ "rl_unpriced", "the catalog has no price for it: ranked after the priced candidates",
                { { "gpu_hours", formatNumber(c.best.gpuHours) } } });
            continue;
        }
        const double mine = rlObjectiveValue(c.best, plan.search.objective);
        const double theirs = rlObjectiveValue(first.best, plan.search.objective);
        const std::string ratio = theirs > 0 ? formatNumber(mine / theirs) : "";
        c.reasons.push_back({ time ? "rl_slower" : "rl_costs_more",
            std::string(time ? "takes " : "costs ") + ratio + "x the recommendation ("
                + std::string(toString(c.best.step.limitingPhase)) + " limits its step)",
            { { "ratio", ratio }, { "limiting_phase", std::string(toString(c.best.step.limitingPhase)) },
                { "recommended", first.candidate } } });
    }
    return answer;
}

} // namespace gp
