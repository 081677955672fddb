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

// The used field `planField`'s text as the file wrote it ("" where the import did not use it).
std::string fileTextOf(const LaunchImport& launch, const std::string& planField)
{
    for (const LaunchMappedField& m : launch.mapped)
        if (m.planField == planField)
            return m.fileText;
    return "<not used>";
}

TEST(LaunchFileText, EachUsedValueKeepsTheFilesOwnText)
{
    // A command line: "--flag value", "--flag=value", a quoted value, a variable the script sets, a switch (no text).
    auto vllm = readLaunchFile("TP=4\nvllm serve gpt2 --gpu-memory-utilization 0.90 --tensor-parallel-size $TP \\\n"
                               "    --max-model-len=32k --kv-cache-dtype 'fp8_e4m3' --enforce-eager --block-size 16\n",
        "serve.sh");
    ASSERT_TRUE(vllm) << vllm.error().toString();
    EXPECT_EQ(fileTextOf(*vllm, "workload.serving.engine.gpu_memory_utilization"), "0.90");
    EXPECT_EQ(fileTextOf(*vllm, "workload.parallelism.tensor"), "$TP");
    EXPECT_EQ(fileTextOf(*vllm, "workload.serving.engine.max_model_len"), "32k");
    EXPECT_EQ(fileTextOf(*vllm, "workload.serving.kv_cache_precision"), "fp8_e4m3");
    EXPECT_EQ(fileTextOf(*vllm, "workload.serving.engine.cuda_graphs"), "");
    EXPECT_EQ(fileTextOf(*vllm, "workload.serving.engine.block_size"), "16");
    for (const LaunchMappedField& m : vllm->mapped)
        if (m.planField == "workload.parallelism.tensor") {
            EXPECT_EQ(m.value, 4); // the plan's value is the expanded one
        }
    // A vLLM config (its keys are the flags' names with underscores), with a comment after the value.
    auto config = readLaunchFile(
        "model: gpt2\ngpu_memory_utilization: 0.85  # leave room\ndtype: \"bfloat16\"\n", "vllm-config.yaml");
    ASSERT_TRUE(config) << config.error().toString();
    EXPECT_EQ(fileTextOf(*config, "workload.serving.engine.gpu_memory_utilization"), "0.85");
    EXPECT_EQ(fileTextOf(*config, "workload.precision"), "bfloat16");
    // TOML under its table, and DeepSpeed's JSON.
    auto toml = readLaunchFile("[parallelism]\ntensor_parallel_degree = 4 # per node\n", "train.toml");
    ASSERT_TRUE(toml) << toml.error().toString();
    EXPECT_EQ(fileTextOf(*toml, "workload.parallelism.tensor"), "4");
    auto json = readLaunchFile(
        "{\n  \"train_micro_batch_size_per_gpu\": 2,\n  \"zero_optimization\": {\n    \"stage\": 3\n  }\n}\n",
        "ds_config.json");
    ASSERT_TRUE(json) << json.error().toString();
    EXPECT_EQ(fileTextOf(*json, "workload.parallelism.zero_stage"), "3");
    EXPECT_EQ(fileTextOf(*json, "workload.micro_batch_size"), "2");
    // The JSON output carries it.
    bool carried = false;
    const nlohmann::json written = launchImportToJson(*vllm);
    for (const auto& m : written["mapped"])
        carried = carried
            || (m["plan_field"] == "workload.serving.engine.gpu_memory_utilization" && m["file_text"] == "0.90");
    EXPECT_TRUE(carried);
}

// The model argument a serving command writes without a flag keeps its text too: the word as written (a variable
// as the script writes it, a quoted name without its quotes), on the line after `serve \` as on the command's own.
TEST(LaunchFileText, APositionalModelKeepsItsWord)
{
    for (const auto& [text, word] :
        { std::pair<const char*, const char*> {
              "vllm serve meta-llama/Llama-3.1-8B --tensor-parallel-size 2\n", "meta-llama/Llama-3.1-8B" },
            { "MODEL=meta-llama/Llama-3.1-8B\nvllm serve $MODEL --tensor-parallel-size 2\n", "$MODEL" },
            { "vllm serve \\\n    'meta-llama/Llama-3.1-8B' \\\n    --tensor-parallel-size 2\n",
                "meta-llama/Llama-3.1-8B" },
            { "trtllm-serve meta-llama/Llama-3.1-8B --tp_size 2\n", "meta-llama/Llama-3.1-8B" },
            { "trtllm-serve serve meta-llama/Llama-3.1-8B --tp_size 2\n", "meta-llama/Llama-3.1-8B" } }) {
        auto read = readLaunchFile(text, "serve.sh");
        ASSERT_TRUE(read) << read.error().toString();
        EXPECT_EQ(fileTextOf(*read, "model.preset"), word) << text;
        EXPECT_EQ(fileTextOf(*read, "workload.parallelism.tensor"), "2") << text;
    }
}

TEST(LaunchFileText, AValueTheFileDoesNotWriteHasNoText)
{
    // Derived values and the engine name the reader states have no text of the file's.
    auto read = readLaunchFile("torchrun pretrain_gpt.py --num-layers 8 --hidden-size 256 --num-attention-heads 8 "
                               "--tensor-model-parallel-size 2\n",
        "train.sh");
    ASSERT_TRUE(read) << read.error().toString();
    EXPECT_EQ(fileTextOf(*read, "model.name"), "");
    EXPECT_EQ(fileTextOf(*read, "workload.parallelism.tensor"), "2");
    auto trt = readLaunchFile("trtllm-serve meta-llama/Llama-3.1-8B --tp_size 2\n", "serve.sh");
    ASSERT_TRUE(trt) << trt.error().toString();
    EXPECT_EQ(fileTextOf(*trt, "workload.serving.engine.name"), "");
    EXPECT_EQ(fileTextOf(*trt, "workload.parallelism.tensor"), "2");
    // A value longer than the review shows is cut on a character, never inside one (the JSON output writes it).
    const std::string config = "{\"cudagraph_capture_sizes\": [1, 2], \"x\": \""; // 44 bytes
    const std::string value
        = config + std::string(199 - config.size(), 'a') + "\xC3\xA9" + std::string(40, 'b') + "\"}";
    auto cut = readLaunchFile("vllm serve gpt2 --compilation-config '" + value + "'\n", "serve.sh");
    ASSERT_TRUE(cut) << cut.error().toString();
    const std::string text = fileTextOf(*cut, "workload.serving.engine.cuda_graph_batch_sizes");
    EXPECT_EQ(text, value.substr(0, 199) + "...");
    EXPECT_NO_THROW((void)launchImportToJson(*cut).dump());
}

} // namespace
} // namespace gp
