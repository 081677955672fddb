// Layer counts of an architecture and the share of the model one GPU holds under model parallelism.
#pragma once

#include "base/finite_number.h"
#include "plan/plan.h"
#include "transformer/model_library.h"

#include <algorithm>
#include <cmath>

namespace gp
{

// Layers of the decoder stack (encoder-decoder: numDecoderLayers, or numLayers when not given). Inline, as
// totalLayers and layersPerStage: every memory and time estimate of the planner's search reads them.
inline double decoderLayers(const Architecture& a)
{
    if (a.kind != ModelKind::EncoderDecoder)
        return positiveOrZero(double(a.numLayers));
    return positiveOrZero(double(a.numDecoderLayers > 0 ? a.numDecoderLayers : a.numLayers));
}
// Layers of all stacks: encoder + decoder layers for encoder-decoder models.
inline double totalLayers(const Architecture& a)
{
    const double layers = positiveOrZero(double(a.numLayers));
    return a.kind == ModelKind::EncoderDecoder ? layers + decoderLayers(a) : layers;
}
// Hybrid decoders' blocks (Architecture: linear_attention_layers, mamba_layers, mlp_only_layers); 0 otherwise.
inline double linearAttentionLayers(const Architecture& a)
{
    return a.kind == ModelKind::Decoder ? positiveOrZero(double(a.linearAttentionLayers)) : 0.0;
}
inline double mambaLayers(const Architecture& a)
{
    return a.kind == ModelKind::Decoder ? positiveOrZero(double(a.mambaLayers)) : 0.0;
}
inline double mlpOnlyLayers(const Architecture& a)
{
    return a.kind == ModelKind::Decoder ? positiveOrZero(double(a.mlpOnlyLayers)) : 0.0;
}
// Layers with self-attention over all stacks: every layer but a hybrid's recurrent and MLP-only blocks.
inline double attentionLayers(const Architecture& a)
{
    return std::max(0.0, totalLayers(a) - linearAttentionLayers(a) - mambaLayers(a) - mlpOnlyLayers(a));
}
// Layers with an MLP: every layer, or with MLP-only blocks (Nemotron-H) those blocks alone.
inline double mlpLayers(const Architecture& a)
{
    return a.mlpOnlyLayers > 0 ? mlpOnlyLayers(a) : totalLayers(a);
}
// Layers that keep keys and values while generating: the decoder stack's attention layers; 0 for encoder-only
// models.
double kvCacheLayers(const Architecture& architecture);
// Layers with a routed-expert MLP (all stacks minus the leading dense ones); 0 for dense models.
double moeLayers(const Architecture& architecture);

// Parameters a weight storage format applies to: the blocks' linear layers; MXFP4 as GPT-OSS ships it only
// the experts' matrices (its quantization_config leaves attention, router, embeddings and head in bf16).
double formatScopeParameters(const ParameterCounts& counts, WeightFormat format);

// Layers one pipeline stage holds: ceil(layers / pipeline).
inline double layersPerStage(double layers, int pipeline)
{
    return std::ceil(positiveOrZero(layers) / std::max(1, pipeline));
}

// Share of `total` parameters held by the routed experts (every MoE layer's routed experts; shared experts, router
// and the dense layers excluded); 0 for dense models. The part expert parallelism splits.
double routedExpertFraction(const Architecture& architecture, const ParameterCounts& counts, double total);
// Parameters of one MoE layer's routed experts (0 for dense models).
double routedExpertParametersPerLayer(const Architecture& architecture, const ParameterCounts& counts);

// Rows each routed expert's GEMM multiplies when `tokens` tokens are routed together: tokens x k / E with uniform
// routing (vLLM fused_moe sorts a chunk's tokens by expert; Megatron-Core's and torchtitan's grouped GEMM run one
// GEMM per local expert over the tokens dispatched to it). The one rule for serving prefill and training steps.
double routedRowsPerExpert(const Architecture& architecture, double tokens);

// Parameters one GPU holds of a model with `total` parameters of which `head` are the output (or
// classification) head: the largest pipeline stage (the first holds the embedding, the last the head), the dense
// parameters split over `tensor` ranks (vocabulary-parallel embedding and head), the routed experts over `expert` x
// `expertTensor` ranks. Training places experts as Megatron-Core does with expert tensor parallel 1 (the MoE
// recipes' setting, torchtitan's default): expertTensor 1, each rank holding whole experts; inference splits the
// experts over tensor ranks too (expertTensor = tensor, vLLM's TP MoE).
// `lastStageExtra`: parameters the last stage holds beside its layers and head, already split per GPU (training's
// multi-token-prediction layers, mtpParametersPerGpu).
double parametersPerGpu(const Architecture& architecture, const ParameterCounts& counts, double total, double head,
    int tensor, int pipeline, int expert, int expertTensor, double lastStageExtra = 0);

// The share of a stage's parameters one GPU holds (parametersPerGpu's split): the dense part, 1 - the routed
// experts' share of `total`, over `tensor` ranks, the routed experts over `expert` x `expertTensor` ranks.
double parameterSplitShare(const Architecture& architecture, const ParameterCounts& counts, double total, int tensor,
    int expert, int expertTensor);

// Parameters one GPU of the last pipeline stage holds for `mtpLayers` trained multi-token-prediction layers
// (Megatron-Core places them there: Megatron-LM@d98e8a64 megatron/core/transformer/multi_token_prediction.py
// mtp_on_this_rank): each module's dense part over `tensor` ranks, its routed experts over `expert` x `expertTensor`;
// with a pipeline the stage also builds its own copy of the input embedding (gpt_model.py: `if self.pre_process or
// self.mtp_process: self.embedding = ...`), kept equal to the first stage's by the embedding group's gradient
// all-reduce, so it is trained (gradients, optimizer states) as a parameter of its own. The output head is the last
// stage's own and shared.
double mtpParametersPerGpu(
    const ParameterCounts& counts, int mtpLayers, int tensor, int pipeline, int expert, int expertTensor);

// Training's expert tensor parallel degree: 1 with expert parallelism (Megatron-Core MoE recipes'
// expert_tensor_parallel_size 1, torchtitan's default: EP borrows the tensor ranks, each rank holds whole experts),
// the tensor degree without it (the experts split over TP as every other matrix).
inline int trainingExpertTensor(int tensor, int expert)
{
    return expert > 1 ? 1 : std::max(1, tensor);
}

} // namespace gp
