// Issue 45 "no lost work, round 3", window side: the overrides file shared by the window and gpu-planner-cli (a
// real CLI process imports while the window is open; two windows' stores edit one file), and text typed in the
// Title but not yet committed is saved, autosaved and exported.
#include "catalog_store.h"
#include "main_window.h"
#include "plan_document.h"
#include "report/report_export.h"
#include "settings.h"
#include "widgets/inputs_panel.h"

#include "catalog/catalog.h"
#include "plan/plan.h"

#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace gpui;

namespace
{

// The ids an overrides file gives a price or stock to.
std::set<std::string> overridesKeys(const QString& path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    const QByteArray bytes = file.readAll();
    auto parsed = gp::parseOverridesJson(std::string_view(bytes.constData(), std::size_t(bytes.size())), "overrides");
    EXPECT_TRUE(parsed) << (parsed ? std::string() : parsed.error().toString());
    std::set<std::string> keys;
    if (!parsed)
        return keys;
    for (const auto& [id, price] : parsed->prices)
        keys.insert("price " + id);
    for (const auto& [id, zones] : parsed->availability)
        keys.insert("stock " + id);
    for (const auto& instance : parsed->instances)
        keys.insert("instance " + instance.id);
    return keys;
}

gp::PriceSpec windowQuote(double perHour)
{
    gp::PriceSpec quote;
    quote.currency = "CNY";
    quote.onDemandPerHour = perHour;
    quote.source = "window quote";
    quote.asOf = "2026-12-06";
    return quote;
}

bool runCliImport(const QString& overridesPath)
{
    QProcess cli;
    cli.start(QStringLiteral(GP_CLI_PATH),
        { QStringLiteral("catalog"), QStringLiteral("import"),
            QStringLiteral(GP_TEST_DATA_DIR "/cloud/tencent-describe-zone-instance-config-infos.json"),
            QStringLiteral("--currency"), QStringLiteral("CNY"), QStringLiteral("--overrides"), overridesPath });
    if (!cli.waitForFinished(60000))
        return false;
    EXPECT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();
    return cli.exitStatus() == QProcess::NormalExit && cli.exitCode() == 0;
}

} // namespace

TEST(SharedOverridesWindow, AnImportByTheCliWhileTheWindowIsOpenSurvivesTheWindowsNextQuote)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("overrides.json"));
    const std::string first = gp::builtinCatalog().instances.at(0).id;
    const std::string second = gp::builtinCatalog().instances.at(1).id;
    CatalogStore window(path); // reads the file once, at start
    QUndoStack undo;
    window.setUndoStack(&undo);
    ASSERT_TRUE(window.setPrice(first, windowQuote(10.0)));

    ASSERT_TRUE(runCliImport(path)); // another process writes the same file
    const std::set<std::string> imported = overridesKeys(path);
    ASSERT_GT(imported.size(), 3u);

    ASSERT_TRUE(window.setPrice(second, windowQuote(20.0))); // before: wrote its stale copy over the import
    const std::set<std::string> after = overridesKeys(path);
    for (const std::string& key : imported)
        EXPECT_TRUE(after.count(key)) << key << " (imported by the CLI) was lost by the window's save";
    EXPECT_TRUE(after.count("price " + second));
    // The window shows what the file holds now, the import included.
    EXPECT_EQ(
        window.overrides().prices.size() + window.overrides().availability.size() + window.overrides().instances.size(),
        after.size());

    // Undoing the window's quote takes back that quote only.
    undo.undo();
    const std::set<std::string> undone = overridesKeys(path);
    EXPECT_FALSE(undone.count("price " + second));
    for (const std::string& key : imported)
        EXPECT_TRUE(undone.count(key)) << key << " was lost by the undo";
}

TEST(SharedOverridesWindow, TwoWindowsQuotingIntoOneFileKeepBothQuotes)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("overrides.json"));
    const std::string a = gp::builtinCatalog().instances.at(0).id;
    const std::string b = gp::builtinCatalog().instances.at(1).id;
    CatalogStore first(path), second(path); // both read the (absent) file at start
    ASSERT_TRUE(first.setPrice(a, windowQuote(10.0)));
    ASSERT_TRUE(second.setPrice(b, windowQuote(20.0)));
    const std::set<std::string> keys = overridesKeys(path);
    EXPECT_TRUE(keys.count("price " + a)) << "the second window wrote over the first window's quote";
    EXPECT_TRUE(keys.count("price " + b));
    // The first window's clearing of its quote leaves the second's.
    ASSERT_TRUE(first.clearPrice(a));
    const std::set<std::string> cleared = overridesKeys(path);
    EXPECT_FALSE(cleared.count("price " + a));
    EXPECT_TRUE(cleared.count("price " + b));
}

TEST(SharedOverridesWindow, TheBackupTheDialogNamesIsTheFileCreated)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("overrides.json"));
    {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("{ not json");
    }
    CatalogStore store(path);
    const QString shown = store.plannedBackupPath(); // what the dialog shows at start
    ASSERT_FALSE(shown.isEmpty());
    QTest::qWait(1100); // the clock moves on before the first save
    ASSERT_TRUE(store.setPrice(gp::builtinCatalog().instances.at(0).id, windowQuote(10.0)));
    EXPECT_EQ(store.backupPath(), shown);
    EXPECT_TRUE(QFile::exists(shown)) << shown.toStdString();
}

namespace
{

class TypedTitle : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        MainWindowOptions options;
        options.settings = m_settings.get();
        options.overridesPath = m_dir.filePath(QStringLiteral("overrides.json"));
        options.recoveryPath = m_dir.filePath(QStringLiteral("recovery.gpuplan"));
        options.restoreSession = false;
        options.offerRecovery = false;
        m_window = std::make_unique<MainWindow>(options);
        m_window->setMessageSink([](const QString&, const QString&) {});
    }

    // Types `text` into the Title as a user does, leaving the focus there (no editingFinished).
    void typeTitle(const QString& text)
    {
        QLineEdit* title = m_window->inputsPanel()->titleBox();
        title->clear();
        QTest::keyClicks(title, text);
        ASSERT_EQ(title->text(), text);
    }

    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;
};

} // namespace

TEST_F(TypedTitle, IsSavedByCtrlS)
{
    const QString path = m_dir.filePath(QStringLiteral("plan.gpuplan"));
    ASSERT_TRUE(m_window->savePlan(path));
    typeTitle(QStringLiteral("Support bot LoRA"));
    ASSERT_TRUE(m_window->savePlan(path));
    EXPECT_EQ(m_window->document()->plan().title, "Support bot LoRA");
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(file.readAll().contains("Support bot LoRA")) << "the typed title was not saved";
    EXPECT_FALSE(m_window->document()->isModified());
}

TEST_F(TypedTitle, IsAutosavedAndCountsAsAnUnsavedChange)
{
    typeTitle(QStringLiteral("Typed, never left"));
    EXPECT_TRUE(m_window->autosaveNow()) << "autosave did not see the typed title";
    EXPECT_TRUE(m_window->document()->isModified()); // so closing asks
    QFile recovery(m_window->recoveryPath());
    ASSERT_TRUE(recovery.open(QIODevice::ReadOnly));
    EXPECT_TRUE(recovery.readAll().contains("Typed, never left"));
}

TEST_F(TypedTitle, NamesTheExport)
{
    typeTitle(QStringLiteral("Quarterly plan"));
    QString suggested;
    m_window->setSaveFileChooser([&](const QString&, const QString& path, const QString&) {
        suggested = path;
        return QString(); // cancelled: only the suggestion matters
    });
    m_window->exportCsvAs();
    EXPECT_TRUE(suggested.endsWith(QStringLiteral("Quarterly plan.csv"))) << suggested.toStdString();
}

TEST(ExportAllOrNothing, APdfIsNotWrittenWhenItsCsvCannotBe)
{
    QTemporaryDir dir;
    auto plan = gp::parsePlan(gp::defaultPlanText());
    ASSERT_TRUE(plan.ok());
    plan->search.enabled = false; // as configured: quick
    ExportRequest request;
    request.pdfPath = dir.filePath(QStringLiteral("report.pdf"));
    request.csvPath = dir.filePath(QStringLiteral("missing-folder/report.csv")); // cannot be created
    request.language = QStringLiteral("en");
    const auto exported = exportPlanReport(*plan, gp::builtinCatalog(), request);
    ASSERT_FALSE(exported);
    EXPECT_FALSE(QFile::exists(request.pdfPath)) << "half an export: the PDF without its CSV";
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList()) << "a temporary was left";
}

TEST_F(TypedTitle, ACachedModelWhoseFolderNameIsNotUtf8IsImported)
{
    // A Hugging Face cache folder named in Latin-1 (bytes that are not UTF-8): listed and imported by its bytes.
    const QByteArray hub = QByteArray(QFile::encodeName(m_dir.path()) + "/hub");
    const QByteArray repo = QByteArray(hub + "/models--org--caf\xe9");
    const QList<QByteArray> folders = { hub, repo, QByteArray(repo + "/refs"), QByteArray(repo + "/snapshots"),
        QByteArray(repo + "/snapshots/abc123") };
    for (const QByteArray& folder : folders)
        ASSERT_EQ(::mkdir(folder.constData(), 0700), 0) << folder.toStdString();
    const auto writeBytes = [](const QByteArray& path, const QByteArray& bytes) {
        const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        ASSERT_GE(fd, 0);
        ASSERT_EQ(::write(fd, bytes.constData(), std::size_t(bytes.size())), bytes.size());
        ::close(fd);
    };
    writeBytes(QByteArray(repo + "/refs/main"), "abc123\n");
    writeBytes(QByteArray(repo + "/snapshots/abc123/config.json"), R"({
        "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 2048,
        "intermediate_size": 5632, "num_attention_heads": 32, "num_hidden_layers": 22, "num_key_value_heads": 4,
        "vocab_size": 32000, "tie_word_embeddings": false, "torch_dtype": "bfloat16", "hidden_act": "silu"})");
    const QByteArray previousCache = qgetenv("HF_HUB_CACHE");
    qputenv("HF_HUB_CACHE", hub);
    QStringList offered;
    m_window->setItemChooser([&](const QString&, const QString&, const QStringList& items) {
        offered = items;
        return items.value(0);
    });
    QStringList errors;
    m_window->setMessageSink([&](const QString&, const QString& text) { errors << text; });
    m_window->chooseCachedModel();
    if (previousCache.isNull())
        qunsetenv("HF_HUB_CACHE");
    else
        qputenv("HF_HUB_CACHE", previousCache);
    std::error_code ignored;
    std::filesystem::remove_all(std::string(hub.constData()), ignored); // QTemporaryDir cannot name the folder
    ASSERT_EQ(offered.size(), 1);
    EXPECT_TRUE(errors.isEmpty()) << errors.join(QLatin1Char('\n')).toStdString();
    const gp::Plan& plan = m_window->document()->plan();
    ASSERT_TRUE(plan.model.architecture.has_value()) << "the config.json of a non-UTF-8 folder was not imported";
    EXPECT_EQ(plan.model.architecture->hiddenSize, 2048);
}
