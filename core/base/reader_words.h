// The words of the file readers' refusals that the window can show: the JSON reader, the launch-file readers
// (launch/), the Hugging Face config.json import (transformer/hf_config_import.cpp), the cloud price export import
// (catalog/catalog_import.cpp) and the budget reader (budget/budget_parse.cpp). Like base/error_words.h (the plan's
// and the estimator's templates), each is the English template with its arguments %1, %2 ..., marked for
// translation in the "CoreError" context; the core fills it for its English message (Error::message, what the CLI
// prints) and keeps it in Error::words, and the window words it in its language (ui/core_text.cpp: CoreText::error).
// A file of its own so that a reader's new message rebuilds the readers, not every file that includes a plan.
#pragma once

#include "base/translate_noop.h"

namespace gp::words
{

// A JSON document (base/json_reader.cpp: parseJsonDocument and JsonReader).
inline constexpr const char* kJsonNulByte = GP_TRANSLATE_NOOP("CoreError", "not valid JSON: a NUL byte at line %1");
inline constexpr const char* kJsonTooDeep
    = GP_TRANSLATE_NOOP("CoreError", "not valid JSON: nested deeper than %1 levels at line %2");
// %3: the JSON library's own reason (English).
inline constexpr const char* kJsonSyntaxAt = GP_TRANSLATE_NOOP("CoreError", "not valid JSON at line %1, column %2: %3");
inline constexpr const char* kJsonNumberTooLargeAt
    = GP_TRANSLATE_NOOP("CoreError", "not valid JSON at line %1, column %2: the number %3 is too large for a double");
inline constexpr const char* kJsonNumberTooLarge
    = GP_TRANSLATE_NOOP("CoreError", "not valid JSON: a number is too large for a double");
inline constexpr const char* kIsTheFileComplete = GP_TRANSLATE_NOOP("CoreError", " (is the file complete?)");
inline constexpr const char* kObjectGot = GP_TRANSLATE_NOOP("CoreError", "must be an object, got %1");
inline constexpr const char* kStringGot = GP_TRANSLATE_NOOP("CoreError", "must be a string, got %1");
inline constexpr const char* kNotEmpty = GP_TRANSLATE_NOOP("CoreError", "must not be empty");
inline constexpr const char* kStringListGot = GP_TRANSLATE_NOOP("CoreError", "must be an array of strings, got %1");
inline constexpr const char* kUnknownValueExpected
    = GP_TRANSLATE_NOOP("CoreError", "unknown value \"%1\"; expected one of: %2");
inline constexpr const char* kMustBeAnObject = GP_TRANSLATE_NOOP("CoreError", "must be an object");
// A number the file wrote in quotes ("hidden_size": "4096"): "must be a number, got "4096"" read as a contradiction.
inline constexpr const char* kNumberWrittenAsText
    = GP_TRANSLATE_NOOP("CoreError", "is a number written as text (%1); write it without quotes");

// Launch files (launch/*.cpp, launch/shell_words.cpp).
inline constexpr const char* kNotUtf8
    = GP_TRANSLATE_NOOP("CoreError", "not UTF-8 text (byte %1); save the file as UTF-8");
inline constexpr const char* kNulByteNotText = GP_TRANSLATE_NOOP("CoreError", "a NUL byte is not text");
inline constexpr const char* kControlByteNotText
    = GP_TRANSLATE_NOOP("CoreError", "a control character (byte %1) is not text");
inline constexpr const char* kNotValidToml = GP_TRANSLATE_NOOP("CoreError", "not valid TOML: %1");
inline constexpr const char* kNotValidYaml = GP_TRANSLATE_NOOP("CoreError", "not valid YAML: %1");
inline constexpr const char* kYamlTabIndent
    = GP_TRANSLATE_NOOP("CoreError", "a tab indents this line; YAML indents with spaces only");
inline constexpr const char* kYamlListWhereValue
    = GP_TRANSLATE_NOOP("CoreError", "a list or a mapping where a name or a value belongs (%1)");
inline constexpr const char* kLaunchYamlNotMapping
    = GP_TRANSLATE_NOOP("CoreError", "a launch YAML is a mapping of fields; this file is not");
inline constexpr const char* kNotLaunchFile
    = GP_TRANSLATE_NOOP("CoreError", "not a launch file GPU Planner reads (no training or serving fields)");
inline constexpr const char* kNoLaunchCommand = GP_TRANSLATE_NOOP("CoreError",
    "no launch command found (vllm serve, python -m sglang.launch_server, trtllm-serve, or a Megatron "
    "pretrain_*.py run)");
inline constexpr const char* kNoContainerCommand
    = GP_TRANSLATE_NOOP("CoreError", "no container runs a launch command GPU Planner reads");
inline constexpr const char* kDeepSpeedIsObject = GP_TRANSLATE_NOOP("CoreError", "a DeepSpeed config is a JSON object");
inline constexpr const char* kNotDeepSpeed = GP_TRANSLATE_NOOP(
    "CoreError", "not a DeepSpeed config (no zero_optimization or batch fields); a JSON launch file must be one");
inline constexpr const char* kWholeNumberAtLeastOne
    = GP_TRANSLATE_NOOP("CoreError", "must be a whole number of at least 1");
inline constexpr const char* kWholeNumberAtLeastOneGot
    = GP_TRANSLATE_NOOP("CoreError", "must be a whole number of at least 1, got \"%1\"");
inline constexpr const char* kExpectedFlagOf = GP_TRANSLATE_NOOP("CoreError", "expected a --flag of %1 here");
inline constexpr const char* kExpectedLlamaServerFlag
    = GP_TRANSLATE_NOOP("CoreError", "expected a flag of llama-server here");
inline constexpr const char* kNotMegatronFlag
    = GP_TRANSLATE_NOOP("CoreError", "not a Megatron-LM flag (megatron/training/arguments.py at commit %1)");
inline constexpr const char* kNeedsValue = GP_TRANSLATE_NOOP("CoreError", "needs a value");
inline constexpr const char* kNeedsValueNotList
    = GP_TRANSLATE_NOOP("CoreError", "needs a value, got a list or a mapping");
inline constexpr const char* kNeedsNumberGot = GP_TRANSLATE_NOOP("CoreError", "needs a number, got \"%1\"");
inline constexpr const char* kNeedsLayersGot = GP_TRANSLATE_NOOP("CoreError", "needs a number of layers, got \"%1\"");
inline constexpr const char* kNeedsPositiveWholeGot
    = GP_TRANSLATE_NOOP("CoreError", "needs a positive whole number, got \"%1\"");
inline constexpr const char* kPlanFieldSuffix = GP_TRANSLATE_NOOP("CoreError", " (plan field %1)");
inline constexpr const char* kUnterminatedSingleQuote = GP_TRANSLATE_NOOP("CoreError", "unterminated ' quote");
inline constexpr const char* kUnterminatedDoubleQuote = GP_TRANSLATE_NOOP("CoreError", "unterminated \" quote");
inline constexpr const char* kUnterminatedArray = GP_TRANSLATE_NOOP("CoreError", "unterminated array %1=( ... )");
inline constexpr const char* kUnterminatedSubstitution = GP_TRANSLATE_NOOP("CoreError", "unterminated %1");

// Why the launch import left a field out (LaunchIgnoredField::words; the review dialog's "Ignored" list): every
// launch reader words its reasons from these templates (ImportBuilder::ignore takes Words only), Megatron-LM
// scripts and the script notes first, then the serving engines, the training readers and llama-server below.
inline constexpr const char* kIgnoredOff = GP_TRANSLATE_NOOP("CoreError", "off");
inline constexpr const char* kIgnoredHyperParameter
    = GP_TRANSLATE_NOOP("CoreError", "optimizer or initialisation hyper-parameter: no effect on memory or time");
inline constexpr const char* kIgnoredRunFiles = GP_TRANSLATE_NOOP(
    "CoreError", "logging, evaluation or checkpoint files: no effect on the planned memory or time");
inline constexpr const char* kIgnoredDataFiles
    = GP_TRANSLATE_NOOP("CoreError", "data and tokenizer files: data loading is assumptions.disk_throughput_mbps");
inline constexpr const char* kIgnoredOverlap = GP_TRANSLATE_NOOP(
    "CoreError", "communication overlap and buckets: assumptions.communication_overlap covers them");
inline constexpr const char* kIgnoredMegatronFlag
    = GP_TRANSLATE_NOOP("CoreError", "a Megatron-LM flag GPU Planner does not model");
inline constexpr const char* kIgnoredMegatronArgument
    = GP_TRANSLATE_NOOP("CoreError", "not a Megatron-LM argument GPU Planner reads");
inline constexpr const char* kIgnoredOtherFlexSms = GP_TRANSLATE_NOOP("CoreError",
    "the SMs of the other flex dispatcher backend (Megatron-LM reads each backend's own, or "
    "--moe-flex-dispatcher-num-sms)");
inline constexpr const char* kIgnoredRecomputeModule = GP_TRANSLATE_NOOP(
    "CoreError", "a recompute module GPU Planner does not model (its activations are counted as kept)");
inline constexpr const char* kIgnoredMomentWidths = GP_TRANSLATE_NOOP("CoreError",
    "moments at different or fp8 widths are not modelled: both are counted at fp32 unless both are 16-bit");
inline constexpr const char* kIgnoredGradientWidth
    = GP_TRANSLATE_NOOP("CoreError", "not a gradient width GPU Planner reads");
inline constexpr const char* kIgnoredLauncherOption
    = GP_TRANSLATE_NOOP("CoreError", "launcher option: the planner chooses the nodes and GPUs (candidates[].nodes)");
inline constexpr const char* kIgnoredNotPreset = GP_TRANSLATE_NOOP("CoreError",
    "\"%1\" is not one of the model library's presets; choose the model in the plan (or import its config.json)");
inline constexpr const char* kIgnoredSubstitution = GP_TRANSLATE_NOOP("CoreError", "%1 is not evaluated");
inline constexpr const char* kIgnoredCondition
    = GP_TRANSLATE_NOOP("CoreError", "condition \"%1\" is not evaluated (counted false)");

// The serving engines' reasons (launch/serving_formats.cpp: vLLM, SGLang, TensorRT-LLM).
inline constexpr const char* kIgnoredEngineCopies = GP_TRANSLATE_NOOP(
    "CoreError", "engine copies are replicas: the planner sizes workload.serving.replicas for the load");
inline constexpr const char* kIgnoredExpertsOverTensor = GP_TRANSLATE_NOOP(
    "CoreError", "experts are spread over the tensor-parallel GPUs here (workload.parallelism.expert)");
inline constexpr const char* kIgnoredHitRateDependsOnTraffic = GP_TRANSLATE_NOOP(
    "CoreError", "the hit rate depends on the traffic: set workload.serving.engine.prefix_cache_hit_rate");
inline constexpr const char* kIgnoredNoPrefixCache
    = GP_TRANSLATE_NOOP("CoreError", "no prefix cache: the plan's prefix_cache_hit_rate 0 is the same");
inline constexpr const char* kIgnoredChunksToBatchedTokens
    = GP_TRANSLATE_NOOP("CoreError", "the serving model always chunks prefills to max_num_batched_tokens (vLLM V1)");
inline constexpr const char* kIgnoredServerSetting
    = GP_TRANSLATE_NOOP("CoreError", "server setting: no effect on memory or speed");
inline constexpr const char* kIgnoredLogging = GP_TRANSLATE_NOOP("CoreError", "logging: no effect on memory or speed");
inline constexpr const char* kIgnoredApiFeature
    = GP_TRANSLATE_NOOP("CoreError", "API feature: no effect on memory or speed");
inline constexpr const char* kIgnoredApiDocumentation
    = GP_TRANSLATE_NOOP("CoreError", "API documentation: no effect on memory or speed");
inline constexpr const char* kIgnoredLoraSlotsSharded = GP_TRANSLATE_NOOP(
    "CoreError", "the slots are sharded as vLLM's default (half the LoRA computation tensor-parallel)");
inline constexpr const char* kIgnoredNodes
    = GP_TRANSLATE_NOOP("CoreError", "nodes: the planner chooses the candidate's node count");
inline constexpr const char* kIgnoredNodeRank
    = GP_TRANSLATE_NOOP("CoreError", "which node this command runs on: one command per node");
inline constexpr const char* kIgnoredFirstNodeAddress
    = GP_TRANSLATE_NOOP("CoreError", "the first node's address: no effect on memory or speed");
inline constexpr const char* kIgnoredCompilation
    = GP_TRANSLATE_NOOP("CoreError", "compilation is in the catalog's per-step overhead");
inline constexpr const char* kIgnoredLoraKernelTime
    = GP_TRANSLATE_NOOP("CoreError", "the LoRA kernels' time is the catalog's serving.lora kernel latency");
inline constexpr const char* kIgnoredAdapterEviction = GP_TRANSLATE_NOOP(
    "CoreError", "adapters leave the GPU slots least recently used, as the serving model counts them");
inline constexpr const char* kIgnoredServingContextParallel
    = GP_TRANSLATE_NOOP("CoreError", "context parallelism of serving is not modelled");
inline constexpr const char* kIgnoredGpusPerNode
    = GP_TRANSLATE_NOOP("CoreError", "GPUs per node: the candidate's node gives them");
inline constexpr const char* kIgnoredBeamSearch
    = GP_TRANSLATE_NOOP("CoreError", "beam search is not modelled: one sequence per request");
inline constexpr const char* kIgnoredRuntimeBackend = GP_TRANSLATE_NOOP(
    "CoreError", "runtime backend: the catalog's TensorRT-LLM defaults are those of its PyTorch backend");
inline constexpr const char* kIgnoredChunksToTokenBudget
    = GP_TRANSLATE_NOOP("CoreError", "the serving model always chunks prefills to the step's token budget");
inline constexpr const char* kIgnoredFrontEndWorkers
    = GP_TRANSLATE_NOOP("CoreError", "front-end workers: in the catalog's per-request overhead");
inline constexpr const char* kIgnoredKvTokenCap = GP_TRANSLATE_NOOP(
    "CoreError", "a cap on the KV tokens: the serving model sizes the cache from free_gpu_memory_fraction");
inline constexpr const char* kIgnoredAttentionDataParallel
    = GP_TRANSLATE_NOOP("CoreError", "attention data parallelism is not modelled: attention runs tensor-parallel here");
inline constexpr const char* kIgnoredCudaGraphs
    = GP_TRANSLATE_NOOP("CoreError", "CUDA graphs are in the catalog's per-step overhead");
// The engines' capture-size flags (vLLM --cuda-graph-sizes / compilation config, SGLang --cuda-graph-bs /
// --cuda-graph-max-bs) that the plan's workload.serving.engine.cuda_graph_batch_sizes does not take.
inline constexpr const char* kIgnoredGraphSizesPastDefault = GP_TRANSLATE_NOOP("CoreError",
    "the plan generates the engine's capture sizes only up to %1 (catalog serving.engine.%2.cuda_graph_batch_sizes): "
    "list the sizes themselves for a larger one");
inline constexpr const char* kIgnoredGraphSizesOverridden
    = GP_TRANSLATE_NOOP("CoreError", "%1 gives the capture sizes, which the engine takes instead");
inline constexpr const char* kIgnoredGraphSizesWithoutPadding = GP_TRANSLATE_NOOP("CoreError",
    "with --disable-cuda-graph-padding no batch is padded (the plan's []): these sizes only choose which batches run "
    "a graph, which the catalog's per-step overhead stands for");
inline constexpr const char* kIgnoredGraphSizesSpeculative = GP_TRANSLATE_NOOP("CoreError",
    "with speculative decoding SGLang generates other sizes up to this than the catalog's default list: list the sizes "
    "themselves (--cuda-graph-bs)");
inline constexpr const char* kIgnoredNewerVllmLargestSize = GP_TRANSLATE_NOOP("CoreError",
    "vLLM 0.11 and later generate their sizes up to this by another rule than the catalog's vLLM 0.10 list: list the "
    "sizes themselves (cudagraph_capture_sizes)");
inline constexpr const char* kIgnoredCompilationOtherThanSizes = GP_TRANSLATE_NOOP(
    "CoreError", "compilation settings other than cudagraph_capture_sizes are in the catalog's per-step overhead");
inline constexpr const char* kIgnoredMoeKernelBackend
    = GP_TRANSLATE_NOOP("CoreError", "the MoE kernel backend: the catalog's MoE efficiencies stand for it");
inline constexpr const char* kIgnoredChunksToMaxNumTokens = GP_TRANSLATE_NOOP(
    "CoreError", "the serving model always chunks prefills to the step's token budget (max_num_tokens)");
inline constexpr const char* kIgnoredStreamInterval
    = GP_TRANSLATE_NOOP("CoreError", "how often tokens are streamed to the client: no effect on the steps");
inline constexpr const char* kIgnoredSchedulerOverlap = GP_TRANSLATE_NOOP(
    "CoreError", "the overlap of CPU scheduling with the GPU step is in the catalog's per-step overhead");
inline constexpr const char* kIgnoredSpeculativeDecoding
    = GP_TRANSLATE_NOOP("CoreError", "speculative decoding is not modelled here");
inline constexpr const char* kIgnoredModelDtype
    = GP_TRANSLATE_NOOP("CoreError", "\"%1\": the model's own dtype (the plan's precision stays)");
// Megatron's first and last pipeline ranks' layers where the other ranks' do not split evenly (transformer_block.py
// asserts they do): %1 the field, %2 its value.
inline constexpr const char* kIgnoredUnevenPipelineRanks = GP_TRANSLATE_NOOP("CoreError",
    "%1 \"%2\": the other pipeline ranks' layers do not split evenly (Megatron asserts they do): the plan's layout "
    "stays");
inline constexpr const char* kIgnoredUnmodelledValue = GP_TRANSLATE_NOOP(
    "CoreError", "%1 \"%2\" is not a value GPU Planner models (it reads %3): the plan's setting stays");
// A value the engine does not take (a serving engine's KV cache dtype): %3 the engine, %4 what it takes.
inline constexpr const char* kIgnoredNotEngineValue
    = GP_TRANSLATE_NOOP("CoreError", "%1 \"%2\" is not a value %3 takes (it takes %4): the plan's setting stays");
// A KV cache dtype the engine runs whose layout GPU Planner has no KV precision for (vLLM's int4_per_token_head and
// TurboQuant packings): %4 the engine's dtypes it reads.
inline constexpr const char* kIgnoredKvDtypeNotModelled = GP_TRANSLATE_NOOP("CoreError",
    "%1 \"%2\": %3 runs this KV cache dtype, but GPU Planner has no KV precision for its layout (of %3's it reads "
    "%4): the plan's setting stays");
inline constexpr const char* kIgnoredQuantization
    = GP_TRANSLATE_NOOP("CoreError", "quantization \"%1\" is not a weight format GPU Planner models");
inline constexpr const char* kIgnoredLoraTargets = GP_TRANSLATE_NOOP("CoreError",
    "the plan's adapters target q_proj and v_proj, the four attention projections or all linear layers "
    "(workload.serving.lora.targets): set the nearest");
inline constexpr const char* kIgnoredEngineFlag
    = GP_TRANSLATE_NOOP("CoreError", "a %1 flag GPU Planner does not model");
inline constexpr const char* kIgnoredTrtllmOption
    = GP_TRANSLATE_NOOP("CoreError", "a TensorRT-LLM LLM API option GPU Planner does not model");
inline constexpr const char* kIgnoredTrtllmConfigFile = GP_TRANSLATE_NOOP("CoreError",
    "LLM API options that override these flags: import that YAML on its own (gpu-planner-cli import FILE)");
inline constexpr const char* kIgnoredLoraSwitch = GP_TRANSLATE_NOOP("CoreError",
    "LoRA is on when workload.serving.lora.adapters is above 0: the adapters the traffic uses are counted from "
    "--lora-modules (vLLM) or --lora-paths (SGLang) where the command lists them, else kept from the plan");

// What the review dialog's Field column shows where the import sets a plan field from no field of the file (its
// format, a default the framework applies, a field the file leaves out) or lists a note of a script: in parentheses,
// as the CLI prints it; the window shows it in its language (LaunchImportDialog).
inline constexpr const char* kFieldFileFormat = GP_TRANSLATE_NOOP("CoreError", "(file format)");
inline constexpr const char* kFieldScript = GP_TRANSLATE_NOOP("CoreError", "(script)");
inline constexpr const char* kFieldNoAdapter = GP_TRANSLATE_NOOP("CoreError", "(no adapter)");
inline constexpr const char* kFieldTrlDropoutDefault = GP_TRANSLATE_NOOP("CoreError", "(TRL's default lora_dropout)");
inline constexpr const char* kFieldNoDeepSpeedOrFsdp = GP_TRANSLATE_NOOP("CoreError", "(no deepspeed or fsdp)");
inline constexpr const char* kFieldLitgptPrecisionDefault
    = GP_TRANSLATE_NOOP("CoreError", "(LitGPT's default precision bf16-mixed)");
inline constexpr const char* kFieldLitgptLoraDefaults
    = GP_TRANSLATE_NOOP("CoreError", "(LitGPT's lora_query and lora_value defaults)");
inline constexpr const char* kFieldLitgptLoraLoss = GP_TRANSLATE_NOOP("CoreError", "(LitGPT's LoRA loss)");
inline constexpr const char* kFieldNoLoraFields = GP_TRANSLATE_NOOP("CoreError", "(no LoRA fields)");
inline constexpr const char* kFieldNoDistributedOptimizer
    = GP_TRANSLATE_NOOP("CoreError", "(no --use-distributed-optimizer)");
inline constexpr const char* kFieldMegatronDispatcherDefault
    = GP_TRANSLATE_NOOP("CoreError", "(no --moe-token-dispatcher-type: Megatron-LM's default)");
inline constexpr const char* kFieldNoHiddenDropout
    = GP_TRANSLATE_NOOP("CoreError", "(no --hidden-dropout: Megatron-Core's default)");
inline constexpr const char* kFieldNoAttentionDropout
    = GP_TRANSLATE_NOOP("CoreError", "(no --attention-dropout: Megatron-Core's default)");
inline constexpr const char* kFieldNoRecomputeGranularity
    = GP_TRANSLATE_NOOP("CoreError", "(no --recompute-granularity)");
inline constexpr const char* kFieldLlmApiOptions = GP_TRANSLATE_NOOP("CoreError", "(LLM API options)");

// The training readers' reasons shared by several formats (DeepSpeed, the Hugging Face trainers, LitGPT, torchtitan).
inline constexpr const char* kIgnoredOptimizerNotModelled
    = GP_TRANSLATE_NOOP("CoreError", "optimizer \"%1\" is not one GPU Planner models");
inline constexpr const char* kIgnoredTrainingOption
    = GP_TRANSLATE_NOOP("CoreError", "a training option GPU Planner does not model");
inline constexpr const char* kIgnoredOptimizerHyperParameter
    = GP_TRANSLATE_NOOP("CoreError", "optimizer hyper-parameter: no effect on memory or time");
inline constexpr const char* kIgnoredNotSet = GP_TRANSLATE_NOOP("CoreError", "not set");

// DeepSpeed configs (launch/deepspeed_format.cpp; also the Hugging Face YAML's inline `deepspeed:`).
inline constexpr const char* kIgnoredZeroBuckets = GP_TRANSLATE_NOOP(
    "CoreError", "bucket sizes, overlap and gathering: assumptions.communication_overlap covers them");
inline constexpr const char* kIgnoredPinnedBuffers
    = GP_TRANSLATE_NOOP("CoreError", "pinned buffers and NVMe paths: not modelled");
inline constexpr const char* kIgnoredNvmeAsCpu = GP_TRANSLATE_NOOP("CoreError",
    "NVMe offload is planned as CPU offload (the PCIe traffic is the same; the disk's speed is not modelled)");
inline constexpr const char* kIgnoredAutoFromTrainer
    = GP_TRANSLATE_NOOP("CoreError", "\"auto\": the Hugging Face Trainer's arguments fill it in");
inline constexpr const char* kIgnoredAutoPrecisionFromTrainer
    = GP_TRANSLATE_NOOP("CoreError", "\"auto\": the Hugging Face Trainer's bf16/fp16 decide");
inline constexpr const char* kIgnoredLossScaling
    = GP_TRANSLATE_NOOP("CoreError", "loss scaling: no effect on the planned memory or time");
inline constexpr const char* kIgnoredDeepSpeedCheckpointing = GP_TRANSLATE_NOOP(
    "CoreError", "DeepSpeed's checkpointing runs where the model code calls it; set workload.activation_checkpointing");
inline constexpr const char* kIgnoredPlannerHeader
    = GP_TRANSLATE_NOOP("CoreError", "GPU Planner's header: what the file was planned for");
inline constexpr const char* kIgnoredDeepSpeedOption
    = GP_TRANSLATE_NOOP("CoreError", "a DeepSpeed option GPU Planner does not model");

// The Hugging Face trainers' YAML (launch/hf_format.cpp: LLaMA-Factory, axolotl, TRL).
inline constexpr const char* kIgnoredQuantizedNeedsLora
    = GP_TRANSLATE_NOOP("CoreError", "quantized loading goes with a LoRA adapter here (technique qlora or lora)");
inline constexpr const char* kIgnoredNotNumber = GP_TRANSLATE_NOOP("CoreError", "not a number");
inline constexpr const char* kIgnoredNotTokenCount = GP_TRANSLATE_NOOP("CoreError", "not a number of tokens");
inline constexpr const char* kIgnoredNoShardingStrategy
    = GP_TRANSLATE_NOOP("CoreError", "no sharding strategy GPU Planner knows in \"%1\"");
inline constexpr const char* kIgnoredFsdpDetails
    = GP_TRANSLATE_NOOP("CoreError", "FSDP wrapping and state-dict details: no effect on the planned memory or time");
inline constexpr const char* kIgnoredEpochsOrSteps = GP_TRANSLATE_NOOP(
    "CoreError", "the run's length in epochs or steps: set workload.training_tokens from the data set's tokens");
inline constexpr const char* kIgnoredDataAndTemplate
    = GP_TRANSLATE_NOOP("CoreError", "data set and template: data loading is assumptions.disk_throughput_mbps");
inline constexpr const char* kIgnoredLoggingEvaluationSaving
    = GP_TRANSLATE_NOOP("CoreError", "logging, evaluation and saving: no effect on the planned memory or time");
inline constexpr const char* kIgnoredTrainingStage = GP_TRANSLATE_NOOP("CoreError",
    "the training stage: preference and RL stages (dpo, kto, ppo, rm) keep reference or reward models the plan does "
    "not count");
inline constexpr const char* kIgnoredPacking = GP_TRANSLATE_NOOP("CoreError",
    "packing fills each sequence with several examples, the tokens per sequence the plan counts; where attention "
    "stays within each example (axolotl's sample_packing with flash attention, TRL's padding_free), set "
    "workload.document_tokens to the examples' mean length");
inline constexpr const char* kIgnoredSupervisedStage
    = GP_TRANSLATE_NOOP("CoreError", "supervised fine-tuning or pre-training: the plan's training workload as it is");
inline constexpr const char* kIgnoredDeepSpeedFile = GP_TRANSLATE_NOOP(
    "CoreError", "the DeepSpeed config is another file (%1): import it as well, or write it inline here");

// LitGPT's YAML configs (launch/litgpt_format.cpp).
// %2: the precision names LitGPT's Fabric takes that GPU Planner reads.
inline constexpr const char* kLitgptPrecisionNotRead
    = GP_TRANSLATE_NOOP("CoreError", "LitGPT precision \"%1\" is not one GPU Planner reads (%2)");
inline constexpr const char* kTrainArgsMapping = GP_TRANSLATE_NOOP(
    "CoreError", "must be a mapping of TrainArgs fields (global_batch_size, micro_batch_size, ...)");
inline constexpr const char* kIgnoredOptimizerSteps = GP_TRANSLATE_NOOP(
    "CoreError", "the run's length in optimizer steps: set workload.training_tokens from the data's tokens");
inline constexpr const char* kIgnoredLoggingSaving
    = GP_TRANSLATE_NOOP("CoreError", "logging and saving: no effect on the planned memory or time");
inline constexpr const char* kIgnoredModelTying
    = GP_TRANSLATE_NOOP("CoreError", "the model's tying: the preset's architecture states it");
inline constexpr const char* kIgnoredDataAndTokenizer
    = GP_TRANSLATE_NOOP("CoreError", "data set and tokenizer: data loading is assumptions.disk_throughput_mbps");
inline constexpr const char* kIgnoredLitgptEvaluation
    = GP_TRANSLATE_NOOP("CoreError", "evaluation: the stack's default evaluation (EvalArgs) is in the estimate");
inline constexpr const char* kIgnoredRunSettings = GP_TRANSLATE_NOOP(
    "CoreError", "logging, saving, resuming and run settings: no effect on the planned memory or time");
inline constexpr const char* kIgnoredLoraAlpha
    = GP_TRANSLATE_NOOP("CoreError", "scales the adapter's output: no effect on memory or time");
inline constexpr const char* kIgnoredOwnArchitecture
    = GP_TRANSLATE_NOOP("CoreError", "an architecture of its own: import the model's config instead");
inline constexpr const char* kIgnoredQuantizedNeedsLitgptLora
    = GP_TRANSLATE_NOOP("CoreError", "quantized weights go with LoRA (finetune_lora) here");
inline constexpr const char* kIgnoredAutoDevices
    = GP_TRANSLATE_NOOP("CoreError", "\"auto\": every GPU of the node, the candidates' GPUs in the plan");
inline constexpr const char* kIgnoredNodesWithoutDevices
    = GP_TRANSLATE_NOOP("CoreError", "without a number of devices the GPUs are the candidates' in the plan");

// llama.cpp's llama-server (launch/llamacpp_format.cpp).
inline constexpr const char* kIgnoredLlamaUbatch = GP_TRANSLATE_NOOP(
    "CoreError", "the plan runs llama-server's default ubatch (catalog serving.engine.llama_cpp.ubatch_size)");
inline constexpr const char* kIgnoredUnifiedCache
    = GP_TRANSLATE_NOOP("CoreError", "the serving model counts one cache shared by the slots (unified)");
inline constexpr const char* kIgnoredContinuousBatching
    = GP_TRANSLATE_NOOP("CoreError", "continuous batching is on by default and in the serving model");
inline constexpr const char* kIgnoredCpuThreads
    = GP_TRANSLATE_NOOP("CoreError", "CPU threads: no effect with every layer on the GPU");
inline constexpr const char* kIgnoredGgufQ4KM = GP_TRANSLATE_NOOP("CoreError",
    "Q4_K_M: counted at Q4_K's 4.5 bits; its Q6_K attn_v, ffn_down (half the layers) and output add about 9% to the "
    "file");
inline constexpr const char* kIgnoredGgufQ4KS
    = GP_TRANSLATE_NOOP("CoreError", "Q4_K_S: counted at Q4_K's 4.5 bits; its Q5_K attn_v and ffn_down layers are not");
inline constexpr const char* kIgnoredGgufQ80 = GP_TRANSLATE_NOOP("CoreError", "Q8_0: 8.5 bits, counted at int8's 8.03");
inline constexpr const char* kIgnoredNoGgufType
    = GP_TRANSLATE_NOOP("CoreError", "no GGUF type GPU Planner carries in \"%1\": set workload.weight_format");
inline constexpr const char* kIgnoredLlamaCacheType
    = GP_TRANSLATE_NOOP("CoreError", "cache type \"%1\" is not one GPU Planner models (it reads %2)");
inline constexpr const char* kIgnoredLayersOnCpu
    = GP_TRANSLATE_NOOP("CoreError", "layers left on the CPU are not modelled: the plan puts every layer on the GPU");
inline constexpr const char* kIgnoredEveryLayerOnGpu
    = GP_TRANSLATE_NOOP("CoreError", "every layer on the GPU, as the plan runs it");
inline constexpr const char* kIgnoredFlashAttentionAuto
    = GP_TRANSLATE_NOOP("CoreError", "auto: the plan's flash_attention stays");
inline constexpr const char* kIgnoredSlotsSplitCache = GP_TRANSLATE_NOOP("CoreError",
    "without --kv-unified each slot holds --ctx-size / slots cells (src/llama-context.cpp n_ctx_seq) and refuses a "
    "longer request; the plan counts one cache the slots share");
inline constexpr const char* kIgnoredSplitMode
    = GP_TRANSLATE_NOOP("CoreError", "split mode \"%1\": one GPU per replica");

// torchtitan's TOML (launch/torchtitan_format.cpp).
inline constexpr const char* kIgnoredTorchtitanJob
    = GP_TRANSLATE_NOOP("CoreError", "job bookkeeping (folders, description): no effect on memory or time");
inline constexpr const char* kIgnoredProfiling
    = GP_TRANSLATE_NOOP("CoreError", "profiling: no effect on the planned memory or time");
inline constexpr const char* kIgnoredMetrics
    = GP_TRANSLATE_NOOP("CoreError", "logging: no effect on the planned memory or time");
inline constexpr const char* kIgnoredCheckpointSaving = GP_TRANSLATE_NOOP(
    "CoreError", "checkpoint saving: its time and disk are billing.checkpoint_interval_hours and storage_gib");
inline constexpr const char* kIgnoredLearningRateSchedule
    = GP_TRANSLATE_NOOP("CoreError", "learning-rate schedule: no effect on memory or time");
inline constexpr const char* kIgnoredValidation = GP_TRANSLATE_NOOP("CoreError", "validation runs are not planned");
inline constexpr const char* kIgnoredCollectiveTimeouts
    = GP_TRANSLATE_NOOP("CoreError", "collective timeouts and tracing: no effect on the planned time");
inline constexpr const char* kIgnoredExperimental
    = GP_TRANSLATE_NOOP("CoreError", "experimental options are not modelled");
inline constexpr const char* kIgnoredFaultTolerance = GP_TRANSLATE_NOOP(
    "CoreError", "fault tolerance is not modelled (spot interruptions are billing.spot_interruptions_per_day)");
inline constexpr const char* kIgnoredOwnEstimator
    = GP_TRANSLATE_NOOP("CoreError", "torchtitan's own estimator does not change the plan");
inline constexpr const char* kIgnoredNotModelledField
    = GP_TRANSLATE_NOOP("CoreError", "not a field GPU Planner models");
inline constexpr const char* kIgnoredCompilerBackend
    = GP_TRANSLATE_NOOP("CoreError", "the compiler backend: the estimate of torch_compile is Inductor's (the default)");
inline constexpr const char* kIgnoredNotCompileField
    = GP_TRANSLATE_NOOP("CoreError", "not a compile field GPU Planner models");
inline constexpr const char* kIgnoredScheduleNotModelled
    = GP_TRANSLATE_NOOP("CoreError", "schedule \"%1\" is not one GPU Planner models");
// torchtitan's parallelism.pipeline_parallel_expert_parallel_overlap (launch/torchtitan_format.cpp).
inline constexpr const char* kIgnoredEpOverlapDefault = GP_TRANSLATE_NOOP(
    "CoreError", "torchtitan's default: DualPipeV's overlapped pairs hide the expert all-to-all, as the estimate does");
inline constexpr const char* kIgnoredEpOverlapOff = GP_TRANSLATE_NOOP("CoreError",
    "false: torchtitan runs DualPipeV's pairs one after the other, so the expert all-to-all is not hidden; no plan "
    "field says so (workload.moe_a2a_overlap is Megatron's, off by default), so the estimate still hides it: expect "
    "a longer step than estimated with expert parallelism");
inline constexpr const char* kIgnoredAsyncTensorParallel = GP_TRANSLATE_NOOP(
    "CoreError", "overlap of tensor-parallel communication: assumptions.communication_overlap covers it");
inline constexpr const char* kIgnoredNotParallelismField
    = GP_TRANSLATE_NOOP("CoreError", "not a parallelism field GPU Planner models");
inline constexpr const char* kIgnoredDataSet
    = GP_TRANSLATE_NOOP("CoreError", "the data set: its loading is assumptions.disk_throughput_mbps");
inline constexpr const char* kIgnoredTrainingHyperParameter
    = GP_TRANSLATE_NOOP("CoreError", "training hyper-parameter: no effect on memory or time");
inline constexpr const char* kIgnoredSelectiveEveryNth = GP_TRANSLATE_NOOP("CoreError",
    "selective_ac_option \"%1\" (every n-th layer) is not a plan field; set workload.activation_checkpointing_layers");
inline constexpr const char* kIgnoredReadOnlySelective
    = GP_TRANSLATE_NOOP("CoreError", "read only with mode = \"selective\"");
inline constexpr const char* kIgnoredRecipeNotModelled
    = GP_TRANSLATE_NOOP("CoreError", "recipe \"%1\" is not one GPU Planner models");
inline constexpr const char* kIgnoredTokenizerPaths
    = GP_TRANSLATE_NOOP("CoreError", "tokenizer and asset paths: no effect on memory or time");
inline constexpr const char* kIgnoredOldFloat8Key = GP_TRANSLATE_NOOP(
    "CoreError", "a key of torchtitan before 2025-02-15 (57387af0e); not read: write model.converters = [\"float8\"]");
inline constexpr const char* kIgnoredDetail = GP_TRANSLATE_NOOP("CoreError", "a detail GPU Planner does not model");
inline constexpr const char* kIgnoredStepsNeedDataDegree = GP_TRANSLATE_NOOP(
    "CoreError", "tokens per step need the data-parallel degree the planner chooses; set workload.training_tokens");
inline constexpr const char* kIgnoredCompileSectionAlso = GP_TRANSLATE_NOOP(
    "CoreError", "torchtitan from 08b8b244f (2025-08-20) reads [compile], which this file also sets");
inline constexpr const char* kIgnoredLossCompiledBefore = GP_TRANSLATE_NOOP("CoreError",
    "the loss: %1 is torchtitan's before bbb1b616e (2025-04-02), whose training.compile compiled the model alone; "
    "the plan's loss stays its default");
inline constexpr const char* kIgnoredTopLevelField
    = GP_TRANSLATE_NOOP("CoreError", "a top-level field torchtitan does not define");
inline constexpr const char* kIgnoredReadWithFlavor = GP_TRANSLATE_NOOP("CoreError", "read with model.flavor");
inline constexpr const char* kIgnoredUnknownFlavor
    = GP_TRANSLATE_NOOP("CoreError", "%1 %2 is not a flavor GPU Planner knows; choose the model in the plan");

// The launch export's refusals (launch/launch.cpp: exportLaunch, writeLaunchExport; launch/k8s_format.cpp,
// launch/llamacpp_format.cpp): File > Export Launch Files… and the CLI's --launch.
// %1: the formats, "|"-separated as the CLI takes them; %2: the format given.
inline constexpr const char* kLaunchFormatGot = GP_TRANSLATE_NOOP("CoreError", "must be %1, got \"%2\"");
inline constexpr const char* kTrainingFormatForServing
    = GP_TRANSLATE_NOOP("CoreError", "%1 is a training format; a serving plan exports %2");
inline constexpr const char* kServingEngineForTraining
    = GP_TRANSLATE_NOOP("CoreError", "%1 is a serving engine; a training plan exports %2");
// %1: the format ("Megatron-LM", "torchtitan"); %2: the schedule's plan name.
inline constexpr const char* kScheduleNotInFormat = GP_TRANSLATE_NOOP(
    "CoreError", "%1 has no %2 schedule; choose another pipeline schedule (torchtitan runs dualpipev)");
// launch/serving_formats.cpp noEngineTable: a dtype table asked for an engine that has none (%1: its plan code).
inline constexpr const char* kNoEngineValueTable
    = GP_TRANSLATE_NOOP("CoreError", "GPU Planner has no table of the values %1 takes for this field");
inline constexpr const char* kNoRecommendationToWrite = GP_TRANSLATE_NOOP(
    "CoreError", "the plan has no recommendation to write (no candidate fits and meets the objective)");
// %2: the system's reason (English).
inline constexpr const char* kCannotCreateFolder = GP_TRANSLATE_NOOP("CoreError", "cannot create the folder %1: %2");
inline constexpr const char* kVllmCommandNotReadBack
    = GP_TRANSLATE_NOOP("CoreError", "internal: the vLLM command could not be read back");
inline constexpr const char* kLlamaCppWritesServing
    = GP_TRANSLATE_NOOP("CoreError", "llama.cpp writes a serving plan's recommendation");

// The Hugging Face config.json import (transformer/hf_config_import.cpp).
inline constexpr const char* kConfigNulByte = GP_TRANSLATE_NOOP("CoreError", "invalid JSON: a NUL byte at offset %1");
inline constexpr const char* kConfigIsObject = GP_TRANSLATE_NOOP("CoreError", "a config.json must be a JSON object");
inline constexpr const char* kInvalidJson = GP_TRANSLATE_NOOP("CoreError", "invalid JSON: %1");
inline constexpr const char* kNemotronMoeBlocks
    = GP_TRANSLATE_NOOP("CoreError", "Nemotron-H MoE blocks (\"E\") are not modelled yet");
inline constexpr const char* kOtherHybridBlocks
    = GP_TRANSLATE_NOOP("CoreError", "blocks other than Mamba2 (M), attention (*) and MLP (-) are not modelled");
inline constexpr const char* kBlocksVersusLayers
    = GP_TRANSLATE_NOOP("CoreError", "has %1 blocks, num_hidden_layers says %2");
inline constexpr const char* kSharedExpertWidthGot
    = GP_TRANSLATE_NOOP("CoreError", "must be a size of at most 4096 routed experts' width, got %1");

// A cloud price export (catalog/catalog_import.cpp).
inline constexpr const char* kCurrencyGot = GP_TRANSLATE_NOOP("CoreError", "must be CNY or USD, got \"%1\"");
inline constexpr const char* kInstanceControlCharacter
    = GP_TRANSLATE_NOOP("CoreError", "the instance type \"%1\" holds a control character; nothing imported");
inline constexpr const char* kZoneControlCharacter
    = GP_TRANSLATE_NOOP("CoreError", "the zone \"%1\" of %2 holds a control character; nothing imported");
inline constexpr const char* kQuoteNamesNoInstance
    = GP_TRANSLATE_NOOP("CoreError", "this %1 quote does not name its instance: pass --instance %2:NAME");
inline constexpr const char* kInstanceOfOtherProvider
    = GP_TRANSLATE_NOOP("CoreError", "--instance %1 is not a %2 instance, but the file is %3 output");
inline constexpr const char* kCurrencyNotSupported
    = GP_TRANSLATE_NOOP("CoreError", "the file's prices are in %1; only CNY and USD are supported");
inline constexpr const char* kCurrencyDisagrees
    = GP_TRANSLATE_NOOP("CoreError", "the file's prices are in %1, but --currency says %2");
inline constexpr const char* kCurrencyUnsaid = GP_TRANSLATE_NOOP("CoreError",
    "%1 output does not say its currency: pass --currency CNY (China site) or --currency USD (international site)");
inline constexpr const char* kNoQuotedPrice
    = GP_TRANSLATE_NOOP("CoreError", "has no UnitPrice, UnitPriceDiscount, DiscountPrice or OriginalPrice");
inline constexpr const char* kPrepaidNeedsMonths
    = GP_TRANSLATE_NOOP("CoreError", "this is a prepaid quote (a total for the Period you asked): pass --months N");
inline constexpr const char* kMixesCurrencies = GP_TRANSLATE_NOOP("CoreError", "mixes currencies %1 and %2");
inline constexpr const char* kSeveralRegions
    = GP_TRANSLATE_NOOP("CoreError", "the file prices %1 in several regions (%2): pass --region to choose one");
inline constexpr const char* kTooLargeForHourly
    = GP_TRANSLATE_NOOP("CoreError", "is too large for an hourly price: pass --months N");
inline constexpr const char* kErrorResponse = GP_TRANSLATE_NOOP("CoreError", "the file is an error response: %1: %2");
inline constexpr const char* kNotCloudListing = GP_TRANSLATE_NOOP("CoreError",
    "not a cloud listing this program reads: expected the JSON that tccli cvm DescribeZoneInstanceConfigInfos or "
    "InquiryPriceRunInstances, aws ec2 describe-instance-types, aws pricing get-products, or aliyun ecs "
    "DescribeInstanceTypes, DescribeAvailableResource or DescribePrice prints");

// A budget (budget/budget_parse.cpp).
inline constexpr const char* kRepeatObject
    = GP_TRANSLATE_NOOP("CoreError", "must be an object such as {\"every_weeks\": 2}");
inline constexpr const char* kOneOfWeeksOrMonths
    = GP_TRANSLATE_NOOP("CoreError", "needs exactly one of every_weeks and every_months");
inline constexpr const char* kMonthPastHorizon
    = GP_TRANSLATE_NOOP("CoreError", "month %1 is past the horizon of %2 months");
inline constexpr const char* kMonthsPastHorizon
    = GP_TRANSLATE_NOOP("CoreError", "months %1 to %2 go past the horizon of %3 months");
inline constexpr const char* kBetweenStartAndHorizon
    = GP_TRANSLATE_NOOP("CoreError", "must be between start_month (%1) and the horizon (%2)");
inline constexpr const char* kRepeatRequired
    = GP_TRANSLATE_NOOP("CoreError", "is required with runs above 1 or until_month");
inline constexpr const char* kRateList = GP_TRANSLATE_NOOP("CoreError", "must be a list of rates, one per month");
inline constexpr const char* kRateNegativeGot = GP_TRANSLATE_NOOP("CoreError", "a rate cannot be negative, got %1");
inline constexpr const char* kOneOfRateOrTable
    = GP_TRANSLATE_NOOP("CoreError", "needs exactly one of requests_per_second and requests_per_second_by_month");
// %1: the plan's file extension (".gpuplan", base/file_extensions.h).
inline constexpr const char* kItemPlanRequired
    = GP_TRANSLATE_NOOP("CoreError", "is required: a plan object or the path of a %1 file");
inline constexpr const char* kPathEmpty = GP_TRANSLATE_NOOP("CoreError", "the path is empty");
inline constexpr const char* kPlanObjectOrPathGot
    = GP_TRANSLATE_NOOP("CoreError", "must be a plan object or a path, got %1");
inline constexpr const char* kScheduleRequired = GP_TRANSLATE_NOOP("CoreError", "is required (start_month at least)");
inline constexpr const char* kItemNotInference
    = GP_TRANSLATE_NOOP("CoreError", "a budget item is training or serving, not inference");
inline constexpr const char* kInstanceOrGpu = GP_TRANSLATE_NOOP("CoreError", "names exactly one of instance and gpu");
inline constexpr const char* kMaxInstancesOrGpus = GP_TRANSLATE_NOOP("CoreError", "needs max_instances or max_gpus");
inline constexpr const char* kResidualAbovePrice = GP_TRANSLATE_NOOP("CoreError", "is more than the purchase price");
inline constexpr const char* kUnknownBillingMode
    = GP_TRANSLATE_NOOP("CoreError", "unknown billing mode \"%1\"; expected %2");
inline constexpr const char* kRegionsMap
    = GP_TRANSLATE_NOOP("CoreError", "must map a provider to its regions, e.g. {\"tencent\": [\"ap-nanjing\"]}");
inline constexpr const char* kListsNoRegion = GP_TRANSLATE_NOOP("CoreError", "lists no region");
inline constexpr const char* kBudgetFormatGot
    = GP_TRANSLATE_NOOP("CoreError", "must be \"gpu-planner-budget\", got \"%1\"");
inline constexpr const char* kZeroCap
    = GP_TRANSLATE_NOOP("CoreError", "a cap of 0 allows nothing; leave it out for no cap");
inline constexpr const char* kMustBeAList = GP_TRANSLATE_NOOP("CoreError", "must be a list");
inline constexpr const char* kBudgetIsObject = GP_TRANSLATE_NOOP("CoreError", "a budget is a JSON object");
inline constexpr const char* kAtLeastOneItem = GP_TRANSLATE_NOOP("CoreError", "must list at least one item");
inline constexpr const char* kAtMostItems = GP_TRANSLATE_NOOP("CoreError", "at most %1 items");
// What a message is about before it: "items.json: " (a file, a field), as the CLI prints it.
inline constexpr const char* kBeforeIt = GP_TRANSLATE_NOOP("CoreError", "%1: ");

// The user's catalog: overrides.json and catalog fragments (catalog/catalog_overrides.cpp, catalog/catalog_parse.cpp).
inline constexpr const char* kFormatGot = GP_TRANSLATE_NOOP("CoreError", "must be \"%1\", got \"%2\"");
inline constexpr const char* kPriceCurrencyGot
    = GP_TRANSLATE_NOOP("CoreError", "must be \"CNY\" or \"USD\", got \"%1\"");
inline constexpr const char* kPriceStatusGot = GP_TRANSLATE_NOOP(
    "CoreError", "must be \"published\", \"estimate\", \"missing\", \"user\" or \"quoted\", got \"%1\"");
inline constexpr const char* kMissingWithFigure
    = GP_TRANSLATE_NOOP("CoreError", "is \"missing\" but the price gives a figure");
inline constexpr const char* kUnknownPriceField = GP_TRANSLATE_NOOP("CoreError",
    "unknown price field (expected currency, on_demand_per_hour, monthly, spot_discount, reserved_discount, status, "
    "source, as_of, note, region or zone)");
inline constexpr const char* kZoneListShape
    = GP_TRANSLATE_NOOP("CoreError", "must be an array of {\"zone\", \"status\"}");
inline constexpr const char* kStockStatusGot
    = GP_TRANSLATE_NOOP("CoreError", "must be \"in_stock\", \"limited\" or \"sold_out\", got \"%1\"");
inline constexpr const char* kNvmeTogether
    = GP_TRANSLATE_NOOP("CoreError", "local_nvme_gb and local_nvme_drives go together (both or neither)");
inline constexpr const char* kPublishedOrEstimateGot
    = GP_TRANSLATE_NOOP("CoreError", "must be \"published\" or \"estimate\", got \"%1\"");
inline constexpr const char* kProviderNameGot = GP_TRANSLATE_NOOP("CoreError", "must be \"provider:NAME\", got \"%1\"");
inline constexpr const char* kMustBeAnArray = GP_TRANSLATE_NOOP("CoreError", "must be an array");
inline constexpr const char* kOtherPriceRegion
    = GP_TRANSLATE_NOOP("CoreError", "is required (an other price names the region it applies to)");
inline constexpr const char* kDefinedTwice = GP_TRANSLATE_NOOP("CoreError", "is defined twice");
inline constexpr const char* kListOfProfiles = GP_TRANSLATE_NOOP("CoreError", "must be a list of profiles");
inline constexpr const char* kSmsAtMostGpu = GP_TRANSLATE_NOOP("CoreError", "must not exceed the GPU's sm_count (%1)");
inline constexpr const char* kSmsNeedsGpu = GP_TRANSLATE_NOOP("CoreError", "needs the GPU's sm_count");
inline constexpr const char* kMemoryAtMostGpu = GP_TRANSLATE_NOOP("CoreError", "must not exceed the GPU's memory_gib");
inline constexpr const char* kUsableAtMostMemory
    = GP_TRANSLATE_NOOP("CoreError", "must not exceed memory_gib (%1 GiB), got %2 MiB");
// %1: the names a GPU's tensor_formats takes, from the parser's one table ("mxfp8|nvfp4|fp8_non_tn").
inline constexpr const char* kTensorFormatsGot = GP_TRANSLATE_NOOP("CoreError", "lists only %1, got \"%2\"");
inline constexpr const char* kIdControlCharacter = GP_TRANSLATE_NOOP("CoreError", "\"%1\" holds a control character");
inline constexpr const char* kIdDefinedBy = GP_TRANSLATE_NOOP("CoreError", "\"%1\" is already defined by %2[%3]");
inline constexpr const char* kKeyedByInstance
    = GP_TRANSLATE_NOOP("CoreError", "must be an object keyed by instance id");
inline constexpr const char* kInstanceIdControl
    = GP_TRANSLATE_NOOP("CoreError", "the instance id \"%1\" holds a control character");
inline constexpr const char* kGivesNoPrice = GP_TRANSLATE_NOOP(
    "CoreError", "gives no price: set on_demand_per_hour, monthly, spot_discount or reserved_discount");
inline constexpr const char* kNothingWritten
    = GP_TRANSLATE_NOOP("CoreError", " (nothing was written; the file is unchanged)");
inline constexpr const char* kPriceSheetNotOverrides = GP_TRANSLATE_NOOP("CoreError",
    "is a price sheet (CSV), which cannot hold imported sizes and stock: give a .json overrides file; the file is "
    "unchanged");

// Every template above, for the tests that check each has its words in every language.
inline constexpr const char* const kAllReaderWords[] = { kJsonNulByte, kJsonTooDeep, kJsonSyntaxAt,
    kJsonNumberTooLargeAt, kJsonNumberTooLarge, kIsTheFileComplete, kObjectGot, kStringGot, kNotEmpty, kStringListGot,
    kUnknownValueExpected, kMustBeAnObject, kNumberWrittenAsText, kNotUtf8, kNulByteNotText, kControlByteNotText,
    kNotValidToml, kNotValidYaml, kYamlTabIndent, kYamlListWhereValue, kLaunchYamlNotMapping, kNotLaunchFile,
    kNoLaunchCommand, kNoContainerCommand, kDeepSpeedIsObject, kNotDeepSpeed, kWholeNumberAtLeastOne,
    kWholeNumberAtLeastOneGot, kExpectedFlagOf, kExpectedLlamaServerFlag, kNotMegatronFlag, kNeedsValue,
    kNeedsValueNotList, kNeedsNumberGot, kNeedsLayersGot, kNeedsPositiveWholeGot, kPlanFieldSuffix,
    kUnterminatedSingleQuote, kUnterminatedDoubleQuote, kUnterminatedArray, kUnterminatedSubstitution, kIgnoredOff,
    kIgnoredHyperParameter, kIgnoredRunFiles, kIgnoredDataFiles, kIgnoredOverlap, kIgnoredMegatronFlag,
    kIgnoredMegatronArgument, kIgnoredOtherFlexSms, kIgnoredRecomputeModule, kIgnoredMomentWidths,
    kIgnoredGradientWidth, kIgnoredLauncherOption, kIgnoredNotPreset, kIgnoredSubstitution, kIgnoredCondition,
    kConfigNulByte, kConfigIsObject, kInvalidJson, kNemotronMoeBlocks, kOtherHybridBlocks, kBlocksVersusLayers,
    kSharedExpertWidthGot, kCurrencyGot, kInstanceControlCharacter, kZoneControlCharacter, kQuoteNamesNoInstance,
    kInstanceOfOtherProvider, kCurrencyNotSupported, kCurrencyDisagrees, kCurrencyUnsaid, kNoQuotedPrice,
    kPrepaidNeedsMonths, kMixesCurrencies, kSeveralRegions, kTooLargeForHourly, kErrorResponse, kNotCloudListing,
    kRepeatObject, kOneOfWeeksOrMonths, kMonthPastHorizon, kMonthsPastHorizon, kBetweenStartAndHorizon, kRepeatRequired,
    kRateList, kRateNegativeGot, kOneOfRateOrTable, kItemPlanRequired, kPathEmpty, kPlanObjectOrPathGot,
    kScheduleRequired, kItemNotInference, kInstanceOrGpu, kMaxInstancesOrGpus, kResidualAbovePrice, kUnknownBillingMode,
    kRegionsMap, kListsNoRegion, kBudgetFormatGot, kZeroCap, kMustBeAList, kBudgetIsObject, kAtLeastOneItem,
    kAtMostItems, kBeforeIt, kFormatGot, kPriceCurrencyGot, kPriceStatusGot, kMissingWithFigure, kUnknownPriceField,
    kZoneListShape, kStockStatusGot, kNvmeTogether, kPublishedOrEstimateGot, kProviderNameGot, kMustBeAnArray,
    kOtherPriceRegion, kDefinedTwice, kListOfProfiles, kSmsAtMostGpu, kSmsNeedsGpu, kMemoryAtMostGpu,
    kUsableAtMostMemory, kTensorFormatsGot, kIdControlCharacter, kIdDefinedBy, kKeyedByInstance, kInstanceIdControl,
    kGivesNoPrice, kNothingWritten, kPriceSheetNotOverrides, kIgnoredGraphSizesPastDefault,
    kIgnoredGraphSizesOverridden, kIgnoredGraphSizesWithoutPadding, kIgnoredGraphSizesSpeculative,
    kIgnoredNewerVllmLargestSize, kIgnoredCompilationOtherThanSizes, kIgnoredEngineCopies, kIgnoredExpertsOverTensor,
    kIgnoredHitRateDependsOnTraffic, kIgnoredNoPrefixCache, kIgnoredChunksToBatchedTokens, kIgnoredServerSetting,
    kIgnoredLogging, kIgnoredApiFeature, kIgnoredApiDocumentation, kIgnoredLoraSlotsSharded, kIgnoredNodes,
    kIgnoredNodeRank, kIgnoredFirstNodeAddress, kIgnoredCompilation, kIgnoredLoraKernelTime, kIgnoredAdapterEviction,
    kIgnoredServingContextParallel, kIgnoredGpusPerNode, kIgnoredBeamSearch, kIgnoredRuntimeBackend,
    kIgnoredChunksToTokenBudget, kIgnoredFrontEndWorkers, kIgnoredKvTokenCap, kIgnoredAttentionDataParallel,
    kIgnoredCudaGraphs, kIgnoredMoeKernelBackend, kIgnoredChunksToMaxNumTokens, kIgnoredStreamInterval,
    kIgnoredSchedulerOverlap, kIgnoredSpeculativeDecoding, kIgnoredModelDtype, kIgnoredUnmodelledValue,
    kIgnoredQuantization, kIgnoredLoraTargets, kIgnoredEngineFlag, kIgnoredTrtllmOption, kIgnoredTrtllmConfigFile,
    kIgnoredLoraSwitch, kFieldFileFormat, kFieldScript, kFieldNoAdapter, kFieldTrlDropoutDefault,
    kFieldNoDeepSpeedOrFsdp, kFieldLitgptPrecisionDefault, kFieldLitgptLoraDefaults, kFieldLitgptLoraLoss,
    kFieldNoLoraFields, kFieldNoDistributedOptimizer, kFieldMegatronDispatcherDefault, kFieldNoHiddenDropout,
    kFieldNoAttentionDropout, kFieldNoRecomputeGranularity, kFieldLlmApiOptions, kIgnoredOptimizerNotModelled,
    kIgnoredTrainingOption, kIgnoredOptimizerHyperParameter, kIgnoredNotSet, kIgnoredZeroBuckets, kIgnoredPinnedBuffers,
    kIgnoredNvmeAsCpu, kIgnoredAutoFromTrainer, kIgnoredAutoPrecisionFromTrainer, kIgnoredLossScaling,
    kIgnoredDeepSpeedCheckpointing, kIgnoredPlannerHeader, kIgnoredDeepSpeedOption, kIgnoredQuantizedNeedsLora,
    kIgnoredNotNumber, kIgnoredNotTokenCount, kIgnoredNoShardingStrategy, kIgnoredFsdpDetails, kIgnoredEpochsOrSteps,
    kIgnoredDataAndTemplate, kIgnoredLoggingEvaluationSaving, kIgnoredTrainingStage, kIgnoredPacking,
    kIgnoredSupervisedStage, kIgnoredDeepSpeedFile, kLitgptPrecisionNotRead, kTrainArgsMapping, kIgnoredOptimizerSteps,
    kIgnoredLoggingSaving, kIgnoredModelTying, kIgnoredDataAndTokenizer, kIgnoredLitgptEvaluation, kIgnoredRunSettings,
    kIgnoredLoraAlpha, kIgnoredOwnArchitecture, kIgnoredQuantizedNeedsLitgptLora, kIgnoredAutoDevices,
    kIgnoredNodesWithoutDevices, kIgnoredLlamaUbatch, kIgnoredUnifiedCache, kIgnoredContinuousBatching,
    kIgnoredCpuThreads, kIgnoredGgufQ4KM, kIgnoredGgufQ4KS, kIgnoredGgufQ80, kIgnoredNoGgufType, kIgnoredLlamaCacheType,
    kIgnoredLayersOnCpu, kIgnoredEveryLayerOnGpu, kIgnoredFlashAttentionAuto, kIgnoredSlotsSplitCache,
    kIgnoredSplitMode, kIgnoredTorchtitanJob, kIgnoredProfiling, kIgnoredMetrics, kIgnoredCheckpointSaving,
    kIgnoredLearningRateSchedule, kIgnoredValidation, kIgnoredCollectiveTimeouts, kIgnoredExperimental,
    kIgnoredFaultTolerance, kIgnoredOwnEstimator, kIgnoredNotModelledField, kIgnoredCompilerBackend,
    kIgnoredNotCompileField, kIgnoredScheduleNotModelled, kIgnoredEpOverlapDefault, kIgnoredEpOverlapOff,
    kIgnoredAsyncTensorParallel, kIgnoredNotParallelismField, kIgnoredDataSet, kIgnoredTrainingHyperParameter,
    kIgnoredSelectiveEveryNth, kIgnoredReadOnlySelective, kIgnoredRecipeNotModelled, kIgnoredTokenizerPaths,
    kIgnoredOldFloat8Key, kIgnoredDetail, kIgnoredStepsNeedDataDegree, kIgnoredCompileSectionAlso,
    kIgnoredLossCompiledBefore, kIgnoredTopLevelField, kIgnoredReadWithFlavor, kIgnoredUnknownFlavor, kLaunchFormatGot,
    kTrainingFormatForServing, kServingEngineForTraining, kScheduleNotInFormat, kNoEngineValueTable,
    kNoRecommendationToWrite, kCannotCreateFolder, kVllmCommandNotReadBack, kLlamaCppWritesServing,
    kIgnoredNotEngineValue, kIgnoredKvDtypeNotModelled, kIgnoredUnevenPipelineRanks };

} // namespace gp::words
