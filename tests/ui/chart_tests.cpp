// The chart builders: what the bars and curves show adds up to the results they were built from.
#include "charts/chart_builders.h"
#include "number_format.h"
#include "ui_test_support.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>

#include <gtest/gtest.h>

#include <memory>

using namespace gpui;

TEST(Charts, MemoryBarsOfEachCandidateSumToItsTotal)
{
    EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok);
    std::unique_ptr<QChart> chart(buildMemoryChart(e->results, ChartOptions{}));
    QAbstractBarSeries* bars = nullptr;
    for (QAbstractSeries* s : chart->series())
        if (auto* b = qobject_cast<QAbstractBarSeries*>(s))
            bars = b;
    ASSERT_NE(bars, nullptr);
    const int shown = std::min<int>(int(e->results.size()), ChartOptions{}.maxCandidates);
    for (int i = 0; i < shown; ++i) {
        double gib = 0;
        for (QBarSet* set : bars->barSets())
            gib += set->at(i);
        EXPECT_NEAR(gib, toGiB(e->results[size_t(i)].memory.total), 1e-9) << i;
    }
}

TEST(Charts, CostCurvesEndAtEachModesTotal)
{
    EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok);
    std::unique_ptr<QChart> chart(buildCostChart(e->results, ChartOptions{}));
    // Finish markers sit at (finish days, total) of each billing mode, in the axis unit (maybe thousands).
    std::vector<QPointF> finishes;
    for (QAbstractSeries* s : chart->series())
        if (auto* scatter = qobject_cast<QScatterSeries*>(s); scatter && scatter->count() == 1)
            finishes.push_back(scatter->at(0));
    ASSERT_FALSE(finishes.empty());
    int matched = 0;
    for (const gp::CandidateResult& r : e->results)
        for (const gp::BillingCost& m : r.cost.modes)
            for (const QPointF& p : finishes)
                if (m.total && !m.curve.empty() && std::abs(p.x() - m.curve.back().days) < 1e-9
                    && (std::abs(p.y() - *m.total) < 1e-6 * *m.total
                        || std::abs(p.y() * 1000 - *m.total) < 1e-6 * *m.total))
                    ++matched;
    EXPECT_GT(matched, 0);
}

TEST(Charts, EmptyResultsGiveATitledEmptyChart)
{
    const std::vector<gp::CandidateResult> none;
    for (auto build : {&buildMemoryChart, &buildCostChart, &buildBottleneckChart}) {
        std::unique_ptr<QChart> chart(build(none, ChartOptions{}));
        EXPECT_FALSE(chart->title().isEmpty());
    }
}

TEST(Charts, BottleneckBarsOfEachCandidateAddUpToItsTimePerMillionTokens)
{
    EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok);
    ASSERT_EQ(e->mode, gp::Mode::Training);
    std::unique_ptr<QChart> chart(buildBottleneckChart(e->results, ChartOptions{}));
    QAbstractBarSeries* bars = nullptr;
    for (QAbstractSeries* s : chart->series())
        if (auto* b = qobject_cast<QAbstractBarSeries*>(s))
            bars = b;
    ASSERT_NE(bars, nullptr);
    const int shown = std::min<int>(int(e->results.size()), ChartOptions{}.maxCandidates);
    // Bars are listed bottom-up: the last category is the best candidate.
    const gp::CandidateResult& best = e->results.front();
    ASSERT_GT(best.tokensPerSecond, 0);
    const double parts = best.step.compute + best.step.communicationIntraNode + best.step.communicationNetwork
                         + best.step.offload + best.step.dataLoading;
    double drawn = 0;
    for (QBarSet* set : bars->barSets())
        drawn += set->at(shown - 1);
    // Seconds per million tokens: the step's parts scaled by (1e6 / tokens per second) / step time.
    const double expected = parts * (1e6 / best.tokensPerSecond) / best.step.total;
    EXPECT_NEAR(drawn, expected, 1e-6 * expected);
}
