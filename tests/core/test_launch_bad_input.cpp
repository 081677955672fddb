// Launch files that cannot be read: the message names the file, the line and the field; nothing is imported.
#include "base/reader_words.h"
#include "catalog/catalog.h"
#include "launch/launch.h"
#include "launch/shell_words.h"
#include "transformer/model_library.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace gp
{
namespace
{

void expectRefused(std::string_view text, const std::string& file, const std::string& where, const std::string& field,
    const std::string& says)
{
    auto read = readLaunchFile(text, file);
    ASSERT_FALSE(read) << file << " was read";
    EXPECT_EQ(read.error().file, where) << read.error().toString();
    EXPECT_EQ(read.error().field, field) << read.error().toString();
    EXPECT_NE(read.error().message.find(says), std::string::npos) << read.error().toString();
}

TEST(LaunchBadInput, TruncatedTomlNamesTheLineAndTheKeyBeingRead)
{
    const std::string text
        = "[training]\nlocal_batch_size = 2\nseq_len = 8192\n\n[parallelism]\ntensor_parallel_degree = ";
    expectRefused(text, "train.toml", "train.toml:6", "parallelism.tensor_parallel_degree", "not valid TOML");
}

TEST(LaunchBadInput, TextThatIsNotUtf8IsRefusedWithItsLine)
{
    // Found by fuzz_launch: a Latin-1 byte in a value was imported, and writing the import as JSON
    // (`gpu-planner-cli import --format json`) then threw nlohmann's type_error 316 out of the program.
    for (const char* file : { "serve.sh", "train.toml", "recipe.yaml", "ds_config.json" })
        expectRefused("# launch\n--model caf\xe9\n", file, std::string(file) + ":2", "", "not UTF-8 text (byte 21)");
    expectRefused("x \xed\xa0\x80", "serve.sh", "serve.sh:1", "", "not UTF-8"); // an encoded surrogate
    EXPECT_TRUE(readLaunchFile("vllm serve Qwen/Qwen2.5-7B  # caf\xc3\xa9\n", "serve.sh")) << "UTF-8 reads";
}

// A DeepSpeed JSON cut short says where, in the words every JSON file of the program uses, without the parser
// library's code ("[json.exception.parse_error.101]"); so do a config.json and a model library.
TEST(LaunchBadInput, BrokenJsonNamesItsLineAndColumnWithoutTheLibrarysCode)
{
    const std::string text = "{\n  \"train_micro_batch_size_per_gpu\": 4,\n  \"zero_optimization\": {\"stage\": 3\n";
    expectRefused(text, "ds_config.json", "ds_config.json", "", "not valid JSON at line 4, column 1");
    auto read = readLaunchFile(text, "ds_config.json");
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().message.find("json.exception"), std::string::npos) << read.error().message;
    auto config = importHuggingFaceConfig("{\"hidden_size\": 4096,\n \"num_hidden_layers\": }", "config.json");
    ASSERT_FALSE(config);
    EXPECT_NE(config.error().message.find("not valid JSON at line 2, column 23"), std::string::npos)
        << config.error().message;
    EXPECT_EQ(config.error().message.find("json.exception"), std::string::npos) << config.error().message;
    auto presets = parseModelPresets("{\"presets\": [", "presets.json");
    ASSERT_FALSE(presets);
    EXPECT_NE(presets.error().message.find("not valid JSON at line 1"), std::string::npos) << presets.error().message;
    EXPECT_EQ(presets.error().message.find("json.exception"), std::string::npos) << presets.error().message;
}

TEST(LaunchBadInput, YamlIndentedWithATabNamesItsLine)
{
    const std::string text = "base_model: NousResearch/Meta-Llama-3-8B\nfsdp_config:\n\tfsdp_offload_params: true\n";
    auto read = readLaunchFile(text, "axolotl.yml");
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().file, "axolotl.yml:3");
    EXPECT_NE(read.error().message.find("tab"), std::string::npos);
}

TEST(LaunchBadInput, EachYamlDocumentIsReadOnItsOwnAndAnErrorNamesTheFilesLine)
{
    // Found by fuzz_launch: a DeepSpeed JSON with a line cut out, read under a .yaml name, made yaml-cpp 0.7's
    // LoadAll allocate nodes without end (tests/fuzz/regressions/fuzz_launch/ keeps the input). The stream is
    // now split at its "---" markers, and an error in the second document names the file's line, not the
    // document's.
    const std::string manifest = "# a job\n---\napiVersion: batch/v1\nkind: Job\n---\nkind: ConfigMap\n"
                                 "data: {a: [1, 2}\n";
    auto read = readLaunchFile(manifest, "job.yaml");
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().file, "job.yaml:7") << read.error().toString();
    EXPECT_NE(read.error().message.find("not valid YAML"), std::string::npos) << read.error().toString();

    const std::string cut = "{\n  \"train_batch_size\": \"auto\",\n_power\": 16,\n    \"hysteresis\": 2\n  },\n"
                            "  \"bf16\": {\n    \"enabled\": \"auto\"\n  }\n}\n";
    EXPECT_FALSE(readLaunchFile(cut, "recipe.yaml")) << "a JSON object with a line cut out is no launch YAML";

    // "--- value" starts a document on the marker's line; "..." ends one; a directive is not content.
    const std::string vllm = "%YAML 1.2\n--- {model: Qwen/Qwen2.5-7B-Instruct, tensor-parallel-size: 2}\n...\n";
    auto served = readLaunchFile(vllm, "serve.yaml");
    ASSERT_TRUE(served) << served.error().toString();
}

TEST(LaunchBadInput, AControlCharacterIsRefusedWithItsLineInEveryFormat)
{
    // Found by fuzz_launch: "\x01\x00" inside a YAML key came out of yaml-cpp as bytes that are not UTF-8, and
    // writing the import as JSON threw out of the program (`gpu-planner-cli import recipe.yaml --format json`).
    const std::string text("max_batch_size: 1024\nmoe_expert_parall\x01\x00_size: 1\n", 41);
    for (const char* file : { "recipe.yaml", "train.toml", "ds_config.json", "serve.sh" })
        expectRefused(text, file, std::string(file) + ":2", "", "a control character (byte 0x01) is not text");
    expectRefused(std::string("vllm serve m\n\0", 15), "serve.sh", "serve.sh:2", "", "a NUL byte is not text");
    expectRefused("vllm serve m\x7f\n", "serve.sh", "serve.sh:1", "", "(byte 0x7F)");
    EXPECT_TRUE(readLaunchFile("vllm serve Qwen/Qwen2.5-7B-Instruct \\\n\t--tensor-parallel-size 2\n", "serve.sh"))
        << "a tab reads";
    EXPECT_TRUE(readLaunchFile("model: Qwen/Qwen2.5-7B-Instruct\r\ntensor_parallel_size: 2\r\n", "serve.yaml"))
        << "CR LF lines read";
}

TEST(LaunchBadInput, AMappingWhereANameBelongsIsRefusedWithItsLine)
{
    // Found by fuzz_launch: a "? key" mapping used as a key in TensorRT-LLM options; yaml-cpp threw out of the
    // reader when it was read as a name. Each reader's keys and values meet the same check.
    expectRefused("max_batch_size: 8\ncuda_graph_config:\n  enable_padding: true\n? {a: 1}\n: 2\n", "options.yaml",
        "options.yaml:4", "", "a list or a mapping where a name or a value belongs");
    expectRefused("model: Qwen/Qwen2.5-7B-Instruct\n? [tensor-parallel-size]\n: 2\n", "serve.yaml", "serve.yaml:2", "",
        "a list or a mapping where a name or a value belongs");
    // After a "---" marker the lines are still the file's.
    expectRefused("# serve\n---\nmodel: Qwen/Qwen2.5-7B-Instruct\n? [tensor-parallel-size]\n: 2\n", "serve.yaml",
        "serve.yaml:4", "", "a list or a mapping where a name or a value belongs");
}

// LitGPT's config_hub QLoRA file (Lightning-AI/litgpt@26857050fe config_hub/finetune/llama-3.1-8b/qlora.yaml, copied
// as tests/data/launch/litgpt-llama-3.1-8b-qlora.yaml), cut short and with values LitGPT does not take.
std::string litgptQloraText()
{
    std::ifstream in(std::string(GP_TEST_DATA_DIR) + "/launch/litgpt-llama-3.1-8b-qlora.yaml", std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(LaunchBadInput, LitgptFileCutShortNamesTheFileAndTheKey)
{
    const std::string text = litgptQloraText();
    const std::string cut = "  micro_batch_size: 2";
    const auto at = text.find(cut);
    ASSERT_NE(at, std::string::npos);
    // The file ends after "micro_batch_size:", its value lost: line 70.
    expectRefused(
        text.substr(0, at + cut.size() - 2), "qlora.yaml", "qlora.yaml:70", "train.micro_batch_size", "whole number");
    // Cut inside the optimizer's flow list: the YAML error names the file and its line.
    std::string broken = text;
    broken.replace(broken.find("betas:"), std::string::npos, "betas: [0.9,\n");
    auto read = readLaunchFile(broken, "qlora.yaml");
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().file.rfind("qlora.yaml:", 0), 0u) << read.error().toString();
    // `train:` that is not a mapping of TrainArgs is refused by its name.
    std::string flat = text;
    flat.replace(flat.find("train:\n"), 7, "train: 8\nx:\n");
    auto train = readLaunchFile(flat, "qlora.yaml");
    ASSERT_FALSE(train) << "a train of 8";
    EXPECT_EQ(train.error().field, "train") << train.error().toString();
}

TEST(LaunchBadInput, LitgptPrecisionAndDevicesOutsideItsChoicesAreRefusedByName)
{
    const std::string text = litgptQloraText();
    std::string precision = text;
    precision.replace(precision.find("precision: bf16-true"), 20, "precision: bf16-half");
    expectRefused(precision, "qlora.yaml", "qlora.yaml:8", "precision", "\"bf16-half\" is not one");
    std::string devices = text;
    devices.replace(devices.find("devices: 1"), 10, "devices: 0");
    expectRefused(devices, "qlora.yaml", "qlora.yaml:14", "devices", "0");
    std::string lora = text;
    lora.replace(lora.find("lora_mlp: false"), 15, "lora_mlp: maybe");
    expectRefused(lora, "qlora.yaml", "qlora.yaml:41", "lora_mlp", "\"maybe\"");
}

TEST(LaunchBadInput, UnknownMegatronFlagIsRefusedByName)
{
    const std::string text
        = "torchrun --nproc_per_node 8 pretrain_gpt.py \\\n    --num-layers 32 \\\n    --tensor-model-paralel-size 2\n";
    expectRefused(text, "train.sh", "train.sh:3", "--tensor-model-paralel-size", "not a Megatron-LM flag");
}

TEST(LaunchBadInput, VllmFlagWithoutItsValue)
{
    expectRefused("vllm serve Qwen/Qwen2.5-7B --tensor-parallel-size --max-model-len 8192\n", "serve.sh", "serve.sh:1",
        "--tensor-parallel-size", "needs a value");
    expectRefused("vllm serve Qwen/Qwen2.5-7B \\\n  --max-num-seqs\n", "serve.sh", "serve.sh:2", "--max-num-seqs",
        "needs a value");
}

TEST(LaunchBadInput, NumbersThatAreNotNumbersAndUnterminatedQuotes)
{
    expectRefused(
        "vllm serve gpt2 --max-num-seqs many\n", "serve.sh", "serve.sh:1", "--max-num-seqs", "needs a number");
    expectRefused("{\"train_micro_batch_size_per_gpu\": 0, \"zero_optimization\": {\"stage\": 2}}", "ds.json",
        "ds.json:1", "train_micro_batch_size_per_gpu", "at least 1");
    auto quote = readLaunchFile("vllm serve 'gpt2 --tensor-parallel-size 2\n", "serve.sh");
    ASSERT_FALSE(quote);
    EXPECT_EQ(quote.error().file, "serve.sh:1");
    EXPECT_NE(quote.error().message.find("unterminated"), std::string::npos);
    // A double quote left open is named on the line it opens, not on the file's last line (issue 44, window11: the
    // window said "cut.sh:2" for a file whose line 2 is empty).
    auto doubled = readLaunchFile("vllm serve \"gpt2 --tensor-parallel-size 2\n\n", "cut.sh");
    ASSERT_FALSE(doubled);
    EXPECT_EQ(doubled.error().file, "cut.sh:1");
    EXPECT_EQ(doubled.error().message, "unterminated \" quote");
}

TEST(LaunchBadInput, AFileOfNoKnownFormatSaysSo)
{
    auto json = readLaunchFile("{\"name\": \"x\"}", "package.json");
    ASSERT_FALSE(json);
    EXPECT_NE(json.error().message.find("not a DeepSpeed config"), std::string::npos);
    auto script = readLaunchFile("echo hello\n", "run.sh");
    ASSERT_FALSE(script);
    EXPECT_NE(script.error().message.find("no launch command found"), std::string::npos);
}

TEST(LaunchBadInput, APlanFieldTheImportSetsOutOfRangeIsReportedAgainstTheLaunchField)
{
    auto read = readLaunchFile("vllm serve gpt2 --tensor-parallel-size 0\n", "serve.sh");
    ASSERT_TRUE(read);
    auto base = parsePlan(servingPlanText());
    ASSERT_TRUE(base);
    auto plan = applyLaunchImport(*base, *read);
    ASSERT_FALSE(plan);
    EXPECT_EQ(plan.error().file, "serve.sh:1");
    EXPECT_EQ(plan.error().field, "--tensor-parallel-size");
}

TEST(ShellWords, QuotesContinuationsVariablesArraysAndBranches)
{
    const std::string script = R"(#!/bin/bash
TP=4
MODEL=${1:-"meta-llama/Llama-3.1-8B"}
ARGS=(
    --tensor-parallel-size $TP   # the degree
    "--max-model-len 8192"
)
if [[ "$TP" == "4" ]]; then
    ARGS+=(--max-num-seqs 64)
else
    ARGS+=(--max-num-seqs 1)
fi
vllm serve "$MODEL" ${ARGS[@]} \
    --served-model-name 'my model' --api-key="a b"
)";
    auto read = readShellScript(script, "s.sh");
    ASSERT_TRUE(read) << read.error().toString();
    ASSERT_EQ(read->commands.size(), 1u);
    std::vector<std::string> words;
    for (const auto& w : read->commands[0].words)
        words.push_back(w.text);
    const std::vector<std::string> expected { "vllm", "serve", "meta-llama/Llama-3.1-8B", "--tensor-parallel-size", "4",
        "--max-model-len", "8192", "--max-num-seqs", "64", "--served-model-name", "my model", "--api-key=a b" };
    EXPECT_EQ(words, expected);
    EXPECT_EQ(read->commands[0].words.back().line, 14);
    EXPECT_EQ(read->commands[0].line, 13);
}

// --launch with a format it does not write: the message lists every format it writes, training and serving, from the
// one table the per-mode lists come from (each mode's list is part of it).
TEST(LaunchBadInput, AnUnknownExportFormatListsEveryFormatWritten)
{
    auto parsed = parsePlan(defaultPlanText());
    ASSERT_TRUE(parsed) << parsed.error().toString();
    const PlanAnswer noAnswer {};
    auto refused = exportLaunch(*parsed, noAnswer, builtinCatalog(), "onnx", "plan");
    ASSERT_FALSE(refused);
    ASSERT_EQ(refused.error().words.size(), 1u) << refused.error().toString();
    EXPECT_STREQ(refused.error().words.front().text, words::kLaunchFormatGot);
    std::string every;
    for (const std::string& f : launchExportFormats())
        every += (every.empty() ? "" : "|") + f;
    EXPECT_EQ(refused.error().words.front().args, (std::vector<std::string> { every, "onnx" }));
    for (const char* format :
        { "torchtitan", "megatron", "deepspeed", "hf", "litgpt", "vllm", "sglang", "llama.cpp", "k8s" })
        EXPECT_NE(("|" + every + "|").find(std::string("|") + format + "|"), std::string::npos) << every;
    // A serving plan refused a training format lists the serving formats, each of them in the whole list.
    Plan serving = *parsed;
    serving.workload.mode = Mode::Serving;
    auto training = exportLaunch(serving, noAnswer, builtinCatalog(), "torchtitan", "plan");
    ASSERT_FALSE(training);
    EXPECT_EQ(training.error().words.front().args.at(1), "vllm|sglang|llama.cpp|k8s");
}

} // namespace
} // namespace gp
