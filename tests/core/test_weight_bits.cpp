// workload.weight_bits: a quantized checkpoint's stored bits per weight from its group size (plan/precision.h
// groupQuantizedBits), read from a config's quantization_config and used for weight memory and decode reads.
#include "test_memory_support.h"

#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "plan/precision.h"
#include "transformer/model_library.h"

#include <gtest/gtest.h>

#include <string>

namespace gp
{
namespace
{

// The layouts by hand (precision.cpp cites each): 4-bit weights, one fp16 scale per 128 weights, and a 4-bit zero
// point per 128 where the format stores one.
TEST(WeightBits, GroupQuantizedBitsByHand)
{
    EXPECT_DOUBLE_EQ(groupQuantizedBits(4, 128, 16, true), 4 + 16.0 / 128 + 4.0 / 128); // GPTQ, AWQ: 4.15625
    EXPECT_DOUBLE_EQ(groupQuantizedBits(4, 128, 16, false), 4.125); // compressed-tensors symmetric, Marlin
    EXPECT_DOUBLE_EQ(groupQuantizedBits(4, 32, 16, false), 4.5); // llama.cpp Q4_0: the int4 format's own
    EXPECT_DOUBLE_EQ(groupQuantizedBits(8, 4096, 16, false), 8 + 16.0 / 4096); // per output row, K = 4096
    EXPECT_DOUBLE_EQ(bytesPerWeight(WeightFormat::Int4, Precision::Bf16) * 8, groupQuantizedBits(4, 32, 16, false));
}

struct ImportedBits {
    std::string format;
    double bits = -1;
    std::string error;
};

ImportedBits importQuantization(const nlohmann::json& q)
{
    const nlohmann::json cfg = { { "model_type", "llama" }, { "hidden_size", 4096 }, { "num_hidden_layers", 2 },
        { "num_attention_heads", 32 }, { "intermediate_size", 11008 }, { "vocab_size", 32000 },
        { "quantization_config", q } };
    auto r = importHuggingFaceConfig(cfg.dump(), "config.json");
    if (!r)
        return { "", -1, r.error().field };
    return { r->quantization, r->bitsPerWeight, "" };
}

TEST(WeightBits, ImportReadsTheCheckpointsGroupSize)
{
    // AutoGPTQ (TheBloke-style config: sym true, group 128): qzeros stored whatever sym says.
    ImportedBits gptq = importQuantization(
        { { "quant_method", "gptq" }, { "bits", 4 }, { "group_size", 128 }, { "sym", true }, { "desc_act", false } });
    EXPECT_EQ(gptq.format, "int4");
    EXPECT_DOUBLE_EQ(gptq.bits, 4.15625);
    // AutoAWQ as transformers writes it.
    ImportedBits awq = importQuantization({ { "quant_method", "awq" }, { "bits", 4 }, { "group_size", 64 },
        { "zero_point", true }, { "version", "gemm" } });
    EXPECT_EQ(awq.format, "int4");
    EXPECT_DOUBLE_EQ(awq.bits, 4 + 16.0 / 64 + 4.0 / 64);
    // GPTQ 8-bit with one scale per output row: the group is the whole input row (the hidden size).
    ImportedBits rows = importQuantization({ { "quant_method", "gptq" }, { "bits", 8 }, { "group_size", -1 } });
    EXPECT_EQ(rows.format, "int8");
    EXPECT_DOUBLE_EQ(rows.bits, 8 + 24.0 / 4096);
    // compressed-tensors W4A16 (llm-compressor's scheme): symmetric groups of 128, no zero point.
    const nlohmann::json w4a16 = { { "quant_method", "compressed-tensors" }, { "format", "pack-quantized" },
        { "config_groups",
            { { "group_0",
                { { "targets", { "Linear" } }, { "input_activations", nullptr },
                    { "weights",
                        { { "num_bits", 4 }, { "type", "int" }, { "symmetric", true }, { "strategy", "group" },
                            { "group_size", 128 } } } } } } } };
    ImportedBits ct = importQuantization(w4a16);
    EXPECT_EQ(ct.format, "int4");
    EXPECT_DOUBLE_EQ(ct.bits, 4.125);
    // compressed-tensors FP8 stays fp8 at the format's bytes.
    nlohmann::json fp8 = w4a16;
    fp8["config_groups"]["group_0"]["weights"] = { { "num_bits", 8 }, { "type", "float" }, { "strategy", "channel" } };
    ImportedBits ctFp8 = importQuantization(fp8);
    EXPECT_EQ(ctFp8.format, "fp8");
    EXPECT_DOUBLE_EQ(ctFp8.bits, 0);
    // No group size: the format's own bits.
    EXPECT_DOUBLE_EQ(importQuantization({ { "quant_method", "awq" }, { "bits", 4 } }).bits, 0);
    // A group size of the wrong type names the field.
    EXPECT_EQ(importQuantization({ { "quant_method", "gptq" }, { "bits", 4 }, { "group_size", "128" } }).error,
        "quantization_config.group_size");
}

// The plan's bits replace the format's for the blocks' linear weights; the rest stays at the compute precision.
TEST(WeightBits, PlanBitsSetTheWeightBytes)
{
    const ResolvedModel l = test::presetModel("llama-2-7b");
    const double linear = l.parameters.blockLinear;
    const double rest = l.parameters.total - linear;
    Workload w;
    w.precision = Precision::Bf16;
    EXPECT_NEAR(weightStorageBytes(l, w, WeightFormat::Int4), linear * 4.5 / 8 + rest * 2, 1.0);
    w.weightBits = 4.15625;
    EXPECT_NEAR(weightStorageBytes(l, w, WeightFormat::Int4), linear * 4.15625 / 8 + rest * 2, 1.0);
    // Unquantized weights keep the compute precision whatever the field says.
    EXPECT_NEAR(weightStorageBytes(l, w, WeightFormat::Same), (linear + rest) * 2, 1.0);
}

Plan int4ServingPlan(const std::string& bits)
{
    const std::string text = R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "precision": "bf16", "weight_format": "int4")"
        + bits + R"(, "parallelism": {"tensor": 1, "pipeline": 1},
          "serving": {"prompt_tokens": 128, "output_tokens": 128, "load": {"concurrency": 1}, "replicas": 1}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})";
    auto plan = parsePlan(text);
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    return plan ? *plan : Plan {};
}

// A GPTQ Llama 3.1 8B at group 128 holds 4.156-bit weights: fewer weight bytes than the format's 4.5, by the bits'
// ratio on the 6.98 B block-linear weights, and its batch-1 decode step (mostly those reads) is shorter.
TEST(WeightBits, ServingReadsTheCheckpointsBits)
{
    const Plan plain = int4ServingPlan("");
    const Plan gptq = int4ServingPlan(R"(, "weight_bits": 4.15625)");
    EXPECT_FALSE(plain.workload.weightBits.has_value());
    ASSERT_TRUE(gptq.workload.weightBits.has_value());
    // The file keeps what it says: no field where none was given (existing plans write as before).
    EXPECT_FALSE(planToJson(plain).at("workload").contains("weight_bits"));
    EXPECT_DOUBLE_EQ(planToJson(gptq).at("workload").at("weight_bits").get<double>(), 4.15625);
    auto a = estimatePlan(plain, builtinCatalog());
    auto b = estimatePlan(gptq, builtinCatalog());
    ASSERT_TRUE(a && b && a->results.front().serving && b->results.front().serving);
    const double linear = test::presetModel("llama-3.1-8b").parameters.blockLinear;
    const double saved = a->results.front().memory.weights - b->results.front().memory.weights;
    EXPECT_NEAR(saved, linear * (4.5 - 4.15625) / 8, 1e-6 * linear);
    EXPECT_LT(b->results.front().serving->decodeStepSeconds, a->results.front().serving->decodeStepSeconds);
}

} // namespace
} // namespace gp
