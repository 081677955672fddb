// No lost work in the window: saves that fail keep the old file and the modified state; one recovery file per
// window, never deleted by another; unreadable recovery moved aside; exports print the plan as it is now; files
// read with the command line's limits.
#include "main_window.h"
#include "models/comparison_model.h"
#include "plan_document.h"
#include "recovery_store.h"
#include "settings.h"
#include "ui_test_support.h"

#include "report/report_export.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <future>
#include <memory>

#include <sys/resource.h>
#include <sys/stat.h>

using namespace gpui;

namespace
{

// While alive, writes beyond `bytes` into any file fail (EFBIG), as on a full disk; unprivileged and exact.
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        ::getrlimit(RLIMIT_FSIZE, &m_previous);
        m_handler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limited = m_previous;
        limited.rlim_cur = bytes;
        ::setrlimit(RLIMIT_FSIZE, &limited);
    }
    ~FileSizeLimit()
    {
        ::setrlimit(RLIMIT_FSIZE, &m_previous);
        std::signal(SIGXFSZ, m_handler);
    }

private:
    rlimit m_previous {};
    void (*m_handler)(int) = nullptr;
};

class WindowSafety : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        m_window = makeWindow();
    }

    std::unique_ptr<MainWindow> makeWindow(std::function<bool()> prompt = {}, QString recoveryBase = {})
    {
        MainWindowOptions options;
        options.settings = m_settings.get();
        options.overridesPath = m_dir.filePath(QStringLiteral("overrides.json"));
        options.recoveryPath
            = recoveryBase.isEmpty() ? m_dir.filePath(QStringLiteral("recovery.gpuplan")) : recoveryBase;
        options.restoreSession = false;
        options.offerRecovery = false;
        auto window = std::make_unique<MainWindow>(options);
        window->setMessageSink([this](const QString&, const QString& text) { m_messages << text; });
        if (prompt) {
            window->setRecoveryPrompt(std::move(prompt));
            window->offerRecovery();
        }
        return window;
    }

    // An edit that changes the results: the sequence length doubled.
    static void editSequenceLength(MainWindow* window, std::int64_t length)
    {
        gp::Plan plan = window->document()->plan();
        plan.workload.sequenceLength = length;
        window->document()->change(plan, QStringLiteral("sequence length"));
    }

    static bool waitForResult(MainWindow* window)
    {
        QSignalSpy spy(window, &MainWindow::evaluationApplied);
        for (int i = 0; i < 4; ++i) {
            EvaluationPtr latest = window->comparisonModel()->evaluation();
            if (latest && latest->generation == window->evaluator()->generation() && !window->evaluator()->isBusy())
                return true;
            if (!spy.wait(test::kEvaluationWaitMs))
                return false;
        }
        return window->comparisonModel()->evaluation() != nullptr;
    }

    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_messages;
};

} // namespace

TEST_F(WindowSafety, SaveOnAFullDiskKeepsTheOldFileAndTheDocumentModified)
{
    const QString path = m_dir.filePath(QStringLiteral("plan.gpuplan"));
    ASSERT_TRUE(m_window->savePlan(path));
    const QByteArray saved = test::readFileBytes(path);
    ASSERT_GT(saved.size(), 1000); // the default plan is about 1.7 kB
    editSequenceLength(m_window.get(), 8192);
    ASSERT_TRUE(m_window->document()->isModified());
    ASSERT_TRUE(m_window->autosaveNow());
    const QString recovery = m_window->recoveryPath();
    ASSERT_TRUE(QFileInfo::exists(recovery));
    m_messages.clear();
    bool savedAgain = true;
    {
        const FileSizeLimit full(512); // the new text (about 1.7 kB) cannot be written whole
        savedAgain = m_window->savePlan(path);
    }
    EXPECT_FALSE(savedAgain);
    EXPECT_EQ(test::readFileBytes(path), saved); // the old file, whole
    EXPECT_TRUE(m_window->document()->isModified()); // the title keeps its *
    EXPECT_TRUE(QFileInfo::exists(recovery)); // and the recovery copy stays
    ASSERT_EQ(m_messages.size(), 1);
    EXPECT_TRUE(m_messages.first().contains(QStringLiteral("plan.gpuplan"))) << m_messages.first().toStdString();
    EXPECT_FALSE(m_window->statusBar()->currentMessage().startsWith(QStringLiteral("Saved")));
    EXPECT_EQ(QDir(m_dir.path()).entryList({ QStringLiteral(".plan.gpuplan.tmp*") }, QDir::Files | QDir::Hidden),
        QStringList()); // no temporary left behind

    // Once there is room again the save works and the recovery copy goes.
    ASSERT_TRUE(m_window->savePlan(path));
    EXPECT_FALSE(m_window->document()->isModified());
    EXPECT_FALSE(QFileInfo::exists(recovery));
}

TEST_F(WindowSafety, AutosaveFailureIsShownOnce)
{
    // The recovery directory cannot exist: its parent is a regular file.
    test::writeFile(m_dir, QStringLiteral("not-a-directory"), "x");
    auto window = makeWindow({}, m_dir.filePath(QStringLiteral("not-a-directory/recovery.gpuplan")));
    editSequenceLength(window.get(), 8192);
    m_messages.clear();
    EXPECT_FALSE(window->autosaveNow());
    ASSERT_EQ(m_messages.size(), 1);
    EXPECT_TRUE(m_messages.first().contains(QStringLiteral("recovery"))) << m_messages.first().toStdString();
    editSequenceLength(window.get(), 16384);
    EXPECT_FALSE(window->autosaveNow());
    EXPECT_EQ(m_messages.size(), 1); // the next failures go to the status bar, not another message box
    EXPECT_FALSE(window->statusBar()->currentMessage().isEmpty());
}

TEST_F(WindowSafety, SecondWindowNeitherOffersNorDeletesTheFirstWindowsRecovery)
{
    editSequenceLength(m_window.get(), 8192);
    ASSERT_TRUE(m_window->autosaveNow());
    const QString first = m_window->recoveryPath();
    ASSERT_TRUE(QFileInfo::exists(first));

    bool asked = false;
    auto second = makeWindow([&asked] {
        asked = true;
        return false; // "No" would have deleted the first window's file
    });
    EXPECT_FALSE(asked); // the first window still runs: its file is not an orphan
    EXPECT_NE(second->recoveryPath(), first);
    editSequenceLength(second.get(), 2048);
    ASSERT_TRUE(second->autosaveNow());
    second->document()->undoStack()->undo(); // back to unmodified, so closing asks nothing
    EXPECT_FALSE(QFileInfo::exists(second->recoveryPath()));
    second->close(); // a normal close removes the second window's own file only
    second.reset();
    EXPECT_TRUE(QFileInfo::exists(first));

    // The first window "crashes" (ends without closing): the next window offers its changes and restores them.
    m_window.reset();
    ASSERT_TRUE(QFileInfo::exists(first));
    asked = false;
    auto third = makeWindow([&asked] {
        asked = true;
        return true;
    });
    EXPECT_TRUE(asked);
    EXPECT_EQ(third->document()->plan().workload.sequenceLength, 8192);
    EXPECT_TRUE(third->document()->isModified());
    EXPECT_FALSE(QFileInfo::exists(first)); // adopted: now in the third window's own file
    EXPECT_TRUE(QFileInfo::exists(third->recoveryPath()));
}

TEST_F(WindowSafety, UnreadableRecoveryFileIsMovedAsideWithAMessage)
{
    const QString orphan = test::writeFile(m_dir, QStringLiteral("recovery-999999-0.gpuplan"), "{ not a plan");
    bool asked = false;
    auto window = makeWindow([&asked] {
        asked = true;
        return true;
    });
    EXPECT_FALSE(asked);
    EXPECT_FALSE(QFileInfo::exists(orphan));
    EXPECT_TRUE(QFileInfo::exists(orphan + QStringLiteral(".unreadable")));
    ASSERT_FALSE(m_messages.isEmpty());
    EXPECT_TRUE(m_messages.last().contains(QStringLiteral(".unreadable"))) << m_messages.last().toStdString();
}

TEST_F(WindowSafety, UndoBackToTheSavedStateRemovesTheRecoveryFile)
{
    const QString path = m_dir.filePath(QStringLiteral("plan.gpuplan"));
    ASSERT_TRUE(m_window->savePlan(path));
    editSequenceLength(m_window.get(), 8192);
    ASSERT_TRUE(m_window->autosaveNow());
    ASSERT_TRUE(QFileInfo::exists(m_window->recoveryPath()));
    m_window->document()->undoStack()->undo();
    EXPECT_FALSE(m_window->document()->isModified());
    EXPECT_FALSE(QFileInfo::exists(m_window->recoveryPath()));
}

TEST_F(WindowSafety, ExportRightAfterAnEditPrintsTheEditedPlansResults)
{
    ASSERT_TRUE(waitForResult(m_window.get()));
    const std::int64_t before = m_window->document()->plan().workload.sequenceLength;
    editSequenceLength(m_window.get(), before * 8);
    // No event loop has run: the shown result is still the old plan's.
    ASSERT_NE(m_window->evaluator()->latest()->generation, m_window->evaluator()->generation());
    const QString path = m_dir.filePath(QStringLiteral("results.csv"));
    ASSERT_TRUE(test::finishJob(*m_window, [&] { return m_window->exportCsv(path); }))
        << m_messages.join(QLatin1Char('\n')).toStdString();
    // The same report written from a fresh evaluation of the edited plan, and from the old plan's.
    auto csvOf = [&](const gp::Plan& plan, const QString& name) {
        auto evaluation = std::make_shared<const Evaluation>(evaluatePlan(plan, *m_window->evaluator()->catalog()));
        const QString file = m_dir.filePath(name);
        EXPECT_TRUE(writeCsvReport(makeReportData(plan, m_window->evaluator()->catalog(), evaluation), file).ok());
        return test::readFileBytes(file);
    };
    const QByteArray expected = csvOf(m_window->document()->plan(), QStringLiteral("expected.csv"));
    EXPECT_EQ(test::readFileBytes(path), expected);
    // and it differs from what the old plan gives, so the check can fail
    gp::Plan old = m_window->document()->plan();
    old.workload.sequenceLength = before;
    EXPECT_NE(csvOf(old, QStringLiteral("old.csv")), expected);
}

TEST_F(WindowSafety, SpecialAndOversizedFilesAreRefusedWithoutHanging)
{
    EXPECT_FALSE(m_window->openPlan(QStringLiteral("/dev/zero")));
    ASSERT_FALSE(m_messages.isEmpty());
    EXPECT_TRUE(m_messages.last().contains(QStringLiteral("not a regular file"))) << m_messages.last().toStdString();

    const QString fifo = m_dir.filePath(QStringLiteral("pipe.gpuplan"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    auto opened = std::async(std::launch::async, [&] { return m_window->document()->read(fifo); });
    ASSERT_EQ(opened.wait_for(std::chrono::seconds(10)), std::future_status::ready) << "opening a FIFO hung";
    EXPECT_FALSE(opened.get().ok());

    const QString big = m_dir.filePath(QStringLiteral("big.gpuplan"));
    {
        QFile file(big);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        ASSERT_TRUE(file.resize(qint64(64) * 1024 * 1024 + 1)); // sparse
    }
    const auto tooBig = m_window->document()->read(big);
    ASSERT_FALSE(tooBig.ok());
    EXPECT_NE(tooBig.error().message.find("64 MiB"), std::string::npos);
}

TEST_F(WindowSafety, LastPlanThatIsADeviceDoesNotStopTheStart)
{
    m_settings->setValue(Settings::Key::LastPlan, QStringLiteral("/dev/zero"));
    MainWindowOptions options;
    options.settings = m_settings.get();
    options.overridesPath = m_dir.filePath(QStringLiteral("overrides.json"));
    options.recoveryPath = m_dir.filePath(QStringLiteral("recovery.gpuplan"));
    options.restoreSession = true;
    options.offerRecovery = false;
    MainWindow window(options);
    EXPECT_TRUE(window.document()->filePath().isEmpty());
    EXPECT_FALSE(window.document()->isModified());
}

TEST_F(WindowSafety, RecoveryStoreNeverRemovesAnotherInstancesFile)
{
    RecoveryStore a(m_dir.filePath(QStringLiteral("r.gpuplan")));
    RecoveryStore b(m_dir.filePath(QStringLiteral("r.gpuplan")));
    ASSERT_TRUE(a.write("a", QString()).ok());
    EXPECT_TRUE(b.orphans().isEmpty()); // a runs
    b.discard(a.path());
    EXPECT_EQ(b.moveAside(a.path()), QString());
    EXPECT_TRUE(QFileInfo::exists(a.path()));
    b.remove();
    EXPECT_TRUE(QFileInfo::exists(a.path()));
}

TEST_F(WindowSafety, AWindowThatIsGoingRunsNoneOfItsOwnSlots)
{
    // Issue 44 item 9, issue 45: ~QWidget deletes the window's children after ~MainWindow has run, and the plan's
    // undo history announces its clearing as it goes (~QUndoStack). A window slot reached then runs on an object
    // that is no longer a MainWindow: undefined behaviour, which Qt's debug build stops on ("Called object is not
    // of the correct type") and UBSan's vptr check reports. The undo action is re-worded by such a slot.
    editSequenceLength(m_window.get(), m_window->document()->plan().workload.sequenceLength / 2);
    QAction* undo = nullptr;
    for (QAction* action : m_window->findChildren<QAction*>())
        if (action->shortcut() == QKeySequence(QKeySequence::Undo))
            undo = action;
    ASSERT_TRUE(undo);
    ASSERT_TRUE(undo->isEnabled()) << "the edit is undoable";
    int changedWhileGoing = 0;
    QObject::connect(undo, &QAction::changed, [undo, &changedWhileGoing] {
        if (!qobject_cast<MainWindow*>(undo->parent()))
            ++changedWhileGoing;
    });
    m_window.reset();
    EXPECT_EQ(changedWhileGoing, 0) << "a slot of the window ran after ~MainWindow";
}
