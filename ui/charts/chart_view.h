// A chart view that swaps in rebuilt charts, shows hover tooltips, and exports PNG / SVG / clipboard.
#pragma once

#include <QChartView>

namespace gpui {

class ChartView : public QChartView {
    Q_OBJECT
public:
    explicit ChartView(QWidget* parent = nullptr);
    ~ChartView() override;

    // Shows `chart` (taking ownership) and deletes the previous one.
    void replaceChart(QChart* chart);
    // Base name suggested in save dialogs ("memory").
    void setExportName(const QString& name) { m_exportName = name; }

    // Lays the chart out now rather than on Qt's posted layout request, so that a changed chart is painted once in
    // its final layout instead of once before and once after.
    void settleLayout();

    // Renders the chart at `scale` x its on-screen size.
    QImage renderImage(qreal scale = 2.0) const;
    bool savePng(const QString& path, QString* error = nullptr) const;
    bool saveSvg(const QString& path, QString* error = nullptr) const;

public slots:
    void saveAs();
    void copyToClipboard();

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    QString m_exportName = QStringLiteral("chart");
};

} // namespace gpui
