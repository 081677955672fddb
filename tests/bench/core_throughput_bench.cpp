// Time of one throughput estimate and one cost estimate: the window recomputes both for every candidate and
// configuration the planner scores, so each must take microseconds.
#include "estimate/cost/cost_model.h"
#include "estimate/time/throughput_model.h"

#include <benchmark/benchmark.h>

namespace
{

gp::ResolvedModel llama2_7b()
{
    gp::ResolvedModel m;
    m.name = "Llama-2-7B";
    m.architecture.numLayers = 32;
    m.architecture.hiddenSize = 4096;
    m.architecture.numAttentionHeads = 32;
    m.architecture.intermediateSize = 11008;
    m.architecture.vocabSize = 32000;
    m.parameters = gp::countParameters(m.architecture);
    return m;
}

gp::Hardware twoNodes(const gp::Catalog& catalog)
{
    gp::Hardware hw;
    if (const auto* gpu = catalog.findGpu("a100-40gb-sxm"))
        hw.gpu = *gpu;
    if (const auto* link = catalog.findLink("nvlink3"))
        hw.intraNode = *link;
    hw.gpusPerNode = 8;
    hw.nodes = 2;
    hw.interNodeGbps = 100;
    hw.vcpusPerNode = 164;
    hw.ramBytesPerNode = 948.0 * (1 << 30);
    hw.price.onDemandPerHour = 200;
    hw.price.monthly = 90000;
    hw.price.spotDiscount = 0.5;
    return hw;
}

void BM_EstimateThroughput(benchmark::State& state)
{
    const gp::Catalog& catalog = gp::builtinCatalog();
    const gp::ResolvedModel model = llama2_7b();
    const gp::Hardware hw = twoNodes(catalog);
    gp::Workload w;
    gp::Configuration c;
    c.data = 8;
    c.tensor = 2;
    c.zeroStage = 3;
    c.gradientAccumulationSteps = 4;
    c.checkpointing = gp::Checkpointing::Full;
    for (auto _ : state)
        benchmark::DoNotOptimize(gp::estimateThroughput(model, w, c, hw, {}, {}, catalog));
}
BENCHMARK(BM_EstimateThroughput);

void BM_EstimateThroughputInference(benchmark::State& state)
{
    const gp::Catalog& catalog = gp::builtinCatalog();
    const gp::ResolvedModel model = llama2_7b();
    const gp::Hardware hw = twoNodes(catalog);
    gp::Workload w;
    w.mode = gp::Mode::Inference;
    gp::Configuration c;
    c.tensor = 2;
    for (auto _ : state)
        benchmark::DoNotOptimize(gp::estimateThroughput(model, w, c, hw, {}, {}, catalog));
}
BENCHMARK(BM_EstimateThroughputInference);

void BM_EstimateCost(benchmark::State& state)
{
    const gp::Catalog& catalog = gp::builtinCatalog();
    const gp::Hardware hw = twoNodes(catalog);
    gp::Billing billing;
    billing.currency = "USD";
    for (auto _ : state)
        benchmark::DoNotOptimize(gp::estimateCost(hw, 1234.5, billing, catalog));
}
BENCHMARK(BM_EstimateCost);

} // namespace
