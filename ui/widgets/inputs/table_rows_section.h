// The ordinary rows of the plan's field table (gp::planFields()) that no hand-made row edits: each in the form of
// its section (serving engine, parallelism, billing), the other training inputs in "Training details" and the
// rest in "Assumptions". A new table field appears here by itself.
#pragma once

#include "widgets/inputs/field_editor.h"
#include "widgets/inputs/section_kit.h"

#include <memory>
#include <vector>

class QFormLayout;
class QGroupBox;
class QVBoxLayout;

namespace gpui
{

// The forms of the hand-made sections that take the table's rows of their part of the plan.
struct TableRowForms {
    QFormLayout* servingEngine = nullptr; // workload.serving.*
    QFormLayout* parallelism = nullptr; // search.*
    QFormLayout* billing = nullptr; // billing.*
};

class TableRowsSection : public InputsSection
{
public:
    // Builds a row for every table field that no widget of the panel names (property "planField") yet; edits go to
    // `edited` with the field and its new value.
    TableRowsSection(SectionKit& kit, QVBoxLayout* outer, const TableRowForms& forms,
        std::function<void(const gp::PlanField&, const nlohmann::json&)> edited);
    ~TableRowsSection() override;

    void setPlan(const gp::Plan& plan) override;
    bool apply(InputField, gp::Plan&, bool&) override { return false; }
    QString describe(InputField) const override { return {}; }
    void showState(const InputsState& state) override;
    // Shows again the refusal of each line still holding text the plan did not take (after the messages were
    // cleared for another field's edit).
    void showTextProblems();

private:
    SectionKit* m_kit = nullptr;
    std::vector<std::unique_ptr<FieldEditor>> m_editors;
    QGroupBox* m_detailsGroup = nullptr; // training inputs without a hand-made row
    QGroupBox* m_assumptionsGroup = nullptr; // assumptions.* and the other table fields without one
};

} // namespace gpui
