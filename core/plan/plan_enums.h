// The plan's enumerations that more than one section uses (the workload's choices, the model's kinds); each
// section's own enumerations sit beside its struct. Spec names: plan_enum_tables.h; words: the window's CoreText.
#pragma once

namespace gp
{

enum class ModelKind { Decoder, Encoder, EncoderDecoder };
enum class MlpKind { Gated, Standard };
enum class Mode { Training, Inference, Serving, Rl };
enum class TrainingObjective { LanguageModeling, Classification };
enum class Technique { Full, Lora, Qlora, Freeze };
enum class Precision { Fp32, Tf32, Fp16, Bf16, Fp8 };
enum class WeightFormat { Same, Fp8, Int8, Int4, Nf4, Mxfp4, Fp8Block };
enum class Optimizer { AdamW, AdamW8bit, Sgd, SgdMomentum, Adafactor, Lion };
enum class Checkpointing { None, Selective, Full, PerOp };
enum class LossImplementation { Fp32Logits, Bf16Logits, Chunked, Fused, InPlace, Compiled };
// The fused attention kernel a framework runs (with flash_attention on): PyTorch SDPA's flash backend
// (FlashAttention-2), cuDNN's fused attention (Transformer Engine, SDPA's cuDNN backend) or FlashAttention-3.
enum class AttentionKernel { FlashAttention2, Cudnn, FlashAttention3 };
// The training stack the team runs (workload.framework): how it keeps and shards the model states and holds the
// logits. Auto is the generic mixed-precision layout of the ZeRO paper (what the plan's other switches say).
// Automodel is NVIDIA NeMo AutoModel: FSDP2 (with TP, CP, EP, PP) over Hugging Face or its own model classes.
enum class TrainingStack { Auto, Megatron, Torchtitan, Deepspeed, Hf, Automodel, Unsloth, Litgpt };
// The width gradients are accumulated and data-parallel reduced at (workload.gradient_precision): Auto is the stack's
// default (gradientReduceBytes in precision.h), Fp32 and Bf16 what a launch states (Megatron --grad-reduce-in-bf16).
enum class GradientPrecision { Auto, Fp32, Bf16 };
// The width of the optimizer's master copy of the weights where master_weights is on
// (workload.master_weights_precision): fp32, or 16 bits as Megatron's --main-params-dtype fp16 (precision-aware
// optimizer) and Apex's DistributedFusedAdam with dtype bf16 keep it.
enum class MasterWeightsPrecision { Fp32, Bf16, Fp16 };
// What the stack captures as CUDA graphs in training (workload.cuda_graphs): nothing, each layer (Megatron-Core's
// --cuda-graph-impl local or transformer_engine), or the whole forward-backward iteration (full_iteration).
enum class CudaGraphScope { None, PerLayer, FullIteration };
// How an MoE layer sends tokens to the expert-parallel ranks (workload.moe_token_dispatcher): Auto is each token sent
// once per rank and node that holds one of its experts (DeepEP's dispatch), as Flex; AllToAll one copy per routed
// expert (Megatron-Core's alltoall dispatcher); AllGather every token to every rank of the group (its allgather one).
enum class MoeDispatcher { Auto, AllToAll, AllGather, Flex };
// The flex dispatcher's kernels (workload.moe_flex_dispatcher_backend; Megatron-Core's moe_flex_dispatcher_backend):
// DeepEP (its default) or NVIDIA's HybridEP. They send the same deduplicated tokens; what the plan reads from the
// backend is how many SMs its kernels hold by default (moeA2aComputeShareBeside).
enum class MoeFlexBackend { DeepEp, HybridEp };
enum class Offload { None, Optimizer, OptimizerAndParameters };
// Pipeline schedules: 1F1B (PipeDream-Flush), interleaved 1F1B over virtual stages (Narayanan et al. 2021),
// zero-bubble (Qi et al. 2023, ZB-H1/ZB-V: backward split into input and weight gradients), DualPipe (DeepSeek-V3,
// arXiv:2412.19437 Sec. 3.2.1: two stages per rank, micro-batches from both ends, forward and backward chunks
// overlapped in pairs) and DualPipeV (its "cut-in-half" V: 2 p stages over p ranks; deepseek-ai/DualPipe@3da1bbea).
enum class PipelineSchedule { OneFOneB, Interleaved, ZeroBubble, DualPipe, DualPipeV };
// What a pipeline's layer split counts beside the transformer layers (workload.parallelism.pipeline_split): Layers
// splits them alone, leaving the embedding on the first stage and the output layer and loss on the last (Megatron's
// default); the others count the embedding, the loss or both as one layer each (Megatron-LM's
// --account-for-embedding-in-pipeline-split, --account-for-loss-in-pipeline-split).
enum class PipelineSplit { Layers, Embedding, Loss, EmbeddingAndLoss };
// How FP8 training scales its casts (torchao float8 / mx_formats recipes; DeepSeek-V3's 1x128 / 128x128 blocks).
// Nvfp4: the MLP GEMMs in NVFP4 (16-element blocks, E4M3 block scales, FP32 tensor scale; Transformer Engine's
// NVFP4BlockScaling as NVIDIA's MaxText recipe applies it), the attention projections in tensorwise FP8.
enum class Fp8Recipe { Tensorwise, Rowwise, Blockwise, Mxfp8, Nvfp4, Delayed };
// Where LoRA's dropout sits (workload.lora.dropout_position): Pre drops the adapter's input before lora_A (peft
// tuners/lora/layer.py `lora_B(lora_A(dropout(x)))`, Megatron-Bridge's and torchtune's default), Post the adapter's
// output after lora_B (NeMo AutoModel's default, components/_peft/lora.py dropout_position "post").
enum class LoraDropoutPosition { Pre, Post };
// Q8_0 and Q4_0: llama.cpp's block-quantized cache types (--cache-type-k/v q8_0, q4_0), ggml's block layouts. The
// others after them are engines' own layouts, named as the engine names them (plan/kv_layouts.h: bytes and who runs
// each): vLLM's per-token-head scaled int8/fp8, its DeepSeek MLA records fp8_ds_mla and nvfp4_ds_mla, NVFP4 (vLLM,
// TensorRT-LLM) and SGLang's fp4_e2m1.
enum class KvPrecision {
    Fp32,
    Fp16,
    Bf16,
    Fp8,
    Int8,
    Int4,
    Q8_0,
    Q4_0,
    Int8PerTokenHead,
    Fp8PerTokenHead,
    Fp8DsMla,
    Nvfp4DsMla,
    Nvfp4,
    Fp4E2m1
};
enum class SearchObjective { Cost, Time, CostUnderDeadline, TimeUnderBudget };
// The objectives that rank by time (the others rank by cost).
inline bool isTimeObjective(SearchObjective objective)
{
    return objective == SearchObjective::Time || objective == SearchObjective::TimeUnderBudget;
}

} // namespace gp
