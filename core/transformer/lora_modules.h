// The LoRA target-module table: which weight matrices of a layer a target name (peft's target_modules) adapts.
// The memory model (adapter states and activations) and the FLOP model (adapter work) both read it.
#pragma once

#include "plan/plan.h"

#include <string>
#include <vector>

namespace gp
{

// One adapted weight matrix (d_in x d_out), with how many of it the whole model holds.
struct AdaptedMatrix {
    double in = 0;
    double out = 0;
    double count = 0; // over all layers of all stacks, every expert
    double activeCount = 0; // what one token passes through (MoE: the routed experts it uses + shared ones)
    bool qkvInput = false; // a query, key or value projection: its input is the attention block's normed input
};

struct LoraTargets {
    std::vector<AdaptedMatrix> matrices;
    std::vector<std::string> unknown; // target names the table does not know (they adapt nothing)
};

// The matrices `targets` adapt in `architecture`. Names may carry a module path ("self_attn.q_proj"); the last
// component is matched. Spellings: Llama/Mistral (q_proj ... down_proj), GPT-2 (c_attn, c_proj, c_fc),
// BLOOM/Falcon/ChatGLM (query_key_value, dense, dense_h_to_4h, dense_4h_to_h), Baichuan (W_pack), Phi-3
// (qkv_proj), MPT (Wqkv, out_proj), Mixtral experts (w1, w2, w3), Llama reference code (wq, wk, wv, wo as the
// attention output), T5 (q, k, v, o, wi, wi_0, wi_1, wo), GPT-J (fc_in, fc_out), BERT (query, key, value),
// peft's "all-linear" (every linear layer of the blocks), the output layer as "lm_head".
LoraTargets loraTargets(const Architecture& architecture, const std::vector<std::string>& targets);

// Target names of `targets` the table does not know.
std::vector<std::string> unknownLoraModules(const std::vector<std::string>& targets);

// Adapter parameters: rank x (d_in + d_out) per adapted matrix, over every matrix (`activeOnly`: the ones one
// token uses, for FLOPs).
double loraParameters(const Architecture& architecture, const LoraSpec& lora, bool activeOnly = false);

} // namespace gp
