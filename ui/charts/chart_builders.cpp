#include "charts/chart_builders.h"

#include "billing_mode_text.h"
#include "charts/axis_scale.h"
#include "core_text.h"
#include "number_format.h"
#include "plan/billing_modes.h"

#include <QBarCategoryAxis>
#include <QBarLegendMarker>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QCursor>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace gpui
{

namespace
{

struct Tr {
    Q_DECLARE_TR_FUNCTIONS(Charts)
};

// Tableau 10: hues that stay apart on light and dark backgrounds; the cost chart uses the first six.
const QRgb CandidatePalette[]
    = { 0x4E79A7, 0xF28E2B, 0xE15759, 0x59A14F, 0xB07AA1, 0xEDC948, 0x76B7B2, 0xFF9DA7, 0x9C755F, 0xBAB0AC };

const QRgb MemoryPartColors[]
    = { 0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F, 0xEDC948, 0xB07AA1, 0xFF9DA7, 0x9C755F };
const QRgb StepPartColors[] = { 0x4E79A7, 0xF28E2B, 0xE15759, 0xB07AA1, 0x76B7B2 };

const QColor FitColor(0x2E, 0x9D, 0x4F);
const QColor MissColor(0xD0, 0x3B, 0x3B);

std::vector<const gp::CandidateResult*> shown(const std::vector<gp::CandidateResult>& results, int max)
{
    std::vector<const gp::CandidateResult*> out;
    for (const gp::CandidateResult& r : results) {
        if (int(out.size()) >= std::max(1, max))
            break;
        out.push_back(&r);
    }
    return out;
}

QChart* newChart(const QString& title, const ChartOptions& options)
{
    auto* chart = new QChart;
    // A new chart already has the light theme; applying a theme restyles everything, so only switch for dark.
    if (options.dark)
        chart->setTheme(QChart::ChartThemeDark);
    chart->setAnimationOptions(options.animate ? QChart::SeriesAnimations : QChart::NoAnimation);
    chart->setTitle(title);
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    titleFont.setPointSizeF(std::max(9.0, titleFont.pointSizeF()));
    chart->setTitleFont(titleFont);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSizeF(std::max(7.0, legendFont.pointSizeF() - 1));
    chart->legend()->setFont(legendFont);
    return chart;
}

void showTip(const QString& text)
{
    QToolTip::showText(QCursor::pos(), text);
}

// `text` with its middle replaced by an ellipsis when longer than `max` characters; the start names the family and
// the end the size ("gn8v-te…48xlarge").
QString elideMiddle(const QString& text, int max)
{
    if (text.size() <= max || max < 3)
        return text;
    const int tail = (max - 1) / 2;
    return text.left(max - 1 - tail) + QChar(0x2026) + text.right(tail);
}

// Unique axis labels: chartLabel() (eliding its middle past MaxAxisLabelChars) plus a counter when two candidates
// share a label.
QStringList categoryLabels(const std::vector<const gp::CandidateResult*>& rs)
{
    QStringList labels;
    for (const gp::CandidateResult* r : rs) {
        QString label = elideMiddle(chartLabel(*r), MaxAxisLabelChars);
        if (r->nodes > 1)
            label = Tr::tr("%1, %2 nodes").arg(label).arg(r->nodes);
        QString unique = label;
        for (int n = 2; labels.contains(unique); ++n)
            unique = label + QStringLiteral(" (%1)").arg(n);
        labels << unique;
    }
    return labels;
}

// The memory chart's upright labels: the elided name, and the node count on a second line (labels are rich text)
// so that a label stays as short as its name.
QStringList memoryAxisLabels(const std::vector<const gp::CandidateResult*>& rs)
{
    QStringList labels;
    for (const gp::CandidateResult* r : rs) {
        QString label = elideMiddle(chartLabel(*r), MaxAxisLabelChars).toHtmlEscaped();
        if (r->nodes > 1)
            label += QStringLiteral("<br>") + Tr::tr("%n node(s)", nullptr, r->nodes);
        QString unique = label;
        for (int n = 2; labels.contains(unique); ++n)
            unique = label + QStringLiteral(" (%1)").arg(n);
        labels << unique;
    }
    return labels;
}

// What a tooltip calls each shown result: its full catalog id ("alibaba:ecs.gn8v-tee-8x.48xlarge"), with its
// node count.
QStringList fullLabels(const std::vector<const gp::CandidateResult*>& rs)
{
    QStringList labels;
    for (const gp::CandidateResult* r : rs) {
        const QString id = QString::fromStdString(r->candidate);
        labels << (r->nodes > 1 ? Tr::tr("%1, %2 nodes").arg(id).arg(r->nodes) : id);
    }
    return labels;
}

// Which candidate each shown result is, whatever its node count: its catalog id ("tencent:GT4.41XLARGE948"), with
// a counter when the plan lists the same one twice.
QStringList candidateIds(const std::vector<const gp::CandidateResult*>& rs)
{
    QStringList ids;
    for (const gp::CandidateResult* r : rs) {
        const QString label = QString::fromStdString(r->candidate);
        QString unique = label;
        for (int n = 2; ids.contains(unique); ++n)
            unique = label + QStringLiteral(" (%1)").arg(n);
        ids << unique;
    }
    return ids;
}

// With `previous` (the candidate ids a chart shows, in its order) holding exactly the same candidates, puts `rs` in
// that order. Returns whether it did (the chart shows the same candidates in the same places).
bool keepOrder(std::vector<const gp::CandidateResult*>& rs, const QStringList* previous)
{
    if (!previous)
        return false;
    const QStringList ids = candidateIds(rs);
    if (previous->size() != ids.size())
        return false;
    if (*previous == ids)
        return true;
    std::vector<const gp::CandidateResult*> ordered;
    ordered.reserve(rs.size());
    for (const QString& id : *previous) {
        const qsizetype at = ids.indexOf(id);
        if (at < 0)
            return false; // another set of candidates: follow the ranking
        ordered.push_back(rs[size_t(at)]);
    }
    rs = std::move(ordered);
    return true;
}

void styleAxis(QAbstractAxis* axis)
{
    QFont f = axis->labelsFont();
    f.setPointSizeF(std::max(7.0, f.pointSizeF() - 1));
    axis->setLabelsFont(f);
    QFont t = axis->titleFont();
    t.setBold(false);
    t.setPointSizeF(std::max(7.0, t.pointSizeF() - 1));
    axis->setTitleFont(t);
}

// Grid, axis and tick lines one device pixel wide (a zero-width pen) in the theme's colours: the theme's one-unit
// pens look the same on screen but make every line's bounds and stroke a path computation, most of a chart's
// repaint. Call once the axes are on the chart (adding an axis applies the theme's pens).
void useHairlines(QChart* chart)
{
    auto hairline = [](QPen pen) {
        pen.setWidthF(0);
        return pen;
    };
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setGridLinePen(hairline(axis->gridLinePen()));
        axis->setMinorGridLinePen(hairline(axis->minorGridLinePen()));
        axis->setLinePen(hairline(axis->linePen()));
    }
}

// A horizontal bar chart's axes: the candidates down the left (top = first), `axisX`'s values along the bottom.
void attachHorizontalBarAxes(
    QChart* chart, QAbstractSeries* series, const QStringList& labelsBottomUp, QValueAxis* axisX)
{
    auto* axisY = new QBarCategoryAxis;
    axisY->append(labelsBottomUp);
    // Truncating measures each label again at every shorter length on every relayout; the labels are short.
    axisY->setTruncateLabels(false);
    styleAxis(axisX);
    styleAxis(axisY);
    chart->addAxis(axisY, Qt::AlignLeft);
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisY);
    series->attachAxis(axisX);
    useHairlines(chart);
}

} // namespace

QColor candidateColor(int index)
{
    const int n = int(sizeof(CandidatePalette) / sizeof(CandidatePalette[0]));
    return QColor(CandidatePalette[((index % n) + n) % n]);
}

QString chartLabel(const gp::CandidateResult& result)
{
    QString label = QString::fromStdString(result.candidate);
    const int colon = label.indexOf(QLatin1Char(':'));
    if (colon >= 0)
        label = label.mid(colon + 1);
    // Alibaba Cloud names all start "ecs." ("ecs.gn7i-c8g1.2xlarge"), and their size part tells sizes of a family
    // apart: keep it.
    if (label.startsWith(QLatin1String("ecs.")))
        return label.mid(4);
    // "GT4.41XLARGE948" -> "GT4 x8": cloud size names are long; the family and GPU count tell them apart.
    const int dot = label.indexOf(QLatin1Char('.'));
    if (dot > 0)
        label = Tr::tr("%1 x%2").arg(label.left(dot)).arg(result.gpusPerNode);
    return label;
}

namespace
{

// What a chart shows besides its series: the results behind each category (for tooltips) and the layout key the
// chart was built for. An in-place update is only allowed when the key is unchanged.
class ChartState : public QObject
{
public:
    explicit ChartState(QChart* chart)
        : QObject(chart)
    {
        // A dynamic property rather than findChild(): qobject_cast needs Q_OBJECT, and this class needs no moc.
        chart->setProperty(PropertyName, QVariant::fromValue(static_cast<QObject*>(this)));
    }
    static constexpr const char* PropertyName = "gpui_chart_state";
    QString layoutKey;
    std::vector<gp::CandidateResult> results; // in category order
    QStringList labels; // in category order
    // Cost chart only: series in build order and their tooltips.
    std::vector<QLineSeries*> costLines;
    std::vector<QScatterSeries*> finishes;
    std::vector<QStringList> finishTips;
    QScatterSeries* breakEven = nullptr;
    QStringList breakEvenTips;
    // Bar charts with a set per part: which parts the legend lists (a part with no value anywhere is left out).
    std::vector<bool> listedParts;
    // The shown candidates (candidateIds) in the order the chart shows them, best-ranked first.
    QStringList order;
    // Serving throughput-latency chart: one line and one operating point per candidate, the TPOT target line.
    std::vector<QLineSeries*> curves;
    std::vector<QStringList> curveTips;
    std::vector<QScatterSeries*> operatingPoints;
    QLineSeries* target = nullptr;
};

ChartState* stateOf(QChart* chart)
{
    if (!chart)
        return nullptr;
    QObject* state = chart->property(ChartState::PropertyName).value<QObject*>();
    // Only a chart built here carries the property, and its state is its child.
    return state && state->parent() == chart ? static_cast<ChartState*>(state) : nullptr;
}

QString optionsKey(const ChartOptions& options)
{
    return QStringLiteral("%1|%2|%3|%4|")
        .arg(options.currency)
        .arg(int(options.dark))
        .arg(int(options.animate))
        .arg(options.maxCandidates);
}

// Replaces a bar set's values, touching only those that changed (each replace() re-lays out the bars).
void replaceValues(QBarSet* set, const std::vector<double>& values)
{
    for (int i = 0; i < int(values.size()) && i < set->count(); ++i)
        if (set->at(i) != values[size_t(i)])
            set->replace(i, values[size_t(i)]);
}

template <class Axis> Axis* firstAxis(QChart* chart, Qt::Orientation orientation)
{
    for (QAbstractAxis* a : chart->axes(orientation))
        if (auto* axis = qobject_cast<Axis*>(a))
            return axis;
    return nullptr;
}

constexpr int DefaultTickCount = 5; // QValueAxis's own default

// ---- Memory chart ----

const char* const MemoryPartNames[]
    = { "weights", "gradients", "optimizer", "activations", "logits", "kv_cache", "buffers", "allocator", "runtime" };

double memoryPart(const gp::MemoryBreakdown& m, int part)
{
    const double parts[] = { m.weights, m.gradients, m.optimizer, m.activations, m.logits, m.kvCache, m.buffers,
        m.allocator, m.runtime };
    return parts[part];
}

struct MemoryModel {
    std::vector<const gp::CandidateResult*> rs;
    QStringList labels;
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
    m.rs = shown(results, options.maxCandidates);
    m.samePlaces = keepOrder(m.rs, previousOrder);
    m.labels = memoryAxisLabels(m.rs);
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

// `live`: ChartOptions::live (a slider dragging); the axes keep their scale while the values fit it.
NiceScale valueScale(const QValueAxis* axis, double value, bool live)
{
    return live ? liveScale(axis, value, DefaultTickCount) : niceScale(value, DefaultTickCount);
}

void setMemoryAxis(QValueAxis* axisY, const MemoryModel& m, bool live)
{
    const NiceScale scale = valueScale(axisY, m.maxGiB * 1.02, live);
    applyScale(axisY, scale, labelFormat(scale));
}

QList<QPointF> capacityLine(const MemoryModel& m, size_t i)
{
    const double cap = toGiB(m.rs[i]->gpuMemory);
    return { QPointF(double(i) - 0.42, cap), QPointF(double(i) + 0.42, cap) };
}

// A capacity line's colour and legend name say whether the plan fits; only the first line of each kind is listed.
void styleCapacityLine(QLineSeries* line, bool fits)
{
    QPen pen(fits ? FitColor : MissColor);
    pen.setWidthF(3);
    if (line->pen() != pen)
        line->setPen(pen);
    const QString name = fits ? Tr::tr("GPU capacity (fits)") : Tr::tr("GPU capacity (does not fit)");
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

void storeResults(ChartState* state, const std::vector<const gp::CandidateResult*>& rs)
{
    state->results.clear();
    state->results.reserve(rs.size());
    for (const gp::CandidateResult* r : rs)
        state->results.push_back(*r);
    state->labels = fullLabels(rs); // tooltips name the candidate in full; axes show categoryLabels()
}

// ---- Cost chart ----

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
                c.finishTips[i] << Tr::tr("<b>%1</b> · %2<br>Finishes after %3 days<br>Total %4")
                                       .arg(label, line.modeName, formatNumber(m.finishDays, 1),
                                           m.total ? formatMoney(*m.total, currency) : Tr::tr("n/a"));
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
                c.breakEvenTips << Tr::tr("<b>%1</b><br>Monthly becomes cheaper than pay-as-you-go after %2 days")
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
        // As many decimals as the lowest decade needs (0.001 reads "0.001", never "0.0").
        const int decimals = std::clamp(int(-std::floor(std::log10(min))), 0, 6);
        if (!(live && keepLogRange(log, min, max)))
            applyLogRange(log, min, max, QStringLiteral("%.%1f").arg(decimals));
    } else if (auto* linear = qobject_cast<QValueAxis*>(axisY)) {
        const NiceScale cost = valueScale(linear, std::max(c.maxCost / c.scale, 1e-3) * 1.02, live);
        applyScale(linear, cost, labelFormat(cost));
    }
}

// Tooltip of the point of `series` nearest to `p`, from a list parallel to the series' points.
void showNearestTip(QXYSeries* series, const QStringList& tips, const QPointF& p)
{
    int nearest = -1;
    double best = std::numeric_limits<double>::max();
    for (int k = 0; k < series->count() && k < tips.size(); ++k) {
        const QPointF d = series->at(k) - p;
        const double dist = d.x() * d.x() + d.y() * d.y();
        if (dist < best) {
            best = dist;
            nearest = k;
        }
    }
    if (nearest >= 0)
        showTip(tips.at(nearest));
}

// ---- Bottleneck chart ----

// Lists in the legend only the bar sets of parts that have a value somewhere; a set with no value also loses its
// border, which would otherwise draw as a hairline at the end of each bar. Touches only what changed.
void listParts(QChart* chart, QAbstractBarSeries* series, const std::vector<bool>& listed, ChartState* state)
{
    const QList<QBarSet*> sets = series->barSets();
    for (int k = 0; k < sets.size() && k < int(listed.size()); ++k) {
        if (k < int(state->listedParts.size()) && state->listedParts[size_t(k)] == listed[size_t(k)])
            continue;
        QPen pen = sets[k]->pen();
        pen.setStyle(listed[size_t(k)] ? Qt::SolidLine : Qt::NoPen);
        sets[k]->setPen(pen);
        for (QLegendMarker* marker : chart->legend()->markers(series))
            if (auto* bar = qobject_cast<QBarLegendMarker*>(marker); bar && bar->barset() == sets[k])
                marker->setVisible(listed[size_t(k)]);
    }
    state->listedParts = listed;
}

struct StepPart {
    const char* name;
    double gp::StepTime::*member;
};
const StepPart StepParts[]
    = { { "compute", &gp::StepTime::compute }, { "communication_intra_node", &gp::StepTime::communicationIntraNode },
          { "communication_network", &gp::StepTime::communicationNetwork }, { "offload", &gp::StepTime::offload },
          { "data_loading", &gp::StepTime::dataLoading } };
constexpr int StepPartCount = int(sizeof(StepParts) / sizeof(StepParts[0]));

// Training: each step's split scaled to one million tokens, so candidates with different batch layouts compare.
double perMillionScale(const gp::CandidateResult& r, bool inference)
{
    if (inference || r.step.total <= 0 || r.tokensPerSecond <= 0)
        return 1.0;
    return (1e6 / r.tokensPerSecond) / r.step.total;
}

struct BottleneckModel {
    std::vector<const gp::CandidateResult*> reversed; // bottom-up: the best candidate last, drawn on top
    QStringList reversedLabels;
    bool inference = false;
    bool milliseconds = false;
    double maxSeconds = 0;
    QStringList order; // candidateIds, best-ranked first (ChartState::order)
    bool samePlaces = false; // keepOrder() kept the chart's candidates in their places
    std::vector<bool> listed; // per part: some candidate spends time on it (compute always)
    std::vector<std::vector<double>> values; // per part, per reversed candidate
    QString layoutKey;
};

BottleneckModel bottleneckModel(const std::vector<gp::CandidateResult>& results, const ChartOptions& options,
    const QStringList* previousOrder = nullptr)
{
    BottleneckModel b;
    auto rs = shown(results, options.maxCandidates);
    b.samePlaces = keepOrder(rs, previousOrder);
    b.order = candidateIds(rs);
    QStringList labels = categoryLabels(rs);
    b.inference = !rs.empty() && rs.front()->decodeTokensPerSecond.has_value();
    for (const gp::CandidateResult* r : rs)
        b.maxSeconds = std::max(b.maxSeconds, r->step.total * perMillionScale(*r, b.inference));
    b.milliseconds = b.maxSeconds < 1;
    const double unit = b.milliseconds ? 1e3 : 1;
    for (int i = 0; i < labels.size(); ++i)
        labels[i] = Tr::tr("%1 · %2").arg(labels[i], CoreText::bottleneck(rs[size_t(i)]->bottleneck));
    // Horizontal bars list top to bottom in reverse; feed them reversed so the best candidate is on top.
    b.reversed.assign(rs.rbegin(), rs.rend());
    b.reversedLabels = QStringList(labels.rbegin(), labels.rend());
    // Every part has a bar set, listed or not, so that a part appearing while a slider drags (offload, data
    // loading) updates the chart in place instead of rebuilding it.
    for (int p = 0; p < StepPartCount; ++p) {
        bool any = p == 0;
        for (const gp::CandidateResult* r : b.reversed)
            any = any || r->step.*(StepParts[p].member) > 0;
        b.listed.push_back(any);
        std::vector<double> v;
        for (const gp::CandidateResult* r : b.reversed)
            v.push_back(r->step.*(StepParts[p].member) * perMillionScale(*r, b.inference) * unit);
        b.values.push_back(std::move(v));
    }
    b.layoutKey = QStringLiteral("bottleneck|%1|").arg(b.reversed.size()) + optionsKey(options)
        + QStringLiteral("|%1|").arg(int(b.inference));
    return b;
}

void setBottleneckAxis(QValueAxis* axisX, const BottleneckModel& b, bool live)
{
    const double unit = b.milliseconds ? 1e3 : 1;
    const NiceScale scale = valueScale(axisX, std::max(b.maxSeconds * unit, 1e-6) * 1.02, live);
    applyScale(axisX, scale, labelFormat(scale));
    const QString title = b.milliseconds ? Tr::tr("Milliseconds") : Tr::tr("Seconds");
    if (axisX->titleText() != title)
        axisX->setTitleText(title);
}

} // namespace

QChart* buildMemoryChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    QChart* chart = newChart(Tr::tr("Memory per GPU"), options);
    chart->legend()->setAlignment(Qt::AlignRight);
    const MemoryModel m = memoryModel(results, options);
    auto* state = new ChartState(chart);
    state->layoutKey = m.layoutKey;
    if (m.rs.empty()) {
        chart->setTitle(Tr::tr("Memory per GPU: no candidates"));
        return chart;
    }
    storeResults(state, m.rs);
    state->order = candidateIds(m.rs);

    auto* series = new QStackedBarSeries;
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
            showTip(Tr::tr("<b>%1</b><br>%2: %3<br>Total: %4 of %5 (usable %6)<br>%7")
                        .arg(state->labels[i], partLabel, formatBytes(memoryPart(r.memory, part)),
                            formatBytes(r.memory.total), formatBytes(r.gpuMemory), formatBytes(r.usableMemory),
                            r.fits ? Tr::tr("Fits") : Tr::tr("Does not fit")));
        });
        series->append(set);
    }
    chart->addSeries(series);

    auto* axisX = new QBarCategoryAxis;
    axisX->append(m.labels);
    axisX->setTruncateLabels(false);
    // Upright labels of neighbouring bars stay apart whenever a bar's spacing exceeds a line of text (the window
    // gives each 34 pixels or more); slanted ones reach over their neighbours and past the
    // chart's left edge.
    if (m.rs.size() > 6)
        axisX->setLabelsAngle(-90);
    else if (m.rs.size() > 4)
        axisX->setLabelsAngle(-35);
    auto* axisY = new QValueAxis;
    setMemoryAxis(axisY, m, false);
    axisY->setTitleText(Tr::tr("GiB per GPU"));
    styleAxis(axisX);
    styleAxis(axisY);
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisX);
    series->attachAxis(axisY);

    // Capacity of each candidate's GPU as a short line over its bar: green when the plan fits, red when not.
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
            showTip(Tr::tr("<b>%1</b><br>GPU memory: %2<br>Usable after headroom: %3<br>Needed: %4")
                        .arg(state->labels[int(i)], formatBytes(c.gpuMemory), formatBytes(c.usableMemory),
                            formatBytes(c.memory.total)));
        });
    }
    listFirstCapacityLines(chart, lines, m);
    useHairlines(chart);
    return chart;
}

bool updateMemoryChart(QChart* chart, const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    ChartState* state = stateOf(chart);
    if (!state)
        return false;
    const MemoryModel m = memoryModel(results, options, options.live ? &state->order : nullptr);
    if (m.layoutKey != state->layoutKey)
        return false;
    if (m.rs.empty())
        return true;
    QStackedBarSeries* bars = nullptr;
    std::vector<QLineSeries*> lines;
    for (QAbstractSeries* s : chart->series()) {
        if (auto* b = qobject_cast<QStackedBarSeries*>(s))
            bars = b;
        else if (auto* l = qobject_cast<QLineSeries*>(s))
            lines.push_back(l);
    }
    auto* axisY = firstAxis<QValueAxis>(chart, Qt::Vertical);
    auto* axisX = firstAxis<QBarCategoryAxis>(chart, Qt::Horizontal);
    if (!bars || !axisY || !axisX || bars->count() != int(m.parts.size()) || lines.size() != m.rs.size())
        return false;
    storeResults(state, m.rs);
    state->order = candidateIds(m.rs);
    // Relabelling re-measures every label; while a slider drags (same candidates in the same places) a changed
    // node count or bottleneck waits for the settled update, the tooltips say it at once.
    if (axisX->categories() != m.labels && !(options.live && m.samePlaces))
        axisX->setCategories(m.labels); // the ranking changed order
    for (size_t i = 0; i < lines.size(); ++i)
        styleCapacityLine(lines[i], m.rs[i]->fits);
    listFirstCapacityLines(chart, lines, m);
    const QList<QBarSet*> sets = bars->barSets();
    for (size_t k = 0; k < m.parts.size(); ++k)
        replaceValues(sets[int(k)], m.values[k]);
    setMemoryAxis(axisY, m, options.live);
    for (size_t i = 0; i < lines.size(); ++i) {
        const QList<QPointF> points = capacityLine(m, i);
        if (lines[i]->points() != points)
            lines[i]->replace(points);
    }
    return true;
}

QChart* buildCostChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    QChart* chart = newChart(Tr::tr("Cost over time"), options);
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    const CostModel c = costModel(results, options);
    auto* state = new ChartState(chart);
    state->layoutKey = c.layoutKey;
    if (c.rs.empty()) {
        chart->setTitle(Tr::tr("Cost over time: no fitting candidate with a price"));
        return chart;
    }
    storeResults(state, c.rs);
    state->order = candidateIds(c.rs);
    const QString symbol = currencySymbol(options.currency).trimmed();

    auto* axisX = new QValueAxis;
    axisX->setTitleText(Tr::tr("Elapsed days"));
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
    axisY->setTitleText(c.scale > 1 ? Tr::tr("Cost (thousand %1)").arg(symbol) : Tr::tr("Cost (%1)").arg(symbol));
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
                    showTip(Tr::tr("<b>%1</b> · %2<br>Day %3: %4")
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
        finish->setName(Tr::tr("Finish"));
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
        breakEven->setName(Tr::tr("Monthly breaks even"));
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

QChart* buildBottleneckChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    const BottleneckModel b = bottleneckModel(results, options);
    QChart* chart
        = newChart(b.inference ? Tr::tr("Decode step time by part") : Tr::tr("Time per million tokens"), options);
    auto* state = new ChartState(chart);
    state->layoutKey = b.layoutKey;
    if (b.reversed.empty())
        return chart;
    storeResults(state, b.reversed);
    state->order = b.order;

    auto* series = new QHorizontalStackedBarSeries;
    series->setBarWidth(0.65);
    const bool inference = b.inference;
    for (int p = 0; p < StepPartCount; ++p) {
        const size_t k = size_t(p);
        auto* set = new QBarSet(CoreText::stepPart(QString::fromLatin1(StepParts[p].name)));
        set->setColor(QColor(StepPartColors[p]));
        set->setBorderColor(QColor(StepPartColors[p]).darker(115));
        for (double v : b.values[k])
            *set << v;
        const QString partLabel = set->label();
        const auto member = StepParts[p].member;
        QObject::connect(set, &QBarSet::hovered, chart, [state, partLabel, member, inference](bool on, int i) {
            if (!on || i < 0 || i >= int(state->results.size())) {
                QToolTip::hideText();
                return;
            }
            const gp::CandidateResult& r = state->results[size_t(i)];
            const double part = r.step.*member;
            const double share = r.step.total > 0 ? part / r.step.total : 0;
            QString text = Tr::tr("<b>%1</b><br>%2: %3 per step (%4)<br>Step: %5")
                               .arg(state->labels[i], partLabel, formatSeconds(part), formatPercent(share),
                                   formatSeconds(r.step.total));
            if (!inference)
                text += Tr::tr("<br>Per million tokens: %1").arg(formatSeconds(part * perMillionScale(r, false)));
            showTip(text);
        });
        series->append(set);
    }
    chart->addSeries(series);
    listParts(chart, series, b.listed, state);
    auto* axisX = new QValueAxis;
    setBottleneckAxis(axisX, b, false);
    attachHorizontalBarAxes(chart, series, b.reversedLabels, axisX);
    return chart;
}

bool updateBottleneckChart(QChart* chart, const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    ChartState* state = stateOf(chart);
    if (!state)
        return false;
    const BottleneckModel b = bottleneckModel(results, options, options.live ? &state->order : nullptr);
    if (b.layoutKey != state->layoutKey)
        return false;
    if (b.reversed.empty())
        return true;
    QHorizontalStackedBarSeries* bars = nullptr;
    for (QAbstractSeries* s : chart->series())
        if (auto* h = qobject_cast<QHorizontalStackedBarSeries*>(s))
            bars = h;
    auto* axisX = firstAxis<QValueAxis>(chart, Qt::Horizontal);
    auto* axisY = firstAxis<QBarCategoryAxis>(chart, Qt::Vertical);
    if (!bars || !axisX || !axisY || bars->count() != StepPartCount)
        return false;
    storeResults(state, b.reversed);
    state->order = b.order;
    if (axisY->categories() != b.reversedLabels && !(options.live && b.samePlaces))
        axisY->setCategories(b.reversedLabels); // the ranking or a bottleneck changed
    const QList<QBarSet*> sets = bars->barSets();
    for (int k = 0; k < StepPartCount; ++k)
        replaceValues(sets[k], b.values[size_t(k)]);
    listParts(chart, bars, b.listed, state);
    setBottleneckAxis(axisX, b, options.live);
    return true;
}

// ---- Serving charts ----

namespace
{

struct ServingCostModel {
    std::vector<const gp::CandidateResult*> reversed; // bottom-up: the best candidate last, drawn on top
    QStringList reversedLabels;
    std::vector<double> perToken, perOutputToken; // per reversed candidate
    double max = 0;
    int available = 0; // candidates with a serving cost
    QString layoutKey;
};

ServingCostModel servingCostModel(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    ServingCostModel c;
    std::vector<const gp::CandidateResult*> rs;
    // Eight bar pairs keep every candidate's label on the axis at the window's chart height (CJK labels included).
    const int max = std::max(1, std::min(options.maxCandidates, MaxServingCostBars));
    for (const gp::CandidateResult& r : results) {
        if (!r.fits || !r.serving || !r.serving->costPerMillionTokens)
            continue;
        ++c.available;
        if (int(rs.size()) < max)
            rs.push_back(&r);
    }
    const QStringList labels = categoryLabels(rs);
    c.reversed.assign(rs.rbegin(), rs.rend());
    c.reversedLabels = QStringList(labels.rbegin(), labels.rend());
    for (const gp::CandidateResult* r : c.reversed) {
        c.perToken.push_back(*r->serving->costPerMillionTokens);
        c.perOutputToken.push_back(r->serving->costPerMillionOutputTokens.value_or(0));
        c.max = std::max({ c.max, c.perToken.back(), c.perOutputToken.back() });
    }
    c.layoutKey = QStringLiteral("servingcost|%1|%2|").arg(c.reversed.size()).arg(c.available) + optionsKey(options);
    return c;
}

void setServingCostAxis(QValueAxis* axis, const ServingCostModel& c, bool live)
{
    const NiceScale scale = valueScale(axis, std::max(c.max, 1e-6) * 1.05, live);
    applyScale(axis, scale, labelFormat(scale));
}

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
            tips << Tr::tr("<b>%1</b><br>%2 requests in flight per replica<br>%3 output tokens/s per replica<br>"
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
        return Tr::tr("Throughput vs latency per replica (best %1 of %2)").arg(m.rs.size()).arg(m.available);
    return Tr::tr("Throughput vs latency per replica");
}

} // namespace

QChart* buildServingCostChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    const ServingCostModel c = servingCostModel(results, options);
    QChart* chart = newChart(Tr::tr("Cost per million tokens"), options);
    auto* state = new ChartState(chart);
    state->layoutKey = c.layoutKey;
    if (c.reversed.empty()) {
        // Candidates that fit but have no cost per token serve no requests at the load (or have no price).
        const bool fitting = std::any_of(
            results.begin(), results.end(), [](const gp::CandidateResult& r) { return r.fits && r.serving; });
        chart->setTitle(fitting ? Tr::tr("Cost per million tokens: no candidate serves the load at a known price")
                                : Tr::tr("Cost per million tokens: no fitting candidate with a price"));
        return chart;
    }
    storeResults(state, c.reversed);
    if (int(c.reversed.size()) < c.available)
        chart->setTitle(Tr::tr("Cost per million tokens (best %1 of %2)").arg(c.reversed.size()).arg(c.available));
    auto* series = new QHorizontalBarSeries;
    series->setBarWidth(0.75);
    auto* all = new QBarSet(Tr::tr("Per million tokens (input + output)"));
    auto* output = new QBarSet(Tr::tr("Per million output tokens"));
    all->setColor(QColor(CandidatePalette[0]));
    output->setColor(QColor(CandidatePalette[0]).lighter(150));
    all->setBorderColor(all->color().darker(115));
    output->setBorderColor(output->color().darker(115));
    for (double v : c.perToken)
        *all << v;
    for (double v : c.perOutputToken)
        *output << v;
    const QString currency = options.currency;
    for (QBarSet* set : { all, output }) {
        QObject::connect(set, &QBarSet::hovered, chart, [state, currency](bool on, int i) {
            if (!on || i < 0 || i >= int(state->results.size()) || !state->results[size_t(i)].serving) {
                QToolTip::hideText();
                return;
            }
            const gp::ServingResult& s = *state->results[size_t(i)].serving;
            showTip(Tr::tr("<b>%1</b> · %2<br>%3 per million tokens<br>%4 per million output tokens<br>%n replica(s)",
                nullptr, s.replicas)
                        .arg(state->labels[i], windowBillingMode(s.billingMode),
                            s.costPerMillionTokens ? formatMoney(*s.costPerMillionTokens, currency) : Tr::tr("n/a"),
                            s.costPerMillionOutputTokens ? formatMoney(*s.costPerMillionOutputTokens, currency)
                                                         : Tr::tr("n/a")));
        });
        series->append(set);
    }
    chart->addSeries(series);
    auto* axisX = new QValueAxis;
    setServingCostAxis(axisX, c, false);
    axisX->setTitleText(Tr::tr("Cost (%1)").arg(currencySymbol(options.currency).trimmed()));
    attachHorizontalBarAxes(chart, series, c.reversedLabels, axisX);
    return chart;
}

bool updateServingCostChart(QChart* chart, const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    ChartState* state = stateOf(chart);
    if (!state)
        return false;
    const ServingCostModel c = servingCostModel(results, options);
    if (c.layoutKey != state->layoutKey)
        return false;
    if (c.reversed.empty())
        return true;
    QHorizontalBarSeries* bars = nullptr;
    for (QAbstractSeries* s : chart->series())
        if (auto* h = qobject_cast<QHorizontalBarSeries*>(s))
            bars = h;
    auto* axisX = firstAxis<QValueAxis>(chart, Qt::Horizontal);
    auto* axisY = firstAxis<QBarCategoryAxis>(chart, Qt::Vertical);
    if (!bars || !axisX || !axisY || bars->count() != 2)
        return false;
    storeResults(state, c.reversed);
    if (axisY->categories() != c.reversedLabels)
        axisY->setCategories(c.reversedLabels);
    replaceValues(bars->barSets()[0], c.perToken);
    replaceValues(bars->barSets()[1], c.perOutputToken);
    setServingCostAxis(axisX, c, options.live);
    return true;
}

QChart* buildServingCurveChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    const ServingCurveModel m = servingCurveModel(results, options);
    QChart* chart = newChart(servingCurveTitle(m), options);
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    auto* state = new ChartState(chart);
    state->layoutKey = m.layoutKey;
    if (m.rs.empty()) {
        chart->setTitle(Tr::tr("Throughput vs latency: no candidate starts the serving engine"));
        return chart;
    }
    storeResults(state, m.rs);
    state->order = candidateIds(m.rs);
    state->curveTips = m.tips;
    auto* axisX = new QValueAxis;
    axisX->setTitleText(Tr::tr("Time per output token (ms)"));
    auto* axisY = new QValueAxis;
    axisY->setTitleText(Tr::tr("Output tokens/s per replica"));
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
        point->setName(Tr::tr("Operating point"));
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
            showTip(Tr::tr("<b>%1</b> · operating point<br>%2 requests in flight per replica, %n replica(s)<br>"
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
        target->setName(Tr::tr("TPOT target %1").arg(formatSeconds(*options.tpotTargetSeconds)));
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
        const QString name = Tr::tr("TPOT target %1").arg(formatSeconds(*options.tpotTargetSeconds));
        if (state->target->name() != name)
            state->target->setName(name);
    }
    const QString title = servingCurveTitle(m);
    if (chart->title() != title)
        chart->setTitle(title);
    return true;
}

} // namespace gpui
