// Words for the plan's field table (field_text.h).
#include "widgets/inputs/field_text.h"

#include "core_text.h"
#include "number_format.h"
#include "plan/field_units.h"
#include "plan/plan_enum_tables.h"

#include <optional>

namespace gpui
{

namespace
{

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
    const gp::PlanField* field = gp::findPlanField(path);
    return field && field->label ? QCoreApplication::translate("FieldText", field->label) : QString();
}

QString FieldText::toolTip(std::string_view path)
{
    const gp::PlanField* field = gp::findPlanField(path);
    return field && field->toolTip ? QCoreApplication::translate("FieldText", field->toolTip) : QString();
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
    if (field.path == "workload.lora.dropout_position")
        return name == "pre" ? tr("On the input, before A (peft)")
            : name == "post" ? tr("On the output, after B (NeMo AutoModel)")
                             : QString();
    if (field.path == "workload.framework")
        return name == "auto"      ? tr("Generic (ZeRO layout)")
            : name == "megatron"   ? tr("Megatron-Core / NeMo")
            : name == "torchtitan" ? tr("torchtitan (FSDP2)")
            : name == "deepspeed"  ? tr("DeepSpeed")
            : name == "hf"         ? tr("Hugging Face Trainer")
            : name == "automodel"  ? tr("NeMo AutoModel (FSDP2)")
            : name == "unsloth"    ? tr("Unsloth")
            : name == "litgpt"     ? tr("LitGPT (Lightning Fabric)")
                                   : QString();
    if (field.path == "workload.gradient_precision")
        return name == "auto" ? tr("The stack's default")
            : name == "fp32"  ? tr("FP32")
            : name == "bf16"  ? tr("BF16")
                              : QString();
    if (field.path == "workload.master_weights_precision")
        return name == "fp32" ? tr("FP32") : name == "bf16" ? tr("BF16") : name == "fp16" ? tr("FP16") : QString();
    if (field.path == "workload.cuda_graphs")
        return name == "none"          ? tr("None")
            : name == "per-layer"      ? tr("Each layer")
            : name == "full-iteration" ? tr("Whole iteration")
                                       : QString();
    if (field.path == "workload.parallelism.pipeline_split")
        return name == "layers"            ? tr("Layers only (loss on the last stage)")
            : name == "embedding"          ? tr("Embedding as a layer")
            : name == "loss"               ? tr("Loss as a layer")
            : name == "embedding_and_loss" ? tr("Embedding and loss as layers")
                                           : QString();
    if (field.path == "workload.moe_token_dispatcher")
        return name == "auto"     ? tr("Once per rank and node (DeepEP)")
            : name == "alltoall"  ? tr("All-to-all (a copy per expert)")
            : name == "allgather" ? tr("All-gather (every token)")
            : name == "flex"      ? tr("Flex (DeepEP, HybridEP)")
                                  : QString();
    if (field.path == "workload.moe_flex_dispatcher_backend")
        return name == "deepep" ? tr("DeepEP") : name == "hybridep" ? tr("HybridEP") : QString();
    if (field.path == "workload.serving.engine.name")
        return name == "vllm"        ? tr("vLLM")
            : name == "sglang"       ? tr("SGLang")
            : name == "tensorrt-llm" ? tr("TensorRT-LLM")
            : name == "llama.cpp"    ? tr("llama.cpp (llama-server)")
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
    if (value.is_string() && field.kind == gp::FieldKind::Text)
        return QString::fromStdString(value.get<std::string>());
    if (value.is_string())
        return choice(field, value.get_ref<const std::string&>());
    const double v = value.get<double>();
    using U = gp::FieldUnit;
    switch (field.unit) {
    case U::Fraction:
        return formatPercent(v);
    case U::Seconds:
        return formatSeconds(v); // the one form of a seconds value (number_format.h)
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
