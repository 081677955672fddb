// Google Benchmark of the team budget (issue #41 asks for a 12-month budget of 10 items, each item's planner search
// included, answered in under 100 ms): the example budget's three items repeated to ten, with other start months
// and traffic, answered by answerBudget; and one item's edit answered again with the planner answers cached.
// `build/bin/core_bench --benchmark_filter=Budget`.
#include "budget/budget.h"
#include "budget/budget_answer.h"
#include "budget/budget_what_if.h"

#include <benchmark/benchmark.h>

namespace
{

// `distinct`: every item's plan differs (its tokens), so each item is searched; else repeated plans are searched once.
gp::Budget tenItemBudget(bool distinct = false)
{
    auto budget = gp::parseBudget(gp::exampleBudgetText());
    if (!budget)
        return gp::Budget {};
    const std::vector<gp::BudgetItem> three = budget->items;
    budget->items.clear();
    for (int i = 0; i < 10; ++i) {
        gp::BudgetItem item = three[std::size_t(i % 3)];
        item.name += " " + std::to_string(i + 1);
        item.schedule.startMonth = 1 + i % 6;
        if (distinct && item.plan && item.plan->workload.mode == gp::Mode::Training)
            item.plan->workload.trainingTokens *= 1 + 0.1 * i;
        if (item.traffic.requestsPerSecond)
            item.traffic.requestsPerSecond = *item.traffic.requestsPerSecond * (1 + i % 4);
        budget->items.push_back(std::move(item));
    }
    budget->stock.clear(); // the example's stock would leave some of ten items unplaced
    return *budget;
}

void BM_BudgetTenItemsTwelveMonths(benchmark::State& state)
{
    const gp::Budget budget = tenItemBudget(state.range(0) == 1);
    const gp::Catalog& catalog = gp::builtinCatalog();
    for (auto _ : state) {
        const gp::BudgetAnswer answer = gp::answerBudget(budget, catalog);
        if (answer.failedItems() > 0 || answer.items.size() != 10) {
            state.SkipWithError("an item failed");
            break;
        }
        benchmark::DoNotOptimize(answer.total);
    }
}
BENCHMARK(BM_BudgetTenItemsTwelveMonths)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// The Budget view's edit of one item (a month later) with the items' planner answers cached from the answer
// before it: only the fleet is billed again (issue #41: within a frame's budget, 16 ms).
void BM_BudgetEditOneItemCached(benchmark::State& state)
{
    const gp::Budget budget = tenItemBudget();
    const gp::Catalog& catalog = gp::builtinCatalog();
    gp::BudgetPlanCache cache;
    gp::answerBudget(budget, catalog, {}, &cache);
    int delay = 0;
    for (auto _ : state) {
        gp::BudgetWhatIf edit;
        edit.item = 0;
        edit.delayMonths = (delay++ % 3) + 1;
        const gp::BudgetAnswer answer = gp::answerBudget(gp::applyWhatIf(budget, edit), catalog, {}, &cache);
        benchmark::DoNotOptimize(answer.total);
    }
}
BENCHMARK(BM_BudgetEditOneItemCached)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace
