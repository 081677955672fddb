// Replays every input the fuzzers (tests/fuzz/) once crashed, hung or threw on, kept in
// tests/fuzz/regressions/<target>/, through the same entry points the fuzz targets call. A kept input must run
// to the end without an exception (sanitizer reports show up in the asan preset build) and within a time limit.
#include "../fuzz/fuzz_entry_points.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace
{

const fs::path kRegressions = fs::path(GP_SOURCE_DIR) / "tests" / "fuzz" / "regressions";

// A fuzzer's -timeout is 25 s with sanitizers; a kept hang must now finish well inside that.
constexpr double kSecondsPerInput = 20;

std::vector<fs::path> inputsOf(const std::string& target)
{
    std::vector<fs::path> inputs;
    const fs::path dir = kRegressions / target;
    if (fs::is_directory(dir))
        for (const auto& entry : fs::directory_iterator(dir))
            if (entry.is_regular_file() && entry.path().filename() != "README.md")
                inputs.push_back(entry.path());
    std::sort(inputs.begin(), inputs.end());
    return inputs;
}

void replay(const std::string& target, const std::function<void(std::string_view)>& entry)
{
    const auto inputs = inputsOf(target);
    ASSERT_FALSE(inputs.empty()) << "no reproducers in " << (kRegressions / target);
    for (const auto& path : inputs) {
        SCOPED_TRACE(path.filename().string());
        std::ifstream file(path, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
        const auto start = std::chrono::steady_clock::now();
        EXPECT_NO_THROW(entry(bytes));
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        EXPECT_LT(seconds, kSecondsPerInput);
    }
}

} // namespace

TEST(FuzzRegressions, PlanInputsReplayCleanly)
{
    replay("fuzz_plan", gp::fuzz::runPlanInput);
}

TEST(FuzzRegressions, CatalogInputsReplayCleanly)
{
    replay("fuzz_catalog", gp::fuzz::runCatalogInput);
}

TEST(FuzzRegressions, HfConfigInputsReplayCleanly)
{
    replay("fuzz_hf_config", gp::fuzz::runHfConfigInput);
}

TEST(FuzzRegressions, LaunchInputsReplayCleanly)
{
    replay("fuzz_launch", gp::fuzz::runLaunchInput);
}
