// Measuring, paginating and painting report blocks on a paged device.
#include "report_layout.h"

#include "charts/category_labels.h"
#include "job_runner.h"

#include <QAbstractAxis>
#include <QChart>
#include <QCoreApplication>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGuiApplication>
#include <QLegend>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QPicture>
#include <QScreen>
#include <QTextLayout>
#include <QThread>

#include <algorithm>
#include <cmath>

namespace gpui::report
{

namespace
{

// Cell padding in points.
constexpr double kCellPadX = 3.0;
constexpr double kCellPadY = 2.0;

double sum(const std::vector<double>& values)
{
    double total = 0;
    for (double v : values)
        total += v;
    return total;
}

} // namespace

PageStyle::PageStyle(QPaintDevice* device, const QStringList& fontFamilies, double marginMm)
    : m_device(device)
    , m_dpi(device->logicalDpiY() > 0 ? device->logicalDpiY() : 72)
    , m_families(fontFamilies)
{
    const double w = device->width();
    const double h = device->height();
    const double margin = mm(marginMm);
    m_header = QRectF(margin, margin * 0.45, w - 2 * margin, margin * 0.4);
    m_footer = QRectF(margin, h - margin * 0.85, w - 2 * margin, margin * 0.45);
    m_body = QRectF(margin, margin, w - 2 * margin, h - 2 * margin);
}

QFont PageStyle::font(double pointSize, bool bold) const
{
    QFont f;
    f.setFamilies(m_families);
    f.setPointSizeF(pointSize);
    f.setBold(bold);
    f.setHintingPreference(QFont::PreferNoHinting); // outlines as designed; the PDF is scaled when viewed
    // Any letter spacing makes Qt shape without ligatures: an "fi" glyph would be extracted from the PDF as U+FB01,
    // so "fine-tune" could not be found or copied. 1/64 of a device pixel (1/19200 inch) is invisible.
    f.setLetterSpacing(QFont::AbsoluteSpacing, 1.0 / 64.0);
    return f;
}

namespace
{

// Lays out one paragraph per '\n'-separated line; paints it when `painter` is given. Returns the height.
double layoutText(const QString& text, const QFont& font, double width, QPaintDevice* device, Qt::Alignment alignment,
    QPainter* painter, QPointF origin)
{
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    option.setAlignment(alignment & Qt::AlignHorizontal_Mask);
    // One line pitch whatever the script: a line of Chinese (drawn from the CJK fallback, which sits taller) and a
    // line of Latin text beside it in a table share their baselines.
    const QFontMetricsF metrics(font, device);
    QFont cjk = font;
    cjk.setFamilies({ QStringLiteral("Noto Sans CJK SC") });
    const QFontMetricsF cjkMetrics(cjk, device);
    const double ascent = std::max(metrics.ascent(), cjkMetrics.ascent());
    const double descent = std::max(metrics.descent(), cjkMetrics.descent());
    double y = 0;
    const QStringList paragraphs = text.split(QLatin1Char('\n'));
    for (const QString& paragraph : paragraphs) {
        QTextLayout layout(paragraph, font, device);
        layout.setTextOption(option);
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(std::max(width, 1.0));
            line.setPosition(QPointF(0, y + ascent - line.ascent()));
            y += std::max(ascent + descent, line.height());
        }
        layout.endLayout();
        if (painter)
            layout.draw(painter, origin);
    }
    return y;
}

} // namespace

double PageStyle::textHeight(const QString& text, const QFont& font, double width) const
{
    return layoutText(text, font, width, m_device, Qt::AlignLeft, nullptr, {});
}

void PageStyle::drawText(
    QPainter& painter, const QRectF& rect, const QString& text, const QFont& font, Qt::Alignment alignment) const
{
    painter.setFont(font);
    layoutText(text, font, rect.width(), m_device, alignment, &painter, rect.topLeft());
}

Block::~Block() = default;

// --- TextBlock ---------------------------------------------------------------------------------------------

TextBlock::TextBlock(QString text, TextStyle style)
    : m_text(std::move(text))
    , m_style(std::move(style))
{
}

namespace
{

constexpr double kBulletIndentPt = 10;

} // namespace

double TextBlock::height(const PageStyle& style, double width) const
{
    const QFont font = style.font(m_style.pointSize, m_style.bold);
    if (!m_style.bullets)
        return style.textHeight(m_text, font, width);
    double h = 0;
    const double indent = style.pt(kBulletIndentPt);
    for (const QString& item : m_text.split(QLatin1Char('\n')))
        h += style.textHeight(item, font, width - indent) + style.pt(1);
    return h;
}

void TextBlock::paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const
{
    const QFont font = style.font(m_style.pointSize, m_style.bold);
    painter.setPen(m_style.color);
    if (!m_style.bullets) {
        style.drawText(painter, rect, m_text, font, m_style.alignment);
        return;
    }
    const double indent = style.pt(kBulletIndentPt);
    double y = rect.top();
    for (const QString& item : m_text.split(QLatin1Char('\n'))) {
        const double h = style.textHeight(item, font, rect.width() - indent);
        style.drawText(painter, QRectF(rect.left() + style.pt(2), y, indent, h), QStringLiteral("•"), font);
        style.drawText(painter, QRectF(rect.left() + indent, y, rect.width() - indent, h), item, font);
        y += h + style.pt(1);
    }
}

// --- HeadingBlock ------------------------------------------------------------------------------------------

HeadingBlock::HeadingBlock(QString text, double pointSize)
    : m_text(std::move(text))
    , m_pointSize(pointSize)
{
    keepWithNext = true;
    spaceAfterPt = 6;
}

double HeadingBlock::height(const PageStyle& style, double width) const
{
    return style.textHeight(m_text, style.font(m_pointSize, true), width) + style.pt(3);
}

void HeadingBlock::paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const
{
    painter.setPen(palette::accent);
    style.drawText(painter, rect, m_text, style.font(m_pointSize, true));
    painter.setPen(QPen(palette::accent, style.pt(0.8)));
    painter.drawLine(QPointF(rect.left(), rect.bottom()), QPointF(rect.right(), rect.bottom()));
}

// --- KeyValueBlock -----------------------------------------------------------------------------------------

KeyValueBlock::KeyValueBlock(
    std::vector<std::pair<QString, QString>> rows, int pairColumns, double pointSize, double keyFraction)
    : m_rows(std::move(rows))
    , m_pairColumns(std::max(1, pairColumns))
    , m_pointSize(pointSize)
    , m_keyFraction(keyFraction)
{
}

std::vector<double> KeyValueBlock::rowHeights(const PageStyle& style, double width) const
{
    const double gutter = style.mm(5);
    const double columnWidth = (width - gutter * (m_pairColumns - 1)) / m_pairColumns;
    const double keyWidth = columnWidth * m_keyFraction;
    const double valueWidth = columnWidth - keyWidth - style.pt(4);
    const QFont keyFont = style.font(m_pointSize, true);
    const QFont valueFont = style.font(m_pointSize);
    const std::size_t lines = (m_rows.size() + std::size_t(m_pairColumns) - 1) / std::size_t(m_pairColumns);
    std::vector<double> heights(lines, 0.0);
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const std::size_t line = i / std::size_t(m_pairColumns); // fill row by row
        const double h = std::max(style.textHeight(m_rows[i].first, keyFont, keyWidth),
            style.textHeight(m_rows[i].second, valueFont, valueWidth));
        heights[line] = std::max(heights[line], h + style.pt(1.6));
    }
    return heights;
}

double KeyValueBlock::height(const PageStyle& style, double width) const
{
    return sum(rowHeights(style, width));
}

void KeyValueBlock::paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const
{
    const auto heights = rowHeights(style, rect.width());
    const double gutter = style.mm(5);
    const double columnWidth = (rect.width() - gutter * (m_pairColumns - 1)) / m_pairColumns;
    const double keyWidth = columnWidth * m_keyFraction;
    const double valueWidth = columnWidth - keyWidth - style.pt(4);
    const QFont keyFont = style.font(m_pointSize, true);
    const QFont valueFont = style.font(m_pointSize);
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const std::size_t column = i % std::size_t(m_pairColumns);
        const std::size_t line = i / std::size_t(m_pairColumns);
        double y = rect.top();
        for (std::size_t k = 0; k < line; ++k)
            y += heights[k];
        const double x = rect.left() + column * (columnWidth + gutter);
        painter.setPen(palette::muted);
        style.drawText(painter, QRectF(x, y, keyWidth, heights[line]), m_rows[i].first, keyFont);
        painter.setPen(palette::text);
        style.drawText(
            painter, QRectF(x + keyWidth + style.pt(4), y, valueWidth, heights[line]), m_rows[i].second, valueFont);
    }
}

// --- Table -------------------------------------------------------------------------------------------------

void Table::addRow(QStringList cells, RowKind kind)
{
    rows.push_back(std::move(cells));
    kinds.push_back(kind);
}

namespace
{

std::vector<double> columnWidths(const Table& table, double width)
{
    const double total = std::max(sum(table.widths), 1e-9);
    std::vector<double> result;
    result.reserve(table.widths.size());
    for (double w : table.widths)
        result.push_back(width * w / total);
    return result;
}

} // namespace

double Table::rowHeight(const PageStyle& style, double width, int row) const
{
    const QStringList& cells = row < 0 ? headers : rows[std::size_t(row)];
    const bool bold = row < 0 || kinds[std::size_t(row)] == RowKind::Total;
    const QFont font = style.font(pointSize, bold);
    const auto widths = columnWidths(*this, width);
    double h = 0;
    for (int c = 0; c < cells.size() && std::size_t(c) < widths.size(); ++c)
        h = std::max(h, style.textHeight(cells[c], font, widths[std::size_t(c)] - 2 * style.pt(kCellPadX)));
    return h + 2 * style.pt(kCellPadY);
}

void Table::paintRow(QPainter& painter, const PageStyle& style, const QRectF& rect, int row) const
{
    const bool header = row < 0;
    const RowKind kind = header ? RowKind::Normal : kinds[std::size_t(row)];
    QColor fill = Qt::transparent;
    if (header)
        fill = palette::headerFill;
    else if (kind == RowKind::Highlight)
        fill = palette::goodFill;
    else if (row % 2 == 1)
        fill = palette::stripe;
    if (fill.alpha() > 0)
        painter.fillRect(rect, fill);

    const QStringList& cells = header ? headers : rows[std::size_t(row)];
    const QFont font = style.font(pointSize, header || kind == RowKind::Total);
    painter.setPen(kind == RowKind::Muted ? palette::muted : palette::text);
    const auto widths = columnWidths(*this, rect.width());
    double x = rect.left();
    for (int c = 0; c < cells.size() && std::size_t(c) < widths.size(); ++c) {
        const QRectF cell(x + style.pt(kCellPadX), rect.top() + style.pt(kCellPadY),
            widths[std::size_t(c)] - 2 * style.pt(kCellPadX), rect.height() - 2 * style.pt(kCellPadY));
        const Qt::Alignment align = std::size_t(c) < alignments.size() ? alignments[std::size_t(c)] : Qt::AlignLeft;
        style.drawText(painter, cell, cells[c], font, align);
        x += widths[std::size_t(c)];
    }
    painter.setPen(QPen(header ? palette::accent : palette::rule, style.pt(header ? 0.7 : 0.4)));
    painter.drawLine(QPointF(rect.left(), rect.bottom()), QPointF(rect.right(), rect.bottom()));
    if (kind == RowKind::Total)
        painter.drawLine(QPointF(rect.left(), rect.top()), QPointF(rect.right(), rect.top()));
}

TableBlock::TableBlock(std::shared_ptr<const Table> table)
    : m_table(std::move(table))
{
}

double TableBlock::height(const PageStyle& style, double width) const
{
    double h = m_table->headers.isEmpty() ? 0 : m_table->rowHeight(style, width, -1);
    for (int r = 0; r < int(m_table->rows.size()); ++r)
        h += m_table->rowHeight(style, width, r);
    return h;
}

void TableBlock::paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const
{
    double y = rect.top();
    for (int r = m_table->headers.isEmpty() ? 0 : -1; r < int(m_table->rows.size()); ++r) {
        const double h = m_table->rowHeight(style, rect.width(), r);
        m_table->paintRow(painter, style, QRectF(rect.left(), y, rect.width(), h), r);
        y += h;
    }
}

TableRowBlock::TableRowBlock(std::shared_ptr<const Table> table, int row, const Block* header)
    : m_table(std::move(table))
    , m_row(row)
    , m_header(header)
{
    spaceAfterPt = 0;
}

double TableRowBlock::height(const PageStyle& style, double width) const
{
    return m_table->rowHeight(style, width, m_row);
}

void TableRowBlock::paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const
{
    m_table->paintRow(painter, style, rect, m_row);
}

void appendTable(Blocks& blocks, std::shared_ptr<const Table> table)
{
    auto header = std::make_unique<TableRowBlock>(table, -1, nullptr);
    header->keepWithNext = true;
    const Block* headerPointer = header.get();
    blocks.push_back(std::move(header));
    for (int r = 0; r < int(table->rows.size()); ++r)
        blocks.push_back(std::make_unique<TableRowBlock>(table, r, headerPointer));
    blocks.back()->spaceAfterPt = 8;
}

// --- ChartBlock --------------------------------------------------------------------------------------------

namespace
{

// Scene width the chart is laid out in before being scaled onto the page: a typical window width, so the
// chart's own font sizes and margins keep their on-screen proportions.
constexpr double kChartSceneWidth = 820;

// Point sizes resolve against the painting device's DPI but the chart lays out against the screen's; pixel
// sizes mean the same in both, so text stays where the layout put it once scaled onto the page.
QFont pixelSized(QFont font, const QStringList& families)
{
    const QScreen* screen = QGuiApplication::primaryScreen();
    const double dpi = screen ? screen->logicalDotsPerInchY() : 96.0;
    if (font.pixelSize() <= 0)
        font.setPixelSize(std::max(1, int(std::lround(font.pointSizeF() * dpi / 72.0))));
    if (!families.isEmpty())
        font.setFamilies(families);
    font.setLetterSpacing(QFont::AbsoluteSpacing, 1.0 / 64.0); // no ligatures, as in PageStyle::font()
    return font;
}

void fixChartFonts(QChart* chart, const QStringList& families)
{
    chart->setTitleFont(pixelSized(chart->titleFont(), families));
    if (chart->legend())
        chart->legend()->setFont(pixelSized(chart->legend()->font(), families));
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(pixelSized(axis->labelsFont(), families));
        axis->setTitleFont(pixelSized(axis->titleFont(), families));
    }
}

// Annotations the chart builders add as plain text items get the same treatment.
void fixItemFonts(QGraphicsItem* item, const QStringList& families)
{
    if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item))
        text->setFont(pixelSized(text->font(), families));
    else if (auto* rich = dynamic_cast<QGraphicsTextItem*>(item); rich && rich->font().pixelSize() <= 0)
        rich->setFont(pixelSized(rich->font(), families));
    for (QGraphicsItem* child : item->childItems())
        fixItemFonts(child, families);
}

} // namespace

ChartBlock::ChartBlock(Factory factory, double heightMm, QStringList fontFamilies)
    : m_factory(std::move(factory))
    , m_heightMm(heightMm)
    , m_families(std::move(fontFamilies))
{
    spaceAfterPt = 8;
}

double ChartBlock::height(const PageStyle& style, double) const
{
    return style.mm(m_heightMm);
}

namespace
{

// Builds the chart laid out in a scene of `size` and hands the scene to `paint`. UI thread only: a chart is a
// QGraphicsWidget.
void paintChartScene(const ChartBlock::Factory& factory, const QStringList& families, const QSizeF& size,
    const std::function<void(QGraphicsScene&)>& paint)
{
    QChart* chart = factory();
    if (!chart)
        return;
    QGraphicsScene scene;
    scene.addItem(chart); // the scene owns and deletes the chart
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setDropShadowEnabled(false);
    chart->setBackgroundRoundness(0);
    chart->setBackgroundPen(Qt::NoPen);
    fixChartFonts(chart, families);
    chart->setGeometry(QRectF(QPointF(0, 0), size));
    if (chart->layout())
        chart->layout()->activate();
    // Bar labels turned as far as the page's width needs to draw them all (category_labels.h).
    if (fitCategoryLabels(*chart, size.width()) && chart->layout())
        chart->layout()->activate();
    fixItemFonts(chart, families);
    scene.setSceneRect(QRectF(QPointF(0, 0), size));
    paint(scene);
}

} // namespace

void ChartBlock::paint(QPainter& painter, const PageStyle&, const QRectF& rect) const
{
    if (!m_factory || rect.width() <= 0 || rect.height() <= 0)
        return;
    const QSizeF size(kChartSceneWidth, kChartSceneWidth * rect.height() / rect.width());
    painter.save();
    painter.setClipRect(rect);
    if (QThread::currentThread() == QCoreApplication::instance()->thread()) {
        // On the UI thread (the CLI's export, printing): the scene is painted straight onto the page.
        paintChartScene(m_factory, m_families, size,
            [&](QGraphicsScene& scene) { scene.render(&painter, rect, scene.sceneRect(), Qt::KeepAspectRatio); });
    } else {
        // In a background export the UI thread builds the chart and records its paint commands; the page replays
        // them scaled from the scene into the rect: the same vectors and text as above.
        QPicture picture;
        const bool recorded = runOnUiThread([&] {
            paintChartScene(m_factory, m_families, size, [&](QGraphicsScene& scene) {
                QPainter recorder(&picture);
                recorder.setRenderHint(QPainter::Antialiasing);
                recorder.setRenderHint(QPainter::TextAntialiasing);
                scene.render(&recorder, scene.sceneRect(), scene.sceneRect());
            });
        });
        if (recorded && !picture.isNull()) {
            // QPicture replays its commands scaled by the page's resolution over the one it was recorded at (the
            // screen's, QPicture::exec): undone here, so the scene maps onto the rect as on the UI thread (without
            // it a 300 dpi page drew the chart three times too large).
            const double scale = std::min(rect.width() / size.width(), rect.height() / size.height());
            const QPaintDevice* page = painter.device();
            painter.translate(rect.topLeft());
            painter.scale(scale * picture.logicalDpiX() / page->logicalDpiX(),
                scale * picture.logicalDpiY() / page->logicalDpiY());
            painter.drawPicture(QPointF(0, 0), picture);
        }
    }
    painter.restore();
}

// --- StackBlock / ColumnsBlock -----------------------------------------------------------------------------

StackBlock::StackBlock(Blocks children, QColor fill, QColor border, double paddingPt)
    : m_children(std::move(children))
    , m_fill(fill)
    , m_border(border)
    , m_paddingPt(paddingPt)
{
}

double StackBlock::height(const PageStyle& style, double width) const
{
    const double inner = width - 2 * style.pt(m_paddingPt);
    double h = 2 * style.pt(m_paddingPt);
    for (std::size_t i = 0; i < m_children.size(); ++i) {
        h += m_children[i]->height(style, inner);
        if (i + 1 < m_children.size())
            h += style.pt(m_children[i]->spaceAfterPt);
    }
    return h;
}

void StackBlock::paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const
{
    if (m_fill.alpha() > 0 || m_border.alpha() > 0) {
        painter.save();
        painter.setPen(m_border.alpha() > 0 ? QPen(m_border, style.pt(0.8)) : QPen(Qt::NoPen));
        painter.setBrush(m_fill.alpha() > 0 ? QBrush(m_fill) : QBrush(Qt::NoBrush));
        painter.drawRect(rect);
        painter.restore();
    }
    const double pad = style.pt(m_paddingPt);
    const double inner = rect.width() - 2 * pad;
    double y = rect.top() + pad;
    for (const auto& child : m_children) {
        const double h = child->height(style, inner);
        painter.save();
        child->paint(painter, style, QRectF(rect.left() + pad, y, inner, h));
        painter.restore();
        y += h + style.pt(child->spaceAfterPt);
    }
}

ColumnsBlock::ColumnsBlock(std::vector<Blocks> columns, double gutterMm)
    : m_columns(std::move(columns))
    , m_gutterMm(gutterMm)
{
}

double ColumnsBlock::height(const PageStyle& style, double width) const
{
    if (m_columns.empty())
        return 0;
    const double gutter = style.mm(m_gutterMm);
    const double columnWidth = (width - gutter * double(m_columns.size() - 1)) / double(m_columns.size());
    double tallest = 0;
    for (const auto& column : m_columns) {
        double h = 0;
        for (std::size_t i = 0; i < column.size(); ++i) {
            h += column[i]->height(style, columnWidth);
            if (i + 1 < column.size())
                h += style.pt(column[i]->spaceAfterPt);
        }
        tallest = std::max(tallest, h);
    }
    return tallest;
}

void ColumnsBlock::paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const
{
    if (m_columns.empty())
        return;
    const double gutter = style.mm(m_gutterMm);
    const double columnWidth = (rect.width() - gutter * double(m_columns.size() - 1)) / double(m_columns.size());
    for (std::size_t c = 0; c < m_columns.size(); ++c) {
        const double x = rect.left() + double(c) * (columnWidth + gutter);
        double y = rect.top();
        for (const auto& block : m_columns[c]) {
            const double h = block->height(style, columnWidth);
            painter.save();
            block->paint(painter, style, QRectF(x, y, columnWidth, h));
            painter.restore();
            y += h + style.pt(block->spaceAfterPt);
        }
    }
}

// --- Pagination --------------------------------------------------------------------------------------------

namespace
{

struct Placement {
    const Block* block;
    QRectF rect;
};

void paintDecoration(QPainter& painter, const PageStyle& style, const PageDecoration& decoration, int page, int pages)
{
    painter.save();
    painter.setFont(style.font(7));
    painter.setPen(palette::muted);
    if (page > 0 && !decoration.headerText.isEmpty()) {
        const QRectF header = style.header();
        painter.drawText(header, Qt::AlignLeft | Qt::AlignBottom, decoration.headerText);
        painter.setPen(QPen(palette::rule, style.pt(0.5)));
        painter.drawLine(QPointF(header.left(), header.bottom() + style.pt(2)),
            QPointF(header.right(), header.bottom() + style.pt(2)));
        painter.setPen(palette::muted);
    }
    const QRectF footer = style.footer();
    painter.drawText(footer, Qt::AlignLeft | Qt::AlignBottom, decoration.footerLeft);
    painter.drawText(footer, Qt::AlignRight | Qt::AlignBottom, decoration.pageOfTemplate.arg(page + 1).arg(pages));
    painter.setPen(QPen(palette::rule, style.pt(0.5)));
    painter.drawLine(QPointF(footer.left(), footer.top()), QPointF(footer.right(), footer.top()));
    painter.restore();
}

} // namespace

int paintDocument(QPainter& painter, QPagedPaintDevice& device, const PageStyle& style, const Blocks& blocks,
    const PageDecoration& decoration)
{
    const QRectF body = style.body();
    const double width = body.width();
    std::vector<double> heights;
    heights.reserve(blocks.size());
    for (const auto& block : blocks)
        heights.push_back(block->height(style, width));

    std::vector<std::vector<Placement>> pages(1);
    double y = body.top();
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const Block* block = blocks[i].get();
        if (block->pageBreakBefore && !pages.back().empty()) {
            pages.emplace_back();
            y = body.top();
        }
        // A heading (and a table header) needs room for what it introduces.
        double need = heights[i];
        for (std::size_t j = i; j + 1 < blocks.size() && blocks[j]->keepWithNext; ++j)
            need += style.pt(blocks[j]->spaceAfterPt) + heights[j + 1];
        if (need > body.height())
            need = heights[i];
        if (y + need > body.bottom() && !pages.back().empty()) {
            pages.emplace_back();
            y = body.top();
            if (const Block* header = block->repeatOnNewPage()) {
                const double h = header->height(style, width);
                pages.back().push_back({ header, QRectF(body.left(), y, width, h) });
                y += h;
            }
        }
        pages.back().push_back({ block, QRectF(body.left(), y, width, heights[i]) });
        y += heights[i] + style.pt(block->spaceAfterPt);
    }

    // In a background job: progress by blocks painted, and Cancel stops at the next block (the caller then writes
    // nothing).
    JobControl* job = JobControl::current();
    const int pageCount = int(pages.size());
    std::size_t painted = 0;
    for (int p = 0; p < pageCount; ++p) {
        if (p > 0)
            device.newPage();
        paintDecoration(painter, style, decoration, p, pageCount);
        for (const Placement& placement : pages[std::size_t(p)]) {
            if (job && job->cancelled())
                return pageCount;
            painter.save();
            placement.block->paint(painter, style, placement.rect);
            painter.restore();
            if (job)
                job->setProgress(0.1 + 0.85 * double(++painted) / double(std::max<std::size_t>(1, blocks.size())));
        }
    }
    return pageCount;
}

} // namespace gpui::report
