#include "core_text.h"
#include "estimate/time/sizing_rules.h"
#include "plan/billing_modes.h"
#include "plan/plan_enum_tables.h"
#include "region_text.h"
#include "widgets/inputs/field_text.h"

#include "number_format.h"

#include <QLocale>

#include <cmath>
#include <span>
#include <string_view>
#include <unordered_map>

namespace gpui
{

namespace
{

// A kernel's plan name ("cudnn") in the window's words; an unknown name is shown as written.
QString attentionKernelName(const QString& name)
{
    for (gp::AttentionKernel k :
        { gp::AttentionKernel::FlashAttention2, gp::AttentionKernel::Cudnn, gp::AttentionKernel::FlashAttention3 })
        if (name == QLatin1String(gp::toString(k).data(), qsizetype(gp::toString(k).size())))
            return CoreText::attentionKernel(k);
    // What PyTorch SDPA runs where the plan's kernel does not (attention_kernel_unsupported's `runs`).
    if (name == QLatin1String("memory-efficient"))
        return CoreText::tr("its memory-efficient kernel (from xFormers)");
    if (name == QLatin1String("math"))
        return CoreText::tr("unfused attention (its math path)");
    return name;
}

// A serving engine's plan code ("tensorrt-llm") in the window's words: the engine field's own choice text.
QString servingEngineName(const QString& code)
{
    const gp::PlanField* field = gp::findPlanField("workload.serving.engine.name");
    const QString name = field ? FieldText::choice(*field, code.toStdString()) : QString();
    return name.isEmpty() ? code : name;
}

// The role an RL failure names ("actor", "critic", "rollout").
QString rlRole(const QString& role)
{
    if (role == QLatin1String("actor"))
        return CoreText::tr("actor");
    if (role == QLatin1String("critic"))
        return CoreText::tr("critic");
    if (role == QLatin1String("rollout"))
        return CoreText::tr("rollout engine");
    return role;
}

// Named argument of a diagnostic or failure; `ok` turns false when it is missing so the caller falls back.
struct Args {
    const std::vector<std::pair<std::string, std::string>>& args;
    bool ok = true;
    const std::string* diagnosticMessage = nullptr; // the core's own sentence, for codes that quote it
    const std::vector<gp::Words>* diagnosticWords = nullptr; // that sentence's words where the core worded it

    QString message() const;
    bool has(const char* name) const
    {
        for (const auto& [k, v] : args)
            if (k == name)
                return true;
        return false;
    }
    QString text(const char* name)
    {
        for (const auto& [k, v] : args)
            if (k == name)
                return QString::fromStdString(v);
        ok = false;
        return {};
    }
    double number(const char* name)
    {
        bool converted = false;
        const double v = text(name).toDouble(&converted);
        if (!converted)
            ok = false;
        return v;
    }
    QString bytes(const char* name) { return formatBytes(number(name)); }
    QString count(const char* name) { return formatNumber(number(name), 0); }
    QString decimal(const char* name) { return formatNumber(number(name)); }
    QString money(const char* name) { return formatMoney(number(name), text("currency")); }
};

// A quoted refusal in the window's language where the core worded it (Error::words), with its field's label.
QString Args::message() const
{
    if (diagnosticWords && !diagnosticWords->empty()) {
        std::string field;
        for (const auto& [k, v] : args)
            if (k == "field")
                field = v;
        return CoreText::error(
            gp::Error { field, diagnosticMessage ? *diagnosticMessage : std::string(), {}, *diagnosticWords });
    }
    return diagnosticMessage ? QString::fromStdString(*diagnosticMessage) : QString();
}

} // namespace

QString CoreText::sensitivityInput(const std::string& input)
{
    if (input == "estimated_prices")
        return tr("Estimated prices");
    if (input == "compute_efficiency")
        return tr("Compute efficiency");
    if (input == "bandwidth_efficiency")
        return tr("Bandwidth efficiency");
    if (input == "spot_interruptions")
        return tr("Spot interruptions");
    if (input == "cuda_context")
        return tr("CUDA context");
    if (input == "allocator_fragmentation")
        return tr("Allocator fragmentation");
    if (input == "nccl_memory")
        return tr("NCCL communicators");
    return QString::fromStdString(input);
}

QString CoreText::bottleneck(gp::Bottleneck bottleneck)
{
    switch (bottleneck) {
    case gp::Bottleneck::Compute:
        return tr("Compute");
    case gp::Bottleneck::MemoryBandwidth:
        return tr("Memory bandwidth");
    case gp::Bottleneck::IntraNodeLink:
        return tr("Intra-node link");
    case gp::Bottleneck::Network:
        return tr("Network");
    case gp::Bottleneck::PcieOffload:
        return tr("PCIe offload");
    case gp::Bottleneck::DataLoading:
        return tr("Data loading");
    case gp::Bottleneck::Cpu:
        return tr("CPU");
    case gp::Bottleneck::MemoryCapacity:
        return tr("Memory capacity");
    }
    return {};
}

QString CoreText::bottleneckShare(const gp::CandidateResult& r)
{
    const bool computeShare
        = r.bottleneck == gp::Bottleneck::Compute || r.bottleneck == gp::Bottleneck::MemoryBandwidth;
    const double seconds = computeShare ? r.step.compute : r.largestOverheadSeconds;
    if (!(r.step.total > 0) || r.bottleneck == gp::Bottleneck::MemoryCapacity || !r.fits)
        return bottleneck(r.bottleneck);
    return tr("%1, %2 of the step").arg(bottleneck(r.bottleneck), formatPercent(seconds / r.step.total));
}

QString CoreText::largestOverhead(const gp::CandidateResult& r)
{
    if (!r.largestOverhead || !(r.step.total > 0) || !r.fits)
        return {};
    return tr("%1, %2 of the step")
        .arg(bottleneck(*r.largestOverhead), formatPercent(r.largestOverheadSeconds / r.step.total));
}

namespace
{

// "ZeRO-3, full checkpointing, micro-batch 2 on 2 nodes (16 GPUs)" from addConfigurationArgs()-style args.
QString configurationArgs(Args& a)
{
    gp::Configuration c;
    c.zeroStage = int(a.number("zero_stage"));
    c.tensor = int(a.number("tensor"));
    c.pipeline = int(a.number("pipeline"));
    c.data = int(a.number("data"));
    c.context = std::max(1, int(a.number("context")));
    c.microBatchSize = int(a.number("micro_batch_size"));
    const QString offload = a.text("offload");
    c.offload = offload == QLatin1String("optimizer")          ? gp::Offload::Optimizer
        : offload == QLatin1String("optimizer-and-parameters") ? gp::Offload::OptimizerAndParameters
                                                               : gp::Offload::None;
    const QString checkpointing = a.text("checkpointing");
    c.checkpointing = checkpointing == QLatin1String("full") ? gp::Checkpointing::Full
        : checkpointing == QLatin1String("selective")        ? gp::Checkpointing::Selective
        : checkpointing == QLatin1String("per-op")           ? gp::Checkpointing::PerOp
                                                             : gp::Checkpointing::None;
    return CoreText::tr("%1 on %n node(s), %2 GPUs", nullptr, int(a.number("nodes")))
        .arg(CoreText::configuration(c), a.count("gpus"));
}

QString gibText(Args& a, const char* name)
{
    return CoreText::tr("%1 GiB").arg(formatNumber(a.number(name), 1));
}

} // namespace

namespace
{

// A diagnostic's sentence from its args, or "" with a.ok false when an arg is missing (the core's message is shown).
using DiagnosticWords = QString (*)(Args& a);
struct DiagnosticPhrase {
    const char* code;
    DiagnosticWords words;
};

QString rlMissesLimit(Args& a)
{
    return CoreText::tr("Misses the plan's limit (%1 hours).").arg(a.text("hours"));
}

// A Tencent Cloud guide the core cites by its published (Chinese) title, by that title in the reader's language.
QString guideTitle(const QString& source)
{
    const auto is
        = [&](std::string_view title) { return source == QString::fromUtf8(title.data(), qsizetype(title.size())); };
    if (is(gp::kGuideTrainingHardware))
        return CoreText::tr("Which GPU model gives AI training the best value?");
    if (is(gp::kGuideServerSelection))
        return CoreText::tr("Choosing GPU servers: A100 or V100 for large-model training?");
    return source;
}

// The Tencent Cloud guides' hardware advice, prices and the budget.
const DiagnosticPhrase kGuidePricePhrases[] = {
    { "cpu_cores_per_gpu_low",
        [](Args& a) -> QString {
            return CoreText::tr(
                "%1 vCPUs for %2 GPUs: the Tencent Cloud guide '%4' advises at least %3 CPU cores per GPU so "
                "data preprocessing does not stall the GPUs.")
                .arg(a.count("vcpus"), a.count("gpus"), a.decimal("min_per_gpu"), guideTitle(a.text("source")));
        } },
    { "ram_per_vcpu_low",
        [](Args& a) -> QString {
            return CoreText::tr(
                "%1 GB of RAM per vCPU: the Tencent Cloud guide '%3' advises %2 GB of RAM per vCPU so the data "
                "pipeline does not block.")
                .arg(a.decimal("gb_per_vcpu"), a.decimal("advised_gb_per_vcpu"), guideTitle(a.text("source")));
        } },
    { "disk_iops_low",
        [](Args& a) -> QString {
            return CoreText::tr(
                "The data disk gives %1 IOPS; the Tencent Cloud guide '%3' advises SSD disks with at least %2 IOPS.")
                .arg(a.count("iops"), a.count("min_iops"), guideTitle(a.text("source")));
        } },
    { "network_below_25gbps",
        [](Args& a) -> QString {
            return CoreText::tr(
                "Nodes are linked at %1 Gb/s; the Tencent Cloud guide '%3' advises at least %2 Gb/s between nodes.")
                .arg(a.decimal("gbps"), a.decimal("min_gbps"), guideTitle(a.text("source")));
        } },
    { "no_rdma_multi_node",
        [](Args& a) -> QString {
            return CoreText::tr(
                "Multi-node training without RDMA: the Tencent Cloud guide '%1' advises RDMA (RoCE) networking "
                "for clusters.")
                .arg(guideTitle(a.text("source")));
        } },
    { "no_nvlink_multi_gpu",
        [](Args& a) -> QString {
            return CoreText::tr(
                "The %1 GPUs of a node talk over PCIe; the Tencent Cloud guide '%2' advises NVLink for multi-GPU "
                "training.")
                .arg(a.count("gpus"), guideTitle(a.text("source")));
        } },
    { "price_estimate",
        [](Args& a) -> QString {
            return CoreText::tr("The price of %1 is an estimate, not a published figure.").arg(a.text("instance"));
        } },
    { "price_not_in_region",
        [](Args& a) -> QString {
            return CoreText::tr("%1 has no price in %2; the price shown is for %3.")
                .arg(a.text("instance"), RegionText::name(a.text("region")), RegionText::name(a.text("price_region")));
        } },
    { "reserved_term_not_quoted",
        [](Args& a) -> QString {
            return CoreText::tr("The reserved discount of %1 is quoted for a %2; the %3 keeps that discount.")
                .arg(a.text("instance"), CoreText::reservedTerm(a.text("quoted_term_months").toInt()),
                    CoreText::reservedTerm(a.text("term_months").toInt()));
        } },
    { "price_from_reference_region",
        [](Args& a) -> QString {
            return CoreText::tr("%1 has no price of its own in %2; the provider's reference price is used.")
                .arg(a.text("instance"), RegionText::name(a.text("region")));
        } },
    { "run_past_horizon",
        [](Args& a) -> QString {
            return CoreText::tr("%1: %2 run hours fall past the budget's horizon and are not budgeted.")
                .arg(a.text("item"), a.count("hours"));
        } },
    { "raise_cap", [](Args& a) -> QString { return CoreText::tr("Raise the cap to %1.").arg(a.money("amount")); } },
    { "drop_item",
        [](Args& a) -> QString {
            return CoreText::tr("Or drop %1 (saves %2).").arg(a.text("item"), a.money("saves"));
        } },
    { "delay_item",
        [](Args& a) -> QString {
            return CoreText::tr("Or start %1 %n month(s) later.", "", int(a.number("months"))).arg(a.text("item"));
        } },
    { "scale_traffic",
        [](Args& a) -> QString {
            return CoreText::tr("Or serve %1 at %2% of its traffic.").arg(a.text("item"), a.count("percent"));
        } },
};

// GPUs, precisions and kernels.
const DiagnosticPhrase kGpuPhrases[] = {
    { "gpu_no_tflops",
        [](Args& a) -> QString {
            return CoreText::tr("GPU %1 has no TFLOPS figure for any precision; its speed is unknown.")
                .arg(a.text("gpu"));
        } },
    { "gpu_class_unknown",
        [](Args& a) -> QString {
            return CoreText::tr(
                "GPU %1 has the unknown class \"%2\"; the known ones are datacenter-hbm, datacenter-gddr and "
                "consumer.")
                .arg(a.text("gpu"), a.text("class"));
        } },
    { "gpu_architecture_no_efficiency",
        [](Args& a) -> QString {
            return CoreText::tr(
                "GPU %1: the architecture \"%2\" has no efficiency figures in the catalog, so it takes the default "
                "peak efficiency.")
                .arg(a.text("gpu"), a.text("architecture"));
        } },
    { "gpu_format_without_rate",
        [](Args& a) -> QString {
            return CoreText::tr("GPU %1 lists the tensor format %2 but has no rate for it.")
                .arg(a.text("gpu"), a.text("format"));
        } },
    { "instance_size_estimate",
        [](Args& a) -> QString {
            return CoreText::tr("The size of %1 is modelled from text, not a published table.").arg(a.text("instance"));
        } },
    { "precision_unsupported",
        [](Args& a) -> QString {
            return CoreText::tr("%1 does not support %2; estimated as %3.")
                .arg(a.text("gpu"), a.text("precision"), a.text("used"));
        } },
    { "fp8_recipe_unsupported",
        [](Args& a) -> QString {
            return a.text("recipe") == QLatin1String("nvfp4")
                ? CoreText::tr(
                    "The NVFP4 recipe needs a data-center Blackwell GPU with FP4 tensor cores; %1 is estimated "
                    "with %2 scaling.")
                      .arg(a.text("gpu"), a.text("used"))
                : CoreText::tr("The %1 FP8 recipe needs Blackwell tensor cores; %2 is estimated with %3 scaling.")
                      .arg(a.text("recipe"), a.text("gpu"), a.text("used"));
        } },
    { "fp8_all_gather_unused",
        [](Args& a) -> QString {
            return a.text("reason") == QLatin1String("precision")
                ? CoreText::tr("FP8 all-gather needs FP8 training; %1 trains this plan in %2, so the weights are "
                               "gathered in it.")
                      .arg(a.text("gpu"), a.text("precision"))
                : a.text("reason") == QLatin1String("recipe")
                ? CoreText::tr("FP8 all-gather casts the weights to FP8, but the NVFP4 recipe's MLP layers take NVFP4 "
                               "weights; on %1 the weights are gathered in 16-bit.")
                      .arg(a.text("gpu"))
                : CoreText::tr(
                    "FP8 all-gather changes nothing here: this layout gathers no weights (it needs ZeRO-3/FSDP, "
                    "or Megatron's distributed optimizer, over more than one GPU).");
        } },
    { "fp8_slower_than_bf16",
        [](Args& a) -> QString {
            return CoreText::tr(
                "FP8 casts take %1 ms per step on %2, more than the %3 ms its GEMMs save over BF16: this layout "
                "trains faster in BF16.")
                .arg(a.decimal("cast_ms"), a.text("gpu"), a.decimal("saved_ms"));
        } },
    { "attention_kernel_unmeasured",
        [](Args& a) -> QString {
            return CoreText::tr(
                "No measured speed of the %1 attention kernel on %2; its attention is estimated at %3's.")
                .arg(attentionKernelName(a.text("kernel")), a.text("gpu"), attentionKernelName(a.text("used")));
        } },
    { "attention_kernel_unsupported",
        [](Args& a) -> QString {
            if (a.text("runs") == QLatin1String("engine") && !a.text("backend").isEmpty())
                return CoreText::tr("%1 does not run on %2 (%3); %4 runs its own %5 attention backend there.")
                    .arg(attentionKernelName(a.text("kernel")), a.text("gpu"), a.text("architecture"),
                        servingEngineName(a.text("engine")), a.text("backend"));
            return a.text("runs") == QLatin1String("engine")
                ? CoreText::tr("%1 does not run on %2 (%3); %4 runs an attention backend of its own there.")
                      .arg(attentionKernelName(a.text("kernel")), a.text("gpu"), a.text("architecture"),
                          servingEngineName(a.text("engine")))
                : CoreText::tr("%1 does not run on %2 (%3); PyTorch SDPA runs %4 there.")
                      .arg(attentionKernelName(a.text("kernel")), a.text("gpu"), a.text("architecture"),
                          attentionKernelName(a.text("runs")));
        } },
    { "lora_module_unknown",
        [](Args& a) -> QString {
            return CoreText::tr("LoRA target module \"%1\" is not a known module name, so it adapts nothing; use names "
                                "such as q_proj, v_proj or all-linear.")
                .arg(a.text("module"));
        } },
    { "throughput_unknown",
        [](Args& a) -> QString {
            return CoreText::tr("Time and speed are not estimated for %1 (no peak rate or bandwidth known).")
                .arg(a.text("gpu"));
        } },
};

// What makes a plan fit, the model and the batch.
const DiagnosticPhrase kFitPhrases[] = {
    { "suggest_more_gpus",
        [](Args& a) -> QString { return CoreText::tr("Use more nodes: fits with %1.").arg(configurationArgs(a)); } },
    { "suggest_context_parallel",
        [](Args& a) -> QString {
            return CoreText::tr("Split each sequence across %1 GPUs (context parallelism): fits with %2.")
                .arg(a.count("context"), configurationArgs(a));
        } },
    { "suggest_checkpointing",
        [](Args& a) -> QString {
            return CoreText::tr("Use full activation checkpointing: fits with %1.").arg(configurationArgs(a));
        } },
    { "suggest_zero",
        [](Args& a) -> QString {
            if (a.text("zero_stage") == QLatin1String("1")) // with a pipeline (plan-format)
                return CoreText::tr("Use ZeRO-1 to shard the optimizer states: fits with %1.")
                    .arg(configurationArgs(a));
            return CoreText::tr("Use ZeRO-3 to shard weights, gradients and optimizer: fits with %1.")
                .arg(configurationArgs(a));
        } },
    { "suggest_offload",
        [](Args& a) -> QString {
            return CoreText::tr("Offload optimizer and parameters to CPU: fits with %1.").arg(configurationArgs(a));
        } },
    { "typical_architecture",
        [](Args& a) -> QString {
            return CoreText::tr(
                "Only a size was given: memory and time use a typical Llama-shaped architecture of %1 parameters "
                "(hidden %2, %3 layers); give the architecture for exact figures.")
                .arg(a.text("parameters"), a.text("hidden_size"), a.text("num_layers"));
        } },
    { "parameters_differ_from_architecture",
        [](Args& a) -> QString {
            return CoreText::tr(
                "The given parameter count (%1) differs from the architecture's count (%2); the architecture is used.")
                .arg(a.text("given"), a.text("counted"));
        } },
    { "ranked_by_gpu_hours",
        [](Args& a) -> QString {
            return CoreText::tr("No price is known for %1, so it is ranked by GPU-hours instead of cost.")
                .arg(a.text("candidate"));
        } },
    { "batch_reduced",
        [](Args& a) -> QString {
            return CoreText::tr("The plan's batch of %1 does not fit some splits; they serve a smaller batch.")
                .arg(a.text("batch_size"));
        } },
    { "safetensors_count_differs",
        [](Args& a) -> QString {
            return CoreText::tr(
                "%1: the stored weights hold %2 parameters but config.json gives %3, %4% apart: the index and the "
                "config may be of different models, or total_size is wrong.")
                .arg(a.text("file"), a.text("stored"), a.text("config"), a.text("percent"));
        } },
    { "config_field_ignored",
        [](Args& a) -> QString {
            return CoreText::tr("The config.json field \"%1\" is not used by the estimate.").arg(a.text("field"));
        } },
    { "suggest_lora",
        [](Args& a) -> QString {
            return CoreText::tr("Use LoRA (train low-rank adapters, base frozen): fits with %1.")
                .arg(configurationArgs(a));
        } },
    { "suggest_qlora",
        [](Args& a) -> QString {
            return CoreText::tr("Use QLoRA (4-bit NF4 base, LoRA adapters): fits with %1.").arg(configurationArgs(a));
        } },
    { "suggest_quantization",
        [](Args& a) -> QString {
            return CoreText::tr("Serve %1 weights: fits with %2.")
                .arg(a.text("weight_format").toUpper(), configurationArgs(a));
        } },
    { "suggest_larger_gpu",
        [](Args& a) -> QString {
            return CoreText::tr("A %1 (%2) fits.").arg(a.text("gpu_name"), gibText(a, "gpu_memory_gib"));
        } },
    { "global_batch_exceeds_dataset",
        [](Args& a) -> QString {
            return CoreText::tr(
                "One optimizer step (%1 sequences, %2 tokens) needs more tokens than the dataset has (%3): lower "
                "the global batch or the micro-batch.")
                .arg(a.count("global_batch"), formatTokens(a.number("step_tokens")),
                    formatTokens(a.number("dataset_tokens")));
        } },
    { "run_shorter_than_one_step",
        [](Args& a) -> QString {
            return CoreText::tr(
                "The run's %1 training tokens are fewer than one optimizer step (%2 tokens): time and cost are for "
                "a fraction of a step.")
                .arg(formatTokens(a.number("training_tokens")), formatTokens(a.number("step_tokens")));
        } },
    { "sequence_exceeds_model_context",
        [](Args& a) -> QString {
            return CoreText::tr("A sequence of %1 tokens is longer than the model's context of %2 positions.")
                .arg(a.count("sequence_length"), a.count("max_positions"));
        } },
    { "recompute_module_not_in_model",
        [](Args& a) -> QString {
            return a.text("module") == QStringLiteral("mla_up_proj")
                ? CoreText::tr("Recomputing the MLA up-projections changes nothing: the model has no latent attention.")
                : CoreText::tr("Recomputing the expert activation changes nothing: the model has no experts.");
        } },
    { "moe_a2a_overlap_refused",
        [](Args& a) -> QString {
            const QString reason = a.text("reason");
            QString why;
            if (reason == QStringLiteral("framework"))
                why = CoreText::tr("it is Megatron-Core's schedule and the training stack is another");
            else if (reason == QStringLiteral("no_experts"))
                why = CoreText::tr("the model has no experts");
            else if (reason == QStringLiteral("expert_parallel"))
                why = CoreText::tr("Megatron-Core needs expert parallel above 1");
            else if (reason == QStringLiteral("dispatcher"))
                why = CoreText::tr("Megatron-Core needs the alltoall or flex token dispatcher");
            else if (reason == QStringLiteral("full_recompute"))
                why = CoreText::tr("Megatron-Core refuses it with full recompute");
            else
                why = CoreText::tr("Megatron-Core needs virtual pipeline stages with pipeline parallel above 1");
            return CoreText::tr("Overlapping the expert all-to-all changes nothing: %1; it is counted exposed.")
                .arg(why);
        } },
    { "pipeline_layout_kept",
        [](Args& a) -> QString {
            return CoreText::tr("The plan's pipeline layout lists the stages of pipeline parallel %1 with %2 virtual "
                                "stages each: the search keeps both.")
                .arg(a.count("pipeline"), a.count("virtual_stages"));
        } },
    { "global_batch_indivisible",
        [](Args& a) -> QString {
            return CoreText::tr(
                "Some splits were skipped: the global batch of %1 sequences does not divide evenly over their "
                "data-parallel replicas.")
                .arg(a.count("global_batch"));
        } },
    { "config_quantization_unknown",
        [](Args& a) -> QString {
            return CoreText::tr(
                "The config.json quantization method \"%1\" is not understood; the weights are taken as "
                "unquantized.")
                .arg(a.text("method"));
        } },
    { "configuration_invalid",
        [](Args& a) -> QString {
            return CoreText::tr("The plan's configuration does not apply to this candidate: %1").arg(a.message());
        } },
    { "candidate_invalid",
        [](Args& a) -> QString { return CoreText::tr("This candidate cannot be used: %1").arg(a.message()); } },
};

// Serving.
const DiagnosticPhrase kServingPhrases[] = {
    { "serving_batch_cut",
        [](Args& a) -> QString {
            return CoreText::tr(
                "%5: each replica is asked to hold %1 requests, but its %2 holds only %3 requests of %4 tokens "
                "each: the batch is cut to %3 requests.")
                .arg(a.decimal("requested"),
                    a.text("limit") == QLatin1String("max_num_seqs")    ? CoreText::tr("max_num_seqs")
                        : a.text("limit") == QLatin1String("max_loras") ? CoreText::tr("LoRA slots")
                                                                        : CoreText::tr("KV cache"),
                    a.decimal("held"), a.count("request_tokens"), a.text("candidate"));
        } },
    { "serving_disaggregated_wins",
        [](Args& a) -> QString {
            // Pools on two instances: which, and what the pair saves against a split on the candidate's instance alone
            // (the decode pool's when the prefill pool moved).
            QString pair;
            if (a.has("decode_instance")) {
                const bool decodeAlone = a.text("alone_instance") == a.text("decode_instance")
                    && a.text("alone_instance") != a.text("prefill_instance");
                const QString alone = a.text(decodeAlone ? "decode_instance" : "prefill_instance");
                pair = (a.has("same_instance_cost_ratio")
                        ? CoreText::tr("Prefill on %1 (%2), decode on %3 (%4): %5x the cost of the best split on "
                                       "%6 alone, %7 on %8 GPUs.")
                              .arg(a.text("prefill_instance"), a.text("prefill_gpu"), a.text("decode_instance"),
                                  a.text("decode_gpu"), a.decimal("same_instance_cost_ratio"), alone,
                                  a.text("same_instance_split"), a.count("same_instance_gpus"))
                        : CoreText::tr("Prefill on %1 (%2), decode on %3 (%4): no split on %5 alone meets the SLO.")
                              .arg(a.text("prefill_instance"), a.text("prefill_gpu"), a.text("decode_instance"),
                                  a.text("decode_gpu"), alone));
            }
            if (a.has("aggregated_gpus"))
                return CoreText::joinSentences(
                    { CoreText::tr("%1 on %2 GPUs costs %3x the aggregated replicas on %4 GPUs: each decode replica "
                                   "holds %5 requests "
                                   "within the TPOT target, %6x the aggregated replica's %7, once no prefill chunk "
                                   "shares its steps; "
                                   "the KV transfer of %8 MB per request over %9 Gbps %10 adds %11 s to TTFT.")
                            .arg(a.text("split"), a.count("gpus"), a.decimal("cost_ratio"), a.count("aggregated_gpus"),
                                a.decimal("decode_requests"), a.decimal("batch_ratio"),
                                a.decimal("aggregated_requests"), a.decimal("transfer_mb"), a.decimal("link_gbps"))
                            .arg(CoreText::kvLink(a.text("link")), a.decimal("transfer_seconds")),
                        pair });
            return CoreText::joinSentences(
                { CoreText::tr(
                      "%1 on %2 GPUs meets the SLO where no aggregated replica does: each decode replica decodes %3 "
                      "requests at %4 ms per token with no prefill chunk in its steps; the KV transfer of %5 MB per "
                      "request over %6 Gbps %7 adds %8 s to TTFT.")
                        .arg(a.text("split"), a.count("gpus"), a.decimal("decode_requests"), a.decimal("tpot_ms"),
                            a.decimal("transfer_mb"), a.decimal("link_gbps"), CoreText::kvLink(a.text("link")),
                            a.decimal("transfer_seconds")),
                    pair });
        } },
    { "serving_aggregated_wins",
        [](Args& a) -> QString {
            return CoreText::tr(
                "Aggregated replicas on %1 GPUs cost less than the best prefill/decode split, %2 on %3 GPUs at %4x "
                "the cost; its KV transfer of %5 MB per request over %6 Gbps %7 adds %8 s to TTFT.")
                .arg(a.count("aggregated_gpus"), a.text("split"), a.count("gpus"), a.decimal("cost_ratio"),
                    a.decimal("transfer_mb"), a.decimal("link_gbps"), CoreText::kvLink(a.text("link")),
                    a.decimal("transfer_seconds"));
        } },
    { "serving_disaggregated_transfer_too_slow",
        [](Args& a) -> QString {
            return CoreText::tr(
                "Prefill and decode apart miss the %1 s TTFT target: the KV transfer of %2 MB per request over %3 "
                "Gbps %4 adds %5 s to TTFT, more than the target leaves the prefill pool.")
                .arg(a.decimal("target_seconds"), a.decimal("transfer_mb"), a.decimal("link_gbps"),
                    CoreText::kvLink(a.text("link")), a.decimal("transfer_seconds"));
        } },
    { "serving_disaggregated_misses_slo",
        [](Args& a) -> QString {
            return CoreText::tr(
                "No split into prefill and decode pools meets the latency targets at this load (the closest is "
                "limited by %1).")
                .arg(CoreText::servingLimit(a.text("limit")));
        } },
    { "serving_pools_as_configured",
        [](Args& a) -> QString {
            return CoreText::tr(
                "The search is off: the plan's pools as configured, %1 on %2 GPUs, not compared with aggregated "
                "replicas; the KV transfer of %3 MB per request over %4 Gbps %5 adds %6 s to TTFT.")
                .arg(a.text("split"), a.count("gpus"), a.decimal("transfer_mb"), a.decimal("link_gbps"),
                    CoreText::kvLink(a.text("link")), a.decimal("transfer_seconds"));
        } },
    { "serving_deployment_not_searched",
        [](Args&) -> QString {
            return CoreText::tr(
                "The search is off: the plan's aggregated replicas as configured; prefill and decode pools are sized "
                "only by the search (or set the deployment to disaggregated with its prefill and decode replicas).");
        } },
    { "serving_disaggregated_no_rate",
        [](Args&) -> QString {
            return CoreText::tr(
                "Prefill and decode pools are sized for a rate of requests (requests per second); under this load "
                "the replicas stay aggregated.");
        } },
    { "serving_speculation_slower",
        [](Args& a) -> QString {
            return CoreText::tr(
                "Speculative decoding (%1, %2 draft tokens) makes each output token %3x slower at %4 requests in "
                "flight: the steps are compute-bound and the rejected drafts cost more than they save. It pays up "
                "to %5 requests per replica.")
                .arg(a.text("method"), a.count("draft_tokens"), a.text("slowdown"), a.decimal("concurrency"),
                    a.count("pays_up_to"));
        } },
    { "prefix_disk_not_in_catalog",
        [](Args& a) -> QString {
            return CoreText::tr(
                "The catalog lists no local NVMe for %1: the prefix cache's disk tier is taken as %2 GiB "
                "on one drive read at %3 GB/s.")
                .arg(a.text("instance"), a.decimal("disk_gib"), a.decimal("read_gbps"));
        } },
    { "mig_slice",
        [](Args& a) -> QString {
            return CoreText::tr(
                "A replica per MIG slice %1 (%2), priced at %3 of the GPU: the Tencent Cloud guides advise MIG on "
                "GNV7 (A100) to split one GPU into isolated units for small models.")
                .arg(a.text("profile"), gibText(a, "slice_gib"), a.text("share"));
        } },
    { "estimator_disagrees",
        [](Args&) -> QString {
            return CoreText::tr(
                "The full estimate of the chosen configuration does not fit although the search's quick scoring "
                "said it does; treat this candidate with care.");
        } },
};

// The sensitivity and RL answers.
const DiagnosticPhrase kSensitivityRlPhrases[] = {
    { "sensitivity_stable",
        [](Args& a) -> QString {
            return CoreText::tr("%1 stays the recommendation across every input's range.").arg(a.text("candidate"));
        } },
    { "sensitivity_stable_unless_price",
        [](Args& a) -> QString {
            QString text;
            const QString status = a.has("price_status") ? a.text("price_status") : QStringLiteral("estimate");
            text = (status == QLatin1String("estimate") ? CoreText::tr(
                        "%1 stays the recommendation unless its price is more than %2% above the estimate (then %3 "
                        "is cheaper).")
                    : status == QLatin1String("user")
                    ? CoreText::tr(
                        "%1 stays the recommendation unless its price is more than %2% above the quoted price (then "
                        "%3 is cheaper).")
                    : CoreText::tr(
                        "%1 stays the recommendation unless its price is more than %2% above its published price "
                        "(then %3 is cheaper)."))
                       .arg(a.text("candidate"), a.text("percent"), a.text("runner_up"));
            return text;
        } },
    { "sensitivity_price_tie",
        [](Args& a) -> QString {
            return CoreText::tr("%1 and %2 cost the same; any price rise on %1 makes %2 cheaper.")
                .arg(a.text("candidate"), a.text("runner_up"));
        } },
    { "sensitivity_changes",
        [](Args& a) -> QString {
            QString text;
            const QString input = CoreText::sensitivityInput(a.text("input").toStdString()).toLower();
            text = a.text("bound") == QLatin1String("low")
                ? CoreText::tr(
                    "The recommendation can change: with %1 at the low end of their range, %2 is recommended "
                    "instead of %3.")
                      .arg(input, a.text("to"), a.text("candidate"))
                : CoreText::tr(
                    "The recommendation can change: with %1 at the high end of their range, %2 is recommended "
                    "instead of %3.")
                      .arg(input, a.text("to"), a.text("candidate"));
            if (a.has("percent") && a.has("tie") && a.text("tie") == QLatin1String("true")) {
                CoreText::appendSentence(text,
                    CoreText::tr("%1 and %2 cost the same; any price rise on %1 makes %2 cheaper.")
                        .arg(a.text("candidate"), a.text("runner_up")));
            } else if (a.has("percent")) {
                const QString status = a.has("price_status") ? a.text("price_status") : QStringLiteral("estimate");
                CoreText::appendSentence(text,
                    (status == QLatin1String("estimate")
                            ? CoreText::tr("%1's price may rise %2% above the estimate before %3 is cheaper.")
                            : status == QLatin1String("user")
                            ? CoreText::tr("%1's price may rise %2% above the quoted price before %3 is cheaper.")
                            : CoreText::tr("%1's price may rise %2% above its published price before %3 is "
                                           "cheaper."))
                        .arg(a.text("candidate"), a.text("percent"), a.text("runner_up")));
            }
            return text;
        } },
    { "rl_costs_more",
        [](Args& a) -> QString {
            return CoreText::tr("Costs %1x the recommendation (%2 limits its RL step).")
                .arg(a.decimal("ratio"), CoreText::rlPhase(a.text("limiting_phase").toStdString()));
        } },
    { "rl_slower",
        [](Args& a) -> QString {
            return CoreText::tr("Takes %1x as long as the recommendation (%2 limits its RL step).")
                .arg(a.decimal("ratio"), CoreText::rlPhase(a.text("limiting_phase").toStdString()));
        } },
    { "rl_does_not_fit",
        [](Args& a) -> QString { return CoreText::tr("No placement holds the %1.").arg(rlRole(a.text("role"))); } },
    { "rl_unpriced",
        [](Args& a) -> QString {
            return CoreText::tr("No price is known: ranked after the priced candidates (%1 GPU-hours).")
                .arg(a.text("gpu_hours"));
        } },
    { "rl_misses_deadline", &rlMissesLimit },
    { "rl_over_budget", &rlMissesLimit },
    { "sensitivity_unanswered",
        [](Args&) -> QString {
            return CoreText::tr("At one end of an input's range no candidate meets the objective.");
        } },
    { "sensitivity_no_recommendation",
        [](Args&) -> QString {
            return CoreText::tr("No candidate meets the objective, so there is no recommendation to vary.");
        } },
};

} // namespace

QString CoreText::diagnostic(const gp::Diagnostic& diagnostic)
{
    static const std::unordered_map<std::string_view, DiagnosticWords> phrases = [] {
        std::unordered_map<std::string_view, DiagnosticWords> all;
        for (const auto& table :
            { std::span<const DiagnosticPhrase>(kGuidePricePhrases), std::span<const DiagnosticPhrase>(kGpuPhrases),
                std::span<const DiagnosticPhrase>(kFitPhrases), std::span<const DiagnosticPhrase>(kServingPhrases),
                std::span<const DiagnosticPhrase>(kSensitivityRlPhrases) })
            for (const DiagnosticPhrase& phrase : table)
                all.emplace(phrase.code, phrase.words);
        return all;
    }();
    Args a { diagnostic.args, true, &diagnostic.message, &diagnostic.words };
    const auto found = phrases.find(diagnostic.code);
    const QString text = found != phrases.end() ? found->second(a) : QString();
    return found != phrases.end() && a.ok && !text.isEmpty() ? text : QString::fromStdString(diagnostic.message);
}

namespace
{

gp::WeightFormat weightFormatNamed(const QString& name)
{
    for (const auto& [spec, format] : gp::detail::kWeightFormats)
        if (name == QLatin1String(spec.data(), qsizetype(spec.size())))
            return format;
    return gp::WeightFormat::Same;
}

gp::KvPrecision kvPrecisionNamed(const QString& name)
{
    for (const auto& [spec, precision] : gp::detail::kKvPrecisions)
        if (name == QLatin1String(spec.data(), qsizetype(spec.size())))
            return precision;
    return gp::KvPrecision::Bf16;
}

} // namespace

QString CoreText::failure(const gp::FitFailure& failure)
{
    Args a { failure.args };
    const std::string& c = failure.code;
    QString text;
    if (c == "memory_exceeds_capacity") {
        text = tr("Needs %1 per GPU; %2 usable.")
                   .arg(gibText(a, a.has("required_gib") ? "required_gib" : "needed_gib"), gibText(a, "usable_gib"));
        if (a.has("nodes_ceiling"))
            appendSentence(text, tr("No node count up to %1 fits.").arg(a.count("nodes_ceiling")));
    } else if (c == "weights_exceed_memory")
        text = tr("The weights alone need %1 per GPU; the GPU has %2.")
                   .arg(gibText(a, "weights_gib"), gibText(a, "gpu_memory_gib"));
    else if (c == "no_split_divides_batch")
        text = tr("No split of the GPUs allowed divides the global batch of %1 sequences evenly over its "
                  "data-parallel replicas; a global batch that the replica count divides (a power of two, for "
                  "example) would.")
                   .arg(a.count("global_batch"));
    else if (c == "activations_exceed_memory")
        text = tr("The activations of one %1-token sequence need %2 per GPU even with full checkpointing; %3 "
                  "usable. More nodes do not shrink them (no node count up to %4 fits): a shorter sequence, a "
                  "larger GPU or splitting the sequence across GPUs would.")
                   .arg(a.count("sequence_length"), gibText(a, "activations_gib"), gibText(a, "usable_gib"),
                       a.count("nodes_ceiling"));
    else if (c == "needs_more_nodes") {
        // What binds within the nodes allowed (the configuration shown), then the fit beyond them.
        if (a.has("limit_code")) {
            const gp::FitFailure limit { a.text("limit_code").toStdString(), failure.message, failure.args };
            text = CoreText::failure(limit);
        }
        appendSentence(text,
            tr("Needs %1 nodes (ZeRO-%2) to fit, more than the %3 the plan allows.")
                .arg(a.count("nodes_needed"), a.count("zero_stage"), a.count("max_nodes")));
    } else if (c == "host_memory_exceeded")
        text = tr("Offload needs %1 of host RAM per node; the node has %2.")
                   .arg(gibText(a, "needed_gib"), gibText(a, "ram_gib"));
    else if (c == "layout_mismatch")
        text = tr("Data x tensor x pipeline x context = %1, but the candidate has %2 GPUs.")
                   .arg(a.count("used"), a.count("gpus"));
    else if (c == "tensor_exceeds_node")
        text = tr("Tensor parallelism %1 exceeds the %2 GPUs of one node.")
                   .arg(a.count("tensor"), a.count("gpus_per_node"));
    else if (c == "tensor_not_dividing_heads")
        text = tr("Tensor parallelism %1 does not divide the %2 attention heads.")
                   .arg(a.count("tensor"), a.count("heads"));
    else if (c == "pipeline_exceeds_layers")
        text = tr("Pipeline parallelism %1 exceeds the %2 layers.").arg(a.count("pipeline"), a.count("layers"));
    else if (c == "no_network")
        text = tr("%1 nodes need a network bandwidth between them, and this candidate has none: its memory was "
                  "not evaluated. Give its network (Gb/s per node) to plan it over several nodes.")
                   .arg(a.count("nodes"));
    else if (c == "serving_engine_unsupported")
        text = tr("%1 does not run on %2 (%3): the engine's supported hardware does not list this architecture.")
                   .arg(servingEngineName(a.text("engine")), a.text("gpu"), a.text("architecture"));
    else if (c == "kv_cache_precision_unsupported")
        text = tr("A %1 KV cache runs on data-center Blackwell GPUs (NVFP4 tensor cores); %2 has none. Choose fp8 "
                  "or another GPU (the serving KV cache precision).")
                   .arg(CoreText::kvPrecision(kvPrecisionNamed(a.text("kv_cache_precision"))), a.text("gpu"));
    else if (c == "weight_format_unsupported")
        text = tr("%1 has no kernels for %2 weights: they need FP8 tensor cores, or bf16 ones for weight-only "
                  "kernels.")
                   .arg(a.text("gpu"), CoreText::weightFormat(weightFormatNamed(a.text("weight_format"))));
    else if (c == "deadline_not_met")
        text = tr("The fastest configuration takes %1, past the deadline of %2.")
                   .arg(formatHours(a.number("fastest_hours")), formatHours(a.number("deadline_hours")));
    else if (c == "budget_exceeded")
        text = tr("The cheapest configuration costs %1, over the budget of %2.")
                   .arg(formatMoney(a.number("cheapest_cost"), a.text("currency")),
                       formatMoney(a.number("budget"), a.text("currency")));
    else if (c == "price_unknown")
        text = tr("No price is known for this candidate, so the budget cannot be checked.");
    else if (c == "invalid_configuration")
        text = tr("The configuration cannot run on this candidate: %1")
                   .arg(failure.words.empty()
                           ? QString::fromStdString(failure.message)
                           : error(gp::Error { a.text("field").toStdString(), failure.message, {}, failure.words }));
    else if (c == "serving_no_kv_memory")
        text = tr("The weights (%1), the activation peak (%2) and runtime memory leave no room for a KV cache in "
                  "the engine's %3 per GPU.")
                   .arg(gibText(a, "weights_gib"), gibText(a, "activation_gib"), gibText(a, "engine_gib"));
    else if (c == "serving_cache_exceeds_gpu")
        text = tr("llama.cpp allocates its cache for %1 tokens (%2) at start: with the weights (%3) it needs %4, more "
                  "than the GPU's %5. Lower the context (max_model_len, --ctx-size) or use a q8_0 or q4_0 cache.")
                   .arg(a.count("kv_tokens"), gibText(a, "kv_gib"), gibText(a, "weights_gib"), gibText(a, "needed_gib"),
                       gibText(a, "visible_gib"));
    else if (c == "mig_slice_too_small")
        text
            = tr("The model does not fit the MIG slice %1 (%2): the weights take %3 of the engine's %4. Choose a "
                 "larger profile or whole GPUs (the candidate's MIG profile).")
                  .arg(a.text("profile"), gibText(a, "slice_gib"), gibText(a, "weights_gib"), gibText(a, "engine_gib"));
    else if (c == "serving_request_exceeds_kv")
        text = tr("The KV cache holds %1 tokens, less than one request of %2 tokens.")
                   .arg(a.count("kv_tokens"), a.count("request_tokens"));
    else if (c == "serving_ttft_floor")
        text = tr("Time to first token is at least %1 s at %2 prompt tokens, above the %3 s target even with one "
                  "request in flight.")
                   .arg(a.decimal("ttft_seconds"), a.count("prompt_tokens"), a.decimal("target_seconds"));
    else if (c == "serving_tpot_floor")
        text = tr("Time per output token is at least %1 ms, above the %2 ms target even with one request in flight.")
                   .arg(formatNumber(a.number("tpot_seconds") * 1000, 3),
                       formatNumber(a.number("target_seconds") * 1000, 3));
    else if (c == "serving_nodes_exhausted")
        text = tr("The load needs more than the %1 instances the search may use.").arg(a.count("max_nodes"));
    else if (c == "serving_slo_not_met")
        text = tr("No configuration meets the latency targets at this load.");
    else if (c == "rl_role_does_not_fit")
        text = tr("The %1 needs %2 per GPU; %3 usable.")
                   .arg(rlRole(a.text("role")), gibText(a, "needed_gib"), gibText(a, "usable_gib"));
    else if (c == "rl_rollout_no_kv_cache")
        text = tr("The rollout engine (tensor %1) has no room for the KV cache of one longest response.")
                   .arg(a.count("tensor"));
    else if (c == "rl_no_training_gpus")
        text = tr("A rollout pool of %1 GPUs leaves none of the %2 for training.")
                   .arg(a.count("rollout_gpus"), a.count("gpus"));
    else if (c == "rl_step_not_finite")
        text = tr("The RL step cannot finish on this candidate.");
    else if (c == "configuration_invalid" || c == "candidate_invalid") // a search's note that binds
        text = diagnostic(gp::Diagnostic { c, failure.message, failure.args, failure.words });
    else
        a.ok = false;
    return a.ok && !text.isEmpty() ? text : QString::fromStdString(failure.message);
}

QString CoreText::technique(gp::Technique technique)
{
    switch (technique) {
    case gp::Technique::Full:
        return tr("Full fine-tune");
    case gp::Technique::Lora:
        return tr("LoRA");
    case gp::Technique::Qlora:
        return tr("QLoRA");
    case gp::Technique::Freeze:
        return tr("Freeze (train top layers)");
    }
    return {};
}

QString CoreText::precision(gp::Precision precision)
{
    switch (precision) {
    case gp::Precision::Fp32:
        return tr("FP32");
    case gp::Precision::Tf32:
        return tr("TF32");
    case gp::Precision::Fp16:
        return tr("FP16 (mixed)");
    case gp::Precision::Bf16:
        return tr("BF16 (mixed)");
    case gp::Precision::Fp8:
        return tr("FP8");
    }
    return {};
}

QString CoreText::weightFormat(gp::WeightFormat format)
{
    switch (format) {
    case gp::WeightFormat::Same:
        return tr("Same as compute");
    case gp::WeightFormat::Fp8:
        return tr("FP8");
    case gp::WeightFormat::Int8:
        return tr("INT8");
    case gp::WeightFormat::Int4:
        return tr("INT4");
    case gp::WeightFormat::Nf4:
        return tr("NF4 (4-bit)");
    case gp::WeightFormat::Mxfp4:
        return tr("MXFP4 (experts, as shipped)");
    case gp::WeightFormat::Fp8Block:
        return tr("FP8, 128x128 block scales");
    }
    return {};
}

QString CoreText::optimizer(gp::Optimizer optimizer)
{
    switch (optimizer) {
    case gp::Optimizer::AdamW:
        return tr("AdamW");
    case gp::Optimizer::AdamW8bit:
        return tr("AdamW 8-bit");
    case gp::Optimizer::Sgd:
        return tr("SGD");
    case gp::Optimizer::SgdMomentum:
        return tr("SGD with momentum");
    case gp::Optimizer::Adafactor:
        return tr("Adafactor");
    case gp::Optimizer::Lion:
        return tr("Lion");
    }
    return {};
}

QString CoreText::checkpointing(gp::Checkpointing checkpointing)
{
    switch (checkpointing) {
    case gp::Checkpointing::None:
        return tr("No checkpointing");
    case gp::Checkpointing::Selective:
        return tr("Selective checkpointing");
    case gp::Checkpointing::Full:
        return tr("Full checkpointing");
    case gp::Checkpointing::PerOp:
        return tr("Per-op selective checkpointing (torchtitan)");
    }
    return {};
}

QString CoreText::fp8Recipe(gp::Fp8Recipe recipe)
{
    switch (recipe) {
    case gp::Fp8Recipe::Tensorwise:
        return tr("Tensorwise (one scale per tensor)");
    case gp::Fp8Recipe::Rowwise:
        return tr("Rowwise (one scale per row)");
    case gp::Fp8Recipe::Blockwise:
        return tr("Blockwise (1x128 / 128x128 blocks)");
    case gp::Fp8Recipe::Mxfp8:
        return tr("MXFP8 (32-element blocks, Blackwell)");
    case gp::Fp8Recipe::Nvfp4:
        return tr("NVFP4 MLPs, FP8 attention (Blackwell)");
    case gp::Fp8Recipe::Delayed:
        return tr("Delayed (amax history, Transformer Engine)");
    }
    return {};
}

QString CoreText::pipelineSchedule(gp::PipelineSchedule schedule)
{
    switch (schedule) {
    case gp::PipelineSchedule::OneFOneB:
        return tr("1F1B");
    case gp::PipelineSchedule::Interleaved:
        return tr("Interleaved 1F1B (virtual stages)");
    case gp::PipelineSchedule::ZeroBubble:
        return tr("Zero bubble (ZB-H2)");
    case gp::PipelineSchedule::DualPipe:
        return tr("DualPipe (two stages per rank)");
    case gp::PipelineSchedule::DualPipeV:
        return tr("DualPipeV (V-shaped DualPipe)");
    }
    return {};
}

QString CoreText::offload(gp::Offload offload)
{
    switch (offload) {
    case gp::Offload::None:
        return tr("No offload");
    case gp::Offload::Optimizer:
        return tr("Optimizer offload");
    case gp::Offload::OptimizerAndParameters:
        return tr("Optimizer + parameter offload");
    }
    return {};
}

QString CoreText::servingLimit(const QString& limit)
{
    if (limit == QLatin1String("kv_cache"))
        return tr("KV cache");
    if (limit == QLatin1String("ttft"))
        return tr("time to first token");
    if (limit == QLatin1String("tpot"))
        return tr("time per output token");
    if (limit == QLatin1String("max_num_seqs"))
        return tr("max sequences");
    if (limit == QLatin1String("compute"))
        return tr("compute");
    if (limit == QLatin1String("memory_bandwidth"))
        return tr("memory bandwidth");
    if (limit == QLatin1String("kv_transfer"))
        return tr("KV transfer");
    if (limit == QLatin1String("max_loras"))
        return tr("LoRA slots");
    return limit;
}

QString CoreText::kvLink(const QString& link)
{
    if (link == QLatin1String("nvlink"))
        return tr("NVLink");
    if (link == QLatin1String("pcie"))
        return tr("PCIe");
    if (link == QLatin1String("rdma"))
        return tr("RDMA");
    if (link == QLatin1String("tcp"))
        return tr("TCP");
    return link;
}

QString CoreText::servingLoad(const gp::ServingLoad& load)
{
    switch (load.kind) {
    case gp::ServingLoadKind::Concurrency:
        return tr("%n concurrent request(s)", nullptr, int(std::lround(load.value)));
    case gp::ServingLoadKind::RequestsPerSecond:
        return tr("%1 requests/s").arg(QLocale().toString(load.value, 'g', 6));
    case gp::ServingLoadKind::Max:
        return tr("max throughput");
    }
    return {};
}

QString CoreText::mode(gp::Mode mode)
{
    switch (mode) {
    case gp::Mode::Training:
        return tr("Training");
    case gp::Mode::Inference:
        return tr("Inference (one batch)");
    case gp::Mode::Serving:
        return tr("Serving");
    case gp::Mode::Rl:
        return tr("RL post-training");
    }
    return {};
}

QString CoreText::objective(gp::SearchObjective objective)
{
    switch (objective) {
    case gp::SearchObjective::Cost:
        return tr("Cheapest");
    case gp::SearchObjective::Time:
        return tr("Fastest");
    case gp::SearchObjective::CostUnderDeadline:
        return tr("Cheapest within a deadline");
    case gp::SearchObjective::TimeUnderBudget:
        return tr("Fastest within a budget");
    }
    return {};
}

QString CoreText::kvPrecision(gp::KvPrecision precision)
{
    switch (precision) {
    case gp::KvPrecision::Fp32:
        return tr("FP32");
    case gp::KvPrecision::Fp16:
        return tr("FP16");
    case gp::KvPrecision::Bf16:
        return tr("BF16");
    case gp::KvPrecision::Fp8:
        return tr("FP8");
    case gp::KvPrecision::Int8:
        return tr("INT8");
    case gp::KvPrecision::Int4:
        return tr("INT4");
    case gp::KvPrecision::Q8_0:
        return tr("Q8_0 (llama.cpp)");
    case gp::KvPrecision::Q4_0:
        return tr("Q4_0 (llama.cpp)");
    case gp::KvPrecision::Int8PerTokenHead:
        return tr("INT8, a scale per token and head (vLLM)");
    case gp::KvPrecision::Fp8PerTokenHead:
        return tr("FP8, a scale per token and head (vLLM)");
    case gp::KvPrecision::Fp8DsMla:
        return tr("FP8 DeepSeek MLA record (vLLM fp8_ds_mla)");
    case gp::KvPrecision::Nvfp4DsMla:
        return tr("NVFP4 DeepSeek MLA record (vLLM nvfp4_ds_mla)");
    case gp::KvPrecision::Nvfp4:
        return tr("NVFP4 (vLLM, TensorRT-LLM)");
    case gp::KvPrecision::Fp4E2m1:
        return tr("FP4 E2M1 (SGLang fp4_e2m1)");
    }
    return {};
}

QString CoreText::attentionKernel(gp::AttentionKernel kernel)
{
    switch (kernel) {
    case gp::AttentionKernel::FlashAttention2:
        return tr("FlashAttention-2 (PyTorch SDPA)");
    case gp::AttentionKernel::Cudnn:
        return tr("cuDNN fused attention (Transformer Engine)");
    case gp::AttentionKernel::FlashAttention3:
        return tr("FlashAttention-3 (Hopper)");
    }
    return {};
}

QString CoreText::lossImplementation(gp::LossImplementation loss)
{
    switch (loss) {
    case gp::LossImplementation::Fp32Logits:
        return tr("FP32 logits (Transformers)");
    case gp::LossImplementation::Bf16Logits:
        return tr("Logits in compute precision");
    case gp::LossImplementation::Chunked:
        return tr("Chunked loss");
    case gp::LossImplementation::Fused:
        return tr("Fused linear cross-entropy");
    case gp::LossImplementation::InPlace:
        return tr("Fused cross-entropy, gradient in the logits");
    case gp::LossImplementation::Compiled:
        return tr("Compiled loss (torch.compile)");
    }
    return {};
}

QString CoreText::billingMode(const QString& mode)
{
    const auto known = gp::billingModeFromCode(mode.toStdString());
    if (!known)
        return mode;
    switch (*known) { // every row of the billing-mode table: one without words does not compile (-Wswitch)
    case gp::BillingMode::OnDemand:
        return tr("Pay-as-you-go");
    case gp::BillingMode::Monthly:
        return tr("Monthly");
    case gp::BillingMode::Reserved:
        return tr("Reserved");
    case gp::BillingMode::Spot:
        return tr("Spot");
    }
    return mode;
}

QString CoreText::reservedTerm(int months)
{
    if (months > 0 && months % 12 == 0)
        return tr("%1-year term").arg(months / 12);
    return tr("%1-month term").arg(months);
}

QString CoreText::billingMode(const QString& mode, int reservedTermMonths)
{
    const auto known = gp::billingModeFromCode(mode.toStdString());
    const bool commitment = known && gp::billingModeSpec(*known).pricing == gp::BillingPricing::TermCommitment;
    if (commitment && reservedTermMonths > 0)
        return tr("%1, %2", "billing mode, reservation term").arg(billingMode(mode), reservedTerm(reservedTermMonths));
    return billingMode(mode);
}

QString CoreText::memoryPart(const QString& part)
{
    if (part == QLatin1String("weights"))
        return tr("Weights");
    if (part == QLatin1String("gradients"))
        return tr("Gradients");
    if (part == QLatin1String("optimizer"))
        return tr("Optimizer states");
    if (part == QLatin1String("activations"))
        return tr("Activations");
    if (part == QLatin1String("logits"))
        return tr("Logits");
    if (part == QLatin1String("kv_cache"))
        return tr("KV cache");
    if (part == QLatin1String("buffers"))
        return tr("Buffers");
    if (part == QLatin1String("allocator"))
        return tr("Allocator");
    if (part == QLatin1String("runtime"))
        return tr("CUDA runtime");
    return part;
}

QString CoreText::stepPart(const QString& part)
{
    if (part == QLatin1String("compute"))
        return tr("Compute");
    if (part == QLatin1String("communication"))
        return tr("Communication");
    if (part == QLatin1String("communication_intra_node"))
        return tr("Intra-node communication");
    if (part == QLatin1String("communication_network"))
        return tr("Network communication");
    if (part == QLatin1String("offload"))
        return tr("Offload");
    if (part == QLatin1String("data_loading"))
        return tr("Data loading");
    return part;
}

QString CoreText::errorMessage(const gp::Error& error)
{
    if (error.words.empty())
        return QString::fromStdString(error.message);
    QString text;
    for (const gp::Words& words : error.words) {
        // %1 .. %9 replaced in one pass, as gp::fillWords does: an argument the file spells ("llama%2", a flavor
        // name) is shown as written, not filled in by the next argument as QString::arg one at a time would.
        const QString sentence = QCoreApplication::translate("CoreError", words.text);
        for (qsizetype k = 0; k < sentence.size(); ++k) {
            const QChar digit = k + 1 < sentence.size() ? sentence.at(k + 1) : QChar();
            if (sentence.at(k) == QLatin1Char('%') && digit >= QLatin1Char('1') && digit <= QLatin1Char('9')
                && std::size_t(digit.digitValue() - 1) < words.args.size()) {
                text += QString::fromStdString(words.args[std::size_t(digit.digitValue() - 1)]);
                ++k;
            } else {
                text += sentence.at(k);
            }
        }
    }
    return text;
}

QString CoreText::error(const gp::Error& error)
{
    QString text;
    if (!error.file.empty())
        text = tr("%1: ", "a file before the message about it").arg(QString::fromStdString(error.file));
    if (!error.field.empty()) {
        // The field's words and its name in the plan file (what a file's reader edits and the CLI prints).
        const QString path = QString::fromStdString(error.field);
        const QString label = FieldText::label(error.field);
        text += label.isEmpty() || label == path
            ? tr("%1: ", "a field before the message about it").arg(path)
            : tr("%1 (%2): ", "a field's words and its name in the plan file before the message about it")
                  .arg(label, path);
    }
    return text + errorMessage(error);
}

QString CoreText::listSeparator()
{
    return tr(", ", "separator between the items of a list inside a sentence");
}

namespace
{

// Full-width: CJK punctuation and ideographs, kana, hangul, full-width forms. Text in these scripts puts no space
// between sentences.
bool isFullWidth(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= 0x2E80 && u <= 0x9FFF) || (u >= 0xAC00 && u <= 0xD7AF) || (u >= 0xF900 && u <= 0xFAFF)
        || (u >= 0xFE30 && u <= 0xFE4F) || (u >= 0xFF00 && u <= 0xFF60) || (u >= 0xFFE0 && u <= 0xFFE6);
}

} // namespace

void CoreText::appendSentence(QString& text, const QString& sentence)
{
    if (sentence.isEmpty())
        return;
    if (!text.isEmpty() && !isFullWidth(text.back()) && !text.back().isSpace())
        text += QLatin1Char(' ');
    text += sentence;
}

QString CoreText::joinSentences(const QStringList& sentences)
{
    QString text;
    for (const QString& sentence : sentences)
        appendSentence(text, sentence);
    return text;
}

QString CoreText::configuration(const gp::Configuration& c)
{
    QStringList parts;
    if (c.zeroStage > 0)
        parts << tr("ZeRO-%1").arg(c.zeroStage);
    if (c.offload != gp::Offload::None)
        parts << offload(c.offload);
    if (c.checkpointing != gp::Checkpointing::None)
        parts << checkpointing(c.checkpointing);
    parts << tr("micro-batch %1").arg(c.microBatchSize);
    if (c.gradientAccumulationSteps > 1)
        parts << tr("accumulation %1").arg(c.gradientAccumulationSteps);
    QString layout = tr("TP %1 x PP %2 x DP %3").arg(c.tensor).arg(c.pipeline).arg(c.data);
    if (c.context > 1)
        layout += tr(" x CP %1").arg(c.context);
    if (c.expert > 1)
        layout += tr(" x EP %1").arg(c.expert);
    if (c.pipeline > 1 && c.pipelineSchedule == gp::PipelineSchedule::Interleaved)
        layout += tr(" (interleaved, %1 chunks per stage)").arg(c.virtualStages);
    else if (c.pipeline > 1 && c.pipelineSchedule == gp::PipelineSchedule::ZeroBubble)
        layout += tr(" (zero-bubble schedule)");
    else if (c.pipeline > 1 && c.pipelineSchedule == gp::PipelineSchedule::DualPipe)
        layout += tr(" (DualPipe schedule)");
    else if (c.pipeline > 1 && c.pipelineSchedule == gp::PipelineSchedule::DualPipeV)
        layout += tr(" (DualPipeV schedule)");
    if (c.sequenceParallel)
        layout += tr(" (sequence parallel)");
    parts << layout;
    return parts.join(listSeparator());
}

QString CoreText::priceStatus(const QString& status)
{
    if (status == QLatin1String("published"))
        return tr("published price");
    if (status == QLatin1String("estimate"))
        return tr("estimated price");
    if (status == QLatin1String("user"))
        return tr("your quote");
    if (status == QLatin1String("quoted"))
        return tr("your cloud account's price");
    if (status == QLatin1String("missing"))
        return tr("no public price: enter your quote (Edit Price)");
    return tr("unknown price");
}

QString CoreText::provider(const QString& provider)
{
    if (provider == QLatin1String("tencent"))
        return tr("Tencent Cloud");
    if (provider == QLatin1String("alibaba"))
        return tr("Alibaba Cloud");
    if (provider == QLatin1String("aws"))
        return tr("AWS");
    if (provider == QLatin1String("gcp"))
        return tr("Google Cloud");
    if (provider == QLatin1String("azure"))
        return tr("Microsoft Azure");
    if (provider == QLatin1String("onprem"))
        return tr("On-premise");
    return provider;
}

QString CoreText::rlAlgorithm(std::string_view name)
{
    if (name == "grpo")
        return tr("GRPO (group-relative, no critic)");
    if (name == "dapo")
        return tr("DAPO (GRPO without the KL term)");
    if (name == "ppo")
        return tr("PPO (with a critic)");
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

QString CoreText::rlPlacement(std::string_view name)
{
    if (name == "auto")
        return tr("Searched (colocated or separate)");
    if (name == "colocated")
        return tr("Colocated (rollout and training take turns)");
    if (name == "separate")
        return tr("Separate rollout and training pools");
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

QString CoreText::rlRewardKind(std::string_view name)
{
    if (name == "rule")
        return tr("Rule or verifier (CPU)");
    if (name == "model")
        return tr("Reward model (GPU)");
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

QString CoreText::rlPhase(std::string_view name)
{
    if (name == "rollout")
        return tr("Rollout");
    if (name == "reward")
        return tr("Reward");
    if (name == "actor_forward")
        return tr("Old log-probs");
    if (name == "reference")
        return tr("Reference");
    if (name == "critic_forward")
        return tr("Values");
    if (name == "critic_train")
        return tr("Critic training");
    if (name == "actor_train")
        return tr("Actor training");
    if (name == "weight_sync")
        return tr("Weight sync");
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

QString CoreText::rlPool(std::string_view name)
{
    if (name == "all")
        return tr("All GPUs");
    if (name == "rollout")
        return tr("Rollout pool");
    if (name == "training")
        return tr("Training pool");
    if (name == "cpu")
        return tr("Host CPUs");
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

} // namespace gpui
