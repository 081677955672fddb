#include "tool_tip_width.h"

#include <QApplication>
#include <QEvent>
#include <QLabel>
#include <QScopedValueRollback>
#include <QScreen>

#include <algorithm>

namespace gpui
{

namespace
{

// Qt's tip window (qtooltip.cpp's QTipLabel, a QLabel named "qtooltip_label").
bool isToolTipWindow(const QObject* object)
{
    return object->isWidgetType() && object->inherits("QTipLabel");
}

} // namespace

ToolTipWidth::ToolTipWidth(QObject* parent)
    : QObject(parent)
{
}

ToolTipWidth::~ToolTipWidth() = default;

void ToolTipWidth::install()
{
    QCoreApplication* app = QCoreApplication::instance();
    if (!app || app->findChild<ToolTipWidth*>(QString(), Qt::FindDirectChildrenOnly))
        return;
    app->installEventFilter(new ToolTipWidth(app));
}

int ToolTipWidth::readableWidth(const QLabel& tip)
{
    int width = tip.fontMetrics().averageCharWidth() * 70;
    if (const QScreen* screen = tip.screen())
        width = std::min(width, screen->availableGeometry().width() / 3);
    return std::max(width, 200);
}

bool ToolTipWidth::eventFilter(QObject* watched, QEvent* event)
{
    // QTipLabel::updateSize resizes the tip for its new text; a hidden new tip gets that resize when it is shown.
    if ((event->type() == QEvent::Resize || event->type() == QEvent::Show) && !m_fitting && isToolTipWindow(watched))
        fit(*static_cast<QLabel*>(watched));
    return QObject::eventFilter(watched, event);
}

void ToolTipWidth::fit(QLabel& tip)
{
    const int limit = readableWidth(tip);
    if (tip.width() <= limit)
        return;
    const QScopedValueRollback<bool> guard(m_fitting, true);
    tip.setWordWrap(true);
    tip.resize(limit, tip.heightForWidth(limit));
}

} // namespace gpui
