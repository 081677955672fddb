// The inputs panel in sections (issue #37): the keyboard visits the inputs in the order they are drawn, top to
// bottom and left to right within a row, whatever the plan's mode shows; and each section's group comes in the
// panel's order.
#include "translator.h"
#include "widgets/inputs_panel.h"

#include "plan/plan.h"

#include <QApplication>
#include <QCheckBox>
#include <QGroupBox>
#include <QSpinBox>
#include <QToolButton>

#include <gtest/gtest.h>

using namespace gpui;

namespace
{

gp::Plan sectionsPlan(std::string_view text)
{
    auto plan = gp::parsePlan(text);
    EXPECT_TRUE(plan.ok());
    return plan.ok() ? *plan : gp::Plan {};
}

// The panel's inputs in the keyboard's order, from the first one Tab reaches: visible, enabled, taking Tab.
QList<QWidget*> keyboardOrder(QWidget& panel)
{
    QList<QWidget*> order;
    QWidget* w = &panel;
    for (int i = 0; i < 5000; ++i) {
        w = w->nextInFocusChain();
        if (w == &panel)
            break;
        if (!panel.isAncestorOf(w) || !w->isVisibleTo(&panel) || !w->isEnabled() || !(w->focusPolicy() & Qt::TabFocus))
            continue;
        if (w->focusProxy()) // a spin box's or an editable list's own line takes its Tab
            continue;
        order << w;
    }
    return order;
}

QString describeInput(const QWidget* w)
{
    return QStringLiteral("%1 %2 %3")
        .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), w->property("planField").toString());
}

void expectDrawnOrder(InputsPanel& panel)
{
    panel.resize(460, 4000);
    panel.show();
    QApplication::processEvents();
    const QList<QWidget*> order = keyboardOrder(panel);
    ASSERT_GT(order.size(), 15);
    constexpr int kSameRow = 6; // pixels: inputs of one row differ in their top by less than this
    for (qsizetype i = 1; i < order.size(); ++i) {
        const QPoint before = order[i - 1]->mapTo(&panel, QPoint(0, 0));
        const QPoint after = order[i]->mapTo(&panel, QPoint(0, 0));
        const bool sameRow = std::abs(after.y() - before.y()) < kSameRow;
        EXPECT_TRUE(sameRow ? after.x() > before.x() : after.y() > before.y())
            << "Tab goes from " << describeInput(order[i - 1]).toStdString() << " at (" << before.x() << ", "
            << before.y() << ") to " << describeInput(order[i]).toStdString() << " at (" << after.x() << ", "
            << after.y() << ")";
    }
    panel.hide();
}

} // namespace

TEST(InputsSections, TabVisitsTheInputsInTheOrderTheyAreDrawn)
{
    installLanguage(QStringLiteral("en"));
    gp::Plan manual = sectionsPlan(gp::defaultPlanText());
    manual.search.enabled = false;
    manual.billing.modes = gp::billingModeNames();
    manual.workload.technique = gp::Technique::Lora;
    for (const gp::Plan& plan : { sectionsPlan(gp::defaultPlanText()), manual, sectionsPlan(gp::servingPlanText()) }) {
        SCOPED_TRACE(gp::planToJson(plan).dump());
        InputsPanel panel;
        panel.setPlan(plan);
        expectDrawnOrder(panel);
        // The serving engine's rows behind "Advanced" (hand-made and from the field table) in their place too.
        panel.servingAdvancedButton()->setChecked(true);
        expectDrawnOrder(panel);
    }
}

TEST(InputsSections, EveryGroupOfThePanelIsOneSectionInThePanelsOrder)
{
    installLanguage(QStringLiteral("en"));
    InputsPanel panel;
    QStringList titles;
    for (const QGroupBox* group : panel.findChildren<QGroupBox*>(Qt::FindDirectChildrenOnly))
        titles << group->title();
    const QStringList expected = { QStringLiteral("Report"), QStringLiteral("Model"), QStringLiteral("Workload"),
        QStringLiteral("LoRA adapters"), QStringLiteral("Sequence, batch and data"), QStringLiteral("Inference batch"),
        QStringLiteral("Serving"), QStringLiteral("Parallelism"), QStringLiteral("Objective and billing"),
        QStringLiteral("Training details"), QStringLiteral("Assumptions") };
    EXPECT_EQ(titles, expected);
}
