// The plan's inputs: a thin panel over its sections (ui/widgets/inputs/: report, model, workload, LoRA, batch and
// data, inference, serving, parallelism, objective and billing, and the field table's other rows); validated as
// typed, every edit one undo step.
#pragma once

#include "estimate/common/results.h"
#include "plan/plan.h"
#include "plan_document.h"
#include "widgets/inputs/batch_section.h"
#include "widgets/inputs/billing_section.h"
#include "widgets/inputs/inference_section.h"
#include "widgets/inputs/lora_section.h"
#include "widgets/inputs/model_section.h"
#include "widgets/inputs/parallelism_section.h"
#include "widgets/inputs/report_section.h"
#include "widgets/inputs/serving_section.h"
#include "widgets/inputs/table_rows_section.h"
#include "widgets/inputs/workload_section.h"

#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLineEdit;
class QSpinBox;
class QToolButton;

namespace gpui
{

class InputsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit InputsPanel(QWidget* parent = nullptr);
    ~InputsPanel() override;

    // Shows `plan` in the widgets without emitting planEdited.
    void setPlan(const gp::Plan& plan);
    const gp::Plan& plan() const { return m_plan; }
    // Takes what is typed but not yet committed (the title until focus leaves it, the notes within their typing
    // pause, a focused spin box's digits) into the plan: called before save, export, close and autosave.
    void commitPendingEdits();

    // Shows `message` next to the widget that edits `field` (a core field path such as "workload.lora.rank");
    // fields without a widget show at the top. Returns the field key that took the message ("" = top).
    QString showFieldError(const QString& field, const QString& message);
    void clearFieldErrors();
    // The error text shown for a field key, for tests ("" = none).
    QString fieldError(const QString& fieldKey) const;

    // A line under the model picker: resolved parameter count and notes.
    void setModelInfo(const QString& text);
    // While the planner chooses: what it chose for the recommended candidate (`candidate` = its display name);
    // nullptr when nothing is recommended or the plan is evaluated as configured.
    void setPlannerChoice(const gp::CandidateResult* recommended);
    // The text shown for the planner's choice, for tests ("" = hidden).
    QString plannerChoiceText() const;
    // The core's sanity warnings (global_batch_exceeds_dataset, run_shorter_than_one_step,
    // sequence_exceeds_model_context) found in `results`, shown next to the field each concerns.
    void setSanityWarnings(const std::vector<gp::CandidateResult>& results);
    // The warning text shown for a field key, for tests ("" = none).
    QString fieldWarning(const QString& fieldKey) const;
    // The fields the last mode switch set back to their defaults (paths, in the order the core refused them): the
    // core refuses them outside training. Said at the top of the panel until the next edit or another plan.
    QStringList modeResetFields() const;
    // That note as shown ("" = none), for tests.
    QString modeResetNote() const;

    // Reads a Hugging Face config.json into the plan's model, named `modelName` (else after its folder or file);
    // false with `error` set when it cannot be read.
    bool importConfig(const QString& path, QString* error, const QString& modelName = {});
    // The same for a config.json already read (`path` only names it).
    bool importConfigBytes(const QByteArray& bytes, const QString& path, QString* error, const QString& modelName);

    // Test and automation hooks: the widgets by name.
    QSpinBox* sequenceLengthBox() const { return m_batch->sequenceLengthBox(); }
    QComboBox* modelBox() const { return m_model->modelBox(); }
    QComboBox* modeBox() const { return m_workload->modeBox(); }
    QCheckBox* plannerChoosesBox() const { return m_parallelism->plannerChoosesBox(); }
    QSpinBox* microBatchBox() const { return m_batch->microBatchBox(); }
    QLineEdit* parametersBox() const { return m_model->parametersBox(); }
    QLineEdit* titleBox() const { return m_report->titleBox(); }
    QLineEdit* datasetTokensBox() const { return m_batch->datasetTokensBox(); }
    QDoubleSpinBox* epochsBox() const { return m_batch->epochsBox(); }
    QComboBox* checkpointingBox() const { return m_workload->checkpointingBox(); }
    // The training recipe: partial recompute, bf16 optimizer states, pipeline schedule and virtual stages.
    QSpinBox* checkpointedLayersBox() const { return m_workload->checkpointedLayersBox(); }
    QCheckBox* bf16StatesBox() const { return m_workload->bf16StatesBox(); }
    QComboBox* fp8RecipeBox() const { return m_workload->fp8RecipeBox(); }
    QCheckBox* fp8AllGatherBox() const { return m_workload->fp8AllGatherBox(); }
    QComboBox* pipelineScheduleBox() const { return m_parallelism->pipelineScheduleBox(); }
    QSpinBox* virtualStagesBox() const { return m_parallelism->virtualStagesBox(); }
    QSpinBox* pipelineBox() const { return m_parallelism->pipelineBox(); }
    QSpinBox* contextBox() const { return m_parallelism->contextBox(); }
    // Serving inputs (workload.serving).
    QGroupBox* servingGroup() const { return m_serving->group(); }
    QGroupBox* trainingGroup() const { return m_batch->group(); }
    QSpinBox* servingPromptBox() const { return m_serving->promptBox(); }
    QSpinBox* servingOutputBox() const { return m_serving->outputBox(); }
    QComboBox* servingLoadKindBox() const { return m_serving->loadKindBox(); }
    QSpinBox* servingConcurrencyBox() const { return m_serving->concurrencyBox(); }
    QDoubleSpinBox* servingRateBox() const { return m_serving->rateBox(); }
    QDoubleSpinBox* servingTtftBox() const { return m_serving->ttftBox(); }
    QDoubleSpinBox* servingTpotBox() const { return m_serving->tpotBox(); }
    QComboBox* servingKvBox() const { return m_serving->kvBox(); }
    QSpinBox* servingReplicasBox() const { return m_serving->replicasBox(); }
    QLineEdit* servingRequestsPerMonthBox() const { return m_serving->requestsPerMonthBox(); }
    QToolButton* servingAdvancedButton() const { return m_serving->advancedButton(); }
    QDoubleSpinBox* servingGpuUtilizationBox() const { return m_serving->gpuUtilizationBox(); }
    QSpinBox* servingMaxSeqsBox() const { return m_serving->maxSeqsBox(); }
    QSpinBox* servingMaxTokensBox() const { return m_serving->maxTokensBox(); }
    QDoubleSpinBox* servingPrefixHitBox() const { return m_serving->prefixHitBox(); }
    QLineEdit* servingGraphBatchSizesBox() const { return m_serving->graphBatchSizesBox(); }
    // The billing-mode check box for "on_demand", "monthly", "reserved" or "spot".
    QCheckBox* billingModeBox(const QString& mode) const { return m_billing->billingModeBox(mode); }
    // billing.reserved_term_months; its minimum (0) stands for the catalog's term.
    QSpinBox* reservedTermBox() const { return m_billing->reservedTermBox(); }
    QDoubleSpinBox* priceDiscountBox() const { return m_billing->priceDiscountBox(); }
    // The widget that edits a field of the plan's field table (gp::planFields(), property "planField"); nullptr
    // when none does. Fields without a hand-made row get an ordinary row built from the table.
    QWidget* fieldInput(const QString& path) const;

signals:
    // The user changed an input; `mergeId` identifies the field so repeated edits merge into one undo step.
    void planEdited(const gp::Plan& plan, const gpui::EditText& describe, int mergeId);
    void importRequested();
    void importCachedRequested();
    // The "?" of a group: open the manual at `anchor` ("model", "workload", "parallelism", ...).
    void helpRequested(const QString& anchor);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void build();
    void retranslate();
    // What the widgets show, gathered from the sections and shown back to them (visibility, enabled, tool tips).
    void updateVisibility();
    void edited(InputField field);
    void editedField(const gp::PlanField& field, const nlohmann::json& value);
    // Text fields that hold text the plan could not take keep saying so (their value is not the plan's).
    void showTextProblems();
    // Builds the plan the widgets show; false (with errors shown) when a typed value is invalid.
    bool readWidgets(gp::Plan& plan, InputField field);
    QString describe(InputField field) const;
    // A typed number past a field's range: shows the core's message for it (the widget keeps its value).
    void refuseValue(const QString& fieldKey, qint64 value);
    void showSanityWarnings();
    // What the last mode switch set back (modeResetFields()), in the panel's language; "" = nothing.
    QString modeResetText() const;
    void showModeResetNote();

    // A field a mode switch set back to its default, with the value it had.
    struct ResetField {
        const gp::PlanField* field = nullptr;
        nlohmann::json before;
    };
    // Sets back to its default each field of `plan` the core refuses in its mode as training only; what it set back.
    static std::vector<ResetField> resetTrainingOnlyFields(gp::Plan& plan);

    gp::Plan m_plan;
    std::vector<ResetField> m_modeResets;
    QLabel* m_modeNote = nullptr;
    SectionKit m_kit;
    std::vector<gp::Diagnostic> m_sanity;
    // The sections, in the panel's order (owned by m_sections; the typed pointers are views).
    std::vector<std::unique_ptr<InputsSection>> m_sections;
    ReportSection* m_report = nullptr;
    ModelSection* m_model = nullptr;
    WorkloadSection* m_workload = nullptr;
    LoraSection* m_lora = nullptr;
    BatchSection* m_batch = nullptr;
    InferenceSection* m_inference = nullptr;
    ServingSection* m_serving = nullptr;
    ParallelismSection* m_parallelism = nullptr;
    BillingSection* m_billing = nullptr;
    TableRowsSection* m_tableRows = nullptr;
};

} // namespace gpui
