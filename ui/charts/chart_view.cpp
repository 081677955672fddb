#include "charts/chart_view.h"

#include "charts/category_labels.h"

#include "core_text.h"
#include "file_access.h"

#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QKeyEvent>
#include <QLegend>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollArea>
#include <QSplitter>
#include <QSvgGenerator>
#include <QWheelEvent>

#include <algorithm>

namespace gpui
{

namespace
{
constexpr int kChartViewMinimumWidth = 260;
constexpr char kResizingProperty[] = "gpuiResizing"; // fitCategoryLabels() runs for a resize
constexpr char kLegendMovedUpProperty[] = "gpuiLegendMovedUp"; // the chart's right legend, above its plot

// A legend right of the plot sits halfway down the chart: in a chart taller than its room ("show all", 160
// candidates in 3,000 px) that is out of sight at the top, where the chart opens. There it goes above the plot, under
// the title; back at the right once the chart fits its room again. True where it moved.
bool placeLegendInSight(QChart& chart, bool tallerThanRoom)
{
    QLegend* legend = chart.legend();
    const bool moved = chart.property(kLegendMovedUpProperty).toBool();
    if (tallerThanRoom && !moved && legend->isVisible() && legend->alignment() == Qt::AlignRight) {
        chart.setProperty(kLegendMovedUpProperty, true);
        legend->setAlignment(Qt::AlignTop);
        return true;
    }
    if (!tallerThanRoom && moved) {
        chart.setProperty(kLegendMovedUpProperty, QVariant());
        legend->setAlignment(Qt::AlignRight);
        return true;
    }
    return false;
}
} // namespace

ChartView::ChartView(QWidget* parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    // A chart's few hundred items move together on every relayout; keeping a BSP index of them up to date costs more
    // than the linear scans it saves.
    scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    setMinimumSize(kChartViewMinimumWidth, m_minimumChartHeight);
    setRubberBand(QChartView::NoRubberBand);
}

ChartView::~ChartView() = default;

void ChartView::replaceChart(QChart* chart)
{
    QChart* old = this->chart();
    setChart(chart);
    // setChart() releases the previous chart rather than deleting it.
    if (old && old != chart)
        delete old;
}

void ChartView::settleLayout()
{
    if (QChart* c = chart(); c && c->layout())
        c->layout()->activate();
}

void ChartView::fitCategoryLabels()
{
    QChart* c = chart();
    if (!c || m_fitting)
        return;
    m_fitting = true;
    settleLayout();
    // The room: the scroll area's viewport where the view sits in one, else the view itself.
    QWidget* room = this;
    if (parentWidget() && qobject_cast<QScrollArea*>(parentWidget()->parentWidget()))
        room = parentWidget();
    const int frame = width() - viewport()->width();
    // Level labels down the left: a row as high as a label for each, the labels smaller where the rows would run
    // past the room (fitCategoryRows); past the room even so, the scroll area scrolls. First: the labels' font sets
    // the width they need.
    const int frameHeight = height() - viewport()->height();
    std::optional<int> rows = room != this ? fitCategoryRows(*c, room->height() - frameHeight) : categoryRowsHeight(*c);
    if (room != this && placeLegendInSight(*c, rows && *rows > room->height() - frameHeight)) {
        settleLayout();
        rows = fitCategoryRows(*c, room->height() - frameHeight);
    }
    const auto fit = gpui::fitCategoryLabels(*c, room->width() - frame);
    const std::optional<int> column = categoryColumnWidth(*c); // level labels down the left, drawn whole
    const int wanted
        = std::max({ kChartViewMinimumWidth, fit ? fit->chartWidth + frame : 0, column ? *column + frame : 0 });
    // Beside another view in a splitter, the room first grows into the neighbour's spare width: a chart that scrolls
    // sideways keeps its legend (right of the plot) and last labels out of sight and loses a scroll bar's height.
    // Only for a new chart or new labels: a resize is the user's (or the neighbour's) choice of widths.
    if (room != this && wanted > room->width() && !property(kResizingProperty).toBool())
        if (auto* splitter = qobject_cast<QSplitter*>(room->parentWidget()->parentWidget());
            splitter && splitter->count() == 2 && splitter->orientation() == Qt::Horizontal) {
            const int at = splitter->indexOf(room->parentWidget());
            QWidget* other = splitter->widget(1 - at);
            QList<int> sizes = splitter->sizes();
            const int spare = sizes[1 - at] - std::max(other->minimumSizeHint().width(), kChartViewMinimumWidth);
            const int grow = std::min(wanted - room->width(), spare);
            if (at >= 0 && grow > 0) {
                sizes[at] += grow;
                sizes[1 - at] -= grow;
                splitter->setSizes(sizes);
            }
        }
    if (minimumWidth() != wanted)
        setMinimumWidth(wanted);
    const int wantedHeight = std::max(m_minimumChartHeight, rows ? *rows + frameHeight : 0);
    if (minimumHeight() != wantedHeight)
        setMinimumHeight(wantedHeight);
    settleLayout();
    m_fitting = false;
}

void ChartView::setMinimumChartHeight(int height)
{
    m_minimumChartHeight = height;
    setMinimumHeight(height);
    fitCategoryLabels();
}

void ChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    setProperty(kResizingProperty, true);
    fitCategoryLabels();
    setProperty(kResizingProperty, false);
}

QImage ChartView::renderImage(qreal scale) const
{
    const QSize size = viewport()->size().isEmpty() ? QSize(800, 500) : viewport()->size();
    QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    const_cast<ChartView*>(this)->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), viewport()->rect());
    return image;
}

namespace
{

// All or nothing, every write checked (a full disk leaves the old image, and says so).
bool writeImage(const QString& path, const QByteArray& bytes, QString* error)
{
    const auto written = writeFileAtomically(path, bytes);
    if (!written && error)
        *error = CoreText::error(written.error());
    return written.ok();
}

} // namespace

bool ChartView::savePng(const QString& path, QString* error) const
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (!renderImage().save(&buffer, "PNG")) {
        if (error)
            *error = tr("cannot encode the PNG image");
        return false;
    }
    return writeImage(path, buffer.data(), error);
}

bool ChartView::saveSvg(const QString& path, QString* error) const
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        const QSize size = viewport()->size().isEmpty() ? QSize(800, 500) : viewport()->size();
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setTitle(chart() ? chart()->title() : QString());
        QPainter painter(&generator);
        const_cast<ChartView*>(this)->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), viewport()->rect());
    }
    return writeImage(path, buffer.data(), error);
}

void ChartView::saveAs()
{
    QString selected;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Chart"), m_exportName + QStringLiteral(".png"),
        tr("PNG image (*.png);;SVG drawing (*.svg)"), &selected);
    if (path.isEmpty())
        return;
    QString error;
    const bool svg = path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)
        || (selected.contains(QLatin1String("svg")) && QFileInfo(path).suffix().isEmpty());
    const bool ok = svg ? saveSvg(path, &error) : savePng(path, &error);
    if (!ok)
        QMessageBox::warning(this, tr("Save Chart"), tr("Could not save %1: %2").arg(path, error));
}

void ChartView::copyToClipboard()
{
    QApplication::clipboard()->setImage(renderImage());
}

void ChartView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    if (m_navigable) {
        menu.addAction(tr("Zoom In"), this, [this] { zoomBy(1.25); });
        menu.addAction(tr("Zoom Out"), this, [this] { zoomBy(0.8); });
        menu.addAction(tr("Reset Zoom"), this, &ChartView::resetZoom);
        menu.addSeparator();
    }
    menu.addAction(tr("Copy Image"), this, &ChartView::copyToClipboard);
    menu.addAction(tr("Save as PNG or SVG…"), this, &ChartView::saveAs);
    menu.exec(event->globalPos());
}

void ChartView::setNavigable(bool on)
{
    m_navigable = on;
    setFocusPolicy(on ? Qt::StrongFocus : Qt::NoFocus);
}

void ChartView::zoomBy(qreal factor)
{
    if (QChart* c = chart(); c && factor > 0)
        c->zoom(factor);
}

void ChartView::resetZoom()
{
    if (QChart* c = chart())
        c->zoomReset();
}

void ChartView::wheelEvent(QWheelEvent* event)
{
    QChart* c = chart();
    if (!m_navigable || !c || event->angleDelta().y() == 0) {
        QChartView::wheelEvent(event);
        return;
    }
    // Around the pointer: the point under it stays where it is.
    const qreal factor = event->angleDelta().y() > 0 ? 1.25 : 0.8;
    const QRectF area = c->plotArea();
    const QPointF at = c->mapFromScene(mapToScene(event->position().toPoint()));
    QRectF zoomed(0, 0, area.width() / factor, area.height() / factor);
    zoomed.moveCenter(at + (area.center() - at) / factor);
    c->zoomIn(zoomed);
    event->accept();
}

void ChartView::keyPressEvent(QKeyEvent* event)
{
    QChart* c = chart();
    if (!m_navigable || !c) {
        QChartView::keyPressEvent(event);
        return;
    }
    const QRectF area = c->plotArea();
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.25);
        break;
    case Qt::Key_Minus:
        zoomBy(0.8);
        break;
    case Qt::Key_0:
    case Qt::Key_Home:
        resetZoom();
        break;
    case Qt::Key_Left:
        c->scroll(-area.width() / 10, 0);
        break;
    case Qt::Key_Right:
        c->scroll(area.width() / 10, 0);
        break;
    case Qt::Key_Up:
        c->scroll(0, area.height() / 10);
        break;
    case Qt::Key_Down:
        c->scroll(0, -area.height() / 10);
        break;
    default:
        QChartView::keyPressEvent(event);
        return;
    }
    event->accept();
}

void ChartView::mousePressEvent(QMouseEvent* event)
{
    m_pressAt = m_lastPan = event->pos();
    m_panning = false;
    QChartView::mousePressEvent(event);
}

void ChartView::mouseMoveEvent(QMouseEvent* event)
{
    // A drag of more than a few pixels with the left button pans; a click still reaches the points.
    if (m_navigable && chart() && (event->buttons() & Qt::LeftButton)) {
        if (!m_panning && (event->pos() - m_pressAt).manhattanLength() > 4)
            m_panning = true;
        if (m_panning) {
            const QPoint delta = event->pos() - m_lastPan;
            chart()->scroll(-delta.x(), delta.y());
            m_lastPan = event->pos();
            event->accept();
            return;
        }
    }
    QChartView::mouseMoveEvent(event);
}

void ChartView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_panning) {
        m_panning = false;
        event->accept();
        return;
    }
    QChartView::mouseReleaseEvent(event);
}

} // namespace gpui
