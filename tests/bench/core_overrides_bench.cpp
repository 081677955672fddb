// Google Benchmark of a large overrides file: 12,500 and 100,000 on-premise machines with a price each, read
// (parseOverridesJson) and merged over the built-in catalog (mergeOverrides), the work of every `--overrides` run
// and of the window's start. Quadratic before issue 45 (100,000 took 44.7 s); linear now, which the script test
// overrides_linear checks from these two runs (their processor times, at most 24x apart for 8x the machines).
#include "../core/many_machines_overrides.h"
#include "catalog/catalog.h"

#include <benchmark/benchmark.h>

#include <nlohmann/json.hpp>

namespace
{

void BM_OverridesLoad(benchmark::State& state)
{
    const std::string text = gp::test::manyMachinesOverrides(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        auto overrides = gp::parseOverridesJson(text, "overrides.json");
        if (!overrides) {
            state.SkipWithError(overrides.error().toString().c_str());
            break;
        }
        gp::Catalog merged = gp::mergeOverrides(gp::builtinCatalog(), *overrides);
        benchmark::DoNotOptimize(merged.instances.data());
    }
    state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_OverridesLoad)->Arg(12500)->Arg(100000)->Unit(benchmark::kMillisecond)->Iterations(2);

} // namespace
