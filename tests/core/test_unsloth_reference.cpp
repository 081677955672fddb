// Unsloth's published memory rows (tests/data/reference/cases-unsloth.json): the longest context that fits a GPU of
// each size for Llama 3.1 8B and Llama 3.3 70B under QLoRA rank 32 on all linear layers, batch 1, for Unsloth and
// for the Hugging Face + FA2 runs the same tables compare it with. Each plan is estimated as written at its published
// context and its memory per GPU compared with the GPU's size: error = estimate / size - 1 (0 where the estimate
// reaches the size exactly at the context the run reached). Every row, and per stack the median and worst |error|,
// are printed. The bounds are the errors of the commit that added the rows; no constant was fitted to a row.
#include "estimate/common/hardware.h"
#include "estimate/common/hf_stack.h"
#include "estimate/common/unsloth_stack.h"
#include "estimate/estimator.h"
#include "estimate/time/throughput_model.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"
#include "transformer/model_library.h"

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

struct UnslothRow {
    std::string id;
    std::string kind;
    std::string stack;
    double gib = 0; // the GPU's size, GiB
    MemoryBreakdown memory; // the estimate at the row's context
    MemoryBreakdown asHf; // an Unsloth row's plan under framework hf
    double error() const { return memory.total / (gib * kGiB) - 1; }
};

std::vector<UnslothRow> unslothRows()
{
    std::vector<UnslothRow> rows;
    const auto doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/cases-unsloth.json"));
    for (const auto& c : doc["cases"]) {
        UnslothRow row;
        row.id = c["id"];
        row.kind = c["kind"];
        row.stack = c["plan"]["workload"]["framework"];
        row.gib = c["measured"]["memory_gib"].get<double>();
        auto plan = planFromJson(c["plan"]);
        EXPECT_TRUE(plan.ok()) << row.id << ": " << (plan ? "" : plan.error().toString());
        if (!plan)
            continue;
        auto estimate = estimatePlan(*plan, builtinCatalog());
        EXPECT_TRUE(estimate.ok() && !estimate->results.empty()) << row.id;
        if (!estimate || estimate->results.empty())
            continue;
        row.memory = estimate->results.front().memory;
        if (row.stack == "unsloth") {
            auto json = c["plan"];
            json["workload"]["framework"] = "hf";
            auto hf = planFromJson(json);
            EXPECT_TRUE(hf.ok()) << row.id;
            if (hf) {
                auto hfEstimate = estimatePlan(*hf, builtinCatalog());
                EXPECT_TRUE(hfEstimate.ok() && !hfEstimate->results.empty()) << row.id;
                if (hfEstimate && !hfEstimate->results.empty())
                    row.asHf = hfEstimate->results.front().memory;
            }
        }
        rows.push_back(row);
    }
    return rows;
}

TEST(UnslothReference, PublishedContextsPerStack)
{
    const std::vector<UnslothRow> rows = unslothRows();
    ASSERT_EQ(rows.size(), 18u);
    std::map<std::string, std::vector<double>> errors;
    std::printf("%-40s %-8s %6s %9s %8s %8s %8s %8s %8s %8s\n", "case", "stack", "GiB", "estimate", "error", "weights",
        "activ", "logits", "runtime", "host");
    for (const UnslothRow& r : rows) {
        const MemoryBreakdown& m = r.memory;
        std::printf("%-40s %-8s %6.0f %9.2f %+7.1f%% %8.2f %8.2f %8.2f %8.2f %8.2f\n", r.id.c_str(), r.stack.c_str(),
            r.gib, m.total / kGiB, 100 * r.error(), m.weights / kGiB, m.activations / kGiB, m.logits / kGiB,
            (m.runtime + m.allocator) / kGiB, m.cpuBytes / kGiB);
        if (r.kind == "memory-oom") {
            // Out of memory at any context: the estimate at the shortest context the stack reached elsewhere must
            // not fit the GPU.
            EXPECT_GT(r.error(), 0.0) << r.id << " ran out of memory as published but is estimated to fit";
            continue;
        }
        errors[r.stack].push_back(std::abs(r.error()));
    }
    for (const auto& [stack, list] : errors)
        std::printf("stack %s: %zu memory rows, median |error| %.1f%%, worst %.1f%%\n", stack.c_str(), list.size(),
            100 * testing::median(list), 100 * *std::max_element(list.begin(), list.end()));
    ASSERT_EQ(errors["unsloth"].size(), 9u);
    ASSERT_EQ(errors["hf"].size(), 7u);
    // Each Unsloth row estimated under the Hugging Face stack (framework hf, the closest before Unsloth had its own)
    // was +68% to +782% (median +464%): the logits of 3,000 to 343,000 tokens and every layer's input on the GPU.
    // Unsloth's own mechanisms (unsloth_stack.h: its chunked fused cross-entropy, the offloaded checkpoints, the fused
    // LoRA MLP's saved tensors; added 2026-12-07, never used to set a constant): median 18.1%, worst 23.8%, all but
    // the two smallest GPUs' rows under by 11-24%, about 60 KB per token of Llama 3.1 8B short. The fused LoRA MLP's
    // backward allocations beside the saved tensors (DW and dY, one dequantized projection; unslothMlpBackwardBytes):
    // the six rows under by 11-24% move 9-16 points closer (8B on 80 GB -23.8% -> -8.2%, 70B on 80 GB -10.9% ->
    // -2.3%), the 70B 48 GB row -1.2% -> +1.6%, the two smallest unchanged (the loss's logits chunk outlasts the
    // backward there; their 3,000 and 22,000 tokens' chunk the real code, on a GPU that nearly full, cuts to half the
    // free memory: 8 GB +22.5%, 12 GB +6.1%). Median 18.1% -> 6.1%, worst 23.8% -> 22.5%.
    EXPECT_LE(testing::median(errors["unsloth"]), 0.062);
    EXPECT_LE(*std::max_element(errors["unsloth"].begin(), errors["unsloth"].end()), 0.226);
    // The Hugging Face + FA2 rows: all under by 18-23% (their logits' loss holds 14 bytes per logit here; the slope
    // between the 48 and 80 GB rows is about 20 per logit). Hugging Face QLoRA's fp32 residual stream
    // (estimate/common/hf_stack.h: TRL runs PEFT's prepare_model_for_kbit_training, whose fp32 norms make every
    // layer input after the first and the MLP's gate/up outputs fp32; added 2026-12-07, no constant fitted): the
    // 80 GB rows -18.3% -> -8.7% (8B) and -18.7% -> -7.4% (70B), the 12 GB row -22.5% -> -20.4% (its 932 tokens
    // leave the fixed part, about 2.3 GiB short at zero tokens on the tables' line, unexplained). Median 19.1% ->
    // 10.7%, worst 22.5% -> 20.4%.
    EXPECT_LE(testing::median(errors["hf"]), 0.108);
    EXPECT_LE(*std::max_element(errors["hf"].begin(), errors["hf"].end()), 0.205);
    // At the same context Unsloth's estimate is below Hugging Face's (the tables' point).
    for (const UnslothRow& r : rows) {
        if (r.stack == "unsloth") {
            EXPECT_LT(r.memory.total, r.asHf.total) << r.id;
        }
    }
}

// Hugging Face QLoRA's fp32 residual stream (estimate/common/hf_stack.h): PEFT's k-bit preparation under TRL leaves
// the norms in fp32, so every checkpointed layer input after the first is fp32; the same plan under the generic stack
// keeps them at the compute width.
TEST(HfQlora, Fp32ResidualStream)
{
    Workload w;
    w.framework = TrainingStack::Hf;
    w.technique = Technique::Qlora;
    w.precision = Precision::Bf16;
    EXPECT_TRUE(hfQloraFp32Norms(w)); // weight_format same under qlora is NF4
    EXPECT_DOUBLE_EQ(hfLayerInputBytes(w, 2, 32), (2 + 31 * 4.0) / 32);
    EXPECT_DOUBLE_EQ(hfMlpIntermediateBytes(w), 4.0);
    w.technique = Technique::Lora; // no k-bit preparation without a quantized model
    EXPECT_FALSE(hfQloraFp32Norms(w));
    EXPECT_DOUBLE_EQ(hfLayerInputBytes(w, 2, 32), 2.0);
    EXPECT_DOUBLE_EQ(hfMlpIntermediateBytes(w), 0.0);
    w.technique = Technique::Qlora;
    w.framework = TrainingStack::Unsloth; // Unsloth's own get_peft_model
    EXPECT_FALSE(hfQloraFp32Norms(w));
    w.framework = TrainingStack::Hf;
    w.precision = Precision::Fp16; // TRL casts the embedding back only under bf16
    EXPECT_FALSE(hfQloraFp32Norms(w));

    const auto doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/cases-unsloth.json"));
    for (const auto& c : doc["cases"]) {
        if (c["id"] != "hf-fa2-l31-8b-qlora-r32-80gb-ctx")
            continue;
        MemoryBreakdown m[2];
        for (int i = 0; i < 2; ++i) {
            auto json = c["plan"];
            json["workload"]["framework"] = i == 0 ? "hf" : "auto";
            auto plan = planFromJson(json);
            ASSERT_TRUE(plan.ok());
            auto estimate = estimatePlan(*plan, builtinCatalog());
            ASSERT_TRUE(estimate.ok() && !estimate->results.empty());
            m[i] = estimate->results.front().memory;
        }
        // 32 checkpointed layer inputs and the embedding output and final norm's input and output, 28,454 tokens of
        // 4,096: the first layer's input at 2 bytes, the others at 4 (the recomputed layer never meets the logits).
        const double widening = (2 + 31 * 4.0) / 32 - 2;
        EXPECT_NEAR(m[0].activations - m[1].activations, (32 + 3) * widening * 28454.0 * 4096, 1e6);
        EXPECT_DOUBLE_EQ(m[0].logits, m[1].logits);
        EXPECT_DOUBLE_EQ(m[0].weights, m[1].weights);
        return;
    }
    FAIL() << "row not found";
}

// Unsloth's offloaded checkpoints cross the host link twice per recomputed layer but the last, every micro-batch:
// busy time on PCIe where the same plan under framework hf has none.
TEST(UnslothStack, OffloadedCheckpointsCrossPcie)
{
    const auto doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/cases-unsloth.json"));
    for (const auto& c : doc["cases"]) {
        if (c["id"] != "unsloth-l31-8b-qlora-r32-80gb-ctx")
            continue;
        double busy[2] = { -1, -1 };
        for (int i = 0; i < 2; ++i) {
            auto json = c["plan"];
            json["workload"]["framework"] = i == 0 ? "unsloth" : "hf";
            auto plan = planFromJson(json);
            ASSERT_TRUE(plan.ok());
            auto estimate = estimatePlan(*plan, builtinCatalog());
            ASSERT_TRUE(estimate.ok() && !estimate->results.empty());
            const CandidateResult& r = estimate->results.front();
            const auto model = resolveModel(plan->model);
            ASSERT_TRUE(model.ok());
            const auto hw = resolveCandidate(plan->candidates.front(), builtinCatalog(), r.nodes, "candidates[0]");
            ASSERT_TRUE(hw.ok());
            const ThroughputEstimate t = estimateThroughput(*model, workloadOnGpu(plan->workload, hw->gpu),
                r.configuration, *hw, r.memory, plan->assumptions, builtinCatalog());
            busy[i] = t.pcieBusySeconds;
            if (i == 0)
                std::printf("unsloth 8B at 342,733 tokens: step %.1f s, PCIe busy %.2f s, exposed %.2f s\n",
                    t.step.total, t.pcieBusySeconds, t.step.offload);
        }
        // 31 layer inputs of 342,733 x 4,096 bf16 (2.8 GB each) out and back: 174 GB at tens of GB/s.
        EXPECT_GT(busy[0], 1.0);
        EXPECT_EQ(busy[1], 0.0);
        return;
    }
    FAIL() << "row not found";
}

// Unsloth's loss: the fewest chunks (1, else a multiple of 4) whose fp32 logits fit the target; the hidden states'
// gradient beside one chunk's 16-bit logits and fp32 upcast.
TEST(UnslothStack, FusedLossChunks)
{
    const double gib = 1024.0 * 1024 * 1024;
    // 342,733 tokens x 128,256 x 4 bytes = 163.8 GiB of fp32 logits: 40.9 targets of 4 GiB, rounded up to 44 chunks.
    const double tokens = 342733;
    const double chunk = std::ceil(tokens / 44);
    EXPECT_DOUBLE_EQ(unslothLossBytes(tokens, 128256, 4096, 2, 4 * gib), tokens * 4096 * 2 + chunk * 128256 * (2 + 4));
    // Under the target: one chunk, the whole sequence's logits.
    EXPECT_DOUBLE_EQ(unslothLossBytes(1000, 128256, 4096, 2, 4 * gib), 1000 * 4096 * 2 + 1000 * 128256 * 6.0);
    // Far smaller than the Hugging Face loss on the same logits (bf16 logits and three fp32 tensors, 14 bytes each).
    EXPECT_LT(unslothLossBytes(tokens, 128256, 4096, 2, 4 * gib), 0.05 * tokens * 128256 * 14);
    EXPECT_EQ(unslothLossBytes(0, 128256, 4096, 2, 4 * gib), 0.0);
    // LoRA_MLP.backward: DW (tokens x 14,336) and dY (tokens x 4,096) in bf16, and one dequantized 14,336 x 4,096
    // projection under QLoRA.
    EXPECT_DOUBLE_EQ(
        unslothMlpBackwardBytes(1000, 4096, 14336, 2, true, 1), (1000.0 * (14336 + 4096) + 14336.0 * 4096) * 2);
    EXPECT_DOUBLE_EQ(unslothMlpBackwardBytes(1000, 4096, 14336, 2, false, 2), 1000.0 * (14336 + 4096));
}

// Which LoRA groups Unsloth fuses: whole groups only, at dropout 0, under framework unsloth.
TEST(UnslothStack, FusedLoraGroups)
{
    Workload w;
    w.framework = TrainingStack::Unsloth;
    w.technique = Technique::Qlora;
    w.lora.targetModules = { "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj" };
    UnslothFusedLora f = unslothFusedLora(w, 0.0);
    EXPECT_TRUE(f.qkv && f.o && f.mlp);
    EXPECT_TRUE(unslothFusesAllAdapters(w, 0.0));
    EXPECT_FALSE(unslothFusesAllAdapters(w, 0.05)); // PEFT's layers run where dropout is on
    w.lora.targetModules = { "q_proj", "v_proj" };
    f = unslothFusedLora(w, 0.0);
    EXPECT_FALSE(f.qkv);
    EXPECT_FALSE(unslothFusesAllAdapters(w, 0.0));
    w.lora.targetModules = { "all-linear" };
    EXPECT_TRUE(unslothFusesAllAdapters(w, 0.0));
    w.framework = TrainingStack::Hf;
    EXPECT_FALSE(unslothFusedLora(w, 0.0).mlp);
    EXPECT_FALSE(unslothOffloadsCheckpoints(w, Checkpointing::Full));
    w.framework = TrainingStack::Unsloth;
    EXPECT_TRUE(unslothOffloadsCheckpoints(w, Checkpointing::Full));
    EXPECT_FALSE(unslothOffloadsCheckpoints(w, Checkpointing::Selective));
}

// The plan file names the stack `unsloth` both ways; a misspelling is an error naming the field.
TEST(UnslothStack, PlanFileReadsAndWritesTheStack)
{
    const auto doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/cases-unsloth.json"));
    auto json = doc["cases"][0]["plan"];
    auto plan = planFromJson(json);
    ASSERT_TRUE(plan.ok());
    EXPECT_EQ(plan->workload.framework, TrainingStack::Unsloth);
    EXPECT_EQ(planToJson(*plan)["workload"]["framework"], "unsloth");
    json["workload"]["framework"] = "unslot";
    auto bad = planFromJson(json);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().toString().find("workload.framework"), std::string::npos) << bad.error().toString();
}

} // namespace
} // namespace gp
