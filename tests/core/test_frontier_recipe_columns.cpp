// The frontier's points carry the whole layout: context-parallel degree, pipeline schedule and virtual stages
// in `plan --frontier` CSV (appended columns) and JSON, one row per JSON point with equal values.
#include "catalog/catalog.h"
#include "cli/cli.h"
#include "output/frontier_output.h"
#include "plan/plan.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <charconv>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

using nlohmann::json;

// A long-sequence plan (the planner searches context parallelism from 16,384 tokens) on one 8-GPU instance of
// up to 2 nodes (pipelines span nodes), with the interleaved schedule for the layouts that pipeline.
std::string longSequencePlan()
{
    json document = json::parse(gp::defaultPlanText());
    document["workload"]["sequence_length"] = 32768;
    document["workload"]["global_batch_size"] = 16;
    document["workload"]["parallelism"]["pipeline_schedule"] = "interleaved";
    document["workload"]["parallelism"]["virtual_stages"] = 2;
    document["candidates"] = json::array({{{"instance", "tencent:GT4.41XLARGE948"}, {"nodes", "auto"}}});
    document["search"]["max_nodes"] = 2;
    return document.dump();
}

std::vector<std::string> split(const std::string& text, const std::string& separator)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t at; (at = text.find(separator, start)) != std::string::npos; start = at + separator.size())
        parts.push_back(text.substr(start, at - start));
    parts.push_back(text.substr(start));
    return parts;
}

double number(const std::string& cell)
{
    double value = 0;
    const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), value);
    EXPECT_TRUE(ec == std::errc() && end == cell.data() + cell.size()) << cell;
    return value;
}

std::string run(const std::vector<std::string>& args, const std::string& input)
{
    std::istringstream in(input);
    std::ostringstream out, err;
    EXPECT_EQ(gp::runCli(args, in, out, err), gp::ExitOk) << err.str();
    return out.str();
}

} // namespace

TEST(FrontierRecipeColumns, CsvAppendsContextScheduleAndVirtualStagesEqualToTheJson)
{
    const std::string plan = longSequencePlan();
    const std::string csv = run({"plan", "-", "--frontier", "--format", "csv"}, plan);
    const json document = json::parse(run({"plan", "-", "--frontier"}, plan));

    std::vector<std::string> lines = split(csv, "\r\n");
    ASSERT_GE(lines.size(), 2u);
    ASSERT_TRUE(lines.back().empty()); // every row ends with CRLF
    lines.pop_back();
    const std::vector<std::string> header = split(lines.front(), ",");
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
    int contextSplit = 0, interleaved = 0, oneStage = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const std::vector<std::string> cells = split(lines[i + 1], ",");
        ASSERT_EQ(cells.size(), header.size()) << lines[i + 1];
        std::map<std::string, std::string> row;
        for (std::size_t c = 0; c < header.size(); ++c)
            row[header[c]] = cells[c];
        const json& p = points[i];
        const json& k = p["configuration"];
        EXPECT_EQ(row["candidate"], p["candidate"].get<std::string>());
        EXPECT_EQ(number(row["rank"]), p["rank"].get<double>());
        EXPECT_EQ(number(row["nodes"]), p["nodes"].get<double>());
        for (const char* key : {"zero_stage", "micro_batch_size", "gradient_accumulation_steps", "tensor", "pipeline",
                                "data", "context", "virtual_stages"})
            EXPECT_EQ(number(row[key]), k[key].get<double>()) << key << " of row " << i + 1;
        for (const char* key : {"activation_checkpointing", "offload", "pipeline_schedule"})
            EXPECT_EQ(row[key], k[key].get<std::string>()) << key << " of row " << i + 1;
        EXPECT_EQ(number(row["hours"]), p["hours"].get<double>());
        EXPECT_EQ(number(row["cost"]), p["cost"].get<double>());
        EXPECT_EQ(row["priced"], p["priced"].get<bool>() ? "true" : "false");
        EXPECT_EQ(row["on_frontier"], p["on_frontier"].get<bool>() ? "true" : "false");
        EXPECT_EQ(row["chosen"], p["chosen"].get<bool>() ? "true" : "false");
        const int pipeline = k["pipeline"].get<int>();
        contextSplit += k["context"].get<int>() > 1 ? 1 : 0;
        if (pipeline > 1) {
            // The plan's schedule on every pipelined layout, with its two chunks per rank.
            EXPECT_EQ(k["pipeline_schedule"], "interleaved");
            EXPECT_EQ(k["virtual_stages"], 2);
            ++interleaved;
        } else {
            EXPECT_EQ(k["pipeline_schedule"], "1f1b");
            EXPECT_EQ(k["virtual_stages"], 1);
            ++oneStage;
        }
    }
    // The columns are exercised: the search split sequences across GPUs and pipelined some layouts.
    EXPECT_GT(contextSplit, 0);
    EXPECT_GT(interleaved, 0);
    EXPECT_GT(oneStage, 0);
}
