// What the import review shows is the file's own text: a vLLM config's list is its YAML as written (never a
// placeholder), a list where the flag takes one value is refused by name, and a plan value the reader worked out (the
// model name Megatron arguments do not carry) is marked derived, in the import and in its JSON.
#include "launch/launch.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace gp
{
namespace
{

// Every value and reason of the import, and its JSON, as one text to search.
std::string importText(const LaunchImport& launch)
{
    return launchImportToJson(launch).dump();
}

TEST(LaunchFileText, AVllmConfigListIsItsOwnTextNeverAPlaceholder)
{
    // A size that is itself a list: refused by name with the file's text of that item.
    auto nested = readLaunchFile("model: gpt2\ncuda_graph_sizes: [1, [2, 3]]\n", "vllm-config.yaml");
    ASSERT_FALSE(nested);
    EXPECT_EQ(nested.error().field, "--cuda-graph-sizes");
    EXPECT_NE(nested.error().message.find("\"[2, 3]\""), std::string::npos) << nested.error().toString();
    // A flag that sets a plan field takes one value: a list there is refused naming the flag, not read as a
    // placeholder word (which the dtype flags used to ignore as "(list)" or map to the model's own dtype).
    for (const char* key : { "quantization", "kv_cache_dtype", "tensor_parallel_size", "enforce_eager" }) {
        const std::string text = std::string("model: gpt2\n") + key + ": [fp8, 2]\n";
        auto read = readLaunchFile(text, "vllm-config.yaml");
        ASSERT_FALSE(read) << text << importText(*read);
        std::string flag = std::string("--") + key;
        std::replace(flag.begin(), flag.end(), '_', '-');
        EXPECT_EQ(read.error().field, flag);
        EXPECT_EQ(read.error().file, "vllm-config.yaml:2");
        EXPECT_NE(read.error().message.find("list"), std::string::npos) << read.error().toString();
    }
    // Lists and mappings the plan does not take are listed as ignored; the sizes list is the plan's.
    auto read = readLaunchFile("model: gpt2\nserved_model_name: [chat, assistant]\ncuda_graph_sizes: [64, 8, 1]\n"
                               "compilation_config:\n  cudagraph_capture_sizes: null\n  pass_config: {fuse: true}\n"
                               "lora_modules:\n  - {name: a, path: /l/a}\n  - b=/l/b\n",
        "vllm-config.yaml");
    ASSERT_TRUE(read) << read.error().toString();
    const std::string all = importText(*read);
    for (const char* placeholder : { "(list)", "(mapping)", "(adapter)" })
        EXPECT_EQ(all.find(placeholder), std::string::npos) << placeholder << " in " << all;
    bool servedName = false;
    for (const auto& i : read->ignored)
        servedName = servedName || (i.field == "--served-model-name" && i.line == 2);
    EXPECT_TRUE(servedName) << all;
    bool sizes = false;
    for (const auto& m : read->mapped)
        if (m.planField == "workload.serving.engine.cuda_graph_batch_sizes") {
            sizes = true;
            EXPECT_EQ(m.value, nlohmann::json({ 1, 8, 64 }));
            EXPECT_FALSE(m.derived);
        }
    EXPECT_TRUE(sizes) << all;
}

TEST(LaunchFileText, AMegatronModelNameIsMarkedDerived)
{
    auto read = readLaunchFile("torchrun pretrain_gpt.py --num-layers 8 --hidden-size 256 --num-attention-heads 8 "
                               "--tensor-model-parallel-size 2 --seq-length 512\n",
        "train.sh");
    ASSERT_TRUE(read) << read.error().toString();
    const nlohmann::json json = launchImportToJson(*read);
    int names = 0;
    for (const auto& m : json["mapped"]) {
        // Each entry says whether the file wrote it: only the model's name is the reader's.
        ASSERT_TRUE(m.contains("derived")) << m.dump();
        const bool name = m["plan_field"] == "model.name";
        EXPECT_EQ(m["derived"].get<bool>(), name) << m.dump();
        names += name ? 1 : 0;
    }
    EXPECT_EQ(names, 1) << json.dump();
    // The file's own values stay read, not derived.
    bool tensor = false;
    for (const auto& m : read->mapped)
        if (m.planField == "workload.parallelism.tensor") {
            tensor = true;
            EXPECT_EQ(m.field, "--tensor-model-parallel-size");
            EXPECT_EQ(m.value, 2);
        }
    EXPECT_TRUE(tensor);
}

} // namespace
} // namespace gp
