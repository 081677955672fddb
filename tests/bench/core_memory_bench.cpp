// Cost of one full memory estimate (the window and the planner call it for every candidate configuration).
#include "estimate/memory/memory_model.h"

#include <benchmark/benchmark.h>

namespace
{

gp::Catalog benchCatalog()
{
    gp::Catalog c;
    for (const auto& [key, value] : { std::pair<const char*, double> { "cuda_context_gib", 1.0 }, { "nccl_gib", 1.5 },
             { "allocator_fraction", 0.05 }, { "headroom_fraction", 0.05 }, { "loss_chunks", 8 },
             { "zero3_prefetch_units", 2 }, { "offload_cpu_margin", 1.5 } }) {
        gp::SourcedValue v;
        v.value = value;
        c.defaults[key] = v;
    }
    return c;
}

void BM_EstimateMemory(benchmark::State& state)
{
    gp::ModelSpec spec;
    spec.preset = "llama-3.1-70b";
    const gp::ResolvedModel model = *gp::resolveModel(spec);
    gp::Workload w;
    w.technique = gp::Technique::Lora;
    w.lora.targetModules = { "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj" };
    gp::Configuration c;
    c.data = 8;
    c.zeroStage = 3;
    c.checkpointing = gp::Checkpointing::Full;
    c.microBatchSize = 2;
    gp::Hardware h;
    h.gpu.memoryBytes = 80.0 * (1 << 30);
    h.gpusPerNode = 8;
    const gp::Catalog catalog = benchCatalog();
    for (auto _ : state) {
        auto m = gp::estimateMemory(model, w, c, h, gp::Assumptions {}, catalog);
        benchmark::DoNotOptimize(m);
    }
}
BENCHMARK(BM_EstimateMemory);

} // namespace
