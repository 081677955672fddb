// Issue 45 "no lost work, round 3", core side: the overrides file shared by the window and every gpu-planner-cli
// (a lock from the read to the rename, each change applied to the file as it is now, merged by id in linear time),
// stale temporaries of killed writers, control characters escaped for a terminal and refused in imported ids,
// and a Hugging Face cache whose refs/main is not a small regular file.
#include "base/atomic_file.h"
#include "base/file_lock.h"
#include "base/input_file.h"
#include "base/json_reader.h"
#include "base/terminal_text.h"
#include "catalog/catalog.h"
#include "catalog/catalog_import.h"
#include "catalog/catalog_overrides_file.h"
#include "cli/cli.h"
#include "transformer/hf_cache.h"
#include "transformer/model_library.h"

#include "many_machines_overrides.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>
#include <thread>

#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace gp;
namespace fs = std::filesystem;
using nlohmann::json;

namespace
{

fs::path sharedScratch(const std::string& name)
{
    const fs::path dir = fs::temp_directory_path() / ("gp-shared-files-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string sharedReadAll(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

void sharedWrite(const fs::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
}

PriceSpec userQuote(double perHour)
{
    PriceSpec price;
    price.currency = "USD";
    price.onDemandPerHour = perHour;
    price.status = "user";
    price.source = "test quote";
    return price;
}

// Sets the price of `id` in the overrides file at `path`, as one writer does.
Expected<CatalogOverrides> quoteInto(const fs::path& path, const std::string& id, double perHour)
{
    return updateOverridesFile(path.string(), "overrides.json", [&](CatalogOverrides& overrides) -> Expected<bool> {
        overrides.prices.emplace_back(id, userQuote(perHour));
        return true;
    });
}

const InstanceSpec& someInstance(std::size_t index)
{
    return builtinCatalog().instances.at(index);
}

} // namespace

TEST(SharedOverrides, EachChangeIsAppliedToTheFileAsItIsNow)
{
    const fs::path dir = sharedScratch("as-it-is-now");
    const fs::path path = dir / "overrides.json";
    ASSERT_TRUE(quoteInto(path, someInstance(0).id, 11.0));
    // A second writer that read the file before the first wrote it would write back a copy without the first
    // price; here each change starts from the file.
    auto second = quoteInto(path, someInstance(1).id, 22.0);
    ASSERT_TRUE(second) << second.error().toString();
    auto reread = parseOverridesJson(sharedReadAll(path), "overrides.json");
    ASSERT_TRUE(reread) << reread.error().toString();
    ASSERT_EQ(reread->prices.size(), 2u);
    EXPECT_EQ(reread->prices[0].first, someInstance(0).id);
    EXPECT_EQ(reread->prices[1].first, someInstance(1).id);
    EXPECT_EQ(second->prices.size(), 2u);
}

TEST(SharedOverrides, ABrokenFileIsNeitherChangedNorReplaced)
{
    const fs::path dir = sharedScratch("broken");
    const fs::path path = dir / "overrides.json";
    sharedWrite(path, "{ \"format\": \"gpu-planner-overrides\", \"prices\": ");
    OverridesStep step = OverridesStep::None;
    bool called = false;
    auto result = updateOverridesFile(
        path.string(), "overrides.json",
        [&](CatalogOverrides&) -> Expected<bool> {
            called = true;
            return true;
        },
        &step);
    ASSERT_FALSE(result);
    EXPECT_EQ(step, OverridesStep::Parse);
    EXPECT_FALSE(called);
    EXPECT_EQ(sharedReadAll(path), "{ \"format\": \"gpu-planner-overrides\", \"prices\": ");
    EXPECT_NE(result.error().message.find("unchanged"), std::string::npos) << result.error().toString();
}

TEST(SharedOverrides, TheLockIsHeldFromTheReadToTheRename)
{
    const fs::path dir = sharedScratch("lock");
    const fs::path path = dir / "overrides.json";
    ASSERT_TRUE(quoteInto(path, someInstance(0).id, 11.0));
    auto held = FileLock::acquire(path.string());
    ASSERT_TRUE(held) << held.error().toString();
    EXPECT_TRUE(fs::exists(dir / ".overrides.json.lock"));
    // Another writer (a descriptor of its own, as another process has) waits for the lock before reading.
    std::atomic<bool> done { false };
    std::thread writer([&] {
        ASSERT_TRUE(quoteInto(path, someInstance(1).id, 22.0));
        done = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    EXPECT_FALSE(done.load()) << "the second writer did not wait for the lock";
    // While the lock is held the holder may still change the file; the waiting writer must see this change.
    auto current = parseOverridesJson(sharedReadAll(path), "overrides.json");
    ASSERT_TRUE(current);
    current->prices.emplace_back(someInstance(2).id, userQuote(33.0));
    ASSERT_TRUE(writeFileAtomically(path.string(), overridesToJson(*current)));
    held->release();
    writer.join();
    auto reread = parseOverridesJson(sharedReadAll(path), "overrides.json");
    ASSERT_TRUE(reread);
    EXPECT_EQ(reread->prices.size(), 3u) << sharedReadAll(path);
}

TEST(SharedOverrides, AnEditIsMergedByIdIntoANewerFile)
{
    // The window read {A: 1}; a CLI import since wrote {A: 1, B: 2}; the window's edit sets A to 5 and removes
    // nothing else: the file gets {A: 5, B: 2}. Undoing the edit (to -> from) gives {A: 1, B: 2}.
    const std::string a = someInstance(0).id, b = someInstance(1).id;
    CatalogOverrides read;
    read.prices = { { a, userQuote(1.0) } };
    CatalogOverrides edited = read;
    edited.prices[0].second = userQuote(5.0);
    CatalogOverrides onDisk = read;
    onDisk.prices.emplace_back(b, userQuote(2.0));

    const CatalogOverrides merged = withOverridesChanges(onDisk, read, edited);
    ASSERT_EQ(merged.prices.size(), 2u);
    EXPECT_EQ(merged.prices[0].first, a);
    EXPECT_EQ(merged.prices[0].second.onDemandPerHour, 5.0);
    EXPECT_EQ(merged.prices[1].first, b);
    EXPECT_EQ(merged.prices[1].second.onDemandPerHour, 2.0);

    const CatalogOverrides undone = withOverridesChanges(merged, edited, read);
    ASSERT_EQ(undone.prices.size(), 2u);
    EXPECT_EQ(undone.prices[0].second.onDemandPerHour, 1.0);
    EXPECT_EQ(undone.prices[1].second.onDemandPerHour, 2.0);

    // A quote the edit cleared goes; one it never had stays.
    CatalogOverrides cleared = read;
    cleared.prices.clear();
    const CatalogOverrides withoutA = withOverridesChanges(onDisk, read, cleared);
    ASSERT_EQ(withoutA.prices.size(), 1u);
    EXPECT_EQ(withoutA.prices[0].first, b);
}

TEST(SharedOverrides, ManyMachinesAreReadMergedAndWrittenEachOnce)
{
    // The work of every `--overrides` run, the window's start and each save, on 500 machines with a price each:
    // every machine is merged once beside the built-in catalog, with no notice, and written back. That it grows
    // linearly is checked on the release build (script.overrides_linear, core_bench BM_OverridesLoad): under the
    // sanitizers each machine costs milliseconds and a quadratic merge would not show.
    const int machines = 500;
    auto overrides = parseOverridesJson(gp::test::manyMachinesOverrides(machines), "overrides.json");
    ASSERT_TRUE(overrides) << overrides.error().toString();
    const Catalog merged = mergeOverrides(builtinCatalog(), *overrides);
    EXPECT_EQ(merged.instances.size(), builtinCatalog().instances.size() + std::size_t(machines));
    EXPECT_TRUE(merged.notices.empty());
    auto reread = parseOverridesJson(overridesToJson(*overrides), "overrides.json");
    ASSERT_TRUE(reread) << reread.error().toString();
    EXPECT_EQ(reread->prices.size(), std::size_t(machines));
    EXPECT_EQ(reread->instances.size(), std::size_t(machines));
}

TEST(AtomicFile, StaleTemporariesOfKilledWritersAreRemovedOnTheNextWrite)
{
    const fs::path dir = sharedScratch("stale");
    // A writer that died: a process that has exited (its id is no longer in use).
    const pid_t child = ::fork();
    if (child == 0)
        ::_exit(0);
    ASSERT_GT(child, 0);
    ::waitpid(child, nullptr, 0);
    const std::string dead = std::to_string(child);
    const fs::path stale = dir / (".plan.gpuplan.tmp." + dead + ".3.0badf00d");
    const fs::path fresh = dir / (".plan.gpuplan.tmp." + dead + ".4.0badf00e"); // written seconds ago: kept
    const fs::path alive = dir / (".plan.gpuplan.tmp." + std::to_string(::getppid()) + ".1.00000001");
    const fs::path notOurs = dir / ".plan.gpuplan.tmp.notes";
    for (const fs::path& p : { stale, fresh, alive, notOurs })
        sharedWrite(p, std::string(4096, 'x'));
    const struct timeval old[2] = { { std::time(nullptr) - 3600, 0 }, { std::time(nullptr) - 3600, 0 } };
    for (const fs::path& p : { stale, alive, notOurs })
        ASSERT_EQ(::utimes(p.c_str(), old), 0);

    ASSERT_TRUE(writeFileAtomically((dir / "other.json").string(), "{}"));
    EXPECT_FALSE(fs::exists(stale)) << "a dead writer's temporary an hour old stays";
    EXPECT_TRUE(fs::exists(fresh));
    EXPECT_TRUE(fs::exists(alive));
    EXPECT_TRUE(fs::exists(notOurs));
    EXPECT_EQ(sharedReadAll(dir / "other.json"), "{}");
}

TEST(TerminalText, ControlCharactersAreShownNotObeyed)
{
    // OSC 52 (write the clipboard), CSI as one C1 character, a stray byte that is not UTF-8, and DEL.
    EXPECT_EQ(escapeTerminalControls("a\x1b]52;c;aGk=\x07z"), "a\\x1b]52;c;aGk=\\x07z");
    EXPECT_EQ(escapeTerminalControls("\xc2\x9b"
                                     "31m"),
        "\\u009b31m");
    EXPECT_EQ(escapeTerminalControls("x\x9by"), "x\\x9by");
    EXPECT_EQ(escapeTerminalControls("del\x7f"), "del\\x7f");
    EXPECT_EQ(escapeTerminalControls("\r"), "\\x0d");
    // Text stays as it is: newlines, tabs, Chinese, other Latin-1 letters (U+00E9), a four-byte character.
    const std::string plain = "line\n\tcol 训练 caf\xc3\xa9 \xf0\x9f\x98\x80";
    EXPECT_EQ(escapeTerminalControls(plain), plain);
    EXPECT_TRUE(hasControlCharacters("p5\x1b"));
    EXPECT_TRUE(hasControlCharacters("p5\xc2\x85"));
    EXPECT_FALSE(hasControlCharacters("ecs.gn7i-c8g1.2xlarge 训练"));
}

TEST(TerminalText, TheStreamBufferEscapesAcrossWrites)
{
    std::ostringstream target;
    {
        TerminalEscapingBuffer buffer(target.rdbuf());
        std::ostream out(&buffer);
        out << "title: \xe8\xae" << std::flush; // half of 训, then the rest in the next write
        out << "\xad \x1b[2J";
        out << '\x1b' << "]0;x\n";
    }
    EXPECT_EQ(target.str(), "title: \xe8\xae\xad \\x1b[2J\\x1b]0;x\n");
}

TEST(CloudImportIds, ControlCharactersInInstanceIdsAreRefused)
{
    const std::string listing = R"({"InstanceTypes": [{"InstanceType": "p5.48xlarge\u001b]52;c;aGk=\u0007",
        "VCpuInfo": {"DefaultVCpus": 192}, "MemoryInfo": {"SizeInMiB": 2097152},
        "GpuInfo": {"Gpus": [{"Name": "H100", "Manufacturer": "NVIDIA", "Count": 8,
                              "MemoryInfo": {"SizeInMiB": 81920}}]}}]})";
    CloudImportOptions options;
    options.fileName = "types.json";
    options.date = "2026-12-06";
    auto imported = importCloudListing(listing, options, builtinCatalog(), CatalogOverrides {});
    ASSERT_FALSE(imported);
    EXPECT_NE(imported.error().message.find("control character"), std::string::npos) << imported.error().toString();
    EXPECT_EQ(imported.error().toString().find('\x1b'), std::string::npos) << "the message itself carries the ESC";

    // The same in an overrides file: refused with the field named.
    auto parsed = parseOverridesJson(
        R"({"format": "gpu-planner-overrides", "version": 1, "prices": {"aws:p5\u009b31m": {"currency": "USD", "on_demand_per_hour": 1}}})",
        "overrides.json");
    ASSERT_FALSE(parsed);
    EXPECT_EQ(parsed.error().field, "prices");
    EXPECT_NE(parsed.error().message.find("\\u009b"), std::string::npos) << parsed.error().message;
}

namespace
{

fs::path cachedRepo(const fs::path& hub, const std::string& folder)
{
    const fs::path repo = hub / folder;
    fs::create_directories(repo / "snapshots" / "abc123");
    fs::create_directories(repo / "refs");
    sharedWrite(repo / "snapshots" / "abc123" / "config.json", "{}");
    return repo;
}

// cachedModels on another thread, so that a scan that blocks fails the test instead of hanging it.
std::optional<std::vector<CachedModel>> scanWithin(const fs::path& hub, std::chrono::seconds limit)
{
    auto promise = std::make_shared<std::promise<std::vector<CachedModel>>>();
    auto future = promise->get_future();
    std::thread([promise, hub] { promise->set_value(cachedModels(hub.string())); }).detach();
    if (future.wait_for(limit) != std::future_status::ready)
        return std::nullopt;
    return future.get();
}

} // namespace

TEST(HfCacheRefs, AFifoOrDeviceAsRefsMainIsPassedOverWithoutBlocking)
{
    const fs::path hub = sharedScratch("hf-refs");
    const fs::path fifoRepo = cachedRepo(hub, "models--org--fifo");
    ASSERT_EQ(::mkfifo((fifoRepo / "refs" / "main").c_str(), 0600), 0);
    const fs::path zeroRepo = cachedRepo(hub, "models--org--zero");
    fs::create_symlink("/dev/zero", zeroRepo / "refs" / "main");
    const auto models = scanWithin(hub, std::chrono::seconds(5));
    ASSERT_TRUE(models.has_value()) << "the scan blocked on refs/main";
    ASSERT_EQ(models->size(), 2u);
    EXPECT_EQ((*models)[0].repo, "org/fifo"); // the newest snapshot instead
    EXPECT_EQ((*models)[1].repo, "org/zero");
}

TEST(HfCacheRefs, AFolderNameThatIsNotUtf8KeepsItsBytes)
{
    const fs::path hub = sharedScratch("hf-bytes");
    const std::string folder = std::string("models--org--caf\xe9"); // Latin-1, not UTF-8
    cachedRepo(hub, folder);
    sharedWrite(hub / folder / "refs" / "main", "abc123\n");
    const auto models = cachedModels(hub.string());
    ASSERT_EQ(models.size(), 1u);
    EXPECT_EQ(models[0].repo, "org/caf\xe9");
    auto text = readRegularFile(models[0].configPath); // the path opens as the core gives it
    ASSERT_TRUE(text) << text.error().toString();
    EXPECT_EQ(*text, "{}");
}

TEST(AtomicFile, SeveralFilesAreWrittenAllOrNothing)
{
    const fs::path dir = sharedScratch("all-or-nothing");
    sharedWrite(dir / "report.pdf", "old pdf");
    const std::string pdf = "new pdf", csv = "new csv";
    auto written = writeFilesAtomically(
        { { (dir / "report.pdf").string(), pdf }, { (dir / "missing" / "report.csv").string(), csv } });
    ASSERT_FALSE(written);
    EXPECT_EQ(sharedReadAll(dir / "report.pdf"), "old pdf");
    std::size_t entries = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir))
        ++entries;
    EXPECT_EQ(entries, 1u) << "a temporary was left behind";
    ASSERT_TRUE(
        writeFilesAtomically({ { (dir / "report.pdf").string(), pdf }, { (dir / "report.csv").string(), csv } }));
    EXPECT_EQ(sharedReadAll(dir / "report.pdf"), pdf);
    EXPECT_EQ(sharedReadAll(dir / "report.csv"), csv);
}

TEST(JsonMessages, SyntaxErrorsGiveTheLineAndColumnNotTheLibrarysText)
{
    json out;
    auto words = detail::parseJsonDocument("{\n  \"title\": x\n}", out);
    ASSERT_TRUE(words);
    std::string problem = fillWords(*words);
    EXPECT_NE(problem.find("line 2, column 12"), std::string::npos) << problem;
    EXPECT_EQ(problem.find("json.exception"), std::string::npos) << problem;
    words = detail::parseJsonDocument("{\"prices\": {\"a\": 1e999}}", out);
    ASSERT_TRUE(words);
    problem = fillWords(*words);
    EXPECT_NE(problem.find("line 1, column 18"), std::string::npos) << problem;
    EXPECT_NE(problem.find("1e999"), std::string::npos) << problem;
    EXPECT_EQ(problem.find("json.exception"), std::string::npos) << problem;
}

TEST(JsonMessages, BoundsAreSaidInWords)
{
    EXPECT_EQ(fillWords(detail::rangeRequirement(1e-300, 1e300, "-1")), "must be positive, got -1");
    EXPECT_EQ(fillWords(detail::rangeRequirement(0, 1e300, "-1")), "must be 0 or more, got -1");
    EXPECT_EQ(fillWords(detail::rangeRequirement(-1e300, 1e7, "2e+07")), "must be at most 1e+07, got 2e+07");
    EXPECT_EQ(fillWords(detail::rangeRequirement(1, 8, "9")), "must be between 1 and 8, got 9");
    const json object = { { "x", 2e7 } };
    detail::JsonReader reader(object, "serving");
    double value = 0;
    EXPECT_FALSE(reader.number("x", value, true, -1e300, 1e7));
    ASSERT_TRUE(reader.error());
    EXPECT_EQ(reader.error()->message.find("-1e+300"), std::string::npos) << reader.error()->message;
}

TEST(TextCaps, ShownNamesAreCappedWhereReadNamingTheField)
{
    const std::string longText(100000, 'x'); // far beyond the 2,000 characters a source or note may have
    auto sheet = parseOverridesCsv(
        "instance,currency,on_demand_per_hour,note\n" + someInstance(0).id + ",USD,1," + longText + "\n", "prices.csv");
    ASSERT_FALSE(sheet);
    EXPECT_NE(sheet.error().field.find("note"), std::string::npos) << sheet.error().toString();
    EXPECT_NE(sheet.error().message.find("characters"), std::string::npos) << sheet.error().toString();
    auto overrides = parseOverridesJson(
        json { { "format", "gpu-planner-overrides" }, { "version", 1 },
            { "prices",
                { { someInstance(0).id,
                    { { "currency", "USD" }, { "on_demand_per_hour", 1 }, { "source", longText } } } } } }
            .dump(),
        "overrides.json");
    ASSERT_FALSE(overrides);
    EXPECT_NE(overrides.error().field.find("source"), std::string::npos) << overrides.error().toString();
}

TEST(FieldMessages, ABrokenOverridesFileNamesItsFieldNotTheCatalogFormat)
{
    std::istringstream in(R"({"format": "gpu-planner-overrides", "version": 1,
        "prices": {"aws:p5.48xlarge": {"currency": "USD", "on_demand_per_hour": -3}}})");
    std::ostringstream out, err;
    EXPECT_EQ(runCli({ "catalog", "validate", "-" }, in, out, err), ExitInvalidInput);
    EXPECT_NE(err.str().find("prices.aws:p5.48xlarge.on_demand_per_hour"), std::string::npos) << err.str();
    EXPECT_EQ(err.str().find("gpu-planner-catalog"), std::string::npos) << err.str();
}

// A Llama config.json whose hidden_size is written in quotes.
const std::string kHiddenSizeInQuotesConfig = R"({"architectures": ["LlamaForCausalLM"], "model_type": "llama",
    "hidden_size": "4096", "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000,
    "intermediate_size": 11008})";

TEST(FieldMessages, ASizeWrittenAsAStringOrMissingIsNamedWithoutGot0)
{
    const std::string config = kHiddenSizeInQuotesConfig;
    auto imported = importHuggingFaceConfig(config, "config.json");
    ASSERT_FALSE(imported);
    EXPECT_EQ(imported.error().field, "hidden_size") << imported.error().toString();
    EXPECT_NE(imported.error().message.find("\"4096\""), std::string::npos) << imported.error().toString();
    std::string missing = config;
    missing.replace(missing.find("\"hidden_size\": \"4096\","), 23, "");
    auto withoutSize = importHuggingFaceConfig(missing, "config.json");
    ASSERT_FALSE(withoutSize);
    EXPECT_EQ(withoutSize.error().message.find("got 0"), std::string::npos) << withoutSize.error().toString();
}

// "must be a number, got "4096"" read as a contradiction (issue #44): a number in quotes is said to be written as
// text, in the readers that share JsonReader and in the config.json import; text that is no number keeps "got".
TEST(FieldMessages, ANumberInQuotesIsSaidToBeWrittenAsText)
{
    const std::string config = kHiddenSizeInQuotesConfig;
    auto imported = importHuggingFaceConfig(config, "config.json");
    ASSERT_FALSE(imported);
    EXPECT_EQ(imported.error().message, "is a number written as text (\"4096\"); write it without quotes")
        << imported.error().toString();

    const json object = { { "size", "4096" }, { "count", "12" }, { "word", "eight" }, { "blank", "" } };
    const auto read = [&](const char* key, bool integer) {
        detail::JsonReader reader(object, "x");
        if (integer) {
            std::int64_t value = 0;
            reader.integer(key, value, true, 0, 100);
        } else {
            double value = 0;
            reader.number(key, value, true);
        }
        return reader.error() ? reader.error()->message : std::string();
    };
    EXPECT_EQ(read("size", false), "is a number written as text (\"4096\"); write it without quotes");
    EXPECT_EQ(read("count", true), "is a number written as text (\"12\"); write it without quotes");
    EXPECT_EQ(read("word", false), "must be a number, got \"eight\"");
    EXPECT_EQ(read("blank", true), "must be an integer, got \"\"");
}
