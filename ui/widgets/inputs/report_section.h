// The Report group: the plan's title and notes (the PDF's title, running header, file name and first page).
#pragma once

#include "widgets/inputs/section_kit.h"

class QFormLayout;
class QLineEdit;
class QPlainTextEdit;
class QTimer;
class QVBoxLayout;

namespace gpui
{

class ReportSection : public InputsSection
{
public:
    ReportSection(SectionKit& kit, QVBoxLayout* outer);

    void setPlan(const gp::Plan& plan) override;
    bool apply(InputField field, gp::Plan& plan, bool& ok) override;
    QString describe(InputField field) const override;
    // Takes a title or notes typed but not yet committed into the plan (an edit each).
    void commitPendingEdits();

    QLineEdit* titleBox() const { return m_title; }

private:
    SectionKit& m_kit;
    QLineEdit* m_title = nullptr;
    QPlainTextEdit* m_notes = nullptr;
    QTimer* m_notesPause = nullptr; // a pause in typing notes records one undoable edit
};

} // namespace gpui
