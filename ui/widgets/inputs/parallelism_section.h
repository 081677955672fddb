// The Parallelism group: "Let the planner choose" (and what it chose for the recommendation) or a manual layout
// (data, tensor, pipeline with its schedule, context, ZeRO, offload).
#pragma once

#include "estimate/common/results.h"
#include "widgets/inputs/section_kit.h"

#include <optional>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QSpinBox;
class QVBoxLayout;

namespace gpui
{

class ParallelismSection : public InputsSection
{
public:
    ParallelismSection(SectionKit& kit, QVBoxLayout* outer);

    void setPlan(const gp::Plan& plan) override;
    bool apply(InputField field, gp::Plan& plan, bool& ok) override;
    QString describe(InputField field) const override;
    void readState(InputsState& state) const override;
    void showState(const InputsState& state) override;
    // What the planner chose for the recommended candidate; nullptr when nothing is recommended.
    void setPlannerChoice(const gp::CandidateResult* recommended);
    QString plannerChoiceText() const;
    // The group's form, where the table's search rows go.
    QFormLayout* form() const { return m_form; }

    QCheckBox* plannerChoosesBox() const { return m_plannerChooses; }
    QComboBox* pipelineScheduleBox() const { return m_pipelineSchedule; }
    QSpinBox* virtualStagesBox() const { return m_virtualStages; }
    QSpinBox* pipelineBox() const { return m_pipeline; }
    QSpinBox* contextBox() const { return m_context; }

private:
    void addManualRows();
    void connectInputs();
    void showPlannerChoice();
    // Enables the schedule's inputs where they apply and says why where they do not (their tool tips).
    void showSchedule(const InputsState& state);

    SectionKit& m_kit;
    QFormLayout* m_form = nullptr;
    QCheckBox* m_plannerChooses = nullptr;
    QLabel* m_plannerChoice = nullptr;
    std::optional<gp::CandidateResult> m_recommended;
    gp::Mode m_shownMode = gp::Mode::Training; // the mode the inputs show (the planner's words differ for serving)
    QSpinBox* m_maxNodes = nullptr;
    QWidget* m_manualParallelism = nullptr;
    QSpinBox* m_data = nullptr;
    QSpinBox* m_tensor = nullptr;
    QSpinBox* m_pipeline = nullptr;
    QComboBox* m_pipelineSchedule = nullptr;
    QSpinBox* m_virtualStages = nullptr;
    QSpinBox* m_context = nullptr;
    QSpinBox* m_zero = nullptr;
    QComboBox* m_offload = nullptr;
};

} // namespace gpui
