// One home per fact: the memory model, the time model and the estimator read the same LoRA table, the same
// bytes per element, the same KV cache per token, the same layer counts, the same catalog defaults, and the
// knobs from the configuration only.
#include "estimate/common/performance_defaults.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/inference_speed.h"
#include "estimate/time/throughput_model.h"
#include "plan/precision.h"
#include "transformer/layers.h"
#include "transformer/lora_modules.h"
#include "transformer/training_flops.h"

#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace gp;
using namespace gp::testing;

namespace
{

ResolvedModel preset(const std::string& id)
{
    ModelSpec spec;
    spec.preset = id;
    auto r = resolveModel(spec);
    EXPECT_TRUE(r) << id;
    return r ? *r : ResolvedModel {};
}

Workload lora(std::vector<std::string> targets, int rank = 16)
{
    Workload w;
    w.technique = Technique::Lora;
    w.lora.rank = rank;
    w.lora.targetModules = std::move(targets);
    w.sequenceLength = 1024;
    return w;
}

} // namespace

TEST(FactHomes, LoraTargetsCountTheSameInMemoryAndFlops)
{
    const ResolvedModel m = preset("llama-2-7b");
    // Llama reference spellings wq/wv: 32 layers x 2 matrices x rank 16 x (4096 + 4096) = 8,388,608.
    const Workload w = lora({ "wq", "wv" });
    const double byHand = 32.0 * 2 * 16 * (4096 + 4096);
    EXPECT_DOUBLE_EQ(trainableParameters(m, w, 1), byHand);
    EXPECT_DOUBLE_EQ(loraParameters(m.architecture, w.lora), byHand);
    // The FLOP model's adapter work is 2 FLOPs per adapter parameter per token.
    const TrainingFlopsPerToken f = trainingFlopsPerToken(m.architecture, m.parameters, w, Checkpointing::None);
    EXPECT_DOUBLE_EQ(f.forward.adapters, 2 * byHand);
    // The Hugging Face spellings name the same matrices.
    EXPECT_DOUBLE_EQ(trainableParameters(m, lora({ "q_proj", "v_proj" }), 1), byHand);
    EXPECT_DOUBLE_EQ(trainableParameters(m, lora({ "model.layers.0.self_attn.q_proj", "v" }), 1), byHand);
}

TEST(FactHomes, LoraAllLinearCountsEveryMatrixOnce)
{
    const ResolvedModel m = preset("llama-2-7b");
    // q, k, v, o: 4 x (4096 + 4096); gate, up: 2 x (4096 + 11008); down: 11008 + 4096; rank 8, 32 layers.
    const double perLayer = 4 * 8192.0 + 3 * (4096.0 + 11008.0);
    EXPECT_DOUBLE_EQ(loraParameters(m.architecture, lora({ "all-linear" }, 8).lora), 32 * 8 * perLayer);
    // A fused QKV name is one matrix of width q + k + v, never added to the separate ones.
    const ResolvedModel gpt2 = preset("gpt2");
    EXPECT_DOUBLE_EQ(loraParameters(gpt2.architecture, lora({ "c_attn" }, 4).lora), 12 * 4 * (768.0 + 3 * 768.0));
    // T5's decoder layers adapt the cross-attention too: 6 encoder + 2 x 6 decoder attention blocks.
    const ResolvedModel t5 = preset("t5-small");
    const double qd = double(t5.architecture.numAttentionHeads * t5.architecture.headDimension());
    EXPECT_DOUBLE_EQ(loraParameters(t5.architecture, lora({ "q" }, 4).lora), 18 * 4 * (512.0 + qd));
}

TEST(FactHomes, UnknownLoraModuleIsAWarningNamingIt)
{
    EXPECT_EQ(unknownLoraModules({ "q_proj", "attn_qkvw", "v_proj", "attn_qkvw" }),
        (std::vector<std::string> { "attn_qkvw" }));
    EXPECT_TRUE(unknownLoraModules({ "wq", "wk", "wv", "c_proj", "W_pack", "fc_in" }).empty());

    auto plan = parsePlan(defaultPlanText());
    ASSERT_TRUE(plan) << plan.error().toString();
    plan->workload.technique = Technique::Lora;
    plan->workload.lora.targetModules = { "q_proj", "attn_qkvw" };
    plan->candidates.resize(1);
    const auto estimate = estimatePlan(*plan, builtinCatalog());
    ASSERT_TRUE(estimate) << estimate.error().toString();
    const auto& warnings = estimate->results.front().warnings;
    const auto it = std::find_if(
        warnings.begin(), warnings.end(), [](const Diagnostic& d) { return d.code == "lora_module_unknown"; });
    ASSERT_NE(it, warnings.end());
    EXPECT_EQ(it->arg("module"), "attn_qkvw");
    EXPECT_EQ(std::count_if(warnings.begin(), warnings.end(),
                  [](const Diagnostic& d) { return d.code == "lora_module_unknown"; }),
        1);
}

TEST(FactHomes, WeightBytesAreTheSameInMemoryAndDecode)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = preset("llama-2-7b");
    const Hardware hw = catalogHardware(catalog, "a100-80gb-sxm", 1, "nvlink3");
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    for (WeightFormat format :
        { WeightFormat::Same, WeightFormat::Fp8, WeightFormat::Int8, WeightFormat::Int4, WeightFormat::Nf4 }) {
        Workload w;
        w.mode = Mode::Inference;
        w.weightFormat = format;
        Configuration c;
        const MemoryBreakdown memory = estimateMemory(m, w, c, hw, {}, catalog);
        const InferenceSpeed speed = estimateInferenceSpeed(m, w, c, hw, d, 312);
        // Decode reads every weight but the input embedding table (16-bit), which the memory model holds too.
        EXPECT_NEAR(speed.weightBytesPerGpu, memory.weights - m.parameters.embedding * 2, 1.0) << toString(format);
    }
    // The int4 layout: 18 bytes per 32 weights (4.5 bits); nf4 4.127 bits; 16-bit compute 2 bytes.
    EXPECT_DOUBLE_EQ(bytesPerWeight(WeightFormat::Int4, Precision::Bf16) * 8, 4.5);
    EXPECT_NEAR(bytesPerWeight(WeightFormat::Nf4, Precision::Bf16) * 8, 4.127, 1e-3);
    EXPECT_DOUBLE_EQ(bytesPerWeight(WeightFormat::Same, Precision::Fp32), 4);
    EXPECT_DOUBLE_EQ(bytesPerElement(KvPrecision::Fp8), 1);
}

TEST(FactHomes, KvCachePerTokenIsTheSameInMemoryAndDecode)
{
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = catalogHardware(catalog, "a100-80gb-sxm", 1, "nvlink3");
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
    for (const char* id : { "t5-3b", "llama-2-7b" }) {
        const ResolvedModel m = preset(id);
        Workload w;
        w.mode = Mode::Inference;
        w.inference.promptTokens = 512;
        w.inference.outputTokens = 256;
        w.inference.kvCachePrecision = KvPrecision::Int4;
        Configuration c;
        c.microBatchSize = 4;
        const double memoryPerToken = estimateMemory(m, w, c, hw, {}, catalog).kvCache / (4 * (512 + 256));
        const double speedPerToken = estimateInferenceSpeed(m, w, c, hw, d, 312).kvBytesPerGpu / (4 * (512 + 128));
        EXPECT_NEAR(speedPerToken, memoryPerToken, 1e-6) << id;
        EXPECT_DOUBLE_EQ(memoryPerToken, kvCacheBytesPerToken(m.architecture, KvPrecision::Int4, 1)) << id;
    }
    // t5-3b: 24 decoder layers x 32 heads x 128 x 2 (K, V) x 2 bytes = 393,216 bytes per token at 16 bits.
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(preset("t5-3b").architecture, KvPrecision::Fp16), 24.0 * 32 * 128 * 2 * 2);
}

TEST(FactHomes, LayerCountsOfEveryKind)
{
    const Architecture t5 = preset("t5-3b").architecture;
    EXPECT_DOUBLE_EQ(totalLayers(t5), 48);
    EXPECT_DOUBLE_EQ(decoderLayers(t5), 24);
    EXPECT_DOUBLE_EQ(kvCacheLayers(t5), 24);
    EXPECT_DOUBLE_EQ(kvCacheLayers(preset("bert-base").architecture), 0);
    EXPECT_DOUBLE_EQ(totalLayers(preset("llama-2-7b").architecture), 32);
    const Architecture moe = preset("deepseek-moe-16b").architecture;
    EXPECT_DOUBLE_EQ(moeLayers(moe), totalLayers(moe) - moe.firstDenseLayers);
    EXPECT_DOUBLE_EQ(preset("t5-3b").parameters.layerCount, totalLayers(t5));
    // 32 layers over 3 stages: the largest stage holds 11.
    EXPECT_DOUBLE_EQ(layersPerStage(32, 3), 11);
}

TEST(FactHomes, ParallelSharesSplitTheModel)
{
    const ResolvedModel m = preset("llama-2-7b");
    const ParameterCounts& c = m.parameters;
    EXPECT_DOUBLE_EQ(parametersPerGpu(m.architecture, c, c.total, c.outputHead, 1, 1, 1, 1), c.total);
    EXPECT_DOUBLE_EQ(parametersPerGpu(m.architecture, c, c.total, c.outputHead, 4, 1, 1, 1), c.total / 4);
    // Two stages of 16 layers: the first holds the embedding, the last the head (equal for Llama 2).
    const double body = (c.total - c.embedding - c.outputHead) / 32;
    EXPECT_DOUBLE_EQ(parametersPerGpu(m.architecture, c, c.total, c.outputHead, 1, 2, 1, 1),
        std::max(c.embedding, c.outputHead) + 16 * body);
}

// Expert tensor parallel 1 (training's placement): the dense parameters split over the tensor ranks, the routed
// experts over the expert ranks only, whole. Mixtral 8x7B at TP 2 x EP 4: each GPU holds 2 of the 8 experts whole
// and half of everything else; with the experts split over TP as well (inference) a quarter of that.
TEST(FactHomes, ExpertsSplitOverExpertRanksOnlyInTraining)
{
    const ResolvedModel m = preset("mixtral-8x7b");
    const ParameterCounts& c = m.parameters;
    const double routed = routedExpertFraction(m.architecture, c, c.total) * c.total;
    ASSERT_GT(routed, 0.9 * c.total);
    EXPECT_NEAR(
        parametersPerGpu(m.architecture, c, c.total, c.outputHead, 2, 1, 4, 1), (c.total - routed) / 2 + routed / 4, 1);
    EXPECT_NEAR(
        parametersPerGpu(m.architecture, c, c.total, c.outputHead, 2, 1, 4, 2), (c.total - routed) / 2 + routed / 8, 1);
}

TEST(FactHomes, ModelsReadTheKnobsFromTheConfigurationOnly)
{
    const Catalog& catalog = builtinCatalog();
    const ResolvedModel m = preset("llama-2-7b");
    const Hardware hw = catalogHardware(catalog, "a100-80gb-sxm", 8, "nvlink3");
    Configuration c;
    c.data = 2;
    c.tensor = 4;
    c.zeroStage = 1;
    c.checkpointing = Checkpointing::Full;
    c.microBatchSize = 2;
    c.gradientAccumulationSteps = 8;
    for (Mode mode : { Mode::Training, Mode::Inference }) {
        Workload a;
        a.mode = mode;
        Workload b = a; // the same workload with every knob field set to something else
        b.microBatchSize = 7;
        b.gradientAccumulationSteps = 3;
        b.activationCheckpointing = Checkpointing::None;
        b.parallelism.data = 1;
        b.parallelism.tensor = 8;
        b.parallelism.pipeline = 2;
        b.parallelism.zeroStage = 3;
        b.parallelism.offload = Offload::OptimizerAndParameters;
        b.inference.batchSize = 64;
        const MemoryBreakdown ma = estimateMemory(m, a, c, hw, {}, catalog);
        const MemoryBreakdown mb = estimateMemory(m, b, c, hw, {}, catalog);
        EXPECT_DOUBLE_EQ(ma.total, mb.total);
        const ThroughputEstimate ta = estimateThroughput(m, a, c, hw, ma, {}, catalog);
        const ThroughputEstimate tb = estimateThroughput(m, b, c, hw, mb, {}, catalog);
        EXPECT_DOUBLE_EQ(ta.step.total, tb.step.total);
        EXPECT_DOUBLE_EQ(ta.tokensPerSecond, tb.tokensPerSecond);
    }
}

TEST(FactHomes, EveryDefaultComesFromTheCatalog)
{
    const Catalog& builtin = builtinCatalog();
    for (const auto* keys : { &memoryDefaultKeys(), &performanceDefaultKeys() })
        for (const std::string& key : *keys)
            EXPECT_TRUE(builtin.defaults.count(key)) << key << " is read by a model but not in the catalog";
    // A catalog without defaults gets the built-in catalog's figures, not numbers written in code.
    const Catalog empty;
    const PerformanceDefaults fromEmpty = performanceDefaults(empty, {}, "datacenter-hbm", "hopper");
    const PerformanceDefaults fromBuiltin = performanceDefaults(builtin, {}, "datacenter-hbm", "hopper");
    EXPECT_DOUBLE_EQ(fromEmpty.classPeak, builtin.number("compute_efficiency.peak.hopper", -1));
    EXPECT_DOUBLE_EQ(fromEmpty.classPeak, fromBuiltin.classPeak);
    EXPECT_DOUBLE_EQ(fromEmpty.overlap, builtin.number("communication_overlap", -1));
    // An architecture the catalog has no peak for uses the catalog's default peak.
    EXPECT_DOUBLE_EQ(performanceDefaults(builtin, {}, "datacenter-hbm", "future-arch").classPeak,
        builtin.number("compute_efficiency.peak.default", -1));
    const MemoryDefaults memory = memoryDefaults({}, empty);
    EXPECT_DOUBLE_EQ(memory.allocatorFraction, builtin.number("allocator_fraction", -1));
    EXPECT_DOUBLE_EQ(headroomFraction({}, empty), builtin.number("headroom_fraction", -1));
}
