// The cost-time frontier with the choice marked, and the full result of one point.
#include "planner/frontier.h"

#include "estimate/estimator.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

bool sameConfiguration(const Configuration& a, const Configuration& b)
{
    return a.data == b.data && a.tensor == b.tensor && a.pipeline == b.pipeline && a.zeroStage == b.zeroStage
        && a.offload == b.offload && a.checkpointing == b.checkpointing && a.microBatchSize == b.microBatchSize
        && a.gradientAccumulationSteps == b.gradientAccumulationSteps && a.sequenceParallel == b.sequenceParallel
        && a.expert == b.expert && a.context == b.context && a.pipelineSchedule == b.pipelineSchedule
        && a.virtualStages == b.virtualStages && a.decodeInstance == b.decodeInstance
        && a.prefillInstance == b.prefillInstance;
}

bool samePoint(const ParetoPoint& a, const ParetoPoint& b)
{
    return a.nodes == b.nodes && sameConfiguration(a.configuration, b.configuration);
}

} // namespace

std::vector<FrontierPoint> frontierPoints(
    const Plan& plan, const Catalog& catalog, const PlanAnswer& answer, std::size_t index)
{
    std::vector<FrontierPoint> points;
    if (index >= answer.search.candidates.size())
        return points;
    const CandidatePlan& candidate = answer.search.candidates[index];
    const std::vector<ParetoPoint> scored = scoredConfigurations(plan, catalog, answer, index);
    points.reserve(scored.size());
    bool chosenMarked = false;
    for (const ParetoPoint& p : scored) {
        if (!std::isfinite(p.hours) || !std::isfinite(p.cost))
            continue;
        FrontierPoint f;
        f.point = p;
        f.onFrontier = std::any_of(candidate.frontier.begin(), candidate.frontier.end(),
            [&](const ParetoPoint& q) { return samePoint(p, q); });
        if (!chosenMarked && candidate.fits && p.nodes == candidate.best.nodes
            && sameConfiguration(p.configuration, candidate.best.configuration)) {
            f.chosen = true;
            chosenMarked = true;
        }
        points.push_back(std::move(f));
    }
    std::stable_sort(points.begin(), points.end(), [](const FrontierPoint& a, const FrontierPoint& b) {
        if (a.point.hours != b.point.hours)
            return a.point.hours < b.point.hours;
        return a.point.cost < b.point.cost;
    });
    return points;
}

Expected<CandidateResult> evaluatePoint(
    const Plan& plan, const Catalog& catalog, const PlanAnswer& answer, std::size_t candidate, const ParetoPoint& point)
{
    if (candidate >= answer.search.candidates.size())
        return Error { "candidates", "there is no candidate " + std::to_string(candidate + 1) + " in the answer" };
    const CandidatePlan& c = answer.search.candidates[candidate];
    const std::vector<CandidateSpec> specs = planCandidates(plan, catalog);
    if (c.planIndex < 0 || std::size_t(c.planIndex) >= specs.size())
        return Error { "candidates", "the answer's candidate is not in the plan" };
    const std::string path = "candidates[" + std::to_string(c.planIndex) + "]";
    auto hardware = resolveCandidate(specs[std::size_t(c.planIndex)], catalog, point.nodes, path);
    if (!hardware)
        return hardware.error();
    return evaluateCandidate(answer.search.model, plan, *hardware, point.configuration, catalog);
}

} // namespace gp
