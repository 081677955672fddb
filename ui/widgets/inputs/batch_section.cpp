#include "widgets/inputs/batch_section.h"
#include "widgets/inputs_panel.h"

#include "estimate/sanity_checks.h"
#include "number_format.h"
#include "plan/limits.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace gpui
{

namespace
{

constexpr int kBatchSectionMinSequenceLog2 = 7; // 128
constexpr int kBatchSectionMaxSequenceLog2 = 17; // 131072

} // namespace

BatchSection::BatchSection(SectionKit& kit, QVBoxLayout* outer)
    : m_kit(kit)
{
    build(outer);
}

void BatchSection::build(QVBoxLayout* outer)
{
    SectionKit& kit = m_kit;
    QWidget* panel = kit.panel();
    QFormLayout* form = nullptr;
    m_group = kit.group([] { return InputsPanel::tr("Sequence, batch and data"); }, &form, QStringLiteral("batch"));
    auto* seqRow = new QWidget;
    auto* seqLayout = new QHBoxLayout(seqRow);
    seqLayout->setContentsMargins(0, 0, 0, 0);
    m_sequenceSlider = new QSlider(Qt::Horizontal);
    m_sequenceSlider->setRange(kBatchSectionMinSequenceLog2, kBatchSectionMaxSequenceLog2);
    m_sequenceSlider->setPageStep(1);
    m_sequenceSlider->setTickPosition(QSlider::TicksBelow);
    FieldSpinBox* sequenceBox = fieldSpin(1, int(gp::limits::kMaxSequence), 512);
    sequenceBox->outOfRange
        = [this](qint64 value) { m_kit.refuseValue(QStringLiteral("workload.sequence_length"), value); };
    m_sequenceLength = sequenceBox;
    m_sequenceLength->setProperty("planField", QStringLiteral("workload.sequence_length"));
    m_sequenceLength->setMinimumWidth(90);
    seqLayout->addWidget(m_sequenceSlider, 1);
    seqLayout->addWidget(m_sequenceLength);
    kit.addRow(
        form, [] { return InputsPanel::tr("Sequence length"); }, seqRow, QStringLiteral("workload.sequence_length"));
    QObject::connect(m_sequenceSlider, &QSlider::valueChanged, panel, [this](int log2) {
        if (m_kit.updating)
            return;
        const QSignalBlocker block(m_sequenceLength);
        m_sequenceLength->setValue(1 << log2);
        m_kit.edited(FSequence);
    });
    QObject::connect(m_sequenceLength, &QSpinBox::valueChanged, panel, [this] {
        syncSequenceSlider();
        m_kit.edited(FSequence);
    });
    m_microBatch = fieldSpin(1, int(gp::limits::kMaxMicroBatch));
    kit.addRow(
        form, [] { return InputsPanel::tr("Micro-batch"); }, m_microBatch, QStringLiteral("workload.micro_batch_size"));
    m_accumulation = fieldSpin(1, int(gp::limits::kMaxAccumulation));
    kit.addRow(
        form, [] { return InputsPanel::tr("Gradient accumulation"); }, m_accumulation,
        QStringLiteral("workload.gradient_accumulation_steps"));
    m_globalBatch = fieldSpin(0, int(gp::limits::kMaxGlobalBatch));
    kit.addRow(
        form, [] { return InputsPanel::tr("Global batch"); }, m_globalBatch,
        QStringLiteral("workload.global_batch_size"));
    kit.onRetranslate([this] {
        m_globalBatch->setSpecialValueText(InputsPanel::tr("auto"));
        m_globalBatch->setToolTip(
            InputsPanel::tr("Sequences per optimizer step; auto = micro-batch x accumulation x data parallel"));
        m_globalBatch->setSuffix(InputsPanel::tr(" seq"));
    });
    addTokensRow(form);
    outer->addWidget(m_group);
    QObject::connect(m_microBatch, &QSpinBox::valueChanged, panel, [this] { m_kit.edited(FMicroBatch); });
    QObject::connect(m_accumulation, &QSpinBox::valueChanged, panel, [this] { m_kit.edited(FAccumulation); });
    QObject::connect(m_globalBatch, &QSpinBox::valueChanged, panel, [this] { m_kit.edited(FGlobalBatch); });
    m_datasetTokens->setProperty("planField", QStringLiteral("workload.training_tokens"));
    QObject::connect(m_datasetTokens, &QLineEdit::editingFinished, panel, [this] { m_kit.edited(FTokens); });
    QObject::connect(m_datasetTokens, &QLineEdit::textEdited, panel, [this](const QString& text) {
        double v = 0;
        QLabel* error = m_kit.errorLabel(QStringLiteral("workload.training_tokens"));
        const bool ok = parseScaledNumber(text, &v) && v > 0;
        error->setText(ok ? QString() : InputsPanel::tr("Not a token count: write e.g. 2B or 350M"));
        error->setVisible(!ok);
    });
    QObject::connect(m_epochs, &QDoubleSpinBox::valueChanged, panel, [this] { m_kit.edited(FTokens); });
}

void BatchSection::addTokensRow(QFormLayout* form)
{
    auto* tokensRow = new QWidget;
    auto* tokensLayout = new QHBoxLayout(tokensRow);
    tokensLayout->setContentsMargins(0, 0, 0, 0);
    m_datasetTokens = new QLineEdit;
    auto* epochs = new FieldDoubleSpinBox;
    epochs->outOfRange = [this](const QString& typed) {
        m_kit.clearFieldErrors();
        m_kit.showFieldError(
            QStringLiteral("workload.training_tokens"), InputsPanel::tr("Epochs: %1 is out of range").arg(typed));
    };
    m_epochs = epochs;
    m_epochs->setRange(0.01, 1000);
    m_epochs->setDecimals(2);
    m_epochs->setSingleStep(1);
    m_epochs->setKeyboardTracking(false);
    m_epochs->setValue(1);
    tokensLayout->addWidget(m_datasetTokens, 2);
    auto* times = new QLabel(QStringLiteral("×"));
    tokensLayout->addWidget(times);
    tokensLayout->addWidget(m_epochs, 1);
    m_kit.onRetranslate([this] {
        m_datasetTokens->setPlaceholderText(InputsPanel::tr("dataset tokens, e.g. 2B"));
        m_datasetTokens->setToolTip(InputsPanel::tr("Tokens in the dataset; K, M, B and T suffixes are understood"));
        m_epochs->setSuffix(InputsPanel::tr(" epochs"));
    });
    m_kit.addRow(
        form, [] { return InputsPanel::tr("Tokens"); }, tokensRow, QStringLiteral("workload.training_tokens"));
    m_tokensTotal = new QLabel;
    m_tokensTotal->setStyleSheet(QStringLiteral("color: palette(mid);"));
    form->addRow(QString(), m_tokensTotal);
}

void BatchSection::syncSequenceSlider()
{
    const QSignalBlocker block(m_sequenceSlider);
    const int v = m_sequenceLength->value();
    m_sequenceSlider->setValue(int(std::lround(std::log2(std::max(1, v)))));
}

void BatchSection::setPlan(const gp::Plan& plan)
{
    const gp::Workload& w = plan.workload;
    m_sequenceLength->setValue(int(w.sequenceLength));
    syncSequenceSlider();
    m_microBatch->setValue(w.microBatchSize);
    m_accumulation->setValue(w.gradientAccumulationSteps);
    m_globalBatch->setValue(w.globalBatchSize ? int(*w.globalBatchSize) : 0);
    // The dataset x epochs split the plan was saved with (1 epoch when it has none).
    const double epochs = gp::planEpochs(plan);
    m_epochs->setValue(epochs);
    showPlanText(m_datasetTokens, formatTokens(w.trainingTokens / m_epochs->value()).remove(QLatin1Char(' ')));
    showTotal(plan);
}

void BatchSection::showTotal(const gp::Plan& plan)
{
    m_tokensTotal->setText(InputsPanel::tr("= %1 training tokens").arg(formatTokens(plan.workload.trainingTokens)));
}

void BatchSection::applyTokens(gp::Plan& plan, bool& ok)
{
    double dataset = 0;
    if (!parseScaledNumber(m_datasetTokens->text(), &dataset) || dataset <= 0) {
        m_kit.showFieldError(
            QStringLiteral("workload.training_tokens"), InputsPanel::tr("Enter the dataset size in tokens, e.g. 2B"));
        ok = false;
    } else {
        plan.workload.trainingTokens = dataset * m_epochs->value();
    }
    // The split is kept in the plan file (workload.epochs) so that it survives save, open and recovery.
    if (!plan.original.is_object())
        plan.original = nlohmann::json::object();
    nlohmann::json& workload = plan.original["workload"];
    if (!workload.is_object())
        workload = nlohmann::json::object();
    if (m_epochs->value() != 1.0)
        workload["epochs"] = m_epochs->value();
    else
        workload.erase("epochs");
}

bool BatchSection::apply(InputField field, gp::Plan& plan, bool& ok)
{
    gp::Workload& w = plan.workload;
    switch (field) {
    case FSequence:
        w.sequenceLength = m_sequenceLength->value();
        return true;
    case FMicroBatch:
        w.microBatchSize = m_microBatch->value();
        return true;
    case FAccumulation:
        w.gradientAccumulationSteps = m_accumulation->value();
        return true;
    case FGlobalBatch:
        w.globalBatchSize
            = m_globalBatch->value() > 0 ? std::optional<std::int64_t>(m_globalBatch->value()) : std::nullopt;
        return true;
    case FTokens:
        applyTokens(plan, ok);
        return true;
    default:
        return false;
    }
}

QString BatchSection::describe(InputField field) const
{
    switch (field) {
    case FSequence:
        return InputsPanel::tr("Change sequence length");
    case FMicroBatch:
        return InputsPanel::tr("Change micro-batch");
    case FAccumulation:
        return InputsPanel::tr("Change gradient accumulation");
    case FGlobalBatch:
        return InputsPanel::tr("Change global batch");
    case FTokens:
        return InputsPanel::tr("Change training tokens");
    default:
        return {};
    }
}

void BatchSection::showState(const InputsState& state)
{
    m_group->setVisible(state.mode == gp::Mode::Training);
    m_microBatch->setToolTip(state.plannerChooses
            ? InputsPanel::tr("With the planner on, only the global batch counts: micro-batch "
                              "x accumulation x data parallel when Global batch is auto")
            : QString());
}

void BatchSection::showTextProblems()
{
    double v = 0;
    if (!(parseScaledNumber(m_datasetTokens->text(), &v) && v > 0))
        m_kit.showFieldError(
            QStringLiteral("workload.training_tokens"), InputsPanel::tr("Not a token count: write e.g. 2B or 350M"));
}

} // namespace gpui
