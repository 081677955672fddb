// The LoRA adapters group: rank, dropout and where it sits, target modules (shown for LoRA and QLoRA training).
#pragma once

#include "widgets/inputs/section_kit.h"

#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QSpinBox;
class QVBoxLayout;

namespace gpui
{

class LoraSection : public InputsSection
{
public:
    LoraSection(SectionKit& kit, QVBoxLayout* outer);

    void setPlan(const gp::Plan& plan) override;
    bool apply(InputField field, gp::Plan& plan, bool& ok) override;
    QString describe(InputField field) const override;
    void showState(const InputsState& state) override;

private:
    SectionKit& m_kit;
    QGroupBox* m_group = nullptr;
    QSpinBox* m_rank = nullptr;
    QDoubleSpinBox* m_dropout = nullptr; // its minimum stands for "the catalog's default" (no value in the plan)
    QComboBox* m_dropoutPosition = nullptr;
    std::vector<QCheckBox*> m_targets; // property "module": the module's name
};

} // namespace gpui
