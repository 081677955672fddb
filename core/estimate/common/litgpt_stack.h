// LitGPT (`framework: "litgpt"`): how its fine-tuning scripts keep the model's states, each read from its code at
// the commits its published runs cite (Lightning-AI/litgpt@8641822 finetune/lora.py, @5895df1004
// litgpt/finetune/full.py and lora.py), from Lightning Fabric's FSDPStrategy they run on more than one GPU
// (Lightning-AI/pytorch-lightning@71aed751f7f0ca8422ddca256e602099070f490b, the commit lit-gpt 8641822 pins,
// src/lightning/fabric/strategies/fsdp.py) and from PyTorch 2.1's FullyShardedDataParallel under it.
#pragma once

#include "estimate/common/results.h"
#include "plan/plan.h"
#include "plan/plan_enums.h"
#include "transformer/model_library.h"
#include "transformer/training_flops.h"

namespace gp
{

// Parameters LitGPT's GPT adds to a model whose output layer shares the embedding's weight: its GPT holds
// `lm_head` and `transformer.wte` as two parameters at every cited commit (litgpt/model.py, no tying outside
// pretrain.py's train.tie_embeddings), and its checkpoint converter copies the embedding into `lm_head.weight` when
// the Hugging Face checkpoint has none (litgpt/scripts/convert_hf_checkpoint.py), so a tied model is trained with a
// head of its own: hidden x vocabulary. 0 for other stacks, untied models, encoders and classification heads.
double litgptUntiedHeadParameters(const Architecture& architecture, const Workload& workload);

// LitGPT on several GPUs: FSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block},
// limit_all_gathers=True) with Fabric's default use_orig_params=True, each Block one FSDP unit and the rest (the
// embedding, the final norm, the output layer) the root unit. Its training loop accumulates under
// `fabric.no_backward_sync(model, enabled=is_accumulating)`, FSDP's no_sync().
struct LitgptFsdpShape {
    // Parameters of the units whose flat parameter holds a trainable one. With use_orig_params a unit may mix frozen
    // and trainable parameters (LoRA's adapters inside a Block), and its flat parameter then takes a gradient as a
    // whole: FullyShardedDataParallel's docstring (PyTorch 2.1): "the gradient memory usage will be higher than
    // expected (namely, equivalent to not freezing those parameters)".
    double gradientUnitParameters = 0;
    double rootParameters = 0; // the root unit's: what is not in a Block
    bool rootTakesGradient = false; // the root's flat parameter holds a trainable parameter (full, lora_head)
    double blockParameters = 0; // one Block unit's (the largest)
    // LoRA only: the Blocks' (the root's) flat parameters hold an adapter, so their frozen weights take gradients
    // too. With use_orig_params FSDP hands each module its parameters as views of the unsharded flat parameter
    // (PyTorch 2.1 torch/distributed/fsdp/_flat_param.py _use_unsharded_views over _get_unflat_views), and a flat
    // parameter holding any trainable parameter requires grad as a whole, so every view does: autograd computes the
    // frozen matrices' weight gradients (full fine-tuning's weight-gradient matmuls) and FSDP's post-backward hook
    // (_runtime_utils.py _post_backward_hook -> _reduce_grad) reduce-scatters the unit's whole flat gradient.
    bool frozenBlocksTakeGradient = false;
    bool frozenRootTakesGradient = false;
};

// The units' shape where LitGPT's FSDP shards the model: LitGPT on more than one data x context rank, no tensor,
// pipeline or expert split, LoRA or full fine-tuning (not freeze) of unquantized weights, a decoder's causal LM
// objective; ZeRO stage (FSDP's FULL_SHARD) and offload are the caller's to check. All zero otherwise.
LitgptFsdpShape litgptFsdpShape(const ResolvedModel& model, const Workload& workload, const Configuration& config);

// Whether `shape`'s units shard the states under `config`: FSDP's FULL_SHARD (ZeRO stage 3), no CPU offload.
bool litgptFsdpShards(const LitgptFsdpShape& shape, const Configuration& config);

// Per-token forward FLOPs of the frozen weights whose weight gradients LitGPT's FSDP computes anyway (LoRA with
// `shape`'s frozen*TakeGradient): the Blocks' matmuls, the output layer's where the root holds an adapter. Each
// weight gradient costs what its forward did. Work the GPUs do, not model FLOPs: MFU's numerator stays LoRA's.
struct LitgptFrozenWeightGradients {
    double matmul = 0; // of the Blocks' linear layers
    double mlp = 0; // of `matmul`, the MLPs'
    double experts = 0; // of `matmul`, the routed experts'
    double head = 0; // of the output layer
    double total() const { return matmul + head; }
};
LitgptFrozenWeightGradients litgptFrozenWeightGradientFlops(const LitgptFsdpShape& shape, const ForwardFlops& forward);

// Bytes the flat parameters' gradients hold at the peak, at `gradientBytes` per element over `shardRanks` ranks.
// Accumulating (`accumulationSteps` > 1), no_sync keeps every unit's gradient unsharded until the last
// micro-batch's reduce-scatter (no_sync's docstring: "FSDP will accumulate the full model gradients (instead of
// gradient shards) until the eventual sync"), beside the next micro-batch's activations; without accumulation each
// unit's gradient is reduce-scattered to its shard.
double litgptFsdpGradientBytes(
    const LitgptFsdpShape& shape, double gradientBytes, int shardRanks, int accumulationSteps);

// Bytes the root unit's gradient takes to assemble at the end of backward, beside the gradients already held: FSDP
// (PyTorch 2.1 _flat_param.py _get_unflat_views_unaligned/_aligned) hands the module its parameters as
// torch.split views of the unsharded flat parameter, so autograd's split backward waits for every view's gradient
// (the output layer's from the first backward op, the embedding's dense one from the last) and concatenates them
// into a new flat gradient before accumulating it: the views' gradients and their concatenation, two root-sized
// tensors at `gradientBytes`. The logits and the layers' activations are gone by then. 0 where the root takes none.
double litgptRootGradientAssemblyBytes(const LitgptFsdpShape& shape, double gradientBytes);

// Unsharded parameters held beside the shards at the peak, at `bytesPerParameter`: the root unit's whole
// parameters beyond its own shard (PyTorch 2.1 _runtime_utils.py _post_forward_reshard never frees the root's
// unsharded parameters after forward, "with the intention that they are immediately used for backward"), and
// `inFlightUnits` Block units (limit_all_gathers: the one computing and the one prefetched).
double litgptFsdpGatheredBytes(
    const LitgptFsdpShape& shape, double bytesPerParameter, int shardRanks, double inFlightUnits);

// Bytes of the previous micro-batch's inputs to the NF4 linear layers, alive through the next micro-batch's forward.
// bitsandbytes before 0.43.2 (lit-gpt@8641822 ran 0.41.1; litgpt@00af8b0d9b pins bitsandbytes==0.42.0 in
// pyproject.toml) keeps each quantized linear's input on the autograd context, `ctx.tensors = (A, B)` in
// MatMul4Bit.forward (bitsandbytes 0.42.0 bitsandbytes/autograd/_functions.py:522-525), not through
// save_for_backward: backward's release of the saved tensors does not free it, only the graph's destruction does
// (bitsandbytes PR #1270, 0.43.2, stored None in its place). LitGPT's loop keeps the graph: `logits` (the output
// layer's chunks, whose grad_fn reaches every layer) stays bound after `fabric.backward` until the next iteration's
// `logits = model(input_ids, lm_head_chunk_size=128)` returns (finetune/lora.py train() @8641822, litgpt/finetune/
// lora.py fit() @00af8b0d9b). So the next forward runs beside one micro-batch's inputs of every Block's quantized
// linears: the attention's QKV input (the first norm's output), its output projection's (heads x value dim), the
// MLP's fc input (the second norm's output, one tensor for fc_1 and fc_2) and its projection's (intermediate), and
// the output layer's (the final norm's output), at the compute width. Counted for framework litgpt, technique
// qlora over NF4 and no checkpointing (LitGPT's one-GPU fine-tuning; under checkpointing the kept inputs are not
// modelled), dense MLPs; 0 otherwise. LitGPT requires bitsandbytes >= 0.44 from d2ed13c3 (2024-12-28): runs after it
// keep none. A block whose attention and MLP share one norm (architecture.shared_attention_norm: Phi, Falcon-7B)
// feeds them one tensor, counted once.
double litgptPreviousQuantizedInputsBytes(const Architecture& architecture, const Workload& workload,
    const Configuration& config, double tokens, double computeBytes);

// Bytes LitGPT's NF4 output layer dequantizes at once. Lightning's BitsandbytesPrecision quantizes every weight from
// a float16 copy (`weight.contiguous().to(device=..., dtype=torch.half)` before bnb.functional.quantize_4bit in
// _Linear4bit.quantize, Lightning-AI/pytorch-lightning@71aed751 and @f5d82504 (the lightning==2.4.0.dev20240728 that
// litgpt@00af8b0d9b pins) src/lightning/fabric/plugins/precision/bitsandbytes.py), so the quant state's dtype is
// float16, and bitsandbytes' MatMul4Bit computes `linear(A, F.dequantize_4bit(B, quant_state).to(A.dtype).t())`
// forward and `matmul(grad_output, F.dequantize_4bit(B, ctx.state).to(grad_output.dtype).t())` backward
// (bitsandbytes 0.42.0 bitsandbytes/autograd/_functions.py:516 and :546; dequantize_4bit allocates its output at
// quant_state.dtype, functional.py:1026): the float16 weight and its copy at the compute width are alive together
// during the cast (one copy under fp16 compute). The output layer (vocabulary x hidden) is the largest such weight
// and runs once per 128-token slice, forward and backward. Counted for framework litgpt, technique qlora over NF4, a
// decoder's causal LM objective; 0 otherwise.
double litgptHeadDequantizedBytes(const Architecture& architecture, const Workload& workload, double computeBytes);

// Where LitGPT QLoRA's peak falls around its NF4 output layer (chunked loss), as bytes beyond the layers' stored
// activations. Three moments: the last slice's forward holds the previous micro-batch's quantized inputs
// (`previousInputs`) and its logits (the loop's `logits`, rebound only when `model(...)` returns: `logits` bytes),
// this micro-batch's logits but the last slice (`logits` less `sliceLogits`) and the dequantized head; the loss
// (`loss`, the chunked loss's bytes) holds every slice's logits and log-softmax output; the head's first backward
// holds the logits, their gradients (autograd runs every slice's log-softmax backward before any MatMul4Bit node:
// those were created later, and its ready queue takes the highest sequence number first) and the dequantized head.
// The peak is the largest moment, not their sum. `previousInputs`: what the peak shows of the forward's end beyond
// the two later moments; `beyondLoss`: what the later moments hold beyond `loss`.
struct LitgptQuantizedHeadPeak {
    double previousInputs = 0;
    double beyondLoss = 0;
};
LitgptQuantizedHeadPeak litgptQuantizedHeadPeak(
    double previousInputs, double dequantizedHead, double logits, double sliceLogits, double loss);

} // namespace gp
