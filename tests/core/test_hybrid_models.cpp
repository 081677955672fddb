// Hybrid-attention and recurrent models (issue #42 item 5): Qwen3-Next (Gated DeltaNet + gated attention, 3:1) and
// Nemotron-H (Mamba2, attention and MLP blocks) imported from their config.json (sources:
// tests/data/hf-configs/HYBRID-SOURCES.md), parameters against the model cards, KV per token and the recurrent
// state per sequence derived by hand, FLOPs by hand, the serving KV capacity and a training estimate.
#include "test_import_support.h"
#include "test_memory_support.h"

#include "estimate/estimator.h"
#include "estimate/serving/engine_memory.h"
#include "output/model_json.h"
#include "plan/architecture_json.h"
#include "transformer/attention.h"
#include "transformer/lora_modules.h"
#include "transformer/training_flops.h"

#include "test_cli_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

using gp::testing::cli;
using gp::testing::CliRun;
namespace gp
{
namespace
{

ImportedConfig importHybridSample(const std::string& name)
{
    const std::string path = std::string(GP_TEST_DATA_DIR) + "/hf-configs/" + name;
    auto c = importHuggingFaceConfig(test::readTextFile(path), name);
    EXPECT_TRUE(c.ok()) << name << ": " << (c.ok() ? "" : c.error().toString());
    return c.ok() ? *c : ImportedConfig {};
}

double hybridRelativeError(double value, double published)
{
    return std::abs(value - published) / published;
}

// Qwen3-Next-80B-A3B: 48 layers, full_attention_interval 4 -> 12 gated-attention layers (16 query heads, 2 KV heads
// of 256) and 36 Gated DeltaNet layers (16 key heads, 32 value heads of 128, convolution kernel 4).
TEST(HybridModels, Qwen3NextImportParametersAndKvByHand)
{
    const ImportedConfig c = importHybridSample("qwen3-next-80b-a3b.json");
    const Architecture& a = c.architecture;
    EXPECT_EQ(a.linearAttentionLayers, 36);
    EXPECT_EQ(a.linearValueHeads, 32);
    EXPECT_TRUE(a.attentionOutputGate);
    EXPECT_TRUE(a.qkNorm);
    EXPECT_EQ(a.numSharedExperts, 1);
    EXPECT_EQ(kvCacheLayers(a), 12);
    EXPECT_TRUE(testing::ignoredConfigFields(c).empty());
    // Model card: "80B in total and 3B activated".
    const ParameterCounts counts = countParameters(a);
    EXPECT_LT(hybridRelativeError(counts.total, 80e9), 0.01) << counts.total;
    // KV: only the 12 attention layers keep keys and values, 2 x 2 heads x 256 x 2 bytes each per token.
    EXPECT_EQ(kvCacheBytesPerToken(a, KvPrecision::Bf16), 12.0 * 2 * 2 * 256 * 2);
    // State per sequence, each Gated DeltaNet layer: the convolution window over q, k, v (2 x 16 x 128 + 32 x 128 =
    // 8192 channels) of kernel - 1 = 3 positions, and 32 value heads x 128 x 128, all 16-bit.
    const double perLayer = 3.0 * 8192 * 2 + 32.0 * 128 * 128 * 2;
    EXPECT_EQ(recurrentStateBytes(a), 36 * perLayer);
    // Under tensor parallelism 2: half the channels and heads (16 value heads), one KV head per rank.
    EXPECT_EQ(recurrentStateBytes(a, 2), 36 * (3.0 * 4096 * 2 + 16.0 * 128 * 128 * 2));
    EXPECT_EQ(kvCacheBytesPerToken(a, KvPrecision::Bf16, 2), 12.0 * 2 * 1 * 256 * 2);
    // A sequence of 1000 tokens: its KV plus one state, whatever the length.
    EXPECT_EQ(kvCacheBytes(a, KvPrecision::Bf16, 1000), 1000 * 12.0 * 2048 + 36 * perLayer);
    EXPECT_EQ(kvCacheBytes(a, KvPrecision::Fp8, 1000), 1000 * 12.0 * 1024 + 36 * perLayer); // fp8 KV, 16-bit state
    // The preset is the config.
    const ModelPreset* preset = findModelPreset("qwen3-next-80b-a3b");
    ASSERT_NE(preset, nullptr);
    EXPECT_EQ(countParameters(preset->architecture).total, counts.total);
    EXPECT_EQ(recurrentStateBytes(preset->architecture), recurrentStateBytes(a));
}

// Nemotron-H-56B: 118 blocks, hybrid_override_pattern 54 Mamba2 (M), 10 attention (*), 54 MLP (-) (NVIDIA: "54
// Mamba-2, 54 MLP, and 10 Self-Attention layers"); Mamba2 256 heads of 64, state 256, 8 groups, kernel 4.
TEST(HybridModels, NemotronHImportParametersAndKvByHand)
{
    const ImportedConfig c = importHybridSample("nemotron-h-56b-base-8k.json");
    const Architecture& a = c.architecture;
    EXPECT_EQ(a.mambaLayers, 54);
    EXPECT_EQ(a.mlpOnlyLayers, 54);
    EXPECT_EQ(kvCacheLayers(a), 10);
    EXPECT_EQ(a.mlp, MlpKind::Standard); // relu2: up and down projections
    EXPECT_TRUE(testing::ignoredConfigFields(c).empty());
    // Model card: "This model has 56B model parameters".
    EXPECT_LT(hybridRelativeError(countParameters(a).total, 56e9), 0.01) << countParameters(a).total;
    EXPECT_EQ(kvCacheBytesPerToken(a, KvPrecision::Bf16), 10.0 * 2 * 8 * 128 * 2);
    // Per Mamba2 layer: the convolution window over x, B and C (256 x 64 + 2 x 8 x 256 = 20480 channels) of 3
    // positions, and 256 heads x 64 x 256 state elements, 16-bit.
    EXPECT_EQ(recurrentStateBytes(a), 54 * (3.0 * 20480 * 2 + 256.0 * 64 * 256 * 2));
    Architecture fp32State = a;
    fp32State.stateFp32 = true; // mamba_ssm_cache_dtype float32
    EXPECT_EQ(recurrentStateBytes(fp32State), 54 * (3.0 * 20480 * 2 + 256.0 * 64 * 256 * 4));
}

// Nemotron-H-8B counted block by block (HF modeling_nemotron_h.py): one norm per block.
TEST(HybridModels, NemotronH8BParametersByHand)
{
    const ModelPreset* preset = findModelPreset("nemotron-h-8b");
    ASSERT_NE(preset, nullptr);
    const double h = 4096;
    const double embeddingAndHead = 2 * 131072 * h;
    // in_proj h -> 2 x 8192 + 2 x 8 x 128 + 128 heads; conv over 10240 channels (kernel 4 + bias); dt_bias, A_log,
    // D; gated norm 8192; out_proj 8192 -> h; block norm.
    const double mamba = h * 18560 + 10240 * 5 + 3 * 128 + 8192 + 8192 * h + h;
    const double attention = h * 4096 * 2 + h * 1024 * 2 + h; // q, o; k, v (8 heads of 128); norm
    const double mlp = 2 * h * 21504 + h; // up, down; norm
    const double total = embeddingAndHead + 24 * mamba + 4 * attention + 24 * mlp + h; // + final norm
    const ParameterCounts counts = countParameters(preset->architecture);
    EXPECT_EQ(counts.total, total);
    EXPECT_EQ(counts.active, total);
    EXPECT_EQ(counts.recurrentLinear, 24 * (h * 18560 + 8192 * h));
    // peft's "all-linear" (what LoRA adapts and FP8 training casts) is every matrix inside the blocks.
    double allLinear = 0;
    for (const AdaptedMatrix& m : loraTargets(preset->architecture, { "all-linear" }).matrices)
        allLinear += m.count * m.in * m.out;
    EXPECT_EQ(allLinear, counts.blockLinear);
}

// FLOPs per token: every linear weight once (2 FLOPs per multiply-add), attention only in the 4 attention layers,
// the Mamba2 scan in the 24 Mamba2 layers (chunked: 2 x P x N + C/2 x (N + P) per head, C = 128, and the
// convolution), decode one recurrent step.
TEST(HybridModels, NemotronHFlopsByHand)
{
    const ModelPreset* preset = findModelPreset("nemotron-h-8b");
    ASSERT_NE(preset, nullptr);
    const Architecture& a = preset->architecture;
    const ParameterCounts counts = countParameters(a);
    Workload w;
    w.mode = Mode::Inference;
    const double context = 4096;
    const ForwardFlops f = forwardFlopsPerToken(a, counts, w, context, true);
    EXPECT_DOUBLE_EQ(f.matmul, 2 * counts.blockLinear);
    const double attentionMacs = 4 * 32 * (128 + 128) * (context / 2);
    const double scanMacs = 24 * (128 * (2.0 * 64 * 128 + 64.0 * (128 + 64)) + 10240.0 * 4);
    EXPECT_DOUBLE_EQ(f.attention, 2 * (attentionMacs + scanMacs));
    const ForwardFlops decode = forwardFlopsPerToken(a, counts, w, context, false);
    EXPECT_DOUBLE_EQ(decode.attention, 2 * (4 * 32 * 256 * context + 24 * (128 * 2.0 * 64 * 128 + 10240.0 * 4)));
}

// The plan's architecture fields round-trip, and a hybrid missing its sizes is refused naming the field.
TEST(HybridModels, ArchitectureRoundTripAndBadFieldsNamed)
{
    for (const char* id : { "qwen3-next-80b-a3b", "nemotron-h-8b" }) {
        const Architecture& a = findModelPreset(id)->architecture;
        auto back = readArchitecture(architectureToJson(a), Architecture {}, "model.architecture");
        ASSERT_TRUE(back.ok()) << back.error().toString();
        EXPECT_EQ(*back, a) << id;
    }
    nlohmann::json j = architectureToJson(findModelPreset("qwen3-next-80b-a3b")->architecture);
    j.erase("linear_num_value_heads");
    auto missing = readArchitecture(j, Architecture {}, "model.architecture");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().field, "model.architecture.linear_attention_layers");
    j = architectureToJson(findModelPreset("nemotron-h-8b")->architecture);
    j["mamba_layers"] = 40; // 40 + 24 MLP blocks leave no attention in 52
    auto noAttention = readArchitecture(j, Architecture {}, "model.architecture");
    ASSERT_FALSE(noAttention.ok());
    EXPECT_EQ(noAttention.error().field, "model.architecture.mlp_only_blocks");
    // A Nemotron-H MoE pattern is named, not silently counted as dense.
    auto moe = importHuggingFaceConfig(
        R"({"model_type": "nemotron_h", "hidden_size": 64, "num_hidden_layers": 3, "num_attention_heads": 4,
            "vocab_size": 100, "hybrid_override_pattern": "ME*", "mamba_num_heads": 2, "mamba_head_dim": 8,
            "ssm_state_size": 4})",
        "moe.json");
    ASSERT_FALSE(moe.ok());
    EXPECT_EQ(moe.error().field, "hybrid_override_pattern");
}

// gpu-planner-cli model import prints the KV layers and the state per sequence.
TEST(HybridModels, CliModelImportShowsStatePerSequence)
{
    const std::string path = std::string(GP_TEST_DATA_DIR) + "/hf-configs/qwen3-next-80b-a3b.json";
    const CliRun r = cli({ "model", "import", path });
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["architecture"]["linear_attention_layers"], 36);
    EXPECT_EQ(j["kv_cache_layers"], 12);
    EXPECT_EQ(j["kv_cache_bytes_per_token"].get<double>(), 12.0 * 2048);
    EXPECT_EQ(j["recurrent_state_bytes"].get<double>(), 36 * (3.0 * 8192 * 2 + 32.0 * 128 * 128 * 2));
    const CliRun table = cli({ "model", "import", path, "--format", "table" });
    ASSERT_EQ(table.code, 0) << table.err;
    EXPECT_NE(table.out.find("KV layers"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("state B/sequence"), std::string::npos) << table.out;
}

std::string hybridServingPlan(const std::string& preset, long prompt, long output, int tensor)
{
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": ")" + preset + R"("},
        "workload": {"mode": "serving", "parallelism": {"tensor": )"
        + std::to_string(tensor) + R"(, "pipeline": 1},
           "serving": {"prompt_tokens": )"
        + std::to_string(prompt) + R"(, "output_tokens": )" + std::to_string(output)
        + R"(, "load": {"concurrency": 8}, "replicas": 1}},
        "candidates": [{"gpu": "h200-141gb-sxm", "gpus_per_node": )"
        + std::to_string(tensor) + R"(, "nodes": 1}], "search": {"enabled": false}})";
}

// Serving under vLLM: the KV cache of the 12 attention layers, in vLLM's hybrid pages, and two state blocks per
// request in each of the 3 groups of 12 Gated DeltaNet layers. By hand at tensor 2 (one KV head per rank):
// 1 x 256 x 2 x 2 bytes = 1024 bytes per token and layer; one layer's state 3 x 4096 x 2 + 16 x 128 x 128 x 2 =
// 548,864 bytes; the block grows to 16 x ceil(548,864 / (16 x 1024)) = 544 tokens (a 557,056-byte page); the pool
// has floor(budget / (557,056 x 12)) blocks; a 32,768-token request takes ceil(32,768 / 544) = 61 + 3 x 2 = 67.
// Against the same model with all 48 layers attending (the 4x over-count of LMCache PR #3080, vLLM PR #37124) it
// holds more than 3.5x the requests.
TEST(HybridModels, ServingCapacityInVllmsHybridPagesByHand)
{
    auto plan = parsePlan(hybridServingPlan("qwen3-next-80b-a3b", 32000, 768, 2));
    ASSERT_TRUE(plan) << plan.error().toString();
    auto estimate = estimatePlan(*plan, builtinCatalog());
    ASSERT_TRUE(estimate) << estimate.error().toString();
    ASSERT_TRUE(estimate->results.front().serving);
    const ServingResult& s = *estimate->results.front().serving;
    EXPECT_EQ(s.kvBytesPerToken, 12.0 * 1024);
    EXPECT_EQ(s.stateBytesPerRequest, 36 * 548864.0);
    EXPECT_EQ(s.kvLayers, 12);
    ASSERT_EQ(s.requestTokens, 32768);
    const double blocks = std::floor(s.kvBudgetBytes / (544.0 * 1024 * 12));
    EXPECT_NEAR(s.kvCapacityRequests, blocks / 67, 1e-9);
    EXPECT_EQ(s.maxConcurrency, std::int64_t(std::floor(blocks / 67)));
    const double allAttention = s.kvBudgetBytes / (48.0 * 1024 * 32768);
    EXPECT_GT(s.kvCapacityRequests / allAttention, 3.5);
    EXPECT_GT(s.maxConcurrency, 1);
}

// A published vLLM start-up log (tests/data/reference/hybrid-kv-capacity.json): from the KV budget it reports,
// the planner's pages give its "Maximum concurrency" and "GPU KV cache size" within 3%.
TEST(HybridModels, VllmCapacityOfAPublishedHybridRun)
{
    const auto doc = nlohmann::json::parse(
        test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/hybrid-kv-capacity.json"));
    int rows = 0;
    for (const auto& row : doc.at("rows")) {
        auto imported = importHuggingFaceConfig(row.at("config").dump(), row.at("id").get<std::string>());
        ASSERT_TRUE(imported.ok()) << imported.error().toString();
        const Architecture& a = imported->architecture;
        EngineSettings engine;
        engine.kvPrecision = row.at("kv_cache_dtype") == "fp8" ? KvPrecision::Fp8 : KvPrecision::Bf16;
        const double length = row.at("max_model_len").get<double>();
        const VllmHybridPages pages = vllmHybridPages(a, engine, row.at("tensor_parallel").get<int>(), 1.0,
            row.at("available_kv_gib").get<double>() * kGiB, length);
        const double concurrency = row.at("measured_max_concurrency").get<double>();
        const double tokens = row.at("measured_kv_cache_tokens").get<double>();
        const double concurrencyError = pages.requests / concurrency - 1;
        const double tokensError = std::floor(pages.requests * length) / tokens - 1;
        std::printf("\nhybrid KV capacity %s: block %.0f tokens, %.0f blocks, %.0f per request; concurrency %.3f "
                    "(measured %.2f, %+.2f%%), tokens %.0f (measured %.0f, %+.2f%%)\n",
            row.at("id").get<std::string>().c_str(), pages.blockTokens, pages.blocks, pages.blocksPerRequest,
            pages.requests, concurrency, 100 * concurrencyError, std::floor(pages.requests * length), tokens,
            100 * tokensError);
        EXPECT_LT(std::abs(concurrencyError), 0.03);
        EXPECT_LT(std::abs(tokensError), 0.03);
        ++rows;
    }
    EXPECT_GE(rows, 1);
}

// Training: the estimate's FLOPs per token are the hybrid's (attention in 4 of 52 blocks, the Mamba2 scan in 24):
// 3 x (2 x linear weights + 2 x h x V + 2 x (attention + scan)) per trained token, counted by hand.
TEST(HybridModels, TrainingEstimateCountsTheHybridsFlops)
{
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "nemotron-h-8b"},
        "workload": {"mode": "training", "technique": "full", "precision": "bf16", "sequence_length": 4096,
          "training_tokens": 1e9, "parallelism": {"data": 8, "tensor": 1, "pipeline": 1, "zero_stage": 3}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 8, "nodes": 1}], "search": {"enabled": false}})");
    ASSERT_TRUE(plan) << plan.error().toString();
    auto estimate = estimatePlan(*plan, builtinCatalog());
    ASSERT_TRUE(estimate) << estimate.error().toString();
    const CandidateResult& r = estimate->results.front();
    EXPECT_TRUE(r.fits);
    const ParameterCounts counts = countParameters(findModelPreset("nemotron-h-8b")->architecture);
    const double attention = 4 * 32 * 256 * 2048.0;
    const double scan = 24 * (128 * (2.0 * 64 * 128 + 64.0 * (128 + 64)) + 10240.0 * 4);
    const double perToken = 3 * (2 * counts.blockLinear + 2 * 4096.0 * 131072 + 2 * (attention + scan));
    EXPECT_NEAR(r.trainingFlops / 1e9, perToken, perToken * 1e-12);
    EXPECT_GT(r.tokensPerSecond, 0);
}

} // namespace
} // namespace gp
