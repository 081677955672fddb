// A bar chart's legend kept in sight while its scroll area scrolls (sticky_legend.h).
#include "charts/sticky_legend.h"

#include "charts/chart_view.h"

#include <QChart>
#include <QEvent>
#include <QGraphicsScene>
#include <QLegend>
#include <QLegendMarker>
#include <QPainter>
#include <QScrollArea>
#include <QScrollBar>

#include <algorithm>
#include <cmath>

namespace gpui
{

namespace
{
constexpr int kPadding = 4; // above and below the rows, and left of the first entry
constexpr int kKeyGap = 4; // between a colour key and its name
constexpr int kEntryGap = 14; // between one entry's name and the next entry's key
} // namespace

StickyLegend::StickyLegend(QScrollArea* area, ChartView* view)
    : QWidget(area->viewport())
    , m_area(area)
    , m_view(view)
{
    setObjectName(QStringLiteral("stickyLegend"));
    setAttribute(Qt::WA_TransparentForMouseEvents); // the wheel and clicks reach the chart under it
    setAutoFillBackground(false);
    hide();
    connect(area->verticalScrollBar(), &QScrollBar::valueChanged, this, [this] { refresh(); });
    connect(area->verticalScrollBar(), &QScrollBar::rangeChanged, this, [this] { refresh(); });
    // A chart replaced (a new answer, another language) or laid out again: the entries and where the legend lies.
    connect(view->scene(), &QGraphicsScene::changed, this, [this] { refresh(); });
}

QStringList StickyLegend::labels() const
{
    QStringList names;
    if (isVisible())
        for (const Entry& e : m_entries)
            names << e.label;
    return names;
}

void StickyLegend::refresh()
{
    const QChart* chart = m_view ? m_view->chart() : nullptr;
    const QLegend* legend = chart ? chart->legend() : nullptr;
    std::vector<Entry> entries;
    bool wanted = false;
    if (legend && legend->isVisible() && (legend->alignment() == Qt::AlignTop)) {
        // Where the chart's own legend ends, in the viewport: above its top edge, it has scrolled out of sight.
        const QRectF box = chart->mapRectToScene(legend->geometry());
        const int bottom = m_view->mapFromScene(box.bottomLeft()).y() + m_view->y();
        wanted = bottom < 0;
        for (QLegendMarker* marker : legend->markers())
            if (marker->isVisible() && !marker->label().isEmpty())
                entries.push_back({ marker->brush().color(), marker->label() });
    }
    wanted = wanted && !entries.empty();
    const bool changed = entries.size() != m_entries.size()
        || !std::equal(entries.begin(), entries.end(), m_entries.begin(),
            [](const Entry& a, const Entry& b) { return a.color == b.color && a.label == b.label; });
    m_entries = std::move(entries);
    if (!wanted) {
        if (isVisible())
            hide();
        return;
    }
    setFont(legend->font());
    const int width = m_area->viewport()->width();
    const QRect place(0, 0, width, layOut(false));
    if (geometry() != place)
        setGeometry(place);
    if (!isVisible())
        show();
    raise();
    if (changed)
        update();
}

int StickyLegend::layOut(bool paint, QPainter* painter) const
{
    const QFontMetrics metrics(font());
    const int line = metrics.height();
    const int key = int(std::round(line * 0.6));
    const int room = std::max(1, m_area->viewport()->width() - 2 * kPadding);
    int x = kPadding;
    int y = kPadding;
    for (const Entry& e : m_entries) {
        const int entryWidth = key + kKeyGap + metrics.horizontalAdvance(e.label);
        if (x > kPadding && x + entryWidth > room + kPadding) {
            x = kPadding;
            y += line;
        }
        if (paint) {
            const QRect keyBox(x, y + (line - key) / 2, key, key);
            painter->fillRect(keyBox, e.color);
            painter->setPen(e.color.darker(115));
            painter->drawRect(keyBox.adjusted(0, 0, -1, -1));
            painter->setPen(palette().color(QPalette::WindowText));
            painter->drawText(QRect(x + key + kKeyGap, y, entryWidth - key - kKeyGap, line),
                Qt::AlignLeft | Qt::AlignVCenter, e.label);
        }
        x += entryWidth + kEntryGap;
    }
    return y + line + kPadding;
}

void StickyLegend::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    // Opaque, with a line under it: the bars scroll beneath it.
    painter.fillRect(rect(), palette().color(QPalette::Base));
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(0, height() - 1, width(), height() - 1);
    layOut(true, &painter);
}

} // namespace gpui
