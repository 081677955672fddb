// Issue "no lost work and no silently wrong answer", core side: special files are written, not replaced;
// destinations are checked before anything is written; standard output is checked; one set of size limits for
// config.json import and plan parsing; CSV text cells are neutralised against formula injection.
#include "test_cli_support.h"
#include "test_robustness_support.h"

#include "base/atomic_file.h"
#include "base/input_file.h"
#include "cli/cli.h"
#include "output/results_csv.h"
#include "plan/limits.h"
#include "plan/plan.h"
#include "transformer/model_library.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>
#include <streambuf>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace gp;
using gp::testing::cli;
using gp::testing::CliRun;
namespace fs = std::filesystem;

namespace
{

fs::path scratch(const std::string& name)
{
    const fs::path dir = fs::temp_directory_path() / ("gp-no-lost-work-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string readAll(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string smallPlan()
{
    return robustness::planText([](nlohmann::json& plan) { plan["search"]["enabled"] = false; });
}

// A stream buffer that fails every write, as a full disk or a closed descriptor does.
class FailingBuffer : public std::streambuf
{
protected:
    int_type overflow(int_type) override { return traits_type::eof(); }
    std::streamsize xsputn(const char*, std::streamsize) override { return 0; }
};

} // namespace

// --- special files (FIFO, character devices, /dev/stdout) are written directly ---

TEST(SpecialFiles, FifoTargetIsWrittenAndStaysAFifo)
{
    const fs::path dir = scratch("fifo");
    const fs::path fifo = dir / "pipe";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    auto reader = std::async(std::launch::async, [&] { return readAll(fifo); });
    const auto written = writeFileAtomically(fifo.string(), "through the pipe\n");
    ASSERT_TRUE(written.ok()) << written.error().toString();
    EXPECT_EQ(reader.get(), "through the pipe\n");
    struct stat info {
    };
    ASSERT_EQ(::lstat(fifo.c_str(), &info), 0);
    EXPECT_TRUE(S_ISFIFO(info.st_mode)); // renaming a temporary file over it would have made it a regular file
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator {}), 1); // no temporary beside it
    fs::remove_all(dir);
}

TEST(SpecialFiles, CharacterDeviceStaysACharacterDevice)
{
    // As root, a node of our own with /dev/null's numbers: a regression must not replace the real /dev/null.
    const fs::path dir = scratch("device");
    std::string device = "/dev/null";
    if (::geteuid() == 0 && ::mknod((dir / "null").c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0)
        device = (dir / "null").string();
    const auto written = writeFileAtomically(device, "discarded");
    ASSERT_TRUE(written.ok()) << written.error().toString();
    struct stat info {
    };
    ASSERT_EQ(::stat(device.c_str(), &info), 0);
    EXPECT_TRUE(S_ISCHR(info.st_mode));
    fs::remove_all(dir);
    EXPECT_TRUE(isSpecialFileTarget("/dev/null"));
    EXPECT_TRUE(isSpecialFileTarget("/dev/stdout"));
    EXPECT_FALSE(isSpecialFileTarget(fs::temp_directory_path().string() + "/gp-not-there.csv"));
}

TEST(SpecialFiles, FullDeviceReportsTheError)
{
    // /dev/full fails every write with ENOSPC: the error is returned, never success.
    if (::access("/dev/full", W_OK) != 0)
        GTEST_SKIP() << "no /dev/full";
    const auto written = writeFileAtomically("/dev/full", std::string(1 << 16, 'x'));
    ASSERT_FALSE(written.ok());
    EXPECT_NE(written.error().toString().find("/dev/full"), std::string::npos) << written.error().toString();
}

// --- reading: regular files only, at most 64 MiB, never blocking ---

TEST(InputFile, RefusesFifoWithoutBlockingDeviceDirectoryAndOversizedFile)
{
    const fs::path dir = scratch("read");
    const fs::path fifo = dir / "pipe";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    auto fromFifo = std::async(std::launch::async, [&] { return readRegularFile(fifo.string()); });
    ASSERT_EQ(fromFifo.wait_for(std::chrono::seconds(10)), std::future_status::ready) << "reading a FIFO blocked";
    const auto fifoRead = fromFifo.get();
    ASSERT_FALSE(fifoRead.ok());
    EXPECT_NE(fifoRead.error().message.find("not a regular file"), std::string::npos);

    const auto zero = readRegularFile("/dev/zero");
    ASSERT_FALSE(zero.ok());
    EXPECT_NE(zero.error().message.find("not a regular file"), std::string::npos);
    const auto directory = readRegularFile(dir.string());
    ASSERT_FALSE(directory.ok());
    EXPECT_NE(directory.error().message.find("directory"), std::string::npos);

    const fs::path big = dir / "big.gpuplan";
    std::ofstream(big).close();
    fs::resize_file(big, kMaxInputBytes + 1); // sparse: no disk used
    const auto tooBig = readRegularFile(big.string());
    ASSERT_FALSE(tooBig.ok());
    EXPECT_NE(tooBig.error().message.find("64 MiB"), std::string::npos);
    fs::resize_file(big, 5);
    const auto small = readRegularFile(big.string());
    ASSERT_TRUE(small.ok());
    EXPECT_EQ(*small, std::string(5, '\0'));
    fs::remove_all(dir);
}

// --- the command line: outputs checked before writing, standard output checked ---

TEST(CliOutputs, FailingStandardOutputIsAnIoError)
{
    FailingBuffer failing;
    std::ostream out(&failing);
    std::istringstream in;
    std::ostringstream err;
    EXPECT_EQ(runCli({ "example" }, in, out, err), ExitUsage);
    EXPECT_NE(err.str().find("cannot write to standard output"), std::string::npos) << err.str();
    std::ostringstream err2;
    std::istringstream planIn(smallPlan());
    std::ostream out2(&failing);
    EXPECT_EQ(runCli({ "estimate", "-", "--format", "csv" }, planIn, out2, err2), ExitUsage);
    EXPECT_NE(err2.str().find("cannot write to standard output"), std::string::npos) << err2.str();
}

TEST(CliOutputs, OutputThatIsTheInputIsRefusedAndThePlanKept)
{
    const fs::path dir = scratch("same");
    const fs::path plan = dir / "p.gpuplan";
    std::ofstream(plan) << smallPlan();
    const std::string before = readAll(plan);
    const CliRun run = cli({ "estimate", plan.string(), "--output", plan.string() });
    EXPECT_EQ(run.code, ExitUsage);
    EXPECT_NE(run.err.find("is also an input"), std::string::npos) << run.err;
    EXPECT_EQ(readAll(plan), before);
    // The same file by another spelling is the same file.
    const CliRun dotted = cli({ "estimate", plan.string(), "--output", (dir / "." / "p.gpuplan").string() });
    EXPECT_EQ(dotted.code, ExitUsage) << dotted.err;
    EXPECT_EQ(readAll(plan), before);
    fs::remove_all(dir);
}

TEST(CliOutputs, ExportChecksEveryDestinationBeforeWritingAny)
{
    const fs::path dir = scratch("export");
    const fs::path plan = dir / "p.gpuplan";
    std::ofstream(plan) << smallPlan();
    const CliRun missing = cli({ "export", plan.string(), "--csv", (dir / "a.csv").string(), "--cost-csv",
        (dir / "missing-dir" / "b.csv").string() });
    EXPECT_EQ(missing.code, ExitUsage);
    EXPECT_NE(missing.err.find("--cost-csv"), std::string::npos) << missing.err;
    EXPECT_NE(missing.err.find("does not exist"), std::string::npos) << missing.err;
    EXPECT_FALSE(fs::exists(dir / "a.csv")); // nothing written when one destination cannot be

    const CliRun twice
        = cli({ "export", plan.string(), "--csv", (dir / "a.csv").string(), "--cost-csv", (dir / "a.csv").string() });
    EXPECT_EQ(twice.code, ExitUsage);
    EXPECT_NE(twice.err.find("same file"), std::string::npos) << twice.err;
    EXPECT_FALSE(fs::exists(dir / "a.csv"));

    const CliRun ok
        = cli({ "export", plan.string(), "--csv", (dir / "a.csv").string(), "--cost-csv", (dir / "b.csv").string() });
    EXPECT_EQ(ok.code, ExitOk) << ok.err;
    EXPECT_TRUE(fs::exists(dir / "a.csv"));
    EXPECT_TRUE(fs::exists(dir / "b.csv"));
    fs::remove_all(dir);
}

TEST(CliOutputs, RepeatedOptionIsAnError)
{
    const CliRun run = cli({ "estimate", "-", "--format", "json", "--format", "csv" }, smallPlan());
    EXPECT_EQ(run.code, ExitUsage);
    EXPECT_NE(run.err.find("--format is given more than once"), std::string::npos) << run.err;
    EXPECT_EQ(run.out, "");
}

TEST(CliOutputs, StandardInputIsReadOnlyOnce)
{
    const CliRun run = cli({ "estimate", "-", "--overrides", "-" }, smallPlan());
    EXPECT_EQ(run.code, ExitUsage);
    EXPECT_NE(run.err.find("can be read only once"), std::string::npos) << run.err;
}

// --- one set of limits: what config.json import accepts, the plan parser opens again ---

namespace
{

std::string llamaConfig(const std::string& key, const nlohmann::json& value)
{
    nlohmann::json config = { { "model_type", "llama" }, { "hidden_size", 2048 }, { "intermediate_size", 5632 },
        { "num_attention_heads", 32 }, { "num_hidden_layers", 22 }, { "num_key_value_heads", 4 },
        { "vocab_size", 32000 }, { "max_position_embeddings", 2048 } };
    config[key] = value;
    return config.dump();
}

// Imports a config, puts its architecture in a plan, writes the plan and parses it back.
Expected<Plan> importAndReopen(const std::string& configText)
{
    auto imported = importHuggingFaceConfig(configText, "config.json");
    if (!imported)
        return imported.error();
    auto plan = parsePlan(defaultPlanText());
    if (!plan)
        return plan.error();
    Plan p = *plan;
    p.model = ModelSpec {};
    p.model.architecture = imported->architecture;
    return parsePlan(serializePlan(p));
}

} // namespace

TEST(SharedLimits, ImportRefusesWhatTheParserRefusesNamingTheField)
{
    struct Case {
        std::string key;
        double limit;
    };
    for (const Case& c : { Case { "max_position_embeddings", double(limits::kMaxSequence) },
             Case { "vocab_size", double(limits::kMaxVocabulary) },
             Case { "num_hidden_layers", double(limits::kMaxLayers) },
             Case { "num_local_experts", double(limits::kMaxExperts) } }) {
        SCOPED_TRACE(c.key);
        nlohmann::json atLimit = std::int64_t(c.limit);
        std::string config = llamaConfig(c.key, atLimit);
        if (c.key == "num_local_experts") { // a MoE model needs its routing fields too
            auto j = nlohmann::json::parse(config);
            j["num_experts_per_tok"] = 2;
            config = j.dump();
        }
        const auto reopened = importAndReopen(config);
        EXPECT_TRUE(reopened.ok()) << reopened.error().toString(); // at the limit: imported and opened again

        auto beyond = nlohmann::json::parse(config);
        beyond[c.key] = std::int64_t(c.limit) + 1;
        const auto refused = importHuggingFaceConfig(beyond.dump(), "config.json");
        ASSERT_FALSE(refused.ok());
        EXPECT_EQ(refused.error().field, c.key);
        EXPECT_NE(refused.error().message.find(std::to_string(std::int64_t(c.limit))), std::string::npos)
            << refused.error().message;
    }
    // The figure from the issue: 2^25 positions.
    const auto positions = importHuggingFaceConfig(llamaConfig("max_position_embeddings", 33554432), "config.json");
    ASSERT_FALSE(positions.ok());
    EXPECT_EQ(positions.error().toString().find("max_position_embeddings") == std::string::npos, false);
}

TEST(SharedLimits, ParserRefusesTheSameArchitectureBeyondTheLimit)
{
    const std::string text = robustness::planText([](nlohmann::json& plan) {
        plan["model"] = { { "architecture",
            { { "hidden_size", 2048 }, { "num_layers", limits::kMaxLayers + 1 }, { "num_attention_heads", 32 },
                { "intermediate_size", 5632 }, { "vocab_size", 32000 } } } };
    });
    const auto parsed = parsePlan(text);
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().field, "model.architecture.num_layers");
}

TEST(SharedLimits, QuantizationConfigTypeErrorNamesItsField)
{
    nlohmann::json config = nlohmann::json::parse(llamaConfig("torch_dtype", "bfloat16"));
    config["quantization_config"] = { { "quant_method", "bitsandbytes" }, { "load_in_4bit", "yes" } };
    const auto imported = importHuggingFaceConfig(config.dump(), "config.json");
    ASSERT_FALSE(imported.ok());
    EXPECT_EQ(imported.error().field, "quantization_config.load_in_4bit");
    EXPECT_NE(imported.error().message.find("true or false"), std::string::npos) << imported.error().message;
}

TEST(SharedLimits, OverlongTitleIsRefusedNamingTheField)
{
    const std::string longTitle(std::size_t(limits::kMaxTitleLength) + 1, 'x');
    const auto parsed = parsePlan(robustness::planText([&](nlohmann::json& plan) { plan["title"] = longTitle; }));
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().field, "title");
    // Characters, not bytes: 1,000 Chinese characters (3,000 bytes) are within the limit.
    std::string chinese;
    for (int i = 0; i < limits::kMaxTitleLength; ++i)
        chinese += "\xe8\xae\xa1"; // 计
    EXPECT_TRUE(parsePlan(robustness::planText([&](nlohmann::json& plan) { plan["title"] = chinese; })).ok());
}

TEST(SharedLimits, NotesRoundTripAndOverlongNotesAreRefusedNamingTheField)
{
    const std::string notes = "Budget agreed on 2026-11-30.\nAsk finance about the reserved term.";
    const auto parsed = parsePlan(robustness::planText([&](nlohmann::json& plan) { plan["notes"] = notes; }));
    ASSERT_TRUE(parsed.ok()) << parsed.error().toString();
    EXPECT_EQ(parsed->notes, notes);
    const auto again = parsePlan(serializePlan(*parsed));
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->notes, notes); // line breaks kept
    const std::string tooLong(std::size_t(limits::kMaxNotesLength) + 1, 'n');
    const auto refused = parsePlan(robustness::planText([&](nlohmann::json& plan) { plan["notes"] = tooLong; }));
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().field, "notes");
    const auto notText = parsePlan(robustness::planText([&](nlohmann::json& plan) { plan["notes"] = 42; }));
    ASSERT_FALSE(notText.ok());
    EXPECT_EQ(notText.error().field, "notes");
}

// --- CSV formula injection ---

TEST(CsvInjection, TextCellsAreNeutralisedAndNegativeNumbersStayNumbers)
{
    CandidateResult r;
    r.candidate = "=cmd|' /C calc'!A0";
    r.gpu = "+gpu";
    r.gpuName = "@SUM(A1)";
    r.cost.currency = "-CNY";
    r.cost.priceSource = "=HYPERLINK(\"http://x\",\"y\")";
    r.cost.priceStatus = "\tuser";
    r.memory.weights = -2.5; // a number column: never touched
    const std::string csv = resultsToCsv({ r });
    const std::string row = csv.substr(csv.find("\r\n") + 2);
    EXPECT_EQ(row.rfind("'=cmd|' /C calc'!A0,'+gpu,'@SUM(A1),", 0), 0u) << row;
    EXPECT_NE(row.find(",-2.5,"), std::string::npos) << row;
    EXPECT_NE(row.find(",'-CNY,"), std::string::npos) << row;
    EXPECT_NE(row.find("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""), std::string::npos) << row;
    EXPECT_NE(row.find(",'\tuser,"), std::string::npos) << row;
    EXPECT_EQ(csvText("\rx"), "'\rx");
    EXPECT_EQ(csvText("plain"), "plain");
    EXPECT_EQ(csvText(""), "");

    // The cost curve: candidate and currency are text, days and cost stay numbers.
    BillingCost mode;
    mode.mode = gp::BillingMode::OnDemand;
    mode.curve.push_back(CostPoint { -1.0, -3.0 });
    r.cost.modes.push_back(mode);
    const std::string curve = costCurveToCsv({ r });
    EXPECT_NE(curve.find("\r\n'=cmd|' /C calc'!A0,on_demand,-1,-3,'-CNY\r\n"), std::string::npos) << curve;
}
