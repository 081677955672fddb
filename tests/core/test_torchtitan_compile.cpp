// torchtitan's torch.compile settings in its job TOML: what the import makes of them (workload.torch_compile and
// workload.loss_implementation "compiled"), what the export writes, the round trip of both, and bad values.
// torchtitan: [training] compile compiled the model alone until bbb1b616e (2025-04-02, #1033), the model and the loss
// until 08b8b244f (2025-08-20, #1608), which replaced it with [compile] enable and components (default both).
#include "catalog/catalog.h"
#include "launch/launch.h"
#include "planner/answer.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace gp
{
namespace
{

// The plan field's value the import maps from `field` of the file; null when it maps none.
nlohmann::json compileMappedValue(const LaunchImport& read, const std::string& planField, const std::string& field)
{
    nlohmann::json value;
    for (const auto& m : read.mapped)
        if (m.planField == planField && m.field == field)
            value = m.value;
    return value;
}

Plan importedOnto(const Plan& base, const LaunchImport& read)
{
    auto plan = applyLaunchImport(base, read);
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    return plan ? *plan : Plan {};
}

Plan compileDefaultPlan()
{
    auto plan = parsePlan(defaultPlanText());
    EXPECT_TRUE(plan);
    return plan ? *plan : Plan {};
}

TEST(TorchtitanCompile, TrainingCompileCompilesTheModelAndTheLoss)
{
    auto read = readLaunchFile("[training]\ncompile = true\n", "train.toml");
    ASSERT_TRUE(read) << read.error().toString();
    EXPECT_EQ(compileMappedValue(*read, "workload.torch_compile", "training.compile"), nlohmann::json(true));
    EXPECT_EQ(
        compileMappedValue(*read, "workload.loss_implementation", "training.compile"), nlohmann::json("compiled"));
    const Plan plan = importedOnto(compileDefaultPlan(), *read);
    EXPECT_TRUE(plan.workload.torchCompile);
    EXPECT_EQ(plan.workload.lossImplementation, LossImplementation::Compiled);
}

// A file of torchtitan's layout before bbb1b616e (the degrees under [training] and [experimental] until 785c34c99 of
// 2025-03-18, float8.enable_float8_linear until 57387af0e of 2025-02-15; train_configs/llama3_8b.toml @9dec370):
// training.compile compiled the model alone.
TEST(TorchtitanCompile, AnOlderLayoutsTrainingCompileLeavesTheLoss)
{
    for (const char* older : { "[training]\ntensor_parallel_degree = 1\n",
             "[experimental]\npipeline_parallel_degree = 1\n", "[float8]\nenable_float8_linear = false\n" }) {
        SCOPED_TRACE(older);
        const std::string text = std::string("[model]\nname = \"llama3\"\n") + older
            + (std::string(older).rfind("[training]", 0) == 0 ? "" : "[training]\n") + "compile = true\n";
        auto read = readLaunchFile(text, "train.toml");
        ASSERT_TRUE(read) << read.error().toString();
        EXPECT_EQ(compileMappedValue(*read, "workload.torch_compile", "training.compile"), nlohmann::json(true));
        EXPECT_EQ(compileMappedValue(*read, "workload.loss_implementation", "training.compile"), nlohmann::json());
        Plan base = compileDefaultPlan();
        base.workload.lossImplementation = LossImplementation::Compiled;
        EXPECT_EQ(importedOnto(base, *read).workload.lossImplementation, LossImplementation::Fp32Logits);
        bool said = false;
        for (const auto& i : read->ignored)
            said = said || (i.field == "training.compile" && i.reason.find("bbb1b616e") != std::string::npos);
        EXPECT_TRUE(said);
    }
}

// The older layout's degrees are read where that torchtitan kept them (train_configs/llama3_70b.toml @9dec370:
// tensor_parallel_degree = 8 and data_parallel_shard_degree = -1 under [training]), not taken for hyper-parameters.
TEST(TorchtitanCompile, TheOlderLayoutsDegreesAreRead)
{
    auto read = readLaunchFile("[training]\ndata_parallel_replicate_degree = 2\ndata_parallel_shard_degree = 4\n"
                               "tensor_parallel_degree = 8\n[experimental]\ncontext_parallel_degree = 2\n"
                               "pipeline_parallel_degree = 1\n",
        "train.toml");
    ASSERT_TRUE(read) << read.error().toString();
    EXPECT_EQ(
        compileMappedValue(*read, "workload.parallelism.tensor", "training.tensor_parallel_degree"), nlohmann::json(8));
    EXPECT_EQ(compileMappedValue(*read, "workload.parallelism.data", "training.data_parallel_shard_degree"),
        nlohmann::json(8));
    EXPECT_EQ(compileMappedValue(*read, "workload.parallelism.data", "training.data_parallel_replicate_degree"),
        nlohmann::json(8));
    EXPECT_EQ(compileMappedValue(*read, "workload.parallelism.zero_stage", "training.data_parallel_shard_degree"),
        nlohmann::json(3));
    EXPECT_EQ(compileMappedValue(*read, "workload.parallelism.context", "experimental.context_parallel_degree"),
        nlohmann::json(2));
    EXPECT_EQ(compileMappedValue(*read, "workload.parallelism.pipeline", "experimental.pipeline_parallel_degree"),
        nlohmann::json(1));
    for (const auto& i : read->ignored)
        EXPECT_EQ(i.field.find("_degree"), std::string::npos) << i.field << ": " << i.reason;
    const Plan plan = importedOnto(compileDefaultPlan(), *read);
    EXPECT_EQ(plan.workload.parallelism.tensor, 8);
}

TEST(TorchtitanCompile, ALossNotCompiledIsThePlansDefault)
{
    Plan base = compileDefaultPlan();
    base.workload.lossImplementation = LossImplementation::Compiled;
    base.workload.torchCompile = true;
    for (const char* text : { "[training]\ncompile = false\n", "[compile]\nenable = false\n",
             "[compile]\nenable = true\ncomponents = [\"model\"]\n",
             "[compile]\ncomponents = [\"model\", \"loss\"]\n" }) {
        SCOPED_TRACE(text);
        auto read = readLaunchFile(text, "train.toml");
        ASSERT_TRUE(read) << read.error().toString();
        for (const auto& m : read->mapped)
            EXPECT_NE(m.planField, "workload.loss_implementation") << m.field;
        const Plan plan = importedOnto(base, *read);
        EXPECT_EQ(plan.workload.lossImplementation, Workload {}.lossImplementation);
        EXPECT_EQ(plan.workload.torchCompile, std::string(text).find("enable = true") != std::string::npos);
    }
}

TEST(TorchtitanCompile, CompileComponentsDecideTheModelAndTheLossApart)
{
    struct Case {
        const char* text;
        bool model;
        bool loss;
    };
    for (const Case& c : { Case { "[compile]\nenable = true\n", true, true },
             Case { "[compile]\nenable = true\ncomponents = [\"model\", \"loss\"]\n", true, true },
             Case { "[compile]\nenable = true\ncomponents = [\"loss\"]\n", false, true },
             Case { "[compile]\nenable = true\ncomponents = []\n", false, false } }) {
        SCOPED_TRACE(c.text);
        auto read = readLaunchFile(c.text, "train.toml");
        ASSERT_TRUE(read) << read.error().toString();
        const std::string field
            = std::string(c.text).find("components") != std::string::npos ? "compile.components" : "compile.enable";
        EXPECT_EQ(compileMappedValue(*read, "workload.torch_compile", field), nlohmann::json(c.model));
        EXPECT_EQ(compileMappedValue(*read, "workload.loss_implementation", field),
            c.loss ? nlohmann::json("compiled") : nlohmann::json());
        const Plan plan = importedOnto(compileDefaultPlan(), *read);
        EXPECT_EQ(plan.workload.torchCompile, c.model);
        EXPECT_EQ(plan.workload.lossImplementation == LossImplementation::Compiled, c.loss);
    }
}

TEST(TorchtitanCompile, BackendAndTheOlderKeyBesideCompileAreListedAsIgnored)
{
    auto read = readLaunchFile(
        "[training]\ncompile = false\n[compile]\nenable = true\nbackend = \"aot_eager\"\n", "train.toml");
    ASSERT_TRUE(read) << read.error().toString();
    std::vector<std::string> ignored;
    for (const auto& i : read->ignored)
        ignored.push_back(i.field);
    EXPECT_NE(std::find(ignored.begin(), ignored.end(), "compile.backend"), ignored.end());
    EXPECT_NE(std::find(ignored.begin(), ignored.end(), "training.compile"), ignored.end());
    // [compile] decides, as the torchtitan that reads it does.
    EXPECT_EQ(compileMappedValue(*read, "workload.loss_implementation", "compile.enable"), nlohmann::json("compiled"));
    EXPECT_EQ(compileMappedValue(*read, "workload.torch_compile", "training.compile"), nlohmann::json());
}

TEST(TorchtitanCompile, BadValuesNameTheKeyAndTheLine)
{
    struct Case {
        const char* text;
        const char* where;
        const char* field;
        const char* says;
    };
    for (const Case& c : { Case { "[training]\ncompile = \"yes\"\n", "train.toml:2", "training.compile",
                               "must be true or false, got \"yes\"" },
             Case { "[compile]\nenable = 1\n", "train.toml:2", "compile.enable", "must be true or false, got 1" },
             Case { "[compile]\nenable = true\ncomponents = \"loss\"\n", "train.toml:3", "compile.components",
                 "must be an array of strings, got \"loss\"" },
             Case { "[compile]\nenable = true\ncomponents = [\"model\",\n  \"optimizer\"]\n", "train.toml:4",
                 "compile.components", "unknown value \"optimizer\"; expected one of: model|loss" },
             Case { "[compile]\ncomponents = [\"model\", 2]\n", "train.toml:2", "compile.components",
                 "must be an array of strings, got 2" } }) {
        SCOPED_TRACE(c.text);
        auto read = readLaunchFile(c.text, "train.toml");
        ASSERT_FALSE(read);
        EXPECT_EQ(read.error().file, c.where) << read.error().toString();
        EXPECT_EQ(read.error().field, c.field) << read.error().toString();
        EXPECT_NE(read.error().message.find(c.says), std::string::npos) << read.error().toString();
    }
}

// import(export(plan)) gives the plan's torch_compile and loss back, for each of the four pairs.
TEST(TorchtitanCompile, TheExportWritesCompileSoTheImportGivesBothBack)
{
    Plan plan = compileDefaultPlan();
    plan.model.preset = "llama-2-7b";
    plan.model.architectureJson = nlohmann::json();
    CandidateSpec candidate;
    candidate.instance = "tencent:GT4.41XLARGE948";
    candidate.nodes = std::nullopt;
    plan.candidates = { candidate };
    auto answer = answerPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer && answer->recommendation());
    for (const bool model : { false, true })
        for (const LossImplementation loss : { LossImplementation::Fp32Logits, LossImplementation::Compiled }) {
            Plan given = plan;
            given.workload.torchCompile = model;
            given.workload.lossImplementation = loss;
            SCOPED_TRACE(
                std::string("torch_compile ") + (model ? "true" : "false") + ", loss " + std::string(toString(loss)));
            auto exported = exportLaunch(given, *answer, builtinCatalog(), "torchtitan", "round trip");
            ASSERT_TRUE(exported) << exported.error().toString();
            const LaunchFile& file = exported->files.at(0);
            ASSERT_EQ(file.name, "torchtitan.toml");
            EXPECT_NE(file.text.find("[compile]"), std::string::npos) << file.text;
            auto read = readLaunchFile(file.text, file.name);
            ASSERT_TRUE(read) << read.error().toString() << "\n" << file.text;
            // Onto a plan with the other values, so the import itself must say both.
            Plan other = given;
            other.workload.torchCompile = !model;
            other.workload.lossImplementation
                = loss == LossImplementation::Compiled ? LossImplementation::Fp32Logits : LossImplementation::Compiled;
            const Plan back = importedOnto(other, *read);
            EXPECT_EQ(back.workload.torchCompile, model) << file.text;
            EXPECT_EQ(back.workload.lossImplementation, loss) << file.text;
        }
    // A loss torchtitan cannot run is written as not compiled, and the header says so.
    Plan chunked = plan;
    chunked.workload.lossImplementation = LossImplementation::Chunked;
    auto exported = exportLaunch(chunked, *answer, builtinCatalog(), "torchtitan", "round trip");
    ASSERT_TRUE(exported) << exported.error().toString();
    EXPECT_NE(exported->files.at(0).text.find("\"chunked\" loss is written as not compiled"), std::string::npos)
        << exported->files.at(0).text;
}

} // namespace
} // namespace gp
