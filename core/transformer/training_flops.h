// Floating-point operations of a transformer per token, counted matrix by matrix from the architecture.
#pragma once

#include "plan/plan.h"
#include "transformer/layers.h"
#include "transformer/model_library.h"

namespace gp
{

// Forward-pass FLOPs of one token (2 per multiply-add).
struct ForwardFlops {
    double matmul = 0; // weight matrices of the layers (active experts only), without the output head
    double experts = 0; // part of `matmul`: the routed experts' MLPs a token runs (its k experts per MoE layer;
                        // shared experts excluded)
    double mlp = 0; // part of `matmul`: every MLP a token runs (dense MLPs, shared and routed experts; no
                    // router)
    double head = 0; // output head: vocabulary logits, or the classification head
    double attention = 0; // scores (Q K^T) and weighted sum (P V); causal models see half the context on average
    double adapters = 0; // LoRA adapters (A and B), when the technique has them
    double frozenMatmul = 0; // part of `matmul` + `head` whose weights are frozen (no weight gradient)
    double mtp = 0; // part of `matmul` + `attention`: the trained multi-token-prediction layers (workload.mtp_layers)
                    // and their projections, on the last pipeline stage (their output heads' logits are in `head`)

    double total() const { return matmul + head + attention + adapters; }
};

// FLOPs per trained token for one optimizer pass: forward, backward and recomputation.
struct TrainingFlopsPerToken {
    ForwardFlops forward;
    double model = 0; // forward + backward, no recomputation (the MFU numerator)
    double recompute = 0; // extra forward work of activation checkpointing
    double hardware = 0; // model + recompute: what the GPUs execute
    double linearHardware = 0; // of `hardware`, the blocks' linear GEMMs (what FP8 training runs in FP8)
    double expertsHardware = 0; // of `linearHardware`, the routed experts' GEMMs (forward, backward, recomputation)
    double mlpHardware = 0; // of `linearHardware`, every MLP GEMM (dense, shared and routed experts)
    double attentionForwardHardware = 0; // of `hardware`, the attention core's forward passes (recomputation included)
    double attentionBackward = 0; // of `hardware`, the attention core's backward (2x its forward)
    double attentionWindowedShare = 0; // of the attention core's FLOPs, the local (sliding-window) layers' share
    double scoreElementsPerToken = 0; // attention score elements per token over all layers (memory traffic
                                      // when scores are materialized, i.e. without flash attention)
};

// Forward FLOPs of one token that attends to `contextTokens` earlier positions (inference: the KV length;
// training: the sequence length, halved for causal masking by the caller's choice of `causal`).
ForwardFlops forwardFlopsPerToken(const Architecture& arch, const ParameterCounts& counts, const Workload& workload,
    double contextTokens, bool causal);

// Multi-token-prediction layers training runs: workload.mtp_layers in training mode for a decoder's language-modelling
// loss (what plan validation allows it for), else 0.
int trainedMtpLayers(const Architecture& arch, const Workload& workload);

// Share of the layers full checkpointing recomputes: workload.activation_checkpointing_layers of the model's
// layers (partial recompute), 1 when unset; 0 for any other checkpointing.
double recomputedLayerShare(const Architecture& arch, const Workload& workload, Checkpointing checkpointing);

// Share of the hardware FLOPs in the forward pass (recomputation runs in backward): an evaluation step's time over a
// training step's, and the part of a micro-batch's compute that comes before its backward.
double forwardShare(const TrainingFlopsPerToken& flops);

// Training FLOPs per token for the workload's technique and the configuration's checkpointing.
TrainingFlopsPerToken trainingFlopsPerToken(
    const Architecture& arch, const ParameterCounts& counts, const Workload& workload, Checkpointing checkpointing);

} // namespace gp
