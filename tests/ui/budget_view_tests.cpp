// The Budget view: it opens from View > Budget… on the example budget, answers off the UI thread, and shows the one
// answer `gpu-planner-cli budget --format json` prints (one answer: window = json = csv = PDF for three budgets);
// what-if edits answer again; with GP_SCREENS_DIR set it saves the view with 2 and 20 items in both languages.
#include "job_runner.h"
#include "main_window.h"
#include "number_format.h"
#include "settings.h"
#include "translator.h"
#include "ui_test_support.h"
#include "widgets/budget/budget_charts.h"
#include "widgets/budget/budget_fleet_model.h"
#include "widgets/budget/budget_note_label.h"
#include "widgets/budget/budget_report.h"
#include "widgets/budget/budget_view.h"

#include "base/input_file.h"
#include "budget/budget.h"
#include "budget/budget_cap_fixes.h"
#include "budget/budget_output.h"
#include "cli/cli.h"

#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QPaintEvent>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

using namespace gpui;
using nlohmann::json;

namespace
{

// The example budget with `count` items: its three repeated, starting in later months.
std::string budgetWithItems(int count)
{
    json doc = json::parse(gp::exampleBudgetText());
    const json three = doc["items"];
    doc["items"] = json::array();
    for (int i = 0; i < count; ++i) {
        json item = three[std::size_t(i % 3)];
        item["name"] = item["name"].get<std::string>() + " " + std::to_string(i + 1);
        item["schedule"]["start_month"] = 1 + i % 6;
        doc["items"].push_back(item);
    }
    if (count > 3)
        doc.erase("stock");
    return doc.dump();
}

json cliJson(const std::string& budget)
{
    std::istringstream in(budget);
    std::ostringstream out, err;
    EXPECT_EQ(gp::runCli({ "budget", "-", "--format", "json" }, in, out, err), 0) << err.str();
    return json::parse(out.str());
}

// The PDF's text as pdftotext (poppler-utils) reads it, its lines joined by single spaces.
QString budgetPdfText(const QString& pdfPath)
{
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    EXPECT_FALSE(pdftotext.isEmpty()) << "pdftotext (poppler-utils) is needed to read the PDF";
    QProcess process;
    process.start(pdftotext, { QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdfPath, QStringLiteral("-") });
    EXPECT_TRUE(process.waitForFinished(test::kEvaluationWaitMs));
    return QString::fromUtf8(process.readAllStandardOutput()).simplified();
}

BudgetAnswerPtr answerInView(BudgetView& view, const std::string& text)
{
    QSignalSpy ready(&view, &BudgetView::answerReady);
    auto budget = gp::parseBudget(text);
    EXPECT_TRUE(budget);
    view.setBudget(std::move(*budget));
    EXPECT_TRUE(ready.wait(test::kEvaluationWaitMs));
    return view.answer();
}

} // namespace

TEST(BudgetViewTest, OneAnswerWindowJsonCsvPdf)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    BudgetView view;
    for (const std::string& text : { std::string(gp::exampleBudgetText()), budgetWithItems(2), budgetWithItems(5) }) {
        const BudgetAnswerPtr answer = answerInView(view, text);
        ASSERT_TRUE(answer);
        const json j = cliJson(text);
        EXPECT_NEAR(j["total"].get<double>(), answer->total, 1e-6 * std::max(1.0, answer->total));
        ASSERT_EQ(j["items"].size(), answer->items.size());
        for (std::size_t i = 0; i < answer->items.size(); ++i)
            EXPECT_NEAR(
                j["items"][i]["spend"].get<double>(), answer->items[i].spend, 1e-6 * std::max(1.0, answer->total));
        ASSERT_EQ(view.fleetModel()->rowCount(), int(j["fleet"].size()));
        // Issue 41: each fleet row's tool tip says how its pool placed the items, as the JSON's `placement` does.
        for (int r = 0; r < view.fleetModel()->rowCount(); ++r) {
            const gp::FleetRow& row = answer->fleet[std::size_t(r)];
            EXPECT_EQ(j["fleet"][std::size_t(r)]["placement"].is_null()
                    ? std::string()
                    : j["fleet"][std::size_t(r)]["placement"].get<std::string>(),
                row.placement);
            for (int c = 0; c < BudgetFleetModel::ColumnCount; ++c)
                EXPECT_TRUE(view.fleetModel()
                                ->index(r, c)
                                .data(Qt::ToolTipRole)
                                .toString()
                                .contains(BudgetFleetModel::placementToolTip(row)));
            EXPECT_TRUE(BudgetReport::html(*answer).contains(BudgetFleetModel::placementText(row).toHtmlEscaped()));
        }
        // The summary the window shows names the total the CLI prints.
        EXPECT_TRUE(view.summaryText().contains(formatMoney(j["total"].get<double>(), QStringLiteral("CNY"))))
            << view.summaryText().toStdString();
        // The CSV the view exports is the CLI's, after the byte-order mark.
        const QString csv = dir.filePath(QStringLiteral("budget.csv"));
        QString error;
        ASSERT_TRUE(BudgetReport::writeCsv(*answer, csv, &error)) << error.toStdString();
        EXPECT_EQ(test::readFileBytes(csv).mid(3).toStdString(), gp::budgetAnswerToCsv(*answer));
        const QString pdf = dir.filePath(QStringLiteral("budget.pdf"));
        ASSERT_TRUE(BudgetReport::writePdf(*answer, pdf, &error));
        EXPECT_GE(test::countPdfPages(test::readFileBytes(pdf)), 1);
        EXPECT_TRUE(BudgetReport::html(*answer).contains(formatMoney(answer->total, QStringLiteral("CNY"))));
        // The PDF's own text (pdftotext) holds the CLI's figures: the total, each item's spend, each fleet row's
        // cost and each month's spend and cumulative spend.
        const QString text = budgetPdfText(pdf);
        const auto money = [](const json& v) { return formatMoney(v.get<double>(), QStringLiteral("CNY")); };
        QStringList figures { money(j["total"]) };
        for (const json& item : j["items"])
            figures << money(item["spend"]);
        for (const json& row : j["fleet"])
            figures << money(row["cost"]);
        for (std::size_t m = 0; m < j["monthly"].size(); ++m)
            figures << money(j["monthly"][m]) << money(j["cumulative"][m]);
        for (const QString& figure : figures)
            EXPECT_TRUE(text.contains(figure))
                << figure.toStdString() << " is not in the PDF's text: " << text.toStdString();
    }
}

TEST(BudgetViewTest, WhatIfTrafficAndDelayAnswerAgain)
{
    BudgetView view;
    const BudgetAnswerPtr base = answerInView(view, std::string(gp::exampleBudgetText()));
    ASSERT_TRUE(base);
    QSignalSpy ready(&view, &BudgetView::answerReady);
    gp::BudgetWhatIf doubled;
    doubled.trafficFactor = 2;
    view.setWhatIf(doubled);
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    // Twice the traffic needs at least as many serving machines each month, and costs at least as much.
    const gp::ItemBudget& serving = view.answer()->items[2];
    for (std::size_t m = 0; m < serving.machinesByMonth.size(); ++m)
        EXPECT_GE(serving.machinesByMonth[m], base->items[2].machinesByMonth[m]);
    EXPECT_GE(view.answer()->total, base->total);
    gp::BudgetWhatIf later;
    later.delayMonths = 1;
    later.item = 0;
    view.setWhatIf(later);
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    // The fine-tune a month later: its machines move from its first month to the next.
    const std::vector<int>& before = base->items[0].machinesByMonth;
    const auto first = std::find_if(before.begin(), before.end(), [](int machines) { return machines > 0; });
    ASSERT_NE(first, before.end());
    const std::size_t month = std::size_t(first - before.begin());
    ASSERT_LT(month + 1, view.answer()->items[0].machinesByMonth.size());
    EXPECT_EQ(view.answer()->items[0].machinesByMonth[month], 0);
    EXPECT_GT(view.answer()->items[0].machinesByMonth[month + 1], 0);
}

// Issue 41's frame budget: an edit of one item (the bench BM_BudgetEditOneItemToPaintedView times it) puts the new
// figures into the table's cells and the chart's bars that exist (no reset of the table, no new series), and what
// they show is what a table and a chart built afresh from the new answer show.
TEST(BudgetViewTest, AnEditOfOneItemUpdatesTheTableAndChartInPlaceWithTheSameFigures)
{
    BudgetView view;
    view.resize(1200, 900);
    view.show();
    ASSERT_TRUE(answerInView(view, budgetWithItems(10)));
    auto* chart = view.findChild<BudgetSpendChart*>()->chart();
    auto* bars = qobject_cast<QStackedBarSeries*>(chart->series().value(0));
    ASSERT_TRUE(bars);
    const QList<QBarSet*> setsBefore = bars->barSets();
    QSignalSpy resets(view.fleetModel(), &QAbstractItemModel::modelReset);
    QSignalSpy ready(&view, &BudgetView::answerReady);
    bool rowsChanged = false;
    for (double factor : { 2.0, 1.0, 3.0 }) {
        const int rowsBefore = view.fleetModel()->rowCount();
        gp::BudgetWhatIf whatIf;
        whatIf.item = 2; // the example's serving item
        whatIf.trafficFactor = factor;
        view.setWhatIf(whatIf);
        ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
        rowsChanged = rowsChanged || view.fleetModel()->rowCount() != rowsBefore;
        BudgetFleetModel fresh;
        fresh.setAnswer(view.answer());
        ASSERT_EQ(view.fleetModel()->rowCount(), fresh.rowCount());
        for (int r = 0; r < fresh.rowCount(); ++r)
            for (int c = 0; c < BudgetFleetModel::ColumnCount; ++c)
                EXPECT_EQ(view.fleetModel()->index(r, c).data(), fresh.index(r, c).data()) << r << " " << c;
        const auto* answer = view.answer().get();
        int k = 0;
        for (const gp::ItemBudget& item : answer->items) {
            if (item.spend <= 0)
                continue;
            QBarSet* set = bars->barSets().value(k++);
            ASSERT_TRUE(set);
            EXPECT_EQ(set->label(), QString::fromStdString(item.name));
            for (std::size_t m = 0; m < item.spendByMonth.size(); ++m)
                EXPECT_DOUBLE_EQ(set->at(qsizetype(m)), item.spendByMonth[m]) << item.name << " month " << m + 1;
        }
    }
    EXPECT_TRUE(rowsChanged) << "the edits were meant to add and drop fleet rows";
    EXPECT_EQ(resets.count(), 0);
    EXPECT_EQ(bars->barSets(), setsBefore);
    EXPECT_EQ(chart->series().value(0), bars);
}

namespace
{

// Records the rectangles a widget is asked to repaint.
class BudgetPaintRecorder : public QObject
{
public:
    bool eventFilter(QObject*, QEvent* event) override
    {
        if (event->type() == QEvent::Paint)
            rects.push_back(static_cast<QPaintEvent*>(event)->rect());
        return false;
    }
    std::vector<QRect> rects;
};

void settleBudgetView()
{
    for (int round = 0; round < 5; ++round)
        QCoreApplication::processEvents();
}

} // namespace

// Issue 41: an edit of one item is shown within a frame when it repaints what changed. An edit that moves the month
// the total cap breaks and wraps the cap banner's words onto a line fewer repainted the whole view (the banner's
// height moved everything below it) and the whole chart (the legend's words named the month: a new legend is a new
// layout of the chart). The edit and the caps are the view's own, not the example's figures (issue 44's replica rule
// moved those): the first item, a fine-tune in month 1, starts a month later; the total cap lies halfway between the
// cumulative spends of month 1 with and without it, so it breaks in month 1 as planned and in month 2 with the item
// later; the monthly cap at half the dearest month, broken either way (a cap broken on one side only adds a marker
// series: a new layout of the chart).
TEST(BudgetViewTest, AnEditThatMovesACapBreakRepaintsTheBarsThatMovedNotTheWholeView)
{
    BudgetView view;
    view.resize(1200, 900);
    view.show();
    json doc = json::parse(budgetWithItems(10));
    doc.erase("caps");
    ASSERT_TRUE(answerInView(view, doc.dump()));
    settleBudgetView();
    QSignalSpy ready(&view, &BudgetView::answerReady);
    const auto edit = [&](int months) {
        gp::BudgetWhatIf whatIf;
        whatIf.item = 0; // the first fine-tune, in month 1
        whatIf.delayMonths = months;
        view.setWhatIf(whatIf);
        EXPECT_TRUE(ready.wait(test::kEvaluationWaitMs));
        settleBudgetView();
        return view.answer();
    };
    const auto totalBreakMonth = [](const gp::BudgetAnswer& a) {
        for (const gp::CapBreak& b : a.capBreaks)
            if (b.cap == "total")
                return b.month;
        return 0;
    };
    {
        const BudgetAnswerPtr later = edit(1);
        const BudgetAnswerPtr planned = edit(0);
        ASSERT_TRUE(later && planned);
        ASSERT_GT(planned->cumulative.front(), later->cumulative.front() + 1)
            << "the fine-tune was meant to spend in month 1";
        doc["caps"]["total"] = std::round((planned->cumulative.front() + later->cumulative.front()) / 2);
        doc["caps"]["per_month"] = std::round(*std::max_element(planned->monthly.begin(), planned->monthly.end()) / 2);
    }
    ASSERT_TRUE(answerInView(view, doc.dump()));
    settleBudgetView();
    auto* banner = view.findChild<QLabel*>(QStringLiteral("budgetCapBanner"));
    ASSERT_TRUE(banner && banner->isVisible());
    EXPECT_EQ(banner->height(), banner->heightForWidth(banner->width())) << "as tall as its words when first shown";
    // Once each way first: the spend axis grows to the larger figures and then keeps its range.
    const BudgetAnswerPtr later = edit(1);
    const BudgetAnswerPtr planned = edit(0);
    ASSERT_TRUE(later && planned);
    EXPECT_EQ(totalBreakMonth(*planned), 1);
    EXPECT_EQ(totalBreakMonth(*later), 2) << "the edit was meant to move the break's month";
    ASSERT_EQ(planned->capBreaks.size(), 2u);
    ASSERT_EQ(later->capBreaks.size(), 2u);
    auto* chartView = view.findChild<BudgetSpendChart*>()->findChild<QChartView*>();
    ASSERT_TRUE(chartView);
    const int bannerHeight = banner->height();
    const QPoint chartAt = chartView->mapTo(&view, QPoint(0, 0));
    BudgetPaintRecorder chartPaints;
    chartView->viewport()->installEventFilter(&chartPaints);
    for (int months : { 1, 0 }) {
        const BudgetAnswerPtr answer = edit(months);
        ASSERT_TRUE(answer);
        EXPECT_EQ(totalBreakMonth(*answer), months + 1);
        EXPECT_EQ(banner->height(), bannerHeight) << months << " months later";
        EXPECT_EQ(chartView->mapTo(&view, QPoint(0, 0)), chartAt) << months << " months later";
        EXPECT_FALSE(chartPaints.rects.empty()) << "the bars that moved are repainted";
        for (const QRect& r : chartPaints.rects)
            EXPECT_NE(r, chartView->viewport()->rect()) << months << " months later: the whole chart was repainted";
        chartPaints.rects.clear();
    }
    chartView->viewport()->removeEventFilter(&chartPaints);
}

// The Budget view's notes keep their heights per text and width (issue 41): the height kept is QLabel's own for the
// same text, width and font, and a new text or font is measured anew.
TEST(BudgetViewTest, NoteLabelsKeepQLabelsHeightForTheirTextWidthAndFont)
{
    BudgetNoteLabel note;
    QLabel plain;
    for (QLabel* label : { static_cast<QLabel*>(&note), &plain }) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    const QString texts[] = {
        QStringLiteral("¥18,955 over 12 months."),
        QStringLiteral("The monthly cap of ¥10,000 breaks in month 1 (¥12,113, ¥2,113 over). Raise the cap to ¥12,113. "
                       "Or move January fine-tune 1 out of month 1 (saves ¥12,113).\nThe total cap of ¥15,000 breaks "
                       "in month 6 (¥15,249 by then; ¥3,955 over by the end)."),
        QStringLiteral("每月上限 ¥10,000 在第 1 个月被突破（¥12,113，超出 ¥2,113）。将上限提高到 ¥12,113。或将 January "
                       "fine-tune 1 移出第 1 个月（节省 ¥12,113）。"),
    };
    const auto same = [&](const char* what) {
        for (int width : { 90, 300, 1100, 300 }) {
            EXPECT_EQ(note.heightForWidth(width), plain.heightForWidth(width)) << what << " at " << width;
            EXPECT_EQ(note.heightForWidth(width), plain.heightForWidth(width)) << what << " kept, at " << width;
        }
    };
    for (const QString& text : texts) {
        note.setText(text);
        plain.setText(text);
        same("a new text");
    }
    const int before = note.heightForWidth(300);
    QFont larger = plain.font();
    larger.setPointSizeF(larger.pointSizeF() * 1.6);
    note.setFont(larger);
    plain.setFont(larger);
    same("a larger font");
    EXPECT_GT(note.heightForWidth(300), before);
}

// Issue 44 (second try, item 7): the month a budget's cap breaks was said only below the fleet table, out of sight.
// It stands in a banner above the view (outside the scrolled part) and each break is marked on the spend chart at
// that month, in both languages, and follows an edit.
// Issue 44: a monthly cap passed in months 6-12 was said for month 6.
TEST(BudgetViewTest, MonthsOverACapAreOneMonthARunOrAListInBothLanguages)
{
    EXPECT_EQ(BudgetView::monthsText({ 6 }), QStringLiteral("month 6"));
    EXPECT_EQ(BudgetView::monthsText({ 6, 7, 8, 9, 10, 11, 12 }), QStringLiteral("months 6–12"));
    EXPECT_EQ(BudgetView::monthsText({ 3, 5, 9 }), QStringLiteral("months 3, 5, 9"));
    installLanguage(QStringLiteral("zh_CN"));
    EXPECT_EQ(BudgetView::monthsText({ 6 }), QStringLiteral("第 6 个月"));
    EXPECT_EQ(BudgetView::monthsText({ 6, 7, 8, 9, 10, 11, 12 }), QStringLiteral("第 6–12 个月"));
    EXPECT_EQ(BudgetView::monthsText({ 3, 5, 9 }), QStringLiteral("第 3、5、9 个月"));
    installLanguage(QStringLiteral("en"));
}

TEST(BudgetViewTest, TheMonthACapBreaksStandsAboveTheViewAndIsMarkedOnTheChart)
{
    json doc = json::parse(budgetWithItems(3));
    doc["caps"] = { { "per_month", 20000 }, { "total", 400000 } };
    BudgetView view;
    view.resize(1200, 900);
    view.show();
    const BudgetAnswerPtr answer = answerInView(view, doc.dump());
    ASSERT_TRUE(answer);
    ASSERT_EQ(answer->capBreaks.size(), 2u) << "both caps were meant to break";
    auto* banner = view.findChild<QLabel*>(QStringLiteral("budgetCapBanner"));
    ASSERT_TRUE(banner);
    auto* chartWidget = view.findChild<BudgetSpendChart*>();
    ASSERT_TRUE(chartWidget);
    const auto checkShown = [&](const gp::BudgetAnswer& a, const char* language) {
        for (int round = 0; round < 3; ++round)
            QCoreApplication::processEvents();
        EXPECT_TRUE(banner->isVisible()) << language;
        EXPECT_EQ(view.capBannerText(), BudgetView::capLines(a).join(QLatin1Char('\n'))) << language;
        for (const gp::CapBreak& b : a.capBreaks)
            EXPECT_TRUE(banner->text().contains(QString::number(b.month))) << language;
        // Issue 44: every month over the monthly cap is named (the banner said its first month only).
        for (const gp::CapBreak& b : a.capBreaks)
            if (b.cap == "per_month") {
                EXPECT_GE(b.months.size(), 2u) << language << ": the cap was meant to break in several months";
                EXPECT_TRUE(banner->text().contains(BudgetView::monthsText(b.months))) << language;
            }
        // Its fixes follow the break as the language joins sentences: no space after a Chinese full stop.
        for (const gp::CapBreak& b : a.capBreaks)
            EXPECT_FALSE(b.fixes.empty()) << language << ": each break was meant to offer a fix";
        EXPECT_EQ(banner->text().contains(QStringLiteral("。 ")), false)
            << language << ": " << banner->text().toStdString();
        // Above the scrolled content: seen without scrolling, above the summary and the chart.
        const QPoint top = banner->mapTo(&view, QPoint(0, 0));
        EXPECT_GE(top.y(), 0);
        EXPECT_LT(top.y() + banner->height(), view.height() / 3) << language;
        EXPECT_LT(top.y(), chartWidget->mapTo(&view, QPoint(0, 0)).y()) << language;
        std::vector<QScatterSeries*> markers;
        for (QAbstractSeries* series : chartWidget->chart()->series())
            if (auto* marker = qobject_cast<QScatterSeries*>(series))
                markers.push_back(marker);
        ASSERT_EQ(markers.size(), a.capBreaks.size()) << language;
        for (std::size_t b = 0; b < markers.size(); ++b) {
            const gp::CapBreak& capBreak = a.capBreaks[b];
            // Named by its cap in the legend (the month is where it stands), in the view's language.
            EXPECT_EQ(markers[b]->name(),
                capBreak.cap == "total" ? BudgetSpendChart::tr("Total cap breaks")
                                        : BudgetSpendChart::tr("Monthly cap breaks"))
                << language;
            EXPECT_EQ(markers[b]->name().contains(QStringLiteral("上限")), std::string(language).starts_with("zh"))
                << language;
            // The total cap at the month it breaks; the monthly cap at every month over it.
            const std::vector<int> marked
                = capBreak.cap == "total" ? std::vector<int> { capBreak.month } : capBreak.months;
            ASSERT_EQ(markers[b]->count(), qsizetype(marked.size())) << language << " " << capBreak.cap;
            for (std::size_t k = 0; k < marked.size(); ++k)
                EXPECT_DOUBLE_EQ(markers[b]->at(qsizetype(k)).x(), marked[k] - 1) << language;
            // Each marker whole inside the plot (the total's square was drawn half below the month axis): the
            // monthly cap's break on its line, the total's at the foot of the month, above the axis.
            QChart* chart = chartWidget->chart();
            const QRectF plot = chart->plotArea();
            const QPointF centre = chart->mapToPosition(markers[b]->at(0), markers[b]);
            const double half = markers[b]->markerSize() / 2;
            const QRectF box(centre.x() - half, centre.y() - half, 2 * half, 2 * half);
            EXPECT_TRUE(plot.contains(box))
                << language << " " << capBreak.cap << " marker at (" << box.left() << ", " << box.top() << ", "
                << box.right() << ", " << box.bottom() << ") outside the plot (" << plot.left() << ", " << plot.top()
                << ", " << plot.right() << ", " << plot.bottom() << ")";
            if (capBreak.cap == "total")
                EXPECT_LT(plot.bottom() - box.bottom(), half) << language << ": at the foot of the month";
            else
                for (const QPointF& point : markers[b]->points())
                    EXPECT_DOUBLE_EQ(point.y(), capBreak.limit) << language;
        }
    };
    checkShown(*answer, "en");
    const QString english = view.capBannerText();
    // Every amount keeps its currency, the fixes' too ("Raise the cap to 12,113." had lost it).
    // The raise is to the next whole unit up: six significant digits had rounded a cap the spend still broke down.
    const QString raise = formatMoney(std::ceil(answer->capBreaks[0].spend), QString::fromStdString(answer->currency));
    EXPECT_TRUE(english.contains(QStringLiteral("Raise the cap to ") + raise)) << english.toStdString();
    installLanguage(QStringLiteral("zh_CN"));
    checkShown(*answer, "zh_CN");
    EXPECT_NE(view.capBannerText(), english);
    EXPECT_TRUE(view.capBannerText().contains(QStringLiteral("月")));
    installLanguage(QStringLiteral("en"));
    // An edit moves the figures: the banner and the markers follow.
    QSignalSpy ready(&view, &BudgetView::answerReady);
    gp::BudgetWhatIf later;
    later.delayMonths = 1;
    view.setWhatIf(later);
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    checkShown(*view.answer(), "en, a month later");
    // Without caps there is no banner and no marker.
    doc.erase("caps");
    ASSERT_TRUE(answerInView(view, doc.dump()));
    QCoreApplication::processEvents();
    EXPECT_FALSE(banner->isVisible());
    EXPECT_TRUE(view.capBannerText().isEmpty());
    for (QAbstractSeries* series : chartWidget->chart()->series())
        EXPECT_FALSE(qobject_cast<QScatterSeries*>(series));
}

TEST(BudgetViewTest, OpensFromTheViewMenuAndSavesScreens)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    MainWindow window(test::isolatedWindowOptions(dir, &settings));
    window.setMessageSink([](const QString&, const QString&) {});
    QAction* action = nullptr;
    for (QAction* a : window.findChildren<QAction*>())
        if (a->text() == QStringLiteral("&Budget…"))
            action = a;
    ASSERT_TRUE(action);
    action->trigger();
    auto* view = window.findChild<BudgetView*>();
    ASSERT_TRUE(view);
    QSignalSpy ready(view, &BudgetView::answerReady);
    ASSERT_TRUE(view->answer() || ready.wait(test::kEvaluationWaitMs));
    EXPECT_EQ(view->answer()->items.size(), 3u);
    const QString screens = qEnvironmentVariable("GP_SCREENS_DIR");
    if (screens.isEmpty())
        return;
    // 2 and 20 items, and 2 items under caps they break (the banner and the chart's marks, issue 44).
    for (int count : { 2, 20, -2 }) {
        json doc = json::parse(budgetWithItems(std::abs(count)));
        if (count < 0)
            doc["caps"] = { { "per_month", 10000 }, { "total", 15000 } };
        ASSERT_TRUE(answerInView(*view, doc.dump()));
        view->resize(1200, count > 10 ? 1300 : 900);
        for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
            installLanguage(language);
            QCoreApplication::processEvents();
            QCoreApplication::processEvents();
            EXPECT_TRUE(view->grab().save(screens
                + QStringLiteral("/budget-%1-items%2-%3.png")
                      .arg(std::abs(count))
                      .arg(count < 0 ? QStringLiteral("-capped") : QString())
                      .arg(language)));
        }
        installLanguage(QStringLiteral("en"));
    }
}

// The screens check (uiscreens): `gpu-planner team-year.gpubudget` (or the budget among the recent files) was read
// as a plan and refused with the file format's words in English ("format: must be \"gpu-planner-plan\", got
// \"gpu-planner-budget\"") in the Chinese window. A .gpubudget now opens in the budget view, with the file's items,
// and the window says nothing is wrong; a budget that cannot be read is named in the window's message.
TEST(BudgetViewTest, ABudgetFileOpensInTheBudgetView)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    MainWindow window(test::isolatedWindowOptions(dir, &settings));
    QStringList messages;
    window.setMessageSink([&](const QString&, const QString& text) { messages << text; });
    const QString path = QStringLiteral(GP_SOURCE_DIR "/resources/plans/team-year.gpubudget");
    ASSERT_TRUE(window.openPlan(path)) << messages.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(messages.isEmpty()) << messages.join(QLatin1Char('\n')).toStdString();
    auto* view = window.findChild<BudgetView*>();
    ASSERT_TRUE(view);
    EXPECT_TRUE(view->isVisible());
    EXPECT_EQ(view->windowFilePath(), path);
    auto text = gp::readRegularFile(path.toStdString());
    ASSERT_TRUE(text);
    const auto budget = gp::parseBudget(*text);
    ASSERT_TRUE(budget);
    ASSERT_EQ(view->budget().items.size(), budget->items.size());
    for (std::size_t i = 0; i < budget->items.size(); ++i)
        EXPECT_EQ(view->budget().items[i].name, budget->items[i].name);
    // Its spending axis writes its numbers as the view's text does ("300,000" beside "¥218,901"; it read "300000").
    QSignalSpy ready(view, &BudgetView::answerReady);
    ASSERT_TRUE(view->answer() || ready.wait(test::kEvaluationWaitMs));
    QCoreApplication::processEvents();
    QChart* chart = view->findChild<BudgetSpendChart*>()->chart();
    QStringList grouped;
    QStringList ungrouped;
    for (QGraphicsItem* item : chart->scene()->items())
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible()) {
            const QString plain = text->toPlainText();
            if (QRegularExpression(QStringLiteral("^\\d{1,3}(,\\d{3})+$")).match(plain).hasMatch())
                grouped << plain;
            if (QRegularExpression(QStringLiteral("^\\d{4,}$")).match(plain).hasMatch())
                ungrouped << plain;
        }
    EXPECT_FALSE(grouped.isEmpty());
    EXPECT_TRUE(ungrouped.isEmpty()) << ungrouped.join(QStringLiteral(" ")).toStdString();
    // A broken budget: the window names the file.
    const QString bad = test::writeFile(dir, QStringLiteral("bad.gpubudget"), QByteArray("{ not json"));
    EXPECT_FALSE(window.openPlan(bad));
    ASSERT_EQ(messages.size(), 1);
    EXPECT_TRUE(messages.front().contains(QStringLiteral("bad.gpubudget"))) << messages.front().toStdString();
}

// A .gpubudget dropped on the window went to the model-config import ("Could not import team-year.gpubudget"): it
// opens in the budget view, as File > Open and the command line open it, and the plan shown stays as it was.
TEST(BudgetViewTest, ABudgetFileDroppedOnTheWindowOpensInTheBudgetView)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    MainWindow window(test::isolatedWindowOptions(dir, &settings));
    QStringList messages;
    window.setMessageSink([&](const QString&, const QString& text) { messages << text; });
    const gp::Plan before = window.document()->plan();
    const QString path = QStringLiteral(GP_SOURCE_DIR "/resources/plans/team-year.gpubudget");
    QMimeData data;
    data.setUrls({ QUrl::fromLocalFile(path) });
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    static_cast<QObject&>(window).event(&drop); // the window's own handler, as a drop from the desktop reaches it
    EXPECT_TRUE(drop.isAccepted());
    EXPECT_TRUE(messages.isEmpty()) << messages.join(QLatin1Char('\n')).toStdString();
    auto* view = window.findChild<BudgetView*>();
    ASSERT_TRUE(view);
    EXPECT_TRUE(view->isVisible());
    EXPECT_EQ(view->windowFilePath(), path);
    EXPECT_FALSE(view->budget().items.empty());
    EXPECT_TRUE(window.document()->plan() == before);
    EXPECT_FALSE(window.document()->isModified());
}

// Issue 44: a gentler fix than dropping an item in the window. The example budget passes its monthly cap; the view
// answers at once and searches for a later start or a share of traffic only once the answer has settled, on its own
// worker with progress, and the next edit cancels that search. Each fix it offers (a later start and a share of
// traffic) holds its cap and is the least edit of its kind; one click applies one (the answer again holds the cap, the
// core's answer of the budget with that edit), and Undo takes it back. The buttons speak the view's language.
TEST(BudgetViewTest, AGentlerCapFixIsSearchedOffTheTypingPathAppliedWithOneClickAndUndone)
{
    BudgetView view;
    view.resize(1200, 900);
    view.show();
    QSignalSpy found(&view, &BudgetView::fixesReady);
    view.setFixSearchDelay(60000); // while typing: no search
    const BudgetAnswerPtr base = answerInView(view, std::string(gp::exampleBudgetText()));
    ASSERT_TRUE(base);
    ASSERT_FALSE(base->capBreaks.empty()) << "the example was meant to pass its monthly cap";
    QCoreApplication::processEvents();
    EXPECT_FALSE(view.fixJobs()->isRunning()) << "the search waits for the answer to settle";
    EXPECT_TRUE(view.offeredFixes().empty());
    // Settled: the search starts on its worker, and an edit cancels it (nothing it finds is offered).
    view.setFixSearchDelay(0);
    QSignalSpy ready(&view, &BudgetView::answerReady);
    QSignalSpy started(view.fixJobs(), &JobRunner::started);
    gp::BudgetWhatIf same;
    same.item = 0; // no change: answered again from the cache
    view.setWhatIf(same);
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    ASSERT_TRUE(started.count() > 0 || started.wait(1000));
    EXPECT_TRUE(view.fixJobs()->isRunning());
    auto* progress = view.findChild<QWidget*>(QStringLiteral("budgetFixProgress"));
    ASSERT_TRUE(progress);
    EXPECT_TRUE(progress->isVisible()) << "the search shows its progress (and Cancel)";
    view.setWhatIf(same);
    EXPECT_FALSE(view.fixJobs()->isRunning()) << "the next edit cancels the search";
    EXPECT_FALSE(progress->isVisible());
    EXPECT_TRUE(view.offeredFixes().empty());
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    ASSERT_TRUE(found.wait(test::kEvaluationWaitMs));
    EXPECT_EQ(found.count(), 1) << "the cancelled search offered nothing";
    // Each fix offered holds its cap when applied to the budget (the core's answer), says what it edits, and is the
    // least edit of its kind: a month sooner, or one percent more of the traffic, breaks the cap again. Both kinds.
    auto budget = gp::parseBudget(gp::exampleBudgetText());
    ASSERT_TRUE(budget);
    gp::BudgetPlanCache cache;
    const auto holds = [&](const gp::BudgetWhatIf& whatIf, const std::string& cap) {
        const gp::BudgetAnswer a = gp::answerBudget(gp::applyWhatIf(*budget, whatIf), gp::builtinCatalog(), {}, &cache);
        return std::none_of(
            a.capBreaks.begin(), a.capBreaks.end(), [&](const gp::CapBreak& b) { return b.cap == cap; });
    };
    const std::vector<gp::GentlerCapFix> expected = view.offeredFixes();
    std::set<std::string> kinds;
    for (const gp::GentlerCapFix& fix : expected) {
        kinds.insert(fix.words.code);
        ASSERT_GE(fix.whatIf.item, 0);
        EXPECT_EQ(fix.words.arg("item"), budget->items[std::size_t(fix.whatIf.item)].name);
        EXPECT_TRUE(holds(fix.whatIf, fix.cap)) << fix.words.message;
        gp::BudgetWhatIf less = fix.whatIf;
        if (fix.words.code == "delay_item") {
            EXPECT_EQ(fix.words.arg("months"), std::to_string(fix.whatIf.delayMonths));
            less.delayMonths -= 1;
        } else {
            EXPECT_EQ(fix.words.arg("percent"), std::to_string(std::lround(fix.whatIf.trafficFactor * 100)));
            less.trafficFactor += 0.01;
        }
        if (less.delayMonths > 0 || fix.words.code == "scale_traffic") {
            EXPECT_FALSE(holds(less, fix.cap)) << fix.words.message << ": a smaller edit holds the cap too";
        }
    }
    EXPECT_EQ(kinds, (std::set<std::string> { "delay_item", "scale_traffic" }));
    auto* button = view.findChild<QPushButton*>(QStringLiteral("budgetFix0"));
    ASSERT_TRUE(button && button->isVisible());
    EXPECT_EQ(button->text(), BudgetView::fixText(expected[0]));
    EXPECT_TRUE(button->text().contains(QString::fromStdString(expected[0].words.arg("item"))));
    // One click: answered again with the fix, under the cap it fixes, the CLI's answer of the budget so edited.
    button->click();
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    ASSERT_EQ(view.appliedFixes().size(), 1u);
    for (const gp::CapBreak& b : view.answer()->capBreaks)
        EXPECT_NE(b.cap, expected[0].cap) << "the fix was meant to hold the " << expected[0].cap << " cap";
    const gp::BudgetAnswer fixed
        = gp::answerBudget(gp::applyWhatIf(*budget, expected[0].whatIf), gp::builtinCatalog(), {}, &cache);
    ASSERT_FALSE(fixed.cancelled);
    EXPECT_NEAR(view.answer()->total, fixed.total, 1e-6 * fixed.total);
    auto* undo = view.findChild<QPushButton*>(QStringLiteral("budgetUndoFix"));
    ASSERT_TRUE(undo && undo->isVisible());
    EXPECT_TRUE(undo->text().contains(BudgetView::fixText(expected[0]))) << undo->text().toStdString();
    // Issue 44: the example's later start of Chat serving moves it to another instance (its traffic starts from its
    // first month's rate later on, and one A100 80 GB machine serves its peak where two A100 40 GB ones did). The note
    // beside the undo names both, from the answers before and after; an instance kept says nothing.
    auto* moveNote = view.findChild<QLabel*>(QStringLiteral("budgetFixMoveNote"));
    ASSERT_TRUE(moveNote);
    const auto placed = [](const gp::BudgetAnswer& a, int item) {
        const auto& p = a.items[std::size_t(item)].placement;
        return p ? BudgetView::placementText(*p) : QString();
    };
    const QString before = placed(*base, expected[0].whatIf.item);
    const QString after = placed(*view.answer(), expected[0].whatIf.item);
    EXPECT_NE(before, after) << "the example's fix was meant to move its item: " << before.toStdString();
    EXPECT_EQ(moveNote->isVisible(), before != after);
    if (before != after) {
        EXPECT_TRUE(moveNote->text().contains(before) && moveNote->text().contains(after))
            << moveNote->text().toStdString();
        EXPECT_EQ(undo->toolTip(), moveNote->text());
    }
    // Ctrl+Z (the view's undo action) and the button take it back.
    bool ctrlZ = false;
    for (QAction* action : view.actions())
        ctrlZ = ctrlZ || action->shortcut() == QKeySequence(QKeySequence::Undo);
    EXPECT_TRUE(ctrlZ);
    undo->click();
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    EXPECT_TRUE(view.appliedFixes().empty());
    EXPECT_NEAR(view.answer()->total, base->total, 1e-6 * base->total);
    EXPECT_FALSE(undo->isVisible());
    // Offered again, in Chinese once the language changes.
    ASSERT_TRUE(found.wait(test::kEvaluationWaitMs));
    installLanguage(QStringLiteral("zh_CN"));
    QCoreApplication::processEvents();
    button = view.findChild<QPushButton*>(QStringLiteral("budgetFix0"));
    ASSERT_TRUE(button);
    EXPECT_EQ(button->text(), BudgetView::fixText(view.offeredFixes()[0]));
    EXPECT_TRUE(button->text().contains(QStringLiteral("个月")) || button->text().contains(QStringLiteral("流量")))
        << button->text().toStdString();
    // Applied in Chinese, its undo says so in English once the language changes back (the undo follows the language).
    button->click();
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    EXPECT_TRUE(undo->isVisible());
    EXPECT_TRUE(undo->text().contains(QStringLiteral("撤销"))) << undo->text().toStdString();
    EXPECT_EQ(moveNote->text(), view.fixMoveText());
    if (before != after) {
        EXPECT_TRUE(moveNote->text().contains(QStringLiteral("不再"))) << moveNote->text().toStdString();
    }
    installLanguage(QStringLiteral("en"));
    QCoreApplication::processEvents();
    EXPECT_EQ(undo->text(), BudgetView::tr("&Undo: %1").arg(BudgetView::fixText(view.appliedFixes().back())));
    EXPECT_FALSE(undo->text().contains(QStringLiteral("撤销")));
    undo->click();
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    EXPECT_TRUE(view.appliedFixes().empty());
}

// Issue 44: Ctrl+Z with the traffic box focused undid the box's own text while the view's undo waited for a fix. As in
// the main window's inputs, a number field leaves Ctrl+Z to the view's undo, and an edit of the what-if is one step of
// it (the keys typed into one box one step): undo puts the box and the answer back, redo the edit.
TEST(BudgetViewTest, CtrlZInANumberFieldTakesBackTheWhatIfEdit)
{
    BudgetView view;
    view.show();
    view.setFixSearchDelay(60000); // no fix search: only the what-if is edited
    const BudgetAnswerPtr base = answerInView(view, std::string(gp::exampleBudgetText()));
    ASSERT_TRUE(base);
    auto* traffic = view.findChild<QDoubleSpinBox*>(QStringLiteral("budgetTraffic"));
    ASSERT_TRUE(traffic);
    QSignalSpy ready(&view, &BudgetView::answerReady);
    traffic->setFocus();
    traffic->selectAll();
    QTest::keyClicks(traffic, QStringLiteral("2.5"));
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    while (ready.wait(300)) { } // the answers of "2" and "2.5" (the newest wins)
    ASSERT_DOUBLE_EQ(traffic->value(), 2.5);
    const double edited = view.answer()->total;
    EXPECT_GT(edited, base->total) << "two and a half times the traffic costs more";
    EXPECT_EQ(view.undoStack()->count(), 1) << "the keys typed into one box are one step";
    for (QWidget* target :
        { static_cast<QWidget*>(traffic), static_cast<QWidget*>(traffic->findChild<QLineEdit*>()) }) {
        ASSERT_TRUE(target);
        QKeyEvent undo(QEvent::ShortcutOverride, Qt::Key_Z, Qt::ControlModifier);
        undo.setAccepted(false);
        QApplication::sendEvent(target, &undo);
        EXPECT_FALSE(undo.isAccepted()) << "the field keeps Ctrl+Z for its own text";
    }
    QAction* undoAction = nullptr;
    QAction* redoAction = nullptr;
    for (QAction* action : view.actions()) {
        if (action->shortcut() == QKeySequence(QKeySequence::Undo))
            undoAction = action;
        if (action->shortcuts().contains(QKeySequence(QKeySequence::Redo))
            || action->shortcut() == QKeySequence(QKeySequence::Redo))
            redoAction = action;
    }
    ASSERT_TRUE(undoAction && redoAction);
    undoAction->trigger();
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    EXPECT_DOUBLE_EQ(traffic->value(), 1);
    EXPECT_NEAR(view.answer()->total, base->total, 1e-6 * base->total);
    EXPECT_FALSE(view.findChild<QPushButton*>(QStringLiteral("budgetUndoFix"))->isVisible()) << "no fix to undo";
    redoAction->trigger();
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    EXPECT_DOUBLE_EQ(traffic->value(), 2.5);
    EXPECT_NEAR(view.answer()->total, edited, 1e-6 * edited);
}
