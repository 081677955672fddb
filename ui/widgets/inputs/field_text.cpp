// Words for the plan's field table (field_text.h).
#include "widgets/inputs/field_text.h"
#include "widgets/inputs/field_words.h"

#include "core_text.h"
#include "number_format.h"
#include "plan/field_units.h"
#include "plan/plan_enum_tables.h"

#include <functional>
#include <map>
#include <optional>

namespace gpui
{

namespace
{

// Labels and tool tips of the workload's fields (workload.*).
FieldWordsMap workloadFieldWords()
{
    using W = FieldWords;
    return {
        { "workload.mode", W { [] { return FieldText::tr("Mode"); }, {} } },
        { "workload.objective",
            W { [] { return FieldText::tr("Training objective"); },
                [] {
                    return FieldText::tr("Language modeling (next-token loss over the vocabulary) or classification (a "
                                         "small head over the classes)");
                } } },
        { "workload.technique", W { [] { return FieldText::tr("Technique"); }, {} } },
        { "workload.precision", W { [] { return FieldText::tr("Precision"); }, {} } },
        { "workload.weight_format", W { [] { return FieldText::tr("Weight format"); }, {} } },
        { "workload.weight_bits",
            W { [] { return FieldText::tr("Bits per weight"); },
                [] {
                    return FieldText::tr("Bits each quantized weight takes with its scales and zero points (GPTQ or "
                                         "AWQ at group size 128: 4.156); empty: the weight format's own (int4: 4.5)");
                } } },
        { "workload.optimizer", W { [] { return FieldText::tr("Optimizer"); }, {} } },
        { "workload.activation_checkpointing", W { [] { return FieldText::tr("Activation checkpointing"); }, {} } },
        { "workload.flash_attention", W { [] { return FieldText::tr("Flash attention"); }, {} } },
        { "workload.attention_kernel", W { [] { return FieldText::tr("Attention kernel"); }, {} } },
        { "workload.loss_implementation", W { [] { return FieldText::tr("Loss"); }, {} } },
        { "workload.sequence_length", W { [] { return FieldText::tr("Sequence length"); }, {} } },
        { "workload.micro_batch_size", W { [] { return FieldText::tr("Micro-batch size"); }, {} } },
        { "workload.gradient_accumulation_steps", W { [] { return FieldText::tr("Gradient accumulation"); }, {} } },
        { "workload.global_batch_size", W { [] { return FieldText::tr("Global batch size"); }, {} } },
        { "workload.training_tokens", W { [] { return FieldText::tr("Training tokens"); }, {} } },
        { "workload.freeze_trainable_layers",
            W { [] { return FieldText::tr("Layers trained (freeze)"); },
                [] {
                    return FieldText::tr("With the freeze technique: the top layers trained, the others frozen");
                } } },
        { "workload.framework",
            W { [] { return FieldText::tr("Training stack"); },
                [] {
                    return FieldText::tr("The framework the team trains with: where it keeps the weights, gradients "
                                         "and optimizer states, how its loss holds the logits, and its evaluation");
                } } },
        { "workload.gradient_precision",
            W { [] { return FieldText::tr("Gradient precision"); },
                [] {
                    return FieldText::tr("The width gradients are accumulated and reduced across data-parallel ranks "
                                         "at: the stack's default, fp32 or bf16 (Megatron --grad-reduce-in-bf16)");
                } } },
        { "workload.checkpoint_interval_minutes",
            W { [] { return FieldText::tr("Checkpoint interval"); },
                [] {
                    return FieldText::tr("Between checkpoint saves; empty = the best interval for the failure rate");
                } } },
        { "workload.async_checkpoint", W { [] { return FieldText::tr("Asynchronous checkpoints"); }, {} } },
        { "workload.eval_interval_steps",
            W { [] { return FieldText::tr("Evaluation every (steps)"); },
                [] {
                    return FieldText::tr("Training steps between evaluations; empty = the stack's default, 0 = none");
                } } },
        { "workload.eval_steps",
            W { [] { return FieldText::tr("Evaluation steps"); },
                [] { return FieldText::tr("Forward-only steps per evaluation; empty = the stack's default"); } } },
        { "workload.master_weights",
            W { [] { return FieldText::tr("FP32 master weights"); },
                [] {
                    return FieldText::tr("Keep an fp32 copy of the weights in mixed precision (off: pure bf16/fp16 "
                                         "training)");
                } } },
        { "workload.paged_optimizer",
            W { [] { return FieldText::tr("Paged optimizer"); },
                [] {
                    return FieldText::tr("bitsandbytes paged optimizer states (unified memory that spills to the "
                                         "host)");
                } } },
        { "workload.torch_compile",
            W { [] { return FieldText::tr("torch.compile"); },
                [] {
                    return FieldText::tr("torch.compile recomputes pointwise operations instead of saving them");
                } } },
        { "workload.optimizer_in_backward",
            W { [] { return FieldText::tr("Optimizer in backward"); },
                [] {
                    return FieldText::tr("The optimizer step fused into the backward pass: each gradient is freed once "
                                         "applied");
                } } },
        { "workload.bf16_optimizer_states", W { [] { return FieldText::tr("bf16 optimizer states"); }, {} } },
        { "workload.fp8_recipe", W { [] { return FieldText::tr("FP8 scaling"); }, {} } },
        { "workload.fp8_all_gather", W { [] { return FieldText::tr("FP8 all-gather (FSDP)"); }, {} } },
        { "workload.activation_checkpointing_layers",
            W { [] { return FieldText::tr("Partial recompute layers"); }, {} } },
        { "workload.lora.rank", W { [] { return FieldText::tr("LoRA rank"); }, {} } },
        { "workload.parallelism.data", W { [] { return FieldText::tr("Data parallel"); }, {} } },
        { "workload.parallelism.tensor", W { [] { return FieldText::tr("Tensor parallel"); }, {} } },
        { "workload.parallelism.pipeline", W { [] { return FieldText::tr("Pipeline parallel"); }, {} } },
        { "workload.parallelism.zero_stage", W { [] { return FieldText::tr("ZeRO stage"); }, {} } },
        { "workload.parallelism.offload", W { [] { return FieldText::tr("Offload"); }, {} } },
        { "workload.parallelism.sequence_parallel",
            W { [] { return FieldText::tr("Sequence parallel"); },
                [] {
                    return FieldText::tr(
                        "Megatron sequence parallelism: norms and dropout split across the tensor-parallel "
                        "ranks");
                } } },
        { "workload.parallelism.expert",
            W { [] { return FieldText::tr("Expert parallel"); },
                [] { return FieldText::tr("GPUs the experts of a mixture-of-experts model are spread over"); } } },
        { "workload.parallelism.context", W { [] { return FieldText::tr("Context parallel"); }, {} } },
        { "workload.parallelism.pipeline_schedule", W { [] { return FieldText::tr("Pipeline schedule"); }, {} } },
        { "workload.parallelism.virtual_stages", W { [] { return FieldText::tr("Virtual stages"); }, {} } },
        { "workload.inference.batch_size", W { [] { return FieldText::tr("Concurrent requests"); }, {} } },
        { "workload.inference.prompt_tokens", W { [] { return FieldText::tr("Prompt tokens"); }, {} } },
        { "workload.inference.output_tokens", W { [] { return FieldText::tr("Output tokens"); }, {} } },
        { "workload.inference.kv_cache_precision", W { [] { return FieldText::tr("KV cache"); }, {} } },
    };
}

// Labels and tool tips of the RL post-training fields (workload.rl.*).
FieldWordsMap rlFieldWords()
{
    using W = FieldWords;
    return {
        { "workload.rl.algorithm", W { [] { return FieldText::tr("RL algorithm"); }, {} } },
        { "workload.rl.prompts_per_step", W { [] { return FieldText::tr("Prompts per step"); }, {} } },
        { "workload.rl.samples_per_prompt",
            W { [] { return FieldText::tr("Responses per prompt"); },
                [] { return FieldText::tr("Responses generated for each prompt (GRPO's group size)"); } } },
        { "workload.rl.oversampling",
            W { [] { return FieldText::tr("Oversampling"); },
                [] {
                    return FieldText::tr("Responses generated per response kept (DAPO's dynamic sampling refills the "
                                         "groups it drops)");
                } } },
        { "workload.rl.prompt_tokens", W { [] { return FieldText::tr("RL prompt tokens"); }, {} } },
        { "workload.rl.response_tokens_mean", W { [] { return FieldText::tr("Mean response tokens"); }, {} } },
        { "workload.rl.response_tokens_max",
            W { [] { return FieldText::tr("Longest response tokens"); },
                [] { return FieldText::tr("The longest response the engine allows: its tail ends the rollout"); } } },
        { "workload.rl.ppo_epochs", W { [] { return FieldText::tr("Passes per step"); }, {} } },
        { "workload.rl.mini_batches", W { [] { return FieldText::tr("Optimizer steps per pass"); }, {} } },
        { "workload.rl.steps", W { [] { return FieldText::tr("RL steps"); }, {} } },
        { "workload.rl.reference",
            W { [] { return FieldText::tr("Reference model"); },
                [] {
                    return FieldText::tr("A frozen copy of the actor scores the KL term; default: yes, but not for "
                                         "DAPO");
                } } },
        { "workload.rl.reward.kind", W { [] { return FieldText::tr("Reward"); }, {} } },
        { "workload.rl.reward.cpu_seconds_per_sample",
            W { [] { return FieldText::tr("Verifier CPU time per response"); }, {} } },
        { "workload.rl.placement", W { [] { return FieldText::tr("Placement"); }, {} } },
        { "workload.rl.rollout_gpus",
            W { [] { return FieldText::tr("Rollout GPUs"); },
                [] { return FieldText::tr("Separate pools: GPUs that generate; empty = searched"); } } },
        { "workload.rl.off_policy_steps",
            W { [] { return FieldText::tr("Off-policy steps"); },
                [] {
                    return FieldText::tr("Separate pools: rollouts this many steps ahead of training (0 = "
                                         "synchronous)");
                } } },
    };
}

// Labels and tool tips of assumptions.*, billing.* and search.*.
FieldWordsMap settingsFieldWords()
{
    using W = FieldWords;
    return {
        { "assumptions.compute_efficiency",
            W { [] { return FieldText::tr("Compute efficiency"); },
                [] {
                    return FieldText::tr("Share of the GPU's dense peak the matrix multiplications reach; empty = the "
                                         "catalog's");
                } } },
        { "assumptions.cuda_context_gib",
            W { [] { return FieldText::tr("CUDA context per GPU"); },
                [] { return FieldText::tr("Memory the CUDA runtime takes per GPU outside the allocator"); } } },
        { "assumptions.nccl_gib",
            W { [] { return FieldText::tr("NCCL buffers per GPU"); },
                [] { return FieldText::tr("Communication buffers per GPU when the run is distributed"); } } },
        { "assumptions.allocator_fraction",
            W { [] { return FieldText::tr("Allocator fragmentation"); },
                [] { return FieldText::tr("Share of memory lost to the caching allocator's fragmentation"); } } },
        { "assumptions.headroom_fraction",
            W { [] { return FieldText::tr("Memory headroom"); },
                [] { return FieldText::tr("Share of memory kept free for a plan to count as fitting"); } } },
        { "assumptions.memory_bandwidth_efficiency",
            W { [] { return FieldText::tr("Memory bandwidth efficiency"); },
                [] { return FieldText::tr("Achieved over datasheet memory bandwidth (decoding)"); } } },
        { "assumptions.link_efficiency",
            W { [] { return FieldText::tr("Link efficiency"); },
                [] { return FieldText::tr("Achieved over specified bandwidth of NVLink, PCIe and the network"); } } },
        { "assumptions.communication_overlap",
            W { [] { return FieldText::tr("Communication overlap"); },
                [] { return FieldText::tr("Share of the overlappable communication hidden behind compute"); } } },
        { "assumptions.failures_per_gpu_day",
            W { [] { return FieldText::tr("Failures per GPU-day"); },
                [] {
                    return FieldText::tr("Job interruptions per GPU per day; empty = the Llama 3 paper's 419 in 54 "
                                         "days on 16,384 GPUs");
                } } },
        { "assumptions.disk_throughput_mbps",
            W { [] { return FieldText::tr("Disk throughput"); },
                [] { return FieldText::tr("Read throughput of the dataset's disk, MB/s"); } } },
        { "assumptions.expert_load_imbalance",
            W { [] { return FieldText::tr("Expert load imbalance (busiest rank / mean)"); },
                [] {
                    return FieldText::tr("Tokens routed to the busiest expert-parallel rank over the mean (1 = "
                                         "balanced)");
                } } },
        { "assumptions.serving_decode_bandwidth_efficiency",
            W { [] { return FieldText::tr("Serving decode bandwidth efficiency"); },
                [] { return FieldText::tr("Weights and KV cache read per decode step over the memory bandwidth"); } } },
        { "assumptions.serving_prefill_compute_efficiency",
            W { [] { return FieldText::tr("Serving prefill compute efficiency"); },
                [] { return FieldText::tr("Prefill FLOPs over the dense peak"); } } },
        { "assumptions.serving_step_overhead_seconds",
            W { [] { return FieldText::tr("Serving step overhead"); },
                [] { return FieldText::tr("Scheduler, sampler and kernel launch time per engine step"); } } },
        { "billing.currency", W { [] { return FieldText::tr("Currency"); }, {} } },
        { "billing.exchange_rate", W { [] { return FieldText::tr("Exchange rate"); }, {} } },
        { "billing.spot_interruptions_per_day", W { [] { return FieldText::tr("Spot interruptions"); }, {} } },
        { "billing.checkpoint_interval_hours", W { [] { return FieldText::tr("Checkpoint interval"); }, {} } },
        { "billing.restart_minutes",
            W { [] { return FieldText::tr("Restart time"); },
                [] {
                    return FieldText::tr("Time to restart a run from its last checkpoint after a spot interruption");
                } } },
        { "billing.storage_gib", W { [] { return FieldText::tr("Cloud storage"); }, {} } },
        { "billing.storage_per_month",
            W { [] { return FieldText::tr("Storage per month"); },
                [] {
                    return FieldText::tr("A monthly storage bill in the plan's currency (a file system, an object "
                                         "store), added to the run's storage cost for its length");
                } } },
        { "billing.price_discount", W { [] { return FieldText::tr("Price discount"); }, {} } },
        { "billing.reserved_term_months", W { [] { return FieldText::tr("Reservation term"); }, {} } },
        { "search.enabled", W { [] { return FieldText::tr("Let the planner choose"); }, {} } },
        { "search.objective", W { [] { return FieldText::tr("Objective"); }, {} } },
        { "search.deadline_hours", W { [] { return FieldText::tr("Deadline"); }, {} } },
        { "search.budget", W { [] { return FieldText::tr("Budget"); }, {} } },
        { "search.max_nodes", W { [] { return FieldText::tr("Max nodes"); }, {} } },
    };
}

// Labels and tool tips by path: one entry per table field (FieldRows.EveryFieldAndChoiceHasWords checks that none is
// missing).
const FieldWordsMap& fieldWords()
{
    static const FieldWordsMap words = [] {
        FieldWordsMap all = workloadFieldWords();
        all.merge(servingFieldWords());
        all.merge(rlFieldWords());
        all.merge(settingsFieldWords());
        return all;
    }();
    return words;
}

template <class E, std::size_t N>
std::optional<E> enumOf(const gp::detail::EnumName<E> (&table)[N], std::string_view name)
{
    for (const auto& [n, v] : table)
        if (n == name)
            return v;
    return std::nullopt;
}

} // namespace

QString FieldText::label(std::string_view path)
{
    const auto it = fieldWords().find(path);
    return it == fieldWords().end() ? QString() : it->second.label();
}

QString FieldText::toolTip(std::string_view path)
{
    const auto it = fieldWords().find(path);
    return it == fieldWords().end() || !it->second.toolTip ? QString() : it->second.toolTip();
}

QString FieldText::choice(const gp::PlanField& field, std::string_view name)
{
    using namespace gp::detail;
    const std::string_view key = field.key();
    if (field.path == "workload.mode")
        if (auto v = enumOf(kModes, name))
            return CoreText::mode(*v);
    if (field.path == "workload.objective") {
        if (name == "language-modeling")
            return tr("Language modeling");
        if (name == "classification")
            return tr("Classification");
    }
    if (key == "technique")
        if (auto v = enumOf(kTechniques, name))
            return CoreText::technique(*v);
    if (key == "precision")
        if (auto v = enumOf(kPrecisions, name))
            return CoreText::precision(*v);
    if (key == "weight_format")
        if (auto v = enumOf(kWeightFormats, name))
            return CoreText::weightFormat(*v);
    if (key == "optimizer")
        if (auto v = enumOf(kOptimizers, name))
            return CoreText::optimizer(*v);
    if (key == "activation_checkpointing")
        if (auto v = enumOf(kCheckpointing, name))
            return CoreText::checkpointing(*v);
    if (key == "attention_kernel")
        if (auto v = enumOf(kAttentionKernels, name))
            return CoreText::attentionKernel(*v);
    if (key == "loss_implementation")
        if (auto v = enumOf(kLossImplementations, name))
            return CoreText::lossImplementation(*v);
    if (key == "offload")
        if (auto v = enumOf(kOffloads, name))
            return CoreText::offload(*v);
    if (key == "pipeline_schedule")
        if (auto v = enumOf(kPipelineSchedules, name))
            return CoreText::pipelineSchedule(*v);
    if (key == "fp8_recipe")
        if (auto v = enumOf(kFp8Recipes, name))
            return CoreText::fp8Recipe(*v);
    if (key == "kv_cache_precision")
        if (auto v = enumOf(kKvPrecisions, name))
            return CoreText::kvPrecision(*v);
    if (field.path == "workload.framework")
        return name == "auto"      ? tr("Generic (ZeRO layout)")
            : name == "megatron"   ? tr("Megatron-Core / NeMo")
            : name == "torchtitan" ? tr("torchtitan (FSDP2)")
            : name == "deepspeed"  ? tr("DeepSpeed")
            : name == "hf"         ? tr("Hugging Face Trainer")
                                   : QString();
    if (field.path == "workload.gradient_precision")
        return name == "auto" ? tr("The stack's default")
            : name == "fp32"  ? tr("FP32")
            : name == "bf16"  ? tr("BF16")
                              : QString();
    if (field.path == "workload.serving.engine.name")
        return name == "vllm"        ? tr("vLLM")
            : name == "sglang"       ? tr("SGLang")
            : name == "tensorrt-llm" ? tr("TensorRT-LLM")
                                     : QString();
    if (field.path == "workload.serving.deployment.mode")
        return name == "aggregated"   ? tr("Aggregated")
            : name == "disaggregated" ? tr("Disaggregated (prefill and decode pools)")
            : name == "auto"          ? tr("Auto (the cheaper)")
                                      : QString();
    if (field.path == "workload.serving.speculative.method")
        return name == "none"  ? tr("None")
            : name == "eagle"  ? tr("EAGLE head")
            : name == "eagle3" ? tr("EAGLE-3 head")
            : name == "mtp"    ? tr("MTP module")
                               : QString();
    if (field.path == "workload.serving.prefix_cache.shape")
        return name == "none"         ? tr("None (typed hit rate)")
            : name == "system_prompt" ? tr("Shared system prompt")
            : name == "multi_turn"    ? tr("Multi-turn chat")
            : name == "rag"           ? tr("RAG documents")
                                      : QString();
    if (field.path == "workload.serving.wide_ep.mode")
        return name == "off" ? tr("Off") : name == "auto" ? tr("Compare for MoE models") : QString();
    if (field.path == "workload.serving.lora.targets")
        return name == "q_v"       ? tr("Query and value (q_proj, v_proj)")
            : name == "attention"  ? tr("Attention (q, k, v, o)")
            : name == "all_linear" ? tr("All linear layers")
                                   : QString();
    if (field.path == "workload.rl.algorithm")
        return CoreText::rlAlgorithm(name);
    if (field.path == "workload.rl.placement")
        return CoreText::rlPlacement(name);
    if (field.path == "workload.rl.reward.kind")
        return CoreText::rlRewardKind(name);
    if (key == "prompt_distribution" || key == "output_distribution")
        return name == "fixed"      ? tr("Fixed (every request the mean)")
            : name == "lognormal"   ? tr("Lognormal")
            : name == "exponential" ? tr("Exponential")
            : name == "normal"      ? tr("Normal")
                                    : QString();
    if (field.path == "workload.serving.slo.percentile")
        return name == "mean" ? tr("Mean")
            : name == "p50"   ? tr("Median (p50)")
            : name == "p90"   ? tr("90th percentile")
            : name == "p99"   ? tr("99th percentile")
                              : QString();
    if (field.path == "search.objective")
        if (auto v = enumOf(kSearchObjectives, name))
            return CoreText::objective(*v);
    if (field.path == "billing.currency")
        return name == "CNY" ? tr("CNY (¥)") : name == "USD" ? tr("USD ($)") : QString();
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

QString FieldText::unitSuffix(gp::FieldUnit unit)
{
    using U = gp::FieldUnit;
    switch (unit) {
    case U::Seconds:
        return tr(" s");
    case U::Minutes:
        return tr(" min");
    case U::Hours:
        return tr(" h");
    case U::Months:
        return tr(" months");
    case U::Gib:
        return tr(" GiB");
    case U::MegabytesPerSecond:
        return tr(" MB/s");
    case U::Fraction:
        return tr(" %");
    case U::Ratio:
        return tr("x");
    case U::PerDay:
        return tr(" per day");
    case U::CnyPerUsd:
        return tr(" CNY per USD");
    case U::MoneyPerMonth:
        return tr(" per month");
    case U::Layers:
        return tr(" layers");
    default:
        return {};
    }
}

QString FieldText::value(const gp::PlanField& field, const nlohmann::json& value)
{
    if (value.is_null())
        return field.absentWord.empty() ? tr("default") : tr("auto");
    if (value.is_boolean())
        return value.get<bool>() ? tr("Yes") : tr("No");
    if (value.is_string())
        return choice(field, value.get_ref<const std::string&>());
    const double v = value.get<double>();
    using U = gp::FieldUnit;
    switch (field.unit) {
    case U::Fraction:
        return formatPercent(v);
    case U::Seconds:
        return v < 1 ? formatNumber(v * 1e3) + tr(" ms") : formatNumber(v) + tr(" s");
    case U::Tokens:
    case U::RequestsPerMonth:
        return field.kind == gp::FieldKind::Integer && v < 1e6 ? formatNumber(v, 0) : formatTokens(v);
    default:
        return (field.kind == gp::FieldKind::Integer ? formatNumber(v, 0) : formatNumber(v)) + unitSuffix(field.unit);
    }
}

QString FieldText::unreadable(const gp::PlanField& field, const QString& text)
{
    if (gp::isTimeUnit(field.unit))
        return tr("%1: \"%2\" is not a time; write e.g. 500 ms or 0.5 s").arg(label(field.path), text);
    return tr("%1: \"%2\" is not a number").arg(label(field.path), text);
}

QString FieldText::outOfRange(const gp::PlanField& field, double value)
{
    const auto bound = [&](double b) { return FieldText::value(field, nlohmann::json(b)); };
    if (field.minExclusive)
        return tr("%1: must be more than %2 and at most %3, got %4")
            .arg(label(field.path), bound(field.min), bound(field.max), bound(value));
    return tr("%1: must be from %2 to %3, got %4")
        .arg(label(field.path), bound(field.min), bound(field.max), bound(value));
}

} // namespace gpui
