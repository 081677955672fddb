#include "widgets/inputs/inference_section.h"
#include "widgets/inputs_panel.h"

#include "core_text.h"
#include "plan/limits.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QSpinBox>
#include <QVBoxLayout>

namespace gpui
{

InferenceSection::InferenceSection(SectionKit& kit, QVBoxLayout* outer)
    : m_kit(kit)
{
    QFormLayout* form = nullptr;
    m_group = kit.group([] { return InputsPanel::tr("Inference batch"); }, &form, QStringLiteral("serving"));
    m_batch = fieldSpin(1, int(gp::limits::kMaxInferenceBatch));
    kit.addRow(
        form, [] { return InputsPanel::tr("Concurrent requests"); }, m_batch,
        QStringLiteral("workload.inference.batch_size"));
    m_promptTokens = fieldSpin(1, int(gp::limits::kMaxSequence), 128);
    kit.addRow(
        form, [] { return InputsPanel::tr("Prompt tokens"); }, m_promptTokens,
        QStringLiteral("workload.inference.prompt_tokens"));
    m_outputTokens = fieldSpin(0, int(gp::limits::kMaxSequence), 64);
    kit.addRow(
        form, [] { return InputsPanel::tr("Output tokens"); }, m_outputTokens,
        QStringLiteral("workload.inference.output_tokens"));
    m_kvPrecision = new QComboBox;
    kit.fillCombo<gp::KvPrecision>(m_kvPrecision,
        { gp::KvPrecision::Fp16, gp::KvPrecision::Bf16, gp::KvPrecision::Fp8, gp::KvPrecision::Int8,
            gp::KvPrecision::Int4, gp::KvPrecision::Fp32 },
        &CoreText::kvPrecision);
    kit.addRow(
        form, [] { return InputsPanel::tr("KV cache"); }, m_kvPrecision,
        QStringLiteral("workload.inference.kv_cache_precision"));
    outer->addWidget(m_group);
    QWidget* panel = kit.panel();
    QObject::connect(m_batch, &QSpinBox::valueChanged, panel, [this] { m_kit.edited(FInferenceBatch); });
    QObject::connect(m_promptTokens, &QSpinBox::valueChanged, panel, [this] { m_kit.edited(FPrompt); });
    QObject::connect(m_outputTokens, &QSpinBox::valueChanged, panel, [this] { m_kit.edited(FOutput); });
    QObject::connect(m_kvPrecision, &QComboBox::activated, panel, [this] { m_kit.edited(FKvPrecision); });
}

void InferenceSection::setPlan(const gp::Plan& plan)
{
    const gp::InferenceSpec& inference = plan.workload.inference;
    m_batch->setValue(inference.batchSize);
    m_promptTokens->setValue(int(inference.promptTokens));
    m_outputTokens->setValue(int(inference.outputTokens));
    selectComboData(m_kvPrecision, int(inference.kvCachePrecision));
}

bool InferenceSection::apply(InputField field, gp::Plan& plan, bool&)
{
    gp::InferenceSpec& inference = plan.workload.inference;
    switch (field) {
    case FInferenceBatch:
        inference.batchSize = m_batch->value();
        return true;
    case FPrompt:
        inference.promptTokens = m_promptTokens->value();
        return true;
    case FOutput:
        inference.outputTokens = m_outputTokens->value();
        return true;
    case FKvPrecision:
        inference.kvCachePrecision = comboValue<gp::KvPrecision>(m_kvPrecision);
        return true;
    default:
        return false;
    }
}

QString InferenceSection::describe(InputField field) const
{
    const bool mine = field == FInferenceBatch || field == FPrompt || field == FOutput || field == FKvPrecision;
    return mine ? InputsPanel::tr("Change serving inputs") : QString();
}

void InferenceSection::showState(const InputsState& state)
{
    m_group->setVisible(state.mode == gp::Mode::Inference);
}

} // namespace gpui
