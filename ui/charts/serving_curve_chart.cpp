// The serving throughput-latency chart: output tokens/s per replica against the time per output token.
#include "charts/chart_parts.h"
#include "core_text.h"
#include "number_format.h"

#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
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

struct ServingCurveModel {
    std::vector<const gp::CandidateResult*> rs; // best-ranked first
    QStringList labels;
    std::vector<QList<QPointF>> lines; // per candidate: (TPOT ms, output tokens/s per replica)
    std::vector<QStringList> tips; // per candidate, parallel to its line
    std::vector<QList<QPointF>> operating; // per candidate: its operating point
    QList<QPointF> target; // the TPOT target as a vertical line ("" = no target)
    double maxX = 0, maxY = 0;
    int available = 0;
    QString layoutKey;
};

ServingCurveModel servingCurveModel(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    ServingCurveModel m;
    const int max = std::max(1, std::min(options.maxCandidates, MaxServingCurves));
    for (const gp::CandidateResult& r : results) {
        if (!r.serving || r.serving->curve.empty())
            continue;
        ++m.available;
        if (int(m.rs.size()) < max)
            m.rs.push_back(&r);
    }
    m.labels = categoryLabels(m.rs);
    double operatingMaxX = 0;
    for (size_t i = 0; i < m.rs.size(); ++i) {
        const gp::ServingResult& s = *m.rs[i]->serving;
        QList<QPointF> line;
        QStringList tips;
        for (const gp::ServingPoint& p : s.curve) {
            if (!std::isfinite(p.tpotSeconds) || !std::isfinite(p.outputTokensPerSecond))
                continue;
            line.append(QPointF(p.tpotSeconds * 1e3, p.outputTokensPerSecond));
            tips << ChartTr::tr("<b>%1</b><br>%2 requests in flight per replica<br>%3 output tokens/s per replica<br>"
                                "Time per output token %4 (p99 %6), time to first token %5 (p99 %7)")
                        .arg(m.labels[int(i)], formatNumber(p.concurrency, 0), formatNumber(p.outputTokensPerSecond, 0),
                            formatSeconds(p.tpotSeconds), formatSeconds(p.ttftSeconds), formatSeconds(p.tpotP99Seconds),
                            formatSeconds(p.ttftP99Seconds));
            m.maxX = std::max(m.maxX, p.tpotSeconds * 1e3);
            m.maxY = std::max(m.maxY, p.outputTokensPerSecond);
        }
        m.lines.push_back(std::move(line));
        m.tips.push_back(std::move(tips));
        QList<QPointF> point;
        if (std::isfinite(s.tpotSeconds) && std::isfinite(s.outputTokensPerSecond)) {
            point.append(QPointF(s.tpotSeconds * 1e3, s.outputTokensPerSecond));
            operatingMaxX = std::max(operatingMaxX, s.tpotSeconds * 1e3);
            m.maxY = std::max(m.maxY, s.outputTokensPerSecond);
        }
        m.operating.push_back(std::move(point));
    }
    // A slow candidate's curve can run to many times the target: the x axis shows the targets' neighbourhood and
    // every operating point, the rest of a long curve runs off the chart.
    if (options.tpotTargetSeconds) {
        const double target = *options.tpotTargetSeconds * 1e3;
        m.maxX = std::min(m.maxX, std::max({ target * 3, operatingMaxX * 1.3, target * 1.2 }));
        m.maxX = std::max(m.maxX, target * 1.2);
    }
    if (options.tpotTargetSeconds && !m.rs.empty()) {
        const double target = *options.tpotTargetSeconds * 1e3;
        m.target = { QPointF(target, 0), QPointF(target, std::max(m.maxY, 1.0) * 1.05) };
    }
    m.layoutKey
        = QStringLiteral("servingcurve|%1|%2|%3|").arg(m.rs.size()).arg(m.available).arg(int(!m.target.isEmpty()))
        + optionsKey(options);
    return m;
}

void setServingCurveAxes(QValueAxis* axisX, QValueAxis* axisY, const ServingCurveModel& m, bool live)
{
    const NiceScale x = valueScale(axisX, std::max(m.maxX, 1e-3) * 1.02, live);
    applyScale(axisX, x, labelFormat(x));
    const NiceScale y = valueScale(axisY, std::max(m.maxY, 1e-3) * 1.05, live);
    applyScale(axisY, y, labelFormat(y));
}

QString servingCurveTitle(const ServingCurveModel& m)
{
    if (int(m.rs.size()) < m.available)
        return ChartTr::tr("Throughput vs latency per replica (best %1 of %2)").arg(m.rs.size()).arg(m.available);
    return ChartTr::tr("Throughput vs latency per replica");
}

} // namespace
} // namespace chart_parts

QChart* buildServingCurveChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    using namespace chart_parts;
    const ServingCurveModel m = servingCurveModel(results, options);
    QChart* chart = newChart(servingCurveTitle(m), options);
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    auto* state = new ChartState(chart);
    state->layoutKey = m.layoutKey;
    if (m.rs.empty()) {
        chart->setTitle(ChartTr::tr("Throughput vs latency: no candidate starts the serving engine"));
        return chart;
    }
    storeResults(state, m.rs);
    state->order = candidateIds(m.rs);
    state->curveTips = m.tips;
    auto* axisX = new QValueAxis;
    axisX->setTitleText(ChartTr::tr("Time per output token (ms)"));
    auto* axisY = new QValueAxis;
    axisY->setTitleText(ChartTr::tr("Output tokens/s per replica"));
    setServingCurveAxes(axisX, axisY, m, false);
    styleAxis(axisX);
    styleAxis(axisY);
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    auto attach = [&](QAbstractSeries* s) {
        chart->addSeries(s);
        s->attachAxis(axisX);
        s->attachAxis(axisY);
    };
    std::vector<QAbstractSeries*> unlisted;
    for (size_t i = 0; i < m.rs.size(); ++i) {
        const QColor color = candidateColor(int(i));
        auto* line = new QLineSeries;
        line->setName(m.labels[int(i)]);
        QPen pen(color);
        pen.setWidthF(i == 0 ? 2.4 : 1.6);
        line->setPen(pen);
        line->replace(m.lines[i]);
        attach(line);
        state->curves.push_back(line);
        QObject::connect(line, &QLineSeries::hovered, line, [state, line, i](const QPointF& p, bool on) {
            if (!on || i >= state->curveTips.size())
                QToolTip::hideText();
            else
                showNearestTip(line, state->curveTips[i], p);
        });
        auto* point = new QScatterSeries;
        point->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        point->setMarkerSize(10);
        point->setColor(color);
        point->setBorderColor(options.dark ? Qt::white : Qt::black);
        point->setName(ChartTr::tr("Operating point"));
        point->replace(m.operating[i]);
        attach(point);
        if (i > 0)
            unlisted.push_back(point); // one legend entry says what the dots are
        state->operatingPoints.push_back(point);
        QObject::connect(point, &QXYSeries::hovered, point, [state, i](const QPointF&, bool on) {
            if (!on || i >= state->results.size() || !state->results[i].serving) {
                QToolTip::hideText();
                return;
            }
            const gp::ServingResult& s = *state->results[i].serving;
            showTip(ChartTr::tr("<b>%1</b> · operating point<br>%2 requests in flight per replica, %n replica(s)<br>"
                                "%3 output tokens/s per replica<br>Time per output token %4, time to first token %5<br>"
                                "Limit: %6",
                nullptr, s.replicas)
                        .arg(state->labels[int(i)], formatNumber(s.concurrency, 1),
                            formatNumber(s.outputTokensPerSecond, 0), formatSeconds(s.tpotSeconds),
                            formatSeconds(s.ttftSeconds), CoreText::servingLimit(QString::fromStdString(s.limit))));
        });
    }
    if (!m.target.isEmpty()) {
        auto* target = new QLineSeries;
        QPen pen(MissColor);
        pen.setWidthF(1.6);
        pen.setStyle(Qt::DashLine);
        target->setPen(pen);
        target->setName(ChartTr::tr("TPOT target %1").arg(formatSeconds(*options.tpotTargetSeconds)));
        target->replace(m.target);
        attach(target);
        state->target = target;
    }
    for (QLegendMarker* marker : chart->legend()->markers())
        if (std::find(unlisted.begin(), unlisted.end(), marker->series()) != unlisted.end())
            marker->setVisible(false);
    useHairlines(chart);
    return chart;
}

bool updateServingCurveChart(
    QChart* chart, const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    using namespace chart_parts;
    ChartState* state = stateOf(chart);
    if (!state)
        return false;
    const ServingCurveModel m = servingCurveModel(results, options);
    if (m.layoutKey != state->layoutKey)
        return false;
    if (m.rs.empty())
        return true;
    auto* axisX = firstAxis<QValueAxis>(chart, Qt::Horizontal);
    auto* axisY = firstAxis<QValueAxis>(chart, Qt::Vertical);
    if (!axisX || !axisY || state->curves.size() != m.rs.size() || state->operatingPoints.size() != m.rs.size())
        return false;
    storeResults(state, m.rs);
    state->order = candidateIds(m.rs);
    state->curveTips = m.tips;
    setServingCurveAxes(axisX, axisY, m, options.live);
    for (size_t i = 0; i < m.rs.size(); ++i) {
        if (state->curves[i]->points() != m.lines[i])
            state->curves[i]->replace(m.lines[i]);
        if (state->curves[i]->name() != m.labels[int(i)])
            state->curves[i]->setName(m.labels[int(i)]);
        if (state->operatingPoints[i]->points() != m.operating[i])
            state->operatingPoints[i]->replace(m.operating[i]);
    }
    if (state->target) {
        if (state->target->points() != m.target)
            state->target->replace(m.target);
        const QString name = ChartTr::tr("TPOT target %1").arg(formatSeconds(*options.tpotTargetSeconds));
        if (state->target->name() != name)
            state->target->setName(name);
    }
    const QString title = servingCurveTitle(m);
    if (chart->title() != title)
        chart->setTitle(title);
    return true;
}

} // namespace gpui
