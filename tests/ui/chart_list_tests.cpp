// The one list of the answer's charts (ui/charts/chart_list.h, issue 37 item 6): each answer fills every window
// place with one chart, the window shows the list's chart at each place, and the PDF's Charts section shows the
// list's PDF charts for the answer, in its order. The cost to finish, a chart only the saved images draw, shows each
// fitting candidate's cheapest counted billing mode.
#include "charts/chart_list.h"
#include "charts/chart_view.h"
#include "main_window.h"
#include "models/comparison_model.h"
#include "plan_document.h"
#include "report/report_document.h"
#include "settings.h"
#include "ui_test_support.h"

#include "catalog/catalog.h"
#include "plan/billing_modes.h"

#include <QBarSet>
#include <QChart>
#include <QDir>
#include <QFileInfo>
#include <QHorizontalBarSeries>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <string>

using namespace gpui;

namespace
{

constexpr unsigned kAnswers[] = { ForTraining, ForInference, ForServing };

QString builtTitle(BuildChart build, const std::vector<gp::CandidateResult>& results)
{
    std::unique_ptr<QChart> chart(build(results, ChartOptions {}));
    return chart ? chart->title() : QString();
}

// The titles of the charts the PDF's report shows for `evaluation`, in reading order.
QStringList pdfChartTitles(const gp::Plan& plan, const EvaluationPtr& evaluation)
{
    ReportData data;
    data.plan = plan;
    data.catalog = std::make_shared<const gp::Catalog>(gp::builtinCatalog());
    data.evaluation = evaluation;
    QStringList titles;
    for (const auto& block : report::ReportBuilder(data, {}).build())
        if (const auto* chart = dynamic_cast<const report::ChartBlock*>(block.get())) {
            std::unique_ptr<QChart> built(chart->factory()());
            titles << built->title();
        }
    return titles;
}

gp::Plan servingPlan()
{
    const QByteArray text = test::readFileBytes(QStringLiteral(GP_SOURCE_DIR "/resources/plans/serving.gpuplan"));
    auto plan = gp::parsePlan(text.toStdString());
    return plan ? *plan : gp::Plan {};
}

} // namespace

TEST(ChartList, EachAnswerFillsEveryWindowPlaceWithOneChartAndSavesWhatTheWindowShows)
{
    std::set<std::string> ids;
    for (const ResultChart& chart : resultCharts()) {
        EXPECT_TRUE(ids.insert(chart.id).second) << chart.id << " is listed twice";
        EXPECT_TRUE(chart.build) << chart.id;
        EXPECT_EQ(chart.window & ~chart.saved, 0u) << chart.id << ": a chart the window shows can be saved";
        EXPECT_FALSE(chartTitle(chart).isEmpty());
        if (chart.window) {
            EXPECT_NE(chart.place, ChartPlace::None) << chart.id;
        }
    }
    for (unsigned answer : kAnswers)
        for (int place = 0; place < ChartPlaceCount; ++place) {
            int shown = 0;
            for (const ResultChart& chart : resultCharts())
                shown += (chart.window & answer) && chart.place == ChartPlace(place);
            EXPECT_EQ(shown, 1) << "answer " << answer << ", place " << chartPlaceName(ChartPlace(place)).toStdString();
        }
    // Written by hand: what each answer's PDF shows.
    const auto pdfIds = [](unsigned answer) {
        std::vector<std::string> out;
        for (const ResultChart& chart : resultCharts())
            if (chart.pdf & answer)
                out.push_back(chart.id);
        return out;
    };
    EXPECT_EQ(pdfIds(ForTraining), (std::vector<std::string> { "memory", "cost", "bottlenecks" }));
    EXPECT_EQ(pdfIds(ForInference), (std::vector<std::string> { "memory", "bottlenecks" }));
    EXPECT_EQ(pdfIds(ForServing), (std::vector<std::string> { "memory", "serving_cost", "serving_curve" }));
}

TEST(ChartList, TheWindowShowsTheListsChartAtEachPlace)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    MainWindow window(test::isolatedWindowOptions(dir, &settings));
    const EvaluationPtr e = test::settledEvaluation(window, test::kEvaluationWaitMs);
    ASSERT_TRUE(e && e->ok);
    ASSERT_EQ(e->mode, gp::Mode::Training);
    for (int place = 0; place < ChartPlaceCount; ++place) {
        const ResultChart* chart = windowChart(ChartPlace(place), ForTraining);
        ASSERT_TRUE(chart);
        ChartView* view = window.chartViewAt(ChartPlace(place));
        ASSERT_TRUE(view && view->chart());
        EXPECT_EQ(view->objectName(), chartPlaceName(ChartPlace(place)));
        EXPECT_EQ(view->chart()->title(), builtTitle(chart->build, e->results)) << chart->id;
        EXPECT_EQ(view->accessibleName(), chartTitle(*chart));
    }
}

TEST(ChartList, ThePdfShowsTheListsChartsForEachAnswerInItsOrder)
{
    const gp::Catalog catalog = gp::builtinCatalog();
    gp::Plan inference = defaultPlan();
    inference.workload.mode = gp::Mode::Inference;
    const std::pair<gp::Plan, unsigned> plans[]
        = { { defaultPlan(), ForTraining }, { inference, ForInference }, { servingPlan(), ForServing } };
    for (const auto& [plan, answer] : plans) {
        const EvaluationPtr e = std::make_shared<const Evaluation>(evaluatePlan(plan, catalog));
        ASSERT_TRUE(e->ok) << e->error.toString();
        ASSERT_EQ(chartAnswerOf(e->mode), answer);
        const std::vector<gp::CandidateResult> shown(
            e->results.begin(), e->results.begin() + long(std::min<std::size_t>(e->results.size(), 12)));
        QStringList expected;
        for (const ResultChart& chart : resultCharts())
            if (chart.pdf & answer)
                expected << builtTitle(chart.build, shown);
        EXPECT_EQ(pdfChartTitles(plan, e), expected) << "answer " << answer;
        EXPECT_EQ(pdfChartTitles(plan, e).size(), answer == ForInference ? 2 : 3);
    }
}

TEST(ChartList, TheCostToFinishShowsEachFittingCandidatesCheapestCountedMode)
{
    const EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok);
    const ResultChart* chart = resultChart("finish_cost");
    ASSERT_TRUE(chart);
    EXPECT_EQ(chart->window, 0u) << "not in the window: its places are full";
    ChartOptions options;
    options.billingModes = countedBillingModes(*e);
    std::unique_ptr<QChart> built(chart->build(e->results, options));
    auto* bars = built->series().isEmpty() ? nullptr : qobject_cast<QHorizontalBarSeries*>(built->series().front());
    ASSERT_TRUE(bars);
    ASSERT_EQ(bars->count(), 1);
    const QBarSet* set = bars->barSets().front();
    // By hand: fitting candidates in ranked order, each at its lowest total over the counted modes (bottom-up).
    std::vector<double> expected;
    for (const gp::CandidateResult& r : e->results) {
        if (!r.fits)
            continue;
        std::optional<double> cheapest;
        for (const gp::BillingCost& m : r.cost.modes)
            if (m.total
                && std::find(options.billingModes.begin(), options.billingModes.end(),
                       std::string(gp::billingModeCode(m.mode)))
                    != options.billingModes.end()
                && (!cheapest || *m.total < *cheapest))
                cheapest = *m.total;
        if (cheapest)
            expected.insert(expected.begin(), *cheapest);
    }
    ASSERT_FALSE(expected.empty());
    ASSERT_EQ(set->count(), int(expected.size()));
    const double scale = *std::max_element(expected.begin(), expected.end()) >= 100000 ? 1000 : 1;
    for (int i = 0; i < set->count(); ++i)
        EXPECT_DOUBLE_EQ(set->at(i), expected[std::size_t(i)] / scale) << i;
}

TEST(ChartList, SaveChartImagesWritesTheListsChartsForTheAnswer)
{
    QTemporaryDir dir;
    QTemporaryDir images;
    ASSERT_TRUE(dir.isValid() && images.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    MainWindow window(test::isolatedWindowOptions(dir, &settings));
    window.resize(1400, 900);
    ASSERT_TRUE(test::settledEvaluation(window, test::kEvaluationWaitMs));
    EXPECT_TRUE(window.saveChartImagesTo(images.path()).isEmpty());
    // Written by hand: training saves its three window charts and the cost to finish, which only the list draws.
    for (const char* id : { "memory", "cost", "finish_cost", "bottlenecks" }) {
        const QImage png(images.filePath(QLatin1String(id) + QStringLiteral(".png")));
        EXPECT_FALSE(png.isNull()) << id;
        EXPECT_GE(png.width(), 640) << id;
        EXPECT_TRUE(QFileInfo(images.filePath(QLatin1String(id) + QStringLiteral(".svg"))).size() > 0) << id;
    }
    EXPECT_EQ(QDir(images.path()).entryList(QDir::Files).size(), 8);
}
