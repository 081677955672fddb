// The background-job runner (ui/job_runner.h) and the exports that run on it (issue 45 item 4, issue 37 item 7): a
// job runs off the UI thread and hands its result back on it, the newest job wins, a failure names the job and what
// failed, a cancelled export leaves no file, and the window keeps answering events while a large export runs.
#include "job_runner.h"
#include "main_window.h"
#include "report/report_export.h"
#include "settings.h"
#include "ui_test_support.h"
#include "widgets/budget/budget_report.h"
#include "widgets/job_progress.h"

#include "budget/budget_answer.h"
#include "plan/plan.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <new>
#include <thread>

using namespace gpui;

namespace
{

constexpr int kJobWaitMs = 120000;

// Every entry of `dir` but the test's own files: what an export left there.
QStringList exportLeftovers(const QTemporaryDir& dir)
{
    QStringList left = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
    left.removeIf([](const QString& name) { return name.startsWith(QStringLiteral("settings")); });
    return left;
}

class ExportJobWindow : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        MainWindowOptions options = test::isolatedWindowOptions(m_dir, m_settings.get());
        options.recoveryPath = m_home.filePath(QStringLiteral("recovery.gpuplan")); // not among the exports
        options.overridesPath = m_home.filePath(QStringLiteral("overrides.json"));
        m_window = std::make_unique<MainWindow>(options);
        m_window->setMessageSink([this](const QString&, const QString& text) { m_messages << text; });
        QSignalSpy applied(m_window.get(), &MainWindow::evaluationApplied);
        ASSERT_TRUE(m_window->comparisonModel()->evaluation() || applied.wait(test::kEvaluationWaitMs));
        ASSERT_TRUE(m_window->canExport());
    }

    QTemporaryDir m_dir;
    QTemporaryDir m_home;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_messages;
};

} // namespace

TEST(JobRunner, RunsOffTheUiThreadAndDeliversOnIt)
{
    JobRunner jobs;
    QSignalSpy succeeded(&jobs, &JobRunner::succeeded);
    Qt::HANDLE workThread = nullptr;
    Qt::HANDLE deliverThread = nullptr;
    int delivered = 0;
    jobs.run<int>(
        QStringLiteral("Add"),
        [&workThread](JobControl& job) -> gp::Expected<int> {
            workThread = QThread::currentThreadId();
            job.setProgress(0.5);
            return 2 + 3;
        },
        [&](int value) {
            deliverThread = QThread::currentThreadId();
            delivered = value;
        });
    EXPECT_TRUE(jobs.isRunning());
    ASSERT_TRUE(succeeded.wait(kJobWaitMs));
    EXPECT_EQ(delivered, 5);
    EXPECT_NE(workThread, QThread::currentThreadId());
    EXPECT_EQ(deliverThread, QThread::currentThreadId());
    EXPECT_EQ(succeeded.first().first().toString(), QStringLiteral("Add"));
    EXPECT_FALSE(jobs.isRunning());
}

TEST(JobRunner, TheNewestJobWinsAndTheOldOneIsCancelled)
{
    JobRunner jobs;
    QSignalSpy idle(&jobs, &JobRunner::idle);
    QSignalSpy cancelled(&jobs, &JobRunner::cancelled);
    std::atomic<bool> firstSawCancel { false };
    QStringList delivered;
    jobs.run<QString>(
        QStringLiteral("First"),
        [&firstSawCancel](JobControl& job) -> gp::Expected<QString> {
            while (!job.cancelled())
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
            firstSawCancel = true;
            return gp::Error { "", "cancelled" };
        },
        [&](QString value) { delivered << value; });
    jobs.run<QString>(
        QStringLiteral("Second"), [](JobControl&) -> gp::Expected<QString> { return QStringLiteral("second"); },
        [&](QString value) { delivered << value; });
    ASSERT_TRUE(idle.wait(kJobWaitMs));
    EXPECT_EQ(delivered, QStringList { QStringLiteral("second") });
    EXPECT_TRUE(cancelled.isEmpty()) << "the superseded job reports nothing: the newer one speaks";
    QElapsedTimer waited;
    waited.start();
    while (!firstSawCancel.load() && waited.elapsed() < kJobWaitMs)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_TRUE(firstSawCancel.load()) << "the superseded job was asked to stop";
}

TEST(JobRunner, AFailureNamesTheJobAndWhatFailed)
{
    JobRunner jobs;
    QSignalSpy failed(&jobs, &JobRunner::failed);
    jobs.run<int>(
        QStringLiteral("Export PDF Report"),
        [](JobControl&) -> gp::Expected<int> {
            return gp::Error { "", "cannot write", "/read-only/report.pdf" };
        },
        [](int) { ADD_FAILURE() << "a failed job delivers nothing"; });
    ASSERT_TRUE(failed.wait(kJobWaitMs));
    EXPECT_EQ(failed.first()[0].toString(), QStringLiteral("Export PDF Report"));
    EXPECT_EQ(failed.first()[1].toString(), QStringLiteral("/read-only/report.pdf: cannot write"));
}

TEST(JobRunner, AnAllocationFailureInAJobSaysOutOfMemory)
{
    JobRunner jobs;
    QSignalSpy failed(&jobs, &JobRunner::failed);
    jobs.run<int>(
        QStringLiteral("Big"), [](JobControl&) -> gp::Expected<int> { throw std::bad_alloc(); }, [](int) {});
    ASSERT_TRUE(failed.wait(kJobWaitMs));
    EXPECT_EQ(failed.first()[1].toString(), QStringLiteral("out of memory"));
}

TEST(JobRunner, AJobWaitingForTheUiThreadGivesUpWhenCancelled)
{
    // A job blocked on runOnUiThread while the UI thread is busy (here: not returning to its event loop) must not
    // hold up Cancel, or closing the window would wait on it.
    JobRunner jobs;
    QSignalSpy cancelled(&jobs, &JobRunner::cancelled);
    std::atomic<int> ranOnUi { 0 };
    jobs.run<bool>(
        QStringLiteral("Chart"),
        [&ranOnUi](JobControl&) -> gp::Expected<bool> {
            if (!runOnUiThread([&ranOnUi] { ++ranOnUi; }))
                return gp::Error { "", "cancelled" };
            return true;
        },
        [](bool) {});
    std::this_thread::sleep_for(std::chrono::milliseconds(100)); // the job is waiting for us now
    jobs.cancel();
    // Still away from the event loop for longer than the job's 50 ms look at Cancel: it gives up on its own.
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    ASSERT_TRUE(cancelled.wait(kJobWaitMs));
    EXPECT_EQ(ranOnUi.load(), 0) << "the request was abandoned, not run after the job gave up on it";
}

TEST(ExportCancel, ACancelledJobWritesNoReportFile)
{
    // The writers check the job's Cancel just before the atomic write: nothing, not even a temporary, is left.
    QTemporaryDir dir;
    auto evaluation = test::evaluateDefaultPlan();
    auto plan = gp::parsePlan(gp::defaultPlanText());
    ASSERT_TRUE(plan.ok());
    const ReportData data
        = makeReportData(*plan, std::make_shared<const gp::Catalog>(gp::builtinCatalog()), evaluation);
    JobControl control;
    control.cancel();
    JobScope scope(&control);
    EXPECT_FALSE(writeCsvReport(data, dir.filePath(QStringLiteral("results.csv"))));
    EXPECT_FALSE(writeCostCurveCsv(data, dir.filePath(QStringLiteral("curve.csv"))));
    EXPECT_FALSE(writePdfReport(data, dir.filePath(QStringLiteral("report.pdf"))));
    QString error;
    gp::BudgetAnswer answer;
    EXPECT_FALSE(BudgetReport::writeCsv(answer, dir.filePath(QStringLiteral("budget.csv")), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("cancelled"))) << error.toStdString();
    EXPECT_FALSE(BudgetReport::writePdf(answer, dir.filePath(QStringLiteral("budget.pdf")), &error));
    EXPECT_TRUE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot).isEmpty());
}

TEST_F(ExportJobWindow, ACancelledPdfExportLeavesNothingAndSaysSo)
{
    const QString path = m_dir.filePath(QStringLiteral("report.pdf"));
    QSignalSpy finished(m_window.get(), &MainWindow::jobFinished);
    QSignalSpy cancelled(m_window->jobs(), &JobRunner::cancelled);
    ASSERT_TRUE(m_window->exportPdf(path));
    // The export shows its progress and a Cancel button, and no second export starts meanwhile.
    EXPECT_TRUE(m_window->jobProgress()->isVisibleTo(m_window.get()));
    EXPECT_TRUE(m_window->jobProgress()->cancelButton()->isEnabled());
    EXPECT_FALSE(m_window->exportCsv(m_dir.filePath(QStringLiteral("second.csv"))));
    // Its charts are built on this thread, which has not returned to its event loop: the job cannot have written.
    m_window->jobProgress()->cancelButton()->click();
    ASSERT_TRUE(finished.wait(kJobWaitMs));
    EXPECT_FALSE(finished.first().first().toBool());
    EXPECT_EQ(cancelled.size(), 1);
    EXPECT_EQ(exportLeftovers(m_dir), QStringList {}) << "a cancelled export leaves no file and no temporary";
    EXPECT_FALSE(m_window->jobProgress()->isVisibleTo(m_window.get()));
    EXPECT_EQ(m_messages.size(), 1) << "the refused second export says why";

    // Not cancelled, the same export writes the report.
    ASSERT_TRUE(test::finishJob(*m_window, [&] { return m_window->exportPdf(path); }));
    EXPECT_TRUE(test::readFileBytes(path).startsWith("%PDF-"));
}

TEST_F(ExportJobWindow, TheWindowKeepsAnsweringEventsWhileALargeExportRuns)
{
    // A large report: every catalog instance a candidate (160), each in the table and the per-candidate pages.
    gp::Plan plan = m_window->document()->plan();
    plan.candidates.clear(); // empty: every catalog instance
    plan.search.enabled = false;
    m_window->document()->change(plan, QStringLiteral("every instance"));
    ASSERT_TRUE(test::settledEvaluation(*m_window, test::kEvaluationWaitMs));
    ASSERT_TRUE(m_window->canExport());

    // The UI thread's event loop: a timer every 5 ms, and the longest gap between two of its ticks.
    QElapsedTimer sinceTick;
    qint64 longestGapMs = 0;
    QTimer ticker;
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, [&] { longestGapMs = std::max(longestGapMs, sinceTick.restart()); });
    const QString path = m_dir.filePath(QStringLiteral("large.pdf"));
    QElapsedTimer exportTime;
    exportTime.start();
    sinceTick.start();
    ticker.start();
    ASSERT_TRUE(test::finishJob(*m_window, [&] { return m_window->exportPdf(path); }))
        << m_messages.join(QLatin1Char('\n')).toStdString();
    ticker.stop();
    const qint64 exportMs = exportTime.elapsed();
    const int pages = test::countPdfPages(test::readFileBytes(path));
    std::printf("large export: %d pages in %lld ms; longest UI-thread gap %lld ms\n", pages,
        static_cast<long long>(exportMs), static_cast<long long>(longestGapMs));
    EXPECT_GE(pages, 10);
    // On the UI thread the export would be one gap as long as itself. Off it, the longest gap is a chart being built
    // (the UI thread's share of an export), a small part of the whole.
    EXPECT_LT(longestGapMs * 4, exportMs) << "the event loop stalled for a large part of the export";
}
