// The engines' CUDA-graph capture sizes in launch files (workload.serving.engine.cuda_graph_batch_sizes, issue #39):
// vLLM's --cuda-graph-sizes and compilation config, SGLang's --cuda-graph-bs, --cuda-graph-max-bs and
// --disable-cuda-graph-padding read as each engine resolves them; bad sizes refused by flag; the plan's list written
// back in each engine's syntax where it differs from the default, and read back the same.
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "launch/launch.h"
#include "planner/answer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

namespace gp
{
namespace
{

const char* const kField = "workload.serving.engine.cuda_graph_batch_sizes";

LaunchImport importedSizes(std::string_view text, const std::string& file)
{
    auto read = readLaunchFile(text, file);
    EXPECT_TRUE(read) << (read ? "" : read.error().toString());
    return read ? *read : LaunchImport {};
}

// The list the import gives the plan (the last one set), or null where none.
nlohmann::json sizesOf(const LaunchImport& import)
{
    nlohmann::json value;
    for (const LaunchMappedField& m : import.mapped)
        if (m.planField == kField)
            value = m.value;
    return value;
}

std::optional<LaunchIgnoredField> ignoredField(const LaunchImport& import, const std::string& field)
{
    for (const LaunchIgnoredField& i : import.ignored)
        if (i.field == field)
            return i;
    return std::nullopt;
}

// The catalog's default list of `engine` kept up to `largest`.
nlohmann::json defaultsUpTo(const std::string& engine, int largest)
{
    nlohmann::json list = nlohmann::json::array();
    for (int size : builtinCatalog().defaults.at("serving.engine." + engine + ".cuda_graph_batch_sizes").values)
        if (size <= largest)
            list.push_back(size);
    return list;
}

TEST(LaunchGraphSizes, VllmListsItsSizesOrGeneratesThemUpToOneValue)
{
    // Several values are the sizes, sorted (VllmConfig._set_cudagraph_sizes: sorted(cuda_graph_sizes)), each once.
    auto listed = importedSizes("vllm serve gpt2 --cuda-graph-sizes 64 1 8 8 --max-num-seqs 64\n", "serve.sh");
    EXPECT_EQ(sizesOf(listed), nlohmann::json({ 1, 8, 64 }));
    EXPECT_FALSE(ignoredField(listed, "--cuda-graph-sizes"));
    // One value N: [1, 2, 4] + range(8, N + 1, 8), the default list up to N.
    auto one = importedSizes("vllm serve gpt2 --cuda-graph-sizes 64\n", "serve.sh");
    EXPECT_EQ(sizesOf(one), nlohmann::json({ 1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64 }));
    EXPECT_EQ(
        sizesOf(importedSizes("vllm serve gpt2 --cuda-graph-sizes=100\n", "serve.sh")), defaultsUpTo("vllm", 100));
    // Above the catalog's largest default the generated list is not guessed: stated, with the largest named.
    auto large = importedSizes("vllm serve gpt2 --cuda-graph-sizes 1024\n", "serve.sh");
    EXPECT_TRUE(sizesOf(large).is_null());
    auto why = ignoredField(large, "--cuda-graph-sizes");
    ASSERT_TRUE(why);
    EXPECT_NE(why->reason.find("up to 512"), std::string::npos) << why->reason;
    EXPECT_NE(why->reason.find("serving.engine.vllm.cuda_graph_batch_sizes"), std::string::npos) << why->reason;
    // The compilation config's cudagraph_capture_sizes take the place of --cuda-graph-sizes
    // (CompilationConfig.init_with_cudagraph_sizes); its other settings are stated.
    auto config = importedSizes("vllm serve gpt2 --cuda-graph-sizes 1 2 --compilation-config "
                                "'{\"level\": 3, \"cudagraph_capture_sizes\": [48, 3]}'\n",
        "serve.sh");
    EXPECT_EQ(sizesOf(config), nlohmann::json({ 3, 48 }));
    ASSERT_TRUE(ignoredField(config, "--cuda-graph-sizes"));
    EXPECT_NE(ignoredField(config, "--cuda-graph-sizes")->reason.find("--compilation-config"), std::string::npos);
    ASSERT_TRUE(ignoredField(config, "--compilation-config"));
    // vLLM 0.11's max_cudagraph_capture_size generates by another rule than the catalog's 0.10 list: stated.
    auto newer
        = importedSizes("vllm serve gpt2 --compilation-config '{\"max_cudagraph_capture_size\": 384}'\n", "serve.sh");
    EXPECT_TRUE(sizesOf(newer).is_null());
    ASSERT_TRUE(ignoredField(newer, "--compilation-config max_cudagraph_capture_size"));
    // --enforce-eager: no graphs at all (vLLM captures no size).
    auto eager = importedSizes("vllm serve gpt2 --enforce-eager\n", "serve.sh");
    ASSERT_FALSE(eager.mapped.empty());
    EXPECT_TRUE(std::any_of(eager.mapped.begin(), eager.mapped.end(), [](const LaunchMappedField& m) {
        return m.planField == "workload.serving.engine.cuda_graphs" && m.value == nlohmann::json(false);
    }));
}

TEST(LaunchGraphSizes, VllmConfigYamlGivesTheSameSizes)
{
    auto yaml = importedSizes("model: gpt2\ncuda_graph_sizes: [16, 1, 2]\nmax_num_seqs: 16\n", "vllm-config.yaml");
    EXPECT_EQ(sizesOf(yaml), nlohmann::json({ 1, 2, 16 }));
    auto config
        = importedSizes("model: gpt2\ncompilation_config:\n  cudagraph_capture_sizes: [5]\n", "vllm-config.yaml");
    EXPECT_EQ(sizesOf(config), nlohmann::json({ 5 }));
    auto text = importedSizes(
        "model: gpt2\ncompilation-config: '{\"cudagraph_capture_sizes\": [1, 7]}'\n", "vllm-config.yaml");
    EXPECT_EQ(sizesOf(text), nlohmann::json({ 1, 7 }));
    auto none = importedSizes("model: gpt2\ncompilation_config:\n  cudagraph_capture_sizes: []\n", "vllm-config.yaml");
    EXPECT_EQ(sizesOf(none), nlohmann::json::array());
}

TEST(LaunchGraphSizes, SglangListsItsSizesOrGeneratesThemUpToItsLargest)
{
    // --cuda-graph-bs: the sizes (sorted, each once); its largest is cuda_graph_max_bs, so --cuda-graph-max-bs and
    // --disable-cuda-graph-padding are stated as overridden.
    auto listed = importedSizes(
        "python3 -m sglang.launch_server --model-path gpt2 --cuda-graph-bs 16 1 8 --cuda-graph-max-bs 64\n", "run.sh");
    EXPECT_EQ(sizesOf(listed), nlohmann::json({ 1, 8, 16 }));
    ASSERT_TRUE(ignoredField(listed, "--cuda-graph-max-bs"));
    EXPECT_NE(ignoredField(listed, "--cuda-graph-max-bs")->reason.find("--cuda-graph-bs"), std::string::npos);
    // --cuda-graph-max-bs alone: _generate_cuda_graph_batch_sizes up to it, the default list kept to 100.
    auto largest
        = importedSizes("python3 -m sglang.launch_server --model-path gpt2 --cuda-graph-max-bs 100\n", "run.sh");
    EXPECT_EQ(sizesOf(largest), defaultsUpTo("sglang", 100));
    EXPECT_EQ(sizesOf(largest).back(), 96); // 97 to 100 run without a graph
    // --disable-cuda-graph-padding: no batch is padded (CudaGraphRunner.can_run takes a graph only at a captured
    // size), the plan's []; the sizes then only choose which batches run a graph, stated.
    auto unpadded = importedSizes("python3 -m sglang.launch_server --model-path gpt2 --disable-cuda-graph-padding "
                                  "--cuda-graph-max-bs 6\n",
        "run.sh");
    EXPECT_EQ(sizesOf(unpadded), nlohmann::json::array());
    EXPECT_TRUE(ignoredField(unpadded, "--cuda-graph-max-bs"));
    // With speculation SGLang generates a finer list than the catalog's default: stated, not guessed.
    auto speculative = importedSizes("python3 -m sglang.launch_server --model-path gpt2 --speculative-algorithm EAGLE "
                                     "--cuda-graph-max-bs 100\n",
        "run.sh");
    EXPECT_TRUE(sizesOf(speculative).is_null());
    EXPECT_TRUE(ignoredField(speculative, "--cuda-graph-max-bs"));
    auto big = importedSizes("python3 -m sglang.launch_server --model-path gpt2 --cuda-graph-max-bs 1024\n", "run.sh");
    EXPECT_TRUE(sizesOf(big).is_null());
    EXPECT_TRUE(ignoredField(big, "--cuda-graph-max-bs"));
}

TEST(LaunchGraphSizes, BadSizesAreRefusedByFlag)
{
    struct Case {
        const char* text;
        const char* file;
        const char* field;
        const char* got;
    };
    for (const Case& c : { Case { "vllm serve gpt2 --cuda-graph-sizes 8 x\n", "serve.sh", "--cuda-graph-sizes", "x" },
             Case { "vllm serve gpt2 --cuda-graph-sizes 0\n", "serve.sh", "--cuda-graph-sizes", "0" },
             Case { "vllm serve gpt2 --cuda-graph-sizes 8 -4\n", "serve.sh", "--cuda-graph-sizes", "-4" },
             Case { "vllm serve gpt2 --compilation-config '{\"cudagraph_capture_sizes\": [1, 2.5]}'\n", "serve.sh",
                 "--compilation-config cudagraph_capture_sizes", "2.5" },
             Case { "python3 -m sglang.launch_server --model-path gpt2 --cuda-graph-bs 1 2 three\n", "run.sh",
                 "--cuda-graph-bs", "three" },
             Case { "python3 -m sglang.launch_server --model-path gpt2 --cuda-graph-bs -4\n", "run.sh",
                 "--cuda-graph-bs", "-4" },
             Case { "python3 -m sglang.launch_server --model-path gpt2 --cuda-graph-max-bs 1.5\n", "run.sh",
                 "--cuda-graph-max-bs", "1.5" },
             Case { "model: gpt2\ncuda_graph_sizes: [1, big]\n", "vllm-config.yaml", "--cuda-graph-sizes", "big" },
             // A list nested in the config's sizes is quoted once (it read ""[2]"").
             Case { "model: gpt2\ncompilation_config:\n  cudagraph_capture_sizes: [[2]]\n", "vllm-config.yaml",
                 "--compilation-config cudagraph_capture_sizes", "[2]" },
             Case { "vllm serve gpt2 --compilation-config '{\"cudagraph_capture_sizes\": [[2]]}'\n", "serve.sh",
                 "--compilation-config cudagraph_capture_sizes", "[2]" },
             Case { "model: gpt2\ncompilation_config:\n  cudagraph_capture_sizes: eight\n", "vllm-config.yaml",
                 "--compilation-config", "eight" } }) {
        auto read = readLaunchFile(c.text, c.file);
        ASSERT_FALSE(read) << c.text;
        EXPECT_EQ(read.error().field, c.field) << read.error().toString();
        EXPECT_NE(read.error().message.find("positive whole number"), std::string::npos) << read.error().toString();
        EXPECT_NE(read.error().message.find(std::string("\"") + c.got + "\""), std::string::npos)
            << read.error().toString();
        EXPECT_EQ(read.error().message.find("\"\""), std::string::npos) << read.error().toString();
    }
}

// A plan's stated sizes written by each exporter and read back give the same list, and so the same decode step.
TEST(LaunchGraphSizes, ExportedSizesComeBackTheSame)
{
    auto parsed = parsePlan(servingPlanText());
    ASSERT_TRUE(parsed) << parsed.error().toString();
    Plan plan = *parsed;
    plan.candidates = { CandidateSpec { "tencent:GNV7-8GPU", "", 1, std::nullopt, "", {}, {}, "", "" } };
    for (const std::vector<int>& sizes : { std::vector<int> { 1, 8, 64, 200 }, std::vector<int> { 32 } }) {
        plan.workload.serving.engine.cudaGraphBatchSizes = sizes;
        auto answer = answerPlan(plan, builtinCatalog());
        ASSERT_TRUE(answer && answer->recommendation());
        for (const auto& [format, file] : { std::pair<const char*, const char*> { "vllm", "serve.sh" },
                 { "vllm", "vllm-config.yaml" }, { "sglang", "sglang-node0.sh" } }) {
            auto exported = exportLaunch(plan, *answer, builtinCatalog(), format, "round trip");
            ASSERT_TRUE(exported) << exported.error().toString();
            auto it = std::find_if(
                exported->files.begin(), exported->files.end(), [&](const LaunchFile& f) { return f.name == file; });
            ASSERT_NE(it, exported->files.end()) << file;
            const LaunchImport back = importedSizes(it->text, it->name);
            EXPECT_EQ(sizesOf(back), nlohmann::json(sizes)) << it->text;
            auto applied = applyLaunchImport(plan, back);
            ASSERT_TRUE(applied) << applied.error().toString();
            EXPECT_EQ(applied->workload.serving.engine.cudaGraphBatchSizes, std::optional(sizes)) << it->text;
        }
    }
    // At the engine's default (or absent) nothing is written: the engine keeps its own.
    for (const char* format : { "vllm", "sglang" }) {
        plan.workload.serving.engine.cudaGraphBatchSizes
            = builtinCatalog().defaults.at(std::string("serving.engine.") + format + ".cuda_graph_batch_sizes").values;
        auto answer = answerPlan(plan, builtinCatalog());
        ASSERT_TRUE(answer && answer->recommendation());
        auto exported = exportLaunch(plan, *answer, builtinCatalog(), format, "round trip");
        ASSERT_TRUE(exported) << exported.error().toString();
        for (const LaunchFile& f : exported->files) {
            EXPECT_EQ(f.text.find("cuda-graph-sizes"), std::string::npos) << f.text;
            EXPECT_EQ(f.text.find("cuda-graph-bs"), std::string::npos) << f.text;
            EXPECT_EQ(f.text.find("cudagraph_capture_sizes"), std::string::npos) << f.text;
        }
    }
    // None padded ([]): vLLM's compilation config captures no size; SGLang pads none with
    // --disable-cuda-graph-padding. Both read back as [].
    plan.workload.serving.engine.cudaGraphBatchSizes = std::vector<int> {};
    auto answer = answerPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer && answer->recommendation());
    for (const char* format : { "vllm", "sglang" }) {
        auto exported = exportLaunch(plan, *answer, builtinCatalog(), format, "round trip");
        ASSERT_TRUE(exported) << exported.error().toString();
        const LaunchFile& f = exported->files.front();
        EXPECT_EQ(sizesOf(importedSizes(f.text, f.name)), nlohmann::json::array()) << f.text;
    }
}

} // namespace
} // namespace gp
