// PEFT's LoRA layer under Hugging Face training (`framework: "hf"`): the elementwise kernels each adapted module runs
// around its two adapter GEMMs, per token, as peft's lora.Linear.forward writes them (huggingface/peft@b28a09c4
// src/peft/tuners/lora/layer.py): `x = self._cast_input_dtype(x, lora_A.weight.dtype)`, `result = result +
// lora_B(lora_A(dropout(x))) * scaling`, `result = result.to(torch_result_dtype)`. get_peft_model keeps the adapters
// in fp32 over a 16-bit model (autocast_adapter_dtype defaults to True: float16 and bfloat16 adapter weights are cast
// to float32), so the input is copied to fp32, the adapter's output scaled, added and cast back as separate kernels,
// and autograd runs each one's backward. The dropout's own kernels are lora_dropout.h's. LitGPT (`framework:
// "litgpt"`) runs the same scaling and sum at the model's width (Lightning-AI/litgpt@00af8b0d9b litgpt/lora.py).
#pragma once

#include "plan/plan.h"

namespace gp
{

// Bytes read and written per token over all of the model's layers (MoE: the experts a token passes through), forward
// and backward; `computeBytes` the activations' width, `adapterBytes` the adapters' (the cast kernels run only where
// the two differ). All 0 without adapters.
struct LoraAdapterPassBytes {
    double forward = 0;
    double backward = 0;
};
LoraAdapterPassBytes loraAdapterPassBytesPerToken(
    const Architecture& architecture, const LoraSpec& lora, double computeBytes, double adapterBytes);

// The adapters' width under `workload`: fp32 over a 16-bit model under framework hf (PEFT), the compute width under
// framework litgpt (its LoRALinear at the model's dtype: the scaling and the sum, no casts); 0 without LoRA or QLoRA
// or under the other stacks (the passes are then not counted).
double peftAdapterBytes(const Workload& workload);

} // namespace gp
