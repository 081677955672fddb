// The tornado chart.
#include "charts/tornado_chart.h"

#include "theme.h"

#include <QEvent>
#include <QFontMetrics>
#include <QHelpEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace gpui
{

namespace
{

constexpr int kBarHeight = 26;
constexpr int kBarGap = 12;
constexpr int kMargin = 12;
constexpr int kLegendHeight = 28;
constexpr int kAxisHeight = 28;

// A step of 1, 2 or 5 x 10^k giving about `ticks` ticks over `span`.
double tickStep(double span, int ticks)
{
    if (!(span > 0) || !std::isfinite(span))
        return 1;
    const double raw = span / std::max(1, ticks);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : { 1.0, 2.0, 2.5, 5.0, 10.0 })
        if (raw <= m * magnitude)
            return m * magnitude;
    return 10 * magnitude;
}

} // namespace

TornadoChart::TornadoChart(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("tornadoChart"));
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    m_format = [](double v) { return QString::number(v, 'g', 4); };
}

TornadoChart::~TornadoChart() = default;

void TornadoChart::setBars(std::vector<Bar> bars, double point, const QString& pointText)
{
    m_bars = std::move(bars);
    m_point = point;
    m_pointText = pointText;
    double lo = point, hi = point;
    for (const Bar& b : m_bars) {
        for (double v : { b.low, b.high })
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
    }
    const double pad = std::max((hi - lo) * 0.08, std::abs(point) * 0.01);
    m_min = lo - pad;
    m_max = hi + pad;
    if (!(m_max > m_min)) {
        m_min = point - 1;
        m_max = point + 1;
    }
    setFixedHeight(sizeHint().height());
    updateGeometry();
    update();
}

void TornadoChart::setLegend(const QString& lowEnd, const QString& highEnd, const QString& point)
{
    m_lowLegend = lowEnd;
    m_highLegend = highEnd;
    m_pointLegend = point;
    update();
}

void TornadoChart::setAxisFormatter(std::function<QString(double)> format)
{
    if (format)
        m_format = std::move(format);
    update();
}

QSize TornadoChart::sizeHint() const
{
    const int bars = std::max<int>(1, int(m_bars.size()));
    return { 720, kLegendHeight + kAxisHeight + 2 * kMargin + bars * (kBarHeight + kBarGap) };
}

QSize TornadoChart::minimumSizeHint() const
{
    return { 360, kLegendHeight + kAxisHeight + 2 * kMargin + kBarHeight + kBarGap };
}

QRectF TornadoChart::plotRect() const
{
    const QFontMetrics fm(font());
    int labelWidth = 0;
    for (const Bar& b : m_bars)
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(b.label));
    labelWidth = std::min(labelWidth + 16, width() / 3);
    const double left = kMargin + labelWidth;
    const double right = width() - kMargin - fm.horizontalAdvance(QStringLiteral("¥0,000,000")) / 2.0;
    const double top = kMargin + kLegendHeight;
    const double bottom = height() - kMargin - kAxisHeight;
    return QRectF(QPointF(left, top), QPointF(std::max(left + 10, right), std::max(top + 10, bottom)));
}

double TornadoChart::toX(double value, const QRectF& plot) const
{
    return plot.left() + (value - m_min) / (m_max - m_min) * plot.width();
}

int TornadoChart::barAt(const QPoint& position) const
{
    const QRectF plot = plotRect();
    for (std::size_t i = 0; i < m_bars.size(); ++i) {
        const double y = plot.top() + double(i) * (kBarHeight + kBarGap) + kBarGap / 2.0;
        if (position.y() >= y && position.y() <= y + kBarHeight)
            return int(i);
    }
    return -1;
}

bool TornadoChart::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int i = barAt(help->pos());
        if (i >= 0) {
            const Bar& b = m_bars[std::size_t(i)];
            QToolTip::showText(help->globalPos(),
                b.label + QStringLiteral("\n") + m_lowLegend + QStringLiteral(": ") + b.lowText + QStringLiteral("\n")
                    + m_highLegend + QStringLiteral(": ") + b.highText,
                this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(event);
}

void TornadoChart::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const bool dark = isDarkPalette();
    const QColor lowColor = dark ? QColor(0x5d, 0xad, 0xe2) : QColor(0x2e, 0x86, 0xc1);
    const QColor highColor = dark ? QColor(0xf0, 0xa0, 0x4b) : QColor(0xd3, 0x54, 0x00);
    const QColor text = pal.color(QPalette::Text);
    QColor grid = text;
    grid.setAlpha(40);
    const QFontMetrics fm(font());
    const QRectF plot = plotRect();

    // Legend.
    double x = plot.left();
    const double ly = kMargin + (kLegendHeight - fm.height()) / 2.0;
    for (auto [color, label] : { std::pair { lowColor, m_lowLegend }, std::pair { highColor, m_highLegend } }) {
        if (label.isEmpty())
            continue;
        p.fillRect(QRectF(x, ly + 2, 14, fm.height() - 4), color);
        p.setPen(text);
        p.drawText(QPointF(x + 20, ly + fm.ascent()), label);
        x += 20 + fm.horizontalAdvance(label) + 24;
    }
    if (!m_pointLegend.isEmpty()) {
        p.setPen(QPen(text, 2));
        p.drawLine(QPointF(x + 7, ly), QPointF(x + 7, ly + fm.height()));
        p.drawText(QPointF(x + 16, ly + fm.ascent()), m_pointLegend + QStringLiteral(" ") + m_pointText);
    }

    // Axis ticks and grid.
    const double step = tickStep(m_max - m_min, 6);
    p.setPen(QPen(grid, 1));
    for (double t = std::ceil(m_min / step) * step; t <= m_max + step * 1e-9; t += step) {
        const double tx = toX(t, plot);
        p.setPen(QPen(grid, 1));
        p.drawLine(QPointF(tx, plot.top()), QPointF(tx, plot.bottom()));
        p.setPen(text);
        const QString label = m_format(t);
        p.drawText(QPointF(tx - fm.horizontalAdvance(label) / 2.0, plot.bottom() + 6 + fm.ascent()), label);
    }

    // Bars.
    const double px = toX(m_point, plot);
    for (std::size_t i = 0; i < m_bars.size(); ++i) {
        const Bar& b = m_bars[i];
        const double y = plot.top() + double(i) * (kBarHeight + kBarGap) + kBarGap / 2.0;
        p.setPen(text);
        const QString label = fm.elidedText(b.label, Qt::ElideRight, int(plot.left() - kMargin - 8));
        p.drawText(
            QPointF(plot.left() - 8 - fm.horizontalAdvance(label), y + (kBarHeight + fm.ascent()) / 2.0 - 2), label);
        for (auto [value, color] : { std::pair { b.low, lowColor }, std::pair { b.high, highColor } }) {
            if (!std::isfinite(value))
                continue;
            const double vx = toX(value, plot);
            QRectF r(QPointF(std::min(px, vx), y), QPointF(std::max(px, vx), y + kBarHeight));
            if (r.width() < 1.5)
                r.setWidth(1.5);
            p.fillRect(r, color);
        }
    }
    p.setPen(QPen(text, 2));
    p.drawLine(QPointF(px, plot.top()), QPointF(px, plot.bottom()));
    p.setPen(QPen(grid, 1));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
}

} // namespace gpui
