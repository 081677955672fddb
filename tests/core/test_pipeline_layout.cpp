// A stated pipeline layout (workload.parallelism.pipeline_layout, Megatron's --pipeline-model-parallel-layout): its
// syntax and Megatron's refusals, each rank's work and memory from it by hand, and Megatron's launch flags for it.
#include "catalog/catalog.h"
#include "estimate/common/pipeline_stages.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "launch/launch.h"
#include "plan/pipeline_layout.h"
#include "planner/answer.h"
#include "test_launch_support.h"
#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace gp
{
namespace
{

using namespace gp::testing;

std::vector<PipelineLayoutStage> stagesOf(std::string_view text)
{
    const PipelineLayoutParse parsed = parsePipelineLayout(text);
    EXPECT_FALSE(parsed.problem.text) << text << ": " << fillWords(parsed.problem);
    return parsed.stages;
}

std::string problemOf(std::string_view text, int pipeline, int virtualStages, int layers, int mtp)
{
    const PipelineLayoutParse parsed = parsePipelineLayout(text);
    if (parsed.problem.text)
        return fillWords(parsed.problem);
    const auto problem = pipelineLayoutProblem(parsed, pipeline, virtualStages, layers, mtp);
    return problem ? fillWords(*problem) : std::string();
}

TEST(PipelineLayout, ReadsMegatronsSyntax)
{
    // parse_str_to_list's own example: "Ettt|(tt|)*29,m|L" is [E t t t] + [t t] x 29 + [m] + [L].
    const auto report = stagesOf("Ettt|(tt|)*29,m|L");
    ASSERT_EQ(report.size(), 32u);
    EXPECT_EQ(report[0], (PipelineLayoutStage { 1, 3, 0, 0 }));
    EXPECT_EQ(report[29], (PipelineLayoutStage { 0, 2, 0, 0 }));
    EXPECT_EQ(report[30], (PipelineLayoutStage { 0, 0, 1, 0 }));
    EXPECT_EQ(report[31], (PipelineLayoutStage { 0, 0, 0, 1 }));
    // Megatron-Bridge's DeepSeek-V3 map for PP 16 (deepseek_v3.py): the embedding and 4 layers, 14 x 4, 1 + MTP + loss.
    const auto bridge = stagesOf("Et*4|(t*4|)*14tmL");
    ASSERT_EQ(bridge.size(), 16u);
    EXPECT_EQ(bridge[0], (PipelineLayoutStage { 1, 4, 0, 0 }));
    EXPECT_EQ(bridge[15], (PipelineLayoutStage { 0, 1, 1, 1 }));
    EXPECT_EQ(problemOf("Et*4|(t*4|)*14tmL", 16, 1, 61, 1), "");
    EXPECT_EQ(problemOf("Et*4|(t*4|)*14tmL", 8, 2, 61, 1), "");
    EXPECT_EQ(problemOf("Ettt|(tt|)*29,m|L", 8, 4, 61, 1), "");
}

TEST(PipelineLayout, RefusesWhatMegatronRefuses)
{
    EXPECT_NE(problemOf("Et*4|x|L", 3, 1, 5, 0).find("character 'x'"), std::string::npos);
    EXPECT_NE(problemOf("Ett|tL", 4, 1, 3, 0).find("lists 2 stages, but pipeline x virtual_stages is 4 x 1"),
        std::string::npos);
    EXPECT_EQ(problemOf("tEt|tL", 2, 1, 3, 0), "must begin with the embedding E");
    EXPECT_EQ(problemOf("Ett|Lt", 2, 1, 3, 0), "must end with the loss L");
    EXPECT_EQ(problemOf("EEtt|tL", 2, 1, 3, 0), "must hold the embedding E exactly once");
    EXPECT_EQ(problemOf("EttL|tL", 2, 1, 3, 0), "must hold the loss L exactly once");
    EXPECT_EQ(problemOf("Ett|tL", 2, 1, 4, 0), "holds 3 decoder layers t, but the model has 4");
    EXPECT_EQ(problemOf("Ett|tL", 2, 1, 3, 1), "holds 0 MTP layers m, but workload.mtp_layers is 1");
    EXPECT_EQ(problemOf("Etm|tL", 2, 1, 2, 1), "must place every decoder layer t before the MTP layers m");
    EXPECT_EQ(problemOf("Etm|mL", 2, 1, 1, 2), "must place all MTP layers m in one stage");
    // Four stages at PP 2: stage 1 is rank 1's first virtual stage, not its last (stage 2 holds nothing).
    EXPECT_EQ(problemOf("Et|ttm||L", 2, 2, 3, 1),
        "must place the MTP layers m in the last virtual stage of their pipeline rank");
    // A repeat count that would unroll past any model refuses instead of filling memory.
    EXPECT_NE(problemOf("Et*99999999L", 1, 1, 1, 0).find("repeats the layout"), std::string::npos);
    // Text std::regex would recurse through (a group 60,000 characters long crashed the reader) is refused first.
    EXPECT_EQ(
        problemOf("E(" + std::string(60000, 't') + "L", 1, 1, 60000, 0), "must be at most 4096 characters, got 60003");
    // A repeat that unrolls into a long run of digits for the second pass is refused by the unrolled length.
    EXPECT_NE(problemOf("Et*(1)*1000000L", 1, 1, 1, 0).find("repeats the layout"), std::string::npos);
}

TEST(PipelineLayout, TheFirstAndLastRanksOfTheOlderFlagsAsALayout)
{
    // --decoder-first-pipeline-num-layers 3 --decoder-last-pipeline-num-layers 1 on 8 layers at PP 3: the middle
    // rank takes the other 4; the MTP layer and the loss on the last rank (transformer_block.py).
    EXPECT_EQ(pipelineLayoutFromFirstLast(8, 3, 1, 3, 1, 1), "Et*3|t*4|tmL");
    EXPECT_EQ(pipelineLayoutFromFirstLast(8, 4, 1, 2, -1, 0), "Et*2|t*2|t*2|t*2L");
    // Two virtual stages: each rank's layers split over them, stage i on rank i % 2.
    EXPECT_EQ(pipelineLayoutFromFirstLast(8, 2, 2, 2, -1, 0), "Et|t*3|t|t*3L");
    // What Megatron refuses: the middle ranks' layers not even.
    EXPECT_EQ(pipelineLayoutFromFirstLast(8, 4, 1, 3, -1, 0), std::nullopt);
}

TEST(PipelineLayout, TheSlowestRankOfAStatedLayoutByHand)
{
    // The head (output layer and loss) does 0.2 of the work, the MTP layer 0.1, the 8 decoder layers 0.7 / 8 each.
    // "Ett|ttt|ttt|mL" at PP 4: 0.175, 0.2625, 0.2625 and 0.1 + 0.2 = 0.3; the mean rank 0.25: 1.2.
    ParallelismSpec spec;
    spec.pipelineLayout = "Ett|ttt|ttt|mL";
    const auto ranks = statedPipelineRanks(spec, 4, 1);
    ASSERT_EQ(ranks.size(), 4u);
    EXPECT_NEAR(pipelineSlowestRankFactor(ranks, 0.2, 0.1), 0.3 * 4, 1e-12);
    // Two virtual stages at PP 2 ("Et|tt|tt|tmL"): rank 0 builds stages 0 and 2 (3 layers), rank 1 stages 1 and 3
    // (3 layers, the MTP layer and the head): 3 x 0.7 / 6 + 0.3 = 0.65 over the mean 0.5: 1.3.
    spec.pipelineLayout = "Et|tt|tt|tmL";
    EXPECT_NEAR(pipelineSlowestRankFactor(statedPipelineRanks(spec, 2, 2), 0.2, 0.1), 1.3, 1e-12);
    // A configuration of another shape does not run the layout: the split places the layers (4 + 4, head last).
    EXPECT_TRUE(statedPipelineRanks(spec, 3, 1).empty());
    EXPECT_NEAR(pipelineSlowestRankFactor(pipelineRanks(spec, 6, 2, 1, 1), 0.2, 0.1), 2 * (3 * 0.7 / 6 + 0.3), 1e-12);
}

TEST(PipelineLayout, MemoryHoldsTheRankWithTheMost)
{
    // Llama 2 7B cut to 4 layers at PP 2, 1F1B with 8 micro-batches: rank 0 holds 2 micro-batches in flight, rank 1
    // one. "Et*3|tL": rank 0 the embedding and 3 layers, activations of 3 layers x 2; "Et|t*3L": rank 1 the head and
    // 3 layers, activations of 3 layers x 1, i.e. 1.5 layers at rank 0's in-flight count.
    Architecture a = llama2_7b();
    a.numLayers = 4;
    const ResolvedModel m = modelFrom(a);
    const ParameterCounts& c = m.parameters;
    const double bodyPerLayer = (c.total - c.embedding - c.outputHead) / 4;
    Workload w;
    Configuration cfg;
    cfg.pipeline = 2;
    cfg.data = 1;
    cfg.gradientAccumulationSteps = 8;
    const MemoryDefaults defaults = memoryDefaults(Assumptions {}, builtinCatalog());
    w.parallelism.pipelineLayout = "Et*3|tL";
    const TrainingMemoryBasis first = trainingMemoryBasis(m, w, cfg, defaults);
    EXPECT_NEAR(first.modelShare, c.embedding + 3 * bodyPerLayer, 1.0);
    EXPECT_NEAR(first.storingLayers, 3.0, 1e-12);
    w.parallelism.pipelineLayout = "Et|t*3L";
    const TrainingMemoryBasis last = trainingMemoryBasis(m, w, cfg, defaults);
    EXPECT_NEAR(last.modelShare, c.outputHead + 3 * bodyPerLayer, 1.0);
    EXPECT_NEAR(last.storingLayers, 1.5, 1e-12);
    // Without a layout: ceil(4 / 2) = 2 layers at rank 0's in-flight count, the larger end's parameters.
    w.parallelism.pipelineLayout.clear();
    const TrainingMemoryBasis split = trainingMemoryBasis(m, w, cfg, defaults);
    EXPECT_NEAR(split.storingLayers, 2.0, 1e-12);
    EXPECT_NEAR(split.modelShare, std::max(c.embedding, c.outputHead) + 2 * bodyPerLayer, 1.0);
}

TEST(PipelineLayout, ThePlanReadsItAndRefusesItNamingTheField)
{
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-2-7b"},
        "workload": {"mode": "training", "parallelism": {"pipeline": 2, "pipeline_layout": "Et*16|t*16L"}}})");
    ASSERT_TRUE(plan) << plan.error().toString();
    EXPECT_EQ(plan->workload.parallelism.pipelineLayout, "Et*16|t*16L");
    EXPECT_TRUE(planToJson(*plan)["workload"]["parallelism"]["pipeline_layout"] == "Et*16|t*16L");
    auto bad = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-2-7b"},
        "workload": {"mode": "training", "parallelism": {"pipeline": 4, "pipeline_layout": "Et*16|t*16L"}}})");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().field, "workload.parallelism.pipeline_layout");
    EXPECT_NE(bad.error().message.find("lists 2 stages"), std::string::npos) << bad.error().message;
    // The layer count against the model's 32 at the estimate.
    auto wrong = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-2-7b"},
        "search": {"enabled": false}, "candidates": [{"instance": "aws:p5.48xlarge"}],
        "workload": {"mode": "training", "parallelism": {"pipeline": 2, "pipeline_layout": "Et*16|t*15L"}}})");
    ASSERT_TRUE(wrong) << wrong.error().toString();
    auto estimate = estimatePlan(*wrong, builtinCatalog());
    ASSERT_FALSE(estimate);
    EXPECT_EQ(estimate.error().field, "workload.parallelism.pipeline_layout");
    EXPECT_NE(estimate.error().message.find("holds 31 decoder layers t, but the model has 32"), std::string::npos);
    // DualPipe's ranks hold stages from both ends, which Megatron's layout cannot state: refused, not approximated.
    auto dual = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-2-7b"},
        "search": {"enabled": false}, "candidates": [{"instance": "aws:p5.48xlarge"}],
        "workload": {"mode": "training", "gradient_accumulation_steps": 8,
                     "parallelism": {"pipeline": 2, "pipeline_schedule": "dualpipe", "pipeline_layout": "Et*16|t*16L"}}})");
    ASSERT_TRUE(dual) << dual.error().toString();
    auto refused = estimatePlan(*dual, builtinCatalog());
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().field, "workload.parallelism.pipeline_layout");
    EXPECT_NE(refused.error().message.find("Megatron-LM has no dualpipe schedule"), std::string::npos)
        << refused.error().message;
}

TEST(PipelineLayout, MegatronLaunchFilesStateIt)
{
    const std::string base = "#!/bin/bash\ntorchrun --nproc_per_node 8 pretrain_gpt.py --num-layers 8 "
                             "--hidden-size 1024 --num-attention-heads 16 --seq-length 2048 --micro-batch-size 1 "
                             "--global-batch-size 64 --bf16";
    // The flag as written; its 4 stages at PP 2 are 2 virtual stages (arguments.py).
    auto flag = gp::testing::launchMappedFields(
        base + " --pipeline-model-parallel-size 2 --pipeline-model-parallel-layout \"Et*2|t*2|t*2|t*2L\"\n",
        "train.sh");
    EXPECT_EQ(flag["workload.parallelism.pipeline_layout"], "Et*2|t*2|t*2|t*2L");
    EXPECT_EQ(flag["workload.parallelism.virtual_stages"], 2);
    EXPECT_EQ(flag["workload.parallelism.pipeline_schedule"], "interleaved");
    // The older first/last flags: the layout Megatron builds for them.
    auto firstLast = gp::testing::launchMappedFields(base
            + " --pipeline-model-parallel-size 3 --decoder-first-pipeline-num-layers 3 "
              "--decoder-last-pipeline-num-layers 1\n",
        "train.sh");
    EXPECT_EQ(firstLast["workload.parallelism.pipeline_layout"], "Et*3|t*4|tL");
    // Megatron-Bridge's model field, as a string and as its list of stages.
    EXPECT_EQ(
        gp::testing::launchMappedFields("model:\n  tensor_model_parallel_size: 1\n  pipeline_model_parallel_size: 2\n"
                                        "  pipeline_model_parallel_layout: Et*4|t*4L\n",
            "bridge.yaml")["workload.parallelism.pipeline_layout"],
        "Et*4|t*4L");
    EXPECT_EQ(
        gp::testing::launchMappedFields("model:\n  tensor_model_parallel_size: 1\n  pipeline_model_parallel_size: 2\n  "
                                        "pipeline_model_parallel_layout:\n"
                                        "  - [embedding, decoder, decoder]\n  - [decoder, mtp, loss]\n",
            "bridge.yaml")["workload.parallelism.pipeline_layout"],
        "Ett|tmL");
}

TEST(PipelineLayout, MegatronExportWritesItAndReadsItBack)
{
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-2-7b"},
        "search": {"enabled": false}, "candidates": [{"instance": "aws:p5.48xlarge"}],
        "workload": {"mode": "training", "framework": "megatron", "global_batch_size": 64,
                     "activation_checkpointing": "full", "sequence_length": 2048,
                     "parallelism": {"data": 4, "pipeline": 2, "zero_stage": 1,
                                     "pipeline_layout": "Et*20|t*12L"}}})");
    ASSERT_TRUE(plan) << plan.error().toString();
    auto answer = answerPlan(*plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    ASSERT_TRUE(answer->recommendation());
    auto exported = exportLaunch(*plan, *answer, builtinCatalog(), "megatron", "layout");
    ASSERT_TRUE(exported) << exported.error().toString();
    ASSERT_FALSE(exported->files.empty());
    const LaunchFile& script = exported->files.front();
    EXPECT_NE(script.text.find("--pipeline-model-parallel-layout 'Et*20|t*12L'"), std::string::npos) << script.text;
    EXPECT_EQ(script.text.find("--account-for"), std::string::npos);
    const auto read = gp::testing::launchMappedFields(script.text, script.name);
    EXPECT_EQ(read.at("workload.parallelism.pipeline_layout"), "Et*20|t*12L");
    EXPECT_EQ(read.at("workload.parallelism.pipeline"), 2);
    EXPECT_EQ(read.count("workload.parallelism.virtual_stages"), 0u);
    // The other stacks place the stages' layers themselves: their files say the layout is not written.
    for (const char* format : { "torchtitan", "deepspeed" }) {
        auto other = exportLaunch(*plan, *answer, builtinCatalog(), format, "layout");
        ASSERT_TRUE(other) << format << ": " << other.error().toString();
        const bool said = std::any_of(other->notes.begin(), other->notes.end(), [](const std::string& note) {
            return note.find("pipeline_layout: ") == 0 && note.find("Et*20|t*12L") != std::string::npos;
        });
        EXPECT_TRUE(said) << format;
    }
}

} // namespace
} // namespace gp
