#include "charts/chart_view.h"

#include "file_access.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QSvgGenerator>
#include <QBuffer>

namespace gpui {

ChartView::ChartView(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    // A chart's few hundred items move together on every relayout; keeping a BSP index of them up to date costs more
    // than the linear scans it saves.
    scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    setMinimumSize(260, 220);
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

namespace {

// All or nothing, every write checked (a full disk leaves the old image, and says so).
bool writeImage(const QString& path, const QByteArray& bytes, QString* error)
{
    const auto written = writeFileAtomically(path, bytes);
    if (!written && error)
        *error = QString::fromStdString(written.error().toString());
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
    menu.addAction(tr("Copy Image"), this, &ChartView::copyToClipboard);
    menu.addAction(tr("Save as PNG or SVG…"), this, &ChartView::saveAs);
    menu.exec(event->globalPos());
}

} // namespace gpui
