// Serving engines: `vllm serve` (vllm/engine/arg_utils.py) with its flags or a `--config` YAML of the same fields,
// `python -m sglang.launch_server` (sglang/srt/server_args.py), and `trtllm-serve` (NVIDIA/TensorRT-LLM
// tensorrt_llm/commands/serve.py @00209af) with its `--config` / `--extra_llm_api_options` YAML of LLM API options
// (tensorrt_llm/llmapi/llm_args.py: KvCacheConfig, CudaGraphConfig, MoeConfig); read into a serving plan, and the
// recommendation written back as the engine's command (and vLLM's YAML config).
#include "launch/launch_internal.h"

#include "estimate/serving/lora_adapters.h"
#include "plan/kv_layouts.h"
#include "plan/plan_enum_tables.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace gp::launch
{

namespace
{

constexpr const char* kLoraSwitch = words::kIgnoredLoraSwitch;

const char* const kGraphSizesField = "workload.serving.engine.cuda_graph_batch_sizes";

// What a serving flag sets, by the engine's spelling.
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
        { "--data-parallel-size", { nullptr, words::kIgnoredEngineCopies, true } },
        { "-dp", { nullptr, words::kIgnoredEngineCopies, true } },
        { "--enable-expert-parallel", { nullptr, words::kIgnoredExpertsOverTensor, false } },
        { "--enable-prefix-caching", { nullptr, words::kIgnoredHitRateDependsOnTraffic, false } },
        { "--no-enable-prefix-caching", { nullptr, words::kIgnoredNoPrefixCache, false } },
        { "--enable-chunked-prefill", { nullptr, words::kIgnoredChunksToBatchedTokens, false } },
        // A switch: the engine launches each step's kernels from the host (vllm/config EngineArgs.enforce_eager).
        { "--enforce-eager", { "workload.serving.engine.cuda_graphs", nullptr, false } },
        // The decode graphs' batch sizes (vllm/config SchedulerConfig.cuda_graph_sizes, nargs "+"; VllmConfig
        // ._set_cudagraph_sizes): one value N captures the default sizes up to N, several are the sizes themselves;
        // a compilation config's cudagraph_capture_sizes takes their place (CompilationConfig
        // .init_with_cudagraph_sizes). Read after the command (readGraphFlags).
        { "--cuda-graph-sizes", { kGraphSizesField, nullptr, true } },
        { "--compilation-config", { kGraphSizesField, nullptr, true } },
        { "--trust-remote-code", { nullptr, words::kIgnoredServerSetting, false } },
        { "--disable-log-requests", { nullptr, words::kIgnoredLogging, false } },
        { "--disable-log-stats", { nullptr, words::kIgnoredLogging, false } },
        { "--enable-auto-tool-choice", { nullptr, words::kIgnoredApiFeature, false } },
        { "--enable-offline-docs", { nullptr, words::kIgnoredApiDocumentation, false } },
        { "--enable-request-id-headers", { nullptr, words::kIgnoredApiFeature, false } },
        // LoRA (vllm/config/lora.py LoRAConfig; EngineArgs --enable-lora): GPU slots, their rank, host copies.
        { "--enable-lora", { nullptr, kLoraSwitch, false } },
        { "--max-loras", { "workload.serving.lora.max_loras", nullptr, true } },
        { "--max-lora-rank", { "workload.serving.lora.rank", nullptr, true } },
        { "--max-cpu-loras", { "workload.serving.lora.max_cpu_loras", nullptr, true } },
        { "--lora-modules", { "workload.serving.lora.adapters", nullptr, true } },
        { "--fully-sharded-loras", { nullptr, words::kIgnoredLoraSlotsSharded, false } },
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
        // The engine is sglang, whose share of the GPU for weights and the KV pool is the plan's
        // gpu_memory_utilization (engine_memory.cpp).
        { "--mem-fraction-static", { "workload.serving.engine.gpu_memory_utilization", nullptr, true } },
        { "--dp-size", { nullptr, words::kIgnoredEngineCopies, true } },
        { "--dp", { nullptr, words::kIgnoredEngineCopies, true } },
        { "--ep-size", { nullptr, words::kIgnoredExpertsOverTensor, true } },
        { "--nnodes", { nullptr, words::kIgnoredNodes, true } },
        { "--node-rank", { nullptr, words::kIgnoredNodeRank, true } },
        { "--dist-init-addr", { nullptr, words::kIgnoredFirstNodeAddress, true } },
        { "--enable-p2p-check", { nullptr, words::kIgnoredServerSetting, false } },
        { "--trust-remote-code", { nullptr, words::kIgnoredServerSetting, false } },
        { "--disable-radix-cache", { nullptr, words::kIgnoredNoPrefixCache, false } },
        { "--enable-torch-compile", { nullptr, words::kIgnoredCompilation, false } },
        // A switch: no CUDA graphs (sglang/srt/server_args.py ServerArgs.disable_cuda_graph).
        { "--disable-cuda-graph", { "workload.serving.engine.cuda_graphs", nullptr, false } },
        // The decode graphs' batch sizes (ServerArgs.cuda_graph_bs, nargs "+"; cuda_graph_max_bs; and
        // disable_cuda_graph_padding, which pads no batch): given sizes set the largest (max(cuda_graph_bs)), else
        // _generate_cuda_graph_batch_sizes lists them up to cuda_graph_max_bs. Read after the command
        // (readGraphFlags).
        { "--cuda-graph-bs", { kGraphSizesField, nullptr, true } },
        { "--cuda-graph-max-bs", { kGraphSizesField, nullptr, true } },
        { "--disable-cuda-graph-padding", { kGraphSizesField, nullptr, false } },
        // LoRA (sglang/srt/server_args.py ServerArgs, its LoRA fields): adapters per batch (GPU slots), their rank,
        // adapters in host memory, the modules wrapped, the adapters loaded at start.
        { "--enable-lora", { nullptr, kLoraSwitch, false } },
        { "--max-loras-per-batch", { "workload.serving.lora.max_loras", nullptr, true } },
        { "--max-lora-rank", { "workload.serving.lora.rank", nullptr, true } },
        { "--max-loaded-loras", { "workload.serving.lora.max_cpu_loras", nullptr, true } },
        { "--lora-target-modules", { "workload.serving.lora.targets", nullptr, true } },
        { "--lora-paths", { "workload.serving.lora.adapters", nullptr, true } },
        { "--lora-backend", { nullptr, words::kIgnoredLoraKernelTime, true } },
        { "--lora-eviction-policy", { nullptr, words::kIgnoredAdapterEviction, true } },
    };
    return flags;
}

constexpr const char* kTrtllmExperts = words::kIgnoredExpertsOverTensor;
constexpr const char* kTrtllmServer = words::kIgnoredServerSetting;
constexpr const char* kTrtllmConfigFile = words::kIgnoredTrtllmConfigFile;

// trtllm-serve's flags (tensorrt_llm/commands/serve.py, the click options of `serve`).
const std::map<std::string, ServingFlag>& trtllmFlags()
{
    static const std::map<std::string, ServingFlag> flags {
        { "--tensor_parallel_size", { "workload.parallelism.tensor", nullptr, true } },
        { "--tp_size", { "workload.parallelism.tensor", nullptr, true } },
        { "--pipeline_parallel_size", { "workload.parallelism.pipeline", nullptr, true } },
        { "--pp_size", { "workload.parallelism.pipeline", nullptr, true } },
        { "--max_batch_size", { "workload.serving.engine.max_num_seqs", nullptr, true } },
        { "--max_num_tokens", { "workload.serving.engine.max_num_batched_tokens", nullptr, true } },
        { "--max_seq_len", { "workload.serving.engine.max_model_len", nullptr, true } },
        { "--free_gpu_memory_fraction", { "workload.serving.engine.gpu_memory_utilization", nullptr, true } },
        { "--kv_cache_free_gpu_memory_fraction", { "workload.serving.engine.gpu_memory_utilization", nullptr, true } },
        { "--moe_expert_parallel_size", { nullptr, kTrtllmExperts, true } },
        { "--ep_size", { nullptr, kTrtllmExperts, true } },
        { "--moe_cluster_parallel_size", { nullptr, kTrtllmExperts, true } },
        { "--cluster_size", { nullptr, kTrtllmExperts, true } },
        { "--context_parallel_size", { nullptr, words::kIgnoredServingContextParallel, true } },
        { "--cp_size", { nullptr, words::kIgnoredServingContextParallel, true } },
        { "--gpus_per_node", { nullptr, words::kIgnoredGpusPerNode, true } },
        { "--max_beam_width", { nullptr, words::kIgnoredBeamSearch, true } },
        { "--backend", { nullptr, words::kIgnoredRuntimeBackend, true } },
        { "--config", { nullptr, kTrtllmConfigFile, true } },
        { "--extra_llm_api_options", { nullptr, kTrtllmConfigFile, true } },
        { "--enable_chunked_prefill", { nullptr, words::kIgnoredChunksToTokenBudget, false } },
        { "--trust_remote_code", { nullptr, kTrtllmServer, false } },
        { "--host", { nullptr, kTrtllmServer, true } },
        { "--port", { nullptr, kTrtllmServer, true } },
        { "--log_level", { nullptr, kTrtllmServer, true } },
        { "--tokenizer", { nullptr, kTrtllmServer, true } },
        { "--revision", { nullptr, kTrtllmServer, true } },
        { "--reasoning_parser", { nullptr, words::kIgnoredApiFeature, true } },
        { "--tool_parser", { nullptr, words::kIgnoredApiFeature, true } },
        { "--chat_template", { nullptr, words::kIgnoredApiFeature, true } },
        { "--num_postprocess_workers", { nullptr, words::kIgnoredFrontEndWorkers, true } },
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

// vLLM's and SGLang's model dtypes, the same six names in the same order: vLLM's vllm/config/model.py ModelDType,
// ModelConfig.dtype and so --dtype's choices (vllm-project/vllm@0052a5b8; half is float16, float is float32), and
// SGLang's python/sglang/srt/server_args.py ServerArgs.dtype, its choices (sgl-project/sglang@001067ff). float16 and
// float32 ahead of their short names: the spellings the writers give the plan's fp16 and fp32.
const AcceptedValues& vllmSglangModelDtypes()
{
    static const AcceptedValues dtypes { { "auto", nullptr, words::kIgnoredModelDtype }, { "float16", "fp16" },
        { "half", "fp16" }, { "bfloat16", "bf16" }, { "float32", "fp32" }, { "float", "fp32" } };
    return dtypes;
}

// An engine with no table of the values a field takes: an error naming it (never another engine's table). No file
// reaches it today (each serving reader and writer asks for its own engine's table, and llama.cpp's reader reads its
// own cache types), but a reader that asked would get the project's words for it, in the window's language too.
Error noEngineTable(const std::string& engine)
{
    return wordedError("", { words::kNoEngineValueTable, { engine } });
}

} // namespace

Expected<const AcceptedValues*> modelDtypes(ServingEngineKind engine)
{
    // TensorRT-LLM: tensorrt_llm/llmapi/llm_args.py BaseLlmArgs.dtype (a string, "auto" by default) becomes the
    // model's torch dtype through tensorrt_llm/_utils.py str_dtype_to_torch (NVIDIA/TensorRT-LLM@000a01de,
    // _str_to_torch_dtype_dict; any other name fails its assert). Its floating names; its integer, bool and fp8
    // entries are tensor types, not a model dtype (fp8 weights come from a quantized checkpoint).
    static const AcceptedValues trtllm { { "auto", nullptr, words::kIgnoredModelDtype }, { "bfloat16", "bf16" },
        { "float16", "fp16" }, { "float32", "fp32" } };
    switch (engine) {
    case ServingEngineKind::Vllm:
    case ServingEngineKind::Sglang:
        return &vllmSglangModelDtypes();
    case ServingEngineKind::TensorRtLlm:
        return &trtllm;
    case ServingEngineKind::LlamaCpp: // a GGUF file carries its types; llamacpp_format.cpp reads its flags
        break;
    }
    return noEngineTable(std::string(toString(engine)));
}

Expected<const AcceptedValues*> kvCacheDtypes(ServingEngineKind engine)
{
    constexpr const char* kNotModelled = words::kIgnoredKvDtypeNotModelled;
    // vLLM: vllm/config/cache.py CacheDType (vllm-project/vllm@002f10e0). fp8 is fp8_e4m3; fp8_inc is Gaudi's fp8;
    // each stores one byte per element with per-tensor scales, the plan's fp8. The per-token-head scaled formats, the
    // DeepSeek MLA records and NVFP4 are the plan's precisions of the same names (plan/kv_layouts.h); nvfp4_4over6
    // stores the NVFP4 layout (it only picks each block's scale between max/6 and max/4: cache.py), so it reads as
    // nvfp4. int4_per_token_head and the TurboQuant packings have layouts the plan's precisions do not describe.
    static const AcceptedValues vllm { { "auto", nullptr }, { "float16", "fp16" }, { "bfloat16", "bf16" },
        { "fp8", "fp8" }, { "fp8_e4m3", "fp8" }, { "fp8_e5m2", "fp8" }, { "fp8_inc", "fp8" },
        { "fp8_ds_mla", "fp8_ds_mla" }, { "nvfp4_ds_mla", "nvfp4_ds_mla" },
        { "turboquant_k8v4", nullptr, kNotModelled }, { "turboquant_4bit_nc", nullptr, kNotModelled },
        { "turboquant_k3v4_nc", nullptr, kNotModelled }, { "turboquant_3bit_nc", nullptr, kNotModelled },
        { "int4_per_token_head", nullptr, kNotModelled }, { "int8_per_token_head", "int8_per_token_head" },
        { "fp8_per_token_head", "fp8_per_token_head" }, { "nvfp4", "nvfp4" }, { "nvfp4_4over6", "nvfp4" } };
    // SGLang: python/sglang/srt/server_args.py, --kv-cache-dtype's choices (ServerArgs.kv_cache_dtype). fp8_e4m3
    // first: the spelling the writer gives the plan's fp8. fp4_e2m1 is the plan's fp4_e2m1 (4-bit values and a scale
    // byte per 16: plan/kv_layouts.cpp).
    static const AcceptedValues sglang { { "auto", nullptr }, { "fp8_e4m3", "fp8" }, { "fp8_e5m2", "fp8" },
        { "bf16", "bf16" }, { "bfloat16", "bf16" }, { "fp4_e2m1", "fp4_e2m1" } };
    // TensorRT-LLM: tensorrt_llm/llmapi/llm_args.py KvCacheConfig.dtype, read by TorchLlmArgs
    // .sync_quant_config_with_kv_cache_config_dtype (auto keeps the checkpoint's, fp8 sets QuantAlgo.FP8; any other
    // name is only warned about) and the NVFP4 cache (tensorrt_llm/_torch/pyexecutor kv_cache_manager_v2.py
    // _build_cache_config: dtype "nvfp4" adds the block scales), the plan's nvfp4.
    static const AcceptedValues trtllm { { "auto", nullptr }, { "fp8", "fp8" }, { "nvfp4", "nvfp4" } };
    switch (engine) {
    case ServingEngineKind::Vllm:
        return &vllm;
    case ServingEngineKind::Sglang:
        return &sglang;
    case ServingEngineKind::TensorRtLlm:
        return &trtllm;
    case ServingEngineKind::LlamaCpp: // --cache-type-k/v: llamaCacheTypes() (llamacpp_format.cpp)
        break;
    }
    return noEngineTable(std::string(toString(engine)));
}

namespace
{

// `table` (modelDtypes, kvCacheDtypes) of the engine whose flags or keys `out` reads: a serving reader's format is its
// engine's plan code ("vllm", "sglang", "tensorrt-llm"); any other format is an error naming it.
Expected<const AcceptedValues*> readerTable(
    const ImportBuilder& out, Expected<const AcceptedValues*> (*table)(ServingEngineKind))
{
    for (const auto& [code, kind] : detail::kServingEngines)
        if (code == out.format())
            return table(kind);
    return noEngineTable(out.format());
}

// Maps `value` of a dtype flag through the engine's own table (`table`: modelDtypes, kvCacheDtypes): a value the
// engine does not take is ignored with its list, one it takes but the plan cannot carry with that value's reason
// (`reasonNamesEngine`: the reason's arguments are the flag, value, engine and list, else the value alone).
Expected<bool> mapEngineDtype(ImportBuilder& out, const std::string& planField, const std::string& flag,
    const std::string& value, int line, Expected<const AcceptedValues*> (*table)(ServingEngineKind),
    bool reasonNamesEngine)
{
    const auto found = readerTable(out, table);
    if (!found)
        return Error { flag, found.error().message, out.fileName() + ":" + std::to_string(line) };
    const AcceptedValues& dtypes = **found;
    const std::string& engine = out.format(); // the engine's plan code, as the other engine messages name it
    const AcceptedValue* dtype = dtypes.find(value);
    if (!dtype)
        out.ignore(flag, line, Words { words::kIgnoredNotEngineValue, { flag, value, engine, dtypes.list() } });
    else if (dtype->ignored.text && reasonNamesEngine)
        out.ignore(flag, line, Words { dtype->ignored.text, { flag, value, engine, dtypes.list(true) } });
    else if (dtype->ignored.text)
        out.ignore(flag, line, Words { dtype->ignored.text, { value } });
    else
        out.set(planField, dtype->plan, flag, line);
    return true;
}

Expected<bool> mapServingValue(
    ImportBuilder& out, const std::string& planField, const std::string& flag, const std::string& value, int line)
{
    if (planField == "model") {
        mapModelName(out, value, flag, line);
    } else if (planField == "workload.precision") {
        if (auto mapped = mapEngineDtype(out, planField, flag, value, line, modelDtypes, false); !mapped)
            return mapped;
    } else if (planField == "workload.serving.kv_cache_precision") {
        if (auto mapped = mapEngineDtype(out, planField, flag, value, line, kvCacheDtypes, true); !mapped)
            return mapped;
    } else if (planField == "workload.serving.engine.cuda_graphs") {
        out.set(planField, false, flag, line); // --enforce-eager: no CUDA graphs
    } else if (planField == "workload.weight_format") {
        static const std::map<std::string, std::string> formats { { "fp8", "fp8" }, { "awq", "int4" },
            { "gptq", "int4" }, { "awq_marlin", "int4" }, { "gptq_marlin", "int4" }, { "bitsandbytes", "nf4" },
            { "mxfp4", "mxfp4" } };
        auto it = formats.find(value);
        if (it == formats.end())
            out.ignore(flag, line, Words { words::kIgnoredQuantization, { value } });
        else
            out.set(planField, it->second, flag, line);
    } else {
        auto number = servingFlagNumber(value);
        if (!number)
            return out.error(flag, line, Words { words::kNeedsNumberGot, { value } });
        if (planField == "workload.serving.engine.gpu_memory_utilization")
            out.set(planField, *number, flag, line);
        else
            out.set(planField, (long long)std::llround(*number), flag, line);
    }
    return true;
}

bool isLoraListField(const std::string& planField)
{
    return planField == "workload.serving.lora.adapters" || planField == "workload.serving.lora.targets";
}

// --lora-modules / --lora-paths (NAME=PATH, one per adapter: their count) and SGLang's --lora-target-modules (the
// plan's target sets by their module names; "all" is all_linear).
Expected<bool> mapLoraList(ImportBuilder& out, const std::string& planField, const std::string& flag,
    const std::vector<std::string>& items, int line)
{
    if (planField == "workload.serving.lora.adapters") {
        out.set(planField, (long long)items.size(), flag, line);
        return true;
    }
    std::set<std::string> names(items.begin(), items.end());
    if (names.count("all") || names.count("all-linear")) {
        out.set(planField, std::string(toString(LoraTargetSet::AllLinear)), flag, line);
        return true;
    }
    for (LoraTargetSet set : { LoraTargetSet::QueryValue, LoraTargetSet::Attention }) {
        const std::vector<std::string> modules = loraTargetModules(set);
        if (names == std::set<std::string>(modules.begin(), modules.end())) {
            out.set(planField, std::string(toString(set)), flag, line);
            return true;
        }
    }
    out.ignore(flag, line, Words { words::kIgnoredLoraTargets });
    return true;
}

// The engine's default capture sizes (catalog serving.engine.<engine>.cuda_graph_batch_sizes, the built-in
// catalog's: an import has no other).
std::vector<int> servingGraphSizesDefault(const std::string& engine)
{
    const auto& defaults = builtinCatalog().defaults;
    const auto it = defaults.find("serving.engine." + engine + ".cuda_graph_batch_sizes");
    return it == defaults.end() ? std::vector<int> {} : it->second.values;
}

// A capture-size flag of the command (the engines resolve them together, so they are read after it).
struct GraphFlag {
    std::string flag;
    int line = 0;
    std::vector<long long> sizes;
};

struct GraphFlags {
    std::optional<GraphFlag> sizes; // vLLM --cuda-graph-sizes, SGLang --cuda-graph-bs
    std::optional<GraphFlag> configSizes; // vLLM --compilation-config's cudagraph_capture_sizes
    std::optional<GraphFlag> maxSize; // SGLang --cuda-graph-max-bs
    std::optional<GraphFlag> noPadding; // SGLang --disable-cuda-graph-padding
    bool speculative = false; // SGLang --speculative-algorithm: another generated list
};

// Each item a whole number of at least 1, as the engines' argparse (type=int) and capture take them.
Expected<std::vector<long long>> graphSizes(
    ImportBuilder& out, const std::string& flag, const std::vector<std::string>& items, int line)
{
    std::vector<long long> sizes;
    for (const std::string& item : items) {
        const auto size = integerText(item);
        if (!size || *size < 1)
            return out.error(flag, line, Words { words::kNeedsPositiveWholeGot, { item } });
        sizes.push_back(*size);
    }
    return sizes;
}

// A JSON item as the error quotes it: a string's own text (a YAML config's nested list arrives as the string "[2]"),
// any other item its JSON.
std::string jsonItemText(const nlohmann::json& item)
{
    return item.is_string() ? item.get<std::string>() : item.dump();
}

// vLLM's --compilation-config JSON: its cudagraph_capture_sizes (absent or null: the engine computes them).
Expected<bool> readCompilationConfig(
    ImportBuilder& out, GraphFlags& graph, const std::string& flag, const std::string& value, int line)
{
    const nlohmann::json config = nlohmann::json::parse(value, nullptr, false);
    if (!config.is_object()) {
        out.ignore(flag, line, Words { words::kIgnoredCompilation });
        return true;
    }
    bool others = false;
    for (const auto& [key, item] : config.items()) {
        if (key == "max_cudagraph_capture_size") { // vLLM 0.11 on (compilation.py): its own rule up to this
            out.ignore(flag + " " + key, line, Words { words::kIgnoredNewerVllmLargestSize });
            continue;
        }
        if (key != "cudagraph_capture_sizes") {
            others = true;
            continue;
        }
        if (item.is_null())
            continue;
        if (!item.is_array())
            return out.error(flag, line, Words { words::kNeedsPositiveWholeGot, { jsonItemText(item) } });
        std::vector<std::string> items;
        for (const auto& size : item)
            items.push_back(size.is_number_integer() ? std::to_string(size.get<long long>()) : jsonItemText(size));
        auto sizes = graphSizes(out, flag + " cudagraph_capture_sizes", items, line);
        if (!sizes)
            return sizes.error();
        graph.configSizes = GraphFlag { flag, line, *sizes };
    }
    if (others)
        out.ignore(flag, line, Words { words::kIgnoredCompilationOtherThanSizes });
    return true;
}

Expected<bool> noteGraphFlag(
    ImportBuilder& out, GraphFlags& graph, const std::string& flag, const std::vector<std::string>& items, int line)
{
    if (flag == "--compilation-config")
        return readCompilationConfig(out, graph, flag, items.front(), line);
    if (flag == "--disable-cuda-graph-padding") {
        graph.noPadding = GraphFlag { flag, line, {} };
        return true;
    }
    if (flag == "--cuda-graph-max-bs" && items.size() != 1)
        return out.error(flag, line, Words { words::kNeedsPositiveWholeGot, { items.back() } });
    auto sizes = graphSizes(out, flag, items, line);
    if (!sizes)
        return sizes.error();
    (flag == "--cuda-graph-max-bs" ? graph.maxSize : graph.sizes) = GraphFlag { flag, line, *sizes };
    return true;
}

// The sizes, sorted and each once (vLLM sorts them, SGLang's CudaGraphRunner takes sorted(set(...))).
void setGraphSizes(ImportBuilder& out, std::vector<long long> sizes, const GraphFlag& from)
{
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    out.set(kGraphSizesField, nlohmann::json(sizes), from.flag, from.line);
}

// The engine's default sizes (the catalog's) up to `largest`: what vLLM's one-value --cuda-graph-sizes
// ([1, 2, 4] + range(8, N + 1, 8)) and SGLang's --cuda-graph-max-bs (_generate_cuda_graph_batch_sizes) capture, the
// default list being those rules at its largest size; a larger one is stated, not guessed.
void setDefaultSizesUpTo(ImportBuilder& out, const std::string& engine, long long largest, const GraphFlag& from)
{
    const std::vector<int> defaults = servingGraphSizesDefault(engine);
    if (defaults.empty() || largest > defaults.back()) {
        out.ignore(from.flag, from.line,
            Words { words::kIgnoredGraphSizesPastDefault,
                { std::to_string(defaults.empty() ? 0 : defaults.back()), engine } });
        return;
    }
    std::vector<long long> kept;
    for (int size : defaults)
        if (size <= largest)
            kept.push_back(size);
    setGraphSizes(out, kept, from);
}

void readGraphFlags(ImportBuilder& out, const std::string& format, const GraphFlags& g)
{
    if (format == "vllm") {
        if (g.configSizes) {
            setGraphSizes(out, g.configSizes->sizes, *g.configSizes);
            if (g.sizes)
                out.ignore(g.sizes->flag, g.sizes->line,
                    Words { words::kIgnoredGraphSizesOverridden, { "--compilation-config" } });
        } else if (g.sizes && g.sizes->sizes.size() == 1) {
            setDefaultSizesUpTo(out, "vllm", g.sizes->sizes.front(), *g.sizes);
        } else if (g.sizes) {
            setGraphSizes(out, g.sizes->sizes, *g.sizes);
        }
        return;
    }
    if (g.noPadding) {
        // No batch is padded (CudaGraphRunner.can_run: a batch runs a graph only at a captured size, else eagerly):
        // the plan's [] (its graph speed is the catalog's per-step overhead either way); the sizes only choose
        // which batches run a graph.
        out.set(kGraphSizesField, nlohmann::json::array(), g.noPadding->flag, g.noPadding->line);
        for (const auto& other : { g.sizes, g.maxSize })
            if (other)
                out.ignore(other->flag, other->line, Words { words::kIgnoredGraphSizesWithoutPadding });
        return;
    }
    if (g.sizes) { // SGLang: the listed sizes; their largest is cuda_graph_max_bs
        setGraphSizes(out, g.sizes->sizes, *g.sizes);
        if (g.maxSize)
            out.ignore(
                g.maxSize->flag, g.maxSize->line, Words { words::kIgnoredGraphSizesOverridden, { "--cuda-graph-bs" } });
        return;
    }
    // With speculation _generate_cuda_graph_batch_sizes lists other sizes (finer below 257) than the catalog's.
    if (g.maxSize && g.speculative)
        out.ignore(g.maxSize->flag, g.maxSize->line, Words { words::kIgnoredGraphSizesSpeculative });
    else if (g.maxSize)
        setDefaultSizesUpTo(out, "sglang", g.maxSize->sizes.front(), *g.maxSize);
}

Expected<LaunchImport> readServingArgs(const ShellCommand& command, std::size_t first, const std::string& fileName,
    const std::string& format, const std::map<std::string, ServingFlag>& table)
{
    ImportBuilder out(format, fileName, true);
    const auto& words = command.words;
    GraphFlags graph;
    if (format == "tensorrt-llm")
        out.set("workload.serving.engine.name", "tensorrt-llm", "trtllm-serve", command.line);
    else if (format == "sglang")
        out.set("workload.serving.engine.name", "sglang", "sglang.launch_server", command.line);
    for (std::size_t k = first; k < words.size(); ++k) {
        std::string flag = words[k].text;
        const int line = words[k].line;
        if (flag.empty() || flag[0] != '-') {
            if ((format == "vllm" || format == "tensorrt-llm") && k == first) {
                mapModelName(out, flag, "model", line);
                continue;
            }
            return out.error(flag, line, Words { words::kExpectedFlagOf, { format } });
        }
        std::optional<std::string> value;
        if (auto eq = flag.find('='); eq != std::string::npos) {
            value = flag.substr(eq + 1);
            flag = flag.substr(0, eq);
        }
        auto known = table.find(flag);
        graph.speculative = graph.speculative || flag == "--speculative-algorithm";
        const bool takesValue = known != table.end()
            ? known->second.takesValue
            : (k + 1 < words.size() && !words[k + 1].text.empty() && words[k + 1].text[0] != '-');
        if (takesValue && !value) {
            if (k + 1 >= words.size() || (words[k + 1].text.rfind("--", 0) == 0 && known != table.end()))
                return out.error(flag, line, Words { words::kNeedsValue });
            value = words[++k].text;
        }
        if (known != table.end() && known->second.planField
            && known->second.planField == std::string(kGraphSizesField)) {
            // A list (nargs "+") for the sizes: the words up to the next flag.
            std::vector<std::string> items { value.value_or("") };
            // (A negative size is read as an item, to be refused by name, as argparse reads "-4" as a value.)
            const bool list = flag == "--cuda-graph-sizes" || flag == "--cuda-graph-bs";
            while (list && k + 1 < words.size() && !words[k + 1].text.empty()
                && (words[k + 1].text[0] != '-' || integerText(words[k + 1].text)))
                items.push_back(words[++k].text);
            if (auto noted = noteGraphFlag(out, graph, flag, items, line); !noted)
                return noted.error();
        } else if (known != table.end() && known->second.planField && isLoraListField(known->second.planField)) {
            // A list (nargs "*"): the words up to the next flag.
            std::vector<std::string> items { value.value_or("") };
            while (k + 1 < words.size() && !words[k + 1].text.empty() && words[k + 1].text[0] != '-')
                items.push_back(words[++k].text);
            if (auto mapped = mapLoraList(out, known->second.planField, flag, items, line); !mapped)
                return mapped.error();
        } else if (known == table.end()) {
            out.ignore(flag, line,
                serverOnlyFlag(flag) ? Words { words::kIgnoredServerSetting }
                                     : Words { words::kIgnoredEngineFlag, { format } });
        } else if (!known->second.planField) {
            out.ignore(flag, line, Words { known->second.reason.text });
        } else if (auto mapped = mapServingValue(out, known->second.planField, flag, value.value_or(""), line);
                   !mapped) {
            return mapped.error();
        }
    }
    readGraphFlags(out, format, graph);
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

Expected<LaunchImport> readTrtllmArgs(const ShellCommand& command, std::size_t first, const std::string& fileName)
{
    return readServingArgs(command, first, fileName, "tensorrt-llm", trtllmFlags());
}

std::optional<Expected<LaunchImport>> readCommand(const ShellCommand& command, const std::string& fileName)
{
    const auto& w = command.words;
    for (std::size_t k = 0; k < w.size(); ++k) {
        const std::string name = baseName(w[k].text);
        // `trtllm-serve MODEL ...` or `trtllm-serve serve MODEL ...`; its `disaggregated` orchestrator runs no engine.
        if (name == "trtllm-serve" && k + 1 < w.size() && w[k + 1].text != "disaggregated")
            return readTrtllmArgs(command, w[k + 1].text == "serve" ? k + 2 : k + 1, fileName);
        if ((name == "vllm") && k + 1 < w.size() && w[k + 1].text == "serve")
            return readVllmArgs(command, k + 2, fileName);
        if (name == "-m" && k + 1 < w.size() && w[k + 1].text == "vllm.entrypoints.openai.api_server")
            return readVllmArgs(command, k + 2, fileName);
        if (name == "-m" && k + 1 < w.size() && w[k + 1].text == "sglang.launch_server")
            return readSglangArgs(command, k + 2, fileName);
        if (name == "llama-server")
            return readLlamaServerArgs(command, k + 1, fileName);
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
        if (entry.second.IsSequence() && key == "cuda-graph-sizes") {
            // The sizes, one word each (an item that is not a number is refused by name).
            command.words.push_back({ "--" + key, line });
            for (const auto& item : entry.second)
                command.words.push_back({ yamlText(item), line });
            continue;
        }
        if (entry.second.IsMap() && key == "compilation-config") {
            // Its capture sizes as the command's JSON (the other settings are stated as ignored).
            nlohmann::json config = nlohmann::json::object();
            for (const auto& setting : entry.second) {
                const std::string name = setting.first.as<std::string>();
                nlohmann::json& value = config[name];
                if (setting.second.IsSequence()) {
                    value = nlohmann::json::array();
                    for (const auto& item : setting.second) {
                        const auto size = item.IsScalar() ? integerText(item.Scalar()) : std::nullopt;
                        value.push_back(size ? nlohmann::json(*size) : nlohmann::json(yamlText(item)));
                    }
                } else if (setting.second.IsNull())
                    value = nullptr;
                else
                    value = yamlText(setting.second);
            }
            command.words.push_back({ "--" + key, line });
            command.words.push_back({ config.dump(), line });
            continue;
        }
        if (entry.second.IsSequence() && key == "lora-modules") {
            // One adapter per item (NAME=PATH or a mapping naming it).
            command.words.push_back({ "--" + key, line });
            for (const auto& item : entry.second)
                command.words.push_back({ yamlText(item), line });
            continue;
        }
        if (entry.second.IsSequence() || entry.second.IsMap()) {
            // A flag that sets a plan field takes one value, a switch none: a list or mapping there is refused by
            // name. Any other flag is ignored with the file's own text as its value.
            const auto known = vllmFlags().find("--" + key);
            if (known != vllmFlags().end() && (known->second.planField || !known->second.takesValue))
                return ImportBuilder("vllm", fileName, true)
                    .error("--" + key, line, Words { words::kNeedsValueNotList });
            command.words.push_back({ "--" + key, line });
            command.words.push_back({ yamlText(entry.second), line });
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

// LLM API options (tensorrt_llm/llmapi/llm_args.py) a YAML of `trtllm-serve --config` sets: the plan field each
// sets, or why it is ignored.
struct TrtllmOption {
    const char* planField;
    ReasonTemplate reason;
};

const std::map<std::string, TrtllmOption>& trtllmOptions()
{
    static const std::map<std::string, TrtllmOption> options {
        { "model", { "model", nullptr } },
        { "tensor_parallel_size", { "workload.parallelism.tensor", nullptr } },
        { "pipeline_parallel_size", { "workload.parallelism.pipeline", nullptr } },
        { "max_batch_size", { "workload.serving.engine.max_num_seqs", nullptr } },
        { "max_num_tokens", { "workload.serving.engine.max_num_batched_tokens", nullptr } },
        { "max_seq_len", { "workload.serving.engine.max_model_len", nullptr } },
        { "dtype", { "workload.precision", nullptr } },
        { "kv_cache_config.free_gpu_memory_fraction", { "workload.serving.engine.gpu_memory_utilization", nullptr } },
        { "kv_cache_config.dtype", { "workload.serving.kv_cache_precision", nullptr } },
        { "kv_cache_config.tokens_per_block", { "workload.serving.engine.block_size", nullptr } },
        { "kv_cache_config.enable_block_reuse", { nullptr, words::kIgnoredHitRateDependsOnTraffic } },
        { "kv_cache_config.max_tokens", { nullptr, words::kIgnoredKvTokenCap } },
        { "moe_expert_parallel_size", { nullptr, kTrtllmExperts } },
        { "enable_attention_dp", { nullptr, words::kIgnoredAttentionDataParallel } },
        { "cuda_graph_config", { nullptr, words::kIgnoredCudaGraphs } },
        { "moe_config", { nullptr, words::kIgnoredMoeKernelBackend } },
        { "enable_chunked_prefill", { nullptr, words::kIgnoredChunksToMaxNumTokens } },
        { "stream_interval", { nullptr, words::kIgnoredStreamInterval } },
        { "trust_remote_code", { nullptr, kTrtllmServer } },
        { "backend", { nullptr, words::kIgnoredRuntimeBackend } },
        { "print_iter_log", { nullptr, words::kIgnoredLogging } },
        { "disable_overlap_scheduler", { nullptr, words::kIgnoredSchedulerOverlap } },
        { "speculative_config", { nullptr, words::kIgnoredSpeculativeDecoding } },
    };
    return options;
}

// cuda_graph_config with enable_padding true and its batch_sizes listed (CudaGraphConfig, llm_args.py): TensorRT-LLM
// pads each generation-only batch up to the next listed size, the plan's workload.serving.engine.cuda_graph_batch_sizes
// (sorted, each size once). Without padding, or with the sizes generated from max_batch_size, it is ignored.
bool readTrtllmGraphSizes(ImportBuilder& out, int line, const YAML::Node& node)
{
    const YAML::Node padding = node["enable_padding"];
    const YAML::Node sizes = node["batch_sizes"];
    if (!padding || !padding.IsScalar() || padding.Scalar() != "true" || !sizes || !sizes.IsSequence())
        return false;
    std::set<double> sorted;
    for (const auto& size : sizes) {
        const auto value = size.IsScalar() ? numberText(size.Scalar()) : std::nullopt;
        if (!value)
            return false;
        sorted.insert(*value);
    }
    // Whole sizes as integers; any other number goes to the plan as read, whose check names the item.
    nlohmann::json list = nlohmann::json::array();
    for (double size : sorted)
        list.push_back(size == std::floor(size) && std::fabs(size) < 1e15 ? nlohmann::json(static_cast<long long>(size))
                                                                          : nlohmann::json(size));
    out.set("workload.serving.engine.cuda_graph_batch_sizes", list, "cuda_graph_config.batch_sizes", line);
    return true;
}

void readTrtllmOption(
    ImportBuilder& out, const std::string& key, int line, const YAML::Node& node, Expected<bool>& status)
{
    if (!status)
        return;
    if (key == "cuda_graph_config" && node.IsMap() && readTrtllmGraphSizes(out, line, node))
        return;
    const auto& table = trtllmOptions();
    auto known = table.find(key);
    if (known == table.end() && node.IsMap() && key.find('.') == std::string::npos) {
        for (const auto& entry : node)
            readTrtllmOption(
                out, key + "." + entry.first.as<std::string>(), yamlLine(entry.first), entry.second, status);
        return;
    }
    if (known == table.end()) {
        out.ignore(key, line, Words { words::kIgnoredTrtllmOption });
        return;
    }
    if (!known->second.planField) {
        out.ignore(key, line, Words { known->second.reason.text });
        return;
    }
    if (!node.IsScalar()) {
        status = out.error(key, line, Words { words::kNeedsValueNotList });
        return;
    }
    // dtype and kv_cache_config.dtype: the names mapServingValue reads (modelDtypes(), kvCacheDtypes()).
    if (auto mapped = mapServingValue(out, known->second.planField, key, node.Scalar(), line); !mapped)
        status = mapped.error();
}

} // namespace

Expected<LaunchImport> readTrtllmYaml(const YAML::Node& document, const std::string& fileName)
{
    ImportBuilder out("tensorrt-llm", fileName, true);
    out.set("workload.serving.engine.name", "tensorrt-llm", words::kFieldLlmApiOptions, 1);
    Expected<bool> status = true;
    for (const auto& entry : document)
        readTrtllmOption(out, entry.first.as<std::string>(), yamlLine(entry.first), entry.second, status);
    if (!status)
        return status.error();
    return out.take();
}

bool isTrtllmOptions(const YAML::Node& document)
{
    for (const char* key : { "kv_cache_config", "cuda_graph_config", "max_num_tokens", "moe_config",
             "enable_attention_dp", "moe_expert_parallel_size", "max_batch_size", "build_config" })
        if (document[key])
            return true;
    return false;
}

namespace
{

struct EngineValues {
    // The plan's precision of the weights and activations the engine runs (fp8 weights: bf16 with --quantization
    // fp8), as modelDtypes() names it; each writer spells it its engine's way (dtypeText()).
    std::string dtype;
    std::optional<std::string> quantization;
    std::optional<std::string> kvCache; // the plan's KV precision where the command states it (each engine spells it)
    long long maxModelLen = 0;
    int maxNumSeqs = 0;
    int maxNumBatchedTokens = 0;
    int blockSize = 0;
    double gpuMemoryUtilization = 0;
};

// The plan's precision ("bf16", "fp16", "fp32") as an engine's model dtypes (modelDtypes()) spell it: the first of its
// names that sets it, so a written file reads back to the same precision.
std::string dtypeText(const AcceptedValues& dtypes, const std::string& precision)
{
    const AcceptedValue* name = dtypes.spelling(precision);
    return name ? name->text : "auto";
}

EngineValues engineValues(const LaunchTarget& t, std::vector<std::string>& notes)
{
    const auto& s = *t.result.serving;
    const Workload& w = t.plan.workload;
    EngineValues e;
    e.dtype = w.precision == Precision::Fp16 ? "fp16" : w.precision == Precision::Fp32 ? "fp32" : "bf16";
    if (w.weightFormat == WeightFormat::Fp8 || w.precision == Precision::Fp8)
        e.quantization = "fp8";
    else if (w.weightFormat == WeightFormat::Mxfp4)
        e.quantization = "mxfp4";
    else if (w.weightFormat == WeightFormat::Int4)
        e.quantization = "awq";
    else if (w.weightFormat != WeightFormat::Same)
        notes.push_back(
            "weights: " + std::string(toString(w.weightFormat)) + " needs a quantized checkpoint of the model");
    // A quantized cache the plan states, by its plan name (each writer spells it its engine's way); a 16-bit one is
    // the engine's auto (the model dtype).
    if (const auto kv = w.serving.kvCachePrecision; kv && kvCacheLayout(*kv).valueBytes < 2)
        e.kvCache = std::string(toString(*kv));
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

// A KV cache the plan states that the engine has no dtype for (kvCacheDtypes): the file keeps the engine's default.
std::string unwrittenKvCacheNote(const std::string& kv, const std::string& engine)
{
    return "kv cache: " + engine + " has no KV cache dtype for the plan's " + kv
        + "; the file keeps the engine's default (the model dtype): check the KV capacity it reports";
}

// vLLM's max_lora_rank takes one of these (vllm/config/lora.py @a78dc92f, MaxLoRARanks).
constexpr int kVllmLoraRanks[] = { 1, 8, 16, 32, 64, 128, 256, 320, 512 };

// The served adapters' engine settings (the plan's or the engine's defaults, as the answer ran them); none without.
struct LoraValues {
    bool on = false;
    int adapters = 0, rank = 0, maxLoras = 0, maxCpuLoras = 0;
    std::vector<std::string> targets;
};

LoraValues loraValues(const LaunchTarget& t)
{
    const ServingResult& s = *t.result.serving;
    LoraValues v;
    v.on = s.loraAdapters > 0;
    v.adapters = s.loraAdapters;
    v.rank = s.loraRank;
    v.maxLoras = s.loraMaxLoras;
    v.maxCpuLoras = std::max(s.loraMaxCpuLoras, s.loraMaxLoras); // both engines refuse fewer host than GPU adapters
    v.targets = loraTargetModules(t.plan.workload.serving.lora.targets);
    return v;
}

std::string adaptersNote(const LoraValues& v, const std::string& listFlag)
{
    return "LoRA: " + std::to_string(v.adapters) + " adapters of rank " + std::to_string(v.rank)
        + " were planned; name them with " + listFlag
        + " NAME=PATH (one per adapter) or load them while the server runs";
}

// The plan's capture sizes (workload.serving.engine.cuda_graph_batch_sizes) where it states them and they differ
// from `engine`'s default (the catalog's), with graphs on; else nothing is written and the engine keeps its own.
std::optional<std::vector<int>> statedGraphSizes(const LaunchTarget& t, const std::string& engine)
{
    const ServingEngine& e = t.plan.workload.serving.engine;
    if (!e.cudaGraphs || !e.cudaGraphBatchSizes || *e.cudaGraphBatchSizes == servingGraphSizesDefault(engine))
        return std::nullopt;
    return e.cudaGraphBatchSizes;
}

std::string sizesText(const std::vector<int>& sizes, const char* separator)
{
    std::string text;
    for (int size : sizes)
        text += (text.empty() ? "" : separator) + std::to_string(size);
    return text;
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
    const auto dtypes = modelDtypes(ServingEngineKind::Vllm);
    const auto kvDtypes = kvCacheDtypes(ServingEngineKind::Vllm);
    if (!dtypes)
        return dtypes.error();
    if (!kvDtypes)
        return kvDtypes.error();
    const Configuration& c = target.result.configuration;
    const EngineValues e = engineValues(target, result.notes);
    std::vector<std::pair<std::string, std::string>> args { { "tensor-parallel-size", std::to_string(c.tensor) },
        { "pipeline-parallel-size", std::to_string(c.pipeline) }, { "dtype", dtypeText(**dtypes, e.dtype) },
        { "max-model-len", std::to_string(e.maxModelLen) }, { "max-num-seqs", std::to_string(e.maxNumSeqs) },
        { "max-num-batched-tokens", std::to_string(e.maxNumBatchedTokens) },
        { "block-size", std::to_string(e.blockSize) },
        { "gpu-memory-utilization", roundedFraction(e.gpuMemoryUtilization) } };
    if (e.quantization)
        args.push_back({ "quantization", *e.quantization });
    if (const AcceptedValue* kv = e.kvCache ? (*kvDtypes)->spelling(*e.kvCache) : nullptr)
        args.push_back({ "kv-cache-dtype", kv->text });
    else if (e.kvCache)
        result.notes.push_back(unwrittenKvCacheNote(*e.kvCache, "vLLM"));
    if (!target.plan.workload.serving.engine.cudaGraphs)
        args.push_back({ "enforce-eager", "" }); // planned without CUDA graphs (workload.serving.engine.cuda_graphs)
    // Two or more sizes are --cuda-graph-sizes' list (one value there means "the defaults up to it"); one or none go
    // in the compilation config's cudagraph_capture_sizes, which vLLM captures as given.
    if (const auto sizes = statedGraphSizes(target, "vllm"); sizes && sizes->size() >= 2)
        args.push_back({ "cuda-graph-sizes", sizesText(*sizes, " ") });
    else if (sizes)
        args.push_back({ "compilation-config", "{\"cudagraph_capture_sizes\": [" + sizesText(*sizes, ", ") + "]}" });
    if (const LoraValues lora = loraValues(target); lora.on) {
        // Every supported module gets the slots (no --lora-target-modules), as the planned memory counts them.
        const int* rank = std::lower_bound(std::begin(kVllmLoraRanks), std::end(kVllmLoraRanks), lora.rank);
        const int written = rank == std::end(kVllmLoraRanks) ? kVllmLoraRanks[std::size(kVllmLoraRanks) - 1] : *rank;
        if (written != lora.rank)
            result.notes.push_back("LoRA: vLLM's --max-lora-rank takes 1, 8, 16, 32, 64, 128, 256, 320 or 512: rank "
                + std::to_string(lora.rank) + " is written as " + std::to_string(written)
                + (written > lora.rank ? ", whose slots take more memory than planned" : ", below the planned rank"));
        args.insert(args.end(),
            { { "enable-lora", "" }, { "max-loras", std::to_string(lora.maxLoras) },
                { "max-lora-rank", std::to_string(written) }, { "max-cpu-loras", std::to_string(lora.maxCpuLoras) } });
        result.notes.push_back(adaptersNote(lora, "--lora-modules"));
    }
    const std::string header = commentHeader(target, "#", result.notes);
    std::string script
        = "#!/usr/bin/env bash\n" + header + "set -euo pipefail\nvllm serve " + shellQuote(target.modelId);
    YAML::Emitter yaml;
    yaml << YAML::BeginMap << YAML::Key << "model" << YAML::Value << target.modelId;
    for (const auto& [flag, value] : args) {
        if (value.empty()) { // a switch
            script += " \\\n    --" + flag;
            yaml << YAML::Key << flag << YAML::Value << true;
            continue;
        }
        if (flag == "compilation-config") { // JSON: the YAML keeps the text, which vLLM passes to the flag as is
            script += " \\\n    --" + flag + " " + shellQuote(value);
            yaml << YAML::Key << flag << YAML::Value << YAML::SingleQuoted << value;
            continue;
        }
        if (flag == "cuda-graph-sizes") { // a list: one word each, a YAML sequence
            script += " \\\n    --" + flag + " " + value;
            yaml << YAML::Key << flag << YAML::Value << YAML::Flow << YAML::BeginSeq;
            std::istringstream sizes(value);
            for (long long size = 0; sizes >> size;)
                yaml << size;
            yaml << YAML::EndSeq;
            continue;
        }
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
    const auto dtypes = modelDtypes(ServingEngineKind::Sglang);
    const auto kvDtypes = kvCacheDtypes(ServingEngineKind::Sglang);
    if (!dtypes)
        return dtypes.error();
    if (!kvDtypes)
        return kvDtypes.error();
    const Configuration& c = target.result.configuration;
    const EngineValues e = engineValues(target, result.notes);
    // Planned for SGLang, the engine's share is its --mem-fraction-static; planned for another engine, the share
    // means something else there and SGLang keeps its own default.
    const bool plannedForSglang = target.plan.workload.serving.engine.kind == ServingEngineKind::Sglang;
    if (!plannedForSglang)
        result.notes.push_back("memory: the plan was answered for another engine; SGLang sizes its KV pool with its "
                               "own --mem-fraction-static default: check the pool it reports at start");
    const auto& r = target.result;
    const LoraValues lora = loraValues(target);
    std::string loraFlags;
    if (lora.on) {
        loraFlags = " \\\n    --enable-lora --max-loras-per-batch " + std::to_string(lora.maxLoras)
            + " --max-lora-rank " + std::to_string(lora.rank) + " \\\n    --max-loaded-loras "
            + std::to_string(lora.maxCpuLoras) + " --lora-target-modules";
        for (const std::string& m : lora.targets)
            loraFlags += " " + std::string(m == "all-linear" ? "all" : m);
        result.notes.push_back(adaptersNote(lora, "--lora-paths"));
    }
    // The plan's capture sizes where they are not SGLang's default: --cuda-graph-bs, or for none padded ([])
    // --disable-cuda-graph-padding (a batch runs a graph only at a captured size, else eagerly: none is padded).
    const auto graphSizes = statedGraphSizes(target, "sglang");
    for (int node = 0; node < r.nodes; ++node) {
        std::string script = "#!/usr/bin/env bash\n" + commentHeader(target, "#", result.notes) + "set -euo pipefail\n"
            + "python3 -m sglang.launch_server --model-path " + shellQuote(target.modelId) + " \\\n    --tp-size "
            + std::to_string(c.tensor) + " \\\n    --pp-size " + std::to_string(c.pipeline) + " \\\n    --dtype "
            + dtypeText(**dtypes, e.dtype) + " \\\n    --context-length " + std::to_string(e.maxModelLen)
            + " \\\n    --max-running-requests " + std::to_string(e.maxNumSeqs) + " \\\n    --chunked-prefill-size "
            + std::to_string(e.maxNumBatchedTokens) + " \\\n    --page-size " + std::to_string(e.blockSize);
        if (plannedForSglang)
            script += " \\\n    --mem-fraction-static " + roundedFraction(e.gpuMemoryUtilization);
        if (e.quantization)
            script += " \\\n    --quantization " + *e.quantization;
        if (const AcceptedValue* kv = e.kvCache ? (*kvDtypes)->spelling(*e.kvCache) : nullptr)
            script += " \\\n    --kv-cache-dtype " + std::string(kv->text);
        else if (e.kvCache && node == 0)
            result.notes.push_back(unwrittenKvCacheNote(*e.kvCache, "SGLang"));
        if (!target.plan.workload.serving.engine.cudaGraphs)
            script += " \\\n    --disable-cuda-graph";
        if (graphSizes)
            script += graphSizes->empty() ? " \\\n    --disable-cuda-graph-padding"
                                          : " \\\n    --cuda-graph-bs " + sizesText(*graphSizes, " ");
        script += loraFlags;
        if (r.nodes > 1)
            script += " \\\n    --nnodes " + std::to_string(r.nodes) + " --node-rank " + std::to_string(node)
                + " --dist-init-addr \"${DIST_INIT_ADDR:?set to the address:port of node 0}\"";
        result.files.push_back({ "sglang-node" + std::to_string(node) + ".sh", script + "\n" });
    }
    return result;
}

} // namespace gp::launch
