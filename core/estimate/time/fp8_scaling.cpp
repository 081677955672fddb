#include "estimate/time/fp8_scaling.h"

#include "transformer/lora_modules.h"

namespace gp {

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
Fp8CastBytes fp8CastBytes(Fp8Recipe recipe)
{
    switch (recipe) {
    case Fp8Recipe::Tensorwise:
        return {4, 4, 8};
    case Fp8Recipe::Rowwise:
        return {6, 6, 10};
    case Fp8Recipe::Blockwise:
    case Fp8Recipe::Mxfp8:
        return {2, 2, 6};
    }
    return {4, 4, 8};
}

Fp8CastTraffic fp8CastTraffic(const Architecture& architecture, Fp8Recipe recipe)
{
    const Fp8CastBytes bytes = fp8CastBytes(recipe);
    Fp8CastTraffic t;
    for (const AdaptedMatrix& m : loraTargets(architecture, {"all-linear"}).matrices) {
        t.bytesPerToken += m.activeCount * (bytes.input * m.in + bytes.gradOutput * m.out);
        t.weightBytes += m.count * bytes.weight * m.in * m.out;
    }
    return t;
}

} // namespace gp
