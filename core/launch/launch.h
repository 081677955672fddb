// Launch files: a team's own training or serving configuration read into a plan (import), and the planner's
// recommendation written back as files those frameworks run (export). Formats: torchtitan TOML; Megatron-LM
// arguments (a torchrun command or script) and Megatron-Bridge/NeMo YAML recipes; DeepSpeed JSON; Hugging Face
// TrainingArguments / TRL / LLaMA-Factory / axolotl YAML; `vllm serve` and SGLang command lines and vLLM's YAML
// config; Kubernetes manifests (their container command). Field tables: docs/launch-files.md.
#pragma once

#include "base/expected.h"
#include "catalog/catalog.h"
#include "plan/plan.h"
#include "planner/answer.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace gp
{

// A field of the launch file the import used: where it was (line, 1-based; 0 when unknown), the plan field it set
// and the value.
struct LaunchMappedField {
    std::string field; // as the file spells it: "parallelism.tensor_parallel_degree", "--tensor-model-parallel-size"
    int line = 0;
    std::string planField; // "workload.parallelism.tensor"
    nlohmann::json value;
    // The reader worked the value out from `field` (a model name Megatron arguments do not carry): the file does not
    // write it, and the review says so.
    bool derived = false;
    // The value as the file writes it ("0.9", "$TP", "bfloat16"), for the review to show beside the plan's; empty
    // where the file writes none on the field's line (a switch, a value on the next lines).
    std::string fileText = {};
};

// A field of the launch file the import did not use, and why.
struct LaunchIgnoredField {
    std::string field;
    int line = 0;
    std::string reason; // English (the CLI's)
    std::vector<Words> words = {}; // the reason as its template (base/reader_words.h), for the window; empty: none
};

struct LaunchImport {
    std::string format; // "torchtitan", "megatron", "deepspeed", "hf", "litgpt", "vllm", "sglang"
    std::string fileName; // as given to the reader (for messages)
    bool serving = false; // a serving engine's file (the plan's mode becomes "serving")
    // A JSON merge patch onto a plan document (the plan format's field names; docs/plan-format.md).
    nlohmann::json overrides = nlohmann::json::object();
    std::vector<LaunchMappedField> mapped;
    std::vector<LaunchIgnoredField> ignored;
};

// The formats `importLaunch` reads and `exportLaunch` writes, by their command-line names.
const std::vector<std::string>& launchImportFormats();
const std::vector<std::string>& launchExportFormats(); // every format --launch writes, training and serving

// Reads a launch file's text (`fileName` picks the format by extension and content and names it in messages).
// Errors name the file, the line and the field: "train.toml:12: parallelism.tensor_parallel_degree: ...".
Expected<LaunchImport> readLaunchFile(std::string_view text, const std::string& fileName);

// The plan the import gives: `base` with the import's overrides merged in. An override the plan refuses is
// reported against the launch file's field and line.
Expected<Plan> applyLaunchImport(const Plan& base, const LaunchImport& launch);

// The import as JSON ("format", "file", "mapped", "ignored"), for `gpu-planner-cli import --format json`.
nlohmann::json launchImportToJson(const LaunchImport& launch);

struct LaunchFile {
    std::string name; // file name inside the output folder: "torchtitan.toml", "launch-node0.sh"
    std::string text;
};

struct LaunchExport {
    std::string format;
    std::vector<LaunchFile> files;
    std::vector<std::string> notes; // what the format cannot carry and is left to the user's script (also in headers)
};

// Writes the answer's recommendation as launch files in `format` (launchExportFormats()). `planName` names the
// plan in the header (its title or file). Errors: no recommendation, a training format for a serving plan.
Expected<LaunchExport> exportLaunch(const Plan& plan, const PlanAnswer& answer, const Catalog& catalog,
    const std::string& format, const std::string& planName);

// Writes the files under `folder` all or nothing (base/atomic_file.h writeFilesAtomically), after every file was
// rendered: nothing is half-written, and a failure leaves every file as it was. Returns the paths written.
Expected<std::vector<std::string>> writeLaunchExport(const LaunchExport& files, const std::string& folder);

} // namespace gp
