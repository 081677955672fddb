// The RL answer's charts (rl_charts.h).
#include "charts/rl_charts.h"

#include "charts/axis_scale.h"
#include "charts/chart_parts.h"
#include "charts/wrapped_legend.h"
#include "core_text.h"
#include "number_format.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <iterator>

namespace gpui
{

namespace
{

class RlChartText
{
    Q_DECLARE_TR_FUNCTIONS(RlChartText)
};

constexpr double kRlChartGiB = 1024.0 * 1024.0 * 1024.0;

// One colour per phase, in step order (gp::rlPhases()).
QColor rlPhaseColor(gp::RlPhase phase)
{
    static const QColor colors[]
        = { QColor(0x1f, 0x77, 0xb4), QColor(0x9c, 0x9e, 0xde), QColor(0xff, 0x7f, 0x0e), QColor(0xbc, 0xbd, 0x22),
              QColor(0x17, 0xbe, 0xcf), QColor(0x8c, 0x56, 0x4b), QColor(0x2c, 0xa0, 0x2c), QColor(0xd6, 0x27, 0x28) };
    return colors[std::size_t(phase) % std::size(colors)];
}

double rlPhaseSecondsOf(const gp::RlStepEstimate& s, gp::RlPhase phase)
{
    for (const gp::RlPhaseTime& p : s.phases)
        if (p.phase == phase)
            return p.seconds;
    return 0;
}

} // namespace

QChart* buildRlPhaseChart(const gp::RlAnswer& answer, const ChartOptions& options)
{
    QChart* chart = chart_parts::newChart(RlChartText::tr("RL step time by phase"), options);
    std::vector<const gp::RlCandidateAnswer*> shown;
    for (const gp::RlCandidateAnswer& c : answer.candidates)
        if (c.fits && int(shown.size()) < std::max(1, options.maxCandidates))
            shown.push_back(&c);
    if (shown.empty())
        return chart;
    std::reverse(shown.begin(), shown.end()); // horizontal bars run bottom-up: the recommendation on top
    auto* series = new QHorizontalStackedBarSeries;
    series->setBarWidth(0.65);
    double longest = 0;
    for (gp::RlPhase phase : gp::rlPhases()) {
        bool any = false;
        for (const gp::RlCandidateAnswer* c : shown)
            any = any || rlPhaseSecondsOf(c->best.step, phase) > 0;
        if (!any)
            continue;
        auto* set = new QBarSet(CoreText::rlPhase(gp::toString(phase)));
        set->setColor(rlPhaseColor(phase));
        set->setBorderColor(rlPhaseColor(phase).darker(115));
        for (const gp::RlCandidateAnswer* c : shown)
            *set << rlPhaseSecondsOf(c->best.step, phase);
        series->append(set);
    }
    QStringList labels;
    for (const gp::RlCandidateAnswer* c : shown) {
        double sum = 0;
        for (const gp::RlPhaseTime& p : c->best.step.phases)
            sum += p.seconds;
        longest = std::max(longest, sum);
        QString label = QString::fromStdString(c->candidate);
        if (const qsizetype colon = label.indexOf(QLatin1Char(':')); colon >= 0)
            label = label.mid(colon + 1);
        // The instance on one line, its GPUs on the next: the axis keeps to the narrow column beside the memory chart
        // (Qt Charts gives the labels at most 40% of the chart's width; the view widens to what they need).
        label = RlChartText::tr("%1<br>%n GPU(s)", nullptr, c->best.gpus).arg(label.toHtmlEscaped());
        QString unique = label;
        for (int n = 2; labels.contains(unique); ++n)
            unique = label + QStringLiteral(" (%1)").arg(n);
        labels << unique;
    }
    chart->addSeries(series);
    auto* axisX = new QValueAxis;
    axisX->setTitleText(RlChartText::tr("Seconds per RL step"));
    // Round steps (1, 2, 2.5 or 5 x 10^k) as the main window's charts have (axis_scale.h).
    const NiceScale scale = niceScale(std::max(1.0, longest * 1.02), chart_parts::DefaultTickCount);
    applyScale(axisX, scale, labelFormat(scale));
    chart_parts::attachHorizontalBarAxes(chart, series, labels, axisX);
    // Six phases' names, whole, in as many rows as the chart's width needs.
    wrapLegendBelowPlot(chart);
    return chart;
}

// Bars lie level, a phase a row, so each phase keeps its whole name beside its bar (upright bars in the narrow
// chart cut the names to "R…" / "采…"); the usable memory is a line across them, named in the legend.
QChart* buildRlMemoryChart(const gp::RlCandidateAnswer& candidate, const ChartOptions& options)
{
    const gp::RlStepEstimate& s = candidate.best.step;
    const double usable = s.usableMemoryBytes / kRlChartGiB;
    QChart* chart = chart_parts::newChart(
        // The candidate on a line of its own: the narrow column cut "aws:p5.48…" short on one line.
        RlChartText::tr("Memory per GPU by phase<br>%1")
            .arg(QString::fromStdString(candidate.candidate).toHtmlEscaped()),
        options);
    if (!candidate.fits || s.phases.empty())
        return chart;
    auto* series = new QHorizontalBarSeries;
    auto* set = new QBarSet(RlChartText::tr("Memory per GPU"));
    set->setColor(QColor(0x1f, 0x4e, 0x79));
    QStringList labels;
    double top = usable;
    // Level bars run bottom-up: the phases in reverse, so the step's first phase is on top as in the table below.
    for (auto p = s.phases.rbegin(); p != s.phases.rend(); ++p) {
        if (p->pool == gp::RlPool::Cpu)
            continue;
        const double gib = p->memoryBytesPerGpu / kRlChartGiB;
        *set << gib;
        top = std::max(top, gib);
        labels << CoreText::rlPhase(gp::toString(p->phase));
    }
    series->append(set);
    chart->addSeries(series);
    const bool fits = s.peakMemoryBytesPerGpu <= s.usableMemoryBytes;
    auto* line = new QLineSeries;
    line->setName(fits ? RlChartText::tr("Usable per GPU: %1 GiB (fits)").arg(formatNumber(usable, 1))
                       : RlChartText::tr("Usable per GPU: %1 GiB (does not fit)").arg(formatNumber(usable, 1)));
    QPen pen(fits ? QColor(0x1e, 0x7b, 0x34) : QColor(0xb3, 0x26, 0x1e));
    pen.setWidthF(2.5);
    line->setPen(pen);
    *line << QPointF(usable, -0.5) << QPointF(usable, double(labels.size()) - 0.5);
    chart->addSeries(line);
    auto* axisY = new QBarCategoryAxis;
    axisY->setCategories(labels);
    auto* axisX = new QValueAxis;
    axisX->setTitleText(RlChartText::tr("GiB per GPU"));
    const NiceScale scale = niceScale(top * 1.05, chart_parts::DefaultTickCount);
    applyScale(axisX, scale, labelFormat(scale));
    chart->addAxis(axisY, Qt::AlignLeft);
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisY);
    series->attachAxis(axisX);
    line->attachAxis(axisY);
    line->attachAxis(axisX);
    // The bars' own entry says what the axis already says: the legend keeps the line's (usable, fits).
    for (QLegendMarker* marker : chart->legend()->markers(series))
        marker->setVisible(false);
    return chart;
}

} // namespace gpui
