// A legend that wraps its entries over rows below the plot (wrapped_legend.h).
#include "charts/wrapped_legend.h"

#include <QBrush>
#include <QChart>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QLegend>
#include <QLegendMarker>
#include <QPen>
#include <QScrollArea>
#include <QTextDocument>
#include <QVariant>

#include <algorithm>
#include <cmath>
#include <vector>

namespace gpui
{

namespace
{

constexpr char kWrappedLegendProperty[] = "gpuiWrappedLegend";

// The entries as items of the chart's scene: a colour key and a name each.
class WrappedLegend : public QObject
{
public:
    WrappedLegend(QChart* chart, int bottomMargin)
        : QObject(chart)
        , m_chart(chart)
        , m_bottomMargin(bottomMargin)
    {
        const QLegend* legend = chart->legend();
        for (QLegendMarker* marker : legend->markers()) {
            Entry entry;
            entry.key = new QGraphicsRectItem(chart);
            entry.key->setBrush(marker->brush());
            entry.key->setPen(QPen(marker->brush().color().darker(115), 0));
            entry.name = new QGraphicsTextItem(chart);
            entry.name->setFont(legend->font());
            entry.name->setDefaultTextColor(legend->labelColor());
            entry.name->document()->setDocumentMargin(0);
            entry.name->setPlainText(marker->label());
            m_entries.push_back(entry);
        }
    }

    int rows() const { return m_rows; }

    void layOut()
    {
        if (m_entries.empty() || m_layingOut)
            return;
        m_layingOut = true;
        const QMargins margins = m_chart->margins();
        qreal width = std::max<qreal>(1, m_chart->size().width() - margins.left() - margins.right());
        if (const qreal shown = shownWidth(); shown > 0)
            width = std::min(width, std::max<qreal>(1, shown - margins.left() - margins.right()));
        qreal lineHeight = 0;
        for (const Entry& e : m_entries)
            lineHeight = std::max(lineHeight, e.name->boundingRect().height());
        const qreal keySize = std::round(lineHeight * 0.6);
        constexpr qreal kKeyGap = 4; // between a key and its name
        constexpr qreal kEntryGap = 14; // between one entry's name and the next entry's key
        // Rows first: as many entries on a row as its width holds (at least one).
        std::vector<std::vector<std::size_t>> rows(1);
        std::vector<qreal> rowWidths(1, 0);
        for (std::size_t i = 0; i < m_entries.size(); ++i) {
            const qreal entryWidth = keySize + kKeyGap + m_entries[i].name->boundingRect().width();
            const qreal needed = rows.back().empty() ? entryWidth : rowWidths.back() + kEntryGap + entryWidth;
            if (!rows.back().empty() && needed > width) {
                rows.emplace_back();
                rowWidths.push_back(entryWidth);
            } else {
                rowWidths.back() = needed;
            }
            rows.back().push_back(i);
        }
        m_rows = int(rows.size());
        constexpr qreal kAbovePlot = 6; // between the value axis' title and the first row
        const qreal height = kAbovePlot + lineHeight * qreal(rows.size());
        const int bottom = m_bottomMargin + int(std::ceil(height));
        if (margins.bottom() != bottom)
            m_chart->setMargins(QMargins(margins.left(), margins.top(), margins.right(), bottom));
        qreal y = m_chart->size().height() - m_bottomMargin - lineHeight * qreal(rows.size());
        for (std::size_t r = 0; r < rows.size(); ++r, y += lineHeight) {
            qreal x = margins.left() + std::max<qreal>(0, (width - rowWidths[r]) / 2);
            for (const std::size_t i : rows[r]) {
                const Entry& e = m_entries[i];
                e.key->setRect(QRectF(x, y + (lineHeight - keySize) / 2, keySize, keySize));
                e.name->setPos(x + keySize + kKeyGap, y);
                x += keySize + kKeyGap + e.name->boundingRect().width() + kEntryGap;
            }
        }
        m_layingOut = false;
    }

private:
    // The width of the chart a scroll area shows (its viewport's, less the view's frame); 0 when the chart is not in
    // one (a chart view on its own, a page of the PDF).
    qreal shownWidth() const
    {
        const QGraphicsScene* scene = m_chart->scene();
        const QGraphicsView* view = scene && !scene->views().isEmpty() ? scene->views().front() : nullptr;
        const QWidget* room = view ? view->parentWidget() : nullptr;
        if (!room || !qobject_cast<const QScrollArea*>(room->parentWidget()))
            return 0;
        return qreal(room->width() - (view->width() - view->viewport()->width()));
    }

    struct Entry {
        QGraphicsRectItem* key = nullptr;
        QGraphicsTextItem* name = nullptr;
    };
    QChart* m_chart;
    int m_bottomMargin; // the chart's own bottom margin, below the rows
    std::vector<Entry> m_entries;
    int m_rows = 0;
    bool m_layingOut = false;
};

WrappedLegend* wrappedLegendOf(const QChart& chart)
{
    QObject* legend = chart.property(kWrappedLegendProperty).value<QObject*>();
    return legend && legend->parent() == &chart ? static_cast<WrappedLegend*>(legend) : nullptr;
}

} // namespace

void wrapLegendBelowPlot(QChart* chart)
{
    if (!chart || wrappedLegendOf(*chart))
        return;
    auto* legend = new WrappedLegend(chart, chart->margins().bottom());
    chart->setProperty(kWrappedLegendProperty, QVariant::fromValue(static_cast<QObject*>(legend)));
    chart->legend()->setVisible(false);
    QObject::connect(chart, &QGraphicsWidget::geometryChanged, legend, [legend] { legend->layOut(); });
    legend->layOut();
}

int wrappedLegendRows(const QChart& chart)
{
    const WrappedLegend* legend = wrappedLegendOf(chart);
    return legend ? legend->rows() : 0;
}

} // namespace gpui
