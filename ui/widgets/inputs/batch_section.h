// The Sequence, batch and data group of a training plan: sequence length (a slider in powers of two and a box),
// micro-batch, accumulation, global batch, and the dataset in tokens times epochs.
#pragma once

#include "widgets/inputs/section_kit.h"

class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QSlider;
class QSpinBox;
class QVBoxLayout;

namespace gpui
{

class BatchSection : public InputsSection
{
public:
    BatchSection(SectionKit& kit, QVBoxLayout* outer);

    void setPlan(const gp::Plan& plan) override;
    bool apply(InputField field, gp::Plan& plan, bool& ok) override;
    QString describe(InputField field) const override;
    void showState(const InputsState& state) override;
    // Dataset text the plan could not take keeps its message.
    void showTextProblems();
    // The total under the tokens row, for the plan just taken.
    void showTotal(const gp::Plan& plan);

    QGroupBox* group() const { return m_group; }
    QSpinBox* sequenceLengthBox() const { return m_sequenceLength; }
    QSpinBox* microBatchBox() const { return m_microBatch; }
    QLineEdit* datasetTokensBox() const { return m_datasetTokens; }
    QDoubleSpinBox* epochsBox() const { return m_epochs; }

private:
    void build(QVBoxLayout* outer);
    void addTokensRow(QFormLayout* form);
    void syncSequenceSlider();
    void applyTokens(gp::Plan& plan, bool& ok);

    SectionKit& m_kit;
    QGroupBox* m_group = nullptr;
    QSlider* m_sequenceSlider = nullptr;
    QSpinBox* m_sequenceLength = nullptr;
    QSpinBox* m_microBatch = nullptr;
    QSpinBox* m_accumulation = nullptr;
    QSpinBox* m_globalBatch = nullptr;
    QLineEdit* m_datasetTokens = nullptr;
    QDoubleSpinBox* m_epochs = nullptr;
    QLabel* m_tokensTotal = nullptr;
};

} // namespace gpui
