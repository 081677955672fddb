#include "charts/category_labels.h"

#include <QBarCategoryAxis>
#include <QChart>
#include <QGraphicsTextItem>
#include <QTextDocument>
#include <QTransform>

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

std::optional<CategoryLabelFit> fitCategoryLabels(QChart& chart, qreal availableWidth)
{
    const std::optional<CategoryLabelFit> fit = categoryLabelFit(chart, availableWidth);
    if (fit)
        if (QBarCategoryAxis* axis = bottomCategoryAxis(chart); axis->labelsAngle() != int(fit->angle))
            axis->setLabelsAngle(int(fit->angle));
    return fit;
}

} // namespace gpui
