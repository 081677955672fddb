// A chart in the PDF: painted from a background export (recorded on the UI thread, replayed on the page) it is the
// chart the UI thread paints straight onto the page, at the PDF's resolution.
#include "report/report_layout.h"

#include <QApplication>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QImage>
#include <QPainter>
#include <QtConcurrent>

#include <gtest/gtest.h>

using namespace gpui;

namespace
{

QChart* twoBarChart()
{
    auto* chart = new QChart;
    auto* set = new QBarSet(QStringLiteral("GiB per GPU"));
    *set << 40 << 75;
    auto* series = new QBarSeries;
    series->append(set);
    chart->addSeries(series);
    chart->createDefaultAxes();
    chart->setTitle(QStringLiteral("Memory per GPU"));
    return chart;
}

// The block painted into an image of the PDF's 300 dots per inch, on the UI thread or from a worker thread (as the
// window's background export paints it).
QImage paintedAt300Dpi(const report::ChartBlock& block, bool fromWorker)
{
    QImage image(1200, 800, QImage::Format_ARGB32);
    image.fill(Qt::white);
    image.setDotsPerMeterX(qRound(300 / 0.0254));
    image.setDotsPerMeterY(qRound(300 / 0.0254));
    const report::PageStyle style(&image, { QStringLiteral("DejaVu Sans") }, 10);
    auto paint = [&] {
        QPainter painter(&image);
        block.paint(painter, style, QRectF(50, 50, 1100, 700));
    };
    if (!fromWorker) {
        paint();
        return image;
    }
    QFuture<void> done = QtConcurrent::run(paint);
    while (!done.isFinished())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    return image;
}

// Share of pixels whose colours differ by more than a little between two images of one size.
double differingShare(const QImage& a, const QImage& b)
{
    qint64 differing = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QColor ca = a.pixelColor(x, y), cb = b.pixelColor(x, y);
            differing
                += std::abs(ca.red() - cb.red()) + std::abs(ca.green() - cb.green()) + std::abs(ca.blue() - cb.blue())
                > 96;
        }
    return double(differing) / (qint64(a.width()) * a.height());
}

} // namespace

TEST(ReportChartBlock, ABackgroundExportDrawsTheChartTheUiThreadDraws)
{
    const report::ChartBlock block(twoBarChart, 60, { QStringLiteral("DejaVu Sans") });
    const QImage straight = paintedAt300Dpi(block, false);
    const QImage replayed = paintedAt300Dpi(block, true);
    // Something is drawn, and the two agree but for anti-aliasing at the edges (the recording drew the chart three
    // times too large at 300 dpi: half the pixels differed).
    QImage blank(straight.size(), straight.format());
    blank.fill(Qt::white);
    EXPECT_GT(differingShare(straight, blank), 0.01);
    EXPECT_LT(differingShare(straight, replayed), 0.02);
}
