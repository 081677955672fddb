#include "widgets/inputs/parallelism_section.h"
#include "widgets/inputs_panel.h"

#include "answer_text.h"
#include "core_text.h"
#include "plan/limits.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace gpui
{

ParallelismSection::ParallelismSection(SectionKit& kit, QVBoxLayout* outer)
    : m_kit(kit)
{
    QGroupBox* parallelGroup
        = kit.group([] { return InputsPanel::tr("Parallelism"); }, &m_form, QStringLiteral("parallelism"));
    m_plannerChooses = new QCheckBox;
    kit.onRetranslate([this] {
        m_plannerChooses->setText(InputsPanel::tr("Let the planner choose"));
        m_plannerChooses->setToolTip(
            InputsPanel::tr("Per candidate, search node count, ZeRO stage, checkpointing, micro-batch and "
                            "offload for the configuration that fits and best meets the objective"));
    });
    m_form->addRow(kit.withError(m_plannerChooses, QStringLiteral("search")));
    m_plannerChooses->setProperty("planField", QStringLiteral("search.enabled"));
    m_plannerChoice = new QLabel;
    m_plannerChoice->setObjectName(QStringLiteral("plannerChoice"));
    m_plannerChoice->setWordWrap(true);
    m_plannerChoice->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_plannerChoice->setVisible(false);
    m_plannerChoice->setProperty("growOnly", true);
    kit.addWrappedLabel(m_plannerChoice);
    m_form->addRow(m_plannerChoice);
    m_maxNodes = fieldSpin(1, int(gp::limits::kMaxSearchNodes));
    kit.addRow(
        m_form, [] { return InputsPanel::tr("Max nodes"); }, m_maxNodes, QStringLiteral("search.max_nodes"));
    addManualRows();
    m_form->addRow(m_manualParallelism);
    outer->addWidget(parallelGroup);
    connectInputs();
}

void ParallelismSection::addManualRows()
{
    SectionKit& kit = m_kit;
    m_manualParallelism = new QWidget;
    auto* manual = new QFormLayout(m_manualParallelism);
    manual->setContentsMargins(0, 0, 0, 0);
    manual->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_data = fieldSpin(0, int(gp::limits::kMaxDataParallel));
    kit.onRetranslate([this] { m_data->setSpecialValueText(InputsPanel::tr("auto")); });
    kit.addRow(
        manual, [] { return InputsPanel::tr("Data parallel"); }, m_data, QStringLiteral("workload.parallelism.data"));
    m_tensor = fieldSpin(1, int(gp::limits::kMaxTensorOrPipeline));
    kit.addRow(
        manual, [] { return InputsPanel::tr("Tensor parallel"); }, m_tensor,
        QStringLiteral("workload.parallelism.tensor"));
    m_pipeline = fieldSpin(1, int(gp::limits::kMaxTensorOrPipeline));
    kit.addRow(
        manual, [] { return InputsPanel::tr("Pipeline parallel"); }, m_pipeline,
        QStringLiteral("workload.parallelism.pipeline"));
    // The pipeline schedule applies to the planner's layouts too, so its rows stay while the planner chooses.
    m_pipelineSchedule = new QComboBox;
    m_pipelineSchedule->setObjectName(QStringLiteral("pipelineSchedule"));
    kit.fillCombo<gp::PipelineSchedule>(m_pipelineSchedule,
        { gp::PipelineSchedule::OneFOneB, gp::PipelineSchedule::Interleaved, gp::PipelineSchedule::ZeroBubble,
            gp::PipelineSchedule::DualPipe, gp::PipelineSchedule::DualPipeV },
        &CoreText::pipelineSchedule);
    kit.addRow(
        manual, [] { return InputsPanel::tr("Pipeline schedule"); }, m_pipelineSchedule,
        QStringLiteral("workload.parallelism.pipeline_schedule"));
    m_virtualStages = fieldSpin(1, int(gp::limits::kMaxLayers));
    m_virtualStages->setObjectName(QStringLiteral("virtualStages"));
    kit.addRow(
        manual, [] { return InputsPanel::tr("Virtual stages"); }, m_virtualStages,
        QStringLiteral("workload.parallelism.virtual_stages"));
    m_context = fieldSpin(1, gp::limits::kMaxContextParallel);
    kit.onRetranslate([this] {
        m_context->setToolTip(
            InputsPanel::tr("GPUs each sequence is split across (ring attention): a power of two dividing the "
                            "sequence into 2 x this many equal chunks"));
    });
    kit.addRow(
        manual, [] { return InputsPanel::tr("Context parallel"); }, m_context,
        QStringLiteral("workload.parallelism.context"));
    m_zero = fieldSpin(0, int(gp::limits::kMaxZeroStage));
    kit.addRow(
        manual, [] { return InputsPanel::tr("ZeRO stage"); }, m_zero,
        QStringLiteral("workload.parallelism.zero_stage"));
    m_offload = new QComboBox;
    kit.fillCombo<gp::Offload>(m_offload,
        { gp::Offload::None, gp::Offload::Optimizer, gp::Offload::OptimizerAndParameters }, &CoreText::offload);
    kit.addRow(
        manual, [] { return InputsPanel::tr("Offload"); }, m_offload, QStringLiteral("workload.parallelism.offload"));
}

void ParallelismSection::connectInputs()
{
    QWidget* panel = m_kit.panel();
    QObject::connect(m_plannerChooses, &QCheckBox::toggled, panel, [this] { m_kit.edited(FPlanner); });
    const std::pair<QSpinBox*, InputField> boxes[]
        = { { m_maxNodes, FMaxNodes }, { m_data, FData }, { m_tensor, FTensor }, { m_pipeline, FPipeline },
              { m_context, FContext }, { m_virtualStages, FVirtualStages }, { m_zero, FZero } };
    for (const auto& [box, field] : boxes)
        QObject::connect(box, &QSpinBox::valueChanged, panel, [this, f = field] { m_kit.edited(f); });
    QObject::connect(m_pipelineSchedule, &QComboBox::activated, panel, [this] { m_kit.edited(FPipelineSchedule); });
    QObject::connect(m_offload, &QComboBox::activated, panel, [this] { m_kit.edited(FOffload); });
}

void ParallelismSection::setPlan(const gp::Plan& plan)
{
    const gp::ParallelismSpec& p = plan.workload.parallelism;
    m_plannerChooses->setChecked(plan.search.enabled);
    m_maxNodes->setValue(plan.search.maxNodes);
    m_data->setValue(p.data ? *p.data : 0);
    m_tensor->setValue(p.tensor);
    m_pipeline->setValue(p.pipeline);
    m_context->setValue(p.context);
    selectComboData(m_pipelineSchedule, int(p.pipelineSchedule));
    m_virtualStages->setValue(p.virtualStages);
    m_zero->setValue(p.zeroStage);
    selectComboData(m_offload, int(p.offload));
}

bool ParallelismSection::apply(InputField field, gp::Plan& plan, bool&)
{
    gp::ParallelismSpec& p = plan.workload.parallelism;
    switch (field) {
    case FPlanner:
        plan.search.enabled = m_plannerChooses->isChecked();
        return true;
    case FMaxNodes:
        plan.search.maxNodes = m_maxNodes->value();
        return true;
    case FData:
        p.data = m_data->value() > 0 ? std::optional<int>(m_data->value()) : std::nullopt;
        return true;
    case FTensor:
        p.tensor = m_tensor->value();
        return true;
    case FPipeline:
        p.pipeline = m_pipeline->value();
        return true;
    case FContext:
        p.context = m_context->value();
        return true;
    case FPipelineSchedule: {
        // Interleaving needs at least two model chunks per rank; the other schedules run one.
        p.pipelineSchedule = comboValue<gp::PipelineSchedule>(m_pipelineSchedule);
        const bool interleaved = p.pipelineSchedule == gp::PipelineSchedule::Interleaved;
        p.virtualStages = interleaved ? std::max(2, p.virtualStages) : 1;
        const QSignalBlocker block(m_virtualStages);
        m_virtualStages->setValue(p.virtualStages);
        return true;
    }
    case FVirtualStages:
        p.virtualStages = m_virtualStages->value();
        return true;
    case FZero:
        p.zeroStage = m_zero->value();
        return true;
    case FOffload:
        p.offload = comboValue<gp::Offload>(m_offload);
        return true;
    default:
        return false;
    }
}

QString ParallelismSection::describe(InputField field) const
{
    switch (field) {
    case FPlanner:
        return InputsPanel::tr("Toggle planner");
    case FMaxNodes:
        return InputsPanel::tr("Change max nodes");
    case FData:
    case FTensor:
    case FPipeline:
    case FPipelineSchedule:
    case FVirtualStages:
    case FContext:
    case FZero:
    case FOffload:
        return InputsPanel::tr("Change parallelism");
    default:
        return {};
    }
}

void ParallelismSection::readState(InputsState& state) const
{
    state.plannerChooses = m_plannerChooses->isChecked();
    state.zeroStage = m_zero->value();
    state.pipeline = m_pipeline->value();
    state.pipelineSchedule = comboValue<gp::PipelineSchedule>(m_pipelineSchedule);
}

void ParallelismSection::showState(const InputsState& state)
{
    const bool training = state.mode == gp::Mode::Training;
    const bool serving = state.mode == gp::Mode::Serving;
    m_shownMode = state.mode;
    m_maxNodes->setEnabled(state.plannerChooses);
    showPlannerChoice();
    // The manual layout's rows: hidden while the planner chooses (rather than greyed out, which keeps the
    // Objective section on screen at 1000 px height), except the pipeline schedule, which its layouts use too.
    // One form for all of them keeps their fields aligned.
    const bool manual = !state.plannerChooses;
    for (QWidget* input :
        { static_cast<QWidget*>(m_data), static_cast<QWidget*>(m_zero), static_cast<QWidget*>(m_offload) })
        setFormRowVisible(input->parentWidget(), manual && !serving);
    setFormRowVisible(m_tensor->parentWidget(), manual);
    setFormRowVisible(m_pipeline->parentWidget(), manual);
    setFormRowVisible(m_context->parentWidget(), manual && training);
    for (QWidget* input : { static_cast<QWidget*>(m_pipelineSchedule), static_cast<QWidget*>(m_virtualStages) })
        setFormRowVisible(input->parentWidget(), training);
    showSchedule(state);
}

void ParallelismSection::showSchedule(const InputsState& state)
{
    const bool training = state.mode == gp::Mode::Training;
    const bool planner = state.plannerChooses;
    auto setState = [](QWidget* input, bool enabled, const QString& tip) {
        input->setEnabled(enabled);
        input->setToolTip(tip);
    };
    // The schedule counts only with a pipeline: the manual one, or any the planner picks.
    const bool pipeline = planner || state.pipeline > 1;
    const QString needsPipeline = InputsPanel::tr("Applies with pipeline parallel 2 or more");
    setState(m_pipelineSchedule, training && pipeline,
        !pipeline     ? needsPipeline
            : planner ? InputsPanel::tr(
                  "1F1B, interleaved (virtual stages shrink the bubble), zero bubble, DualPipe or DualPipeV "
                  "(2 x pipeline micro-batches or more; DualPipe an even pipeline); used by the layouts with a "
                  "pipeline the planner chooses")
                      : InputsPanel::tr("1F1B, interleaved (virtual stages shrink the bubble), zero bubble, DualPipe "
                                        "or DualPipeV (2 x pipeline micro-batches or more; DualPipe an even "
                                        "pipeline)"));
    const bool interleaved = state.pipelineSchedule == gp::PipelineSchedule::Interleaved;
    setState(m_virtualStages, training && pipeline && interleaved,
        !pipeline          ? needsPipeline
            : !interleaved ? InputsPanel::tr("Virtual stages apply to the interleaved schedule only")
            : planner
            ? InputsPanel::tr("Model chunks per pipeline rank (2 or more): the bubble shrinks by this factor, "
                              "pipeline sends grow by it. The planner tries this count, 1 (1F1B) and the powers "
                              "of two that split the layers evenly, and keeps the best")
            : InputsPanel::tr("Model chunks per pipeline rank (2 or more): the bubble shrinks by this factor, "
                              "pipeline sends grow by it"));
}

void ParallelismSection::setPlannerChoice(const gp::CandidateResult* recommended)
{
    if (recommended)
        m_recommended = *recommended;
    else
        m_recommended.reset();
    showPlannerChoice();
}

QString ParallelismSection::plannerChoiceText() const
{
    return m_plannerChoice->isVisibleTo(m_kit.panel()) ? m_plannerChoice->text() : QString();
}

void ParallelismSection::showPlannerChoice()
{
    QString text;
    if (m_plannerChooses->isChecked()) {
        if (m_recommended && m_recommended->serving) {
            const gp::CandidateResult& r = *m_recommended;
            text = InputsPanel::tr(
                "Chosen by the planner for the recommendation, %1 (%n node(s)): %2.", nullptr, r.nodes)
                       .arg(QString::fromStdString(r.candidate), AnswerText::servingDeployment(r));
        } else if (m_recommended) {
            const gp::CandidateResult& r = *m_recommended;
            text = InputsPanel::tr(
                "Chosen by the planner for the recommendation, %1 (%n node(s), %2 GPUs): %3.", nullptr, r.nodes)
                       .arg(QString::fromStdString(r.candidate))
                       .arg(r.gpus)
                       .arg(AnswerText::configuration(r.configuration, m_kit.plan().workload, m_kit.modelLayers));
        } else if (m_shownMode == gp::Mode::Serving) {
            text = InputsPanel::tr("The planner chooses nodes, tensor and pipeline split and replicas per candidate.");
        } else {
            text = InputsPanel::tr(
                "The planner chooses nodes, parallel split, ZeRO stage, offload, checkpointing and micro-batch "
                "per candidate.");
        }
    }
    m_plannerChoice->setText(text);
    m_plannerChoice->setVisible(!text.isEmpty());
    m_kit.fitWrappedLabels();
    QTimer::singleShot(0, m_kit.panel(), [this] { m_kit.fitWrappedLabels(); }); // again once the layout has placed it
}

} // namespace gpui
