#include "widgets/inputs_panel.h"
#include "plan/limits.h"
#include "plan/plan_enum_tables.h"
#include "plan/plan_fields.h"
#include "widgets/inputs/field_text.h"

#include "answer_text.h"
#include "catalog/catalog.h"
#include "core_text.h"
#include "estimate/cost/cost_model.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/sanity_checks.h"
#include "file_access.h"
#include "number_format.h"
#include "transformer/layers.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QResizeEvent>
#include <QSet>
#include <QSlider>
#include <QSpinBox>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gpui
{

namespace
{

const char* const LoraModules[] = { "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj" };
constexpr int MinSequenceLog2 = 7; // 128
constexpr int MaxSequenceLog2 = 17; // 131072

template <class Enum> Enum comboValue(const QComboBox* combo)
{
    return static_cast<Enum>(combo->currentData().toInt());
}

void selectData(QComboBox* combo, const QVariant& value)
{
    const int i = combo->findData(value);
    if (i >= 0)
        combo->setCurrentIndex(i);
}

// Limits of the integer inputs, the same as the plan parser's (core/plan/plan_parse.cpp): a plan the core accepts
// is always shown as it is, never clamped by a widget.
constexpr int MaxSequence = 1 << 24;
constexpr int MaxMicroBatch = 1 << 16;
constexpr int MaxAccumulation = 1 << 20;
constexpr int MaxGlobalBatch = 1 << 30;
constexpr int MaxLoraRank = 65536;
constexpr int MaxInferenceBatch = 1 << 20;
constexpr int MaxDataParallel = 1 << 20;
constexpr int MaxTensorOrPipeline = 1024;
constexpr int MaxSearchNodes = 1024;
constexpr int MaxServingConcurrency = 1 << 20; // workload.serving.load.concurrency
constexpr int MaxServingReplicas = 1 << 16; // workload.serving.replicas
constexpr int MaxEngineKnob = 1 << 24; // workload.serving.engine.max_num_seqs, max_num_batched_tokens

// A spin box that lets a number past its range be typed, so that the panel can refuse it with the core's message
// for the field (rather than the widget silently ignoring the keystroke or clamping the value).
class FieldSpinBox : public QSpinBox
{
public:
    std::function<void(qint64)> outOfRange;

    QValidator::State validate(QString& input, int& pos) const override
    {
        const QValidator::State state = QSpinBox::validate(input, pos);
        if (state != QValidator::Invalid)
            return state;
        bool ok = false;
        number(input, &ok);
        // A sign typed first stays (the number follows): dropping it would turn "-100" into 100 without a word.
        const QString bare = input.trimmed();
        return ok || bare == QLatin1String("-") || bare == QLatin1String("+") ? QValidator::Intermediate : state;
    }
    void fixup(QString& input) const override
    {
        bool ok = false;
        const qint64 value = number(input, &ok);
        if (ok && (value > maximum() || value < minimum()) && outOfRange)
            outOfRange(value);
        QSpinBox::fixup(input);
    }

private:
    qint64 number(QString text, bool* ok) const
    {
        if (!prefix().isEmpty() && text.startsWith(prefix()))
            text.remove(0, prefix().size());
        if (!suffix().isEmpty() && text.endsWith(suffix()))
            text.chop(suffix().size());
        text = text.trimmed().remove(locale().groupSeparator());
        return locale().toLongLong(text, ok);
    }
};

// The same for numbers with decimals: a typed value past the range (a sign included) is refused with a message.
class FieldDoubleSpinBox : public QDoubleSpinBox
{
public:
    std::function<void(const QString&)> outOfRange;

    QValidator::State validate(QString& input, int& pos) const override
    {
        const QValidator::State state = QDoubleSpinBox::validate(input, pos);
        if (state != QValidator::Invalid)
            return state;
        bool ok = false;
        number(input, &ok);
        const QString bare = input.trimmed();
        return ok || bare == QLatin1String("-") || bare == QLatin1String("+") ? QValidator::Intermediate : state;
    }
    void fixup(QString& input) const override
    {
        bool ok = false;
        const double value = number(input, &ok);
        if (ok && (value > maximum() || value < minimum()) && outOfRange)
            outOfRange(input.trimmed());
        QDoubleSpinBox::fixup(input);
    }

private:
    double number(QString text, bool* ok) const
    {
        if (!prefix().isEmpty() && text.startsWith(prefix()))
            text.remove(0, prefix().size());
        if (!suffix().isEmpty() && text.endsWith(suffix()))
            text.chop(suffix().size());
        text = text.trimmed().remove(locale().groupSeparator());
        return locale().toDouble(text, ok);
    }
};

FieldSpinBox* spin(int min, int max, int step = 1)
{
    auto* box = new FieldSpinBox;
    box->setRange(min, max);
    box->setSingleStep(step);
    box->setGroupSeparatorShown(true);
    box->setAccelerated(true);
    box->setKeyboardTracking(false); // typed numbers apply on Enter / focus out, arrows and wheel at once
    return box;
}

} // namespace

InputsPanel::InputsPanel(QWidget* parent)
    : QWidget(parent)
{
    build();
    retranslate();
    setPlan(m_plan);
}

InputsPanel::~InputsPanel() = default;

QWidget* InputsPanel::withError(QWidget* input, const QString& fieldKey)
{
    // The editor (not a row of several) names the plan field it edits, as the table's rows do (fieldInput()).
    if (qobject_cast<QAbstractSpinBox*>(input) || qobject_cast<QComboBox*>(input) || qobject_cast<QCheckBox*>(input)
        || qobject_cast<QLineEdit*>(input))
        input->setProperty("planField", fieldKey);
    auto* box = new QWidget;
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(1);
    layout->addWidget(input);
    auto* error = new QLabel;
    error->setWordWrap(true);
    error->setStyleSheet(QStringLiteral("color: #d03b3b;"));
    error->setVisible(false);
    error->setObjectName(QStringLiteral("error:") + fieldKey);
    layout->addWidget(error);
    m_errorLabels.insert(fieldKey, error);
    auto* warning = new QLabel;
    warning->setWordWrap(true);
    warning->setStyleSheet(QStringLiteral("color: #b86e00;"));
    warning->setVisible(false);
    warning->setObjectName(QStringLiteral("warning:") + fieldKey);
    layout->addWidget(warning);
    m_warningLabels.insert(fieldKey, warning);
    return box;
}

void InputsPanel::addRow(QFormLayout* form, std::function<QString()> label, QWidget* input, const QString& fieldKey)
{
    if (auto* box = dynamic_cast<FieldSpinBox*>(input); box && !fieldKey.isEmpty())
        box->outOfRange = [this, fieldKey](qint64 value) { refuseValue(fieldKey, value); };
    if (auto* box = dynamic_cast<FieldDoubleSpinBox*>(input); box && !fieldKey.isEmpty())
        box->outOfRange = [this, fieldKey, label](const QString& typed) {
            clearFieldErrors();
            showFieldError(fieldKey, tr("%1: %2 is out of range").arg(label(), typed));
        };
    if (auto* box = dynamic_cast<UnitSpinBox*>(input); box && !fieldKey.isEmpty())
        box->refused = [this, fieldKey](const QString& message) {
            clearFieldErrors();
            showFieldError(fieldKey, message);
        };
    auto* l = new QLabel;
    m_retranslate.push_back([l, label] { l->setText(label()); });
    form->addRow(l, fieldKey.isEmpty() ? input : withError(input, fieldKey));
}

namespace
{

// Keeps a group's "?" button in the top right corner, on the title's line, so it costs no height.
class CornerButtonPlacer : public QObject
{
public:
    CornerButtonPlacer(QWidget* box, QWidget* button)
        : QObject(box)
        , m_button(button)
    {
        box->installEventFilter(this);
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Resize || event->type() == QEvent::Show) {
            auto* box = static_cast<QWidget*>(watched);
            m_button->move(box->width() - m_button->width() - 2, 0);
            m_button->raise();
        }
        return false;
    }

private:
    QWidget* m_button;
};

// Runs `leave` when the watched widget loses the keyboard focus (a multi-line field has no editingFinished).
class FocusLeaveWatcher : public QObject
{
public:
    FocusLeaveWatcher(QWidget* watched, std::function<void()> leave)
        : QObject(watched)
        , m_leave(std::move(leave))
    {
        watched->installEventFilter(this);
    }

    bool eventFilter(QObject*, QEvent* event) override
    {
        if (event->type() == QEvent::FocusOut)
            m_leave();
        return false;
    }

private:
    std::function<void()> m_leave;
};

} // namespace

QGroupBox* InputsPanel::group(std::function<QString()> title, QFormLayout** form, const QString& helpAnchor)
{
    auto* box = new QGroupBox;
    m_retranslate.push_back([box, title] { box->setTitle(title()); });
    auto* help = new QToolButton(box);
    help->setObjectName(QStringLiteral("help:") + helpAnchor);
    help->setText(QStringLiteral("?"));
    help->setAutoRaise(true);
    help->setFixedSize(18, 18);
    help->setFocusPolicy(Qt::TabFocus);
    m_retranslate.push_back([help, title] { help->setToolTip(tr("Help on %1").arg(title())); });
    connect(help, &QToolButton::clicked, this, [this, helpAnchor] { emit helpRequested(helpAnchor); });
    new CornerButtonPlacer(box, help);
    *form = new QFormLayout(box);
    (*form)->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    (*form)->setRowWrapPolicy(QFormLayout::DontWrapRows);
    (*form)->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return box;
}

template <class Enum>
void InputsPanel::fillCombo(QComboBox* combo, const std::vector<Enum>& values, QString (*text)(Enum))
{
    for (Enum v : values)
        combo->addItem(QString(), int(v));
    m_retranslate.push_back([combo, values, text] {
        for (int i = 0; i < int(values.size()); ++i)
            combo->setItemText(i, text(values[size_t(i)]));
    });
}

void InputsPanel::build()
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(6, 6, 6, 6);
    m_generalError = new QLabel;
    m_generalError->setWordWrap(true);
    m_generalError->setStyleSheet(QStringLiteral("color: #d03b3b; font-weight: bold;"));
    m_generalError->setVisible(false);
    outer->addWidget(m_generalError);

    // The report: what the plan is called in the window's title, the PDF and its file name.
    QFormLayout* form = nullptr;
    QGroupBox* reportGroup = group([] { return tr("Report"); }, &form, QStringLiteral("report"));
    m_title = new QLineEdit;
    m_title->setMaxLength(int(gp::limits::kMaxTitleLength)); // the plan's own limit: a loaded title is never cut
    m_retranslate.push_back([this] {
        m_title->setPlaceholderText(tr("e.g. Qwen2.5-14B LoRA for the support bot"));
        m_title->setToolTip(tr("The plan's title: the PDF report's title, running header and file name use it"));
    });
    addRow(
        form, [] { return tr("Title"); }, m_title, QStringLiteral("title"));
    m_notes = new QPlainTextEdit;
    m_notes->setTabChangesFocus(true); // Tab moves on, as in every other field
    m_notes->setFixedHeight(m_notes->fontMetrics().lineSpacing() * 4 + 12);
    m_retranslate.push_back([this] {
        m_notes->setPlaceholderText(tr("What the plan is for, what was agreed; printed under the report's title"));
        m_notes->setToolTip(tr("The plan's notes: the PDF report prints them on its first page"));
    });
    addRow(
        form, [] { return tr("Notes"); }, m_notes, QStringLiteral("notes"));
    outer->addWidget(reportGroup);
    connect(m_title, &QLineEdit::editingFinished, this, [this] {
        if (m_title->text().trimmed().toStdString() != m_plan.title)
            edited(FTitle);
    });
    m_notesPause = new QTimer(this);
    m_notesPause->setSingleShot(true);
    m_notesPause->setInterval(700);
    auto notesEdited = [this] {
        m_notesPause->stop();
        if (m_notes->toPlainText().toStdString() != m_plan.notes)
            edited(FNotes);
    };
    connect(m_notesPause, &QTimer::timeout, this, notesEdited);
    connect(m_notes, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_updating)
            m_notesPause->start();
    });
    new FocusLeaveWatcher(m_notes, notesEdited);

    // Model
    QGroupBox* modelGroup = group([] { return tr("Model"); }, &form, QStringLiteral("model"));
    m_preset = new QComboBox;
    m_preset->setEditable(true);
    m_preset->setInsertPolicy(QComboBox::NoInsert);
    m_preset->setMaxVisibleItems(20);
    m_preset->addItem(QString(), QString()); // custom size
    for (const gp::ModelPreset& p : gp::modelPresets())
        m_preset->addItem(QString::fromStdString(p.name), QString::fromStdString(p.id));
    m_preset->completer()->setFilterMode(Qt::MatchContains);
    m_preset->completer()->setCompletionMode(QCompleter::PopupCompletion);
    m_retranslate.push_back([this] {
        m_preset->setItemText(0, tr("Custom size (parameters only)"));
        m_preset->lineEdit()->setPlaceholderText(tr("Search models…"));
    });
    addRow(
        form, [] { return tr("Preset"); }, m_preset, QStringLiteral("model"));
    m_parameters = new QLineEdit;
    m_retranslate.push_back([this] {
        m_parameters->setPlaceholderText(tr("e.g. 7B, 70e9"));
        m_parameters->setToolTip(tr("Number of parameters; K, M, B and T suffixes are understood"));
    });
    addRow(
        form, [] { return tr("Parameters"); }, m_parameters, QStringLiteral("model.parameters"));
    m_import = new QPushButton;
    m_retranslate.push_back([this] {
        m_import->setText(tr("Import config.json…"));
        m_import->setToolTip(tr("Read a Hugging Face config.json (or drop one on the window)"));
    });
    m_importCached = new QPushButton;
    m_importCached->setObjectName(QStringLiteral("importCachedModel"));
    m_retranslate.push_back([this] {
        m_importCached->setText(tr("From Hugging Face cache…"));
        m_importCached->setToolTip(tr("Pick a model downloaded with Hugging Face tools on this computer "
                                      "($HF_HOME/hub, by default ~/.cache/huggingface/hub); read offline"));
    });
    m_modelInfo = new QLabel;
    m_modelInfo->setWordWrap(true);
    m_modelInfo->setStyleSheet(QStringLiteral("color: palette(mid);"));
    auto* importRow = new QWidget;
    auto* importLayout = new QVBoxLayout(importRow);
    importLayout->setContentsMargins(0, 0, 0, 0);
    importLayout->addWidget(m_import);
    importLayout->addWidget(m_importCached);
    importLayout->addWidget(m_modelInfo);
    form->addRow(importRow);
    outer->addWidget(modelGroup);
    connect(m_preset, &QComboBox::activated, this, [this] { edited(FModel); });
    connect(m_preset->lineEdit(), &QLineEdit::returnPressed, this, &InputsPanel::pickTypedPreset);
    connect(m_parameters, &QLineEdit::editingFinished, this, [this] {
        if (m_preset->currentIndex() != 0)
            m_preset->setCurrentIndex(0);
        edited(FParameters);
    });
    connect(m_parameters, &QLineEdit::textEdited, this, [this](const QString& text) {
        double v = 0;
        QLabel* error = m_errorLabels.value(QStringLiteral("model.parameters"));
        const bool ok = text.trimmed().isEmpty() || (parseScaledNumber(text, &v) && v > 0);
        error->setText(ok ? QString() : tr("Not a parameter count: write e.g. 7B or 6.7e9"));
        error->setVisible(!ok);
    });
    connect(m_import, &QPushButton::clicked, this, &InputsPanel::importRequested);
    connect(m_importCached, &QPushButton::clicked, this, &InputsPanel::importCachedRequested);

    // Workload
    QGroupBox* workloadGroup = group([] { return tr("Workload"); }, &form, QStringLiteral("workload"));
    m_mode = new QComboBox;
    // Serving replaces the one-batch inference mode for new choices; a plan in that mode still shows it (setPlan).
    fillCombo<gp::Mode>(m_mode, { gp::Mode::Training, gp::Mode::Serving, gp::Mode::Inference }, &CoreText::mode);
    addRow(
        form, [] { return tr("Mode"); }, m_mode, QStringLiteral("workload.mode"));
    m_technique = new QComboBox;
    fillCombo<gp::Technique>(m_technique,
        { gp::Technique::Full, gp::Technique::Lora, gp::Technique::Qlora, gp::Technique::Freeze },
        &CoreText::technique);
    addRow(
        form, [] { return tr("Technique"); }, m_technique, QStringLiteral("workload.technique"));
    m_precision = new QComboBox;
    fillCombo<gp::Precision>(m_precision,
        { gp::Precision::Bf16, gp::Precision::Fp16, gp::Precision::Fp8, gp::Precision::Tf32, gp::Precision::Fp32 },
        &CoreText::precision);
    addRow(
        form, [] { return tr("Precision"); }, m_precision, QStringLiteral("workload.precision"));
    m_fp8Recipe = new QComboBox;
    m_fp8Recipe->setObjectName(QStringLiteral("fp8Recipe"));
    fillCombo<gp::Fp8Recipe>(m_fp8Recipe,
        { gp::Fp8Recipe::Tensorwise, gp::Fp8Recipe::Rowwise, gp::Fp8Recipe::Blockwise, gp::Fp8Recipe::Mxfp8,
            gp::Fp8Recipe::Nvfp4 },
        &CoreText::fp8Recipe);
    addRow(
        form, [] { return tr("FP8 scaling"); }, m_fp8Recipe, QStringLiteral("workload.fp8_recipe"));
    m_fp8AllGather = new QCheckBox;
    m_fp8AllGather->setObjectName(QStringLiteral("fp8AllGather"));
    m_retranslate.push_back([this] { m_fp8AllGather->setText(tr("FP8 all-gather (FSDP)")); });
    form->addRow(QString(), withError(m_fp8AllGather, QStringLiteral("workload.fp8_all_gather")));
    m_weightFormat = new QComboBox;
    fillCombo<gp::WeightFormat>(m_weightFormat,
        { gp::WeightFormat::Same, gp::WeightFormat::Fp8, gp::WeightFormat::Int8, gp::WeightFormat::Int4,
            gp::WeightFormat::Nf4, gp::WeightFormat::Mxfp4, gp::WeightFormat::Fp8Block },
        &CoreText::weightFormat);
    addRow(
        form, [] { return tr("Weight format"); }, m_weightFormat, QStringLiteral("workload.weight_format"));
    m_optimizer = new QComboBox;
    fillCombo<gp::Optimizer>(m_optimizer,
        { gp::Optimizer::AdamW, gp::Optimizer::AdamW8bit, gp::Optimizer::Sgd, gp::Optimizer::SgdMomentum,
            gp::Optimizer::Adafactor, gp::Optimizer::Lion },
        &CoreText::optimizer);
    addRow(
        form, [] { return tr("Optimizer"); }, m_optimizer, QStringLiteral("workload.optimizer"));
    m_bf16States = new QCheckBox;
    m_bf16States->setObjectName(QStringLiteral("bf16OptimizerStates"));
    m_retranslate.push_back([this] { m_bf16States->setText(tr("bf16 optimizer states")); });
    form->addRow(QString(), withError(m_bf16States, QStringLiteral("workload.bf16_optimizer_states")));
    m_checkpointing = new QComboBox;
    fillCombo<gp::Checkpointing>(m_checkpointing,
        { gp::Checkpointing::None, gp::Checkpointing::Selective, gp::Checkpointing::Full, gp::Checkpointing::PerOp },
        &CoreText::checkpointing);
    addRow(
        form, [] { return tr("Activation checkpointing"); }, m_checkpointing,
        QStringLiteral("workload.activation_checkpointing"));
    // Partial recompute: N of the model's layers fully recomputed; the model's count = all (the plan then leaves
    // the field out). The box's range follows the model (updateModelLayers).
    m_checkpointedLayers = spin(0, int(gp::limits::kMaxLayers));
    m_checkpointedLayers->setObjectName(QStringLiteral("checkpointedLayers"));
    addRow(
        form, [] { return tr("Partial recompute layers"); }, m_checkpointedLayers,
        QStringLiteral("workload.activation_checkpointing_layers"));
    m_loss = new QComboBox;
    fillCombo<gp::LossImplementation>(m_loss,
        { gp::LossImplementation::Fp32Logits, gp::LossImplementation::Bf16Logits, gp::LossImplementation::Chunked,
            gp::LossImplementation::Fused },
        &CoreText::lossImplementation);
    addRow(
        form, [] { return tr("Loss"); }, m_loss, QStringLiteral("workload.loss_implementation"));
    m_flash = new QCheckBox;
    m_retranslate.push_back([this] { m_flash->setText(tr("Flash attention")); });
    form->addRow(QString(), withError(m_flash, QStringLiteral("workload.flash_attention")));
    m_attentionKernel = new QComboBox;
    m_attentionKernel->setObjectName(QStringLiteral("attentionKernel"));
    fillCombo<gp::AttentionKernel>(m_attentionKernel,
        { gp::AttentionKernel::FlashAttention2, gp::AttentionKernel::Cudnn, gp::AttentionKernel::FlashAttention3 },
        &CoreText::attentionKernel);
    addRow(
        form, [] { return tr("Attention kernel"); }, m_attentionKernel, QStringLiteral("workload.attention_kernel"));
    outer->addWidget(workloadGroup);
    for (QComboBox* combo : { m_mode, m_technique, m_precision, m_fp8Recipe, m_weightFormat, m_optimizer,
             m_checkpointing, m_loss, m_attentionKernel }) {
        const Field f = combo == m_mode  ? FMode
            : combo == m_technique       ? FTechnique
            : combo == m_precision       ? FPrecision
            : combo == m_fp8Recipe       ? FFp8Recipe
            : combo == m_weightFormat    ? FWeightFormat
            : combo == m_optimizer       ? FOptimizer
            : combo == m_checkpointing   ? FCheckpointing
            : combo == m_attentionKernel ? FAttentionKernel
                                         : FLoss;
        connect(combo, &QComboBox::activated, this, [this, f] { edited(f); });
    }
    connect(m_flash, &QCheckBox::toggled, this, [this] { edited(FFlash); });
    connect(m_bf16States, &QCheckBox::toggled, this, [this] { edited(FBf16States); });
    connect(m_fp8AllGather, &QCheckBox::toggled, this, [this] { edited(FFp8AllGather); });
    connect(m_checkpointedLayers, &QSpinBox::valueChanged, this, [this] { edited(FCheckpointedLayers); });

    // LoRA
    m_loraGroup = group([] { return tr("LoRA adapters"); }, &form, QStringLiteral("lora"));
    m_loraRank = spin(1, MaxLoraRank);
    addRow(
        form, [] { return tr("Rank"); }, m_loraRank, QStringLiteral("workload.lora.rank"));
    auto* targets = new QWidget;
    auto* grid = new QGridLayout(targets);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(8);
    int n = 0;
    for (const char* module : LoraModules) {
        auto* box = new QCheckBox(QString::fromLatin1(module).remove(QStringLiteral("_proj")));
        box->setProperty("module", QString::fromLatin1(module));
        box->setToolTip(QString::fromLatin1(module));
        grid->addWidget(box, n / 4, n % 4);
        m_loraTargets.push_back(box);
        connect(box, &QCheckBox::toggled, this, [this] { edited(FLoraTargets); });
        ++n;
    }
    addRow(
        form, [] { return tr("Targets"); }, targets, QStringLiteral("workload.lora.target_modules"));
    outer->addWidget(m_loraGroup);
    connect(m_loraRank, &QSpinBox::valueChanged, this, [this] { edited(FLoraRank); });

    // Sequence, batch and data
    m_trainingGroup = group([] { return tr("Sequence, batch and data"); }, &form, QStringLiteral("batch"));
    auto* seqRow = new QWidget;
    auto* seqLayout = new QHBoxLayout(seqRow);
    seqLayout->setContentsMargins(0, 0, 0, 0);
    m_sequenceSlider = new QSlider(Qt::Horizontal);
    m_sequenceSlider->setRange(MinSequenceLog2, MaxSequenceLog2);
    m_sequenceSlider->setPageStep(1);
    m_sequenceSlider->setTickPosition(QSlider::TicksBelow);
    auto* sequenceBox = spin(1, MaxSequence, 512);
    sequenceBox->outOfRange = [this](qint64 value) { refuseValue(QStringLiteral("workload.sequence_length"), value); };
    m_sequenceLength = sequenceBox;
    m_sequenceLength->setProperty("planField", QStringLiteral("workload.sequence_length"));
    m_sequenceLength->setMinimumWidth(90);
    seqLayout->addWidget(m_sequenceSlider, 1);
    seqLayout->addWidget(m_sequenceLength);
    addRow(
        form, [] { return tr("Sequence length"); }, seqRow, QStringLiteral("workload.sequence_length"));
    connect(m_sequenceSlider, &QSlider::valueChanged, this, [this](int log2) {
        if (m_updating)
            return;
        const QSignalBlocker block(m_sequenceLength);
        m_sequenceLength->setValue(1 << log2);
        edited(FSequence);
    });
    connect(m_sequenceLength, &QSpinBox::valueChanged, this, [this] {
        syncSequenceSlider();
        edited(FSequence);
    });
    m_microBatch = spin(1, MaxMicroBatch);
    addRow(
        form, [] { return tr("Micro-batch"); }, m_microBatch, QStringLiteral("workload.micro_batch_size"));
    m_accumulation = spin(1, MaxAccumulation);
    addRow(
        form, [] { return tr("Gradient accumulation"); }, m_accumulation,
        QStringLiteral("workload.gradient_accumulation_steps"));
    m_globalBatch = spin(0, MaxGlobalBatch);
    addRow(
        form, [] { return tr("Global batch"); }, m_globalBatch, QStringLiteral("workload.global_batch_size"));
    m_retranslate.push_back([this] {
        m_globalBatch->setSpecialValueText(tr("auto"));
        m_globalBatch->setToolTip(
            tr("Sequences per optimizer step; auto = micro-batch x accumulation x data parallel"));
        m_globalBatch->setSuffix(tr(" seq"));
    });
    auto* tokensRow = new QWidget;
    auto* tokensLayout = new QHBoxLayout(tokensRow);
    tokensLayout->setContentsMargins(0, 0, 0, 0);
    m_datasetTokens = new QLineEdit;
    auto* epochs = new FieldDoubleSpinBox;
    epochs->outOfRange = [this](const QString& typed) {
        clearFieldErrors();
        showFieldError(QStringLiteral("workload.training_tokens"), tr("Epochs: %1 is out of range").arg(typed));
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
    m_retranslate.push_back([this] {
        m_datasetTokens->setPlaceholderText(tr("dataset tokens, e.g. 2B"));
        m_datasetTokens->setToolTip(tr("Tokens in the dataset; K, M, B and T suffixes are understood"));
        m_epochs->setSuffix(tr(" epochs"));
    });
    addRow(
        form, [] { return tr("Tokens"); }, tokensRow, QStringLiteral("workload.training_tokens"));
    m_tokensTotal = new QLabel;
    m_tokensTotal->setStyleSheet(QStringLiteral("color: palette(mid);"));
    form->addRow(QString(), m_tokensTotal);
    outer->addWidget(m_trainingGroup);
    connect(m_microBatch, &QSpinBox::valueChanged, this, [this] { edited(FMicroBatch); });
    connect(m_accumulation, &QSpinBox::valueChanged, this, [this] { edited(FAccumulation); });
    connect(m_globalBatch, &QSpinBox::valueChanged, this, [this] { edited(FGlobalBatch); });
    m_datasetTokens->setProperty("planField", QStringLiteral("workload.training_tokens"));
    connect(m_datasetTokens, &QLineEdit::editingFinished, this, [this] { edited(FTokens); });
    connect(m_datasetTokens, &QLineEdit::textEdited, this, [this](const QString& text) {
        double v = 0;
        QLabel* error = m_errorLabels.value(QStringLiteral("workload.training_tokens"));
        const bool ok = parseScaledNumber(text, &v) && v > 0;
        error->setText(ok ? QString() : tr("Not a token count: write e.g. 2B or 350M"));
        error->setVisible(!ok);
    });
    connect(m_epochs, &QDoubleSpinBox::valueChanged, this, [this] { edited(FTokens); });

    // Inference
    m_inferenceGroup = group([] { return tr("Inference batch"); }, &form, QStringLiteral("serving"));
    m_inferenceBatch = spin(1, MaxInferenceBatch);
    addRow(
        form, [] { return tr("Concurrent requests"); }, m_inferenceBatch,
        QStringLiteral("workload.inference.batch_size"));
    m_promptTokens = spin(1, MaxSequence, 128);
    addRow(
        form, [] { return tr("Prompt tokens"); }, m_promptTokens, QStringLiteral("workload.inference.prompt_tokens"));
    m_outputTokens = spin(0, MaxSequence, 64);
    addRow(
        form, [] { return tr("Output tokens"); }, m_outputTokens, QStringLiteral("workload.inference.output_tokens"));
    m_kvPrecision = new QComboBox;
    fillCombo<gp::KvPrecision>(m_kvPrecision,
        { gp::KvPrecision::Fp16, gp::KvPrecision::Bf16, gp::KvPrecision::Fp8, gp::KvPrecision::Int8,
            gp::KvPrecision::Int4, gp::KvPrecision::Fp32 },
        &CoreText::kvPrecision);
    addRow(
        form, [] { return tr("KV cache"); }, m_kvPrecision, QStringLiteral("workload.inference.kv_cache_precision"));
    outer->addWidget(m_inferenceGroup);
    connect(m_inferenceBatch, &QSpinBox::valueChanged, this, [this] { edited(FInferenceBatch); });
    connect(m_promptTokens, &QSpinBox::valueChanged, this, [this] { edited(FPrompt); });
    connect(m_outputTokens, &QSpinBox::valueChanged, this, [this] { edited(FOutput); });
    connect(m_kvPrecision, &QComboBox::activated, this, [this] { edited(FKvPrecision); });

    // Serving (workload.serving): traffic, lengths, latency targets; the engine's knobs behind "Advanced".
    m_servingGroup = group([] { return tr("Serving"); }, &form, QStringLiteral("serving"));
    m_servingGroup->setObjectName(QStringLiteral("servingGroup"));
    m_servingPrompt = spin(1, MaxSequence, 128);
    addRow(
        form, [] { return tr("Prompt tokens"); }, m_servingPrompt, QStringLiteral("workload.serving.prompt_tokens"));
    m_servingOutput = spin(1, MaxSequence, 64);
    addRow(
        form, [] { return tr("Output tokens"); }, m_servingOutput, QStringLiteral("workload.serving.output_tokens"));
    auto* loadRow = new QWidget;
    auto* loadLayout = new QHBoxLayout(loadRow);
    loadLayout->setContentsMargins(0, 0, 0, 0);
    m_servingLoadKind = new QComboBox;
    m_servingLoadKind->addItem(QString(), int(gp::ServingLoadKind::Concurrency));
    m_servingLoadKind->addItem(QString(), int(gp::ServingLoadKind::RequestsPerSecond));
    m_servingLoadKind->addItem(QString(), int(gp::ServingLoadKind::Max));
    m_servingConcurrency = spin(1, MaxServingConcurrency);
    m_servingRate = new FieldDoubleSpinBox;
    m_servingRate->setRange(0.01, 1e7);
    m_servingRate->setDecimals(2);
    m_servingRate->setKeyboardTracking(false);
    m_servingRate->setGroupSeparatorShown(true);
    loadLayout->addWidget(m_servingLoadKind, 3);
    loadLayout->addWidget(m_servingConcurrency, 2);
    loadLayout->addWidget(m_servingRate, 2);
    m_retranslate.push_back([this] {
        m_servingLoadKind->setItemText(0, tr("Concurrent requests"));
        m_servingLoadKind->setItemText(1, tr("Requests per second"));
        m_servingLoadKind->setItemText(2, tr("Max throughput"));
        m_servingLoadKind->setToolTip(tr("Concurrent requests: always this many in flight (N users); requests per "
                                         "second: an arrival rate the replicas must serve within the targets; max "
                                         "throughput: as many in flight as the engine takes (offline)"));
        m_servingRate->setSuffix(tr(" req/s"));
    });
    addRow(
        form, [] { return tr("Load"); }, loadRow, QStringLiteral("workload.serving.load"));
    // Latency targets: the box's lowest value reads "none" (no target; the core refuses 0).
    m_servingTtft = new UnitSpinBox(*gp::findPlanField("workload.serving.slo.ttft_seconds"), "s");
    m_servingTtft->setRange(0, 1e6);
    m_servingTtft->setDecimals(3);
    m_servingTtft->setSingleStep(0.1);
    m_servingTtft->setKeyboardTracking(false);
    m_servingTpot = new UnitSpinBox(*gp::findPlanField("workload.serving.slo.tpot_seconds"), "ms");
    m_servingTpot->setRange(0, 1e9);
    m_servingTpot->setDecimals(1);
    m_servingTpot->setSingleStep(5);
    m_servingTpot->setKeyboardTracking(false);
    m_retranslate.push_back([this] {
        m_servingTtft->setSpecialValueText(tr("none"));
        m_servingTtft->setSuffix(tr(" s"));
        m_servingTtft->setToolTip(
            tr("Target for the time to first token, at the statistic \"Targets hold at\" names (the mean unless "
               "set); none = no target"));
        m_servingTpot->setSpecialValueText(tr("none"));
        m_servingTpot->setSuffix(tr(" ms"));
        m_servingTpot->setToolTip(tr("Target for the time per output token after the first (inter-token "
                                     "latency), at the statistic \"Targets hold at\" names; none = no target"));
    });
    addRow(
        form, [] { return tr("Time to first token"); }, m_servingTtft,
        QStringLiteral("workload.serving.slo.ttft_seconds"));
    addRow(
        form, [] { return tr("Time per output token"); }, m_servingTpot,
        QStringLiteral("workload.serving.slo.tpot_seconds"));
    m_servingKv = new QComboBox;
    m_servingKv->addItem(QString(), -1);
    for (gp::KvPrecision kv :
        { gp::KvPrecision::Fp16, gp::KvPrecision::Bf16, gp::KvPrecision::Fp8, gp::KvPrecision::Int8 })
        m_servingKv->addItem(QString(), int(kv));
    m_retranslate.push_back([this] {
        m_servingKv->setItemText(0, tr("Same as the precision"));
        for (int i = 1; i < m_servingKv->count(); ++i)
            m_servingKv->setItemText(i, CoreText::kvPrecision(gp::KvPrecision(m_servingKv->itemData(i).toInt())));
    });
    addRow(
        form, [] { return tr("KV cache"); }, m_servingKv, QStringLiteral("workload.serving.kv_cache_precision"));
    m_servingReplicas = spin(0, MaxServingReplicas);
    m_retranslate.push_back([this] {
        m_servingReplicas->setSpecialValueText(tr("auto"));
        m_servingReplicas->setToolTip(tr("Copies of the model (each tensor x pipeline GPUs) behind a load balancer; "
                                         "auto = as many as the load and targets need"));
    });
    addRow(
        form, [] { return tr("Replicas"); }, m_servingReplicas, QStringLiteral("workload.serving.replicas"));
    m_servingRequestsPerMonth = new QLineEdit;
    m_retranslate.push_back([this] {
        m_servingRequestsPerMonth->setPlaceholderText(tr("none (always on), e.g. 3M"));
        m_servingRequestsPerMonth->setToolTip(tr("Requests a month, for the monthly bill; empty = the deployment "
                                                 "runs all month. K, M, B suffixes are understood"));
    });
    addRow(
        form, [] { return tr("Requests per month"); }, m_servingRequestsPerMonth,
        QStringLiteral("workload.serving.requests_per_month"));
    m_servingAdvancedButton = new QToolButton;
    m_servingAdvancedButton->setObjectName(QStringLiteral("servingAdvanced"));
    m_servingAdvancedButton->setCheckable(true);
    m_servingAdvancedButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_servingAdvancedButton->setAutoRaise(true);
    m_servingAdvancedButton->setArrowType(Qt::RightArrow);
    m_retranslate.push_back([this] { m_servingAdvancedButton->setText(tr("Advanced: serving engine")); });
    form->addRow(m_servingAdvancedButton);
    m_servingAdvanced = new QWidget;
    auto* advanced = new QFormLayout(m_servingAdvanced);
    advanced->setContentsMargins(0, 0, 0, 0);
    advanced->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_servingGpuUtilization = new FieldDoubleSpinBox;
    m_servingGpuUtilization->setRange(0, 1);
    m_servingGpuUtilization->setDecimals(2);
    m_servingGpuUtilization->setSingleStep(0.05);
    m_servingGpuUtilization->setKeyboardTracking(false);
    m_servingMaxSeqs = spin(0, MaxEngineKnob);
    m_servingMaxTokens = spin(0, MaxEngineKnob, 1024);
    m_servingPrefixHit = new FieldDoubleSpinBox;
    m_servingPrefixHit->setRange(0, 0.99);
    m_servingPrefixHit->setDecimals(2);
    m_servingPrefixHit->setSingleStep(0.05);
    m_servingPrefixHit->setKeyboardTracking(false);
    m_retranslate.push_back([this] {
        m_servingGpuUtilization->setSpecialValueText(tr("engine default"));
        m_servingGpuUtilization->setToolTip(tr("Share of GPU memory the engine takes; the KV cache gets what the "
                                               "weights, activations and runtime leave of it (vLLM's "
                                               "gpu_memory_utilization)"));
        m_servingMaxSeqs->setSpecialValueText(tr("engine default"));
        m_servingMaxSeqs->setToolTip(tr("Requests batched together at most (vLLM's max_num_seqs)"));
        m_servingMaxTokens->setSpecialValueText(tr("engine default"));
        m_servingMaxTokens->setToolTip(tr("Tokens per engine step, the chunked-prefill budget (vLLM's "
                                          "max_num_batched_tokens)"));
        m_servingPrefixHit->setToolTip(tr("Share of prompt tokens found in the prefix cache: they skip prefill"));
    });
    addRow(
        advanced, [] { return tr("GPU memory utilization"); }, m_servingGpuUtilization,
        QStringLiteral("workload.serving.engine.gpu_memory_utilization"));
    addRow(
        advanced, [] { return tr("Max sequences"); }, m_servingMaxSeqs,
        QStringLiteral("workload.serving.engine.max_num_seqs"));
    addRow(
        advanced, [] { return tr("Max batched tokens"); }, m_servingMaxTokens,
        QStringLiteral("workload.serving.engine.max_num_batched_tokens"));
    addRow(
        advanced, [] { return tr("Prefix cache hit rate"); }, m_servingPrefixHit,
        QStringLiteral("workload.serving.engine.prefix_cache_hit_rate"));
    m_servingAdvanced->setVisible(false);
    form->addRow(m_servingAdvanced);
    outer->addWidget(m_servingGroup);
    connect(m_servingAdvancedButton, &QToolButton::toggled, this, [this](bool open) {
        m_servingAdvancedButton->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_servingAdvanced->setVisible(open);
        fitWrappedLabels();
    });
    connect(m_servingPrompt, &QSpinBox::valueChanged, this, [this] { edited(FServingPrompt); });
    connect(m_servingOutput, &QSpinBox::valueChanged, this, [this] { edited(FServingOutput); });
    connect(m_servingLoadKind, &QComboBox::activated, this, [this] { edited(FServingLoadKind); });
    connect(m_servingConcurrency, &QSpinBox::valueChanged, this, [this] { edited(FServingLoadValue); });
    connect(m_servingRate, &QDoubleSpinBox::valueChanged, this, [this] { edited(FServingLoadValue); });
    connect(m_servingTtft, &QDoubleSpinBox::valueChanged, this, [this] { edited(FServingTtft); });
    connect(m_servingTpot, &QDoubleSpinBox::valueChanged, this, [this] { edited(FServingTpot); });
    connect(m_servingKv, &QComboBox::activated, this, [this] { edited(FServingKv); });
    connect(m_servingReplicas, &QSpinBox::valueChanged, this, [this] { edited(FServingReplicas); });
    connect(m_servingRequestsPerMonth, &QLineEdit::editingFinished, this, [this] {
        const QString shown = m_plan.workload.serving.requestsPerMonth
            ? formatTokens(*m_plan.workload.serving.requestsPerMonth).remove(QLatin1Char(' '))
            : QString();
        if (m_servingRequestsPerMonth->text().trimmed() != shown)
            edited(FServingRequestsPerMonth);
    });
    connect(m_servingGpuUtilization, &QDoubleSpinBox::valueChanged, this, [this] { edited(FServingGpuUtilization); });
    connect(m_servingMaxSeqs, &QSpinBox::valueChanged, this, [this] { edited(FServingMaxSeqs); });
    connect(m_servingMaxTokens, &QSpinBox::valueChanged, this, [this] { edited(FServingMaxTokens); });
    connect(m_servingPrefixHit, &QDoubleSpinBox::valueChanged, this, [this] { edited(FServingPrefixHit); });

    // Parallelism
    QGroupBox* parallelGroup = group([] { return tr("Parallelism"); }, &form, QStringLiteral("parallelism"));
    m_plannerChooses = new QCheckBox;
    m_retranslate.push_back([this] {
        m_plannerChooses->setText(tr("Let the planner choose"));
        m_plannerChooses->setToolTip(tr("Per candidate, search node count, ZeRO stage, checkpointing, micro-batch and "
                                        "offload for the configuration that fits and best meets the objective"));
    });
    form->addRow(withError(m_plannerChooses, QStringLiteral("search")));
    m_plannerChooses->setProperty("planField", QStringLiteral("search.enabled"));
    QFormLayout* parallelForm = form;
    m_plannerChoice = new QLabel;
    m_plannerChoice->setObjectName(QStringLiteral("plannerChoice"));
    m_plannerChoice->setWordWrap(true);
    m_plannerChoice->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_plannerChoice->setVisible(false);
    m_plannerChoice->setProperty("growOnly", true);
    form->addRow(m_plannerChoice);
    m_maxNodes = spin(1, MaxSearchNodes);
    addRow(
        form, [] { return tr("Max nodes"); }, m_maxNodes, QStringLiteral("search.max_nodes"));
    m_manualParallelism = new QWidget;
    auto* manual = new QFormLayout(m_manualParallelism);
    manual->setContentsMargins(0, 0, 0, 0);
    manual->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_data = spin(0, MaxDataParallel);
    m_retranslate.push_back([this] { m_data->setSpecialValueText(tr("auto")); });
    addRow(
        manual, [] { return tr("Data parallel"); }, m_data, QStringLiteral("workload.parallelism.data"));
    m_tensor = spin(1, MaxTensorOrPipeline);
    addRow(
        manual, [] { return tr("Tensor parallel"); }, m_tensor, QStringLiteral("workload.parallelism.tensor"));
    m_pipeline = spin(1, MaxTensorOrPipeline);
    addRow(
        manual, [] { return tr("Pipeline parallel"); }, m_pipeline, QStringLiteral("workload.parallelism.pipeline"));
    // The pipeline schedule applies to the planner's layouts too, so its rows stay while the planner chooses.
    m_pipelineSchedule = new QComboBox;
    m_pipelineSchedule->setObjectName(QStringLiteral("pipelineSchedule"));
    fillCombo<gp::PipelineSchedule>(m_pipelineSchedule,
        { gp::PipelineSchedule::OneFOneB, gp::PipelineSchedule::Interleaved, gp::PipelineSchedule::ZeroBubble },
        &CoreText::pipelineSchedule);
    addRow(
        manual, [] { return tr("Pipeline schedule"); }, m_pipelineSchedule,
        QStringLiteral("workload.parallelism.pipeline_schedule"));
    m_virtualStages = spin(1, int(gp::limits::kMaxLayers));
    m_virtualStages->setObjectName(QStringLiteral("virtualStages"));
    addRow(
        manual, [] { return tr("Virtual stages"); }, m_virtualStages,
        QStringLiteral("workload.parallelism.virtual_stages"));
    m_context = spin(1, gp::limits::kMaxContextParallel);
    m_retranslate.push_back([this] {
        m_context->setToolTip(tr("GPUs each sequence is split across (ring attention): a power of two dividing the "
                                 "sequence into 2 x this many equal chunks"));
    });
    addRow(
        manual, [] { return tr("Context parallel"); }, m_context, QStringLiteral("workload.parallelism.context"));
    m_zero = spin(0, 3);
    addRow(
        manual, [] { return tr("ZeRO stage"); }, m_zero, QStringLiteral("workload.parallelism.zero_stage"));
    m_offload = new QComboBox;
    fillCombo<gp::Offload>(m_offload,
        { gp::Offload::None, gp::Offload::Optimizer, gp::Offload::OptimizerAndParameters }, &CoreText::offload);
    addRow(
        manual, [] { return tr("Offload"); }, m_offload, QStringLiteral("workload.parallelism.offload"));
    form->addRow(m_manualParallelism);
    outer->addWidget(parallelGroup);
    connect(m_plannerChooses, &QCheckBox::toggled, this, [this] { edited(FPlanner); });
    connect(m_maxNodes, &QSpinBox::valueChanged, this, [this] { edited(FMaxNodes); });
    connect(m_data, &QSpinBox::valueChanged, this, [this] { edited(FData); });
    connect(m_tensor, &QSpinBox::valueChanged, this, [this] { edited(FTensor); });
    connect(m_pipeline, &QSpinBox::valueChanged, this, [this] { edited(FPipeline); });
    connect(m_context, &QSpinBox::valueChanged, this, [this] { edited(FContext); });
    connect(m_pipelineSchedule, &QComboBox::activated, this, [this] { edited(FPipelineSchedule); });
    connect(m_virtualStages, &QSpinBox::valueChanged, this, [this] { edited(FVirtualStages); });
    connect(m_zero, &QSpinBox::valueChanged, this, [this] { edited(FZero); });
    connect(m_offload, &QComboBox::activated, this, [this] { edited(FOffload); });

    // Objective and billing
    QGroupBox* objectiveGroup = group([] { return tr("Objective and billing"); }, &form, QStringLiteral("objective"));
    m_objective = new QComboBox;
    fillCombo<gp::SearchObjective>(m_objective,
        { gp::SearchObjective::Cost, gp::SearchObjective::Time, gp::SearchObjective::CostUnderDeadline,
            gp::SearchObjective::TimeUnderBudget },
        &CoreText::objective);
    addRow(
        form, [] { return tr("Objective"); }, m_objective, QStringLiteral("search.objective"));
    m_deadlineDays = new FieldDoubleSpinBox;
    m_deadlineDays->setRange(0.01, 3650);
    m_deadlineDays->setDecimals(2);
    m_deadlineDays->setKeyboardTracking(false);
    m_retranslate.push_back([this] { m_deadlineDays->setSuffix(tr(" days")); });
    addRow(
        form, [] { return tr("Deadline"); }, m_deadlineDays, QStringLiteral("search.deadline_hours"));
    m_budget = new FieldDoubleSpinBox;
    m_budget->setRange(1, 1e12);
    m_budget->setDecimals(2);
    m_budget->setSingleStep(1000);
    m_budget->setGroupSeparatorShown(true);
    m_budget->setKeyboardTracking(false);
    addRow(
        form, [] { return tr("Budget"); }, m_budget, QStringLiteral("search.budget"));
    m_currency = new QComboBox;
    m_currency->addItem(QString(), QStringLiteral("CNY"));
    m_currency->addItem(QString(), QStringLiteral("USD"));
    m_retranslate.push_back([this] {
        m_currency->setItemText(0, tr("CNY (¥)"));
        m_currency->setItemText(1, tr("USD ($)"));
    });
    addRow(
        form, [] { return tr("Currency"); }, m_currency, QStringLiteral("billing"));
    m_currency->setProperty("planField", QStringLiteral("billing.currency"));
    QFormLayout* billingForm = form;
    // Which billing modes count: reserved is a one- or three-year commitment and spot can be reclaimed, so a plan
    // counts them only when asked to.
    auto* modes = new QWidget;
    auto* modesLayout = new QGridLayout(modes);
    modesLayout->setContentsMargins(0, 0, 0, 0);
    modesLayout->setHorizontalSpacing(8);
    for (const std::string& mode : gp::billingModeNames()) {
        auto* box = new QCheckBox;
        const QString name = QString::fromStdString(mode);
        box->setProperty("mode", name);
        box->setObjectName(QStringLiteral("billing:") + name);
        const int i = int(m_billingModes.size());
        modesLayout->addWidget(box, i / 2, i % 2);
        m_billingModes.push_back(box);
        m_retranslate.push_back([box, name] {
            box->setText(CoreText::billingMode(name));
            if (name == QLatin1String("reserved"))
                box->setToolTip(tr("Reserved instances (预留实例券) are a commitment for their term: the discounted "
                                   "rate is paid for the whole term, used or not"));
            else if (name == QLatin1String("spot"))
                box->setToolTip(tr("Spot instances (竞价实例) are cheaper but can be reclaimed: interruptions and "
                                   "restarts from the last checkpoint are added to the time"));
            else if (name == QLatin1String("monthly"))
                box->setToolTip(tr("Monthly subscription (包年包月): whole months are paid"));
            else
                box->setToolTip(tr("Pay-as-you-go (按量计费): billed per hour"));
        });
        connect(box, &QCheckBox::toggled, this, [this] { edited(FBillingModes); });
    }
    addRow(
        form, [] { return tr("Billing modes"); }, modes, QStringLiteral("billing.modes"));
    // The reservation's term (shown while reserved counts): the whole term is paid, so it sets the reserved cost.
    m_reservedTerm = new QSpinBox;
    m_reservedTerm->setObjectName(QStringLiteral("billing:reserved_term_months"));
    m_reservedTerm->setRange(0, gp::limits::kMaxReservedTermMonths);
    m_reservedTerm->setSingleStep(12);
    m_reservedTerm->setKeyboardTracking(false);
    m_retranslate.push_back([this] {
        const int quoted = gp::quotedReservedTermMonths(gp::builtinCatalog());
        m_reservedTerm->setSpecialValueText(tr("catalog default (%1)").arg(CoreText::reservedTerm(quoted)));
        m_reservedTerm->setSuffix(tr(" months"));
        m_reservedTerm->setToolTip(tr("The reservation's term (预留实例券 期限): the discounted rate is paid for every "
                                      "hour of it, so a run shorter than the term pays for the unused hours too. The "
                                      "catalog's reserved discounts are quoted for a %1.")
                                       .arg(CoreText::reservedTerm(quoted)));
    });
    addRow(
        form, [] { return tr("Reservation term"); }, m_reservedTerm, QStringLiteral("billing.reserved_term_months"));
    connect(m_reservedTerm, &QSpinBox::valueChanged, this, [this] { edited(FReservedTerm); });
    // A discount off the catalog's list prices (billing.price_discount); 0 = list prices.
    m_priceDiscount = new FieldDoubleSpinBox;
    m_priceDiscount->setObjectName(QStringLiteral("billing:price_discount"));
    m_priceDiscount->setRange(0, gp::limits::kMaxPriceDiscount * 100);
    m_priceDiscount->setDecimals(1);
    m_priceDiscount->setSingleStep(5);
    m_priceDiscount->setKeyboardTracking(false);
    m_retranslate.push_back([this] {
        m_priceDiscount->setSpecialValueText(tr("list prices"));
        m_priceDiscount->setSuffix(tr(" % off"));
        m_priceDiscount->setToolTip(tr("Your discount off the catalog's published and estimated prices (an "
                                       "enterprise agreement, a negotiated rate); quoted prices are what you pay "
                                       "already and are not discounted"));
    });
    addRow(
        form, [] { return tr("Price discount"); }, m_priceDiscount, QStringLiteral("billing.price_discount"));
    connect(m_priceDiscount, &QDoubleSpinBox::valueChanged, this, [this] { edited(FPriceDiscount); });
    // Optional billing settings: the lowest value of each box stands for "the catalog's default" (null in the plan).
    auto optionalBox = [](double min, double max, int decimals, double step) {
        auto* box = new FieldDoubleSpinBox;
        box->setRange(min, max);
        box->setDecimals(decimals);
        box->setSingleStep(step);
        box->setKeyboardTracking(false);
        box->setGroupSeparatorShown(true);
        return box;
    };
    m_exchangeRate = optionalBox(0, 10000, 4, 0.05); // billing.exchange_rate: 0.0001..10000
    m_spotInterruptions = optionalBox(-0.01, 1000, 2, 0.1); // 0..1000
    m_checkpointInterval = optionalBox(0, 10000, 2, 0.5); // 0.001..10000
    m_storage = optionalBox(-1, 1e9, 0, 100); // 0..1e9
    m_retranslate.push_back([this] {
        m_exchangeRate->setSpecialValueText(tr("catalog default"));
        m_exchangeRate->setSuffix(tr(" CNY per USD"));
        m_exchangeRate->setToolTip(tr("Converts prices quoted in another currency into the plan's currency"));
        m_spotInterruptions->setSpecialValueText(tr("catalog default"));
        m_spotInterruptions->setSuffix(tr(" per day"));
        m_spotInterruptions->setToolTip(tr("How often a spot instance is reclaimed; each interruption loses the work "
                                           "since the last checkpoint plus a restart"));
        m_checkpointInterval->setSpecialValueText(tr("catalog default"));
        m_checkpointInterval->setSuffix(tr(" h"));
        m_checkpointInterval->setToolTip(
            tr("Hours between checkpoints: on average half of it is lost per interruption"));
        m_storage->setSpecialValueText(tr("catalog default"));
        m_storage->setSuffix(tr(" GiB"));
        m_storage->setToolTip(tr("Cloud disk kept for the dataset and checkpoints for the length of the run"));
    });
    addRow(
        form, [] { return tr("Exchange rate"); }, m_exchangeRate, QStringLiteral("billing.exchange_rate"));
    addRow(
        form, [] { return tr("Spot interruptions"); }, m_spotInterruptions,
        QStringLiteral("billing.spot_interruptions_per_day"));
    addRow(
        form, [] { return tr("Checkpoint interval"); }, m_checkpointInterval,
        QStringLiteral("billing.checkpoint_interval_hours"));
    addRow(
        form, [] { return tr("Storage"); }, m_storage, QStringLiteral("billing.storage_gib"));
    outer->addWidget(objectiveGroup);
    connect(m_exchangeRate, &QDoubleSpinBox::valueChanged, this, [this] { edited(FExchangeRate); });
    connect(m_spotInterruptions, &QDoubleSpinBox::valueChanged, this, [this] { edited(FSpotInterruptions); });
    connect(m_checkpointInterval, &QDoubleSpinBox::valueChanged, this, [this] { edited(FCheckpointInterval); });
    connect(m_storage, &QDoubleSpinBox::valueChanged, this, [this] { edited(FStorage); });
    connect(m_objective, &QComboBox::activated, this, [this] { edited(FObjective); });
    connect(m_deadlineDays, &QDoubleSpinBox::valueChanged, this, [this] { edited(FDeadline); });
    connect(m_budget, &QDoubleSpinBox::valueChanged, this, [this] { edited(FBudget); });
    connect(m_currency, &QComboBox::activated, this, [this] { edited(FCurrency); });

    buildFieldRows(outer, advanced, parallelForm, billingForm);
    outer->addStretch(1);
}

void InputsPanel::buildFieldRows(
    QVBoxLayout* outer, QFormLayout* servingEngine, QFormLayout* parallelism, QFormLayout* billing)
{
    QSet<QString> handMade;
    for (QWidget* input : findChildren<QWidget*>())
        if (const QVariant tag = input->property("planField"); tag.isValid())
            handMade.insert(tag.toString());
    QFormLayout* details = nullptr;
    m_detailsGroup = group([] { return tr("Training details"); }, &details, QStringLiteral("workload"));
    m_detailsGroup->setObjectName(QStringLiteral("detailsGroup"));
    QFormLayout* assumptions = nullptr;
    m_assumptionsGroup = group([] { return tr("Assumptions"); }, &assumptions, QStringLiteral("assumptions"));
    m_assumptionsGroup->setObjectName(QStringLiteral("assumptionsGroup"));
    for (std::size_t index = 0; index < gp::planFields().size(); ++index) {
        const gp::PlanField& field = gp::planFields()[index];
        const QString path = QString::fromUtf8(field.path.data(), qsizetype(field.path.size()));
        if (handMade.contains(path))
            continue;
        QFormLayout* form = path.startsWith(QLatin1String("workload.serving.")) ? servingEngine
            : path.startsWith(QLatin1String("workload."))                       ? details
            : path.startsWith(QLatin1String("search."))                         ? parallelism
            : path.startsWith(QLatin1String("billing."))                        ? billing
                                                                                : assumptions;
        auto editor = std::make_unique<FieldEditor>(field);
        FieldEditor* e = editor.get();
        e->edited = [this, &field](const nlohmann::json& value) { editedField(field, value); };
        e->refused = [this, path](const QString& message) {
            clearFieldErrors();
            showFieldError(path, message);
        };
        m_retranslate.push_back([e] { e->retranslate(); });
        if (field.kind == gp::FieldKind::Boolean)
            form->addRow(QString(), withError(e->input(), path));
        else
            addRow(
                form, [path] { return FieldText::label(path.toStdString()); }, e->input(), path);
        m_fieldEditors.push_back(std::move(editor));
    }
    outer->addWidget(m_detailsGroup);
    outer->addWidget(m_assumptionsGroup);
}

QWidget* InputsPanel::fieldInput(const QString& path) const
{
    for (QWidget* input : findChildren<QWidget*>())
        if (input->property("planField").toString() == path)
            return input;
    return nullptr;
}

void InputsPanel::editedField(const gp::PlanField& field, const nlohmann::json& value)
{
    if (m_updating)
        return;
    clearFieldErrors();
    showTextProblems();
    gp::Plan plan = m_plan;
    field.set(plan, value);
    auto checked = gp::planFromJson(gp::planToJson(plan));
    if (!checked) {
        showFieldError(QString::fromStdString(checked.error().field), QString::fromStdString(checked.error().message));
        return;
    }
    m_plan = plan;
    const std::string_view path = field.path;
    const int mergeId = 1000 + int(&field - gp::planFields().data());
    emit planEdited(plan, EditText([path] { return tr("Change %1").arg(FieldText::label(path)); }), mergeId);
}

void InputsPanel::showTextProblems()
{
    auto check = [this](QLineEdit* edit, const QString& key, bool emptyMeansNone, const QString& message) {
        double v = 0;
        const QString text = edit->text();
        if (!(emptyMeansNone && text.trimmed().isEmpty()) && !(parseScaledNumber(text, &v) && v > 0))
            showFieldError(key, message);
    };
    check(m_datasetTokens, QStringLiteral("workload.training_tokens"), false,
        tr("Not a token count: write e.g. 2B or 350M"));
    if (m_parameters->isEnabled())
        check(m_parameters, QStringLiteral("model.parameters"), true,
            tr("Not a parameter count: write e.g. 7B or 6.7e9"));
    check(m_servingRequestsPerMonth, QStringLiteral("workload.serving.requests_per_month"), true,
        tr("Enter requests per month, e.g. 3M, or leave it empty"));
}

void InputsPanel::pickTypedPreset()
{
    const QString typed = m_preset->lineEdit()->text().trimmed();
    if (typed.isEmpty() || m_preset->findText(typed) >= 0)
        return; // empty, or a whole name: the combo box picks it
    QList<int> matches;
    for (int i = 1; i < m_preset->count(); ++i)
        if (m_preset->itemText(i).contains(typed, Qt::CaseInsensitive))
            matches << i;
    if (matches.size() == 1) {
        m_preset->setCurrentIndex(matches.front());
        edited(FModel);
        return;
    }
    clearFieldErrors();
    showFieldError(QStringLiteral("model"),
        matches.isEmpty() ? tr("No model matches \"%1\"").arg(typed)
                          : tr("%n models match \"%1\": type more of the name or pick one from the list", nullptr,
                              int(matches.size()))
                                .arg(typed));
}

void InputsPanel::retranslate()
{
    const bool updating = m_updating;
    m_updating = true;
    for (const auto& f : m_retranslate)
        f();
    m_updating = updating;
    if (m_budget)
        m_budget->setPrefix(currencySymbol(QString::fromStdString(m_plan.billing.currency)));
}

void InputsPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        setPlan(m_plan); // re-words the token total and model lines
        showSanityWarnings();
    }
    QWidget::changeEvent(event);
}

void InputsPanel::showInferenceMode(bool shown)
{
    const int at = m_mode->findData(int(gp::Mode::Inference));
    if (shown && at < 0)
        m_mode->addItem(CoreText::mode(gp::Mode::Inference), int(gp::Mode::Inference));
    else if (!shown && at >= 0 && comboValue<gp::Mode>(m_mode) != gp::Mode::Inference)
        m_mode->removeItem(at);
}

void InputsPanel::syncSequenceSlider()
{
    const QSignalBlocker block(m_sequenceSlider);
    const int v = m_sequenceLength->value();
    m_sequenceSlider->setValue(int(std::lround(std::log2(std::max(1, v)))));
}

void InputsPanel::setPlan(const gp::Plan& plan)
{
    m_plan = plan;
    m_updating = true;
    const QList<QWidget*> inputs = findChildren<QWidget*>();
    for (QWidget* w : inputs)
        w->blockSignals(true);

    m_title->setText(QString::fromStdString(plan.title));
    if (m_notes->toPlainText().toStdString() != plan.notes) {
        m_notesPause->stop();
        m_notes->setPlainText(QString::fromStdString(plan.notes));
    }
    const gp::ModelSpec& model = plan.model;
    if (!model.preset.empty()) {
        selectData(m_preset, QString::fromStdString(model.preset));
        m_importedArchitecture.reset();
    } else if (model.architecture) {
        // An imported or hand-written architecture: one extra entry names it.
        m_importedArchitecture = model.architecture;
        m_importedName = QString::fromStdString(model.name.empty() ? "config.json" : model.name);
        int i = m_preset->findData(QStringLiteral("#imported"));
        if (i < 0) {
            m_preset->addItem(QString(), QStringLiteral("#imported"));
            i = m_preset->count() - 1;
        }
        m_preset->setItemText(i, tr("Imported: %1").arg(m_importedName));
        m_preset->setCurrentIndex(i);
    } else {
        m_preset->setCurrentIndex(0);
    }
    m_parameters->setText(model.parameters ? formatTokens(*model.parameters).remove(QLatin1Char(' ')) : QString());
    m_parameters->setEnabled(m_preset->currentIndex() == 0);

    const gp::Workload& w = plan.workload;
    showInferenceMode(w.mode == gp::Mode::Inference);
    selectData(m_mode, int(w.mode));
    selectData(m_technique, int(w.technique));
    selectData(m_precision, int(w.precision));
    selectData(m_fp8Recipe, int(w.fp8Recipe));
    selectData(m_weightFormat, int(w.weightFormat));
    selectData(m_optimizer, int(w.optimizer));
    selectData(m_checkpointing, int(w.activationCheckpointing));
    m_bf16States->setChecked(w.bf16OptimizerStates);
    m_fp8AllGather->setChecked(w.fp8AllGather);
    selectData(m_loss, int(w.lossImplementation));
    m_flash->setChecked(w.flashAttention);
    selectData(m_attentionKernel, int(w.attentionKernel));
    m_loraRank->setValue(w.lora.rank);
    for (QCheckBox* box : m_loraTargets) {
        const std::string module = box->property("module").toString().toStdString();
        box->setChecked(
            std::find(w.lora.targetModules.begin(), w.lora.targetModules.end(), module) != w.lora.targetModules.end());
    }
    m_sequenceLength->setValue(int(w.sequenceLength));
    syncSequenceSlider();
    m_microBatch->setValue(w.microBatchSize);
    m_accumulation->setValue(w.gradientAccumulationSteps);
    m_globalBatch->setValue(w.globalBatchSize ? int(*w.globalBatchSize) : 0);
    // The dataset x epochs split the plan was saved with (1 epoch when it has none).
    const double epochs = gp::planEpochs(plan);
    m_epochs->setValue(epochs);
    m_datasetTokens->setText(formatTokens(w.trainingTokens / m_epochs->value()).remove(QLatin1Char(' ')));
    m_tokensTotal->setText(tr("= %1 training tokens").arg(formatTokens(w.trainingTokens)));
    m_inferenceBatch->setValue(w.inference.batchSize);
    m_promptTokens->setValue(int(w.inference.promptTokens));
    m_outputTokens->setValue(int(w.inference.outputTokens));
    selectData(m_kvPrecision, int(w.inference.kvCachePrecision));
    const gp::ServingSpec& sv = w.serving;
    m_servingPrompt->setValue(int(sv.promptTokens));
    m_servingOutput->setValue(int(sv.outputTokens));
    selectData(m_servingLoadKind, int(sv.load.kind));
    if (sv.load.kind == gp::ServingLoadKind::Concurrency)
        m_servingConcurrency->setValue(int(std::lround(sv.load.value)));
    if (sv.load.kind == gp::ServingLoadKind::RequestsPerSecond)
        m_servingRate->setValue(sv.load.value);
    m_servingTtft->setValue(sv.slo.ttftSeconds ? *sv.slo.ttftSeconds : 0.0);
    m_servingTpot->setValue(sv.slo.tpotSeconds ? *sv.slo.tpotSeconds * 1000 : 0.0);
    selectData(m_servingKv, sv.kvCachePrecision ? int(*sv.kvCachePrecision) : -1);
    m_servingReplicas->setValue(sv.replicas ? *sv.replicas : 0);
    m_servingRequestsPerMonth->setText(
        sv.requestsPerMonth ? formatTokens(*sv.requestsPerMonth).remove(QLatin1Char(' ')) : QString());
    m_servingGpuUtilization->setValue(sv.engine.gpuMemoryUtilization ? *sv.engine.gpuMemoryUtilization : 0.0);
    m_servingMaxSeqs->setValue(sv.engine.maxNumSeqs ? *sv.engine.maxNumSeqs : 0);
    m_servingMaxTokens->setValue(sv.engine.maxNumBatchedTokens ? *sv.engine.maxNumBatchedTokens : 0);
    m_servingPrefixHit->setValue(sv.engine.prefixCacheHitRate);

    m_plannerChooses->setChecked(plan.search.enabled);
    m_maxNodes->setValue(plan.search.maxNodes);
    m_data->setValue(w.parallelism.data ? *w.parallelism.data : 0);
    m_tensor->setValue(w.parallelism.tensor);
    m_pipeline->setValue(w.parallelism.pipeline);
    m_context->setValue(w.parallelism.context);
    selectData(m_pipelineSchedule, int(w.parallelism.pipelineSchedule));
    m_virtualStages->setValue(w.parallelism.virtualStages);
    m_zero->setValue(w.parallelism.zeroStage);
    selectData(m_offload, int(w.parallelism.offload));
    selectData(m_objective, int(plan.search.objective));
    m_deadlineDays->setValue(plan.search.deadlineHours ? *plan.search.deadlineHours / 24 : 30);
    m_budget->setValue(plan.search.budget ? *plan.search.budget : 100000);
    m_budget->setPrefix(currencySymbol(QString::fromStdString(plan.billing.currency)));
    selectData(m_currency, QString::fromStdString(plan.billing.currency));
    for (QCheckBox* box : m_billingModes)
        box->setChecked(plan.billing.allows(box->property("mode").toString().toStdString()));
    auto showOptional = [](QDoubleSpinBox* box, const std::optional<double>& value) {
        box->setValue(value ? *value : box->minimum());
    };
    showOptional(m_exchangeRate, plan.billing.exchangeRate);
    showOptional(m_spotInterruptions, plan.billing.spotInterruptionsPerDay);
    showOptional(m_checkpointInterval, plan.billing.checkpointIntervalHours);
    showOptional(m_storage, plan.billing.storageGib);
    m_reservedTerm->setValue(plan.billing.reservedTermMonths.value_or(m_reservedTerm->minimum()));
    m_priceDiscount->setValue(plan.billing.priceDiscount.value_or(0) * 100);

    for (const auto& editor : m_fieldEditors)
        editor->show(plan);
    updateModelLayers();

    for (QWidget* w2 : inputs)
        w2->blockSignals(false);
    m_updating = false;
    updateVisibility();
}

void InputsPanel::updateModelLayers()
{
    auto model = gp::resolveModel(m_plan.model);
    m_modelLayers = model ? int(gp::totalLayers(model->architecture)) : 0;
    const std::optional<int> layers = m_plan.workload.checkpointedLayers;
    const QSignalBlocker block(m_checkpointedLayers);
    // Bounded by the model; a plan's larger count is shown as it is (the core names the field).
    const int max = std::max(m_modelLayers > 0 ? m_modelLayers : int(gp::limits::kMaxLayers), layers.value_or(0));
    m_checkpointedLayers->setMaximum(max);
    m_checkpointedLayers->setValue(layers ? *layers : m_modelLayers);
    m_checkpointedLayers->setSuffix(m_modelLayers > 0 ? tr(" of %1 layers").arg(m_modelLayers) : QString());
}

void InputsPanel::updateVisibility()
{
    const bool training = comboValue<gp::Mode>(m_mode) == gp::Mode::Training;
    const auto technique = comboValue<gp::Technique>(m_technique);
    const bool lora = technique == gp::Technique::Lora || technique == gp::Technique::Qlora;
    const auto mode = comboValue<gp::Mode>(m_mode);
    m_loraGroup->setVisible(training && lora);
    m_trainingGroup->setVisible(training);
    m_inferenceGroup->setVisible(mode == gp::Mode::Inference);
    m_servingGroup->setVisible(mode == gp::Mode::Serving);
    m_detailsGroup->setVisible(training);
    m_technique->setEnabled(training);
    m_optimizer->setEnabled(training);
    m_loss->setEnabled(training);
    m_attentionKernel->setEnabled(m_flash->isChecked()); // the kernel runs only with flash attention on
    // "Custom size" is typed into the Parameters field.
    m_parameters->setEnabled(m_preset->currentIndex() == 0);
    m_maxNodes->setEnabled(m_plannerChooses->isChecked());
    updatePlannerChoice();
    const auto objective = comboValue<gp::SearchObjective>(m_objective);
    auto setRow = [](QWidget* field, bool visible) {
        if (auto* form = qobject_cast<QFormLayout*>(field->parentWidget()->layout()))
            form->setRowVisible(field, visible);
    };
    const bool spot = std::any_of(m_billingModes.begin(), m_billingModes.end(), [](const QCheckBox* box) {
        return box->isChecked() && box->property("mode").toString() == QLatin1String("spot");
    });
    // Training-only inputs are hidden while serving (the one-batch inference mode keeps its old look).
    const bool serving = mode == gp::Mode::Serving;
    for (QWidget* input : { static_cast<QWidget*>(m_technique), static_cast<QWidget*>(m_optimizer),
             static_cast<QWidget*>(m_checkpointing), static_cast<QWidget*>(m_loss) })
        setRow(input->parentWidget(), !serving);
    // The manual layout's rows: hidden while the planner chooses (rather than greyed out, which keeps the
    // Objective section on screen at 1000 px height), except the pipeline schedule, which its layouts use too.
    // One form for all of them keeps their fields aligned.
    const bool manual = !m_plannerChooses->isChecked();
    for (QWidget* input :
        { static_cast<QWidget*>(m_data), static_cast<QWidget*>(m_zero), static_cast<QWidget*>(m_offload) })
        setRow(input->parentWidget(), manual && !serving);
    setRow(m_tensor->parentWidget(), manual);
    setRow(m_pipeline->parentWidget(), manual);
    setRow(m_context->parentWidget(), manual && training);
    // The training recipe: training only (the one-batch inference mode hides them as well).
    for (QWidget* input : { static_cast<QWidget*>(m_fp8Recipe), static_cast<QWidget*>(m_fp8AllGather),
             static_cast<QWidget*>(m_checkpointedLayers), static_cast<QWidget*>(m_bf16States),
             static_cast<QWidget*>(m_pipelineSchedule), static_cast<QWidget*>(m_virtualStages) })
        setRow(input->parentWidget(), training);
    updateRecipeInputs();
    const auto loadKind = comboValue<gp::ServingLoadKind>(m_servingLoadKind);
    m_servingConcurrency->setVisible(loadKind == gp::ServingLoadKind::Concurrency);
    m_servingRate->setVisible(loadKind == gp::ServingLoadKind::RequestsPerSecond);
    setRow(m_spotInterruptions->parentWidget(), spot);
    const bool reserved = std::any_of(m_billingModes.begin(), m_billingModes.end(), [](const QCheckBox* box) {
        return box->isChecked() && box->property("mode").toString() == QLatin1String("reserved");
    });
    setRow(m_reservedTerm->parentWidget(), reserved);
    setRow(m_checkpointInterval->parentWidget(), spot);
    setRow(m_deadlineDays->parentWidget(), objective == gp::SearchObjective::CostUnderDeadline);
    setRow(m_budget->parentWidget(), objective == gp::SearchObjective::TimeUnderBudget);
}

void InputsPanel::updateRecipeInputs()
{
    const bool training = comboValue<gp::Mode>(m_mode) == gp::Mode::Training;
    const bool planner = m_plannerChooses->isChecked();
    // A disabled input says why in its tool tip (Qt shows tool tips of disabled widgets too).
    auto state = [](QWidget* input, bool enabled, const QString& tip) {
        input->setEnabled(enabled);
        input->setToolTip(tip);
    };

    const bool fp8 = comboValue<gp::Precision>(m_precision) == gp::Precision::Fp8;
    state(m_fp8Recipe, training && fp8,
        fp8 ? tr("How the casts to FP8 before each linear layer are scaled; MXFP8 needs a Blackwell GPU (others "
                 "are estimated with tensorwise scaling); NVFP4 runs the MLP layers in 4-bit NVFP4 and the "
                 "attention projections in FP8, on data-center Blackwell GPUs only (others are estimated with "
                 "MXFP8 on Blackwell, tensorwise elsewhere)")
            : tr("Applies to FP8 training only; choose FP8 as the precision"));
    // FP8 all-gather needs weights gathered: ZeRO-3/FSDP, which the planner may choose.
    // The NVFP4 recipe's MLP GEMMs take NVFP4 weights: GPUs that run it gather in 16-bit (fp8_all_gather_unused),
    // the others fall back to an FP8 scaling and use the all-gather, so the box stays on and says so.
    const bool gathers = planner || m_zero->value() >= 3;
    const bool nvfp4 = comboValue<gp::Fp8Recipe>(m_fp8Recipe) == gp::Fp8Recipe::Nvfp4;
    state(m_fp8AllGather, training && fp8 && gathers,
        !fp8           ? tr("Applies to FP8 training only; choose FP8 as the precision")
            : !gathers ? tr("Applies to ZeRO-3/FSDP, which gathers the weights; set ZeRO stage 3")
            : nvfp4    ? tr("Cast each rank's shard of the linear weights to FP8 before FSDP's all-gather; not used "
                               "on the GPUs that run NVFP4 scaling, whose MLP layers take NVFP4 weights (they gather in "
                               "16-bit), used on the others, which fall back to an FP8 scaling")
                       : tr("Cast each rank's shard of the linear weights to FP8 before FSDP's all-gather: half the "
                               "gathered bytes and a smaller gather buffer (torchtitan's FSDP float8 all-gather)"));

    const auto optimizer = comboValue<gp::Optimizer>(m_optimizer);
    state(m_bf16States, training && gp::bf16OptimizerStatesApply(optimizer),
        gp::bf16OptimizerStatesApply(optimizer)
            ? tr("Keep the optimizer's moments in bf16 (2 bytes each instead of 4), as full-bf16 training does")
            : tr("%1 keeps no fp32 optimizer moments, so bf16 states change nothing")
                  .arg(CoreText::optimizer(optimizer)));

    const bool full = comboValue<gp::Checkpointing>(m_checkpointing) == gp::Checkpointing::Full;
    state(m_checkpointedLayers, training && !planner && full,
        planner    ? tr("The planner chooses this per candidate while \"Let the planner choose\" is on")
            : full ? tr("Layers fully recomputed in the backward pass (only their inputs kept); the others keep all "
                        "their activations. The model's layer count recomputes every layer")
                   : tr("Partial recompute applies to full activation checkpointing only"));

    // The schedule counts only with a pipeline: the manual one, or any the planner picks.
    const bool pipeline = planner || m_pipeline->value() > 1;
    const QString needsPipeline = tr("Applies with pipeline parallel 2 or more");
    state(m_pipelineSchedule, training && pipeline,
        !pipeline     ? needsPipeline
            : planner ? tr("1F1B, interleaved (virtual stages shrink the bubble) or zero bubble; used by the layouts "
                           "with a pipeline the planner chooses")
                      : tr("1F1B, interleaved (virtual stages shrink the bubble) or zero bubble"));
    const bool interleaved = comboValue<gp::PipelineSchedule>(m_pipelineSchedule) == gp::PipelineSchedule::Interleaved;
    state(m_virtualStages, training && pipeline && interleaved,
        !pipeline          ? needsPipeline
            : !interleaved ? tr("Virtual stages apply to the interleaved schedule only")
            : planner      ? tr("Model chunks per pipeline rank (2 or more): the bubble shrinks by this factor, "
                                     "pipeline sends grow by it. The planner tries this count, 1 (1F1B) and the powers "
                                     "of two that split the layers evenly, and keeps the best")
                           : tr("Model chunks per pipeline rank (2 or more): the bubble shrinks by this factor, "
                                     "pipeline sends grow by it"));
}

bool InputsPanel::readWidgets(gp::Plan& plan, Field field)
{
    // Only the edited field is read back: every other value stays exactly as the plan holds it (a 50 h deadline
    // shown as 2.08 days, a budget with cents, a sequence length past the slider's range).
    bool ok = true;
    auto fail = [&](const QString& key, const QString& message) {
        showFieldError(key, message);
        ok = false;
    };

    gp::ModelSpec& model = plan.model;
    gp::Workload& w = plan.workload;
    switch (field) {
    case FTitle:
        plan.title = m_title->text().trimmed().toStdString();
        break;
    case FNotes: {
        const QString notes = m_notes->toPlainText();
        if (notes.size() > gp::limits::kMaxNotesLength) { // counted in UTF-16 units: never more characters
            fail(QStringLiteral("notes"),
                tr("Notes: at most %1 characters, got %2.")
                    .arg(formatNumber(double(gp::limits::kMaxNotesLength), 0), formatNumber(double(notes.size()), 0)));
            break;
        }
        plan.notes = notes.toStdString();
        break;
    }
    case FModel:
    case FParameters: {
        const QString presetId = m_preset->currentData().toString();
        if (presetId == QLatin1String("#imported") && m_importedArchitecture) {
            model.preset.clear();
            model.architecture = m_importedArchitecture;
            model.architectureJson = nlohmann::json();
            model.parameters.reset();
            model.name = m_importedName.toStdString();
            if (!(model == m_plan.model))
                w.weightFormat = m_importedFormat;
        } else if (!presetId.isEmpty()) {
            model = gp::ModelSpec {};
            model.preset = presetId.toStdString();
            // A new model takes the format its published weights ship in (DeepSeek-V3's FP8 blocks, GPT-OSS's
            // MXFP4; 16-bit weights as the precision), not the format the model before it had.
            if (!(model == m_plan.model)) {
                w.weightFormat = gp::WeightFormat::Same;
                for (const gp::ModelPreset& p : gp::modelPresets())
                    if (p.id == model.preset)
                        for (const auto& [name, format] : gp::detail::kWeightFormats)
                            if (name == p.weightsDtype)
                                w.weightFormat = format;
            }
        } else {
            double parameters = 0;
            if (!parseScaledNumber(m_parameters->text(), &parameters) || parameters <= 0) {
                fail(QStringLiteral("model.parameters"), tr("Enter the number of parameters, e.g. 7B"));
            } else {
                const bool changed = !m_plan.model.parameters || *m_plan.model.parameters != parameters;
                model = gp::ModelSpec {};
                model.parameters = parameters;
                if (changed)
                    w.weightFormat = gp::WeightFormat::Same;
            }
        }
        if (w.technique == gp::Technique::Qlora && w.weightFormat == gp::WeightFormat::Same)
            w.weightFormat = gp::WeightFormat::Nf4; // QLoRA means a 4-bit NF4 base, as the plan reader says
        break;
    }
    case FMode: {
        const gp::Mode before = w.mode;
        w.mode = comboValue<gp::Mode>(m_mode);
        // A one-batch inference plan becomes a serving plan with the same lengths and its batch as the load.
        const bool servingInFile = plan.original.is_object() && plan.original.contains("workload")
            && plan.original["workload"].is_object() && plan.original["workload"].contains("serving");
        if (before == gp::Mode::Inference && w.mode == gp::Mode::Serving && !servingInFile) {
            w.serving.promptTokens = std::max<std::int64_t>(1, w.inference.promptTokens);
            w.serving.outputTokens = std::max<std::int64_t>(1, w.inference.outputTokens);
            w.serving.load = { gp::ServingLoadKind::Concurrency, double(w.inference.batchSize) };
            const gp::KvPrecision kv = w.inference.kvCachePrecision;
            if (kv != gp::KvPrecision::Fp32 && kv != gp::KvPrecision::Int4)
                w.serving.kvCachePrecision = kv;
        }
        break;
    }
    case FTechnique:
        w.technique = comboValue<gp::Technique>(m_technique);
        break;
    case FPrecision:
        w.precision = comboValue<gp::Precision>(m_precision);
        break;
    case FWeightFormat:
        w.weightFormat = comboValue<gp::WeightFormat>(m_weightFormat);
        break;
    case FOptimizer:
        w.optimizer = comboValue<gp::Optimizer>(m_optimizer);
        break;
    case FCheckpointing:
        w.activationCheckpointing = comboValue<gp::Checkpointing>(m_checkpointing);
        if (w.activationCheckpointing != gp::Checkpointing::Full) // partial recompute is of full checkpointing
            w.checkpointedLayers.reset();
        break;
    case FCheckpointedLayers: {
        const int layers = m_checkpointedLayers->value();
        // The model's count recomputes every layer: the plan's default, so the field is left out.
        w.checkpointedLayers = m_modelLayers > 0 && layers == m_modelLayers ? std::nullopt : std::optional<int>(layers);
        break;
    }
    case FBf16States:
        w.bf16OptimizerStates = m_bf16States->isChecked();
        break;
    case FFp8Recipe:
        w.fp8Recipe = comboValue<gp::Fp8Recipe>(m_fp8Recipe);
        break;
    case FFp8AllGather:
        w.fp8AllGather = m_fp8AllGather->isChecked();
        break;
    case FLoss:
        w.lossImplementation = comboValue<gp::LossImplementation>(m_loss);
        break;
    case FFlash:
        w.flashAttention = m_flash->isChecked();
        break;
    case FAttentionKernel:
        w.attentionKernel = comboValue<gp::AttentionKernel>(m_attentionKernel);
        break;
    case FLoraRank:
        w.lora.rank = m_loraRank->value();
        break;
    case FLoraTargets: {
        std::vector<std::string> modules;
        for (QCheckBox* box : m_loraTargets)
            if (box->isChecked())
                modules.push_back(box->property("module").toString().toStdString());
        if (modules.empty())
            fail(QStringLiteral("workload.lora.target_modules"), tr("Choose at least one module for the adapters"));
        else
            w.lora.targetModules = modules;
        break;
    }
    case FSequence:
        w.sequenceLength = m_sequenceLength->value();
        break;
    case FMicroBatch:
        w.microBatchSize = m_microBatch->value();
        break;
    case FAccumulation:
        w.gradientAccumulationSteps = m_accumulation->value();
        break;
    case FGlobalBatch:
        w.globalBatchSize
            = m_globalBatch->value() > 0 ? std::optional<std::int64_t>(m_globalBatch->value()) : std::nullopt;
        break;
    case FTokens: {
        double dataset = 0;
        if (!parseScaledNumber(m_datasetTokens->text(), &dataset) || dataset <= 0)
            fail(QStringLiteral("workload.training_tokens"), tr("Enter the dataset size in tokens, e.g. 2B"));
        else
            w.trainingTokens = dataset * m_epochs->value();
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
        break;
    }
    case FInferenceBatch:
        w.inference.batchSize = m_inferenceBatch->value();
        break;
    case FPrompt:
        w.inference.promptTokens = m_promptTokens->value();
        break;
    case FOutput:
        w.inference.outputTokens = m_outputTokens->value();
        break;
    case FKvPrecision:
        w.inference.kvCachePrecision = comboValue<gp::KvPrecision>(m_kvPrecision);
        break;
    case FServingPrompt:
        w.serving.promptTokens = m_servingPrompt->value();
        break;
    case FServingOutput:
        w.serving.outputTokens = m_servingOutput->value();
        break;
    case FServingLoadKind:
    case FServingLoadValue: {
        const auto kind = comboValue<gp::ServingLoadKind>(m_servingLoadKind);
        w.serving.load.kind = kind;
        w.serving.load.value = kind == gp::ServingLoadKind::Concurrency ? double(m_servingConcurrency->value())
            : kind == gp::ServingLoadKind::RequestsPerSecond            ? m_servingRate->value()
                                                                        : 0.0;
        break;
    }
    case FServingTtft:
        w.serving.slo.ttftSeconds = m_servingTtft->value() > m_servingTtft->minimum()
            ? std::optional<double>(m_servingTtft->value())
            : std::nullopt;
        break;
    case FServingTpot:
        w.serving.slo.tpotSeconds = m_servingTpot->value() > m_servingTpot->minimum()
            ? std::optional<double>(m_servingTpot->value() / 1000)
            : std::nullopt;
        break;
    case FServingKv: {
        const int kv = m_servingKv->currentData().toInt();
        w.serving.kvCachePrecision = kv < 0 ? std::nullopt : std::optional<gp::KvPrecision>(gp::KvPrecision(kv));
        break;
    }
    case FServingReplicas:
        w.serving.replicas
            = m_servingReplicas->value() > 0 ? std::optional<int>(m_servingReplicas->value()) : std::nullopt;
        break;
    case FServingRequestsPerMonth: {
        const QString text = m_servingRequestsPerMonth->text().trimmed();
        double requests = 0;
        if (text.isEmpty())
            w.serving.requestsPerMonth.reset();
        else if (!parseScaledNumber(text, &requests) || !(requests > 0))
            fail(QStringLiteral("workload.serving.requests_per_month"),
                tr("Enter requests per month, e.g. 3M, or leave it empty"));
        else
            w.serving.requestsPerMonth = requests;
        break;
    }
    case FServingGpuUtilization:
        w.serving.engine.gpuMemoryUtilization = m_servingGpuUtilization->value() > m_servingGpuUtilization->minimum()
            ? std::optional<double>(m_servingGpuUtilization->value())
            : std::nullopt;
        break;
    case FServingMaxSeqs:
        w.serving.engine.maxNumSeqs
            = m_servingMaxSeqs->value() > 0 ? std::optional<int>(m_servingMaxSeqs->value()) : std::nullopt;
        break;
    case FServingMaxTokens:
        w.serving.engine.maxNumBatchedTokens
            = m_servingMaxTokens->value() > 0 ? std::optional<int>(m_servingMaxTokens->value()) : std::nullopt;
        break;
    case FServingPrefixHit:
        w.serving.engine.prefixCacheHitRate = m_servingPrefixHit->value();
        break;
    case FData:
        w.parallelism.data = m_data->value() > 0 ? std::optional<int>(m_data->value()) : std::nullopt;
        break;
    case FTensor:
        w.parallelism.tensor = m_tensor->value();
        break;
    case FPipeline:
        w.parallelism.pipeline = m_pipeline->value();
        break;
    case FContext:
        w.parallelism.context = m_context->value();
        break;
    case FPipelineSchedule: {
        // Interleaving needs at least two model chunks per rank; the other schedules run one.
        w.parallelism.pipelineSchedule = comboValue<gp::PipelineSchedule>(m_pipelineSchedule);
        const bool interleaved = w.parallelism.pipelineSchedule == gp::PipelineSchedule::Interleaved;
        w.parallelism.virtualStages = interleaved ? std::max(2, w.parallelism.virtualStages) : 1;
        const QSignalBlocker block(m_virtualStages);
        m_virtualStages->setValue(w.parallelism.virtualStages);
        break;
    }
    case FVirtualStages:
        w.parallelism.virtualStages = m_virtualStages->value();
        break;
    case FZero:
        w.parallelism.zeroStage = m_zero->value();
        break;
    case FOffload:
        w.parallelism.offload = comboValue<gp::Offload>(m_offload);
        break;
    case FPlanner:
        plan.search.enabled = m_plannerChooses->isChecked();
        break;
    case FMaxNodes:
        plan.search.maxNodes = m_maxNodes->value();
        break;
    case FObjective:
        plan.search.objective = comboValue<gp::SearchObjective>(m_objective);
        // A limit the objective needs starts at what the field shows.
        if (plan.search.objective == gp::SearchObjective::CostUnderDeadline && !plan.search.deadlineHours)
            plan.search.deadlineHours = m_deadlineDays->value() * 24;
        if (plan.search.objective == gp::SearchObjective::TimeUnderBudget && !plan.search.budget)
            plan.search.budget = m_budget->value();
        break;
    case FDeadline:
        plan.search.deadlineHours = m_deadlineDays->value() * 24;
        break;
    case FBudget:
        plan.search.budget = m_budget->value();
        break;
    case FCurrency:
        plan.billing.currency = m_currency->currentData().toString().toStdString();
        break;
    case FBillingModes: {
        std::vector<std::string> modes;
        for (QCheckBox* box : m_billingModes)
            if (box->isChecked())
                modes.push_back(box->property("mode").toString().toStdString());
        if (modes.empty()) {
            fail(QStringLiteral("billing.modes"), tr("Choose at least one billing mode"));
            for (QCheckBox* box : m_billingModes) { // the last mode stays checked
                const QSignalBlocker block(box);
                box->setChecked(m_plan.billing.allows(box->property("mode").toString().toStdString()));
            }
        } else
            plan.billing.modes = modes;
        break;
    }
    case FReservedTerm:
        plan.billing.reservedTermMonths = m_reservedTerm->value() > m_reservedTerm->minimum()
            ? std::optional<int>(m_reservedTerm->value())
            : std::nullopt;
        break;
    case FPriceDiscount:
        plan.billing.priceDiscount
            = m_priceDiscount->value() > 0 ? std::optional<double>(m_priceDiscount->value() / 100) : std::nullopt;
        break;
    case FExchangeRate:
    case FSpotInterruptions:
    case FCheckpointInterval:
    case FStorage: {
        QDoubleSpinBox* box = field == FExchangeRate ? m_exchangeRate
            : field == FSpotInterruptions            ? m_spotInterruptions
            : field == FCheckpointInterval           ? m_checkpointInterval
                                                     : m_storage;
        std::optional<double>& value = field == FExchangeRate ? plan.billing.exchangeRate
            : field == FSpotInterruptions                     ? plan.billing.spotInterruptionsPerDay
            : field == FCheckpointInterval                    ? plan.billing.checkpointIntervalHours
                                                              : plan.billing.storageGib;
        value = box->value() > box->minimum() ? std::optional<double>(box->value()) : std::nullopt;
        break;
    }
    }
    return ok;
}

QString InputsPanel::describe(Field field) const
{
    switch (field) {
    case FTitle:
        return tr("Change title");
    case FNotes:
        return tr("Change notes");
    case FModel:
    case FParameters:
        return tr("Change model");
    case FMode:
        return tr("Change mode");
    case FTechnique:
        return tr("Change technique");
    case FPrecision:
        return tr("Change precision");
    case FWeightFormat:
        return tr("Change weight format");
    case FOptimizer:
        return tr("Change optimizer");
    case FLoraRank:
        return tr("Change LoRA rank");
    case FLoraTargets:
        return tr("Change LoRA targets");
    case FCheckpointing:
        return tr("Change checkpointing");
    case FCheckpointedLayers:
        return tr("Change partial recompute");
    case FBf16States:
        return tr("Toggle bf16 optimizer states");
    case FFp8Recipe:
        return tr("Change FP8 scaling");
    case FFp8AllGather:
        return tr("Toggle FP8 all-gather");
    case FFlash:
        return tr("Toggle flash attention");
    case FAttentionKernel:
        return tr("Change attention kernel");
    case FLoss:
        return tr("Change loss implementation");
    case FSequence:
        return tr("Change sequence length");
    case FMicroBatch:
        return tr("Change micro-batch");
    case FAccumulation:
        return tr("Change gradient accumulation");
    case FGlobalBatch:
        return tr("Change global batch");
    case FTokens:
        return tr("Change training tokens");
    case FInferenceBatch:
    case FPrompt:
    case FOutput:
    case FKvPrecision:
        return tr("Change serving inputs");
    case FServingPrompt:
    case FServingOutput:
        return tr("Change serving lengths");
    case FServingLoadKind:
    case FServingLoadValue:
        return tr("Change serving load");
    case FServingTtft:
    case FServingTpot:
        return tr("Change latency targets");
    case FServingKv:
        return tr("Change KV cache precision");
    case FServingReplicas:
        return tr("Change replicas");
    case FServingRequestsPerMonth:
        return tr("Change requests per month");
    case FServingGpuUtilization:
    case FServingMaxSeqs:
    case FServingMaxTokens:
    case FServingPrefixHit:
        return tr("Change serving engine");
    case FPlanner:
        return tr("Toggle planner");
    case FMaxNodes:
        return tr("Change max nodes");
    case FData:
    case FTensor:
    case FPipeline:
    case FPipelineSchedule:
    case FVirtualStages:
    case FContext:
    case FZero:
    case FOffload:
        return tr("Change parallelism");
    case FObjective:
    case FDeadline:
    case FBudget:
        return tr("Change objective");
    case FCurrency:
        return tr("Change currency");
    case FBillingModes:
        return tr("Change billing modes");
    case FReservedTerm:
        return tr("Change reservation term");
    case FPriceDiscount:
        return tr("Change price discount");
    case FExchangeRate:
    case FSpotInterruptions:
    case FCheckpointInterval:
    case FStorage:
        return tr("Change billing");
    }
    return tr("Change plan");
}

void InputsPanel::commitPendingEdits()
{
    if (m_updating)
        return;
    // A focused spin box's typed digits, the title (taken when focus leaves it), the notes (within their pause).
    if (auto* box = qobject_cast<QAbstractSpinBox*>(QApplication::focusWidget()); box && isAncestorOf(box))
        box->interpretText();
    if (m_title->text().trimmed().toStdString() != m_plan.title)
        edited(FTitle);
    m_notesPause->stop();
    if (m_notes->toPlainText().toStdString() != m_plan.notes)
        edited(FNotes);
}

void InputsPanel::edited(Field field)
{
    if (m_updating)
        return;
    updateVisibility();
    clearFieldErrors();
    showTextProblems(); // a field still holding text the plan did not take keeps its message
    gp::Plan plan = m_plan;
    if (!readWidgets(plan, field)) {
        if (field == FModel && m_parameters->isEnabled())
            m_parameters->setFocus(Qt::OtherFocusReason);
        return;
    }
    // The core validates the whole plan the way it would read it from a file, and names the field.
    auto checked = gp::planFromJson(gp::planToJson(plan));
    if (!checked) {
        showFieldError(QString::fromStdString(checked.error().field), QString::fromStdString(checked.error().message));
        return;
    }
    m_tokensTotal->setText(tr("= %1 training tokens").arg(formatTokens(plan.workload.trainingTokens)));
    m_budget->setPrefix(currencySymbol(QString::fromStdString(plan.billing.currency)));
    m_parameters->setEnabled(m_preset->currentIndex() == 0);
    m_plan = plan;
    if (field == FModel || field == FParameters || field == FCheckpointing)
        updateModelLayers(); // partial recompute: bounded by the new model's layers, reset off full checkpointing
    if (field == FMode)
        setPlan(plan); // a new mode can fill in other fields (serving from a one-batch inference plan)
    emit planEdited(plan, EditText([this, field] { return describe(field); }), int(field));
}

void InputsPanel::refuseValue(const QString& fieldKey, qint64 value)
{
    // The core's words for the refusal: the plan with this value, checked as a file would be.
    nlohmann::json document = gp::planToJson(m_plan);
    QString pointer = fieldKey;
    document[nlohmann::json::json_pointer("/" + pointer.replace(QLatin1Char('.'), QLatin1Char('/')).toStdString())]
        = value;
    clearFieldErrors();
    auto checked = gp::planFromJson(document);
    std::optional<gp::Error> problem;
    if (!checked)
        problem = checked.error();
    else if (auto model = gp::resolveModel(checked->model)) // a bound the model sets (layers)
        problem = gp::recipeProblem(*checked, *model);
    if (problem)
        showFieldError(QString::fromStdString(problem->field), QString::fromStdString(problem->message));
    else
        showFieldError(fieldKey, tr("%1 is out of range").arg(QLocale().toString(value)));
}

QString InputsPanel::showFieldError(const QString& field, const QString& message)
{
    QString best;
    for (auto it = m_errorLabels.cbegin(); it != m_errorLabels.cend(); ++it) {
        const QString& key = it.key();
        const bool prefix = field == key
            || (field.startsWith(key)
                && (field.at(key.size()) == QLatin1Char('.') || field.at(key.size()) == QLatin1Char('[')));
        if (prefix && key.size() > best.size())
            best = key;
    }
    QLabel* label = best.isEmpty() ? m_generalError : m_errorLabels.value(best);
    label->setText(best.isEmpty() && !field.isEmpty() ? tr("%1: %2").arg(field, message) : message);
    label->setVisible(true);
    fitWrappedLabels();
    return best;
}

void InputsPanel::clearFieldErrors()
{
    for (QLabel* label : std::as_const(m_errorLabels)) {
        label->clear();
        label->setVisible(false);
    }
    m_generalError->clear();
    m_generalError->setVisible(false);
}

QString InputsPanel::fieldError(const QString& fieldKey) const
{
    const QLabel* label = fieldKey.isEmpty() ? m_generalError : m_errorLabels.value(fieldKey);
    return label ? label->text() : QString();
}

void InputsPanel::setPlannerChoice(const gp::CandidateResult* recommended)
{
    if (recommended)
        m_recommended = *recommended;
    else
        m_recommended.reset();
    updatePlannerChoice();
}

QCheckBox* InputsPanel::billingModeBox(const QString& mode) const
{
    for (QCheckBox* box : m_billingModes)
        if (box->property("mode").toString() == mode)
            return box;
    return nullptr;
}

QString InputsPanel::plannerChoiceText() const
{
    return m_plannerChoice->isVisibleTo(this) ? m_plannerChoice->text() : QString();
}

void InputsPanel::updatePlannerChoice()
{
    const bool planner = m_plannerChooses->isChecked();
    // The planner picks these per candidate; the widgets would otherwise look as if they counted.
    const QString chosen = tr("The planner chooses this per candidate while \"Let the planner choose\" is on");
    m_checkpointing->setEnabled(!planner && comboValue<gp::Mode>(m_mode) == gp::Mode::Training);
    m_checkpointing->setToolTip(planner ? chosen : QString());
    m_microBatch->setToolTip(planner ? tr("With the planner on, only the global batch counts: micro-batch x "
                                          "accumulation x data parallel when Global batch is auto")
                                     : QString());
    QString text;
    if (planner) {
        if (m_recommended && m_recommended->serving) {
            const gp::CandidateResult& r = *m_recommended;
            text = tr("Chosen by the planner for the recommendation, %1 (%n node(s)): %2.", nullptr, r.nodes)
                       .arg(QString::fromStdString(r.candidate), AnswerText::servingDeployment(r));
        } else if (m_recommended) {
            const gp::CandidateResult& r = *m_recommended;
            text = tr("Chosen by the planner for the recommendation, %1 (%n node(s), %2 GPUs): %3.", nullptr, r.nodes)
                       .arg(QString::fromStdString(r.candidate))
                       .arg(r.gpus)
                       .arg(AnswerText::configuration(r.configuration, m_plan.workload, m_modelLayers));
        } else if (comboValue<gp::Mode>(m_mode) == gp::Mode::Serving) {
            text = tr("The planner chooses nodes, tensor and pipeline split and replicas per candidate.");
        } else {
            text = tr("The planner chooses nodes, parallel split, ZeRO stage, offload, checkpointing and micro-batch "
                      "per candidate.");
        }
    }
    m_plannerChoice->setText(text);
    m_plannerChoice->setVisible(!text.isEmpty());
    fitWrappedLabels();
    QTimer::singleShot(0, this, [this] { fitWrappedLabels(); }); // again once the layout has placed it
}

namespace
{

// A word-wrapped label inside the scroll area gets the height of its size hint, which is not the height its text needs
// at the width it gets: set that height whenever its width changes, so that nothing is cut.
void fitHeight(QLabel* label)
{
    if (label->isHidden() || label->text().isEmpty())
        return;
    // A label spanning its form's row is as wide as its group's contents; a field's label as wide as its field.
    int width = label->width();
    if (QWidget* parent = label->parentWidget(); parent && qobject_cast<QGroupBox*>(parent))
        width = parent->contentsRect().width() - 24;
    if (width < 40)
        width = 280;
    const int height = label->heightForWidth(width);
    // A label whose text follows every result (the planner's choice) keeps the tallest height it needed at this
    // width: a line fewer would move every field below it, and the whole panel would repaint on each update.
    if (label->property("growOnly").toBool() && height < label->minimumHeight())
        return;
    if (height > 0 && label->minimumHeight() != height)
        label->setMinimumHeight(height);
}

class WrappedLabelFitter : public QObject
{
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Resize) {
            auto* label = static_cast<QLabel*>(watched);
            const auto* resize = static_cast<QResizeEvent*>(event);
            if (resize->oldSize().width() != resize->size().width() && label->property("growOnly").toBool())
                label->setMinimumHeight(0); // a new width: the height it needs starts over
            fitHeight(label);
        }
        return false;
    }
};

} // namespace

void InputsPanel::fitWrappedLabels()
{
    if (!m_labelFitter) {
        m_labelFitter = new WrappedLabelFitter(this);
        for (QLabel* label : std::as_const(m_errorLabels))
            label->installEventFilter(m_labelFitter);
        for (QLabel* label : std::as_const(m_warningLabels))
            label->installEventFilter(m_labelFitter);
        m_plannerChoice->installEventFilter(m_labelFitter);
        m_modelInfo->installEventFilter(m_labelFitter);
    }
    auto fit = [](QLabel* label) { fitHeight(label); };
    for (QLabel* label : std::as_const(m_errorLabels))
        fit(label);
    for (QLabel* label : std::as_const(m_warningLabels))
        fit(label);
    fit(m_plannerChoice);
    fit(m_modelInfo);
}

void InputsPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitWrappedLabels();
}

namespace
{

// The field a sanity warning is about ("" = not one of them).
QString sanityField(const std::string& code, gp::Mode mode)
{
    if (code == "global_batch_exceeds_dataset")
        return QStringLiteral("workload.global_batch_size");
    if (code == "run_shorter_than_one_step")
        return QStringLiteral("workload.training_tokens");
    if (code == "sequence_exceeds_model_context")
        return mode == gp::Mode::Training ? QStringLiteral("workload.sequence_length")
            : mode == gp::Mode::Serving   ? QStringLiteral("workload.serving.prompt_tokens")
                                          : QStringLiteral("workload.inference.prompt_tokens");
    if (code == "serving_batch_cut" && mode == gp::Mode::Serving)
        return QStringLiteral("workload.serving.load");
    return {};
}

} // namespace

void InputsPanel::setSanityWarnings(const std::vector<gp::CandidateResult>& results)
{
    // The same question for every candidate: one warning per code (the first candidate's figures).
    m_sanity.clear();
    for (const gp::CandidateResult& r : results)
        for (const gp::Diagnostic& d : r.warnings)
            if (!sanityField(d.code, m_plan.workload.mode).isEmpty()
                && std::none_of(m_sanity.begin(), m_sanity.end(), [&](const auto& s) { return s.code == d.code; }))
                m_sanity.push_back(d);
    showSanityWarnings();
}

void InputsPanel::showSanityWarnings()
{
    QHash<QString, QStringList> texts;
    for (const gp::Diagnostic& d : m_sanity)
        texts[sanityField(d.code, m_plan.workload.mode)] << CoreText::diagnostic(d);
    for (auto it = m_warningLabels.cbegin(); it != m_warningLabels.cend(); ++it) {
        const QStringList lines = texts.value(it.key());
        it.value()->setText(lines.join(QLatin1Char('\n')));
        it.value()->setVisible(!lines.isEmpty());
    }
    fitWrappedLabels();
}

QString InputsPanel::fieldWarning(const QString& fieldKey) const
{
    const QLabel* label = m_warningLabels.value(fieldKey);
    return label && !label->isHidden() ? label->text() : QString();
}

void InputsPanel::setModelInfo(const QString& text)
{
    m_modelInfo->setText(text);
    m_modelInfo->setVisible(!text.isEmpty());
    fitWrappedLabels();
}

bool InputsPanel::importConfig(const QString& path, QString* error, const QString& modelName)
{
    const auto read = readInputFile(path); // 64 MiB at most, a regular file
    if (!read) {
        *error = QString::fromStdString(read.error().message);
        return false;
    }
    return importConfigBytes(*read, path, error, modelName);
}

bool InputsPanel::importConfigBytes(
    const QByteArray& bytes, const QString& path, QString* error, const QString& modelName)
{
    const QString name = !modelName.isEmpty()                        ? modelName
        : QFileInfo(path).fileName() == QLatin1String("config.json") ? QFileInfo(path).dir().dirName()
                                                                     : QFileInfo(path).completeBaseName();
    auto imported = gp::importHuggingFaceConfig(
        std::string_view(bytes.constData(), size_t(bytes.size())), QFileInfo(path).fileName().toStdString());
    if (!imported) {
        *error = QString::fromStdString(imported.error().toString());
        return false;
    }
    gp::Plan plan = m_plan;
    plan.model = gp::ModelSpec {};
    plan.model.architecture = imported->architecture;
    plan.model.name = name.toStdString();
    const std::string& q = imported->quantization;
    if (q == "nf4")
        plan.workload.weightFormat = gp::WeightFormat::Nf4;
    else if (q == "int8")
        plan.workload.weightFormat = gp::WeightFormat::Int8;
    else if (q == "int4")
        plan.workload.weightFormat = gp::WeightFormat::Int4;
    else if (q == "fp8")
        plan.workload.weightFormat = gp::WeightFormat::Fp8;
    else if (q == "mxfp4")
        plan.workload.weightFormat = gp::WeightFormat::Mxfp4;
    else if (q == "fp8_block")
        plan.workload.weightFormat = gp::WeightFormat::Fp8Block;
    else // unquantized weights: the format the model before it was imported in does not carry over
        plan.workload.weightFormat
            = plan.workload.technique == gp::Technique::Qlora ? gp::WeightFormat::Nf4 : gp::WeightFormat::Same;
    m_importedFormat = plan.workload.weightFormat;
    setPlan(plan);
    QStringList notes;
    for (const gp::Diagnostic& d : imported->warnings)
        notes << CoreText::diagnostic(d);
    if (!notes.isEmpty())
        setModelInfo(notes.join(QLatin1Char('\n')));
    const QString fileName = QFileInfo(path).fileName();
    emit planEdited(plan, EditText([fileName] { return tr("Import %1").arg(fileName); }), -1);
    return true;
}

} // namespace gpui
