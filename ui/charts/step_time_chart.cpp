// The step-time chart: each candidate's step split into compute, communication, offload and data loading.
#include "charts/chart_parts.h"
#include "core_text.h"
#include "number_format.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace gpui
{
namespace chart_parts
{
namespace
{

const QRgb StepPartColors[] = { 0x4E79A7, 0xF28E2B, 0xE15759, 0xB07AA1, 0x76B7B2 };

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
        labels[i] = ChartTr::tr("%1 · %2").arg(labels[i], CoreText::bottleneck(rs[size_t(i)]->bottleneck));
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

// The chart's title with the values' unit, as the memory chart's "Memory per GPU (GiB)": the unit on a line of its
// own under the value axis took a row's height from the candidates' rows, which in Chinese, twelve of them, then
// no longer fitted the window's bottom row (the chart scrolled its value axis out of sight).
QString bottleneckTitle(const BottleneckModel& b)
{
    if (b.inference)
        return b.milliseconds ? ChartTr::tr("Decode step time by part (ms)")
                              : ChartTr::tr("Decode step time by part (s)");
    return b.milliseconds ? ChartTr::tr("Time per million tokens (ms)") : ChartTr::tr("Time per million tokens (s)");
}

void setBottleneckAxis(QChart* chart, QValueAxis* axisX, const BottleneckModel& b, bool live)
{
    const double unit = b.milliseconds ? 1e3 : 1;
    const NiceScale scale = valueScale(axisX, std::max(b.maxSeconds * unit, 1e-6) * 1.02, live);
    applyScale(axisX, scale, labelFormat(scale));
    const QString title = bottleneckTitle(b);
    if (chart->title() != title)
        chart->setTitle(title);
}

} // namespace
} // namespace chart_parts

QChart* buildBottleneckChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    using namespace chart_parts;
    const BottleneckModel b = bottleneckModel(results, options);
    QChart* chart = newChart(bottleneckTitle(b), options);
    // The legend right of the plot, as the memory chart's beside it: below the plot it added its rows to the height
    // of the candidates' rows, and in the bottom row at 1600x1000 (12 candidates charted, about 280 px shown) the
    // chart scrolled and cut the legend in half. At the right it takes width, which the view makes room for
    // (categoryColumnWidth counts what lies right of the plot).
    chart->legend()->setAlignment(Qt::AlignRight);
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
            QString text = ChartTr::tr("<b>%1</b><br>%2: %3 per step (%4)<br>Step: %5")
                               .arg(state->labels[i], partLabel, formatSeconds(part), formatPercent(share),
                                   formatSeconds(r.step.total));
            if (!inference)
                text += ChartTr::tr("<br>Per million tokens: %1").arg(formatSeconds(part * perMillionScale(r, false)));
            showTip(text);
        });
        series->append(set);
    }
    chart->addSeries(series);
    listParts(chart, series, b.listed, state);
    auto* axisX = new QValueAxis;
    setBottleneckAxis(chart, axisX, b, false);
    attachHorizontalBarAxes(chart, series, b.reversedLabels, axisX);
    return chart;
}

bool updateBottleneckChart(QChart* chart, const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    using namespace chart_parts;
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
    setBottleneckAxis(chart, axisX, b, options.live);
    return true;
}

} // namespace gpui
