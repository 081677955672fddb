// Hugging Face config.json import and safetensors header counting.
#include "test_import_support.h"
#include "test_memory_support.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace gp
{
namespace
{

Expected<ImportedConfig> importSample(const std::string& name)
{
    const std::string path = std::string(GP_TEST_DATA_DIR) + "/hf-configs/" + name;
    return importHuggingFaceConfig(test::readTextFile(path), name);
}

double presetTotal(const char* id)
{
    return countParameters(findModelPreset(id)->architecture).total;
}

TEST(ModelImport, DecoderConfigsMatchPresets)
{
    const std::pair<const char*, const char*> pairs[]
        = { { "llama-2-7b.json", "llama-2-7b" }, { "qwen2.5-7b.json", "qwen2.5-7b" },
              { "mixtral-8x7b.json", "mixtral-8x7b" }, { "chatglm3-6b.json", "chatglm3-6b" },
              { "baichuan2-7b.json", "baichuan2-7b" }, { "deepseek-moe-16b.json", "deepseek-moe-16b" },
              { "t5-3b.json", "t5-3b" }, { "bert-base-uncased.json", "bert-base" } };
    for (const auto& [file, preset] : pairs) {
        auto c = importSample(file);
        ASSERT_TRUE(c.ok()) << file << ": " << c.error().toString();
        EXPECT_EQ(countParameters(c->architecture).total, presetTotal(preset)) << file;
        EXPECT_TRUE(gp::testing::ignoredConfigFields(*c).empty())
            << file << " warned about " << gp::testing::ignoredConfigFields(*c).front();
    }
}

TEST(ModelImport, SpellingsOfEachFamily)
{
    auto glm = importSample("chatglm3-6b.json");
    ASSERT_TRUE(glm.ok());
    EXPECT_EQ(glm->architecture.numKeyValueHeads, 2); // multi_query_group_num
    EXPECT_EQ(glm->architecture.intermediateSize, 13696); // ffn_hidden_size
    EXPECT_EQ(glm->architecture.vocabSize, 65024); // padded_vocab_size
    EXPECT_EQ(glm->architecture.numLayers, 28); // num_layers
    EXPECT_TRUE(glm->architecture.attentionBias); // add_qkv_bias
    EXPECT_EQ(glm->torchDtype, "fp16");

    auto t5 = importSample("t5-3b.json");
    ASSERT_TRUE(t5.ok());
    EXPECT_EQ(t5->architecture.kind, ModelKind::EncoderDecoder);
    EXPECT_EQ(t5->architecture.headDim, 128); // d_kv
    EXPECT_EQ(t5->architecture.intermediateSize, 16384);
    EXPECT_EQ(t5->architecture.mlp, MlpKind::Standard);
    EXPECT_TRUE(t5->architecture.tieWordEmbeddings);

    auto bert = importSample("bert-base-uncased.json");
    ASSERT_TRUE(bert.ok());
    EXPECT_EQ(bert->architecture.kind, ModelKind::Encoder);
    EXPECT_TRUE(bert->architecture.learnedPositions);

    auto mixtral = importSample("mixtral-8x7b.json");
    ASSERT_TRUE(mixtral.ok());
    EXPECT_EQ(mixtral->architecture.numExperts, 8);
    EXPECT_EQ(mixtral->architecture.expertsPerToken, 2);
    EXPECT_EQ(mixtral->torchDtype, "bf16");

    auto deepseek = importSample("deepseek-moe-16b.json");
    ASSERT_TRUE(deepseek.ok());
    EXPECT_EQ(deepseek->architecture.numSharedExperts, 2);
    EXPECT_EQ(deepseek->architecture.firstDenseLayers, 1);
    EXPECT_EQ(deepseek->architecture.moeIntermediateSize, 1408);
}

TEST(ModelImport, ParallelBlocksAndSharedNormsByFamily)
{
    // Each family's decoder layer in transformers: Falcon's parallel_attn / new_decoder_architecture /
    // num_ln_in_parallel_attn, GPT-NeoX's and StableLM's use_parallel_residual, Phi's one input_layernorm.
    auto block = [](const std::string& type, const std::string& extra) {
        const std::string text = R"({"model_type":")" + type
            + R"(","hidden_size":256,"num_hidden_layers":2,"num_attention_heads":4,"intermediate_size":1024,)"
              R"("vocab_size":1000)"
            + extra + "}";
        auto c = importHuggingFaceConfig(text, type + ".json");
        EXPECT_TRUE(c.ok()) << type << extra;
        EXPECT_TRUE(!c.ok() || gp::testing::ignoredConfigFields(*c).empty()) << type << extra;
        return c.ok() ? std::make_pair(c->architecture.parallelResidual, c->architecture.sharedAttentionNorm)
                      : std::make_pair(false, true);
    };
    using P = std::pair<bool, bool>;
    EXPECT_EQ(block("falcon", R"(,"parallel_attn":true)"), P(true, true)); // Falcon-7B
    EXPECT_EQ(block("falcon", R"(,"parallel_attn":false)"), P(false, false));
    EXPECT_EQ(block("falcon", R"(,"new_decoder_architecture":true,"parallel_attn":true)"),
        P(true, false)); // Falcon-40B/180B: ln_attn, ln_mlp
    EXPECT_EQ(block("falcon", R"(,"new_decoder_architecture":true,"num_ln_in_parallel_attn":1)"), P(true, true));
    EXPECT_EQ(block("gpt_neox", ""), P(true, false));
    EXPECT_EQ(block("gpt_neox", R"(,"use_parallel_residual":false)"), P(false, false));
    EXPECT_EQ(block("stablelm", ""), P(false, false));
    EXPECT_EQ(block("stablelm", R"(,"use_parallel_residual":true)"), P(true, true));
    EXPECT_EQ(block("phi", ""), P(true, true));
    EXPECT_EQ(block("phi3", ""), P(false, false));
    EXPECT_EQ(block("llama", ""), P(false, false));
}

TEST(ModelImport, UnknownFieldIsNamed)
{
    auto c = importSample("llama-3.1-8b-unknown-field.json");
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(countParameters(c->architecture).total, 8'030'261'248.0);
    const auto fields = gp::testing::ignoredConfigFields(*c);
    ASSERT_EQ(fields.size(), 1u);
    EXPECT_EQ(fields[0], "sparse_attention_window");
    EXPECT_NE(c->warnings[0].message.find("sparse_attention_window"), std::string::npos);
}

TEST(ModelImport, QuantizationConfig)
{
    auto nf4 = importSample("llama-2-70b-qlora-nf4.json");
    ASSERT_TRUE(nf4.ok());
    EXPECT_EQ(nf4->quantization, "nf4");
    EXPECT_EQ(nf4->architecture.numKeyValueHeads, 8);

    auto with = [](nlohmann::json q) {
        nlohmann::json cfg = { { "model_type", "llama" }, { "hidden_size", 64 }, { "num_hidden_layers", 2 },
            { "num_attention_heads", 4 }, { "intermediate_size", 128 }, { "vocab_size", 100 },
            { "quantization_config", q } };
        auto r = importHuggingFaceConfig(cfg.dump(), "config.json");
        return r.ok() ? r->quantization : std::string("error");
    };
    EXPECT_EQ(with({ { "quant_method", "bitsandbytes" }, { "load_in_8bit", true } }), "int8");
    EXPECT_EQ(with({ { "quant_method", "gptq" }, { "bits", 4 }, { "group_size", 128 } }), "int4");
    EXPECT_EQ(with({ { "quant_method", "awq" }, { "bits", 4 } }), "int4");
    EXPECT_EQ(with({ { "quant_method", "fp8" } }), "fp8");
}

TEST(ModelImport, BadConfigsGiveErrors)
{
    EXPECT_FALSE(importHuggingFaceConfig("{ not json", "broken.json").ok());
    EXPECT_EQ(importHuggingFaceConfig("{ not json", "broken.json").error().file, "broken.json");
    EXPECT_FALSE(importHuggingFaceConfig("[1, 2]", "array.json").ok());
    auto badHeads = importHuggingFaceConfig(
        R"({"model_type":"llama","hidden_size":4096,"num_hidden_layers":2,"num_attention_heads":30,
            "intermediate_size":11008,"vocab_size":32000})",
        "config.json");
    ASSERT_FALSE(badHeads.ok());
    EXPECT_EQ(badHeads.error().field, "config.num_attention_heads");
    auto negative = importHuggingFaceConfig(
        R"({"hidden_size":-4096,"num_hidden_layers":2,"num_attention_heads":32,"intermediate_size":1,"vocab_size":1})",
        "config.json");
    EXPECT_FALSE(negative.ok());
}

std::string safetensorsFile(const std::string& header, std::uint64_t declaredLength, std::size_t dataBytes)
{
    std::string file;
    for (int i = 0; i < 8; ++i)
        file.push_back(char((declaredLength >> (8 * i)) & 0xff));
    file += header;
    file.append(dataBytes, '\0');
    return file;
}

TEST(ModelImport, SafetensorsHeader)
{
    // Two bf16 tensors: 4 x 3 and 5 (17 parameters, 34 bytes of data).
    const std::string header = R"({"__metadata__":{"format":"pt"},)"
                               R"("a.weight":{"dtype":"BF16","shape":[4,3],"data_offsets":[0,24]},)"
                               R"("a.bias":{"dtype":"BF16","shape":[5],"data_offsets":[24,34]}})";
    auto n = countSafetensorsParameters(safetensorsFile(header, header.size(), 34), "model.safetensors");
    ASSERT_TRUE(n.ok()) << n.error().toString();
    EXPECT_EQ(*n, 17.0);
    // The header alone is enough (the tensor data may be left out).
    EXPECT_EQ(*countSafetensorsParameters(safetensorsFile(header, header.size(), 0), "x"), 17.0);
    // A length beyond the bytes present, a huge length, too few bytes, or a broken shape are errors.
    EXPECT_FALSE(countSafetensorsParameters(safetensorsFile(header, header.size() + 100, 0), "x").ok());
    EXPECT_FALSE(countSafetensorsParameters(safetensorsFile(header, 0xffffffffffffffffull, 0), "x").ok());
    EXPECT_FALSE(countSafetensorsParameters(std::string("abc"), "x").ok());
    const std::string bad = R"({"w":{"dtype":"F32","shape":[-1,2],"data_offsets":[0,0]}})";
    EXPECT_FALSE(countSafetensorsParameters(safetensorsFile(bad, bad.size(), 0), "x").ok());
    // A sharded checkpoint's index: Llama-2-7B's model.safetensors.index.json total_size of fp16 weights.
    const std::string index = R"({"metadata":{"total_size":13476831232},"weight_map":{}})";
    EXPECT_EQ(*countSafetensorsParameters(index, "model.safetensors.index.json", "fp16"), 6'738'415'616.0);
    EXPECT_FALSE(countSafetensorsParameters(R"({"weight_map":{}})", "index.json").ok());
}

} // namespace
} // namespace gp
