// Google Benchmark of the planner: the whole search for the default plan over every catalog instance.
#include "catalog/catalog.h"
#include "planner/planner.h"

#include <benchmark/benchmark.h>

namespace {

gp::Plan defaultPlanAllInstances()
{
    auto plan = gp::parsePlan(gp::defaultPlanText());
    if (!plan)
        return gp::Plan{};
    plan->candidates.clear(); // every catalog instance
    return *plan;
}

void BM_SearchDefaultPlanAllInstances(benchmark::State& state)
{
    const gp::Plan plan = defaultPlanAllInstances();
    const gp::Catalog& catalog = gp::builtinCatalog();
    long configurations = 0;
    for (auto _ : state) {
        auto result = gp::searchPlan(plan, catalog);
        if (!result) {
            state.SkipWithError(result.error().toString().c_str());
            break;
        }
        configurations = result->configurationsEvaluated;
        benchmark::DoNotOptimize(result->candidates.data());
    }
    state.counters["configurations"] = static_cast<double>(configurations);
    state.counters["configurations_per_second"]
        = benchmark::Counter(static_cast<double>(configurations), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_SearchDefaultPlanAllInstances)->Unit(benchmark::kMillisecond);

void BM_SearchDefaultPlan(benchmark::State& state)
{
    auto parsed = gp::parsePlan(gp::defaultPlanText());
    const gp::Plan plan = parsed ? *parsed : gp::Plan{};
    const gp::Catalog& catalog = gp::builtinCatalog();
    for (auto _ : state) {
        auto result = gp::searchPlan(plan, catalog);
        benchmark::DoNotOptimize(result.ok());
    }
}
BENCHMARK(BM_SearchDefaultPlan)->Unit(benchmark::kMillisecond);

} // namespace
