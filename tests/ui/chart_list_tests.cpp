// The one list of the answer's charts (ui/charts/chart_list.h, issue 37 item 6): each answer fills every window
// place with one chart, the window shows the list's chart at each place, and the PDF's Charts section shows the
// list's PDF charts for the answer, in its order.
#include "charts/chart_list.h"
#include "charts/chart_view.h"
#include "main_window.h"
#include "models/comparison_model.h"
#include "plan_document.h"
#include "report/report_document.h"
#include "settings.h"
#include "ui_test_support.h"

#include "catalog/catalog.h"

#include <QChart>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <memory>
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
