// Megatron-LM: the arguments of pretrain_gpt.py (megatron/training/arguments.py; every flag the import accepts is in
// resources/launch/megatron-arguments.json) and Megatron-Bridge / NeMo YAML recipes, whose fields carry the same
// names in snake_case; the recommendation written as a torchrun command per node.
#include "base/embedded_files.h"
#include "base/error_words.h"
#include "base/number_text.h"
#include "estimate/common/pipeline_stages.h"
#include "estimate/time/communication_model.h"
#include "launch/launch_internal.h"
#include "launch/launch_models.h"
#include "plan/pipeline_layout.h"
#include "plan/precision.h"
#include "transformer/training_flops.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace gp::launch
{

namespace
{

struct MegatronFlags {
    std::map<std::string, bool> takesValue;
    std::string commit;
};

const MegatronFlags& megatronFlags()
{
    static const MegatronFlags flags = [] {
        MegatronFlags f;
        const auto document = nlohmann::json::parse(embeddedFile("launch/megatron-arguments.json"));
        for (const auto& [name, value] : document.at("flags").items())
            f.takesValue[name] = value.get<bool>();
        f.commit = document.at("source").at("commit").get<std::string>();
        return f;
    }();
    return flags;
}

// The flags read so far (name -> values and line), interpreted together at the end.
struct MegatronArgs {
    std::map<std::string, std::pair<std::vector<std::string>, int>> values;
    std::string fieldPrefix; // "" for flags, "model." style paths for YAML
    std::map<std::string, std::string> fieldNames; // flag -> the field as the file spells it

    bool has(const std::string& flag) const { return values.count(flag) > 0; }
    std::string text(const std::string& flag) const
    {
        auto it = values.find(flag);
        return it == values.end() || it->second.first.empty() ? std::string() : it->second.first[0];
    }
    std::optional<long long> integer(const std::string& flag) const { return integerText(text(flag)); }
    int line(const std::string& flag) const
    {
        auto it = values.find(flag);
        return it == values.end() ? 0 : it->second.second;
    }
    std::string field(const std::string& flag) const
    {
        auto it = fieldNames.find(flag);
        return it == fieldNames.end() ? flag : it->second;
    }
};

// The Megatron-LM flag a YAML key states the gradient reduce width with (workload.gradient_precision): Megatron-Bridge
// and NeMo 2 ddp.grad_reduce_in_fp32 (false: --grad-reduce-in-bf16), NeMo 1 optim.grad_sync_dtype; "" if neither.
std::string megatronGradientWidthFlag(const std::string& key, const std::string& text, std::optional<bool> on)
{
    const bool named = key == "grad_sync_dtype";
    const bool bf16 = named ? text.find("bf16") != std::string::npos || text.find("bfloat16") != std::string::npos
                            : on.has_value() && !*on;
    const bool fp32 = named ? text.find("32") != std::string::npos : on.has_value() && *on;
    return bf16 ? "--grad-reduce-in-bf16" : fp32 ? "--accumulate-allreduce-grads-in-fp32" : "";
}

// Why a flag GPU Planner does not read leaves the plan as it is.
Words megatronIgnoreReason(const std::string& flag)
{
    auto starts = [&](const char* prefix) { return flag.rfind(prefix, 0) == 0; };
    if (starts("--lr") || starts("--min-lr") || starts("--weight-decay") || starts("--adam") || starts("--clip-grad")
        || starts("--init-method") || starts("--decoupled") || starts("--seed"))
        return Words { words::kIgnoredHyperParameter };
    if (starts("--log") || starts("--tensorboard") || starts("--wandb") || starts("--profile") || starts("--eval")
        || starts("--save") || starts("--load") || starts("--ckpt") || starts("--exit") || starts("--timing"))
        return Words { words::kIgnoredRunFiles };
    if (starts("--data") || starts("--split") || starts("--vocab-file") || starts("--merge-file")
        || starts("--tokenizer") || starts("--mock-data") || starts("--num-workers") || starts("--tiktoken")
        || starts("--no-mmap") || starts("--no-create-attention-mask"))
        return Words { words::kIgnoredDataFiles };
    if (starts("--overlap") || starts("--grad-reduce") || starts("--distributed-timeout") || starts("--ddp"))
        return Words { words::kIgnoredOverlap };
    return Words { words::kIgnoredMegatronFlag };
}

// A custom pipeline layout (workload.parallelism.pipeline_layout): --pipeline-model-parallel-layout as written, its
// virtual stages its stages / pipeline (arguments.py @d98e8a64); else the layout Megatron builds for
// --decoder-first-pipeline-num-layers / --decoder-last-pipeline-num-layers (plan/pipeline_layout.h).
void mapMegatronPipelineLayout(const MegatronArgs& a, ImportBuilder& out)
{
    const long long pp = a.integer("--pipeline-model-parallel-size").value_or(1);
    if (const std::string flag = "--pipeline-model-parallel-layout"; a.has(flag)) {
        const std::string layout = a.text(flag);
        out.set("workload.parallelism.pipeline_layout", layout, a.field(flag), a.line(flag));
        const PipelineLayoutParse parsed = parsePipelineLayout(layout);
        const long long stages = (long long)parsed.stages.size();
        if (!parsed.problem.text && pp > 0 && stages % pp == 0 && stages / pp > 1) {
            out.derive("workload.parallelism.virtual_stages", stages / pp, a.field(flag), a.line(flag));
            out.derive("workload.parallelism.pipeline_schedule", "interleaved", a.field(flag), a.line(flag));
        }
        return;
    }
    const std::string firstFlag = "--decoder-first-pipeline-num-layers";
    const std::string lastFlag = "--decoder-last-pipeline-num-layers";
    if (!a.has(firstFlag) && !a.has(lastFlag))
        return;
    const std::string flag = a.has(firstFlag) ? firstFlag : lastFlag;
    long long virtualStages = 1;
    for (const char* v : { "--virtual-pipeline-model-parallel-size", "--num-virtual-stages-per-pipeline-rank" })
        virtualStages = std::max(virtualStages, a.integer(v).value_or(1));
    const auto layout = pipelineLayoutFromFirstLast(int(a.integer("--num-layers").value_or(-1)), int(pp),
        int(virtualStages), int(a.integer(firstFlag).value_or(-1)), int(a.integer(lastFlag).value_or(-1)),
        int(a.integer("--mtp-num-layers").value_or(0)));
    if (layout)
        out.derive("workload.parallelism.pipeline_layout", *layout, a.field(flag), a.line(flag));
    else
        out.ignore(
            a.field(flag), a.line(flag), Words { words::kIgnoredUnevenPipelineRanks, { a.field(flag), a.text(flag) } });
}

// The flags that set the plan's parallel layout, ZeRO and offload.
void mapMegatronParallel(const MegatronArgs& a, ImportBuilder& out)
{
    const std::pair<const char*, const char*> degrees[] = {
        { "--tensor-model-parallel-size", "workload.parallelism.tensor" },
        { "--pipeline-model-parallel-size", "workload.parallelism.pipeline" },
        { "--context-parallel-size", "workload.parallelism.context" },
        { "--expert-model-parallel-size", "workload.parallelism.expert" },
    };
    for (const auto& [flag, planField] : degrees)
        if (auto v = a.integer(flag))
            out.set(planField, *v, a.field(flag), a.line(flag));
    // What the layer split counts beside the layers (transformer_block.py get_num_layers_to_build @d98e8a64).
    const bool embedding = a.has("--account-for-embedding-in-pipeline-split");
    const bool loss = a.has("--account-for-loss-in-pipeline-split");
    if (embedding || loss) {
        const char* flag = loss ? "--account-for-loss-in-pipeline-split" : "--account-for-embedding-in-pipeline-split";
        out.set("workload.parallelism.pipeline_split",
            embedding && loss ? "embedding_and_loss"
                : embedding   ? "embedding"
                              : "loss",
            a.field(flag), a.line(flag));
    }
    if (a.has("--sequence-parallel"))
        out.set("workload.parallelism.sequence_parallel", true, a.field("--sequence-parallel"),
            a.line("--sequence-parallel"));
    for (const char* flag : { "--virtual-pipeline-model-parallel-size", "--num-virtual-stages-per-pipeline-rank" })
        if (auto v = a.integer(flag); v && *v > 1) {
            out.set("workload.parallelism.virtual_stages", *v, a.field(flag), a.line(flag));
            out.set("workload.parallelism.pipeline_schedule", "interleaved", a.field(flag), a.line(flag));
        }
    if (auto perStage = a.integer("--num-layers-per-virtual-pipeline-stage")) {
        const long long layers = a.integer("--num-layers").value_or(0);
        const long long pp = a.integer("--pipeline-model-parallel-size").value_or(1);
        if (layers > 0 && *perStage > 0 && layers % (pp * *perStage) == 0) {
            const std::string f = a.field("--num-layers-per-virtual-pipeline-stage");
            out.set("workload.parallelism.virtual_stages", layers / (pp * *perStage), f,
                a.line("--num-layers-per-virtual-pipeline-stage"));
            out.set("workload.parallelism.pipeline_schedule", "interleaved", f,
                a.line("--num-layers-per-virtual-pipeline-stage"));
        }
    }
    mapMegatronPipelineLayout(a, out);
    // ZeRO: Megatron's distributed optimizer shards the optimizer state (ZeRO-1); Megatron FSDP shards what its
    // sharding strategy names (optim, optim_grads, optim_grads_params); torch FSDP2 shards everything.
    if (a.has("--use-megatron-fsdp")) {
        const std::string strategy = a.has("--data-parallel-sharding-strategy")
            ? a.text("--data-parallel-sharding-strategy")
            : "optim_grads_params";
        const int stage = strategy == "optim" ? 1 : strategy == "optim_grads" ? 2 : strategy == "no_shard" ? 0 : 3;
        out.set(
            "workload.parallelism.zero_stage", stage, a.field("--use-megatron-fsdp"), a.line("--use-megatron-fsdp"));
    } else if (a.has("--use-torch-fsdp2")) {
        out.set("workload.parallelism.zero_stage", 3, a.field("--use-torch-fsdp2"), a.line("--use-torch-fsdp2"));
    } else if (a.has("--use-distributed-optimizer")) {
        out.set("workload.parallelism.zero_stage", 1, a.field("--use-distributed-optimizer"),
            a.line("--use-distributed-optimizer"));
    } else {
        out.set("workload.parallelism.zero_stage", 0, words::kFieldNoDistributedOptimizer, 0);
    }
    if (a.has("--optimizer-cpu-offload"))
        out.set("workload.parallelism.offload", "optimizer", a.field("--optimizer-cpu-offload"),
            a.line("--optimizer-cpu-offload"));
}

// Selective recompute's modules (Megatron-LM@d98e8a64 transformer_config.py recompute_modules, default ["core_attn"]):
// core_attn is the plan's "selective", layernorm, moe_act and mla_up_proj its recompute_* switches; the others
// (mlp, moe, shared_experts and the linear-attention ones) are not modelled and said so.
void mapMegatronRecomputeModules(const MegatronArgs& a, ImportBuilder& out)
{
    const std::string flag
        = a.text("--recompute-granularity") == "selective" ? "--recompute-granularity" : "--recompute-activations";
    auto it = a.values.find("--recompute-modules");
    if (it == a.values.end()) {
        out.set("workload.activation_checkpointing", "selective", a.field(flag), a.line(flag));
        return;
    }
    const std::vector<std::string>& modules = it->second.first;
    const std::string field = a.field("--recompute-modules");
    const int line = a.line("--recompute-modules");
    const bool attention = std::find(modules.begin(), modules.end(), "core_attn") != modules.end();
    out.set("workload.activation_checkpointing", attention ? "selective" : "none", field, line);
    const std::pair<const char*, const char*> switches[] = { { "layernorm", "workload.recompute_layernorm" },
        { "moe_act", "workload.recompute_moe_act" }, { "mla_up_proj", "workload.recompute_mla_up_proj" } };
    for (const std::string& module : modules) {
        if (module == "core_attn")
            continue;
        const auto known = std::find_if(
            std::begin(switches), std::end(switches), [&](const auto& entry) { return module == entry.first; });
        if (known != std::end(switches))
            out.set(known->second, true, field, line);
        else
            out.ignore(field + " " + module, line, Words { words::kIgnoredRecomputeModule });
    }
}

// The optimizer's state widths: Megatron's precision-aware optimizer (--use-precision-aware-optimizer with
// --main-params-dtype, --exp-avg-dtype, --exp-avg-sq-dtype; arguments.py @d98e8a64) and Apex's DistributedFusedAdam
// dtype (NeMo 1 optim.dtype, read as --apex-optimizer-dtype): its parameter shard and both moments at that width.
void mapMegatronOptimizerStates(const MegatronArgs& a, ImportBuilder& out)
{
    // A dtype as a flag ("fp16") or a recipe ("torch.bfloat16", "bf16") writes it: "bf16", "fp16", "fp8" or "fp32".
    const auto width = [&](const char* flag) -> std::string {
        const std::string text = a.text(flag);
        if (text.find("bf") != std::string::npos)
            return "bf16";
        if (text.find("16") != std::string::npos || text.find("half") != std::string::npos)
            return "fp16";
        if (text.find("8") != std::string::npos)
            return "fp8";
        return text.empty() ? "" : "fp32";
    };
    if (const std::string apex = width("--apex-optimizer-dtype"); apex == "bf16" || apex == "fp16") {
        const std::string field = a.field("--apex-optimizer-dtype");
        const int line = a.line("--apex-optimizer-dtype");
        out.set("workload.master_weights_precision", apex, field, line);
        out.set("workload.bf16_optimizer_states", true, field, line);
    }
    if (!a.has("--use-precision-aware-optimizer"))
        return;
    if (const std::string main = width("--main-params-dtype"); main == "bf16" || main == "fp16")
        out.set(
            "workload.master_weights_precision", main, a.field("--main-params-dtype"), a.line("--main-params-dtype"));
    const std::string first = width("--exp-avg-dtype");
    const std::string second = width("--exp-avg-sq-dtype");
    const auto sixteen = [](const std::string& w) { return w == "bf16" || w == "fp16"; };
    if (sixteen(first) && sixteen(second))
        out.set("workload.bf16_optimizer_states", true, a.field("--exp-avg-dtype"), a.line("--exp-avg-dtype"));
    else if (first == "fp8" || second == "fp8" || sixteen(first) != sixteen(second))
        out.ignore(a.field("--exp-avg-dtype"), a.line("--exp-avg-dtype"), Words { words::kIgnoredMomentWidths });
}

// The dropout probabilities (workload.hidden_dropout, attention_dropout): above 0 autograd keeps the masks
// (Megatron-Core's bias_dropout_add calls torch.nn.functional.dropout, megatron/core/fusions/fused_bias_dropout.py
// @d98e8a64). A command line without them runs Megatron-Core's defaults, 0.1 each (transformer_config.py @d98e8a64
// hidden_dropout, attention_dropout); a recipe without them leaves the plan's (its model class sets its own).
void mapMegatronDropout(const MegatronArgs& a, ImportBuilder& out, bool commandLine)
{
    struct Dropout {
        const char* flag;
        const char* planField;
        const char* absent; // the Field column's words where the command leaves the flag out
    };
    for (const auto& [flag, planField, absent] :
        { Dropout { "--hidden-dropout", "workload.hidden_dropout", words::kFieldNoHiddenDropout },
            Dropout { "--attention-dropout", "workload.attention_dropout", words::kFieldNoAttentionDropout } }) {
        if (!a.has(flag)) {
            if (commandLine)
                out.set(planField, 0.1, absent, 0);
            continue;
        }
        const std::optional<double> p = numberText(a.text(flag));
        if (!p || *p < 0)
            out.ignore(a.field(flag), a.line(flag), Words { words::kNeedsNumberGot, { a.text(flag) } });
        else if (*p >= 1)
            out.ignore(a.field(flag), a.line(flag), Words { words::kBelowOneDropoutGot, { a.text(flag) } });
        else
            out.set(planField, *p, a.field(flag), a.line(flag));
    }
}

// The MoE token dispatcher and the CUDA-graph scope (transformer_config.py @d98e8a64: moe_token_dispatcher_type,
// default allgather; cuda_graph_impl none, local, transformer_engine or full_iteration, and the deprecated
// --enable-cuda-graph, --external-cuda-graph and --cuda-graph-scope full_iteration it replaces).
void mapMegatronDispatchAndGraphs(const MegatronArgs& a, ImportBuilder& out, bool commandLine)
{
    const std::string dispatcher = a.text("--moe-token-dispatcher-type");
    if (dispatcher == "alltoall" || dispatcher == "allgather" || dispatcher == "flex")
        out.set("workload.moe_token_dispatcher", dispatcher, a.field("--moe-token-dispatcher-type"),
            a.line("--moe-token-dispatcher-type"));
    else if (a.has("--moe-enable-deepep"))
        out.set("workload.moe_token_dispatcher", "flex", a.field("--moe-enable-deepep"), a.line("--moe-enable-deepep"));
    else if (commandLine && a.integer("--num-experts").value_or(0) > 1)
        out.set("workload.moe_token_dispatcher", "allgather", words::kFieldMegatronDispatcherDefault, 0);
    // The flex dispatcher's backend and the SMs its kernels hold (transformer_config.py @d98e8a64:
    // moe_flex_dispatcher_backend, default deepep; moe_flex_dispatcher_num_sms, which replaced the per-backend
    // moe_deepep_num_sms and moe_hybridep_num_sms that each backend read alone at @8f1c2f8a: the other backend's is
    // left out). ncclep has no plan value.
    static const AcceptedValues backends { { "deepep", "deepep" }, { "hybridep", "hybridep" } };
    const std::string backend = a.text("--moe-flex-dispatcher-backend");
    if (const AcceptedValue* known = backends.find(backend))
        out.set("workload.moe_flex_dispatcher_backend", known->plan, a.field("--moe-flex-dispatcher-backend"),
            a.line("--moe-flex-dispatcher-backend"));
    else if (a.has("--moe-flex-dispatcher-backend"))
        out.ignore(a.field("--moe-flex-dispatcher-backend"), a.line("--moe-flex-dispatcher-backend"),
            Words { words::kUnknownValueExpected, { backend, backends.list() } });
    const bool hybrid = backend == "hybridep";
    const char* ownSms = hybrid ? "--moe-hybridep-num-sms" : "--moe-deepep-num-sms";
    const char* otherSms = hybrid ? "--moe-deepep-num-sms" : "--moe-hybridep-num-sms";
    const char* smsFlag = a.has("--moe-flex-dispatcher-num-sms") ? "--moe-flex-dispatcher-num-sms"
        : a.has(ownSms)                                          ? ownSms
                                                                 : nullptr;
    for (const char* flag : { "--moe-flex-dispatcher-num-sms", ownSms, otherSms }) {
        if (!a.has(flag))
            continue;
        if (flag != smsFlag) {
            out.ignore(a.field(flag), a.line(flag), Words { words::kIgnoredOtherFlexSms });
            continue;
        }
        const std::optional<long long> sms = a.integer(flag);
        if (!sms || *sms < 1)
            out.ignore(a.field(flag), a.line(flag), Words { words::kNeedsPositiveWholeGot, { a.text(flag) } });
        else
            out.set("workload.moe_flex_dispatcher_sms", *sms, a.field(flag), a.line(flag));
    }
    // Megatron-Bridge's performance configs name it moe_a2a_overlap (read as the flag, see readMegatronYaml).
    if (a.has("--overlap-moe-expert-parallel-comm"))
        out.set("workload.moe_a2a_overlap", true, a.field("--overlap-moe-expert-parallel-comm"),
            a.line("--overlap-moe-expert-parallel-comm"));
    // Transformer Engine's tensor-parallel overlap (Megatron-Bridge comm_overlap.tp_comm_overlap, NeMo 1
    // ub_tp_comm_overlap).
    if (a.has("--tp-comm-overlap"))
        out.set("workload.tp_comm_overlap", true, a.field("--tp-comm-overlap"), a.line("--tp-comm-overlap"));
    // The loss kernel (workload.loss_implementation; model_parallel_config.py @d98e8a64 cross_entropy_loss_fusion,
    // default off, and cross_entropy_fusion_impl, default native): "te" runs Transformer Engine's
    // parallel_cross_entropy, which writes the logits' gradient into them (in-place); "native" runs Megatron-Core's
    // jit-fused kernel (megatron/core/fusions/fused_cross_entropy.py), which keeps the fp32 copy of the unfused one
    // (calculate_logits_max upcasts, exp_logits is saved) and returns the gradient cast to bf16: fp32-logits.
    if (a.has("--cross-entropy-loss-fusion")) {
        const bool te = a.text("--cross-entropy-fusion-impl") == "te";
        const char* flag = te ? "--cross-entropy-fusion-impl" : "--cross-entropy-loss-fusion";
        out.set("workload.loss_implementation", te ? "in-place" : "fp32-logits", a.field(flag), a.line(flag));
    }
    const std::string impl = a.text("--cuda-graph-impl");
    const bool fullScope = a.text("--cuda-graph-scope").find("full_iteration") != std::string::npos;
    if (impl == "full_iteration" || ((a.has("--enable-cuda-graph") || impl == "local") && fullScope))
        out.set("workload.cuda_graphs", "full-iteration",
            a.field(impl.empty() ? "--enable-cuda-graph" : "--cuda-graph-impl"),
            a.line(impl.empty() ? "--enable-cuda-graph" : "--cuda-graph-impl"));
    else if (impl == "local" || impl == "transformer_engine")
        out.set("workload.cuda_graphs", "per-layer", a.field("--cuda-graph-impl"), a.line("--cuda-graph-impl"));
    else if (a.has("--enable-cuda-graph") || a.has("--external-cuda-graph")) {
        const char* flag = a.has("--enable-cuda-graph") ? "--enable-cuda-graph" : "--external-cuda-graph";
        out.set("workload.cuda_graphs", "per-layer", a.field(flag), a.line(flag));
    }
}

// Batch, sequence, precision, recompute, optimizer and the run's length.
void mapMegatronTraining(const MegatronArgs& a, ImportBuilder& out)
{
    if (auto v = a.integer("--micro-batch-size"))
        out.set("workload.micro_batch_size", *v, a.field("--micro-batch-size"), a.line("--micro-batch-size"));
    const auto global = a.integer("--global-batch-size");
    if (global)
        out.set("workload.global_batch_size", *global, a.field("--global-batch-size"), a.line("--global-batch-size"));
    const auto seq = a.integer("--seq-length");
    if (seq)
        out.set("workload.sequence_length", *seq, a.field("--seq-length"), a.line("--seq-length"));
    if (auto samples = a.integer("--train-samples"); samples && seq)
        out.set("workload.training_tokens", double(*samples) * double(*seq), a.field("--train-samples"),
            a.line("--train-samples"));
    else if (auto iters = a.integer("--train-iters"); iters && seq && global)
        out.set("workload.training_tokens", double(*iters) * double(*global) * double(*seq), a.field("--train-iters"),
            a.line("--train-iters"));
    if (a.has("--fp8-format")) {
        out.set("workload.precision", "fp8", a.field("--fp8-format"), a.line("--fp8-format"));
        const std::string recipe = a.text("--fp8-recipe");
        // Megatron's default recipe is delayed scaling (transformer_config.py fp8_recipe = "delayed",
        // Megatron-LM@d98e8a64).
        if (recipe == "mxfp8" || recipe == "blockwise" || recipe == "tensorwise" || recipe == "delayed")
            out.set("workload.fp8_recipe", recipe, a.field("--fp8-recipe"), a.line("--fp8-recipe"));
        else if (recipe.empty())
            out.set("workload.fp8_recipe", "delayed", a.field("--fp8-format"), a.line("--fp8-format"));
        if (a.has("--fp8-param-gather"))
            out.set("workload.fp8_all_gather", true, a.field("--fp8-param-gather"), a.line("--fp8-param-gather"));
    } else if (a.has("--bf16")) {
        out.set("workload.precision", "bf16", a.field("--bf16"), a.line("--bf16"));
    } else if (a.has("--fp16")) {
        out.set("workload.precision", "fp16", a.field("--fp16"), a.line("--fp16"));
    }
    // Megatron-LM arguments.py: bf16 reduces and accumulates gradients in fp32 unless --grad-reduce-in-bf16;
    // --accumulate-allreduce-grads-in-fp32 states fp32 outright (fp16 too).
    if (a.has("--grad-reduce-in-bf16"))
        out.set(
            "workload.gradient_precision", "bf16", a.field("--grad-reduce-in-bf16"), a.line("--grad-reduce-in-bf16"));
    else if (a.has("--accumulate-allreduce-grads-in-fp32"))
        out.set("workload.gradient_precision", "fp32", a.field("--accumulate-allreduce-grads-in-fp32"),
            a.line("--accumulate-allreduce-grads-in-fp32"));
    const std::string granularity = a.text("--recompute-granularity");
    if (granularity == "full") {
        const std::string method = a.text("--recompute-method");
        out.set("workload.activation_checkpointing", "full", a.field("--recompute-granularity"),
            a.line("--recompute-granularity"));
        if (method == "block" && a.integer("--recompute-num-layers"))
            out.set("workload.activation_checkpointing_layers", *a.integer("--recompute-num-layers"),
                a.field("--recompute-num-layers"), a.line("--recompute-num-layers"));
    } else if (granularity == "selective" || a.has("--recompute-activations")) {
        mapMegatronRecomputeModules(a, out);
    } else {
        out.set("workload.activation_checkpointing", "none", words::kFieldNoRecomputeGranularity, 0);
    }
    mapMegatronOptimizerStates(a, out);
    // Multi-token-prediction layers trained beside the model (arguments.py @d98e8a64 --mtp-num-layers, default None).
    if (const auto mtp = a.integer("--mtp-num-layers"); mtp && *mtp > 0)
        out.set("workload.mtp_layers", *mtp, a.field("--mtp-num-layers"), a.line("--mtp-num-layers"));
    if (a.has("--optimizer")) {
        const std::string name = a.text("--optimizer");
        if (name == "adam" || name == "sgd")
            out.set("workload.optimizer", name == "adam" ? "adamw" : "sgd-momentum", a.field("--optimizer"),
                a.line("--optimizer"));
    }
}

// The model the flags describe (Megatron's defaults where a flag is absent: learned absolute positions, biases,
// tied embeddings, a 4 x hidden MLP).
void mapMegatronModel(const MegatronArgs& a, ImportBuilder& out)
{
    const auto layers = a.integer("--num-layers");
    const auto hidden = a.integer("--hidden-size");
    const auto heads = a.integer("--num-attention-heads");
    const std::string tokenizer = a.text("--tokenizer-model");
    const ModelPreset* preset = tokenizer.empty() ? nullptr : presetForModelName(tokenizer);
    if (!layers || !hidden || !heads) {
        if (preset)
            mapModelName(out, tokenizer, a.field("--tokenizer-model"), a.line("--tokenizer-model"));
        return;
    }
    nlohmann::json arch { { "num_layers", *layers }, { "hidden_size", *hidden }, { "num_attention_heads", *heads } };
    const bool gated = a.has("--swiglu");
    arch["mlp"] = gated ? "gated" : "standard";
    if (auto ffn = a.integer("--ffn-hidden-size"))
        arch["intermediate_size"] = *ffn;
    else // megatron/training/arguments.py: 4 x hidden, or for SwiGLU 2/3 of that rounded down to a multiple of 64
        arch["intermediate_size"] = gated ? (*hidden * 8 / 3 / 64) * 64 : 4 * *hidden;
    if (a.has("--group-query-attention") && a.integer("--num-query-groups"))
        arch["num_key_value_heads"] = *a.integer("--num-query-groups");
    if (auto kv = a.integer("--kv-channels"))
        arch["head_dim"] = *kv;
    if (auto vocab = a.integer("--vocab-size")) {
        arch["vocab_size"] = *vocab;
    } else if (a.has("--vocab-file") && !preset) {
        // GPT-2 BPE (the default tokenizer with --vocab-file): 50257 tokens padded to a multiple of 128 x tensor size
        // (megatron/training/tokenizer: _vocab_size_with_padding, --make-vocab-size-divisible-by 128).
        const long long multiple = 128 * a.integer("--tensor-model-parallel-size").value_or(1);
        arch["vocab_size"] = (50257 + multiple - 1) / multiple * multiple;
    }
    arch["tie_word_embeddings"] = !a.has("--untie-embeddings-and-output-weights");
    const bool bias = !a.has("--disable-bias-linear");
    arch["attention_bias"] = bias;
    arch["mlp_bias"] = bias;
    const std::string positions
        = a.has("--position-embedding-type") ? a.text("--position-embedding-type") : "learned_absolute";
    arch["learned_positions"] = positions == "learned_absolute";
    if (auto maxPositions = a.integer("--max-position-embeddings"))
        arch["max_positions"] = *maxPositions;
    if (auto experts = a.integer("--num-experts")) {
        arch["num_experts"] = *experts;
        arch["experts_per_token"] = a.integer("--moe-router-topk").value_or(2);
        if (auto moeFfn = a.integer("--moe-ffn-hidden-size"))
            arch["moe_intermediate_size"] = *moeFfn;
    }
    const std::string field = a.field("--num-layers");
    if (preset) {
        out.set("model.preset", preset->id, a.field("--tokenizer-model"), a.line("--tokenizer-model"));
    } else {
        out.clear("model.preset");
        // Megatron arguments name no model: the plan's name is the reader's, listed as derived.
        out.derive("model.name",
            "Megatron model (" + std::to_string(*layers) + " layers, hidden " + std::to_string(*hidden) + ")", field,
            a.line("--num-layers"));
    }
    out.clear("model.parameters");
    out.set("model.architecture", arch, field, a.line("--num-layers"));
}

// The flags every mapping function reads: the ones not listed here are reported as ignored.
const std::vector<std::string>& megatronMappedFlags()
{
    static const std::vector<std::string> flags { "--tensor-model-parallel-size", "--pipeline-model-parallel-size",
        "--context-parallel-size", "--expert-model-parallel-size", "--sequence-parallel",
        "--virtual-pipeline-model-parallel-size", "--num-virtual-stages-per-pipeline-rank",
        "--num-layers-per-virtual-pipeline-stage", "--use-megatron-fsdp", "--data-parallel-sharding-strategy",
        "--use-torch-fsdp2", "--use-distributed-optimizer", "--optimizer-cpu-offload", "--micro-batch-size",
        "--global-batch-size", "--seq-length", "--train-samples", "--train-iters", "--fp8-format", "--fp8-recipe",
        "--fp8-param-gather", "--bf16", "--fp16", "--grad-reduce-in-bf16", "--accumulate-allreduce-grads-in-fp32",
        "--recompute-granularity", "--recompute-method", "--recompute-num-layers", "--recompute-activations",
        "--optimizer", "--num-layers", "--hidden-size", "--num-attention-heads", "--swiglu", "--ffn-hidden-size",
        "--group-query-attention", "--num-query-groups", "--kv-channels", "--vocab-size", "--tokenizer-model",
        "--untie-embeddings-and-output-weights", "--disable-bias-linear", "--position-embedding-type",
        "--max-position-embeddings", "--num-experts", "--moe-router-topk", "--moe-ffn-hidden-size",
        "--recompute-modules", "--use-precision-aware-optimizer", "--main-params-dtype", "--exp-avg-dtype",
        "--exp-avg-sq-dtype", "--apex-optimizer-dtype", "--moe-token-dispatcher-type", "--moe-enable-deepep",
        "--moe-flex-dispatcher-backend", "--moe-flex-dispatcher-num-sms", "--moe-deepep-num-sms",
        "--moe-hybridep-num-sms", "--cuda-graph-impl", "--cuda-graph-scope", "--enable-cuda-graph",
        "--external-cuda-graph", "--overlap-moe-expert-parallel-comm", "--tp-comm-overlap",
        "--account-for-embedding-in-pipeline-split", "--account-for-loss-in-pipeline-split",
        "--cross-entropy-loss-fusion", "--cross-entropy-fusion-impl", "--hidden-dropout", "--attention-dropout",
        "--mtp-num-layers", "--pipeline-model-parallel-layout", "--decoder-first-pipeline-num-layers",
        "--decoder-last-pipeline-num-layers" };
    return flags;
}

LaunchImport finishMegatron(const MegatronArgs& a, ImportBuilder& out, bool commandLine)
{
    mapMegatronParallel(a, out);
    mapMegatronTraining(a, out);
    mapMegatronDispatchAndGraphs(a, out, commandLine);
    mapMegatronDropout(a, out, commandLine);
    mapMegatronModel(a, out);
    out.set("workload.framework", "megatron", words::kFieldFileFormat, 0); // its state layout and loss (memory_model.h)
    const auto& mapped = megatronMappedFlags();
    for (const auto& [flag, entry] : a.values)
        if (std::find(mapped.begin(), mapped.end(), flag) == mapped.end())
            out.ignore(a.field(flag), entry.second, megatronIgnoreReason(flag));
    return out.take();
}

} // namespace

Expected<LaunchImport> readMegatronArgs(const ShellCommand& command, std::size_t first, const std::string& fileName)
{
    ImportBuilder out("megatron", fileName, false);
    for (std::size_t k = 0; k < first; ++k)
        if (command.words[k].text.rfind("--", 0) == 0)
            out.ignore(command.words[k].text, command.words[k].line, Words { words::kIgnoredLauncherOption });
    const auto& flags = megatronFlags();
    MegatronArgs args;
    const auto& words = command.words;
    for (std::size_t k = first; k < words.size(); ++k) {
        std::string flag = words[k].text;
        const int line = words[k].line;
        if (flag.rfind("--", 0) != 0)
            return out.error(flag, line, Words { words::kExpectedFlagOf, { "Megatron-LM" } });
        std::vector<std::string> values;
        if (auto eq = flag.find('='); eq != std::string::npos) {
            values.push_back(flag.substr(eq + 1));
            flag = flag.substr(0, eq);
        }
        auto known = flags.takesValue.find(flag);
        if (known == flags.takesValue.end())
            return out.error(flag, line, Words { words::kNotMegatronFlag, { flags.commit } });
        if (known->second && values.empty()) {
            while (k + 1 < words.size() && words[k + 1].text.rfind("--", 0) != 0)
                values.push_back(words[++k].text);
            if (values.empty())
                return out.error(flag, line, Words { words::kNeedsValue });
        }
        args.values[flag] = { values, line };
    }
    return finishMegatron(args, out, true);
}

Expected<LaunchImport> readMegatronYaml(const YAML::Node& document, const std::string& fileName)
{
    ImportBuilder out("megatron", fileName, false);
    MegatronArgs args;
    // Recipe field names that differ from the flag's (NeMo 1.x, Megatron-Bridge).
    static const std::map<std::string, std::string> aliases {
        { "encoder_seq_length", "--seq-length" },
        { "activations_checkpoint_granularity", "--recompute-granularity" },
        { "activations_checkpoint_method", "--recompute-method" },
        { "activations_checkpoint_num_layers", "--recompute-num-layers" },
        { "recompute_granularity", "--recompute-granularity" },
        { "fp8", "--fp8-format" },
        { "moe_a2a_overlap", "--overlap-moe-expert-parallel-comm" },
        { "ub_tp_comm_overlap", "--tp-comm-overlap" },
        { "num_layers_in_first_pipeline_stage", "--decoder-first-pipeline-num-layers" }, // TransformerConfig's names
        { "num_layers_in_last_pipeline_stage", "--decoder-last-pipeline-num-layers" },
    };
    const auto& flags = megatronFlags();
    std::function<void(const YAML::Node&, const std::string&)> walk
        = [&](const YAML::Node& node, const std::string& path) {
              for (const auto& entry : node) {
                  const std::string key = entry.first.as<std::string>();
                  const std::string field = path.empty() ? key : path + "." + key;
                  const YAML::Node& value = entry.second;
                  const int line = yamlLine(entry.first);
                  if (value.IsMap()) {
                      walk(value, field);
                      continue;
                  }
                  std::string flag = "--" + key;
                  std::replace(flag.begin(), flag.end(), '_', '-');
                  if (auto alias = aliases.find(key); alias != aliases.end())
                      flag = alias->second;
                  const std::string text = value.IsScalar() ? value.Scalar() : std::string();
                  if (key == "precision" || key == "mixed_precision" || key == "params_dtype") {
                      if (text.find("bf16") != std::string::npos)
                          flag = "--bf16";
                      else if (text.find("16") != std::string::npos)
                          flag = "--fp16";
                  }
                  if (key == "name" && path.find("optim") != std::string::npos
                      && text.find("distributed") != std::string::npos)
                      flag = "--use-distributed-optimizer";
                  if (key == "grad_reduce_in_fp32" || key == "grad_sync_dtype") {
                      flag = megatronGradientWidthFlag(key, text, boolValue(value));
                      if (flag.empty()) {
                          out.ignore(field, line, Words { words::kIgnoredGradientWidth });
                          continue;
                      }
                      args.values[flag] = { {}, line };
                      args.fieldNames[flag] = field;
                      continue;
                  }
                  if (key == "dtype" && path.find("optim") != std::string::npos)
                      flag = "--apex-optimizer-dtype"; // NeMo 1 optim.dtype (Apex DistributedFusedAdam)
                  if (key == "pipeline_model_parallel_layout" && value.IsSequence()) {
                      // The list form (a list of stages, each a list of layer type names): as the string's
                      // characters (pipeline_parallel_layer_layout.py LayerType: embedding, decoder, mtp, loss).
                      static const std::map<std::string, char> letters { { "embedding", 'E' }, { "decoder", 't' },
                          { "mtp", 'm' }, { "loss", 'L' } };
                      std::string layout;
                      bool firstStage = true;
                      for (const auto& stage : value) {
                          layout += firstStage ? "" : "|";
                          firstStage = false;
                          for (const auto& layer : stage) {
                              const auto letter = layer.IsScalar() ? letters.find(layer.Scalar()) : letters.end();
                              layout += letter == letters.end() ? '?' : letter->second;
                          }
                      }
                      args.values[flag] = { { layout }, line };
                      args.fieldNames[flag] = field;
                      continue;
                  }
                  if ((key == "recompute_modules" || key == "cuda_graph_scope") && value.IsSequence()) {
                      std::vector<std::string> items; // a list of module names
                      for (const auto& item : value)
                          if (item.IsScalar())
                              items.push_back(item.Scalar());
                      if (key == "cuda_graph_scope") {
                          std::string joined;
                          for (const auto& item : items)
                              joined += (joined.empty() ? "" : " ") + item;
                          items = { joined };
                      }
                      args.values[flag] = { items, line };
                      args.fieldNames[flag] = field;
                      continue;
                  }
                  if (flag == "--apex-optimizer-dtype" && value.IsScalar()) {
                      args.values[flag] = { { text }, line };
                      args.fieldNames[flag] = field;
                      continue;
                  }
                  if (!flags.takesValue.count(flag) || value.IsNull() || value.IsSequence()) {
                      out.ignore(field, line, Words { words::kIgnoredMegatronArgument });
                      continue;
                  }
                  if (auto on = boolValue(value); on && !flags.takesValue.at(flag)) {
                      if (*on)
                          args.values[flag] = { {}, line };
                      else
                          out.ignore(field, line, Words { words::kIgnoredOff });
                  } else {
                      args.values[flag] = { { text }, line };
                  }
                  args.fieldNames[flag] = field;
              }
          };
    walk(document, "");
    return finishMegatron(args, out, false);
}

namespace
{

std::vector<std::string> megatronModelFlags(const LaunchTarget& t)
{
    const Architecture& a = t.answer.search.model.architecture;
    std::vector<std::string> f { "--use-mcore-models", "--num-layers", std::to_string(a.numLayers), "--hidden-size",
        std::to_string(a.hiddenSize), "--ffn-hidden-size", std::to_string(a.intermediateSize), "--num-attention-heads",
        std::to_string(a.numAttentionHeads) };
    if (a.kvHeads() != a.numAttentionHeads)
        f.insert(f.end(), { "--group-query-attention", "--num-query-groups", std::to_string(a.kvHeads()) });
    if (a.headDim > 0)
        f.insert(f.end(), { "--kv-channels", std::to_string(a.headDim) });
    if (a.mlp == MlpKind::Gated)
        f.push_back("--swiglu");
    if (!a.tieWordEmbeddings)
        f.push_back("--untie-embeddings-and-output-weights");
    if (!a.attentionBias && !a.mlpBias)
        f.push_back("--disable-bias-linear");
    if (!a.learnedPositions)
        f.insert(f.end(), { "--position-embedding-type", "rope", "--normalization", "RMSNorm" });
    if (a.maxPositions > 0)
        f.insert(f.end(), { "--max-position-embeddings", std::to_string(a.maxPositions) });
    if (a.numExperts > 1) {
        f.insert(f.end(),
            { "--num-experts", std::to_string(a.numExperts), "--moe-router-topk", std::to_string(a.expertsPerToken) });
        if (a.moeIntermediateSize > 0)
            f.insert(f.end(), { "--moe-ffn-hidden-size", std::to_string(a.moeIntermediateSize) });
    }
    f.insert(f.end(),
        { "--tokenizer-type", "HuggingFaceTokenizer", "--tokenizer-model", t.modelId, "--vocab-size",
            std::to_string(a.vocabSize) });
    return f;
}

// Recompute: full, or selective with its modules (core_attn for the plan's "selective", and the recompute_* switches).
void megatronRecomputeFlags(
    const Configuration& c, const Workload& w, std::vector<std::string>& f, std::vector<std::string>& notes)
{
    if (c.checkpointing == Checkpointing::Full) {
        f.insert(f.end(),
            { "--recompute-granularity", "full", "--recompute-method", "uniform", "--recompute-num-layers", "1" });
        return;
    }
    std::vector<std::string> modules;
    if (c.checkpointing != Checkpointing::None)
        modules.push_back("core_attn");
    if (w.recomputeLayernorm)
        modules.push_back("layernorm");
    if (w.recomputeMoeAct)
        modules.push_back("moe_act");
    if (w.recomputeMlaUpProj)
        modules.push_back("mla_up_proj");
    if (modules.empty())
        return;
    f.insert(f.end(), { "--recompute-granularity", "selective", "--recompute-modules" });
    f.insert(f.end(), modules.begin(), modules.end());
    if (c.checkpointing == Checkpointing::PerOp)
        notes.push_back("checkpointing: per-op selective checkpointing is written as Megatron's selective recompute");
}

// The optimizer's state widths, the MoE token dispatcher and the CUDA-graph scope.
void megatronStackFlags(const LaunchTarget& t, std::vector<std::string>& f, std::vector<std::string>& notes)
{
    const Workload& w = t.plan.workload;
    const Configuration& c = t.result.configuration;
    // The precision-aware optimizer runs with the distributed optimizer only (megatron/core/optimizer/__init__.py
    // @d98e8a64), and --optimizer-cpu-offload requires it (arguments.py).
    const bool distributed = c.zeroStage == 1;
    const bool master = masterWeightBytes(w) > 0;
    const bool halfMaster = distributed && master && w.masterWeightsPrecision != MasterWeightsPrecision::Fp32;
    const bool halfMoments = distributed && w.bf16OptimizerStates && w.optimizer == Optimizer::AdamW;
    if (!distributed
        && ((master && w.masterWeightsPrecision != MasterWeightsPrecision::Fp32)
            || (w.bf16OptimizerStates && w.optimizer == Optimizer::AdamW)))
        notes.push_back("optimizer states: Megatron-LM's precision-aware optimizer needs the distributed optimizer "
                        "(ZeRO 1); the plan's 16-bit master or moments are not written for this layout");
    if (halfMaster || halfMoments || c.offload != Offload::None)
        f.push_back("--use-precision-aware-optimizer");
    if (halfMaster) {
        f.insert(f.end(), { "--main-params-dtype", "fp16" });
        if (w.masterWeightsPrecision == MasterWeightsPrecision::Bf16)
            notes.push_back("master weights: Megatron-LM keeps main parameters in fp32 or fp16 (--main-params-dtype); "
                            "the plan's bf16 is written as fp16, the same bytes");
    }
    if (halfMoments)
        f.insert(f.end(), { "--exp-avg-dtype", "bf16", "--exp-avg-sq-dtype", "bf16" });
    if (trainedMtpLayers(t.answer.search.model.architecture, w) > 0)
        f.insert(f.end(), { "--mtp-num-layers", std::to_string(w.mtpLayers) });
    if (t.answer.search.model.architecture.numExperts > 1 && c.expert > 1) {
        const MoeDispatcher d = w.moeTokenDispatcher;
        f.insert(f.end(),
            { "--moe-token-dispatcher-type",
                d == MoeDispatcher::AllToAll        ? "alltoall"
                    : d == MoeDispatcher::AllGather ? "allgather"
                                                    : "flex" });
        if (d == MoeDispatcher::Auto || d == MoeDispatcher::Flex) {
            f.insert(f.end(),
                { "--moe-flex-dispatcher-backend",
                    w.moeFlexDispatcherBackend == MoeFlexBackend::HybridEp ? "hybridep" : "deepep" });
            if (w.moeFlexDispatcherSms)
                f.insert(f.end(), { "--moe-flex-dispatcher-num-sms", std::to_string(*w.moeFlexDispatcherSms) });
        }
        if (d == MoeDispatcher::Auto)
            notes.push_back("MoE dispatcher: the plan is estimated with DeepEP's dispatch, written as the flex "
                            "dispatcher (it needs DeepEP); set workload.moe_token_dispatcher to alltoall for NCCL's");
    }
    // The combined 1F1B schedule (workload.moe_a2a_overlap), written only where Megatron-LM accepts it.
    if (w.moeA2aOverlap) {
        Workload megatronRun = w; // written for Megatron-LM whatever stack the plan estimates
        megatronRun.framework = TrainingStack::Megatron;
        const std::string refused = moeA2aOverlapRefusal(t.answer.search.model.architecture, megatronRun, c);
        if (refused.empty())
            f.push_back("--overlap-moe-expert-parallel-comm");
        else
            notes.push_back("expert all-to-all overlap: --overlap-moe-expert-parallel-comm is not written, Megatron-LM "
                            "refuses it for this layout ("
                + refused + ", see the warning moe_a2a_overlap_refused)");
    }
    // Transformer Engine's tensor-parallel overlap: Megatron-LM asserts sequence parallelism with it.
    if (w.tpCommOverlap) {
        if (c.tensor > 1 && c.sequenceParallel)
            f.push_back("--tp-comm-overlap");
        else
            notes.push_back("tensor-parallel overlap: --tp-comm-overlap is not written, Megatron-LM needs tensor "
                            "parallelism with sequence parallelism for it");
    }
    // The dropout probabilities: Megatron-Core's default is 0.1 each (transformer_config.py @d98e8a64), which is the
    // plan's dropout-on of a standard-MLP model; a gated-MLP plan without them trains without dropout.
    const bool gatedDefault = t.answer.search.model.architecture.mlp != MlpKind::Standard;
    for (const auto& [flag, value] :
        { std::pair { "--hidden-dropout", w.hiddenDropout }, std::pair { "--attention-dropout", w.attentionDropout } })
        if (value || gatedDefault)
            f.insert(f.end(), { flag, formatExact(value.value_or(0.0)) });
    // Megatron-LM's training arguments refuse Transformer Engine's cross-entropy (arguments.py @d98e8a64: "known
    // stability issues"); its native fused kernel keeps the fp32 copy of fp32-logits.
    if (w.lossImplementation == LossImplementation::InPlace)
        notes.push_back("loss: Megatron-LM @" + megatronFlags().commit.substr(0, 8)
            + " refuses --cross-entropy-fusion-impl te; the plan's in-place cross-entropy (Transformer Engine's, as "
              "Megatron-Bridge runs it) is not written, and Megatron-LM's loss keeps an fp32 copy of the logits");
    if (w.cudaGraphs == CudaGraphScope::PerLayer)
        f.insert(f.end(), { "--cuda-graph-impl", "local" });
    else if (w.cudaGraphs == CudaGraphScope::FullIteration) // arguments.py asserts the NaN check off with it
        f.insert(f.end(), { "--cuda-graph-impl", "full_iteration", "--no-check-for-nan-in-loss-and-grad" });
}

std::vector<std::string> megatronLayoutFlags(const LaunchTarget& t, std::vector<std::string>& notes)
{
    const Configuration& c = t.result.configuration;
    const Workload& w = t.plan.workload;
    std::vector<std::string> f { "--tensor-model-parallel-size", std::to_string(c.tensor),
        "--pipeline-model-parallel-size", std::to_string(c.pipeline), "--context-parallel-size",
        std::to_string(c.context), "--expert-model-parallel-size", std::to_string(c.expert) };
    if (c.sequenceParallel)
        f.push_back("--sequence-parallel");
    // A stated layout the configuration runs (pipeline x virtual stages of its stages): Megatron takes the virtual
    // stages from it, refuses --num-virtual-stages-per-pipeline-rank beside it, and the split flags mean nothing.
    const int chunks = c.pipelineSchedule == PipelineSchedule::Interleaved ? c.virtualStages : 1;
    if (!statedPipelineRanks(w.parallelism, c.pipeline, chunks).empty()) {
        f.insert(f.end(), { "--pipeline-model-parallel-layout", w.parallelism.pipelineLayout });
    } else {
        if (c.pipeline > 1 && c.pipelineSchedule == PipelineSchedule::Interleaved && c.virtualStages > 1)
            f.insert(f.end(), { "--num-virtual-stages-per-pipeline-rank", std::to_string(c.virtualStages) });
        const PipelineSplit split = w.parallelism.pipelineSplit;
        if (c.pipeline > 1 && (split == PipelineSplit::Embedding || split == PipelineSplit::EmbeddingAndLoss))
            f.push_back("--account-for-embedding-in-pipeline-split");
        if (c.pipeline > 1 && (split == PipelineSplit::Loss || split == PipelineSplit::EmbeddingAndLoss))
            f.push_back("--account-for-loss-in-pipeline-split");
    }
    if (c.pipeline > 1 && c.pipelineSchedule == PipelineSchedule::ZeroBubble)
        notes.push_back("pipeline schedule: zero-bubble has no Megatron-LM flag here; the command runs 1F1B");
    if (c.zeroStage == 1)
        f.push_back("--use-distributed-optimizer");
    else if (c.zeroStage >= 2)
        f.insert(f.end(),
            { "--use-megatron-fsdp", "--data-parallel-sharding-strategy",
                c.zeroStage == 2 ? "optim_grads" : "optim_grads_params" });
    if (c.offload != Offload::None)
        f.push_back("--optimizer-cpu-offload");
    if (c.offload == Offload::OptimizerAndParameters)
        notes.push_back("offload: Megatron-LM offloads the optimizer only (--optimizer-cpu-offload); the plan offloads "
                        "parameters too");
    megatronRecomputeFlags(c, w, f, notes);
    const long long global = (long long)c.microBatchSize * c.gradientAccumulationSteps * c.data;
    f.insert(f.end(),
        { "--micro-batch-size", std::to_string(c.microBatchSize), "--global-batch-size", std::to_string(global),
            "--seq-length", std::to_string(w.sequenceLength), "--train-samples",
            std::to_string((long long)std::ceil(w.trainingTokens / double(w.sequenceLength))) });
    if (w.precision != Precision::Fp32 && w.precision != Precision::Tf32)
        f.push_back(w.precision == Precision::Fp16 ? "--fp16" : "--bf16"); // without either Megatron trains in fp32
    if (w.precision == Precision::Fp8) {
        const char* recipe = w.fp8Recipe == Fp8Recipe::Mxfp8 ? "mxfp8"
            : w.fp8Recipe == Fp8Recipe::Blockwise            ? "blockwise"
            : w.fp8Recipe == Fp8Recipe::Delayed              ? "delayed"
                                                             : "tensorwise";
        f.insert(f.end(), { "--fp8-format", "hybrid", "--fp8-recipe", recipe });
        if (w.fp8AllGather)
            f.push_back("--fp8-param-gather");
    }
    if (w.gradientPrecision == GradientPrecision::Bf16 && w.precision != Precision::Fp32
        && w.precision != Precision::Tf32)
        f.push_back("--grad-reduce-in-bf16");
    else if (w.gradientPrecision == GradientPrecision::Fp32 && w.precision == Precision::Fp16)
        f.push_back("--accumulate-allreduce-grads-in-fp32");
    f.insert(f.end(),
        { "--optimizer", w.optimizer == Optimizer::Sgd || w.optimizer == Optimizer::SgdMomentum ? "sgd" : "adam" });
    megatronStackFlags(t, f, notes);
    return f;
}

} // namespace

Expected<LaunchExport> writeMegatron(const LaunchTarget& target)
{
    // Megatron-LM has no DualPipe schedule (pipeline_parallel/schedules.py: 1F1B, interleaved, combined 1F1B).
    const Configuration& c = target.result.configuration;
    if (c.pipeline > 1
        && (c.pipelineSchedule == PipelineSchedule::DualPipe || c.pipelineSchedule == PipelineSchedule::DualPipeV))
        return wordedError("workload.parallelism.pipeline_schedule",
            { words::kScheduleNotInFormat, { "Megatron-LM", std::string(toString(c.pipelineSchedule)) } });
    LaunchExport result;
    result.format = "megatron";
    auto& notes = result.notes;
    if (target.plan.workload.technique != Technique::Full)
        notes.push_back("technique: Megatron-LM's pretrain_gpt.py trains every weight; LoRA/QLoRA/freeze need "
                        "Megatron-Bridge's PEFT");
    notes.push_back("data: add --data-path (or --mock-data) and a --save folder for your run");
    const auto model = megatronModelFlags(target);
    const auto layout = megatronLayoutFlags(target, notes);
    for (int node = 0; node < target.result.nodes; ++node) {
        std::string text = "#!/usr/bin/env bash\n" + commentHeader(target, "#", notes) + "set -euo pipefail\n"
            + torchrunPrefix(target, node) + " pretrain_gpt.py";
        for (const auto* list : { &model, &layout })
            for (std::size_t k = 0; k < list->size(); ++k) {
                const std::string& word = (*list)[k];
                text += (word.rfind("--", 0) == 0 ? " \\\n    " : " ") + shellQuote(word);
            }
        result.files.push_back({ "megatron-node" + std::to_string(node) + ".sh", text + "\n" });
    }
    return result;
}

} // namespace gp::launch
