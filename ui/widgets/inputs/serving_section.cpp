#include "widgets/inputs/serving_section.h"
#include "widgets/inputs/field_editor.h"
#include "widgets/inputs_panel.h"

#include "core_text.h"
#include "number_format.h"
#include "plan/limits.h"
#include "plan/plan_fields.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStringList>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>
#include <optional>
#include <vector>

namespace gpui
{

ServingSection::ServingSection(SectionKit& kit, QVBoxLayout* outer)
    : m_kit(kit)
{
    QFormLayout* form = nullptr;
    m_group = kit.group([] { return InputsPanel::tr("Serving"); }, &form, QStringLiteral("serving"));
    m_group->setObjectName(QStringLiteral("servingGroup"));
    m_prompt = fieldSpin(1, int(gp::limits::kMaxSequence), 128);
    kit.addRow(
        form, [] { return InputsPanel::tr("Prompt tokens"); }, m_prompt,
        QStringLiteral("workload.serving.prompt_tokens"));
    m_output = fieldSpin(1, int(gp::limits::kMaxSequence), 64);
    kit.addRow(
        form, [] { return InputsPanel::tr("Output tokens"); }, m_output,
        QStringLiteral("workload.serving.output_tokens"));
    addLoadRow(form);
    addTargetRows(form);
    addDeploymentRows(form);
    m_advancedButton = new QToolButton;
    m_advancedButton->setObjectName(QStringLiteral("servingAdvanced"));
    m_advancedButton->setCheckable(true);
    m_advancedButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_advancedButton->setAutoRaise(true);
    m_advancedButton->setArrowType(Qt::RightArrow);
    kit.onRetranslate([this] { m_advancedButton->setText(InputsPanel::tr("Advanced: serving engine")); });
    form->addRow(m_advancedButton);
    m_advanced = new QWidget;
    m_engineForm = new QFormLayout(m_advanced);
    m_engineForm->setContentsMargins(0, 0, 0, 0);
    m_engineForm->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    addEngineRows(m_engineForm);
    m_advanced->setVisible(false);
    form->addRow(m_advanced);
    outer->addWidget(m_group);
    connectInputs();
}

void ServingSection::addLoadRow(QFormLayout* form)
{
    auto* loadRow = new QWidget;
    auto* loadLayout = new QHBoxLayout(loadRow);
    loadLayout->setContentsMargins(0, 0, 0, 0);
    m_loadKind = new QComboBox;
    m_loadKind->addItem(QString(), int(gp::ServingLoadKind::Concurrency));
    m_loadKind->addItem(QString(), int(gp::ServingLoadKind::RequestsPerSecond));
    m_loadKind->addItem(QString(), int(gp::ServingLoadKind::Max));
    m_concurrency = fieldSpin(1, int(gp::limits::kMaxServingConcurrency));
    m_rate = new FieldDoubleSpinBox;
    m_rate->setRange(0.01, gp::limits::kMaxRequestsPerSecond);
    m_rate->setDecimals(2);
    m_rate->setKeyboardTracking(false);
    m_rate->setGroupSeparatorShown(true);
    loadLayout->addWidget(m_loadKind, 3);
    loadLayout->addWidget(m_concurrency, 2);
    loadLayout->addWidget(m_rate, 2);
    m_kit.onRetranslate([this] {
        m_loadKind->setItemText(0, InputsPanel::tr("Concurrent requests"));
        m_loadKind->setItemText(1, InputsPanel::tr("Requests per second"));
        m_loadKind->setItemText(2, InputsPanel::tr("Max throughput"));
        m_loadKind->setToolTip(
            InputsPanel::tr("Concurrent requests: always this many in flight (N users); requests per "
                            "second: an arrival rate the replicas must serve within the targets; max "
                            "throughput: as many in flight as the engine takes (offline)"));
        m_rate->setSuffix(InputsPanel::tr(" req/s"));
    });
    m_kit.addRow(
        form, [] { return InputsPanel::tr("Load"); }, loadRow, QStringLiteral("workload.serving.load"));
}

void ServingSection::addTargetRows(QFormLayout* form)
{
    // Latency targets: the box's lowest value reads "none" (no target; the core refuses 0).
    m_ttft = new UnitSpinBox(*gp::findPlanField("workload.serving.slo.ttft_seconds"), "s");
    m_ttft->setRange(0, gp::limits::kMaxLatencySeconds);
    m_ttft->setDecimals(3);
    m_ttft->setSingleStep(0.1);
    m_ttft->setKeyboardTracking(false);
    m_tpot = new UnitSpinBox(*gp::findPlanField("workload.serving.slo.tpot_seconds"), "ms");
    m_tpot->setRange(0, gp::limits::kMaxLatencySeconds * 1000);
    m_tpot->setDecimals(1);
    m_tpot->setSingleStep(5);
    m_tpot->setKeyboardTracking(false);
    m_kit.onRetranslate([this] {
        m_ttft->setSpecialValueText(InputsPanel::tr("none"));
        m_ttft->setSuffix(QString()); // no suffix (the text holds its unit); writes the text in the language's units
        m_ttft->setToolTip(
            InputsPanel::tr("Target for the time to first token, at the statistic \"Targets hold at\" names (the mean "
                            "unless set); none = no target"));
        m_tpot->setSpecialValueText(InputsPanel::tr("none"));
        m_tpot->setSuffix(QString());
        m_tpot->setToolTip(InputsPanel::tr("Target for the time per output token after the first (inter-token "
                                           "latency), at the statistic \"Targets hold at\" names; none = no target"));
    });
    m_kit.addRow(
        form, [] { return InputsPanel::tr("Time to first token"); }, m_ttft,
        QStringLiteral("workload.serving.slo.ttft_seconds"));
    m_kit.addRow(
        form, [] { return InputsPanel::tr("Time per output token"); }, m_tpot,
        QStringLiteral("workload.serving.slo.tpot_seconds"));
}

void ServingSection::addDeploymentRows(QFormLayout* form)
{
    m_kv = new QComboBox;
    m_kv->addItem(QString(), -1);
    for (gp::KvPrecision kv : { gp::KvPrecision::Fp16, gp::KvPrecision::Bf16, gp::KvPrecision::Fp8,
             gp::KvPrecision::Int8, gp::KvPrecision::Q8_0, gp::KvPrecision::Q4_0, gp::KvPrecision::Int8PerTokenHead,
             gp::KvPrecision::Fp8PerTokenHead, gp::KvPrecision::Fp8DsMla, gp::KvPrecision::Nvfp4DsMla,
             gp::KvPrecision::Nvfp4, gp::KvPrecision::Fp4E2m1 })
        m_kv->addItem(QString(), int(kv));
    m_kit.onRetranslate([this] {
        m_kv->setItemText(0, InputsPanel::tr("Same as the precision"));
        for (int i = 1; i < m_kv->count(); ++i)
            m_kv->setItemText(i, CoreText::kvPrecision(gp::KvPrecision(m_kv->itemData(i).toInt())));
    });
    m_kit.addRow(
        form, [] { return InputsPanel::tr("KV cache"); }, m_kv, QStringLiteral("workload.serving.kv_cache_precision"));
    m_replicas = fieldSpin(0, int(gp::limits::kMaxReplicas));
    m_kit.onRetranslate([this] {
        m_replicas->setSpecialValueText(InputsPanel::tr("auto"));
        m_replicas->setToolTip(
            InputsPanel::tr("Copies of the model (each tensor x pipeline GPUs) behind a load balancer; "
                            "auto = as many as the load and targets need"));
    });
    m_kit.addRow(
        form, [] { return InputsPanel::tr("Replicas"); }, m_replicas, QStringLiteral("workload.serving.replicas"));
    m_requestsPerMonth = new QLineEdit;
    m_kit.onRetranslate([this] {
        m_requestsPerMonth->setPlaceholderText(InputsPanel::tr("none (always on), e.g. 3M"));
        m_requestsPerMonth->setToolTip(InputsPanel::tr("Requests a month, for the monthly bill; empty = the deployment "
                                                       "runs all month. K, M, B suffixes are understood"));
    });
    m_kit.addRow(
        form, [] { return InputsPanel::tr("Requests per month"); }, m_requestsPerMonth,
        QStringLiteral("workload.serving.requests_per_month"));
}

void ServingSection::addEngineRows(QFormLayout* form)
{
    m_gpuUtilization = new FieldDoubleSpinBox;
    m_gpuUtilization->setRange(0, 1);
    m_gpuUtilization->setDecimals(2);
    m_gpuUtilization->setSingleStep(0.05);
    m_gpuUtilization->setKeyboardTracking(false);
    m_maxSeqs = fieldSpin(0, int(gp::limits::kMaxEngineKnob));
    m_maxTokens = fieldSpin(0, int(gp::limits::kMaxEngineKnob), 1024);
    m_prefixHit = new FieldDoubleSpinBox;
    m_prefixHit->setRange(0, 0.99);
    m_prefixHit->setDecimals(2);
    m_prefixHit->setSingleStep(0.05);
    m_prefixHit->setKeyboardTracking(false);
    m_kit.onRetranslate([this] {
        m_gpuUtilization->setSpecialValueText(InputsPanel::tr("engine default"));
        m_gpuUtilization->setToolTip(InputsPanel::tr("Share of GPU memory the engine takes; the KV cache gets what the "
                                                     "weights, activations and runtime leave of it (vLLM's "
                                                     "gpu_memory_utilization)"));
        m_maxSeqs->setSpecialValueText(InputsPanel::tr("engine default"));
        m_maxSeqs->setToolTip(InputsPanel::tr("Requests batched together at most (vLLM's max_num_seqs)"));
        m_maxTokens->setSpecialValueText(InputsPanel::tr("engine default"));
        m_maxTokens->setToolTip(InputsPanel::tr("Tokens per engine step, the chunked-prefill budget (vLLM's "
                                                "max_num_batched_tokens)"));
        m_prefixHit->setToolTip(InputsPanel::tr("Share of prompt tokens found in the prefix cache: they skip prefill"));
    });
    m_kit.addRow(
        form, [] { return InputsPanel::tr("GPU memory utilization"); }, m_gpuUtilization,
        QStringLiteral("workload.serving.engine.gpu_memory_utilization"));
    m_kit.addRow(
        form, [] { return InputsPanel::tr("Max sequences"); }, m_maxSeqs,
        QStringLiteral("workload.serving.engine.max_num_seqs"));
    m_kit.addRow(
        form, [] { return InputsPanel::tr("Max batched tokens"); }, m_maxTokens,
        QStringLiteral("workload.serving.engine.max_num_batched_tokens"));
    m_kit.addRow(
        form, [] { return InputsPanel::tr("Prefix cache hit rate"); }, m_prefixHit,
        QStringLiteral("workload.serving.engine.prefix_cache_hit_rate"));
    m_graphBatchSizes = new QLineEdit;
    m_kit.onRetranslate([this] {
        m_graphBatchSizes->setPlaceholderText(InputsPanel::tr("engine default"));
        m_graphBatchSizes->setToolTip(InputsPanel::tr(
            "Batch sizes the engine captures CUDA graphs for, increasing (vLLM's --cuda-graph-sizes or "
            "cudagraph_capture_sizes, SGLang's --cuda-graph-bs, TensorRT-LLM's cuda_graph_config batch_sizes with "
            "enable_padding): a step that only decodes runs at the next size up; a batch above the largest size runs "
            "without a graph, unpadded (SGLang's --cuda-graph-max-bs is the largest); 0 = no padding; empty = the "
            "engine's default"));
    });
    m_kit.addRow(
        form, [] { return InputsPanel::tr("CUDA-graph batch sizes"); }, m_graphBatchSizes,
        QStringLiteral("workload.serving.engine.cuda_graph_batch_sizes"));
}

namespace
{

// The sizes as the box shows them: "1, 2, 4"; "0" for none; empty for the engine's default.
QString graphSizesText(const std::optional<std::vector<int>>& sizes)
{
    if (!sizes)
        return {};
    if (sizes->empty())
        return QStringLiteral("0");
    QStringList parts;
    for (int size : *sizes)
        parts << QString::number(size);
    return parts.join(QStringLiteral(", "));
}

// The box's text as sizes: nullopt (the engine's default) when empty; false when it is not increasing whole numbers.
bool parseGraphSizes(const QString& text, std::optional<std::vector<int>>& out)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) {
        out.reset();
        return true;
    }
    if (trimmed == QLatin1String("0")) {
        out = std::vector<int> {};
        return true;
    }
    std::vector<int> sizes;
    static const QRegularExpression separators(QStringLiteral("[,;\\s]+"));
    for (const QString& part : trimmed.split(separators, Qt::SkipEmptyParts)) {
        bool number = false;
        const qlonglong size = part.toLongLong(&number);
        if (!number || size < 1 || size > gp::limits::kMaxEngineKnob || (!sizes.empty() && size <= sizes.back()))
            return false;
        sizes.push_back(int(size));
    }
    out = std::move(sizes);
    return true;
}

QString graphSizesProblem()
{
    return InputsPanel::tr("Enter increasing batch sizes, e.g. 1, 2, 4, 8; 0 for none; or leave it empty");
}

} // namespace

void ServingSection::connectInputs()
{
    QWidget* panel = m_kit.panel();
    QObject::connect(m_advancedButton, &QToolButton::toggled, panel, [this](bool open) {
        m_advancedButton->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_advanced->setVisible(open);
        m_kit.fitWrappedLabels();
    });
    // An error on an engine row opens the folded section: folded, it said nothing until the user opened it.
    m_kit.onErrorShown([this](QLabel* error) {
        if (m_advanced->isAncestorOf(error))
            m_advancedButton->setChecked(true);
    });
    auto edits = [this, panel](auto* input, auto signal, InputField field) {
        QObject::connect(input, signal, panel, [this, field] { m_kit.edited(field); });
    };
    edits(m_prompt, &QSpinBox::valueChanged, FServingPrompt);
    edits(m_output, &QSpinBox::valueChanged, FServingOutput);
    edits(m_loadKind, &QComboBox::activated, FServingLoadKind);
    edits(m_concurrency, &QSpinBox::valueChanged, FServingLoadValue);
    edits(m_rate, &QDoubleSpinBox::valueChanged, FServingLoadValue);
    edits(m_ttft, &QDoubleSpinBox::valueChanged, FServingTtft);
    edits(m_tpot, &QDoubleSpinBox::valueChanged, FServingTpot);
    edits(m_kv, &QComboBox::activated, FServingKv);
    edits(m_replicas, &QSpinBox::valueChanged, FServingReplicas);
    QObject::connect(m_requestsPerMonth, &QLineEdit::editingFinished, panel, [this] {
        const auto& requests = m_kit.plan().workload.serving.requestsPerMonth;
        const QString shown = requests ? formatTokens(*requests).remove(QLatin1Char(' ')) : QString();
        if (m_requestsPerMonth->text().trimmed() != shown)
            m_kit.edited(FServingRequestsPerMonth);
    });
    edits(m_gpuUtilization, &QDoubleSpinBox::valueChanged, FServingGpuUtilization);
    edits(m_maxSeqs, &QSpinBox::valueChanged, FServingMaxSeqs);
    edits(m_maxTokens, &QSpinBox::valueChanged, FServingMaxTokens);
    edits(m_prefixHit, &QDoubleSpinBox::valueChanged, FServingPrefixHit);
    QObject::connect(m_graphBatchSizes, &QLineEdit::editingFinished, panel, [this] {
        if (m_graphBatchSizes->text().trimmed()
            != graphSizesText(m_kit.plan().workload.serving.engine.cudaGraphBatchSizes))
            m_kit.edited(FServingGraphBatchSizes);
    });
}

void ServingSection::setPlan(const gp::Plan& plan)
{
    const gp::ServingSpec& sv = plan.workload.serving;
    m_prompt->setValue(int(sv.promptTokens));
    m_output->setValue(int(sv.outputTokens));
    selectComboData(m_loadKind, int(sv.load.kind));
    if (sv.load.kind == gp::ServingLoadKind::Concurrency)
        m_concurrency->setValue(int(std::lround(sv.load.value)));
    if (sv.load.kind == gp::ServingLoadKind::RequestsPerSecond)
        m_rate->setValue(sv.load.value);
    m_ttft->setValue(sv.slo.ttftSeconds ? *sv.slo.ttftSeconds : 0.0);
    m_tpot->setValue(sv.slo.tpotSeconds ? *sv.slo.tpotSeconds * 1000 : 0.0);
    selectComboData(m_kv, sv.kvCachePrecision ? int(*sv.kvCachePrecision) : -1);
    m_replicas->setValue(sv.replicas ? *sv.replicas : 0);
    showPlanText(m_requestsPerMonth,
        sv.requestsPerMonth ? formatTokens(*sv.requestsPerMonth).remove(QLatin1Char(' ')) : QString());
    m_gpuUtilization->setValue(sv.engine.gpuMemoryUtilization ? *sv.engine.gpuMemoryUtilization : 0.0);
    m_maxSeqs->setValue(sv.engine.maxNumSeqs ? *sv.engine.maxNumSeqs : 0);
    m_maxTokens->setValue(sv.engine.maxNumBatchedTokens ? *sv.engine.maxNumBatchedTokens : 0);
    m_prefixHit->setValue(sv.engine.prefixCacheHitRate);
    showPlanText(m_graphBatchSizes, graphSizesText(sv.engine.cudaGraphBatchSizes));
}

namespace
{

// The box's value, or none at its minimum (which reads "none", "auto" or "engine default").
template <class T, class Box> std::optional<T> servingAboveMinimum(const Box* box, double scale = 1)
{
    return box->value() > box->minimum() ? std::optional<T>(T(box->value() / scale)) : std::nullopt;
}

} // namespace

bool ServingSection::apply(InputField field, gp::Plan& plan, bool& ok)
{
    gp::ServingSpec& sv = plan.workload.serving;
    switch (field) {
    case FServingPrompt:
        sv.promptTokens = m_prompt->value();
        return true;
    case FServingOutput:
        sv.outputTokens = m_output->value();
        return true;
    case FServingLoadKind:
    case FServingLoadValue: {
        const auto kind = comboValue<gp::ServingLoadKind>(m_loadKind);
        sv.load.kind = kind;
        sv.load.value = kind == gp::ServingLoadKind::Concurrency ? double(m_concurrency->value())
            : kind == gp::ServingLoadKind::RequestsPerSecond     ? m_rate->value()
                                                                 : 0.0;
        return true;
    }
    case FServingTtft:
        sv.slo.ttftSeconds = servingAboveMinimum<double>(m_ttft);
        return true;
    case FServingTpot:
        sv.slo.tpotSeconds = servingAboveMinimum<double>(m_tpot, 1000);
        return true;
    case FServingKv: {
        const int kv = m_kv->currentData().toInt();
        sv.kvCachePrecision = kv < 0 ? std::nullopt : std::optional<gp::KvPrecision>(gp::KvPrecision(kv));
        return true;
    }
    case FServingReplicas:
        sv.replicas = m_replicas->value() > 0 ? std::optional<int>(m_replicas->value()) : std::nullopt;
        return true;
    case FServingRequestsPerMonth: {
        const QString text = m_requestsPerMonth->text().trimmed();
        double requests = 0;
        if (text.isEmpty()) {
            sv.requestsPerMonth.reset();
        } else if (!parseScaledNumber(text, &requests) || !(requests > 0)) {
            m_kit.showFieldError(QStringLiteral("workload.serving.requests_per_month"),
                InputsPanel::tr("Enter requests per month, e.g. 3M, or leave it empty"));
            ok = false;
        } else {
            sv.requestsPerMonth = requests;
        }
        return true;
    }
    case FServingGpuUtilization:
        sv.engine.gpuMemoryUtilization = servingAboveMinimum<double>(m_gpuUtilization);
        return true;
    case FServingMaxSeqs:
        sv.engine.maxNumSeqs = m_maxSeqs->value() > 0 ? std::optional<int>(m_maxSeqs->value()) : std::nullopt;
        return true;
    case FServingMaxTokens:
        sv.engine.maxNumBatchedTokens
            = m_maxTokens->value() > 0 ? std::optional<int>(m_maxTokens->value()) : std::nullopt;
        return true;
    case FServingPrefixHit:
        sv.engine.prefixCacheHitRate = m_prefixHit->value();
        return true;
    case FServingGraphBatchSizes:
        if (!parseGraphSizes(m_graphBatchSizes->text(), sv.engine.cudaGraphBatchSizes)) {
            m_kit.showFieldError(QStringLiteral("workload.serving.engine.cuda_graph_batch_sizes"), graphSizesProblem());
            ok = false;
        }
        return true;
    default:
        return false;
    }
}

QString ServingSection::describe(InputField field) const
{
    switch (field) {
    case FServingPrompt:
    case FServingOutput:
        return InputsPanel::tr("Change serving lengths");
    case FServingLoadKind:
    case FServingLoadValue:
        return InputsPanel::tr("Change serving load");
    case FServingTtft:
    case FServingTpot:
        return InputsPanel::tr("Change latency targets");
    case FServingKv:
        return InputsPanel::tr("Change KV cache precision");
    case FServingReplicas:
        return InputsPanel::tr("Change replicas");
    case FServingRequestsPerMonth:
        return InputsPanel::tr("Change requests per month");
    case FServingGpuUtilization:
    case FServingMaxSeqs:
    case FServingMaxTokens:
    case FServingPrefixHit:
    case FServingGraphBatchSizes:
        return InputsPanel::tr("Change serving engine");
    default:
        return {};
    }
}

void ServingSection::showState(const InputsState& state)
{
    m_group->setVisible(state.mode == gp::Mode::Serving);
    const auto loadKind = comboValue<gp::ServingLoadKind>(m_loadKind);
    m_concurrency->setVisible(loadKind == gp::ServingLoadKind::Concurrency);
    m_rate->setVisible(loadKind == gp::ServingLoadKind::RequestsPerSecond);
}

void ServingSection::showTextProblems()
{
    double v = 0;
    const QString text = m_requestsPerMonth->text();
    if (!text.trimmed().isEmpty() && !(parseScaledNumber(text, &v) && v > 0))
        m_kit.showFieldError(QStringLiteral("workload.serving.requests_per_month"),
            InputsPanel::tr("Enter requests per month, e.g. 3M, or leave it empty"));
    std::optional<std::vector<int>> sizes;
    if (!parseGraphSizes(m_graphBatchSizes->text(), sizes))
        m_kit.showFieldError(QStringLiteral("workload.serving.engine.cuda_graph_batch_sizes"), graphSizesProblem());
}

} // namespace gpui
