// The plan's inputs: model, workload, batch and data, parallelism, objective and billing; validated as typed.
#pragma once

#include "estimate/common/results.h"
#include "plan/plan.h"
#include "plan_document.h"
#include "transformer/model_library.h"
#include "widgets/inputs/field_editor.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

class QPlainTextEdit;
class QTimer;

#include <functional>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;
class QToolButton;
class QVBoxLayout;

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

    // Imports a Hugging Face config.json into the model; false with `error` set when it cannot be read.
    // Reads a Hugging Face config.json into the plan's model, named `modelName` (else after its folder or file).
    bool importConfig(const QString& path, QString* error, const QString& modelName = {});
    // The same for a config.json already read (`path` only names it).
    bool importConfigBytes(const QByteArray& bytes, const QString& path, QString* error, const QString& modelName);

    // Test and automation hooks: the widgets by name.
    QSpinBox* sequenceLengthBox() const { return m_sequenceLength; }
    QComboBox* modelBox() const { return m_preset; }
    QComboBox* modeBox() const { return m_mode; }
    QCheckBox* plannerChoosesBox() const { return m_plannerChooses; }
    QSpinBox* microBatchBox() const { return m_microBatch; }
    QLineEdit* parametersBox() const { return m_parameters; }
    QLineEdit* titleBox() const { return m_title; }
    QLineEdit* datasetTokensBox() const { return m_datasetTokens; }
    QDoubleSpinBox* epochsBox() const { return m_epochs; }
    QComboBox* checkpointingBox() const { return m_checkpointing; }
    // The training recipe: partial recompute, bf16 optimizer states, pipeline schedule and virtual stages.
    QSpinBox* checkpointedLayersBox() const { return m_checkpointedLayers; }
    QCheckBox* bf16StatesBox() const { return m_bf16States; }
    QComboBox* fp8RecipeBox() const { return m_fp8Recipe; }
    QCheckBox* fp8AllGatherBox() const { return m_fp8AllGather; }
    QComboBox* pipelineScheduleBox() const { return m_pipelineSchedule; }
    QSpinBox* virtualStagesBox() const { return m_virtualStages; }
    QSpinBox* pipelineBox() const { return m_pipeline; }
    QSpinBox* contextBox() const { return m_context; }
    // Serving inputs (workload.serving).
    QGroupBox* servingGroup() const { return m_servingGroup; }
    QGroupBox* trainingGroup() const { return m_trainingGroup; }
    QSpinBox* servingPromptBox() const { return m_servingPrompt; }
    QSpinBox* servingOutputBox() const { return m_servingOutput; }
    QComboBox* servingLoadKindBox() const { return m_servingLoadKind; }
    QSpinBox* servingConcurrencyBox() const { return m_servingConcurrency; }
    QDoubleSpinBox* servingRateBox() const { return m_servingRate; }
    QDoubleSpinBox* servingTtftBox() const { return m_servingTtft; }
    QDoubleSpinBox* servingTpotBox() const { return m_servingTpot; }
    QComboBox* servingKvBox() const { return m_servingKv; }
    QSpinBox* servingReplicasBox() const { return m_servingReplicas; }
    QLineEdit* servingRequestsPerMonthBox() const { return m_servingRequestsPerMonth; }
    QToolButton* servingAdvancedButton() const { return m_servingAdvancedButton; }
    QDoubleSpinBox* servingGpuUtilizationBox() const { return m_servingGpuUtilization; }
    QSpinBox* servingMaxSeqsBox() const { return m_servingMaxSeqs; }
    QSpinBox* servingMaxTokensBox() const { return m_servingMaxTokens; }
    QDoubleSpinBox* servingPrefixHitBox() const { return m_servingPrefixHit; }
    // The billing-mode check box for "on_demand", "monthly", "reserved" or "spot".
    QCheckBox* billingModeBox(const QString& mode) const;
    // billing.reserved_term_months; its minimum (0) stands for the catalog's term.
    QSpinBox* reservedTermBox() const { return m_reservedTerm; }
    QDoubleSpinBox* priceDiscountBox() const { return m_priceDiscount; }
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
    enum Field {
        FTitle,
        FNotes,
        FModel,
        FParameters,
        FMode,
        FTechnique,
        FPrecision,
        FWeightFormat,
        FOptimizer,
        FLoraRank,
        FLoraTargets,
        FCheckpointing,
        FCheckpointedLayers,
        FBf16States,
        FFp8Recipe,
        FFp8AllGather,
        FFlash,
        FAttentionKernel,
        FLoss,
        FSequence,
        FMicroBatch,
        FAccumulation,
        FGlobalBatch,
        FTokens,
        FInferenceBatch,
        FPrompt,
        FOutput,
        FKvPrecision,
        FPlanner,
        FMaxNodes,
        FData,
        FTensor,
        FPipeline,
        FPipelineSchedule,
        FVirtualStages,
        FContext,
        FZero,
        FOffload,
        FObjective,
        FDeadline,
        FBudget,
        FCurrency,
        FExchangeRate,
        FSpotInterruptions,
        FCheckpointInterval,
        FStorage,
        FBillingModes,
        FReservedTerm,
        FPriceDiscount,
        // workload.serving
        FServingPrompt,
        FServingOutput,
        FServingLoadKind,
        FServingLoadValue,
        FServingTtft,
        FServingTpot,
        FServingKv,
        FServingReplicas,
        FServingRequestsPerMonth,
        FServingGpuUtilization,
        FServingMaxSeqs,
        FServingMaxTokens,
        FServingPrefixHit
    };

    void build();
    // The ordinary rows of the table fields no hand-made row edits, in the form of their section.
    void buildFieldRows(QVBoxLayout* outer, QFormLayout* servingEngine, QFormLayout* parallelism, QFormLayout* billing);
    void editedField(const gp::PlanField& field, const nlohmann::json& value);
    // Text fields that hold text the plan could not take keep saying so (their value is not the plan's).
    void showTextProblems();
    // A partial model name typed with Enter: the one preset it matches, or a message (none or several match).
    void pickTypedPreset();
    void retranslate();
    QWidget* withError(QWidget* input, const QString& fieldKey);
    void addRow(QFormLayout* form, std::function<QString()> label, QWidget* input, const QString& fieldKey);
    QGroupBox* group(std::function<QString()> title, QFormLayout** form, const QString& helpAnchor);
    template <class Enum> void fillCombo(QComboBox* combo, const std::vector<Enum>& values, QString (*text)(Enum));
    void updateVisibility();
    // Enables the recipe's inputs where they apply and says why where they do not (their tool tips).
    void updateRecipeInputs();
    // The resolved model's layer count (0 when the model does not resolve): partial recompute's bound.
    void updateModelLayers();
    void edited(Field field);
    // Builds the plan the widgets show; false (with errors shown) when a typed value is invalid.
    bool readWidgets(gp::Plan& plan, Field field);
    QString describe(Field field) const;
    // A typed number past a field's range: shows the core's message for it (the widget keeps its value).
    void refuseValue(const QString& fieldKey, qint64 value);
    void syncSequenceSlider();
    // The one-batch inference mode is offered only while the plan is in it (Serving replaces it).
    void showInferenceMode(bool shown);

    gp::Plan m_plan;
    bool m_updating = false;
    std::vector<std::function<void()>> m_retranslate;
    QHash<QString, QLabel*> m_errorLabels;
    QHash<QString, QLabel*> m_warningLabels;
    std::vector<gp::Diagnostic> m_sanity;
    void showSanityWarnings();
    QLabel* m_generalError = nullptr;
    QLabel* m_modelInfo = nullptr;
    QLabel* m_plannerChoice = nullptr;
    std::optional<gp::CandidateResult> m_recommended;
    void updatePlannerChoice();
    void fitWrappedLabels();
    QObject* m_labelFitter = nullptr;
    std::optional<gp::Architecture> m_importedArchitecture;
    gp::WeightFormat m_importedFormat = gp::WeightFormat::Same; // the format the imported config ships
    std::vector<std::unique_ptr<FieldEditor>> m_fieldEditors;
    QGroupBox* m_detailsGroup = nullptr; // training inputs without a hand-made row
    QGroupBox* m_assumptionsGroup = nullptr; // assumptions.* and the other table fields without one
    QString m_importedName;

    QLineEdit* m_title = nullptr;
    QPlainTextEdit* m_notes = nullptr;
    QTimer* m_notesPause = nullptr; // a pause in typing notes records one undoable edit
    QComboBox* m_preset = nullptr;
    QLineEdit* m_parameters = nullptr;
    QPushButton* m_import = nullptr;
    QPushButton* m_importCached = nullptr;
    QComboBox* m_mode = nullptr;
    QComboBox* m_technique = nullptr;
    QComboBox* m_precision = nullptr;
    QComboBox* m_weightFormat = nullptr;
    QComboBox* m_fp8Recipe = nullptr;
    QCheckBox* m_fp8AllGather = nullptr;
    QComboBox* m_optimizer = nullptr;
    QSpinBox* m_loraRank = nullptr;
    std::vector<QCheckBox*> m_loraTargets;
    QComboBox* m_checkpointing = nullptr;
    QSpinBox* m_checkpointedLayers = nullptr; // shows the model's layer count when the plan recomputes all
    QCheckBox* m_bf16States = nullptr;
    int m_modelLayers = 0;
    QCheckBox* m_flash = nullptr;
    QComboBox* m_attentionKernel = nullptr;
    QComboBox* m_loss = nullptr;
    QSlider* m_sequenceSlider = nullptr;
    QSpinBox* m_sequenceLength = nullptr;
    QSpinBox* m_microBatch = nullptr;
    QSpinBox* m_accumulation = nullptr;
    QSpinBox* m_globalBatch = nullptr;
    QLineEdit* m_datasetTokens = nullptr;
    QDoubleSpinBox* m_epochs = nullptr;
    QLabel* m_tokensTotal = nullptr;
    QSpinBox* m_inferenceBatch = nullptr;
    QSpinBox* m_promptTokens = nullptr;
    QSpinBox* m_outputTokens = nullptr;
    QComboBox* m_kvPrecision = nullptr;
    QCheckBox* m_plannerChooses = nullptr;
    QSpinBox* m_maxNodes = nullptr;
    QSpinBox* m_data = nullptr;
    QSpinBox* m_tensor = nullptr;
    QSpinBox* m_pipeline = nullptr;
    QComboBox* m_pipelineSchedule = nullptr;
    QSpinBox* m_virtualStages = nullptr;
    QSpinBox* m_context = nullptr;
    QSpinBox* m_zero = nullptr;
    QComboBox* m_offload = nullptr;
    QComboBox* m_objective = nullptr;
    QDoubleSpinBox* m_deadlineDays = nullptr;
    QDoubleSpinBox* m_budget = nullptr;
    QComboBox* m_currency = nullptr;
    std::vector<QCheckBox*> m_billingModes; // one per gp::billingModeNames(), property "mode"
    QDoubleSpinBox* m_exchangeRate = nullptr; // minimum = the catalog's default
    QDoubleSpinBox* m_spotInterruptions = nullptr; // minimum = the catalog's default
    QDoubleSpinBox* m_checkpointInterval = nullptr; // minimum = the catalog's default
    QDoubleSpinBox* m_storage = nullptr; // minimum = the catalog's default
    QSpinBox* m_reservedTerm = nullptr; // months; minimum (0) = the catalog's term
    QDoubleSpinBox* m_priceDiscount = nullptr; // percent off list prices; 0 = list prices (null in the plan)
    // workload.serving: optional values show their "none" / "auto" / "engine default" at the box's minimum.
    QGroupBox* m_servingGroup = nullptr;
    QSpinBox* m_servingPrompt = nullptr;
    QSpinBox* m_servingOutput = nullptr;
    QComboBox* m_servingLoadKind = nullptr;
    QSpinBox* m_servingConcurrency = nullptr;
    QDoubleSpinBox* m_servingRate = nullptr;
    QDoubleSpinBox* m_servingTtft = nullptr; // seconds
    QDoubleSpinBox* m_servingTpot = nullptr; // milliseconds
    QComboBox* m_servingKv = nullptr; // -1 = the compute precision
    QSpinBox* m_servingReplicas = nullptr; // 0 = auto
    QLineEdit* m_servingRequestsPerMonth = nullptr;
    QToolButton* m_servingAdvancedButton = nullptr;
    QWidget* m_servingAdvanced = nullptr;
    QDoubleSpinBox* m_servingGpuUtilization = nullptr;
    QSpinBox* m_servingMaxSeqs = nullptr;
    QSpinBox* m_servingMaxTokens = nullptr;
    QDoubleSpinBox* m_servingPrefixHit = nullptr;
    QGroupBox* m_trainingGroup = nullptr;
    QGroupBox* m_inferenceGroup = nullptr;
    QGroupBox* m_loraGroup = nullptr;
    QWidget* m_manualParallelism = nullptr;
    QList<QWidget*> m_trainingOnlyRows;
};

} // namespace gpui
