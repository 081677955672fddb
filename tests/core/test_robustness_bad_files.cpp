// Every malformed file of tests/data/bad/ (see its index.tsv) through the CLI in-process (gp::runCli) and the
// import functions: refused with exit status 1 or 2, one line on stderr naming the field or the file, nothing on
// stdout, no file written. In-process so that the sanitizer build (asan preset) checks these paths too;
// tests/scripts/bad_inputs.sh runs the same files through the real binary.
#include "cli/cli.h"
#include "transformer/model_library.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace gp;
namespace fs = std::filesystem;

namespace
{

struct BadFile {
    std::string name;
    std::string kind; // plan, catalog, overrides, pricesheet, hfconfig, safetensors
    int exitCode = 1;
    std::string fragment; // what the message must name
    std::string what;
};

const fs::path kBadDir = fs::path(GP_TEST_DATA_DIR) / "bad";

std::vector<BadFile> readIndex()
{
    std::vector<BadFile> files;
    std::ifstream index(kBadDir / "index.tsv");
    std::string line;
    while (std::getline(index, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::vector<std::string> cells;
        std::stringstream stream(line);
        std::string cell;
        while (std::getline(stream, cell, '\t'))
            cells.push_back(cell);
        cells.resize(5);
        files.push_back(BadFile { cells[0], cells[1], std::atoi(cells[2].c_str()), cells[3], cells[4] });
    }
    return files;
}

std::string readBytes(const fs::path& path)
{
    std::ifstream file(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

// A scratch directory for --output/--csv that must stay empty.
struct ScratchDir {
    fs::path path;
    ScratchDir()
    {
        path = fs::temp_directory_path()
            / ("gp-bad-inputs-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-"
                + std::to_string(reinterpret_cast<std::uintptr_t>(this)));
        fs::create_directories(path);
    }
    ~ScratchDir() { fs::remove_all(path); }
};

void expectRefused(
    const BadFile& bad, std::vector<std::string> args, const std::string& stdinText, const fs::path& scratch)
{
    std::istringstream in(stdinText);
    std::ostringstream out, err;
    const int code = runCli(args, in, out, err);
    std::string command;
    for (const auto& a : args)
        command += " " + a;
    SCOPED_TRACE(bad.name + " (" + bad.what + "):" + command);
    EXPECT_TRUE(code == ExitInvalidInput || code == ExitUsage) << "exit " << code;
    if (bad.kind == "plan" || bad.kind == "catalog" || bad.kind == "overrides" || bad.kind == "pricesheet") {
        EXPECT_EQ(code, bad.exitCode);
    }
    EXPECT_EQ(out.str(), "");
    const std::string message = err.str();
    EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 1) << message;
    const bool namesFile = message.find(bad.name) != std::string::npos || message.find("<stdin>") != std::string::npos;
    const bool namesField = !bad.fragment.empty() && message.find(bad.fragment) != std::string::npos;
    if (bad.kind == "hfconfig" || bad.kind == "safetensors") {
        EXPECT_TRUE(namesFile) << message;
    } else {
        EXPECT_TRUE(namesField || namesFile) << message;
    }
    EXPECT_TRUE(fs::is_empty(scratch)) << "a file was left behind";
}

} // namespace

TEST(RobustnessBadFiles, IndexListsAtLeastFortyFilesThatExist)
{
    const auto files = readIndex();
    EXPECT_GE(files.size(), 40u);
    std::vector<std::string> kinds;
    for (const auto& f : files) {
        EXPECT_TRUE(fs::exists(kBadDir / f.name)) << f.name;
        kinds.push_back(f.kind);
    }
    for (const char* kind : { "plan", "catalog", "overrides", "pricesheet", "hfconfig", "safetensors" })
        EXPECT_NE(std::find(kinds.begin(), kinds.end(), kind), kinds.end()) << kind;
    // Every file in the folder is listed (README.md and the index itself aside).
    for (const auto& entry : fs::directory_iterator(kBadDir)) {
        const std::string name = entry.path().filename().string();
        if (name == "README.md" || name == "index.tsv")
            continue;
        EXPECT_TRUE(std::any_of(files.begin(), files.end(), [&](const BadFile& f) { return f.name == name; }))
            << name << " is not in index.tsv";
    }
}

TEST(RobustnessBadFiles, PlansAreRefusedByEveryCommand)
{
    ScratchDir scratch;
    for (const auto& bad : readIndex()) {
        if (bad.kind != "plan")
            continue;
        const std::string path = (kBadDir / bad.name).string();
        const std::string csv = (scratch.path / "report.csv").string();
        expectRefused(bad, { "validate", path }, "", scratch.path);
        expectRefused(bad, { "validate", "-" }, readBytes(kBadDir / bad.name), scratch.path);
        expectRefused(bad, { "estimate", path, "--format", "json" }, "", scratch.path);
        expectRefused(bad, { "estimate", path, "--output", (scratch.path / "out.json").string() }, "", scratch.path);
        expectRefused(bad, { "plan", path, "--format", "json" }, "", scratch.path);
        expectRefused(bad, { "export", path, "--csv", csv }, "", scratch.path);
    }
}

TEST(RobustnessBadFiles, CatalogsOverridesAndPriceSheetsAreRefusedByEveryCommand)
{
    ScratchDir scratch;
    // A small valid plan, so the commands reach the overrides quickly.
    const std::string plan = R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-2-7b"},
        "candidates": [{"instance": "tencent:GT4.41XLARGE948", "nodes": 1}], "search": {"max_nodes": 1}})";
    const std::string planPath = (scratch.path.parent_path() / "gp-bad-inputs-plan.gpuplan").string();
    std::ofstream(planPath) << plan;
    for (const auto& bad : readIndex()) {
        if (bad.kind != "catalog" && bad.kind != "overrides" && bad.kind != "pricesheet")
            continue;
        const std::string path = (kBadDir / bad.name).string();
        expectRefused(bad, { "catalog", "validate", path }, "", scratch.path);
        expectRefused(bad, { "catalog", "list", "--overrides", path }, "", scratch.path);
        expectRefused(bad, { "validate", planPath, "--overrides", path }, "", scratch.path);
        expectRefused(bad, { "estimate", planPath, "--overrides", path }, "", scratch.path);
        expectRefused(bad, { "plan", planPath, "--overrides", path }, "", scratch.path);
        expectRefused(bad, { "export", planPath, "--overrides", path, "--csv", (scratch.path / "r.csv").string() }, "",
            scratch.path);
    }
    fs::remove(planPath);
}

TEST(RobustnessBadFiles, HuggingFaceConfigsAreRefusedByTheImporter)
{
    for (const auto& bad : readIndex()) {
        if (bad.kind != "hfconfig")
            continue;
        SCOPED_TRACE(bad.name + " (" + bad.what + ")");
        auto imported = importHuggingFaceConfig(readBytes(kBadDir / bad.name), bad.name);
        ASSERT_FALSE(imported.ok()) << "imported without error";
        EXPECT_EQ(imported.error().file, bad.name);
        EXPECT_NE(imported.error().toString().find(bad.fragment), std::string::npos) << imported.error().toString();
    }
}

TEST(RobustnessBadFiles, SafetensorsHeadersAreRefusedByTheCounter)
{
    for (const auto& bad : readIndex()) {
        if (bad.kind != "safetensors")
            continue;
        SCOPED_TRACE(bad.name + " (" + bad.what + ")");
        auto counted = countSafetensorsParameters(readBytes(kBadDir / bad.name), bad.name);
        ASSERT_FALSE(counted.ok()) << "counted " << *counted << " parameters";
        EXPECT_EQ(counted.error().file, bad.name);
        EXPECT_NE(counted.error().toString().find(bad.fragment), std::string::npos) << counted.error().toString();
    }
}

TEST(RobustnessBadFiles, HuggingFaceFilesAreRefusedWhereAPlanOrCatalogIsExpected)
{
    ScratchDir scratch;
    for (const auto& bad : readIndex()) {
        if (bad.kind != "hfconfig" && bad.kind != "safetensors")
            continue;
        const std::string path = (kBadDir / bad.name).string();
        expectRefused(bad, { "validate", path }, "", scratch.path);
        expectRefused(bad, { "estimate", path }, "", scratch.path);
        expectRefused(bad, { "catalog", "validate", path }, "", scratch.path);
    }
}
