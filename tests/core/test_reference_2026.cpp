// The 2024-2026 published runs of tests/data/reference/cases-2026.json (torchtitan, NeMo AutoModel, vLLM CI):
// each plan estimated as written, compared with its measurement, median and worst |error| printed per kind.
// The bounds are today's errors (FP8 scoped to the linear GEMMs), so a change that makes them worse fails.
#include "estimate/estimator.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"
#include "torchtitan_rows_added.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace gp
{
namespace
{

TEST(Reference2026, PublishedRunsPerKind)
{
    const auto doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/cases-2026.json"));
    std::map<std::string, std::vector<double>> errors;
    std::map<std::string, std::vector<double>> errorsByStack; // "stack kind": the training stack the row ran on
    std::map<std::string, double> errorOf; // |error| by case id
    std::set<std::string> estimatedTooBig; // cases the memory estimate says do not fit
    // The rows added later (torchtitan_rows_added.h) are printed and bounded one by one, outside the aggregates below.
    const std::map<std::string, double>& added = test::torchtitanRowsAdded();
    std::printf("%-46s %-10s %14s %14s %8s\n", "case", "kind", "measured", "estimated", "error");
    for (const auto& c : doc["cases"]) {
        const std::string id = c["id"];
        const std::string kind = c["kind"];
        auto plan = planFromJson(c["plan"]);
        ASSERT_TRUE(plan.ok()) << id << ": " << plan.error().toString();
        auto estimate = estimatePlan(*plan, builtinCatalog());
        ASSERT_TRUE(estimate.ok()) << id;
        ASSERT_FALSE(estimate->results.empty()) << id;
        const CandidateResult& r = estimate->results.front();
        // Every case ran on its hardware, so an estimate that calls its layout too big for the GPU is wrong.
        if (!r.fits)
            estimatedTooBig.insert(id);
        const double measured = c["measured"]["value_in_reader_units"].get<double>();
        double estimated = 0;
        if (kind == "throughput") {
            estimated = r.tokensPerSecond / std::max(1, r.gpus);
        } else if (kind == "memory") {
            estimated = r.memory.total - r.memory.runtime; // torch peak reserved
        } else {
            const auto& inference = c["plan"]["workload"]["inference"];
            const double batch = inference["batch_size"].get<double>();
            const double output = inference["output_tokens"].get<double>();
            ASSERT_TRUE(r.decodeTokensPerSecond && *r.decodeTokensPerSecond > 0) << id;
            estimated = r.prefillSeconds.value_or(0) + output / (*r.decodeTokensPerSecond / batch);
        }
        const double error = (estimated - measured) / measured;
        if (!added.count(id))
            errors[kind].push_back(std::abs(error));
        errorOf[id] = std::abs(error);
        const std::string framework
            = c.contains("software") ? c["software"].value("framework", std::string("?")) : std::string("vLLM");
        const std::string stack = framework.rfind("torchtitan", 0) == 0 ? "torchtitan"
            : framework.rfind("NeMo AutoModel", 0) == 0                 ? "nemo-automodel"
                                                                        : framework.substr(0, framework.find(' '));
        errorsByStack[stack + " " + kind].push_back(std::abs(error));
        std::printf("%-46s %-10s %14.5g %14.5g %+7.1f%%\n", id.c_str(), kind.c_str(), measured, estimated, 100 * error);
        if (kind != "decode") {
            const MemoryBreakdown& m = r.memory;
            const double gib = 1024.0 * 1024 * 1024;
            std::printf("  memory %.1f GiB: weights %.1f, gradients %.1f, optimizer %.1f, activations %.1f, logits "
                        "%.1f, buffers %.1f, allocator %.1f, runtime %.1f\n",
                m.total / gib, m.weights / gib, m.gradients / gib, m.optimizer / gib, m.activations / gib,
                m.logits / gib, m.buffers / gib, m.allocator / gib, m.runtime / gib);
        }
    }
    for (const auto& [kind, list] : errors)
        std::printf("2026 %s: %zu cases, median |error| %.1f%%, worst %.1f%%\n", kind.c_str(), list.size(),
            100 * testing::median(list), 100 * *std::max_element(list.begin(), list.end()));
    for (const auto& [stackKind, list] : errorsByStack)
        std::printf("2026 by stack, %s: %zu cases, median |error| %.1f%%, worst %.1f%%\n", stackKind.c_str(),
            list.size(), 100 * testing::median(list), 100 * *std::max_element(list.begin(), list.end()));
    // Published runs the memory estimate says do not fit (what it says for these throughput rows; their memory is
    // not a case of its own): none. The Qwen2.5-7B LoRA on one 80 GB H100 left the set when its row stated Liger's
    // kernels (NeMo AutoModel at 507bfb75 patches Hugging Face's Qwen2 with them; Liger's SwiGLU keeps gate and up
    // only): 77.9 -> 69.4 of 75.7 GiB.
    // Qwen3-30B-A3B EP 8 left the set when its plan took the recipe's bf16 states (103 -> 58.3 GiB); the two 8B rows
    // at 32k tokens per rank (96.5 and 95.2 GiB) when the torchtitan rows stated their stack (FSDP2's fp32 master as
    // the shard) and full recompute stopped holding the recomputed layer beside the logits: 89.0 and 87.8 of 91.2 GiB
    // (torchtitan reports 83.9 and 84.5 GiB with the 2.5 and 1.0 GiB of CUDA context and NCCL it does not count).
    // Fewer is better: a case leaving this set should leave the list too, and any other joining it is a regression.
    const std::set<std::string> knownTooBig;
    EXPECT_EQ(estimatedTooBig, knownTooBig);
    ASSERT_EQ(errors["throughput"].size(), 13u);
    ASSERT_EQ(errors["memory"].size(), 4u);
    ASSERT_EQ(errors["decode"].size(), 4u);
    // Before FP8 was scoped to the linear GEMMs: throughput median 20.8%, worst 116.5%. Before per-op
    // checkpointing, context parallelism and the interleaved schedule: median 18.3% over 10 cases, worst 54.6%.
    // The 405B interleaved row is now run as interleaved (v = 2, half the 1F1B bubble): +23% like the other
    // torchtitan rows on H100 96GB at 500 W (+19% to +22%), where as 1F1B it matched (-0.8%) by accident.
    // The attention core at the flash-attention kernel's measured efficiency (FlashAttention-2 on H100, the kernel
    // of PyTorch SDPA), no longer at the matmul efficiency: median 20.9% -> 17.3%, worst 135.4% -> 69.2% (the
    // 262,144-token CP row; the 32k row without CP +54.6% -> +25.9%). The four AutoModel rows, already under
    // (-7.6% to -20.0%), move 2-4 points further under (-11.7% to -23.1%): attention is a small share of their
    // step and the kernel runs below the matmul efficiency, so their remaining gap lies elsewhere.
    // FP8 casts as memory-bound kernels per scaling recipe (torchao's float8 roofline): the three FP8 rows
    // +24.6% -> +17.1%, +25.9% -> +22.7%, +13.7% -> +11.2%; median 17.3% -> 15.5%.
    // The torchtitan rows on the GPU they ran on (h100-96gb-sxm-500w: 2.4 TB/s, tensor peaks between the H100 NVL's
    // and the SXM's by the power limit, as their page says), no longer on the 700 W H100 80GB: the nine rows
    // +12.7/+17.1/+15.5/+22.7/+68.4/+11.2/+14.6% -> +1.1/+3.5/+3.7/+9.3/+50.8/+1.9/+4.1%; median of the 11 dense
    // rows 15.5% -> 9.3%, of all 13 17.1% -> 11.7%. The AutoModel rows (H100 80GB, 700 W) are unchanged.
    // The AutoModel rows whose framework line names Transformer Engine run their attention in cuDNN's fused kernel
    // (attention_kernel cudnn, its FlashAttention-3-paper figures), no longer at FlashAttention-2's: LoRA 8B -11.7% ->
    // -6.9%, Qwen2.5-7B -17.8% -> -14.2%, 70B LoRA -14.2% -> -11.8%, Qwen3-30B-A3B -28.0% -> -22.0%, DeepSeek-V3
    // -33.8% -> -31.1%; median of all 13 11.7% -> 9.3%.
    // The two MoE rows (below) came later and are bounded each on its own: the median bound holds for the others.
    const std::set<std::string> moeRows
        = { "automodel-qwen3-30b-a3b-8xh100-ep8-fsdp8", "automodel-dsv3-671b-256xh100-pp4-ep64-fsdp64" };
    std::vector<double> dense;
    for (const auto& c : doc["cases"])
        if (c["kind"] == "throughput" && !moeRows.count(c["id"].get<std::string>()) && !added.count(c["id"]))
            dense.push_back(errorOf.at(c["id"].get<std::string>()));
    ASSERT_EQ(dense.size(), 11u);
    // ZeRO-3 inside a pipeline gathers a stage once per step and reduce-scatters it once (torchtitan does not reshard
    // after forward with PP; torch.distributed.pipelining syncs gradients at the last micro-batch only), no longer
    // twice per micro-batch: the 405B interleaved row +4.1% -> +9.6% (with the fp8 all-gather its preset sets),
    // DeepSeek-V3 PP 4 -21.2% -> -17.6%; dense median 8.4% -> 9.3%, all 13 9.3% -> 9.6%.
    EXPECT_LE(testing::median(dense), 0.094);
    // Row inputs corrected to the source's FlashAttention-2, Automodel@507bfb75 / @2013a4dd (the three dense AutoModel
    // LoRA rows run Hugging Face's flash_attention_2, not Transformer Engine's cuDNN attention): LoRA 8B -6.9% ->
    // -11.7%, Qwen2.5-7B -14.2% -> -17.8%, 70B LoRA -11.8% -> -14.2%; dense median 8.5% -> 9.2% (within its bound),
    // all 13 9.2% -> 11.7%.
    EXPECT_LE(testing::median(errors["throughput"]), 0.118); // all 13 rows
    // The 262,144-token context-parallel row (+51%), bounded apart so that the others keep their bound. Its table
    // (torchtitan Table 2, 32k tokens per rank throughout) measures 8.42 / 12.9 / 30.6 / 59.8 s per step at CP 1 / 2 /
    // 4 / 8 where the estimate gives 7.70 / 12.27 / 21.40 / 39.66: the same 0.7 s short at CP 1 and 2, then 2.8 s more
    // per ring step at CP 4 and at CP 8 (9.2 - 0.7 over 3 steps, 20.1 - 0.7 over 7), about 87 ms per layer and step,
    // as long as a step's attention backward itself; CP 2 shows none of it. The ring's sources at the table's torch
    // commit (load-balanced chunks, the all-gathered K,V, the overlapped fp32 dK,dV exchange, the fp32 merges at
    // about 5% of a step's attention) account for neither its size nor its absence at CP 2, so nothing is fitted to it.
    // The ring as torch 1963fc8 runs it under torchtitan is now charged (torch_ring_attention.h): K,V at the query
    // heads' width (repeat_kv), all-gathered once per forward pass, the backward's fp32 dK,dV passes, all exposed under
    // torch.compile (waited where issued), the fp32 merges as memory passes, and the ring's later steps at the kernel's
    // unmasked rate (only step 0 is causal). CP 2 / 4 / 8: +0.68 / +1.38 / +2.78 s of exchange and merges, -0.43 /
    // -1.30 / -3.02 s of attention: +5.1% -> +2.9%, +42.9% -> +42.4%, this row +50.7% -> +51.7% (within its bound).
    // The published steps still need the attention about 1.5x slower at CP 4 and 8 than the kernel's rates and CP 2's.
    // The two MoE rows (NeMo AutoModel, balanced gate) are bounded apart too. Trained as if dense (experts' states
    // sharded over the whole data-parallel degree, every expert counted in the ZeRO-3 gathers and gradient
    // reductions, the all-to-all at NVLink speed whatever it crosses): Qwen3-30B-A3B EP 8 -30.2%, DeepSeek-V3 EP 64
    // over 8 nodes -91.8% (its ZeRO-3 traffic of all 671B parameters over InfiniBand). With expert-data-parallel
    // sharding, grouped-GEMM rows, and the all-to-all over the link it crosses: -28.0% and -33.8%. What remains is
    // the matmul efficiency at hidden 2048 (Qwen3: compute alone exceeds the published step) and, for DeepSeek-V3,
    // its node-limited routing (a token reaches at most 4 nodes), which the architecture does not describe.
    const std::set<std::string> apart = { "tt24-l31-8b-8xh100-cp8-seq262k-fp8-tps",
        "automodel-qwen3-30b-a3b-8xh100-ep8-fsdp8", "automodel-dsv3-671b-256xh100-pp4-ep64-fsdp64" };
    double worstOthers = 0;
    for (const auto& c : doc["cases"])
        if (c["kind"] == "throughput" && !apart.count(c["id"].get<std::string>()) && !added.count(c["id"]))
            worstOthers = std::max(worstOthers, errorOf.at(c["id"].get<std::string>()));
    EXPECT_LE(worstOthers, 0.24);
    // The ring's buffer copies as its code makes them (torch_ring_attention.cpp; titan): K,V packed before every step
    // but the last, the backward's fp32 zeros, dK,dV packed in fp32 every step and half-updates rewritten whole.
    // CP 2 / 4 / 8: +2.9% -> +1.4%, +42.4% -> +39.5%, this row +51.7% -> +48.3%.
    EXPECT_LE(errorOf.at("tt24-l31-8b-8xh100-cp8-seq262k-fp8-tps"), 0.484);
    EXPECT_LE(errorOf.at("automodel-qwen3-30b-a3b-8xh100-ep8-fsdp8"), 0.23);
    // DeepSeek-V3's node-limited routing (expert_groups 8, expert_groups_per_token 4: a token's experts on at most 4
    // of the 8 nodes) cuts its dispatch's network copies per token from 4.6 to 3.2: -31.1% -> -21.2%.
    // Its last pipeline stage runs the output layer beside its layers (pipeline_stages.h; training12): -17.6% ->
    // -19.4%.
    // Loosened by what the pipeline bubble idling for its exposed expert-parallel all-to-alls (its EP 64 spans 8 nodes)
    // moves, a mechanism applied to every row (throughput_model.cpp; ttcp2): -19.4% -> -20.6%.
    EXPECT_LE(errorOf.at("automodel-dsv3-671b-256xh100-pp4-ep64-fsdp64"), 0.207);
    // Per-op selective checkpointing: memory median 48.6% -> 9.6%, worst 77.0% -> 30.9%. ZeRO-3 inside a pipeline
    // holding the stage's weights gathered (at fp8 for the linears, the 405B preset's fp8 all-gather) and its
    // gradients unsharded in fp32 for the step: the 405B 1F1B row -30.9% -> +5.7%; median 9.6% -> 4.5%, worst
    // 30.9% -> 15.9% (the 70B row, -15.9%, which has no pipeline).
    // The torchtitan rows stating their stack (the fp32 master as FSDP2's shard, 16/d bytes a parameter, where the
    // generic layout counted 20/d) and full recompute holding the larger of the recomputed layer and the loss's
    // logits, not both: 8B -> -1.4% and -0.8% (per-op recompute, the stack alone), 405B PP 8 +5.7% -> -0.2%, and the
    // 70B row -15.9% -> -22.2% (-17.4% from the stack, the rest from its recomputed layer of 16 x 8,192 tokens at TP 8
    // now sharing the logits' memory): median 4.5% -> 1.1%. Its 71.9 GiB are 16 GiB more than every part counted at
    // 2D (the checkpoints, the logits, the states). Under TP they are torchtitan's loss parallel (four fp32 tensors
    // of the vocabulary shard's logits at once, 2 + 16 bytes a logit where PyTorch's kernels hold 2 + 12) and the
    // output layer's all-gathered input: 70B -22.2% -> -8.3%, 405B PP 8 -0.2% -> +3.4%; median 1.1% -> 2.4%.
    // Full recompute's working set held once per pipeline stage, not once per micro-batch in flight (the stage
    // recomputes one layer of one micro-batch at a time; BigScience's 181B trial at micro-batch 8 fits by it): the
    // 405B 1F1B row +3.4% -> -10.7%, the 405B 4D rows of Table 6 (torchtitan_rows_added.h) move the other way, by
    // 8-15 points toward the measurements; median 2.4% -> 4.8%, worst 8.3% -> 10.7%. The over-count had covered
    // memory the 405B 1F1B stage holds that nothing counts yet.
    EXPECT_LE(testing::median(errors["memory"]), 0.049);
    for (const auto& [id, bound] : added) {
        ASSERT_TRUE(errorOf.count(id)) << id << " is not in cases-2026.json";
        EXPECT_LE(errorOf.at(id), bound) << id;
    }
    EXPECT_LE(*std::max_element(errors["memory"].begin(), errors["memory"].end()), 0.108);
    EXPECT_LE(testing::median(errors["decode"]), 0.12);
    EXPECT_LE(*std::max_element(errors["decode"].begin(), errors["decode"].end()), 0.28);
}

// torchtitan's Table 5: the same 405B layout (FSDP 8 x TP 8 x PP 8, 8 micro-batches) runs at 100 tokens/s/GPU
// with 1F1B and 128 with interleaved 1F1B. The estimate's ratio, from the schedules' bubbles alone, is checked
// against 1.28 (whatever the absolute level).
TEST(Reference2026, InterleavedOverOneFOneBAsPublished)
{
    const auto doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/cases-2026.json"));
    for (const auto& c : doc["cases"]) {
        if (c["id"] != "tt24-l31-405b-512xh100-3d-interleaved-tps")
            continue;
        auto interleaved = planFromJson(c["plan"]);
        ASSERT_TRUE(interleaved.ok());
        ASSERT_EQ(interleaved->workload.parallelism.pipelineSchedule, PipelineSchedule::Interleaved);
        Plan oneFOneB = *interleaved;
        oneFOneB.workload.parallelism.pipelineSchedule = PipelineSchedule::OneFOneB;
        oneFOneB.workload.parallelism.virtualStages = 1;
        auto fast = estimatePlan(*interleaved, builtinCatalog());
        auto slow = estimatePlan(oneFOneB, builtinCatalog());
        ASSERT_TRUE(fast.ok() && slow.ok());
        const double ratio = fast->results.front().tokensPerSecond / slow->results.front().tokensPerSecond;
        std::printf("405B interleaved / 1F1B: estimated %.3f, published %.3f\n", ratio, 128.0 / 100.0);
        EXPECT_NEAR(ratio, 1.28, 0.1);
        return;
    }
    FAIL() << "the 405B interleaved case is missing";
}

} // namespace
} // namespace gp

namespace gp
{
namespace
{

// torchtitan's hosts: H100 96GB HBM2e at a 500 W power limit, whose peak its page places between the H100 NVL's and
// the H100 SXM's. The catalog's entry interpolates the tensor peaks in the power limit between the two published
// operating points (NVIDIA's H100 page: NVL 1,671 BF16 TFLOPS with sparsity at up to 400 W, SXM at 700 W), and a
// run on it is slower than on the 700 W, 3.35 TB/s SXM by no more than its lower bandwidth allows.
TEST(PowerLimitedGpu, H100At500WattsSitsBetweenTheNvlAndTheSxm)
{
    const Catalog& catalog = builtinCatalog();
    const GpuSpec* limited = catalog.findGpu("h100-96gb-sxm-500w");
    const GpuSpec* sxm = catalog.findGpu("h100-80gb-sxm");
    ASSERT_NE(limited, nullptr);
    ASSERT_NE(sxm, nullptr);
    EXPECT_EQ(limited->source, "torchtitan-h100-202412");
    EXPECT_DOUBLE_EQ(limited->memoryBytes, 96 * kGiB);
    EXPECT_DOUBLE_EQ(limited->memoryBandwidthGBps, 2400);
    ASSERT_TRUE(limited->tdpWatts && sxm->tdpWatts && sxm->tflops.bf16 && limited->tflops.bf16);
    const double nvlWatts = 400;
    const double share = (*limited->tdpWatts - nvlWatts) / (*sxm->tdpWatts - nvlWatts);
    const double nvlBf16 = 1671.0 / 2, nvlFp8 = 3341.0 / 2; // dense: half the sparse figures
    EXPECT_NEAR(*limited->tflops.bf16, nvlBf16 + (*sxm->tflops.bf16 - nvlBf16) * share, 0.05);
    ASSERT_TRUE(limited->tflops.fp8 && sxm->tflops.fp8);
    EXPECT_NEAR(*limited->tflops.fp8, nvlFp8 + (*sxm->tflops.fp8 - nvlFp8) * share, 0.05);
    for (const char* field : { "tflops.bf16", "tflops.fp8" })
        EXPECT_NE(std::find(limited->estimatedFields.begin(), limited->estimatedFields.end(), field),
            limited->estimatedFields.end())
            << field << " is interpolated, so it is marked estimated";

    const auto doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/cases-2026.json"));
    nlohmann::json planJson;
    for (const auto& c : doc["cases"])
        if (c["id"] == "tt24-l31-8b-8xh100-fsdp-bf16-tps")
            planJson = c["plan"];
    ASSERT_FALSE(planJson.is_null());
    ASSERT_EQ(planJson["candidates"][0]["gpu"], "h100-96gb-sxm-500w"); // the GPU the run used
    auto tokensOn = [&](const char* gpuId) {
        nlohmann::json p = planJson;
        p["candidates"][0]["gpu"] = gpuId;
        auto plan = planFromJson(p);
        EXPECT_TRUE(plan.ok());
        auto estimate = estimatePlan(*plan, catalog);
        EXPECT_TRUE(estimate.ok() && !estimate->results.empty());
        return estimate->results.front().tokensPerSecond;
    };
    const double onLimited = tokensOn("h100-96gb-sxm-500w");
    const double onSxm = tokensOn("h100-80gb-sxm");
    EXPECT_LT(onLimited, onSxm);
    EXPECT_GT(onLimited / onSxm, limited->memoryBandwidthGBps / sxm->memoryBandwidthGBps);
}

} // namespace
} // namespace gp
