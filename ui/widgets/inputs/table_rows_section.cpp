#include "widgets/inputs/table_rows_section.h"
#include "core_text.h"
#include "widgets/inputs/field_text.h"
#include "widgets/inputs_panel.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QHash>
#include <QSet>
#include <QVBoxLayout>

namespace gpui
{

namespace
{

// The last input Tab reaches in `form` (its rows' fields, in the keyboard's order); nullptr when none takes Tab.
QWidget* lastTabStopOf(QFormLayout* form)
{
    for (int row = form->rowCount() - 1; row >= 0; --row) {
        for (QFormLayout::ItemRole role : { QFormLayout::FieldRole, QFormLayout::SpanningRole }) {
            QLayoutItem* item = form->itemAt(row, role);
            QWidget* field = item ? item->widget() : nullptr;
            if (!field)
                continue;
            // The field and its children, which follow it in the focus chain.
            QWidget* last = (field->focusPolicy() & Qt::TabFocus) && !field->focusProxy() ? field : nullptr;
            for (QWidget* w = field->nextInFocusChain(); w != field && field->isAncestorOf(w);
                 w = w->nextInFocusChain())
                if ((w->focusPolicy() & Qt::TabFocus) && !w->focusProxy())
                    last = w;
            if (last)
                return last;
        }
    }
    return nullptr;
}

} // namespace

TableRowsSection::TableRowsSection(SectionKit& kit, QVBoxLayout* outer, const TableRowForms& forms,
    std::function<void(const gp::PlanField&, const nlohmann::json&)> edited)
    : m_kit(&kit)
{
    QSet<QString> handMade;
    for (QWidget* input : kit.panel()->findChildren<QWidget*>())
        if (const QVariant tag = input->property("planField"); tag.isValid())
            handMade.insert(tag.toString());
    QFormLayout* details = nullptr;
    m_detailsGroup
        = kit.group([] { return InputsPanel::tr("Training details"); }, &details, QStringLiteral("workload"));
    m_detailsGroup->setObjectName(QStringLiteral("detailsGroup"));
    QFormLayout* assumptions = nullptr;
    m_assumptionsGroup
        = kit.group([] { return InputsPanel::tr("Assumptions"); }, &assumptions, QStringLiteral("assumptions"));
    m_assumptionsGroup->setObjectName(QStringLiteral("assumptionsGroup"));
    QHash<QFormLayout*, QWidget*> lastInForm; // the hand-made sections' forms: the input a new row follows
    for (const gp::PlanField& field : gp::planFields()) {
        const QString path = QString::fromUtf8(field.path.data(), qsizetype(field.path.size()));
        if (handMade.contains(path))
            continue;
        QFormLayout* form = path.startsWith(QLatin1String("workload.serving.")) ? forms.servingEngine
            : path.startsWith(QLatin1String("workload."))                       ? details
            : path.startsWith(QLatin1String("search."))                         ? forms.parallelism
            : path.startsWith(QLatin1String("billing."))                        ? forms.billing
                                                                                : assumptions;
        auto editor = std::make_unique<FieldEditor>(field);
        FieldEditor* e = editor.get();
        e->edited = [edited, &field](const nlohmann::json& value) { edited(field, value); };
        e->refused = [&kit, path](const QString& message) {
            kit.clearFieldErrors();
            kit.showFieldError(path, message);
        };
        kit.onRetranslate([e] { e->retranslate(); });
        // A row added to a section already in the panel joins the keyboard's order where it is drawn: after its
        // form's last input (a widget reparented into a window goes to the end of its focus chain).
        if (form != details && form != assumptions && !lastInForm.contains(form))
            lastInForm.insert(form, lastTabStopOf(form));
        QWidget* previous = lastInForm.value(form);
        if (field.kind == gp::FieldKind::Boolean)
            form->addRow(QString(), kit.withError(e->input(), path));
        else
            kit.addRow(
                form, [path] { return FieldText::label(path.toStdString()); }, e->input(), path);
        if (previous) {
            QWidget::setTabOrder(previous, e->input());
            lastInForm.insert(form, e->input());
        }
        m_editors.push_back(std::move(editor));
    }
    outer->addWidget(m_detailsGroup);
    outer->addWidget(m_assumptionsGroup);
}

TableRowsSection::~TableRowsSection() = default;

void TableRowsSection::setPlan(const gp::Plan& plan)
{
    for (const auto& editor : m_editors)
        editor->show(plan);
}

void TableRowsSection::showTextProblems()
{
    for (const auto& editor : m_editors)
        if (const QString problem = editor->textProblem(); !problem.isEmpty())
            m_kit->showFieldError(
                QString::fromUtf8(editor->field().path.data(), qsizetype(editor->field().path.size())), problem);
}

void TableRowsSection::showState(const InputsState& state)
{
    m_detailsGroup->setVisible(state.mode == gp::Mode::Training);
    // The layers the freeze technique trains count only with it: under another technique the row is off and says
    // so (it stood, editable, at 2 under a full fine-tune).
    for (const auto& editor : m_editors)
        if (editor->field().path == "workload.freeze_trainable_layers") {
            const bool freeze = state.technique == gp::Technique::Freeze;
            editor->input()->setEnabled(freeze);
            editor->input()->setToolTip(freeze ? FieldText::toolTip(editor->field().path)
                                               : InputsPanel::tr("Counts only with the %1 technique: choose it above")
                                                     .arg(CoreText::technique(gp::Technique::Freeze)));
        }
}

} // namespace gpui
