// The largest sizes a plan accepts, in one place: the plan parser and the config.json importer both check them,
// so the window never keeps (or saves) a model it could not open again. Beyond them the models' arithmetic loses
// meaning (products of dimensions leave the range where doubles count exactly).
#pragma once

#include "base/error_words.h"

#include <cstdint>
#include <string>

namespace gp::limits
{

inline constexpr std::int64_t kMaxSequence = 1LL << 24; // tokens: sequence length, positions, prompt and output
inline constexpr std::int64_t kMaxDimension = 1LL << 20; // hidden size
inline constexpr std::int64_t kMaxIntermediate = kMaxDimension * 8; // MLP and expert widths
inline constexpr std::int64_t kMaxLayers = 10000;
inline constexpr std::int64_t kMaxHeads = 65536; // attention heads, key/value heads, head dimension
inline constexpr std::int64_t kMaxVocabulary = 1LL << 24;
inline constexpr std::int64_t kMaxExperts = 4096; // routed, per token, shared, expert parallelism
inline constexpr int kMaxContextParallel = 1024; // ranks a sequence is split across (context parallelism)

// Why `context` ranks cannot split a sequence of `sequenceLength` tokens (no text when they can): a power of two
// up to kMaxContextParallel dividing the sequence into 2 x context equal chunks (load-balanced ring attention
// gives each rank one early and one late chunk, Megatron-Core's rule). The text follows the field name.
inline Words contextParallelProblem(int context, std::int64_t sequenceLength)
{
    if (context < 1 || context > kMaxContextParallel || (context & (context - 1)) != 0)
        return { words::kContextPowerOfTwoGot, { std::to_string(kMaxContextParallel), std::to_string(context) } };
    if (context > 1 && sequenceLength % (2LL * context) != 0)
        return { words::kContextDividesSequence, { std::to_string(sequenceLength), std::to_string(context) } };
    return {};
}
// The plan's other bounds, one per field kind (the field table's entries in the section headers read them; the
// window's rows take them from the field table, so a plan the core accepts is always shown as it is, never clamped
// by a widget).
inline constexpr std::int64_t kMaxMicroBatch = 1 << 16;
inline constexpr std::int64_t kMaxAccumulation = 1 << 20;
inline constexpr std::int64_t kMaxGlobalBatch = 1LL << 30;
inline constexpr double kMaxTrainingTokens = 1e16;
inline constexpr std::int64_t kMaxLoraRank = 65536;
inline constexpr std::int64_t kMaxDataParallel = 1 << 20;
inline constexpr std::int64_t kMaxTensorOrPipeline = 1024;
inline constexpr std::int64_t kMaxZeroStage = 3;
inline constexpr std::int64_t kMaxInferenceBatch = 1 << 20;
inline constexpr std::int64_t kMaxServingConcurrency = 1 << 20; // workload.serving.load.concurrency
inline constexpr double kMaxRequestsPerSecond = 1e7;
inline constexpr double kMaxLatencySeconds = 1e6; // latency targets (time to first token, per token)
inline constexpr std::int64_t kMaxEngineKnob = 1 << 24; // max_num_seqs, max_num_batched_tokens, block_size
inline constexpr std::int64_t kMaxReplicas = 1 << 16;
inline constexpr int kMaxDraftTokens = 32; // speculative tokens per request and step
inline constexpr int kMaxServedAdapters = 1 << 20; // LoRA adapters one deployment serves
inline constexpr int kMaxRedundantExperts = 1 << 16; // EPLB's extra expert copies over an EP group
inline constexpr int kMaxTurns = 10000; // prefix cache: turns per conversation
inline constexpr int kMaxDocuments = 100000000; // prefix cache: documents of a RAG corpus
inline constexpr double kMaxOffloadGib = 1e6; // prefix cache: host memory for offloaded KV
inline constexpr double kMaxLengthSpread = 10; // serving.traffic.*_spread, coefficient of variation
inline constexpr double kMaxBurstiness = 1000; // serving.traffic.burstiness (gamma shape)
inline constexpr std::int64_t kMaxTrafficRequests = 1 << 20; // serving.traffic.requests (a finite run)
inline constexpr double kMaxRequestsPerMonth = 1e15;
inline constexpr double kMinEfficiency = 0.01; // achieved fractions of a peak
inline constexpr double kMaxRuntimeGib = 64; // CUDA context, NCCL buffers per GPU
inline constexpr double kMaxMemoryFraction = 0.5; // allocator slack, headroom
inline constexpr double kMinDiskMBps = 0.001;
inline constexpr double kMaxDiskMBps = 1e7;
inline constexpr double kMaxExpertImbalance = 64;
inline constexpr std::int64_t kMaxDispatcherSms = 1024; // workload.moe_flex_dispatcher_sms (SMs of one GPU)
inline constexpr double kMaxStepOverheadSeconds = 1;
inline constexpr double kMinExchangeRate = 0.0001;
inline constexpr double kMaxExchangeRate = 10000;
inline constexpr double kMaxInterruptionsPerDay = 1000;
inline constexpr double kMinCheckpointHours = 0.001;
inline constexpr double kMaxCheckpointHours = 10000;
inline constexpr double kMaxRestartMinutes = 100000;
inline constexpr double kMaxCheckpointMinutes = 600000;
inline constexpr std::int64_t kMaxEvalSteps = 100000000;
inline constexpr double kMaxFailuresPerGpuDay = 10;
inline constexpr double kMaxStorageGib = 1e9;
inline constexpr double kMinDeadlineHours = 0.001;
inline constexpr double kMaxDeadlineHours = 1e7;
inline constexpr double kMinBudget = 0.001;
inline constexpr double kMaxBudget = 1e15; // plan currency; also a month's storage bill
inline constexpr std::int64_t kMaxSearchNodes = 1024;
// A reservation's term, in months: 5 years, beyond the 1- and 3-year terms reservations are usually sold for.
inline constexpr int kMaxReservedTermMonths = 60;
// billing.price_discount, a fraction off list prices: at most 0.99, the catalog's own bound on a discount (spot and
// reserved discounts, price sheets); 1 or more would make the run free.
inline constexpr double kMaxPriceDiscount = 0.99;
inline constexpr std::int64_t kMaxClasses = 1000000;
// workload.rl (RL post-training): prompts a step, responses per prompt (a group), the over-generation factor, passes
// and optimizer steps per step, steps in all, a rule reward's CPU seconds per response and its scoring processes, GPUs
// of a rollout pool and how many steps rollouts may run ahead of training.
inline constexpr std::int64_t kMaxRlPromptsPerStep = 1 << 20;
inline constexpr std::int64_t kMaxRlSamplesPerPrompt = 4096;
inline constexpr double kMaxRlOversampling = 64;
inline constexpr std::int64_t kMaxRlPpoEpochs = 64;
inline constexpr std::int64_t kMaxRlMiniBatches = 1 << 16;
inline constexpr std::int64_t kMaxRlSteps = 1LL << 30;
inline constexpr double kMaxRlRewardCpuSeconds = 86400;
inline constexpr std::int64_t kMaxRlRewardWorkers = 1 << 20;
inline constexpr std::int64_t kMaxRlRolloutGpus = 1 << 20;
inline constexpr std::int64_t kMaxRlOffPolicySteps = 64;
inline constexpr double kMaxParameters = 1e13; // 10 trillion
// A plan's title, in characters: it heads every report page, and laying out a longer one costs time quadratic in
// its length (200,000 characters took 20 s to export).
inline constexpr std::int64_t kMaxTitleLength = 1000;
// The plan's notes (a few paragraphs for the report's first page): 20,000 characters, about five pages.
inline constexpr std::int64_t kMaxNotesLength = 20000;
// A name shown in a table cell, a chart legend and every report page that lists it (the model's name, a candidate's
// label): 300 characters, a long sentence; a million took over 300 s to export.
inline constexpr std::int64_t kMaxShownNameLength = 300;
// A price's source or note (shown in the catalog dialog and the report's sources): 2,000 characters, a paragraph
// with its URLs (the built-in catalog's longest note is 740).
inline constexpr std::int64_t kMaxSourceTextLength = 2000;

} // namespace gp::limits
