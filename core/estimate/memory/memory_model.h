// Per-GPU memory for training and inference (see the breakdown in the plan-format spec).
#pragma once

#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/common/litgpt_stack.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/common/results.h"
#include "plan/plan.h"
#include "plan/precision.h"
#include "transformer/attention.h"
#include "transformer/model_library.h"

namespace gp
{

// Memory per GPU for a model, workload and configuration on the given hardware.
// Defaults not set in `assumptions` come from `catalog.defaults` (keys listed in memoryDefaultKeys()).
MemoryBreakdown estimateMemory(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const Assumptions& assumptions, const Catalog& catalog);

// Fraction of GPU memory kept free for a plan to count as fitting.
double headroomFraction(const Assumptions& assumptions, const Catalog& catalog);

// Trainable parameters, model-wide, for the workload's technique (LoRA adapters, freeze's top layers, or all). In
// full training they include the trained multi-token-prediction layers (workload.mtp_layers) and, with a
// `pipeline`, the last stage's copy of the input embedding they read: mtpParametersPerGpu's count unsplit, the
// memory model's.
double trainableParameters(const ResolvedModel& model, const Workload& workload, int pipeline);

// Catalog default keys the memory model reads.
const std::vector<std::string>& memoryDefaultKeys();

// How the training framework keeps its state, for what the plan file does not say. The defaults are the
// mixed-precision layout of the ZeRO paper / Megatron / DeepSpeed / HF Trainer.
struct TrainingFramework {
    bool masterWeights = true; // fp32 master copy when computing in 16/8 bits ("pure bf16" = false)
    bool optimizerInBackward = false; // step fused into backward: gradients freed per parameter (torchtune)
    // bitsandbytes paged optimizers keep their state in CUDA unified memory: outside PyTorch's allocator and
    // evicted to host RAM under pressure, so it is counted in cpuBytes, not in GPU memory.
    bool pagedOptimizer = false;
    // torch.compile's min-cut partitioner saves matmul outputs and recomputes pointwise ops in backward
    // (SwiGLU keeps gate and up, not silu(gate) and the product; GELU MLPs keep the pre-activation only).
    bool compiled = false;
    // Liger's kernels patched into a Hugging Face model (workload.liger_kernel; linkedin/Liger-Kernel
    // apply_liger_kernel_to_llama/_qwen2/..., swiglu on by default): LigerSiLUMulFunction saves the gate and up
    // projections only and recomputes silu(gate) in backward (ops/swiglu.py), as Megatron's fused SwiGLU does; its
    // RMSNorm keeps its 16-bit input and an fp32 reciprocal per row (ops/rms_norm.py), the count of every stack here.
    bool ligerKernel = false;
    // The training stack (workload.framework): where it keeps its states and how its loss holds the logits.
    // Auto: the ZeRO paper's mixed-precision layout (16-bit weights and gradients, fp32 master, fp32 moments and,
    // sharded from ZeRO-1, an fp32 gradient partition), which DeepSpeed keeps (deepspeed/runtime/zero/
    // stage_1_and_2.py: bit16 groups whole, single_partition_of_fp32_groups and its fp32 grad partition).
    // Megatron (distributed optimizer, ZeRO 0-1): bf16 parameters and an fp32 main-gradient buffer kept whole (bf16
    // forces fp32 gradient accumulation, megatron/training/arguments.py), fp32 main parameters and Adam moments
    // sharded over data x context: 6 + 12/d bytes per parameter (docs/source/api-guide/dist_optimizer.md); its
    // vocab-parallel cross-entropy holds one fp32 copy of the logits, softmaxed in place, as its only saved tensor
    // (megatron/core/tensor_parallel/cross_entropy.py). Torchtitan and Hugging Face (FSDP, ZeRO-3): the sharded
    // parameter is the fp32 master and its gradient is fp32 (FSDP2 MixedPrecisionPolicy: "FSDP keeps the
    // high-precision sharded parameters in memory anyway"), 16/d bytes per parameter plus the gathered 16-bit units;
    // under tensor parallelism torchtitan's loss parallel holds four fp32 tensors of the logits at once and its output
    // layer keeps its all-gathered input (memory_training.cpp).
    TrainingStack stack = TrainingStack::Auto;
};

// As estimateMemory, with an explicit framework.
MemoryBreakdown estimateMemory(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const Assumptions& assumptions, const Catalog& catalog,
    const TrainingFramework& framework);

// The memory model's defaults (plan assumptions over catalog.defaults over built-in fallbacks), resolved once.
// Reading them costs a few map lookups; the planner resolves them once per search instead of once per configuration.
// Every figure comes from resources/catalog/defaults-memory.json (each with its source) or the plan; the zeros
// are placeholders memoryDefaults() always overwrites.
struct MemoryDefaults {
    double cudaContextBytes = 0;
    double ncclBytes = 0;
    double allocatorFraction = 0;
    double lossChunks = 0;
    double zero3PrefetchUnits = 0;
    double offloadCpuMargin = 0;
    double megatronMainGradientBytes = 0; // framework.megatron.main_gradient_bytes
    double megatronLossBytesPerLogit = 0; // framework.megatron.loss_bytes_per_logit
    double fsdpGradientBytes = 0; // framework.fsdp.gradient_bytes
    double unslothLossChunkBytes = 0; // framework.unsloth.loss_chunk_target_gib, in bytes
    double unslothOffloadGpuBuffers = 0; // framework.unsloth.offload_gpu_buffers
    double litgptLossChunkTokens = 0; // framework.litgpt.loss_chunk_tokens
    double loraDropout = 0; // lora.dropout: workload.lora.dropout where the plan leaves it out
};
MemoryDefaults memoryDefaults(const Assumptions& assumptions, const Catalog& catalog);

// As estimateMemory, with the defaults already resolved and the framework taken from the workload's switches.
MemoryBreakdown estimateMemory(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const MemoryDefaults& defaults);

// Bytes per parameter of each model state, for the "model states only" formulas.
struct StateBytesPerParameter {
    double weights = 2; // compute copy
    double gradients = 2; // compute-precision gradients
    double fp32Gradients = 0; // fp32 gradient partition the optimizer steps on (DeepSpeed)
    double master = 4; // fp32 master weights
    double optimizer = 8; // optimizer state (Adam m and v)
};

// The part of one training configuration's memory per GPU that its saving levels (ZeRO stage, offload,
// checkpointing) leave as it is: the model's share of the GPU, its trainable and frozen parameters, one layer's
// activations, the logits, the ring buffers. Computed once, it serves every saving level of that split: the planner
// scores all levels of a split from one basis (estimateMemory below), and every other estimate builds its own.
// Its fields are the memory model's (memory_training.cpp); `model` and `workload` must outlive it.
struct TrainingMemoryBasis {
    const ResolvedModel* model = nullptr;
    const Workload* workload = nullptr;
    TrainingFramework framework;
    MemoryDefaults defaults;
    int shardRanks = 1; // data x context ranks ZeRO/FSDP shards over
    bool lora = false, freeze = false;
    double modelShare = 0; // parameters on this GPU (tensor x pipeline x expert share)
    double trainable = 0; // of them, trained
    double frozenBytes = 0; // the frozen ones at their storage format
    double computeBytes = 2; // bytes per element at the compute precision
    bool mixedWithMaster = false; // below fp32 with an fp32 master copy
    StateBytesPerParameter bytes; // without the fp32 gradient partition (it depends on the ZeRO stage)
    double unitParameters = 0; // one ZeRO-3 gather unit's parameters on this GPU
    double unitBytesPerParameter = 0; // ...at the width it is stored (not the fp8 all-gather's)
    double dequantizedBytes = 0; // LoRA over quantized weights: one weight dequantized at a time
    double expertOfGpu = 0; // routed experts' share of the GPU's parameters
    int expertGroup = 1; // ranks sharding the routed experts' states
    double expertTrainable = 0;
    double storingLayers = 0; // layers whose activations backward needs
    double perLayer[2] = { 0, 0 }; // one layer's stored activations (the largest), [1] with the flash kernel's layout
    double averageLayer[2] = { 0, 0 };
    double perOpKeptBytes = 0; // what per-op selective checkpointing keeps of a layer
    double layerInput = 0; // one layer's input (what full checkpointing keeps)
    double adapterActivations = 0; // LoRA's stored activations over the stage's layers
    double inFlight = 1; // micro-batches the first pipeline stage holds
    double logits = 0;
    double gatheredHeadInput = 0; // torchtitan TP: the output layer's all-gathered input beyond the sharded copy
    double ringBuffers = 0; // context parallelism's in-flight K,V chunks
    // Unsloth's fused LoRA MLP backward (unsloth_stack.h): what one layer's backward allocates beside its saved
    // tensors, held once, never beside the loss's logits.
    double unslothBackwardBytes = 0;
    // LitGPT's FSDP units (litgpt_stack.h), where its Block wrapping is what shards the model (data parallel only,
    // LoRA or full fine-tuning of 16-bit weights); all zero otherwise.
    LitgptFsdpShape litgptFsdp;
    // LitGPT QLoRA: the previous micro-batch's NF4 linear inputs bitsandbytes keeps (litgpt_stack.h).
    double litgptPreviousInputs = 0;
    // LitGPT QLoRA: its NF4 output layer dequantized (litgpt_stack.h), and the logits of the micro-batch and of one
    // 128-token slice at the compute width (the moments of its peak, litgptQuantizedHeadPeak); 0 otherwise.
    double litgptHeadDequantized = 0;
    double litgptHeadLogits = 0;
    double litgptHeadSliceLogits = 0;
};
// Built from `config`; its saving levels are not read. The framework is the workload's switches.
TrainingMemoryBasis trainingMemoryBasis(
    const ResolvedModel& model, const Workload& workload, const Configuration& config, const MemoryDefaults& defaults);
TrainingMemoryBasis trainingMemoryBasis(const ResolvedModel& model, const Workload& workload,
    const Configuration& config, const MemoryDefaults& defaults, const TrainingFramework& framework);
// estimateMemory of `config`, which differs from the configuration the basis was built from in its saving levels
// at most: the same figures as estimateMemory(model, workload, config, hardware, defaults).
MemoryBreakdown estimateMemory(const TrainingMemoryBasis& basis, const Configuration& config, const Hardware& hardware);

// Model states per GPU, ZeRO stage 0-3 over `dataParallel` GPUs (Rajbhandari et al. 2019, arXiv 1910.02054):
// stage 1 shards master + optimizer (+ fp32 gradients), 2 also gradients, 3 also weights.
struct ModelStates {
    double weights = 0, gradients = 0, optimizer = 0, buffers = 0;
    double cpuBytes = 0; // offloaded states of this GPU's shard
    double total() const { return weights + gradients + optimizer + buffers; }
};
ModelStates modelStatesPerGpu(double parameters, const StateBytesPerParameter& bytes, int zeroStage, int dataParallel,
    Offload offload = Offload::None, double gatherBufferBytes = 0);

// DeepSpeed's printed estimator layout (docs memory.rst): 16-bit weights and gradients kept whole below
// ZeRO-3, and 4 B fp32 gradients + 4 B master + 8 B Adam sharded; ZeRO-3 gathers 4 x largest layer.
ModelStates deepSpeedModelStates(double parameters, double largestLayer, int zeroStage, int gpus, Offload offload);

// Optimizer state bytes per trainable parameter (Adafactor: see optimizerStateBytes).
double optimizerBytesPerParameter(Optimizer optimizer);
// Whether `workload.bf16_optimizer_states` changes this optimizer's states: it keeps fp32 moments (8-bit
// optimizers are already below bf16; plain SGD keeps none).
bool bf16OptimizerStatesApply(Optimizer optimizer);

// Parameters `workload` stores at `format`: formatScopeParameters's (the blocks' linear layers), and under framework
// litgpt with bitsandbytes' formats (nf4, int8) the untied output layer too: LitGPT quantizes through Lightning's
// BitsandbytesPrecision (litgpt/finetune/lora.py@00af8b0d9b, lit-gpt@8641822), whose _convert_layers swaps every
// torch.nn.Linear not in ignore_modules (empty there), lm_head included; the embedding stays at the compute width.
double quantizedScopeParameters(const ResolvedModel& model, const Workload& workload, WeightFormat format);

// Bytes of all weights stored at `format` (quantized formats apply to quantizedScopeParameters only; embeddings,
// norms and, outside LitGPT, the head stay at the compute precision).
double weightStorageBytes(const ResolvedModel& model, WeightFormat format, Precision compute);
// The same at the plan's stored bits per weight (workload.weight_bits, storedBytesPerWeight).
double weightStorageBytes(const ResolvedModel& model, const Workload& workload, WeightFormat format);

// Weight bytes one GPU holds for inference and serving: the storage format's bytes of the GPU's share under
// tensor x pipeline x expert parallelism (vocabulary-parallel embedding and head).
double inferenceWeightBytesPerGpu(const ResolvedModel& model, const Workload& workload, const Configuration& config);

// Stored activation bytes of one transformer layer in a training forward (Korthikanti et al. 2022,
// arXiv 2205.05198, derived per stored tensor). `dropout`: the model trains with dropout masks.
struct LayerActivationInput {
    double sequence = 0;
    double microBatch = 1;
    double bytes = 2; // activation element size
    int tensorParallel = 1;
    bool sequenceParallel = false;
    bool flashAttention = true;
    bool dropout = false; // hidden dropout: masks after the attention and MLP blocks
    bool attentionDropout = false; // on the attention probabilities: kept only where the scores are materialized
    bool crossAttention = false; // decoder layer of an encoder-decoder
    double encoderSequence = 0; // keys/values length of the cross-attention
    bool recomputePointwise = false; // torch.compile: MLP activation outputs recomputed, not stored
    // Megatron-Core's fused bias-SwiGLU/GeLU (megatron/core/fusions/fused_bias_swiglu.py) keeps only its input, the
    // fc1 output; the fc2 linear keeps its own input.
    bool fusedActivation = false;
    // Bytes per element of the inputs the linear layers keep for their weight gradient (QKV, output projection, fc1,
    // fc2): Transformer Engine under FP8 keeps the FP8-cast input (1), everything else the activation (0 = bytes).
    double gemmInputBytes = 0;
    // Bytes per element of the MLP's gate and up outputs (fc1's) and of the activation of the gate (0 = bytes):
    // Hugging Face QLoRA's fp32 norms make them fp32 (estimate/common/hf_stack.h).
    double mlpIntermediateBytes = 0;
    // Megatron-Core's output-discarding recompute (CheckpointWithoutOutput; Megatron-LM@d98e8a64
    // transformer_config.py recompute_modules): "layernorm" drops the outputs of the norms that stand alone (the
    // MoE layer's pre-MLP norm, latent attention's input norm; gpt_layer_specs.py fuses the others into the next
    // linear), "moe_act" the routed experts' activation output (experts.py: fc2 saves the original input, then
    // dropped), "mla_up_proj" latent attention's up-projected queries, keys and values (multi_latent_attention.py).
    bool recomputeNormOutputs = false;
    bool recomputeExpertActivation = false;
    bool recomputeLatentUpProjection = false;
};
double layerActivationBytes(const Architecture& architecture, const LayerActivationInput& input);
// What one layer keeps under torchtitan's per-op selective checkpointing: the layer input, every other matmul
// output (wq, wv, w1, w2), the attention output and its fp32 log-sum-exp; pointwise results are recomputed.
double perOpCheckpointBytes(const Architecture& architecture, const LayerActivationInput& input);

// Longest sequence (tokens) for which the estimate fits in usable memory; 0 if none does.
std::int64_t maxSequenceLength(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const Assumptions& assumptions, const Catalog& catalog,
    std::int64_t upperBound = 1 << 20);
// Largest micro-batch (training) or batch (inference) that fits in usable memory; 0 if none does.
int maxMicroBatch(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const Assumptions& assumptions, const Catalog& catalog, int upperBound = 4096);
// Usable bytes of one GPU: its capacity x (1 - headroom). The capacity is what the driver reports
// (`usable_memory_mib`, below the vendor's "GB" figure: ECC and reserved memory are not the program's) when the
// catalog sources it, else the vendor figure. The one home of this rule: the estimator, the search and the advice
// call it.
double usableMemoryBytes(const Hardware& hardware, double headroom);
double usableMemoryBytes(const Hardware& hardware, const Assumptions& assumptions, const Catalog& catalog);

} // namespace gp
