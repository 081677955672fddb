// Issue 44, item 11: "the Chinese memory chart drops its first and last labels (the first is the recommendation)".
// Qt Charts hides a bar chart's first and last category label when its bar is narrower than the label
// (category_labels.h); the window now turns the labels and widens the chart so that every one is drawn. Checked on
// the real window at 1600x1000 in both languages, with 1, 5, 12 and 50 candidates, training and serving: each
// category label is a visible text item of the chart's scene, and (the third try: with 12 charted candidates the
// sideways-scrolled Chinese chart cut the bottom line of its longest upright labels and its legend's widest entry)
// every label and legend entry lies, whole, inside the part of the chart the window shows. The fourth try: with 5
// candidates the upright labels were shortened to about 15 characters ("PNV6.32…RGE1280") while the step-time chart
// beside it named them in full; the memory chart's bars now lie level, named as the step-time chart names them.
#include "charts/category_labels.h"
#include "charts/chart_parts.h"
#include "charts/chart_view.h"
#include "charts/sticky_legend.h"
#include "charts/wrapped_legend.h"
#include "main_window.h"
#include "settings.h"
#include "translator.h"
#include "ui_test_support.h"
#include "widgets/rl/rl_view.h"

#include "catalog/catalog.h"
#include "plan/plan.h"

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHash>
#include <QLegend>
#include <QLegendMarker>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QValueAxis>

#include <cmath>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

using namespace gpui;

namespace
{

// The example plan (training or serving) with the catalog's instances 0, 3, 6, ... as candidates, `count` of them.
QByteArray planWithCandidates(bool serving, int count)
{
    nlohmann::json plan
        = nlohmann::json::parse(serving ? gp::servingPlanText() : gp::defaultPlanText(), nullptr, true, true);
    plan["candidates"] = nlohmann::json::array();
    const auto& instances = gp::builtinCatalog().instances;
    for (std::size_t i = 0; i < instances.size() && int(plan["candidates"].size()) < count; i += 3)
        plan["candidates"].push_back({ { "instance", instances[i].id }, { "nodes", "auto" } });
    return QByteArray::fromStdString(plan.dump());
}

// The chart's category axis, whichever side it is on.
QBarCategoryAxis* categoryAxisOf(const QChart& chart)
{
    for (QAbstractAxis* a : chart.axes())
        if (auto* c = qobject_cast<QBarCategoryAxis*>(a))
            return c;
    return nullptr;
}

// The category labels of `chart` that no visible text item of its scene shows.
QStringList labelsNotDrawn(const QChart& chart)
{
    QBarCategoryAxis* axis = categoryAxisOf(chart);
    if (!axis)
        return { QStringLiteral("(no category axis)") };
    QStringList drawn;
    for (QGraphicsItem* item : chart.scene()->items())
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible())
            drawn << text->toPlainText();
    QStringList missing;
    for (const QString& label : axis->categories()) {
        QTextDocument document;
        document.setHtml(label);
        if (!drawn.contains(document.toPlainText()))
            missing << document.toPlainText();
    }
    return missing;
}

// The part of `view` the window shows, in the view's viewport coordinates: the viewport, cut to its scroll area's
// viewport when the view scrolls in one.
QRect shownPart(const ChartView& view)
{
    QRect shown = view.viewport()->rect();
    if (auto* area = view.parentWidget() ? qobject_cast<QScrollArea*>(view.parentWidget()->parentWidget()) : nullptr) {
        const QRect areaShown(view.viewport()->mapFrom(area->viewport(), QPoint(0, 0)), area->viewport()->size());
        shown &= areaShown;
    }
    return shown;
}

// The visible text items of `chart` that are its category labels or its legend's entries, with what they say:
// those not whole inside the shown part of `view` (a pixel of rounding allowed), and the legend entries whose text
// is cut short ("GPU 显存容…").
QStringList textsNotShown(const ChartView& view, const QChart& chart)
{
    QStringList wanted;
    if (QBarCategoryAxis* c = categoryAxisOf(chart))
        for (const QString& label : c->categories()) {
            QTextDocument document;
            document.setHtml(label);
            wanted << document.toPlainText();
        }
    QStringList legend;
    for (QLegendMarker* marker : chart.legend()->markers())
        if (marker->isVisible() && chart.legend()->isVisible()) // a wrapped legend is checked on its own
            legend << marker->label();
    wanted << legend;
    const QRect shown = shownPart(view).adjusted(-1, -1, 1, 1);
    QStringList drawnLegend;
    QStringList problems;
    for (QGraphicsItem* item : chart.scene()->items()) {
        auto* text = dynamic_cast<QGraphicsTextItem*>(item);
        if (!text || !text->isVisible())
            continue;
        const QString plain = text->toPlainText();
        if (chart.legend()->isAncestorOf(text))
            drawnLegend << plain;
        if (!wanted.contains(plain))
            continue;
        // Only the glyphs: the text's box without its document margin.
        const qreal margin = text->document()->documentMargin();
        const QRectF box
            = text->sceneTransform().mapRect(text->boundingRect().adjusted(margin, margin, -margin, -margin));
        const QRect onScreen = view.mapFromScene(box).boundingRect();
        if (!shown.contains(onScreen))
            problems << QStringLiteral("%1 at (%2,%3 %4x%5) outside (%6,%7 %8x%9)")
                            .arg(plain)
                            .arg(onScreen.x())
                            .arg(onScreen.y())
                            .arg(onScreen.width())
                            .arg(onScreen.height())
                            .arg(shown.x())
                            .arg(shown.y())
                            .arg(shown.width())
                            .arg(shown.height());
    }
    for (const QString& entry : legend)
        if (!drawnLegend.contains(entry))
            problems << QStringLiteral("legend entry cut short: %1").arg(entry);
    return problems;
}

} // namespace

namespace
{

// Opens the window on the example training and serving plans with `count` candidates, for each count, in English and
// Chinese, and hands each settled window to `check` with words naming the case.
void eachChartWindow(
    std::initializer_list<int> counts, const std::function<void(MainWindow&, const std::string&)>& check)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        for (bool serving : { false, true }) {
            for (int count : counts) {
                const QString path
                    = test::writeFile(dir, QStringLiteral("charts.gpuplan"), planWithCandidates(serving, count));
                MainWindow window(test::isolatedWindowOptions(dir, &settings));
                ASSERT_TRUE(test::openSettled(window, path));
                check(window,
                    language.toStdString() + (serving ? " serving " : " training ") + std::to_string(count)
                        + " candidates");
            }
        }
    }
    installLanguage(QStringLiteral("en"));
}

} // namespace

TEST(ChartLabelsWindow, EveryMemoryChartLabelAndLegendEntryIsShownInBothLanguagesWithOneToFiftyCandidates)
{
    eachChartWindow({ 1, 5, 12, 50 }, [](MainWindow& window, const std::string& where) {
        const QChart* chart = window.memoryChartView()->chart();
        ASSERT_TRUE(chart);
        const QStringList missing = labelsNotDrawn(*chart);
        EXPECT_TRUE(missing.isEmpty()) << where << ": not drawn: " << missing.join(QStringLiteral(" | ")).toStdString();
        const QStringList notShown = textsNotShown(*window.memoryChartView(), *chart);
        EXPECT_TRUE(notShown.isEmpty()) << where
                                        << ": not shown whole: " << notShown.join(QStringLiteral(" | ")).toStdString();
    });
}

namespace
{

// The example training plan with these instances as candidates.
QByteArray planWithInstances(const std::vector<const char*>& ids)
{
    nlohmann::json plan = nlohmann::json::parse(gp::defaultPlanText(), nullptr, true, true);
    plan["candidates"] = nlohmann::json::array();
    for (const char* id : ids)
        plan["candidates"].push_back({ { "instance", id }, { "nodes", "auto" } });
    return QByteArray::fromStdString(plan.dump());
}

// Each category label of `chart` by the candidate it names (the chart's state keeps the results in category order).
QHash<QString, QString> labelsByCandidate(QChart* chart)
{
    QHash<QString, QString> out;
    const chart_parts::ChartState* state = chart_parts::stateOf(chart);
    QBarCategoryAxis* axis = categoryAxisOf(*chart);
    if (!state || !axis)
        return out;
    const QStringList labels = axis->categories();
    for (qsizetype i = 0; i < labels.size() && std::size_t(i) < state->results.size(); ++i)
        out.insert(QString::fromStdString(state->results[std::size_t(i)].candidate), labels[i]);
    return out;
}

} // namespace

// Issue 44 (fourth try): with 5 candidates the memory chart's upright labels were cut to about 15 characters
// ("PNV6.32…RGE1280") while the step-time chart below named the same candidates in full ("PNV6.32XLARGE1280 ·
// Compute"). The memory chart now lays its bars level and names each candidate as the step-time chart does, every
// label drawn whole, in both languages, with the two sizes of one family, 5, 12 and 50 candidates.
TEST(ChartLabelsWindow, TheMemoryChartNamesEachCandidateAsTheStepTimeChartDoesInBothLanguages)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    const std::vector<std::pair<QString, QByteArray>> plans = {
        { QStringLiteral("H20 and L20"),
            planWithInstances({ "tencent:GT4.41XLARGE948", "tencent:PNV6.32XLARGE1280", "tencent:PNV6.96XLARGE2304",
                "alibaba:ecs.gn8v-8x.48xlarge", "tencent:PNV5b.48XLARGE768" }) },
        { QStringLiteral("5"), planWithCandidates(false, 5) },
        { QStringLiteral("12"), planWithCandidates(false, 12) },
        { QStringLiteral("50"), planWithCandidates(false, 50) },
    };
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        for (const auto& [name, text] : plans) {
            const std::string where = language.toStdString() + " " + name.toStdString() + ": ";
            const QString path = test::writeFile(dir, QStringLiteral("names.gpuplan"), text);
            MainWindow window(test::isolatedWindowOptions(dir, &settings));
            ASSERT_TRUE(test::openSettled(window, path));
            QChart* memory = window.memoryChartView()->chart();
            QChart* steps = window.bottleneckChartView()->chart();
            ASSERT_TRUE(memory && steps);
            const QBarCategoryAxis* axis = categoryAxisOf(*memory);
            ASSERT_TRUE(axis) << where;
            EXPECT_EQ(axis->alignment(), Qt::AlignLeft) << where << "the names lie level, down the left";
            EXPECT_EQ(axis->labelsAngle(), 0) << where;
            const QHash<QString, QString> memoryNames = labelsByCandidate(memory);
            const QHash<QString, QString> stepNames = labelsByCandidate(steps);
            ASSERT_FALSE(memoryNames.isEmpty()) << where;
            for (auto it = memoryNames.cbegin(); it != memoryNames.cend(); ++it) {
                ASSERT_TRUE(stepNames.contains(it.key())) << where << it.key().toStdString();
                // The step-time chart adds the bottleneck: "PNV6.32XLARGE1280 · Compute".
                EXPECT_TRUE(stepNames.value(it.key()).startsWith(it.value() + QLatin1Char(' ')))
                    << where << it.value().toStdString() << " against " << stepNames.value(it.key()).toStdString();
            }
            const QStringList missing = labelsNotDrawn(*memory);
            EXPECT_TRUE(missing.isEmpty())
                << where << "not drawn: " << missing.join(QStringLiteral(" | ")).toStdString();
            const QStringList notShown = textsNotShown(*window.memoryChartView(), *memory);
            EXPECT_TRUE(notShown.isEmpty())
                << where << "not shown whole: " << notShown.join(QStringLiteral(" | ")).toStdString();
        }
    }
    installLanguage(QStringLiteral("en"));
}

// Issue 44 (window6): with 12 charted candidates the Chinese memory chart scrolled by about 20 px (both scroll bars
// appeared; the 50-candidate serving plan, whose note "the charts show the best 12 of 50" takes a line above the
// charts). At 1600x1000 the chart's rows fit the top row without scrolling, in both languages, training and serving.
TEST(ChartLabelsWindow, TwelveChartedCandidatesFitTheMemoryChartWithoutScrollingInBothLanguages)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        for (bool serving : { false, true }) {
            for (int count : { 12, 50 }) {
                const QString path
                    = test::writeFile(dir, QStringLiteral("rows.gpuplan"), planWithCandidates(serving, count));
                MainWindow window(test::isolatedWindowOptions(dir, &settings));
                ASSERT_TRUE(test::openSettled(window, path));
                ChartView* view = window.memoryChartView();
                auto* area
                    = view->parentWidget() ? qobject_cast<QScrollArea*>(view->parentWidget()->parentWidget()) : nullptr;
                ASSERT_TRUE(area);
                const int over = view->minimumHeight() - area->viewport()->height();
                EXPECT_LE(over, 0) << language.toStdString() << (serving ? " serving " : " training ") << count
                                   << " candidates: the chart needs " << view->minimumHeight() << " px, the row shows "
                                   << area->viewport()->height();
            }
        }
    }
    installLanguage(QStringLiteral("en"));
}

// Issue 44 (window6): with one candidate charted the memory chart named it "gn6v-c8g…2xlarge，16 节点" beside one bar
// with room for the whole name (the table names it in full). One candidate's name is kept whole, in every chart that
// names it by category, drawn and shown whole, in both languages, training and serving.
TEST(ChartLabelsWindow, OneChartedCandidateKeepsItsWholeNameInBothLanguages)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    const char* id = "alibaba:ecs.gn6v-c8g1.2xlarge"; // "gn6v-c8g1.2xlarge": longer than a short label keeps
    ASSERT_TRUE(gp::builtinCatalog().findInstance(id));
    nlohmann::json serving = nlohmann::json::parse(gp::servingPlanText(), nullptr, true, true);
    serving["candidates"] = nlohmann::json::array({ { { "instance", id }, { "nodes", "auto" } } });
    const std::vector<std::pair<QString, QByteArray>> plans
        = { { QStringLiteral("training"), planWithInstances({ id }) },
              { QStringLiteral("serving"), QByteArray::fromStdString(serving.dump()) } };
    const QString whole = QStringLiteral("gn6v-c8g1.2xlarge");
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        for (const auto& [name, text] : plans) {
            const std::string where = language.toStdString() + " " + name.toStdString() + ": ";
            const QString path = test::writeFile(dir, QStringLiteral("one.gpuplan"), text);
            MainWindow window(test::isolatedWindowOptions(dir, &settings));
            ASSERT_TRUE(test::openSettled(window, path));
            int named = 0;
            for (ChartView* view : { window.memoryChartView(), window.costChartView(), window.bottleneckChartView() }) {
                QChart* chart = view ? view->chart() : nullptr;
                if (!chart || !categoryAxisOf(*chart))
                    continue;
                const QHash<QString, QString> labels = labelsByCandidate(chart);
                if (!labels.contains(QString::fromLatin1(id)))
                    continue;
                ++named;
                const QString label = labels.value(QString::fromLatin1(id));
                EXPECT_TRUE(label.contains(whole)) << where << label.toStdString();
                EXPECT_FALSE(label.contains(QChar(0x2026))) << where << label.toStdString();
                EXPECT_TRUE(labelsNotDrawn(*chart).isEmpty()) << where << label.toStdString();
                const QStringList notShown = textsNotShown(*view, *chart);
                EXPECT_TRUE(notShown.isEmpty())
                    << where << "not shown whole: " << notShown.join(QStringLiteral(" | ")).toStdString();
            }
            EXPECT_GE(named, 1) << where << "a chart names the candidate";
        }
    }
    installLanguage(QStringLiteral("en"));
}

namespace
{

// The names of the bar sets of `chart` (its legend's entries) that no visible text item of its scene shows whole
// inside the part of `view` the window shows.
QStringList barSetNamesNotShown(const ChartView& view, const QChart& chart)
{
    QStringList names;
    for (QAbstractSeries* series : chart.series())
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(series))
            for (QBarSet* set : bars->barSets())
                names << set->label();
    const QRect shown = shownPart(view).adjusted(-1, -1, 1, 1);
    QStringList missing;
    for (const QString& name : names) {
        bool whole = false;
        for (QGraphicsItem* item : chart.scene()->items()) {
            auto* text = dynamic_cast<QGraphicsTextItem*>(item);
            if (!text || !text->isVisible() || text->toPlainText() != name)
                continue;
            const qreal margin = text->document()->documentMargin();
            const QRectF box
                = text->sceneTransform().mapRect(text->boundingRect().adjusted(margin, margin, -margin, -margin));
            whole = whole || shown.contains(view.mapFromScene(box).boundingRect());
        }
        if (!whole)
            missing << name;
    }
    return missing;
}

} // namespace

// Issue 40 (the RL view, seventh stop): the memory-per-phase chart stood its bars upright in its narrow column and
// cut every phase's name to a letter or two ("R…", "采…") and its legend's entries ("Memory per…"). Its bars now
// lie level with each phase named whole beside its bar. Issue 44 (window11): the step-time chart beside it dropped
// its longest candidate name with the example's five candidates ("PNV6.96XLARGE2304, 8 GPUs") and its one-row legend
// of six phases cut names short (three in Chinese; in English too with 30 candidates). Its candidates are now named
// on two lines with the main window's label fitting (ChartView::fitCategoryLabels: the view takes the width and rows
// they need, and scrolls past its room), and its legend wraps to as many rows as the phases need. Both charts are
// checked on the real window at 1600x1000, in both languages, with one candidate, the example's five and 30.
TEST(ChartLabelsWindow, TheRlChartsNameEveryCandidateAndPhaseWholeInBothLanguages)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    const nlohmann::json example = nlohmann::json::parse(gp::rlPlanText(), nullptr, true, true);
    nlohmann::json one = example;
    one["candidates"] = nlohmann::json::array({ example["candidates"].at(1) });
    nlohmann::json thirty = example;
    thirty["candidates"] = nlohmann::json::array();
    for (const char* id : { "alibaba:ecs.gn6v-c8g1.16xlarge", "alibaba:ecs.gn7-c13g1.26xlarge",
             "alibaba:ecs.gn7i-8x.32xlarge", "alibaba:ecs.gn7e-c16g1.32xlarge", "alibaba:ecs.gn8is-8x.32xlarge",
             "alibaba:ecs.gn8v-8x.48xlarge", "alibaba:ecs.ebmgn8v.48xlarge", "aws:p3.16xlarge", "aws:g5.48xlarge",
             "aws:p4d.24xlarge", "aws:p4de.24xlarge", "aws:p5.48xlarge", "aws:g6e.48xlarge", "aws:p5en.48xlarge",
             "aws:p6-b200.48xlarge", "aws:p6-b300.48xlarge", "azure:Standard_ND96isr_H100_v5",
             "azure:Standard_ND96isr_H200_v5", "azure:Standard_ND96isr_MI300X_v5", "gcp:a2-highgpu-8g",
             "gcp:a2-megagpu-16g", "gcp:a2-ultragpu-8g", "tencent:PNV6.96XLARGE2304", "tencent:PNV6.32XLARGE1280",
             "tencent:GT4.41XLARGE948", "tencent:PNV4.56XLARGE932", "tencent:GNV7e-8GPU", "tencent:GN10Xp.20XLARGE320",
             "aws:g6.48xlarge", "alibaba:ecs.gn8v-8x.16xlarge" })
        thirty["candidates"].push_back({ { "instance", id } });
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        for (const nlohmann::json& plan : { one, example, thirty }) {
            const std::string where
                = language.toStdString() + ", " + std::to_string(plan["candidates"].size()) + " candidates: ";
            const QString path
                = test::writeFile(dir, QStringLiteral("rl.gpuplan"), QByteArray::fromStdString(plan.dump()));
            MainWindow window(test::isolatedWindowOptions(dir, &settings));
            ASSERT_TRUE(test::openSettled(window, path));
            // The memory chart's phase names and legend, drawn and shown whole.
            ChartView* memory = window.rlView()->memoryChart();
            QChart* chart = memory ? memory->chart() : nullptr;
            ASSERT_TRUE(chart && categoryAxisOf(*chart)) << where;
            EXPECT_GE(categoryAxisOf(*chart)->categories().size(), 4) << where;
            EXPECT_TRUE(labelsNotDrawn(*chart).isEmpty())
                << where << "memory chart drops " << labelsNotDrawn(*chart).join(QStringLiteral(" | ")).toStdString();
            QStringList notShown = textsNotShown(*memory, *chart);
            EXPECT_TRUE(notShown.isEmpty())
                << where << "memory chart: not shown whole: " << notShown.join(QStringLiteral(" | ")).toStdString();
            // Its title is drawn whole (the narrow column cut "aws:p5.48…" short when it named the candidate on the
            // title's one line).
            QTextDocument title;
            title.setHtml(chart->title());
            bool titled = false;
            for (QGraphicsItem* item : chart->scene()->items())
                if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible())
                    titled = titled || text->toPlainText() == title.toPlainText();
            EXPECT_TRUE(titled) << where << "the memory chart's title is cut: " << title.toPlainText().toStdString();
            // The step-time chart's candidates and its legend's phases (each phase's name is its bar set's).
            ChartView* phases = window.rlView()->phaseChart();
            chart = phases ? phases->chart() : nullptr;
            ASSERT_TRUE(chart && categoryAxisOf(*chart)) << where;
            EXPECT_GE(categoryAxisOf(*chart)->categories().size(), std::min<int>(5, int(plan["candidates"].size())))
                << where;
            EXPECT_TRUE(labelsNotDrawn(*chart).isEmpty())
                << where << "step-time chart drops "
                << labelsNotDrawn(*chart).join(QStringLiteral(" | ")).toStdString();
            notShown = textsNotShown(*phases, *chart);
            EXPECT_TRUE(notShown.isEmpty())
                << where << "step-time chart: not shown whole: " << notShown.join(QStringLiteral(" | ")).toStdString();
            const QStringList phasesCut = barSetNamesNotShown(*phases, *chart);
            EXPECT_TRUE(phasesCut.isEmpty())
                << where << "legend cuts " << phasesCut.join(QStringLiteral(" | ")).toStdString() << " ("
                << wrappedLegendRows(*chart) << " rows)";
            // Both value axes step in round numbers (1, 2, 2.5 or 5 x 10^k) as the main window's do: the step-time
            // axis read "0 107 214 321 429", the memory axis "0 21 42 62 83".
            for (QChart* c : { memory->chart(), chart }) {
                const auto* values = qobject_cast<QValueAxis*>(c->axes(Qt::Horizontal).value(0));
                ASSERT_TRUE(values && values->tickCount() >= 2) << where;
                const double step = (values->max() - values->min()) / (values->tickCount() - 1);
                const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
                EXPECT_TRUE(std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9
                    || std::abs(mantissa - 2.5) < 1e-9 || std::abs(mantissa - 5) < 1e-9)
                    << where << c->title().toStdString() << ": ticks every " << step;
            }
            // Six phases' names in a few rows across the chart (not one a row in a sliver of it).
            EXPECT_LE(wrappedLegendRows(*chart), 3) << where;
        }
    }
    installLanguage(QStringLiteral("en"));
}

// The integrator's window (1600x1000, English, a 50-candidate training plan): the "Time per million tokens" chart
// showed only the top half of its legend ("Compute / Intra-node communication / Network communication / Offload")
// at its bottom, while the memory chart beside it fits its legend at its right. The step-time chart's legend is
// drawn whole, inside the part of the chart the window shows, in both languages, with 1, 12 and 50 candidates,
// training and serving.
TEST(ChartLabelsWindow, TheStepTimeChartsLegendIsShownWholeInBothLanguagesWithOneToFiftyCandidates)
{
    eachChartWindow({ 1, 12, 50 }, [](MainWindow& window, const std::string& where) {
        ChartView* view = window.bottleneckChartView();
        const QChart* chart = view->chart();
        ASSERT_TRUE(chart);
        QStringList entries;
        for (QLegendMarker* marker : chart->legend()->markers())
            if (marker->isVisible())
                entries << marker->label();
        ASSERT_FALSE(entries.isEmpty());
        ASSERT_TRUE(chart->legend()->isVisible());
        QStringList legendProblems;
        for (const QString& problem : textsNotShown(*view, *chart))
            for (const QString& entry : entries)
                if (problem.startsWith(entry + QStringLiteral(" at (")) || problem.endsWith(": " + entry))
                    legendProblems << problem;
        EXPECT_TRUE(legendProblems.isEmpty())
            << where << " (view " << view->width() << "x" << view->height() << ", shown " << shownPart(*view).height()
            << " px high, legend " << chart->legend()->geometry().height() << " of "
            << chart->legend()->effectiveSizeHint(Qt::PreferredSize).height()
            << " px): " << legendProblems.join(QStringLiteral(" | ")).toStdString();
    });
}

// The step-time chart in the bottom row (about 280 px shown at 1600x1000) scrolled in Chinese with 12 charted
// candidates: a CJK label is a few pixels taller than a Latin one, and twelve rows of them ran 40 px past the row
// (318 px), hiding the value axis and its unit ("秒") below the fold. The chart now fits its twelve bars in the row in
// both languages (its unit in its title, as the memory chart's, and its labels smaller where they must be, never
// under 7 pt), every candidate still named, drawn and shown whole. Training plans: a serving plan's bottom row is
// the throughput-latency curve.
// The screens check (uiscreens): with every candidate charted ("show all", 160 candidates, a 3,000 px chart) the
// step-time chart's legend sat right of the plot halfway down the chart, out of sight where the chart opens: the
// bars' colours had no names. Charted whole, the chart scrolls and every legend entry is drawn whole in the part
// shown at the top; charted twelve again, the legend is back right of the plot.
TEST(ChartLabelsWindow, TheStepTimeLegendIsInSightWhenEveryCandidateIsChartedInBothLanguages)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        const std::string where = language.toStdString();
        const QString path = test::writeFile(dir, QStringLiteral("all.gpuplan"), planWithCandidates(false, 50));
        MainWindow window(test::isolatedWindowOptions(dir, &settings));
        ASSERT_TRUE(test::openSettled(window, path));
        window.setAllCandidatesCharted(true);
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        ChartView* view = window.bottleneckChartView();
        QChart* chart = view->chart();
        ASSERT_TRUE(chart);
        auto* area = view->parentWidget() ? qobject_cast<QScrollArea*>(view->parentWidget()->parentWidget()) : nullptr;
        ASSERT_TRUE(area) << where;
        ASSERT_GT(categoryAxisOf(*chart)->count(), 12) << where;
        ASSERT_GT(area->verticalScrollBar()->maximum(), 0) << where << ": every candidate charted, the chart scrolls";
        area->verticalScrollBar()->setValue(0);
        QCoreApplication::processEvents();
        ASSERT_TRUE(chart->legend()->isVisible()) << where;
        const QRect shown = shownPart(*view).adjusted(-1, -1, 1, 1);
        QStringList entries;
        for (QLegendMarker* marker : chart->legend()->markers())
            if (marker->isVisible())
                entries << marker->label();
        ASSERT_GE(entries.size(), 2) << where;
        QStringList inSight;
        for (QGraphicsItem* item : chart->scene()->items()) {
            auto* text = dynamic_cast<QGraphicsTextItem*>(item);
            if (!text || !text->isVisible() || !chart->legend()->isAncestorOf(text))
                continue;
            const qreal margin = text->document()->documentMargin();
            const QRectF box
                = text->sceneTransform().mapRect(text->boundingRect().adjusted(margin, margin, -margin, -margin));
            if (shown.contains(view->mapFromScene(box).boundingRect()))
                inSight << text->toPlainText();
        }
        for (const QString& entry : entries)
            EXPECT_TRUE(inSight.contains(entry))
                << where << ": legend entry " << entry.toStdString() << " not drawn whole in the part shown at the top";
        // Scrolled down the bars, the legend scrolled away with them (uipolish): a strip at the top of the scroll
        // area now names the same colours, in the window's language, and goes when scrolled back up.
        auto* sticky = area->viewport()->findChild<StickyLegend*>();
        ASSERT_TRUE(sticky) << where;
        EXPECT_TRUE(sticky->labels().isEmpty()) << where << ": at the top the chart's own legend is in sight";
        area->verticalScrollBar()->setValue(area->verticalScrollBar()->maximum());
        QCoreApplication::processEvents();
        EXPECT_EQ(sticky->labels(), entries) << where;
        EXPECT_EQ(sticky->geometry().top(), 0) << where;
        EXPECT_GT(sticky->height(), 0) << where;
        EXPECT_LE(sticky->width(), area->viewport()->width()) << where;
        if (language == QLatin1String("zh_CN")) {
            for (const QString& entry : sticky->labels()) {
                EXPECT_TRUE(entry.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))))
                    << where << ": an entry of the Chinese legend in English: " << entry.toStdString();
            }
        }
        area->verticalScrollBar()->setValue(0);
        QCoreApplication::processEvents();
        EXPECT_TRUE(sticky->labels().isEmpty()) << where;
        // Twelve charted again: the chart fits its room and the legend is back right of the plot.
        window.setAllCandidatesCharted(false);
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        chart = view->chart();
        ASSERT_TRUE(chart);
        EXPECT_FALSE(area->verticalScrollBar()->isVisible()) << where;
        EXPECT_GE(chart->legend()->geometry().left(), chart->plotArea().right()) << where;
    }
    installLanguage(QStringLiteral("en"));
}

TEST(ChartLabelsWindow, TwelveChartedCandidatesFitTheStepTimeChartWithoutScrollingInBothLanguages)
{
    eachChartWindow({ 12, 50 }, [](MainWindow& window, const std::string& where) {
        if (where.find(" serving ") != std::string::npos)
            return;
        ChartView* view = window.bottleneckChartView();
        QChart* chart = view->chart();
        ASSERT_TRUE(chart);
        auto* area = view->parentWidget() ? qobject_cast<QScrollArea*>(view->parentWidget()->parentWidget()) : nullptr;
        ASSERT_TRUE(area) << where;
        QBarCategoryAxis* axis = categoryAxisOf(*chart);
        ASSERT_TRUE(axis) << where;
        EXPECT_EQ(axis->count(), 12) << where;
        EXPECT_LE(view->minimumHeight(), area->viewport()->height())
            << where << ": the chart needs " << view->minimumHeight() << " px, the row shows "
            << area->viewport()->height() << " (labels " << axis->labelsFont().pointSizeF() << " pt)";
        EXPECT_FALSE(area->verticalScrollBar()->isVisible()) << where;
        EXPECT_TRUE(labelsNotDrawn(*chart).isEmpty())
            << where << ": not drawn: " << labelsNotDrawn(*chart).join(QStringLiteral(" | ")).toStdString();
        const QStringList notShown = textsNotShown(*view, *chart);
        EXPECT_TRUE(notShown.isEmpty()) << where
                                        << ": not shown whole: " << notShown.join(QStringLiteral(" | ")).toStdString();
        // The values' unit, in the title, and the value axis' labels are drawn inside the shown part.
        EXPECT_TRUE(chart->title().contains(QRegularExpression(QStringLiteral("[(（](s|ms|秒|毫秒)[)）]$"))))
            << where << ": " << chart->title().toStdString();
        const auto* values = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).value(0));
        ASSERT_TRUE(values) << where;
        const QRect shown = shownPart(*view).adjusted(-1, -1, 1, 1);
        int titles = 0;
        int valueLabels = 0;
        for (QGraphicsItem* item : chart->scene()->items()) {
            auto* text = dynamic_cast<QGraphicsTextItem*>(item);
            if (!text || !text->isVisible())
                continue;
            const bool inSight = shown.contains(view->mapFromScene(text->sceneBoundingRect()).boundingRect());
            titles += inSight && text->toPlainText() == chart->title() ? 1 : 0;
            bool number = false;
            text->toPlainText().toDouble(&number);
            valueLabels += inSight && number ? 1 : 0;
        }
        EXPECT_EQ(titles, 1) << where << ": the title " << chart->title().toStdString() << " is not in sight";
        EXPECT_GE(valueLabels, 2) << where << ": the value axis is not in sight";
        // Still legible: no smaller than the smallest text the charts draw (7 pt, chart_parts.cpp).
        EXPECT_GE(axis->labelsFont().pointSizeF(), 7.0) << where;
    });
}
