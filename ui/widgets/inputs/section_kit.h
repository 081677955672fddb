// What the inputs panel's sections share: the inputs they edit (one id each, for undo and the edit's words), the
// spin boxes that refuse a typed value past their range with the core's message, and the kit that builds a
// section's group and rows with their error and warning lines, re-words them on a language change and reports edits.
#pragma once

#include "plan/plan.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QHash>
#include <QSpinBox>
#include <QString>

#include <functional>
#include <vector>

class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;

namespace gpui
{

// The inputs of the hand-made rows; the value is an edit's undo merge id, so repeated edits of one input merge.
enum InputField {
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
    FLoraDropout,
    FLoraDropoutPosition,
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
    FServingPrefixHit,
    FServingGraphBatchSizes
};

// What the widgets show now (not yet the plan's values while an edit is read): which rows apply and why not.
struct InputsState {
    gp::Mode mode = gp::Mode::Training;
    gp::Technique technique = gp::Technique::Full;
    gp::Precision precision = gp::Precision::Bf16;
    gp::Fp8Recipe fp8Recipe = gp::Fp8Recipe::Tensorwise;
    gp::Optimizer optimizer = gp::Optimizer::AdamW;
    gp::Checkpointing checkpointing = gp::Checkpointing::None;
    bool flashAttention = true;
    gp::TrainingStack framework = gp::TrainingStack::Auto;
    bool plannerChooses = false;
    int zeroStage = 0;
    int pipeline = 1;
    gp::PipelineSchedule pipelineSchedule = gp::PipelineSchedule::OneFOneB;
    bool spot = false;
    bool reserved = false;
    gp::SearchObjective objective = gp::SearchObjective::Cost;
};

// A spin box that lets a number past its range be typed, so that the panel can refuse it with the core's message
// for the field (rather than the widget silently ignoring the keystroke or clamping the value).
class FieldSpinBox : public QSpinBox
{
public:
    std::function<void(qint64)> outOfRange;

    QValidator::State validate(QString& input, int& pos) const override;
    void fixup(QString& input) const override;

private:
    qint64 number(QString text, bool* ok) const;
};

// The same for numbers with decimals: a typed value past the range (a sign included) is refused with a message.
class FieldDoubleSpinBox : public QDoubleSpinBox
{
public:
    std::function<void(const QString&)> outOfRange;

    QValidator::State validate(QString& input, int& pos) const override;
    void fixup(QString& input) const override;

private:
    double number(QString text, bool* ok) const;
};

// An integer box for a field: group separators, typed numbers applied on Enter or focus out.
FieldSpinBox* fieldSpin(int min, int max, int step = 1);

template <class Enum> Enum comboValue(const QComboBox* combo)
{
    return static_cast<Enum>(combo->currentData().toInt());
}
void selectComboData(QComboBox* combo, const QVariant& value);

// Shows the plan's `text` in `line` with its beginning in view: QLineEdit::setText leaves the cursor at the end, so a
// long title showed only its last words ("3: 40 requests/s, …"). The same text leaves the edit, and a user's cursor
// in it, as they are.
void showPlanText(QLineEdit* line, const QString& text);

// Shows or hides the form row of `field` (a row's field widget, as withError() returns it).
void setFormRowVisible(QWidget* field, bool visible);

// The panel's services to its sections. Every section words its texts with InputsPanel::tr (translation context
// gpui::InputsPanel), so moving a row between sections changes no translation.
class SectionKit
{
public:
    explicit SectionKit(QWidget* panel);
    ~SectionKit();

    QWidget* panel() const { return m_panel; }
    // The plan the panel shows (an edit reads it to compare and to keep what it does not change).
    const gp::Plan& plan() const { return *m_plan; }
    void setPlanSource(const gp::Plan* plan) { m_plan = plan; }
    // True while the panel shows a plan: edits are not reported.
    bool updating = false;
    // The resolved model's layer count (0 when the model does not resolve).
    int modelLayers = 0;

    // The input's row: the input above its error and warning lines; names the plan field the editor edits.
    QWidget* withError(QWidget* input, const QString& fieldKey);
    // A labelled row; a field spin box refuses a typed value past its range with the core's message for the field.
    void addRow(QFormLayout* form, std::function<QString()> label, QWidget* input, const QString& fieldKey);
    // A group box with its "?" (help at `helpAnchor`) and its form.
    QGroupBox* group(std::function<QString()> title, QFormLayout** form, const QString& helpAnchor);
    template <class Enum> void fillCombo(QComboBox* combo, const std::vector<Enum>& values, QString (*text)(Enum));
    // Runs `f` on every language change, and once when the panel is built.
    void onRetranslate(std::function<void()> f) { m_retranslate.push_back(std::move(f)); }
    void retranslate();

    // Edits: the panel reads the edited input back into its plan.
    std::function<void(InputField)> edited;
    std::function<void(const QString& anchor)> helpRequested;
    // A typed integer past a field's range: the core's message for it.
    std::function<void(const QString& fieldKey, qint64 value)> refuseValue;

    // Messages next to the inputs (see InputsPanel::showFieldError).
    QLabel* generalError() const { return m_generalError; }
    QLabel* errorLabel(const QString& fieldKey) const { return m_errorLabels.value(fieldKey); }
    QString showFieldError(const QString& field, const QString& message);
    // Runs `f` with each error line showFieldError() shows (a folded section opens to show its row's error).
    void onErrorShown(std::function<void(QLabel*)> f) { m_errorShown.push_back(std::move(f)); }
    void clearFieldErrors();
    QString fieldError(const QString& fieldKey) const;
    const QHash<QString, QLabel*>& warningLabels() const { return m_warningLabels; }
    // Word-wrapped labels get the height their text needs at their width: the error and warning lines and these.
    void addWrappedLabel(QLabel* label) { m_wrapped.push_back(label); }
    void fitWrappedLabels();

private:
    void dropRefusalWhileTyping(QWidget* input, const QString& fieldKey);

    QWidget* m_panel;
    const gp::Plan* m_plan = nullptr;
    std::vector<std::function<void()>> m_retranslate;
    std::vector<std::function<void(QLabel*)>> m_errorShown;
    QHash<QString, QLabel*> m_errorLabels;
    QHash<QString, QLabel*> m_warningLabels;
    std::vector<QLabel*> m_wrapped;
    QLabel* m_generalError = nullptr;
    QObject* m_labelFitter = nullptr;
};

template <class Enum>
void SectionKit::fillCombo(QComboBox* combo, const std::vector<Enum>& values, QString (*text)(Enum))
{
    for (Enum v : values)
        combo->addItem(QString(), int(v));
    m_retranslate.push_back([combo, values, text] {
        for (int i = 0; i < int(values.size()); ++i)
            combo->setItemText(i, text(values[size_t(i)]));
    });
}

// A group box of the panel: shows the plan, reads its edited inputs back, says what an edit did, and shows which
// of its rows apply to what the other sections show (qBittorrent's load…Options/save…Options pages).
class InputsSection
{
public:
    virtual ~InputsSection();
    // Shows the plan's values; the panel blocks the inputs' signals meanwhile.
    virtual void setPlan(const gp::Plan& plan) = 0;
    // Reads `field` into `plan` when this section edits it and returns true; a value that cannot be read is shown
    // next to its input and sets `ok` false. False when the field is another section's.
    virtual bool apply(InputField field, gp::Plan& plan, bool& ok) = 0;
    // The words of an edit of `field` (the undo step's); "" when the field is another section's.
    virtual QString describe(InputField field) const = 0;
    // What this section's inputs show that the others' rows depend on.
    virtual void readState(InputsState&) const { }
    // Shows, enables and explains this section's rows for what the inputs show.
    virtual void showState(const InputsState&) { }
};

} // namespace gpui
