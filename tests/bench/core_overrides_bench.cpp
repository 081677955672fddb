// Google Benchmark of a large overrides file: 12,500 and 100,000 on-premise machines with a price each, read
// (parseOverridesJson) and merged over the built-in catalog (mergeOverrides), the work of every `--overrides` run
// and of the window's start. Quadratic before issue 45 (100,000 took 44.7 s); linear now.
#include "catalog/catalog.h"

#include <benchmark/benchmark.h>

#include <nlohmann/json.hpp>

namespace
{

std::string benchMachinesOverrides(int machines)
{
    using nlohmann::json;
    const gp::InstanceSpec& model = gp::builtinCatalog().instances.at(0);
    json instances = json::array();
    json prices = json::object();
    for (int i = 0; i < machines; ++i) {
        const std::string id = "onprem:rack-" + std::to_string(i);
        instances.push_back({ { "id", id }, { "provider", "onprem" }, { "family", "rack" }, { "name", id },
            { "gpu", model.gpu }, { "gpus", model.gpus }, { "vcpus", 64 }, { "memory_gib", 512 },
            { "intra_node", model.intraNode }, { "network_gbps", 100 }, { "rdma", false } });
        prices[id] = { { "currency", "USD" }, { "on_demand_per_hour", 1.0 + i } };
    }
    return json {
        { "format", "gpu-planner-overrides" }, { "version", 1 }, { "instances", instances }, { "prices", prices }
    }.dump();
}

void BM_OverridesLoad(benchmark::State& state)
{
    const std::string text = benchMachinesOverrides(static_cast<int>(state.range(0)));
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
