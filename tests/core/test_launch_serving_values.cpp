// A serving launch file's enum-valued flag or key (KV cache dtype, model dtype, llama-server's flash attention)
// whose value GPU Planner does not model is ignored by name -- the review lists it under Ignored with the key and
// the value -- and never quietly read as another value (SGLang's --kv-cache-dtype fp4_e2m1 was read as the model's
// own dtype).
#include "launch/launch.h"

#include <gtest/gtest.h>

#include <optional>
#include <tuple>

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
             Case { "python3 -m sglang.launch_server --model-path gpt2 --kv-cache-dtype fp4_e2m1\n", "run.sh",
                 "--kv-cache-dtype", "fp4_e2m1", kKvField },
             Case { "vllm serve gpt2 --kv-cache-dtype=int3\n", "serve.sh", "--kv-cache-dtype", "int3", kKvField },
             Case { "model: gpt2\nkv_cache_dtype: float32\n", "vllm-config.yaml", "--kv-cache-dtype", "float32",
                 kKvField },
             Case { "kv_cache_config:\n  dtype: nvfp4\nmax_batch_size: 8\n", "extra.yaml", "kv_cache_config.dtype",
                 "nvfp4", kKvField },
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
            { "kv_cache_config:\n  dtype: fp8\nmax_batch_size: 8\n", "extra.yaml", "fp8" } }) {
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

} // namespace
} // namespace gp
