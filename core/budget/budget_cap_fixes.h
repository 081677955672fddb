// Gentler fixes of a broken budget cap than dropping a whole item (issue 44): start one item later, or serve one
// serving item at a share of its traffic. Each is found by answering the budget again with it, so each fix the answer
// offers brings every month of its cap under the cap when applied (applyWhatIf).
#pragma once

#include "budget/budget_answer.h"
#include "budget/budget_what_if.h"

#include <functional>
#include <vector>

namespace gp
{

// One gentler fix: the edit (applyWhatIf on the budget it was found for) and its words, as CapBreak::fixes holds them.
struct GentlerCapFix {
    std::string cap; // the cap it brings every month under ("total", "per_month")
    BudgetWhatIf whatIf; // one item (whatIf.item) later by whatIf.delayMonths, or its traffic x whatIf.trafficFactor
    Diagnostic words; // delay_item (item, months) or scale_traffic (item, percent)
};

// For each of `answer`'s cap breaks (`answer` answers `budget`):
//   delay_item (item, months): the fewest months one item can start later with the cap held in every month;
//   scale_traffic (item, percent): the largest whole percent of one serving item's traffic with the cap held, only
//   where no later start holds it unless `everyKind` (each share searches that item's plan again: seconds, where a
//   later start reuses its answer; the window searches on its own worker and offers both).
// `answerAgain` answers an edited budget (without these fixes); each kind of fix tries at most kCapFixTries budgets
// per break, and a cancelled answer (BudgetAnswer::cancelled) ends the search with what it found so far.
std::vector<GentlerCapFix> findGentlerCapFixes(const BudgetAnswer& answer, const Budget& budget,
    const std::function<BudgetAnswer(const Budget&)>& answerAgain, bool everyKind = false);

// Adds findGentlerCapFixes' words to each of `answer`'s cap breaks, after its raise and drop fixes.
void addGentlerCapFixes(
    BudgetAnswer& answer, const Budget& budget, const std::function<BudgetAnswer(const Budget&)>& answerAgain);

// The same with answerBudget answering each edit (the items' planner answers shared through `cache`). The CLI's
// budget command adds them; the window's Budget view searches for them on its own worker once an answer has settled
// and offers each to apply (ui/widgets/budget/budget_view.cpp).
void addGentlerCapFixes(BudgetAnswer& answer, const Budget& budget, const Catalog& catalog, BudgetPlanCache& cache);

inline constexpr int kCapFixTries = 24;

} // namespace gp
