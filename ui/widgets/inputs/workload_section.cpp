#include "widgets/inputs/workload_section.h"
#include "widgets/inputs_panel.h"

#include "core_text.h"
#include "estimate/memory/memory_model.h"
#include "plan/limits.h"
#include "transformer/layers.h"
#include "transformer/model_library.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace gpui
{

WorkloadSection::WorkloadSection(SectionKit& kit, QVBoxLayout* outer)
    : m_kit(kit)
{
    build(outer);
    connectInputs();
}

void WorkloadSection::build(QVBoxLayout* outer)
{
    SectionKit& kit = m_kit;
    QFormLayout* form = nullptr;
    QGroupBox* workloadGroup = kit.group([] { return InputsPanel::tr("Workload"); }, &form, QStringLiteral("workload"));
    m_mode = new QComboBox;
    // Serving replaces the one-batch inference mode for new choices; a plan in that mode still shows it (setPlan).
    kit.fillCombo<gp::Mode>(
        m_mode, { gp::Mode::Training, gp::Mode::Serving, gp::Mode::Rl, gp::Mode::Inference }, &CoreText::mode);
    kit.addRow(
        form, [] { return InputsPanel::tr("Mode"); }, m_mode, QStringLiteral("workload.mode"));
    m_technique = new QComboBox;
    kit.fillCombo<gp::Technique>(m_technique,
        { gp::Technique::Full, gp::Technique::Lora, gp::Technique::Qlora, gp::Technique::Freeze },
        &CoreText::technique);
    kit.addRow(
        form, [] { return InputsPanel::tr("Technique"); }, m_technique, QStringLiteral("workload.technique"));
    m_precision = new QComboBox;
    kit.fillCombo<gp::Precision>(m_precision,
        { gp::Precision::Bf16, gp::Precision::Fp16, gp::Precision::Fp8, gp::Precision::Tf32, gp::Precision::Fp32 },
        &CoreText::precision);
    kit.addRow(
        form, [] { return InputsPanel::tr("Precision"); }, m_precision, QStringLiteral("workload.precision"));
    m_fp8Recipe = new QComboBox;
    m_fp8Recipe->setObjectName(QStringLiteral("fp8Recipe"));
    kit.fillCombo<gp::Fp8Recipe>(m_fp8Recipe,
        { gp::Fp8Recipe::Tensorwise, gp::Fp8Recipe::Rowwise, gp::Fp8Recipe::Blockwise, gp::Fp8Recipe::Mxfp8,
            gp::Fp8Recipe::Nvfp4, gp::Fp8Recipe::Delayed },
        &CoreText::fp8Recipe);
    kit.addRow(
        form, [] { return InputsPanel::tr("FP8 scaling"); }, m_fp8Recipe, QStringLiteral("workload.fp8_recipe"));
    m_fp8AllGather = new QCheckBox;
    m_fp8AllGather->setObjectName(QStringLiteral("fp8AllGather"));
    kit.onRetranslate([this] { m_fp8AllGather->setText(InputsPanel::tr("FP8 all-gather")); });
    form->addRow(QString(), kit.withError(m_fp8AllGather, QStringLiteral("workload.fp8_all_gather")));
    m_weightFormat = new QComboBox;
    kit.fillCombo<gp::WeightFormat>(m_weightFormat,
        { gp::WeightFormat::Same, gp::WeightFormat::Fp8, gp::WeightFormat::Int8, gp::WeightFormat::Int4,
            gp::WeightFormat::Nf4, gp::WeightFormat::Mxfp4, gp::WeightFormat::Fp8Block },
        &CoreText::weightFormat);
    kit.addRow(
        form, [] { return InputsPanel::tr("Weight format"); }, m_weightFormat,
        QStringLiteral("workload.weight_format"));
    m_optimizer = new QComboBox;
    kit.fillCombo<gp::Optimizer>(m_optimizer,
        { gp::Optimizer::AdamW, gp::Optimizer::AdamW8bit, gp::Optimizer::Sgd, gp::Optimizer::SgdMomentum,
            gp::Optimizer::Adafactor, gp::Optimizer::Lion },
        &CoreText::optimizer);
    kit.addRow(
        form, [] { return InputsPanel::tr("Optimizer"); }, m_optimizer, QStringLiteral("workload.optimizer"));
    m_bf16States = new QCheckBox;
    m_bf16States->setObjectName(QStringLiteral("bf16OptimizerStates"));
    kit.onRetranslate([this] { m_bf16States->setText(InputsPanel::tr("bf16 optimizer states")); });
    form->addRow(QString(), kit.withError(m_bf16States, QStringLiteral("workload.bf16_optimizer_states")));
    m_checkpointing = new QComboBox;
    kit.fillCombo<gp::Checkpointing>(m_checkpointing,
        { gp::Checkpointing::None, gp::Checkpointing::Selective, gp::Checkpointing::Full, gp::Checkpointing::PerOp },
        &CoreText::checkpointing);
    kit.addRow(
        form, [] { return InputsPanel::tr("Activation checkpointing"); }, m_checkpointing,
        QStringLiteral("workload.activation_checkpointing"));
    // Partial recompute: N of the model's layers fully recomputed; the model's count = all (the plan then leaves
    // the field out). The box's range follows the model (updateModelLayers).
    m_checkpointedLayers = fieldSpin(0, int(gp::limits::kMaxLayers));
    m_checkpointedLayers->setObjectName(QStringLiteral("checkpointedLayers"));
    kit.addRow(
        form, [] { return InputsPanel::tr("Partial recompute layers"); }, m_checkpointedLayers,
        QStringLiteral("workload.activation_checkpointing_layers"));
    m_loss = new QComboBox;
    kit.fillCombo<gp::LossImplementation>(m_loss,
        { gp::LossImplementation::Fp32Logits, gp::LossImplementation::Bf16Logits, gp::LossImplementation::Chunked,
            gp::LossImplementation::Fused, gp::LossImplementation::InPlace, gp::LossImplementation::Compiled },
        &CoreText::lossImplementation);
    kit.addRow(
        form, [] { return InputsPanel::tr("Loss"); }, m_loss, QStringLiteral("workload.loss_implementation"));
    m_flash = new QCheckBox;
    kit.onRetranslate([this] { m_flash->setText(InputsPanel::tr("Flash attention")); });
    form->addRow(QString(), kit.withError(m_flash, QStringLiteral("workload.flash_attention")));
    m_attentionKernel = new QComboBox;
    m_attentionKernel->setObjectName(QStringLiteral("attentionKernel"));
    kit.fillCombo<gp::AttentionKernel>(m_attentionKernel,
        { gp::AttentionKernel::FlashAttention2, gp::AttentionKernel::Cudnn, gp::AttentionKernel::FlashAttention3 },
        &CoreText::attentionKernel);
    kit.addRow(
        form, [] { return InputsPanel::tr("Attention kernel"); }, m_attentionKernel,
        QStringLiteral("workload.attention_kernel"));
    outer->addWidget(workloadGroup);
}

void WorkloadSection::connectInputs()
{
    QWidget* panel = m_kit.panel();
    const std::pair<QComboBox*, InputField> combos[]
        = { { m_mode, FMode }, { m_technique, FTechnique }, { m_precision, FPrecision }, { m_fp8Recipe, FFp8Recipe },
              { m_weightFormat, FWeightFormat }, { m_optimizer, FOptimizer }, { m_checkpointing, FCheckpointing },
              { m_loss, FLoss }, { m_attentionKernel, FAttentionKernel } };
    for (const auto& [combo, field] : combos)
        QObject::connect(combo, &QComboBox::activated, panel, [this, f = field] { m_kit.edited(f); });
    QObject::connect(m_flash, &QCheckBox::toggled, panel, [this] { m_kit.edited(FFlash); });
    QObject::connect(m_bf16States, &QCheckBox::toggled, panel, [this] { m_kit.edited(FBf16States); });
    QObject::connect(m_fp8AllGather, &QCheckBox::toggled, panel, [this] { m_kit.edited(FFp8AllGather); });
    QObject::connect(
        m_checkpointedLayers, &QSpinBox::valueChanged, panel, [this] { m_kit.edited(FCheckpointedLayers); });
}

void WorkloadSection::setPlan(const gp::Plan& plan)
{
    const gp::Workload& w = plan.workload;
    showInferenceMode(w.mode == gp::Mode::Inference);
    selectComboData(m_mode, int(w.mode));
    selectComboData(m_technique, int(w.technique));
    selectComboData(m_precision, int(w.precision));
    selectComboData(m_fp8Recipe, int(w.fp8Recipe));
    selectComboData(m_weightFormat, int(w.weightFormat));
    selectComboData(m_optimizer, int(w.optimizer));
    selectComboData(m_checkpointing, int(w.activationCheckpointing));
    m_bf16States->setChecked(w.bf16OptimizerStates);
    m_fp8AllGather->setChecked(w.fp8AllGather);
    selectComboData(m_loss, int(w.lossImplementation));
    m_flash->setChecked(w.flashAttention);
    selectComboData(m_attentionKernel, int(w.attentionKernel));
}

void WorkloadSection::showInferenceMode(bool shown)
{
    const int at = m_mode->findData(int(gp::Mode::Inference));
    if (shown && at < 0)
        m_mode->addItem(CoreText::mode(gp::Mode::Inference), int(gp::Mode::Inference));
    else if (!shown && at >= 0 && comboValue<gp::Mode>(m_mode) != gp::Mode::Inference)
        m_mode->removeItem(at);
}

void WorkloadSection::updateModelLayers()
{
    auto model = gp::resolveModel(m_kit.plan().model);
    m_kit.modelLayers = model ? int(gp::totalLayers(model->architecture)) : 0;
    const int modelLayers = m_kit.modelLayers;
    const std::optional<int> layers = m_kit.plan().workload.checkpointedLayers;
    const QSignalBlocker block(m_checkpointedLayers);
    // Bounded by the model; a plan's larger count is shown as it is (the core names the field).
    const int max = std::max(modelLayers > 0 ? modelLayers : int(gp::limits::kMaxLayers), layers.value_or(0));
    m_checkpointedLayers->setMaximum(max);
    m_checkpointedLayers->setValue(layers ? *layers : modelLayers);
    m_checkpointedLayers->setSuffix(modelLayers > 0 ? InputsPanel::tr(" of %1 layers").arg(modelLayers) : QString());
}

void WorkloadSection::applyMode(gp::Plan& plan)
{
    gp::Workload& w = plan.workload;
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
}

bool WorkloadSection::apply(InputField field, gp::Plan& plan, bool&)
{
    gp::Workload& w = plan.workload;
    switch (field) {
    case FMode:
        applyMode(plan);
        return true;
    case FTechnique:
        w.technique = comboValue<gp::Technique>(m_technique);
        return true;
    case FPrecision:
        w.precision = comboValue<gp::Precision>(m_precision);
        return true;
    case FWeightFormat:
        w.weightFormat = comboValue<gp::WeightFormat>(m_weightFormat);
        return true;
    case FOptimizer:
        w.optimizer = comboValue<gp::Optimizer>(m_optimizer);
        return true;
    case FCheckpointing:
        w.activationCheckpointing = comboValue<gp::Checkpointing>(m_checkpointing);
        if (w.activationCheckpointing != gp::Checkpointing::Full) // partial recompute is of full checkpointing
            w.checkpointedLayers.reset();
        return true;
    case FCheckpointedLayers: {
        const int layers = m_checkpointedLayers->value();
        const int modelLayers = m_kit.modelLayers;
        // The model's count recomputes every layer: the plan's default, so the field is left out.
        w.checkpointedLayers = modelLayers > 0 && layers == modelLayers ? std::nullopt : std::optional<int>(layers);
        return true;
    }
    case FBf16States:
        w.bf16OptimizerStates = m_bf16States->isChecked();
        return true;
    case FFp8Recipe:
        w.fp8Recipe = comboValue<gp::Fp8Recipe>(m_fp8Recipe);
        return true;
    case FFp8AllGather:
        w.fp8AllGather = m_fp8AllGather->isChecked();
        return true;
    case FLoss:
        w.lossImplementation = comboValue<gp::LossImplementation>(m_loss);
        return true;
    case FFlash:
        w.flashAttention = m_flash->isChecked();
        return true;
    case FAttentionKernel:
        w.attentionKernel = comboValue<gp::AttentionKernel>(m_attentionKernel);
        return true;
    default:
        return false;
    }
}

QString WorkloadSection::describe(InputField field) const
{
    switch (field) {
    case FMode:
        return InputsPanel::tr("Change mode");
    case FTechnique:
        return InputsPanel::tr("Change technique");
    case FPrecision:
        return InputsPanel::tr("Change precision");
    case FWeightFormat:
        return InputsPanel::tr("Change weight format");
    case FOptimizer:
        return InputsPanel::tr("Change optimizer");
    case FCheckpointing:
        return InputsPanel::tr("Change checkpointing");
    case FCheckpointedLayers:
        return InputsPanel::tr("Change partial recompute");
    case FBf16States:
        return InputsPanel::tr("Toggle bf16 optimizer states");
    case FFp8Recipe:
        return InputsPanel::tr("Change FP8 scaling");
    case FFp8AllGather:
        return InputsPanel::tr("Toggle FP8 all-gather");
    case FFlash:
        return InputsPanel::tr("Toggle flash attention");
    case FAttentionKernel:
        return InputsPanel::tr("Change attention kernel");
    case FLoss:
        return InputsPanel::tr("Change loss implementation");
    default:
        return {};
    }
}

void WorkloadSection::readState(InputsState& state) const
{
    state.mode = comboValue<gp::Mode>(m_mode);
    state.technique = comboValue<gp::Technique>(m_technique);
    state.precision = comboValue<gp::Precision>(m_precision);
    state.fp8Recipe = comboValue<gp::Fp8Recipe>(m_fp8Recipe);
    state.optimizer = comboValue<gp::Optimizer>(m_optimizer);
    state.checkpointing = comboValue<gp::Checkpointing>(m_checkpointing);
    state.flashAttention = m_flash->isChecked();
}

void WorkloadSection::showState(const InputsState& state)
{
    const bool training = state.mode == gp::Mode::Training;
    m_technique->setEnabled(training);
    m_optimizer->setEnabled(training);
    // Unsloth always runs its own fused chunked cross-entropy (unsloth_stack.h): the choice is not read there.
    const bool unsloth = state.framework == gp::TrainingStack::Unsloth;
    m_loss->setEnabled(training && !unsloth);
    m_loss->setToolTip(unsloth
            ? InputsPanel::tr("Unsloth always runs its own fused chunked cross-entropy; this choice is not used")
            : QString());
    m_attentionKernel->setEnabled(state.flashAttention); // the kernel runs only with flash attention on
    // The planner picks checkpointing per candidate; the box would otherwise look as if it counted.
    m_checkpointing->setEnabled(!state.plannerChooses && training);
    m_checkpointing->setToolTip(state.plannerChooses
            ? InputsPanel::tr("The planner chooses this per candidate while \"Let the planner choose\" is on")
            : QString());
    // Training-only inputs are hidden while serving (the one-batch inference mode keeps its old look).
    const bool serving = state.mode == gp::Mode::Serving;
    for (QWidget* input : { static_cast<QWidget*>(m_technique), static_cast<QWidget*>(m_optimizer),
             static_cast<QWidget*>(m_checkpointing), static_cast<QWidget*>(m_loss) })
        setFormRowVisible(input->parentWidget(), !serving);
    // The training recipe: training only (the one-batch inference mode hides them as well).
    for (QWidget* input : { static_cast<QWidget*>(m_fp8Recipe), static_cast<QWidget*>(m_fp8AllGather),
             static_cast<QWidget*>(m_checkpointedLayers), static_cast<QWidget*>(m_bf16States) })
        setFormRowVisible(input->parentWidget(), training);
    showRecipe(state);
}

void WorkloadSection::showRecipe(const InputsState& state)
{
    const bool training = state.mode == gp::Mode::Training;
    const bool planner = state.plannerChooses;
    // A disabled input says why in its tool tip (Qt shows tool tips of disabled widgets too).
    auto setState = [](QWidget* input, bool enabled, const QString& tip) {
        input->setEnabled(enabled);
        input->setToolTip(tip);
    };
    const bool fp8 = state.precision == gp::Precision::Fp8;
    setState(m_fp8Recipe, training && fp8,
        fp8 ? InputsPanel::tr(
            "How the casts to FP8 before each linear layer are scaled; MXFP8 needs a Blackwell GPU (others "
            "are estimated with tensorwise scaling); NVFP4 runs the MLP layers in 4-bit NVFP4 and the "
            "attention projections in FP8, on data-center Blackwell GPUs only (others are estimated with "
            "MXFP8 on Blackwell, tensorwise elsewhere)")
            : InputsPanel::tr("Applies to FP8 training only; choose FP8 as the precision"));
    // FP8 all-gather needs weights gathered (estimate/common/fp8_all_gather.cpp): ZeRO-3/FSDP, which the planner
    // may choose, or under Megatron the distributed optimizer (ZeRO 1 or more) of a full fine-tune.
    // The NVFP4 recipe's MLP GEMMs take NVFP4 weights: GPUs that run it gather in 16-bit (fp8_all_gather_unused),
    // the others fall back to an FP8 scaling and use the all-gather, so the box stays on and says so.
    const bool megatron = state.framework == gp::TrainingStack::Megatron;
    const bool gathers = planner || state.zeroStage >= 3
        || (megatron && state.zeroStage >= 1 && state.technique == gp::Technique::Full);
    const bool nvfp4 = state.fp8Recipe == gp::Fp8Recipe::Nvfp4;
    setState(m_fp8AllGather, training && fp8 && gathers,
        !fp8 ? InputsPanel::tr("Applies to FP8 training only; choose FP8 as the precision")
            : !gathers && megatron
            ? InputsPanel::tr("Applies when the weights are gathered: under Megatron the distributed optimizer (ZeRO "
                              "stage 1 or more) in a full fine-tune, or ZeRO-3/FSDP; set the ZeRO stage")
            : !gathers ? InputsPanel::tr(
                  "Applies when the weights are gathered: ZeRO-3/FSDP, or Megatron's distributed optimizer (ZeRO "
                  "stage 1 or more, full fine-tune) with Megatron as the training stack; set ZeRO stage 3")
            : nvfp4
            ? InputsPanel::tr("Gather the linear weights in FP8; not used on the GPUs that run NVFP4 scaling, whose "
                              "MLP layers take NVFP4 weights (they gather in 16-bit), used on the others, which fall "
                              "back to an FP8 scaling")
            : megatron
            ? InputsPanel::tr(
                "Keep the parameters in FP8 and all-gather them in FP8 from the distributed optimizer (Megatron's "
                "--fp8-param-gather): half the gathered bytes and a smaller gather buffer")
            : InputsPanel::tr("Cast each rank's shard of the linear weights to FP8 before the all-gather: half the "
                              "gathered bytes and a smaller gather buffer (torchtitan's FSDP float8 all-gather; under "
                              "Megatron, --fp8-param-gather with the distributed optimizer)"));

    setState(m_bf16States, training && gp::bf16OptimizerStatesApply(state.optimizer),
        gp::bf16OptimizerStatesApply(state.optimizer)
            ? InputsPanel::tr(
                "Keep the optimizer's moments in bf16 (2 bytes each instead of 4), as full-bf16 training does")
            : InputsPanel::tr("%1 keeps no fp32 optimizer moments, so bf16 states change nothing")
                  .arg(CoreText::optimizer(state.optimizer)));

    const bool full = state.checkpointing == gp::Checkpointing::Full;
    setState(m_checkpointedLayers, training && !planner && full,
        planner    ? InputsPanel::tr("The planner chooses this per candidate while \"Let the planner choose\" is on")
            : full ? InputsPanel::tr(
                  "Layers fully recomputed in the backward pass (only their inputs kept); the others keep all "
                  "their activations. The model's layer count recomputes every layer")
                   : InputsPanel::tr("Partial recompute applies to full activation checkpointing only"));
}

} // namespace gpui
