// LitGPT's published fine-tuning runs (tests/data/reference/cases-litgpt.json, workload.framework litgpt): the peak
// allocated memory of its resource tables (lit-gpt 8641822 on A100 40GB, one GPU and FSDP over two or four) and of
// its config hub's automated benchmarks (one A10G). Each plan is estimated as written and compared with
// torch.cuda.max_memory_allocated (the estimate's total less the CUDA context, NCCL and the allocator's slack); every
// row, and the median and worst |error| per group, are printed. Every published run ran, so each must fit. The bounds
// are the errors of the commit that added the rows (a change that makes them worse fails); no constant was fitted to
// a row.
#include "estimate/estimator.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace gp
{
namespace
{

double litgptWorst(const std::vector<double>& v)
{
    return v.empty() ? NAN : *std::max_element(v.begin(), v.end());
}

TEST(LitgptReference, PublishedPeakMemory)
{
    const auto doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/cases-litgpt.json"));
    std::map<std::string, std::vector<double>> errors; // |error| per group, and "litgpt" over all rows
    std::printf("%-52s %-8s %10s %10s %8s\n", "case", "stack", "measured", "estimated", "error");
    for (const auto& c : doc["cases"]) {
        const std::string id = c["id"];
        ASSERT_EQ(c["kind"], "memory") << id;
        ASSERT_EQ(c["compare"], "allocated") << id;
        const std::string stack = c["software"]["stack"];
        EXPECT_EQ(stack, "litgpt") << id;
        auto plan = planFromJson(c["plan"]);
        ASSERT_TRUE(plan.ok()) << id << ": " << plan.error().toString();
        EXPECT_EQ(plan->workload.framework, TrainingStack::Litgpt) << id;
        auto estimate = estimatePlan(*plan, builtinCatalog());
        ASSERT_TRUE(estimate.ok() && !estimate->results.empty()) << id;
        const CandidateResult& r = estimate->results.front();
        EXPECT_TRUE(r.fits) << id << " ran as published but is estimated not to fit";
        const MemoryBreakdown& m = r.memory;
        const double measured = c["measured"]["value_in_reader_units"].get<double>();
        const double estimated = m.total - m.runtime - m.allocator; // torch max allocated
        const double error = (estimated - measured) / measured;
        const bool sharded = plan->workload.parallelism.data.value_or(1) > 1;
        const std::string group = std::string(id.rfind("litgpt-rt23-", 0) == 0 ? "resource tables" : "config hub")
            + (sharded ? ", FSDP" : ", 1 GPU");
        errors[group].push_back(std::abs(error));
        errors["litgpt"].push_back(std::abs(error));
        std::printf("%-52s %-8s %10.4g %10.4g %+7.1f%%\n", id.c_str(), stack.c_str(), measured / 1e9, estimated / 1e9,
            100 * error);
        std::printf("  GB: weights %.2f, gradients %.2f, optimizer %.2f, activations %.2f, logits %.2f, buffers %.2f\n",
            m.weights / 1e9, m.gradients / 1e9, m.optimizer / 1e9, m.activations / 1e9, m.logits / 1e9,
            m.buffers / 1e9);
    }
    for (const auto& [group, list] : errors)
        std::printf("stack %s: %zu memory rows, median |error| %.1f%%, worst %.1f%%\n", group.c_str(), list.size(),
            100 * testing::median(list), 100 * litgptWorst(list));
    ASSERT_EQ(errors["litgpt"].size(), doc["cases"].size());
    ASSERT_EQ(errors["resource tables, 1 GPU"].size(), 17u);
    ASSERT_EQ(errors["resource tables, FSDP"].size(), 10u);
    ASSERT_EQ(errors["config hub, 1 GPU"].size(), 31u);
    ASSERT_EQ(errors["config hub, FSDP"].size(), 1u);
    // The rows' errors when they were added (2026-12-07, never used to set a constant), with LitGPT's own mechanisms
    // (its 128-token output-layer slices and compute-width cross-entropy, one dropout per fused QKV adapter, its
    // adapters' scaling and sum, bitsandbytes' NF4 output layer): the one-GPU LoRA rows of the resource tables
    // within +9% / -5% (generic stack: up to +12%), their QLoRA rows 17-22% under; the config hub's A10G rows 0-39%
    // under (Gemma's 256k vocabulary, Gemma 2's eager soft-capped attention, the QLoRA rows). Tightened by the previous
    // micro-batch's quantized linear inputs (litgpt_stack.h litgptPreviousQuantizedInputsBytes: bitsandbytes 0.41/0.42
    // keep MatMul4Bit's input in ctx.tensors, freed only with the graph, which LitGPT's loop keeps through `logits`
    // until the next forward returns; the estimate already counted each micro-batch's own inputs): the nf4/nf4-dq rows
    // -17.6..-21.6% -> +1.6..-7.5%. Was 0.087 / 0.217.
    // Loosened by LitGPT's NF4 output layer, dequantized on every loss slice, with the peak as the largest of the
    // forward's end, the loss and the head's backward (litgpt_stack.h litgptQuantizedHeadPeak; Lightning's
    // _Linear4bit.quantize and bitsandbytes 0.42.0 MatMul4Bit read at the rows' commits): llama-2 nf4 rows
    // -7.5..-6.0% -> -3.9..-3.3%, but phi-1.5 nf4 +1.6% -> +11.8% and stablelm-3b nf4 -4.1% -> +8.6% (their bf16
    // twins are already +3.8% over: Phi's shared attention/MLP norm and the parallel residual are not in the
    // architecture). The group stays within the 8% / 20% (4.4% / 11.8%), and LitGPT as a whole goes
    // 5.8% / 29.8% -> 4.1% / 15.3%. Was 0.087.
    // Tightened by the parallel block's shared tensors (architecture.parallel_residual / shared_attention_norm, the
    // rows' LitGPT configs: memory_activations.cpp keeps the block input once for both norms and a shared norm's
    // output once; litgptPreviousQuantizedInputsBytes counts that output once): phi-1.5 +3.8..+11.8% -> -0.4..+3.5%,
    // stablelm-alpha-3b +3.8..+8.6% -> +2.4..+6.4%; the group 4.4% / 11.8% -> 3.5% / 6.4%. Was 0.045 / 0.119.
    // And by LitGPT keeping no dropout masks (its GPT has no dropout module: memory_training.cpp), which the
    // standard-MLP rows (Phi, StableLM-alpha, Falcon) were charged by the generic default: 3.5% / 6.4% -> 3.2% / 4.4%.
    // Was 0.035 / 0.064.
    EXPECT_LE(testing::median(errors["resource tables, 1 GPU"]), 0.033);
    EXPECT_LE(litgptWorst(errors["resource tables, 1 GPU"]), 0.045);
    // Tightened by LitGPT's own output layer for tied models (litgpt_stack.h litgptUntiedHeadParameters: Gemma and
    // Llama 3.2 rows 4-12 points closer; was 0.224 / 0.389).
    // And by the previous micro-batch's quantized linear inputs (above): the QLoRA rows 6-12 points closer, still
    // 2-30% under (Gemma 2 and Llama 3.2 worst). Was 0.184 / 0.362.
    // And by the NF4 output layer's dequantization (above): the QLoRA rows 3-15 points closer. Was 0.126 / 0.299.
    // Loosened by LitGPT keeping no dropout masks (above, sourced): the hub's standard-MLP QLoRA rows, already under
    // for other reasons, go further under (falcon-7b -4.9 -> -6.5%, phi-2 -6.2 -> -8.6%, stablelm-alpha -4.7 ->
    // -5.9%); the group stays inside the 8% / 20% (6.5% / 15.3%). Was 0.059.
    EXPECT_LE(testing::median(errors["config hub, 1 GPU"]), 0.065);
    EXPECT_LE(litgptWorst(errors["config hub, 1 GPU"]), 0.154);
    // Tightened by LitGPT's FSDP units (litgpt_stack.h: no_sync's unsharded gradients of every flat parameter, the
    // frozen ones beside LoRA's adapters included, and the root unit kept unsharded): the FSDP rows were 44-76%
    // under (0.553 for the config hub's, 0.587 / 0.759 for the resource tables'), now 1-8% under; the config hub's
    // Gemma full fine-tuning 4% under with the root unit's gradient assembled at the end of backward
    // (litgptRootGradientAssemblyBytes; 24% under without it).
    EXPECT_LE(litgptWorst(errors["config hub, FSDP"]), 0.036);
    EXPECT_LE(testing::median(errors["resource tables, FSDP"]), 0.037);
    EXPECT_LE(litgptWorst(errors["resource tables, FSDP"]), 0.083);
    // was 0.199, 0.075 (previous inputs), 0.059 (head), 0.042 (parallel blocks' shared tensors), 0.040 (no dropout)
    EXPECT_LE(testing::median(errors["litgpt"]), 0.038);
    EXPECT_LE(litgptWorst(errors["litgpt"]), 0.154); // was 0.362, 0.299 (previous inputs), then the head above
}

} // namespace
} // namespace gp
