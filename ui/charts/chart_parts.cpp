// The shared part of the result charts: the chart frame, axis labels, the state behind tooltips and in-place updates.
#include "charts/chart_parts.h"

#include "charts/category_labels.h"

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarLegendMarker>
#include <QBarSet>
#include <QCursor>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QToolTip>
#include <QValueAxis>
#include <QXYSeries>

#include <algorithm>
#include <functional>
#include <iterator>
#include <limits>

namespace gpui
{
namespace chart_parts
{
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

void localizeAxisNumbers(QChart* chart)
{
    chart->setLocale(QLocale()); // the window's language's (installLanguage)
    chart->setLocalizeNumbers(true);
}

QChart* newChart(const QString& title, const ChartOptions& options)
{
    auto* chart = new QChart;
    localizeAxisNumbers(chart);
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
    legendFont.setPointSizeF(std::max(kSmallestChartPointSize, legendFont.pointSizeF() - 1));
    chart->legend()->setFont(legendFont);
    return chart;
}

void showTip(const QString& text)
{
    QToolTip::showText(QCursor::pos(), text);
}

namespace
{

// `text` with its middle replaced by an ellipsis when longer than `max` characters; the start names the family and
// the end the size ("gn8v-te…48xlarge").
QString elideMiddle(const QString& text, int max)
{
    if (text.size() <= max || max < 3)
        return text;
    const int tail = (max - 1) / 2;
    return text.left(max - 1 - tail) + QChar(0x2026) + text.right(tail);
}

// What a tooltip calls each shown result: its full catalog id ("alibaba:ecs.gn8v-tee-8x.48xlarge"), with its
// node count.
QStringList fullLabels(const std::vector<const gp::CandidateResult*>& rs)
{
    QStringList labels;
    for (const gp::CandidateResult* r : rs) {
        const QString id = QString::fromStdString(r->candidate);
        labels << (r->nodes > 1 ? ChartTr::tr("%1, %2 nodes").arg(id).arg(r->nodes) : id);
    }
    return labels;
}

} // namespace

namespace
{

// The candidate's name as its result gives it, without the provider ("PNV6.32XLARGE1280", "GN7.LARGE20 MIG
// 1g.10gb", a plan's own label).
QString nameWithoutProvider(const gp::CandidateResult& r)
{
    const QString id = QString::fromStdString(r.candidate);
    const int colon = id.indexOf(QLatin1Char(':'));
    return colon >= 0 ? id.mid(colon + 1) : id;
}

} // namespace

// Names that tell the shown candidates apart, each as short as it can be (one candidate: whole): chartLabel() ("PNV6
// x8"); where two share
// that, what differs between them, in turn: the instance's size ("PNV6.32XLARGE1280" and "PNV6.96XLARGE2304", the
// middle of a longer one elided), its size in full, its provider; a counter only for the same candidate listed twice.
QStringList distinctNames(const std::vector<const gp::CandidateResult*>& rs)
{
    // One candidate has the chart's whole band: its name whole (issue 44: "gn6v-c8g…2xlarge" beside one bar); the
    // chart's fit shortens it only where it does not fit (category_labels.h).
    const int shortChars = rs.size() == 1 ? std::numeric_limits<int>::max() : MaxAxisLabelChars;
    const std::vector<std::function<QString(const gp::CandidateResult&)>> forms = {
        [shortChars](const gp::CandidateResult& r) { return elideMiddle(chartLabel(r), shortChars); },
        // A few more characters than a short label keeps: most size names are whole then ("PNV6.32XLARGE1280").
        [](const gp::CandidateResult& r) { return elideMiddle(nameWithoutProvider(r), MaxAxisLabelChars + 4); },
        [](const gp::CandidateResult& r) { return nameWithoutProvider(r); },
        [](const gp::CandidateResult& r) { return QString::fromStdString(r.candidate); },
    };
    std::vector<std::size_t> form(rs.size(), 0);
    QStringList names;
    for (const gp::CandidateResult* r : rs)
        names << forms[0](*r);
    // Two labels that differ in their node count are apart already ("PNV6 x8, 4 nodes" and "PNV6 x8, 2 nodes").
    auto key = [&](std::size_t i) -> QString {
        return names[qsizetype(i)] + QLatin1Char('|') + QString::number(rs[i]->nodes);
    };
    // Each name two candidates share moves both to the next form, until none is shared or the forms run out.
    for (bool changed = true; changed;) {
        changed = false;
        QStringList keys;
        for (std::size_t i = 0; i < rs.size(); ++i)
            keys << key(i);
        for (std::size_t i = 0; i < rs.size(); ++i) {
            // Only another candidate sharing the name moves it on: the same one listed twice differs in nothing.
            bool shared = false;
            for (std::size_t j = 0; j < rs.size() && !shared; ++j)
                shared = j != i && keys[qsizetype(j)] == keys[qsizetype(i)] && rs[j]->candidate != rs[i]->candidate;
            if (!shared || form[i] + 1 >= forms.size())
                continue;
            names[qsizetype(i)] = forms[++form[i]](*rs[i]);
            changed = true;
        }
    }
    QStringList keys;
    QStringList unique;
    for (std::size_t i = 0; i < rs.size(); ++i) {
        QString label = names[qsizetype(i)];
        for (int n = 2; keys.contains(label + QLatin1Char('|') + QString::number(rs[i]->nodes)); ++n)
            label = names[qsizetype(i)] + QStringLiteral(" (%1)").arg(n);
        keys << label + QLatin1Char('|') + QString::number(rs[i]->nodes);
        unique << label;
    }
    return unique;
}

// Axis labels: distinctNames() with the node count.
QStringList categoryLabels(const std::vector<const gp::CandidateResult*>& rs)
{
    QStringList labels = distinctNames(rs);
    for (std::size_t i = 0; i < rs.size(); ++i)
        if (rs[i]->nodes > 1)
            labels[qsizetype(i)] = ChartTr::tr("%1, %2 nodes").arg(labels[qsizetype(i)]).arg(rs[i]->nodes);
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
    f.setPointSizeF(std::max(kSmallestChartPointSize, f.pointSizeF() - 1));
    axis->setLabelsFont(f);
    QFont t = axis->titleFont();
    t.setBold(false);
    t.setPointSizeF(std::max(kSmallestChartPointSize, t.pointSizeF() - 1));
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

ChartState::ChartState(QChart* chart)
    : QObject(chart)
{
    // A dynamic property rather than findChild(): qobject_cast needs Q_OBJECT, and this class needs no moc.
    chart->setProperty(PropertyName, QVariant::fromValue(static_cast<QObject*>(this)));
}

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

// `live`: ChartOptions::live (a slider dragging); the axes keep their scale while the values fit it.
NiceScale valueScale(const QValueAxis* axis, double value, bool live)
{
    return live ? liveScale(axis, value, DefaultTickCount) : niceScale(value, DefaultTickCount);
}

void storeResults(ChartState* state, const std::vector<const gp::CandidateResult*>& rs)
{
    state->results.clear();
    state->results.reserve(rs.size());
    for (const gp::CandidateResult* r : rs)
        state->results.push_back(*r);
    state->labels = fullLabels(rs); // tooltips name the candidate in full; axes show categoryLabels()
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

} // namespace chart_parts

QColor candidateColor(int index)
{
    const int n = int(std::size(chart_parts::CandidatePalette));
    return QColor(chart_parts::CandidatePalette[((index % n) + n) % n]);
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
        label = chart_parts::ChartTr::tr("%1 x%2").arg(label.left(dot)).arg(result.gpusPerNode);
    return label;
}

} // namespace gpui
