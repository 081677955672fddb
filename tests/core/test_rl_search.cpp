// The RL answer: the placement search per candidate, the ranking with why each candidate loses, and
// `gpu-planner-cli plan` / `example --rl` printing it (docs/plan-format.md "RL results").
#include "catalog/catalog.h"
#include "output/rl_output.h"
#include "rl/rl_search.h"
#include "test_cli_support.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>

#include <unistd.h>

namespace gp
{
namespace
{

Plan rlExamplePlan()
{
    auto plan = parsePlan(rlPlanText());
    EXPECT_TRUE(plan) << plan.error().toString();
    return *plan;
}

TEST(RlSearch, ExamplePlanRecommendsAFittingPlacementAndSaysWhyOthersLose)
{
    const Plan plan = rlExamplePlan();
    auto answer = answerRlPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    ASSERT_EQ(answer->candidates.size(), plan.candidates.size());
    ASSERT_TRUE(answer->recommended);
    const RlCandidateAnswer& best = answer->candidates.front();
    ASSERT_TRUE(best.fits);
    ASSERT_TRUE(best.best.cost);
    // Hours from the step: steps / steps per hour (at the training goodput, at most 1).
    EXPECT_GE(best.best.hours, plan.workload.rl.steps / best.best.stepsPerHour - 1e-9);
    // Cost per 1,000 prompts is the cost over the prompts the run trains on.
    EXPECT_NEAR(*best.best.costPer1000Prompts, *best.best.cost / (500.0 * 128) * 1000, 1e-9);
    for (std::size_t i = 1; i < answer->candidates.size(); ++i) {
        const RlCandidateAnswer& c = answer->candidates[i];
        ASSERT_FALSE(c.reasons.empty()) << c.candidate;
        if (c.fits && c.best.cost) {
            EXPECT_GE(*c.best.cost, *best.best.cost) << c.candidate; // ranked cheapest first
            EXPECT_EQ(c.reasons.front().code, "rl_costs_more");
        }
    }
}

TEST(RlSearch, TimeObjectiveIsNeverSlowerThanTheCostAnswer)
{
    Plan plan = rlExamplePlan();
    plan.candidates.resize(1);
    auto cheap = answerRlPlan(plan, builtinCatalog());
    plan.search.objective = SearchObjective::Time;
    auto fast = answerRlPlan(plan, builtinCatalog());
    ASSERT_TRUE(cheap && fast);
    ASSERT_TRUE(cheap->candidates.front().fits && fast->candidates.front().fits);
    EXPECT_LE(fast->candidates.front().best.hours, cheap->candidates.front().best.hours + 1e-9);
    EXPECT_LE(*cheap->candidates.front().best.cost, *fast->candidates.front().best.cost + 1e-6);
}

TEST(RlSearch, PlacementTheCandidateCannotHoldNamesTheRole)
{
    Plan plan = rlExamplePlan();
    // A 70B actor with full AdamW states on one 24 GB GPU: the actor's training memory does not fit.
    plan.model = ModelSpec {};
    plan.model.preset = "llama-3.1-70b";
    plan.workload.rl.responseTokensMax = 4096;
    plan.workload.rl.responseTokensMean = 1024;
    CandidateSpec small;
    small.gpu = "rtx-4090-24gb";
    small.gpusPerNode = 1;
    small.nodes = 1;
    plan.candidates = { small };
    auto answer = answerRlPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    const RlCandidateAnswer& c = answer->candidates.front();
    EXPECT_FALSE(c.fits);
    ASSERT_TRUE(c.failure);
    EXPECT_EQ(c.failure->code, "rl_role_does_not_fit");
    EXPECT_EQ(c.failure->args.front().second, "actor");
    EXPECT_FALSE(answer->recommended);
}

TEST(RlSearch, AsyncSeparatePoolsAreNeverSlowerThanSynchronousOnes)
{
    Plan plan = rlExamplePlan();
    plan.candidates = { plan.candidates.front() };
    plan.candidates.front().nodes = 2;
    plan.workload.rl.placement = RlPlacement::Separate;
    plan.search.objective = SearchObjective::Time;
    auto sync = answerRlPlan(plan, builtinCatalog());
    plan.workload.rl.offPolicySteps = 1;
    auto async = answerRlPlan(plan, builtinCatalog());
    plan.workload.rl.offPolicySteps = 2;
    auto filled = answerRlPlan(plan, builtinCatalog());
    ASSERT_TRUE(sync && async && filled);
    const double s = sync->candidates.front().best.step.stepSeconds;
    const double a = async->candidates.front().best.step.stepSeconds;
    const double f = filled->candidates.front().best.step.stepSeconds;
    EXPECT_LT(a, s);
    EXPECT_LE(f, a + 1e-9);
    EXPECT_TRUE(filled->candidates.front().best.step.rollout.tailFilled);
}

TEST(RlSearch, CliPrintsTheAnswerInEachFormat)
{
    const auto example = testing::cli({ "example", "--rl" });
    ASSERT_EQ(example.code, 0) << example.err;
    EXPECT_EQ(example.out, std::string(rlPlanText()));
    const auto json = testing::cli({ "plan", "-", "--format", "json" }, example.out);
    ASSERT_EQ(json.code, 0) << json.err;
    const nlohmann::json doc = nlohmann::json::parse(json.out);
    EXPECT_EQ(doc.at("mode"), "rl");
    const nlohmann::json& first = doc.at("candidates").at(0);
    for (const char* key : { "layout", "step_seconds", "steps_per_hour", "hours", "cost", "cost_per_1000_prompts",
             "limiting_phase", "phases", "rollout" })
        EXPECT_TRUE(first.contains(key)) << key;
    EXPECT_EQ(doc.at("recommended"), first.at("candidate"));
    double sum = 0;
    for (const auto& p : first.at("phases"))
        sum += p.at("seconds").get<double>();
    if (first.at("layout").at("off_policy_steps") == 0) {
        EXPECT_NEAR(first.at("step_seconds").get<double>(), sum, 1e-6 * sum);
    }
    const auto csv = testing::cli({ "plan", "-", "--format", "csv" }, example.out);
    ASSERT_EQ(csv.code, 0) << csv.err;
    EXPECT_EQ(csv.out.substr(0, csv.out.find(',')), "rank");
    EXPECT_NE(csv.out.find("rollout_seconds"), std::string::npos);
    const auto table = testing::cli({ "plan", "-", "--format", "table" }, example.out);
    ASSERT_EQ(table.code, 0) << table.err;
    EXPECT_NE(table.out.find("phases of"), std::string::npos);
    const auto frontier = testing::cli({ "plan", "-", "--frontier" }, example.out);
    EXPECT_EQ(frontier.code, 2);
    const auto estimate = testing::cli({ "estimate", "-" }, example.out);
    EXPECT_NE(estimate.code, 0);
    EXPECT_NE(estimate.err.find("workload.mode"), std::string::npos);
}

} // namespace
} // namespace gp

namespace gp
{
namespace
{

TEST(RlSearch, ARolloutPoolOfEveryGpuLeavesNoneForTraining)
{
    Plan plan = rlExamplePlan();
    plan.candidates = { plan.candidates.front() };
    plan.candidates.front().nodes = 1;
    plan.workload.rl.placement = RlPlacement::Separate;
    plan.workload.rl.rolloutGpus = 8;
    auto answer = answerRlPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    const RlCandidateAnswer& c = answer->candidates.front();
    EXPECT_FALSE(c.fits);
    ASSERT_TRUE(c.failure);
    EXPECT_EQ(c.failure->code, "rl_no_training_gpus");
    EXPECT_NE(c.failure->message.find("workload.rl.rollout_gpus (8)"), std::string::npos) << c.failure->message;
}

} // namespace
} // namespace gp

namespace gp
{
namespace
{

TEST(RlSearch, ExportWritesTheRlCsvAndRefusesAPdf)
{
    const std::string plan(rlPlanText());
    const std::string path = ::testing::TempDir() + "/gp-rl-export-" + std::to_string(::getpid()) + ".csv";
    const auto run = testing::cli({ "export", "-", "--csv", path, "--no-bom" }, plan);
    ASSERT_EQ(run.code, 0) << run.err;
    std::ifstream in(path, std::ios::binary);
    std::string header;
    std::getline(in, header);
    EXPECT_EQ(header.substr(0, header.find(',')), "rank");
    EXPECT_NE(header.find("weight_sync_seconds"), std::string::npos);
    std::remove(path.c_str());
    // The PDF's RL pages are the window's (ui/report/report_rl.cpp): without Qt there is none; a cost curve never.
    const auto pdf = testing::cli({ "export", "-", "--pdf", path + ".pdf" }, plan);
    EXPECT_NE(pdf.code, 0);
    EXPECT_NE(pdf.err.find("PDF"), std::string::npos) << pdf.err;
    const auto curve = testing::cli({ "export", "-", "--cost-csv", path + ".cost.csv" }, plan);
    EXPECT_NE(curve.code, 0);
    EXPECT_NE(curve.err.find("workload.mode"), std::string::npos) << curve.err;
}

} // namespace
} // namespace gp

namespace gp
{
namespace
{

TEST(RlSearch, HostOffloadSecondsReachTheJsonAndTheCsv)
{
    // A plan that offloads the trainer's states between phases: the JSON's and the CSV's host_offload_seconds are
    // the estimate's, and never more than the phases they are part of.
    Plan plan = rlExamplePlan();
    plan.candidates = { plan.candidates.front() };
    plan.workload.parallelism.offload = Offload::OptimizerAndParameters;
    auto answer = answerRlPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    const RlCandidateAnswer& c = answer->candidates.front();
    ASSERT_TRUE(c.fits);
    const RlStepEstimate& s = c.best.step;
    EXPECT_GT(s.hostOffloadSeconds, 0.0);
    double phases = 0;
    for (const RlPhaseTime& p : s.phases)
        phases += p.seconds;
    EXPECT_LE(s.hostOffloadSeconds, phases);
    const nlohmann::json json = rlAnswerToJson(*answer);
    EXPECT_NEAR(json.at("candidates").at(0).at("host_offload_seconds").get<double>(), s.hostOffloadSeconds,
        1e-6 * s.hostOffloadSeconds);
    const std::string csv = rlAnswerToCsv(*answer, CsvOptions { false });
    const std::string header = csv.substr(0, csv.find('\n'));
    ASSERT_GE(header.size(), std::string(",host_offload_seconds").size());
    EXPECT_EQ(header.substr(header.rfind(',') + 1), "host_offload_seconds");
    const std::string row = csv.substr(csv.find('\n') + 1, csv.find('\n', csv.find('\n') + 1) - csv.find('\n') - 1);
    EXPECT_NEAR(std::stod(row.substr(row.rfind(',') + 1)), s.hostOffloadSeconds, 1e-3 * s.hostOffloadSeconds);
}

} // namespace
} // namespace gp
