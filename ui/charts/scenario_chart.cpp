// The Compare view's chart.
#include "charts/scenario_chart.h"
#include "charts/chart_parts.h"

#include "core_text.h"
#include "models/scenario_comparison_model.h"
#include "number_format.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QCursor>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace gpui
{

namespace
{

struct ScenarioChartTr {
    Q_DECLARE_TR_FUNCTIONS(ScenarioChart)
};

} // namespace

QChart* buildScenarioChart(const gp::ScenarioComparison& comparison, bool dark)
{
    auto* chart = new QChart;
    chart_parts::localizeAxisNumbers(chart);
    if (dark)
        chart->setTheme(QChart::ChartThemeDark);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTitle(ScenarioChartTr::tr("Cost and time per scenario"));
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    if (comparison.rows.empty())
        return chart;

    const std::size_t baselineIndex = std::min(comparison.baseline, comparison.rows.size() - 1);
    const gp::ScenarioRow& baseline = comparison.rows[baselineIndex];
    const std::string currency = baseline.answer ? baseline.answer->currency : std::string("CNY");
    const bool inference = baseline.answer && baseline.answer->mode == gp::Mode::Inference;

    QStringList labels;
    QStringList tips; // what hovering a bar says, per row
    auto* costs = new QBarSet(inference
            ? ScenarioChartTr::tr("Cost per million tokens (%1)").arg(QString::fromStdString(currency))
            : ScenarioChartTr::tr("Cost (%1)").arg(QString::fromStdString(currency)));
    costs->setColor(QColor(0x4E79A7));
    costs->setBorderColor(QColor(0x4E79A7).darker(115));
    auto* hours = new QLineSeries;
    hours->setName(inference ? ScenarioChartTr::tr("Time per request batch (hours)")
                             : ScenarioChartTr::tr("Time to finish (hours)"));
    hours->setColor(QColor(0xF28E2B));
    auto* points = new QScatterSeries;
    points->setColor(QColor(0xF28E2B));
    points->setBorderColor(QColor(0xF28E2B).darker(115));
    points->setMarkerSize(9);
    double maxCost = 0;
    double maxHours = 0;
    for (std::size_t i = 0; i < comparison.rows.size(); ++i) {
        const gp::ScenarioRow& row = comparison.rows[i];
        // A sweep's point is named "PATH=VALUE": the axis shows the value (the title row of the view names the field).
        QString stem = ScenarioComparisonModel::sweepValue(row);
        if (stem.isEmpty()) {
            stem = ScenarioComparisonModel::rowName(row);
            if (const int eq = stem.lastIndexOf(QLatin1Char('=')); eq > 0 && !stem.left(eq).contains(QLatin1Char(' ')))
                stem = stem.mid(eq + 1);
        }
        QString label = stem;
        for (int n = 2; labels.contains(label); ++n)
            label = stem + QStringLiteral(" (%1)").arg(n);
        labels << label;
        const gp::ScenarioHeadline& h = row.headline;
        if (row.error || !h.hasCandidate || !row.answer)
            tips << label.toHtmlEscaped();
        else
            tips << ScenarioChartTr::tr("<b>%1</b><br>%2, %3 GPUs<br>%4<br>%5, %6")
                        .arg(label.toHtmlEscaped(), QString::fromStdString(h.candidate).toHtmlEscaped())
                        .arg(h.gpus)
                        .arg(CoreText::configuration(h.configuration),
                            h.fits && h.figures.priced
                                ? formatMoney(h.figures.cost, QString::fromStdString(row.answer->currency))
                                : QStringLiteral("-"),
                            h.fits ? formatHours(h.figures.hours) : ScenarioChartTr::tr("does not fit"));
        const bool usable = !row.error && h.hasCandidate && h.fits && row.answer;
        const bool sameCurrency = usable && row.answer->currency == currency;
        const double cost
            = usable && sameCurrency && h.figures.priced && std::isfinite(h.figures.cost) ? h.figures.cost : 0;
        *costs << cost;
        maxCost = std::max(maxCost, cost);
        if (usable && std::isfinite(h.figures.hours)) {
            hours->append(double(i), h.figures.hours);
            points->append(double(i), h.figures.hours);
            maxHours = std::max(maxHours, h.figures.hours);
        }
    }
    auto* bars = new QBarSeries;
    bars->setBarWidth(0.5);
    bars->append(costs);
    QObject::connect(costs, &QBarSet::hovered, chart, [tips](bool on, int i) {
        if (!on || i < 0 || i >= tips.size())
            QToolTip::hideText();
        else
            QToolTip::showText(QCursor::pos(), tips[i]);
    });
    chart->addSeries(bars);
    chart->addSeries(hours);
    chart->addSeries(points);
    chart->legend()->markers(points).first()->setVisible(false);

    auto* axisX = new QBarCategoryAxis;
    axisX->append(labels);
    auto* axisCost = new QValueAxis;
    axisCost->setRange(0, maxCost > 0 ? maxCost * 1.15 : 1);
    axisCost->applyNiceNumbers();
    axisCost->setLabelFormat(QStringLiteral("%.0f"));
    axisCost->setTitleText(QString::fromStdString(currency));
    auto* axisHours = new QValueAxis;
    axisHours->setRange(0, maxHours > 0 ? maxHours * 1.15 : 1);
    axisHours->applyNiceNumbers();
    axisHours->setLabelFormat(maxHours >= 10 ? QStringLiteral("%.0f") : QStringLiteral("%.2f"));
    axisHours->setTitleText(ScenarioChartTr::tr("hours"));
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisCost, Qt::AlignLeft);
    chart->addAxis(axisHours, Qt::AlignRight);
    bars->attachAxis(axisX);
    bars->attachAxis(axisCost);
    hours->attachAxis(axisX);
    hours->attachAxis(axisHours);
    points->attachAxis(axisX);
    points->attachAxis(axisHours);
    return chart;
}

} // namespace gpui
