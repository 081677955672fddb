// Properties the memory estimate must keep whatever the inputs: monotonic, conserved, never worse with savings.
#include "test_memory_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace gp
{
namespace
{

using test::kGiB;

MemoryBreakdown estimate(const ResolvedModel& m, const Workload& w, const Configuration& c, double gib = 80)
{
    return estimateMemory(m, w, c, test::testHardware(gib), Assumptions {}, test::memoryCatalog());
}

TEST(MemoryProperties, GrowsWithMicroBatchAndSequence)
{
    const ResolvedModel l = test::presetModel("llama-3.1-8b");
    Workload w;
    Configuration c;
    double previous = 0;
    for (int b : { 1, 2, 4, 8 }) {
        c.microBatchSize = b;
        const double total = estimate(l, w, c).total;
        EXPECT_GT(total, previous) << "micro-batch " << b;
        previous = total;
    }
    c.microBatchSize = 1;
    previous = 0;
    for (std::int64_t s : { 512, 1024, 4096, 16384 }) {
        w.sequenceLength = s;
        const double total = estimate(l, w, c).total;
        EXPECT_GT(total, previous) << "sequence " << s;
        previous = total;
    }
}

TEST(MemoryProperties, Zero3ShrinksWithMoreGpus)
{
    const ResolvedModel l = test::presetModel("llama-2-70b");
    Workload w;
    Configuration c;
    c.zeroStage = 3;
    c.checkpointing = Checkpointing::Full;
    double previous = std::numeric_limits<double>::max();
    for (int n : { 2, 4, 8, 16, 64 }) {
        c.data = n;
        const double total = estimate(l, w, c).total;
        EXPECT_LT(total, previous) << n << " GPUs";
        previous = total;
    }
}

TEST(MemoryProperties, CheckpointingNeverIncreasesActivations)
{
    for (const char* id : { "llama-3.1-8b", "gpt2-xl", "t5-large", "mixtral-8x7b" }) {
        const ResolvedModel m = test::presetModel(id);
        for (bool flash : { false, true }) {
            Workload w;
            w.flashAttention = flash;
            Configuration c;
            c.checkpointing = Checkpointing::None;
            const double none = estimate(m, w, c).activations;
            c.checkpointing = Checkpointing::Selective;
            const double selective = estimate(m, w, c).activations;
            c.checkpointing = Checkpointing::Full;
            const double full = estimate(m, w, c).activations;
            EXPECT_LE(selective, none) << id;
            EXPECT_LT(full, selective) << id;
        }
    }
}

TEST(MemoryProperties, LoraNeverNeedsMoreThanFullFineTuning)
{
    for (const char* id : { "llama-2-7b", "qwen2.5-7b", "t5-3b", "bloom-7b1", "mixtral-8x7b" }) {
        const ResolvedModel m = test::presetModel(id);
        for (int stage : { 0, 3 }) {
            Workload w;
            Configuration c;
            c.zeroStage = stage;
            c.data = stage == 3 ? 8 : 1;
            const double full = estimate(m, w, c).total;
            w.technique = Technique::Lora;
            w.lora.targetModules = { "all-linear" };
            w.lora.rank = 64;
            const double lora = estimate(m, w, c).total;
            w.technique = Technique::Qlora;
            const double qlora = estimate(m, w, c).total;
            EXPECT_LT(lora, full) << id;
            EXPECT_LT(qlora, lora) << id;
        }
    }
}

TEST(MemoryProperties, PartsSumToTotal)
{
    const ResolvedModel m = test::presetModel("qwen2.5-14b");
    Workload w;
    Configuration c;
    c.data = 4;
    c.zeroStage = 2;
    c.tensor = 2;
    c.offload = Offload::Optimizer;
    for (Mode mode : { Mode::Training, Mode::Inference }) {
        w.mode = mode;
        const auto r = estimate(m, w, c);
        const double parts = r.weights + r.gradients + r.optimizer + r.activations + r.logits + r.kvCache + r.buffers
            + r.allocator + r.runtime;
        EXPECT_DOUBLE_EQ(parts, r.total);
        EXPECT_GT(r.runtime, 0);
    }
}

TEST(MemoryProperties, InferenceKvGrowsLinearlyWithBatch)
{
    const ResolvedModel m = test::presetModel("llama-3.1-70b");
    Workload w;
    w.mode = Mode::Inference;
    Configuration c;
    c.tensor = 4;
    c.microBatchSize = 3; // the batch served together
    const double kv3 = estimate(m, w, c).kvCache;
    c.microBatchSize = 12;
    const double kv12 = estimate(m, w, c).kvCache;
    EXPECT_GT(kv3, 0);
    EXPECT_DOUBLE_EQ(kv12, 4 * kv3);
    w.inference.kvCachePrecision = KvPrecision::Fp8;
    EXPECT_DOUBLE_EQ(estimate(m, w, c).kvCache, kv12 / 2);
}

TEST(MemoryProperties, ShardingAndParallelismReduceWeights)
{
    const ResolvedModel m = test::presetModel("llama-2-13b");
    Workload w;
    Configuration c;
    const double single = estimate(m, w, c).weights;
    c.tensor = 4;
    EXPECT_NEAR(estimate(m, w, c).weights, single / 4, single * 1e-9);
    c.tensor = 1;
    c.pipeline = 4;
    EXPECT_LT(estimate(m, w, c).weights, single / 3);
    // Freeze trains fewer parameters than full fine-tuning, so it keeps less optimizer state.
    c.pipeline = 1;
    const double fullOptimizer = estimate(m, w, c).optimizer;
    w.technique = Technique::Freeze;
    w.freezeTrainableLayers = 2;
    EXPECT_LT(estimate(m, w, c).optimizer, fullOptimizer / 10);
}

TEST(MemoryProperties, OffloadMovesStatesToHost)
{
    const ResolvedModel m = test::presetModel("llama-2-7b");
    Workload w;
    Configuration c;
    c.zeroStage = 3;
    c.data = 8;
    const auto none = estimate(m, w, c);
    c.offload = Offload::Optimizer;
    const auto opt = estimate(m, w, c);
    c.offload = Offload::OptimizerAndParameters;
    const auto both = estimate(m, w, c);
    EXPECT_EQ(none.cpuBytes, 0);
    EXPECT_GT(opt.cpuBytes, 0);
    EXPECT_GT(both.cpuBytes, opt.cpuBytes);
    EXPECT_LT(opt.total, none.total);
    EXPECT_LT(both.total, opt.total);
    EXPECT_EQ(opt.optimizer, 0);
}

TEST(MemoryProperties, LossImplementationsOrdered)
{
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    Workload w;
    Configuration c;
    w.lossImplementation = LossImplementation::Fp32Logits;
    const double fp32 = estimate(m, w, c).logits;
    w.lossImplementation = LossImplementation::Bf16Logits;
    const double bf16 = estimate(m, w, c).logits;
    w.lossImplementation = LossImplementation::Chunked;
    const double chunked = estimate(m, w, c).logits;
    w.lossImplementation = LossImplementation::Fused;
    const double fused = estimate(m, w, c).logits;
    w.lossImplementation = LossImplementation::Compiled;
    const double compiled = estimate(m, w, c).logits;
    EXPECT_GT(fp32, bf16);
    EXPECT_GT(bf16, compiled);
    EXPECT_GT(compiled, chunked); // one 8th of the logits upcast at a time (loss_chunks) holds less still
    EXPECT_GT(chunked, fused);
    // Compiled: the bf16 logits and their bf16 gradient, 4 bytes a logit.
    EXPECT_DOUBLE_EQ(compiled, 4096.0 * 128256 * 4);
    // 4096 tokens x 128256 vocabulary x 14 bytes (bf16 logits, fp32 log-softmax, two fp32 gradients).
    EXPECT_DOUBLE_EQ(fp32, 4096.0 * 128256 * 14);
    // At fp32 compute the upcast returns the logits themselves, kept at 4 bytes beside the three fp32 tensors.
    w.lossImplementation = LossImplementation::Fp32Logits;
    w.precision = Precision::Fp32;
    EXPECT_DOUBLE_EQ(estimate(m, w, c).logits, 4096.0 * 128256 * 16);
    w.precision = Precision::Bf16;
    w.objective = TrainingObjective::Classification;
    EXPECT_LT(estimate(m, w, c).logits, 1e6);
}

TEST(MemoryProperties, OptimizersOrdered)
{
    const ResolvedModel m = test::presetModel("llama-2-7b");
    Workload w;
    Configuration c;
    auto optimizerBytes = [&](Optimizer o) {
        w.optimizer = o;
        return estimate(m, w, c).optimizer;
    };
    const double master = 4 * m.parameters.total;
    EXPECT_DOUBLE_EQ(optimizerBytes(Optimizer::AdamW), master + 8 * m.parameters.total);
    EXPECT_DOUBLE_EQ(optimizerBytes(Optimizer::AdamW8bit), master + 2 * m.parameters.total);
    EXPECT_DOUBLE_EQ(optimizerBytes(Optimizer::SgdMomentum), master + 4 * m.parameters.total);
    EXPECT_DOUBLE_EQ(optimizerBytes(Optimizer::Lion), master + 4 * m.parameters.total);
    EXPECT_DOUBLE_EQ(optimizerBytes(Optimizer::Sgd), master);
    // Adafactor's factored state is rows + cols per matrix: a tiny fraction of a parameter.
    const double adafactor = optimizerBytes(Optimizer::Adafactor) - master;
    EXPECT_GT(adafactor, 0);
    EXPECT_LT(adafactor, 0.01 * m.parameters.total);
    // fp32 training keeps no master copy.
    w.precision = Precision::Fp32;
    EXPECT_DOUBLE_EQ(optimizerBytes(Optimizer::AdamW), 8 * m.parameters.total);
}

TEST(MemoryProperties, RuntimeFromDefaultsAndAssumptions)
{
    const ResolvedModel m = test::presetModel("llama-2-7b");
    Workload w;
    Configuration c;
    Assumptions as;
    const auto one = estimateMemory(m, w, c, test::testHardware(80), as, test::memoryCatalog());
    EXPECT_DOUBLE_EQ(one.runtime, test::memoryCatalog().number("cuda_context_gib", -1) * kGiB);
    c.data = 2;
    const auto two = estimateMemory(m, w, c, test::testHardware(80), as, test::memoryCatalog());
    EXPECT_DOUBLE_EQ(two.runtime - one.runtime, test::memoryCatalog().number("nccl_gib", -1) * kGiB);
    as.cudaContextGib = 0.5;
    as.ncclGib = 0;
    EXPECT_DOUBLE_EQ(estimateMemory(m, w, c, test::testHardware(80), as, test::memoryCatalog()).runtime, 0.5 * kGiB);
    for (const auto& key : memoryDefaultKeys())
        EXPECT_TRUE(test::memoryCatalog().defaults.count(key)) << key << " missing from defaults-memory.json";
}

TEST(MemoryProperties, FitHelpers)
{
    const ResolvedModel m = test::presetModel("llama-3.1-8b");
    Workload w;
    w.technique = Technique::Lora;
    Configuration c;
    c.checkpointing = Checkpointing::Full;
    const Hardware gpu = test::testHardware(24);
    const Catalog& cat = test::memoryCatalog();
    const double usable = usableMemoryBytes(gpu, Assumptions {}, cat);
    EXPECT_DOUBLE_EQ(usable, 24 * kGiB * (1 - headroomFraction(Assumptions {}, cat)));
    const std::int64_t longest = maxSequenceLength(m, w, c, gpu, Assumptions {}, cat);
    ASSERT_GT(longest, 0);
    w.sequenceLength = longest;
    EXPECT_LE(estimate(m, w, c, 24).total, usable);
    w.sequenceLength = longest + 1;
    EXPECT_GT(estimate(m, w, c, 24).total, usable);
    w.sequenceLength = 2048;
    const int batch = maxMicroBatch(m, w, c, gpu, Assumptions {}, cat);
    ASSERT_GT(batch, 0);
    c.microBatchSize = batch + 1;
    EXPECT_GT(estimate(m, w, c, 24).total, usable);
    // Full fine-tuning of 70B does not fit one 24 GB GPU at any length.
    w.technique = Technique::Full;
    EXPECT_EQ(maxSequenceLength(test::presetModel("llama-2-70b"), w, c, gpu, Assumptions {}, cat), 0);
}

TEST(MemoryProperties, BadInputNeverCrashes)
{
    ResolvedModel m = test::presetModel("llama-2-7b");
    Workload w;
    w.sequenceLength = -5;
    w.inference.batchSize = -3;
    w.lora.rank = -1;
    Configuration c;
    c.microBatchSize = -2;
    c.data = 0;
    c.tensor = -4;
    c.zeroStage = 9;
    Assumptions as;
    as.allocatorFraction = std::nan("");
    as.cudaContextGib = -1;
    for (Mode mode : { Mode::Training, Mode::Inference }) {
        w.mode = mode;
        for (Technique t : { Technique::Full, Technique::Lora, Technique::Qlora, Technique::Freeze }) {
            w.technique = t;
            const auto r = estimateMemory(m, w, c, test::testHardware(80), as, test::memoryCatalog());
            EXPECT_TRUE(std::isfinite(r.total));
            EXPECT_GE(r.total, 0);
        }
    }
    ResolvedModel empty; // zero heads and sizes
    const auto r = estimateMemory(empty, w, c, test::testHardware(80), as, test::memoryCatalog());
    EXPECT_TRUE(std::isfinite(r.total));
}

} // namespace
} // namespace gp

namespace gp
{
namespace
{

TEST(MemoryDefaults, ShippedInBuiltinCatalog)
{
    // Every key the memory model reads is in the compiled-in catalog with the value of defaults-memory.json.
    const Catalog& builtin = builtinCatalog();
    for (const auto& key : memoryDefaultKeys()) {
        ASSERT_TRUE(builtin.defaults.count(key)) << key;
        EXPECT_DOUBLE_EQ(builtin.number(key, -1), test::memoryCatalog().number(key, -2)) << key;
        EXPECT_FALSE(builtin.defaults.at(key).source.empty()) << key;
    }
    EXPECT_TRUE(validateCatalog(builtin).ok()) << validateCatalog(builtin).error().toString();
}

} // namespace
} // namespace gp
