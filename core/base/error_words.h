// The words of the core's refusals that the window can show, each written once: the English template with its
// arguments %1, %2 ..., marked for translation in the "CoreError" context. The core fills a template for its English
// message (Error::message, what the CLI prints) and keeps the template and its arguments in Error::words; the window
// words the same template in its language (ui/core_text.cpp: CoreText::error). A message not worded from these
// templates reaches the window as the core wrote it.
#pragma once

#include "base/expected.h"
#include "base/translate_noop.h"

#include <string>
#include <vector>

namespace gp::words
{

// The readers' requirements (base/json_reader.cpp, plan/plan_fields.cpp).
inline constexpr const char* kRequired = GP_TRANSLATE_NOOP("CoreError", "is required");
inline constexpr const char* kBetweenGot = GP_TRANSLATE_NOOP("CoreError", "must be between %1 and %2, got %3");
inline constexpr const char* kAtLeastGot = GP_TRANSLATE_NOOP("CoreError", "must be at least %1, got %2");
inline constexpr const char* kAtMostGot = GP_TRANSLATE_NOOP("CoreError", "must be at most %1, got %2");
inline constexpr const char* kPositiveGot = GP_TRANSLATE_NOOP("CoreError", "must be positive, got %1");
inline constexpr const char* kZeroOrMoreGot = GP_TRANSLATE_NOOP("CoreError", "must be 0 or more, got %1");
inline constexpr const char* kNumberGot = GP_TRANSLATE_NOOP("CoreError", "must be a number, got %1");
inline constexpr const char* kIntegerGot = GP_TRANSLATE_NOOP("CoreError", "must be an integer, got %1");
inline constexpr const char* kFiniteNumber = GP_TRANSLATE_NOOP("CoreError", "must be a finite number");
inline constexpr const char* kTrueOrFalseGot = GP_TRANSLATE_NOOP("CoreError", "must be true or false, got %1");
inline constexpr const char* kCharactersGot = GP_TRANSLATE_NOOP("CoreError", "must be at most %1 characters, got %2");
inline constexpr const char* kAboveAndAtMostGot = GP_TRANSLATE_NOOP("CoreError", "must be > %1 and at most %2, got %3");
inline constexpr const char* kAboveZeroGot = GP_TRANSLATE_NOOP("CoreError", "must be > 0, got %1");
inline constexpr const char* kPositiveIntegerOrWordGot
    = GP_TRANSLATE_NOOP("CoreError", "must be a positive integer or \"%1\", got %2");

// The plan's checks across fields (plan/plan_parse.cpp, plan/limits.h).
inline constexpr const char* kBelowOneHitRateGot
    = GP_TRANSLATE_NOOP("CoreError", "must be below 1 (the last prompt token is always computed), got %1");
inline constexpr const char* kBelowOneDropoutGot
    = GP_TRANSLATE_NOOP("CoreError", "must be below 1 (a dropout probability of 1 drops every input), got %1");
inline constexpr const char* kHoldsPromptAndOutputGot
    = GP_TRANSLATE_NOOP("CoreError", "must hold prompt_tokens + output_tokens (%1), got %2");
inline constexpr const char* kGgmlCacheNeedsLlamaCpp = GP_TRANSLATE_NOOP("CoreError",
    "q8_0 and q4_0 are llama.cpp's cache types (--cache-type-k/v): set engine.name \"llama.cpp\" or use fp8/int8");
// A KV cache layout an engine's kernels do not run (plan/kv_layouts.h): %1 the layout, %2 the engine, %3 those that
// run it.
inline constexpr const char* kKvCacheNeedsEngine = GP_TRANSLATE_NOOP(
    "CoreError", "%2 does not run a \"%1\" KV cache (%3 do): choose fp16, bf16 or fp8, or that engine");
inline constexpr const char* kKvCacheNeedsLatent = GP_TRANSLATE_NOOP("CoreError",
    "\"%1\" is a record of DeepSeek's multi-head latent attention (kv_lora_rank 512 + 64 rotary); the model has "
    "none: choose fp8 or nvfp4");
inline constexpr const char* kKvCacheNeedsDeepSeekLatent = GP_TRANSLATE_NOOP("CoreError",
    "\"%1\" is vLLM's record for a latent of 512 and 64 rotary values (FlashMLA sparse, head size 576); the model's "
    "is %2 + %3: choose fp8");
// %1 the layout, %2 the engine, %3 the engines that run it for latent attention (may be empty).
inline constexpr const char* kKvCacheNotForLatent = GP_TRANSLATE_NOOP("CoreError",
    "%2 does not keep a multi-head latent attention cache as \"%1\" (engines that do: %3): choose fp8, or "
    "fp8_ds_mla or nvfp4_ds_mla on vLLM");
inline constexpr const char* kShapeOrHitRate = GP_TRANSLATE_NOOP(
    "CoreError", "a prefix_cache.shape derives the hit rate; give the shape or the hit rate, not both");
inline constexpr const char* kAtLeastMaxLorasGot
    = GP_TRANSLATE_NOOP("CoreError", "must be at least max_loras (%1), got %2");
inline constexpr const char* kAtMostResponseMaxGot
    = GP_TRANSLATE_NOOP("CoreError", "must be at most response_tokens_max (%1), got %2");
inline constexpr const char* kRolloutGpusNeedSeparate
    = GP_TRANSLATE_NOOP("CoreError", "applies to placement \"separate\" (colocated rollouts run on every GPU)");
inline constexpr const char* kOffPolicyNeedsSeparate
    = GP_TRANSLATE_NOOP("CoreError", "needs placement \"separate\" (colocated rollout and training take turns)");
inline constexpr const char* kMiniBatchesAtMostGot
    = GP_TRANSLATE_NOOP("CoreError", "must be at most prompts_per_step x samples_per_prompt (%1), got %2");
inline constexpr const char* kNoCriticFor = GP_TRANSLATE_NOOP("CoreError",
    "%1 has no critic (advantages are relative to the group's rewards); remove it or use algorithm \"ppo\"");
inline constexpr const char* kCheckpointedLayersNeedFull
    = GP_TRANSLATE_NOOP("CoreError", "applies to activation_checkpointing \"full\" only");
inline constexpr const char* kMtpNeedsDecoderFullTraining = GP_TRANSLATE_NOOP(
    "CoreError", "applies to technique \"full\" with objective \"language-modeling\" on a decoder model only");
inline constexpr const char* kMtpNeedsArchitecture = GP_TRANSLATE_NOOP(
    "CoreError", "needs the model's architecture (a preset or model.architecture), not a parameter count alone");
inline constexpr const char* kAtMostSequenceGot
    = GP_TRANSLATE_NOOP("CoreError", "must be at most the sequence length (%1), got %2");
inline constexpr const char* kContextPowerOfTwoGot
    = GP_TRANSLATE_NOOP("CoreError", "must be a power of two from 1 to %1, got %2");
inline constexpr const char* kContextDividesSequence = GP_TRANSLATE_NOOP(
    "CoreError", "must divide the sequence length (%1) into 2 x %2 equal chunks (load-balanced ring attention)");
inline constexpr const char* kTrainingOnly = GP_TRANSLATE_NOOP("CoreError", "applies to training only");
inline constexpr const char* kVirtualStagesNeedInterleaved
    = GP_TRANSLATE_NOOP("CoreError", "more than 1 needs pipeline_schedule \"interleaved\"");
inline constexpr const char* kInterleavedNeedsTwoChunks
    = GP_TRANSLATE_NOOP("CoreError", "the interleaved schedule needs at least 2 model chunks per pipeline rank");
inline constexpr const char* kDeadlineRequired
    = GP_TRANSLATE_NOOP("CoreError", "is required when the objective is \"cost-under-deadline\"");
inline constexpr const char* kBudgetRequired
    = GP_TRANSLATE_NOOP("CoreError", "is required when the objective is \"time-under-budget\"");
inline constexpr const char* kMigNeedsOneGpu = GP_TRANSLATE_NOOP(
    "CoreError", "a MIG slice is one instance of one GPU: gpus_per_node must be 1 (slices have no P2P)");

// The recipe against the model and the layout against the candidate (estimate/estimator.cpp).
inline constexpr const char* kAtMostModelLayersGot
    = GP_TRANSLATE_NOOP("CoreError", "must be at most the model's %1 layers, got %2");
inline constexpr const char* kChunksExceedLayers = GP_TRANSLATE_NOOP("CoreError",
    "pipeline x virtual_stages (%1 x %2 = %3 model "
    "chunks) exceeds the model's %4 layers: each chunk "
    "needs at least one layer");
inline constexpr const char* kSearchChunksExceedLayers = GP_TRANSLATE_NOOP("CoreError",
    "the planner's smallest pipeline x virtual_stages (%1 x %2 = %3 model chunks) exceeds the "
    "model's %4 layers: each chunk needs at least one layer");
// DualPipe's and DualPipeV's own requirements (deepseek-ai/DualPipe@3da1bbea dualpipe.py and dualpipev.py step()).
// %1: the schedule's name; %2: the pipeline degree; %3: the least number; %4: the value given.
inline constexpr const char* kDualPipeNeedsEvenPipeline
    = GP_TRANSLATE_NOOP("CoreError", "%1 needs an even pipeline degree (one stage from each end per rank), got %2");
inline constexpr const char* kDualPipeNeedsMicroBatches = GP_TRANSLATE_NOOP(
    "CoreError", "%1 with pipeline %2 needs at least %3 micro-batches per step (2 x the pipeline), got %4");
inline constexpr const char* kDualPipeNeedsEvenMicroBatches
    = GP_TRANSLATE_NOOP("CoreError", "%1 sends half the micro-batches from each end: it needs an even number, got %2");
// PyTorch's ScheduleDualPipeV refuses torch.compile'd stages (pipeline_schedule.h pipelineCompileProblem).
inline constexpr const char* kDualPipeVRefusesCompile = GP_TRANSLATE_NOOP("CoreError",
    "torchtitan's dualpipev (PyTorch's ScheduleDualPipeV) refuses stages built with torch.compile; turn "
    "torch_compile off or choose another pipeline schedule");
inline constexpr const char* kLayoutExceedsGpus
    = GP_TRANSLATE_NOOP("CoreError", "tensor x pipeline (%1) exceeds the candidate's %2 GPUs");
inline constexpr const char* kContextLayoutExceedsGpus
    = GP_TRANSLATE_NOOP("CoreError", "tensor x pipeline x context (%1) exceeds the candidate's %2 GPUs");
inline constexpr const char* kLayoutDoesNotDivideGpus
    = GP_TRANSLATE_NOOP("CoreError", "tensor x pipeline (%1) does not divide the candidate's %2 GPUs");
inline constexpr const char* kContextLayoutDoesNotDivideGpus
    = GP_TRANSLATE_NOOP("CoreError", "tensor x pipeline x context (%1) does not divide the candidate's %2 GPUs");
inline constexpr const char* kReplicasNeedGpus
    = GP_TRANSLATE_NOOP("CoreError", "%1 replicas of tensor x pipeline = %2 GPUs need %3 GPUs; the candidate has %4");
inline constexpr const char* kOnCandidate = GP_TRANSLATE_NOOP("CoreError", " (%1 \"%2\")");

// The model's architecture (transformer/model_library.cpp).
inline constexpr const char* kRequiredPositiveInteger
    = GP_TRANSLATE_NOOP("CoreError", "is required: a positive integer");
inline constexpr const char* kPositiveIntegerGot = GP_TRANSLATE_NOOP("CoreError", "must be a positive integer, got %1");
inline constexpr const char* kNotNegative = GP_TRANSLATE_NOOP("CoreError", "must not be negative");
inline constexpr const char* kHeadsDivideHidden
    = GP_TRANSLATE_NOOP("CoreError", "must divide hidden_size (%1 is not a multiple of %2), or give head_dim");
inline constexpr const char* kNotAboveHeadsGot
    = GP_TRANSLATE_NOOP("CoreError", "must not exceed num_attention_heads (%1), got %2");
inline constexpr const char* kDivideHeadsGot
    = GP_TRANSLATE_NOOP("CoreError", "must divide num_attention_heads (%1), got %2");
inline constexpr const char* kBetweenOneAndExpertsGot
    = GP_TRANSLATE_NOOP("CoreError", "must be between 1 and num_experts (%1), got %2");
inline constexpr const char* kBetweenZeroAndLayers = GP_TRANSLATE_NOOP("CoreError", "must be between 0 and num_layers");
inline constexpr const char* kAtLeastOne = GP_TRANSLATE_NOOP("CoreError", "must be at least 1");
inline constexpr const char* kTooManyParameters
    = GP_TRANSLATE_NOOP("CoreError", "the architecture has %1 parameters, more than the 1e13 supported");
inline constexpr const char* kPositiveNumberGot = GP_TRANSLATE_NOOP("CoreError", "must be a positive number, got %1");
inline constexpr const char* kGiveAModel
    = GP_TRANSLATE_NOOP("CoreError", "give a preset, an architecture or a parameter count");

// A pipeline layout in Megatron's syntax (plan/pipeline_layout.h; workload.parallelism.pipeline_layout), as Megatron
// refuses it (pipeline_parallel_layer_layout.py, arguments.py).
inline constexpr const char* kLayoutCharacter = GP_TRANSLATE_NOOP("CoreError",
    "has the character '%1' where a layer (E embedding, t decoder layer, m MTP layer, L loss), '|' (a stage "
    "boundary), \"*n\", \"(...)*n\" or a comma goes");
inline constexpr const char* kLayoutTooLong
    = GP_TRANSLATE_NOOP("CoreError", "repeats the layout to more than %1 characters");
inline constexpr const char* kLayoutStages = GP_TRANSLATE_NOOP("CoreError",
    "lists %1 stages, but pipeline x virtual_stages is %2 x %3 = %4 (Megatron takes the virtual stages from the "
    "layout: its stages / pipeline)");
inline constexpr const char* kLayoutEmbeddingFirst = GP_TRANSLATE_NOOP("CoreError", "must begin with the embedding E");
inline constexpr const char* kLayoutLossLast = GP_TRANSLATE_NOOP("CoreError", "must end with the loss L");
inline constexpr const char* kLayoutEmbeddingOnce
    = GP_TRANSLATE_NOOP("CoreError", "must hold the embedding E exactly once");
inline constexpr const char* kLayoutLossOnce = GP_TRANSLATE_NOOP("CoreError", "must hold the loss L exactly once");
inline constexpr const char* kLayoutDecoderLayers
    = GP_TRANSLATE_NOOP("CoreError", "holds %1 decoder layers t, but the model has %2");
inline constexpr const char* kLayoutMtpLayers
    = GP_TRANSLATE_NOOP("CoreError", "holds %1 MTP layers m, but workload.mtp_layers is %2");
inline constexpr const char* kLayoutMtpAfterDecoders
    = GP_TRANSLATE_NOOP("CoreError", "must place every decoder layer t before the MTP layers m");
inline constexpr const char* kLayoutMtpOneStage
    = GP_TRANSLATE_NOOP("CoreError", "must place all MTP layers m in one stage");
inline constexpr const char* kLayoutMtpLastVirtual
    = GP_TRANSLATE_NOOP("CoreError", "must place the MTP layers m in the last virtual stage of their pipeline rank");
inline constexpr const char* kLayoutDecoderOnly = GP_TRANSLATE_NOOP(
    "CoreError", "Megatron's pipeline layouts hold decoder-only models (an encoder is not supported)");

// Every template above, for the tests that check each has its words in every language.
inline constexpr const char* const kAllErrorWords[] = { kRequired, kBetweenGot, kAtLeastGot, kAtMostGot, kPositiveGot,
    kZeroOrMoreGot, kNumberGot, kIntegerGot, kFiniteNumber, kTrueOrFalseGot, kCharactersGot, kAboveAndAtMostGot,
    kAboveZeroGot, kPositiveIntegerOrWordGot, kBelowOneHitRateGot, kBelowOneDropoutGot, kHoldsPromptAndOutputGot,
    kGgmlCacheNeedsLlamaCpp, kKvCacheNeedsEngine, kKvCacheNeedsLatent, kKvCacheNeedsDeepSeekLatent,
    kKvCacheNotForLatent, kShapeOrHitRate, kAtLeastMaxLorasGot, kAtMostResponseMaxGot, kRolloutGpusNeedSeparate,
    kOffPolicyNeedsSeparate, kMiniBatchesAtMostGot, kNoCriticFor, kCheckpointedLayersNeedFull,
    kMtpNeedsDecoderFullTraining, kMtpNeedsArchitecture, kAtMostSequenceGot, kContextPowerOfTwoGot,
    kContextDividesSequence, kTrainingOnly, kVirtualStagesNeedInterleaved, kInterleavedNeedsTwoChunks,
    kDeadlineRequired, kBudgetRequired, kMigNeedsOneGpu, kAtMostModelLayersGot, kChunksExceedLayers,
    kSearchChunksExceedLayers, kDualPipeNeedsEvenPipeline, kDualPipeNeedsMicroBatches, kDualPipeNeedsEvenMicroBatches,
    kDualPipeVRefusesCompile, kLayoutExceedsGpus, kContextLayoutExceedsGpus, kLayoutDoesNotDivideGpus,
    kContextLayoutDoesNotDivideGpus, kReplicasNeedGpus, kOnCandidate, kRequiredPositiveInteger, kPositiveIntegerGot,
    kNotNegative, kHeadsDivideHidden, kNotAboveHeadsGot, kDivideHeadsGot, kBetweenOneAndExpertsGot,
    kBetweenZeroAndLayers, kAtLeastOne, kTooManyParameters, kPositiveNumberGot, kGiveAModel, kLayoutCharacter,
    kLayoutTooLong, kLayoutStages, kLayoutEmbeddingFirst, kLayoutLossLast, kLayoutEmbeddingOnce, kLayoutLossOnce,
    kLayoutDecoderLayers, kLayoutMtpLayers, kLayoutMtpAfterDecoders, kLayoutMtpOneStage, kLayoutMtpLastVirtual,
    kLayoutDecoderOnly };

} // namespace gp::words
