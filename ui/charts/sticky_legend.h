// A bar chart's legend kept in sight while its scroll area scrolls: with every candidate charted ("show all") the
// chart is taller than its room and its legend sits above the plot (ChartView::fitCategoryLabels), so scrolling down
// the bars took the names of their colours out of sight. Once the chart's own legend has scrolled away, a strip at the
// top of the scroll area's viewport shows the same entries (colour and name, in the chart's language); scrolled back
// up, it goes. The chart itself is unchanged: its images and the report draw its own legend.
#pragma once

#include <QColor>
#include <QPointer>
#include <QStringList>
#include <QWidget>

#include <vector>

class QScrollArea;

namespace gpui
{

class ChartView;

class StickyLegend : public QWidget
{
    Q_OBJECT
public:
    // Watches `view`'s chart inside `area` (the view is the area's widget); made a child of the area's viewport.
    StickyLegend(QScrollArea* area, ChartView* view);

    // The entries shown, for tests (empty while hidden).
    QStringList labels() const;
    // Shows or hides the strip for where the area is scrolled now, with the chart's current entries.
    void refresh();

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    struct Entry {
        QColor color;
        QString label;
    };
    // Lays the entries out over rows of the viewport's width; the strip's height.
    int layOut(bool paint, QPainter* painter = nullptr) const;

    QScrollArea* m_area;
    QPointer<ChartView> m_view; // deleted with the scroll area, possibly before this strip
    std::vector<Entry> m_entries;
};

} // namespace gpui
