// The planner's fast path: defaults resolved once per search and candidates searched on several threads must give
// exactly what the per-configuration estimator and a single-threaded search give.
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/throughput_model.h"
#include "planner/answer.h"
#include "planner/fit_advice.h"
#include "planner/frontier.h"
#include "planner/planner.h"
#include "transformer/model_library.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

using namespace gp;

namespace
{

Plan fastPathDefaultPlan()
{
    auto plan = parsePlan(defaultPlanText());
    EXPECT_TRUE(plan.ok());
    return plan.ok() ? *plan : Plan {};
}

// The built-in catalog with memory and time defaults far from the built-in fallbacks, so a path that skipped the
// catalog and used the fallbacks would give different numbers.
Catalog unusualDefaults()
{
    Catalog catalog = builtinCatalog();
    catalog.defaults["cuda_context_gib"].value = 7.5;
    catalog.defaults["allocator_fraction"].value = 0.2;
    catalog.defaults["training_goodput"].value = 0.55;
    catalog.defaults["communication_overlap"].value = 0.1;
    return catalog;
}

TEST(PlannerFastPath, ResolvedMemoryDefaultsMatchTheCatalogsPerEstimate)
{
    const Plan plan = fastPathDefaultPlan();
    const Catalog catalog = unusualDefaults();
    auto model = resolveModel(plan.model);
    ASSERT_TRUE(model.ok());
    const SearchInputs inputs = makeSearchInputs(plan, *model, catalog);
    EXPECT_DOUBLE_EQ(inputs.memory.cudaContextBytes, 7.5 * 1024.0 * 1024.0 * 1024.0);
    const auto specs = planCandidates(plan, catalog);
    ASSERT_FALSE(specs.empty());
    auto hw = resolveCandidate(specs.front(), catalog, 1, "candidates[0]");
    ASSERT_TRUE(hw.ok());
    const Workload onGpu = workloadOnGpu(plan.workload, hw->gpu);
    for (int zero : { 0, 1, 3 }) {
        Configuration config;
        config.data = hw->totalGpus();
        config.zeroStage = zero;
        const Workload& w = onGpu;
        MemoryBreakdown fast;
        fitsGpuMemory(inputs, w, *hw, config, nullptr, &fast);
        const MemoryBreakdown perEstimate = estimateMemory(*model, w, config, *hw, plan.assumptions, catalog);
        EXPECT_DOUBLE_EQ(fast.total, perEstimate.total) << "ZeRO-" << zero;
        EXPECT_DOUBLE_EQ(fast.runtime, perEstimate.runtime) << "ZeRO-" << zero;
        // The unusual catalog shows: 7.5 GiB of CUDA context, not the 1 GiB fallback.
        EXPECT_GE(fast.runtime, 7.5 * 1024.0 * 1024.0 * 1024.0);
    }
}

TEST(PlannerFastPath, ResolvedPerformanceDefaultsMatchTheCatalogsPerEstimate)
{
    const Plan plan = fastPathDefaultPlan();
    const Catalog catalog = unusualDefaults();
    auto model = resolveModel(plan.model);
    ASSERT_TRUE(model.ok());
    for (const CandidateSpec& spec : planCandidates(plan, catalog)) {
        auto hw = resolveCandidate(spec, catalog, 1, "candidates");
        ASSERT_TRUE(hw.ok());
        Configuration config;
        config.data = hw->totalGpus();
        config.zeroStage = 3;
        const Workload w = workloadOnGpu(plan.workload, hw->gpu);
        const MemoryBreakdown memory = estimateMemory(*model, w, config, *hw, plan.assumptions, catalog);
        const ThroughputEstimate perEstimate
            = estimateThroughput(*model, w, config, *hw, memory, plan.assumptions, catalog);
        const PerformanceDefaults defaults
            = performanceDefaults(catalog, plan.assumptions, hw->gpu.gpuClass, hw->gpu.architecture);
        EXPECT_DOUBLE_EQ(defaults.trainingGoodput, 0.55);
        const ThroughputEstimate figures
            = estimateThroughput(*model, w, config, *hw, catalog, defaults, ThroughputDetail::FiguresOnly);
        EXPECT_DOUBLE_EQ(figures.step.total, perEstimate.step.total) << spec.instance;
        EXPECT_DOUBLE_EQ(figures.trainingHours, perEstimate.trainingHours) << spec.instance;
        EXPECT_EQ(figures.bottleneck, perEstimate.bottleneck) << spec.instance;
        EXPECT_TRUE(figures.warnings.empty()) << "figures only: no sizing-rule wording";
    }
}

TEST(PlannerFastPath, ParallelSearchGivesTheSerialResult)
{
    Plan plan = fastPathDefaultPlan();
    plan.candidates.clear(); // every catalog instance: many candidates per thread
    const Catalog& catalog = builtinCatalog();
    auto serial = searchPlan(plan, catalog, SearchControl { 1 });
    auto parallel = searchPlan(plan, catalog, SearchControl { 4 });
    ASSERT_TRUE(serial.ok());
    ASSERT_TRUE(parallel.ok());
    ASSERT_EQ(serial->candidates.size(), parallel->candidates.size());
    ASSERT_GT(serial->candidates.size(), 40u);
    EXPECT_EQ(serial->configurationsEvaluated, parallel->configurationsEvaluated);
    for (std::size_t i = 0; i < serial->candidates.size(); ++i) {
        const CandidateResult& a = serial->candidates[i].best;
        const CandidateResult& b = parallel->candidates[i].best;
        EXPECT_EQ(a.candidate, b.candidate) << "rank " << i;
        EXPECT_EQ(a.fits, b.fits) << a.candidate;
        EXPECT_EQ(a.nodes, b.nodes) << a.candidate;
        EXPECT_EQ(a.configuration.zeroStage, b.configuration.zeroStage) << a.candidate;
        EXPECT_EQ(a.configuration.microBatchSize, b.configuration.microBatchSize) << a.candidate;
        EXPECT_DOUBLE_EQ(a.memory.total, b.memory.total) << a.candidate;
        EXPECT_TRUE(a.trainingHours == b.trainingHours || (std::isnan(a.trainingHours) && std::isnan(b.trainingHours)))
            << a.candidate;
    }
}

// The search scores each configuration with the training FLOPs it keeps per checkpointing level of a candidate:
// every scored point's hours are those of the configuration evaluated on its own, whatever level it uses, and the
// levels it keeps FLOPs for include partial recompute (a workload field the kept FLOPs depend on).
TEST(PlannerFastPath, ScoredHoursMatchTheFullEstimateAtEveryCheckpointingLevel)
{
    for (const bool partial : { false, true }) {
        Plan plan = fastPathDefaultPlan();
        if (partial)
            plan.workload.checkpointedLayers = 8;
        const Catalog& catalog = builtinCatalog();
        auto answer = answerPlan(plan, catalog);
        ASSERT_TRUE(answer.ok()) << answer.error().toString();
        std::set<Checkpointing> levels;
        int checked = 0;
        for (std::size_t c = 0; c < answer->search.candidates.size() && checked < 60; ++c) {
            if (!answer->search.candidates[c].fits)
                continue;
            for (const ParetoPoint& point : scoredConfigurations(plan, catalog, *answer, c)) {
                auto full = evaluatePoint(plan, catalog, *answer, c, point);
                ASSERT_TRUE(full.ok()) << full.error().toString();
                EXPECT_NEAR(point.hours, full->trainingHours, 1e-9 * full->trainingHours)
                    << full->candidate << " checkpointing " << int(point.configuration.checkpointing);
                levels.insert(point.configuration.checkpointing);
                ++checked;
            }
        }
        EXPECT_GT(checked, 10);
        EXPECT_GE(levels.size(), 2u) << "the default plan's search scores more than one checkpointing level";
    }
}

} // namespace

// The search scores every saving level of a split from one memory basis (memory_model.h). For each kind of training
// the basis has a branch for (dense, MoE with expert parallelism, LoRA with partial recompute, QLoRA, freeze,
// encoder-decoder, eager attention, FP8 with its all-gather, context and interleaved pipeline parallelism, paged
// and in-backward optimizers), every ZeRO stage, offload and checkpointing level must read what the whole estimate
// reads, part by part.
TEST(PlannerFastPath, MemoryBasisGivesEverySavingLevelTheWholeEstimate)
{
    const Catalog& catalog = builtinCatalog();
    CandidateSpec spec;
    spec.gpu = "h100-80gb-sxm";
    spec.gpusPerNode = 8;
    auto hw = resolveCandidate(spec, catalog, 2, "candidates[0]");
    ASSERT_TRUE(hw.ok());
    const MemoryDefaults defaults = memoryDefaults(Assumptions {}, catalog);

    struct Case {
        const char* name;
        const char* preset;
        void (*edit)(Workload&, Configuration&);
    };
    const std::vector<Case> cases = {
        { "dense", "llama-2-7b", [](Workload&, Configuration&) {} },
        { "eager attention", "llama-2-7b", [](Workload& w, Configuration&) { w.flashAttention = false; } },
        { "lora, partial recompute", "llama-2-7b",
            [](Workload& w, Configuration&) {
                w.technique = Technique::Lora;
                w.checkpointedLayers = 12;
            } },
        { "qlora", "llama-2-7b", [](Workload& w, Configuration&) { w.technique = Technique::Qlora; } },
        { "freeze", "llama-2-7b",
            [](Workload& w, Configuration&) {
                w.technique = Technique::Freeze;
                w.freezeTrainableLayers = 4;
            } },
        { "fp8 all-gather", "llama-3.1-8b",
            [](Workload& w, Configuration&) {
                w.precision = Precision::Fp8;
                w.fp8AllGather = true;
            } },
        { "moe, expert parallel", "qwen3-30b-a3b", [](Workload&, Configuration& c) { c.expert = 4; } },
        { "context, interleaved pipeline", "llama-3.1-8b",
            [](Workload& w, Configuration& c) {
                w.sequenceLength = 32768;
                c.context = 2;
                c.pipeline = 2;
                c.pipelineSchedule = PipelineSchedule::Interleaved;
                c.virtualStages = 2;
                c.gradientAccumulationSteps = 8;
            } },
        { "encoder-decoder", "t5-3b", [](Workload&, Configuration&) {} },
        { "paged, in-backward optimizer", "llama-2-7b",
            [](Workload& w, Configuration&) {
                w.pagedOptimizer = true;
                w.optimizerInBackward = true;
            } },
    };
    for (const Case& k : cases) {
        ModelSpec modelSpec;
        modelSpec.preset = k.preset;
        auto model = resolveModel(modelSpec);
        ASSERT_TRUE(model.ok()) << k.name;
        Plan plan = fastPathDefaultPlan();
        Workload w = plan.workload;
        Configuration split;
        split.tensor = 2;
        k.edit(w, split);
        split.data = hw->totalGpus() / (split.tensor * split.pipeline * split.context);
        const TrainingMemoryBasis basis = trainingMemoryBasis(*model, w, split, defaults);
        for (int zero = 0; zero <= 3; ++zero)
            for (Offload offload : { Offload::None, Offload::Optimizer, Offload::OptimizerAndParameters })
                for (Checkpointing ckpt :
                    { Checkpointing::None, Checkpointing::Selective, Checkpointing::Full, Checkpointing::PerOp }) {
                    Configuration c = split;
                    c.zeroStage = zero;
                    c.offload = offload;
                    c.checkpointing = ckpt;
                    const MemoryBreakdown whole = estimateMemory(*model, w, c, *hw, defaults);
                    const MemoryBreakdown fromBasis = estimateMemory(basis, c, *hw);
                    const std::string where = std::string(k.name) + ", ZeRO-" + std::to_string(zero) + ", offload "
                        + std::to_string(int(offload)) + ", checkpointing " + std::to_string(int(ckpt));
                    auto same = [&](double a, double b, const char* part) {
                        EXPECT_NEAR(a, b, 1e-12 * std::max(1.0, std::abs(b))) << where << ": " << part;
                    };
                    same(fromBasis.weights, whole.weights, "weights");
                    same(fromBasis.gradients, whole.gradients, "gradients");
                    same(fromBasis.optimizer, whole.optimizer, "optimizer");
                    same(fromBasis.activations, whole.activations, "activations");
                    same(fromBasis.logits, whole.logits, "logits");
                    same(fromBasis.buffers, whole.buffers, "buffers");
                    same(fromBasis.allocator, whole.allocator, "allocator");
                    same(fromBasis.runtime, whole.runtime, "runtime");
                    same(fromBasis.cpuBytes, whole.cpuBytes, "host memory");
                    same(fromBasis.total, whole.total, "total");
                    EXPECT_GT(whole.total, 0) << where;
                }
    }
}
