// The torchtitan runs added to tests/data/reference/cases-2026.json after its first eleven torchtitan rows (titan):
// the rest of torchtitan's end-2024 H100 tables (benchmarks/llama3_h100_202412_torchtitan.md Tables 1, 3, 4 and 6) and
// the June 2025 H200 runs (benchmarks/llama3_8b_h200_2025-06_torchtitan.md), each with the bound its |error| had when
// added. The aggregates the earlier rows are bounded by leave these out, so that each bound keeps its meaning; these
// rows are bounded one by one, and together per stack (test_stack_reference.cpp).
#pragma once

#include <map>
#include <string>

namespace gp::test
{

inline const std::map<std::string, double>& torchtitanRowsAdded()
{
    static const std::map<std::string, double> bounds = {
        // Table 1 and 3: torch.compile without Float8. The product's torch_compile changes memory only, so the
        // estimate is the eager row's: 12-13% under.
        { "tt24-l31-8b-8xh100-fsdp-compile-bf16-tps", 0.129 },
        { "tt24-l31-8b-8xh100-fsdp-compile-bf16-mem", 0.044 },
        { "tt24-l31-8b-128xh100-fsdp-compile-bf16-tps", 0.112 },
        { "tt24-l31-8b-128xh100-fsdp-compile-bf16-mem", 0.059 },
        { "tt24-l31-8b-128xh100-fsdp-compile-fp8-tps", 0.044 },
        { "tt24-l31-8b-128xh100-fsdp-compile-fp8-mem", 0.080 },
        // Table 4: 2D + AsyncTP (async TP not modelled: the 2D row's estimate, 4% under).
        { "tt24-l31-70b-256xh100-fsdp32-tp8-fp8-asynctp-tps", 0.041 },
        { "tt24-l31-70b-256xh100-fsdp32-tp8-fp8-asynctp-mem", 0.025 },
        // Table 6: 405B in 4D (FSDP x CP = 8, TP 8, PP 8, 1F1B), 32k to 256k tokens. Memory +13.3/+12.4/+10.7/+0.5%
        // -> -2.2/-2.9/-4.4/-13.2% once full recompute's working set is held once per stage, not per micro-batch in
        // flight (memory_training.cpp): measured memory grows with CP at the same tokens a rank (80.9 -> 91.2 GB),
        // the estimate does not; what CP 8 holds beyond CP 4 is not modelled.
        // Its exposed tensor-parallel all-reduces stretched by the bubble as well (ttcp2): +7.7% -> +1.4%.
        { "tt24-l31-405b-512xh100-4d-cp1-seq32k-tps", 0.014 },
        { "tt24-l31-405b-512xh100-4d-cp1-seq32k-mem", 0.023 },
        // Their ring's exposed transfers stretched by the 1F1B bubble as the compute is (throughput_model.cpp,
        // trainingCommunication): CP 2 / 4 / 8 +18.4/+14.9/+29.5% -> +10.6/+3.6/+13.7% (ttcp); with their exposed
        // tensor-parallel all-reduces too, +6.3/+1.1/+12.2% (ttcp2).
        { "tt24-l31-405b-512xh100-4d-cp2-seq64k-tps", 0.064 },
        { "tt24-l31-405b-512xh100-4d-cp2-seq64k-mem", 0.030 },
        { "tt24-l31-405b-512xh100-4d-cp4-seq128k-tps", 0.011 },
        { "tt24-l31-405b-512xh100-4d-cp4-seq128k-mem", 0.045 },
        { "tt24-l31-405b-512xh100-4d-cp8-seq256k-tps", 0.122 },
        { "tt24-l31-405b-512xh100-4d-cp8-seq256k-mem", 0.133 },
        // H200, June 2025: tokens/s within 7%. Memory +41.5% and +40.0% with the loss on fp32 logits (14 bytes a
        // logit), -1.3% and -3.7% with the compiled loss the run's torchtitan makes under training.compile
        // (loss_implementation compiled: 4 bytes a logit).
        { "tt25-l31-8b-32xh200-fsdp-compile-fp8-tps", 0.066 },
        { "tt25-l31-8b-32xh200-fsdp-compile-fp8-mem", 0.014 },
        { "tt25-l31-8b-64xh200-fsdp-compile-fp8-tps", 0.050 },
        { "tt25-l31-8b-64xh200-fsdp-compile-fp8-mem", 0.038 },
    };
    return bounds;
}

} // namespace gp::test
