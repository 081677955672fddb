// The memory chart: stacked per-GPU memory parts per candidate against each GPU's capacity, one level bar per
// candidate (the best on top) named as the step-time and cost charts name it: upright labels under standing bars had
// to be shortened to the room below the plot (issue 44), where a level label has the chart's width.
#include "charts/chart_parts.h"
#include "core_text.h"
#include "number_format.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace gpui
{
namespace chart_parts
{
namespace
{

const QRgb MemoryPartColors[]
    = { 0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F, 0xEDC948, 0xB07AA1, 0xFF9DA7, 0x9C755F };

const char* const MemoryPartNames[]
    = { "weights", "gradients", "optimizer", "activations", "logits", "kv_cache", "buffers", "allocator", "runtime" };

double memoryPart(const gp::MemoryBreakdown& m, int part)
{
    const double parts[] = { m.weights, m.gradients, m.optimizer, m.activations, m.logits, m.kvCache, m.buffers,
        m.allocator, m.runtime };
    return parts[part];
}

struct MemoryModel {
    std::vector<const gp::CandidateResult*> rs; // bottom-up: the best candidate last, drawn on top
    QStringList labels; // bottom-up
    QStringList order; // candidateIds, best-ranked first (ChartState::order)
    bool samePlaces = false; // keepOrder() kept the chart's candidates in their places
    std::vector<int> parts; // memory parts shown (some candidate has a non-zero value)
    std::vector<std::vector<double>> values; // GiB, per shown part, per candidate
    double maxGiB = 1;
    QString layoutKey;
};

MemoryModel memoryModel(const std::vector<gp::CandidateResult>& results, const ChartOptions& options,
    const QStringList* previousOrder = nullptr)
{
    MemoryModel m;
    std::vector<const gp::CandidateResult*> best = shown(results, options.maxCandidates);
    m.samePlaces = keepOrder(best, previousOrder);
    m.order = candidateIds(best);
    const QStringList labels = categoryLabels(best);
    // Horizontal bars list bottom-up; fed reversed, the best candidate is on top.
    m.rs.assign(best.rbegin(), best.rend());
    m.labels = QStringList(labels.rbegin(), labels.rend());
    for (const gp::CandidateResult* r : m.rs)
        m.maxGiB = std::max({ m.maxGiB, toGiB(r->memory.total), toGiB(r->gpuMemory) });
    for (int part = 0; part < 9; ++part) {
        bool any = false;
        for (const gp::CandidateResult* r : m.rs)
            any = any || memoryPart(r->memory, part) > 0;
        if (!any)
            continue; // e.g. no KV cache in training: keep the legend short
        m.parts.push_back(part);
        std::vector<double> v;
        for (const gp::CandidateResult* r : m.rs)
            v.push_back(toGiB(memoryPart(r->memory, part)));
        m.values.push_back(std::move(v));
    }
    // The layout: how many categories and which parts. Names, order and fits of the candidates change in place.
    m.layoutKey = QStringLiteral("memory|%1|").arg(m.rs.size()) + optionsKey(options);
    for (int part : m.parts)
        m.layoutKey += QString::number(part);
    return m;
}

void setMemoryAxis(QValueAxis* axisX, const MemoryModel& m, bool live)
{
    const NiceScale scale = valueScale(axisX, m.maxGiB * 1.02, live);
    applyScale(axisX, scale, labelFormat(scale));
}

// The capacity of the i-th (bottom-up) candidate's GPU: a short upright line across the end of its bar's room.
QList<QPointF> capacityLine(const MemoryModel& m, size_t i)
{
    const double cap = toGiB(m.rs[i]->gpuMemory);
    return { QPointF(cap, double(i) - 0.42), QPointF(cap, double(i) + 0.42) };
}

// A capacity line's colour and legend name say whether the plan fits; only the first line of each kind is listed.
void styleCapacityLine(QLineSeries* line, bool fits)
{
    QPen pen(fits ? FitColor : MissColor);
    pen.setWidthF(3);
    if (line->pen() != pen)
        line->setPen(pen);
    const QString name = fits ? ChartTr::tr("GPU capacity (fits)") : ChartTr::tr("GPU capacity (does not fit)");
    if (line->name() != name)
        line->setName(name);
}

void listFirstCapacityLines(QChart* chart, const std::vector<QLineSeries*>& lines, const MemoryModel& m)
{
    bool listed[2] = { false, false };
    std::vector<std::pair<QAbstractSeries*, bool>> visible;
    for (size_t i = 0; i < lines.size() && i < m.rs.size(); ++i) {
        const int kind = m.rs[i]->fits ? 0 : 1;
        visible.emplace_back(lines[i], !listed[kind]);
        listed[kind] = true;
    }
    // One pass over the legend: markers(series) per series would scan all markers each time.
    for (QLegendMarker* marker : chart->legend()->markers())
        for (const auto& [series, show] : visible)
            if (marker->series() == series)
                marker->setVisible(show); // isVisible() says false until the legend is drawn: always set it
}

} // namespace
} // namespace chart_parts

QChart* buildMemoryChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    using namespace chart_parts;
    // The unit in the title rather than under the axis: a text row more for the candidates' rows.
    QChart* chart = newChart(ChartTr::tr("Memory per GPU (GiB)"), options);
    chart->legend()->setAlignment(Qt::AlignRight);
    const MemoryModel m = memoryModel(results, options);
    auto* state = new ChartState(chart);
    state->layoutKey = m.layoutKey;
    if (m.rs.empty()) {
        chart->setTitle(ChartTr::tr("Memory per GPU: no candidates"));
        return chart;
    }
    storeResults(state, m.rs);
    state->order = m.order;

    auto* series = new QHorizontalStackedBarSeries;
    series->setBarWidth(0.6);
    for (size_t k = 0; k < m.parts.size(); ++k) {
        const int part = m.parts[k];
        auto* set = new QBarSet(CoreText::memoryPart(QString::fromLatin1(MemoryPartNames[part])));
        set->setColor(QColor(MemoryPartColors[part]));
        set->setBorderColor(QColor(MemoryPartColors[part]).darker(115));
        for (double v : m.values[k])
            *set << v;
        const QString partLabel = set->label();
        QObject::connect(set, &QBarSet::hovered, chart, [state, part, partLabel](bool on, int i) {
            if (!on || i < 0 || i >= int(state->results.size())) {
                QToolTip::hideText();
                return;
            }
            const gp::CandidateResult& r = state->results[size_t(i)];
            showTip(ChartTr::tr("<b>%1</b><br>%2: %3<br>Total: %4 of %5 (usable %6)<br>%7")
                        .arg(state->labels[i], partLabel, formatBytes(memoryPart(r.memory, part)),
                            formatBytes(r.memory.total), formatBytes(r.gpuMemory), formatBytes(r.usableMemory),
                            r.fits ? ChartTr::tr("Fits") : ChartTr::tr("Does not fit")));
        });
        series->append(set);
    }
    chart->addSeries(series);

    auto* axisX = new QValueAxis;
    setMemoryAxis(axisX, m, false);
    attachHorizontalBarAxes(chart, series, m.labels, axisX);
    auto* axisY = firstAxis<QBarCategoryAxis>(chart, Qt::Vertical);

    // Capacity of each candidate's GPU as a short line across its bar: green when the plan fits, red when not.
    std::vector<QLineSeries*> lines;
    for (size_t i = 0; i < m.rs.size(); ++i) {
        auto* line = new QLineSeries;
        line->replace(capacityLine(m, i));
        styleCapacityLine(line, m.rs[i]->fits);
        chart->addSeries(line);
        line->attachAxis(axisX);
        line->attachAxis(axisY);
        lines.push_back(line);
        QObject::connect(line, &QLineSeries::hovered, chart, [state, i](const QPointF&, bool on) {
            if (!on || i >= state->results.size()) {
                QToolTip::hideText();
                return;
            }
            const gp::CandidateResult& c = state->results[i];
            showTip(ChartTr::tr("<b>%1</b><br>GPU memory: %2<br>Usable after headroom: %3<br>Needed: %4")
                        .arg(state->labels[int(i)], formatBytes(c.gpuMemory), formatBytes(c.usableMemory),
                            formatBytes(c.memory.total)));
        });
    }
    listFirstCapacityLines(chart, lines, m);
    return chart;
}

bool updateMemoryChart(QChart* chart, const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    using namespace chart_parts;
    ChartState* state = stateOf(chart);
    if (!state)
        return false;
    const MemoryModel m = memoryModel(results, options, options.live ? &state->order : nullptr);
    if (m.layoutKey != state->layoutKey)
        return false;
    if (m.rs.empty())
        return true;
    QHorizontalStackedBarSeries* bars = nullptr;
    std::vector<QLineSeries*> lines;
    for (QAbstractSeries* s : chart->series()) {
        if (auto* b = qobject_cast<QHorizontalStackedBarSeries*>(s))
            bars = b;
        else if (auto* l = qobject_cast<QLineSeries*>(s))
            lines.push_back(l);
    }
    auto* axisX = firstAxis<QValueAxis>(chart, Qt::Horizontal);
    auto* axisY = firstAxis<QBarCategoryAxis>(chart, Qt::Vertical);
    if (!bars || !axisY || !axisX || bars->count() != int(m.parts.size()) || lines.size() != m.rs.size())
        return false;
    storeResults(state, m.rs);
    state->order = m.order;
    // Relabelling re-measures every label; while a slider drags (same candidates in the same places) a changed
    // node count or bottleneck waits for the settled update, the tooltips say it at once.
    if (axisY->categories() != m.labels && !(options.live && m.samePlaces))
        axisY->setCategories(m.labels); // the ranking changed order
    for (size_t i = 0; i < lines.size(); ++i)
        styleCapacityLine(lines[i], m.rs[i]->fits);
    listFirstCapacityLines(chart, lines, m);
    const QList<QBarSet*> sets = bars->barSets();
    for (size_t k = 0; k < m.parts.size(); ++k)
        replaceValues(sets[int(k)], m.values[k]);
    setMemoryAxis(axisX, m, options.live);
    for (size_t i = 0; i < lines.size(); ++i) {
        const QList<QPointF> points = capacityLine(m, i);
        if (lines[i]->points() != points)
            lines[i]->replace(points);
    }
    return true;
}

} // namespace gpui
