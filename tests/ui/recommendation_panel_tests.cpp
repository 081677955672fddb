// The recommendation panel: what it says, and how it keeps up when results stream in.
#include "widgets/recommendation_panel.h"

#include "ui_test_support.h"

#include <QTest>

#include <gtest/gtest.h>

using namespace gpui;

namespace {

EvaluationPtr evaluateWithObjective(gp::SearchObjective objective)
{
    gp::Plan plan = defaultPlan();
    plan.search.objective = objective;
    return std::make_shared<const Evaluation>(evaluatePlan(plan, gp::builtinCatalog()));
}

} // namespace

TEST(RecommendationPanel, NamesTheBestCandidate)
{
    RecommendationPanel panel;
    const EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok);
    ASSERT_GE(e->best, 0);
    panel.setEvaluation(e);
    const QString best = QString::fromStdString(e->results[size_t(e->best)].candidate).section(QLatin1Char(':'), 1);
    EXPECT_TRUE(panel.toPlainText().contains(best)) << panel.toPlainText().toStdString();
}

TEST(RecommendationPanel, ResultsArrivingFastShowTheNewestOneAMomentLater)
{
    const EvaluationPtr cheapest = evaluateWithObjective(gp::SearchObjective::Cost);
    const EvaluationPtr fastest = evaluateWithObjective(gp::SearchObjective::Time);
    ASSERT_TRUE(cheapest->ok && fastest->ok);
    RecommendationPanel panel;
    panel.setEvaluation(cheapest); // the first one at once
    const QString first = panel.toPlainText();
    EXPECT_TRUE(first.contains(RecommendationPanel::tr("the cheapest candidate that fits")));
    panel.setEvaluation(fastest); // right after: deferred, not dropped
    EXPECT_EQ(panel.toPlainText(), first);
    QTest::qWait(RecommendationPanel::MinRenderIntervalMs + 200);
    EXPECT_TRUE(panel.toPlainText().contains(RecommendationPanel::tr("the fastest candidate that fits")));
    // flush() renders a deferred one immediately.
    QTest::qWait(RecommendationPanel::MinRenderIntervalMs + 50);
    panel.setEvaluation(cheapest);
    EXPECT_EQ(panel.toPlainText(), first);
    panel.setEvaluation(fastest);
    EXPECT_EQ(panel.toPlainText(), first);
    panel.flush();
    EXPECT_TRUE(panel.toPlainText().contains(RecommendationPanel::tr("the fastest candidate that fits")));
}

TEST(RecommendationPanel, AnErrorShowsAtOnce)
{
    RecommendationPanel panel;
    panel.setEvaluation(test::evaluateDefaultPlan());
    panel.showError(QStringLiteral("workload.sequence_length: must be positive"));
    EXPECT_TRUE(panel.toPlainText().contains(QStringLiteral("workload.sequence_length")));
}
