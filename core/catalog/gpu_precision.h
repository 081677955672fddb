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

} // namespace gp
