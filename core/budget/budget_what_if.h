// What-if edits of a budget (the window's Budget view answers them as you type): traffic scaled, items started
// later, another region. Each is the budget with fields changed, answered again like any budget; a cache of the
// items' planner answers keeps an edit that leaves an item's plan unchanged from searching that item again.
#pragma once

#include "budget/budget.h"
#include "planner/answer.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace gp
{

struct BudgetWhatIf {
    double trafficFactor = 1; // serving items' requests per second x this
    int delayMonths = 0; // items start this many months later (past the horizon: the item fails, named)
    int item = -1; // the item edited (index); -1 = every item
    std::string provider; // with `region`: place that provider's items in this region only
    std::string region;

    bool any() const { return trafficFactor != 1 || delayMonths != 0 || !region.empty(); }
};

// The budget with the what-if applied.
Budget applyWhatIf(const Budget& budget, const BudgetWhatIf& whatIf);

// The items' planner answers by plan (its JSON text): answerBudget reuses an answer whose plan is unchanged, and an
// item's demand whose plan, schedule and traffic are unchanged.
// Thread-safe; shared by the window's successive answers.
struct BudgetItemDemand;
struct BudgetPlanCache {
    std::mutex mutex;
    std::map<std::string, std::shared_ptr<const PlanAnswer>> answers;
    // An item's machines hour by hour on one of its candidates, by its plan, schedule, rates and the candidate: an
    // edit of one item works out only that item's demand again (issue 41's frame budget).
    std::map<std::string, std::shared_ptr<const BudgetItemDemand>> demands;
};

} // namespace gp
