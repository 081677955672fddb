// The cost-time frontier the window, report and CSV draw: every frontier point is a fitting configuration, no
// scored configuration beats a frontier point on both cost and time, and the chosen configuration is marked.
#include "catalog/catalog.h"
#include "cli/cli.h"
#include "estimate/estimator.h"
#include "output/frontier_output.h"
#include "plan/plan.h"
#include "planner/answer.h"
#include "planner/frontier.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace
{

gp::Plan twoCandidatePlan()
{
    nlohmann::json document = nlohmann::json::parse(gp::defaultPlanText());
    document["candidates"] = nlohmann::json::array({ { { "instance", "tencent:GT4.41XLARGE948" }, { "nodes", "auto" } },
        { { "instance", "tencent:GN7.20XLARGE320" }, { "nodes", "auto" } } });
    auto plan = gp::planFromJson(document);
    EXPECT_TRUE(plan.ok());
    return plan.ok() ? *plan : gp::Plan {};
}

} // namespace

TEST(FrontierPoints, FrontierPointsFitAndNoScoredConfigurationDominatesThem)
{
    const gp::Plan plan = twoCandidatePlan();
    const gp::Catalog& catalog = gp::builtinCatalog();
    auto answer = gp::answerPlan(plan, catalog);
    ASSERT_TRUE(answer.ok()) << answer.error().toString();
    int checkedFrontier = 0;
    for (std::size_t c = 0; c < answer->search.candidates.size(); ++c) {
        const gp::CandidatePlan& candidate = answer->search.candidates[c];
        if (!candidate.fits)
            continue;
        const auto points = gp::frontierPoints(plan, catalog, *answer, c);
        ASSERT_GT(points.size(), 1u) << candidate.best.candidate;
        int chosen = 0;
        for (const gp::FrontierPoint& f : points) {
            chosen += f.chosen ? 1 : 0;
            if (!f.onFrontier)
                continue;
            ++checkedFrontier;
            // A frontier point is a fitting configuration: evaluated in full, it fits.
            auto full = gp::evaluatePoint(plan, catalog, *answer, c, f.point);
            ASSERT_TRUE(full.ok()) << full.error().toString();
            EXPECT_TRUE(full->fits) << candidate.best.candidate;
            // No scored configuration is both cheaper and faster.
            for (const gp::FrontierPoint& g : points)
                EXPECT_FALSE(g.point.cost < f.point.cost && g.point.hours < f.point.hours)
                    << candidate.best.candidate << ": a scored point beats a frontier point";
        }
        EXPECT_EQ(chosen, 1) << candidate.best.candidate;
        // Sorted by hours.
        for (std::size_t i = 1; i < points.size(); ++i)
            EXPECT_LE(points[i - 1].point.hours, points[i].point.hours);
        // Every point not on the frontier is beaten on both figures (or matched on one and beaten on the other) by
        // some frontier point.
        for (const gp::FrontierPoint& g : points) {
            if (g.onFrontier)
                continue;
            const bool dominated = std::any_of(points.begin(), points.end(), [&](const gp::FrontierPoint& f) {
                return f.onFrontier && f.point.cost <= g.point.cost && f.point.hours <= g.point.hours;
            });
            EXPECT_TRUE(dominated) << candidate.best.candidate;
        }
    }
    EXPECT_GT(checkedFrontier, 2);
}

TEST(FrontierPoints, ChosenPointEvaluatesToTheCandidatesResult)
{
    const gp::Plan plan = twoCandidatePlan();
    const gp::Catalog& catalog = gp::builtinCatalog();
    auto answer = gp::answerPlan(plan, catalog);
    ASSERT_TRUE(answer.ok());
    ASSERT_GE(answer->recommended, 0);
    const std::size_t index = std::size_t(answer->recommended);
    const gp::CandidatePlan& best = answer->search.candidates[index];
    const auto points = gp::frontierPoints(plan, catalog, *answer, index);
    const auto chosen = std::find_if(points.begin(), points.end(), [](const gp::FrontierPoint& f) { return f.chosen; });
    ASSERT_NE(chosen, points.end());
    auto full = gp::evaluatePoint(plan, catalog, *answer, index, chosen->point);
    ASSERT_TRUE(full.ok());
    EXPECT_DOUBLE_EQ(full->trainingHours, best.best.trainingHours);
    EXPECT_DOUBLE_EQ(full->memory.total, best.best.memory.total);
    EXPECT_NEAR(chosen->point.hours, best.best.trainingHours, 1e-9 * best.best.trainingHours);
    EXPECT_NEAR(
        chosen->point.cost, answer->standings[index].figures.cost, 1e-6 * answer->standings[index].figures.cost);
    EXPECT_FALSE(gp::evaluatePoint(plan, catalog, *answer, 99, chosen->point).ok());
}

TEST(FrontierPoints, PlanFrontierCsvListsTheScoredPoints)
{
    const gp::Plan plan = twoCandidatePlan();
    auto answer = gp::answerPlan(plan, gp::builtinCatalog());
    ASSERT_TRUE(answer.ok());
    std::size_t expected = 0;
    for (std::size_t c = 0; c < answer->search.candidates.size(); ++c)
        expected += gp::frontierPoints(plan, gp::builtinCatalog(), *answer, c).size();
    std::istringstream in(gp::serializePlan(plan));
    std::ostringstream out, err;
    ASSERT_EQ(gp::runCli({ "plan", "-", "--frontier", "--format", "csv" }, in, out, err), gp::ExitOk) << err.str();
    const std::string csv = out.str();
    EXPECT_EQ(csv.rfind("candidate,rank,nodes,", 0), 0u);
    EXPECT_EQ(std::size_t(std::count(csv.begin(), csv.end(), '\n')), expected + 1);
    std::istringstream in2(gp::serializePlan(plan));
    std::ostringstream json2, err2;
    ASSERT_EQ(gp::runCli({ "plan", "-", "--frontier" }, in2, json2, err2), gp::ExitOk);
    const auto document = nlohmann::json::parse(json2.str());
    ASSERT_EQ(document["candidates"].size(), answer->search.candidates.size());
    int chosen = 0;
    for (const auto& p : document["candidates"][0]["points"])
        chosen += p["chosen"].get<bool>() ? 1 : 0;
    EXPECT_EQ(chosen, 1);
}

// The frontier's points carry the whole layout: context-parallel degree, pipeline schedule and virtual stages
// in `plan --frontier` CSV (appended columns) and JSON, one row per JSON point with equal values.
namespace
{

using nlohmann::json;

// A long-sequence plan (the planner searches context parallelism from 16,384 tokens) on one 8-GPU instance of
// up to 2 nodes (pipelines span nodes), with the interleaved schedule for the layouts that pipeline.
std::string longSequenceFrontierPlan()
{
    json document = json::parse(gp::defaultPlanText());
    document["workload"]["sequence_length"] = 32768;
    document["workload"]["global_batch_size"] = 16;
    document["workload"]["parallelism"]["pipeline_schedule"] = "interleaved";
    document["workload"]["parallelism"]["virtual_stages"] = 2;
    document["candidates"] = json::array({ { { "instance", "tencent:GT4.41XLARGE948" }, { "nodes", "auto" } } });
    document["search"]["max_nodes"] = 2;
    return document.dump();
}

std::vector<std::string> splitFrontierCsv(const std::string& text, const std::string& separator)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t at; (at = text.find(separator, start)) != std::string::npos; start = at + separator.size())
        parts.push_back(text.substr(start, at - start));
    parts.push_back(text.substr(start));
    return parts;
}

double frontierCsvNumber(const std::string& cell)
{
    double value = 0;
    const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), value);
    EXPECT_TRUE(ec == std::errc() && end == cell.data() + cell.size()) << cell;
    return value;
}

std::string runFrontierCli(const std::vector<std::string>& args, const std::string& input)
{
    std::istringstream in(input);
    std::ostringstream out, err;
    EXPECT_EQ(gp::runCli(args, in, out, err), gp::ExitOk) << err.str();
    return out.str();
}

} // namespace

TEST(FrontierRecipeColumns, CsvAppendsContextScheduleAndVirtualStagesEqualToTheJson)
{
    const std::string plan = longSequenceFrontierPlan();
    const std::string csv = runFrontierCli({ "plan", "-", "--frontier", "--format", "csv" }, plan);
    const json document = json::parse(runFrontierCli({ "plan", "-", "--frontier" }, plan));

    std::vector<std::string> lines = splitFrontierCsv(csv, "\r\n");
    ASSERT_GE(lines.size(), 2u);
    ASSERT_TRUE(lines.back().empty()); // every row ends with CRLF
    lines.pop_back();
    const std::vector<std::string> header = splitFrontierCsv(lines.front(), ",");
    EXPECT_EQ(header, gp::frontierCsvColumns());
    // Appended: the earlier columns keep their places for the scripts that read them by position.
    ASSERT_EQ(header.size(), 20u);
    EXPECT_EQ(header[16], "chosen");
    EXPECT_EQ(header[17], "context");
    EXPECT_EQ(header[18], "pipeline_schedule");
    EXPECT_EQ(header[19], "virtual_stages");

    std::vector<json> points;
    for (const json& candidate : document["candidates"])
        for (const json& point : candidate["points"]) {
            json row = point;
            row["candidate"] = candidate["candidate"];
            row["rank"] = candidate["rank"];
            points.push_back(row);
        }
    ASSERT_EQ(lines.size() - 1, points.size());
    int contextSplit = 0, interleaved = 0, oneStage = 0, pipelinedOneFOneB = 0;
    std::set<int> chunkCounts;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const std::vector<std::string> cells = splitFrontierCsv(lines[i + 1], ",");
        ASSERT_EQ(cells.size(), header.size()) << lines[i + 1];
        std::map<std::string, std::string> row;
        for (std::size_t c = 0; c < header.size(); ++c)
            row[header[c]] = cells[c];
        const json& p = points[i];
        const json& k = p["configuration"];
        EXPECT_EQ(row["candidate"], p["candidate"].get<std::string>());
        EXPECT_EQ(frontierCsvNumber(row["rank"]), p["rank"].get<double>());
        EXPECT_EQ(frontierCsvNumber(row["nodes"]), p["nodes"].get<double>());
        for (const char* key : { "zero_stage", "micro_batch_size", "gradient_accumulation_steps", "tensor", "pipeline",
                 "data", "context", "virtual_stages" })
            EXPECT_EQ(frontierCsvNumber(row[key]), k[key].get<double>()) << key << " of row " << i + 1;
        for (const char* key : { "activation_checkpointing", "offload", "pipeline_schedule" })
            EXPECT_EQ(row[key], k[key].get<std::string>()) << key << " of row " << i + 1;
        EXPECT_EQ(frontierCsvNumber(row["hours"]), p["hours"].get<double>());
        EXPECT_EQ(frontierCsvNumber(row["cost"]), p["cost"].get<double>());
        EXPECT_EQ(row["priced"], p["priced"].get<bool>() ? "true" : "false");
        EXPECT_EQ(row["on_frontier"], p["on_frontier"].get<bool>() ? "true" : "false");
        EXPECT_EQ(row["chosen"], p["chosen"].get<bool>() ? "true" : "false");
        const int pipeline = k["pipeline"].get<int>();
        contextSplit += k["context"].get<int>() > 1 ? 1 : 0;
        if (pipeline > 1) {
            // The interleaved plan's pipelines search their chunks per rank: one chunk is 1F1B, more split Llama-2-7B's
            // 32 layers evenly over pipeline x chunks.
            const int chunks = k["virtual_stages"].get<int>();
            if (chunks == 1) {
                EXPECT_EQ(k["pipeline_schedule"], "1f1b");
                ++pipelinedOneFOneB;
            } else {
                EXPECT_EQ(k["pipeline_schedule"], "interleaved");
                EXPECT_EQ(32 % (pipeline * chunks), 0) << pipeline << " x " << chunks;
                chunkCounts.insert(chunks);
                ++interleaved;
            }
        } else {
            EXPECT_EQ(k["pipeline_schedule"], "1f1b");
            EXPECT_EQ(k["virtual_stages"], 1);
            ++oneStage;
        }
    }
    // The columns are exercised: the search split sequences across GPUs and pipelined some layouts.
    EXPECT_GT(contextSplit, 0);
    EXPECT_GT(interleaved, 0);
    EXPECT_GT(pipelinedOneFOneB, 0);
    EXPECT_GE(chunkCounts.size(), 2u) << "several chunk counts searched";
    EXPECT_GT(oneStage, 0);
}
