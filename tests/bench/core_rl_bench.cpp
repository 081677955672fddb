// Google Benchmark of the RL planner (issue #40): one RL step estimate (aim: under 50 us) and the placement search of
// the RL example over every catalog instance (aim: under 100 ms). `build/bin/core_bench --benchmark_filter=Rl`.
#include "catalog/catalog.h"
#include "rl/rl_search.h"

#include <benchmark/benchmark.h>

namespace
{

gp::Plan rlBenchPlan()
{
    auto plan = gp::parsePlan(gp::rlPlanText());
    return plan ? *plan : gp::Plan {};
}

void BM_RlStepEstimate(benchmark::State& state)
{
    const gp::Plan plan = rlBenchPlan();
    const gp::Catalog& catalog = gp::builtinCatalog();
    auto workload = gp::resolveRlWorkload(plan);
    auto hw = gp::resolveCandidate(plan.candidates.front(), catalog, 1, "candidates[0]");
    if (!workload || !hw) {
        state.SkipWithError("the RL example does not resolve");
        return;
    }
    const gp::RlGpuDefaults gpu = gp::rlGpuDefaults(*workload, plan, *hw, catalog);
    const int g = hw->totalGpus();
    const gp::RlLayout layout { gp::RlPlacement::Colocated, 1, g, g, 1, {}, 0 };
    for (auto _ : state) {
        const gp::RlStepEstimate e = gp::estimateRlStep(*workload, plan, *hw, layout, gpu, catalog);
        benchmark::DoNotOptimize(e.stepSeconds);
    }
}
BENCHMARK(BM_RlStepEstimate)->Unit(benchmark::kMicrosecond);

void BM_RlSearchEveryInstance(benchmark::State& state)
{
    gp::Plan plan = rlBenchPlan();
    plan.candidates.clear(); // every catalog instance, nodes "auto"
    const gp::Catalog& catalog = gp::builtinCatalog();
    long layouts = 0;
    for (auto _ : state) {
        auto answer = gp::answerRlPlan(plan, catalog);
        if (!answer) {
            state.SkipWithError(answer.error().toString().c_str());
            break;
        }
        layouts = answer->layoutsEvaluated;
        benchmark::DoNotOptimize(answer->candidates.data());
    }
    state.counters["layouts"] = double(layouts);
}
BENCHMARK(BM_RlSearchEveryInstance)->Unit(benchmark::kMillisecond);

} // namespace
