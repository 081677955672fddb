#include "catalog/gpu_precision.h"

#include <cmath>
#include <initializer_list>

namespace gp
{

std::optional<double> denseTflops(const GpuSpec& gpu, Precision precision)
{
    const Tflops& t = gpu.tflops;
    std::optional<double> v;
    switch (precision) {
    case Precision::Fp32:
        v = t.fp32;
        break;
    case Precision::Tf32:
        v = t.tf32;
        break;
    case Precision::Fp16:
        v = t.fp16;
        break;
    case Precision::Bf16:
        v = t.bf16;
        break;
    case Precision::Fp8:
        v = t.fp8;
        break;
    }
    if (v && std::isfinite(*v) && *v > 0)
        return v;
    return std::nullopt;
}

std::optional<Precision> precisionOnGpu(const GpuSpec& gpu, Precision wanted)
{
    auto firstKnown = [&gpu](std::initializer_list<Precision> order) -> std::optional<Precision> {
        for (Precision p : order)
            if (denseTflops(gpu, p))
                return p;
        return std::nullopt;
    };
    switch (wanted) {
    case Precision::Fp8:
        return firstKnown({ Precision::Fp8, Precision::Bf16, Precision::Fp16 });
    case Precision::Bf16:
        return firstKnown({ Precision::Bf16, Precision::Fp16 });
    case Precision::Fp16:
        return firstKnown({ Precision::Fp16, Precision::Bf16 });
    case Precision::Tf32:
        return firstKnown({ Precision::Tf32, Precision::Fp32 });
    case Precision::Fp32:
        return firstKnown({ Precision::Fp32 });
    }
    return std::nullopt;
}

Fp8Recipe fp8RecipeOnGpu(const GpuSpec& gpu, Fp8Recipe wanted)
{
    // What the GPU's tensor cores run is catalog data (gpus.json `tensor_formats`): MXFP8 GEMMs with e8m0 block
    // scales are a 5th-generation tensor-core format (NVIDIA Blackwell architecture technical brief, 2024; torchao
    // mx_formats); NVFP4 training GEMMs run where Transformer Engine trains NVFP4 (its NVFP4 page, 'Supported
    // devices': SM 10.0 and 10.3), with the GPU's FP4 rate in the catalog. Elsewhere the nearest recipe the GPU
    // runs: MXFP8 where it runs that, else tensorwise.
    const bool mxfp8 = gpu.runsFormat("mxfp8");
    if (wanted == Fp8Recipe::Nvfp4) {
        const bool fp4 = gpu.tflops.fp4 && std::isfinite(*gpu.tflops.fp4) && *gpu.tflops.fp4 > 0;
        if (gpu.runsFormat("nvfp4") && fp4)
            return wanted;
        return mxfp8 ? Fp8Recipe::Mxfp8 : Fp8Recipe::Tensorwise;
    }
    if (wanted == Fp8Recipe::Mxfp8 && !mxfp8)
        return Fp8Recipe::Tensorwise;
    return wanted;
}

bool fp8GemmsTakeTnOnly(const GpuSpec& gpu)
{
    // Catalog data (gpus.json `tensor_formats` "fp8_non_tn"), not the architecture's name: an SM 12.0 Blackwell
    // GPU of any class takes TN only.
    if (gpu.vendor != "nvidia")
        return false;
    return !gpu.runsFormat("fp8_non_tn");
}

} // namespace gp
