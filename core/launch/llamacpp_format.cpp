// llama.cpp's `llama-server` (ggml-org/llama.cpp tools/server, flags of common/arg.cpp): its command line read into a
// serving plan with engine "llama.cpp", and the recommendation written back as one. The KV rule and defaults are in
// estimate/serving/llamacpp_engine.h.
#include "launch/launch_internal.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace gp::launch
{

namespace
{

// What a llama-server flag sets: a plan field (nullptr: ignored with `reason`, a template of base/reader_words.h),
// and whether it takes a value.

const std::map<std::string, ServingFlag>& llamaServerFlags()
{
    static const std::map<std::string, ServingFlag> flags {
        { "-m", { "model", nullptr, true } },
        { "--model", { "model", nullptr, true } },
        { "-c", { "workload.serving.engine.max_model_len", nullptr, true } },
        { "--ctx-size", { "workload.serving.engine.max_model_len", nullptr, true } },
        { "-np", { "workload.serving.engine.max_num_seqs", nullptr, true } },
        { "--parallel", { "workload.serving.engine.max_num_seqs", nullptr, true } },
        { "-b", { "workload.serving.engine.max_num_batched_tokens", nullptr, true } },
        { "--batch-size", { "workload.serving.engine.max_num_batched_tokens", nullptr, true } },
        { "-ctk", { "workload.serving.kv_cache_precision", nullptr, true } },
        { "--cache-type-k", { "workload.serving.kv_cache_precision", nullptr, true } },
        { "-ctv", { "workload.serving.kv_cache_precision", nullptr, true } },
        { "--cache-type-v", { "workload.serving.kv_cache_precision", nullptr, true } },
        { "-ngl", { "gpu-layers", nullptr, true } },
        { "--n-gpu-layers", { "gpu-layers", nullptr, true } },
        { "--gpu-layers", { "gpu-layers", nullptr, true } },
        { "-ub", { nullptr, words::kIgnoredLlamaUbatch, true } },
        { "--ubatch-size", { nullptr, words::kIgnoredLlamaUbatch, true } },
        { "-kvu", { nullptr, words::kIgnoredUnifiedCache, false } },
        { "--kv-unified", { nullptr, words::kIgnoredUnifiedCache, false } },
        { "-cb", { nullptr, words::kIgnoredContinuousBatching, false } },
        { "--cont-batching", { nullptr, words::kIgnoredContinuousBatching, false } },
        { "-t", { nullptr, words::kIgnoredCpuThreads, true } },
        { "--threads", { nullptr, words::kIgnoredCpuThreads, true } },
        { "--host", { nullptr, words::kIgnoredServerSetting, true } },
        { "--port", { nullptr, words::kIgnoredServerSetting, true } },
        { "-a", { nullptr, words::kIgnoredServerSetting, true } },
        { "--alias", { nullptr, words::kIgnoredServerSetting, true } },
        { "--api-key", { nullptr, words::kIgnoredServerSetting, true } },
        { "--jinja", { nullptr, words::kIgnoredApiFeature, false } },
        { "--metrics", { nullptr, words::kIgnoredServerSetting, false } },
        { "--no-webui", { nullptr, words::kIgnoredServerSetting, false } },
    };
    return flags;
}

// --cache-type-k/v: the ggml types llama-server takes for the cache (common/arg.cpp kv_cache_types,
// ggml-org/llama.cpp PR #10806) and the plan's KV precision each sets. A serving plan keeps no fp32 cache, and the
// plan has no precision for the other blocks (q4_1, iq4_nl, q5_0, q5_1: ggml-common.h gives each its own bytes per
// block): those are ignored by name.
const AcceptedValues& llamaCacheTypes()
{
    constexpr const char* kNotModelled = words::kIgnoredLlamaCacheType;
    static const AcceptedValues types { { "f32", nullptr, kNotModelled }, { "f16", "fp16" }, { "bf16", "bf16" },
        { "q8_0", "q8_0" }, { "q4_0", "q4_0" }, { "q4_1", nullptr, kNotModelled }, { "iq4_nl", nullptr, kNotModelled },
        { "q5_0", nullptr, kNotModelled }, { "q5_1", nullptr, kNotModelled } };
    return types;
}

// -fa / --flash-attn: on|off|auto since 2025-09 (common/arg.cpp), a bare switch before; auto lets the engine decide
// per device and model, which the plan does not model.
const AcceptedValues& flashAttentionValues()
{
    static const AcceptedValues values { { "on", true }, { "off", false },
        { "auto", nullptr, words::kIgnoredFlashAttentionAuto }, { "1", true }, { "0", false }, { "true", true },
        { "false", false } };
    return values;
}

// The weights' GGUF type from the model file's name ("...-Q4_K_M.gguf"): the plan's weight format whose bytes per
// block weight match (ggml-common.h: Q4_0 and Q4_K 4.5 bits, int4 here; Q8_0 8.5 bits, int8 8.03), with a note.
void mapGgufName(ImportBuilder& out, const std::string& path, const std::string& flag, int line)
{
    const auto slash = path.find_last_of("/\\");
    std::string stem = slash == std::string::npos ? path : path.substr(slash + 1);
    if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".gguf") == 0)
        stem.resize(stem.size() - 5);
    std::string upper = stem;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    struct Type {
        const char* name;
        const char* format; // nullptr: not carried
        ReasonTemplate note; // nullptr: none
    };
    static const Type types[] = {
        { "Q4_K_M", "int4", words::kIgnoredGgufQ4KM }, { "Q4_K_S", "int4", words::kIgnoredGgufQ4KS },
        { "Q4_0", "int4", nullptr }, // 4.5 bits, the int4 layout
        { "Q8_0", "int8", words::kIgnoredGgufQ80 }, { "BF16", "same", nullptr }, { "F16", "same", nullptr },
        { "MXFP4", "mxfp4", nullptr }, // 4.25 bits
    };
    for (const Type& t : types) {
        const auto at = upper.rfind(t.name);
        if (at == std::string::npos || at == 0 || (upper[at - 1] != '-' && upper[at - 1] != '.'))
            continue;
        out.set("workload.weight_format", t.format, flag, line);
        if (t.note.text)
            out.ignore(flag, line, Words { t.note.text });
        mapModelName(out, stem.substr(0, at - 1), flag, line);
        return;
    }
    out.ignore(flag, line, Words { words::kIgnoredNoGgufType, { stem } });
    mapModelName(out, stem, flag, line);
}

Expected<bool> mapLlamaServerValue(
    ImportBuilder& out, const std::string& planField, const std::string& flag, const std::string& value, int line)
{
    if (planField == "model") {
        mapGgufName(out, value, flag, line);
        return true;
    }
    if (planField == "workload.serving.kv_cache_precision") {
        const AcceptedValue* type = llamaCacheTypes().find(value);
        if (!type)
            out.ignore(flag, line,
                Words { words::kIgnoredNotEngineValue, { flag, value, out.format(), llamaCacheTypes().list() } });
        else if (type->ignored.text)
            out.ignore(flag, line, Words { type->ignored.text, { value, llamaCacheTypes().list(true) } });
        else
            out.set(planField, type->plan, flag, line);
        return true;
    }
    if (planField == "gpu-layers") {
        auto layers = numberText(value);
        if (!layers && value != "all" && value != "auto")
            return out.error(flag, line, Words { words::kNeedsLayersGot, { value } });
        out.ignore(
            flag, line, Words { layers && *layers < 99 ? words::kIgnoredLayersOnCpu : words::kIgnoredEveryLayerOnGpu });
        return true;
    }
    auto number = integerText(value);
    if (!number || *number < 1)
        return out.error(flag, line, Words { words::kNeedsPositiveWholeGot, { value } });
    out.set(planField, *number, flag, line);
    return true;
}

} // namespace

Expected<LaunchImport> readLlamaServerArgs(const ShellCommand& command, std::size_t first, const std::string& fileName)
{
    ImportBuilder out("llama.cpp", fileName, true);
    out.set("workload.serving.engine.name", "llama.cpp", "llama-server", command.line);
    const auto& words = command.words;
    // --split-mode row splits every matrix over the GPUs --tensor-split lists (tensor parallelism); layer, the
    // default, gives each GPU a run of layers (a pipeline).
    std::string splitMode = "layer";
    int splitGpus = 0, splitLine = command.line;
    int slotsLine = 0; // -np given: without --kv-unified each slot gets --ctx-size / slots cells
    bool unified = false;
    for (std::size_t k = first; k < words.size(); ++k) {
        std::string flag = words[k].text;
        const int line = words[k].line;
        if (flag.empty() || flag[0] != '-')
            return out.error(flag, line, Words { words::kExpectedLlamaServerFlag });
        std::optional<std::string> value;
        if (auto eq = flag.find('='); eq != std::string::npos)
            value = flag.substr(eq + 1), flag = flag.substr(0, eq);
        const bool nextIsValue = k + 1 < words.size() && !words[k + 1].text.empty() && words[k + 1].text[0] != '-';
        if (flag == "-fa" || flag == "--flash-attn") { // a bare switch before 2025-09, then on|off|auto
            if (!value && nextIsValue)
                value = words[++k].text;
            const std::string v = value.value_or("on");
            const AcceptedValue* mode = flashAttentionValues().find(v);
            if (!mode)
                out.ignore(
                    flag, line, Words { words::kIgnoredUnmodelledValue, { flag, v, flashAttentionValues().list() } });
            else if (mode->ignored.text)
                out.ignore(flag, line, Words { mode->ignored.text });
            else
                out.set("workload.flash_attention", mode->plan, flag, line);
            continue;
        }
        if (flag == "-sm" || flag == "--split-mode" || flag == "-ts" || flag == "--tensor-split") {
            if (!value && k + 1 >= words.size())
                return out.error(flag, line, Words { words::kNeedsValue });
            const std::string v = value ? *value : words[++k].text;
            if (flag == "-sm" || flag == "--split-mode")
                splitMode = v;
            else
                splitGpus = int(std::count(v.begin(), v.end(), ',')) + 1, splitLine = line;
            continue;
        }
        if (flag == "-np" || flag == "--parallel")
            slotsLine = line;
        if (flag == "-kvu" || flag == "--kv-unified")
            unified = true;
        auto known = llamaServerFlags().find(flag);
        const bool takesValue = known != llamaServerFlags().end() ? known->second.takesValue : nextIsValue;
        if (takesValue && !value) {
            if (k + 1 >= words.size())
                return out.error(flag, line, Words { words::kNeedsValue });
            value = words[++k].text;
        }
        if (known == llamaServerFlags().end())
            out.ignore(flag, line, Words { words::kIgnoredEngineFlag, { "llama-server" } });
        else if (!known->second.planField)
            out.ignore(flag, line, Words { known->second.reason.text });
        else if (auto mapped = mapLlamaServerValue(out, known->second.planField, flag, value.value_or(""), line);
                 !mapped)
            return mapped.error();
    }
    if (slotsLine > 0 && !unified)
        out.ignore("--parallel", slotsLine, Words { words::kIgnoredSlotsSplitCache });
    if (splitGpus > 1 && splitMode == "row")
        out.set("workload.parallelism.tensor", splitGpus, "--tensor-split", splitLine);
    else if (splitGpus > 1 && splitMode == "layer")
        out.set("workload.parallelism.pipeline", splitGpus, "--tensor-split", splitLine);
    else if (splitGpus > 1)
        out.ignore("--split-mode", splitLine, Words { words::kIgnoredSplitMode, { splitMode } });
    return out.take();
}

Expected<LaunchExport> writeLlamaServer(const LaunchTarget& target)
{
    LaunchExport result;
    result.format = "llama.cpp";
    if (!target.result.serving)
        return wordedError("--launch", { words::kLlamaCppWritesServing });
    const auto& s = *target.result.serving;
    const Workload& w = target.plan.workload;
    const Configuration& c = target.result.configuration;
    const bool planned = w.serving.engine.kind == ServingEngineKind::LlamaCpp;
    // Planned for llama.cpp: its slots and cache as answered. Otherwise as many slots as the plan's batch holds,
    // each with a request's cells.
    const long long slots = planned ? s.maxNumSeqs : std::max<long long>(1, std::min<long long>(s.maxNumSeqs, 256));
    const long long cells = planned ? s.kvCacheTokens : slots * s.requestTokens;
    if (!planned)
        result.notes.push_back("memory: the plan was answered for another engine; llama-server allocates its cache "
                               "for --ctx-size cells at start: check that it fits");
    std::string type = w.precision == Precision::Fp16 ? "F16" : "BF16";
    if (w.weightFormat == WeightFormat::Int4)
        type = "Q4_0";
    else if (w.weightFormat == WeightFormat::Int8 || w.weightFormat == WeightFormat::Fp8)
        type = "Q8_0";
    else if (w.weightFormat == WeightFormat::Mxfp4)
        type = "MXFP4";
    else if (w.weightFormat != WeightFormat::Same)
        result.notes.push_back(
            "weights: " + std::string(toString(w.weightFormat)) + " has no GGUF type; " + type + " is written");
    result.notes.push_back("model: the GGUF file of the model at " + type
        + " (convert_hf_to_gguf.py, then llama-quantize), named as written here");
    // Tensor parallelism as --split-mode row (every matrix split over the GPUs), a pipeline as --split-mode layer.
    std::string split;
    if (c.tensor > 1 || c.pipeline > 1) {
        const int gpus = c.tensor > 1 ? c.tensor : c.pipeline;
        split = std::string(" \\\n    -sm ") + (c.tensor > 1 ? "row" : "layer") + " -ts 1";
        for (int g = 1; g < gpus; ++g)
            split += ",1";
        if (c.tensor > 1 && c.pipeline > 1)
            result.notes.push_back("pipeline: llama.cpp splits a replica one way; the tensor split is written");
    }
    if (s.replicas > 1)
        result.notes.push_back("replicas: run " + std::to_string(s.replicas)
            + " copies of this server behind a load balancer (the k8s export is a Deployment with that many replicas)");
    // The plan's quantized cache as llama-server spells it (llamaCacheTypes()); int8 is its q8_0 (the plan's int8
    // counts one byte per element, q8_0 one byte and a scale per 32).
    std::string cache;
    const std::optional<KvPrecision> kv = w.serving.kvCachePrecision == KvPrecision::Int8
        ? std::optional<KvPrecision>(KvPrecision::Q8_0)
        : w.serving.kvCachePrecision;
    if (kv == KvPrecision::Q8_0 || kv == KvPrecision::Q4_0)
        if (const AcceptedValue* type = llamaCacheTypes().spelling(std::string(toString(*kv))))
            cache = type->text;
    const auto slash = target.modelId.rfind('/');
    const std::string file
        = (slash == std::string::npos ? target.modelId : target.modelId.substr(slash + 1)) + "-" + type + ".gguf";
    std::string script = "#!/usr/bin/env bash\n" + commentHeader(target, "#", result.notes) + "set -euo pipefail\n"
        + "llama-server -m " + shellQuote(file) + " \\\n    -ngl 999 \\\n    -c " + std::to_string(cells)
        + " \\\n    -np " + std::to_string(slots) + " \\\n    --kv-unified \\\n    -b "
        + std::to_string(s.maxNumBatchedTokens) + " \\\n    -fa " + (w.flashAttention ? "on" : "off") + split;
    if (!cache.empty())
        script += " \\\n    -ctk " + cache + " \\\n    -ctv " + cache;
    script += " \\\n    --host 0.0.0.0 --port 8080";
    result.files.push_back({ "llama-server.sh", script + "\n" });
    return result;
}

} // namespace gp::launch
