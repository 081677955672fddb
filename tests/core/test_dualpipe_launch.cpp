// DualPipe and DualPipeV in the launch files: torchtitan reads and writes "DualPipeV" (torch.distributed.pipelining's
// ScheduleDualPipeV); PyTorch has no DualPipe and Megatron-LM neither schedule, so those exports refuse, naming the
// plan's field.
#include "base/reader_words.h"
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "launch/launch.h"
#include "planner/answer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace gp
{
namespace
{

Plan dualPipePlan(const char* schedule)
{
    nlohmann::json j = nlohmann::json::parse(R"({
        "format": "gpu-planner-plan", "version": 1, "model": {"preset": "qwen3-1.7b"},
        "workload": {"mode": "training", "technique": "full", "precision": "bf16", "sequence_length": 4096,
                     "micro_batch_size": 1, "gradient_accumulation_steps": 8, "training_tokens": 1e9,
                     "parallelism": {"data": 2, "pipeline": 4}},
        "search": {"enabled": false},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 8, "nodes": 1}]})");
    j["workload"]["parallelism"]["pipeline_schedule"] = schedule;
    auto plan = planFromJson(j);
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
    return plan.ok() ? *plan : Plan {};
}

TEST(DualPipeLaunch, TorchtitanReadsDualPipeV)
{
    auto read
        = readLaunchFile("[parallelism]\npipeline_parallel_degree = 4\npipeline_parallel_schedule = \"DualPipeV\"\n"
                         "[training]\nlocal_batch_size = 8\n",
            "titan.toml");
    ASSERT_TRUE(read) << read.error().toString();
    auto applied = applyLaunchImport(dualPipePlan("1f1b"), *read);
    ASSERT_TRUE(applied) << applied.error().toString();
    EXPECT_EQ(applied->workload.parallelism.pipelineSchedule, PipelineSchedule::DualPipeV);
}

TEST(DualPipeLaunch, TorchtitanWritesDualPipeVAndTheOthersRefuse)
{
    const Plan v = dualPipePlan("dualpipev");
    auto answer = answerPlan(v, builtinCatalog());
    ASSERT_TRUE(answer && answer->recommendation());
    auto titan = exportLaunch(v, *answer, builtinCatalog(), "torchtitan", "plan");
    ASSERT_TRUE(titan) << titan.error().toString();
    const auto toml = std::find_if(
        titan->files.begin(), titan->files.end(), [](const LaunchFile& f) { return f.name == "torchtitan.toml"; });
    ASSERT_NE(toml, titan->files.end());
    EXPECT_NE(toml->text.find("pipeline_parallel_schedule = 'DualPipeV'"), std::string::npos) << toml->text;
    // Read back: the same schedule.
    auto back = readLaunchFile(toml->text, toml->name);
    ASSERT_TRUE(back) << back.error().toString();
    auto applied = applyLaunchImport(v, *back);
    ASSERT_TRUE(applied) << applied.error().toString();
    EXPECT_EQ(applied->workload.parallelism.pipelineSchedule, PipelineSchedule::DualPipeV);

    auto megatron = exportLaunch(v, *answer, builtinCatalog(), "megatron", "plan");
    ASSERT_FALSE(megatron);
    EXPECT_EQ(megatron.error().field, "workload.parallelism.pipeline_schedule");
    ASSERT_FALSE(megatron.error().words.empty());
    EXPECT_STREQ(megatron.error().words.front().text, words::kScheduleNotInFormat);

    const Plan dual = dualPipePlan("dualpipe");
    auto dualAnswer = answerPlan(dual, builtinCatalog());
    ASSERT_TRUE(dualAnswer && dualAnswer->recommendation());
    for (const char* format : { "torchtitan", "megatron" }) {
        auto refused = exportLaunch(dual, *dualAnswer, builtinCatalog(), format, "plan");
        ASSERT_FALSE(refused) << format;
        EXPECT_EQ(refused.error().field, "workload.parallelism.pipeline_schedule") << format;
        EXPECT_NE(refused.error().message.find("dualpipe"), std::string::npos) << refused.error().message;
    }
}

} // namespace
} // namespace gp
