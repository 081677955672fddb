// Exact published formula cases: ZeRO paper, DeepSpeed estimator, vLLM and Hugging Face KV figures,
// Korthikanti et al.'s activation formula.
#include "test_memory_support.h"

#include <gtest/gtest.h>

namespace gp
{
namespace
{

using test::kGiB;

TEST(MemoryFormula, ZeroPaper75B)
{
    // Rajbhandari et al. 2019 (arXiv 1910.02054) Figure 1: 7.5B parameters, Nd = 64, mixed-precision Adam
    // (2 + 2 + K=12 bytes per parameter): 120 / 31.4 / 16.6 / 1.9 GB per GPU for DP, P_os, P_os+g, P_os+g+p.
    StateBytesPerParameter b; // 2 weights + 2 gradients + 4 master + 8 Adam
    const double p = 7.5e9;
    EXPECT_NEAR(modelStatesPerGpu(p, b, 0, 64).total() / 1e9, 120.0, 0.05);
    EXPECT_NEAR(modelStatesPerGpu(p, b, 1, 64).total() / 1e9, 31.4, 0.05);
    EXPECT_NEAR(modelStatesPerGpu(p, b, 2, 64).total() / 1e9, 16.6, 0.05);
    EXPECT_NEAR(modelStatesPerGpu(p, b, 3, 64).total() / 1e9, 1.9, 0.05);
}

TEST(MemoryFormula, DeepSpeedT5ZeRO2)
{
    // DeepSpeed docs memory.rst, estimate_zero2_model_states_mem_needs_all_live(t5-3b, 1 node x 8 GPUs):
    // 2851M parameters; 15.93 GB per GPU without offload, 5.31 GB with the optimizer offloaded.
    const ResolvedModel t5 = test::presetModel("t5-3b");
    EXPECT_NEAR(t5.parameters.total / 1e6, 2851.0, 1.0);
    EXPECT_NEAR(
        deepSpeedModelStates(t5.parameters.total, t5.parameters.largestLayer, 2, 8, Offload::None).total() / kGiB,
        15.93, 0.01);
    EXPECT_NEAR(
        deepSpeedModelStates(t5.parameters.total, t5.parameters.largestLayer, 2, 8, Offload::Optimizer).total() / kGiB,
        5.31, 0.01);
}

TEST(MemoryFormula, DeepSpeedT5ZeRO3)
{
    // Same page, estimate_zero3_model_states_mem_needs_all_live: largest layer 32M; per GPU 6.1 / 0.79 / 0.12 GB
    // (no offload / optimizer offloaded / optimizer and parameters offloaded); per CPU with zero_init 63.74 and
    // 71.71 GB for the two offload cases.
    const ResolvedModel t5 = test::presetModel("t5-3b");
    const double p = t5.parameters.total;
    const double largest = t5.parameters.largestLayer;
    EXPECT_NEAR(largest / 1e6, 32.9, 0.1); // shared embedding 32128 x 1024, printed as "32M"
    EXPECT_NEAR(deepSpeedModelStates(p, largest, 3, 8, Offload::None).total() / kGiB, 6.1, 0.01);
    EXPECT_NEAR(deepSpeedModelStates(p, largest, 3, 8, Offload::Optimizer).total() / kGiB, 0.79, 0.01);
    EXPECT_NEAR(deepSpeedModelStates(p, largest, 3, 8, Offload::OptimizerAndParameters).total() / kGiB, 0.12, 0.01);
    // Host RAM per node: 8 GPUs' shards x DeepSpeed's 1.5 buffer factor (offload_cpu_margin default).
    const double margin = test::memoryCatalog().number("offload_cpu_margin", 0);
    EXPECT_NEAR(deepSpeedModelStates(p, largest, 3, 8, Offload::Optimizer).cpuBytes * 8 * margin / kGiB, 63.74, 0.05);
    EXPECT_NEAR(deepSpeedModelStates(p, largest, 3, 8, Offload::OptimizerAndParameters).cpuBytes * 8 * margin / kGiB,
        71.71, 0.05);
}

TEST(MemoryFormula, VllmOpt13BKvPerToken)
{
    // Kwon et al. 2023 (vLLM, arXiv 2309.06180) Sec. 3: OPT-13B needs 800 KB of KV cache per token
    // (2 x 5120 hidden x 40 layers x 2 bytes).
    const ResolvedModel opt = test::presetModel("opt-13b");
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(opt.architecture, KvPrecision::Fp16), 800.0 * 1024);
}

TEST(MemoryFormula, Llama31KvPer1kTokens)
{
    // Hugging Face blog llama31.md, KV-cache table: Llama 3.1 8B, fp16, 1k tokens: 0.125 GB (8 KV heads x 128).
    const ResolvedModel l = test::presetModel("llama-3.1-8b");
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(l.architecture, KvPrecision::Fp16) * 1024 / kGiB, 0.125);
    // Through the whole inference estimate: batch 1, 1024 tokens.
    Workload w;
    w.mode = Mode::Inference;
    w.inference.promptTokens = 1000;
    w.inference.outputTokens = 24;
    const auto m
        = estimateMemory(l, w, Configuration {}, test::testHardware(80), Assumptions {}, test::memoryCatalog());
    EXPECT_DOUBLE_EQ(m.kvCache / kGiB, 0.125);
    // Tensor parallelism over 8 GPUs leaves one KV head per GPU; over 16, each GPU still keeps one.
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(l.architecture, KvPrecision::Fp16, 8) * 8,
        kvCacheBytesPerToken(l.architecture, KvPrecision::Fp16));
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(l.architecture, KvPrecision::Fp16, 16),
        kvCacheBytesPerToken(l.architecture, KvPrecision::Fp16, 8));
}

TEST(MemoryFormula, Llama2WeightsFp16)
{
    // vLLM issue #6868: Llama-2-7B fp16 weights take 12.5523 GiB; 6,738,415,616 x 2 bytes = 12.5513 GiB, the
    // last MiB being non-parameter buffers vLLM also counts (rotary cos/sin cache).
    const ResolvedModel l = test::presetModel("llama-2-7b");
    EXPECT_NEAR(weightStorageBytes(l, WeightFormat::Same, Precision::Fp16) / kGiB, 12.5523, 0.0015);
}

TEST(MemoryFormula, Nf4QuantizationConstants)
{
    // QLoRA paper: NF4 + double quantization = 4 bits + 0.127 bits of constants per quantized parameter; the
    // embeddings and head stay 16-bit. Llama-2-7B: 6,476,267,520 block-linear weights... minus norms.
    const ResolvedModel l = test::presetModel("llama-2-7b");
    const double linear = l.parameters.blockLinear;
    EXPECT_DOUBLE_EQ(linear, 32.0 * (4 * 4096.0 * 4096 + 3 * 4096.0 * 11008));
    const double rest = l.parameters.total - linear;
    EXPECT_NEAR(weightStorageBytes(l, WeightFormat::Nf4, Precision::Bf16), linear * (4 + 0.127) / 8 + rest * 2,
        linear * 0.0005 / 8);
}

TEST(MemoryFormula, KorthikantiGpt3Layer)
{
    // Korthikanti et al. 2022 (arXiv 2205.05198) Eq. 1-4 for GPT-3 175B (h 12288, a 96, f = 4h, dropout):
    // s*b*h*(34 + 5as/h) bytes per layer; with tensor parallelism t: sbh(10 + 24/t + 5as/(ht));
    // with sequence parallelism as well: sbh(34 + 5as/h)/t.
    Architecture g;
    g.hiddenSize = 12288;
    g.numLayers = 96;
    g.numAttentionHeads = 96;
    g.intermediateSize = 4 * 12288;
    g.vocabSize = 50257;
    g.mlp = MlpKind::Standard;
    LayerActivationInput in;
    in.sequence = 2048;
    in.microBatch = 1;
    in.bytes = 2;
    in.flashAttention = false;
    in.dropout = true;
    in.attentionDropout = true;
    const double s = 2048, b = 1, h = 12288, a = 96;
    EXPECT_DOUBLE_EQ(layerActivationBytes(g, in), s * b * h * (34 + 5 * a * s / h));
    in.tensorParallel = 8;
    EXPECT_DOUBLE_EQ(layerActivationBytes(g, in), s * b * h * (10 + 24.0 / 8 + 5 * a * s / (h * 8)));
    in.sequenceParallel = true;
    EXPECT_DOUBLE_EQ(layerActivationBytes(g, in), s * b * h * (34 + 5 * a * s / h) / 8);
}

TEST(MemoryFormula, GatedGqaLayerDerivedPerTensor)
{
    // Llama-3.1-8B layer, s 4096, b 1, bf16, flash attention, no dropout, by hand per stored tensor:
    // norm inputs and QKV/MLP inputs 4 x 2h = 32768 B/token; Q and attention output 2 x 2 x 4096, K and V
    // 2 x 2 x 1024 -> 20480; SwiGLU gate, up, silu(gate), product 4 x 2 x 14336 = 114688; fp32 log-sum-exp
    // 4 x 32 = 128. Total 168064 B/token, versus 34h = 139264 of the fixed GPT formula.
    const ResolvedModel l = test::presetModel("llama-3.1-8b");
    LayerActivationInput in;
    in.sequence = 4096;
    in.bytes = 2;
    in.flashAttention = true;
    EXPECT_DOUBLE_EQ(layerActivationBytes(l.architecture, in), 4096.0 * 168064);
}

TEST(MemoryFormula, ParallelBlockKeepsSharedTensorsOnce)
{
    // LitGPT's Block (litgpt@00af8b0d9b litgpt/model.py:205-206): under parallel_residual the MLP's norm reads the
    // block input the first norm already keeps (one 2h tensor less per token), and with shared_attention_norm the MLP
    // reads the first norm's output itself (one more 2h less). The sequential layer keeps 168064 B/token (above).
    Architecture a = test::presetModel("llama-3.1-8b").architecture;
    LayerActivationInput in;
    in.sequence = 4096;
    in.bytes = 2;
    in.flashAttention = true;
    const double h = double(a.hiddenSize);
    a.parallelResidual = true;
    EXPECT_DOUBLE_EQ(layerActivationBytes(a, in), 4096.0 * (168064 - 2 * h));
    a.sharedAttentionNorm = true;
    EXPECT_DOUBLE_EQ(layerActivationBytes(a, in), 4096.0 * (168064 - 4 * h));
}

} // namespace
} // namespace gp
