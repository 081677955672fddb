// LoRA dropout (workload.lora.dropout, dropout_position): what autograd keeps and what the dropout kernels move per
// token when it is on. The memory model (stored activations) and the time model (memory-bound passes) read these.
//
// Above 0 every adapted module runs one dropout (PyTorch's fused native_dropout on CUDA, aten/src/ATen/native/
// Dropout.cpp): forward it reads its input and writes its output and a one-byte mask (torch.bool), and autograd keeps
// the mask only (native_dropout_backward(grad, mask, scale)); backward reads the output's gradient and the mask and
// writes the input's gradient. At 0 it is an identity (peft builds nn.Identity, F.dropout(p=0) returns its input):
// nothing kept, nothing run.
// - pre (peft tuners/lora/layer.py `lora_B(lora_A(dropout(x)))`, Megatron-Bridge and torchtune): the dropout runs
//   over the module's input (d_in per token); lora_A keeps its dropped input for its weight gradient, a tensor of
//   its own beside the module's input the layer already keeps: d_in elements plus d_in mask bytes.
//   LitGPT's fused attention projection (litgpt/lora.py LoRAQKVLinear.forward at Lightning-AI/litgpt@00af8b0d9b and
//   lit-gpt@8641822: `F.linear(self.lora_dropout(x), self.lora_A)`, one lora_A of r x enabled rows) runs one dropout
//   over the block's input for all of its query, key and value adapters (`sharedQkvDropout`); its other adapted
//   modules (LoRALinear) run one each.
// - post (NeMo AutoModel components/_peft/lora.py `F.dropout(lora_B(lora_A(x) * scale))`): the dropout runs over the
//   adapter's output (d_out per token) and keeps its mask only (the sum after it saves nothing): d_out mask bytes.
#pragma once

#include "catalog/catalog.h"
#include "plan/plan.h"

namespace gp
{

// The catalog key of the probability a plan that leaves workload.lora.dropout out trains with.
inline constexpr const char* kLoraDropoutDefaultKey = "lora.dropout";
// Bytes of one dropout mask element (torch.bool); also Korthikanti et al.'s one-byte masks (memory_activations.cpp).
inline constexpr double kDropoutMaskBytes = 1.0;

// The probability the workload trains its adapters with: the plan's, else `catalogDefault` (the catalog's
// kLoraDropoutDefaultKey). 0 without LoRA or QLoRA.
double loraDropoutProbability(const Workload& workload, double catalogDefault);
// The same with the catalog's default, looked up only where the plan leaves the probability out.
double loraDropoutProbability(const Workload& workload, const Catalog& catalog);

// Per token over all of the model's layers (MoE: the experts a token passes through), `elementBytes` the
// activations' width: what autograd keeps, and what the dropout kernels read and write forward and backward. All 0
// when `probability` is 0. `sharedQkvDropout`: the query, key and value adapters share one dropout (LitGPT).
struct LoraDropoutBytes {
    double stored = 0;
    double forward = 0;
    double backward = 0;
};
LoraDropoutBytes loraDropoutBytesPerToken(const Architecture& architecture, const LoraSpec& lora, double probability,
    double elementBytes, bool sharedQkvDropout = false);

} // namespace gp
