// Google Benchmark of the sensitivity of the default plan: the plan answered again with each uncertain input at its
// low and high end (about ten answerPlan runs); the target is under 50 ms.
#include "catalog/catalog.h"
#include "planner/sensitivity.h"

#include <benchmark/benchmark.h>

namespace
{

void BM_SensitivityDefaultPlan(benchmark::State& state)
{
    auto plan = gp::parsePlan(gp::defaultPlanText());
    if (!plan) {
        state.SkipWithError(plan.error().toString().c_str());
        return;
    }
    const gp::Catalog& catalog = gp::builtinCatalog();
    auto answer = gp::answerPlan(*plan, catalog);
    if (!answer) {
        state.SkipWithError(answer.error().toString().c_str());
        return;
    }
    for (auto _ : state) {
        auto sensitivity = gp::planSensitivity(*plan, catalog, *answer);
        if (!sensitivity) {
            state.SkipWithError(sensitivity.error().toString().c_str());
            break;
        }
        benchmark::DoNotOptimize(sensitivity->inputs.data());
    }
}
BENCHMARK(BM_SensitivityDefaultPlan)->Unit(benchmark::kMillisecond)->UseRealTime();

// The copy of the catalog one end of an input pays before its search.
void BM_SensitivityCatalogCopy(benchmark::State& state)
{
    for (auto _ : state) {
        gp::Catalog scaled = gp::withEstimatedPricesScaled(gp::builtinCatalog(), 1.13);
        benchmark::DoNotOptimize(scaled.instances.data());
    }
}
BENCHMARK(BM_SensitivityCatalogCopy)->Unit(benchmark::kMicrosecond);

} // namespace
