// Google Benchmark of the planner: the whole search for the default plan over every catalog instance.
#include "catalog/catalog.h"
#include "planner/planner.h"

#include <benchmark/benchmark.h>

namespace
{

gp::Plan defaultPlanAllInstances()
{
    auto plan = gp::parsePlan(gp::defaultPlanText());
    if (!plan)
        return gp::Plan {};
    plan->candidates.clear(); // every catalog instance
    return *plan;
}

// The whole search of `plan` per iteration, with the configurations it scores and their rate.
void searchEveryIteration(benchmark::State& state, const gp::Plan& plan)
{
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

void BM_SearchDefaultPlanAllInstances(benchmark::State& state)
{
    searchEveryIteration(state, defaultPlanAllInstances());
}
BENCHMARK(BM_SearchDefaultPlanAllInstances)->Unit(benchmark::kMillisecond);

// The same search where the dimensions of issue #18 open: /0 an MoE model (expert-parallel degrees), /1 a 32k-token
// sequence (context-parallel degrees), /2 an interleaved pipeline schedule (virtual stages).
void BM_SearchNewDimensionsAllInstances(benchmark::State& state)
{
    gp::Plan plan = defaultPlanAllInstances();
    switch (state.range(0)) {
    case 0:
        plan.model = gp::ModelSpec {};
        plan.model.preset = "qwen3-30b-a3b";
        break;
    case 1:
        plan.model = gp::ModelSpec {};
        plan.model.preset = "llama-3.1-8b";
        plan.workload.sequenceLength = 32768;
        break;
    default:
        plan.workload.parallelism.pipelineSchedule = gp::PipelineSchedule::Interleaved;
        plan.workload.parallelism.virtualStages = 2;
        break;
    }
    searchEveryIteration(state, plan);
}
BENCHMARK(BM_SearchNewDimensionsAllInstances)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

void BM_SearchDefaultPlan(benchmark::State& state)
{
    auto parsed = gp::parsePlan(gp::defaultPlanText());
    const gp::Plan plan = parsed ? *parsed : gp::Plan {};
    const gp::Catalog& catalog = gp::builtinCatalog();
    for (auto _ : state) {
        auto result = gp::searchPlan(plan, catalog);
        benchmark::DoNotOptimize(result.ok());
    }
}
BENCHMARK(BM_SearchDefaultPlan)->Unit(benchmark::kMillisecond);

} // namespace

namespace
{

// Many candidates: N copies of one small candidate (a 1-GPU instance with a fixed node count) and a plan carrying
// unknown fields. The search time must grow linearly with N (it was quadratic: each candidate's search copied the
// whole plan, its candidate list and unknown JSON included).
void BM_SearchManyCandidates(benchmark::State& state)
{
    auto parsed = gp::parsePlan(gp::defaultPlanText());
    gp::Plan plan = parsed ? *parsed : gp::Plan {};
    gp::CandidateSpec one;
    one.instance = "tencent:GN7.2XLARGE32";
    one.nodes = 1;
    plan.candidates.assign(static_cast<std::size_t>(state.range(0)), one);
    plan.workload.technique = gp::Technique::Lora;
    plan.original["x_unknown_notes"] = std::string(20000, 'x');
    const gp::Catalog& catalog = gp::builtinCatalog();
    for (auto _ : state) {
        auto result = gp::searchPlan(plan, catalog);
        benchmark::DoNotOptimize(result.ok());
    }
    state.counters["candidates_per_second"]
        = benchmark::Counter(static_cast<double>(state.range(0)), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_SearchManyCandidates)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

} // namespace
