// Gentler cap fixes: each candidate edit is the budget with a what-if applied, answered again.
#include "budget/budget_cap_fixes.h"

#include "budget/budget_what_if.h"

#include <optional>
#include <string>

namespace gp
{

namespace
{

// Whether `cap` holds in every month of `answer` with every item answered (an item pushed past the horizon fails).
bool capHoldsIn(const BudgetAnswer& answer, const std::string& cap)
{
    if (answer.cancelled)
        return false;
    for (const ItemBudget& item : answer.items)
        if (item.error)
            return false;
    for (const CapBreak& b : answer.capBreaks)
        if (b.cap == cap)
            return false;
    return true;
}

struct CapFixSearch {
    const Budget& budget;
    const std::function<BudgetAnswer(const Budget&)>& answerAgain;
    int tries = 0;
    bool cancelled = false;

    bool holds(const BudgetWhatIf& whatIf, const std::string& cap)
    {
        ++tries;
        const BudgetAnswer again = answerAgain(applyWhatIf(budget, whatIf));
        cancelled = cancelled || again.cancelled;
        return capHoldsIn(again, cap);
    }
    bool spent() const { return cancelled || tries >= kCapFixTries; }
};

// The fewest months one item starts later with the cap held: each item that spends in the months over the cap,
// one month later at a time, up to the horizon.
std::optional<GentlerCapFix> delayFix(CapFixSearch& search, const BudgetAnswer& answer, const CapBreak& b)
{
    const int horizon = search.budget.horizonMonths;
    for (int delay = 1; delay < horizon && !search.spent(); ++delay)
        for (std::size_t i = 0; i < search.budget.items.size() && !search.spent(); ++i) {
            const BudgetItem& item = search.budget.items[i];
            if (i >= answer.items.size() || answer.items[i].error || answer.items[i].spend <= 0
                || item.schedule.startMonth + delay > horizon)
                continue;
            BudgetWhatIf whatIf;
            whatIf.item = int(i);
            whatIf.delayMonths = delay;
            if (search.holds(whatIf, b.cap))
                return GentlerCapFix { b.cap, whatIf,
                    { "delay_item",
                        "start " + item.name + " " + std::to_string(delay) + (delay == 1 ? " month" : " months")
                            + " later",
                        { { "item", item.name }, { "months", std::to_string(delay) } } } };
        }
    return std::nullopt;
}

// The largest whole percent of one serving item's traffic with the cap held (bisection over 1-99 %), the item with
// the largest share kept.
std::optional<GentlerCapFix> trafficFix(CapFixSearch& search, const BudgetAnswer& answer, const CapBreak& b)
{
    std::optional<std::pair<std::size_t, int>> best;
    for (std::size_t i = 0; i < search.budget.items.size() && !search.spent(); ++i) {
        const BudgetItem& item = search.budget.items[i];
        if (i >= answer.items.size() || answer.items[i].error || !item.plan
            || item.plan->workload.mode != Mode::Serving)
            continue;
        BudgetWhatIf whatIf;
        whatIf.item = int(i);
        int held = 0, broken = 100; // the cap breaks at 100 %
        while (broken - held > 1 && !search.spent()) {
            const int mid = (held + broken) / 2;
            whatIf.trafficFactor = mid / 100.0;
            (search.holds(whatIf, b.cap) ? held : broken) = mid;
        }
        if (broken - held == 1 && held > 0 && (!best || held > best->second))
            best = std::pair(i, held);
    }
    if (!best)
        return std::nullopt;
    const std::string& name = search.budget.items[best->first].name;
    BudgetWhatIf whatIf;
    whatIf.item = int(best->first);
    whatIf.trafficFactor = best->second / 100.0;
    return GentlerCapFix { b.cap, whatIf,
        { "scale_traffic", "serve " + name + " at " + std::to_string(best->second) + "% of its traffic",
            { { "item", name }, { "percent", std::to_string(best->second) } } } };
}

} // namespace

void addGentlerCapFixes(BudgetAnswer& answer, const Budget& budget, const Catalog& catalog, BudgetPlanCache& cache)
{
    if (answer.cancelled || answer.capBreaks.empty())
        return;
    addGentlerCapFixes(answer, budget, [&](const Budget& edited) { return answerBudget(edited, catalog, {}, &cache); });
}

std::vector<GentlerCapFix> findGentlerCapFixes(const BudgetAnswer& answer, const Budget& budget,
    const std::function<BudgetAnswer(const Budget&)>& answerAgain, bool everyKind)
{
    std::vector<GentlerCapFix> found;
    for (const CapBreak& b : answer.capBreaks) {
        CapFixSearch delays { budget, answerAgain };
        std::optional<GentlerCapFix> delay = delayFix(delays, answer, b);
        if (delays.cancelled)
            break;
        if (delay)
            found.push_back(std::move(*delay));
        // A share of one serving item's traffic: where no later start brings the cap under it, or when asked for
        // every kind (each share searches that item's plan again, where a later start reuses its answer).
        if (found.empty() || found.back().cap != b.cap || everyKind) {
            CapFixSearch shares { budget, answerAgain };
            std::optional<GentlerCapFix> share = trafficFix(shares, answer, b);
            if (shares.cancelled)
                break;
            if (share)
                found.push_back(std::move(*share));
        }
    }
    return found;
}

void addGentlerCapFixes(
    BudgetAnswer& answer, const Budget& budget, const std::function<BudgetAnswer(const Budget&)>& answerAgain)
{
    for (GentlerCapFix& fix : findGentlerCapFixes(answer, budget, answerAgain))
        for (CapBreak& b : answer.capBreaks)
            if (b.cap == fix.cap) {
                b.fixes.push_back(std::move(fix.words));
                break;
            }
}

} // namespace gp
