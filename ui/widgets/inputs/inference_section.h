// The Inference batch group of the one-batch inference mode (a plan in that mode still opens; Serving replaces it).
#pragma once

#include "widgets/inputs/section_kit.h"

class QComboBox;
class QGroupBox;
class QSpinBox;
class QVBoxLayout;

namespace gpui
{

class InferenceSection : public InputsSection
{
public:
    InferenceSection(SectionKit& kit, QVBoxLayout* outer);

    void setPlan(const gp::Plan& plan) override;
    bool apply(InputField field, gp::Plan& plan, bool& ok) override;
    QString describe(InputField field) const override;
    void showState(const InputsState& state) override;

private:
    SectionKit& m_kit;
    QGroupBox* m_group = nullptr;
    QSpinBox* m_batch = nullptr;
    QSpinBox* m_promptTokens = nullptr;
    QSpinBox* m_outputTokens = nullptr;
    QComboBox* m_kvPrecision = nullptr;
};

} // namespace gpui
