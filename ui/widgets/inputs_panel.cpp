#include "widgets/inputs_panel.h"
#include "plan/plan_fields.h"
#include "widgets/inputs/field_text.h"

#include "base/error_words.h"
#include "core_text.h"
#include "estimate/estimator.h"
#include "file_access.h"
#include "transformer/model_library.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include <algorithm>
#include <string_view>

namespace gpui
{

InputsPanel::InputsPanel(QWidget* parent)
    : QWidget(parent)
    , m_kit(this)
{
    m_kit.setPlanSource(&m_plan);
    m_kit.edited = [this](InputField field) { edited(field); };
    m_kit.helpRequested = [this](const QString& anchor) { emit helpRequested(anchor); };
    m_kit.refuseValue = [this](const QString& fieldKey, qint64 value) { refuseValue(fieldKey, value); };
    build();
    retranslate();
    setPlan(m_plan);
}

InputsPanel::~InputsPanel() = default;

void InputsPanel::build()
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(6, 6, 6, 6);
    outer->addWidget(m_kit.generalError());
    // What the last mode switch set back (modeResetText()): at the top, beside the panel's general message. (Under
    // the mode's own row, a wrapped line in a form with hidden rows, Qt 6.4's QFormLayout::heightForWidth wrote past
    // its buffer.)
    m_modeNote = new QLabel;
    m_modeNote->setObjectName(QStringLiteral("modeResetNote"));
    m_modeNote->setWordWrap(true);
    m_modeNote->setStyleSheet(QStringLiteral("color: #b86e00;"));
    m_modeNote->setVisible(false);
    outer->addWidget(m_modeNote);
    // The sections in the panel's order (which is also the keyboard's).
    auto add = [this](auto section) {
        auto* view = section.get();
        m_sections.push_back(std::move(section));
        return view;
    };
    m_report = add(std::make_unique<ReportSection>(m_kit, outer));
    m_model = add(std::make_unique<ModelSection>(
        m_kit, outer, [this] { emit importRequested(); }, [this] { emit importCachedRequested(); }));
    m_workload = add(std::make_unique<WorkloadSection>(m_kit, outer));
    m_lora = add(std::make_unique<LoraSection>(m_kit, outer));
    m_batch = add(std::make_unique<BatchSection>(m_kit, outer));
    m_inference = add(std::make_unique<InferenceSection>(m_kit, outer));
    m_serving = add(std::make_unique<ServingSection>(m_kit, outer));
    m_parallelism = add(std::make_unique<ParallelismSection>(m_kit, outer));
    m_billing = add(std::make_unique<BillingSection>(m_kit, outer));
    // Last: the table's fields that no row above edits get an ordinary row.
    const TableRowForms forms { m_serving->engineForm(), m_parallelism->form(), m_billing->form() };
    m_tableRows = add(std::make_unique<TableRowsSection>(m_kit, outer, forms,
        [this](const gp::PlanField& field, const nlohmann::json& value) { editedField(field, value); }));
    outer->addStretch(1);
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
    if (m_kit.updating)
        return;
    clearFieldErrors();
    showTextProblems();
    if (!m_modeResets.empty()) {
        m_modeResets.clear();
        showModeResetNote();
    }
    gp::Plan plan = m_plan;
    field.set(plan, value);
    auto checked = gp::planFromJson(gp::planToJson(plan));
    std::optional<gp::Error> problem;
    if (!checked)
        problem = checked.error();
    else if (field.kind == gp::FieldKind::Text) // a text read against the model (a pipeline layout's layers)
        if (auto model = gp::resolveModel(checked->model))
            problem = gp::recipeProblem(*checked, *model);
    if (problem) {
        showFieldError(QString::fromStdString(problem->field), CoreText::errorMessage(*problem));
        return;
    }
    m_plan = plan;
    updateVisibility(); // a table row can change which rows apply (the training stack: FP8 all-gather)
    const std::string_view path = field.path;
    const int mergeId = 1000 + int(&field - gp::planFields().data());
    emit planEdited(plan, EditText([path] { return tr("Change %1").arg(FieldText::label(path)); }), mergeId);
}

void InputsPanel::showTextProblems()
{
    m_batch->showTextProblems();
    m_model->showTextProblems();
    m_serving->showTextProblems();
    m_tableRows->showTextProblems();
}

void InputsPanel::retranslate()
{
    m_kit.retranslate();
    m_billing->showCurrency(m_plan);
}

void InputsPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        setPlan(m_plan); // re-words the token total and model lines
        showSanityWarnings();
        showModeResetNote();
    }
    QWidget::changeEvent(event);
}

void InputsPanel::setPlan(const gp::Plan& plan)
{
    // Undone, or another plan: the note about the last mode switch goes (a language change keeps it).
    const bool resetNoteGoes = !m_modeResets.empty() && !(plan == m_plan);
    if (resetNoteGoes)
        m_modeResets.clear();
    m_plan = plan;
    m_kit.updating = true;
    const QList<QWidget*> inputs = findChildren<QWidget*>();
    for (QWidget* w : inputs)
        w->blockSignals(true);
    for (const auto& section : m_sections)
        section->setPlan(plan);
    m_workload->updateModelLayers();
    for (QWidget* w : inputs)
        w->blockSignals(false);
    m_kit.updating = false;
    updateVisibility();
    // The inputs show the plan's values now: a message about text a field no longer holds goes (it stayed under an
    // empty field after an undo, and after another plan was opened); a field still holding refused text keeps its.
    clearFieldErrors();
    showTextProblems();
    if (resetNoteGoes)
        showModeResetNote();
}

void InputsPanel::updateVisibility()
{
    InputsState state;
    state.framework = m_plan.workload.framework; // a table row (TableRowsSection): the plan holds it
    for (const auto& section : m_sections)
        section->readState(state);
    for (const auto& section : m_sections)
        section->showState(state);
}

bool InputsPanel::readWidgets(gp::Plan& plan, InputField field)
{
    // Only the edited field is read back: every other value stays exactly as the plan holds it (a 50 h deadline
    // shown as 2.08 days, a budget with cents, a sequence length past the slider's range).
    bool ok = true;
    for (const auto& section : m_sections)
        if (section->apply(field, plan, ok))
            break;
    return ok;
}

QString InputsPanel::describe(InputField field) const
{
    for (const auto& section : m_sections)
        if (QString words = section->describe(field); !words.isEmpty())
            return words;
    return tr("Change plan");
}

void InputsPanel::commitPendingEdits()
{
    if (m_kit.updating)
        return;
    // A focused spin box's typed digits, the title (taken when focus leaves it), the notes (within their pause).
    if (auto* box = qobject_cast<QAbstractSpinBox*>(QApplication::focusWidget()); box && isAncestorOf(box))
        box->interpretText();
    m_report->commitPendingEdits();
}

namespace
{

// The core's refusal of `plan` as a file would be read: the parser's, then the recipe's (a bound the model sets).
std::optional<gp::Error> planProblem(const gp::Plan& plan)
{
    auto checked = gp::planFromJson(gp::planToJson(plan));
    if (!checked)
        return checked.error();
    if (auto model = gp::resolveModel(checked->model))
        return gp::recipeProblem(*checked, *model);
    return std::nullopt;
}

} // namespace

std::vector<InputsPanel::ResetField> InputsPanel::resetTrainingOnlyFields(gp::Plan& plan)
{
    // The fields come from the core's refusals ("applies to training only": the parser's for context parallelism,
    // the recipe check's for MTP layers, any later one alike), not from a list kept here: each refused field goes
    // back to the value a plan without it has, until the core refuses nothing more as training only.
    std::vector<ResetField> reset;
    for (std::size_t round = 0; round < gp::planFields().size(); ++round) {
        const std::optional<gp::Error> problem = planProblem(plan);
        // The words' text, not the pointer: a build need not give the one literal a single address everywhere
        // (the sanitizer build did not).
        if (!problem || problem->words.empty() || !problem->words.front().text
            || std::string_view(problem->words.front().text) != gp::words::kTrainingOnly)
            break;
        const gp::PlanField* field = gp::findPlanField(problem->field);
        if (!field || field->atDefault(plan))
            break; // not a table field, or already its default: the refusal stays, shown where it is
        reset.push_back({ field, field->get(plan) });
        field->set(plan, field->defaultValue());
    }
    return reset;
}

void InputsPanel::edited(InputField field)
{
    if (m_kit.updating)
        return;
    updateVisibility();
    clearFieldErrors();
    showTextProblems(); // a field still holding text the plan did not take keeps its message
    gp::Plan plan = m_plan;
    if (!readWidgets(plan, field))
        return;
    // Out of training, the fields the core takes in training only are set back to their defaults, said under the
    // mode and undone with the switch (one undo step): they were refused under rows the new mode hides.
    std::vector<ResetField> resets;
    if (field == FMode)
        resets = resetTrainingOnlyFields(plan);
    // The core validates the whole plan the way it would read it from a file, and names the field.
    auto checked = gp::planFromJson(gp::planToJson(plan));
    if (!checked) {
        showFieldError(QString::fromStdString(checked.error().field), CoreText::errorMessage(checked.error()));
        return;
    }
    m_batch->showTotal(plan);
    m_billing->showCurrency(plan);
    m_model->showState({});
    m_plan = plan;
    if (field == FModel || field == FParameters || field == FCheckpointing)
        m_workload->updateModelLayers(); // partial recompute: bounded by the new model's layers, reset off full
    if (field == FMode)
        setPlan(plan); // a new mode can fill in other fields (serving from a one-batch inference plan)
    if (!resets.empty() || !m_modeResets.empty()) {
        m_modeResets = std::move(resets);
        showModeResetNote();
    }
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
        showFieldError(QString::fromStdString(problem->field), CoreText::errorMessage(*problem));
    else
        showFieldError(fieldKey, tr("%1 is out of range").arg(QLocale().toString(value)));
}

QString InputsPanel::showFieldError(const QString& field, const QString& message)
{
    return m_kit.showFieldError(field, message);
}

void InputsPanel::clearFieldErrors()
{
    m_kit.clearFieldErrors();
}

QString InputsPanel::fieldError(const QString& fieldKey) const
{
    return m_kit.fieldError(fieldKey);
}

void InputsPanel::setPlannerChoice(const gp::CandidateResult* recommended)
{
    m_parallelism->setPlannerChoice(recommended);
}

QString InputsPanel::plannerChoiceText() const
{
    return m_parallelism->plannerChoiceText();
}

void InputsPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    m_kit.fitWrappedLabels();
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
    const QHash<QString, QLabel*>& labels = m_kit.warningLabels();
    for (auto it = labels.cbegin(); it != labels.cend(); ++it) {
        const QStringList lines = texts.value(it.key());
        it.value()->setText(lines.join(QLatin1Char('\n')));
        it.value()->setVisible(!lines.isEmpty());
    }
    m_kit.fitWrappedLabels();
}

QStringList InputsPanel::modeResetFields() const
{
    QStringList paths;
    for (const ResetField& r : m_modeResets)
        paths << QString::fromUtf8(r.field->path.data(), qsizetype(r.field->path.size()));
    return paths;
}

void InputsPanel::showModeResetNote()
{
    const QString text = modeResetText();
    m_modeNote->setText(text);
    m_modeNote->setVisible(!text.isEmpty());
}

QString InputsPanel::modeResetNote() const
{
    return m_modeNote->isHidden() ? QString() : m_modeNote->text();
}

QString InputsPanel::modeResetText() const
{
    if (m_modeResets.empty())
        return {};
    QStringList items;
    for (const ResetField& r : m_modeResets)
        items << tr("%1 (was %2)").arg(FieldText::label(r.field->path), FieldText::value(*r.field, r.before));
    const QString list = items.join(CoreText::listSeparator());
    return m_modeResets.size() == 1
        ? tr("%1 applies to training only and was set back to its default. Undo (Ctrl+Z) restores it.").arg(list)
        : tr("%1 apply to training only and were set back to their defaults. Undo (Ctrl+Z) restores them.").arg(list);
}

QString InputsPanel::fieldWarning(const QString& fieldKey) const
{
    const QLabel* label = m_kit.warningLabels().value(fieldKey);
    return label && !label->isHidden() ? label->text() : QString();
}

void InputsPanel::setModelInfo(const QString& text)
{
    m_model->setModelInfo(text);
}

bool InputsPanel::importConfig(const QString& path, QString* error, const QString& modelName)
{
    const auto read = readInputFile(path); // 64 MiB at most, a regular file
    if (!read) {
        *error = CoreText::errorMessage(read.error());
        return false;
    }
    return importConfigBytes(*read, path, error, modelName);
}

namespace
{

// The weight format an imported config's quantization ships (unquantized: the precision's, NF4 under QLoRA).
gp::WeightFormat importedWeightFormat(const std::string& quantization, gp::Technique technique)
{
    if (quantization == "nf4")
        return gp::WeightFormat::Nf4;
    if (quantization == "int8")
        return gp::WeightFormat::Int8;
    if (quantization == "int4")
        return gp::WeightFormat::Int4;
    if (quantization == "fp8")
        return gp::WeightFormat::Fp8;
    if (quantization == "mxfp4")
        return gp::WeightFormat::Mxfp4;
    if (quantization == "fp8_block")
        return gp::WeightFormat::Fp8Block;
    // Unquantized weights: the format the model before it was imported in does not carry over.
    return technique == gp::Technique::Qlora ? gp::WeightFormat::Nf4 : gp::WeightFormat::Same;
}

} // namespace

bool InputsPanel::importConfigBytes(
    const QByteArray& bytes, const QString& path, QString* error, const QString& modelName)
{
    const QString name = !modelName.isEmpty()                        ? modelName
        : QFileInfo(path).fileName() == QLatin1String("config.json") ? QFileInfo(path).dir().dirName()
                                                                     : QFileInfo(path).completeBaseName();
    auto imported = gp::importHuggingFaceConfig(
        std::string_view(bytes.constData(), size_t(bytes.size())), QFileInfo(path).fileName().toStdString());
    if (!imported) {
        *error = CoreText::error(imported.error());
        return false;
    }
    gp::Plan plan = m_plan;
    plan.model = gp::ModelSpec {};
    plan.model.architecture = imported->architecture;
    plan.model.name = name.toStdString();
    plan.workload.weightFormat = importedWeightFormat(imported->quantization, plan.workload.technique);
    plan.workload.weightBits
        = imported->bitsPerWeight > 0 ? std::optional<double>(imported->bitsPerWeight) : std::nullopt;
    m_model->setImportedFormat(plan.workload.weightFormat);
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
