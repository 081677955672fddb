// The chart builders: what the bars and curves show adds up to the results they were built from.
#include "charts/chart_builders.h"
#include "charts/chart_parts.h"
#include "core_text.h"
#include "number_format.h"
#include "plan_document.h"
#include "translator.h"
#include "ui_test_support.h"

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSet>
#include <QToolTip>
#include <QValueAxis>

#include "catalog/catalog.h"
#include "plan/billing_modes.h"
#include "plan/plan.h"

#include <gtest/gtest.h>

#include <memory>

using namespace gpui;

TEST(Charts, MemoryBarsOfEachCandidateSumToItsTotal)
{
    EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok);
    std::unique_ptr<QChart> chart(buildMemoryChart(e->results, ChartOptions {}));
    QAbstractBarSeries* bars = nullptr;
    for (QAbstractSeries* s : chart->series())
        if (auto* b = qobject_cast<QAbstractBarSeries*>(s))
            bars = b;
    ASSERT_NE(bars, nullptr);
    const int shown = std::min<int>(int(e->results.size()), ChartOptions {}.maxCandidates);
    // Bars are listed bottom-up: the last one is the best candidate, drawn on top.
    for (int i = 0; i < shown; ++i) {
        double gib = 0;
        for (QBarSet* set : bars->barSets())
            gib += set->at(shown - 1 - i);
        EXPECT_NEAR(gib, toGiB(e->results[size_t(i)].memory.total), 1e-9) << i;
    }
}

TEST(Charts, TwelveLongNamesStayApartAndTheTooltipNamesTheCandidateInFull)
{
    auto plan = gp::parsePlan(gp::defaultPlanText());
    ASSERT_TRUE(plan.ok());
    plan->candidates.clear();
    for (const char* id : { "alibaba:ecs.gn7i-c32g1.16xlarge", "alibaba:ecs.gn7e-c16g1.32xlarge",
             "alibaba:ecs.gn8v-8x.48xlarge", "alibaba:ecs.gn8v-tee-8x.48xlarge", "alibaba:ecs.ebmgn8v.48xlarge",
             "alibaba:ecs.gn7-c13g1.26xlarge", "alibaba:ecs.gn8is-8x.32xlarge", "aws:p4de.24xlarge",
             "aws:p5en.48xlarge", "aws:p6-b200.48xlarge", "aws:g6e.48xlarge", "aws:g5.48xlarge" }) {
        gp::CandidateSpec candidate;
        candidate.instance = id;
        plan->candidates.push_back(candidate);
    }
    plan->candidates.back().nodes = 2; // a node count follows the name
    const Evaluation e = evaluatePlan(*plan, gp::builtinCatalog());
    ASSERT_TRUE(e.ok);
    ASSERT_EQ(e.results.size(), 12u);
    auto* chart = buildMemoryChart(e.results, ChartOptions {});
    QChartView view(chart);
    QBarCategoryAxis* axis = nullptr;
    for (QAbstractAxis* a : chart->axes(Qt::Vertical))
        axis = qobject_cast<QBarCategoryAxis*>(a);
    ASSERT_NE(axis, nullptr) << "the candidates are named down the left";
    const QStringList labels = axis->categories(); // bottom-up: the best candidate last
    ASSERT_EQ(labels.size(), 12);
    EXPECT_EQ(QSet<QString>(labels.begin(), labels.end()).size(), 12) << "labels must tell the candidates apart";
    int elided = 0;
    int withNodes = 0;
    for (int i = 0; i < labels.size(); ++i) {
        const gp::CandidateResult& r = e.results[size_t(labels.size() - 1 - i)];
        const QString nodes = chart_parts::ChartTr::tr("%1, %2 nodes").section(QStringLiteral("%2"), 1);
        const QString name = r.nodes > 1 ? labels[i].left(labels[i].lastIndexOf(QLatin1Char(','))) : labels[i];
        withNodes += r.nodes > 1 && labels[i].endsWith(QString::number(r.nodes) + nodes) ? 1 : 0;
        EXPECT_LE(name.size(), MaxAxisLabelChars) << labels[i].toStdString();
        EXPECT_TRUE(chartLabel(r).startsWith(name.left(name.indexOf(QChar(0x2026))))) << labels[i].toStdString();
        elided += name.contains(QChar(0x2026)) ? 1 : 0;
    }
    EXPECT_GT(elided, 0) << "the Alibaba names are longer than an axis label keeps";
    EXPECT_EQ(withNodes, 1);

    // Level labels, a row each: laid out at the height the window gives it (categoryRowsHeight), every label is a
    // row of its own, whole inside the chart.
    EXPECT_EQ(axis->labelsAngle(), 0);
    view.resize(560, 380);
    view.show();
    QCoreApplication::processEvents();
    const QFontMetricsF metrics(axis->labelsFont());
    const double spacing = chart->plotArea().height() / labels.size();
    EXPECT_GE(spacing, metrics.height()) << "at 380 px each of 12 rows holds a line of text";
    for (const QString& label : labels)
        EXPECT_LE(metrics.horizontalAdvance(label), chart->plotArea().left()) << label.toStdString();

    // Hovering a bar names the candidate by its full id.
    QAbstractBarSeries* bars = nullptr;
    for (QAbstractSeries* s : chart->series())
        if (auto* b = qobject_cast<QAbstractBarSeries*>(s))
            bars = b;
    ASSERT_TRUE(bars && !bars->barSets().isEmpty());
    for (int i : { 0, 3, 11 }) {
        emit bars->barSets().front()->hovered(true, 11 - i);
        EXPECT_TRUE(QToolTip::text().contains(QString::fromStdString(e.results[size_t(i)].candidate)))
            << QToolTip::text().toStdString();
    }
    QToolTip::hideText();
}

// Issue 44 (second try): PNV6.32XLARGE1280 and PNV6.96XLARGE2304 both read "PNV6 x8, 4 nodes", the second with
// "(2)"; only the tooltip told them apart. Labels now say what differs between candidates, in both languages.
TEST(Charts, TwoSizesOfOneFamilyGetLabelsThatSayWhatDiffersInBothLanguages)
{
    auto result = [](const char* id, int gpus, int nodes) {
        gp::CandidateResult r;
        r.candidate = id;
        r.gpusPerNode = gpus;
        r.nodes = nodes;
        r.gpus = gpus * nodes;
        return r;
    };
    const std::vector<gp::CandidateResult> results
        = { result("tencent:PNV6.32XLARGE1280", 8, 4), result("tencent:PNV6.96XLARGE2304", 8, 4),
              result("tencent:GT4.41XLARGE948", 8, 5), result("tencent:PNV6.16XLARGE640", 4, 4),
              result("tencent:PNV6.32XLARGE1280", 8, 2), result("tencent:GT4.41XLARGE948", 8, 5) };
    std::vector<const gp::CandidateResult*> rs;
    for (const gp::CandidateResult& r : results)
        rs.push_back(&r);
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        const QStringList names = chart_parts::distinctNames(rs);
        ASSERT_EQ(names.size(), 6);
        // The two sizes of one family with the same GPUs and nodes: their sizes, no counter.
        EXPECT_EQ(names[0], QStringLiteral("PNV6.32XLARGE1280")) << language.toStdString();
        EXPECT_EQ(names[1], QStringLiteral("PNV6.96XLARGE2304")) << language.toStdString();
        // Apart already by GPU count or node count: the short name.
        EXPECT_EQ(names[2], chartLabel(results[2]));
        EXPECT_EQ(names[3], chartLabel(results[3]));
        EXPECT_EQ(names[4], chartLabel(results[4])) << "2 nodes against 4: the node count tells it apart";
        // The same candidate listed twice has nothing that differs: a counter.
        EXPECT_EQ(names[5], names[2] + QStringLiteral(" (2)"));
        const QStringList labels = chart_parts::categoryLabels(rs);
        EXPECT_EQ(QSet<QString>(labels.begin(), labels.end()).size(), labels.size()) << language.toStdString();
        EXPECT_TRUE(labels[0].startsWith(names[0]) && labels[1].startsWith(names[1])) << language.toStdString();
        EXPECT_EQ(labels[0], chart_parts::ChartTr::tr("%1, %2 nodes").arg(names[0]).arg(4)) << labels[0].toStdString();
    }
    installLanguage(QStringLiteral("en"));
}

TEST(Charts, CostCurvesEndAtEachModesTotal)
{
    EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok);
    std::unique_ptr<QChart> chart(buildCostChart(e->results, ChartOptions {}));
    // Finish markers sit at (finish days, total) of each billing mode, in the axis unit (maybe thousands).
    std::vector<QPointF> finishes;
    for (QAbstractSeries* s : chart->series())
        if (auto* scatter = qobject_cast<QScatterSeries*>(s))
            for (int i = 0; i < scatter->count(); ++i)
                finishes.push_back(scatter->at(i));
    ASSERT_FALSE(finishes.empty());
    int matched = 0;
    for (const gp::CandidateResult& r : e->results)
        for (const gp::BillingCost& m : r.cost.modes)
            for (const QPointF& p : finishes)
                if (m.total && !m.curve.empty() && std::abs(p.x() - m.curve.back().days) < 1e-9
                    && (std::abs(p.y() - *m.total) < 1e-6 * *m.total
                        || std::abs(p.y() * 1000 - *m.total) < 1e-6 * *m.total))
                    ++matched;
    // Every finish marker of the four best candidates matches one billing mode's end.
    EXPECT_GE(matched, 4);
}

TEST(Charts, CostChartDrawsOnlyTheBillingModesThePlanCounts)
{
    gp::Plan plan = defaultPlan();
    plan.billing.modes = { "on_demand" };
    const Evaluation e = evaluatePlan(plan, gp::builtinCatalog());
    ASSERT_TRUE(e.ok);
    // The shown candidates price more modes than the one counted, so drawing them all would be visible.
    std::size_t shown = 0;
    bool otherPriced = false;
    for (const gp::CandidateResult& r : e.results) {
        if (!r.fits || shown == 4)
            continue;
        bool onDemand = false;
        for (const gp::BillingCost& m : r.cost.modes) {
            onDemand = onDemand || (m.mode == gp::BillingMode::OnDemand && !m.curve.empty());
            otherPriced = otherPriced || (m.mode != gp::BillingMode::OnDemand && !m.curve.empty());
        }
        shown += onDemand ? 1 : 0;
    }
    ASSERT_TRUE(otherPriced);
    ASSERT_GT(shown, 0u);
    const auto names = [](QChart* chart) {
        QSet<QString> set;
        for (QAbstractSeries* s : chart->series())
            set.insert(s->name());
        return set;
    };
    const auto finishMarkers = [](QChart* chart) {
        int n = 0;
        for (QAbstractSeries* s : chart->series())
            if (auto* scatter = qobject_cast<QScatterSeries*>(s))
                n += scatter->count();
        return n;
    };
    std::unique_ptr<QChart> every(buildCostChart(e.results, ChartOptions {}));
    ChartOptions options;
    options.billingModes = countedBillingModes(e);
    std::unique_ptr<QChart> counted(buildCostChart(e.results, options));
    EXPECT_TRUE(names(every.get()).contains(CoreText::billingMode(QStringLiteral("monthly"))));
    EXPECT_FALSE(names(counted.get()).contains(CoreText::billingMode(QStringLiteral("monthly"))));
    EXPECT_TRUE(names(counted.get()).contains(CoreText::billingMode(QStringLiteral("on_demand"))));
    // One finish marker per shown candidate (its pay-as-you-go total) and no break-even with monthly not counted.
    EXPECT_EQ(finishMarkers(counted.get()), int(shown));
    EXPECT_GT(finishMarkers(every.get()), int(shown));
}

TEST(Charts, EmptyResultsGiveATitledEmptyChart)
{
    const std::vector<gp::CandidateResult> none;
    for (auto build : { &buildMemoryChart, &buildCostChart, &buildBottleneckChart }) {
        std::unique_ptr<QChart> chart(build(none, ChartOptions {}));
        EXPECT_FALSE(chart->title().isEmpty());
    }
}

TEST(Charts, BottleneckBarsOfEachCandidateAddUpToItsTimePerMillionTokens)
{
    EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok);
    ASSERT_EQ(e->mode, gp::Mode::Training);
    std::unique_ptr<QChart> chart(buildBottleneckChart(e->results, ChartOptions {}));
    QAbstractBarSeries* bars = nullptr;
    for (QAbstractSeries* s : chart->series())
        if (auto* b = qobject_cast<QAbstractBarSeries*>(s))
            bars = b;
    ASSERT_NE(bars, nullptr);
    const int shown = std::min<int>(int(e->results.size()), ChartOptions {}.maxCandidates);
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

namespace
{

// Every number a chart draws: bar values, series points, and the value axes' ranges, in a fixed order.
std::vector<double> drawnNumbers(QChart* chart)
{
    std::vector<double> out;
    for (QAbstractSeries* s : chart->series()) {
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(s))
            for (QBarSet* set : bars->barSets())
                for (int i = 0; i < set->count(); ++i)
                    out.push_back(set->at(i));
        if (auto* xy = qobject_cast<QXYSeries*>(s))
            for (const QPointF& p : xy->points()) {
                out.push_back(p.x());
                out.push_back(p.y());
            }
    }
    for (QAbstractAxis* axis : chart->axes()) {
        if (auto* v = qobject_cast<QValueAxis*>(axis)) {
            out.push_back(v->min());
            out.push_back(v->max());
        }
        if (auto* l = qobject_cast<QLogValueAxis*>(axis)) {
            out.push_back(l->min());
            out.push_back(l->max());
        }
    }
    return out;
}

// Every text a chart shows: category labels, series names and which legend entries are listed.
QStringList drawnTexts(QChart* chart)
{
    QStringList out;
    for (QAbstractAxis* axis : chart->axes())
        if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis))
            out << categories->categories();
    for (QAbstractSeries* s : chart->series())
        out << s->name();
    for (QLegendMarker* marker : chart->legend()->markers())
        out << marker->label() + (marker->isVisible() ? QStringLiteral(" shown") : QStringLiteral(" hidden"));
    return out;
}

EvaluationPtr evaluateWithTrainingTokens(double tokens)
{
    gp::Plan plan = defaultPlan();
    plan.workload.trainingTokens = tokens;
    return std::make_shared<const Evaluation>(evaluatePlan(plan, gp::builtinCatalog()));
}

} // namespace

TEST(Charts, InPlaceUpdateDrawsTheSameAsAFreshChart)
{
    // Half again the tokens: the same candidates and parts (memory does not depend on the token count), but
    // longer runs, higher costs and a wider time axis.
    const EvaluationPtr before = test::evaluateDefaultPlan();
    const EvaluationPtr after = evaluateWithTrainingTokens(defaultPlan().workload.trainingTokens * 1.5);
    ASSERT_TRUE(before->ok && after->ok);
    using Build = QChart* (*)(const std::vector<gp::CandidateResult>&, const ChartOptions&);
    using Update = bool (*)(QChart*, const std::vector<gp::CandidateResult>&, const ChartOptions&);
    const std::pair<Build, Update> kinds[] = { { &buildMemoryChart, &updateMemoryChart },
        { &buildCostChart, &updateCostChart }, { &buildBottleneckChart, &updateBottleneckChart } };
    int k = 0;
    for (const auto& [build, update] : kinds) {
        std::unique_ptr<QChart> updated(build(before->results, ChartOptions {}));
        const std::vector<double> old = drawnNumbers(updated.get());
        ASSERT_TRUE(update(updated.get(), after->results, ChartOptions {})) << "chart " << k;
        std::unique_ptr<QChart> fresh(build(after->results, ChartOptions {}));
        const std::vector<double> expected = drawnNumbers(fresh.get());
        const std::vector<double> got = drawnNumbers(updated.get());
        ASSERT_EQ(got.size(), expected.size()) << "chart " << k;
        for (size_t i = 0; i < got.size(); ++i)
            EXPECT_DOUBLE_EQ(got[i], expected[i]) << "chart " << k << " number " << i;
        EXPECT_EQ(drawnTexts(updated.get()), drawnTexts(fresh.get())) << "chart " << k;
        if (k == 1) { // cost grows with the tokens; memory and time per million tokens do not
            EXPECT_NE(old, got) << "chart " << k;
        }
        ++k;
    }
}

TEST(Charts, InPlaceUpdateRefusesAChangedCandidateSet)
{
    const EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok);
    ASSERT_GT(e->results.size(), 1u);
    std::unique_ptr<QChart> chart(buildMemoryChart(e->results, ChartOptions {}));
    const std::vector<gp::CandidateResult> fewer(e->results.begin(), e->results.end() - 1);
    const std::vector<double> before = drawnNumbers(chart.get());
    EXPECT_FALSE(updateMemoryChart(chart.get(), fewer, ChartOptions {}));
    EXPECT_EQ(drawnNumbers(chart.get()), before); // a refused update changes nothing
    ChartOptions dark;
    dark.dark = true;
    EXPECT_FALSE(updateMemoryChart(chart.get(), e->results, dark));
    EXPECT_TRUE(updateMemoryChart(chart.get(), e->results, ChartOptions {}));
}

TEST(Charts, InPlaceUpdateFollowsAReorderedRanking)
{
    // The same candidates in reverse order (as when another objective ranks them): labels, capacity lines and
    // their legend entries follow, and everything matches a chart built for that order.
    const EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok);
    ASSERT_GT(e->results.size(), 1u);
    const std::vector<gp::CandidateResult> reversed(e->results.rbegin(), e->results.rend());
    std::unique_ptr<QChart> updated(buildMemoryChart(e->results, ChartOptions {}));
    ASSERT_TRUE(updateMemoryChart(updated.get(), reversed, ChartOptions {}));
    std::unique_ptr<QChart> fresh(buildMemoryChart(reversed, ChartOptions {}));
    EXPECT_EQ(drawnNumbers(updated.get()), drawnNumbers(fresh.get()));
    EXPECT_EQ(drawnTexts(updated.get()), drawnTexts(fresh.get()));
    std::unique_ptr<QChart> bottleneck(buildBottleneckChart(e->results, ChartOptions {}));
    ASSERT_TRUE(updateBottleneckChart(bottleneck.get(), reversed, ChartOptions {}));
    std::unique_ptr<QChart> freshBottleneck(buildBottleneckChart(reversed, ChartOptions {}));
    EXPECT_EQ(drawnNumbers(bottleneck.get()), drawnNumbers(freshBottleneck.get()));
    EXPECT_EQ(drawnTexts(bottleneck.get()), drawnTexts(freshBottleneck.get()));
}

TEST(Charts, LiveUpdateKeepsCandidatesInPlaceUntilSettled)
{
    // While a slider drags the ranking may reorder the same candidates; live updates leave them where they are
    // (values follow each candidate), and the settled update puts them in rank order like a fresh chart.
    const EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok);
    ASSERT_GT(e->results.size(), 2u);
    const std::vector<gp::CandidateResult> reversed(e->results.rbegin(), e->results.rend());
    ChartOptions dragging;
    dragging.live = true;
    using Build = QChart* (*)(const std::vector<gp::CandidateResult>&, const ChartOptions&);
    using Update = bool (*)(QChart*, const std::vector<gp::CandidateResult>&, const ChartOptions&);
    const std::pair<Build, Update> kinds[]
        = { { &buildMemoryChart, &updateMemoryChart }, { &buildBottleneckChart, &updateBottleneckChart } };
    for (const auto& [build, update] : kinds) {
        std::unique_ptr<QChart> chart(build(e->results, ChartOptions {}));
        std::unique_ptr<QChart> asBuilt(build(e->results, ChartOptions {}));
        ASSERT_TRUE(update(chart.get(), reversed, dragging));
        EXPECT_EQ(drawnNumbers(chart.get()), drawnNumbers(asBuilt.get())) << "live: same places, same values";
        EXPECT_EQ(drawnTexts(chart.get()), drawnTexts(asBuilt.get()));
        ASSERT_TRUE(update(chart.get(), reversed, ChartOptions {}));
        std::unique_ptr<QChart> fresh(build(reversed, ChartOptions {}));
        EXPECT_EQ(drawnNumbers(chart.get()), drawnNumbers(fresh.get())) << "settled: rank order";
        EXPECT_EQ(drawnTexts(chart.get()), drawnTexts(fresh.get()));
        EXPECT_NE(drawnTexts(chart.get()), drawnTexts(asBuilt.get()));
    }
}

TEST(Charts, LiveUpdateFollowsAChangedCandidateSetAtOnce)
{
    // Another candidate in the shown set: nothing to keep in place, so even a live update follows the ranking.
    const EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok);
    ASSERT_GT(e->results.size(), 2u);
    std::vector<gp::CandidateResult> swapped = e->results;
    swapped.front().candidate = "tencent:NOT-SHOWN-BEFORE";
    ChartOptions dragging;
    dragging.live = true;
    std::unique_ptr<QChart> chart(buildMemoryChart(e->results, ChartOptions {}));
    ASSERT_TRUE(updateMemoryChart(chart.get(), swapped, dragging));
    std::unique_ptr<QChart> fresh(buildMemoryChart(swapped, ChartOptions {}));
    EXPECT_EQ(drawnTexts(chart.get()), drawnTexts(fresh.get()));
    EXPECT_EQ(drawnNumbers(chart.get()), drawnNumbers(fresh.get()));
}

TEST(Charts, StepPartAppearingUpdatesTheChartInPlace)
{
    // A part (offload) that no candidate had appears: the chart keeps its series and lists the part in its legend.
    const EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok);
    bool anyOffload = false;
    for (const gp::CandidateResult& r : e->results)
        anyOffload = anyOffload || r.step.offload > 0;
    ASSERT_TRUE(anyOffload) << "the default plan offloads on its smallest GPUs";
    std::vector<gp::CandidateResult> without = e->results;
    for (gp::CandidateResult& r : without) {
        r.step.total -= r.step.offload;
        r.step.offload = 0;
    }
    // An unlisted part's bar set has no border (and no legend entry); a listed one has both.
    auto offloadPen = [](QChart* chart) {
        for (QAbstractSeries* s : chart->series())
            if (auto* bars = qobject_cast<QAbstractBarSeries*>(s))
                for (QBarSet* set : bars->barSets())
                    if (set->label() == CoreText::stepPart(QStringLiteral("offload")))
                        return set->pen().style();
        return Qt::CustomDashLine; // no offload set at all
    };
    std::unique_ptr<QChart> chart(buildBottleneckChart(without, ChartOptions {}));
    EXPECT_EQ(offloadPen(chart.get()), Qt::NoPen);
    QChart* const original = chart.get();
    ASSERT_TRUE(updateBottleneckChart(chart.get(), e->results, ChartOptions {}));
    EXPECT_EQ(chart.get(), original);
    std::unique_ptr<QChart> fresh(buildBottleneckChart(e->results, ChartOptions {}));
    EXPECT_EQ(drawnNumbers(chart.get()), drawnNumbers(fresh.get()));
    EXPECT_EQ(drawnTexts(chart.get()), drawnTexts(fresh.get()));
    EXPECT_EQ(offloadPen(chart.get()), Qt::SolidLine);
    EXPECT_EQ(offloadPen(fresh.get()), Qt::SolidLine);
}

TEST(Charts, LiveUpdateKeepsTheAxisScaleWhileValuesFit)
{
    // Memory at 70 % of the default plan's: a live update keeps the axis (bars shrink against a fixed scale), the
    // settled update rescales like a fresh chart.
    const EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok);
    std::vector<gp::CandidateResult> smaller = e->results;
    for (gp::CandidateResult& r : smaller) {
        for (double* part : { &r.memory.weights, &r.memory.gradients, &r.memory.optimizer, &r.memory.activations,
                 &r.memory.logits, &r.memory.kvCache, &r.memory.buffers, &r.memory.allocator, &r.memory.runtime })
            *part *= 0.7;
        r.memory.total *= 0.7;
        r.gpuMemory *= 0.7;
    }
    auto axisMax = [](QChart* chart) {
        for (QAbstractAxis* axis : chart->axes(Qt::Horizontal))
            if (auto* v = qobject_cast<QValueAxis*>(axis))
                return v->max();
        return -1.0;
    };
    ChartOptions dragging;
    dragging.live = true;
    std::unique_ptr<QChart> chart(buildMemoryChart(e->results, ChartOptions {}));
    const double before = axisMax(chart.get());
    std::unique_ptr<QChart> fresh(buildMemoryChart(smaller, ChartOptions {}));
    ASSERT_LT(axisMax(fresh.get()), before) << "the smaller values should fit a smaller nice scale";
    ASSERT_TRUE(updateMemoryChart(chart.get(), smaller, dragging));
    EXPECT_EQ(axisMax(chart.get()), before);
    ASSERT_TRUE(updateMemoryChart(chart.get(), smaller, ChartOptions {}));
    EXPECT_EQ(axisMax(chart.get()), axisMax(fresh.get()));
    EXPECT_EQ(drawnNumbers(chart.get()), drawnNumbers(fresh.get()));
}

// The billing-mode table (plan/billing_modes.h) in the window: every mode has its own words in English and Chinese
// (never its raw code), and the cost chart draws each one under those words with a pen of its own, keyed in the
// legend. A new table row without its words or pen fails here.
TEST(Charts, EveryBillingModeHasItsOwnWordsAndPenInTheCostChart)
{
    gp::Plan plan = defaultPlan();
    plan.billing.modes = gp::billingModeNames();
    const Evaluation e = evaluatePlan(plan, gp::builtinCatalog());
    ASSERT_TRUE(e.ok);
    for (const char* language : { "en", "zh_CN" }) {
        SCOPED_TRACE(language);
        installLanguage(QString::fromLatin1(language));
        std::unique_ptr<QChart> chart(buildCostChart(e.results, ChartOptions {}));
        QSet<QString> words;
        QSet<int> pens;
        for (const gp::BillingModeSpec& mode : gp::billingModes()) {
            const QString code = QString::fromLatin1(mode.code.data(), qsizetype(mode.code.size()));
            const QString name = CoreText::billingMode(code);
            EXPECT_FALSE(name.isEmpty());
            EXPECT_NE(name, code) << "no words for " << mode.code;
            EXPECT_FALSE(words.contains(name)) << "two modes worded alike: " << name.toStdString();
            words.insert(name);
            // The legend's key for the mode: a line without points, named in its words.
            const QLineSeries* key = nullptr;
            for (QAbstractSeries* s : chart->series())
                if (auto* line = qobject_cast<QLineSeries*>(s); line && line->count() == 0 && line->name() == name)
                    key = line;
            ASSERT_NE(key, nullptr) << "no legend key for " << mode.code;
            EXPECT_FALSE(pens.contains(int(key->pen().style()))) << "two modes drawn alike: " << mode.code;
            pens.insert(int(key->pen().style()));
        }
    }
    installLanguage(QStringLiteral("en"));
}
