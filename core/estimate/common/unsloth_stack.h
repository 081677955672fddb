// Unsloth (`framework: "unsloth"`): the mechanisms by which its training differs from Hugging Face's, each read from
// its code (unslothai/unsloth@015bdef0d94a241bcd94eec7a405b1700632180d, unslothai/unsloth-zoo@
// ce232d6cef9cb8cd34cd3727906131622177436b). Unsloth trains through TRL's SFTTrainer (a transformers Trainer), so
// its states and optimizer are Hugging Face's; what it changes is how a layer keeps its activations, where
// checkpointed layer inputs live and how the loss holds the logits.
#pragma once

#include "plan/plan.h"

namespace gp
{

// The LoRA groups of a layer Unsloth runs as its own autograd functions (unsloth/kernels/fast_lora.py), which
// FastLlamaModel.patch_peft_model installs only with lora_dropout 0 and all of a group's projections adapted:
// LoRA_QKV (q_proj, k_proj, v_proj) saves the layer's normed input X only, LoRA_W (o_proj) its input X, LoRA_MLP
// (gate_proj, up_proj, down_proj) X and the gate and up outputs e, g: silu(e) * g is recomputed by the SwiGLU
// backward kernel, and no adapter's X @ A is kept (each recomputed from X in backward). The adapters are cast to the
// compute dtype and added by `addmm_` inside the base GEMM's output: no separate cast, scale or sum kernels.
struct UnslothFusedLora {
    bool qkv = false;
    bool o = false;
    bool mlp = false;
};
// Which groups `workload` (framework unsloth, LoRA or QLoRA, dropout `dropout`) fuses; none otherwise.
UnslothFusedLora unslothFusedLora(const Workload& workload, double dropout);
// True where every adapted module of `workload` sits in a fused group (its lora_A outputs are then not kept).
bool unslothFusesAllAdapters(const Workload& workload, double dropout);

// Bytes LoRA_MLP.backward holds beside the layer's saved tensors for `tokens` tokens: DW, the down projection's
// input gradient (tokens x `intermediate`; the SwiGLU backward then writes h, df and de into DW, e and g in place, and
// dX into X), beside the incoming gradient dY (tokens x `hidden`, the residual branch's gradient too: an add passes
// it on uncopied), at `computeBytes`; with quantized base weights one dequantized projection (fast_dequantize,
// intermediate x hidden) at a time; the adapters' rank-wide products are left out. Divided by `tensorRanks`.
double unslothMlpBackwardBytes(
    double tokens, double hidden, double intermediate, double computeBytes, bool dequantized, double tensorRanks);

// True where Unsloth's offloaded checkpointing runs: framework unsloth with full checkpointing (its notebooks'
// `use_gradient_checkpointing = "unsloth"`, get_peft_model's default). unsloth_zoo/gradient_checkpointing.py
// UnslothCheckpointFunction copies each checkpointed layer's input hidden states to a pinned host buffer on a side
// stream in forward (`x.copy_(arg, non_blocking = True)`) and back into a GPU buffer in backward; the last layer's
// input stays on the GPU (its backward follows at once), and the GPU holds one or two reload buffers of one layer
// input's size (double buffering, GPU_BUFFERS_B, when more than 512 MiB are free after the first step). The copies
// cross the host link (communication_model.cpp) and hide behind compute as other offload copies do.
bool unslothOffloadsCheckpoints(const Workload& workload, Checkpointing checkpointing);

// Bytes Unsloth's fused chunked cross-entropy (unsloth_zoo/fused_losses/cross_entropy_loss.py UnslothFusedLoss,
// what unsloth/models/llama.py calls in training) holds for `positions` tokens over a vocabulary of `vocab`: the
// gradient of the final hidden states, computed chunk by chunk in forward and saved for backward (positions x
// `hidden` at `computeBytes`), beside one chunk's logits at the compute width and their fp32 upcast. get_chunk_size
// splits the tokens into the fewest chunks (1, else a multiple of 4) whose fp32 logits fit `chunkTargetBytes`
// (min(half the free memory, 4 GiB)); the logits of the whole sequence never exist.
double unslothLossBytes(double positions, double vocab, double hidden, double computeBytes, double chunkTargetBytes);

} // namespace gp
