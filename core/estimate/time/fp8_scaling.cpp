#include "estimate/time/fp8_scaling.h"

#include "transformer/layers.h"
#include "transformer/lora_modules.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace gp
{

// Per-kernel read/write counts of torchao's float8 roofline (torchao/testing/float8/roofline_utils.py,
// get_tensor_memory_traffic_ovhd_s, pytorch/ao main, read 2026-12), with the fusion torch.compile gives (the
// first read of an activation fused into the op that produced it; weights are never fused). bf16 = 2 bytes,
// fp8 = 1 byte:
// - tensorwise: activation: read 2, write both fp8 layouts 2 = 4; weight: amax read 2, forward cast 2 + 1,
//   backward cast 2 + 1 = 8.
// - rowwise: activation: read fused, write fp8 1 and a transposed bf16 copy 2, then read 2 and write 1 = 6;
//   weight: cast 3, transpose 4, cast 3 = 10.
// - mxfp8 (torchao mx_formats, 32-element blocks): activation: one kernel writes both fp8 layouts = 2; weight:
//   two casts of 3 = 6 (the e8m0 scales, 1 byte per 32 elements, are left out).
// - blockwise (DeepSeek-V3's 1x128 activation tiles and 128x128 weight blocks, technical report Sec. 3.3):
//   the roofline has no entry; assumed the same kernels as the MX recipe (a tile's scale is local, so one pass
//   writes both layouts), which is what the block-scaled kernels of Transformer Engine and torchao implement.
// - nvfp4 (Transformer Engine's NVFP4 recipe, docs/features/low_precision_training/nvfp4, read 2026-12): each
//   NVFP4 copy is 0.5 byte per element plus one E4M3 scale per 16 elements = 0.5625; the GEMMs take only the TN
//   layout, so a rowwise and a (transposed) columnwise copy = 1.125. Activation and output gradient: the FP32
//   tensor scale's amax fused into the producing op as for tensorwise, read 2, write both copies (the columnwise
//   one through the 16-point Hadamard transform, in the same pass) = 3.125; weight (16x16 2D blocks, both copies
//   from one scale): amax read 2, read 2, write 1.125 = 5.125. These are the MLP GEMMs' bytes; the recipe's
//   attention projections cast as tensorwise FP8.
// - delayed (an amax history instead of each tensor's own amax): torchao's delayed scaling ran the tensorwise
//   kernels; counted as tensorwise outside Megatron (Transformer Engine's own kernels: teQuantizeBytes).
Fp8CastBytes fp8CastBytes(Fp8Recipe recipe)
{
    switch (recipe) {
    case Fp8Recipe::Nvfp4:
        return { 3.125, 3.125, 5.125 };
    case Fp8Recipe::Tensorwise:
    case Fp8Recipe::Delayed:
        return { 4, 4, 8 };
    case Fp8Recipe::Rowwise:
        return { 6, 6, 10 };
    case Fp8Recipe::Blockwise:
    case Fp8Recipe::Mxfp8:
        return { 2, 2, 6 };
    }
    return { 4, 4, 8 };
}

namespace
{

void addTraffic(Fp8CastTraffic& t, const std::vector<AdaptedMatrix>& matrices, const Fp8CastBytes& bytes, double sign)
{
    for (const AdaptedMatrix& m : matrices) {
        t.bytesPerToken += sign * m.activeCount * (bytes.input * m.in + bytes.gradOutput * m.out);
        t.weightBytes += sign * m.count * bytes.weight * m.in * m.out;
    }
}

// Elements of the routed experts' weight matrices (gate, up and down projections of each of E experts in every MoE
// layer; the shared experts are held by every rank), the rows loraTargets' MoE MLP entries count before the shared
// ones are added.
double routedExpertWeightElements(const Architecture& a)
{
    if (a.numExperts <= 1)
        return 0.0;
    const double fe = double(a.moeIntermediateSize > 0 ? a.moeIntermediateSize : a.intermediateSize);
    const double matrices = a.mlp == MlpKind::Gated ? 3.0 : 2.0;
    return moeLayers(a) * double(a.numExperts) * matrices * double(a.hiddenSize) * std::max(0.0, fe);
}

// Input bytes per token that a stack fusing its projections does not cast again: Megatron-Core builds the query, key
// and value projections as one TELayerNormColumnParallelLinear (linear_qkv) and the gated MLP's gate and up
// projections as one (linear_fc1, and each expert's fc1 in TEGroupedLinear), each with one input quantizer
// (Megatron-LM@d98e8a64 megatron/core/models/gpt/gpt_layer_specs.py; TransformerEngine v2.9
// pytorch/module/layernorm_linear.py, grouped_linear.py): the key's and value's input casts (latent attention's
// projections are separate modules: not fused here) and the up projection's are the query's and the gate's. The
// attention projections cast as tensorwise under the NVFP4 recipe, the MLPs at its bytes.
double fusedProjectionInputBytes(const Architecture& a, Fp8Recipe recipe)
{
    const double attention
        = recipe == Fp8Recipe::Nvfp4 ? fp8CastBytes(Fp8Recipe::Tensorwise).input : fp8CastBytes(recipe).input;
    const double mlp = fp8CastBytes(recipe).input;
    double bytes = 0;
    if (!a.latentAttention())
        for (const AdaptedMatrix& m : loraTargets(a, { "k_proj", "v_proj" }).matrices)
            bytes += m.activeCount * attention * m.in;
    if (a.mlp == MlpKind::Gated)
        for (const AdaptedMatrix& m : loraTargets(a, { "up_proj" }).matrices)
            bytes += m.activeCount * mlp * m.in;
    return bytes;
}

Fp8CastTraffic fp8CastTrafficOfEachProjection(const Architecture& architecture, Fp8Recipe recipe)
{
    Fp8CastTraffic t;
    // The routed experts' weights cast at the MLP recipe's bytes (NVFP4's under that recipe).
    t.routedWeightBytes = routedExpertWeightElements(architecture) * fp8CastBytes(recipe).weight;
    if (recipe != Fp8Recipe::Nvfp4) {
        addTraffic(t, loraTargets(architecture, { "all-linear" }).matrices, fp8CastBytes(recipe), 1.0);
        t.routedWeightBytes = std::min(t.routedWeightBytes, t.weightBytes);
        return t;
    }
    // NVFP4 on the MLPs (dense, shared and routed experts), tensorwise FP8 on every other linear of the blocks.
    const std::vector<AdaptedMatrix> mlps = loraTargets(architecture, { "gate_proj", "up_proj", "down_proj" }).matrices;
    const Fp8CastBytes tensorwise = fp8CastBytes(Fp8Recipe::Tensorwise);
    addTraffic(t, loraTargets(architecture, { "all-linear" }).matrices, tensorwise, 1.0);
    addTraffic(t, mlps, tensorwise, -1.0);
    addTraffic(t, mlps, fp8CastBytes(Fp8Recipe::Nvfp4), 1.0);
    t.bytesPerToken = std::max(0.0, t.bytesPerToken);
    t.weightBytes = std::max(0.0, t.weightBytes);
    t.routedWeightBytes = std::min(t.routedWeightBytes, t.weightBytes);
    return t;
}

// Transformer Engine's quantize kernels as Megatron-Core runs them (TransformerEngine v2.9; v1.8 for delayed scaling,
// the only recipe before v2.2), bytes per element, bf16 in, fp8 out; Hopper's FP8 GEMMs take the TN layout only, so
// an input and an output gradient are written rowwise and transposed (columnwise), 1 byte each:
// - the layer-norm-fused inputs (linear_qkv's, linear_fc1's: TELayerNormColumnParallelLinear): delayed scaling's
//   norm writes FP8 itself (csrc/extensions/normalization.cpp, Impl::FULLY_FUSED for Float8Quantizer) and backward
//   transposes it, read 1 write 1 = 2; current scaling's norm writes bf16 with its amax
//   (Impl::FUSED_NORM_AMAX_FP8), then quantize_with_amax reads 2, writes 2 = 4; MXFP8 and block scaling run the norm
//   in bf16 (Impl::UNFUSED unless NVTE_NORM_FWD_USE_CUDNN) and one quantize, 4;
// - every other input and output gradient: delayed scaling's cast-transpose takes the amax in the same kernel, 4;
//   current scaling first reads the tensor for its amax (Float8CurrentScalingQuantizer::quantize_impl,
//   csrc/quantizer.cpp: nvte_compute_amax, the scale, nvte_quantize_v2), 2 + 4 = 6; MXFP8 and block scaling one
//   kernel with the block scales inside, 4 (their scales, 1 byte per 32 or 4 per 128 elements, left out);
// - the weights, once per step (trainingFp8CastSeconds): as another input, 4 or 6.
// Megatron has no rowwise recipe and NVFP4 keeps its own bytes (fp8CastBytes): nullopt.
struct TeQuantizeBytes {
    double normInput = 0;
    double input = 0;
    double gradOutput = 0;
    double weight = 0;
};

std::optional<TeQuantizeBytes> teQuantizeBytes(Fp8Recipe recipe)
{
    switch (recipe) {
    case Fp8Recipe::Delayed:
        return TeQuantizeBytes { 2, 4, 4, 4 };
    case Fp8Recipe::Tensorwise:
        return TeQuantizeBytes { 4, 6, 6, 6 };
    case Fp8Recipe::Mxfp8:
    case Fp8Recipe::Blockwise:
        return TeQuantizeBytes { 4, 4, 4, 4 };
    case Fp8Recipe::Rowwise:
    case Fp8Recipe::Nvfp4:
        return std::nullopt;
    }
    return std::nullopt;
}

// Per token, the layer-norm-fused inputs' elements: linear_qkv's (the hidden state of each attention layer; latent
// attention's down-projections take the normed state from a separate norm) and the dense MLPs' linear_fc1 (MoE layers
// norm before the router: their experts' inputs are permuted copies).
double normFusedInputElements(const Architecture& a)
{
    const double h = positiveOrZero(double(a.hiddenSize));
    const double attention = a.latentAttention() ? 0.0 : attentionLayers(a);
    return h * (attention + std::max(0.0, mlpLayers(a) - moeLayers(a)));
}

// Per token, the row-parallel layers' output elements whose gradients sequence parallelism all-gathers: linear_proj's
// (every attention layer's, latent attention's too) and the dense MLPs' linear_fc2 (the routed experts' are dispatched,
// not gathered).
double rowParallelOutputElements(const Architecture& a)
{
    const double h = positiveOrZero(double(a.hiddenSize));
    return h * (attentionLayers(a) + std::max(0.0, mlpLayers(a) - moeLayers(a)));
}

} // namespace

// Transformer Engine all-gathers sequence-parallel FP8 tensors rowwise and transposes the gathered tensor where the
// GEMMs need the TN layout (TransformerEngine v2.9 pytorch/distributed.py _all_gather_fp8: "We cannot directly
// all-gather the transposed FP8 tensor", the quantizer set to rowwise for the gather and the transpose made after
// it unless is_non_tn_fp8_gemm_supported; module/layernorm_linear.py backward re-gathers ln_out rowwise and calls
// update_usage(columnwise_usage=True) on ln_out_total; module/base.py grad_output_preprocess "FP8 with all-gather";
// v1.8 the same: layernorm_linear.py tex.fp8_transpose(ln_out_total), base.py "FP8 case with gather: unfused bgrad,
// cast, transpose" on the gathered grad_output_c). Per element of the rank's share, with t ranks gathering:
// - the transpose reads and writes the gathered tensor, 1 byte each per element of it: 2t;
// - the cast before the gather writes one layout, not two: delayed scaling's norm writes FP8 itself (no cast) and its
//   output gradient cast reads 2, writes 1 = 3; current scaling's norm-fused input reads 2 and writes 1 = 3, its
//   output gradient adds the amax pass, 5;
// less what fp8CastTraffic counts for those tensors (teQuantizeBytes: delayed 2 and 4, current scaling 4 and 6).
// MXFP8 and block scaling gather other layouts (an MXFP8 columnwise copy gathers as is; Float8BlockQuantizer gathers
// 16-bit and quantizes after): not counted here.
double teGatheredTransposeBytesPerToken(const Architecture& architecture, Fp8Recipe recipe, int tensorParallel)
{
    const std::optional<TeQuantizeBytes> te = teQuantizeBytes(recipe);
    if (tensorParallel <= 1 || !te || (recipe != Fp8Recipe::Delayed && recipe != Fp8Recipe::Tensorwise))
        return 0.0;
    const bool delayed = recipe == Fp8Recipe::Delayed;
    const double transpose = 2.0 * double(tensorParallel);
    const double normInput = (delayed ? 0.0 : 3.0) + transpose - te->normInput;
    const double gradOutput = (delayed ? 3.0 : 5.0) + transpose - te->gradOutput;
    return std::max(0.0, normInput) * normFusedInputElements(architecture)
        + std::max(0.0, gradOutput) * rowParallelOutputElements(architecture);
}

Fp8CastTraffic fp8CastTraffic(const Architecture& architecture, Fp8Recipe recipe, bool transformerEngine)
{
    const std::optional<TeQuantizeBytes> te = transformerEngine ? teQuantizeBytes(recipe) : std::nullopt;
    if (!te) {
        Fp8CastTraffic t = fp8CastTrafficOfEachProjection(architecture, recipe);
        if (transformerEngine)
            t.bytesPerToken = std::max(0.0, t.bytesPerToken - fusedProjectionInputBytes(architecture, recipe));
        return t;
    }
    Fp8CastTraffic t;
    addTraffic(t, loraTargets(architecture, { "all-linear" }).matrices, { te->input, te->gradOutput, te->weight }, 1.0);
    t.routedWeightBytes = std::min(routedExpertWeightElements(architecture) * te->weight, t.weightBytes);
    // The fused projections' inputs once (at the other inputs' bytes), the norm-fused ones at theirs.
    const double fused = fusedProjectionInputBytes(architecture, recipe) / fp8CastBytes(recipe).input * te->input;
    t.bytesPerToken -= fused + (te->input - te->normInput) * normFusedInputElements(architecture);
    t.bytesPerToken = std::max(0.0, t.bytesPerToken);
    return t;
}

} // namespace gp
