// Gentler fixes of a broken budget cap than dropping a whole item (issue 44): start one item later, or serve one
// serving item at a share of its traffic. Each is found by answering the budget again with it, so each fix the answer
// offers brings every month of its cap under the cap when applied (applyWhatIf).
#pragma once

#include "budget/budget_answer.h"

#include <functional>

namespace gp
{

// Adds to each of `answer`'s cap breaks, after its raise and drop fixes:
//   delay_item (item, months): the fewest months one item can start later with the cap held in every month;
//   scale_traffic (item, percent): the largest whole percent of one serving item's traffic with the cap held.
// `answerAgain` answers an edited budget (without these fixes). Each kind of fix tries at most kCapFixTries budgets
// per break.
void addGentlerCapFixes(
    BudgetAnswer& answer, const Budget& budget, const std::function<BudgetAnswer(const Budget&)>& answerAgain);

// The same with answerBudget answering each edit (the items' planner answers shared through `cache`). The CLI's
// budget command adds them; the window's Budget view, which answers again as the user types, does not.
void addGentlerCapFixes(BudgetAnswer& answer, const Budget& budget, const Catalog& catalog, BudgetPlanCache& cache);

inline constexpr int kCapFixTries = 24;

} // namespace gp
