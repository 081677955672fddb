// Packed training documents (workload.document_tokens): attention within each document, everything else as the
// unpacked sequence. Each check compares the packed plan with the unpacked plans it is made of.
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/throughput_model.h"
#include "plan/plan.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"
#include "transformer/training_flops.h"

#include <gtest/gtest.h>

#include <string>

namespace gp
{
namespace
{

Expected<Plan> packedPlan(const std::string& workloadFields)
{
    return parsePlan(R"({ "format": "gpu-planner-plan", "version": 1, "model": { "preset": "llama-2-7b" },
        "workload": { "mode": "training", )"
        + workloadFields + R"( } })");
}

TEST(PackedDocuments, ReadWrittenAndRefusedAboveTheSequenceNamingTheField)
{
    auto packed = packedPlan(R"("sequence_length": 4096, "document_tokens": 256)");
    ASSERT_TRUE(packed.ok()) << packed.error().toString();
    EXPECT_EQ(packed->workload.documentTokens, std::optional<std::int64_t>(256));
    EXPECT_EQ(planToJson(*packed)["workload"]["document_tokens"], 256);
    auto unpacked = packedPlan(R"("sequence_length": 4096)");
    ASSERT_TRUE(unpacked.ok());
    EXPECT_FALSE(planToJson(*unpacked)["workload"].contains("document_tokens")) << "absent unless set";
    EXPECT_TRUE(packedPlan(R"("sequence_length": 4096, "document_tokens": 4096)").ok()) << "one document a sequence";
    for (const char* bad : { R"("sequence_length": 4096, "document_tokens": 4097)",
             R"("sequence_length": 4096, "document_tokens": 0)", R"("sequence_length": 4096, "document_tokens": -5)",
             R"("sequence_length": 4096, "document_tokens": 1e30)", R"("document_tokens": "short")" }) {
        auto refused = packedPlan(bad);
        ASSERT_FALSE(refused.ok()) << bad;
        EXPECT_EQ(refused.error().field, "workload.document_tokens") << refused.error().toString();
    }
    auto above = packedPlan(R"("sequence_length": 2048, "document_tokens": 3000)");
    ASSERT_FALSE(above.ok());
    EXPECT_NE(above.error().toString().find("2048"), std::string::npos) << above.error().toString();
}

TEST(PackedDocuments, AttentionIsTheDocumentsAndTheLinearLayersTheSequences)
{
    const ResolvedModel m = gp::testing::modelFrom(gp::testing::llama2_7b());
    const Architecture& arch = m.architecture;
    for (Checkpointing policy : { Checkpointing::None, Checkpointing::Selective, Checkpointing::Full }) {
        SCOPED_TRACE(int(policy));
        Workload unpacked;
        unpacked.sequenceLength = 4096;
        Workload packed = unpacked;
        packed.documentTokens = 256;
        Workload shortSequences = unpacked;
        shortSequences.sequenceLength = 256;
        const TrainingFlopsPerToken p = trainingFlopsPerToken(arch, m.parameters, packed, policy);
        const TrainingFlopsPerToken u = trainingFlopsPerToken(arch, m.parameters, unpacked, policy);
        const TrainingFlopsPerToken s = trainingFlopsPerToken(arch, m.parameters, shortSequences, policy);
        // A token of a 256-token document attends as a token of a 256-token sequence...
        EXPECT_DOUBLE_EQ(p.attentionForwardHardware, s.attentionForwardHardware);
        EXPECT_DOUBLE_EQ(p.attentionBackward, s.attentionBackward);
        EXPECT_LT(p.attentionForwardHardware, u.attentionForwardHardware / 10);
        // ...and its linear layers and head are the sequence's, as is the score memory without a flash kernel.
        EXPECT_DOUBLE_EQ(p.linearHardware, u.linearHardware);
        EXPECT_DOUBLE_EQ(p.forward.head, u.forward.head);
        EXPECT_DOUBLE_EQ(p.scoreElementsPerToken, u.scoreElementsPerToken);
        EXPECT_DOUBLE_EQ(p.hardware - p.attentionForwardHardware - p.attentionBackward,
            u.hardware - u.attentionForwardHardware - u.attentionBackward);
    }
    // A document as long as the sequence is the unpacked plan.
    Workload whole;
    whole.documentTokens = whole.sequenceLength;
    Workload plain;
    EXPECT_DOUBLE_EQ(trainingFlopsPerToken(arch, m.parameters, whole, Checkpointing::None).hardware,
        trainingFlopsPerToken(arch, m.parameters, plain, Checkpointing::None).hardware);
}

TEST(PackedDocuments, StepLosesTheAttentionItNoLongerRunsAndKeepsItsTokensAndMemory)
{
    const ResolvedModel m = gp::testing::modelFrom(gp::testing::llama2_7b());
    const Hardware hw = gp::testing::catalogHardware(builtinCatalog(), "h100-80gb-sxm", 8, "nvlink4");
    Configuration c;
    c.data = 8;
    c.gradientAccumulationSteps = 4;
    Workload unpacked;
    unpacked.sequenceLength = 4096;
    Workload packed = unpacked;
    packed.documentTokens = 200;
    const MemoryBreakdown memU = estimateMemory(m, unpacked, c, hw, {}, builtinCatalog());
    const MemoryBreakdown memP = estimateMemory(m, packed, c, hw, {}, builtinCatalog());
    EXPECT_DOUBLE_EQ(memP.total, memU.total) << "a packed sequence holds as many tokens";
    const ThroughputEstimate u = estimateThroughput(m, unpacked, c, hw, memU, {}, builtinCatalog());
    const ThroughputEstimate p = estimateThroughput(m, packed, c, hw, memP, {}, builtinCatalog());
    EXPECT_DOUBLE_EQ(p.tokensPerStep, u.tokensPerStep);
    ASSERT_GT(u.attentionSeconds, 0);
    EXPECT_LT(p.attentionSeconds, u.attentionSeconds * 200 / 4096 * 1.01);
    // The step is shorter by the attention it drops, and by no more.
    const double dropped = u.attentionSeconds - p.attentionSeconds;
    EXPECT_LT(p.step.total, u.step.total);
    EXPECT_NEAR(u.step.total - p.step.total, dropped, 0.05 * dropped);
    EXPECT_LT(p.modelFlopsPerToken, u.modelFlopsPerToken);
}

// NeMo 24.07's SFT rows (SQuAD packed to 4,096 tokens, tests/data/reference/cases-stacks.json) publish model TFLOP/s
// beside tokens/s: their FLOPs per token are the per-document attention's, which the rows' packed documents reproduce
// and one 4,096-token document a sequence does not.
TEST(PackedDocuments, NemoSftRowsCountTheModelFlopsTheirTablePublishes)
{
    const auto doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/cases-stacks.json"));
    int rows = 0;
    for (const auto& c : doc["cases"]) {
        if (!c["plan"]["workload"].contains("document_tokens"))
            continue;
        SCOPED_TRACE(c["id"].get<std::string>());
        const double published
            = c["measured"]["model_tflops_per_gpu"].get<double>() * 1e12 / c["measured"]["value"].get<double>();
        auto plan = planFromJson(c["plan"]);
        ASSERT_TRUE(plan.ok()) << plan.error().toString();
        auto packed = estimatePlan(*plan, builtinCatalog());
        Plan whole = *plan;
        whole.workload.documentTokens.reset();
        auto unpacked = estimatePlan(whole, builtinCatalog());
        ASSERT_TRUE(packed.ok() && unpacked.ok() && !packed->results.empty() && !unpacked->results.empty());
        const double p = packed->results.front().trainingFlops / plan->workload.trainingTokens;
        const double u = unpacked->results.front().trainingFlops / plan->workload.trainingTokens;
        EXPECT_NEAR(p / published, 1.0, 0.01) << p / 1e9 << " against " << published / 1e9 << " GFLOP";
        EXPECT_GT(u / published, 1.03) << "one document a sequence counts attention the run did not do";
        ++rows;
    }
    EXPECT_EQ(rows, 3);
}

} // namespace
} // namespace gp
