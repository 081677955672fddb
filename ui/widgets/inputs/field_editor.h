// Editors built from the plan's field table: a spin box that reads a number with its unit ("500 ms", "0.5 s"), and
// the ordinary row of any table field (a check box, a list of its choices, or a number with its unit).
#pragma once

#include "plan/plan_fields.h"

#include <QDoubleSpinBox>

#include <functional>
#include <optional>
#include <string>

class QCheckBox;
class QComboBox;
class QLineEdit;

namespace gpui
{

// The property of a line that reads its text on commit and refuses what it cannot take (a FieldEditor's line).
inline constexpr char kRefusesOnCommit[] = "refusesOnCommit";

// A spin box for a table field's number, shown in `shownSymbol` ("s", "ms"): it takes "500 ms", "0.5 s" or a bare
// number in the shown unit, and never drops a unit it cannot read: such text, or a value outside the box's range,
// goes to `refused` with a message naming the field, and the value stays. The box's minimum may stand for "none"
// (its special value text). A time shows as every seconds value of the window does (formatSeconds: "1,000.00 s",
// "500.0 ms", its unit in the text: set no suffix); what the user types stays as typed until they leave the box.
class UnitSpinBox : public QDoubleSpinBox
{
public:
    UnitSpinBox(const gp::PlanField& field, std::string shownSymbol, QWidget* parent = nullptr);
    ~UnitSpinBox() override;

    std::function<void(const QString& message)> refused;

    QValidator::State validate(QString& input, int& pos) const override;
    double valueFromText(const QString& text) const override;
    QString textFromValue(double value) const override;
    void fixup(QString& input) const override;

private:
    std::optional<double> shownValue(QString text) const; // the text's value in the shown unit
    const gp::PlanField& m_field;
    std::string m_symbol;
    double m_shownPerFieldUnit = 1; // the shown unit's size in the field's unit
};

// The ordinary row of a table field: a check box (a flag), a list of its choices (an absent optional reads
// "default"), or a line that reads a number with its unit (empty = absent, for an optional field). Edits go to
// `edited` with the new value; text that cannot be read goes to `refused` with the message, and the plan keeps
// its value.
class FieldEditor
{
public:
    explicit FieldEditor(const gp::PlanField& field);
    ~FieldEditor();

    const gp::PlanField& field() const { return m_field; }
    QWidget* input() const { return m_input; }
    // Shows the plan's value; emits nothing.
    void show(const gp::Plan& plan);
    // Why the text the line holds is not the plan's value (text it refused, still shown); empty otherwise.
    QString textProblem() const;
    void retranslate();

    std::function<void(const nlohmann::json& value)> edited;
    std::function<void(const QString& message)> refused;

private:
    void lineFinished();
    // The refusal of `text` (unreadable, out of range), or nullopt with its value when the field takes it.
    std::optional<QString> refusal(const QString& text, std::optional<double>* value) const;
    QString numberText(const nlohmann::json& value) const;
    QString shownSymbol() const; // the unit as the line shows it: the window's words ("秒") or the core's symbol
    QString readable(const QString& text) const; // the line's text with its unit as the core reads it ("0.05 s")

    const gp::PlanField& m_field;
    QWidget* m_input = nullptr;
    QCheckBox* m_check = nullptr;
    QComboBox* m_combo = nullptr;
    QLineEdit* m_line = nullptr;
    QString m_shown;
    bool m_showing = false;
    nlohmann::json m_shownValue; // the plan's value the line shows (as m_shown)
};

} // namespace gpui
