#include "widgets/inputs/lora_section.h"
#include "widgets/inputs/field_text.h"
#include "widgets/inputs_panel.h"

#include "estimate/common/lora_dropout.h"
#include "estimate/common/performance_defaults.h"
#include "plan/limits.h"
#include "plan/plan_fields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLocale>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>

namespace gpui
{

namespace
{

// The dropout box's minimum, one step under 0: "the catalog's default" (workload.lora.dropout absent).
constexpr double kDropoutDefaultShown = -0.01;

const char* const kLoraSectionModules[]
    = { "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj" };

} // namespace

LoraSection::LoraSection(SectionKit& kit, QVBoxLayout* outer)
    : m_kit(kit)
{
    QFormLayout* form = nullptr;
    m_group = kit.group([] { return InputsPanel::tr("LoRA adapters"); }, &form, QStringLiteral("lora"));
    m_rank = fieldSpin(1, int(gp::limits::kMaxLoraRank));
    kit.addRow(
        form, [] { return InputsPanel::tr("Rank"); }, m_rank, QStringLiteral("workload.lora.rank"));
    // The dropout probability (below 1); one step under 0 is "the catalog's default" (the plan leaves it out).
    auto* dropout = new FieldDoubleSpinBox;
    dropout->setObjectName(QStringLiteral("lora:dropout"));
    dropout->setRange(kDropoutDefaultShown, 0.99);
    dropout->setDecimals(2);
    dropout->setSingleStep(0.05);
    dropout->setKeyboardTracking(false);
    m_dropout = dropout;
    kit.addRow(
        form, [] { return InputsPanel::tr("Dropout"); }, m_dropout, QStringLiteral("workload.lora.dropout"));
    m_dropoutPosition = new QComboBox;
    m_dropoutPosition->setObjectName(QStringLiteral("lora:dropout_position"));
    kit.fillCombo(
        m_dropoutPosition, { gp::LoraDropoutPosition::Pre, gp::LoraDropoutPosition::Post },
        +[](gp::LoraDropoutPosition p) {
            return FieldText::choice(*gp::findPlanField("workload.lora.dropout_position"), gp::toString(p));
        });
    kit.addRow(
        form, [] { return InputsPanel::tr("Dropout position"); }, m_dropoutPosition,
        QStringLiteral("workload.lora.dropout_position"));
    kit.onRetranslate([this] {
        const double shown = gp::catalogDefault(gp::builtinCatalog(), gp::kLoraDropoutDefaultKey, 0, 0.999);
        m_dropout->setSpecialValueText(InputsPanel::tr("catalog default (%1)").arg(QLocale().toString(shown)));
        m_dropout->setToolTip(FieldText::toolTip("workload.lora.dropout"));
        m_dropoutPosition->setToolTip(FieldText::toolTip("workload.lora.dropout_position"));
    });
    auto* targets = new QWidget;
    auto* grid = new QGridLayout(targets);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(8);
    QWidget* panel = kit.panel();
    int n = 0;
    for (const char* module : kLoraSectionModules) {
        auto* box = new QCheckBox(QString::fromLatin1(module).remove(QStringLiteral("_proj")));
        box->setProperty("module", QString::fromLatin1(module));
        box->setToolTip(QString::fromLatin1(module));
        grid->addWidget(box, n / 4, n % 4);
        m_targets.push_back(box);
        QObject::connect(box, &QCheckBox::toggled, panel, [this] { m_kit.edited(FLoraTargets); });
        ++n;
    }
    kit.addRow(
        form, [] { return InputsPanel::tr("Targets"); }, targets, QStringLiteral("workload.lora.target_modules"));
    outer->addWidget(m_group);
    QObject::connect(m_rank, &QSpinBox::valueChanged, panel, [this] { m_kit.edited(FLoraRank); });
    QObject::connect(m_dropout, &QDoubleSpinBox::valueChanged, panel, [this] { m_kit.edited(FLoraDropout); });
    QObject::connect(m_dropoutPosition, &QComboBox::activated, panel, [this] { m_kit.edited(FLoraDropoutPosition); });
}

void LoraSection::setPlan(const gp::Plan& plan)
{
    const gp::LoraSpec& lora = plan.workload.lora;
    m_rank->setValue(lora.rank);
    m_dropout->setValue(lora.dropout ? *lora.dropout : m_dropout->minimum());
    selectComboData(m_dropoutPosition, int(lora.dropoutPosition));
    for (QCheckBox* box : m_targets) {
        const std::string module = box->property("module").toString().toStdString();
        box->setChecked(
            std::find(lora.targetModules.begin(), lora.targetModules.end(), module) != lora.targetModules.end());
    }
}

bool LoraSection::apply(InputField field, gp::Plan& plan, bool& ok)
{
    if (field == FLoraRank) {
        plan.workload.lora.rank = m_rank->value();
        return true;
    }
    if (field == FLoraDropout) {
        const double v = m_dropout->value();
        plan.workload.lora.dropout = v > m_dropout->minimum() ? std::optional<double>(v) : std::nullopt;
        return true;
    }
    if (field == FLoraDropoutPosition) {
        plan.workload.lora.dropoutPosition = comboValue<gp::LoraDropoutPosition>(m_dropoutPosition);
        return true;
    }
    if (field != FLoraTargets)
        return false;
    std::vector<std::string> modules;
    for (QCheckBox* box : m_targets)
        if (box->isChecked())
            modules.push_back(box->property("module").toString().toStdString());
    if (modules.empty()) {
        m_kit.showFieldError(QStringLiteral("workload.lora.target_modules"),
            InputsPanel::tr("Choose at least one module for the adapters"));
        ok = false;
    } else {
        plan.workload.lora.targetModules = modules;
    }
    return true;
}

QString LoraSection::describe(InputField field) const
{
    return field == FLoraRank           ? InputsPanel::tr("Change LoRA rank")
        : field == FLoraDropout         ? InputsPanel::tr("Change LoRA dropout")
        : field == FLoraDropoutPosition ? InputsPanel::tr("Change LoRA dropout position")
        : field == FLoraTargets         ? InputsPanel::tr("Change LoRA targets")
                                        : QString();
}

void LoraSection::showState(const InputsState& state)
{
    const bool lora = state.technique == gp::Technique::Lora || state.technique == gp::Technique::Qlora;
    m_group->setVisible(state.mode == gp::Mode::Training && lora);
}

} // namespace gpui
