// One GEMM's time from the tile its kernel runs and the waves those tiles make over the GPU's SMs, against the
// roofline of its operands' bytes. The tile comes from vLLM's CUTLASS dispatch by the GEMM's rows M
// (csrc/quantization/cutlass_w8a8/c3x/scaled_mm_sm90_fp8_dispatch.cuh at vllm-project/vllm@44d638a: M <= 64 runs
// 64x64 tiles, 64 < M <= 128 runs 64x128, larger M 128x128; its sm100 dispatch runs 256x128 tiles on SM pairs,
// 128x128 an SM), scheduled by CUTLASS's persistent tile scheduler (cutlass::gemm::PersistentScheduler in
// scaled_mm.cuh), which hands each SM whole output tiles: a GEMM of T tiles on S SMs takes ceil(T / S) waves of one
// tile's full-K work each.
#pragma once

namespace gp
{

struct Architecture;

struct GemmTile {
    int rows = 128;
    int cols = 128;
};

// The output tile a GEMM of `rows` rows runs in (vLLM's M buckets above).
GemmTile gemmTileForRows(double rows);

// The GPU as the wave model sees it: its SMs, dense peak FLOP/s at the GEMM's precision, HBM bytes/s.
struct GemmMachine {
    int sms = 0;
    double peakFlops = 0;
    double bandwidth = 0;
};

// Share of the SMs' tile slots that hold output tiles over a GEMM's waves: T / (ceil(T / S) x S), for the tiles T
// of an [m x n] output (1 where the SM count is not known).
double gemmWaveShare(double m, double n, int sms);

// Seconds of one [m x k] x [k x n] GEMM: its waves of tiles at each SM's share of the peak, or its operands'
// bytes (m x k and k x n at `operandBytes` each, m x n at `outputBytes`) over the bandwidth, whichever is longer.
double gemmSeconds(double m, double n, double k, double operandBytes, double outputBytes, const GemmMachine& gpu);

// The achieved share of `gpu.peakFlops` of one decoder layer's dense GEMMs on a tensor rank at `rows` rows: the
// attention's QKV and output projections and the MLP's up (and gate) and down projections, Megatron-sharded over
// `tensor` ranks (QKV and up/gate by columns, output and down by rows), each timed by gemmSeconds with its weights at
// `weightBytes` an element and 16-bit activations; their FLOPs over the peak times their summed seconds.
double layerGemmShare(const Architecture& arch, int tensor, double rows, const GemmMachine& gpu, double weightBytes);

} // namespace gp
