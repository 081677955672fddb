// The workload (what is trained or served and how): the training choices, LoRA, parallelism and batch inference
// beside the serving (serving_spec.h) and RL (rl_spec.h) sections, with its scalar inputs as entries of the plan's
// field table (plan_fields.h, field_entry.h).
#pragma once

#include "plan/field_entry.h"
#include "plan/limits.h"
#include "plan/plan_enums.h"
#include "plan/rl_spec.h"
#include "plan/serving_spec.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gp
{

struct LoraSpec {
    bool operator==(const LoraSpec&) const = default;
    int rank = 16;
    std::vector<std::string> targetModules { "q_proj", "v_proj" };
    // Dropout probability on each adapter's path, in [0, 1); nullopt = the catalog's `lora.dropout` (peft
    // LoraConfig's default). Above 0 it costs memory and time (estimate/common/lora_dropout.h).
    std::optional<double> dropout;
    LoraDropoutPosition dropoutPosition = LoraDropoutPosition::Pre;
};

struct ParallelismSpec {
    bool operator==(const ParallelismSpec&) const = default;
    std::optional<int> data; // nullopt = "auto"
    int tensor = 1;
    int pipeline = 1;
    int zeroStage = 0;
    Offload offload = Offload::None;
    bool sequenceParallel = false;
    int expert = 1; // expert parallel degree (MoE)
    int context = 1; // context parallel degree: the sequence split across ranks (ring attention)
    PipelineSchedule pipelineSchedule = PipelineSchedule::OneFOneB;
    int virtualStages = 1; // model chunks per pipeline rank (interleaved schedule)
    // What the layer split counts beside the transformer layers; the slowest stage sets the step
    // (estimate/common/pipeline_stages.h).
    PipelineSplit pipelineSplit = PipelineSplit::Layers;
    // Each stage's layers in Megatron's string syntax ("Et*3|(tt|)*29,m|L"; plan/pipeline_layout.h); empty: the
    // split above places them.
    std::string pipelineLayout;
};

struct InferenceSpec {
    bool operator==(const InferenceSpec&) const = default;
    int batchSize = 1;
    std::int64_t promptTokens = 512;
    std::int64_t outputTokens = 256;
    KvPrecision kvCachePrecision = KvPrecision::Fp16;
};

struct Workload {
    bool operator==(const Workload&) const = default;
    Mode mode = Mode::Training;
    TrainingObjective objective = TrainingObjective::LanguageModeling;
    Technique technique = Technique::Full;
    Precision precision = Precision::Bf16;
    WeightFormat weightFormat = WeightFormat::Same;
    // Bits per stored weight of a quantized weight_format, its scales and zero points included (a GPTQ, AWQ or
    // compressed-tensors checkpoint's group size: plan/precision.h); nullopt = the format's own definition.
    std::optional<double> weightBits;
    Optimizer optimizer = Optimizer::AdamW;
    LoraSpec lora;
    Checkpointing activationCheckpointing = Checkpointing::None;
    bool flashAttention = true;
    AttentionKernel attentionKernel = AttentionKernel::FlashAttention2;
    LossImplementation lossImplementation = LossImplementation::Fp32Logits;
    // The model's dropout probabilities, after the attention and MLP blocks (hidden) and on the attention
    // probabilities; nullopt = by the architecture (a standard-MLP model trains with dropout, a gated one without).
    std::optional<double> hiddenDropout;
    std::optional<double> attentionDropout;
    std::int64_t sequenceLength = 4096;
    // Packed training documents: their mean length when attention stays within each document of a packed sequence
    // (training_flops.cpp); nullopt = each sequence is one document.
    std::optional<std::int64_t> documentTokens;
    int microBatchSize = 1;
    int gradientAccumulationSteps = 1;
    std::optional<std::int64_t> globalBatchSize; // sequences per optimizer step; nullopt = micro x accum x data
    double trainingTokens = 2.0e9;
    ParallelismSpec parallelism;
    InferenceSpec inference;
    ServingSpec serving;
    RlSpec rl; // mode "rl"
    int freezeTrainableLayers = 2; // technique "freeze": layers trained at the top
    // Multi-token-prediction layers trained beside the model (Megatron --mtp-num-layers; DeepSeek-V3 report, arXiv
    // 2412.19437, Sec. 2.2): each an embedding of the shifted tokens, two norms, a 2h -> h projection, one layer of
    // the model's kind and the shared output head with its loss, on the last pipeline stage. 0 = none.
    int mtpLayers = 0;
    // How the training framework holds state (memory only; defaults are Hugging Face Trainer / DeepSpeed):
    bool masterWeights = true; // fp32 master copy in mixed precision; false = "pure" bf16/fp16
    bool pagedOptimizer = false; // bitsandbytes paged optimizer state (unified memory, spills to host)
    bool torchCompile = false; // torch.compile recomputes pointwise ops instead of saving them
    bool ligerKernel = false; // Liger's kernels patched into a Hugging Face model (its fused SwiGLU keeps gate and up)
    bool optimizerInBackward = false; // optimizer step fused into backward: gradients freed per parameter
    bool bf16OptimizerStates = false; // optimizer moments kept in bf16 (full-bf16 training), not fp32
    Fp8Recipe fp8Recipe = Fp8Recipe::Tensorwise; // precision fp8: how the casts to fp8 are scaled
    bool fp8AllGather
        = false; // precision fp8, ZeRO-3/FSDP or Megatron's distributed optimizer: weights gathered in fp8
    std::optional<int> checkpointedLayers; // partial recompute: layers per pipeline stage fully recomputed
    TrainingStack framework = TrainingStack::Auto; // the training stack: its state layout and loss (memory_model.h)
    GradientPrecision gradientPrecision = GradientPrecision::Auto; // gradient reduce width (gradientReduceBytes)
    // The master copy's width where masterWeights is on (Megatron --main-params-dtype, Apex dtype bf16).
    MasterWeightsPrecision masterWeightsPrecision = MasterWeightsPrecision::Fp32;
    // Megatron-Core's output-discarding recompute of one module each (--recompute-modules layernorm, moe_act,
    // mla_up_proj), beside activationCheckpointing (whose "selective" is its core_attn): memory_training.cpp.
    bool recomputeLayernorm = false;
    bool recomputeMoeAct = false;
    bool recomputeMlaUpProj = false;
    CudaGraphScope cudaGraphs = CudaGraphScope::None; // what the stack captures as CUDA graphs (stated, see docs)
    MoeDispatcher moeTokenDispatcher = MoeDispatcher::Auto; // how MoE tokens reach the expert-parallel ranks
    // The flex (and auto) dispatcher's kernels and the SMs they hold (Megatron --moe-flex-dispatcher-backend,
    // --moe-flex-dispatcher-num-sms); absent SMs = the backend's default (moe.deepep_sms, moe.hybridep_sms).
    MoeFlexBackend moeFlexDispatcherBackend = MoeFlexBackend::DeepEp;
    std::optional<int> moeFlexDispatcherSms;
    // Megatron --overlap-moe-expert-parallel-comm: the combined 1F1B schedule pairs one micro-batch's forward with
    // another's backward layer by layer, hiding each side's expert all-to-all behind the other's compute.
    bool moeA2aOverlap = false;
    // Megatron --tp-comm-overlap (with sequence parallelism): Transformer Engine's userbuffers run each tensor-parallel
    // all-gather and reduce-scatter in chunks beside the layer's GEMMs.
    bool tpCommOverlap = false;
    // Goodput (estimate/time/goodput.h): what the wall clock spends beside training steps.
    std::optional<double> checkpointIntervalMinutes; // absent = Young's interval for the cluster's failure rate
    bool asyncCheckpoint = false; // the save copies to host memory and writes in the background
    std::optional<int> evalIntervalSteps; // steps between evaluations; absent = the stack's default; 0 = none
    std::optional<int> evalSteps; // forward-only steps per evaluation; absent = the stack's default
};

// The rest of the training recipe: how the stack keeps the weights and optimizer states, its kernels and FP8.
template <class Table> void trainingStateFieldEntries(Table& t)
{
    using namespace limits;
    using Unit = FieldUnit;
    using Write = FieldWrite;
    using Report = FieldReport;
    t.add("workload.master_weights", GP_PLAN_MEMBER(workload.masterWeights), Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "FP32 master weights"),
            GP_TRANSLATE_NOOP("FieldText",
                "Keep an fp32 copy of the weights in mixed precision (off: pure bf16/fp16 "
                "training)"));
    t.add("workload.paged_optimizer", GP_PLAN_MEMBER(workload.pagedOptimizer), Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Paged optimizer"),
            GP_TRANSLATE_NOOP("FieldText",
                "bitsandbytes paged optimizer states (unified memory that spills to the "
                "host)"));
    t.add("workload.torch_compile", GP_PLAN_MEMBER(workload.torchCompile), Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "torch.compile"),
            GP_TRANSLATE_NOOP("FieldText", "torch.compile recomputes pointwise operations instead of saving them"));
    t.add("workload.liger_kernel", GP_PLAN_MEMBER(workload.ligerKernel), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Liger kernels"),
            GP_TRANSLATE_NOOP("FieldText",
                "Liger's kernels patched into a Hugging Face model (use_liger_kernel): its fused SwiGLU keeps "
                "the gate and up projections only and recomputes the activation in backward"));
    t.add("workload.optimizer_in_backward", GP_PLAN_MEMBER(workload.optimizerInBackward), Write::Always,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Optimizer in backward"),
            GP_TRANSLATE_NOOP("FieldText",
                "The optimizer step fused into the backward pass: each gradient is freed once "
                "applied"));
    t.add("workload.bf16_optimizer_states", GP_PLAN_MEMBER(workload.bf16OptimizerStates), Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "bf16 optimizer states"));
    t.add("workload.fp8_recipe", GP_PLAN_MEMBER(workload.fp8Recipe), Write::NotAtDefault, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "FP8 scaling"));
    t.add("workload.fp8_all_gather", GP_PLAN_MEMBER(workload.fp8AllGather), Write::NotAtDefault, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "FP8 all-gather"),
            GP_TRANSLATE_NOOP("FieldText",
                "Gather the linear weights in FP8: half the gathered bytes and a smaller gather buffer. Under "
                "ZeRO-3/FSDP each rank casts its shard before the all-gather (torchtitan's FSDP float8 all-gather); "
                "under Megatron the distributed optimizer (ZeRO 1 or more, full fine-tuning) keeps the parameters in "
                "FP8 and all-gathers them in FP8 (--fp8-param-gather)"));
    t.add("workload.activation_checkpointing_layers", GP_PLAN_MEMBER(workload.checkpointedLayers), Unit::Layers, 0,
         double(kMaxLayers), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Partial recompute layers"));
}

// The training recipe: mode, objective, technique, precision, optimizer, batch, tokens, the stack's state.
template <class Table> void trainingFieldEntries(Table& t)
{
    using namespace limits;
    using Unit = FieldUnit;
    using Write = FieldWrite;
    using Report = FieldReport;
    t.add("workload.mode", GP_PLAN_MEMBER(workload.mode), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Mode"));
    t.add("workload.objective", GP_PLAN_MEMBER(workload.objective), Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Training objective"),
            GP_TRANSLATE_NOOP("FieldText",
                "Language modeling (next-token loss over the vocabulary) or classification (a "
                "small head over the classes)"));
    t.add("workload.technique", GP_PLAN_MEMBER(workload.technique), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Technique"));
    t.add("workload.precision", GP_PLAN_MEMBER(workload.precision), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Precision"));
    t.add("workload.weight_format", GP_PLAN_MEMBER(workload.weightFormat), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Weight format"));
    t.add("workload.weight_bits", GP_PLAN_MEMBER(workload.weightBits), Unit::None, 1, 32, Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Bits per weight"),
            GP_TRANSLATE_NOOP("FieldText",
                "Bits each quantized weight takes with its scales and zero points (GPTQ or "
                "AWQ at group size 128: 4.156); empty: the weight format's own (int4: 4.5)"));
    t.add("workload.optimizer", GP_PLAN_MEMBER(workload.optimizer), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Optimizer"));
    t.add("workload.activation_checkpointing", GP_PLAN_MEMBER(workload.activationCheckpointing), Write::Always,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Activation checkpointing"));
    t.add("workload.flash_attention", GP_PLAN_MEMBER(workload.flashAttention), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Flash attention"));
    t.add("workload.attention_kernel", GP_PLAN_MEMBER(workload.attentionKernel), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Attention kernel"));
    t.add("workload.loss_implementation", GP_PLAN_MEMBER(workload.lossImplementation), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Loss"));
    // Below 1: the parser refuses 1 itself (plan_parse.cpp), as for workload.lora.dropout.
    t.add("workload.hidden_dropout", GP_PLAN_MEMBER(workload.hiddenDropout), Unit::None, 0, 1, Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Hidden dropout"),
            GP_TRANSLATE_NOOP("FieldText",
                "Dropout probability after each attention and MLP block (Megatron-LM --hidden-dropout, Hugging "
                "Face hidden_dropout); above 0 autograd keeps a one-byte mask per element of each; empty = by the "
                "architecture (standard-MLP models train with dropout, gated ones without)"));
    t.add("workload.attention_dropout", GP_PLAN_MEMBER(workload.attentionDropout), Unit::None, 0, 1,
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Attention dropout"),
            GP_TRANSLATE_NOOP("FieldText",
                "Dropout probability on the attention probabilities (Megatron-LM --attention-dropout); with "
                "materialized scores (flash attention off) above 0 autograd keeps a mask and the dropped "
                "probabilities per score, flash kernels regenerate theirs; empty = by the architecture"));
    t.add("workload.sequence_length", GP_PLAN_MEMBER(workload.sequenceLength), Unit::Tokens, 1, double(kMaxSequence),
         Write::Always, Report::Question)
        .sweep("2048, 4096, 8192, 16384")
        .words(GP_TRANSLATE_NOOP("FieldText", "Sequence length"));
    t.add("workload.document_tokens", GP_PLAN_MEMBER(workload.documentTokens), Unit::Tokens, 1, double(kMaxSequence),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Packed document length"),
            GP_TRANSLATE_NOOP("FieldText",
                "Mean tokens of the documents packed into each sequence when attention stays within each document "
                "(packed fine-tuning: Megatron/NeMo packed sequences, FlashAttention varlen, padding-free packing); "
                "empty: each sequence is one document"));
    t.add("workload.micro_batch_size", GP_PLAN_MEMBER(workload.microBatchSize), Unit::Sequences, 1,
         double(kMaxMicroBatch), Write::Always, Report::Question)
        .sweep("1, 2, 4, 8")
        .words(GP_TRANSLATE_NOOP("FieldText", "Micro-batch size"));
    t.add("workload.gradient_accumulation_steps", GP_PLAN_MEMBER(workload.gradientAccumulationSteps), Unit::None, 1,
         double(kMaxAccumulation), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Gradient accumulation"));
    t.add("workload.global_batch_size", GP_PLAN_MEMBER(workload.globalBatchSize), Unit::Sequences, 1,
         double(kMaxGlobalBatch), Write::Always, Report::Question)
        .sweep("32, 64, 128, 256")
        .words(GP_TRANSLATE_NOOP("FieldText", "Global batch size"));
    t.add("workload.training_tokens", GP_PLAN_MEMBER(workload.trainingTokens), Unit::Tokens, 1, kMaxTrainingTokens,
         Write::Always, Report::Question)
        .sweep("1e9, 2e9, 5e9, 1e10")
        .words(GP_TRANSLATE_NOOP("FieldText", "Training tokens"));
    t.add("workload.freeze_trainable_layers", GP_PLAN_MEMBER(workload.freezeTrainableLayers), Unit::Layers, 0,
         double(kMaxLayers), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Layers trained (freeze)"),
            GP_TRANSLATE_NOOP("FieldText", "With the freeze technique: the top layers trained, the others frozen"));
    t.add("workload.mtp_layers", GP_PLAN_MEMBER(workload.mtpLayers), Unit::Layers, 0, double(kMaxLayers),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "MTP layers trained"),
            GP_TRANSLATE_NOOP("FieldText",
                "Multi-token-prediction layers trained beside the model (Megatron --mtp-num-layers): each one more "
                "layer of the model's kind with its projection, run with the output head and its loss on the last "
                "pipeline stage"));
    t.add("workload.framework", GP_PLAN_MEMBER(workload.framework), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Training stack"),
            GP_TRANSLATE_NOOP("FieldText",
                "The framework the team trains with: where it keeps the weights, gradients "
                "and optimizer states, how its loss holds the logits, and its evaluation"));
    t.add("workload.gradient_precision", GP_PLAN_MEMBER(workload.gradientPrecision), Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Gradient precision"),
            GP_TRANSLATE_NOOP("FieldText",
                "The width gradients are accumulated and reduced across data-parallel ranks "
                "at: the stack's default, fp32 or bf16 (Megatron --grad-reduce-in-bf16)"));
    t.add("workload.checkpoint_interval_minutes", GP_PLAN_MEMBER(workload.checkpointIntervalMinutes), Unit::Minutes, 0,
         kMaxCheckpointMinutes, Write::NotAtDefault, Report::Assumption)
        .exclusiveMin()
        .words(GP_TRANSLATE_NOOP("FieldText", "Checkpoint interval"),
            GP_TRANSLATE_NOOP("FieldText", "Between checkpoint saves; empty = the best interval for the failure rate"));
    t.add(
         "workload.async_checkpoint", GP_PLAN_MEMBER(workload.asyncCheckpoint), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Asynchronous checkpoints"));
    t.add("workload.eval_interval_steps", GP_PLAN_MEMBER(workload.evalIntervalSteps), Unit::None, 0,
         double(kMaxEvalSteps), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Evaluation every (steps)"),
            GP_TRANSLATE_NOOP(
                "FieldText", "Training steps between evaluations; empty = the stack's default, 0 = none"));
    t.add("workload.eval_steps", GP_PLAN_MEMBER(workload.evalSteps), Unit::None, 0, double(kMaxEvalSteps),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Evaluation steps"),
            GP_TRANSLATE_NOOP("FieldText", "Forward-only steps per evaluation; empty = the stack's default"));
    trainingStateFieldEntries(t);
}

// The Megatron stack's own switches a launch file states: the master copy's width, per-module recompute, CUDA graphs
// and the MoE token dispatcher.
template <class Table> void stackSwitchFieldEntries(Table& t)
{
    using namespace limits;
    using Unit = FieldUnit;
    using Write = FieldWrite;
    using Report = FieldReport;
    t.add("workload.master_weights_precision", GP_PLAN_MEMBER(workload.masterWeightsPrecision), Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Master weights precision"),
            GP_TRANSLATE_NOOP("FieldText",
                "The width of the optimizer's copy of the weights: fp32, or 16 bits (Megatron "
                "--main-params-dtype fp16, Apex distributed_fused_adam with dtype bf16)"));
    t.add("workload.recompute_layernorm", GP_PLAN_MEMBER(workload.recomputeLayernorm), Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Recompute norms"),
            GP_TRANSLATE_NOOP("FieldText",
                "Megatron --recompute-modules layernorm: the norms' outputs are dropped and "
                "recomputed in backward"));
    t.add("workload.recompute_moe_act", GP_PLAN_MEMBER(workload.recomputeMoeAct), Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Recompute expert activation"),
            GP_TRANSLATE_NOOP("FieldText",
                "Megatron --recompute-modules moe_act: the experts' activation output is "
                "dropped and recomputed in backward"));
    t.add("workload.recompute_mla_up_proj", GP_PLAN_MEMBER(workload.recomputeMlaUpProj), Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Recompute MLA up-projections"),
            GP_TRANSLATE_NOOP("FieldText",
                "Megatron --recompute-modules mla_up_proj: latent attention's query, key and "
                "value up-projections are dropped and recomputed in backward"));
    t.add("workload.cuda_graphs", GP_PLAN_MEMBER(workload.cudaGraphs), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "CUDA graphs"),
            GP_TRANSLATE_NOOP("FieldText",
                "What the stack captures as CUDA graphs in training: nothing, each layer or the "
                "whole iteration (Megatron --cuda-graph-impl)"));
    t.add("workload.moe_token_dispatcher", GP_PLAN_MEMBER(workload.moeTokenDispatcher), Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "MoE token dispatcher"),
            GP_TRANSLATE_NOOP("FieldText",
                "How tokens reach the expert-parallel ranks: once per rank and node (DeepEP, "
                "flex), one copy per routed expert (alltoall) or every token to every rank "
                "(allgather, Megatron's default)"));
    t.add("workload.moe_flex_dispatcher_backend", GP_PLAN_MEMBER(workload.moeFlexDispatcherBackend),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Flex dispatcher backend"),
            GP_TRANSLATE_NOOP("FieldText",
                "The kernels of the flex dispatcher (Megatron --moe-flex-dispatcher-backend): DeepEP "
                "(Megatron's default) or HybridEP"));
    t.add("workload.moe_flex_dispatcher_sms", GP_PLAN_MEMBER(workload.moeFlexDispatcherSms), Unit::None, 1,
         double(kMaxDispatcherSms), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Flex dispatcher SMs"),
            GP_TRANSLATE_NOOP("FieldText",
                "Streaming multiprocessors the flex dispatcher's kernels hold (Megatron "
                "--moe-flex-dispatcher-num-sms); empty = the backend's default"));
    t.add("workload.moe_a2a_overlap", GP_PLAN_MEMBER(workload.moeA2aOverlap), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Overlap expert all-to-all"),
            GP_TRANSLATE_NOOP("FieldText",
                "Megatron --overlap-moe-expert-parallel-comm: one micro-batch's forward runs "
                "beside another's backward, layer by layer, so each side's expert all-to-all "
                "hides behind the other's compute"));
    t.add("workload.tp_comm_overlap", GP_PLAN_MEMBER(workload.tpCommOverlap), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Overlap tensor-parallel communication"),
            GP_TRANSLATE_NOOP("FieldText",
                "Megatron --tp-comm-overlap: Transformer Engine runs each tensor-parallel all-gather and "
                "reduce-scatter in chunks beside the layer's matrix multiplications (needs sequence parallelism)"));
}

// LoRA's rank, the parallel layout and batch inference.
template <class Table> void parallelismAndInferenceFieldEntries(Table& t)
{
    using namespace limits;
    using Unit = FieldUnit;
    using Write = FieldWrite;
    using Report = FieldReport;
    t.add("workload.lora.rank", GP_PLAN_MEMBER(workload.lora.rank), Unit::None, 1, double(kMaxLoraRank), Write::Always,
         Report::Assumption)
        .sweep("8, 16, 64, 256")
        .words(GP_TRANSLATE_NOOP("FieldText", "LoRA rank"));
    // Below 1: the parser refuses 1 itself (plan_parse.cpp), as a probability of 1 drops every input.
    t.add("workload.lora.dropout", GP_PLAN_MEMBER(workload.lora.dropout), Unit::None, 0, 1, Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "LoRA dropout"),
            GP_TRANSLATE_NOOP("FieldText",
                "Dropout probability on each adapter's path (peft lora_dropout); above 0 autograd keeps each "
                "dropout's mask (and, before lora_A, the dropped input) and the dropout kernels take time; "
                "empty = the catalog's default"));
    t.add("workload.lora.dropout_position", GP_PLAN_MEMBER(workload.lora.dropoutPosition), Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "LoRA dropout position"),
            GP_TRANSLATE_NOOP("FieldText",
                "Where the dropout sits: on the adapter's input before lora_A (pre: peft, Megatron-Bridge, "
                "torchtune) or on its output after lora_B (post: NeMo AutoModel)"));
    t.add("workload.parallelism.data", GP_PLAN_MEMBER(workload.parallelism.data), Unit::None, 1,
         double(kMaxDataParallel), Write::Always, Report::Assumption)
        .absentAs("auto")
        .words(GP_TRANSLATE_NOOP("FieldText", "Data parallel"));
    t.add("workload.parallelism.tensor", GP_PLAN_MEMBER(workload.parallelism.tensor), Unit::None, 1,
         double(kMaxTensorOrPipeline), Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Tensor parallel"));
    t.add("workload.parallelism.pipeline", GP_PLAN_MEMBER(workload.parallelism.pipeline), Unit::None, 1,
         double(kMaxTensorOrPipeline), Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Pipeline parallel"));
    t.add("workload.parallelism.zero_stage", GP_PLAN_MEMBER(workload.parallelism.zeroStage), Unit::None, 0,
         double(kMaxZeroStage), Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "ZeRO stage"));
    t.add("workload.parallelism.offload", GP_PLAN_MEMBER(workload.parallelism.offload), Write::Always,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Offload"));
    t.add("workload.parallelism.sequence_parallel", GP_PLAN_MEMBER(workload.parallelism.sequenceParallel),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Sequence parallel"),
            GP_TRANSLATE_NOOP("FieldText",
                "Megatron sequence parallelism: norms and dropout split across the tensor-parallel "
                "ranks"));
    t.add("workload.parallelism.expert", GP_PLAN_MEMBER(workload.parallelism.expert), Unit::None, 1,
         double(kMaxExperts), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Expert parallel"),
            GP_TRANSLATE_NOOP("FieldText", "GPUs the experts of a mixture-of-experts model are spread over"));
    t.add("workload.parallelism.context", GP_PLAN_MEMBER(workload.parallelism.context), Unit::None, 1,
         double(kMaxContextParallel), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Context parallel"));
    t.add("workload.parallelism.pipeline_schedule", GP_PLAN_MEMBER(workload.parallelism.pipelineSchedule),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Pipeline schedule"));
    t.add("workload.parallelism.virtual_stages", GP_PLAN_MEMBER(workload.parallelism.virtualStages), Unit::None, 1,
         double(kMaxLayers), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Virtual stages"));
    t.add("workload.parallelism.pipeline_split", GP_PLAN_MEMBER(workload.parallelism.pipelineSplit),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Pipeline split"),
            GP_TRANSLATE_NOOP("FieldText",
                "What the pipeline's layer split counts beside the transformer layers: nothing (the last stage "
                "also runs the output layer and loss, Megatron's default), or the embedding, the loss or both as "
                "one layer each (Megatron --account-for-embedding-in-pipeline-split, "
                "--account-for-loss-in-pipeline-split)"));
    t.add("workload.parallelism.pipeline_layout", GP_PLAN_MEMBER(workload.parallelism.pipelineLayout),
         Write::NotAtDefault, Report::Assumption)
        .text()
        .words(GP_TRANSLATE_NOOP("FieldText", "Pipeline layout"),
            GP_TRANSLATE_NOOP("FieldText",
                "Each pipeline stage's layers as Megatron writes them (--pipeline-model-parallel-layout): E the "
                "embedding, t a decoder layer, m an MTP layer, L the output layer and loss, | between stages, *n "
                "repeats, e.g. Et*3|(tt|)*29,m|L; its stages are pipeline x virtual stages. Empty: the pipeline "
                "split places the layers"));
    t.add("workload.inference.batch_size", GP_PLAN_MEMBER(workload.inference.batchSize), Unit::Requests, 1,
         double(kMaxInferenceBatch), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Concurrent requests"));
    t.add("workload.inference.prompt_tokens", GP_PLAN_MEMBER(workload.inference.promptTokens), Unit::Tokens, 1,
         double(kMaxSequence), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Prompt tokens"));
    t.add("workload.inference.output_tokens", GP_PLAN_MEMBER(workload.inference.outputTokens), Unit::Tokens, 0,
         double(kMaxSequence), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Output tokens"));
    t.add("workload.inference.kv_cache_precision", GP_PLAN_MEMBER(workload.inference.kvCachePrecision), Write::Always,
         Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "KV cache"));
}

// The workload's scalar inputs outside serving and RL (workload.*), in the order the parser reads them. The LoRA
// target modules are read beside the table (plan_parse.cpp).
template <class Table> void workloadFieldEntries(Table& t)
{
    trainingFieldEntries(t);
    stackSwitchFieldEntries(t);
    parallelismAndInferenceFieldEntries(t);
}

} // namespace gp
