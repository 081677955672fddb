#include "models/comparison_model.h"

#include "answer_text.h"
#include "billing_mode_text.h"
#include "core_text.h"
#include "no_price_text.h"
#include "number_format.h"

#include "estimate/common/memory_headroom.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QLocale>
#include <QPalette>

#include <cmath>

namespace gpui
{

namespace
{

const char* const ColumnKeys[ComparisonModel::ColumnCount] = { "rank", "candidate", "gpu", "gpus", "nodes",
    "configuration", "replicas", "concurrency", "memory_per_gpu", "headroom", "fits", "tokens_per_second",
    "ttft_seconds", "tpot_seconds", "ttft_p99_seconds", "tpot_p99_seconds", "output_tokens_per_second", "limit",
    "meets_slo", "mfu", "days", "gpu_hours", "ranked_cost", "cost_per_million_output_tokens", "monthly_cost",
    "price_per_hour", "cost_on_demand", "cost_monthly", "cost_reserved", "cost_spot", "bottleneck", "warnings",
    "prefill_decode", "kv_transfer_seconds", "lora_adapters" };

// Failed for want of a network bandwidth (several nodes, none between them): nothing about its memory is a verdict.
bool lacksNetworkFigure(const gp::CandidateResult& r)
{
    return !r.fits && r.failure && r.failure->code == "no_network";
}

// The cost columns are the billing-mode table's rows, in its order.
static_assert(ComparisonModel::CostSpot - ComparisonModel::CostOnDemand + 1 == int(gp::kBillingModeCount),
    "one cost column per billing mode (plan/billing_modes.h)");

// The total under a cost column's billing mode; none for another column.
std::optional<double> columnModeTotal(const gp::CandidateResult& r, int column)
{
    if (column < ComparisonModel::CostOnDemand || column > ComparisonModel::CostSpot)
        return std::nullopt;
    return r.cost.total(gp::billingModes()[std::size_t(column - ComparisonModel::CostOnDemand)].mode);
}

// A cost cell of results[row] without a figure: "no price" where it has none under the plan's region and billing
// modes (its tooltip says why, noPriceTip), else "n/a".
QString missingCostText(const Evaluation& e, int row)
{
    return NoPriceText::of(e, std::size_t(row)) ? ComparisonModel::tr("no price") : ComparisonModel::tr("n/a");
}

bool isCostColumn(int column)
{
    switch (column) {
    case ComparisonModel::RankedCost:
    case ComparisonModel::PricePerHour:
    case ComparisonModel::CostOnDemand:
    case ComparisonModel::CostMonthly:
    case ComparisonModel::CostReserved:
    case ComparisonModel::CostSpot:
    case ComparisonModel::CostPerMillionOutputTokens:
    case ComparisonModel::MonthlyCost:
        return true;
    default:
        return false;
    }
}

// A cost cell's tooltip for results[row] without a price: why, and what to do. Empty otherwise.
QString noPriceTip(const Evaluation& e, int row, int column)
{
    const gp::Diagnostic* noPrice = isCostColumn(column) ? NoPriceText::of(e, std::size_t(row)) : nullptr;
    if (!noPrice)
        return {};
    return ComparisonModel::tr("%1: %2.").arg(
        QString::fromStdString(e.results[std::size_t(row)].candidate), NoPriceText::reason(*noPrice));
}

double tokensPerSecondOf(const gp::CandidateResult& r)
{
    return r.decodeTokensPerSecond ? *r.decodeTokensPerSecond : r.tokensPerSecond;
}

} // namespace

ComparisonModel::ComparisonModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

ComparisonModel::~ComparisonModel() = default;

QString ComparisonModel::columnKey(int column)
{
    return column >= 0 && column < ColumnCount ? QString::fromLatin1(ColumnKeys[column]) : QString();
}

int ComparisonModel::columnForKey(const QString& key)
{
    for (int c = 0; c < ColumnCount; ++c)
        if (key == QLatin1String(ColumnKeys[c]))
            return c;
    return -1;
}

bool ComparisonModel::hiddenByDefault(int column)
{
    return column == CostReserved || column == GpuHours || column == Nodes || servingOnly(column);
}

bool ComparisonModel::servingOnly(int column)
{
    switch (column) {
    case Replicas:
    case ConcurrencyPerReplica:
    case Ttft:
    case Tpot:
    case TtftP99:
    case TpotP99:
    case OutputTokensPerSecond:
    case Limit:
    case MeetsSlo:
    case CostPerMillionOutputTokens:
    case MonthlyCost:
    case PrefillDecode:
    case KvTransfer:
    case LoraAdapters:
        return true;
    default:
        return false;
    }
}

bool ComparisonModel::notServing(int column)
{
    // Training figures, the one-batch decode rate and the step's bottleneck (serving says its limit instead); the
    // per-mode totals are a training run's.
    return column == TokensPerSecond || column == Mfu || column == Days || column == GpuHours || column == Bottleneck
        || column == CostOnDemand || column == CostMonthly || column == CostReserved || column == CostSpot;
}

void ComparisonModel::setEvaluation(EvaluationPtr evaluation)
{
    const int oldRows = rowCount();
    const int newRows = evaluation && evaluation->ok ? int(evaluation->results.size()) : 0;
    if (oldRows == newRows && newRows > 0) {
        // Same shape: update in place so selection and scroll position survive a live recompute. Only the cells
        // that look different are announced, so the view repaints (and the proxy re-sorts) no more than changed.
        const std::vector<QVariant> before = cellLooks();
        m_evaluation = std::move(evaluation);
        const std::vector<QVariant> after = cellLooks();
        constexpr size_t Roles = 5;
        for (int row = 0; row < newRows; ++row) {
            int first = -1;
            for (int column = 0; column <= ColumnCount; ++column) {
                bool changed = false;
                if (column < ColumnCount) {
                    const size_t at = (size_t(row) * ColumnCount + size_t(column)) * Roles;
                    for (size_t k = 0; k < Roles && !changed; ++k)
                        changed = before[at + k] != after[at + k];
                }
                if (changed && first < 0)
                    first = column;
                if (!changed && first >= 0) {
                    emit dataChanged(index(row, first), index(row, column - 1));
                    first = -1;
                }
            }
        }
        return;
    }
    beginResetModel();
    m_evaluation = std::move(evaluation);
    endResetModel();
}

std::vector<QVariant> ComparisonModel::cellLooks() const
{
    static constexpr int Roles[] = { Qt::DisplayRole, SortRole, Qt::ForegroundRole, Qt::FontRole, FitsRole };
    std::vector<QVariant> looks;
    const int rows = rowCount();
    looks.reserve(size_t(rows) * ColumnCount * std::size(Roles));
    for (int row = 0; row < rows; ++row)
        for (int column = 0; column < ColumnCount; ++column) {
            const QModelIndex at = index(row, column);
            for (int role : Roles)
                looks.push_back(data(at, role));
        }
    return looks;
}

const gp::CandidateResult* ComparisonModel::result(int row) const
{
    if (!m_evaluation || !m_evaluation->ok || row < 0 || row >= int(m_evaluation->results.size()))
        return nullptr;
    return &m_evaluation->results[size_t(row)];
}

int ComparisonModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_evaluation || !m_evaluation->ok)
        return 0;
    return int(m_evaluation->results.size());
}

int ComparisonModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case MemoryPerGpu:
            return tr("Memory each GPU needs, including CUDA runtime (what nvidia-smi shows)");
        case Headroom:
            if (m_evaluation && m_evaluation->mode == gp::Mode::Serving)
                return tr("Memory each GPU keeps outside the engine's gpu_memory_utilization share: the KV cache "
                          "fills the share; negative means the engine does not start");
            return tr("Usable memory left per GPU after the plan's safety margin; negative means it does not fit");
        case Mfu:
            return tr("Model FLOPs utilization: model FLOPs / (GPUs x dense peak x time)");
        case Days:
            return tr("Wall-clock time to process the plan's training tokens");
        case PricePerHour:
            return tr("Price per hour of the whole candidate (all nodes), pay-as-you-go");
        case Replicas:
            return tr("Copies of the model behind a load balancer, each on tensor x pipeline GPUs");
        case ConcurrencyPerReplica:
            return tr("Requests in flight on each replica at the operating point");
        case Ttft:
            return tr("Mean time to first token at the operating point (queueing and prefill)");
        case Tpot:
            return tr("Mean time per output token after the first (inter-token latency)");
        case TtftP99:
            return tr("99th percentile of the time to first token: one request in a hundred waits longer "
                      "(queueing, prompt length spread)");
        case TpotP99:
            return tr("99th percentile of the time per output token over requests: the requests whose decode "
                      "shares the most steps with other prompts");
        case OutputTokensPerSecond:
            return tr("Output tokens per second of one replica, all its requests together");
        case Limit:
            return tr("What caps each replica's operating point");
        case MeetsSlo:
            return tr("Whether the operating point meets the plan's latency targets");
        case CostPerMillionOutputTokens:
            return tr("Cost of the deployment per million generated tokens");
        case MonthlyCost:
            return tr("The deployment's monthly bill: always on, or the hours the plan's requests per month need");
        case PrefillDecode:
            return tr("Prefill and decode pools apart: prefill replicas : decode replicas (empty: aggregated)");
        case KvTransfer:
            return tr("Time one request's KV cache takes from its prefill replica to its decode replica");
        case LoraAdapters:
            return tr("LoRA adapters each replica keeps in GPU slots, of those the requests use (empty: none)");
        default:
            break;
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    const QString currency = m_evaluation ? m_evaluation->currency : QStringLiteral("CNY");
    switch (section) {
    case Rank:
        return tr("#");
    case Candidate:
        return tr("Candidate");
    case Gpu:
        return tr("GPU");
    case GpuCount:
        return tr("GPUs");
    case Nodes:
        return tr("Nodes");
    case Configuration:
        return tr("Configuration");
    case MemoryPerGpu:
        return tr("Memory / GPU");
    case Headroom:
        return tr("Headroom");
    case Fits:
        return tr("Fits");
    case TokensPerSecond:
        return m_evaluation && m_evaluation->mode != gp::Mode::Training ? tr("Decode tokens/s") : tr("Tokens/s");
    case Mfu:
        return tr("MFU");
    case Days:
        return tr("Time");
    case GpuHours:
        return tr("GPU-hours");
    case RankedCost:
        return m_evaluation && m_evaluation->mode != gp::Mode::Training ? tr("Cost / M tokens") : tr("Cost");
    case Replicas:
        return tr("Replicas");
    case ConcurrencyPerReplica:
        return tr("Concurrency / replica");
    case Ttft:
        return tr("TTFT");
    case Tpot:
        return tr("TPOT");
    case TtftP99:
        return tr("TTFT p99");
    case TpotP99:
        return tr("TPOT p99");
    case OutputTokensPerSecond:
        return tr("Output tokens/s / replica");
    case Limit:
        return tr("Limit");
    case MeetsSlo:
        return tr("Meets SLO");
    case CostPerMillionOutputTokens:
        return tr("Cost / M output tokens");
    case MonthlyCost:
        return tr("Monthly cost");
    case PricePerHour:
        return tr("Price / h (%1)").arg(currencyUnit(currency));
    case CostOnDemand:
        return tr("Pay-as-you-go");
    case CostMonthly:
        return tr("Monthly");
    case CostReserved:
        return tr("Reserved");
    case CostSpot:
        return tr("Spot");
    case Bottleneck:
        return tr("Bottleneck");
    case Warnings:
        return tr("Warnings");
    case PrefillDecode:
        return tr("P:D");
    case KvTransfer:
        return tr("KV transfer");
    case LoraAdapters:
        return tr("LoRA adapters");
    default:
        return {};
    }
}

QVariant ComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const gp::CandidateResult* r = result(index.row());
    if (!r)
        return {};
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(*r, index.row(), column);
    case SortRole:
        return sortValue(*r, index.row(), column);
    case ResultIndexRole:
        return index.row();
    case FitsRole:
        return r->fits;
    case Qt::ToolTipRole:
        if (const QString tip = noPriceTip(*m_evaluation, index.row(), column); !tip.isEmpty())
            return tip;
        return toolTip(*r, column);
    case Qt::TextAlignmentRole:
        if (column == Candidate || column == Gpu || column == Configuration || column == Bottleneck
            || column == Warnings)
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        if (column == Fits || column == MeetsSlo)
            return Qt::AlignCenter;
        if (column == Limit)
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (column == Fits || column == Headroom)
            return QBrush(r->fits ? QColor(0x2e, 0x9d, 0x4f) : QColor(0xd0, 0x3b, 0x3b));
        if (column == MeetsSlo && r->serving)
            return QBrush(r->serving->meetsSlo ? QColor(0x2e, 0x9d, 0x4f) : QColor(0xd0, 0x3b, 0x3b));
        if (!r->fits)
            return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::FontRole:
        if (m_evaluation && index.row() == m_evaluation->best) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    default:
        return {};
    }
}

QVariant ComparisonModel::display(const gp::CandidateResult& r, int row, int column) const
{
    const QString currency = m_evaluation->currency;
    const bool inference = m_evaluation->mode != gp::Mode::Training;
    switch (column) {
    case Rank:
        return row + 1;
    case Candidate:
        return QString::fromStdString(r.candidate);
    case Gpu:
        return QString::fromStdString(r.gpuName.empty() ? r.gpu : r.gpuName);
    case GpuCount:
        return r.gpus;
    case Nodes:
        return r.nodes;
    case Configuration:
        // Serving: the replicas and their split; the training layout's micro-batch and ZeRO do not apply.
        return r.serving ? AnswerText::servingDeployment(r) : AnswerText::configuration(*m_evaluation, r);
    case MemoryPerGpu:
        // A candidate that lacks a figure to evaluate (its network) has no memory verdict: what it misses is said.
        if (lacksNetworkFigure(r))
            return tr("not evaluated");
        return tr("%1 of %2").arg(formatBytes(r.memory.total), formatBytes(r.gpuMemory));
    case Headroom:
        if (lacksNetworkFigure(r))
            return QString();
        return formatBytes(gp::memoryHeadroomBytes(r));
    case Fits:
        if (lacksNetworkFigure(r))
            return tr("No network figure");
        return r.fits ? tr("Yes") : tr("No");
    case TokensPerSecond:
        return formatNumber(tokensPerSecondOf(r), 0);
    case Mfu:
        return inference ? QString() : formatPercent(r.modelFlopsUtilization);
    case Days:
        // As the report's candidates table and the recommendation say it ("1.7 h", "3.2 days"): in days to one
        // decimal, a run of 1.7 hours read "0.1".
        return inference ? QString() : formatHours(r.trainingHours);
    case GpuHours:
        return inference ? QString() : formatNumber(r.gpuHours, 0);
    case RankedCost: {
        const auto cost = headlineCost(*m_evaluation, std::size_t(row));
        if (!cost)
            return missingCostText(*m_evaluation, row);
        return tr("%1 (%2)").arg(
            formatMoney(*cost, currency), AnswerText::headlineMode(*m_evaluation, std::size_t(row)));
    }
    case PricePerHour:
        return r.cost.pricePerHour ? formatMoney(*r.cost.pricePerHour, currency) : missingCostText(*m_evaluation, row);
    case CostOnDemand:
    case CostMonthly:
    case CostReserved:
    case CostSpot: {
        const auto total = columnModeTotal(r, column);
        return total ? formatMoney(*total, currency) : missingCostText(*m_evaluation, row);
    }
    case Replicas:
    case ConcurrencyPerReplica:
    case Ttft:
    case Tpot:
    case TtftP99:
    case TpotP99:
    case OutputTokensPerSecond:
    case Limit:
    case MeetsSlo:
    case CostPerMillionOutputTokens:
    case MonthlyCost: {
        if (!r.serving)
            return QString();
        const gp::ServingResult& s = *r.serving;
        switch (column) {
        case Replicas:
            return s.replicas;
        case ConcurrencyPerReplica:
            return formatNumber(s.concurrency, s.concurrency < 10 ? 1 : 0);
        case Ttft:
            return formatSeconds(s.ttftSeconds);
        case Tpot:
            return formatSeconds(s.tpotSeconds);
        case TtftP99:
            return formatSeconds(s.ttftPercentiles.p99);
        case TpotP99:
            return formatSeconds(s.tpotPercentiles.p99);
        case OutputTokensPerSecond:
            return formatNumber(s.outputTokensPerSecond, 0);
        case Limit:
            return CoreText::servingLimit(QString::fromStdString(s.limit));
        case MeetsSlo:
            return s.meetsSlo ? tr("Yes") : tr("No");
        case CostPerMillionOutputTokens:
            return s.costPerMillionOutputTokens ? formatMoney(*s.costPerMillionOutputTokens, currency)
                                                : missingCostText(*m_evaluation, row);
        default: // MonthlyCost
            return s.monthlyCost
                ? tr("%1 (%2)").arg(formatMoney(*s.monthlyCost, currency), windowBillingMode(s.monthlyBillingMode))
                : missingCostText(*m_evaluation, row);
        }
    }
    case Bottleneck:
        return CoreText::bottleneck(r.bottleneck);
    case Warnings: {
        if (r.failure)
            return CoreText::failure(*r.failure);
        if (r.warnings.empty())
            return QString();
        QString first = CoreText::diagnostic(r.warnings.front());
        return r.warnings.size() > 1 ? tr("%1 (+%2 more)").arg(first).arg(r.warnings.size() - 1) : first;
    }
    case PrefillDecode:
        if (!r.serving || !r.serving->disaggregation)
            return QString();
        return tr("%1:%2")
            .arg(r.serving->disaggregation->prefill.replicas)
            .arg(r.serving->disaggregation->decode.replicas);
    case KvTransfer:
        if (!r.serving || !r.serving->disaggregation)
            return QString();
        return formatSeconds(
            r.serving->disaggregation->transfer.seconds + r.serving->disaggregation->transfer.waitSeconds);
    case LoraAdapters:
        if (!r.serving || r.serving->loraAdapters <= 0)
            return QString();
        return tr("%1 of %2").arg(r.serving->loraMaxLoras).arg(r.serving->loraAdapters);
    default:
        return {};
    }
}

QVariant ComparisonModel::sortValue(const gp::CandidateResult& r, int row, int column) const
{
    constexpr double Missing = 1e300; // unknown figures sort last
    switch (column) {
    case Rank:
        return row;
    case Candidate:
        return QString::fromStdString(r.candidate);
    case Gpu:
        return QString::fromStdString(r.gpuName.empty() ? r.gpu : r.gpuName);
    case GpuCount:
        return r.gpus;
    case Nodes:
        return r.nodes;
    case Configuration:
        return r.serving ? AnswerText::servingDeployment(r) : AnswerText::configuration(*m_evaluation, r);
    case MemoryPerGpu:
        return r.memory.total;
    case Headroom:
        return gp::memoryHeadroomBytes(r);
    case Fits:
        return r.fits ? 1 : 0;
    case TokensPerSecond:
        return tokensPerSecondOf(r);
    case Mfu:
        return r.modelFlopsUtilization;
    case Days:
        return std::isfinite(r.trainingHours) ? r.trainingHours : Missing;
    case GpuHours:
        return std::isfinite(r.gpuHours) ? r.gpuHours : Missing;
    case RankedCost:
        return headlineCost(*m_evaluation, std::size_t(row)).value_or(Missing);
    case PricePerHour:
        return r.cost.pricePerHour.value_or(Missing);
    case CostOnDemand:
    case CostMonthly:
    case CostReserved:
    case CostSpot:
        return columnModeTotal(r, column).value_or(Missing);
    case Replicas:
        return r.serving ? double(r.serving->replicas) : Missing;
    case ConcurrencyPerReplica:
        return r.serving ? r.serving->concurrency : Missing;
    case Ttft:
        return r.serving ? r.serving->ttftSeconds : Missing;
    case Tpot:
        return r.serving ? r.serving->tpotSeconds : Missing;
    case TtftP99:
        return r.serving ? r.serving->ttftPercentiles.p99 : Missing;
    case TpotP99:
        return r.serving ? r.serving->tpotPercentiles.p99 : Missing;
    case OutputTokensPerSecond:
        return r.serving ? r.serving->outputTokensPerSecond : 0.0;
    case Limit:
        return r.serving ? QString::fromStdString(r.serving->limit) : QString();
    case MeetsSlo:
        return r.serving && r.serving->meetsSlo ? 1 : 0;
    case CostPerMillionOutputTokens:
        return r.serving ? r.serving->costPerMillionOutputTokens.value_or(Missing) : Missing;
    case MonthlyCost:
        return r.serving ? r.serving->monthlyCost.value_or(Missing) : Missing;
    case Bottleneck:
        return CoreText::bottleneck(r.bottleneck);
    case Warnings:
        return int(r.warnings.size()) + (r.failure ? 1000 : 0);
    case PrefillDecode:
        return r.serving && r.serving->disaggregation ? double(r.serving->disaggregation->prefill.replicas)
                / std::max(1, r.serving->disaggregation->decode.replicas)
                                                      : Missing;
    case KvTransfer:
        return r.serving && r.serving->disaggregation
            ? r.serving->disaggregation->transfer.seconds + r.serving->disaggregation->transfer.waitSeconds
            : Missing;
    case LoraAdapters:
        return r.serving && r.serving->loraAdapters > 0 ? double(r.serving->loraMaxLoras) : Missing;
    default:
        return {};
    }
}

QString ComparisonModel::toolTip(const gp::CandidateResult& r, int column) const
{
    switch (column) {
    case MemoryPerGpu: {
        const gp::MemoryBreakdown& m = r.memory;
        QStringList lines;
        const std::pair<const char*, double> parts[]
            = { { "weights", m.weights }, { "gradients", m.gradients }, { "optimizer", m.optimizer },
                  { "activations", m.activations }, { "logits", m.logits }, { "kv_cache", m.kvCache },
                  { "buffers", m.buffers }, { "allocator", m.allocator }, { "runtime", m.runtime } };
        for (const auto& [name, bytes] : parts)
            if (bytes > 0)
                lines << tr("%1: %2").arg(CoreText::memoryPart(QString::fromLatin1(name)), formatBytes(bytes));
        if (r.serving)
            lines << AnswerText::servingMemory(r);
        else
            lines << tr("Total: %1 (usable %2 of %3)")
                         .arg(formatBytes(m.total), formatBytes(r.usableMemory), formatBytes(r.gpuMemory));
        return lines.join(QLatin1Char('\n'));
    }
    case Headroom:
        if (r.serving)
            return AnswerText::servingMemory(r);
        return {};
    case PrefillDecode:
    case KvTransfer:
        if (!r.serving || !r.serving->disaggregation)
            return {};
        return AnswerText::servingDeployment(r) + QLatin1Char('\n')
            + AnswerText::kvTransfer(r.serving->disaggregation->transfer)
            + (r.serving->deploymentReason ? QLatin1Char('\n') + CoreText::diagnostic(*r.serving->deploymentReason)
                                           : QString());
    case LoraAdapters:
        return r.serving ? AnswerText::loraAdapters(*r.serving) : QString();
    case Warnings:
    case Fits: {
        QStringList lines;
        if (r.failure)
            lines << CoreText::failure(*r.failure);
        for (const gp::Diagnostic& d : r.warnings)
            lines << QStringLiteral("• ") + CoreText::diagnostic(d);
        for (const gp::Diagnostic& d : r.suggestions)
            lines << tr("Suggestion: %1").arg(CoreText::diagnostic(d));
        return lines.join(QLatin1Char('\n'));
    }
    case PricePerHour:
        return tr("%1 (%2)").arg(CoreText::priceStatus(QString::fromStdString(r.cost.priceStatus)),
            QString::fromStdString(r.cost.priceSource));
    case Days:
        return formatHours(r.trainingHours);
    case OutputTokensPerSecond:
        if (r.serving)
            return tr("%1 output tokens/s per replica, %2 for all %3 replicas; %4 requests/s")
                .arg(formatNumber(r.serving->outputTokensPerSecond, 0),
                    formatNumber(r.serving->totalOutputTokensPerSecond, 0))
                .arg(r.serving->replicas)
                .arg(formatNumber(r.serving->totalRequestsPerSecond, 2));
        return {};
    case Tpot:
        if (r.serving && !r.serving->speculativeMethod.empty())
            return display(r, 0, column).toString() + QLatin1Char('\n') + AnswerText::speculation(*r.serving);
        return display(r, 0, column).toString();
    case ConcurrencyPerReplica:
        if (r.serving)
            return tr("%1 requests in flight per replica; the KV cache holds %2 of full length (%3 tokens)")
                .arg(formatNumber(r.serving->concurrency, 1))
                .arg(r.serving->maxConcurrency)
                .arg(QLocale().toString(qlonglong(r.serving->kvCacheTokens)));
        return {};
    case MonthlyCost:
        if (r.serving && r.serving->breakEvenHoursPerMonth)
            return tr("Monthly billing costs less than pay-as-you-go above %1 hours a month")
                .arg(formatNumber(*r.serving->breakEvenHoursPerMonth, 0));
        return display(r, 0, column).toString();
    case Bottleneck:
        return tr("Step %1: compute %2, intra-node %3, network %4, offload %5, data %6")
            .arg(formatSeconds(r.step.total), formatSeconds(r.step.compute),
                formatSeconds(r.step.communicationIntraNode), formatSeconds(r.step.communicationNetwork),
                formatSeconds(r.step.offload), formatSeconds(r.step.dataLoading));
    default:
        return display(r, 0, column).toString();
    }
}

void ComparisonModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

ComparisonProxyModel::ComparisonProxyModel(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(ComparisonModel::SortRole);
    setDynamicSortFilter(true);
}

ComparisonProxyModel::~ComparisonProxyModel() = default;

void ComparisonProxyModel::setFittingOnly(bool fittingOnly)
{
    if (m_fittingOnly == fittingOnly)
        return;
    m_fittingOnly = fittingOnly;
    invalidateFilter();
}

bool ComparisonProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (!m_fittingOnly)
        return true;
    return sourceModel()->index(sourceRow, 0, sourceParent).data(ComparisonModel::FitsRole).toBool();
}

} // namespace gpui
