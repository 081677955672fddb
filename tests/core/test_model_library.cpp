// Model presets, exact parameter counts against published figures, resolving a plan's model.
#include "test_memory_support.h"

#include <gtest/gtest.h>

#include <cctype>

namespace gp
{
namespace
{

double total(const char* id)
{
    const ModelPreset* p = findModelPreset(id);
    EXPECT_NE(p, nullptr) << id;
    return p ? countParameters(p->architecture).total : 0;
}

TEST(ModelLibrary, PresetsLoadWithSources)
{
    const auto& presets = modelPresets();
    ASSERT_GE(presets.size(), 30u);
    for (const auto& p : presets) {
        EXPECT_FALSE(p.source.empty()) << p.id;
        EXPECT_FALSE(p.name.empty()) << p.id;
        for (char ch : p.id)
            EXPECT_FALSE(std::isupper(static_cast<unsigned char>(ch))) << p.id;
        EXPECT_TRUE(validateArchitecture(p.architecture, p.id).ok()) << p.id;
        EXPECT_GT(countParameters(p.architecture).total, 5e7) << p.id; // t5-small is the smallest
    }
    for (const char* id : { "llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b", "llama-3.1-8b", "llama-3.1-70b",
             "llama-3.1-405b", "qwen-7b", "qwen2.5-7b", "qwen2.5-14b", "qwen2.5-72b", "chatglm2-6b", "chatglm3-6b",
             "baichuan2-7b", "baichuan2-13b", "mistral-7b", "mixtral-8x7b", "deepseek-moe-16b", "gpt2", "gpt2-xl",
             "bert-base", "bert-large", "t5-base", "t5-large", "t5-3b", "bloom-7b1", "bloom-176b", "mpt-7b",
             "falcon-7b", "opt-13b", "tinyllama-1.1b" })
        EXPECT_NE(findModelPreset(id), nullptr) << id;
    EXPECT_NE(findModelPreset("Llama-2-7B"), nullptr); // ids match case-insensitively
    EXPECT_EQ(findModelPreset("llama-9-1t"), nullptr);
}

TEST(ModelLibrary, DecoderCountsMatchPublished)
{
    // Hugging Face model pages / safetensors metadata (num parameters of the checkpoints).
    EXPECT_EQ(total("llama-2-7b"), 6'738'415'616.0);
    EXPECT_EQ(total("llama-2-13b"), 13'015'864'320.0);
    EXPECT_EQ(total("llama-2-70b"), 68'976'648'192.0);
    EXPECT_EQ(total("llama-3.1-8b"), 8'030'261'248.0);
    EXPECT_EQ(total("llama-3.1-70b"), 70'553'706'496.0);
    EXPECT_EQ(total("mistral-7b"), 7'241'732'096.0);
    EXPECT_EQ(total("qwen2.5-7b"), 7'615'616'512.0); // QKV biases, no output-projection bias
    EXPECT_EQ(total("tinyllama-1.1b"), 1'100'048'384.0);
    EXPECT_EQ(total("gpt2"), 124'439'808.0); // tied head, learned positions, biases
    EXPECT_EQ(total("gpt2-xl"), 1'557'611'200.0);
    // "all params" printed by peft/LLaMA-Factory for the Chinese models (QKV bias of ChatGLM and Qwen, the
    // halved Qwen-7B intermediate size, ChatGLM's 2 KV groups).
    EXPECT_EQ(total("chatglm3-6b"), 6'243'584'000.0);
    EXPECT_EQ(total("baichuan2-7b"), 7'505'973'248.0);
    EXPECT_EQ(total("qwen-7b"), 7'721'324'544.0);
    // The Llama 3 paper's 405B: 405.9B parameters (Meta model card: 405B).
    EXPECT_NEAR(total("llama-3.1-405b") / 1e9, 405.85, 0.1);
}

TEST(ModelLibrary, MoeTotalAndActive)
{
    // Mistral AI, "Mixtral of experts" (2023-12-11): 46.7B total parameters, 12.9B used per token.
    const auto mixtral = countParameters(findModelPreset("mixtral-8x7b")->architecture);
    EXPECT_EQ(mixtral.total, 46'702'792'704.0);
    EXPECT_NEAR(mixtral.active / 1e9, 12.9, 0.05);
    // DeepSeek-MoE paper (arXiv 2401.06066) Table: DeepSeekMoE 16B has 16.4B total, 2.8B activated parameters.
    const auto deepseek = countParameters(findModelPreset("deepseek-moe-16b")->architecture);
    EXPECT_NEAR(deepseek.total / 1e9, 16.4, 0.05);
    EXPECT_NEAR(deepseek.active / 1e9, 2.8, 0.05);
}

TEST(ModelLibrary, EncoderAndEncoderDecoderCounts)
{
    // BertModel with pooler: bert-base-uncased 109,482,240; bert-large-uncased 335,141,888 (Hugging Face).
    EXPECT_EQ(total("bert-base"), 109'482'240.0);
    EXPECT_EQ(total("bert-large"), 335'141'888.0);
    // accelerate estimate-memory bert-base-cased: 413.18 MB of fp32 weights = 108,310,272 parameters x 4.
    EXPECT_EQ(total("bert-base-cased"), 108'310'272.0);
    // T5ForConditionalGeneration: t5-small 60,506,624; t5-base 222,903,552; t5-large 737,668,096 (tied head,
    // relative attention bias in the first layer of each stack, cross-attention in the decoder).
    EXPECT_EQ(total("t5-small"), 60'506'624.0);
    EXPECT_EQ(total("t5-base"), 222'903'552.0);
    EXPECT_EQ(total("t5-large"), 737'668'096.0);
    // DeepSpeed's estimator prints 2851M for t5-3b (head size 128 x 32 heads != d_model 1024).
    EXPECT_NEAR(total("t5-3b") / 1e6, 2851.6, 0.1);
    // bigscience/bloom-7b1: 7,069,016,064 (the embedding LayerNorm's 8,192 are not modelled).
    EXPECT_NEAR(total("bloom-7b1"), 7'069'016'064.0, 8192.0);
}

TEST(ModelLibrary, TypicalArchitectureForASize)
{
    for (double size : { 1.3e9, 7e9, 13e9, 70e9, 175e9 }) {
        const Architecture a = typicalArchitecture(size);
        EXPECT_TRUE(validateArchitecture(a, "model").ok()) << size;
        EXPECT_NEAR(countParameters(a).total / size, 1.0, 0.05) << size;
    }
    ModelSpec spec;
    spec.parameters = 7e9;
    auto r = resolveModel(spec);
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r->warnings.size(), 1u);
    EXPECT_EQ(r->warnings[0].code, "typical_architecture");
    EXPECT_EQ(r->warnings[0].arg("parameters"), "7000000000");
}

TEST(ModelLibrary, ResolveOverridesPresetFieldByField)
{
    ModelSpec spec;
    spec.preset = "llama-2-7b";
    spec.architectureJson = { { "num_key_value_heads", 8 }, { "vocab_size", 64000 } };
    auto r = resolveModel(spec);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    EXPECT_EQ(r->architecture.numKeyValueHeads, 8);
    EXPECT_EQ(r->architecture.vocabSize, 64000);
    EXPECT_EQ(r->architecture.hiddenSize, 4096); // kept from the preset
    EXPECT_EQ(r->architecture.intermediateSize, 11008);
    // 32 layers x 2 x 4096 x (4096 - 1024) fewer K/V weights, 2 x 32000 x 4096 more embedding/head weights.
    EXPECT_EQ(r->parameters.total, 6'738'415'616.0 - 32.0 * 2 * 4096 * 3072 + 2.0 * 32000 * 4096);
    EXPECT_EQ(r->weightsDtype, "fp16");
}

TEST(ModelLibrary, ResolveRefusesAbsurdArchitectures)
{
    auto errorOf = [](nlohmann::json fields) {
        ModelSpec spec;
        spec.preset = "llama-2-7b";
        spec.architectureJson = std::move(fields);
        auto r = resolveModel(spec);
        return r.ok() ? std::string("ok") : r.error().toString();
    };
    EXPECT_EQ(errorOf({ { "num_attention_heads", 30 } })
                  .rfind("model.architecture.num_attention_heads: must divide "
                         "hidden_size",
                      0),
        0u);
    EXPECT_NE(
        errorOf({ { "num_key_value_heads", 5 } }).find("model.architecture.num_key_value_heads"), std::string::npos);
    EXPECT_NE(errorOf({ { "hidden_size", 0 } }).find("model.architecture.hidden_size"), std::string::npos);
    EXPECT_NE(errorOf({ { "num_layers", -3 } }).find("model.architecture.num_layers"), std::string::npos);
    EXPECT_NE(errorOf({ { "vocab_size", "big" } }).find("model.architecture.vocab_size"), std::string::npos);
    EXPECT_NE(errorOf({ { "kind", "diffusion" } }).find("model.architecture.kind"), std::string::npos);
    EXPECT_NE(errorOf({ { "hidden_size", 1000000 }, { "num_layers", 10000 } }).find("1e13"), std::string::npos);
    // The plan reader's limits hold for every architecture (one reader): 100000 layers are refused by name.
    EXPECT_NE(errorOf({ { "num_layers", 100000 } }).find("model.architecture.num_layers"), std::string::npos);
    EXPECT_NE(
        errorOf({ { "num_experts", 4 }, { "experts_per_token", 5 } }).find("experts_per_token"), std::string::npos);

    ModelSpec unknown;
    unknown.preset = "no-such-model";
    EXPECT_EQ(resolveModel(unknown).error().field, "model.preset");
    ModelSpec huge;
    huge.parameters = 1e30;
    EXPECT_EQ(resolveModel(huge).error().field, "model.parameters");
    ModelSpec nan;
    nan.parameters = std::nan("");
    EXPECT_FALSE(resolveModel(nan).ok());
    EXPECT_FALSE(resolveModel(ModelSpec {}).ok());
}

TEST(ModelLibrary, ParametersDisagreeingWithArchitectureWarn)
{
    ModelSpec spec;
    spec.preset = "llama-2-7b";
    spec.parameters = 13e9;
    auto r = resolveModel(spec);
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r->warnings.size(), 1u);
    EXPECT_EQ(r->warnings[0].code, "parameters_differ_from_architecture");
}

} // namespace
} // namespace gp
