// One reader and one writer of the architecture fields: what the typed API edits is what is saved and what is
// estimated.
#include "plan/architecture_json.h"
#include "plan/plan.h"
#include "transformer/model_library.h"

#include <gtest/gtest.h>

using namespace gp;

namespace
{

Plan planWithModel(const char* model)
{
    auto plan = parsePlan(std::string(R"({"format": "gpu-planner-plan", "version": 1, "model": )") + model + "}");
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    return plan ? *plan : Plan {};
}

} // namespace

TEST(ArchitectureCodec, TypedEditOfAPartialOverrideIsSavedAndEstimated)
{
    Plan plan = planWithModel(R"({"preset": "llama-2-7b", "architecture": {"num_layers": 16}})");
    ASSERT_TRUE(plan.model.architecture);
    auto before = resolveModel(plan.model);
    ASSERT_TRUE(before);
    EXPECT_EQ(before->architecture.numLayers, 16);
    EXPECT_EQ(before->architecture.hiddenSize, 4096); // the rest is the preset's

    plan.model.architecture->numLayers = 8; // an edit through the typed API
    auto edited = resolveModel(plan.model);
    ASSERT_TRUE(edited);
    EXPECT_EQ(edited->architecture.numLayers, 8);

    const nlohmann::json saved = planToJson(plan);
    EXPECT_EQ(saved["model"]["architecture"], (nlohmann::json { { "num_layers", 8 } })); // still a partial override
    auto reread = parsePlan(serializePlan(plan));
    ASSERT_TRUE(reread);
    auto resolved = resolveModel(reread->model);
    ASSERT_TRUE(resolved);
    EXPECT_EQ(resolved->architecture.numLayers, 8);
    EXPECT_EQ(resolved->parameters.total, edited->parameters.total);
}

TEST(ArchitectureCodec, WrittenArchitectureReadsBackToTheSameArchitecture)
{
    for (const ModelPreset& preset : modelPresets()) {
        const nlohmann::json written = architectureToJson(preset.architecture);
        auto read = readArchitecture(written, Architecture {}, "model.architecture");
        ASSERT_TRUE(read) << preset.id << ": " << read.error().toString();
        EXPECT_EQ(architectureToJson(*read), written) << preset.id;
        // The values, not the codec's own JSON on both sides: a field the writer drops reads back as its default.
        EXPECT_TRUE(*read == preset.architecture) << preset.id;
        EXPECT_EQ(countParameters(*read).total, countParameters(preset.architecture).total) << preset.id;
    }
}

TEST(ArchitectureCodec, PlanAndPresetsShareTheReaderAndItsMessages)
{
    // The same bad field gets the same message from a plan file and from the reader the presets use.
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1,
                               "model": {"architecture": {"hidden_size": 0}}})");
    ASSERT_FALSE(plan);
    auto direct = readArchitecture(nlohmann::json { { "hidden_size", 0 } }, Architecture {}, "model.architecture");
    ASSERT_FALSE(direct);
    EXPECT_EQ(plan.error().field, "model.architecture.hidden_size");
    EXPECT_EQ(direct.error().field, plan.error().field);
    EXPECT_EQ(direct.error().message, plan.error().message);
}

TEST(ArchitectureCodec, SharedAttentionNormNeedsParallelResidual)
{
    // LitGPT's Block refuses a shared norm in a sequential block (its norm_2 reads the attention's sum, not x).
    auto bad
        = readArchitecture(nlohmann::json { { "shared_attention_norm", true } }, Architecture {}, "model.architecture");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().field, "model.architecture.shared_attention_norm");
    auto good = readArchitecture(nlohmann::json { { "parallel_residual", true }, { "shared_attention_norm", true } },
        Architecture {}, "model.architecture");
    ASSERT_TRUE(good);
    EXPECT_TRUE(good->parallelResidual && good->sharedAttentionNorm);
    EXPECT_EQ(architectureToJson(*good)["shared_attention_norm"], true);
    EXPECT_FALSE(architectureToJson(Architecture {}).contains("parallel_residual"));
}
