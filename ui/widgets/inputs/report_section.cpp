#include "widgets/inputs/report_section.h"
#include "widgets/inputs_panel.h"

#include "number_format.h"
#include "plan/limits.h"

#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTimer>
#include <QVBoxLayout>

namespace gpui
{

namespace
{

// Runs `leave` when the watched widget loses the keyboard focus (a multi-line field has no editingFinished).
class NotesFocusLeaveWatcher : public QObject
{
public:
    NotesFocusLeaveWatcher(QWidget* watched, std::function<void()> leave)
        : QObject(watched)
        , m_leave(std::move(leave))
    {
        watched->installEventFilter(this);
    }

    bool eventFilter(QObject*, QEvent* event) override
    {
        if (event->type() == QEvent::FocusOut)
            m_leave();
        return false;
    }

private:
    std::function<void()> m_leave;
};

} // namespace

ReportSection::ReportSection(SectionKit& kit, QVBoxLayout* outer)
    : m_kit(kit)
{
    // The report: what the plan is called in the window's title, the PDF and its file name.
    QFormLayout* form = nullptr;
    QGroupBox* reportGroup = kit.group([] { return InputsPanel::tr("Report"); }, &form, QStringLiteral("report"));
    m_title = new QLineEdit;
    m_title->setMaxLength(int(gp::limits::kMaxTitleLength)); // the plan's own limit: a loaded title is never cut
    kit.onRetranslate([this] {
        m_title->setPlaceholderText(InputsPanel::tr("e.g. Qwen2.5-14B LoRA for the support bot"));
        m_title->setToolTip(
            InputsPanel::tr("The plan's title: the PDF report's title, running header and file name use it"));
    });
    kit.addRow(
        form, [] { return InputsPanel::tr("Title"); }, m_title, QStringLiteral("title"));
    m_notes = new QPlainTextEdit;
    m_notes->setTabChangesFocus(true); // Tab moves on, as in every other field
    m_notes->setFixedHeight(m_notes->fontMetrics().lineSpacing() * 4 + 12);
    kit.onRetranslate([this] {
        m_notes->setPlaceholderText(
            InputsPanel::tr("What the plan is for, what was agreed; printed under the report's title"));
        m_notes->setToolTip(InputsPanel::tr("The plan's notes: the PDF report prints them on its first page"));
    });
    kit.addRow(
        form, [] { return InputsPanel::tr("Notes"); }, m_notes, QStringLiteral("notes"));
    outer->addWidget(reportGroup);
    QWidget* panel = kit.panel();
    QObject::connect(m_title, &QLineEdit::editingFinished, panel, [this] {
        if (m_title->text().trimmed().toStdString() != m_kit.plan().title)
            m_kit.edited(FTitle);
    });
    m_notesPause = new QTimer(panel);
    m_notesPause->setSingleShot(true);
    m_notesPause->setInterval(700);
    auto notesEdited = [this] {
        m_notesPause->stop();
        if (m_notes->toPlainText().toStdString() != m_kit.plan().notes)
            m_kit.edited(FNotes);
    };
    QObject::connect(m_notesPause, &QTimer::timeout, panel, notesEdited);
    QObject::connect(m_notes, &QPlainTextEdit::textChanged, panel, [this] {
        if (!m_kit.updating)
            m_notesPause->start();
    });
    new NotesFocusLeaveWatcher(m_notes, notesEdited);
}

void ReportSection::setPlan(const gp::Plan& plan)
{
    showPlanText(m_title, QString::fromStdString(plan.title));
    if (m_notes->toPlainText().toStdString() != plan.notes) {
        m_notesPause->stop();
        m_notes->setPlainText(QString::fromStdString(plan.notes));
    }
}

bool ReportSection::apply(InputField field, gp::Plan& plan, bool& ok)
{
    if (field == FTitle) {
        plan.title = m_title->text().trimmed().toStdString();
        return true;
    }
    if (field != FNotes)
        return false;
    const QString notes = m_notes->toPlainText();
    if (notes.size() > gp::limits::kMaxNotesLength) { // counted in UTF-16 units: never more characters
        m_kit.showFieldError(QStringLiteral("notes"),
            InputsPanel::tr("Notes: at most %1 characters, got %2.")
                .arg(formatNumber(double(gp::limits::kMaxNotesLength), 0), formatNumber(double(notes.size()), 0)));
        ok = false;
        return true;
    }
    plan.notes = notes.toStdString();
    return true;
}

QString ReportSection::describe(InputField field) const
{
    return field == FTitle ? InputsPanel::tr("Change title")
        : field == FNotes  ? InputsPanel::tr("Change notes")
                           : QString();
}

void ReportSection::commitPendingEdits()
{
    if (m_title->text().trimmed().toStdString() != m_kit.plan().title)
        m_kit.edited(FTitle);
    m_notesPause->stop();
    if (m_notes->toPlainText().toStdString() != m_kit.plan().notes)
        m_kit.edited(FNotes);
}

} // namespace gpui
