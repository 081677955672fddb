// Two published rows traced term by term against what their stacks run (issue #38): where each estimated second goes,
// written out by hand from the sources, so a term the stack does not run (or a kernel rate it does not reach) shows.
//
// NeMo AutoModel, Llama 3.1 8B LoRA on one H100 (automodel-l31-8b-lora-1xh100-bf16; NVIDIA-NeMo/Automodel@507bfb75
// examples/llm_finetune/llama3_1/llama3_1_8b_peft_benchmark.yaml): Hugging Face's LlamaForCausalLM with Liger's
// RMSNorm, RoPE and SwiGLU, LoRA rank 16 on every linear layer (Triton LoRA kernels), the base frozen, no activation
// checkpointing, one GPU (no collectives). What it runs per token: the frozen linear layers forward and their input
// gradients backward (no weight-gradient GEMMs), the adapters forward and backward with their weight gradients, the
// attention core forward and backward, and the optimizer over the adapters only; beside them the adapters' dropout
// (0.1, on their outputs), which the row's plan leaves out. The estimate charges exactly that: the GEMMs at the
// matmul efficiency, the attention core at its kernel's published rates, nothing else; the dropout's bytes at the
// memory-bound bandwidth where a copy of the row states it.
//
// torchtitan's Llama 3.1 8B on 8 H100 with context parallel 8 at 262,144 tokens
// (tt24-l31-8b-8xh100-cp8-seq262k-fp8-tps; torchtitan 9dec370, torch 1963fc8): PyTorch's ring attention
// (torch/distributed/tensor/experimental/_attention.py,
// `_templated_ring_attention`, load balancing on) calls SDPA's flash backend, FlashAttention-2, once per ring step:
// step 0 causal over the rank's two chunks, every other step an unmasked call of as many FLOPs. The estimate charges
// FlashAttention-2's own forward and backward rates on H100 (the FlashAttention-3 paper's FlashAttention-2 bars), not
// FlashAttention-3's, the backward's separately, causal only for step 0; and the ring's exchange and fp32 merges
// (torch_ring_attention.h).
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/estimator.h"
#include "estimate/time/throughput_model.h"
#include "test_memory_support.h"
#include "transformer/model_library.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace gp
{
namespace
{

struct TracedRow {
    nlohmann::json row;
    ThroughputEstimate time;
    double published = 0; // tokens per second per GPU
    int gpus = 1;
};

nlohmann::json tracedCase(const std::string& id)
{
    const auto doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/cases-2026.json"));
    for (const auto& c : doc["cases"])
        if (c["id"] == id)
            return c;
    ADD_FAILURE() << "no case " << id;
    return {};
}

// The row's plan estimated as written, and its throughput estimate on the layout the estimate chose.
bool traceRow(const nlohmann::json& row, TracedRow& out)
{
    out.row = row;
    auto plan = planFromJson(row["plan"]);
    EXPECT_TRUE(plan.ok()) << (plan ? "" : plan.error().toString());
    if (!plan)
        return false;
    auto estimate = estimatePlan(*plan, builtinCatalog());
    EXPECT_TRUE(estimate.ok() && !estimate->results.empty());
    if (!estimate || estimate->results.empty())
        return false;
    const CandidateResult& r = estimate->results.front();
    const auto model = resolveModel(plan->model);
    const auto hw = resolveCandidate(plan->candidates.front(), builtinCatalog(), r.nodes, "candidates[0]");
    EXPECT_TRUE(model && hw);
    if (!model || !hw)
        return false;
    out.time = estimateThroughput(*model, workloadOnGpu(plan->workload, hw->gpu), r.configuration, *hw, r.memory,
        plan->assumptions, builtinCatalog());
    out.gpus = std::max(1, r.gpus);
    out.published = row["measured"]["value_in_reader_units"].get<double>();
    return true;
}

// Published TFLOPS on H100 SXM5 at sequence 16k, head dim 128 (FlashAttention-3 paper, arXiv:2407.08608, Figs. 5-6)
// over its 989 dense BF16 TFLOPS: FlashAttention-2 forward 370 (causal 335), backward 322; cuDNN forward 595 (causal
// 539), backward 516. The backward is counted as 2.5x the forward's FLOPs, as the paper's benchmark counts it.
constexpr double kTraceH100Peak = 989e12;

TEST(StackTimeTraces, AutomodelLoraStepIsItsFrozenGemmsAdaptersAndAttentionOnly)
{
    TracedRow t;
    ASSERT_TRUE(traceRow(tracedCase("automodel-l31-8b-lora-1xh100-bf16"), t));
    // Llama 3.1 8B: 32 layers, hidden 4096, 32 query heads and 8 KV heads of 128, MLP 14336, vocabulary 128256.
    const double h = 4096, kv = 1024, mlp = 14336, vocab = 128256, layers = 32, seq = 4096, rank = 16;
    const double linear = layers * (h * h + 2 * h * kv + h * h + 3 * h * mlp); // q, k, v, o, gate, up, down
    const double head = h * vocab;
    // LoRA on the seven linear layers: A (in x 16) and B (16 x out) each.
    const double adapters = layers * rank * ((h + h) + (h + kv) * 2 + (h + h) + (h + mlp) * 2 + (mlp + h));
    const double attention = 2 * seq * h * layers; // QK^T and PV forward, causal: half of 4 x seq x width
    // Frozen base: forward (2) + input gradient (2) per weight; adapters: forward + input and weight gradients (6);
    // the attention core forward + 2x backward.
    const double flopsPerToken = 4 * (linear + head) + 6 * adapters + 3 * attention;
    EXPECT_NEAR(t.time.hardwareFlopsPerToken, flopsPerToken, flopsPerToken * 0.001);
    EXPECT_DOUBLE_EQ(t.time.hardwareFlopsPerToken, t.time.modelFlopsPerToken); // no recomputation

    // The attention core at FlashAttention-2's rates: the row's kernel, corrected to the source's FlashAttention-2,
    // Automodel@507bfb75 (nemo_automodel/_transformers/auto_model.py: from_pretrained's attn_implementation
    // "flash_attention_2", Hugging Face's model calling Dao's flash-attn), no longer cuDNN's 595 / 539 / 516.
    const double tokens = 32 * seq; // global batch 32 sequences
    const double causal = 335.0 / 370.0;
    const double attentionSeconds = tokens
        * (attention / (kTraceH100Peak * 370 / 989 * causal) + 2.5 * attention / (kTraceH100Peak * 322 / 989 * causal));
    EXPECT_NEAR(t.time.attentionSeconds, attentionSeconds, attentionSeconds * 0.002);
    // Everything else at the matmul efficiency of hidden 4096 and 8,192 tokens a micro-batch, and nothing beside it:
    // no collective (one GPU), no memory-bound pass, no optimizer time over the frozen weights.
    const PerformanceDefaults d
        = performanceDefaults(builtinCatalog(), {}, "datacenter-hbm", "hopper", AttentionKernel::FlashAttention2);
    const double efficiency = computeEfficiency(d, h, 2 * seq);
    EXPECT_DOUBLE_EQ(t.time.computeEfficiency, efficiency);
    const double gemmSeconds = tokens * (flopsPerToken - 3 * attention) / (kTraceH100Peak * efficiency);
    EXPECT_NEAR(t.time.step.total, gemmSeconds + attentionSeconds, (gemmSeconds + attentionSeconds) * 0.002);
    EXPECT_EQ(t.time.step.communication, 0.0);
    EXPECT_EQ(t.time.memoryBoundSeconds, 0.0);
    // The published step (131,072 tokens at 12,473 tokens/s: 10.51 s) less the same attention leaves the GEMMs a rate
    // the matmul efficiency does not reach: the gap is the GEMM rate, not a term AutoModel does not run.
    const double publishedStep = tokens / t.published;
    const double implied
        = tokens * (flopsPerToken - 3 * attention) / (publishedStep - attentionSeconds) / kTraceH100Peak;
    // Left out of the row's plan (its missing_features say why) and run: the recipe's LoRA dropout 0.1 (PeftConfig
    // dropout_position "post", Automodel@507bfb75 nemo_automodel/components/_peft/lora.py: F.dropout on each adapter's
    // output, unfused beside the Triton LoRA kernels). Stated on a copy of the row, the estimate charges per adapter
    // output element 2 bytes read, 2 written and a 1-byte mask forward, the same backward, over q, k, v, o, gate, up
    // and down's outputs, at the HBM's 3.35 TB/s times the catalog's memory-bound efficiency, and nothing else moves.
    nlohmann::json stated = t.row;
    stated["plan"]["workload"]["lora"]["dropout"] = 0.1;
    stated["plan"]["workload"]["lora"]["dropout_position"] = "post";
    TracedRow withDropout;
    ASSERT_TRUE(traceRow(stated, withDropout));
    const double dropoutBytes = tokens * layers * 10 * (h + 2 * kv + h + 2 * mlp + h);
    const double dropoutSeconds = dropoutBytes / (3.35e12 * d.decodeBandwidth);
    EXPECT_NEAR(withDropout.time.loraDropoutSeconds, dropoutSeconds, dropoutSeconds * 0.002);
    EXPECT_NEAR(withDropout.time.memoryBoundSeconds, dropoutSeconds, dropoutSeconds * 0.002);
    EXPECT_NEAR(withDropout.time.step.total, t.time.step.total + dropoutSeconds, dropoutSeconds * 0.002);
    // Charged, it leaves the GEMMs less time still: the rate they would have to reach grows further from the curve's.
    const double impliedWithDropout = tokens * (flopsPerToken - 3 * attention)
        / (publishedStep - attentionSeconds - dropoutSeconds) / kTraceH100Peak;
    std::printf("automodel 8B LoRA: step %.2f s (GEMMs %.2f at %.1f%% of peak, attention %.2f); published %.2f s: "
                "GEMMs at %.1f%% (%.1f%% beside the recipe's LoRA dropout, %.2f s when stated)\n",
        t.time.step.total, gemmSeconds, 100 * efficiency, attentionSeconds, publishedStep, 100 * implied,
        100 * impliedWithDropout, dropoutSeconds);
    EXPECT_GT(implied, efficiency);
    EXPECT_GT(impliedWithDropout, implied);
}

TEST(StackTimeTraces, TorchtitanRingAttentionRunsFlashAttention2RatesForwardAndBackward)
{
    const nlohmann::json row = tracedCase("tt24-l31-8b-8xh100-cp8-seq262k-fp8-tps");
    ASSERT_TRUE(row.contains("same_table"));
    // The row and the rest of its table (torchtitan benchmarks/llama3_h100_202412_torchtitan.md Table 2): the same
    // 32,768 tokens per GPU at context parallel 1, 2, 4 and 8, so every ring step's kernel call has the same shape and
    // only the number of steps grows. Full activation checkpointing: the forward runs twice.
    std::vector<nlohmann::json> variants = { row };
    for (const auto& other : row["same_table"]) {
        nlohmann::json v = row;
        v["plan"]["workload"]["sequence_length"] = other["sequence_length"];
        v["plan"]["workload"]["parallelism"]["context"] = other["context"];
        v["measured"]["value_in_reader_units"] = other["tokens_per_gpu"];
        variants.push_back(v);
    }
    ASSERT_EQ(variants.size(), 4u);
    // H100 96 GB at 500 W: its catalog BF16 peak (886.7 TFLOPS), the attention core at the 16-bit peak under FP8.
    const GpuSpec& gpu = *builtinCatalog().findGpu("h100-96gb-sxm-500w");
    const double peak = gpu.tflops.bf16.value() * 1e12;
    const double causal = 335.0 / 370.0;
    const double forwardRate = peak * 370 / 989; // FlashAttention-2 unmasked, not FlashAttention-3's 648 / 616
    const double backwardRate = peak * 322 / 989; // its backward, slower than its forward
    EXPECT_LT(backwardRate, forwardRate);
    // PyTorch's ring (torch_ring_attention.h): per layer and forward pass one all-gather of the other ranks' K,V at
    // the 32 query heads' width (repeat_kv), in backward one more and the fp32 dK,dV after each of the cp steps, all
    // waited where issued under torch.compile; fp32 merges and accumulations at the HBM's achieved bandwidth.
    const PerformanceDefaults d = performanceDefaults(builtinCatalog(), {}, gpu.gpuClass, gpu.architecture);
    const double bus = 450e9 * 0.88; // NVLink 4, the catalog's achieved fraction
    const double hbm = gpu.memoryBandwidthGBps * 1e9 * d.decodeBandwidth;
    double rest = -1;
    for (const nlohmann::json& v : variants) {
        TracedRow t;
        ASSERT_TRUE(traceRow(v, t));
        const double seq = v["plan"]["workload"]["sequence_length"].get<double>();
        const double cp = v["plan"]["workload"]["parallelism"].value("context", 1.0);
        const double rankTokens = seq / cp;
        const double forward = 2 * seq * 4096 * 32; // per token: causal QK^T and PV over the whole sequence
        // Step 0 is the ring's one causal call (all of it without a ring); the cp - 1 others run unmasked.
        const double unmasked = rankTokens * (2 * forward / forwardRate + 2.5 * forward / backwardRate);
        const double expected = unmasked / causal / cp + unmasked * (cp - 1) / cp;
        EXPECT_NEAR(t.time.attentionSeconds, expected, expected * 0.002) << cp;
        const double kv = rankTokens * 32 * 256; // K,V elements a rank holds
        const double q = rankTokens * 32 * 128;
        const double exchange = cp > 1 ? 32 * (3 * (cp - 1) * kv * 2 + cp * kv * 4) / bus : 0.0;
        // K,V packed cp times a pass; the backward's fp32 zeros, half-updates rewritten whole and dK,dV packed in fp32.
        double merges = 0;
        if (cp > 1) {
            const double forwardPass = 4 * kv * cp + q * (12 + (cp - 1) * 10);
            const double backward = 4 * kv * cp + q * (4 + cp * 10 + 6) + kv * (4 + 10 + (cp - 1) * 13 + cp * 8 + 6);
            merges = 32 * (2 * forwardPass + backward) / hbm;
        }
        // Beside the FP8 casts, the same at every degree, nothing else is memory-bound here.
        EXPECT_NEAR(t.time.memoryBoundSeconds - t.time.fp8CastSeconds, merges, 1e-3) << cp;
        // The rest of the compute does not depend on the context degree (the same tokens per GPU).
        const double other = t.time.step.compute - t.time.attentionSeconds - merges;
        if (rest < 0)
            rest = other;
        EXPECT_NEAR(other, rest, rest * 0.02) << cp;
        EXPECT_GE(t.time.step.communicationIntraNode, exchange * 0.999) << cp; // exposed whole
        const double publishedStep = rankTokens / t.published;
        std::printf("torchtitan CP %.0f at %.0f tokens: step %.2f s (attention %.2f, merges %.2f, exchange %.2f, "
                    "rest %.2f), published %.2f s (%+.1f%%); the published step less all but the attention is %.2fx "
                    "the attention\n",
            cp, seq, t.time.step.total, t.time.attentionSeconds, merges, exchange, other, publishedStep,
            100 * (publishedStep / t.time.step.total - 1),
            (publishedStep - other - merges - exchange) / t.time.attentionSeconds);
    }
}

} // namespace
} // namespace gp
