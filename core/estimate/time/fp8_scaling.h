// The memory traffic of FP8 training's casts: before each FP8 GEMM its 16-bit operands are scaled and cast to
// fp8, in both layouts the forward and the two backward GEMMs read. How many bytes that moves depends on the
// scaling recipe; the GEMMs themselves run at the FP8 peak in the throughput model.
#pragma once

#include "plan/plan.h"

namespace gp
{

// Bytes read and written per element to cast one linear layer's operands in forward + backward.
struct Fp8CastBytes {
    double input = 0; // per element of the layer's input (tokens x in-features)
    double gradOutput = 0; // per element of its output gradient (tokens x out-features)
    double weight = 0; // per element of its weight, every time the layer runs (each micro-batch)
};

Fp8CastBytes fp8CastBytes(Fp8Recipe recipe);

// Cast traffic of the blocks' linear layers (peft's "all-linear": attention and MLP projections, every expert
// a token is routed to; the output head stays 16-bit) for FP8 training.
struct Fp8CastTraffic {
    double bytesPerToken = 0; // activations and output gradients, whole model, per training token
    double weightBytes = 0; // weights, whole model, per micro-batch
    double routedWeightBytes = 0; // of weightBytes, the routed experts' (cast by the ranks holding them only)
};

// `transformerEngine`: the casts are Transformer Engine's as Megatron-Core runs them: the query, key and value
// projections are one linear layer and the gated MLP's gate and up projections another (linear_qkv, linear_fc1), so
// each quantizes its input once, not once per projection, and each tensor moves TE's bytes for the recipe (the
// layer-norm-fused inputs, current scaling's separate amax pass; fp8_scaling.cpp teQuantizeBytes) rather than
// torchao's.
Fp8CastTraffic fp8CastTraffic(const Architecture& architecture, Fp8Recipe recipe, bool transformerEngine = false);

// Bytes per token of a rank's sequence-parallel share beyond fp8CastTraffic's, for Transformer Engine under
// Megatron-Core with sequence parallelism over `tensorParallel` ranks on a GPU whose FP8 GEMMs take the TN layout only
// (fp8GemmsTakeTnOnly): the tensors all-gathered in FP8 (each column-parallel layer's normed input, each row-parallel
// layer's output gradient) are cast rowwise only before the gather and transposed after it, over the gathered tensor
// (fp8_scaling.cpp). 0 for another recipe or tensorParallel <= 1.
double teGatheredTransposeBytesPerToken(const Architecture& architecture, Fp8Recipe recipe, int tensorParallel);

} // namespace gp
