// A small page-layout engine for the report: blocks measured on the target device, paginated, then painted.
#pragma once

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

class QChart;
class QPagedPaintDevice;
class QPaintDevice;
class QPainter;

namespace gpui::report
{

// Colours of the report, chosen to print well in grey scale too.
namespace palette
{
inline const QColor text { 0x22, 0x22, 0x22 };
inline const QColor muted { 0x60, 0x66, 0x70 };
inline const QColor accent { 0x1f, 0x4e, 0x79 };
inline const QColor rule { 0xc8, 0xcf, 0xd8 };
inline const QColor stripe { 0xf3, 0xf5, 0xf8 };
inline const QColor headerFill { 0xe4, 0xea, 0xf2 };
inline const QColor good { 0x1e, 0x7b, 0x34 };
inline const QColor goodFill { 0xe6, 0xf3, 0xe9 };
inline const QColor bad { 0xb3, 0x26, 0x1e };
inline const QColor badFill { 0xfb, 0xec, 0xea };
} // namespace palette

// Device units, fonts and margins of the device being painted (a QPdfWriter or a QPrinter).
class PageStyle
{
public:
    PageStyle(QPaintDevice* device, const QStringList& fontFamilies, double marginMm);

    double pt(double points) const { return points * m_dpi / 72.0; }
    double mm(double millimetres) const { return millimetres * m_dpi / 25.4; }
    QFont font(double pointSize, bool bold = false) const;
    QPaintDevice* device() const { return m_device; }
    // The area blocks are laid into, and the header / footer bands around it.
    QRectF body() const { return m_body; }
    QRectF header() const { return m_header; }
    QRectF footer() const { return m_footer; }
    // Height of `text` wrapped into `width` in `font` (lines break at '\n', between words, and inside a word
    // wider than the line, such as a long instance id).
    double textHeight(const QString& text, const QFont& font, double width) const;
    // Paints `text` wrapped as textHeight() measured it; `alignment` is horizontal.
    void drawText(QPainter& painter, const QRectF& rect, const QString& text, const QFont& font,
        Qt::Alignment alignment = Qt::AlignLeft) const;

private:
    QPaintDevice* m_device;
    double m_dpi;
    QStringList m_families;
    QRectF m_body;
    QRectF m_header;
    QRectF m_footer;
};

class Block
{
public:
    virtual ~Block();
    virtual double height(const PageStyle& style, double width) const = 0;
    virtual void paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const = 0;
    // A table row block that starts a page repeats its table's header first.
    virtual const Block* repeatOnNewPage() const { return nullptr; }

    double spaceAfterPt = 4; // gap below, in points
    bool keepWithNext = false; // headings stay with what follows
    bool pageBreakBefore = false;
};
using BlockPtr = std::unique_ptr<Block>;
using Blocks = std::vector<BlockPtr>;

struct TextStyle {
    double pointSize = 9;
    bool bold = false;
    QColor color = palette::text;
    Qt::Alignment alignment = Qt::AlignLeft;
    bool bullets = false; // each line of the text is a list item with a hanging indent
};

// A wrapped paragraph, or a bulleted list.
class TextBlock : public Block
{
public:
    TextBlock(QString text, TextStyle style);
    const QString& text() const { return m_text; }
    double height(const PageStyle& style, double width) const override;
    void paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const override;

private:
    QString m_text;
    TextStyle m_style;
};

// A section title with a rule beneath; kept with the block after it.
class HeadingBlock : public Block
{
public:
    HeadingBlock(QString text, double pointSize = 13);
    double height(const PageStyle& style, double width) const override;
    void paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const override;
    const QString& text() const { return m_text; }

private:
    QString m_text;
    double m_pointSize;
};

// Label / value pairs, laid out in `pairColumns` side-by-side columns.
class KeyValueBlock : public Block
{
public:
    KeyValueBlock(std::vector<std::pair<QString, QString>> rows, int pairColumns = 1, double pointSize = 8.5,
        double keyFraction = 0.38);
    double height(const PageStyle& style, double width) const override;
    void paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const override;
    const std::vector<std::pair<QString, QString>>& rows() const { return m_rows; }

private:
    std::vector<double> rowHeights(const PageStyle& style, double width) const;
    std::vector<std::pair<QString, QString>> m_rows;
    int m_pairColumns;
    double m_pointSize;
    double m_keyFraction;
};

// A table: header, rows of wrapped cells, relative column widths, per-row emphasis.
struct Table {
    enum class RowKind { Normal, Highlight, Muted, Total };
    QStringList headers;
    std::vector<double> widths; // relative
    std::vector<Qt::Alignment> alignments;
    std::vector<QStringList> rows;
    std::vector<RowKind> kinds;
    double pointSize = 7.5;

    void addRow(QStringList cells, RowKind kind = RowKind::Normal);
    double rowHeight(const PageStyle& style, double width, int row) const; // row -1 = header
    void paintRow(QPainter& painter, const PageStyle& style, const QRectF& rect, int row) const;
};

// A whole table that never splits (small tables inside composite blocks).
class TableBlock : public Block
{
public:
    explicit TableBlock(std::shared_ptr<const Table> table);
    double height(const PageStyle& style, double width) const override;
    void paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const override;

private:
    std::shared_ptr<const Table> m_table;
};

// One row (or the header, row -1) of a long table that may break across pages.
class TableRowBlock : public Block
{
public:
    TableRowBlock(std::shared_ptr<const Table> table, int row, const Block* header);
    double height(const PageStyle& style, double width) const override;
    void paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const override;
    const Block* repeatOnNewPage() const override { return m_header; }

private:
    std::shared_ptr<const Table> m_table;
    int m_row;
    const Block* m_header;
};
// Appends a breakable table (header row then one block per row) to `blocks`.
void appendTable(Blocks& blocks, std::shared_ptr<const Table> table);

// A chart built on demand and painted as vectors into the page.
class ChartBlock : public Block
{
public:
    using Factory = std::function<QChart*()>;
    ChartBlock(Factory factory, double heightMm, QStringList fontFamilies);
    double height(const PageStyle& style, double width) const override;
    void paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const override;
    const Factory& factory() const { return m_factory; } // builds the chart it draws (UI thread)

private:
    Factory m_factory;
    double m_heightMm;
    QStringList m_families;
};

// Blocks stacked vertically and kept on one page, optionally in a shaded, bordered box.
class StackBlock : public Block
{
public:
    explicit StackBlock(
        Blocks children, QColor fill = Qt::transparent, QColor border = Qt::transparent, double paddingPt = 0);
    double height(const PageStyle& style, double width) const override;
    void paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const override;

private:
    Blocks m_children;
    QColor m_fill;
    QColor m_border;
    double m_paddingPt;
};

// Columns of blocks side by side, kept on one page.
class ColumnsBlock : public Block
{
public:
    ColumnsBlock(std::vector<Blocks> columns, double gutterMm = 6);
    double height(const PageStyle& style, double width) const override;
    void paint(QPainter& painter, const PageStyle& style, const QRectF& rect) const override;

private:
    std::vector<Blocks> m_columns;
    double m_gutterMm;
};

// What goes in every page's header and footer.
struct PageDecoration {
    QString headerText; // pages after the first
    QString footerLeft;
    QString pageOfTemplate; // "Page %1 of %2"
};

// Lays `blocks` out on pages of `style` and paints them on `device` through `painter` (already begun).
// Returns the number of pages painted.
int paintDocument(QPainter& painter, QPagedPaintDevice& device, const PageStyle& style, const Blocks& blocks,
    const PageDecoration& decoration);

} // namespace gpui::report
