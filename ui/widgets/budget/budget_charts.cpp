// The timeline and the stacked spend chart.
#include "widgets/budget/budget_charts.h"
#include "charts/chart_parts.h"

#include "core_text.h"
#include "number_format.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QFontMetrics>
#include <QLegend>
#include <QLineSeries>
#include <QPaintEvent>
#include <QPainter>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <utility>

namespace gpui
{

namespace
{

constexpr int kTimelineRow = 22;
constexpr int kTimelineNameWidth = 180;
constexpr int kSpendChartMinHeight = 260;
constexpr int kLegendEntryPadding = 8; // between two legend entries: the marker's margins (measured on Qt 6.4)
constexpr int kLegendChartMargins = 110; // the title, the axis and the chart's margins above and below the legend
constexpr double kCapBreakMarkerSize = 16; // pixels
constexpr double kCapBreakMarkerFloorGap = 3; // pixels between the total cap's break marker and the month axis

} // namespace

QColor budgetItemColor(int index)
{
    // Evenly spaced hues at one lightness: distinct for 20 items, readable in light and dark palettes.
    return QColor::fromHsl((index * 137) % 360, 140, 120);
}

BudgetTimeline::BudgetTimeline(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("budgetTimeline"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

BudgetTimeline::~BudgetTimeline() = default;

namespace
{

// Whether an item's row of the timeline reads the same in two answers.
bool sameTimelineRow(const gp::ItemBudget& a, const gp::ItemBudget& b)
{
    return a.name == b.name && a.machinesByMonth == b.machinesByMonth && a.unplaced == b.unplaced
        && a.error.has_value() == b.error.has_value() && (!a.error || a.error->toString() == b.error->toString());
}

} // namespace

void BudgetTimeline::setAnswer(std::shared_ptr<const gp::BudgetAnswer> answer)
{
    const bool sameRows = m_answer && answer && m_answer->items.size() == answer->items.size()
        && m_answer->horizonMonths == answer->horizonMonths;
    const std::shared_ptr<const gp::BudgetAnswer> before = std::exchange(m_answer, std::move(answer));
    if (!sameRows) {
        updateGeometry(); // a row per item
        update();
        return;
    }
    // An edit of one item repaints that item's row only (each row draws a dozen texts).
    for (std::size_t i = 0; i < m_answer->items.size(); ++i)
        if (!sameTimelineRow(before->items[i], m_answer->items[i]))
            update(0, int(i + 1) * kTimelineRow, width(), kTimelineRow);
}

QSize BudgetTimeline::sizeHint() const
{
    const int rows = m_answer ? int(m_answer->items.size()) + 1 : 2;
    return { 720, rows * kTimelineRow + 4 };
}

void BudgetTimeline::paintEvent(QPaintEvent* event)
{
    QPainter p(this);
    if (!m_answer)
        return;
    const int months = std::max(1, m_answer->horizonMonths);
    const double cell = double(width() - kTimelineNameWidth - 4) / months;
    const QRect dirty = event->rect();
    p.setPen(palette().color(QPalette::WindowText));
    if (dirty.top() < kTimelineRow)
        for (int m = 0; m < months; ++m)
            p.drawText(
                QRectF(kTimelineNameWidth + m * cell, 0, cell, kTimelineRow), Qt::AlignCenter, QString::number(m + 1));
    for (std::size_t i = 0; i < m_answer->items.size(); ++i) {
        const gp::ItemBudget& item = m_answer->items[i];
        const double y = double(i + 1) * kTimelineRow;
        if (y >= dirty.bottom() + 1 || y + kTimelineRow <= dirty.top())
            continue; // outside what is repainted
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRectF(2, y, kTimelineNameWidth - 6, kTimelineRow), Qt::AlignLeft | Qt::AlignVCenter,
            p.fontMetrics().elidedText(QString::fromStdString(item.name), Qt::ElideRight, kTimelineNameWidth - 6));
        if (item.error || item.unplaced) {
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(QRectF(kTimelineNameWidth, y, months * cell, kTimelineRow), Qt::AlignLeft | Qt::AlignVCenter,
                item.error ? tr("failed: %1").arg(CoreText::error(*item.error)) : tr("not placed under the stock"));
            continue;
        }
        for (int m = 0; m < months && std::size_t(m) < item.machinesByMonth.size(); ++m) {
            const int machines = item.machinesByMonth[std::size_t(m)];
            if (machines <= 0)
                continue;
            const QRectF r(kTimelineNameWidth + m * cell + 1, y + 3, cell - 2, kTimelineRow - 6);
            p.fillRect(r, budgetItemColor(int(i)));
            p.setPen(Qt::white);
            p.drawText(r, Qt::AlignCenter, QString::number(machines));
        }
    }
}

BudgetSpendChart::BudgetSpendChart(QWidget* parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(nullptr)
{
    setObjectName(QStringLiteral("budgetSpendChart"));
    chart_parts::localizeAxisNumbers(m_chart);
    m_view = new QChartView(m_chart, this);
    // Bars and the level cap line look the same without antialiasing, which costs most of a repaint; an edit repaints
    // the bars that moved as one rectangle rather than as the dozens of small ones Qt would clip to (issue #41's
    // frame budget: BM_BudgetEditOneItemToPaintedView).
    m_view->setRenderHint(QPainter::Antialiasing, false);
    m_view->setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
    m_view->setMinimumHeight(kSpendChartMinHeight);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    m_chart->legend()->setAlignment(Qt::AlignRight);
    connect(m_chart, &QChart::plotAreaChanged, this, [this](const QRectF& plot) {
        if (m_footAxis && plot.height() > 0 && m_footAxis->max() != plot.height())
            m_footAxis->setRange(0, plot.height());
    });
}

BudgetSpendChart::~BudgetSpendChart() = default;

namespace
{

// One stacked bar set of the spend chart: an item's spend by month, or the commitments paid and unused.
struct SpendRow {
    QString label;
    QColor color;
    const std::vector<double>* byMonth;
};

std::vector<SpendRow> spendRows(const gp::BudgetAnswer& answer)
{
    std::vector<SpendRow> rows;
    for (std::size_t i = 0; i < answer.items.size(); ++i)
        if (answer.items[i].spend > 0)
            rows.push_back({ QString::fromStdString(answer.items[i].name), budgetItemColor(int(i)),
                &answer.items[i].spendByMonth });
    for (const gp::SpendLine& line : answer.byItem)
        if (line.key == "(unused commitment)")
            rows.push_back({ BudgetSpendChart::tr("Unused commitment"), Qt::gray, &line.byMonth });
    return rows;
}

// Issue 44: the month each cap breaks, marked at that month (the month axis's label under it; the banner above the
// view says it in words) and named in the legend by its cap. The legend's words stay put while an edit moves the
// month: a new word lays the legend, and with it the whole chart, out again and repaints all of it (issue 41).
QString capBreakMarkerName(const gp::CapBreak& capBreak)
{
    return capBreak.cap == "total" ? BudgetSpendChart::tr("Total cap breaks")
                                   : BudgetSpendChart::tr("Monthly cap breaks");
}

QScatterSeries::MarkerShape capBreakMarkerShape(const gp::CapBreak& capBreak)
{
    return capBreak.cap == "total" ? QScatterSeries::MarkerShapeRectangle : QScatterSeries::MarkerShapeTriangle;
}

// On the monthly cap's line at each month it is passed; the total cap (no line) at the foot of the month its
// cumulative spend passes it, whole above the month axis: its height is in pixels over the plot's floor (the foot
// axis, whose range is the plot's height in pixels). Points that stay put while an edit moves the bars: a moved point
// lays the chart's legend out again.
QList<QPointF> capBreakMarkerPoints(const gp::CapBreak& capBreak)
{
    if (capBreak.cap == "total" || capBreak.months.empty())
        return { QPointF(double(std::max(1, capBreak.month) - 1),
            capBreak.cap == "total" ? kCapBreakMarkerSize / 2.0 + kCapBreakMarkerFloorGap : capBreak.limit) };
    QList<QPointF> points;
    for (int month : capBreak.months)
        points.append(QPointF(double(month - 1), capBreak.limit));
    return points;
}

std::vector<QScatterSeries*> capBreakMarkers(const QChart& chart)
{
    std::vector<QScatterSeries*> markers;
    for (QAbstractSeries* series : chart.series())
        if (auto* marker = qobject_cast<QScatterSeries*>(series))
            markers.push_back(marker);
    return markers;
}

double spendAxisTop(const gp::BudgetAnswer& answer, std::optional<double> cap)
{
    double top = 0;
    for (double v : answer.monthly)
        top = std::max(top, v);
    if (cap)
        top = std::max(top, *cap);
    return top > 0 ? top * 1.1 : 1;
}

} // namespace

void BudgetSpendChart::setAnswer(std::shared_ptr<const gp::BudgetAnswer> answer, std::optional<double> monthlyCap)
{
    const bool sameCap = m_cap == monthlyCap;
    m_answer = std::move(answer);
    m_cap = monthlyCap;
    if (!sameCap || !updateValues())
        retranslate();
}

bool BudgetSpendChart::updateValues()
{
    // An edit of one item changes its bars and the totals, not which bars there are: the values go into the series
    // in place (Qt then repaints the bars that moved), where a new series would rebuild every bar, label and legend
    // entry.
    QStackedBarSeries* bars = nullptr;
    for (QAbstractSeries* series : m_chart->series())
        if (auto* b = qobject_cast<QStackedBarSeries*>(series))
            bars = b;
    auto* x = bars ? qobject_cast<QBarCategoryAxis*>(m_chart->axes(Qt::Horizontal).value(0)) : nullptr;
    auto* y = bars ? qobject_cast<QValueAxis*>(m_chart->axes(Qt::Vertical).value(0)) : nullptr;
    if (!m_answer || !x || !y || x->count() != m_answer->horizonMonths)
        return false;
    const std::vector<SpendRow> rows = spendRows(*m_answer);
    const QList<QBarSet*> sets = bars->barSets();
    if (sets.size() != qsizetype(rows.size()))
        return false;
    for (std::size_t k = 0; k < rows.size(); ++k)
        if (sets[qsizetype(k)]->label() != rows[k].label
            || sets[qsizetype(k)]->count() != qsizetype(rows[k].byMonth->size()))
            return false;
    for (std::size_t k = 0; k < rows.size(); ++k) {
        QBarSet* set = sets[qsizetype(k)];
        set->setColor(rows[k].color);
        for (std::size_t m = 0; m < rows[k].byMonth->size(); ++m)
            if (set->at(qsizetype(m)) != (*rows[k].byMonth)[m])
                set->replace(qsizetype(m), (*rows[k].byMonth)[m]);
    }
    const std::vector<QScatterSeries*> markers = capBreakMarkers(*m_chart);
    if (markers.size() != m_answer->capBreaks.size())
        return false;
    for (std::size_t b = 0; b < markers.size(); ++b)
        if (markers[b]->markerShape() != capBreakMarkerShape(m_answer->capBreaks[b]))
            return false;
    for (std::size_t b = 0; b < markers.size(); ++b) {
        const QString name = capBreakMarkerName(m_answer->capBreaks[b]);
        if (markers[b]->name() != name)
            markers[b]->setName(name);
        const QList<QPointF> points = capBreakMarkerPoints(m_answer->capBreaks[b]);
        if (markers[b]->points() != points)
            markers[b]->replace(points);
    }
    // The axis a new chart would get, set only when the bars outgrow it or fill less than half of it: a change of
    // range lays the whole chart out again, the legend's text included (most of an edit's time on the UI thread).
    const double top = spendAxisTop(*m_answer, m_cap);
    if (top <= y->max() && top > y->max() / 2)
        return true;
    QValueAxis nice;
    nice.setRange(0, top);
    nice.applyNiceNumbers();
    if (y->tickCount() != nice.tickCount())
        y->setTickCount(nice.tickCount());
    if (y->min() != nice.min() || y->max() != nice.max())
        y->setRange(nice.min(), nice.max());
    return true;
}

void BudgetSpendChart::retranslate()
{
    m_chart->removeAllSeries();
    for (QAbstractAxis* axis : m_chart->axes()) {
        m_chart->removeAxis(axis); // the chart gives it back to the caller
        delete axis;
    }
    m_footAxis = nullptr;
    m_chart->setTitle(tr("Spend by month"));
    if (!m_answer)
        return;
    const int months = m_answer->horizonMonths;
    auto* bars = new QStackedBarSeries;
    for (const SpendRow& row : spendRows(*m_answer)) {
        auto* set = new QBarSet(row.label);
        set->setColor(row.color);
        for (double v : *row.byMonth)
            set->append(v);
        bars->append(set);
    }
    m_chart->addSeries(bars);
    auto* x = new QBarCategoryAxis;
    for (int m = 0; m < months; ++m)
        x->append(QString::number(m + 1));
    x->setTitleText(tr("Month"));
    auto* y = new QValueAxis;
    y->setTitleText(tr("Spend (%1)").arg(currencySymbol(QString::fromStdString(m_answer->currency))));
    m_chart->addAxis(x, Qt::AlignBottom);
    m_chart->addAxis(y, Qt::AlignLeft);
    bars->attachAxis(x);
    bars->attachAxis(y);
    addCapSeries(y);
    y->setRange(0, spendAxisTop(*m_answer, m_cap));
    y->applyNiceNumbers(); // round ticks: 0, 250000, 500000 …
    y->setLabelFormat(QStringLiteral("%.0f"));
    // The legend is one column beside the plot and Qt drops the entries that do not fit its height: the chart grows
    // with the entries (20 items, the unused commitment and the cap need about 600 pixels), inside the view's scroll
    // area.
    const int entries = int(bars->count()) + (m_cap ? 1 : 0) + int(m_answer->capBreaks.size());
    const int entryHeight = QFontMetrics(m_chart->legend()->font()).height() + kLegendEntryPadding;
    m_view->setMinimumHeight(std::max(kSpendChartMinHeight, entries * entryHeight + kLegendChartMargins));
}

// The monthly cap's line and a marker on the month each cap breaks, over the bars' value axis `y` (placed by a hidden
// axis of months from -0.5, where the bars' category axis has none).
void BudgetSpendChart::addCapSeries(QValueAxis* y)
{
    if (!m_cap && m_answer->capBreaks.empty())
        return;
    const int months = m_answer->horizonMonths;
    auto* capX = new QValueAxis;
    capX->setRange(-0.5, months - 0.5);
    capX->setVisible(false);
    m_chart->addAxis(capX, Qt::AlignTop);
    if (m_cap) {
        auto* cap = new QLineSeries;
        cap->setName(tr("Monthly cap"));
        cap->append(-0.5, *m_cap);
        cap->append(months - 0.5, *m_cap);
        QPen pen(Qt::red);
        pen.setWidth(2);
        pen.setStyle(Qt::DashLine);
        cap->setPen(pen);
        m_chart->addSeries(cap);
        cap->attachAxis(capX);
        cap->attachAxis(y);
    }
    for (const gp::CapBreak& capBreak : m_answer->capBreaks) {
        auto* marker = new QScatterSeries;
        marker->setName(capBreakMarkerName(capBreak));
        const bool total = capBreak.cap == "total";
        marker->setMarkerShape(capBreakMarkerShape(capBreak));
        marker->setMarkerSize(kCapBreakMarkerSize);
        marker->setColor(total ? QColor(0xe6, 0x7e, 0x00) : QColor(0xb3, 0x26, 0x1e));
        marker->setBorderColor(Qt::white);
        marker->append(capBreakMarkerPoints(capBreak));
        m_chart->addSeries(marker);
        marker->attachAxis(capX);
        marker->attachAxis(total ? footAxis() : y);
    }
}

// A hidden axis of pixels up from the plot's floor, kept to the plot's height: a point on it stands that many pixels
// above the month axis whatever the spend axis's range.
QValueAxis* BudgetSpendChart::footAxis()
{
    if (m_footAxis)
        return m_footAxis;
    m_footAxis = new QValueAxis;
    m_footAxis->setVisible(false);
    m_footAxis->setRange(0, std::max(1.0, m_chart->plotArea().height()));
    m_chart->addAxis(m_footAxis, Qt::AlignRight);
    return m_footAxis;
}

} // namespace gpui
