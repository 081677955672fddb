// The window's answers on the background-job runner (issue 37 item 7): the evaluation, the sensitivity, the scenario
// comparison and the budget answer run on ui/job_runner.h. Queued jobs run one at a time and only the newest of the
// requests made meanwhile runs; an abandoned job delivers nothing; Cancel ends a queued job before it starts; the
// newest plan's evaluation is the one delivered; a failure in a view's job says which job failed.
#include "evaluation.h"
#include "job_runner.h"
#include "plan_document.h"
#include "ui_test_support.h"
#include "widgets/budget/budget_view.h"
#include "widgets/scenario_compare_view.h"
#include "widgets/sensitivity_view.h"

#include "catalog/catalog.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

using namespace gpui;

namespace
{

constexpr int kBackgroundWaitMs = 120000;

// A job that runs until it is cancelled, counting how many such jobs run at once.
struct Blocking {
    std::atomic<int> running { 0 };
    std::atomic<int> mostAtOnce { 0 };
    std::atomic<bool> started { false };

    gp::Expected<QString> operator()(JobControl& job)
    {
        const int now = ++running;
        int most = mostAtOnce.load();
        while (now > most && !mostAtOnce.compare_exchange_weak(most, now)) { }
        started = true;
        while (!job.cancelled())
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        --running;
        return gp::Error { "", "cancelled" };
    }
};

void waitUntil(const std::atomic<bool>& flag)
{
    QElapsedTimer waited;
    waited.start();
    while (!flag.load() && waited.elapsed() < kBackgroundWaitMs)
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
}

} // namespace

TEST(JobRunnerQueue, OnlyTheNewestWaitingRequestRunsAndNeverBesideTheRunningOne)
{
    JobRunner jobs;
    jobs.setOverlap(JobRunner::Overlap::Queue);
    QSignalSpy succeeded(&jobs, &JobRunner::succeeded);
    auto blocking = std::make_shared<Blocking>();
    QStringList delivered;
    std::atomic<int> secondRan { 0 };
    jobs.run<QString>(
        QStringLiteral("First"), [blocking](JobControl& job) { return (*blocking)(job); },
        [&](QString value) { delivered << value; });
    waitUntil(blocking->started);
    jobs.run<QString>(
        QStringLiteral("Second"),
        [&secondRan](JobControl&) -> gp::Expected<QString> {
            ++secondRan;
            return QStringLiteral("second");
        },
        [&](QString value) { delivered << value; });
    jobs.run<QString>(
        QStringLiteral("Third"),
        [blocking](JobControl&) -> gp::Expected<QString> {
            return blocking->running.load() == 0 ? QStringLiteral("third alone") : QStringLiteral("third beside");
        },
        [&](QString value) { delivered << value; });
    EXPECT_TRUE(jobs.isRunning());
    ASSERT_TRUE(succeeded.wait(kBackgroundWaitMs));
    QTest::qWait(100); // nothing else arrives
    EXPECT_EQ(delivered, QStringList { QStringLiteral("third alone") });
    EXPECT_EQ(secondRan.load(), 0) << "a request superseded while it waited never runs";
    EXPECT_EQ(blocking->mostAtOnce.load(), 1);
    EXPECT_EQ(succeeded.size(), 1);
    EXPECT_EQ(succeeded.first().first().toString(), QStringLiteral("Third"));
    EXPECT_FALSE(jobs.isRunning());
}

TEST(JobRunnerQueue, CancelEndsTheRunningJobAndTheWaitingOneNeverStarts)
{
    JobRunner jobs;
    jobs.setOverlap(JobRunner::Overlap::Queue);
    QSignalSpy cancelled(&jobs, &JobRunner::cancelled);
    QSignalSpy succeeded(&jobs, &JobRunner::succeeded);
    auto blocking = std::make_shared<Blocking>();
    std::atomic<int> waitingRan { 0 };
    jobs.run<QString>(
        QStringLiteral("Running"), [blocking](JobControl& job) { return (*blocking)(job); }, [](QString) {});
    waitUntil(blocking->started);
    jobs.run<QString>(
        QStringLiteral("Waiting"),
        [&waitingRan](JobControl&) -> gp::Expected<QString> {
            ++waitingRan;
            return QStringLiteral("ran");
        },
        [](QString) {});
    jobs.cancel();
    ASSERT_TRUE(cancelled.wait(kBackgroundWaitMs));
    QTest::qWait(100);
    EXPECT_EQ(waitingRan.load(), 0);
    EXPECT_TRUE(succeeded.isEmpty());
    EXPECT_FALSE(jobs.isRunning());
}

TEST(JobRunner, AnAbandonedJobDeliversNothingAndNoSignalNamesIt)
{
    JobRunner jobs;
    QSignalSpy succeeded(&jobs, &JobRunner::succeeded);
    QSignalSpy failed(&jobs, &JobRunner::failed);
    QSignalSpy cancelled(&jobs, &JobRunner::cancelled);
    std::atomic<bool> ended { false };
    int delivered = 0;
    jobs.run<int>(
        QStringLiteral("Slow"),
        [&ended](JobControl&) -> gp::Expected<int> {
            std::this_thread::sleep_for(std::chrono::milliseconds(50)); // finishes without looking at Cancel
            ended = true;
            return 1;
        },
        [&delivered](int value) { delivered = value; });
    jobs.abandon();
    EXPECT_FALSE(jobs.isRunning());
    waitUntil(ended);
    QTest::qWait(100);
    EXPECT_EQ(delivered, 0);
    EXPECT_TRUE(succeeded.isEmpty());
    EXPECT_TRUE(failed.isEmpty());
    EXPECT_TRUE(cancelled.isEmpty());
}

TEST(Evaluator, OnlyTheNewestPlanIsAnsweredAndTheWindowNeverWaits)
{
    Evaluator evaluator;
    QSignalSpy finished(&evaluator, &Evaluator::finished);
    gp::Plan older = defaultPlan();
    gp::Plan newer = defaultPlan();
    newer.workload.trainingTokens = older.workload.trainingTokens * 2;
    QElapsedTimer requests;
    requests.start();
    evaluator.evaluate(older);
    const quint64 newest = evaluator.evaluate(newer);
    // Both requests return at once: the first is cancelled and the second waits for it on the runner, not here.
    EXPECT_LT(requests.elapsed(), 1000);
    EXPECT_TRUE(evaluator.isBusy());
    ASSERT_TRUE(finished.wait(kBackgroundWaitMs));
    QTest::qWait(200);
    ASSERT_EQ(finished.size(), 1) << "the superseded plan's answer is never delivered";
    const EvaluationPtr e = finished.first().first().value<EvaluationPtr>();
    ASSERT_TRUE(e && e->ok) << (e ? e->error.toString() : std::string());
    EXPECT_EQ(e->generation, newest);
    EXPECT_EQ(e->workload.trainingTokens, newer.workload.trainingTokens);
    EXPECT_FALSE(evaluator.isBusy());
}

TEST(BackgroundAnswers, AFailedJobInAViewSaysWhichJobFailedAndWhy)
{
    // The core's sensitivity, comparison and budget answers fail only when cancelled, so the failure comes from the
    // view's own runner, as a job throwing or running out of memory would end.
    SensitivityView sensitivity;
    ScenarioCompareView scenarios;
    BudgetView budget;
    QWidget* views[] = { &sensitivity, &scenarios, &budget };
    for (QWidget* view : views) {
        const QList<JobRunner*> runners = view->findChildren<JobRunner*>();
        ASSERT_FALSE(runners.isEmpty()) << view->objectName().toStdString();
        emit runners.first()->failed(QStringLiteral("Answer"), QStringLiteral("out of memory"));
        bool said = false;
        for (const QLabel* label : view->findChildren<QLabel*>())
            said = said || label->text().contains(QStringLiteral("Answer failed: out of memory"));
        EXPECT_TRUE(said) << view->objectName().toStdString() << " shows the failure with the job's name";
    }
}

TEST(BackgroundAnswers, TheSensitivityOfTheNewestAnswerIsShown)
{
    SensitivityView view;
    QSignalSpy ready(&view, &SensitivityView::sensitivityReady);
    auto catalog = std::make_shared<const gp::Catalog>(gp::builtinCatalog());
    gp::Plan older = defaultPlan();
    gp::Plan newer = defaultPlan();
    newer.workload.trainingTokens = older.workload.trainingTokens * 4;
    const EvaluationPtr first = std::make_shared<const Evaluation>(evaluatePlan(older, *catalog));
    const EvaluationPtr second = std::make_shared<const Evaluation>(evaluatePlan(newer, *catalog));
    ASSERT_TRUE(first->ok && second->ok);
    view.setEvaluation(older, catalog, first);
    view.setEvaluation(newer, catalog, second);
    ASSERT_TRUE(ready.wait(kBackgroundWaitMs));
    QTest::qWait(200);
    EXPECT_EQ(ready.size(), 1) << "the superseded answer's sensitivity is dropped";
    ASSERT_TRUE(view.sensitivity());
    // The newer plan trains four times the tokens: its recommendation takes longer.
    const auto expected = gp::planSensitivity(newer, *catalog, *second->answer, gp::SearchControl {});
    ASSERT_TRUE(expected);
    EXPECT_EQ(view.headlineText(), SensitivityView::headline(*expected));
}
