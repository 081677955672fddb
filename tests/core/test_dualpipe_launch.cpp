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

// PyTorch's ScheduleDualPipeV refuses stages holding a torch.compile'd module (pytorch/pytorch@00722e64
// schedules.py _check_torch_compile_compatibility); torchtitan compiles every block of its stages. A compiled
// loss alone is no stage module and runs.
TEST(DualPipeLaunch, TorchtitanDualPipeVRefusesACompiledModel)
{
    const std::string head = "[parallelism]\npipeline_parallel_degree = 4\npipeline_parallel_schedule = \"DualPipeV\"\n"
                             "[training]\nlocal_batch_size = 8\n";
    auto compiled = readLaunchFile(head + "[compile]\nenable = true\n", "titan.toml");
    ASSERT_FALSE(compiled);
    EXPECT_EQ(compiled.error().field, "compile.enable") << compiled.error().toString();
    EXPECT_EQ(compiled.error().file, "titan.toml:7") << compiled.error().toString();
    EXPECT_NE(compiled.error().message.find("ScheduleDualPipeV"), std::string::npos) << compiled.error().message;
    auto older = readLaunchFile(head + "compile = true\n", "titan.toml");
    ASSERT_FALSE(older);
    EXPECT_EQ(older.error().field, "training.compile") << older.error().toString();
    // The loss alone compiled, the model not: it runs.
    auto loss = readLaunchFile(head + "[compile]\nenable = true\ncomponents = [\"loss\"]\n", "titan.toml");
    ASSERT_TRUE(loss) << loss.error().toString();
    // Another schedule compiles, and so does DualPipeV without a pipeline (torchtitan builds no schedule).
    auto other = readLaunchFile("[parallelism]\npipeline_parallel_degree = 4\npipeline_parallel_schedule = \"1F1B\"\n"
                                "[compile]\nenable = true\n",
        "titan.toml");
    ASSERT_TRUE(other) << other.error().toString();
    auto single = readLaunchFile("[parallelism]\npipeline_parallel_degree = 1\npipeline_parallel_schedule = "
                                 "\"DualPipeV\"\n[compile]\nenable = true\n",
        "titan.toml");
    ASSERT_TRUE(single) << single.error().toString();
}

TEST(DualPipeLaunch, TorchtitanPlanWithDualPipeVAndCompileIsAnError)
{
    Plan compiled = dualPipePlan("dualpipev");
    compiled.workload.framework = TrainingStack::Torchtitan;
    compiled.workload.torchCompile = true;
    auto refused = estimatePlan(compiled, builtinCatalog());
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().field, "workload.torch_compile") << refused.error().toString();
    // The same plan without torch.compile, or under another stack, or with another schedule, runs.
    Plan eager = compiled;
    eager.workload.torchCompile = false;
    EXPECT_TRUE(estimatePlan(eager, builtinCatalog()).ok());
    Plan deepspeed = compiled;
    deepspeed.workload.framework = TrainingStack::Deepspeed;
    auto other = estimatePlan(deepspeed, builtinCatalog());
    EXPECT_TRUE(other.ok()) << other.error().toString();
    Plan oneF = dualPipePlan("1f1b");
    oneF.workload.framework = TrainingStack::Torchtitan;
    oneF.workload.torchCompile = true;
    EXPECT_TRUE(estimatePlan(oneF, builtinCatalog()).ok());
    // While the planner chooses the layout, it keeps to layouts without a pipeline.
    Plan searched = compiled;
    searched.search.enabled = true;
    auto answer = answerPlan(searched, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    ASSERT_TRUE(answer->recommendation());
    EXPECT_EQ(answer->recommendation()->best.configuration.pipeline, 1);
}

// torchtitan's pipeline_parallel_expert_parallel_overlap (default true, torchtitan@6656c68e configs.py): no plan
// field holds it, so the import lists it with what it means for the estimate.
TEST(DualPipeLaunch, TorchtitanExpertOverlapFlagIsReviewed)
{
    for (const bool on : { true, false }) {
        const std::string text = std::string("[parallelism]\npipeline_parallel_degree = 4\n"
                                             "pipeline_parallel_schedule = \"DualPipeV\"\n"
                                             "pipeline_parallel_expert_parallel_overlap = ")
            + (on ? "true" : "false") + "\n";
        auto read = readLaunchFile(text, "titan.toml");
        ASSERT_TRUE(read) << read.error().toString();
        const auto flag = std::find_if(read->ignored.begin(), read->ignored.end(), [](const LaunchIgnoredField& f) {
            return f.field == "parallelism.pipeline_parallel_expert_parallel_overlap";
        });
        ASSERT_NE(flag, read->ignored.end());
        EXPECT_EQ(flag->line, 4);
        ASSERT_FALSE(flag->words.empty());
        EXPECT_STREQ(flag->words.front().text, on ? words::kIgnoredEpOverlapDefault : words::kIgnoredEpOverlapOff);
        EXPECT_FALSE(read->overrides["workload"].contains("moe_a2a_overlap"));
    }
    auto bad = readLaunchFile("[parallelism]\npipeline_parallel_expert_parallel_overlap = \"yes\"\n", "titan.toml");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().field, "parallelism.pipeline_parallel_expert_parallel_overlap");
}

} // namespace
} // namespace gp
