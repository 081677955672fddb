#include "estimate/serving/gemm_waves.h"

#include "plan/plan.h"

#include <algorithm>
#include <cmath>

namespace gp
{

GemmTile gemmTileForRows(double rows)
{
    if (rows <= 64)
        return { 64, 64 };
    if (rows <= 128)
        return { 64, 128 };
    return { 128, 128 };
}

double gemmWaveShare(double m, double n, int sms)
{
    if (sms <= 0 || !(m > 0) || !(n > 0))
        return 1.0;
    const GemmTile tile = gemmTileForRows(m);
    const double tiles = std::ceil(m / tile.rows) * std::ceil(n / tile.cols);
    const double waves = std::ceil(tiles / sms);
    return tiles / (waves * sms);
}

double gemmSeconds(double m, double n, double k, double operandBytes, double outputBytes, const GemmMachine& gpu)
{
    if (!(m > 0) || !(n > 0) || !(k > 0))
        return 0.0;
    if (!(gpu.peakFlops > 0))
        return INFINITY;
    // Every tile slot of every wave runs a whole tile's FLOPs, the padded edge tiles included.
    const double flops = 2 * m * n * k;
    const GemmTile tile = gemmTileForRows(m);
    const double paddedFlops = 2 * std::ceil(m / tile.rows) * tile.rows * std::ceil(n / tile.cols) * tile.cols * k;
    const double share = gemmWaveShare(m, n, gpu.sms);
    const double compute = gpu.sms > 0 ? paddedFlops / share / gpu.peakFlops : flops / gpu.peakFlops;
    const double bytes = (m * k + k * n) * operandBytes + m * n * outputBytes;
    const double memory = gpu.bandwidth > 0 ? bytes / gpu.bandwidth : 0.0;
    return std::max(compute, memory);
}

double layerGemmShare(const Architecture& arch, int tensor, double rows, const GemmMachine& gpu, double weightBytes)
{
    if (!(rows > 0) || !(gpu.peakFlops > 0))
        return 1.0;
    const double t = std::max(1, tensor);
    const double hidden = std::max<double>(1, double(arch.hiddenSize));
    const double heads = std::max<double>(1, double(arch.numAttentionHeads));
    const double headDim = double(arch.headDimension());
    const double kvHeads = std::max<double>(1, double(arch.kvHeads()));
    const double mlp = std::max<double>(1, double(arch.intermediateSize));
    const double upColumns = (arch.mlp == MlpKind::Gated ? 2 : 1) * mlp / t;
    // (n, k) of each GEMM on one rank.
    const double shapes[4][2] = { { (heads + 2 * kvHeads) * headDim / t, hidden }, { hidden, heads * headDim / t },
        { upColumns, hidden }, { hidden, mlp / t } };
    double flops = 0, seconds = 0;
    for (const auto& [n, k] : shapes) {
        flops += 2 * rows * n * k;
        seconds += gemmSeconds(rows, n, k, weightBytes, 2, gpu);
    }
    return seconds > 0 ? std::clamp(flops / (gpu.peakFlops * seconds), 0.0, 1.0) : 1.0;
}

} // namespace gp
