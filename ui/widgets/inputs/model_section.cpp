#include "widgets/inputs/model_section.h"
#include "widgets/inputs_panel.h"

#include "core_text.h"
#include "number_format.h"
#include "plan/plan_enum_tables.h"
#include "transformer/layers.h"
#include "transformer/model_library.h"

#include <QComboBox>
#include <QCompleter>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace gpui
{

ModelSection::ModelSection(SectionKit& kit, QVBoxLayout* outer, std::function<void()> importRequested,
    std::function<void()> importCachedRequested)
    : m_kit(kit)
{
    QFormLayout* form = nullptr;
    QGroupBox* modelGroup = kit.group([] { return InputsPanel::tr("Model"); }, &form, QStringLiteral("model"));
    m_preset = new QComboBox;
    m_preset->setEditable(true);
    m_preset->setInsertPolicy(QComboBox::NoInsert);
    m_preset->setMaxVisibleItems(20);
    m_preset->addItem(QString(), QString()); // custom size
    for (const gp::ModelPreset& p : gp::modelPresets())
        m_preset->addItem(QString::fromStdString(p.name), QString::fromStdString(p.id));
    m_preset->completer()->setFilterMode(Qt::MatchContains);
    m_preset->completer()->setCompletionMode(QCompleter::PopupCompletion);
    kit.onRetranslate([this] {
        m_preset->setItemText(0, InputsPanel::tr("Custom size (parameters only)"));
        m_preset->lineEdit()->setPlaceholderText(InputsPanel::tr("Search models…"));
        // Hybrid models say which of their layers keep a KV cache and which a recurrent state.
        for (std::size_t i = 0; i < gp::modelPresets().size(); ++i) {
            const gp::Architecture& a = gp::modelPresets()[i].architecture;
            if (a.hybrid())
                m_preset->setItemData(int(i) + 1,
                    InputsPanel::tr("Hybrid: %1 of %2 layers attend and keep a KV cache; %3 Gated DeltaNet and %4 "
                                    "Mamba2 layers keep a constant state per request")
                        .arg(gp::kvCacheLayers(a))
                        .arg(a.numLayers)
                        .arg(a.linearAttentionLayers)
                        .arg(a.mambaLayers),
                    Qt::ToolTipRole);
        }
    });
    kit.addRow(
        form, [] { return InputsPanel::tr("Preset"); }, m_preset, QStringLiteral("model"));
    m_parameters = new QLineEdit;
    kit.onRetranslate([this] {
        m_parameters->setPlaceholderText(InputsPanel::tr("e.g. 7B, 70e9"));
        m_parameters->setToolTip(InputsPanel::tr("Number of parameters; K, M, B and T suffixes are understood"));
    });
    kit.addRow(
        form, [] { return InputsPanel::tr("Parameters"); }, m_parameters, QStringLiteral("model.parameters"));
    m_import = new QPushButton;
    kit.onRetranslate([this] {
        m_import->setText(InputsPanel::tr("Import config.json…"));
        m_import->setToolTip(InputsPanel::tr("Read a Hugging Face config.json (or drop one on the window)"));
    });
    m_importCached = new QPushButton;
    m_importCached->setObjectName(QStringLiteral("importCachedModel"));
    kit.onRetranslate([this] {
        m_importCached->setText(InputsPanel::tr("From Hugging Face cache…"));
        m_importCached->setToolTip(
            InputsPanel::tr("Pick a model downloaded with Hugging Face tools on this computer "
                            "($HF_HOME/hub, by default ~/.cache/huggingface/hub); read offline"));
    });
    m_modelInfo = new QLabel;
    m_modelInfo->setWordWrap(true);
    m_modelInfo->setStyleSheet(QStringLiteral("color: palette(mid);"));
    kit.addWrappedLabel(m_modelInfo);
    auto* importRow = new QWidget;
    auto* importLayout = new QVBoxLayout(importRow);
    importLayout->setContentsMargins(0, 0, 0, 0);
    importLayout->addWidget(m_import);
    importLayout->addWidget(m_importCached);
    importLayout->addWidget(m_modelInfo);
    form->addRow(importRow);
    outer->addWidget(modelGroup);
    QWidget* panel = kit.panel();
    QObject::connect(m_preset, &QComboBox::activated, panel, [this] { m_kit.edited(FModel); });
    QObject::connect(m_preset->lineEdit(), &QLineEdit::returnPressed, panel, [this] { pickTypedPreset(); });
    QObject::connect(m_parameters, &QLineEdit::editingFinished, panel, [this] {
        if (m_preset->currentIndex() != 0)
            m_preset->setCurrentIndex(0);
        m_kit.edited(FParameters);
    });
    QObject::connect(m_parameters, &QLineEdit::textEdited, panel, [this](const QString& text) {
        double v = 0;
        QLabel* error = m_kit.errorLabel(QStringLiteral("model.parameters"));
        const bool ok = text.trimmed().isEmpty() || (parseScaledNumber(text, &v) && v > 0);
        error->setText(ok ? QString() : InputsPanel::tr("Not a parameter count: write e.g. 7B or 6.7e9"));
        error->setVisible(!ok);
    });
    QObject::connect(m_import, &QPushButton::clicked, panel, [importRequested] { importRequested(); });
    QObject::connect(
        m_importCached, &QPushButton::clicked, panel, [importCachedRequested] { importCachedRequested(); });
}

void ModelSection::setPlan(const gp::Plan& plan)
{
    const gp::ModelSpec& model = plan.model;
    if (!model.preset.empty()) {
        selectComboData(m_preset, QString::fromStdString(model.preset));
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
        m_preset->setItemText(i, InputsPanel::tr("Imported: %1").arg(m_importedName));
        m_preset->setCurrentIndex(i);
    } else {
        m_preset->setCurrentIndex(0);
    }
    showPlanText(m_parameters, model.parameters ? formatTokens(*model.parameters).remove(QLatin1Char(' ')) : QString());
    m_preset->lineEdit()->setCursorPosition(0); // the chosen model's name from its beginning
    m_parameters->setEnabled(m_preset->currentIndex() == 0);
}

bool ModelSection::apply(InputField field, gp::Plan& plan, bool& ok)
{
    if (field != FModel && field != FParameters)
        return false;
    applyModel(plan, ok);
    if (!ok && field == FModel && m_parameters->isEnabled())
        m_parameters->setFocus(Qt::OtherFocusReason);
    return true;
}

void ModelSection::applyModel(gp::Plan& plan, bool& ok)
{
    gp::ModelSpec& model = plan.model;
    gp::Workload& w = plan.workload;
    const gp::Plan& shown = m_kit.plan();
    const QString presetId = m_preset->currentData().toString();
    if (presetId == QLatin1String("#imported") && m_importedArchitecture) {
        model.preset.clear();
        model.architecture = m_importedArchitecture;
        model.architectureJson = nlohmann::json();
        model.parameters.reset();
        model.name = m_importedName.toStdString();
        if (!(model == shown.model))
            w.weightFormat = m_importedFormat;
    } else if (!presetId.isEmpty()) {
        model = gp::ModelSpec {};
        model.preset = presetId.toStdString();
        // A new model takes the format its published weights ship in (DeepSeek-V3's FP8 blocks, GPT-OSS's
        // MXFP4; 16-bit weights as the precision), not the format the model before it had.
        if (!(model == shown.model)) {
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
            m_kit.showFieldError(
                QStringLiteral("model.parameters"), InputsPanel::tr("Enter the number of parameters, e.g. 7B"));
            ok = false;
        } else {
            const bool changed = !shown.model.parameters || *shown.model.parameters != parameters;
            model = gp::ModelSpec {};
            model.parameters = parameters;
            if (changed)
                w.weightFormat = gp::WeightFormat::Same;
        }
    }
    if (w.technique == gp::Technique::Qlora && w.weightFormat == gp::WeightFormat::Same)
        w.weightFormat = gp::WeightFormat::Nf4; // QLoRA means a 4-bit NF4 base, as the plan reader says
}

QString ModelSection::describe(InputField field) const
{
    return field == FModel || field == FParameters ? InputsPanel::tr("Change model") : QString();
}

void ModelSection::showState(const InputsState&)
{
    // "Custom size" is typed into the Parameters field.
    m_parameters->setEnabled(m_preset->currentIndex() == 0);
}

void ModelSection::showTextProblems()
{
    double v = 0;
    const QString text = m_parameters->text();
    if (m_parameters->isEnabled() && !text.trimmed().isEmpty() && !(parseScaledNumber(text, &v) && v > 0))
        m_kit.showFieldError(
            QStringLiteral("model.parameters"), InputsPanel::tr("Not a parameter count: write e.g. 7B or 6.7e9"));
}

void ModelSection::setModelInfo(const QString& text)
{
    m_modelInfo->setText(text);
    m_modelInfo->setVisible(!text.isEmpty());
    m_kit.fitWrappedLabels();
}

void ModelSection::pickTypedPreset()
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
        m_kit.edited(FModel);
        return;
    }
    // The matches by name (the first few), so that the user sees what to type more of.
    QStringList names;
    for (int i : matches.mid(0, 4))
        names << m_preset->itemText(i);
    if (matches.size() > 4)
        names << QStringLiteral("…");
    m_kit.clearFieldErrors();
    m_kit.showFieldError(QStringLiteral("model"),
        matches.isEmpty()
            ? InputsPanel::tr("No model matches \"%1\"").arg(typed)
            : InputsPanel::tr("%n models match \"%1\" (%2): type more of the name or pick one from the list", nullptr,
                int(matches.size()))
                  .arg(typed, names.join(CoreText::listSeparator())));
}

} // namespace gpui
