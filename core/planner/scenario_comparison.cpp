// Scenarios compared: one answerPlan per scenario, the headline of each answer, differences to a baseline.
#include "planner/scenario_comparison.h"

#include "estimate/common/memory_headroom.h"
#include "plan/scenarios.h"

#include <chrono>
#include <cmath>

namespace gp
{

ScenarioHeadline headlineOf(const PlanAnswer& answer, const Plan& plan)
{
    ScenarioHeadline h;
    if (answer.search.candidates.empty())
        return h;
    const std::size_t index = answer.recommended >= 0 ? std::size_t(answer.recommended) : 0;
    const CandidatePlan& c = answer.search.candidates[index];
    const CandidateResult& r = c.best;
    h.hasCandidate = true;
    h.candidateIndex = int(index);
    h.candidate = r.candidate;
    h.gpuName = r.gpuName;
    h.nodes = r.nodes;
    h.gpusPerNode = r.gpusPerNode;
    h.gpus = r.gpus;
    h.configuration = r.configuration;
    h.fits = c.fits;
    h.meetsObjective = c.meetsObjective;
    h.figures = answer.standings[index].figures;
    if (c.fits)
        for (const BillingRate& rate : allowedRates(r.cost.rates, plan.billing)) {
            const ObjectiveFigures f = objectiveFigures(r, plan.workload, { rate }, r.cost.monthDays);
            if (f.priced && std::isfinite(f.cost))
                h.costs.push_back({ rate.mode, f.cost });
        }
    h.memoryBytes = r.memory.total;
    h.usableBytes = r.usableMemory;
    h.headroomBytes = memoryHeadroomBytes(r);
    return h;
}

ScenarioDelta deltaBetween(const ScenarioRow& row, const ScenarioRow& baseline)
{
    ScenarioDelta d;
    if (!row.answer || !baseline.answer || !row.headline.hasCandidate || !baseline.headline.hasCandidate)
        return d;
    const ObjectiveFigures& a = row.headline.figures;
    const ObjectiveFigures& b = baseline.headline.figures;
    const bool bothFit = row.headline.fits && baseline.headline.fits;
    if (bothFit && a.priced && b.priced && row.answer->currency == baseline.answer->currency
        && row.answer->mode == baseline.answer->mode && std::isfinite(a.cost) && std::isfinite(b.cost)) {
        d.cost = a.cost - b.cost;
        if (b.cost > 0)
            d.costPercent = *d.cost / b.cost * 100;
    }
    if (bothFit && row.answer->mode == baseline.answer->mode && std::isfinite(a.hours) && std::isfinite(b.hours)) {
        d.hours = a.hours - b.hours;
        if (b.hours > 0)
            d.hoursPercent = *d.hours / b.hours * 100;
    }
    return d;
}

void setBaseline(ScenarioComparison& comparison, std::size_t baseline)
{
    if (baseline >= comparison.rows.size())
        baseline = 0;
    comparison.baseline = baseline;
    const std::optional<Plan>& basePlan = comparison.rows[baseline].plan;
    for (std::size_t i = 0; i < comparison.rows.size(); ++i) {
        ScenarioRow& row = comparison.rows[i];
        row.delta = i == baseline ? ScenarioDelta {} : deltaBetween(row, comparison.rows[baseline]);
        row.changes
            = i != baseline && basePlan && row.plan ? planChanges(*basePlan, *row.plan) : std::vector<PlanChange> {};
    }
}

Expected<ScenarioComparison> compareScenarios(
    const Plan& plan, const Catalog& catalog, std::size_t baseline, const SearchControl& control)
{
    const auto start = std::chrono::steady_clock::now();
    ScenarioComparison comparison;
    Plan basePlan = plan;
    setPlanScenarios(basePlan, {});
    const std::vector<Scenario> scenarios = planScenarios(plan);
    auto answerRow = [&](ScenarioRow& row, const Plan& variant) -> std::optional<Error> {
        auto answer = answerPlan(variant, catalog, control);
        if (!answer) {
            if (isCancelled(answer.error()))
                return answer.error();
            row.error = answer.error();
            return std::nullopt;
        }
        row.headline = headlineOf(*answer, variant);
        row.answer = std::move(*answer);
        return std::nullopt;
    };
    ScenarioRow base;
    base.base = true;
    base.plan = basePlan;
    if (auto cancelled = answerRow(base, basePlan))
        return *cancelled;
    comparison.rows.push_back(std::move(base));
    for (std::size_t i = 0; i < scenarios.size(); ++i) {
        ScenarioRow row;
        row.name = scenarios[i].name;
        row.scenarioIndex = int(i);
        auto variant = scenarioPlan(plan, i);
        if (!variant)
            row.error = variant.error();
        else if (auto cancelled = answerRow(row, *variant))
            return *cancelled;
        if (variant)
            row.plan = std::move(*variant);
        if (row.error && !row.error->field.empty() && row.error->field.rfind("scenarios[", 0) != 0)
            row.error->field = "scenarios[" + std::to_string(i) + "].overrides." + row.error->field;
        comparison.rows.push_back(std::move(row));
    }
    setBaseline(comparison, baseline);
    comparison.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return comparison;
}

std::optional<std::size_t> rowNamed(const ScenarioComparison& comparison, const std::string& name)
{
    for (std::size_t i = 0; i < comparison.rows.size(); ++i)
        if (!comparison.rows[i].base && comparison.rows[i].name == name)
            return i;
    if (name.empty() || name == "base")
        return 0;
    return std::nullopt;
}

} // namespace gp
