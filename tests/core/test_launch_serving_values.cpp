// A serving launch file's enum-valued flag or key (KV cache dtype, model dtype, llama-server's flash attention)
// whose value GPU Planner does not model is ignored by name -- the review lists it under Ignored with the key and
// the value -- and never quietly read as another value (SGLang's --kv-cache-dtype fp4_e2m1 was read as the model's
// own dtype).
#include "base/reader_words.h"
#include "launch/launch.h"
#include "launch/launch_internal.h"
#include "plan/plan_enum_tables.h"

#include <gtest/gtest.h>

#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace gp
{
namespace
{

const char* const kKvField = "workload.serving.kv_cache_precision";

LaunchImport imported(std::string_view text, const std::string& file)
{
    auto read = readLaunchFile(text, file);
    EXPECT_TRUE(read) << (read ? "" : read.error().toString());
    return read ? *read : LaunchImport {};
}

bool servingValueMaps(const LaunchImport& import, const std::string& planField)
{
    for (const LaunchMappedField& m : import.mapped)
        if (m.planField == planField)
            return true;
    return false;
}

std::optional<LaunchIgnoredField> servingIgnoredField(const LaunchImport& import, const std::string& field)
{
    for (const LaunchIgnoredField& i : import.ignored)
        if (i.field == field)
            return i;
    return std::nullopt;
}

TEST(LaunchServingValues, UnmodelledValuesAreIgnoredNamingKeyAndValue)
{
    struct Case {
        const char* text;
        const char* file;
        const char* field; // the flag or key the review names
        const char* value;
        const char* planField; // the plan field it would have set
    };
    for (const Case& c : {
             Case { "vllm serve gpt2 --kv-cache-dtype turboquant_k8v4\n", "serve.sh", "--kv-cache-dtype",
                 "turboquant_k8v4", kKvField },
             Case { "vllm serve gpt2 --kv-cache-dtype=int3\n", "serve.sh", "--kv-cache-dtype", "int3", kKvField },
             Case { "model: gpt2\nkv_cache_dtype: float32\n", "vllm-config.yaml", "--kv-cache-dtype", "float32",
                 kKvField },
             Case { "kv_cache_config:\n  dtype: int8\nmax_batch_size: 8\n", "extra.yaml", "kv_cache_config.dtype",
                 "int8", kKvField },
             Case { "vllm serve gpt2 --dtype float8\n", "serve.sh", "--dtype", "float8", "workload.precision" },
             Case { "python3 -m sglang.launch_server --model-path gpt2 --dtype int8\n", "run.sh", "--dtype", "int8",
                 "workload.precision" },
             Case { "llama-server -m qwen2.5-7b-instruct-q4_k_m.gguf -fa maybe\n", "run.sh", "-fa", "maybe",
                 "workload.flash_attention" },
         }) {
        const LaunchImport import = imported(c.text, c.file);
        EXPECT_FALSE(servingValueMaps(import, c.planField)) << c.text;
        const auto why = servingIgnoredField(import, c.field);
        ASSERT_TRUE(why) << c.text;
        EXPECT_NE(why->reason.find(c.field), std::string::npos) << why->reason;
        EXPECT_NE(why->reason.find(std::string("\"") + c.value + "\""), std::string::npos) << why->reason;
        ASSERT_FALSE(why->words.empty()) << c.text; // a template the window translates
    }
}

TEST(LaunchServingValues, ModelledValuesStillMap)
{
    // auto is the model's own dtype (null: the plan follows the model); the fp8 variants are fp8.
    for (const auto& [text, file, value] :
        { std::tuple<const char*, const char*, nlohmann::json> {
              "python3 -m sglang.launch_server --model-path gpt2 --kv-cache-dtype fp8_e5m2\n", "run.sh", "fp8" },
            { "vllm serve gpt2 --kv-cache-dtype auto\n", "serve.sh", nullptr },
            { "vllm serve gpt2 --kv-cache-dtype bfloat16\n", "serve.sh", "bf16" },
            { "kv_cache_config:\n  dtype: fp8\nmax_batch_size: 8\n", "extra.yaml", "fp8" },
            // The engines' own layouts are the plan's precisions of their names (plan/kv_layouts.h); vLLM's
            // nvfp4_4over6 stores the NVFP4 layout.
            { "python3 -m sglang.launch_server --model-path gpt2 --kv-cache-dtype fp4_e2m1\n", "run.sh", "fp4_e2m1" },
            { "kv_cache_config:\n  dtype: nvfp4\nmax_batch_size: 8\n", "extra.yaml", "nvfp4" },
            { "vllm serve gpt2 --kv-cache-dtype nvfp4_4over6\n", "serve.sh", "nvfp4" },
            { "vllm serve gpt2 --kv-cache-dtype fp8_ds_mla\n", "serve.sh", "fp8_ds_mla" },
            { "vllm serve gpt2 --kv-cache-dtype nvfp4_ds_mla\n", "serve.sh", "nvfp4_ds_mla" },
            { "vllm serve gpt2 --kv-cache-dtype int8_per_token_head\n", "serve.sh", "int8_per_token_head" },
            { "vllm serve gpt2 --kv-cache-dtype fp8_per_token_head\n", "serve.sh", "fp8_per_token_head" } }) {
        const LaunchImport import = imported(text, file);
        bool found = false;
        for (const LaunchMappedField& m : import.mapped)
            if (m.planField == kKvField) {
                found = true;
                EXPECT_EQ(m.value, value) << text;
            }
        EXPECT_TRUE(found) << text;
    }
}

// Each engine takes its own model dtype names (vLLM's ModelDType, SGLang's --dtype choices, the names TensorRT-LLM's
// str_dtype_to_torch reads): the short names a training framework takes (bf16, fp16) are refused naming the engine
// and its list, as the engine refuses them.
TEST(LaunchServingValues, EachEngineTakesItsOwnModelDtypes)
{
    struct Refused {
        const char* text;
        const char* file;
        const char* field;
        const char* engine;
        const char* list;
    };
    for (const Refused& c : {
             Refused { "vllm serve gpt2 --dtype bf16\n", "serve.sh", "--dtype", "vllm",
                 "auto|float16|half|bfloat16|float32|float" },
             Refused { "model: gpt2\ndtype: fp16\n", "vllm-config.yaml", "--dtype", "vllm",
                 "auto|float16|half|bfloat16|float32|float" },
             Refused { "python3 -m sglang.launch_server --model-path gpt2 --dtype bf16\n", "run.sh", "--dtype",
                 "sglang", "auto|float16|half|bfloat16|float32|float" },
             Refused { "vllm serve gpt2 --dtype BFloat16\n", "serve.sh", "--dtype", "vllm", nullptr },
             Refused { "dtype: half\nmax_batch_size: 8\n", "extra.yaml", "dtype", "tensorrt-llm",
                 "auto|bfloat16|float16|float32" },
         }) {
        const LaunchImport import = imported(c.text, c.file);
        EXPECT_FALSE(servingValueMaps(import, "workload.precision")) << c.text;
        const auto why = servingIgnoredField(import, c.field);
        ASSERT_TRUE(why) << c.text;
        ASSERT_EQ(why->words.size(), 1u) << c.text;
        EXPECT_STREQ(why->words.front().text, words::kIgnoredNotEngineValue) << why->reason;
        EXPECT_EQ(why->words.front().args.at(2), c.engine) << why->reason;
        if (c.list) {
            EXPECT_EQ(why->words.front().args.at(3), c.list) << why->reason;
        }
    }
    // Each engine's own spellings, and the plan's precision each sets.
    for (const auto& [text, file, precision] :
        { std::tuple<const char*, const char*, const char*> { "vllm serve gpt2 --dtype half\n", "serve.sh", "fp16" },
            { "vllm serve gpt2 --dtype float\n", "serve.sh", "fp32" },
            { "python3 -m sglang.launch_server --model-path gpt2 --dtype half\n", "run.sh", "fp16" },
            { "python3 -m sglang.launch_server --model-path gpt2 --dtype bfloat16\n", "run.sh", "bf16" },
            { "python3 -m sglang.launch_server --model-path gpt2 --dtype float\n", "run.sh", "fp32" },
            { "dtype: bfloat16\nmax_batch_size: 8\n", "extra.yaml", "bf16" },
            { "dtype: float16\nmax_batch_size: 8\n", "extra.yaml", "fp16" },
            { "dtype: float32\nmax_batch_size: 8\n", "extra.yaml", "fp32" } }) {
        const LaunchImport import = imported(text, file);
        bool found = false;
        for (const LaunchMappedField& m : import.mapped)
            if (m.planField == "workload.precision") {
                found = true;
                EXPECT_EQ(m.value, nlohmann::json(precision)) << text;
            }
        EXPECT_TRUE(found) << text;
    }
    // auto: the checkpoint's own dtype, the plan's precision stays.
    const auto kept = servingIgnoredField(imported("dtype: auto\nmax_batch_size: 8\n", "extra.yaml"), "dtype");
    ASSERT_TRUE(kept);
    EXPECT_STREQ(kept->words.front().text, words::kIgnoredModelDtype);
}

// The values of a list the messages give ("auto|fp8|nvfp4").
std::vector<std::string> listed(const std::string& list)
{
    std::vector<std::string> values;
    std::stringstream items(list);
    for (std::string item; std::getline(items, item, '|');)
        values.push_back(item);
    return values;
}

// Each engine takes its own KV cache dtypes (vllm/config/cache.py CacheDType; SGLang's --kv-cache-dtype choices;
// TensorRT-LLM's KvCacheConfig.dtype): a dtype another engine takes is refused naming this engine and its list.
TEST(LaunchServingValues, EachEngineTakesItsOwnKvCacheDtypes)
{
    struct Case {
        const char* text;
        const char* file;
        const char* field;
        const char* engine;
        const char* list;
    };
    for (const Case& c : {
             Case { "python3 -m sglang.launch_server --model-path gpt2 --kv-cache-dtype fp8\n", "run.sh",
                 "--kv-cache-dtype", "sglang", "auto|fp8_e4m3|fp8_e5m2|bf16|bfloat16|fp4_e2m1" },
             Case { "kv_cache_config:\n  dtype: bfloat16\nmax_batch_size: 8\n", "extra.yaml", "kv_cache_config.dtype",
                 "tensorrt-llm", "auto|fp8|nvfp4" },
             Case { "vllm serve gpt2 --kv-cache-dtype bf16\n", "serve.sh", "--kv-cache-dtype", "vllm", nullptr },
         }) {
        const LaunchImport import = imported(c.text, c.file);
        EXPECT_FALSE(servingValueMaps(import, kKvField)) << c.text;
        const auto why = servingIgnoredField(import, c.field);
        ASSERT_TRUE(why) << c.text;
        ASSERT_EQ(why->words.size(), 1u) << c.text;
        EXPECT_STREQ(why->words.front().text, words::kIgnoredNotEngineValue) << why->reason;
        EXPECT_NE(why->reason.find(c.engine), std::string::npos) << why->reason;
        if (c.list) {
            EXPECT_EQ(why->words.front().args.at(3), c.list) << why->reason;
        }
    }
    // The same names where the engine takes them.
    for (const auto& [text, file] :
        { std::pair<const char*, const char*> { "vllm serve gpt2 --kv-cache-dtype fp8\n", "serve.sh" },
            { "python3 -m sglang.launch_server --model-path gpt2 --kv-cache-dtype bf16\n", "run.sh" },
            { "kv_cache_config:\n  dtype: fp8\nmax_batch_size: 8\n", "extra.yaml" } })
        EXPECT_TRUE(servingValueMaps(imported(text, file), kKvField)) << text;
}

// A KV cache dtype vLLM runs whose layout the plan has no precision for (int4_per_token_head, the TurboQuant packings):
// said so by name, with the dtypes of vLLM the plan does read (the FP4 caches and the DeepSeek MLA records among them,
// plan/kv_layouts.h).
TEST(LaunchServingValues, AnUnmodelledKvLayoutIsSaidToBeUnmodelled)
{
    for (const char* text : { "vllm serve gpt2 --kv-cache-dtype int4_per_token_head\n",
             "vllm serve gpt2 --kv-cache-dtype turboquant_3bit_nc\n" }) {
        const LaunchImport import = imported(text, "serve.sh");
        EXPECT_FALSE(servingValueMaps(import, kKvField)) << text;
        const auto why = servingIgnoredField(import, "--kv-cache-dtype");
        ASSERT_TRUE(why) << text;
        ASSERT_EQ(why->words.size(), 1u) << text;
        EXPECT_STREQ(why->words.front().text, words::kIgnoredKvDtypeNotModelled) << why->reason;
        EXPECT_EQ(why->words.front().args.at(3),
            "auto|float16|bfloat16|fp8|fp8_e4m3|fp8_e5m2|fp8_inc|fp8_ds_mla|nvfp4_ds_mla|int8_per_token_head|"
            "fp8_per_token_head|nvfp4|nvfp4_4over6")
            << why->reason;
    }
}

// The accepted values a message lists are those the reader reads, from one table: every value listed is read (mapped,
// or ignored for a reason of its own), never refused as not accepted -- a list written beside the code could name
// values the code refuses.
TEST(LaunchServingValues, EveryListedValueIsOneTheReaderTakes)
{
    struct Flag {
        std::string command; // the command with VALUE where the value goes
        const char* file;
        const char* field;
        const char* refusal; // the template of a value the field does not take
        std::size_t listArg; // which of its arguments is the list
    };
    for (const Flag& f : {
             Flag { "vllm serve gpt2 --kv-cache-dtype VALUE\n", "serve.sh", "--kv-cache-dtype",
                 words::kIgnoredNotEngineValue, 3 },
             Flag { "python3 -m sglang.launch_server --model-path gpt2 --kv-cache-dtype VALUE\n", "run.sh",
                 "--kv-cache-dtype", words::kIgnoredNotEngineValue, 3 },
             Flag { "kv_cache_config:\n  dtype: VALUE\nmax_batch_size: 8\n", "extra.yaml", "kv_cache_config.dtype",
                 words::kIgnoredNotEngineValue, 3 },
             Flag { "vllm serve gpt2 --dtype VALUE\n", "serve.sh", "--dtype", words::kIgnoredNotEngineValue, 3 },
             Flag { "python3 -m sglang.launch_server --model-path gpt2 --dtype VALUE\n", "run.sh", "--dtype",
                 words::kIgnoredNotEngineValue, 3 },
             Flag { "dtype: VALUE\nmax_batch_size: 8\n", "extra.yaml", "dtype", words::kIgnoredNotEngineValue, 3 },
             Flag { "llama-server -m qwen2.5-7b-instruct-q4_k_m.gguf -ctk VALUE\n", "run.sh", "-ctk",
                 words::kIgnoredNotEngineValue, 3 },
             Flag { "llama-server -m qwen2.5-7b-instruct-q4_k_m.gguf -fa VALUE\n", "run.sh", "-fa",
                 words::kIgnoredUnmodelledValue, 2 },
         }) {
        auto with = [&](const std::string& value) {
            std::string text = f.command;
            text.replace(text.find("VALUE"), 5, value);
            return imported(text, f.file);
        };
        const auto refused = servingIgnoredField(with("no-such-value"), f.field);
        ASSERT_TRUE(refused) << f.command;
        ASSERT_EQ(refused->words.size(), 1u);
        ASSERT_STREQ(refused->words.front().text, f.refusal) << refused->reason;
        const std::vector<std::string> values = listed(refused->words.front().args.at(f.listArg));
        EXPECT_GE(values.size(), 3u) << refused->reason;
        for (const std::string& value : values) {
            const auto why = servingIgnoredField(with(value), f.field);
            EXPECT_TRUE(!why || std::string_view(why->words.front().text) != f.refusal)
                << f.command << value << ": " << (why ? why->reason : "");
        }
    }
}

// llama-server's cache types: f16, bf16, q8_0 and q4_0 are the plan's; the other types it takes are said to be
// unmodelled, naming those it reads.
TEST(LaunchServingValues, LlamaServerCacheTypesListWhatThePlanReads)
{
    const LaunchImport import
        = imported("llama-server -m qwen2.5-7b-instruct-q4_k_m.gguf -ctk q5_1 -ctv q8_0\n", "run.sh");
    const auto why = servingIgnoredField(import, "-ctk");
    ASSERT_TRUE(why);
    EXPECT_STREQ(why->words.front().text, words::kIgnoredLlamaCacheType);
    EXPECT_EQ(why->words.front().args.at(1), "f16|bf16|q8_0|q4_0") << why->reason;
    bool q8 = false;
    for (const LaunchMappedField& m : import.mapped)
        q8 = q8 || (m.field == "-ctv" && m.value == "q8_0");
    EXPECT_TRUE(q8);
}

// The dtype tables are keyed by the engine (ServingEngineKind): vLLM and SGLang share one model-dtype table, each
// other engine has its own, and an engine without a table (llama.cpp: its reader has its own cache types) is an
// error naming it -- never vLLM's table by default.
TEST(LaunchServingValues, DtypeTablesAreKeyedByEngineAndAMissingOneIsAnError)
{
    for (const auto& [code, kind] : detail::kServingEngines) {
        const auto model = launch::modelDtypes(kind);
        const auto kv = launch::kvCacheDtypes(kind);
        if (kind == ServingEngineKind::LlamaCpp) {
            for (const auto* table : { &model, &kv }) {
                ASSERT_FALSE(*table) << code;
                EXPECT_NE(table->error().message.find("llama.cpp"), std::string::npos) << table->error().message;
                // The project's words (translated in the window), not an English "internal:" line.
                ASSERT_EQ(table->error().words.size(), 1u) << table->error().message;
                EXPECT_STREQ(table->error().words.front().text, words::kNoEngineValueTable);
                EXPECT_EQ(table->error().message.rfind("internal", 0), std::string::npos) << table->error().message;
            }
            continue;
        }
        ASSERT_TRUE(model) << code;
        ASSERT_TRUE(kv) << code;
        EXPECT_NE(*model, nullptr) << code;
        EXPECT_NE(*kv, nullptr) << code;
    }
    EXPECT_EQ(*launch::modelDtypes(ServingEngineKind::Vllm), *launch::modelDtypes(ServingEngineKind::Sglang));
    EXPECT_EQ((*launch::modelDtypes(ServingEngineKind::Vllm))->list(), "auto|float16|half|bfloat16|float32|float");
    EXPECT_EQ((*launch::modelDtypes(ServingEngineKind::TensorRtLlm))->list(), "auto|bfloat16|float16|float32");
    EXPECT_NE(*launch::kvCacheDtypes(ServingEngineKind::Vllm), *launch::kvCacheDtypes(ServingEngineKind::Sglang));
    EXPECT_EQ((*launch::kvCacheDtypes(ServingEngineKind::TensorRtLlm))->list(), "auto|fp8|nvfp4");
}

// llama-server's refusals name the engine by its plan code, as the other serving readers do (vllm, sglang,
// tensorrt-llm), and -fa auto's reason is the template alone (it has no placeholder to fill).
TEST(LaunchServingValues, LlamaServerNamesItsEngineByThePlanCode)
{
    const LaunchImport import
        = imported("llama-server -m qwen2.5-7b-instruct-q4_k_m.gguf -ctk q9_9 -fa auto\n", "run.sh");
    const auto refused = servingIgnoredField(import, "-ctk");
    ASSERT_TRUE(refused);
    ASSERT_EQ(refused->words.size(), 1u);
    EXPECT_STREQ(refused->words.front().text, words::kIgnoredNotEngineValue);
    EXPECT_EQ(refused->words.front().args.at(2), "llama.cpp") << refused->reason;
    const auto autoMode = servingIgnoredField(import, "-fa");
    ASSERT_TRUE(autoMode);
    ASSERT_EQ(autoMode->words.size(), 1u);
    EXPECT_STREQ(autoMode->words.front().text, words::kIgnoredFlashAttentionAuto);
    EXPECT_TRUE(autoMode->words.front().args.empty()) << autoMode->reason;
}

} // namespace
} // namespace gp
