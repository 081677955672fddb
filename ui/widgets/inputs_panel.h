// The plan's inputs: model, workload, batch and data, parallelism, objective and billing; validated as typed.
#pragma once

#include "transformer/model_library.h"
#include "plan/plan.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <functional>
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

namespace gpui {

class InputsPanel : public QWidget {
    Q_OBJECT
public:
    explicit InputsPanel(QWidget* parent = nullptr);
    ~InputsPanel() override;

    // Shows `plan` in the widgets without emitting planEdited.
    void setPlan(const gp::Plan& plan);
    const gp::Plan& plan() const { return m_plan; }

    // Shows `message` next to the widget that edits `field` (a core field path such as "workload.lora.rank");
    // fields without a widget show at the top. Returns the field key that took the message ("" = top).
    QString showFieldError(const QString& field, const QString& message);
    void clearFieldErrors();
    // The error text shown for a field key, for tests ("" = none).
    QString fieldError(const QString& fieldKey) const;

    // A line under the model picker: resolved parameter count and notes.
    void setModelInfo(const QString& text);

    // Imports a Hugging Face config.json into the model; false with `error` set when it cannot be read.
    bool importConfig(const QString& path, QString* error);

    // Test and automation hooks: the widgets by name.
    QSpinBox* sequenceLengthBox() const { return m_sequenceLength; }
    QComboBox* modelBox() const { return m_preset; }
    QComboBox* modeBox() const { return m_mode; }
    QCheckBox* plannerChoosesBox() const { return m_plannerChooses; }
    QSpinBox* microBatchBox() const { return m_microBatch; }

signals:
    // The user changed an input; `mergeId` identifies the field so repeated edits merge into one undo step.
    void planEdited(const gp::Plan& plan, const QString& description, int mergeId);
    void importRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    enum Field {
        FModel, FParameters, FMode, FTechnique, FPrecision, FWeightFormat, FOptimizer, FLoraRank, FLoraTargets,
        FCheckpointing, FFlash, FLoss, FSequence, FMicroBatch, FAccumulation, FGlobalBatch, FTokens, FInferenceBatch,
        FPrompt, FOutput, FKvPrecision, FPlanner, FMaxNodes, FData, FTensor, FPipeline, FZero, FOffload, FObjective,
        FDeadline, FBudget, FCurrency
    };

    void build();
    void retranslate();
    QWidget* withError(QWidget* input, const QString& fieldKey);
    void addRow(QFormLayout* form, std::function<QString()> label, QWidget* input, const QString& fieldKey);
    QGroupBox* group(std::function<QString()> title, QFormLayout** form);
    template <class Enum>
    void fillCombo(QComboBox* combo, const std::vector<Enum>& values, QString (*text)(Enum));
    void updateVisibility();
    void edited(Field field);
    // Builds the plan the widgets show; false (with errors shown) when a typed value is invalid.
    bool readWidgets(gp::Plan& plan, Field field);
    QString describe(Field field) const;
    void syncSequenceSlider();

    gp::Plan m_plan;
    bool m_updating = false;
    std::vector<std::function<void()>> m_retranslate;
    QHash<QString, QLabel*> m_errorLabels;
    QLabel* m_generalError = nullptr;
    QLabel* m_modelInfo = nullptr;
    std::optional<gp::Architecture> m_importedArchitecture;
    QString m_importedName;

    QComboBox* m_preset = nullptr;
    QLineEdit* m_parameters = nullptr;
    QPushButton* m_import = nullptr;
    QComboBox* m_mode = nullptr;
    QComboBox* m_technique = nullptr;
    QComboBox* m_precision = nullptr;
    QComboBox* m_weightFormat = nullptr;
    QComboBox* m_optimizer = nullptr;
    QSpinBox* m_loraRank = nullptr;
    std::vector<QCheckBox*> m_loraTargets;
    QComboBox* m_checkpointing = nullptr;
    QCheckBox* m_flash = nullptr;
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
    QSpinBox* m_zero = nullptr;
    QComboBox* m_offload = nullptr;
    QComboBox* m_objective = nullptr;
    QDoubleSpinBox* m_deadlineDays = nullptr;
    QDoubleSpinBox* m_budget = nullptr;
    QComboBox* m_currency = nullptr;
    QGroupBox* m_trainingGroup = nullptr;
    QGroupBox* m_inferenceGroup = nullptr;
    QGroupBox* m_loraGroup = nullptr;
    QWidget* m_manualParallelism = nullptr;
    QList<QWidget*> m_trainingOnlyRows;
};

} // namespace gpui
