// What-if edits applied to a copy of the budget.
#include "budget/budget_what_if.h"

namespace gp
{

Budget applyWhatIf(const Budget& budget, const BudgetWhatIf& w)
{
    Budget out = budget;
    for (std::size_t i = 0; i < out.items.size(); ++i) {
        if (w.item >= 0 && std::size_t(w.item) != i)
            continue;
        BudgetItem& item = out.items[i];
        if (w.trafficFactor != 1) {
            if (item.traffic.requestsPerSecond)
                *item.traffic.requestsPerSecond *= w.trafficFactor;
            for (double& rate : item.traffic.byMonth)
                rate *= w.trafficFactor;
            if (item.plan && item.traffic.byMonth.empty() && !item.traffic.requestsPerSecond)
                item.plan->workload.serving.load.value *= w.trafficFactor;
        }
        if (w.delayMonths != 0) {
            item.schedule.startMonth = std::max(1, item.schedule.startMonth + w.delayMonths);
            if (item.schedule.untilMonth)
                item.schedule.untilMonth = std::min(out.horizonMonths, *item.schedule.untilMonth + w.delayMonths);
            if (item.schedule.durationMonths)
                item.schedule.durationMonths = std::max(
                    1, std::min(*item.schedule.durationMonths, out.horizonMonths - item.schedule.startMonth + 1));
            if (item.schedule.startMonth > out.horizonMonths && !item.problem)
                item.problem = Error { "items[" + std::to_string(i) + "].schedule.start_month",
                    "month " + std::to_string(item.schedule.startMonth) + " is past the horizon of "
                        + std::to_string(out.horizonMonths) + " months" };
        }
    }
    if (!w.region.empty() && !w.provider.empty())
        out.regions[w.provider] = { w.region };
    return out;
}

} // namespace gp
