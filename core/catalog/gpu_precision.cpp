#include "catalog/gpu_precision.h"

#include <cmath>
#include <initializer_list>

namespace gp {

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
        return firstKnown({Precision::Fp8, Precision::Bf16, Precision::Fp16});
    case Precision::Bf16:
        return firstKnown({Precision::Bf16, Precision::Fp16});
    case Precision::Fp16:
        return firstKnown({Precision::Fp16, Precision::Bf16});
    case Precision::Tf32:
        return firstKnown({Precision::Tf32, Precision::Fp32});
    case Precision::Fp32:
        return firstKnown({Precision::Fp32});
    }
    return std::nullopt;
}

Fp8Recipe fp8RecipeOnGpu(const GpuSpec& gpu, Fp8Recipe wanted)
{
    // MXFP8 GEMMs with e8m0 block scales are a 5th-generation tensor-core format (NVIDIA Blackwell architecture
    // technical brief, 2024; torchao mx_formats runs them on sm100 only).
    const bool blackwell = gpu.architecture == "blackwell";
    // NVFP4 training GEMMs: Transformer Engine trains NVFP4 on SM 10.0 and 10.3 only (the data-center Blackwell
    // parts; its NVFP4 page, 'Supported devices'), so a GPU also needs its FP4 tensor rate in the catalog and not
    // be a consumer card (SM 12.x). Elsewhere the nearest recipe the GPU runs: MXFP8 on Blackwell, else tensorwise.
    if (wanted == Fp8Recipe::Nvfp4) {
        const bool fp4 = gpu.tflops.fp4 && std::isfinite(*gpu.tflops.fp4) && *gpu.tflops.fp4 > 0;
        if (blackwell && fp4 && gpu.gpuClass != "consumer")
            return wanted;
        return blackwell ? Fp8Recipe::Mxfp8 : Fp8Recipe::Tensorwise;
    }
    if (wanted == Fp8Recipe::Mxfp8 && !blackwell)
        return Fp8Recipe::Tensorwise;
    return wanted;
}

} // namespace gp
