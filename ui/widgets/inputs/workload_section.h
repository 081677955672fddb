// The Workload group: mode, technique, precision and the training recipe (FP8 scaling, weight format, optimizer,
// activation checkpointing, loss, attention kernel).
#pragma once

#include "widgets/inputs/section_kit.h"

class QCheckBox;
class QComboBox;
class QSpinBox;
class QVBoxLayout;

namespace gpui
{

class WorkloadSection : public InputsSection
{
public:
    WorkloadSection(SectionKit& kit, QVBoxLayout* outer);

    void setPlan(const gp::Plan& plan) override;
    bool apply(InputField field, gp::Plan& plan, bool& ok) override;
    QString describe(InputField field) const override;
    void readState(InputsState& state) const override;
    void showState(const InputsState& state) override;
    // The resolved model's layer count (kit.modelLayers): partial recompute's bound.
    void updateModelLayers();

    QComboBox* modeBox() const { return m_mode; }
    QComboBox* checkpointingBox() const { return m_checkpointing; }
    QSpinBox* checkpointedLayersBox() const { return m_checkpointedLayers; }
    QCheckBox* bf16StatesBox() const { return m_bf16States; }
    QComboBox* fp8RecipeBox() const { return m_fp8Recipe; }
    QCheckBox* fp8AllGatherBox() const { return m_fp8AllGather; }

private:
    void build(QVBoxLayout* outer);
    void connectInputs();
    // The one-batch inference mode is offered only while the plan is in it (Serving replaces it).
    void showInferenceMode(bool shown);
    // Enables the recipe's inputs where they apply and says why where they do not (their tool tips).
    void showRecipe(const InputsState& state);
    void applyMode(gp::Plan& plan);

    SectionKit& m_kit;
    QComboBox* m_mode = nullptr;
    QComboBox* m_technique = nullptr;
    QComboBox* m_precision = nullptr;
    QComboBox* m_weightFormat = nullptr;
    QComboBox* m_fp8Recipe = nullptr;
    QCheckBox* m_fp8AllGather = nullptr;
    QComboBox* m_optimizer = nullptr;
    QComboBox* m_checkpointing = nullptr;
    QSpinBox* m_checkpointedLayers = nullptr; // shows the model's layer count when the plan recomputes all
    QCheckBox* m_bf16States = nullptr;
    QCheckBox* m_flash = nullptr;
    QComboBox* m_attentionKernel = nullptr;
    QComboBox* m_loss = nullptr;
};

} // namespace gpui
