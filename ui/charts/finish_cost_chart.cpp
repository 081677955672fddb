// The cost-to-finish chart: what each fitting candidate costs to finish the training run under the cheapest billing
// mode the plan counts, best-ranked on top. The cost over time shows the best four; this shows every charted one.
#include "billing_mode_text.h"
#include "charts/chart_parts.h"
#include "core_text.h"
#include "number_format.h"

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

struct FinishCost {
    const gp::CandidateResult* result = nullptr;
    const gp::BillingCost* cheapest = nullptr; // the counted mode with the lowest total
};

// Fitting candidates with a priced counted mode, in ranked order, and how many there are.
std::vector<FinishCost> finishCosts(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    const auto counted = [&options](gp::BillingMode mode) {
        return options.billingModes.empty() || gp::billingModeListed(options.billingModes, mode);
    };
    std::vector<FinishCost> out;
    for (const gp::CandidateResult& r : results) {
        if (!r.fits)
            continue;
        FinishCost f { &r, nullptr };
        for (const gp::BillingCost& m : r.cost.modes)
            if (counted(m.mode) && m.total && (!f.cheapest || *m.total < *f.cheapest->total))
                f.cheapest = &m;
        if (f.cheapest)
            out.push_back(f);
    }
    return out;
}

} // namespace
} // namespace chart_parts

QChart* buildFinishCostChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    using namespace chart_parts;
    const std::vector<FinishCost> all = finishCosts(results, options);
    QChart* chart = newChart(ChartTr::tr("Cost to finish"), options);
    auto* state = new ChartState(chart);
    if (all.empty()) {
        chart->setTitle(ChartTr::tr("Cost to finish: no fitting candidate with a price"));
        return chart;
    }
    const std::size_t shownCount = std::min(all.size(), std::size_t(std::max(1, options.maxCandidates)));
    if (shownCount < all.size())
        chart->setTitle(ChartTr::tr("Cost to finish (best %1 of %2)").arg(shownCount).arg(all.size()));
    // Horizontal bars list bottom-up: fed reversed, the best candidate is on top.
    std::vector<const gp::CandidateResult*> reversed;
    std::vector<const gp::BillingCost*> modes;
    for (std::size_t i = shownCount; i-- > 0;) {
        reversed.push_back(all[i].result);
        modes.push_back(all[i].cheapest);
    }
    storeResults(state, reversed);
    double max = 0;
    for (const gp::BillingCost* m : modes)
        max = std::max(max, *m->total);
    const double scale = max >= 100000 ? 1000 : 1; // large amounts in thousands keep axis labels short
    QStringList labels = categoryLabels(reversed);
    auto* set = new QBarSet(ChartTr::tr("Cost to finish"));
    set->setColor(QColor(CandidatePalette[0]));
    set->setBorderColor(set->color().darker(115));
    QStringList tips;
    for (std::size_t i = 0; i < reversed.size(); ++i) {
        const QString mode = windowBillingMode(modes[i]->mode, reversed[i]->cost.reservedTermMonths.value_or(0));
        labels[int(i)] = ChartTr::tr("%1 · %2").arg(labels[int(i)], mode);
        *set << *modes[i]->total / scale;
        tips << ChartTr::tr("<b>%1</b> · %2<br>Finishes after %3 days<br>Total %4")
                    .arg(state->labels[int(i)], mode, formatNumber(modes[i]->finishDays, 1),
                        formatMoney(*modes[i]->total, options.currency));
    }
    QObject::connect(set, &QBarSet::hovered, chart, [tips](bool on, int i) {
        if (!on || i < 0 || i >= tips.size())
            QToolTip::hideText();
        else
            showTip(tips.at(i));
    });
    auto* series = new QHorizontalBarSeries;
    series->setBarWidth(0.7);
    series->append(set);
    chart->addSeries(series);
    chart->legend()->setVisible(false);
    auto* axisX = new QValueAxis;
    const NiceScale nice = niceScale(max / scale * 1.05, DefaultTickCount);
    applyScale(axisX, nice, labelFormat(nice));
    const QString symbol = currencyUnit(options.currency);
    axisX->setTitleText(
        scale > 1 ? ChartTr::tr("Cost (thousand %1)").arg(symbol) : ChartTr::tr("Cost (%1)").arg(symbol));
    attachHorizontalBarAxes(chart, series, labels, axisX);
    return chart;
}

} // namespace gpui
