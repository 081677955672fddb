// The plan's field table (plan_fields.h): the entries, and the reader and writer every entry goes through.
#include "plan/plan_fields.h"

#include "plan/plan_lint.h"

#include "base/json_reader.h"
#include "base/number_text.h"
#include "plan/limits.h"
#include "plan/plan_enum_tables.h"

#include <cmath>
#include <optional>
#include <string>
#include <type_traits>

namespace gp
{

using nlohmann::json;

namespace
{

using namespace limits;
using PfUnit = FieldUnit;
using PfWrite = FieldWrite;
using PfReport = FieldReport;

template <class T> struct PlanFieldOptional : std::false_type {
    using Value = T;
};
template <class T> struct PlanFieldOptional<std::optional<T>> : std::true_type {
    using Value = T;
};

template <class E> struct PlanFieldEnumTable;
#define GP_PLAN_FIELD_ENUM(E, table)                                                                                   \
    template <> struct PlanFieldEnumTable<E> {                                                                         \
        static constexpr const auto& names = detail::table;                                                            \
    }
GP_PLAN_FIELD_ENUM(Mode, kModes);
GP_PLAN_FIELD_ENUM(TrainingObjective, kObjectives);
GP_PLAN_FIELD_ENUM(Technique, kTechniques);
GP_PLAN_FIELD_ENUM(Precision, kPrecisions);
GP_PLAN_FIELD_ENUM(WeightFormat, kWeightFormats);
GP_PLAN_FIELD_ENUM(Optimizer, kOptimizers);
GP_PLAN_FIELD_ENUM(Checkpointing, kCheckpointing);
GP_PLAN_FIELD_ENUM(AttentionKernel, kAttentionKernels);
GP_PLAN_FIELD_ENUM(LossImplementation, kLossImplementations);
GP_PLAN_FIELD_ENUM(TrainingStack, kTrainingStacks);
GP_PLAN_FIELD_ENUM(GradientPrecision, kGradientPrecisions);
GP_PLAN_FIELD_ENUM(Offload, kOffloads);
GP_PLAN_FIELD_ENUM(PipelineSchedule, kPipelineSchedules);
GP_PLAN_FIELD_ENUM(Fp8Recipe, kFp8Recipes);
GP_PLAN_FIELD_ENUM(KvPrecision, kKvPrecisions);
GP_PLAN_FIELD_ENUM(ServingEngineKind, kServingEngines);
GP_PLAN_FIELD_ENUM(ServingDeploymentMode, kServingDeploymentModes);
GP_PLAN_FIELD_ENUM(SpeculativeMethod, kSpeculativeMethods);
GP_PLAN_FIELD_ENUM(PrefixShape, kPrefixShapes);
GP_PLAN_FIELD_ENUM(LoraTargetSet, kLoraTargetSets);
GP_PLAN_FIELD_ENUM(WideEpMode, kWideEpModes);
GP_PLAN_FIELD_ENUM(LengthShape, kLengthShapes);
GP_PLAN_FIELD_ENUM(SloPercentile, kSloPercentiles);
GP_PLAN_FIELD_ENUM(SearchObjective, kSearchObjectives);
GP_PLAN_FIELD_ENUM(RlAlgorithm, kRlAlgorithms);
GP_PLAN_FIELD_ENUM(RlPlacement, kRlPlacements);
GP_PLAN_FIELD_ENUM(RlRewardKind, kRlRewardKinds);
#undef GP_PLAN_FIELD_ENUM

template <class T> json planFieldJson(const T& value)
{
    if constexpr (PlanFieldOptional<T>::value)
        return value ? planFieldJson(*value) : json(nullptr);
    else if constexpr (std::is_enum_v<T>)
        return std::string(detail::nameOf(PlanFieldEnumTable<T>::names, value));
    else
        return json(value);
}

template <class T> void planFieldSet(T& out, const json& value)
{
    if constexpr (PlanFieldOptional<T>::value) {
        if (value.is_null())
            out.reset();
        else
            planFieldSet(out.emplace(), value);
    } else if constexpr (std::is_enum_v<T>) {
        for (const auto& [name, v] : PlanFieldEnumTable<T>::names)
            if (name == value.get_ref<const std::string&>())
                out = v;
    } else if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::string>) {
        out = value.get<T>();
    } else if constexpr (std::is_integral_v<T>) {
        out = static_cast<T>(value.get<std::int64_t>());
    } else {
        out = value.get<double>();
    }
}

template <class T> struct PlanFieldAccess {
    json (*get)(const Plan&);
    void (*set)(Plan&, const json&);
};

#define GP_ACCESS(member)                                                                                              \
    PlanFieldAccess<std::remove_cvref_t<decltype(std::declval<Plan&>().member)>>                                       \
    {                                                                                                                  \
        [](const Plan& p) { return planFieldJson(p.member); },                                                         \
            [](Plan& p, const json& v) { planFieldSet(p.member, v); }                                                  \
    }

template <class T>
PlanField planField(std::string_view path, PlanFieldAccess<T> access, FieldUnit unit, double min, double max,
    FieldWrite write, FieldReport report)
{
    using V = typename PlanFieldOptional<T>::Value;
    PlanField f;
    f.path = path;
    f.unit = unit;
    f.min = min;
    f.max = max;
    f.write = write;
    f.report = report;
    f.optional = PlanFieldOptional<T>::value;
    f.get = access.get;
    f.set = access.set;
    if constexpr (std::is_same_v<V, bool>) {
        f.kind = FieldKind::Boolean;
    } else if constexpr (std::is_enum_v<V>) {
        f.kind = FieldKind::Choice;
        for (const auto& entry : PlanFieldEnumTable<V>::names)
            f.choices.push_back(entry.first);
    } else if constexpr (std::is_same_v<V, std::string>) {
        f.kind = FieldKind::Choice;
        for (std::string_view name : detail::kCurrencies)
            f.choices.push_back(name);
    } else if constexpr (std::is_integral_v<V>) {
        f.kind = FieldKind::Integer;
    } else {
        f.kind = FieldKind::Number;
    }
    return f;
}

// A choice or a flag: no bounds.
template <class T>
PlanField planField(std::string_view path, PlanFieldAccess<T> access, FieldWrite write, FieldReport report)
{
    return planField(path, access, PfUnit::None, 0, 0, write, report);
}

constexpr double kPlanFieldSequence = double(kMaxSequence);

std::vector<PlanField> workloadFields()
{
    return {
        planField("workload.mode", GP_ACCESS(workload.mode), PfWrite::Always, PfReport::Question),
        planField("workload.objective", GP_ACCESS(workload.objective), PfWrite::Always, PfReport::Assumption),
        planField("workload.technique", GP_ACCESS(workload.technique), PfWrite::Always, PfReport::Question),
        planField("workload.precision", GP_ACCESS(workload.precision), PfWrite::Always, PfReport::Question),
        planField("workload.weight_format", GP_ACCESS(workload.weightFormat), PfWrite::Always, PfReport::Question),
        planField("workload.weight_bits", GP_ACCESS(workload.weightBits), PfUnit::None, 1, 32, PfWrite::NotAtDefault,
            PfReport::Assumption),
        planField("workload.optimizer", GP_ACCESS(workload.optimizer), PfWrite::Always, PfReport::Question),
        planField("workload.activation_checkpointing", GP_ACCESS(workload.activationCheckpointing), PfWrite::Always,
            PfReport::Assumption),
        planField("workload.flash_attention", GP_ACCESS(workload.flashAttention), PfWrite::Always, PfReport::Question),
        planField(
            "workload.attention_kernel", GP_ACCESS(workload.attentionKernel), PfWrite::Always, PfReport::Question),
        planField("workload.loss_implementation", GP_ACCESS(workload.lossImplementation), PfWrite::Always,
            PfReport::Question),
        planField("workload.sequence_length", GP_ACCESS(workload.sequenceLength), PfUnit::Tokens, 1, kPlanFieldSequence,
            PfWrite::Always, PfReport::Question)
            .sweep("2048, 4096, 8192, 16384"),
        planField("workload.micro_batch_size", GP_ACCESS(workload.microBatchSize), PfUnit::Sequences, 1,
            double(kMaxMicroBatch), PfWrite::Always, PfReport::Question)
            .sweep("1, 2, 4, 8"),
        planField("workload.gradient_accumulation_steps", GP_ACCESS(workload.gradientAccumulationSteps), PfUnit::None,
            1, double(kMaxAccumulation), PfWrite::Always, PfReport::Question),
        planField("workload.global_batch_size", GP_ACCESS(workload.globalBatchSize), PfUnit::Sequences, 1,
            double(kMaxGlobalBatch), PfWrite::Always, PfReport::Question)
            .sweep("32, 64, 128, 256"),
        planField("workload.training_tokens", GP_ACCESS(workload.trainingTokens), PfUnit::Tokens, 1, kMaxTrainingTokens,
            PfWrite::Always, PfReport::Question)
            .sweep("1e9, 2e9, 5e9, 1e10"),
        planField("workload.freeze_trainable_layers", GP_ACCESS(workload.freezeTrainableLayers), PfUnit::Layers, 0,
            double(kMaxLayers), PfWrite::NotAtDefault, PfReport::Assumption),
        planField("workload.framework", GP_ACCESS(workload.framework), PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.gradient_precision", GP_ACCESS(workload.gradientPrecision), PfWrite::NotAtDefault,
            PfReport::Assumption),
        planField("workload.checkpoint_interval_minutes", GP_ACCESS(workload.checkpointIntervalMinutes),
            PfUnit::Minutes, 0, kMaxCheckpointMinutes, PfWrite::NotAtDefault, PfReport::Assumption)
            .exclusiveMin(),
        planField("workload.async_checkpoint", GP_ACCESS(workload.asyncCheckpoint), PfWrite::NotAtDefault,
            PfReport::Assumption),
        planField("workload.eval_interval_steps", GP_ACCESS(workload.evalIntervalSteps), PfUnit::None, 0,
            double(kMaxEvalSteps), PfWrite::NotAtDefault, PfReport::Assumption),
        planField("workload.eval_steps", GP_ACCESS(workload.evalSteps), PfUnit::None, 0, double(kMaxEvalSteps),
            PfWrite::NotAtDefault, PfReport::Assumption),
        planField("workload.master_weights", GP_ACCESS(workload.masterWeights), PfWrite::Always, PfReport::Assumption),
        planField(
            "workload.paged_optimizer", GP_ACCESS(workload.pagedOptimizer), PfWrite::Always, PfReport::Assumption),
        planField("workload.torch_compile", GP_ACCESS(workload.torchCompile), PfWrite::Always, PfReport::Assumption),
        planField("workload.optimizer_in_backward", GP_ACCESS(workload.optimizerInBackward), PfWrite::Always,
            PfReport::Assumption),
        planField("workload.bf16_optimizer_states", GP_ACCESS(workload.bf16OptimizerStates), PfWrite::NotAtDefault,
            PfReport::Assumption),
        planField("workload.fp8_recipe", GP_ACCESS(workload.fp8Recipe), PfWrite::NotAtDefault, PfReport::Question),
        planField(
            "workload.fp8_all_gather", GP_ACCESS(workload.fp8AllGather), PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.activation_checkpointing_layers", GP_ACCESS(workload.checkpointedLayers), PfUnit::Layers, 0,
            double(kMaxLayers), PfWrite::NotAtDefault, PfReport::Assumption),
        planField("workload.lora.rank", GP_ACCESS(workload.lora.rank), PfUnit::None, 1, double(kMaxLoraRank),
            PfWrite::Always, PfReport::Assumption)
            .sweep("8, 16, 64, 256"),
        planField("workload.parallelism.data", GP_ACCESS(workload.parallelism.data), PfUnit::None, 1,
            double(kMaxDataParallel), PfWrite::Always, PfReport::Assumption)
            .absentAs("auto"),
        planField("workload.parallelism.tensor", GP_ACCESS(workload.parallelism.tensor), PfUnit::None, 1,
            double(kMaxTensorOrPipeline), PfWrite::Always, PfReport::Assumption),
        planField("workload.parallelism.pipeline", GP_ACCESS(workload.parallelism.pipeline), PfUnit::None, 1,
            double(kMaxTensorOrPipeline), PfWrite::Always, PfReport::Assumption),
        planField("workload.parallelism.zero_stage", GP_ACCESS(workload.parallelism.zeroStage), PfUnit::None, 0,
            double(kMaxZeroStage), PfWrite::Always, PfReport::Assumption),
        planField("workload.parallelism.offload", GP_ACCESS(workload.parallelism.offload), PfWrite::Always,
            PfReport::Assumption),
        planField("workload.parallelism.sequence_parallel", GP_ACCESS(workload.parallelism.sequenceParallel),
            PfWrite::NotAtDefault, PfReport::Assumption),
        planField("workload.parallelism.expert", GP_ACCESS(workload.parallelism.expert), PfUnit::None, 1,
            double(kMaxExperts), PfWrite::NotAtDefault, PfReport::Assumption),
        planField("workload.parallelism.context", GP_ACCESS(workload.parallelism.context), PfUnit::None, 1,
            double(kMaxContextParallel), PfWrite::NotAtDefault, PfReport::Assumption),
        planField("workload.parallelism.pipeline_schedule", GP_ACCESS(workload.parallelism.pipelineSchedule),
            PfWrite::NotAtDefault, PfReport::Assumption),
        planField("workload.parallelism.virtual_stages", GP_ACCESS(workload.parallelism.virtualStages), PfUnit::None, 1,
            double(kMaxLayers), PfWrite::NotAtDefault, PfReport::Assumption),
        planField("workload.inference.batch_size", GP_ACCESS(workload.inference.batchSize), PfUnit::Requests, 1,
            double(kMaxInferenceBatch), PfWrite::Always, PfReport::Question),
        planField("workload.inference.prompt_tokens", GP_ACCESS(workload.inference.promptTokens), PfUnit::Tokens, 1,
            kPlanFieldSequence, PfWrite::Always, PfReport::Question),
        planField("workload.inference.output_tokens", GP_ACCESS(workload.inference.outputTokens), PfUnit::Tokens, 0,
            kPlanFieldSequence, PfWrite::Always, PfReport::Question),
        planField("workload.inference.kv_cache_precision", GP_ACCESS(workload.inference.kvCachePrecision),
            PfWrite::Always, PfReport::Question),
    };
}

std::vector<PlanField> servingFields()
{
    return {
        planField("workload.serving.prompt_tokens", GP_ACCESS(workload.serving.promptTokens), PfUnit::Tokens, 1,
            kPlanFieldSequence, PfWrite::WithServing, PfReport::Question),
        planField("workload.serving.output_tokens", GP_ACCESS(workload.serving.outputTokens), PfUnit::Tokens, 1,
            kPlanFieldSequence, PfWrite::WithServing, PfReport::Question),
        planField("workload.serving.slo.ttft_seconds", GP_ACCESS(workload.serving.slo.ttftSeconds), PfUnit::Seconds, 0,
            kMaxLatencySeconds, PfWrite::NotAtDefault, PfReport::Question)
            .exclusiveMin(),
        planField("workload.serving.slo.tpot_seconds", GP_ACCESS(workload.serving.slo.tpotSeconds), PfUnit::Seconds, 0,
            kMaxLatencySeconds, PfWrite::NotAtDefault, PfReport::Question)
            .exclusiveMin(),
        planField("workload.serving.slo.percentile", GP_ACCESS(workload.serving.slo.percentile), PfWrite::NotAtDefault,
            PfReport::Question),
        planField("workload.serving.traffic.prompt_distribution", GP_ACCESS(workload.serving.traffic.promptShape),
            PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.traffic.prompt_spread", GP_ACCESS(workload.serving.traffic.promptSpread),
            PfUnit::None, 0, kMaxLengthSpread, PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.traffic.output_distribution", GP_ACCESS(workload.serving.traffic.outputShape),
            PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.traffic.output_spread", GP_ACCESS(workload.serving.traffic.outputSpread),
            PfUnit::None, 0, kMaxLengthSpread, PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.traffic.burstiness", GP_ACCESS(workload.serving.traffic.burstiness), PfUnit::None,
            0, kMaxBurstiness, PfWrite::NotAtDefault, PfReport::Question)
            .exclusiveMin(),
        planField("workload.serving.traffic.requests", GP_ACCESS(workload.serving.traffic.requests), PfUnit::Requests,
            1, double(kMaxTrafficRequests), PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.kv_cache_precision", GP_ACCESS(workload.serving.kvCachePrecision),
            PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.engine.name", GP_ACCESS(workload.serving.engine.kind), PfWrite::NotAtDefault,
            PfReport::Question),
        planField("workload.serving.engine.gpu_memory_utilization",
            GP_ACCESS(workload.serving.engine.gpuMemoryUtilization), PfUnit::Fraction, 0, 1, PfWrite::NotAtDefault,
            PfReport::Question)
            .exclusiveMin(),
        planField("workload.serving.engine.max_num_seqs", GP_ACCESS(workload.serving.engine.maxNumSeqs),
            PfUnit::Requests, 1, double(kMaxEngineKnob), PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.engine.max_num_batched_tokens",
            GP_ACCESS(workload.serving.engine.maxNumBatchedTokens), PfUnit::Tokens, 1, double(kMaxEngineKnob),
            PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.engine.block_size", GP_ACCESS(workload.serving.engine.blockSize), PfUnit::Tokens, 1,
            double(kMaxEngineKnob), PfWrite::NotAtDefault, PfReport::Assumption),
        planField("workload.serving.engine.prefix_cache_hit_rate",
            GP_ACCESS(workload.serving.engine.prefixCacheHitRate), PfUnit::Fraction, 0, 1, PfWrite::WithServing,
            PfReport::Question),
        planField("workload.serving.engine.max_model_len", GP_ACCESS(workload.serving.engine.maxModelLen),
            PfUnit::Tokens, 2, kPlanFieldSequence, PfWrite::NotAtDefault, PfReport::Assumption),
        planField("workload.serving.speculative.method", GP_ACCESS(workload.serving.speculative.method),
            PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.speculative.draft_tokens", GP_ACCESS(workload.serving.speculative.draftTokens),
            PfUnit::Tokens, 1, double(kMaxDraftTokens), PfWrite::NotAtDefault, PfReport::Question)
            .sweep("1, 2, 3, 5"),
        planField("workload.serving.speculative.acceptance_rate",
            GP_ACCESS(workload.serving.speculative.acceptanceRate), PfUnit::Fraction, 0, 1, PfWrite::NotAtDefault,
            PfReport::Question),
        planField("workload.serving.prefix_cache.shape", GP_ACCESS(workload.serving.prefixCache.shape),
            PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.prefix_cache.shared_tokens", GP_ACCESS(workload.serving.prefixCache.sharedTokens),
            PfUnit::Tokens, 0, kPlanFieldSequence, PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.prefix_cache.turns", GP_ACCESS(workload.serving.prefixCache.turns), PfUnit::None, 1,
            double(kMaxTurns), PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.prefix_cache.think_seconds", GP_ACCESS(workload.serving.prefixCache.thinkSeconds),
            PfUnit::Seconds, 0, kMaxLatencySeconds, PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.prefix_cache.documents", GP_ACCESS(workload.serving.prefixCache.documents),
            PfUnit::None, 1, double(kMaxDocuments), PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.prefix_cache.offload_gib", GP_ACCESS(workload.serving.prefixCache.offloadGib),
            PfUnit::Gib, 0, kMaxOffloadGib, PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.lora.adapters", GP_ACCESS(workload.serving.lora.adapters), PfUnit::None, 0,
            double(kMaxServedAdapters), PfWrite::NotAtDefault, PfReport::Question)
            .sweep("1, 8, 64, 512"),
        planField("workload.serving.lora.rank", GP_ACCESS(workload.serving.lora.rank), PfUnit::None, 1,
            double(kMaxLoraRank), PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.lora.targets", GP_ACCESS(workload.serving.lora.targets), PfWrite::NotAtDefault,
            PfReport::Question),
        planField("workload.serving.lora.max_loras", GP_ACCESS(workload.serving.lora.maxLoras), PfUnit::None, 1,
            double(kMaxServedAdapters), PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.lora.max_cpu_loras", GP_ACCESS(workload.serving.lora.maxCpuLoras), PfUnit::None, 1,
            double(kMaxServedAdapters), PfWrite::NotAtDefault, PfReport::Assumption),
        planField("workload.serving.wide_ep.mode", GP_ACCESS(workload.serving.wideEp.mode), PfWrite::NotAtDefault,
            PfReport::Question),
        planField("workload.serving.wide_ep.redundant_experts", GP_ACCESS(workload.serving.wideEp.redundantExperts),
            PfUnit::None, 0, double(kMaxRedundantExperts), PfWrite::NotAtDefault, PfReport::Assumption),
        planField("workload.serving.wide_ep.two_batch_overlap", GP_ACCESS(workload.serving.wideEp.twoBatchOverlap),
            PfWrite::NotAtDefault, PfReport::Assumption),
        planField("workload.serving.replicas", GP_ACCESS(workload.serving.replicas), PfUnit::None, 1,
            double(kMaxReplicas), PfWrite::WithServing, PfReport::Question)
            .absentAs("auto"),
        planField("workload.serving.requests_per_month", GP_ACCESS(workload.serving.requestsPerMonth),
            PfUnit::RequestsPerMonth, 0, kMaxRequestsPerMonth, PfWrite::NotAtDefault, PfReport::Question)
            .exclusiveMin(),
        planField("workload.serving.deployment.mode", GP_ACCESS(workload.serving.deployment.mode),
            PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.serving.deployment.prefill_replicas",
            GP_ACCESS(workload.serving.deployment.prefillReplicas), PfUnit::None, 1, double(kMaxReplicas),
            PfWrite::NotAtDefault, PfReport::Question)
            .absentAs("auto"),
        planField("workload.serving.deployment.decode_replicas", GP_ACCESS(workload.serving.deployment.decodeReplicas),
            PfUnit::None, 1, double(kMaxReplicas), PfWrite::NotAtDefault, PfReport::Question)
            .absentAs("auto"),
        planField("workload.serving.deployment.prefill_tensor", GP_ACCESS(workload.serving.deployment.prefillTensor),
            PfUnit::None, 1, double(kMaxTensorOrPipeline), PfWrite::NotAtDefault, PfReport::Question)
            .absentAs("auto"),
        planField("workload.serving.deployment.decode_tensor", GP_ACCESS(workload.serving.deployment.decodeTensor),
            PfUnit::None, 1, double(kMaxTensorOrPipeline), PfWrite::NotAtDefault, PfReport::Question)
            .absentAs("auto"),
    };
}

// workload.rl (docs/plan-format.md "RL post-training"): the scalars; the reward model and the critic (a preset or a
// size) are read and written beside the table (plan_parse.cpp readRl, plan_write.cpp).
std::vector<PlanField> rlFields()
{
    const auto seq = kPlanFieldSequence;
    return {
        planField("workload.rl.algorithm", GP_ACCESS(workload.rl.algorithm), PfWrite::WithRl, PfReport::Question),
        planField("workload.rl.prompts_per_step", GP_ACCESS(workload.rl.promptsPerStep), PfUnit::None, 1,
            double(kMaxRlPromptsPerStep), PfWrite::WithRl, PfReport::Question),
        planField("workload.rl.samples_per_prompt", GP_ACCESS(workload.rl.samplesPerPrompt), PfUnit::Sequences, 1,
            double(kMaxRlSamplesPerPrompt), PfWrite::WithRl, PfReport::Question),
        planField("workload.rl.oversampling", GP_ACCESS(workload.rl.oversampling), PfUnit::Ratio, 1, kMaxRlOversampling,
            PfWrite::WithRl, PfReport::Question),
        planField("workload.rl.prompt_tokens", GP_ACCESS(workload.rl.promptTokens), PfUnit::Tokens, 1, seq,
            PfWrite::WithRl, PfReport::Question),
        planField("workload.rl.response_tokens_mean", GP_ACCESS(workload.rl.responseTokensMean), PfUnit::Tokens, 1, seq,
            PfWrite::WithRl, PfReport::Question),
        planField("workload.rl.response_tokens_max", GP_ACCESS(workload.rl.responseTokensMax), PfUnit::Tokens, 1, seq,
            PfWrite::WithRl, PfReport::Question),
        planField("workload.rl.ppo_epochs", GP_ACCESS(workload.rl.ppoEpochs), PfUnit::None, 1, double(kMaxRlPpoEpochs),
            PfWrite::WithRl, PfReport::Question),
        planField("workload.rl.mini_batches", GP_ACCESS(workload.rl.miniBatches), PfUnit::None, 1,
            double(kMaxRlMiniBatches), PfWrite::WithRl, PfReport::Question),
        planField("workload.rl.steps", GP_ACCESS(workload.rl.steps), PfUnit::None, 1, double(kMaxRlSteps),
            PfWrite::WithRl, PfReport::Question),
        planField("workload.rl.reference", GP_ACCESS(workload.rl.reference), PfWrite::NotAtDefault, PfReport::Question),
        planField("workload.rl.reward.kind", GP_ACCESS(workload.rl.rewardKind), PfWrite::WithRl, PfReport::Question),
        planField("workload.rl.reward.cpu_seconds_per_sample", GP_ACCESS(workload.rl.rewardCpuSecondsPerSample),
            PfUnit::Seconds, 0, kMaxRlRewardCpuSeconds, PfWrite::WithRl, PfReport::Question),
        planField("workload.rl.placement", GP_ACCESS(workload.rl.placement), PfWrite::WithRl, PfReport::Question),
        planField("workload.rl.rollout_gpus", GP_ACCESS(workload.rl.rolloutGpus), PfUnit::None, 1,
            double(kMaxRlRolloutGpus), PfWrite::WithRl, PfReport::Question)
            .absentAs("auto"),
        planField("workload.rl.off_policy_steps", GP_ACCESS(workload.rl.offPolicySteps), PfUnit::None, 0,
            double(kMaxRlOffPolicySteps), PfWrite::WithRl, PfReport::Question),
    };
}

std::vector<PlanField> assumptionFields()
{
    return {
        planField("assumptions.compute_efficiency", GP_ACCESS(assumptions.computeEfficiency), PfUnit::Fraction,
            kMinEfficiency, 1, PfWrite::Always, PfReport::Assumption),
        planField("assumptions.cuda_context_gib", GP_ACCESS(assumptions.cudaContextGib), PfUnit::Gib, 0, kMaxRuntimeGib,
            PfWrite::Always, PfReport::Assumption),
        planField("assumptions.nccl_gib", GP_ACCESS(assumptions.ncclGib), PfUnit::Gib, 0, kMaxRuntimeGib,
            PfWrite::Always, PfReport::Assumption),
        planField("assumptions.allocator_fraction", GP_ACCESS(assumptions.allocatorFraction), PfUnit::Fraction, 0,
            kMaxMemoryFraction, PfWrite::Always, PfReport::Assumption),
        planField("assumptions.headroom_fraction", GP_ACCESS(assumptions.headroomFraction), PfUnit::Fraction, 0,
            kMaxMemoryFraction, PfWrite::Always, PfReport::Assumption),
        planField("assumptions.memory_bandwidth_efficiency", GP_ACCESS(assumptions.memoryBandwidthEfficiency),
            PfUnit::Fraction, kMinEfficiency, 1, PfWrite::Always, PfReport::Assumption),
        planField("assumptions.link_efficiency", GP_ACCESS(assumptions.linkEfficiency), PfUnit::Fraction,
            kMinEfficiency, 1, PfWrite::Always, PfReport::Assumption),
        planField("assumptions.communication_overlap", GP_ACCESS(assumptions.communicationOverlap), PfUnit::Fraction, 0,
            1, PfWrite::Always, PfReport::Assumption),
        planField("assumptions.disk_throughput_mbps", GP_ACCESS(assumptions.diskThroughputMBps),
            PfUnit::MegabytesPerSecond, kMinDiskMBps, kMaxDiskMBps, PfWrite::Always, PfReport::Assumption),
        planField("assumptions.expert_load_imbalance", GP_ACCESS(assumptions.expertLoadImbalance), PfUnit::Ratio, 1,
            kMaxExpertImbalance, PfWrite::NotAtDefault, PfReport::Assumption),
        planField("assumptions.failures_per_gpu_day", GP_ACCESS(assumptions.failuresPerGpuDay), PfUnit::PerDay, 0,
            kMaxFailuresPerGpuDay, PfWrite::NotAtDefault, PfReport::Assumption),
        planField("assumptions.serving_decode_bandwidth_efficiency",
            GP_ACCESS(assumptions.servingDecodeBandwidthEfficiency), PfUnit::Fraction, kMinEfficiency, 1,
            PfWrite::NotAtDefault, PfReport::Assumption),
        planField("assumptions.serving_prefill_compute_efficiency",
            GP_ACCESS(assumptions.servingPrefillComputeEfficiency), PfUnit::Fraction, kMinEfficiency, 1,
            PfWrite::NotAtDefault, PfReport::Assumption),
        planField("assumptions.serving_step_overhead_seconds", GP_ACCESS(assumptions.servingStepOverheadSeconds),
            PfUnit::Seconds, 0, kMaxStepOverheadSeconds, PfWrite::NotAtDefault, PfReport::Assumption),
    };
}

std::string_view reservedTermWords()
{
    static const std::string words
        = "a whole number of months from 1 to " + std::to_string(kMaxReservedTermMonths) + " (12 = a 1-year term)";
    return words;
}

std::vector<PlanField> billingAndSearchFields()
{
    return {
        planField("billing.currency", GP_ACCESS(billing.currency), PfWrite::Always, PfReport::Question),
        planField("billing.exchange_rate", GP_ACCESS(billing.exchangeRate), PfUnit::CnyPerUsd, kMinExchangeRate,
            kMaxExchangeRate, PfWrite::Always, PfReport::Assumption),
        planField("billing.spot_interruptions_per_day", GP_ACCESS(billing.spotInterruptionsPerDay), PfUnit::PerDay, 0,
            kMaxInterruptionsPerDay, PfWrite::Always, PfReport::Assumption),
        planField("billing.checkpoint_interval_hours", GP_ACCESS(billing.checkpointIntervalHours), PfUnit::Hours,
            kMinCheckpointHours, kMaxCheckpointHours, PfWrite::Always, PfReport::Assumption),
        planField("billing.restart_minutes", GP_ACCESS(billing.restartMinutes), PfUnit::Minutes, 0, kMaxRestartMinutes,
            PfWrite::Always, PfReport::Assumption),
        planField("billing.storage_gib", GP_ACCESS(billing.storageGib), PfUnit::Gib, 0, kMaxStorageGib, PfWrite::Always,
            PfReport::Assumption),
        planField("billing.storage_per_month", GP_ACCESS(billing.storagePerMonth), PfUnit::MoneyPerMonth, 0, kMaxBudget,
            PfWrite::NotAtDefault, PfReport::Assumption),
        planField("billing.price_discount", GP_ACCESS(billing.priceDiscount), PfUnit::Fraction, 0, kMaxPriceDiscount,
            PfWrite::NotAtDefault, PfReport::Assumption)
            .sweep("0, 0.1, 0.2, 0.3"),
        planField("billing.reserved_term_months", GP_ACCESS(billing.reservedTermMonths), PfUnit::Months, 1,
            double(kMaxReservedTermMonths), PfWrite::Always, PfReport::Assumption)
            .rangeIs(reservedTermWords()),
        planField("search.enabled", GP_ACCESS(search.enabled), PfWrite::Always, PfReport::Question),
        planField("search.objective", GP_ACCESS(search.objective), PfWrite::Always, PfReport::Question),
        planField("search.deadline_hours", GP_ACCESS(search.deadlineHours), PfUnit::Hours, kMinDeadlineHours,
            kMaxDeadlineHours, PfWrite::Always, PfReport::Question),
        planField("search.budget", GP_ACCESS(search.budget), PfUnit::Money, kMinBudget, kMaxBudget, PfWrite::Always,
            PfReport::Question),
        planField("search.max_nodes", GP_ACCESS(search.maxNodes), PfUnit::None, 1, double(kMaxSearchNodes),
            PfWrite::Always, PfReport::Assumption),
    };
}

#undef GP_ACCESS

std::vector<PlanField> makePlanFields()
{
    std::vector<PlanField> all;
    for (auto part : { workloadFields(), servingFields(), rlFields(), assumptionFields(), billingAndSearchFields() })
        all.insert(all.end(), std::make_move_iterator(part.begin()), std::make_move_iterator(part.end()));
    return all;
}

// The JSON value at `path` ("a.b.c") of `document`, or nullptr.
json* planFieldSlot(json& document, std::string_view path, bool create)
{
    json* node = &document;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = path.find('.', start);
        const std::string key(path.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
        if (!node->is_object()) {
            if (!create)
                return nullptr;
            *node = json::object();
        }
        auto it = node->find(key);
        if (it == node->end()) {
            if (!create)
                return nullptr;
            it = node->emplace(key, json(nullptr)).first;
        }
        node = &*it;
        if (dot == std::string_view::npos)
            return node;
        start = dot + 1;
    }
}

void erasePlanFieldSlot(json& document, std::string_view path)
{
    const std::size_t dot = path.rfind('.');
    json* parent = dot == std::string_view::npos ? &document : planFieldSlot(document, path.substr(0, dot), false);
    if (parent && parent->is_object())
        parent->erase(std::string(path.substr(dot + 1)));
}

// One number as the table reads it; false (error set) when it is not one or out of bounds.
bool readPlanFieldNumber(detail::JsonReader& r, const PlanField& f, const json& value, json& out)
{
    const std::string key(f.key());
    if (!f.rangeWords.empty()) { // one message for every wrong value
        const double v = value.is_number() ? value.get<double>() : 0;
        if (!value.is_number() || !std::isfinite(v) || v != std::floor(v) || v < f.min || v > f.max) {
            r.fail(key,
                "must be " + std::string(f.rangeWords) + ", got "
                    + (value.is_number() ? value.dump() : detail::describeJsonType(value)));
            return false;
        }
        out = std::int64_t(v);
        return true;
    }
    if (f.kind == FieldKind::Integer) {
        std::int64_t v = 0;
        if (!r.integer(key, v, true, std::int64_t(f.min), std::int64_t(f.max)))
            return false;
        out = v;
        return true;
    }
    double v = 0;
    if (!r.number(key, v, true, f.minExclusive ? -1e300 : f.min, f.minExclusive ? 1e300 : f.max))
        return false;
    if (f.minExclusive && !(v > f.min && v <= f.max)) {
        r.fail(
            key, "must be > " + formatExact(f.min) + " and at most " + formatExact(f.max) + ", got " + formatExact(v));
        return false;
    }
    out = v;
    return true;
}

} // namespace

std::string_view PlanField::key() const
{
    const std::size_t dot = path.rfind('.');
    return dot == std::string_view::npos ? path : path.substr(dot + 1);
}

std::string_view PlanField::parent() const
{
    const std::size_t dot = path.rfind('.');
    return dot == std::string_view::npos ? std::string_view() : path.substr(0, dot);
}

json PlanField::defaultValue() const
{
    static const Plan defaults;
    return get(defaults);
}

const std::vector<PlanField>& planFields()
{
    static const std::vector<PlanField> fields = makePlanFields();
    return fields;
}

const PlanField* findPlanField(std::string_view path)
{
    for (const PlanField& f : planFields())
        if (f.path == path)
            return &f;
    return nullptr;
}

std::vector<const PlanField*> sweepableFields()
{
    std::vector<const PlanField*> list;
    for (const PlanField& f : planFields())
        if (f.sweepable())
            list.push_back(&f);
    return list;
}

void readPlanFields(detail::JsonReader& r, Plan& plan)
{
    for (const PlanField& f : planFields()) {
        if (!r.ok())
            return;
        if (f.parent() != r.path())
            continue;
        const std::string key(f.key());
        if (!r.has(key) || r.isNull(key))
            continue; // absent: the plan's default
        const json& value = r.object()[key];
        json out;
        if (!f.absentWord.empty() && value.is_string()) {
            if (value.get_ref<const std::string&>() != f.absentWord) {
                r.fail(key,
                    "must be a positive integer or \"" + std::string(f.absentWord) + "\", got "
                        + detail::describeJsonType(value));
                return;
            }
            f.set(plan, json(nullptr));
            continue;
        }
        switch (f.kind) {
        case FieldKind::Boolean: {
            bool b = false;
            if (!r.boolean(key, b, true))
                return;
            out = b;
            break;
        }
        case FieldKind::Choice: {
            std::string text;
            if (!r.string(key, text, true))
                return;
            bool known = false;
            std::string allowed;
            for (std::string_view name : f.choices) {
                known = known || name == text;
                allowed += (allowed.empty() ? "" : ", ") + std::string(name);
            }
            if (!known) {
                r.fail(key, "unknown value \"" + text + "\"; expected one of: " + allowed);
                return;
            }
            out = text;
            break;
        }
        case FieldKind::Integer:
        case FieldKind::Number:
            if (!readPlanFieldNumber(r, f, value, out))
                return;
            break;
        }
        f.set(plan, out);
    }
}

void writePlanFields(const Plan& plan, json& known, json& document, bool servingWritten, bool rlWritten)
{
    for (const PlanField& f : planFields()) {
        json value = f.get(plan);
        const bool atDefault = value == f.defaultValue();
        const bool written = f.write == FieldWrite::Always || !atDefault
            || (f.write == FieldWrite::WithServing && servingWritten) || (f.write == FieldWrite::WithRl && rlWritten);
        if (!written) {
            erasePlanFieldSlot(document, f.path);
            continue;
        }
        if (value.is_null() && !f.absentWord.empty())
            value = std::string(f.absentWord);
        *planFieldSlot(known, f.path, true) = std::move(value);
    }
}

const std::vector<std::string_view>& planPathsBesideTheTable()
{
    static const std::vector<std::string_view> paths { "format", "version", "title", "notes", "model", "candidates",
        "workload.lora.target_modules", "workload.serving.load", "workload.serving.engine.version",
        "workload.rl.reward.preset", "workload.rl.reward.parameters", "workload.rl.critic", "billing.modes",
        "billing.regions", "answered_with" };
    return paths;
}

json unmodelledFields(const json& document)
{
    if (!document.is_object())
        return json::object();
    json rest = document;
    for (const PlanField& f : planFields())
        erasePlanFieldSlot(rest, f.path);
    for (std::string_view path : planPathsBesideTheTable())
        erasePlanFieldSlot(rest, path);
    // Sections left empty say nothing.
    for (const char* section : { "workload", "assumptions", "billing", "search" }) {
        if (json* s = planFieldSlot(rest, section, false); s && s->is_object()) {
            for (const char* inner : { "lora", "parallelism", "inference", "serving", "rl" })
                if (json* i = planFieldSlot(*s, inner, false); i && i->is_object()) {
                    for (const char* deeper : { "slo", "engine", "deployment", "speculative", "prefix_cache", "lora",
                             "wide_ep", "reward", "traffic" })
                        if (json* d = planFieldSlot(*i, deeper, false); d && (d->is_null() || d->empty()))
                            i->erase(deeper);
                    if (i->empty())
                        s->erase(inner);
                }
            if (s->empty())
                rest.erase(section);
        }
    }
    return rest;
}

} // namespace gp
