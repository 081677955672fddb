// A chart view that swaps in rebuilt charts, shows hover tooltips, and exports PNG / SVG / clipboard.
#pragma once

#include <QChartView>

namespace gpui
{

class ChartView : public QChartView
{
    Q_OBJECT
public:
    explicit ChartView(QWidget* parent = nullptr);
    ~ChartView() override;

    // Shows `chart` (taking ownership) and deletes the previous one.
    void replaceChart(QChart* chart);
    // Base name suggested in save dialogs ("memory").
    void setExportName(const QString& name) { m_exportName = name; }
    // Zoom and pan by mouse and keyboard: the wheel zooms around the pointer, dragging pans; + and - zoom, the
    // arrow keys pan, 0 or Home restores the chart's own range (also in the context menu). Off by default.
    void setNavigable(bool on);
    bool isNavigable() const { return m_navigable; }
    void zoomBy(qreal factor); // > 1 zooms in, around the plot's centre
    void resetZoom();

    // Lays the chart out now rather than on Qt's posted layout request, so that a changed chart is painted once in
    // its final layout instead of once before and once after.
    void settleLayout();
    // A bar chart with its categories along the bottom: turns their labels (level, slanted or upright, the first
    // that fits the room the view has) and keeps the view at least as wide as every label needs to be drawn
    // (category_labels.h); with less room its scroll area scrolls. A bar chart with its categories down the left:
    // keeps the view at least as high as every label needs (categoryRowsHeight). Again on every resize.
    void fitCategoryLabels();
    // The view's minimum height when its chart's labels need no more (220 px unless set).
    void setMinimumChartHeight(int height);

    // Renders the chart at `scale` x its on-screen size.
    QImage renderImage(qreal scale = 2.0) const;
    bool savePng(const QString& path, QString* error = nullptr) const;
    bool saveSvg(const QString& path, QString* error = nullptr) const;

public slots:
    void saveAs();
    void copyToClipboard();

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QString m_exportName = QStringLiteral("chart");
    bool m_navigable = false;
    bool m_panning = false;
    bool m_fitting = false;
    int m_minimumChartHeight = 220;
    QPoint m_pressAt;
    QPoint m_lastPan;
};

} // namespace gpui
