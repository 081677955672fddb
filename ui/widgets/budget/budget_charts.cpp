// The timeline and the stacked spend chart.
#include "widgets/budget/budget_charts.h"

#include "number_format.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QFontMetrics>
#include <QLegend>
#include <QLineSeries>
#include <QPainter>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace gpui
{

namespace
{

constexpr int kTimelineRow = 22;
constexpr int kTimelineNameWidth = 180;
constexpr int kSpendChartMinHeight = 260;
constexpr int kLegendEntryPadding = 8; // between two legend entries: the marker's margins (measured on Qt 6.4)
constexpr int kLegendChartMargins = 110; // the title, the axis and the chart's margins above and below the legend

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

void BudgetTimeline::setAnswer(std::shared_ptr<const gp::BudgetAnswer> answer)
{
    m_answer = std::move(answer);
    updateGeometry();
    update();
}

QSize BudgetTimeline::sizeHint() const
{
    const int rows = m_answer ? int(m_answer->items.size()) + 1 : 2;
    return { 720, rows * kTimelineRow + 4 };
}

void BudgetTimeline::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    if (!m_answer)
        return;
    const int months = std::max(1, m_answer->horizonMonths);
    const double cell = double(width() - kTimelineNameWidth - 4) / months;
    p.setPen(palette().color(QPalette::WindowText));
    for (int m = 0; m < months; ++m)
        p.drawText(
            QRectF(kTimelineNameWidth + m * cell, 0, cell, kTimelineRow), Qt::AlignCenter, QString::number(m + 1));
    for (std::size_t i = 0; i < m_answer->items.size(); ++i) {
        const gp::ItemBudget& item = m_answer->items[i];
        const double y = double(i + 1) * kTimelineRow;
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRectF(2, y, kTimelineNameWidth - 6, kTimelineRow), Qt::AlignLeft | Qt::AlignVCenter,
            p.fontMetrics().elidedText(QString::fromStdString(item.name), Qt::ElideRight, kTimelineNameWidth - 6));
        if (item.error || item.unplaced) {
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(QRectF(kTimelineNameWidth, y, months * cell, kTimelineRow), Qt::AlignLeft | Qt::AlignVCenter,
                item.error ? tr("failed: %1").arg(QString::fromStdString(item.error->toString()))
                           : tr("not placed under the stock"));
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
    m_view = new QChartView(m_chart, this);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(kSpendChartMinHeight);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    m_chart->legend()->setAlignment(Qt::AlignRight);
}

BudgetSpendChart::~BudgetSpendChart() = default;

void BudgetSpendChart::setAnswer(std::shared_ptr<const gp::BudgetAnswer> answer, std::optional<double> monthlyCap)
{
    m_answer = std::move(answer);
    m_cap = monthlyCap;
    retranslate();
}

void BudgetSpendChart::retranslate()
{
    m_chart->removeAllSeries();
    for (QAbstractAxis* axis : m_chart->axes())
        m_chart->removeAxis(axis);
    m_chart->setTitle(tr("Spend by month"));
    if (!m_answer)
        return;
    const int months = m_answer->horizonMonths;
    auto* bars = new QStackedBarSeries;
    double top = 0;
    for (double v : m_answer->monthly)
        top = std::max(top, v);
    for (std::size_t i = 0; i < m_answer->items.size(); ++i) {
        const gp::ItemBudget& item = m_answer->items[i];
        if (item.spend <= 0)
            continue;
        auto* set = new QBarSet(QString::fromStdString(item.name));
        set->setColor(budgetItemColor(int(i)));
        for (double v : item.spendByMonth)
            set->append(v);
        bars->append(set);
    }
    for (const gp::SpendLine& line : m_answer->byItem)
        if (line.key == "(unused commitment)") {
            auto* set = new QBarSet(tr("Unused commitment"));
            set->setColor(Qt::gray);
            for (double v : line.byMonth)
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
    if (m_cap) {
        top = std::max(top, *m_cap);
        auto* cap = new QLineSeries;
        cap->setName(tr("Monthly cap"));
        cap->append(-0.5, *m_cap);
        cap->append(months - 0.5, *m_cap);
        QPen pen(Qt::red);
        pen.setWidth(2);
        pen.setStyle(Qt::DashLine);
        cap->setPen(pen);
        m_chart->addSeries(cap);
        auto* capX = new QValueAxis;
        capX->setRange(-0.5, months - 0.5);
        capX->setVisible(false);
        m_chart->addAxis(capX, Qt::AlignTop);
        cap->attachAxis(capX);
        cap->attachAxis(y);
    }
    y->setRange(0, top > 0 ? top * 1.1 : 1);
    y->applyNiceNumbers(); // round ticks: 0, 250000, 500000 …
    y->setLabelFormat(QStringLiteral("%.0f"));
    // The legend is one column beside the plot and Qt drops the entries that do not fit its height: the chart grows
    // with the entries (20 items, the unused commitment and the cap need about 600 pixels), inside the view's scroll
    // area.
    const int entries = int(bars->count()) + (m_cap ? 1 : 0);
    const int entryHeight = QFontMetrics(m_chart->legend()->font()).height() + kLegendEntryPadding;
    m_view->setMinimumHeight(std::max(kSpendChartMinHeight, entries * entryHeight + kLegendChartMargins));
}

} // namespace gpui
