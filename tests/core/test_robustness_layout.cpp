// Layouts the hardware or the model cannot hold: more tensor-parallel ranks than GPUs, heads that do not
// divide the hidden size or the tensor degree, more pipeline stages than layers. Refused with the field named
// (whole plan) or reported as a candidate that does not fit (one candidate among others).
#include "test_robustness_support.h"

#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "planner/planner.h"
#include "transformer/model_library.h"

#include <gtest/gtest.h>

using namespace gp;
using gp::robustness::expectFiniteResult;
using gp::robustness::mustParse;
using gp::robustness::planText;
using nlohmann::json;

namespace
{

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

TEST(RobustnessLayout, TensorBeyondEveryCandidateIsRefused)
{
    // tensor 16 on one 8-GPU instance: no candidate can hold the layout.
    const Plan plan = mustParse(planText([](json& p) { p["workload"]["parallelism"]["tensor"] = 16; }));
    auto estimate = estimatePlan(plan, builtinCatalog());
    ASSERT_FALSE(estimate.ok());
    EXPECT_EQ(estimate.error().field, "workload.parallelism.tensor");
    EXPECT_TRUE(contains(estimate.error().message, "16")) << estimate.error().message;
    EXPECT_TRUE(contains(estimate.error().message, "candidates[0]")) << estimate.error().message;
}

TEST(RobustnessLayout, TensorBeyondOneCandidateFailsOnlyThatCandidate)
{
    // tensor 16: 8 A100s cannot hold it, 16 on one node can.
    const Plan plan = mustParse(planText([](json& p) {
        p["workload"]["parallelism"]["tensor"] = 16;
        p["model"] = { { "preset", "llama-2-70b" } };
        p["candidates"] = { { { "gpu", "a100-80gb-sxm" }, { "gpus_per_node", 8 } },
            { { "gpu", "a100-80gb-sxm" }, { "gpus_per_node", 16 } } };
    }));
    auto estimate = estimatePlan(plan, builtinCatalog());
    ASSERT_TRUE(estimate.ok()) << estimate.error().toString();
    ASSERT_EQ(estimate->results.size(), 2u);
    ASSERT_TRUE(estimate->results[0].failure.has_value());
    EXPECT_EQ(estimate->results[0].failure->code, "invalid_configuration");
    EXPECT_FALSE(estimate->results[0].fits);
    EXPECT_EQ(estimate->results[1].configuration.tensor, 16);
    EXPECT_EQ(estimate->results[1].configuration.data, 1);
    expectFiniteResult(estimate->results[1]);
}

TEST(RobustnessLayout, HeadsNotDividingHiddenAreRefused)
{
    const Plan plan = mustParse(planText([](json& p) {
        p["model"] = { { "architecture",
            { { "hidden_size", 4096 }, { "num_layers", 32 }, { "num_attention_heads", 30 },
                { "intermediate_size", 11008 }, { "vocab_size", 32000 } } } };
    }));
    for (bool search : { false, true }) {
        SCOPED_TRACE(search ? "plan" : "estimate");
        const Error error
            = search ? searchPlan(plan, builtinCatalog()).error() : estimatePlan(plan, builtinCatalog()).error();
        EXPECT_EQ(error.field, "model.architecture.num_attention_heads");
        EXPECT_TRUE(contains(error.message, "4096")) << error.message;
    }
}

TEST(RobustnessLayout, HeadDimMakesUnevenHeadsValid)
{
    // Gemma-style: hidden 3072, 16 heads of 256 (16 x 256 = 4096 != 3072) is a real architecture.
    const Plan plan = mustParse(planText([](json& p) {
        p["model"] = { { "architecture",
            { { "hidden_size", 3072 }, { "num_layers", 28 }, { "num_attention_heads", 16 }, { "head_dim", 256 },
                { "intermediate_size", 24576 }, { "vocab_size", 256000 } } } };
    }));
    auto estimate = estimatePlan(plan, builtinCatalog());
    ASSERT_TRUE(estimate.ok()) << estimate.error().toString();
    expectFiniteResult(estimate->results[0]);
}

TEST(RobustnessLayout, TensorNotDividingHeadsIsACandidateFailure)
{
    // 12 heads over tensor 8 (a BERT-base-sized decoder on one 8-GPU instance).
    const Plan plan = mustParse(planText([](json& p) {
        p["model"] = { { "architecture",
            { { "hidden_size", 768 }, { "num_layers", 12 }, { "num_attention_heads", 12 },
                { "intermediate_size", 3072 }, { "vocab_size", 30522 } } } };
        p["workload"]["parallelism"]["tensor"] = 8;
    }));
    auto estimate = estimatePlan(plan, builtinCatalog());
    ASSERT_TRUE(estimate.ok()) << estimate.error().toString();
    ASSERT_TRUE(estimate->results[0].failure.has_value());
    EXPECT_EQ(estimate->results[0].failure->code, "tensor_not_dividing_heads");
    EXPECT_FALSE(estimate->results[0].fits);
    expectFiniteResult(estimate->results[0]);
}

TEST(RobustnessLayout, PipelineBeyondLayersIsACandidateFailure)
{
    // 8 pipeline stages for a 4-layer model.
    const Plan plan = mustParse(planText([](json& p) {
        p["model"] = { { "architecture",
            { { "hidden_size", 1024 }, { "num_layers", 4 }, { "num_attention_heads", 16 },
                { "intermediate_size", 4096 }, { "vocab_size", 32000 } } } };
        p["workload"]["parallelism"]["pipeline"] = 8;
    }));
    auto estimate = estimatePlan(plan, builtinCatalog());
    ASSERT_TRUE(estimate.ok()) << estimate.error().toString();
    ASSERT_TRUE(estimate->results[0].failure.has_value());
    EXPECT_EQ(estimate->results[0].failure->code, "pipeline_exceeds_layers");
}

TEST(RobustnessLayout, DataTimesTensorNotMatchingGpusIsACandidateFailure)
{
    // data 3 x tensor 2 = 6 ranks on 8 GPUs.
    const Plan plan = mustParse(planText([](json& p) {
        p["workload"]["parallelism"]["tensor"] = 2;
        p["workload"]["parallelism"]["data"] = 3;
    }));
    auto estimate = estimatePlan(plan, builtinCatalog());
    ASSERT_TRUE(estimate.ok()) << estimate.error().toString();
    ASSERT_TRUE(estimate->results[0].failure.has_value());
    EXPECT_EQ(estimate->results[0].failure->code, "layout_mismatch");
}

TEST(RobustnessLayout, KvHeadsNotDividingHeadsAreRefused)
{
    const Plan plan = mustParse(planText([](json& p) {
        p["model"] = { { "preset", "llama-2-7b" }, { "architecture", { { "num_key_value_heads", 5 } } } };
    }));
    auto estimate = estimatePlan(plan, builtinCatalog());
    ASSERT_FALSE(estimate.ok());
    EXPECT_EQ(estimate.error().field, "model.architecture.num_key_value_heads");
}

TEST(RobustnessLayout, SeveralNodesWithoutNetworkAreACandidateFailure)
{
    // Bare GPUs on two nodes with no inter_node_gbps: a division by a zero bandwidth must not happen.
    const Plan plan = mustParse(planText([](json& p) {
        p["candidates"] = { { { "gpu", "a100-80gb-sxm" }, { "gpus_per_node", 8 }, { "nodes", 2 } } };
    }));
    auto estimate = estimatePlan(plan, builtinCatalog());
    ASSERT_TRUE(estimate.ok()) << estimate.error().toString();
    ASSERT_TRUE(estimate->results[0].failure.has_value());
    EXPECT_EQ(estimate->results[0].failure->code, "no_network");
    expectFiniteResult(estimate->results[0]);
}
