// gpu-planner-cli on bad arguments and absurd plans, in-process through gp::runCli: exit 2 for usage and I/O,
// 1 for invalid input, one line on stderr, nothing on stdout, no exception; huge plans give finite JSON.
#include "test_cli_support.h"
#include "test_robustness_support.h"

#include "cli/cli.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace gp;
using gp::robustness::expectFiniteJson;
using gp::robustness::planText;
using gp::testing::cli;
using gp::testing::CliRun;
using nlohmann::json;
namespace fs = std::filesystem;

namespace
{

void expectOneLineError(const CliRun& run, int code, const std::string& fragment)
{
    EXPECT_EQ(run.code, code) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_NE(run.err.find(fragment), std::string::npos) << run.err;
}

fs::path scratchDir(const std::string& name)
{
    const fs::path dir = fs::temp_directory_path() / ("gp-robustness-cli-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

} // namespace

TEST(RobustnessCli, DirectoryAsPlanIsAnIoError)
{
    const fs::path dir = scratchDir("directory");
    expectOneLineError(cli({ "validate", dir.string() }), ExitUsage, "is a directory");
    expectOneLineError(
        cli({ "estimate", GP_SOURCE_DIR "/resources/plans/default.gpuplan", "--overrides", dir.string() }), ExitUsage,
        "is a directory");
    fs::remove_all(dir);
}

TEST(RobustnessCli, EndlessInputStopsAt64MiB)
{
    // /dev/zero never ends: the reader must stop after 64 MiB instead of hanging or exhausting memory.
    const auto start = std::chrono::steady_clock::now();
    expectOneLineError(cli({ "validate", "/dev/zero" }), ExitUsage, "larger than 64 MiB");
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 30);
}

TEST(RobustnessCli, OversizedStandardInputIsRefused)
{
    expectOneLineError(cli({ "validate", "-" }, std::string((64u << 20) + 1, ' ')), ExitUsage, "standard input");
}

TEST(RobustnessCli, MissingAndUnreadableFilesAreIoErrors)
{
    expectOneLineError(cli({ "validate", "/nonexistent/plan.gpuplan" }), ExitUsage, "/nonexistent/plan.gpuplan");
    expectOneLineError(cli({ "catalog", "validate", "/nonexistent/prices.csv" }), ExitUsage, "/nonexistent/prices.csv");
    expectOneLineError(cli({ "estimate", "-", "--overrides", "/nonexistent/o.json" }, std::string(defaultPlanText())),
        ExitUsage, "/nonexistent/o.json");
}

TEST(RobustnessCli, UsageErrorsExitTwo)
{
    const std::string plan = GP_SOURCE_DIR "/resources/plans/default.gpuplan";
    expectOneLineError(cli({ "estimate" }), ExitUsage, "PLAN");
    expectOneLineError(cli({ "estimate", plan, plan }), ExitUsage, "PLAN");
    expectOneLineError(cli({ "estimate", plan, "--format" }), ExitUsage, "--format");
    expectOneLineError(cli({ "estimate", plan, "--format", "xml" }), ExitUsage, "--format");
    expectOneLineError(cli({ "estimate", plan, "--frobnicate" }), ExitUsage, "--frobnicate");
    expectOneLineError(cli({ "estimate", plan, "--output=" }), ExitUsage, "file name");
    expectOneLineError(cli({ "export", plan }), ExitUsage, "--csv");
    expectOneLineError(cli({ "export", plan, "--csv", "x.csv", "--lang", "fr" }), ExitUsage, "--lang");
    expectOneLineError(cli({ "catalog" }), ExitUsage, "catalog");
    expectOneLineError(cli({ "catalog", "frobnicate" }), ExitUsage, "frobnicate");
    expectOneLineError(cli({ "catalog", "validate" }), ExitUsage, "FILE");
    expectOneLineError(cli({ "catalog", "list", "extra" }), ExitUsage, "--overrides");
    expectOneLineError(cli({ "example", "extra" }), ExitUsage, "example");
    // No command and an unknown command also print the usage after the one-line reason.
    const CliRun none = cli({});
    EXPECT_EQ(none.code, ExitUsage);
    EXPECT_EQ(none.out, "");
    const CliRun unknown = cli({ "frobnicate" });
    EXPECT_EQ(unknown.code, ExitUsage);
    EXPECT_NE(unknown.err.find("frobnicate"), std::string::npos);
}

TEST(RobustnessCli, UnwritableOutputLeavesNothing)
{
    const fs::path dir = scratchDir("unwritable");
    const std::string plan = GP_SOURCE_DIR "/resources/plans/default.gpuplan";
    // --output naming an existing directory, and a path under a missing directory.
    expectOneLineError(cli({ "estimate", plan, "--output", dir.string() }), ExitUsage, dir.string());
    expectOneLineError(
        cli({ "estimate", plan, "--output", (dir / "missing" / "x.json").string() }), ExitUsage, "missing");
    EXPECT_TRUE(fs::is_empty(dir));
    fs::remove_all(dir);
}

TEST(RobustnessCli, OneTrillionParameterPlanGivesFiniteJson)
{
    const std::string text = planText([](json& p) { p["model"] = { { "parameters", 1e12 } }; });
    for (const char* command : { "estimate", "plan" }) {
        SCOPED_TRACE(command);
        const CliRun run = cli({ command, "-", "--format", "json" }, text);
        ASSERT_EQ(run.code, ExitOk) << run.err;
        const json output = json::parse(run.out);
        ASSERT_FALSE(output.at("results").empty());
        expectFiniteJson(output);
        // A NaN or infinity would have been written as null: the figures the spec requires are numbers.
        for (const auto& r : output["results"]) {
            EXPECT_TRUE(r["memory_per_gpu"]["total"].is_number()) << r.dump();
            EXPECT_TRUE(r["step_time"]["total"].is_number()) << r.dump();
            EXPECT_TRUE(r["gpu_memory"].is_number()) << r.dump();
        }
    }
}

TEST(RobustnessCli, OneMillionTokenPlanGivesFiniteJson)
{
    const std::string text = planText([](json& p) { p["workload"]["sequence_length"] = 1 << 20; });
    for (const char* command : { "estimate", "plan" }) {
        SCOPED_TRACE(command);
        const CliRun run = cli({ command, "-", "--format", "json" }, text);
        ASSERT_EQ(run.code, ExitOk) << run.err;
        const json output = json::parse(run.out);
        expectFiniteJson(output);
        for (const auto& r : output["results"])
            EXPECT_TRUE(r["memory_per_gpu"]["total"].is_number()) << r.dump();
    }
}

TEST(RobustnessCli, TensorBeyondTheGpusIsInvalidInputForEstimate)
{
    const std::string text = planText([](json& p) { p["workload"]["parallelism"]["tensor"] = 16; });
    expectOneLineError(cli({ "estimate", "-" }, text), ExitInvalidInput, "workload.parallelism.tensor");
}

TEST(RobustnessCli, OverridesDroppedByTheMergeAreInvalidInput)
{
    // A price for an instance the catalog does not have used to be ignored silently by estimate.
    const fs::path dir = scratchDir("overrides");
    std::ofstream(dir / "prices.csv") << "instance,currency,on_demand_per_hour\ntencent:NOPE.1XLARGE,CNY,10\n";
    expectOneLineError(
        cli({ "estimate", "-", "--overrides", (dir / "prices.csv").string() }, std::string(defaultPlanText())),
        ExitInvalidInput, "tencent:NOPE.1XLARGE");
    fs::remove_all(dir);
}
