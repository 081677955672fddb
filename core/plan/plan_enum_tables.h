// Spec names of the plan's enumerations, shared by the reader, the writer and toString().
#pragma once

#include "plan/plan.h"

#include <iterator>
#include <string_view>
#include <utility>

namespace gp::detail
{

template <class E> using EnumName = std::pair<std::string_view, E>;

inline constexpr EnumName<ModelKind> kModelKinds[] = { { "decoder", ModelKind::Decoder },
    { "encoder", ModelKind::Encoder }, { "encoder-decoder", ModelKind::EncoderDecoder } };
inline constexpr EnumName<MlpKind> kMlpKinds[] = { { "gated", MlpKind::Gated }, { "standard", MlpKind::Standard } };
inline constexpr EnumName<Mode> kModes[] = { { "training", Mode::Training }, { "inference", Mode::Inference },
    { "serving", Mode::Serving }, { "rl", Mode::Rl } };
inline constexpr EnumName<ServingEngineKind> kServingEngines[]
    = { { "vllm", ServingEngineKind::Vllm }, { "sglang", ServingEngineKind::Sglang },
          { "tensorrt-llm", ServingEngineKind::TensorRtLlm }, { "llama.cpp", ServingEngineKind::LlamaCpp } };
inline constexpr EnumName<ServingDeploymentMode> kServingDeploymentModes[]
    = { { "aggregated", ServingDeploymentMode::Aggregated }, { "disaggregated", ServingDeploymentMode::Disaggregated },
          { "auto", ServingDeploymentMode::Auto } };
inline constexpr EnumName<SpeculativeMethod> kSpeculativeMethods[] = { { "none", SpeculativeMethod::None },
    { "eagle", SpeculativeMethod::Eagle }, { "eagle3", SpeculativeMethod::Eagle3 }, { "mtp", SpeculativeMethod::Mtp } };
inline constexpr EnumName<PrefixShape> kPrefixShapes[]
    = { { "none", PrefixShape::None }, { "system_prompt", PrefixShape::SystemPrompt },
          { "multi_turn", PrefixShape::MultiTurn }, { "rag", PrefixShape::Rag } };
inline constexpr EnumName<LoraTargetSet> kLoraTargetSets[] = { { "q_v", LoraTargetSet::QueryValue },
    { "attention", LoraTargetSet::Attention }, { "all_linear", LoraTargetSet::AllLinear } };
inline constexpr EnumName<WideEpMode> kWideEpModes[] = { { "off", WideEpMode::Off }, { "auto", WideEpMode::Auto } };
inline constexpr EnumName<LengthShape> kLengthShapes[]
    = { { "fixed", LengthShape::Fixed }, { "lognormal", LengthShape::Lognormal },
          { "exponential", LengthShape::Exponential }, { "normal", LengthShape::Normal } };
inline constexpr EnumName<SloPercentile> kSloPercentiles[] = { { "mean", SloPercentile::Mean },
    { "p50", SloPercentile::P50 }, { "p90", SloPercentile::P90 }, { "p99", SloPercentile::P99 } };
inline constexpr EnumName<RlAlgorithm> kRlAlgorithms[]
    = { { "grpo", RlAlgorithm::Grpo }, { "dapo", RlAlgorithm::Dapo }, { "ppo", RlAlgorithm::Ppo } };
inline constexpr EnumName<RlPlacement> kRlPlacements[]
    = { { "auto", RlPlacement::Auto }, { "colocated", RlPlacement::Colocated }, { "separate", RlPlacement::Separate } };
inline constexpr EnumName<RlRewardKind> kRlRewardKinds[]
    = { { "rule", RlRewardKind::Rule }, { "model", RlRewardKind::Model } };
inline constexpr EnumName<ServingLoadKind> kServingLoadKinds[] = { { "concurrency", ServingLoadKind::Concurrency },
    { "requests_per_second", ServingLoadKind::RequestsPerSecond }, { "max", ServingLoadKind::Max } };
inline constexpr EnumName<TrainingObjective> kObjectives[]
    = { { "language-modeling", TrainingObjective::LanguageModeling },
          { "classification", TrainingObjective::Classification } };
inline constexpr EnumName<Technique> kTechniques[] = { { "full", Technique::Full }, { "lora", Technique::Lora },
    { "qlora", Technique::Qlora }, { "freeze", Technique::Freeze } };
inline constexpr EnumName<Precision> kPrecisions[] = { { "fp32", Precision::Fp32 }, { "tf32", Precision::Tf32 },
    { "fp16", Precision::Fp16 }, { "bf16", Precision::Bf16 }, { "fp8", Precision::Fp8 } };
inline constexpr EnumName<WeightFormat> kWeightFormats[] = { { "same", WeightFormat::Same },
    { "fp8", WeightFormat::Fp8 }, { "int8", WeightFormat::Int8 }, { "int4", WeightFormat::Int4 },
    { "nf4", WeightFormat::Nf4 }, { "mxfp4", WeightFormat::Mxfp4 }, { "fp8-block", WeightFormat::Fp8Block } };
inline constexpr EnumName<Optimizer> kOptimizers[] = { { "adamw", Optimizer::AdamW },
    { "adamw-8bit", Optimizer::AdamW8bit }, { "sgd", Optimizer::Sgd }, { "sgd-momentum", Optimizer::SgdMomentum },
    { "adafactor", Optimizer::Adafactor }, { "lion", Optimizer::Lion } };
inline constexpr EnumName<Checkpointing> kCheckpointing[] = { { "none", Checkpointing::None },
    { "selective", Checkpointing::Selective }, { "full", Checkpointing::Full }, { "per-op", Checkpointing::PerOp } };
inline constexpr EnumName<AttentionKernel> kAttentionKernels[]
    = { { "flash-attention-2", AttentionKernel::FlashAttention2 }, { "cudnn", AttentionKernel::Cudnn },
          { "flash-attention-3", AttentionKernel::FlashAttention3 } };
inline constexpr EnumName<TrainingStack> kTrainingStacks[] = { { "auto", TrainingStack::Auto },
    { "megatron", TrainingStack::Megatron }, { "torchtitan", TrainingStack::Torchtitan },
    { "deepspeed", TrainingStack::Deepspeed }, { "hf", TrainingStack::Hf }, { "automodel", TrainingStack::Automodel },
    { "unsloth", TrainingStack::Unsloth }, { "litgpt", TrainingStack::Litgpt } };
inline constexpr int kTrainingStackCount = int(std::size(kTrainingStacks)); // every workload.framework value
inline constexpr EnumName<GradientPrecision> kGradientPrecisions[]
    = { { "auto", GradientPrecision::Auto }, { "fp32", GradientPrecision::Fp32 }, { "bf16", GradientPrecision::Bf16 } };
inline constexpr EnumName<MasterWeightsPrecision> kMasterWeightsPrecisions[]
    = { { "fp32", MasterWeightsPrecision::Fp32 }, { "bf16", MasterWeightsPrecision::Bf16 },
          { "fp16", MasterWeightsPrecision::Fp16 } };
inline constexpr EnumName<CudaGraphScope> kCudaGraphScopes[] = { { "none", CudaGraphScope::None },
    { "per-layer", CudaGraphScope::PerLayer }, { "full-iteration", CudaGraphScope::FullIteration } };
inline constexpr EnumName<MoeDispatcher> kMoeDispatchers[]
    = { { "auto", MoeDispatcher::Auto }, { "alltoall", MoeDispatcher::AllToAll },
          { "allgather", MoeDispatcher::AllGather }, { "flex", MoeDispatcher::Flex } };
inline constexpr EnumName<MoeFlexBackend> kMoeFlexBackends[]
    = { { "deepep", MoeFlexBackend::DeepEp }, { "hybridep", MoeFlexBackend::HybridEp } };
inline constexpr EnumName<LossImplementation> kLossImplementations[]
    = { { "fp32-logits", LossImplementation::Fp32Logits }, { "bf16-logits", LossImplementation::Bf16Logits },
          { "chunked", LossImplementation::Chunked }, { "fused", LossImplementation::Fused },
          { "in-place", LossImplementation::InPlace }, { "compiled", LossImplementation::Compiled } };
inline constexpr EnumName<Offload> kOffloads[] = { { "none", Offload::None }, { "optimizer", Offload::Optimizer },
    { "optimizer-and-parameters", Offload::OptimizerAndParameters } };
inline constexpr EnumName<PipelineSchedule> kPipelineSchedules[] = { { "1f1b", PipelineSchedule::OneFOneB },
    { "interleaved", PipelineSchedule::Interleaved }, { "zero_bubble", PipelineSchedule::ZeroBubble },
    { "dualpipe", PipelineSchedule::DualPipe }, { "dualpipev", PipelineSchedule::DualPipeV } };
inline constexpr EnumName<PipelineSplit> kPipelineSplits[]
    = { { "layers", PipelineSplit::Layers }, { "embedding", PipelineSplit::Embedding }, { "loss", PipelineSplit::Loss },
          { "embedding_and_loss", PipelineSplit::EmbeddingAndLoss } };
inline constexpr EnumName<Fp8Recipe> kFp8Recipes[] = { { "tensorwise", Fp8Recipe::Tensorwise },
    { "rowwise", Fp8Recipe::Rowwise }, { "blockwise", Fp8Recipe::Blockwise }, { "mxfp8", Fp8Recipe::Mxfp8 },
    { "nvfp4", Fp8Recipe::Nvfp4 }, { "delayed", Fp8Recipe::Delayed } };
inline constexpr EnumName<LoraDropoutPosition> kLoraDropoutPositions[]
    = { { "pre", LoraDropoutPosition::Pre }, { "post", LoraDropoutPosition::Post } };
inline constexpr EnumName<KvPrecision> kKvPrecisions[] = { { "fp32", KvPrecision::Fp32 }, { "fp16", KvPrecision::Fp16 },
    { "bf16", KvPrecision::Bf16 }, { "fp8", KvPrecision::Fp8 }, { "int8", KvPrecision::Int8 },
    { "int4", KvPrecision::Int4 }, { "q8_0", KvPrecision::Q8_0 }, { "q4_0", KvPrecision::Q4_0 },
    { "int8_per_token_head", KvPrecision::Int8PerTokenHead }, { "fp8_per_token_head", KvPrecision::Fp8PerTokenHead },
    { "fp8_ds_mla", KvPrecision::Fp8DsMla }, { "nvfp4_ds_mla", KvPrecision::Nvfp4DsMla },
    { "nvfp4", KvPrecision::Nvfp4 }, { "fp4_e2m1", KvPrecision::Fp4E2m1 } };
inline constexpr EnumName<SearchObjective> kSearchObjectives[] = { { "cost", SearchObjective::Cost },
    { "time", SearchObjective::Time }, { "cost-under-deadline", SearchObjective::CostUnderDeadline },
    { "time-under-budget", SearchObjective::TimeUnderBudget } };

// billing.currency: the currencies a plan's costs are given in.
inline constexpr std::string_view kCurrencies[] = { "CNY", "USD" };

template <class E, std::size_t N> constexpr std::string_view nameOf(const EnumName<E> (&table)[N], E value)
{
    for (const auto& [name, v] : table)
        if (v == value)
            return name;
    return "?";
}

} // namespace gp::detail
