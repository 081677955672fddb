// Which training precision a GPU runs, and its dense peak there: the one rule the estimator's precision warning,
// the memory model and the time model all read.
#pragma once

#include "catalog/catalog.h"
#include "plan/plan.h"

#include <optional>

namespace gp
{

// The dense peak TFLOPS the catalog gives for exactly this precision; nullopt when absent, zero, negative or not
// finite (an unknown figure, never a zero-time estimate).
std::optional<double> denseTflops(const GpuSpec& gpu, Precision precision);

// The precision `wanted` runs at on `gpu`: itself when the GPU has a figure for it, else the nearest one it has
// (fp8 -> bf16 -> fp16 before Hopper/Ada, bf16 -> fp16 before Ampere, tf32 -> fp32, fp16 -> bf16); nullopt when
// it has none of them.
std::optional<Precision> precisionOnGpu(const GpuSpec& gpu, Precision wanted);

// The FP8 scaling recipe `wanted` runs as on `gpu`: MX block scaling (mxfp8) needs Blackwell's tensor cores, so
// other GPUs run tensorwise scaling; NVFP4 needs a data-center Blackwell GPU with an FP4 rate (else mxfp8 on
// Blackwell, tensorwise elsewhere); every other recipe runs as asked.
Fp8Recipe fp8RecipeOnGpu(const GpuSpec& gpu, Fp8Recipe wanted);

// Whether the GPU's FP8 GEMMs take the TN layout only (both operands K-major), so that a GEMM needing an operand
// transposed reads a transposed copy: Transformer Engine's is_non_tn_fp8_gemm_supported (TransformerEngine v2.9
// transformer_engine/pytorch/utils.py) is true on SM 10.x-11.x and 13.x, the data-center Blackwell GPUs; every other
// NVIDIA GPU with an FP8 rate (Ada, Hopper, Blackwell at SM 12.0: GeForce and RTX PRO alike) takes TN only. Read from
// the catalog: true for an NVIDIA GPU whose `tensor_formats` lacks "fp8_non_tn". False where the vendor is not NVIDIA
// (no Transformer Engine FP8 layout rule read for it).
bool fp8GemmsTakeTnOnly(const GpuSpec& gpu);

} // namespace gp
