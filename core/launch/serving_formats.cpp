// Serving engines: `vllm serve` (vllm/engine/arg_utils.py) with its flags or a `--config` YAML of the same fields,
// and `python -m sglang.launch_server` (sglang/srt/server_args.py); read into a serving plan, and the
// recommendation written back as the engine's command (and vLLM's YAML config).
#include "launch/launch_internal.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace gp::launch
{

namespace
{

// What a serving flag sets, by the engine's spelling.
struct ServingFlag {
    const char* planField; // nullptr: ignored with `reason`
    const char* reason;
    bool takesValue;
};

const std::map<std::string, ServingFlag>& vllmFlags()
{
    static const std::map<std::string, ServingFlag> flags {
        { "--model", { "model", nullptr, true } },
        { "--tensor-parallel-size", { "workload.parallelism.tensor", nullptr, true } },
        { "-tp", { "workload.parallelism.tensor", nullptr, true } },
        { "--pipeline-parallel-size", { "workload.parallelism.pipeline", nullptr, true } },
        { "-pp", { "workload.parallelism.pipeline", nullptr, true } },
        { "--max-model-len", { "workload.serving.engine.max_model_len", nullptr, true } },
        { "--max-num-seqs", { "workload.serving.engine.max_num_seqs", nullptr, true } },
        { "--max-num-batched-tokens", { "workload.serving.engine.max_num_batched_tokens", nullptr, true } },
        { "--gpu-memory-utilization", { "workload.serving.engine.gpu_memory_utilization", nullptr, true } },
        { "--block-size", { "workload.serving.engine.block_size", nullptr, true } },
        { "--kv-cache-dtype", { "workload.serving.kv_cache_precision", nullptr, true } },
        { "--dtype", { "workload.precision", nullptr, true } },
        { "--quantization", { "workload.weight_format", nullptr, true } },
        { "-q", { "workload.weight_format", nullptr, true } },
        { "--data-parallel-size",
            { nullptr, "engine copies are replicas: the planner sizes workload.serving.replicas for the load", true } },
        { "-dp",
            { nullptr, "engine copies are replicas: the planner sizes workload.serving.replicas for the load", true } },
        { "--enable-expert-parallel",
            { nullptr, "experts are spread over the tensor-parallel GPUs here (workload.parallelism.expert)", false } },
        { "--enable-prefix-caching",
            { nullptr, "the hit rate depends on the traffic: set workload.serving.engine.prefix_cache_hit_rate",
                false } },
        { "--no-enable-prefix-caching",
            { nullptr, "no prefix cache: the plan's prefix_cache_hit_rate 0 is the same", false } },
        { "--enable-chunked-prefill",
            { nullptr, "the serving model always chunks prefills to max_num_batched_tokens (vLLM V1)", false } },
        { "--enforce-eager", { nullptr, "CUDA graphs are in the catalog's per-step overhead", false } },
        { "--trust-remote-code", { nullptr, "server setting: no effect on memory or speed", false } },
        { "--disable-log-requests", { nullptr, "logging: no effect on memory or speed", false } },
        { "--disable-log-stats", { nullptr, "logging: no effect on memory or speed", false } },
        { "--enable-auto-tool-choice", { nullptr, "API feature: no effect on memory or speed", false } },
        { "--enable-offline-docs", { nullptr, "API documentation: no effect on memory or speed", false } },
        { "--enable-request-id-headers", { nullptr, "API feature: no effect on memory or speed", false } },
    };
    return flags;
}

const std::map<std::string, ServingFlag>& sglangFlags()
{
    static const std::map<std::string, ServingFlag> flags {
        { "--model-path", { "model", nullptr, true } },
        { "--model", { "model", nullptr, true } },
        { "--tp-size", { "workload.parallelism.tensor", nullptr, true } },
        { "--tp", { "workload.parallelism.tensor", nullptr, true } },
        { "--pp-size", { "workload.parallelism.pipeline", nullptr, true } },
        { "--context-length", { "workload.serving.engine.max_model_len", nullptr, true } },
        { "--max-running-requests", { "workload.serving.engine.max_num_seqs", nullptr, true } },
        { "--chunked-prefill-size", { "workload.serving.engine.max_num_batched_tokens", nullptr, true } },
        { "--page-size", { "workload.serving.engine.block_size", nullptr, true } },
        { "--kv-cache-dtype", { "workload.serving.kv_cache_precision", nullptr, true } },
        { "--dtype", { "workload.precision", nullptr, true } },
        { "--quantization", { "workload.weight_format", nullptr, true } },
        { "--mem-fraction-static",
            { nullptr,
                "SGLang's static share (weights and KV pool) is not vLLM's gpu_memory_utilization the serving model "
                "reads; set workload.serving.engine.gpu_memory_utilization",
                true } },
        { "--dp-size",
            { nullptr, "engine copies are replicas: the planner sizes workload.serving.replicas for the load", true } },
        { "--dp",
            { nullptr, "engine copies are replicas: the planner sizes workload.serving.replicas for the load", true } },
        { "--ep-size",
            { nullptr, "experts are spread over the tensor-parallel GPUs here (workload.parallelism.expert)", true } },
        { "--nnodes", { nullptr, "nodes: the planner chooses the candidate's node count", true } },
        { "--node-rank", { nullptr, "which node this command runs on: one command per node", true } },
        { "--dist-init-addr", { nullptr, "the first node's address: no effect on memory or speed", true } },
        { "--enable-p2p-check", { nullptr, "server setting: no effect on memory or speed", false } },
        { "--trust-remote-code", { nullptr, "server setting: no effect on memory or speed", false } },
        { "--disable-radix-cache",
            { nullptr, "no prefix cache: the plan's prefix_cache_hit_rate 0 is the same", false } },
        { "--enable-torch-compile", { nullptr, "compilation is in the catalog's per-step overhead", false } },
    };
    return flags;
}

// Flags of both engines that only place the server or name it.
bool serverOnlyFlag(const std::string& flag)
{
    static const std::set<std::string> flags { "--host", "--port", "--api-key", "--served-model-name", "--download-dir",
        "--chat-template", "--uvicorn-log-level", "--log-level", "--seed", "--tokenizer", "--tokenizer-path",
        "--revision", "--generation-config", "--config", "--grammar-backend", "--chat-template-content-format",
        "--runner", "--task", "--hf-overrides" };
    return flags.count(flag) > 0;
}

// "32k", "1M" and plain numbers (vLLM reads human-readable lengths).
std::optional<double> servingFlagNumber(std::string text)
{
    double scale = 1;
    if (!text.empty() && (text.back() == 'k' || text.back() == 'K'))
        scale = 1000, text.pop_back();
    else if (!text.empty() && (text.back() == 'm' || text.back() == 'M'))
        scale = 1e6, text.pop_back();
    auto v = numberText(text);
    if (!v)
        return std::nullopt;
    return *v * scale;
}

Expected<bool> mapServingValue(
    ImportBuilder& out, const std::string& planField, const std::string& flag, const std::string& value, int line)
{
    if (planField == "model") {
        mapModelName(out, value, flag, line);
    } else if (planField == "workload.precision") {
        if (auto p = precisionName(value))
            out.set(planField, *p, flag, line);
        else
            out.ignore(flag, line, "\"" + value + "\": the model's own dtype (the plan's precision stays)");
    } else if (planField == "workload.serving.kv_cache_precision") {
        if (value.rfind("fp8", 0) == 0)
            out.set(planField, "fp8", flag, line);
        else if (auto p = precisionName(value); p && *p != "fp32")
            out.set(planField, *p, flag, line);
        else
            out.set(planField, nullptr, flag, line); // "auto": the model's dtype
    } else if (planField == "workload.weight_format") {
        static const std::map<std::string, std::string> formats { { "fp8", "fp8" }, { "awq", "int4" },
            { "gptq", "int4" }, { "awq_marlin", "int4" }, { "gptq_marlin", "int4" }, { "bitsandbytes", "nf4" },
            { "mxfp4", "mxfp4" } };
        auto it = formats.find(value);
        if (it == formats.end())
            out.ignore(flag, line, "quantization \"" + value + "\" is not a weight format GPU Planner models");
        else
            out.set(planField, it->second, flag, line);
    } else {
        auto number = servingFlagNumber(value);
        if (!number)
            return out.error(flag, line, "needs a number, got \"" + value + "\"");
        if (planField == "workload.serving.engine.gpu_memory_utilization")
            out.set(planField, *number, flag, line);
        else
            out.set(planField, (long long)std::llround(*number), flag, line);
    }
    return true;
}

Expected<LaunchImport> readServingArgs(const ShellCommand& command, std::size_t first, const std::string& fileName,
    const std::string& format, const std::map<std::string, ServingFlag>& table)
{
    ImportBuilder out(format, fileName, true);
    const auto& words = command.words;
    for (std::size_t k = first; k < words.size(); ++k) {
        std::string flag = words[k].text;
        const int line = words[k].line;
        if (flag.empty() || flag[0] != '-') {
            if (format == "vllm" && k == first) {
                mapModelName(out, flag, "model", line);
                continue;
            }
            return out.error(flag, line, "expected a --flag of " + format + " here");
        }
        std::optional<std::string> value;
        if (auto eq = flag.find('='); eq != std::string::npos) {
            value = flag.substr(eq + 1);
            flag = flag.substr(0, eq);
        }
        auto known = table.find(flag);
        const bool takesValue = known != table.end()
            ? known->second.takesValue
            : (k + 1 < words.size() && !words[k + 1].text.empty() && words[k + 1].text[0] != '-');
        if (takesValue && !value) {
            if (k + 1 >= words.size() || (words[k + 1].text.rfind("--", 0) == 0 && known != table.end()))
                return out.error(flag, line, "needs a value");
            value = words[++k].text;
        }
        if (known == table.end()) {
            out.ignore(flag, line,
                serverOnlyFlag(flag) ? "server setting: no effect on memory or speed"
                                     : "a " + format + " flag GPU Planner does not model");
        } else if (!known->second.planField) {
            out.ignore(flag, line, known->second.reason);
        } else if (auto mapped = mapServingValue(out, known->second.planField, flag, value.value_or(""), line);
                   !mapped) {
            return mapped.error();
        }
    }
    return out.take();
}

std::string baseName(const std::string& word)
{
    const auto slash = word.rfind('/');
    return slash == std::string::npos ? word : word.substr(slash + 1);
}

} // namespace

Expected<LaunchImport> readVllmArgs(const ShellCommand& command, std::size_t first, const std::string& fileName)
{
    return readServingArgs(command, first, fileName, "vllm", vllmFlags());
}

Expected<LaunchImport> readSglangArgs(const ShellCommand& command, std::size_t first, const std::string& fileName)
{
    return readServingArgs(command, first, fileName, "sglang", sglangFlags());
}

std::optional<Expected<LaunchImport>> readCommand(const ShellCommand& command, const std::string& fileName)
{
    const auto& w = command.words;
    for (std::size_t k = 0; k < w.size(); ++k) {
        const std::string name = baseName(w[k].text);
        if ((name == "vllm") && k + 1 < w.size() && w[k + 1].text == "serve")
            return readVllmArgs(command, k + 2, fileName);
        if (name == "-m" && k + 1 < w.size() && w[k + 1].text == "vllm.entrypoints.openai.api_server")
            return readVllmArgs(command, k + 2, fileName);
        if (name == "-m" && k + 1 < w.size() && w[k + 1].text == "sglang.launch_server")
            return readSglangArgs(command, k + 2, fileName);
        const bool script = name.size() > 3 && name.compare(name.size() - 3, 3, ".py") == 0;
        if (script && name.rfind("pretrain_", 0) == 0)
            return readMegatronArgs(command, k + 1, fileName);
    }
    return std::nullopt;
}

Expected<LaunchImport> readVllmYaml(const YAML::Node& document, const std::string& fileName)
{
    ShellCommand command;
    command.words.push_back({ "vllm", 1 });
    command.words.push_back({ "serve", 1 });
    for (const auto& entry : document) {
        std::string key = entry.first.as<std::string>();
        const int line = yamlLine(entry.first);
        std::replace(key.begin(), key.end(), '_', '-');
        if (entry.second.IsSequence() || entry.second.IsMap()) {
            command.words.push_back({ "--" + key, line });
            command.words.push_back({ "(list)", line });
            continue;
        }
        const std::string value = entry.second.IsScalar() ? entry.second.Scalar() : std::string();
        if (auto b = boolValue(entry.second)) {
            if (*b)
                command.words.push_back({ "--" + key, line });
            continue;
        }
        command.words.push_back({ "--" + key, line });
        command.words.push_back({ value, line });
    }
    return readVllmArgs(command, 2, fileName);
}

namespace
{

struct EngineValues {
    std::string dtype;
    std::optional<std::string> quantization;
    std::optional<std::string> kvCache;
    long long maxModelLen = 0;
    int maxNumSeqs = 0;
    int maxNumBatchedTokens = 0;
    int blockSize = 0;
    double gpuMemoryUtilization = 0;
};

EngineValues engineValues(const LaunchTarget& t, std::vector<std::string>& notes)
{
    const auto& s = *t.result.serving;
    const Workload& w = t.plan.workload;
    EngineValues e;
    e.dtype = w.precision == Precision::Fp16 ? "float16" : w.precision == Precision::Fp32 ? "float32" : "bfloat16";
    if (w.weightFormat == WeightFormat::Fp8 || w.precision == Precision::Fp8)
        e.quantization = "fp8";
    else if (w.weightFormat == WeightFormat::Mxfp4)
        e.quantization = "mxfp4";
    else if (w.weightFormat == WeightFormat::Int4)
        e.quantization = "awq";
    else if (w.weightFormat != WeightFormat::Same)
        notes.push_back(
            "weights: " + std::string(toString(w.weightFormat)) + " needs a quantized checkpoint of the model");
    if (w.serving.kvCachePrecision == KvPrecision::Fp8)
        e.kvCache = "fp8";
    e.maxModelLen = s.requestTokens;
    e.maxNumSeqs = s.maxNumSeqs;
    e.maxNumBatchedTokens = s.maxNumBatchedTokens;
    e.blockSize = s.blockSize;
    e.gpuMemoryUtilization = s.visibleMemoryBytes > 0 ? s.engineMemoryBytes / s.visibleMemoryBytes : 0.9;
    if (s.replicas > 1)
        notes.push_back("replicas: run " + std::to_string(s.replicas)
            + " copies of this server behind a load balancer (the k8s export is a Deployment with that many replicas)");
    if (t.result.nodes > 1)
        notes.push_back("a replica spans " + std::to_string(t.result.nodes)
            + " nodes: start a Ray cluster over them first (vLLM) or give --nnodes/--node-rank (SGLang)");
    return e;
}

std::string roundedFraction(double value)
{
    return std::to_string(std::floor(value * 1000 + 0.5) / 1000).substr(0, 5);
}

} // namespace

Expected<LaunchExport> writeVllm(const LaunchTarget& target)
{
    LaunchExport result;
    result.format = "vllm";
    const Configuration& c = target.result.configuration;
    const EngineValues e = engineValues(target, result.notes);
    std::vector<std::pair<std::string, std::string>> args { { "tensor-parallel-size", std::to_string(c.tensor) },
        { "pipeline-parallel-size", std::to_string(c.pipeline) }, { "dtype", e.dtype },
        { "max-model-len", std::to_string(e.maxModelLen) }, { "max-num-seqs", std::to_string(e.maxNumSeqs) },
        { "max-num-batched-tokens", std::to_string(e.maxNumBatchedTokens) },
        { "block-size", std::to_string(e.blockSize) },
        { "gpu-memory-utilization", roundedFraction(e.gpuMemoryUtilization) } };
    if (e.quantization)
        args.push_back({ "quantization", *e.quantization });
    if (e.kvCache)
        args.push_back({ "kv-cache-dtype", *e.kvCache });
    const std::string header = commentHeader(target, "#", result.notes);
    std::string script
        = "#!/usr/bin/env bash\n" + header + "set -euo pipefail\nvllm serve " + shellQuote(target.modelId);
    YAML::Emitter yaml;
    yaml << YAML::BeginMap << YAML::Key << "model" << YAML::Value << target.modelId;
    for (const auto& [flag, value] : args) {
        script += " \\\n    --" + flag + " " + shellQuote(value);
        yaml << YAML::Key << flag << YAML::Value << YAML::Load(value);
    }
    yaml << YAML::EndMap;
    result.files.push_back({ "serve.sh", script + "\n" });
    result.files.push_back({ "vllm-config.yaml", header + yaml.c_str() + "\n" });
    return result;
}

Expected<LaunchExport> writeSglang(const LaunchTarget& target)
{
    LaunchExport result;
    result.format = "sglang";
    const Configuration& c = target.result.configuration;
    const EngineValues e = engineValues(target, result.notes);
    result.notes.push_back(
        "memory: SGLang sizes its KV pool with --mem-fraction-static, not the plan's gpu_memory_utilization ("
        + roundedFraction(e.gpuMemoryUtilization) + "); check the pool it reports at start");
    const auto& r = target.result;
    for (int node = 0; node < r.nodes; ++node) {
        std::string script = "#!/usr/bin/env bash\n" + commentHeader(target, "#", result.notes) + "set -euo pipefail\n"
            + "python3 -m sglang.launch_server --model-path " + shellQuote(target.modelId) + " \\\n    --tp-size "
            + std::to_string(c.tensor) + " \\\n    --pp-size " + std::to_string(c.pipeline) + " \\\n    --dtype "
            + e.dtype + " \\\n    --context-length " + std::to_string(e.maxModelLen)
            + " \\\n    --max-running-requests " + std::to_string(e.maxNumSeqs) + " \\\n    --chunked-prefill-size "
            + std::to_string(e.maxNumBatchedTokens) + " \\\n    --page-size " + std::to_string(e.blockSize);
        if (e.quantization)
            script += " \\\n    --quantization " + *e.quantization;
        if (e.kvCache)
            script += " \\\n    --kv-cache-dtype fp8_e4m3";
        if (r.nodes > 1)
            script += " \\\n    --nnodes " + std::to_string(r.nodes) + " --node-rank " + std::to_string(node)
                + " --dist-init-addr \"${DIST_INIT_ADDR:?set to node 0's address:port}\"";
        result.files.push_back({ "sglang-node" + std::to_string(node) + ".sh", script + "\n" });
    }
    return result;
}

} // namespace gp::launch
