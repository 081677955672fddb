#include "launch/launch.h"

#include "base/atomic_file.h"
#include "base/json_reader.h"
#include "base/number_text.h"
#include "estimate/estimator.h"
#include "launch/launch_internal.h"
#include "launch/launch_models.h"
#include "plan/scenarios.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <sstream>

namespace gp
{

namespace launch
{

ImportBuilder::ImportBuilder(std::string format, std::string fileName, bool serving)
{
    m_import.format = std::move(format);
    m_import.fileName = std::move(fileName);
    m_import.serving = serving;
    m_import.overrides["workload"]["mode"] = serving ? "serving" : "training";
}

void ImportBuilder::put(const std::string& planField, const nlohmann::json& value)
{
    nlohmann::json* node = &m_import.overrides;
    std::stringstream path(planField);
    std::string part;
    std::vector<std::string> parts;
    while (std::getline(path, part, '.'))
        parts.push_back(part);
    for (std::size_t k = 0; k + 1 < parts.size(); ++k) {
        if (!(*node)[parts[k]].is_object())
            (*node)[parts[k]] = nlohmann::json::object();
        node = &(*node)[parts[k]];
    }
    (*node)[parts.back()] = value;
}

void ImportBuilder::clear(const std::string& planField)
{
    put(planField, nullptr);
}

void ImportBuilder::set(const std::string& planField, nlohmann::json value, const std::string& field, int line)
{
    put(planField, value);
    // A plan field set from several fields of the file (name and flavor, a DeepSpeed section and its offload) lists
    // each of them; the last value set is the one the plan gets.
    m_import.mapped.push_back({ field, line, planField, std::move(value) });
}

void ImportBuilder::derive(const std::string& planField, nlohmann::json value, const std::string& field, int line)
{
    put(planField, value);
    m_import.mapped.push_back({ field, line, planField, std::move(value), true });
}

void ImportBuilder::ignore(const std::string& field, int line, Words reason)
{
    std::string english = fillWords(reason);
    m_import.ignored.push_back({ field, line, std::move(english), { std::move(reason) } });
}

bool ImportBuilder::has(const std::string& planField) const
{
    return std::any_of(m_import.mapped.begin(), m_import.mapped.end(),
        [&](const LaunchMappedField& m) { return m.planField == planField; });
}

Error ImportBuilder::error(const std::string& field, int line, Words words) const
{
    return wordedError(
        field, std::move(words), m_import.fileName + (line > 0 ? ":" + std::to_string(line) : std::string()));
}

std::optional<long long> integerText(const std::string& text)
{
    if (text.empty())
        return std::nullopt;
    std::size_t used = 0;
    try {
        const long long value = std::stoll(text, &used);
        if (used == text.size())
            return value;
    } catch (const std::exception&) {
    }
    return std::nullopt;
}

std::optional<double> numberText(const std::string& text)
{
    if (text.empty())
        return std::nullopt;
    std::size_t used = 0;
    try {
        const double value = std::stod(text, &used);
        if (used == text.size() && std::isfinite(value))
            return value;
    } catch (const std::exception&) {
    }
    return std::nullopt;
}

std::optional<long long> integerValue(const YAML::Node& node)
{
    return node.IsDefined() && node.IsScalar() ? integerText(node.Scalar()) : std::nullopt;
}

std::optional<double> numberValue(const YAML::Node& node)
{
    return node.IsDefined() && node.IsScalar() ? numberText(node.Scalar()) : std::nullopt;
}

std::optional<bool> boolValue(const YAML::Node& node)
{
    if (!node.IsDefined() || !node.IsScalar())
        return std::nullopt;
    std::string text = node.Scalar();
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (text == "true" || text == "yes" || text == "on")
        return true;
    if (text == "false" || text == "no" || text == "off")
        return false;
    return std::nullopt;
}

int yamlLine(const YAML::Node& node)
{
    if (!node.IsDefined())
        return 0;
    return node.Mark().line >= 0 ? node.Mark().line + 1 : 0;
}

std::string yamlText(const YAML::Node& node)
{
    if (!node.IsDefined() || node.IsNull())
        return std::string();
    if (node.IsScalar())
        return node.Scalar();
    YAML::Emitter flow;
    flow.SetSeqFormat(YAML::Flow);
    flow.SetMapFormat(YAML::Flow);
    flow << node;
    return flow.c_str();
}

const AcceptedValue* AcceptedValues::find(std::string_view text) const
{
    for (const AcceptedValue& v : m_values)
        if (text == v.text)
            return &v;
    return nullptr;
}

const AcceptedValue* AcceptedValues::spelling(const nlohmann::json& plan) const
{
    for (const AcceptedValue& v : m_values)
        if (!v.ignored.text && v.plan == plan)
            return &v;
    return nullptr;
}

std::string AcceptedValues::list(bool carried) const
{
    std::string text;
    for (const AcceptedValue& v : m_values)
        if (!carried || !v.ignored.text)
            text.append(text.empty() ? "" : "|").append(v.text);
    return text;
}

const AcceptedValues& precisionNames()
{
    // PyTorch's dtype names and their short and legacy spellings (torch.bfloat16, torch.half = torch.float16,
    // torch.float = torch.float32), as the frameworks' --dtype and mixed-precision settings take them.
    static const AcceptedValues names { { "bfloat16", "bf16" }, { "bf16", "bf16" }, { "float16", "fp16" },
        { "fp16", "fp16" }, { "half", "fp16" }, { "float32", "fp32" }, { "fp32", "fp32" }, { "float", "fp32" } };
    return names;
}

std::optional<std::string> precisionName(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    const AcceptedValue* name = precisionNames().find(text);
    return name ? std::optional<std::string>(name->plan.get<std::string>()) : std::nullopt;
}

void mapModelName(ImportBuilder& out, const std::string& name, const std::string& field, int line)
{
    if (const ModelPreset* preset = presetForModelName(name)) {
        out.set("model.preset", preset->id, field, line);
        out.clear("model.architecture");
        out.clear("model.parameters");
        return;
    }
    out.ignore(field, line, Words { words::kIgnoredNotPreset, { name } });
}

std::string shellQuote(const std::string& word)
{
    const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](unsigned char c) {
        return std::isalnum(c) || std::string_view("-_./=:,+@%").find(char(c)) != std::string_view::npos;
    });
    if (plain)
        return word;
    std::string quoted = "'";
    for (char c : word)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string torchrunPrefix(const LaunchTarget& target, int node)
{
    const auto& r = target.result;
    std::string text = "torchrun --nnodes " + std::to_string(r.nodes) + " --nproc_per_node "
        + std::to_string(r.gpusPerNode) + " --node_rank " + std::to_string(node);
    if (r.nodes > 1)
        text += " --master_addr \"${MASTER_ADDR:?set MASTER_ADDR to the address of node 0}\" --master_port 29500";
    return text;
}

std::string commentHeader(const LaunchTarget& target, std::string_view mark, const std::vector<std::string>& notes)
{
    std::string text;
    for (const auto& line : target.header)
        text += std::string(mark) + " " + line + "\n";
    for (const auto& note : notes)
        text += std::string(mark) + " Not in this file: " + note + "\n";
    return text;
}

} // namespace launch

namespace
{

using launch::LaunchTarget;
using launch::readCommand;
using launch::readDeepSpeed;
using launch::readHfYaml;
using launch::readMegatronYaml;
using launch::readTorchtitan;
using launch::readVllmYaml;
using launch::writeDeepSpeed;
using launch::writeHf;
using launch::writeKubernetes;
using launch::writeMegatron;
using launch::writeSglang;
using launch::writeTorchtitan;
using launch::writeVllm;
using launch::yamlLine;

std::string lowerName(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

std::string extensionOf(const std::string& fileName)
{
    return lowerName(std::filesystem::path(fileName).extension().string());
}

// node[key1][key2]... without yaml-cpp's exception for a missing step; an undefined node when one is missing.
YAML::Node yamlAt(const YAML::Node& node, std::initializer_list<const char*> keys)
{
    YAML::Node at = node;
    for (const char* key : keys) {
        if (!at.IsDefined() || !at.IsMap() || !at[key].IsDefined())
            return YAML::Node(YAML::NodeType::Undefined);
        at = at[key];
    }
    return at;
}

// A YAML stream's documents. yaml-cpp 0.7's LoadAll never returns on some broken input (a flow mapping with a line
// cut out), so the stream is split here at its document markers, a line that is "---" or "..." alone or "--- "
// followed by content (YAML 1.2 section 9.1: a marker at the start of a line ends the document, block scalars
// included), and each document goes to YAML::Load on its own lines, so a parse error or a node names the file's line.
Expected<std::vector<YAML::Node>> loadYamlDocuments(std::string_view text, const std::string& fileName)
{
    std::vector<YAML::Node> documents;
    std::string document;
    int documentLine = 1;
    bool hasContent = false;
    auto flush = [&](int nextLine) -> std::optional<Error> {
        if (hasContent) {
            try {
                // Blank lines in front keep every node's mark on the file's line (readers report yamlLine).
                documents.push_back(YAML::Load(std::string(std::size_t(documentLine - 1), '\n') + document));
            } catch (const YAML::Exception& e) {
                return wordedError("", { words::kNotValidYaml, { e.msg } },
                    fileName + ":" + std::to_string(std::max(0, e.mark.line) + 1));
            }
        }
        document.clear();
        hasContent = false;
        documentLine = nextLine;
        return std::nullopt;
    };
    std::size_t lineStart = 0;
    for (int line = 1; lineStart < text.size(); ++line) {
        const std::size_t end = std::min(text.find('\n', lineStart), text.size());
        std::string_view row = text.substr(lineStart, end - lineStart);
        if (!row.empty() && row.back() == '\r')
            row.remove_suffix(1);
        lineStart = end + 1;
        const bool start = row == "---" || row.starts_with("--- ") || row.starts_with("---\t");
        if (start || row == "...") {
            if (auto failed = flush(line))
                return *failed;
            if (start && row.size() > 3) {
                // "--- value": the document's content starts on the marker's line.
                document.append(row.substr(4)).push_back('\n');
                hasContent = true;
            }
            continue;
        }
        if (!hasContent && row.starts_with('%'))
            continue; // a directive (%YAML, %TAG) before the document's content
        if (document.empty())
            documentLine = line;
        document.append(row).push_back('\n');
        const auto first = row.find_first_not_of(" \t");
        hasContent = hasContent || (first != std::string_view::npos && row[first] != '#');
    }
    if (auto failed = flush(0))
        return *failed;
    return documents;
}

// Kubernetes manifests: torchtitan's TOML from a ConfigMap, else the first container's command.
Expected<LaunchImport> readKubernetesLaunch(const std::vector<YAML::Node>& documents, const std::string& fileName)
{
    for (const auto& document : documents) {
        if (!document.IsMap() || !document["kind"] || document["kind"].as<std::string>() != "ConfigMap"
            || !document["data"])
            continue;
        for (const auto& entry : document["data"]) {
            const std::string key = entry.first.as<std::string>();
            if (key.size() > 5 && key.compare(key.size() - 5, 5, ".toml") == 0)
                return readTorchtitan(entry.second.as<std::string>(), fileName + " (ConfigMap " + key + ")");
        }
    }
    for (const auto& document : documents) {
        if (!document.IsMap())
            continue;
        const YAML::Node containers = yamlAt(document, { "spec", "template", "spec", "containers" });
        if (!containers.IsDefined() || !containers.IsSequence() || containers.size() == 0)
            continue;
        ShellCommand command;
        command.line = yamlLine(containers[0]);
        for (const char* key : { "command", "args" })
            if (const YAML::Node words = yamlAt(containers[0], { key }); words.IsDefined() && words.IsSequence())
                for (const auto& w : words)
                    command.words.push_back({ w.as<std::string>(), yamlLine(w) });
        // `bash -c "..."`: the script is the last word.
        if (command.words.size() >= 2 && command.words[command.words.size() - 2].text == "-c") {
            auto script = readShellScript(command.words.back().text, fileName);
            if (!script)
                return script.error();
            for (const auto& c : script->commands)
                if (auto read = readCommand(c, fileName))
                    return *read;
        }
        if (auto read = readCommand(command, fileName))
            return *read;
    }
    return wordedError("spec.template.spec.containers[0].command", { words::kNoContainerCommand }, fileName);
}

Expected<LaunchImport> readYamlDocuments(const std::vector<YAML::Node>& documents, const std::string& fileName);

// A YAML document: a Kubernetes manifest's container command, a LitGPT config, a Megatron-Bridge/NeMo recipe, a vLLM
// config, or a Hugging Face / TRL / LLaMA-Factory / axolotl training YAML.
Expected<LaunchImport> readYamlLaunch(std::string_view text, const std::string& fileName)
{
    // YAML forbids tabs in indentation; yaml-cpp's message for them is obscure, so name the line here.
    std::size_t lineStart = 0;
    for (int line = 1; lineStart < text.size(); ++line) {
        std::size_t k = lineStart;
        while (k < text.size() && text[k] == ' ')
            ++k;
        if (k < text.size() && text[k] == '\t')
            return wordedError("", { words::kYamlTabIndent }, fileName + ":" + std::to_string(line));
        const std::size_t end = text.find('\n', lineStart);
        lineStart = end == std::string_view::npos ? text.size() : end + 1;
    }
    auto loaded = loadYamlDocuments(text, fileName);
    if (!loaded)
        return loaded.error();
    // The readers take each key as a name and each setting as a name, a number or a list of them; yaml-cpp throws
    // where the file has a list or a mapping in that place (a "? key" mapping as a key, found by fuzz_launch).
    try {
        return readYamlDocuments(*loaded, fileName);
    } catch (const YAML::Exception& e) {
        return wordedError("", { words::kYamlListWhereValue, { e.msg } },
            fileName + ":" + std::to_string(std::max(0, e.mark.line) + 1));
    }
}

// The launch YAML's first document tells which reader takes the file.
Expected<LaunchImport> readYamlDocuments(const std::vector<YAML::Node>& documents, const std::string& fileName)
{
    if (documents.empty() || !documents[0].IsMap())
        return wordedError("", { words::kLaunchYamlNotMapping }, fileName);
    if (documents[0]["apiVersion"] && documents[0]["kind"])
        return readKubernetesLaunch(documents, fileName);
    const YAML::Node document = documents[0];
    if (launch::isLitgptYaml(document))
        return launch::readLitgptYaml(document, fileName);
    if (document["model"] && document["model"].IsMap()
        && (document["model"]["tensor_model_parallel_size"] || document["trainer"] || document["train"]))
        return readMegatronYaml(document, fileName);
    const bool training = document["per_device_train_batch_size"] || document["micro_batch_size"]
        || document["base_model"] || document["finetuning_type"] || document["model_name_or_path"]
        || document["gradient_accumulation_steps"] || document["output_dir"];
    if (!training && launch::isTrtllmOptions(document))
        return launch::readTrtllmYaml(document, fileName);
    if (!training && document["model"])
        return readVllmYaml(document, fileName);
    if (training)
        return readHfYaml(document, fileName);
    return wordedError("", { words::kNotLaunchFile }, fileName);
}

Expected<LaunchImport> readCommandText(std::string_view text, const std::string& fileName)
{
    auto script = readShellScript(text, fileName);
    if (!script)
        return script.error();
    for (const auto& command : script->commands) {
        auto read = readCommand(command, fileName);
        if (!read)
            continue;
        if (!*read)
            return *read;
        for (const auto& note : script->notes)
            (*read)->ignored.push_back({ words::kFieldScript, note.line, note.text, note.words });
        return *read;
    }
    return wordedError("", { words::kNoLaunchCommand }, fileName);
}

} // namespace

const std::vector<std::string>& launchImportFormats()
{
    static const std::vector<std::string> formats { "torchtitan", "megatron", "deepspeed", "hf", "litgpt", "vllm",
        "sglang", "tensorrt-llm", "llama.cpp" };
    return formats;
}

namespace
{

// The formats --launch writes and the plans each is for (k8s runs either).
struct ExportFormat {
    const char* name;
    bool training;
    bool serving;
};

constexpr ExportFormat kExportFormats[] = { { "torchtitan", true, false }, { "megatron", true, false },
    { "deepspeed", true, false }, { "hf", true, false }, { "litgpt", true, false }, { "vllm", false, true },
    { "sglang", false, true }, { "llama.cpp", false, true }, { "k8s", true, true } };

// "vllm|sglang|llama.cpp|k8s": the formats that export a training plan (`training`) or a serving plan (`serving`),
// as --launch takes them; both: every format.
std::string joinExportFormats(bool training, bool serving)
{
    std::string list;
    for (const ExportFormat& f : kExportFormats)
        if ((training && f.training) || (serving && f.serving))
            list.append(list.empty() ? "" : "|").append(f.name);
    return list;
}

// The formats a serving (or training) plan exports.
std::string exportFormatsFor(bool serving)
{
    return joinExportFormats(!serving, serving);
}

} // namespace

const std::vector<std::string>& launchExportFormats()
{
    static const std::vector<std::string> formats = [] {
        std::vector<std::string> names;
        for (const ExportFormat& f : kExportFormats)
            names.push_back(f.name);
        return names;
    }();
    return formats;
}

namespace
{

// The offset of the first byte that is not well-formed UTF-8 (RFC 3629; the check nlohmann::json makes when it
// writes a string), or npos. A launch file's values end up in the plan and in JSON output.
std::size_t launchFirstBadUtf8Byte(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        int follow = 0;
        unsigned char low = 0x80, high = 0xBF;
        if (c < 0x80) {
            ++i;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            follow = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            follow = 2;
            low = c == 0xE0 ? 0xA0 : 0x80;
            high = c == 0xED ? 0x9F : 0xBF;
        } else if (c >= 0xF0 && c <= 0xF4) {
            follow = 3;
            low = c == 0xF0 ? 0x90 : 0x80;
            high = c == 0xF4 ? 0x8F : 0xBF;
        } else {
            return i;
        }
        for (int k = 1; k <= follow; ++k) {
            if (i + k >= text.size())
                return i;
            const auto next = static_cast<unsigned char>(text[i + k]);
            if (next < (k == 1 ? low : 0x80) || next > (k == 1 ? high : 0xBF))
                return i;
        }
        i += std::size_t(follow) + 1;
    }
    return std::string_view::npos;
}

} // namespace

namespace
{

Expected<LaunchImport> readLaunchText(std::string_view text, const std::string& fileName)
{
    const std::string extension = extensionOf(fileName);
    if (extension == ".toml")
        return readTorchtitan(text, fileName);
    if (extension == ".yaml" || extension == ".yml")
        return readYamlLaunch(text, fileName);
    if (extension == ".json") {
        nlohmann::json document;
        if (auto problem = detail::parseJsonDocument(text, document))
            return wordedError("", *problem, fileName);
        return readDeepSpeed(text, document, fileName);
    }
    return readCommandText(text, fileName);
}

} // namespace

Expected<LaunchImport> readLaunchFile(std::string_view text, const std::string& fileName)
{
    if (const std::size_t bad = launchFirstBadUtf8Byte(text); bad != std::string_view::npos) {
        const auto line = 1 + std::count(text.begin(), text.begin() + std::ptrdiff_t(bad), '\n');
        return wordedError("", { words::kNotUtf8, { std::to_string(bad + 1) } }, fileName + ":" + std::to_string(line));
    }
    // TOML, YAML and JSON allow no raw control characters but tab, line feed and carriage return (TOML 1.0 "Comment"
    // and "String", YAML 1.2 c-printable, RFC 8259 section 7), and no launch command holds one: refused in every
    // format, so none reaches a field name or a message (yaml-cpp turned "\x01\x00" inside a key into bytes that
    // are not UTF-8).
    const auto control = std::find_if(text.begin(), text.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return (byte < 0x20 && c != '\t' && c != '\n' && c != '\r') || byte == 0x7F;
    });
    if (control != text.end()) {
        const auto line = 1 + std::count(text.begin(), control, '\n');
        char code[8];
        std::snprintf(code, sizeof code, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(*control)));
        return wordedError("",
            *control == '\0' ? Words { words::kNulByteNotText } : Words { words::kControlByteNotText, { code } },
            fileName + ":" + std::to_string(line));
    }
    auto read = readLaunchText(text, fileName);
    // The file's own text of each used field, where its lines are the file's (a ConfigMap's TOML has its own).
    if (read && read->fileName == fileName)
        launch::attachFileText(*read, text);
    return read;
}

Expected<Plan> applyLaunchImport(const Plan& base, const LaunchImport& launch)
{
    auto plan = applyOverrides(base, launch.overrides, "");
    if (plan)
        return plan;
    // Name the launch file's field the refused plan field came from.
    const std::string field = plan.error().field;
    for (const auto& m : launch.mapped) {
        if (field == m.planField || field.rfind(m.planField + ".", 0) == 0 || field.rfind(m.planField + "[", 0) == 0) {
            Error e { m.field, plan.error().message,
                launch.fileName + (m.line > 0 ? ":" + std::to_string(m.line) : std::string()), plan.error().words };
            appendWords(e, { words::kPlanFieldSuffix, { m.planField } });
            return e;
        }
    }
    return Error { plan.error().field, plan.error().message, launch.fileName, plan.error().words };
}

nlohmann::json launchImportToJson(const LaunchImport& launch)
{
    nlohmann::json out { { "format", launch.format }, { "file", launch.fileName } };
    out["mapped"] = nlohmann::json::array();
    for (const auto& m : launch.mapped)
        out["mapped"].push_back({ { "field", m.field }, { "line", m.line }, { "plan_field", m.planField },
            { "value", m.value }, { "file_text", m.fileText }, { "derived", m.derived } });
    out["ignored"] = nlohmann::json::array();
    for (const auto& i : launch.ignored)
        out["ignored"].push_back({ { "field", i.field }, { "line", i.line }, { "reason", i.reason } });
    return out;
}

namespace
{

std::vector<std::string> headerLines(
    const Plan& plan, const PlanAnswer& answer, const CandidateResult& r, const std::string& planName)
{
    const Standing& standing = answer.standings[std::size_t(answer.recommended)];
    const Configuration& c = r.configuration;
    std::vector<std::string> lines;
    lines.push_back(std::string("Written by GPU Planner ") + GP_VERSION + " from the plan \"" + planName + "\"");
    lines.push_back("Candidate: " + r.candidate + " (" + r.gpuName + "), " + std::to_string(r.nodes) + " node(s) x "
        + std::to_string(r.gpusPerNode) + " GPUs = " + std::to_string(r.gpus) + " GPUs; model "
        + answer.search.model.name);
    lines.push_back("Layout: data " + std::to_string(c.data) + ", tensor " + std::to_string(c.tensor) + ", pipeline "
        + std::to_string(c.pipeline) + ", context " + std::to_string(c.context) + ", expert " + std::to_string(c.expert)
        + ", ZeRO " + std::to_string(c.zeroStage) + ", offload " + std::string(toString(c.offload)) + ", checkpointing "
        + std::string(toString(c.checkpointing)) + ", micro-batch " + std::to_string(c.microBatchSize)
        + ", accumulation " + std::to_string(c.gradientAccumulationSteps));
    lines.push_back("Memory per GPU planned: " + formatNumber(r.memory.total / 1073741824.0) + " GiB of "
        + formatNumber(r.usableMemory / 1073741824.0) + " GiB usable");
    const std::string cost = standing.figures.priced ? formatNumber(standing.figures.cost, 4) + " " + answer.currency
            + " (" + billingModeText(standing.figures.mode) + ")"
                                                     : formatNumber(standing.figures.cost, 4) + " GPU-hours (no price)";
    if (plan.workload.mode == Mode::Serving && r.serving) {
        const auto& s = *r.serving;
        lines.push_back("Planned for: " + std::to_string(s.replicas) + " replica(s), " + formatNumber(s.concurrency)
            + " requests in flight each, TTFT " + formatNumber(s.ttftSeconds) + " s, TPOT "
            + formatNumber(s.tpotSeconds * 1000) + " ms, " + formatNumber(s.totalOutputTokensPerSecond)
            + " output tokens/s; " + cost + " per million output tokens");
    } else {
        lines.push_back("Planned for: " + formatNumber(plan.workload.trainingTokens) + " tokens at "
            + formatNumber(r.tokensPerSecond) + " tokens/s, " + formatNumber(standing.figures.hours) + " hours, " + cost
            + ", MFU " + formatNumber(r.modelFlopsUtilization * 100) + "%");
    }
    return lines;
}

} // namespace

Expected<LaunchExport> exportLaunch(const Plan& plan, const PlanAnswer& answer, const Catalog& catalog,
    const std::string& format, const std::string& planName)
{
    const ExportFormat* found = std::find_if(
        std::begin(kExportFormats), std::end(kExportFormats), [&](const ExportFormat& f) { return format == f.name; });
    if (found == std::end(kExportFormats))
        return wordedError("--launch", { words::kLaunchFormatGot, { joinExportFormats(true, true), format } });
    const bool serving = plan.workload.mode == Mode::Serving;
    const ExportFormat& chosen = *found;
    if (serving && !chosen.serving)
        return wordedError("--launch", { words::kTrainingFormatForServing, { format, exportFormatsFor(true) } });
    if (!serving && !chosen.training)
        return wordedError("--launch", { words::kServingEngineForTraining, { format, exportFormatsFor(false) } });
    const CandidatePlan* recommendation = answer.recommendation();
    if (!recommendation)
        return wordedError("", { words::kNoRecommendationToWrite });
    const auto candidates = planCandidates(plan, catalog);
    const CandidateSpec& spec = candidates.at(std::size_t(recommendation->planIndex));
    std::string modelId = plan.model.name.empty() ? answer.search.model.name : plan.model.name;
    if (const ModelPreset* preset = findModelPreset(plan.model.preset))
        if (auto repo = presetRepository(*preset); !repo.empty())
            modelId = repo;
    LaunchTarget target { plan, answer, recommendation->best, spec, catalog.findInstance(spec.instance), modelId,
        planName, headerLines(plan, answer, recommendation->best, planName), &catalog };
    if (format == "torchtitan")
        return writeTorchtitan(target);
    if (format == "megatron")
        return writeMegatron(target);
    if (format == "deepspeed")
        return writeDeepSpeed(target);
    if (format == "hf")
        return writeHf(target);
    if (format == "litgpt")
        return launch::writeLitgpt(target);
    if (format == "vllm")
        return writeVllm(target);
    if (format == "sglang")
        return writeSglang(target);
    if (format == "llama.cpp")
        return writeLlamaServer(target);
    return writeKubernetes(target);
}

Expected<std::vector<std::string>> writeLaunchExport(const LaunchExport& files, const std::string& folder)
{
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    if (error) {
        Error cannot = wordedError("", { words::kCannotCreateFolder, { folder, error.message() } });
        cannot.ioFailure = true;
        return cannot;
    }
    // All or nothing: a full disk at the third file leaves the first two as they were too.
    std::vector<std::string> written;
    std::vector<std::pair<std::string, std::string_view>> writes;
    for (const auto& file : files.files) {
        written.push_back((std::filesystem::path(folder) / file.name).string());
        writes.emplace_back(written.back(), file.text);
    }
    if (auto w = writeFilesAtomically(writes); !w)
        return w.error(); // names the file that could not be written; an I/O failure to the CLI (exit 2)
    return written;
}

} // namespace gp
