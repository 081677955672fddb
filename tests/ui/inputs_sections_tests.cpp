// The inputs panel in sections (issue #37): the keyboard visits the inputs in the order they are drawn, top to
// bottom and left to right within a row, whatever the plan's mode shows, and Tab reaches each shown input once; each
// section's group comes in the panel's order; an error on a folded engine row opens its section.
#include "translator.h"
#include "widgets/inputs_panel.h"

#include "plan/plan.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>

#include <gtest/gtest.h>

#include <vector>

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

// The input a focused widget belongs to: a spin box's or a list's own line stands for its box.
QWidget* inputOf(QWidget* w)
{
    while (w && w->parentWidget()
        && (qobject_cast<QAbstractSpinBox*>(w->parentWidget()) || qobject_cast<QComboBox*>(w->parentWidget())))
        w = w->parentWidget();
    return w;
}

// Every input the panel shows, whatever its focus policy: what a user could want to reach with the keyboard.
QList<QWidget*> shownInputs(QWidget& panel)
{
    QList<QWidget*> inputs;
    for (QWidget* w : panel.findChildren<QWidget*>()) {
        const bool input = qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QComboBox*>(w)
            || qobject_cast<QLineEdit*>(w) || qobject_cast<QAbstractButton*>(w) || qobject_cast<QPlainTextEdit*>(w);
        if (input && inputOf(w) == w && w->isVisibleTo(&panel) && w->isEnabled())
            inputs << w;
    }
    return inputs;
}

// Presses Tab from the first input until the focus comes back to it: each shown input once, in the drawn order.
void expectTabVisitsEachInputOnce(InputsPanel& panel)
{
    panel.resize(460, 4000);
    panel.show();
    panel.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&panel));
    const QList<QWidget*> expected = keyboardOrder(panel);
    ASSERT_GT(expected.size(), 15);
    expected.first()->setFocus(Qt::TabFocusReason);
    QApplication::processEvents();
    QList<QWidget*> visited { inputOf(panel.focusWidget()) };
    ASSERT_EQ(visited.first(), expected.first());
    for (int i = 0; i < 2 * expected.size(); ++i) {
        QTest::keyClick(panel.focusWidget(), Qt::Key_Tab);
        QWidget* now = inputOf(panel.focusWidget());
        ASSERT_TRUE(now && panel.isAncestorOf(now)) << "Tab left the panel after " << visited.size() << " inputs";
        if (now == visited.first())
            break;
        EXPECT_FALSE(visited.contains(now)) << "Tab came back to " << describeInput(now).toStdString();
        visited << now;
    }
    EXPECT_EQ(visited, expected);
    QStringList missed;
    for (QWidget* input : shownInputs(panel))
        if (!visited.contains(input))
            missed << describeInput(input);
    EXPECT_TRUE(missed.isEmpty()) << "Tab never reaches: " << missed.join(QStringLiteral("; ")).toStdString();
    panel.hide();
}

// The plans whose inputs the order tests walk: the default training plan, a LoRA plan with the planner off and every
// billing mode, serving and RL.
std::vector<gp::Plan> orderCheckedPlans()
{
    gp::Plan manual = sectionsPlan(gp::defaultPlanText());
    manual.search.enabled = false;
    manual.billing.modes = gp::billingModeNames();
    manual.workload.technique = gp::Technique::Lora;
    return { sectionsPlan(gp::defaultPlanText()), manual, sectionsPlan(gp::servingPlanText()),
        sectionsPlan(gp::rlPlanText()) };
}

} // namespace

TEST(InputsSections, TabReachesEveryShownInputOnceInTheDrawnOrder)
{
    installLanguage(QStringLiteral("en"));
    for (const gp::Plan& plan : orderCheckedPlans()) {
        SCOPED_TRACE(gp::planToJson(plan).dump());
        InputsPanel panel;
        panel.setPlan(plan);
        expectTabVisitsEachInputOnce(panel);
        panel.servingAdvancedButton()->setChecked(true);
        expectTabVisitsEachInputOnce(panel);
    }
}

TEST(InputsSections, TabVisitsTheInputsInTheOrderTheyAreDrawn)
{
    installLanguage(QStringLiteral("en"));
    for (const gp::Plan& plan : orderCheckedPlans()) {
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

// The serving engine's rows fold behind "Advanced": an error on one of them (a hand-made row, a row from the field
// table, text the plan could not take) opens the section, so that the error is seen; other rows leave it folded.
TEST(InputsSections, AnErrorOnAFoldedEngineRowOpensTheAdvancedSection)
{
    installLanguage(QStringLiteral("en"));
    InputsPanel panel;
    panel.setPlan(sectionsPlan(gp::servingPlanText()));
    panel.resize(460, 4000);
    panel.show();
    QApplication::processEvents();
    QToolButton* advanced = panel.servingAdvancedButton();
    auto errorShown = [&panel](const QString& key) {
        const QLabel* error = panel.findChild<QLabel*>(QStringLiteral("error:") + key);
        return error && !error->text().isEmpty() && error->isVisibleTo(&panel);
    };
    ASSERT_FALSE(advanced->isChecked());

    // A row outside the fold: the fold stays as it is.
    const QString prompt = QStringLiteral("workload.serving.prompt_tokens");
    EXPECT_EQ(panel.showFieldError(prompt, QStringLiteral("too long")), prompt);
    EXPECT_TRUE(errorShown(prompt));
    EXPECT_FALSE(advanced->isChecked());

    const QString maxSeqs = QStringLiteral("workload.serving.engine.max_num_seqs");
    const QString maxLen = QStringLiteral("workload.serving.engine.max_model_len");
    ASSERT_NE(panel.fieldInput(maxLen), nullptr);
    for (const QString& key : { maxSeqs, maxLen }) {
        SCOPED_TRACE(key.toStdString());
        panel.clearFieldErrors();
        advanced->setChecked(false);
        ASSERT_FALSE(panel.servingMaxSeqsBox()->isVisibleTo(&panel));
        EXPECT_EQ(panel.showFieldError(key, QStringLiteral("must be at most 16777216")), key);
        EXPECT_TRUE(advanced->isChecked());
        EXPECT_TRUE(errorShown(key));
    }

    // Graph batch sizes the plan cannot take, typed and left while the section was folded again.
    panel.clearFieldErrors();
    advanced->setChecked(false);
    panel.servingGraphBatchSizesBox()->setText(QStringLiteral("8, 4"));
    emit panel.servingGraphBatchSizesBox()->editingFinished();
    EXPECT_TRUE(advanced->isChecked());
    EXPECT_TRUE(errorShown(QStringLiteral("workload.serving.engine.cuda_graph_batch_sizes")));
    panel.hide();
}
