// The 2025-2026 families: config.json import of DeepSeek-V3, Qwen3-235B-A22B, GPT-OSS-120B, Llama 4 Maverick and
// Gemma 3 27B against the published counts, the KV cache per token derived by hand, and the new presets.
#include "test_import_support.h"
#include "test_memory_support.h"

#include "cli/cli.h"
#include "output/model_json.h"
#include "plan/architecture_json.h"
#include "transformer/attention.h"
#include "transformer/training_flops.h"

#include "test_cli_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unistd.h>

using gp::testing::cli;
using gp::testing::CliRun;
namespace gp
{
namespace
{

ImportedConfig importSample2025(const std::string& name)
{
    const std::string path = std::string(GP_TEST_DATA_DIR) + "/hf-configs/" + name;
    auto c = importHuggingFaceConfig(test::readTextFile(path), name);
    EXPECT_TRUE(c.ok()) << name << ": " << (c.ok() ? "" : c.error().toString());
    return c.ok() ? *c : ImportedConfig {};
}

double relativeError(double value, double published)
{
    return std::abs(value - published) / published;
}

// A published figure given to two significant digits ("37B") is checked against its own rounding.
bool withinRounding(double value, double published, double unit)
{
    return std::abs(value - published) <= unit / 2;
}

TEST(Models2025, DeepSeekV3ImportCounts)
{
    const ImportedConfig c = importSample2025("deepseek-v3.json");
    const Architecture& a = c.architecture;
    EXPECT_TRUE(a.latentAttention());
    EXPECT_EQ(a.kvLoraRank, 512);
    EXPECT_EQ(a.qLoraRank, 1536);
    EXPECT_EQ(a.mtpModules, 1);
    // Node-limited routing: n_group 8, topk_group 4 (the config; DeepSeek-V3 report Sec. 2.1.2, M = 4 nodes).
    EXPECT_EQ(a.expertGroups, 8);
    EXPECT_EQ(a.expertGroupsPerToken, 4);
    EXPECT_EQ(c.quantization, "fp8_block");
    EXPECT_TRUE(gp::testing::ignoredConfigFields(c).empty()) << gp::testing::ignoredConfigFields(c).front();
    const ParameterCounts p = countParameters(a);
    // DeepSeek-V3 Technical Report (arXiv 2412.19437), abstract: 671B total parameters, 37B activated per token;
    // the multi-token-prediction module is apart (Sec. 5.4.3: the released weights are 685B with the 14B MTP
    // module, which includes a copy of the embedding and head).
    EXPECT_LT(relativeError(p.total, 671e9), 0.01) << p.total;
    // DeepSeek counts the activated parameters without the input embedding table (as OpenAI does below).
    EXPECT_TRUE(withinRounding(p.active - p.embedding, 37e9, 1e9)) << p.active - p.embedding;
    EXPECT_LT(relativeError(p.total + p.mtp + p.embedding + p.outputHead, 685e9), 0.01) << p.mtp;
    // KV cache by hand: MLA keeps the 512-wide latent and the 64-wide rotary key per layer, 61 layers, 2 bytes.
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(a, KvPrecision::Bf16), 61.0 * (512 + 64) * 2);
    EXPECT_DOUBLE_EQ(kvCacheWindowBytes(a, KvPrecision::Bf16), 0.0);
    // The same on every tensor-parallel rank: the latent is shared by all heads.
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(a, KvPrecision::Bf16, 8), 61.0 * (512 + 64) * 2);
    // What ignoring MLA would cache: 2 x 128 heads x (192 + 128)/2... the full keys and values, ~71x more.
    EXPECT_GT(61.0 * 128 * (192 + 128) * 2 / kvCacheBytesPerToken(a, KvPrecision::Bf16), 50.0);
}

TEST(Models2025, Qwen3MoeImportCounts)
{
    const ImportedConfig c = importSample2025("qwen3-235b-a22b.json");
    EXPECT_TRUE(gp::testing::ignoredConfigFields(c).empty()) << gp::testing::ignoredConfigFields(c).front();
    EXPECT_TRUE(c.architecture.qkNorm);
    EXPECT_EQ(c.architecture.slidingWindow, 0); // use_sliding_window false
    const ParameterCounts p = countParameters(c.architecture);
    // Qwen3 Technical Report (arXiv 2505.09388), Table 2: Qwen3-235B-A22B, 235B total, 22B activated.
    EXPECT_LT(relativeError(p.total, 235e9), 0.01) << p.total;
    EXPECT_LT(relativeError(p.active, 22e9), 0.01) << p.active;
    // 94 layers x 2 (K, V) x 4 KV heads x 128 x 2 bytes.
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(c.architecture, KvPrecision::Bf16), 94.0 * 2 * 4 * 128 * 2);
}

TEST(Models2025, GptOssImportCounts)
{
    const ImportedConfig c = importSample2025("gpt-oss-120b.json");
    EXPECT_TRUE(gp::testing::ignoredConfigFields(c).empty()) << gp::testing::ignoredConfigFields(c).front();
    EXPECT_EQ(c.quantization, "mxfp4");
    const Architecture& a = c.architecture;
    EXPECT_EQ(a.slidingWindow, 128);
    EXPECT_EQ(a.slidingWindowLayers, 18);
    EXPECT_TRUE(a.clampedGlu); // swiglu_limit 7.0
    const ParameterCounts p = countParameters(a);
    // gpt-oss-120b & gpt-oss-20b Model Card (OpenAI, 2025-08-05), Table 1: 116.83B total, 5.13B active per
    // token (the input embedding not counted as active).
    EXPECT_LT(relativeError(p.total, 116.83e9), 0.001) << p.total;
    EXPECT_LT(relativeError(p.active - p.embedding, 5.13e9), 0.005) << p.active - p.embedding;
    // Full-attention layers (18) keep every token: 18 x 2 x 8 KV heads x 64 x 2 bytes; the 18 sliding layers
    // keep their 128-token window: 18 x 128 x (2 x 8 x 64 x 2) bytes.
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(a, KvPrecision::Bf16), 18.0 * 2 * 8 * 64 * 2);
    EXPECT_DOUBLE_EQ(kvCacheWindowBytes(a, KvPrecision::Bf16), 18.0 * 128 * 2 * 8 * 64 * 2);
    EXPECT_DOUBLE_EQ(
        kvCacheBytes(a, KvPrecision::Bf16, 100000), 100000 * 18.0 * 2 * 8 * 64 * 2 + 18.0 * 128 * 2 * 8 * 64 * 2);
    EXPECT_DOUBLE_EQ(kvCacheBytes(a, KvPrecision::Bf16, 64), 64 * 36.0 * 2 * 8 * 64 * 2); // inside the window
    // MXFP4 as shipped: the experts' matrices at 4.25 bits, everything else (attention, router, embeddings) bf16.
    EXPECT_NEAR(formatScopeParameters(p, WeightFormat::Mxfp4) / 1e9, 36 * 128 * (3 * 2880.0 * 2880) / 1e9, 1e-6);
}

TEST(Models2025, Llama4MaverickImportCounts)
{
    const ImportedConfig c = importSample2025("llama-4-maverick-17b-128e.json");
    const Architecture& a = c.architecture;
    EXPECT_EQ(a.moeLayerInterval, 2);
    EXPECT_EQ(a.moeIntermediateSize, 8192);
    EXPECT_EQ(a.intermediateSize, 16384);
    EXPECT_EQ(a.numSharedExperts, 1);
    EXPECT_EQ(moeLayers(a), 24.0);
    EXPECT_EQ(gp::testing::ignoredConfigFields(c),
        std::vector<std::string> { "vision_config" }); // the vision tower is not modelled
    EXPECT_EQ(c.torchDtype, "bf16");
    const ParameterCounts p = countParameters(a);
    // Meta, Llama 4 model card (2025-04-05): Maverick 17B activated, 400B total (text and vision; the vision
    // encoder is under 1B).
    EXPECT_LT(relativeError(p.total, 400e9), 0.01) << p.total;
    EXPECT_TRUE(withinRounding(p.active, 17e9, 1e9)) << p.active;
    // 12 global layers (every 4th) keep every token: 12 x 2 x 8 x 128 x 2; the 36 chunked layers at most their
    // 8192-token chunk.
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(a, KvPrecision::Bf16), 12.0 * 2 * 8 * 128 * 2);
    EXPECT_DOUBLE_EQ(kvCacheWindowBytes(a, KvPrecision::Bf16), 36.0 * 8192 * 2 * 8 * 128 * 2);
}

TEST(Models2025, Gemma3ImportCounts)
{
    const ImportedConfig c = importSample2025("gemma-3-27b.json");
    const Architecture& a = c.architecture;
    EXPECT_EQ(a.vocabSize, 262208); // Gemma3TextConfig's default, left out of the published text_config
    EXPECT_TRUE(a.tieWordEmbeddings);
    EXPECT_TRUE(a.qkNorm);
    EXPECT_TRUE(a.sandwichNorms);
    EXPECT_EQ(a.slidingWindowLayers, 52); // 5 local : 1 global over 62 layers
    EXPECT_EQ(gp::testing::ignoredConfigFields(c), std::vector<std::string> { "vision_config" });
    const ParameterCounts p = countParameters(a);
    // Gemma 3 Technical Report (arXiv 2503.19786), Table 1: 27B has 25,600M non-embedding and 1,416M embedding
    // parameters (and a 417M vision encoder, not counted here).
    EXPECT_LT(relativeError(p.total - p.embedding, 25600e6), 0.01) << p.total - p.embedding;
    EXPECT_LT(relativeError(p.total, 25600e6 + 1416e6), 0.01) << p.total;
    EXPECT_EQ(p.active, p.total);
    // 10 global layers x 2 x 16 KV heads x 128 x 2 bytes; 52 local layers x 1024 tokens x the same per layer.
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(a, KvPrecision::Bf16), 10.0 * 2 * 16 * 128 * 2);
    EXPECT_DOUBLE_EQ(kvCacheWindowBytes(a, KvPrecision::Bf16), 52.0 * 1024 * 2 * 16 * 128 * 2);
}

TEST(Models2025, ImportedConfigsMatchTheirPresets)
{
    const std::pair<const char*, const char*> pairs[] = { { "deepseek-v3.json", "deepseek-v3" },
        { "qwen3-235b-a22b.json", "qwen3-235b-a22b" }, { "gpt-oss-120b.json", "gpt-oss-120b" },
        { "llama-4-maverick-17b-128e.json", "llama-4-maverick" }, { "gemma-3-27b.json", "gemma-3-27b" } };
    for (const auto& [file, id] : pairs) {
        const ModelPreset* preset = findModelPreset(id);
        ASSERT_NE(preset, nullptr) << id;
        const Architecture imported = importSample2025(file).architecture;
        const ModelFigures a = modelFigures(imported);
        const ModelFigures b = modelFigures(preset->architecture);
        EXPECT_EQ(a.parameters, b.parameters) << id;
        EXPECT_EQ(a.activeParameters, b.activeParameters) << id;
        EXPECT_EQ(a.kvCacheBytesPerToken, b.kvCacheBytesPerToken) << id;
        EXPECT_EQ(a.kvCacheWindowBytes, b.kvCacheWindowBytes) << id;
        EXPECT_EQ(imported.expertGroups, preset->architecture.expertGroups) << id;
        EXPECT_EQ(imported.expertGroupsPerToken, preset->architecture.expertGroupsPerToken) << id;
        EXPECT_EQ(imported.clampedGlu, preset->architecture.clampedGlu) << id;
    }
}

// The routing groups in a plan's architecture: written and read back; groups that do not divide the experts, more
// groups per token than groups, or too few experts in a token's groups are errors naming the field.
TEST(Models2025, ExpertGroupsRoundTripAndBadValuesNameTheField)
{
    const ModelPreset* preset = findModelPreset("deepseek-v3");
    ASSERT_NE(preset, nullptr);
    const nlohmann::json j = architectureToJson(preset->architecture);
    EXPECT_EQ(j["expert_groups"], 8);
    EXPECT_EQ(j["expert_groups_per_token"], 4);
    auto back = readArchitecture(j, Architecture {}, "model.architecture");
    ASSERT_TRUE(back.ok()) << back.error().toString();
    EXPECT_EQ(back->expertGroups, 8);
    EXPECT_EQ(back->expertGroupsPerToken, 4);
    EXPECT_FALSE(architectureToJson(findModelPreset("kimi-k2")->architecture).contains("expert_groups"));
    const std::pair<std::pair<int, int>, const char*> bad[] = { { { 7, 4 }, "expert_groups" },
        { { 8, 9 }, "expert_groups_per_token" }, { { 64, 1 }, "expert_groups_per_token" } };
    for (const auto& [values, field] : bad) {
        nlohmann::json b = j;
        b["expert_groups"] = values.first;
        b["expert_groups_per_token"] = values.second;
        auto parsed = readArchitecture(b, Architecture {}, "model.architecture");
        ASSERT_FALSE(parsed.ok()) << values.first << "/" << values.second;
        EXPECT_NE(parsed.error().field.find(field), std::string::npos) << parsed.error().toString();
    }
}

TEST(Models2025, NewPresetsMatchPublishedCounts)
{
    auto counts = [](const char* id) {
        const ModelPreset* p = findModelPreset(id);
        EXPECT_NE(p, nullptr) << id;
        return p ? countParameters(p->architecture) : ParameterCounts {};
    };
    // Hugging Face model pages (safetensors parameter counts).
    EXPECT_EQ(counts("llama-3.2-1b").total, 1'235'814'400.0);
    EXPECT_EQ(counts("llama-3.2-3b").total, 3'212'749'824.0);
    EXPECT_EQ(counts("mistral-small-3-24b").total, 23'572'403'200.0);
    EXPECT_NEAR(counts("qwen3-8b").total / 1e9, 8.19, 0.005);
    EXPECT_NEAR(counts("qwen3-32b").total / 1e9, 32.8, 0.05);
    EXPECT_NEAR(counts("phi-4").total / 1e9, 14.7, 0.05);
    // Qwen3 report Table 2: Qwen3-30B-A3B 30B total (the model page: 30.5B), 3B activated (3.3B).
    EXPECT_NEAR(counts("qwen3-30b-a3b").total / 1e9, 30.5, 0.05);
    // 3.35B counted (the input embedding included, as Qwen counts the 235B-A22B): 1.6% above the card's 3.3B.
    EXPECT_LT(relativeError(counts("qwen3-30b-a3b").active, 3.3e9), 0.02);
    // gpt-oss model card Table 1: gpt-oss-20b 20.91B total, 3.61B active.
    EXPECT_LT(relativeError(counts("gpt-oss-20b").total, 20.91e9), 0.001);
    EXPECT_LT(relativeError(counts("gpt-oss-20b").active - counts("gpt-oss-20b").embedding, 3.61e9), 0.005);
    // Z.ai GLM-4.5 model card: 355B total / 32B active, GLM-4.5-Air 106B / 12B (the MTP layer apart); Z.ai's
    // active count leaves out the embedding and the head.
    const ParameterCounts glm = counts("glm-4.5");
    const ParameterCounts air = counts("glm-4.5-air");
    EXPECT_LT(relativeError(glm.total, 355e9), 0.01);
    EXPECT_TRUE(withinRounding(glm.active - glm.embedding - glm.outputHead, 32e9, 1e9));
    EXPECT_LT(relativeError(air.total, 106e9), 0.01);
    EXPECT_TRUE(withinRounding(air.active - air.embedding - air.outputHead, 12e9, 1e9));
    // Kimi K2 technical report (arXiv 2507.20534), Table: 1.04T total, 32.6B activated. The total counted from
    // the config is 1.026T (1.3% below; the model card says "1 trillion").
    EXPECT_LT(relativeError(counts("kimi-k2").total, 1.04e12), 0.015);
    EXPECT_LT(relativeError(counts("kimi-k2").active, 32.6e9), 0.01);
    // Llama 4 model card: Scout 109B total (with its vision encoder), 17B activated.
    EXPECT_LT(relativeError(counts("llama-4-scout").total, 109e9), 0.02);
    EXPECT_TRUE(withinRounding(counts("llama-4-scout").active, 17e9, 1e9));
}

TEST(Models2025, LocalLayersAttendToTheirWindow)
{
    // A causal sequence of 8 tokens with a window of 4 sees 1, 2, 3, 4, 4, 4, 4, 4 positions: mean 3.25
    // (positions 1..w counted as w^2/2 in the continuous form: (8 + 4 x 4) / 8 = 3).
    EXPECT_DOUBLE_EQ(attendedPositions(8, 4, true), (4.0 * 4 / 2 + 4 * 4) / 8);
    EXPECT_DOUBLE_EQ(attendedPositions(8, 0, true), 4.0);
    EXPECT_DOUBLE_EQ(attendedPositions(1000, 128, false), 128.0);
    // Attention FLOPs grow with the context only in the global layers.
    const Architecture a = findModelPreset("gpt-oss-120b")->architecture;
    const double at32k = attentionCoreMacsPerToken(a, 32768, true);
    const double at64k = attentionCoreMacsPerToken(a, 65536, true);
    const double fullPerPosition = 18.0 * 64 * (64 + 64);
    EXPECT_NEAR(at64k - at32k,
        fullPerPosition * (32768 - 16384)
            + 18.0 * 64 * 128 * (attendedPositions(65536, 128, true) - attendedPositions(32768, 128, true)),
        1.0);
}

TEST(Models2025, LatentAttentionFlopsAndActivations)
{
    const ModelPreset* p = findModelPreset("deepseek-v3");
    ASSERT_NE(p, nullptr);
    const Architecture& a = p->architecture;
    const ParameterCounts c = countParameters(a);
    Workload w;
    w.sequenceLength = 4096;
    const ForwardFlops f = forwardFlopsPerToken(a, c, w, 4096, true);
    // 2 FLOPs per active non-embedding, non-head weight (router included), norms aside: within 0.1%.
    const double weights = c.active - c.embedding - c.outputHead;
    EXPECT_LT(relativeError(f.matmul, 2 * weights), 1e-3) << f.matmul / 2 << " vs " << weights;
    // Scores over (128 + 64)-wide keys, values 128 wide, 128 heads, 61 layers, half the causal context.
    EXPECT_DOUBLE_EQ(f.attention, 2 * 61.0 * 128 * (192 + 128) * 2048);
}

TEST(Models2025, CliModelImport)
{
    const std::string dir = std::string(GP_TEST_DATA_DIR) + "/hf-configs/";
    const CliRun r = cli({ "model", "import", dir + "gpt-oss-120b.json" });
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["architecture"]["num_experts"], 128);
    EXPECT_EQ(j["architecture"]["sliding_window"], 128);
    EXPECT_EQ(j["parameters"].get<double>(), countParameters(importSample2025("gpt-oss-120b.json").architecture).total);
    EXPECT_GT(j["parameters"].get<double>(), j["active_parameters"].get<double>());
    EXPECT_EQ(j["kv_cache_bytes_per_token"].get<double>(), 18.0 * 2 * 8 * 64 * 2);
    EXPECT_EQ(j["kv_cache_window_bytes"].get<double>(), 18.0 * 128 * 2 * 8 * 64 * 2);
    EXPECT_EQ(j["quantization"], "mxfp4");
    EXPECT_TRUE(j["warnings"].is_array());

    // A folder with config.json and a safetensors index: the index's count comes along.
    namespace fs = std::filesystem;
    const fs::path folder = fs::temp_directory_path() / ("gp-model-import-" + std::to_string(::getpid()));
    fs::create_directories(folder);
    fs::copy_file(dir + "llama-4-maverick-17b-128e.json", folder / "config.json", fs::copy_options::overwrite_existing);
    std::ofstream(folder / "model.safetensors.index.json") << R"({"metadata": {"total_size": 2000}, "weight_map": {}})";
    const CliRun f = cli({ "model", "import", folder.string() });
    ASSERT_EQ(f.code, 0) << f.err;
    const auto fj = nlohmann::json::parse(f.out);
    EXPECT_EQ(fj["safetensors_parameters"].get<double>(), 1000.0); // 2000 bytes of bf16
    // The index's 1,000 parameters are far from the config's count: the import says so (safetensors_count_differs).
    ASSERT_EQ(fj["warnings"].size(), 2u) << fj["warnings"].dump();
    EXPECT_EQ(fj["warnings"][0]["field"], "vision_config");
    EXPECT_EQ(fj["warnings"][1]["code"], "safetensors_count_differs") << fj["warnings"][1].dump();
    const CliRun byIndex = cli({ "model", "import", (folder / "model.safetensors.index.json").string() });
    EXPECT_EQ(byIndex.code, 0) << byIndex.err;
    EXPECT_EQ(nlohmann::json::parse(byIndex.out)["parameters"], fj["parameters"]);
    fs::remove_all(folder);

    EXPECT_EQ(cli({ "model", "import", dir + "no-such.json" }).code, ExitUsage);
    EXPECT_EQ(cli({ "model", "import" }).code, ExitUsage);
    // --format as the other commands: json (the default) or a table of the same figures; anything else is refused.
    const CliRun asJson = cli({ "model", "import", dir + "gpt-oss-120b.json", "--format", "json" });
    ASSERT_EQ(asJson.code, 0) << asJson.err;
    EXPECT_EQ(nlohmann::json::parse(asJson.out), j);
    const CliRun table = cli({ "model", "import", "--format=table", dir + "gpt-oss-120b.json" });
    ASSERT_EQ(table.code, 0) << table.err;
    EXPECT_NE(table.out.find("active parameters"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("5.13 B (without the embedding)"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("mxfp4"), std::string::npos) << table.out;
    const CliRun bad = cli({ "model", "import", dir + "gpt-oss-120b.json", "--format", "csv" });
    EXPECT_EQ(bad.code, ExitUsage);
    EXPECT_NE(bad.err.find("--format"), std::string::npos) << bad.err;
    EXPECT_EQ(cli({ "model", "import", dir + "gpt-oss-120b.json", "--frobnicate" }).code, ExitUsage);
    EXPECT_EQ(cli({ "model", "frobnicate" }).code, ExitUsage);
}

// The active count as each model card states it: GPT-OSS's card (Table 1) leaves the input embedding out (5.13 B and
// 3.61 B), Mixtral's and Qwen3's count it (12.9 B, 3.3 B). The JSON names the convention; the estimate's own
// FLOPs never read this count.
TEST(Models2025, ActiveParametersAsTheModelCardCountsThem)
{
    const CliRun r = cli({ "model", "list", "--format", "json" });
    ASSERT_EQ(r.code, 0) << r.err;
    std::map<std::string, nlohmann::json> byId;
    const auto list = nlohmann::json::parse(r.out);
    for (const auto& p : list["presets"])
        byId[p["id"].get<std::string>()] = p;
    ASSERT_TRUE(byId.count("gpt-oss-120b") && byId.count("gpt-oss-20b") && byId.count("mixtral-8x7b"));
    EXPECT_LT(relativeError(byId["gpt-oss-120b"]["active_parameters"].get<double>(), 5.13e9), 0.005);
    EXPECT_LT(relativeError(byId["gpt-oss-20b"]["active_parameters"].get<double>(), 3.61e9), 0.005);
    EXPECT_EQ(byId["gpt-oss-120b"]["active_parameters_convention"], "without-embedding");
    EXPECT_EQ(byId["mixtral-8x7b"]["active_parameters_convention"], "with-embedding");
    EXPECT_NEAR(byId["mixtral-8x7b"]["active_parameters"].get<double>() / 1e9, 12.9, 0.05);
    // The resolved model of a plan carries the card's count too (results JSON, window, report).
    ModelSpec spec;
    spec.preset = "gpt-oss-120b";
    auto m = resolveModel(spec);
    ASSERT_TRUE(m.ok());
    EXPECT_DOUBLE_EQ(m->parameters.activeAsPublished, m->parameters.active - m->parameters.embedding);
    EXPECT_LT(relativeError(m->parameters.activeAsPublished, 5.13e9), 0.005);
    // A bad convention in a presets file names the field.
    const auto bad = parseModelPresets(
        R"({"presets": [{"id": "x", "source": "s", "active_parameters_convention": "sometimes",
             "architecture": {"hidden_size": 64, "num_layers": 2, "num_attention_heads": 4, "intermediate_size": 128,
                              "vocab_size": 100}}]})",
        "p.json");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().field, "presets[0].active_parameters_convention");
}

TEST(Models2025, CliModelList)
{
    const CliRun r = cli({ "model", "list", "--format", "json" });
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    std::set<std::string> ids;
    for (const auto& p : j["presets"]) {
        ids.insert(p["id"].get<std::string>());
        EXPECT_GE(p["parameters"].get<double>(), p["active_parameters"].get<double>()) << p["id"];
        EXPECT_GE(p["kv_cache_bytes_per_token"].get<double>(), 0.0);
        EXPECT_FALSE(p["source"].get<std::string>().empty());
    }
    EXPECT_EQ(ids.size(), modelPresets().size());
    // The issue's list of new presets.
    for (const char* id :
        { "qwen3-0.6b", "qwen3-1.7b", "qwen3-4b", "qwen3-8b", "qwen3-14b", "qwen3-32b", "qwen3-30b-a3b",
            "qwen3-235b-a22b", "qwen2.5-32b", "deepseek-v3", "deepseek-r1", "deepseek-r1-distill-qwen-7b",
            "deepseek-r1-distill-qwen-14b", "deepseek-r1-distill-qwen-32b", "deepseek-r1-distill-llama-8b",
            "deepseek-r1-distill-llama-70b", "llama-3.2-1b", "llama-3.2-3b", "llama-3.3-70b", "llama-4-scout",
            "llama-4-maverick", "gemma-3-1b", "gemma-3-4b", "gemma-3-12b", "gemma-3-27b", "gpt-oss-20b", "gpt-oss-120b",
            "glm-4.5", "glm-4.5-air", "kimi-k2", "mistral-small-3-24b", "phi-4" })
        EXPECT_TRUE(ids.count(id)) << id;
    const CliRun table = cli({ "model", "list" });
    ASSERT_EQ(table.code, 0);
    EXPECT_NE(table.out.find("deepseek-v3"), std::string::npos);
    EXPECT_NE(table.out.find("KV B/token"), std::string::npos);
    EXPECT_EQ(cli({ "model", "list", "--format", "csv" }).code, ExitUsage);
}

} // namespace
} // namespace gp
