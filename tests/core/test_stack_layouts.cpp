// Which layouts each training stack can run (planner_grid.h stackSplitsModel): Unsloth and LitGPT shard over
// data-parallel ranks only, so the search offers them no tensor, pipeline, context or expert parallelism; Megatron's
// search on the same plan scores those splits too.
#include "catalog/catalog.h"
#include "planner/planner.h"
#include "planner/planner_grid.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace gp
{
namespace
{

// Llama 3.1 70B full fine-tuning at 8k tokens on two 8 x H100 nodes, searched.
Expected<PlanSearchResult> layoutSearch(const std::string& framework)
{
    const nlohmann::json document = {
        { "format", "gpu-planner-plan" },
        { "version", 1 },
        { "model", { { "preset", "llama-3.1-70b" } } },
        { "workload",
            { { "mode", "training" }, { "framework", framework }, { "technique", "full" }, { "precision", "bf16" },
                { "optimizer", "adamw" }, { "sequence_length", 8192 }, { "global_batch_size", 64 },
                { "training_tokens", 1e9 } } },
        { "candidates",
            nlohmann::json::array({ { { "gpu", "h100-80gb-sxm" }, { "gpus_per_node", 8 }, { "nodes", 2 },
                { "inter_node_gbps", 3200 } } }) },
        { "search", { { "enabled", true } } },
    };
    auto plan = planFromJson(document);
    EXPECT_TRUE(plan.ok()) << (plan ? "" : plan.error().toString());
    if (!plan)
        return plan.error();
    return searchPlan(*plan, builtinCatalog());
}

bool layoutSplitsTheModel(const Configuration& c)
{
    return c.tensor > 1 || c.pipeline > 1 || c.context > 1 || c.expert > 1;
}

// Every configuration a search keeps (each candidate's choice and its cost/time frontier) and how many it scored.
bool keepsASplit(const PlanSearchResult& r)
{
    bool any = false;
    for (const CandidatePlan& c : r.candidates) {
        any = any || layoutSplitsTheModel(c.best.configuration);
        for (const ParetoPoint& p : c.frontier)
            any = any || layoutSplitsTheModel(p.configuration);
    }
    return any;
}

long layoutsScored(const PlanSearchResult& r)
{
    long n = 0;
    for (const CandidatePlan& c : r.candidates)
        n += c.configurationsEvaluated;
    return n;
}

TEST(StackLayouts, UnslothAndLitgptAreSearchedOverDataParallelLayoutsOnly)
{
    EXPECT_FALSE(stackSplitsModel(TrainingStack::Unsloth));
    EXPECT_FALSE(stackSplitsModel(TrainingStack::Litgpt));
    for (TrainingStack stack : { TrainingStack::Auto, TrainingStack::Megatron, TrainingStack::Torchtitan,
             TrainingStack::Deepspeed, TrainingStack::Hf, TrainingStack::Automodel })
        EXPECT_TRUE(stackSplitsModel(stack)) << toString(stack);

    const auto megatron = layoutSearch("megatron");
    ASSERT_TRUE(megatron.ok() && !megatron->candidates.empty());
    for (const char* framework : { "unsloth", "litgpt" }) {
        const auto searched = layoutSearch(framework);
        ASSERT_TRUE(searched.ok() && !searched->candidates.empty()) << framework;
        EXPECT_TRUE(searched->candidates.front().fits) << framework; // ZeRO-3 over the 16 GPUs, offloaded
        EXPECT_FALSE(keepsASplit(*searched)) << framework;
        EXPECT_GT(layoutsScored(*searched), 0) << framework;
        EXPECT_LT(layoutsScored(*searched), layoutsScored(*megatron)) << framework; // Megatron's splits scored too
    }
}

} // namespace
} // namespace gp
