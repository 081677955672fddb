#include "charts/category_labels.h"

#include <QBarCategoryAxis>
#include <QChart>
#include <QFont>
#include <QGraphicsLayout>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QTransform>
#include <QVariant>

#include <algorithm>
#include <cmath>

namespace gpui
{

namespace
{

QBarCategoryAxis* bottomCategoryAxis(const QChart& chart)
{
    for (QAbstractAxis* axis : chart.axes(Qt::Horizontal))
        if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis);
            categories && categories->alignment() == Qt::AlignBottom && categories->isVisible())
            return categories;
    return nullptr;
}

// A label's width turned to `angle`, measured as Qt Charts measures it: a text item of the axis' font holding the
// label as rich text (ChartPresenter::textBoundingRect), its box rotated.
qreal turnedLabelWidth(QGraphicsTextItem& item, const QString& label, qreal angle)
{
    item.setHtml(label);
    return QTransform().rotate(angle).mapRect(item.boundingRect()).width();
}

// The same label's height turned to `angle`.
qreal turnedLabelHeight(QGraphicsTextItem& item, const QString& label, qreal angle)
{
    item.setHtml(label);
    return QTransform().rotate(angle).mapRect(item.boundingRect()).height();
}

// Qt Charts' room between the plot and a bottom axis' labels (ChartAxisElement::labelPadding()) and a pixel each
// side for rounding.
constexpr qreal kLabelPadding = 4 + 2;

// Where an axis keeps its labels in full, so that a fit for a larger room can undo one for a smaller room.
constexpr char kFullCategories[] = "gpuiFullCategories";
constexpr char kShortenedCategories[] = "gpuiShortenedCategories";

void relayout(QChart& chart)
{
    if (chart.layout())
        chart.layout()->activate();
}

// `label` (rich text, lines apart by "<br>") with its longest line one character shorter, the middle elided; the
// label itself when no line can lose another character.
QString shortenedLabel(const QString& label)
{
    QStringList lines = label.split(QStringLiteral("<br>"));
    int longest = -1;
    qsizetype longestSize = 0;
    QStringList plain;
    for (int i = 0; i < lines.size(); ++i) {
        plain << QTextDocumentFragment::fromHtml(lines[i]).toPlainText();
        if (plain.back().size() > longestSize) {
            longestSize = plain.back().size();
            longest = i;
        }
    }
    if (longest < 0 || longestSize <= 4)
        return label;
    // Keep the start (the family) and the end (the size) of the line, one character fewer between them.
    const QString text = plain[longest].remove(QChar(0x2026));
    const qsizetype keep = longestSize - 2; // the ellipsis takes one of the remaining characters
    const qsizetype tail = keep / 2;
    lines[longest] = QString(text.left(keep - tail) + QChar(0x2026) + text.right(tail)).toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

// Puts back the labels in full where fitLabelHeights() shortened them (a new set of labels since stays).
void restoreFullLabels(QChart& chart, QBarCategoryAxis& axis)
{
    const QStringList shortened = axis.property(kShortenedCategories).toStringList();
    if (shortened.isEmpty() || shortened != axis.categories())
        return;
    axis.setCategories(axis.property(kFullCategories).toStringList());
    axis.setProperty(kShortenedCategories, QVariant());
    relayout(chart);
}

// Shortens the labels whose turned height runs past the room below the plot (Qt Charts gives a bottom axis at most
// 40% of the chart's height and draws a longer label past the chart's edge, cut): each loses characters from the
// middle of its longest line until it fits. The labels in full stay with the axis for a later, larger room.
void fitLabelHeights(QChart& chart, QBarCategoryAxis& axis, qreal angle)
{
    const QStringList full = axis.categories();
    qreal bottom = chart.size().height() - 1;
    if (QLegend* legend = chart.legend(); legend->isVisible() && legend->alignment() == Qt::AlignBottom)
        bottom = legend->geometry().top();
    const qreal room = bottom - chart.plotArea().bottom() - kLabelPadding;
    QGraphicsTextItem item;
    item.setFont(axis.labelsFont());
    item.document()->setDocumentMargin(0.5);
    QStringList fitted = full;
    for (QString& label : fitted)
        for (QString shorter = label; room > 0 && turnedLabelHeight(item, label, angle) > room; label = shorter) {
            shorter = shortenedLabel(label);
            if (shorter == label || fitted.contains(shorter)) // the axis drops a repeated category
                break;
        }
    if (fitted == full)
        return;
    axis.setProperty(kFullCategories, full);
    axis.setProperty(kShortenedCategories, fitted);
    axis.setCategories(fitted);
    relayout(chart);
}

} // namespace

std::optional<CategoryLabelFit> categoryLabelFit(const QChart& chart, qreal availableWidth)
{
    QBarCategoryAxis* axis = bottomCategoryAxis(chart);
    if (!axis || axis->count() == 0)
        return std::nullopt;
    // The chart's width beside its plot (the value axis, the legend, the margins) stays when the chart widens.
    const qreal besidePlot = std::max<qreal>(0, chart.size().width() - chart.plotArea().width());
    QGraphicsTextItem item;
    item.setFont(axis->labelsFont());
    // Qt's own margin for a label's document (ChartPresenter::textMargin()), and a pixel each side for its rounding.
    item.document()->setDocumentMargin(0.5);
    constexpr qreal kRounding = 2;
    std::optional<CategoryLabelFit> fit;
    for (qreal angle : { 0.0, -35.0, -90.0 }) {
        qreal band = 0;
        for (const QString& label : axis->categories())
            band = std::max(band, turnedLabelWidth(item, label, angle) + kRounding);
        fit = CategoryLabelFit { angle, int(std::ceil(besidePlot + band * axis->count())) };
        if (fit->chartWidth <= availableWidth)
            break;
    }
    return fit;
}

namespace
{

QBarCategoryAxis* leftCategoryAxis(const QChart& chart)
{
    for (QAbstractAxis* a : chart.axes(Qt::Vertical))
        if (auto* categories = qobject_cast<QBarCategoryAxis*>(a);
            categories && categories->alignment() == Qt::AlignLeft && categories->isVisible())
            return categories;
    return nullptr;
}

} // namespace

namespace
{

// Where a left axis keeps its own labels' font while fitCategoryRows() draws them smaller.
constexpr char kOwnLabelsFont[] = "gpuiOwnLabelsFont";

// categoryRowsHeight() with the labels in `font`. The chart's height beside its plot (title, value axis, margins)
// does not depend on the left axis' labels.
int rowsHeight(const QChart& chart, QBarCategoryAxis& axis, const QFont& font)
{
    const qreal besidePlot = std::max<qreal>(0, chart.size().height() - chart.plotArea().height());
    QGraphicsTextItem item;
    item.setFont(font);
    item.document()->setDocumentMargin(0.5);
    constexpr qreal kRounding = 1; // a pixel for rounding
    qreal band = 0;
    for (const QString& label : axis.categories())
        band = std::max(band, turnedLabelHeight(item, label, 0) + kRounding);
    return int(std::ceil(besidePlot + band * axis.count()));
}

} // namespace

std::optional<int> categoryRowsHeight(const QChart& chart)
{
    QBarCategoryAxis* axis = leftCategoryAxis(chart);
    if (!axis || axis->count() == 0)
        return std::nullopt;
    return rowsHeight(chart, *axis, axis->labelsFont());
}

std::optional<int> fitCategoryRows(QChart& chart, qreal availableHeight)
{
    QBarCategoryAxis* axis = leftCategoryAxis(chart);
    if (!axis || axis->count() == 0)
        return std::nullopt;
    const QVariant own = axis->property(kOwnLabelsFont);
    const QFont full = own.isValid() ? own.value<QFont>() : axis->labelsFont();
    QFont font = full;
    const int fullHeight = rowsHeight(chart, *axis, full);
    if (fullHeight > availableHeight && full.pointSizeF() > kSmallestChartPointSize) {
        // Half a point at a time, the largest size that fits; none fits: the axis' own size.
        for (qreal size = full.pointSizeF() - 0.5; size >= kSmallestChartPointSize - 1e-9; size -= 0.5) {
            QFont smaller = full;
            smaller.setPointSizeF(size);
            if (rowsHeight(chart, *axis, smaller) <= availableHeight) {
                font = smaller;
                break;
            }
        }
    }
    if (font == axis->labelsFont())
        return rowsHeight(chart, *axis, font);
    if (!own.isValid())
        axis->setProperty(kOwnLabelsFont, full);
    axis->setLabelsFont(font);
    relayout(chart);
    return rowsHeight(chart, *axis, font);
}

std::optional<int> categoryColumnWidth(const QChart& chart)
{
    QBarCategoryAxis* axis = leftCategoryAxis(chart);
    if (!axis || axis->count() == 0)
        return std::nullopt;
    QGraphicsTextItem item;
    item.setFont(axis->labelsFont());
    item.document()->setDocumentMargin(0.5);
    constexpr qreal kRounding = 2;
    qreal widest = 0;
    for (const QString& label : axis->categories())
        widest = std::max(widest, turnedLabelWidth(item, label, 0) + kRounding);
    // The axis' own width beyond its labels: the padding between labels and plot, the axis line and a tick.
    constexpr qreal kAxisBeyondLabels = kLabelPadding + 4;
    constexpr qreal kMaxAxisPortion = 0.4; // Qt Charts' maxAxisPortion
    // Beside the axes and plot: the chart's left margin and, right of the plot, the margin and the legend.
    const qreal left = chart.margins().left() + 1;
    const qreal right = std::max<qreal>(0, chart.size().width() - chart.plotArea().right());
    return int(std::ceil((widest + kAxisBeyondLabels) / kMaxAxisPortion + left + right));
}

std::optional<CategoryLabelFit> fitCategoryLabels(QChart& chart, qreal availableWidth)
{
    QBarCategoryAxis* axis = bottomCategoryAxis(chart);
    if (!axis)
        return std::nullopt;
    restoreFullLabels(chart, *axis);
    std::optional<CategoryLabelFit> fit = categoryLabelFit(chart, availableWidth);
    if (!fit)
        return fit;
    if (axis->labelsAngle() != int(fit->angle)) {
        axis->setLabelsAngle(int(fit->angle));
        relayout(chart);
    }
    fitLabelHeights(chart, *axis, fit->angle);
    return fit;
}

} // namespace gpui
