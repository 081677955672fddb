// Training memory per GPU: model states under ZeRO/FSDP and offload, activations, logits, buffers.
#include "estimate/common/fp8_all_gather.h"
#include "estimate/common/hf_stack.h"
#include "estimate/common/litgpt_stack.h"
#include "estimate/common/lora_dropout.h"
#include "estimate/memory/memory_internal.h"

#include "estimate/common/pipeline_schedule.h"
#include "estimate/common/pipeline_stages.h"
#include "estimate/common/unsloth_stack.h"
#include "plan/precision.h"
#include "transformer/attention.h"
#include "transformer/layers.h"
#include "transformer/lora_modules.h"
#include "transformer/training_flops.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

using memory_detail::positive;

struct LoraCounts {
    double parameters = 0; // adapter parameters in all layers
    double factored = 0; // Adafactor state elements
    double activationsPerToken = 0; // elements stored per token over all layers (lora_A's outputs)
};

// Adapter states and activations from the one LoRA target-module table (transformer/lora_modules.h); the dropout's
// mask and copies are loraDropoutBytesPerToken's.
LoraCounts loraCounts(const Architecture& arch, const LoraSpec& lora)
{
    LoraCounts c;
    const double r = double(std::clamp(lora.rank, 1, 1 << 20));
    for (const AdaptedMatrix& m : loraTargets(arch, lora.targetModules).matrices) {
        c.parameters += m.count * r * (m.in + m.out);
        c.factored += m.count * (2 * r + m.in + m.out);
        c.activationsPerToken += m.activeCount * r;
    }
    return c;
}

// Next power of two >= v (v >= 1).
double nextPowerOfTwo(double v)
{
    return std::exp2(std::ceil(std::log2(std::max(1.0, v))));
}

// Bytes per trainable parameter (mixed precision: ZeRO paper's 2 + 2 + 4 master + optimizer state); `adapters`
// are LoRA's counts, null without adapters.
StateBytesPerParameter trainingStateBytes(
    const ParameterCounts& c, const Workload& w, double cb, bool mixedWithMaster, const LoraCounts* adapters)
{
    StateBytesPerParameter bytes;
    // FP8: a cached 1-byte cast of the weights; the NVFP4 recipe caches its MLP weights as two NVFP4 copies
    // (rowwise and the transposed columnwise one, 0.5 byte + an E4M3 scale per 16 elements each = 1.125 bytes).
    const double mlpShare = c.total > 0 ? std::clamp(c.mlpLinear / c.total, 0.0, 1.0) : 0.0;
    const double castCache = w.precision != Precision::Fp8 ? 0.0
        : w.fp8Recipe == Fp8Recipe::Nvfp4                  ? 1.0 + (1.125 - 1.0) * mlpShare
                                                           : 1.0;
    bytes.weights = cb + castCache;
    bytes.gradients = cb;
    bytes.master = mixedWithMaster ? masterWeightBytes(w) : 0; // fp32, or 16 bits (master_weights_precision)
    bytes.fp32Gradients = 0; // per ZeRO stage (estimateTraining)
    bytes.optimizer = optimizerBytesPerParameter(w.optimizer);
    if (w.optimizer == Optimizer::Adafactor) {
        // Factored second moment: rows + cols per matrix (Shazeer & Stern 2018, arXiv 1804.04235), no momentum.
        const double elements = adapters ? adapters->factored : c.factoredStateElements;
        const double params = adapters ? adapters->parameters : c.total;
        bytes.optimizer = params > 0 ? 4.0 * std::min(1.0, elements / params) : 0.0;
    }
    // Full-bf16 training keeps the fp32 moments in bf16 (8-bit optimizers are already below that).
    if (w.bf16OptimizerStates && bf16OptimizerStatesApply(w.optimizer))
        bytes.optimizer *= 0.5;
    return bytes;
}

// One layer's stored activations (with and without the flash kernel's layout), what per-op checkpointing keeps and
// a layer's input, for the basis.
void trainingActivationBasis(TrainingMemoryBasis& a, const Architecture& arch, const Workload& w,
    const Configuration& cfg, const TrainingFramework& fw, const MemoryDefaults& defaults, double layers)
{
    const int cp = std::max(1, cfg.context);
    const int t = std::max(1, cfg.tensor);
    const double cb = bytesPerElement(w.precision);
    const double h = double(arch.hiddenSize);
    // Context parallelism splits every activation along the sequence: each rank holds sequence / cp tokens
    // (Megatron-Core context_parallel docs; the attention's K,V of the other chunks are streamed, not kept).
    const double s = positive(double(w.sequenceLength)) / cp;
    const double b = positive(double(cfg.microBatchSize));
    LayerActivationInput in;
    in.sequence = s;
    in.microBatch = b;
    in.bytes = cb;
    in.tensorParallel = t;
    in.sequenceParallel = cfg.sequenceParallel;
    // The plan's dropout probabilities; absent, GPT-2/BERT/T5/OPT configs (standard MLP) train with dropout 0.1 and
    // gated-MLP models (Llama, Qwen, Mistral ...) without. Dropout at 0 keeps no mask: PyTorch's dropout returns its
    // input unchanged at p = 0 (aten/src/ATen/native/Dropout.cpp: is_fused_kernel_acceptable needs p > 0, _dropout
    // returns the input for p == 0).
    // LitGPT's GPT has no dropout module whatever the MLP (lit-gpt@8641822 lit_gpt/model.py, litgpt@00af8b0d9b
    // litgpt/model.py: only scaled_dot_product_attention's dropout_p=0.0; its Config has no dropout field).
    const bool standard = arch.mlp == MlpKind::Standard && w.framework != TrainingStack::Litgpt;
    in.dropout = w.hiddenDropout ? *w.hiddenDropout > 0 : standard;
    in.attentionDropout = w.attentionDropout ? *w.attentionDropout > 0 : standard;
    // Unsloth's LoRA_MLP saves its input and the gate and up outputs only; its SwiGLU backward kernel recomputes
    // silu(gate) * up (unsloth/kernels/fast_lora.py, swiglu.py): what torch.compile's partitioner keeps.
    in.recomputePointwise = fw.compiled || unslothFusedLora(w, loraDropoutProbability(w, defaults.loraDropout)).mlp;
    // Megatron-Core: its fused bias-SwiGLU/GeLU keeps its input only (megatron/core/fusions/fused_bias_swiglu.py
    // @b1030e9d, on by default: --no-bias-swiglu-fusion turns it off), and Transformer Engine's linear layers keep
    // their FP8-cast input under FP8 (transformer_engine/pytorch/module/linear.py @0004dbd0); Liger's SwiGLU keeps
    // the same (TrainingFramework::ligerKernel).
    in.fusedActivation = fw.stack == TrainingStack::Megatron || fw.ligerKernel;
    in.gemmInputBytes = fw.stack == TrainingStack::Megatron && w.precision == Precision::Fp8 ? 1.0 : 0.0;
    // Hugging Face QLoRA: PEFT's k-bit preparation leaves the norms in fp32, so the MLP's gate and up outputs and
    // the gate's activation are fp32 (estimate/common/hf_stack.h).
    in.mlpIntermediateBytes = hfMlpIntermediateBytes(w);
    // Megatron's per-module recompute (workload.recompute_layernorm, _moe_act, _mla_up_proj).
    in.recomputeNormOutputs = w.recomputeLayernorm;
    in.recomputeExpertActivation = w.recomputeMoeAct;
    in.recomputeLatentUpProjection = w.recomputeMlaUpProj;
    // One layer's activations with the flash kernel's log-sum-exp or the materialized scores: selective
    // checkpointing recomputes the scores, so it keeps what the flash kernel keeps whatever the plan runs.
    auto layerBytes = [&](bool flash, double& perLayer, double& averageLayer) {
        in.flashAttention = flash;
        perLayer = layerActivationBytes(arch, in);
        averageLayer = perLayer;
        if (arch.kind == ModelKind::EncoderDecoder) {
            LayerActivationInput dec = in;
            dec.crossAttention = true;
            dec.encoderSequence = s;
            const double decoderLayer = layerActivationBytes(arch, dec);
            const double enc = double(arch.numLayers);
            const double decLayers = layers - enc;
            averageLayer = (perLayer * enc + decoderLayer * decLayers) / layers;
            perLayer = std::max(perLayer, decoderLayer);
        }
    };
    layerBytes(true, a.perLayer[1], a.averageLayer[1]);
    if (!w.flashAttention)
        layerBytes(false, a.perLayer[0], a.averageLayer[0]);
    a.perOpKeptBytes = perOpCheckpointBytes(arch, in); // the same with either attention layout
    // A layer input at the compute width, or (Hugging Face QLoRA, estimate/common/hf_stack.h) the fp32 residual
    // stream of every layer after the first.
    a.layerInput = hfLayerInputBytes(w, cb, layers) * s * b * h / (cfg.sequenceParallel ? t : 1);
}

// Tokens of one of LitGPT's loss slices (framework.litgpt.loss_chunk_tokens of each sequence).
double litgptSliceTokens(double positions, double sequences, const MemoryDefaults& defaults)
{
    return std::min(positions, std::max(1.0, sequences) * defaults.litgptLossChunkTokens);
}

// The logits over the vocabulary and the loss of one micro-batch on one GPU (see plan-format:
// loss_implementation): `positions` tokens of `sequences` sequences, the vocabulary split over `t` tensor ranks.
double trainingLogitsBytes(const Architecture& arch, const Workload& w, const TrainingFramework& fw,
    const MemoryDefaults& defaults, double positions, double sequences, int t, double cb)
{
    const double vocab = double(arch.vocabSize);
    const double h = double(arch.hiddenSize);
    const double v = vocab / t;
    // Unsloth computes its training loss with its own fused chunked cross-entropy whatever loss_implementation says
    // (unsloth/models/llama.py CausalLM forward: unsloth_fused_ce_loss unless UNSLOTH_RETURN_LOGITS).
    if (fw.stack == TrainingStack::Unsloth)
        return unslothLossBytes(positions, v, h, cb, defaults.unslothLossChunkBytes);
    switch (w.lossImplementation) {
    case LossImplementation::Fp32Logits:
        if (fw.stack == TrainingStack::Megatron) {
            // vocab_parallel_cross_entropy: one fp32 copy, exp and softmax in place, saved for backward, whose
            // gradient is computed in it and cast back to the compute width for the output layer.
            return positions * v * (defaults.megatronLossBytesPerLogit + cb);
        }
        if (fw.stack == TrainingStack::Torchtitan && t > 1) {
            // torchtitan's loss parallel (on whenever TP is: parallel_dims.py loss_parallel_enabled @9dec370) runs the
            // cross-entropy on the vocabulary-sharded logits through PyTorch's decomposed ops
            // (torch/distributed/tensor/parallel/loss.py, read at pytorch@02eef6b8, later than the rows' 1963fc8):
            // forward holds the fp32 upcast, x - max and its exp beside the model's logits, the result taking the exp's
            // block; the fused nll + log-softmax backward computes (zeros_like(out) + exp(out)) * grad, so the saved
            // output, the scattered zeros, the exp and their sum are four fp32 tensors at once, the sum in a block of
            // its own (the freed one of the model's output, half the size, cannot hold it): 16 bytes reserved per logit
            // beside that output's.
            return positions * v * (cb + 16.0);
        }
        // The model's logits kept through backward, and at log-softmax's backward its fp32 output (saved),
        // the incoming gradient and the gradient it returns (the logits' fp32 gradient). Deleting the model's
        // output first (torchtitan's `del pred`) lowers the allocated peak but not the reserved one: the freed
        // block is cached and too small for the fp32 tensors allocated after it.
        return positions * v * (cb + 12.0);
    case LossImplementation::Bf16Logits:
        return positions * v * 4 * cb; // logits, log-softmax, two gradients at the compute width
    case LossImplementation::Chunked:
        if (fw.stack == TrainingStack::Litgpt) {
            // LitGPT (framework.litgpt.loss_chunk_tokens): the output layer on slices of each sequence, the
            // cross-entropy per slice at the compute width; every slice's logits and log-softmax output kept, one
            // slice's two gradients at a time in backward.
            const double slice = litgptSliceTokens(positions, sequences, defaults);
            return (positions + slice) * v * 2 * cb;
        }
        // torchtune: all chunks' logits kept at the compute width, one chunk upcast and differentiated at a time
        return positions * v * (cb + 12.0 / std::max(1.0, defaults.lossChunks));
    case LossImplementation::Compiled:
        // The cross-entropy on upcast logits under torch.compile (torchtitan's build_cross_entropy_loss compiles
        // `cross_entropy(pred.flatten(0, 1).float(), labels)` when training.compile is set, from bbb1b616e of
        // 2025-04-02, #1033; at 9dec370 the compile was commented out): Inductor fuses the upcast, log-softmax and nll
        // into per-row reductions forward (fp32 max and log-sum-exp, one per token) and one kernel backward that
        // recomputes the softmax from the saved 16-bit logits and writes their gradient at the compute width, so no
        // fp32 tensor of the logits' size exists: the model's logits and their gradient, two compute-width copies.
        return positions * v * 2 * cb;
    case LossImplementation::Fused: {
        // Liger fused linear cross-entropy: chunks of next_pow2(ceil(BT / ceil(V/H))) tokens
        const double chunk = std::min(positions, nextPowerOfTwo(std::ceil(positions / std::ceil(vocab / h))));
        return chunk * v * (cb + 4.0);
    }
    case LossImplementation::InPlace:
        // Transformer Engine's parallel_cross_entropy (what Megatron-Core runs with cross_entropy_loss_fusion and
        // cross_entropy_fusion_impl "te"): its Triton kernels compute in fp32 registers and write the logits'
        // gradient into the 16-bit logits tensor itself, which is all it saves for backward (TransformerEngine
        // v2.9 transformer_engine/pytorch/cross_entropy.py CrossEntropyFunction, triton/cross_entropy.py
        // cross_entropy_kernel; its fp32 loss and per-row max/sum buffers are a few floats per token).
        return positions * v * cb;
    }
    return 0.0;
}

// LitGPT's own shapes (litgpt_stack.h): its FSDP units (each Block a unit; the embedding, final norm and output
// layer the root unit), QLoRA's previous micro-batch's quantized inputs, and QLoRA's NF4 output layer dequantized on
// every slice of its chunked loss.
void litgptBasis(TrainingMemoryBasis& a, const ResolvedModel& model, const Workload& w, const Configuration& cfg,
    const MemoryDefaults& defaults, const TrainingFramework& fw, double tokens, double microBatch, int t)
{
    const Architecture& arch = model.architecture;
    a.litgptFsdp = litgptFsdpShape(model, w, cfg);
    a.litgptPreviousInputs = litgptPreviousQuantizedInputsBytes(arch, w, cfg, tokens, a.computeBytes);
    if (fw.stack != TrainingStack::Litgpt || w.lossImplementation != LossImplementation::Chunked)
        return;
    a.litgptHeadDequantized = litgptHeadDequantizedBytes(arch, w, a.computeBytes) / t;
    if (a.litgptHeadDequantized > 0) {
        const double vocab = double(arch.vocabSize);
        a.litgptHeadLogits = tokens * vocab / t * a.computeBytes;
        a.litgptHeadSliceLogits = litgptSliceTokens(tokens, microBatch, defaults) * vocab / t * a.computeBytes;
    }
}

// LitGPT QLoRA: the previous micro-batch's quantized linear inputs, held through this one's forward
// (litgpt_stack.h); with no checkpointing its peak is this forward's end. With its NF4 output layer dequantized on
// each loss slice, the peak is the largest of that forward's end, the loss and the head's first backward
// (litgptQuantizedHeadPeak): the previous inputs count where they outgrow the later moments, and what those hold
// beyond the loss's bytes goes into the buffers.
LitgptQuantizedHeadPeak litgptPeak(const TrainingMemoryBasis& a)
{
    if (a.litgptHeadDequantized > 0)
        return litgptQuantizedHeadPeak(
            a.litgptPreviousInputs, a.litgptHeadDequantized, a.litgptHeadLogits, a.litgptHeadSliceLogits, a.logits);
    LitgptQuantizedHeadPeak none;
    none.previousInputs = a.litgptPreviousInputs;
    return none;
}

// What a stated pipeline layout's ranks hold (statedRankShare's inputs).
struct StatedRankInputs {
    const Configuration& cfg;
    const Workload& w;
    const Architecture& arch;
    const ParameterCounts& c;
    double total = 0;
    double head = 0;
    double bodyPerLayer = 0;
    int t = 1;
    int pp = 1;
    int ep = 1;
    int mtpLayers = 0;
};

struct StatedRankShare {
    double modelShare = 0;
    double layersInStage = 0;
    double storing = 0;
};

// A stated pipeline layout (pipeline_stages.h): the rank holding the most parameters, and the most activations for
// its layers and MTP layers x the micro-batches it holds in flight over the first rank's (a.inFlight). None without.
std::optional<StatedRankShare> statedRankShare(const StatedRankInputs& in)
{
    const std::vector<PipelineRankLoad> stated = statedPipelineRanks(in.w.parallelism, in.pp, in.cfg.virtualStages);
    if (stated.empty())
        return std::nullopt;
    const int etp = trainingExpertTensor(in.t, in.ep);
    const double split = parameterSplitShare(in.arch, in.c, in.total, in.t, in.ep, etp);
    StatedRankShare share;
    for (std::size_t r = 0; r < stated.size(); ++r) {
        const PipelineRankLoad& rank = stated[r];
        const int mtp = in.mtpLayers > 0 ? rank.mtp : 0;
        const double own
            = ((rank.embedding ? in.c.embedding : 0.0) + rank.layers * in.bodyPerLayer + (rank.head ? in.head : 0.0))
                * split
            + mtpParametersPerGpu(in.c, mtp, in.t, rank.mtpEmbedding ? in.pp : 1, in.ep, etp);
        share.modelShare = std::max(share.modelShare, own);
        share.layersInStage = std::max(share.layersInStage, double(rank.layers));
        share.storing = std::max(share.storing, (rank.layers + mtp) * pipelineRankInFlightShare(in.cfg, int(r)));
    }
    return share;
}

// The logits and loss, torchtitan's gathered head input and ring attention's K,V buffers of trainingMemoryBasis.
void logitsAndRingBasis(TrainingMemoryBasis& a, const Architecture& arch, const Workload& w, const Configuration& cfg,
    const TrainingFramework& fw, const MemoryDefaults& defaults, int mtpLayers)
{
    const bool classification = w.objective == TrainingObjective::Classification;
    const int cp = std::max(1, cfg.context);
    const int t = std::max(1, cfg.tensor);
    const double s = positive(double(w.sequenceLength)) / cp;
    const double b = positive(double(cfg.microBatchSize));
    const double cb = a.computeBytes;
    // Logits over the vocabulary and the loss (see plan-format: loss_implementation).
    // Each MTP layer computes its own logits through the shared output layer and keeps them for its loss's backward
    // beside the model's (multi_token_prediction.py process_mtp_loss: one loss per MTP layer, added to the main
    // loss's graph).
    a.logits = classification ? b * double(std::max(1, arch.numClasses)) * 4 * 3
                              : trainingLogitsBytes(arch, w, fw, defaults, s * b, b, t, cb) * (1 + mtpLayers);
    // torchtitan's tensor parallel plan gathers the sequence-parallel final norm's output for the output layer
    // (ColwiseParallel(input_layouts=Shard(1)), parallelize_llama.py @9dec370), and the linear keeps that gathered
    // input for its weight gradient: the whole micro-batch at the compute width, t times the sharded copy counted.
    // (Megatron's column-parallel layer keeps its sequence shard and gathers it again in backward.)
    if (fw.stack == TrainingStack::Torchtitan && t > 1 && cfg.sequenceParallel && !classification)
        a.gatheredHeadInput = (t - 1) * a.layerInput;
    if (cp > 1) {
        // Ring attention's in-flight K,V chunks: the one being received while the current one is used.
        const AttentionShape at = attentionShape(arch);
        const double kvRanks = std::clamp(at.kvHeads, 1.0, double(t)); // key/value heads split, or replicated
        a.ringBuffers = 2.0 * s * b * at.kvHeads * (at.qkHeadDim + at.vHeadDim) * cb / kvRanks;
    }
}

} // namespace

double trainableParameters(const ResolvedModel& model, const Workload& workload, int pipeline)
{
    const auto& c = model.parameters;
    switch (workload.technique) {
    case Technique::Full:
        // The model's parameters and its trained MTP layers (with their embedding copy under a pipeline), unsplit:
        // the memory model's per-GPU share (trainingMemoryBasis) at tensor, expert and expert-tensor degree 1.
        return c.total + mtpParametersPerGpu(c, trainedMtpLayers(model.architecture, workload), 1, pipeline, 1, 1);
    case Technique::Lora:
    case Technique::Qlora:
        return loraParameters(model.architecture, workload.lora);
    case Technique::Freeze: {
        const double layers = positive(c.layerCount);
        const double body = std::max(0.0, c.total - c.embedding - c.outputHead);
        const double top = std::clamp(double(workload.freezeTrainableLayers), 0.0, layers);
        const double head
            = workload.objective == TrainingObjective::Classification ? c.classificationHead : c.outputHead;
        return body / layers * top + head;
    }
    }
    return c.total;
}

TrainingMemoryBasis trainingMemoryBasis(const ResolvedModel& model, const Workload& w, const Configuration& cfg,
    const MemoryDefaults& defaults, const TrainingFramework& fw)
{
    TrainingMemoryBasis a;
    a.model = &model;
    a.workload = &w;
    a.framework = fw;
    a.defaults = defaults;
    const Architecture& arch = model.architecture;
    const ParameterCounts& c = model.parameters;
    const double h = double(arch.hiddenSize);
    const double vocab = double(arch.vocabSize);
    // Context-parallel ranks hold the same weights and reduce their gradients together: ZeRO/FSDP shards over
    // data x context (torchtitan's dp_shard_cp mesh; Megatron's distributed optimizer over the DP-CP group).
    const int cp = std::max(1, cfg.context);
    a.shardRanks = std::max(1, cfg.data) * cp;
    const int n = a.shardRanks;
    const int t = std::max(1, cfg.tensor);
    const int pp = std::max(1, cfg.pipeline);
    const int ep = std::max(1, cfg.expert);
    const bool classification = w.objective == TrainingObjective::Classification;

    // Parameters of the model as trained: a classification head replaces the LM head; BERT's masked-LM head
    // (transform + LayerNorm + bias; decoder tied) replaces the pooler.
    double total = c.total;
    double head = c.outputHead;
    if (classification) {
        total += c.classificationHead - (arch.kind == ModelKind::Encoder ? 0.0 : c.outputHead);
        head = c.classificationHead;
    } else if (arch.kind == ModelKind::Encoder) {
        total += 2 * h + vocab;
    }
    // LitGPT trains a tied model with an output layer of its own (litgpt_stack.h).
    const double untiedHead = litgptUntiedHeadParameters(arch, w);
    total += untiedHead;
    head += untiedHead;

    // Model-parallel share of one GPU: pipeline stage (first stage holds the embedding, last the head; DualPipe two
    // stages, pipelineParameterCopies), tensor-parallel split, expert-parallel split of the routed experts.
    const double layers = positive(c.layerCount);
    double layersInStage = layersPerStage(layers, pp);
    const double body = std::max(0.0, total - c.embedding - head);
    const double bodyPerLayer = body / layers;
    // Trained MTP layers (workload.mtp_layers): their weights and, under a pipeline, an embedding copy (last stage).
    const int mtpLayers = trainedMtpLayers(arch, w);
    const int etp = trainingExpertTensor(t, ep);
    a.modelShare
        = parametersPerGpu(arch, c, total, head, t, pp, ep, etp, mtpParametersPerGpu(c, mtpLayers, t, pp, ep, etp));
    // DualPipeV's V puts the first and the last stage on rank 0: the embedding, the head and the MTP layers together.
    if (cfg.pipelineSchedule == PipelineSchedule::DualPipeV && pp > 1)
        a.modelShare
            = (c.embedding + layersInStage * bodyPerLayer + head) * parameterSplitShare(arch, c, total, t, ep, etp)
            + mtpParametersPerGpu(c, mtpLayers, t, pp, ep, etp);
    double statedStoring = -1;
    if (const auto stated = statedRankShare({ cfg, w, arch, c, total, head, bodyPerLayer, t, pp, ep, mtpLayers })) {
        a.modelShare = stated->modelShare;
        layersInStage = stated->layersInStage;
        statedStoring = stated->storing;
    }
    a.modelShare *= pipelineParameterCopies(cfg); // DualPipe holds two stage modules a rank
    // Trainable and frozen parameters on this GPU (a DualPipe micro-batch passes one stage: activations stay one's).
    a.lora = w.technique == Technique::Lora || w.technique == Technique::Qlora;
    a.freeze = w.technique == Technique::Freeze;
    const bool lora = a.lora;
    LoraCounts adapters;
    if (lora)
        adapters = loraCounts(arch, w.lora);
    double trainable = a.modelShare;
    // Without a pipeline the one stage also keeps each MTP layer's activations (a layer of the model's kind); with
    // one they are the last stage's, which holds one micro-batch in flight where the first (counted) holds the most.
    a.storingLayers = statedStoring >= 0 ? statedStoring : layersInStage + (pp == 1 ? mtpLayers : 0);
    if (lora) {
        trainable = pipelineParameterCopies(cfg) * adapters.parameters * (layersInStage / layers) / t;
    } else if (a.freeze) {
        a.storingLayers = std::clamp(double(w.freezeTrainableLayers), 0.0, layersInStage);
        trainable = pipelineParameterCopies(cfg) * (bodyPerLayer * a.storingLayers + head) / t;
    }
    if (!lora)
        trainable = std::min(trainable, a.modelShare);
    a.trainable = trainable;
    const double frozen = lora ? a.modelShare : std::max(0.0, a.modelShare - trainable);

    // Bytes per trainable parameter (mixed precision: ZeRO paper's 2 + 2 + 4 master + optimizer state).
    const double cb = bytesPerElement(w.precision);
    a.computeBytes = cb;
    a.mixedWithMaster = cb < 4 && fw.masterWeights;
    a.bytes = trainingStateBytes(c, w, cb, a.mixedWithMaster, lora ? &adapters : nullptr);
    const StateBytesPerParameter& bytes = a.bytes;

    // Frozen weights at their storage format (QLoRA: NF4 blocks, 16-bit embeddings/head/norms).
    const WeightFormat frozenFormat = frozenWeightFormat(w);
    // Read only where something is stored at that format (frozen weights, or LoRA's and freeze's gathered units):
    // full training of every weight, the planner's most common case, skips the format's table.
    const bool storedAtFormat = frozen > 0 || lora || a.freeze;
    const double storagePerParameter = storedAtFormat && c.total + untiedHead > 0
        ? weightStorageBytes(model, w, frozenFormat) / (c.total + untiedHead)
        : cb;
    a.frozenBytes = frozen > 0 ? frozen * storagePerParameter : 0.0;

    // ZeRO-3/FSDP gather buffer: the unit being computed plus the one prefetched, at the stored width; with expert
    // parallelism a layer gathers its local experts only.
    const double routedPerLayer = std::min(routedExpertParametersPerLayer(arch, c), std::max(0.0, c.perLayer));
    // (parametersPerGpu's split: the dense part over the tensor ranks, the experts over ep x expert tensor ranks.)
    const double localLayer
        = (c.perLayer - routedPerLayer) / t + routedPerLayer / (double(ep) * trainingExpertTensor(t, ep));
    a.unitParameters = std::max(localLayer, c.largestTensor / t);
    a.unitBytesPerParameter = lora || a.freeze ? storagePerParameter : bytes.weights;
    if (lora && frozenFormat != WeightFormat::Same)
        a.dequantizedBytes = c.largestTensor / t * cb; // one weight dequantized to the compute precision at a time

    // Expert parallelism: this GPU's routed experts are held by the t x n / ep ranks of its expert-data-parallel
    // group only (Megatron-Core's expert rank order etp-ep-edp-pp over a stage's tp x cp x dp ranks, expert tensor
    // parallel 1, the distributed optimizer sharding expert states over it; torchtitan's and NeMo AutoModel's FSDP of
    // the experts over dp_shard_mod_ep, EP borrowing TP when ETP is 1), so ZeRO/FSDP shards their states over
    // t x n / ep ranks and the dense ones over all n.
    const double routedShare = ep > 1 ? routedExpertFraction(arch, c, total) : 0.0;
    // The routed experts' share of this GPU's parameters (parametersPerGpu's split: dense over t, experts over ep).
    a.expertOfGpu = routedShare > 0 ? (routedShare / ep) / ((1 - routedShare) / t + routedShare / ep) : 0.0;
    a.expertGroup = std::max(1, t * n / ep);
    a.expertTrainable = lora ? 0.0 : trainable * a.expertOfGpu;

    // Activations: layers that backward passes through store theirs (freeze: only the trained top layers).
    trainingActivationBasis(a, arch, w, cfg, fw, defaults, layers);
    const double s = positive(double(w.sequenceLength)) / cp;
    const double b = positive(double(cfg.microBatchSize));
    if (lora) {
        // lora_A's outputs, and with dropout on its masks (and, before lora_A, the dropped inputs).
        const double dropout = loraDropoutProbability(w, defaults.loraDropout);
        // Unsloth's fused LoRA functions keep no lora_A output (recomputed from the saved input in backward).
        const double kept = unslothFusesAllAdapters(w, dropout) ? 0.0 : adapters.activationsPerToken * cb;
        const double perToken
            = kept + loraDropoutBytesPerToken(arch, w.lora, dropout, cb, w.framework == TrainingStack::Litgpt).stored;
        a.adapterActivations = perToken * (layersInStage / layers) * s * b;
    }
    // Unsloth's fused LoRA MLP backward (dense MLPs: fast_lora patches a layer's gate, up and down projections).
    if (arch.numExperts <= 1 && unslothFusedLora(w, loraDropoutProbability(w, defaults.loraDropout)).mlp)
        a.unslothBackwardBytes = unslothMlpBackwardBytes(
            s * b, h, double(arch.intermediateSize), cb, frozenFormat != WeightFormat::Same, double(t));
    a.inFlight = pipelineInFlightMicroBatches(cfg); // the first stage's, which holds the most

    litgptBasis(a, model, w, cfg, defaults, fw, s * b, b, t);

    logitsAndRingBasis(a, arch, w, cfg, fw, defaults, mtpLayers);
    return a;
}

namespace memory_detail
{

// The bytes per trained parameter of each state as the stack keeps them at this ZeRO stage.
static StateBytesPerParameter stackStateBytes(
    const TrainingMemoryBasis& a, int stage, bool megatronBuffer, double fp8Share)
{
    StateBytesPerParameter bytes = a.bytes;
    // DeepSpeed and FSDP step the optimizer on an fp32 gradient partition.
    bytes.fp32Gradients = stage >= 1 && a.mixedWithMaster ? 4 : 0;
    const TrainingStack stack = a.framework.stack;
    if (megatronBuffer) {
        // Whole; the distributed optimizer shards the rest. Its width is the gradient reduce's: fp32 by default,
        // bf16 under --grad-reduce-in-bf16 (grad_reduce_in_fp32 = False, workload.gradient_precision).
        const double reduceBytes = gradientReduceBytes(*a.workload, stage);
        bytes.gradients = reduceBytes >= 4 ? a.defaults.megatronMainGradientBytes : reduceBytes;
        bytes.fp32Gradients = 0;
    }
    // Megatron's FP8 parameters (--fp8-param-gather, fp8AllGatherShare): the blocks' linear weights are held as 1-byte
    // FP8 tensors in place of the 16-bit copy (Transformer Engine's fp8_model_init; the fp32 master in the distributed
    // optimizer); their transposed/columnwise FP8 copy for backward stays (the cast cache of bytes.weights).
    if (stack == TrainingStack::Megatron && fp8Share > 0 && !a.lora && !a.freeze)
        bytes.weights = std::max(0.0, bytes.weights - fp8Share * (a.computeBytes - 1.0));
    if ((stack == TrainingStack::Torchtitan || stack == TrainingStack::Hf) && stage >= 3 && a.mixedWithMaster) {
        // FSDP mixed precision: the shard is the fp32 master with its fp32 gradient; the 16-bit copy exists only
        // gathered (the gather buffer, or the stage's gathered weights inside a pipeline). A cached fp8 cast stays.
        bytes.weights = std::max(0.0, bytes.weights - a.computeBytes);
        bytes.gradients = a.defaults.fsdpGradientBytes;
        bytes.fp32Gradients = 0; // (the master, 4 bytes, is the sharded parameter itself)
    }
    return bytes;
}

MemoryBreakdown estimateTraining(const TrainingMemoryBasis& a, const Configuration& cfg)
{
    MemoryBreakdown m;
    const ResolvedModel& model = *a.model;
    const Workload& w = *a.workload;
    const ParameterCounts& c = model.parameters;
    const int n = a.shardRanks;
    const int stage = std::clamp(cfg.zeroStage, 0, 3);
    const bool lora = a.lora;

    // Megatron's contiguous gradient buffer is what its data-parallel reduce (or reduce-scatter) sends: no bucket copy.
    const bool megatronBuffer = a.framework.stack == TrainingStack::Megatron && stage <= 1 && a.mixedWithMaster;
    const double fp8Share = fp8AllGatherShare(c, w, cfg);
    const StateBytesPerParameter bytes = stackStateBytes(a, stage, megatronBuffer, fp8Share);

    // ZeRO-3/FSDP gather buffer. FP8 all-gather: the linear weights arrive in fp8 (one byte, no 16-bit copy beside
    // the cast), the rest in 16 bits.
    double unitBytesPerParameter = a.unitBytesPerParameter;
    if (fp8Share > 0 && !lora && !a.freeze)
        unitBytesPerParameter = fp8Share * 1.0 + (1 - fp8Share) * a.computeBytes;
    const double gather = a.defaults.zero3PrefetchUnits * a.unitParameters * unitBytesPerParameter + a.dequantizedBytes;

    // Inside a pipeline ZeRO-2/3 keeps the whole stage gathered (pipeline_schedule.h): no gather buffer beside it.
    const bool stageGathered = pipelineKeepsShardsGathered(cfg);
    ModelStates states = modelStatesPerGpu(
        a.trainable - a.expertTrainable, bytes, stage, n, cfg.offload, stage >= 3 && !stageGathered ? gather : 0.0);
    if (a.expertTrainable > 0) {
        const ModelStates expertStates
            = modelStatesPerGpu(a.expertTrainable, bytes, stage, a.expertGroup, cfg.offload, 0.0);
        states.weights += expertStates.weights;
        states.gradients += expertStates.gradients;
        states.optimizer += expertStates.optimizer;
        states.cpuBytes += expertStates.cpuBytes;
    }
    const double frozenExpertBytes = a.frozenBytes * a.expertOfGpu;
    double frozenOnGpu
        = stage >= 3 ? (a.frozenBytes - frozenExpertBytes) / n + frozenExpertBytes / a.expertGroup : a.frozenBytes;
    if (stage >= 3 && cfg.offload == Offload::OptimizerAndParameters) {
        states.cpuBytes += frozenOnGpu;
        frozenOnGpu = 0;
    }
    if (a.framework.pagedOptimizer) {
        states.cpuBytes += states.optimizer;
        states.optimizer = 0;
    }
    if (a.framework.optimizerInBackward) // each gradient is applied and freed as soon as it is produced
        states.gradients = std::min(states.gradients, c.largestTensor / std::max(1, cfg.tensor) * bytes.gradients);
    if (stage == 0 && n > 1 && !megatronBuffer) // DDP's buckets copy the gradients (gradient_as_bucket_view=False)
        states.buffers += a.trainable * bytes.gradients;
    const bool litgptFsdp = litgptFsdpShards(a.litgptFsdp, cfg) && !stageGathered;
    if (litgptFsdp) {
        // LitGPT's FSDP units (litgpt_stack.h): their flat parameters' gradients (unsharded while no_sync
        // accumulates, frozen parameters included beside LoRA's adapters) and the root unit kept unsharded beside the
        // Blocks in flight, in place of the generic gather buffer.
        states.gradients = litgptFsdpGradientBytes(a.litgptFsdp, bytes.gradients, n, cfg.gradientAccumulationSteps);
        states.buffers = litgptFsdpGatheredBytes(a.litgptFsdp, unitBytesPerParameter, n, a.defaults.zero3PrefetchUnits)
            + a.dequantizedBytes;
    }

    m.weights = states.weights + frozenOnGpu;
    m.gradients = states.gradients;
    m.optimizer = states.optimizer;
    m.buffers = states.buffers;
    if (stageGathered) {
        // The whole stage's weights at the gathered width, in place of the gather buffer, and its gradients
        // unsharded at the reduce precision (fp32 under mixed precision) until the last micro-batch's reduce-scatter.
        // Routed experts held by one rank of their expert-data-parallel group are not sharded, so they have no
        // second, gathered copy (NeMo AutoModel leaves them out of FSDP then).
        const double held = a.expertGroup > 1 ? 1.0 : 1.0 - a.expertOfGpu;
        const double accumulated = bytes.fp32Gradients > 0 ? bytes.fp32Gradients : bytes.gradients;
        m.weights += a.modelShare * held * unitBytesPerParameter;
        m.gradients += (a.trainable - (a.expertGroup > 1 ? 0.0 : a.expertTrainable)) * accumulated;
    }

    // Activations by checkpointing level (the basis holds one layer's, with and without the flash kernel's layout).
    const int flash = w.flashAttention || cfg.checkpointing == Checkpointing::Selective ? 1 : 0;
    const double perLayer = a.perLayer[flash];
    const double averageLayer = a.averageLayer[flash];
    double stored = 0;
    double recomputeWorkingSet = 0;
    double heldOnce = 0; // the part of `stored` a pipeline stage holds once, not per micro-batch in flight
    double offloadedCheckpoints = 0; // layer inputs Unsloth's checkpointing keeps in host memory, per micro-batch
    if (cfg.checkpointing == Checkpointing::Full) {
        // Inputs of the recomputed layers kept, one layer recomputed at a time; partial recompute keeps the
        // other layers' activations whole.
        const double share = recomputedLayerShare(model.architecture, w, cfg.checkpointing);
        recomputeWorkingSet = share > 0 ? perLayer : 0.0;
        heldOnce = recomputeWorkingSet;
        stored = a.storingLayers * (share * a.layerInput + (1 - share) * averageLayer) + recomputeWorkingSet;
        if (lora && share < 1)
            stored += (1 - share) * a.adapterActivations;
        if (share > 0 && unslothOffloadsCheckpoints(w, cfg.checkpointing)) {
            // Unsloth's offloaded checkpointing: the recomputed layers' inputs but the last one's go to pinned host
            // memory; the GPU keeps the last one and the reload buffers (unsloth_stack.h).
            const double recomputed = a.storingLayers * share;
            const double offloaded = std::max(0.0, recomputed - 1.0) * a.layerInput;
            const double reload = a.defaults.unslothOffloadGpuBuffers * a.layerInput;
            stored += reload - offloaded;
            heldOnce += reload;
            offloadedCheckpoints = offloaded;
        }
    } else if (cfg.checkpointing == Checkpointing::PerOp) {
        // Each layer keeps the policy's tensors; backward recomputes the rest of one layer at a time.
        const double kept = std::min(perLayer, a.perOpKeptBytes);
        heldOnce = perLayer - kept;
        stored = a.storingLayers * kept + heldOnce;
        if (lora)
            stored += a.adapterActivations;
    } else {
        stored = a.storingLayers * averageLayer;
        if (lora)
            stored += a.adapterActivations;
    }
    // One layer's backward allocations beside what it saved (Unsloth's fused MLP), held once, not beside the logits.
    stored += a.unslothBackwardBytes;
    heldOnce += a.unslothBackwardBytes;
    recomputeWorkingSet += a.unslothBackwardBytes;
    // Embedding output and the final norm's input and output (and the output layer's gathered input). The layers'
    // stored tensors are held for every micro-batch in flight, the recomputed layer's working set once: backward
    // recomputes one layer of one micro-batch at a time, whichever micro-batches a pipeline stage still holds.
    m.activations = (stored - heldOnce) * a.inFlight + heldOnce + 3 * a.layerInput + a.gatheredHeadInput;
    const LitgptQuantizedHeadPeak litgptHead = litgptPeak(a);
    m.activations += litgptHead.previousInputs;
    const double litgptHeadBuffers = litgptHead.beyondLoss;
    // The recomputed layer's working set and the loss's logits are never held together: the loss and the output
    // layer's backward free the logits, their gradients and the layer's input before backward recomputes the first
    // layer, whose tensors then take that memory (the caching allocator splits the freed blocks). The peak holds
    // the larger (LitGPT's dequantized output layer is beside the logits).
    m.activations -= std::min(recomputeWorkingSet, a.logits + a.gatheredHeadInput + litgptHeadBuffers);
    m.logits = a.logits;
    if (litgptFsdp) {
        // The root unit's gradient assembled at the end of backward (litgpt_stack.h), when the logits and the
        // layers' activations are freed: the peak holds the larger of the two moments.
        const double assembly = litgptRootGradientAssemblyBytes(a.litgptFsdp, bytes.gradients);
        m.gradients += std::max(0.0, assembly - m.logits - m.activations);
    }
    m.buffers += a.ringBuffers + litgptHeadBuffers;
    m.cpuBytes = states.cpuBytes + offloadedCheckpoints * a.inFlight;
    return m;
}

MemoryBreakdown estimateTraining(const ResolvedModel& model, const Workload& w, const Configuration& cfg,
    const MemoryDefaults& defaults, const TrainingFramework& fw)
{
    return estimateTraining(trainingMemoryBasis(model, w, cfg, defaults, fw), cfg);
}

} // namespace memory_detail

} // namespace gp
