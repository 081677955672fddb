// Shared by the launch-file formats (one file per format holds its reader and its writer): the import being built,
// the recommendation being written, and the per-format entry points launch.cpp dispatches to.
#pragma once

#include "launch/launch.h"
#include "launch/shell_words.h"

#include "base/reader_words.h"

#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gp::launch
{

// Builds a LaunchImport: each mapped field sets a plan field (a dotted path of the plan format) in the overrides.
class ImportBuilder
{
public:
    ImportBuilder(std::string format, std::string fileName, bool serving);

    // Sets `planField` ("workload.parallelism.tensor") to `value`, read from `field` at `line`.
    void set(const std::string& planField, nlohmann::json value, const std::string& field, int line);
    // Sets `planField` to a value the reader worked out from `field` (the file does not write it): listed as derived.
    void derive(const std::string& planField, nlohmann::json value, const std::string& field, int line);
    // Removes `planField` from the plan (its default applies), as part of a field already recorded.
    void clear(const std::string& planField);
    // Leaves `field` out of the plan with `reason`, worded from a template (base/reader_words.h) so the window shows
    // it in its language: there is no plain-text overload, so a reason without a template does not compile.
    void ignore(const std::string& field, int line, Words reason);
    bool has(const std::string& planField) const;
    // "FILE:LINE: FIELD: MESSAGE" as an Error (file "FILE:LINE", field FIELD), MESSAGE worded from a template
    // (base/reader_words.h) and kept for the window's language (no plain-text overload either).
    Error error(const std::string& field, int line, Words words) const;
    const std::string& fileName() const { return m_import.fileName; }
    const std::string& format() const { return m_import.format; }
    LaunchImport take() { return std::move(m_import); }

private:
    void put(const std::string& planField, const nlohmann::json& value);
    LaunchImport m_import;
};

// One of the templates of base/reader_words.h (or none: nullptr), checked when the program is compiled: a reason a
// table of flags or options gives as a text of its own (not a template, so English in the Chinese window) does not
// compile.
struct ReasonTemplate {
    consteval ReasonTemplate(const char* template_)
        : text(template_)
    {
        if (template_ && !isReaderTemplate(template_))
            throw "not a template of base/reader_words.h"; // a compile error: consteval
    }
    const char* text;

private:
    static consteval bool isReaderTemplate(const char* text)
    {
        for (const char* words : words::kAllReaderWords) {
            std::size_t k = 0;
            while (words[k] != '\0' && words[k] == text[k])
                ++k;
            if (words[k] == text[k])
                return true;
        }
        return false;
    }
};

// A serving command's flag (vLLM, SGLang, TensorRT-LLM, llama-server): the plan field it sets, or why it is
// ignored (planField nullptr), and whether a value follows it.
struct ServingFlag {
    const char* planField; // nullptr: ignored with `reason`
    ReasonTemplate reason;
    bool takesValue;
};

// A value a launch file's field takes, as the engine or framework spells it, and what it sets in the plan.
struct AcceptedValue {
    const char* text; // the file's spelling: "bfloat16", "fp8_e4m3", "on"
    nlohmann::json plan; // the plan field's value (null: the plan's default, e.g. the model's own dtype)
    // Set: the engine takes the value but the plan does not carry it; ignored with this reason (the reader gives
    // its arguments).
    ReasonTemplate ignored = nullptr;
};

// The values one field takes, in the order its source lists them: the reader maps a value through find() and names
// what the field takes through list(), both from this table, so a message never lists a value the reader does not
// read, nor leaves out one it does.
class AcceptedValues
{
public:
    AcceptedValues(std::initializer_list<AcceptedValue> values)
        : m_values(values)
    {
    }
    void append(const AcceptedValues& more)
    {
        m_values.insert(m_values.end(), more.m_values.begin(), more.m_values.end());
    }
    const AcceptedValue* find(std::string_view text) const;
    // The first value that sets `plan` (what a writer writes for it); nullptr when none does.
    const AcceptedValue* spelling(const nlohmann::json& plan) const;
    // "auto|float16|bfloat16": every value, or with `carried` only those the plan carries (not ignored); "|" as the
    // CLI lists choices, the same in every language (a list of names, not words to translate).
    std::string list(bool carried = false) const;

private:
    std::vector<AcceptedValue> m_values;
};

// A serving engine's model dtypes (--dtype) and KV cache dtypes, each as its source lists them (serving_formats.cpp):
// an engine with no such table (llama.cpp, whose reader has its own) is an error naming it,
// never another engine's table.
Expected<const AcceptedValues*> modelDtypes(ServingEngineKind engine);
Expected<const AcceptedValues*> kvCacheDtypes(ServingEngineKind engine);

// Numbers in launch files: an integer (also "8" in a YAML string); nullopt for anything else.
std::optional<long long> integerValue(const YAML::Node& node);
std::optional<double> numberValue(const YAML::Node& node);
std::optional<bool> boolValue(const YAML::Node& node);
int yamlLine(const YAML::Node& node); // 1-based
// A YAML value as the file writes it: a scalar's text, a list or mapping in YAML's flow style ("[1, 8, 64]").
std::string yamlText(const YAML::Node& node);
std::optional<long long> integerText(const std::string& text);
std::optional<double> numberText(const std::string& text);

// Framework dtype names ("bfloat16", "bf16", "float16", "fp16", "half", "float32", "fp32", "float") and the plan's
// precision name each sets (launch.cpp).
const AcceptedValues& precisionNames();
// precisionNames() of `text`, in any case; nullopt for names that are not a dtype.
std::optional<std::string> precisionName(std::string text);

// Sets model.preset from a Hugging Face repository or local path naming a preset; otherwise ignores the field.
void mapModelName(ImportBuilder& out, const std::string& name, const std::string& field, int line);

// Fills each used field's fileText from the file's `text` at the field's line (file_text.cpp).
void attachFileText(LaunchImport& launch, std::string_view text);

// Readers, one per format (launch.cpp picks the format).
Expected<LaunchImport> readTorchtitan(std::string_view text, const std::string& fileName);
Expected<LaunchImport> readDeepSpeed(
    std::string_view text, const nlohmann::json& document, const std::string& fileName);
// Reads a DeepSpeed config's fields into an import being built (the HF YAML's `deepspeed:` dict uses it too).
Expected<bool> readDeepSpeedFields(
    ImportBuilder& out, std::string_view text, const nlohmann::json& document, const std::string& prefix);
Expected<LaunchImport> readHfYaml(const YAML::Node& document, const std::string& fileName);
// LitGPT's YAML configs (litgpt_format.cpp); isLitgptYaml: a `train:` key beside checkpoint_dir or model_name.
Expected<LaunchImport> readLitgptYaml(const YAML::Node& document, const std::string& fileName);
bool isLitgptYaml(const YAML::Node& document);
Expected<LaunchImport> readMegatronYaml(const YAML::Node& document, const std::string& fileName);
Expected<LaunchImport> readVllmYaml(const YAML::Node& document, const std::string& fileName);
// TensorRT-LLM LLM API options (trtllm-serve --config / --extra_llm_api_options); isTrtllmOptions: a YAML that has
// keys only they use.
Expected<LaunchImport> readTrtllmYaml(const YAML::Node& document, const std::string& fileName);
bool isTrtllmOptions(const YAML::Node& document);
// A command line: `vllm serve`, `python -m sglang.launch_server`, `torchrun ... pretrain_gpt.py ...`; nullopt when
// `words` is none of them.
std::optional<Expected<LaunchImport>> readCommand(const ShellCommand& command, const std::string& fileName);
Expected<LaunchImport> readMegatronArgs(const ShellCommand& command, std::size_t first, const std::string& fileName);
Expected<LaunchImport> readVllmArgs(const ShellCommand& command, std::size_t first, const std::string& fileName);
Expected<LaunchImport> readSglangArgs(const ShellCommand& command, std::size_t first, const std::string& fileName);
// llama.cpp's `llama-server` flags (llamacpp_format.cpp).
Expected<LaunchImport> readLlamaServerArgs(const ShellCommand& command, std::size_t first, const std::string& fileName);

// What a writer writes: the recommendation, resolved.
struct LaunchTarget {
    const Plan& plan;
    const PlanAnswer& answer;
    const CandidateResult& result;
    const CandidateSpec& candidate;
    const InstanceSpec* instance; // nullptr for a bare GPU candidate
    std::string modelId; // Hugging Face repository of the model (or the plan's model name)
    std::string planName;
    std::vector<std::string> header; // the header lines, without comment marks
    const Catalog* catalog = nullptr; // the estimate's: the defaults a written file states (never null)
};

// The header as comment lines (`mark` "#" for TOML, YAML and shell) followed by the format's notes.
std::string commentHeader(const LaunchTarget& target, std::string_view mark, const std::vector<std::string>& notes);
// `torchrun` arguments for node `node` of the recommendation (nnodes, nproc_per_node, node_rank, rendezvous).
std::string torchrunPrefix(const LaunchTarget& target, int node);
// A shell word quoted for bash when it needs quotes.
std::string shellQuote(const std::string& word);

Expected<LaunchExport> writeTorchtitan(const LaunchTarget& target);
Expected<LaunchExport> writeMegatron(const LaunchTarget& target);
Expected<LaunchExport> writeDeepSpeed(const LaunchTarget& target);
Expected<LaunchExport> writeHf(const LaunchTarget& target);
Expected<LaunchExport> writeLitgpt(const LaunchTarget& target);
Expected<LaunchExport> writeVllm(const LaunchTarget& target);
Expected<LaunchExport> writeSglang(const LaunchTarget& target);
Expected<LaunchExport> writeLlamaServer(const LaunchTarget& target);
Expected<LaunchExport> writeKubernetes(const LaunchTarget& target);

// The DeepSpeed config of a recommendation (also written beside the HF YAML).
nlohmann::json deepSpeedConfig(const LaunchTarget& target, std::vector<std::string>& notes);
// The launch command of the recommendation in `format` for node `node` (the Kubernetes container runs it).
std::vector<std::string> launchCommand(const LaunchTarget& target, const std::string& format, int node);

} // namespace gp::launch
