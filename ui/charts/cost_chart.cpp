// The cost chart: cumulative cost against elapsed days per candidate and billing mode, finish points, break-even.
#include "billing_mode_text.h"
#include "charts/chart_parts.h"
#include "core_text.h"
#include "number_format.h"
#include "plan/billing_modes.h"

#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace gpui
{
namespace chart_parts
{
namespace
{

Qt::PenStyle penStyleOf(gp::BillingMode mode)
{
    switch (gp::billingModeSpec(mode).pen) { // the billing-mode table's pen
    case gp::BillingPen::Solid:
        return Qt::SolidLine;
    case gp::BillingPen::Dash:
        return Qt::DashLine;
    case gp::BillingPen::DashDot:
        return Qt::DashDotLine;
    case gp::BillingPen::Dot:
        return Qt::DotLine;
    }
    return Qt::SolidLine;
}

// Each curve densified so that straight pay-as-you-go segments from zero still draw on a log scale.
QList<QPointF> sampledCurve(const std::vector<gp::CostPoint>& curve)
{
    QList<QPointF> points;
    for (size_t k = 0; k < curve.size(); ++k) {
        const gp::CostPoint& b = curve[k];
        if (!std::isfinite(b.days) || !std::isfinite(b.cost))
            continue;
        if (k > 0 && std::isfinite(curve[k - 1].days) && std::isfinite(curve[k - 1].cost) && b.days > curve[k - 1].days
            && b.cost != curve[k - 1].cost) {
            const gp::CostPoint& a = curve[k - 1];
            for (int i = 1; i < 16; ++i) {
                const double t = i / 16.0;
                points.append(QPointF(a.days + t * (b.days - a.days), a.cost + t * (b.cost - a.cost)));
            }
        }
        points.append(QPointF(b.days, b.cost));
    }
    return points;
}

struct CostLine {
    int candidate = 0;
    gp::BillingMode mode = gp::BillingMode::OnDemand;
    QString modeName;
    QList<QPointF> points; // in axis units
};

struct CostModel {
    std::vector<const gp::CandidateResult*> rs;
    QStringList labels;
    std::vector<CostLine> lines; // candidates in order, each candidate's modes in order
    std::vector<QList<QPointF>> finishes; // per candidate
    std::vector<QStringList> finishTips; // per candidate
    QList<QPointF> breakEven;
    QStringList breakEvenTips;
    std::vector<gp::BillingMode> modesUsed; // legend keys for line styles
    double maxDays = 0, maxCost = 0, minCost = 0;
    bool logScale = false;
    double scale = 1;
    bool samePlaces = false; // keepOrder() kept the chart's candidates in their places
    QString layoutKey;
};

CostModel costModel(const std::vector<gp::CandidateResult>& results, const ChartOptions& options,
    const QStringList* previousOrder = nullptr)
{
    CostModel c;
    const auto drawn = [&options](gp::BillingMode mode) {
        return options.billingModes.empty() || gp::billingModeListed(options.billingModes, mode);
    };
    // Only candidates that fit have a cost worth comparing; the best four keep 4 x 4 billing curves readable.
    for (const gp::CandidateResult& r : results) {
        const bool priced = std::any_of(r.cost.modes.begin(), r.cost.modes.end(),
            [&drawn](const gp::BillingCost& m) { return drawn(m.mode) && !m.curve.empty(); });
        if (r.fits && priced && int(c.rs.size()) < std::min(options.maxCandidates, 4))
            c.rs.push_back(&r);
    }
    if (c.rs.empty())
        return c;
    c.samePlaces = keepOrder(c.rs, previousOrder);
    c.labels = categoryLabels(c.rs);
    std::vector<std::vector<QList<QPointF>>> sampled(c.rs.size());
    for (size_t i = 0; i < c.rs.size(); ++i)
        for (const gp::BillingCost& m : c.rs[i]->cost.modes) {
            sampled[i].push_back(drawn(m.mode) ? sampledCurve(m.curve) : QList<QPointF> {});
            for (const QPointF& p : sampled[i].back()) {
                c.maxDays = std::max(c.maxDays, p.x());
                c.maxCost = std::max(c.maxCost, p.y());
                if (p.y() > 0 && (c.minCost == 0 || p.y() < c.minCost))
                    c.minCost = p.y();
            }
        }
    // Monthly subscriptions can cost a hundred times a short pay-as-you-go run: a log scale keeps both readable.
    c.logScale = c.minCost > 0 && c.maxCost / c.minCost > 30;
    // Large amounts in thousands keep axis labels short; tooltips show exact figures.
    c.scale = c.maxCost >= 100000 ? 1000 : 1;
    const QString& currency = options.currency;

    c.finishes.resize(c.rs.size());
    c.finishTips.resize(c.rs.size());
    for (size_t i = 0; i < c.rs.size(); ++i) {
        const gp::CandidateResult& r = *c.rs[i];
        const QString& label = c.labels[int(i)];
        for (size_t k = 0; k < r.cost.modes.size(); ++k) {
            const gp::BillingCost& m = r.cost.modes[k];
            if (m.curve.empty() || !drawn(m.mode))
                continue;
            CostLine line;
            line.candidate = int(i);
            line.mode = m.mode;
            line.modeName = windowBillingMode(m.mode, r.cost.reservedTermMonths.value_or(0));
            for (const QPointF& p : sampled[i][k])
                if (!c.logScale || p.y() > 0)
                    line.points.append(QPointF(p.x(), p.y() / c.scale));
            // Finish point: where this billing mode's curve ends.
            if (!line.points.isEmpty()) {
                c.finishes[i].append(line.points.back());
                c.finishTips[i] << ChartTr::tr("<b>%1</b> · %2<br>Finishes after %3 days<br>Total %4")
                                       .arg(label, line.modeName, formatNumber(m.finishDays, 1),
                                           m.total ? formatMoney(*m.total, currency) : ChartTr::tr("n/a"));
            }
            c.lines.push_back(std::move(line));
        }

        // Break-even: where monthly billing becomes cheaper than pay-as-you-go.
        if (drawn(gp::BillingMode::OnDemand) && drawn(gp::BillingMode::Monthly) && r.cost.breakEvenDays
            && std::isfinite(*r.cost.breakEvenDays) && *r.cost.breakEvenDays <= c.maxDays * 1.05) {
            double costAt = 0;
            for (const gp::BillingCost& m : r.cost.modes) {
                if (m.mode != gp::BillingMode::OnDemand || m.curve.size() < 2)
                    continue;
                // Pay-as-you-go is linear in time: interpolate between its points.
                for (size_t k = 1; k < m.curve.size(); ++k) {
                    const gp::CostPoint& a = m.curve[k - 1];
                    const gp::CostPoint& b = m.curve[k];
                    if (*r.cost.breakEvenDays <= b.days || k + 1 == m.curve.size()) {
                        const double span = b.days - a.days;
                        const double t = span > 0 ? (*r.cost.breakEvenDays - a.days) / span : 0;
                        costAt = a.cost + t * (b.cost - a.cost);
                        break;
                    }
                }
            }
            if (!c.logScale || costAt > 0) {
                c.breakEven.append(QPointF(*r.cost.breakEvenDays, costAt / c.scale));
                c.breakEvenTips << ChartTr::tr("<b>%1</b><br>Monthly becomes cheaper than pay-as-you-go after %2 days")
                                       .arg(label, formatNumber(*r.cost.breakEvenDays, 1));
            }
        }
    }
    for (const gp::BillingModeSpec& spec : gp::billingModes()) { // legend keys in the billing-mode table's order
        bool used = false;
        for (const CostLine& line : c.lines)
            used = used || line.mode == spec.mode;
        if (used)
            c.modesUsed.push_back(spec.mode);
    }
    // Candidate names and order change in place; the lines per candidate and their modes are the layout.
    c.layoutKey = QStringLiteral("cost|%1|").arg(c.rs.size()) + optionsKey(options);
    for (const CostLine& line : c.lines)
        c.layoutKey += QString::number(line.candidate) + billingModeKey(line.mode) + QLatin1Char(',');
    c.layoutKey += QStringLiteral("|%1|%2|%3|").arg(int(c.logScale)).arg(c.scale).arg(int(!c.breakEven.isEmpty()));
    for (const gp::BillingMode mode : c.modesUsed)
        c.layoutKey += billingModeKey(mode) + QLatin1Char(',');
    return c;
}

// Axis ranges and label formats of the cost chart (the axes' types and titles are part of the layout key).
void setCostAxes(QValueAxis* axisX, QAbstractAxis* axisY, const CostModel& c, bool live)
{
    const NiceScale days = valueScale(axisX, std::max(c.maxDays, 1e-3) * 1.02, live);
    applyScale(axisX, days, labelFormat(days));
    if (auto* log = qobject_cast<QLogValueAxis*>(axisY)) {
        const double min = std::pow(10, std::floor(std::log10(c.minCost / c.scale)));
        const double max = std::pow(10, std::ceil(std::log10(c.maxCost / c.scale * 1.05)));
        if (!(live && keepLogRange(log, min, max)))
            applyLogRange(log, min, max, logAxisLabelFormat());
    } else if (auto* linear = qobject_cast<QValueAxis*>(axisY)) {
        const NiceScale cost = valueScale(linear, std::max(c.maxCost / c.scale, 1e-3) * 1.02, live);
        applyScale(linear, cost, labelFormat(cost));
    }
}

} // namespace
} // namespace chart_parts

QChart* buildCostChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    using namespace chart_parts;
    QChart* chart = newChart(ChartTr::tr("Cost over time"), options);
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    const CostModel c = costModel(results, options);
    auto* state = new ChartState(chart);
    state->layoutKey = c.layoutKey;
    if (c.rs.empty()) {
        chart->setTitle(ChartTr::tr("Cost over time: no fitting candidate with a price"));
        return chart;
    }
    storeResults(state, c.rs);
    state->order = candidateIds(c.rs);
    const QString symbol = currencyUnit(options.currency);

    auto* axisX = new QValueAxis;
    axisX->setTitleText(ChartTr::tr("Elapsed days"));
    QAbstractAxis* axisY = nullptr;
    if (c.logScale) {
        auto* log = new QLogValueAxis;
        log->setBase(10);
        log->setMinorTickCount(-1);
        axisY = log;
    } else {
        auto* linear = new QValueAxis;
        axisY = linear;
    }
    setCostAxes(axisX, axisY, c, false);
    axisY->setTitleText(
        c.scale > 1 ? ChartTr::tr("Cost (thousand %1)").arg(symbol) : ChartTr::tr("Cost (%1)").arg(symbol));
    styleAxis(axisX);
    styleAxis(axisY);
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    if (c.logScale) {
        // The theme (applied by addAxis) draws minor grid lines dashed; a log axis has eight per decade, and
        // dashed antialiased strokes were most of this chart's repaint. A fainter solid line reads the same.
        QPen minor = axisY->minorGridLinePen();
        minor.setStyle(Qt::SolidLine);
        QColor faint = minor.color();
        faint.setAlphaF(faint.alphaF() * 0.5);
        minor.setColor(faint);
        axisY->setMinorGridLinePen(minor);
    }

    auto attach = [&](QAbstractSeries* s) {
        chart->addSeries(s);
        s->attachAxis(axisX);
        s->attachAxis(axisY);
    };
    const QString currency = options.currency;
    const double scale = c.scale;

    // Series are few and shared where the data allows (one finish series per candidate, one break-even series):
    // every series costs an axis attachment and a legend marker.
    std::vector<QAbstractSeries*> unlisted; // series kept out of the legend
    state->finishTips = c.finishTips;
    state->breakEvenTips = c.breakEvenTips;
    size_t next = 0;
    for (size_t i = 0; i < c.rs.size(); ++i) {
        const QColor color = candidateColor(int(i));
        const QString label = c.labels[int(i)];
        bool named = false;
        for (; next < c.lines.size() && c.lines[next].candidate == int(i); ++next) {
            const CostLine& l = c.lines[next];
            auto* line = new QLineSeries;
            line->replace(l.points);
            QPen pen(color);
            pen.setWidthF(l.mode == gp::BillingMode::OnDemand ? 2.2 : 1.6);
            pen.setStyle(penStyleOf(l.mode));
            line->setPen(pen);
            line->setName(label);
            attach(line);
            state->costLines.push_back(line);
            if (named)
                unlisted.push_back(line);
            named = true;
            const QString modeName = l.modeName;
            QObject::connect(
                line, &QLineSeries::hovered, line, [state, i, modeName, scale, currency](const QPointF& p, bool on) {
                    if (!on || int(i) >= state->labels.size()) {
                        QToolTip::hideText();
                        return;
                    }
                    showTip(ChartTr::tr("<b>%1</b> · %2<br>Day %3: %4")
                                .arg(state->labels[int(i)], modeName, formatNumber(p.x(), 1),
                                    formatMoney(p.y() * scale, currency)));
                });
        }
        auto* finish = new QScatterSeries;
        finish->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        finish->setMarkerSize(9);
        finish->setColor(color);
        finish->setBorderColor(options.dark ? Qt::white : Qt::black);
        finish->replace(c.finishes[i]);
        finish->setName(ChartTr::tr("Finish"));
        attach(finish);
        unlisted.push_back(finish);
        state->finishes.push_back(finish);
        QObject::connect(finish, &QXYSeries::hovered, finish, [state, finish, i](const QPointF& p, bool on) {
            if (!on || i >= state->finishTips.size())
                QToolTip::hideText();
            else
                showNearestTip(finish, state->finishTips[i], p);
        });
    }
    if (!c.breakEven.isEmpty()) {
        auto* breakEven = new QScatterSeries;
        breakEven->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
        breakEven->setMarkerSize(11);
        breakEven->setColor(options.dark ? QColor(0xee, 0xee, 0xee) : QColor(0x33, 0x33, 0x33));
        breakEven->setBorderColor(options.dark ? Qt::black : Qt::white);
        breakEven->setName(ChartTr::tr("Monthly breaks even"));
        breakEven->replace(c.breakEven);
        attach(breakEven);
        state->breakEven = breakEven;
        QObject::connect(breakEven, &QXYSeries::hovered, breakEven, [state, breakEven](const QPointF& p, bool on) {
            if (!on)
                QToolTip::hideText();
            else
                showNearestTip(breakEven, state->breakEvenTips, p);
        });
    }

    // Legend entries for the billing modes' line styles.
    for (const gp::BillingMode mode : c.modesUsed) {
        auto* key = new QLineSeries;
        QPen pen(options.dark ? QColor(0xcc, 0xcc, 0xcc) : QColor(0x55, 0x55, 0x55));
        pen.setWidthF(1.6);
        pen.setStyle(penStyleOf(mode));
        key->setPen(pen);
        key->setName(windowBillingMode(mode));
        attach(key);
    }
    // One pass over the legend: markers(series) per series would scan all markers each time.
    for (QLegendMarker* marker : chart->legend()->markers())
        if (std::find(unlisted.begin(), unlisted.end(), marker->series()) != unlisted.end())
            marker->setVisible(false);
    useHairlines(chart);
    return chart;
}

bool updateCostChart(QChart* chart, const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    using namespace chart_parts;
    ChartState* state = stateOf(chart);
    if (!state)
        return false;
    const CostModel c = costModel(results, options, options.live ? &state->order : nullptr);
    if (c.layoutKey != state->layoutKey)
        return false;
    if (c.rs.empty())
        return true;
    auto* axisX = firstAxis<QValueAxis>(chart, Qt::Horizontal);
    QAbstractAxis* axisY = chart->axes(Qt::Vertical).isEmpty() ? nullptr : chart->axes(Qt::Vertical).front();
    if (!axisX || !axisY || state->costLines.size() != c.lines.size() || state->finishes.size() != c.rs.size())
        return false;
    storeResults(state, c.rs);
    state->order = candidateIds(c.rs);
    state->finishTips = c.finishTips;
    state->breakEvenTips = c.breakEvenTips;
    setCostAxes(axisX, axisY, c, options.live);
    for (size_t k = 0; k < c.lines.size(); ++k) {
        if (state->costLines[k]->points() != c.lines[k].points)
            state->costLines[k]->replace(c.lines[k].points);
        const QString& name = c.labels[c.lines[k].candidate];
        if (state->costLines[k]->name() != name && !(options.live && c.samePlaces))
            state->costLines[k]->setName(name); // a node count changed: relabel when the inputs settle
    }
    for (size_t i = 0; i < c.rs.size(); ++i)
        if (state->finishes[i]->points() != c.finishes[i])
            state->finishes[i]->replace(c.finishes[i]);
    if (state->breakEven && state->breakEven->points() != c.breakEven)
        state->breakEven->replace(c.breakEven);
    return true;
}

} // namespace gpui
