// A tornado chart: one horizontal bar per uncertain input, from the figure at the input's low end to the figure at
// its high end, around the point estimate (a vertical line), widest bar on top. Painted directly: each bar has two
// halves coloured by which end of the input they come from, which a stacked bar series cannot colour per bar.
#pragma once

#include <QString>
#include <QWidget>

#include <functional>
#include <vector>

namespace gpui
{

class TornadoChart : public QWidget
{
    Q_OBJECT
public:
    struct Bar {
        QString label; // the input, in words
        double low = 0; // the figure with the input at its low end
        double high = 0; // ... at its high end
        QString lowText; // tooltip / label text of each end ("¥1,050")
        QString highText;
    };

    explicit TornadoChart(QWidget* parent = nullptr);
    ~TornadoChart() override;

    // Bars in the order given (the caller sorts them widest first); `point` is the estimate they spread around.
    void setBars(std::vector<Bar> bars, double point, const QString& pointText);
    const std::vector<Bar>& bars() const { return m_bars; }
    double point() const { return m_point; }
    // Legend texts of the two ends and the point line.
    void setLegend(const QString& lowEnd, const QString& highEnd, const QString& point);
    // The value formatter for the axis ticks (default: the number).
    void setAxisFormatter(std::function<QString(double)> format);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRectF plotRect() const;
    double toX(double value, const QRectF& plot) const;
    int barAt(const QPoint& position) const;

    std::vector<Bar> m_bars;
    double m_point = 0;
    QString m_pointText;
    QString m_lowLegend;
    QString m_highLegend;
    QString m_pointLegend;
    double m_min = 0;
    double m_max = 1;
    std::function<QString(double)> m_format;
};

} // namespace gpui
