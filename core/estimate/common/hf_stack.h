// Hugging Face QLoRA (`framework: "hf"`, `technique: "qlora"` over bitsandbytes NF4): the widths at which its layers
// hold the residual stream and the MLP's intermediates, read from the code of the Unsloth tables' date (December
// 2024: huggingface/trl@4c71daf4 (v0.12.2), huggingface/peft v0.13.2, bitsandbytes 0.45.0, transformers 4.47).
//
// TRL's SFTTrainer, given a PEFT config and a model loaded in 4 bits, calls PEFT's prepare_model_for_kbit_training
// (trl/trainer/sft_trainer.py:245-260 @4c71daf4), which casts every 16-bit parameter that is not quantized to fp32
// (peft v0.13.2 src/peft/utils/other.py:126-132: the embedding, the output layer and the RMSNorm weights); with
// `bf16=True` it then casts the embedding and output layer back to bf16 but leaves every module named "norm" in fp32
// (trl/trainer/utils.py:842-849 peft_module_casting_to_bf16). LlamaRMSNorm returns `self.weight *
// hidden_states.to(input_dtype)`, an fp32 weight times a 16-bit tensor: an fp32 output (a mul is no autocast op).
// bitsandbytes' Linear4bit computes in its compute dtype and returns `.to(inp_dtype)`, the input's dtype (bitsandbytes
// 0.45.0 bitsandbytes/nn/modules.py:478-484): every projection fed by a norm (q, k, v, gate, up) returns fp32, and so
// does down_proj on the fp32 SwiGLU product; the residual sum with the fp32 MLP output is fp32 from the first layer's
// MLP on. So under gradient checkpointing every layer input after the first is kept in fp32 (4 bytes, not the compute
// width), and a layer keeps its gate and up outputs and the activation of the gate in fp32 (silu saves its input, the
// product saves both factors). The attention's q, k and v are cast back to 16 bits for FlashAttention 2, and the
// adapters' inputs are cast to 16 bits by autocast (what they keep stays at the compute width).
#pragma once

#include "plan/plan.h"

namespace gp
{

// True where `workload` is Hugging Face's QLoRA through PEFT's k-bit preparation: framework hf, technique qlora, NF4
// frozen weights (bitsandbytes Linear4bit), bf16 (TRL casts the embedding and output layer back to bf16 under
// `bf16=True` only; fp16 runs keep them in fp32, not modelled).
bool hfQloraFp32Norms(const Workload& workload);

// Bytes per element of a layer input averaged over `layers` layers: the first at `computeBytes` (the bf16
// embedding's output), the others at 4 where hfQloraFp32Norms; `computeBytes` otherwise.
double hfLayerInputBytes(const Workload& workload, double computeBytes, double layers);

// Bytes per element of the MLP's gate and up outputs and of the gate's activation: 4 where hfQloraFp32Norms, 0 (the
// compute width) otherwise.
double hfMlpIntermediateBytes(const Workload& workload);

} // namespace gp
