// Physics as a property: thousands of random training plans (seeded, so every run draws the same ones) over every
// catalog GPU, each estimate checked against bounds computed here from the hardware alone, not from the models:
// - MFU at most the fastest kernel the catalog measures on that GPU (the matmul ceiling of
//   compute_efficiency.peak.*, the flash-attention figures of attention_efficiency.*, each sourced there);
// - the tokens per second times 6 (LoRA: 4) FLOPs per active non-embedding parameter, per GPU, at most the dense
//   peak at the precision the GPU runs (NVFP4: the FP4 peak);
// - the step at least the gradient synchronisation's bytes over the network it crosses (an all-reduce over N nodes
//   moves at least 2 (N - 1) / N of the buffer through each node, Patarasuk & Yuan 2009), at the line rate;
// - the step at least the tensor-parallel all-reduces' bytes over the NVLink spec bandwidth;
// - FP8 no slower than BF16 on the same layout unless it says why (warning fp8_slower_than_bf16), and then its
//   weight casts at most the bytes of the weights the GPU holds (10 bytes per element, torchao's rowwise, the
//   costliest recipe), read and written once per micro-batch.
#include "catalog/catalog.h"
#include "catalog/gpu_precision.h"
#include "estimate/common/fp8_all_gather.h"
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/common/pipeline_schedule.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/fp8_scaling.h"
#include "estimate/time/throughput_model.h"
#include "published_recipes_too_big.h"
#include "test_throughput_helpers.h"
#include "transformer/layers.h"
#include "transformer/training_flops.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <set>

namespace gp
{
namespace
{

struct PhysicsPlan {
    ResolvedModel model;
    Workload workload;
    Configuration config;
    Hardware hardware;
};

struct PhysicsTally {
    int plans = 0;
    int fp8Pairs = 0;
    int fp8Slower = 0;
    int networkChecked = 0;
    int fp8ParameterPairs = 0; // Megatron FP8 plans estimated with and without FP8 parameters (fp8_all_gather)
    int failures = 0;
    int perStack[detail::kTrainingStackCount] = {}; // plans per workload.framework
    int perGradientWidth[3] = { 0, 0, 0 }; // plans per workload.gradient_precision (auto, fp32, bf16)
    int perDispatcher[4] = { 0, 0, 0, 0 }; // MoE plans with expert parallelism per workload.moe_token_dispatcher
    int moduleRecompute = 0; // plans recomputing a Megatron module (recompute_layernorm, _moe_act, _mla_up_proj)
    int a2aOverlapHiding = 0; // plans whose combined 1F1B schedule (moe_a2a_overlap) hides some expert all-to-all
    int tpOverlapHiding = 0; // plans whose tensor-parallel overlap (tp_comm_overlap) hides some transfers
    int dualPipePlans = 0; // plans with the DualPipe or DualPipeV schedule
};

const std::vector<ResolvedModel>& physicsModels()
{
    static const std::vector<ResolvedModel> models = [] {
        std::vector<ResolvedModel> list;
        for (const char* id :
            { "llama-3.2-1b", "llama-2-7b", "llama-3.1-8b", "qwen3-14b", "llama-3.1-70b", "mixtral-8x7b",
                "qwen3-30b-a3b", "deepseek-v3", "gpt-oss-120b", "qwen3-next-80b-a3b", "nemotron-h-8b" }) {
            ModelSpec spec;
            spec.preset = id;
            auto m = resolveModel(spec);
            if (m.ok())
                list.push_back(*m);
        }
        return list;
    }();
    return models;
}

int pick(std::mt19937& rng, std::initializer_list<int> values)
{
    std::uniform_int_distribution<std::size_t> d(0, values.size() - 1);
    return *(values.begin() + d(rng));
}

// One random plan on `gpu`: 1-32 nodes of 8 (or the GPU's PCIe boards), tensor x pipeline inside a node.
PhysicsPlan randomPlan(std::mt19937& rng, const Catalog& catalog, const GpuSpec& gpu)
{
    PhysicsPlan p;
    const auto& models = physicsModels();
    p.model = models[std::uniform_int_distribution<std::size_t>(0, models.size() - 1)(rng)];
    const bool moe = p.model.architecture.numExperts > 1;
    const std::string link = !gpu.nvlink.empty() ? gpu.nvlink : gpu.pcie;
    const int gpusPerNode = 8;
    const int nodes = pick(rng, { 1, 2, 4, 8, 16, 32 });
    p.hardware = testing::catalogHardware(
        catalog, gpu.id, gpusPerNode, link, nodes, double(pick(rng, { 100, 400, 800, 1600, 3200 })), true);
    Configuration& c = p.config;
    c.tensor = pick(rng, { 1, 2, 4, 8 });
    c.pipeline = nodes > 1 ? pick(rng, { 1, 1, 2, 4 }) : 1;
    c.context = pick(rng, { 1, 1, 1, 2 });
    const int total = gpusPerNode * nodes;
    c.data = std::max(1, total / (c.tensor * c.pipeline * c.context));
    if (c.data * c.tensor * c.pipeline * c.context != total)
        c.data = 1;
    c.zeroStage = pick(rng, { 0, 1, 2, 3 });
    c.microBatchSize = pick(rng, { 1, 2, 4 });
    c.gradientAccumulationSteps = pick(rng, { 1, 4, 16 });
    c.checkpointing = pick(rng, { 0, 1 }) ? Checkpointing::Full : Checkpointing::Selective;
    c.sequenceParallel = c.tensor > 1;
    if (moe) {
        const int experts = p.model.architecture.numExperts;
        const int stage = c.tensor * c.data * c.context;
        c.expert = 1;
        for (int ep : { pick(rng, { 1, 2, 4, 8, 16, 32, 64 }) })
            if (ep <= experts && experts % ep == 0 && stage % ep == 0)
                c.expert = ep;
    }
    // Every schedule; DualPipe and DualPipeV where their code runs the layout (pipeline_schedule.h), else 1F1B.
    if (c.pipeline > 1)
        c.pipelineSchedule = static_cast<PipelineSchedule>(pick(rng, { 0, 1, 3, 4 }));
    if (pipelineScheduleProblem(c.pipelineSchedule, c.pipeline, c.gradientAccumulationSteps).text)
        c.pipelineSchedule = PipelineSchedule::OneFOneB;
    if (c.pipelineSchedule == PipelineSchedule::Interleaved)
        c.virtualStages = 2;
    Workload& w = p.workload;
    w.technique = pick(rng, { 0, 0, 0, 1 }) ? Technique::Lora : Technique::Full;
    w.sequenceLength = pick(rng, { 2048, 4096, 8192 });
    w.microBatchSize = c.microBatchSize;
    w.gradientAccumulationSteps = c.gradientAccumulationSteps;
    w.activationCheckpointing = c.checkpointing;
    w.trainingTokens = 1e10;
    w.precision = Precision::Bf16;
    w.fp8Recipe = static_cast<Fp8Recipe>(pick(rng, { 0, 1, 2, 3, 5 })); // 5: delayed (Transformer Engine)
    // The training stack: its states, loss and evaluation change the answer, never past the hardware.
    w.framework
        = static_cast<TrainingStack>(std::uniform_int_distribution<int>(0, detail::kTrainingStackCount - 1)(rng));
    // The gradient reduce width: the stack's default, or fp32 / bf16 as a launch states it.
    w.gradientPrecision = static_cast<GradientPrecision>(pick(rng, { 0, 1, 2 }));
    // The Megatron stack's own switches: the master copy's width, per-module recompute, the MoE token dispatcher and
    // the CUDA-graph scope (each a plan input a launch file states).
    w.masterWeightsPrecision = static_cast<MasterWeightsPrecision>(pick(rng, { 0, 1, 2 }));
    w.recomputeLayernorm = pick(rng, { 0, 1 }) != 0;
    w.recomputeMoeAct = pick(rng, { 0, 1 }) != 0;
    w.recomputeMlaUpProj = pick(rng, { 0, 1 }) != 0;
    w.moeTokenDispatcher = static_cast<MoeDispatcher>(pick(rng, { 0, 1, 2, 3 }));
    w.cudaGraphs = static_cast<CudaGraphScope>(pick(rng, { 0, 1, 2 }));
    w.moeA2aOverlap = pick(rng, { 0, 1 }) != 0;
    // Transformer Engine's tensor-parallel overlap, on for half the plans without drawing from the generator again
    // (the plans drawn stay those of earlier runs): the exclusive or of two fair, independent draws.
    w.tpCommOverlap = w.recomputeLayernorm != w.moeA2aOverlap;
    return p;
}

double computeCeiling(const PerformanceDefaults& d)
{
    double ceiling = computeEfficiency(d, 1e9, 1e12);
    for (AttentionKernel k :
        { AttentionKernel::FlashAttention2, AttentionKernel::Cudnn, AttentionKernel::FlashAttention3 })
        for (double headDim : { 64.0, 128.0, 192.0 })
            for (bool causal : { false, true }) {
                const AttentionEfficiency a = attentionKernelEfficiency(d, headDim, causal, k);
                ceiling = std::max({ ceiling, a.forward, a.backward });
            }
    return ceiling;
}

ThroughputEstimate estimateOn(
    const PhysicsPlan& p, const Workload& workload, const Catalog& catalog, MemoryBreakdown* memoryOut = nullptr)
{
    const Workload run = workloadOnGpu(workload, p.hardware.gpu);
    const MemoryBreakdown memory = estimateMemory(p.model, run, p.config, p.hardware, {}, catalog);
    if (memoryOut)
        *memoryOut = memory;
    return estimateThroughput(p.model, run, p.config, p.hardware, memory, {}, catalog);
}

bool hasWarning(const Diagnostics& warnings, const std::string& code)
{
    for (const Diagnostic& d : warnings)
        if (d.code == code)
            return true;
    return false;
}

// The parameters a GPU holds, from the model's counts alone: the dense part over tensor x pipeline ranks, the routed
// experts over expert x pipeline ranks (whole experts with expert parallelism, also split over tensor without it),
// with a stage's share rounded up to whole layers.
double heldParameters(const PhysicsPlan& p)
{
    const ParameterCounts& c = p.model.parameters;
    const Architecture& a = p.model.architecture;
    const double routed = a.numExperts > 1 ? moeLayers(a) * double(a.numExperts) * (a.mlp == MlpKind::Gated ? 3.0 : 2.0)
            * double(a.hiddenSize) * double(a.moeIntermediateSize > 0 ? a.moeIntermediateSize : a.intermediateSize)
                                           : 0.0;
    const int t = p.config.tensor, pp = p.config.pipeline, ep = p.config.expert;
    const double stageShare = std::ceil(c.layerCount / pp) / c.layerCount;
    const double expertRanks = ep > 1 ? double(ep) : double(t);
    return (c.total - routed) * stageShare / t + routed * stageShare / expertRanks;
}

// Checks one estimate of a plan run at `workload`'s precision; returns the number of broken bounds (each printed).
int checkBounds(const PhysicsPlan& p, const Workload& workload, const ThroughputEstimate& t, const Catalog& catalog)
{
    int broken = 0;
    const GpuSpec& gpu = p.hardware.gpu;
    const Workload run = workloadOnGpu(workload, gpu);
    const Configuration& c = p.config;
    const double gpus = double(c.data) * c.tensor * c.pipeline * c.context;
    auto fail = [&](const char* what, double value, double bound) {
        std::printf("physics: %s on %s, %s t%d p%d d%d cp%d ep%d z%d mb%d ga%d %s %s: %.4g > %.4g\n", what,
            gpu.id.c_str(), p.model.name.c_str(), c.tensor, c.pipeline, c.data, c.context, c.expert, c.zeroStage,
            c.microBatchSize, c.gradientAccumulationSteps, std::string(toString(run.precision)).c_str(),
            std::string(toString(workload.technique)).c_str(), value, bound);
        ++broken;
    };
    const PerformanceDefaults d = performanceDefaults(catalog, {}, gpu.gpuClass, gpu.architecture);
    const bool nvfp4 = run.precision == Precision::Fp8 && run.fp8Recipe == Fp8Recipe::Nvfp4 && gpu.tflops.fp4;
    const double ceiling
        = computeCeiling(d) * (nvfp4 ? *gpu.tflops.fp4 / peakTflops(gpu, run.precision).value_or(1) : 1.0);
    if (t.modelFlopsUtilization > ceiling * (1 + 1e-9))
        fail("MFU above the GPU's fastest measured kernel", t.modelFlopsUtilization, ceiling);

    // FLOP/s from the active parameters alone, against the dense peak at the precision run.
    const ParameterCounts& pc = p.model.parameters;
    const double perParameter = workload.technique == Technique::Lora ? 4.0 : 6.0;
    const double flopsPerGpu = t.tokensPerSecond * perParameter * (pc.active - pc.embedding) / gpus;
    double peak = peakTflops(gpu, run.precision).value_or(0) * 1e12;
    if (nvfp4)
        peak = std::max(peak, *gpu.tflops.fp4 * 1e12);
    if (flopsPerGpu > peak * (1 + 1e-9))
        fail("FLOP/s per GPU above the dense peak", flopsPerGpu, peak);

    // Gradient synchronisation over the network: whole replicas per node (tensor x pipeline x context inside one,
    // every GPU used), the trainable parameters' 16-bit gradients (FP8 training too: its GEMMs run in FP8, its
    // gradients are reduced in BF16 or FP32) all-reduced across the nodes at the line rate.
    const int nodes = p.hardware.nodes;
    const bool replicasPerNode = c.tensor * c.pipeline * c.context <= p.hardware.gpusPerNode && c.expert == 1
        && gpus == double(p.hardware.gpusPerNode) * nodes;
    if (nodes > 1 && replicasPerNode && workload.technique == Technique::Full && c.data > 1) {
        const double nodeBytesPerSecond = p.hardware.interNodeGbps / 8 * 1e9;
        // (A reduce-scatter plus an all-gather: the all-gather of FP8 parameters carries their share at one byte.)
        const double share = fp8AllGatherShare(pc, run, c);
        const double bytes = (nodes - 1.0) / nodes * pc.total * (2.0 + share * 1.0 + (1 - share) * 2.0);
        const double seconds = bytes / nodeBytesPerSecond;
        if (t.step.total < seconds * (1 - 1e-9))
            fail("step shorter than its gradient all-reduce over the network", t.step.total, seconds);
    }
    // Tensor parallelism inside a node: 4 all-reduces of the layer output per layer and micro-batch (2 forward, 2
    // backward), each moving 2 (t - 1) / t of micro x seq x hidden at 16 bits, over the NVLink spec bandwidth.
    if (c.tensor > 1 && c.tensor <= p.hardware.gpusPerNode && p.hardware.intraNode.bandwidthGBpsPerDirection > 0) {
        const double layers = pc.layerCount / c.pipeline;
        const double perCall = 2.0 * (c.tensor - 1) / c.tensor * c.microBatchSize * double(workload.sequenceLength)
            / c.context * p.model.architecture.hiddenSize * 2.0;
        const double bytes = 4.0 * layers * c.gradientAccumulationSteps * perCall;
        const double seconds = bytes / (p.hardware.intraNode.bandwidthGBpsPerDirection * 1e9);
        if (t.step.total < seconds * (1 - 1e-9))
            fail("step shorter than its tensor-parallel all-reduces over NVLink", t.step.total, seconds);
    }
    return broken;
}

// Checks one plan in BF16 and, where the GPU runs it, in FP8; returns the number of broken bounds.
int checkPlan(const PhysicsPlan& p, const Catalog& catalog, PhysicsTally& tally)
{
    const GpuSpec& gpu = p.hardware.gpu;
    const ThroughputEstimate t = estimateOn(p, p.workload, catalog);
    if (!(t.tokensPerSecond > 0) || !std::isfinite(t.step.total))
        return 0; // nothing estimated (no peak or bandwidth known): nothing to bound
    ++tally.plans;
    ++tally.perStack[std::clamp(int(p.workload.framework), 0, detail::kTrainingStackCount - 1)];
    ++tally.perGradientWidth[std::clamp(int(p.workload.gradientPrecision), 0, 2)];
    if (p.model.architecture.numExperts > 1 && p.config.expert > 1)
        ++tally.perDispatcher[std::clamp(int(p.workload.moeTokenDispatcher), 0, 3)];
    if (p.workload.recomputeLayernorm || p.workload.recomputeMoeAct || p.workload.recomputeMlaUpProj)
        ++tally.moduleRecompute;
    const Configuration& c = p.config;
    if (p.hardware.nodes > 1 && c.data > 1 && c.expert == 1)
        ++tally.networkChecked;
    int broken = checkBounds(p, p.workload, t, catalog);
    // An overlap only hides transfers behind compute, never slower than without it: the combined 1F1B schedule's
    // expert all-to-all (moe_a2a_overlap), Transformer Engine's tensor-parallel transfers behind GEMMs
    // (tp_comm_overlap). True when it hides some.
    const auto overlapOnlyHides = [&](bool Workload::*overlap, const char* name) {
        if (!(p.workload.*overlap))
            return false;
        Workload exposed = p.workload;
        exposed.*overlap = false;
        const ThroughputEstimate e = estimateOn(p, exposed, catalog);
        if (t.step.total > e.step.total * (1 + 1e-9)) {
            std::printf("physics: %s slower than without it on %s, %s: %.6g > %.6g s\n", name, gpu.id.c_str(),
                p.model.name.c_str(), t.step.total, e.step.total);
            ++broken;
        }
        return t.step.total < e.step.total * (1 - 1e-12);
    };
    tally.a2aOverlapHiding += overlapOnlyHides(&Workload::moeA2aOverlap, "moe_a2a_overlap");
    tally.dualPipePlans += c.pipeline > 1
        && (c.pipelineSchedule == PipelineSchedule::DualPipe || c.pipelineSchedule == PipelineSchedule::DualPipeV);
    tally.tpOverlapHiding += overlapOnlyHides(&Workload::tpCommOverlap, "tp_comm_overlap");
    // The wall clock holds at least the steps: goodput at most 1 (checkpoints, evaluation and failures only add).
    const double steps = p.workload.trainingTokens / t.tokensPerSecond / 3600.0;
    if (!(t.trainingHours >= steps * (1 - 1e-12)) || !(t.goodput > 0 && t.goodput <= 1 + 1e-12)) {
        std::printf("physics: training hours %.6g under the steps' %.6g (goodput %.4g) on %s\n", t.trainingHours, steps,
            t.goodput, gpu.id.c_str());
        ++broken;
    }

    // FP8 against BF16 on the same layout, where the GPU runs FP8 at all.
    Workload fp8 = p.workload;
    fp8.precision = Precision::Fp8;
    const Workload run = workloadOnGpu(fp8, gpu);
    if (run.precision != Precision::Fp8)
        return broken;
    ++tally.fp8Pairs;
    const ThroughputEstimate f = estimateOn(p, fp8, catalog);
    broken += checkBounds(p, fp8, f, catalog);
    // Megatron's FP8 parameters (--fp8-param-gather) only take work away: no 16-bit weight to cast every micro-batch
    // (each rank casts its own shard) and the distributed optimizer's gather at one byte. Never slower.
    if (p.workload.framework == TrainingStack::Megatron) {
        Workload gathered = fp8;
        gathered.fp8AllGather = true;
        const ThroughputEstimate g = estimateOn(p, gathered, catalog);
        ++tally.fp8ParameterPairs;
        broken += checkBounds(p, gathered, g, catalog);
        if (g.step.total > f.step.total * (1 + 1e-9)) {
            std::printf("physics: Megatron FP8 parameters slower than the cast layout on %s, %s t%d p%d d%d ep%d z%d: "
                        "%.4g > %.4g s (compute %.4g/%.4g, memory-bound %.4g/%.4g, casts %.4g/%.4g, intra %.4g/%.4g, "
                        "network %.4g/%.4g, raw %.4g/%.4g)\n",
                gpu.id.c_str(), p.model.name.c_str(), c.tensor, c.pipeline, c.data, c.expert, c.zeroStage, g.step.total,
                f.step.total, g.step.compute, f.step.compute, g.memoryBoundSeconds, f.memoryBoundSeconds,
                g.fp8CastSeconds, f.fp8CastSeconds, g.step.communicationIntraNode, f.step.communicationIntraNode,
                g.step.communicationNetwork, f.step.communicationNetwork, g.communicationRawSeconds,
                f.communicationRawSeconds);
            ++broken;
        }
    }
    if (f.step.total <= t.step.total * (1 + 1e-9))
        return broken;
    ++tally.fp8Slower;
    // The reason it names must hold: casts of no more weight bytes than the GPU holds, per micro-batch.
    const PerformanceDefaults d = performanceDefaults(catalog, {}, gpu.gpuClass, gpu.architecture);
    const Fp8CastTraffic cast
        = fp8CastTraffic(p.model.architecture, run.fp8Recipe, run.framework == TrainingStack::Megatron);
    const double bandwidth = gpu.memoryBandwidthGBps * 1e9 * d.decodeBandwidth;
    const double tokens = double(c.microBatchSize) * p.workload.sequenceLength * c.gradientAccumulationSteps
        / (double(c.tensor) * c.pipeline * c.context);
    // Under sequence parallelism Transformer Engine's gathered FP8 tensors are transposed after the gather on GPUs
    // taking TN-layout FP8 GEMMs only: activation traffic too (teGatheredTransposeBytesPerToken), not weight casts.
    const double gathered = run.framework == TrainingStack::Megatron && c.sequenceParallel && fp8GemmsTakeTnOnly(gpu)
        ? teGatheredTransposeBytesPerToken(p.model.architecture, run.fp8Recipe, c.tensor)
        : 0.0;
    const double weightCast = f.fp8CastSeconds * bandwidth - tokens * (cast.bytesPerToken + gathered);
    const double held = heldParameters(p) * 10.0 * c.gradientAccumulationSteps;
    if (!hasWarning(f.warnings, "fp8_slower_than_bf16")) {
        std::printf("physics: FP8 slower than BF16 without a reason on %s, %s t%d p%d d%d cp%d ep%d z%d mb%d ga%d: "
                    "%.4g > %.4g s (compute %.4g/%.4g, memory-bound %.4g/%.4g, casts %.4g, bubble %.4g/%.4g, "
                    "intra %.4g/%.4g, network %.4g/%.4g, data %.4g/%.4g)\n",
            gpu.id.c_str(), p.model.name.c_str(), c.tensor, c.pipeline, c.data, c.context, c.expert, c.zeroStage,
            c.microBatchSize, c.gradientAccumulationSteps, f.step.total, t.step.total, f.step.compute, t.step.compute,
            f.memoryBoundSeconds, t.memoryBoundSeconds, f.fp8CastSeconds, f.pipelineBubbleSeconds,
            t.pipelineBubbleSeconds, f.step.communicationIntraNode, t.step.communicationIntraNode,
            f.step.communicationNetwork, t.step.communicationNetwork, f.step.dataLoading, t.step.dataLoading);
        ++broken;
    } else if (weightCast > held * (1 + 1e-6)) {
        std::printf("physics: FP8 weight casts of more bytes than the GPU holds on %s, %s t%d p%d ep%d: %.4g > %.4g\n",
            gpu.id.c_str(), p.model.name.c_str(), c.tensor, c.pipeline, c.expert, weightCast, held);
        ++broken;
    }
    return broken;
}

TEST(TrainingPhysics, RandomPlansOnEveryCatalogGpuStayWithinTheHardware)
{
    const Catalog& catalog = builtinCatalog();
    std::mt19937 rng(20261206);
    PhysicsTally tally;
    int gpusChecked = 0;
    for (const GpuSpec& gpu : catalog.gpus) {
        int before = tally.plans;
        for (int i = 0; i < 80; ++i) {
            const PhysicsPlan plan = randomPlan(rng, catalog, gpu);
            tally.failures += checkPlan(plan, catalog, tally);
        }
        gpusChecked += tally.plans > before ? 1 : 0;
    }
    // MIG slices: one slice, one replica (tensor 1); the slice's GPU is its share of the whole (MigSlices tests).
    int slicePlans = 0;
    for (const GpuSpec& gpu : catalog.gpus)
        for (const MigProfile& profile : gpu.migProfiles)
            for (int i = 0; i < 10; ++i) {
                PhysicsPlan plan = randomPlan(rng, catalog, gpu);
                CandidateSpec spec;
                spec.gpu = gpu.id;
                spec.mig = profile.name;
                auto slice = resolveCandidate(spec, catalog, 1, "candidates[0]");
                ASSERT_TRUE(slice) << slice.error().toString();
                plan.hardware = *slice;
                plan.config.tensor = plan.config.pipeline = plan.config.context = plan.config.data = 1;
                plan.config.expert = 1;
                plan.config.sequenceParallel = false;
                plan.config.pipelineSchedule = PipelineSchedule::OneFOneB;
                plan.config.virtualStages = 1;
                const int before = tally.plans;
                tally.failures += checkPlan(plan, catalog, tally);
                slicePlans += tally.plans - before;
            }
    EXPECT_GE(slicePlans, 100);
    std::printf("physics: %d plans on MIG slices\n", slicePlans);
    std::printf("physics: %d plans estimated on %d GPUs (%zu in the catalog); %d FP8/BF16 pairs, %d with FP8 "
                "slower (each naming its reason); %d network bounds checked; %d bounds broken\n",
        tally.plans, gpusChecked, catalog.gpus.size(), tally.fp8Pairs, tally.fp8Slower, tally.networkChecked,
        tally.failures);
    EXPECT_GE(tally.plans, 2000);
    for (int stack = 0; stack < detail::kTrainingStackCount; ++stack)
        EXPECT_GE(tally.perStack[stack], 300) << toString(static_cast<TrainingStack>(stack));
    std::printf("physics: plans per stack");
    for (int stack = 0; stack < detail::kTrainingStackCount; ++stack)
        std::printf(" %s %d", std::string(toString(static_cast<TrainingStack>(stack))).c_str(), tally.perStack[stack]);
    std::printf("\n");
    for (int width = 0; width < 3; ++width)
        EXPECT_GE(tally.perGradientWidth[width], 300) << toString(static_cast<GradientPrecision>(width));
    std::printf("physics: plans per gradient precision auto %d, fp32 %d, bf16 %d\n", tally.perGradientWidth[0],
        tally.perGradientWidth[1], tally.perGradientWidth[2]);
    for (int dispatcher = 0; dispatcher < 4; ++dispatcher)
        EXPECT_GE(tally.perDispatcher[dispatcher], 50) << dispatcher;
    std::printf("physics: expert-parallel MoE plans per token dispatcher auto %d, alltoall %d, allgather %d, flex %d; "
                "%d plans recompute a Megatron module\n",
        tally.perDispatcher[0], tally.perDispatcher[1], tally.perDispatcher[2], tally.perDispatcher[3],
        tally.moduleRecompute);
    EXPECT_GE(tally.moduleRecompute, 1000);
    std::printf("physics: %d plans hide expert all-to-all under moe_a2a_overlap\n", tally.a2aOverlapHiding);
    EXPECT_GE(tally.a2aOverlapHiding, 1);
    std::printf("physics: %d plans with the DualPipe or DualPipeV schedule\n", tally.dualPipePlans);
    EXPECT_GE(tally.dualPipePlans, 1);
    std::printf("physics: %d plans hide tensor-parallel transfers under tp_comm_overlap\n", tally.tpOverlapHiding);
    EXPECT_GE(tally.tpOverlapHiding, 1);
    EXPECT_GE(tally.networkChecked, 100);
    EXPECT_GE(tally.fp8Pairs, 500);
    std::printf("physics: %d Megatron FP8 plans with and without FP8 parameters\n", tally.fp8ParameterPairs);
    EXPECT_GE(tally.fp8ParameterPairs, 100);
    EXPECT_EQ(tally.failures, 0);
}

// Every published recipe of tests/data/reference/cases-2026.json, cases-stacks.json and cases-deepspeed-hf.json ran on
// its hardware, so its estimate must fit.
// The ones that still do not are listed by id with the reason; the list may only shrink.
TEST(TrainingPhysics, PublishedRecipesFit)
{
    std::set<std::string> tooBig;
    int recipes = 0;
    int listed = 0;
    for (const char* file :
        { "/reference/cases-2026.json", "/reference/cases-stacks.json", "/reference/cases-deepspeed-hf.json" }) {
        const auto doc = testing::readJson(std::string(GP_TEST_DATA_DIR) + file);
        ASSERT_TRUE(doc.is_object()) << file;
        listed += int(doc["cases"].size());
        for (const auto& c : doc["cases"]) {
            auto plan = planFromJson(c["plan"]);
            ASSERT_TRUE(plan.ok()) << c["id"];
            auto estimate = estimatePlan(*plan, builtinCatalog());
            ASSERT_TRUE(estimate.ok()) << c["id"];
            ++recipes;
            const CandidateResult& r = estimate->results.front();
            if (!r.fits) {
                tooBig.insert(c["id"].get<std::string>());
                std::printf("does not fit: %s (%.1f of %.1f GiB)\n", c["id"].get<std::string>().c_str(),
                    r.memory.total / kGiB, r.usableMemory / kGiB);
            }
        }
    }
    EXPECT_EQ(recipes, listed);
    const std::set<std::string>& stillTooBig = test::publishedRecipesStillTooBig();
    for (const std::string& id : tooBig)
        EXPECT_TRUE(stillTooBig.count(id)) << id << " ran as published but is estimated not to fit";
    for (const std::string& id : stillTooBig)
        EXPECT_TRUE(tooBig.count(id)) << id << " now fits: take it off publishedRecipesStillTooBig";
}

} // namespace
} // namespace gp
