// `--format table` for serving plans shows the serving columns (replicas, concurrency, TTFT, TPOT, output
// tokens/s, limit, SLO, cost per million tokens, monthly cost) with the numbers the JSON carries; training
// plans keep the training columns.
#include "test_cli_support.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace gp
{
namespace
{

using gp::testing::cli;
using nlohmann::json;

const std::string kServingPlan = std::string(GP_SOURCE_DIR) + "/resources/plans/serving.gpuplan";
const std::string kTrainingPlan = std::string(GP_SOURCE_DIR) + "/resources/plans/default.gpuplan";

// A table line's cells: the table pads columns with at least two spaces, cells hold at most single spaces.
std::vector<std::string> cells(const std::string& line)
{
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < line.size()) {
        std::size_t gap = line.find("  ", i);
        if (gap == std::string::npos)
            gap = line.size();
        out.push_back(line.substr(i, gap - i));
        i = line.find_first_not_of(' ', gap);
        if (i == std::string::npos)
            break;
    }
    return out;
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

// The table whose header starts with "candidate": its header and rows keyed by candidate, up to the blank or
// non-table line after it.
struct ParsedTable {
    std::vector<std::string> header;
    std::map<std::string, std::map<std::string, std::string>> rows;
};

ParsedTable resultsTable(const std::string& text)
{
    ParsedTable t;
    const std::vector<std::string> all = lines(text);
    std::size_t i = 0;
    while (i < all.size() && all[i].rfind("candidate  ", 0) != 0)
        ++i;
    if (i + 1 >= all.size())
        return t;
    t.header = cells(all[i]);
    for (i += 2; i < all.size(); ++i) { // skip the dashes under the header
        const std::vector<std::string> row = cells(all[i]);
        if (row.size() != t.header.size())
            break;
        for (std::size_t c = 0; c < row.size(); ++c)
            t.rows[row.front()][t.header[c]] = row[c];
    }
    return t;
}

bool has(const std::vector<std::string>& header, const std::string& name)
{
    return std::find(header.begin(), header.end(), name) != header.end();
}

// The printed cell read back as a number, equal to the JSON value within half its last printed digit.
void expectPrinted(const std::string& cell, const json& value, int decimals, const std::string& what)
{
    ASSERT_TRUE(value.is_number()) << what << ": " << value.dump();
    const double printed = std::stod(cell);
    EXPECT_NEAR(printed, value.get<double>(), 0.5 * std::pow(10.0, -decimals) + 1e-12) << what << ": " << cell;
}

// A figure the JSON leaves null (an operating point that never settles: the rate outruns the replica) is "-".
void expectPrintedOrDash(const std::string& cell, const json& value, int decimals, const std::string& what)
{
    if (value.is_null())
        EXPECT_EQ(cell, "-") << what;
    else
        expectPrinted(cell, value, decimals, what);
}

// Every row of `table` against the JSON of the same plan; at least `started` candidates have an operating point.
void expectServingRowsMatchJson(const ParsedTable& table, const json& document, int started)
{
    int compared = 0;
    for (const json& r : document.at("results")) {
        const std::string candidate = r.at("candidate").get<std::string>();
        ASSERT_TRUE(table.rows.count(candidate)) << candidate << " has no row";
        const auto& row = table.rows.at(candidate);
        EXPECT_EQ(row.at("fits"), r.at("fits").get<bool>() ? "yes" : "no") << candidate;
        if (!r.contains("serving"))
            continue;
        const json& s = r.at("serving");
        EXPECT_EQ(row.at("replicas"), std::to_string(s.at("replicas").get<int>())) << candidate;
        EXPECT_EQ(row.at("gpus").substr(0, row.at("gpus").find(' ')), std::to_string(r.at("gpus").get<int>()));
        EXPECT_EQ(row.at("limit"), s.at("limit").get<std::string>()) << candidate;
        if (!r.at("fits").get<bool>()) { // no operating point: the engine does not start
            for (const char* cell :
                { "concurrency/replica", "ttft s", "tpot s", "ttft p99 s", "tpot p99 s", "output tok/s/replica" })
                EXPECT_EQ(row.at(cell), "-") << candidate << " " << cell;
            continue;
        }
        expectPrinted(row.at("concurrency/replica"), s.at("concurrency"), 1, candidate + " concurrency");
        expectPrintedOrDash(row.at("ttft s"), s.at("ttft_seconds"), 3, candidate + " ttft");
        expectPrintedOrDash(row.at("tpot s"), s.at("tpot_seconds"), 4, candidate + " tpot");
        expectPrintedOrDash(
            row.at("ttft p99 s"), s.at("percentiles").at("ttft_seconds").at("p99"), 3, candidate + " ttft p99");
        expectPrintedOrDash(
            row.at("tpot p99 s"), s.at("percentiles").at("tpot_seconds").at("p99"), 4, candidate + " tpot p99");
        expectPrinted(row.at("output tok/s/replica"), s.at("output_tokens_per_second"), 0, candidate + " output");
        EXPECT_EQ(row.at("meets slo"), s.at("meets_slo").get<bool>() ? "yes" : "no") << candidate;
        if (s.at("cost_per_million_output_tokens").is_number()) {
            expectPrinted(row.at("cost/M output"), s.at("cost_per_million_output_tokens"), 3, candidate + " $/M out");
            expectPrinted(row.at("cost/M tokens"), s.at("cost_per_million_tokens"), 3, candidate + " $/M");
        } else {
            EXPECT_EQ(row.at("cost/M output"), "-") << candidate;
        }
        expectPrintedOrDash(row.at("monthly"), s.at("monthly_cost"), 0, candidate + " monthly");
        ++compared;
    }
    EXPECT_GE(compared, started); // a table of dashes would prove nothing
}

TEST(ServingTable, PlanShowsServingColumnsNotTrainingOnes)
{
    const auto run = cli({ "plan", kServingPlan, "--format", "table" });
    ASSERT_EQ(run.code, 0) << run.err;
    const ParsedTable table = resultsTable(run.out);
    ASSERT_FALSE(table.header.empty()) << run.out;
    for (const char* name :
        { "candidate", "replicas", "gpus", "concurrency/replica", "ttft s", "tpot s", "output tok/s/replica", "limit",
            "meets slo", "billing mode", "cost/M output", "cost/M tokens", "monthly", "fits" })
        EXPECT_TRUE(has(table.header, name)) << name << " missing in\n" << run.out;
    for (const char* name :
        { "tokens/s", "MFU", "hours", "on-demand", "spot", "mem/gpu GiB", "configuration", "bottleneck" })
        EXPECT_FALSE(has(table.header, name)) << name << " is a training column, in\n" << run.out;
    // The ranking above it: cost per million tokens and one request's latency in seconds, not training hours.
    const std::vector<std::string> all = lines(run.out);
    const auto rank
        = std::find_if(all.begin(), all.end(), [](const std::string& l) { return l.rfind("rank  ", 0) == 0; });
    ASSERT_NE(rank, all.end()) << run.out;
    EXPECT_TRUE(has(cells(*rank), "cost/M tokens")) << *rank;
    EXPECT_TRUE(has(cells(*rank), "latency s")) << *rank;
    EXPECT_FALSE(has(cells(*rank), "hours")) << *rank;
}

TEST(ServingTable, PlanNumbersEqualTheJson)
{
    const auto table = cli({ "plan", kServingPlan, "--format", "table" });
    const auto document = cli({ "plan", kServingPlan, "--format", "json" });
    ASSERT_EQ(table.code, 0) << table.err;
    ASSERT_EQ(document.code, 0) << document.err;
    const json j = json::parse(document.out);
    const ParsedTable parsed = resultsTable(table.out);
    expectServingRowsMatchJson(parsed, j, 4);
    // The ranking's latency is the result's request latency; its cost the ranking's cost per million tokens.
    const std::vector<std::string> all = lines(table.out);
    auto rank = std::find_if(all.begin(), all.end(), [](const std::string& l) { return l.rfind("rank  ", 0) == 0; });
    ASSERT_NE(rank, all.end());
    const std::vector<std::string> header = cells(*rank);
    const auto column = [&](const std::string& name) {
        return std::size_t(std::find(header.begin(), header.end(), name) - header.begin());
    };
    int ranked = 0;
    for (auto line = rank + 2; line != all.end() && !line->empty(); ++line, ++ranked) {
        const std::vector<std::string> row = cells(*line);
        ASSERT_GE(row.size(), column("latency s") + 1) << *line;
        const json& r = j.at("results").at(std::size_t(ranked)); // both best first
        ASSERT_EQ(row[column("candidate")], r.at("candidate").get<std::string>());
        if (r.at("fits").get<bool>() && r.contains("serving"))
            expectPrinted(row[column("latency s")], r.at("serving").at("request_latency_seconds"), 3, *line);
        if (r.at("ranking").at("priced").get<bool>())
            expectPrinted(row[column("cost/M tokens")], r.at("ranking").at("cost"), 3, *line);
    }
    EXPECT_EQ(ranked, int(j.at("results").size()));
}

TEST(ServingTable, EstimateNumbersEqualTheJson)
{
    const auto table = cli({ "estimate", kServingPlan, "--format", "table" });
    const auto document = cli({ "estimate", kServingPlan, "--format", "json" });
    ASSERT_EQ(table.code, 0) << table.err;
    ASSERT_EQ(document.code, 0) << document.err;
    const ParsedTable parsed = resultsTable(table.out);
    EXPECT_FALSE(has(parsed.header, "MFU")) << table.out;
    expectServingRowsMatchJson(parsed, json::parse(document.out), 3);
}

TEST(ServingTable, ABatchCutIsSaidUnderTheTable)
{
    // 4096 requests of 30,000 tokens in flight cannot fit one H100's KV cache: the load is cut, and the table says so.
    const std::string plan = R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "precision": "bf16", "serving": {"prompt_tokens": 30000, "output_tokens": 200,
            "load": {"concurrency": 4096}, "replicas": 1}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})";
    const auto table = cli({ "estimate", "-", "--format", "table" }, plan);
    const auto document = cli({ "estimate", "-", "--format", "json" }, plan);
    ASSERT_EQ(table.code, 0) << table.err;
    ASSERT_EQ(document.code, 0) << document.err;
    const json j = json::parse(document.out);
    ASSERT_TRUE(j.at("results").at(0).at("serving").at("concurrency_cut").get<bool>()) << document.out;
    EXPECT_NE(table.out.find("each replica is asked to hold 4096 requests"), std::string::npos) << table.out;
    expectServingRowsMatchJson(resultsTable(table.out), j, 1);
}

TEST(ServingTable, ReservedIsSaidAsAMonthsBill)
{
    // Serving figures are a month of a reservation, not its whole term paid up front.
    const std::string plan = R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "precision": "bf16", "serving": {"prompt_tokens": 1000, "output_tokens": 200,
            "load": {"concurrency": 8}, "replicas": 1}},
        "billing": {"modes": ["on_demand", "reserved"]},
        "candidates": [{"instance": "tencent:GT4.4XLARGE96", "nodes": 1}]})";
    const auto run = cli({ "plan", "-", "--format", "table" }, plan);
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_NE(run.out.find("reserved (1-year term, billed by the month)"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("paid in full"), std::string::npos) << run.out;
}

TEST(ServingTable, TrainingTableKeepsItsColumns)
{
    const auto table = cli({ "estimate", kTrainingPlan, "--format", "table" });
    const auto document = cli({ "estimate", kTrainingPlan, "--format", "json" });
    ASSERT_EQ(table.code, 0) << table.err;
    ASSERT_EQ(document.code, 0) << document.err;
    const ParsedTable parsed = resultsTable(table.out);
    const std::vector<std::string> expected = { "candidate", "gpu", "gpus", "configuration", "mem/gpu GiB", "gpu GiB",
        "fits", "tokens/s", "MFU", "hours", "on-demand", "monthly", "reserved", "spot", "bottleneck" };
    EXPECT_EQ(parsed.header, expected) << table.out;
    int compared = 0;
    const json j = json::parse(document.out);
    for (const json& r : j.at("results")) {
        const std::string candidate = r.at("candidate").get<std::string>();
        ASSERT_TRUE(parsed.rows.count(candidate)) << candidate;
        const auto& row = parsed.rows.at(candidate);
        if (!r.at("fits").get<bool>() || !r.at("training_hours").is_number())
            continue;
        expectPrinted(row.at("tokens/s"), r.at("tokens_per_second"), 0, candidate);
        expectPrinted(row.at("hours"), r.at("training_hours"), 1, candidate);
        // Each billing mode's column is that mode's cost in the JSON, "-" where the mode has no price.
        for (const auto& [column, field] :
            std::vector<std::pair<std::string, std::string>> { { "on-demand", "on_demand" }, { "monthly", "monthly" },
                { "reserved", "reserved" }, { "spot", "spot" } }) {
            const json& cost = r.at("cost").at(field);
            if (cost.is_number())
                expectPrinted(row.at(column), cost, 0, candidate + " " + column);
            else
                EXPECT_EQ(row.at(column), "-") << candidate << " " << column;
        }
        ++compared;
    }
    EXPECT_GT(compared, 0);
    EXPECT_EQ(table.out.find("ttft"), std::string::npos) << table.out;
}

} // namespace
} // namespace gp
