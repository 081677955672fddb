// The serving cost chart: cost per million tokens (and per million output tokens) per candidate that fits.
#include "billing_mode_text.h"
#include "charts/chart_parts.h"
#include "core_text.h"
#include "number_format.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace gpui
{
namespace chart_parts
{
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

} // namespace
} // namespace chart_parts

QChart* buildServingCostChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    using namespace chart_parts;
    const ServingCostModel c = servingCostModel(results, options);
    QChart* chart = newChart(ChartTr::tr("Cost per million tokens"), options);
    auto* state = new ChartState(chart);
    state->layoutKey = c.layoutKey;
    if (c.reversed.empty()) {
        // Candidates that fit but have no cost per token serve no requests at the load (or have no price).
        const bool fitting = std::any_of(
            results.begin(), results.end(), [](const gp::CandidateResult& r) { return r.fits && r.serving; });
        chart->setTitle(fitting ? ChartTr::tr("Cost per million tokens: no candidate serves the load at a known price")
                                : ChartTr::tr("Cost per million tokens: no fitting candidate with a price"));
        return chart;
    }
    storeResults(state, c.reversed);
    if (int(c.reversed.size()) < c.available)
        chart->setTitle(ChartTr::tr("Cost per million tokens (best %1 of %2)").arg(c.reversed.size()).arg(c.available));
    auto* series = new QHorizontalBarSeries;
    series->setBarWidth(0.75);
    auto* all = new QBarSet(ChartTr::tr("Per million tokens (input + output)"));
    auto* output = new QBarSet(ChartTr::tr("Per million output tokens"));
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
            showTip(
                ChartTr::tr("<b>%1</b> · %2<br>%3 per million tokens<br>%4 per million output tokens<br>%n replica(s)",
                    nullptr, s.replicas)
                    .arg(state->labels[i], windowBillingMode(s.billingMode),
                        s.costPerMillionTokens ? formatMoney(*s.costPerMillionTokens, currency) : ChartTr::tr("n/a"),
                        s.costPerMillionOutputTokens ? formatMoney(*s.costPerMillionOutputTokens, currency)
                                                     : ChartTr::tr("n/a")));
        });
        series->append(set);
    }
    chart->addSeries(series);
    auto* axisX = new QValueAxis;
    setServingCostAxis(axisX, c, false);
    axisX->setTitleText(ChartTr::tr("Cost (%1)").arg(currencyUnit(options.currency)));
    attachHorizontalBarAxes(chart, series, c.reversedLabels, axisX);
    return chart;
}

bool updateServingCostChart(QChart* chart, const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    using namespace chart_parts;
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

} // namespace gpui
