#include "widgets/inputs/lora_section.h"
#include "widgets/inputs_panel.h"

#include "plan/limits.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace gpui
{

namespace
{

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
}

void LoraSection::setPlan(const gp::Plan& plan)
{
    const gp::LoraSpec& lora = plan.workload.lora;
    m_rank->setValue(lora.rank);
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
    return field == FLoraRank   ? InputsPanel::tr("Change LoRA rank")
        : field == FLoraTargets ? InputsPanel::tr("Change LoRA targets")
                                : QString();
}

void LoraSection::showState(const InputsState& state)
{
    const bool lora = state.technique == gp::Technique::Lora || state.technique == gp::Technique::Qlora;
    m_group->setVisible(state.mode == gp::Mode::Training && lora);
}

} // namespace gpui
