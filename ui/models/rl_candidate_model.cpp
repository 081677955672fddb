// The RL answer's candidate table (rl_candidate_model.h).
#include "models/rl_candidate_model.h"

#include "billing_mode_text.h"
#include "core_text.h"
#include "number_format.h"

#include <QBrush>
#include <QColor>

namespace gpui
{

namespace
{

constexpr double kRlModelGiB = 1024.0 * 1024.0 * 1024.0;

} // namespace

RlCandidateModel::RlCandidateModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

RlCandidateModel::~RlCandidateModel() = default;

void RlCandidateModel::setAnswer(std::shared_ptr<const gp::RlAnswer> answer)
{
    beginResetModel();
    m_answer = std::move(answer);
    endResetModel();
}

void RlCandidateModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int RlCandidateModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_answer ? 0 : int(m_answer->candidates.size());
}

int RlCandidateModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString RlCandidateModel::placementText(const gp::RlLayout& l)
{
    if (l.placement == gp::RlPlacement::Colocated)
        return tr("Colocated on %n GPU(s)", nullptr, l.rolloutGpus);
    QString text = tr("Separate: %1 rollout + %2 training GPUs").arg(l.rolloutGpus).arg(l.trainingGpus);
    if (l.offPolicySteps > 0)
        text += tr(", %n step(s) off-policy", nullptr, l.offPolicySteps);
    return text;
}

QString RlCandidateModel::enginesText(const gp::RlLayout& l)
{
    const int engines = l.rolloutTensor > 0 ? l.rolloutGpus / l.rolloutTensor : 0;
    return tr("%1 x %2").arg(engines).arg(tr("%n GPU(s)", nullptr, l.rolloutTensor));
}

QString RlCandidateModel::trainerText(const gp::RlLayout& l)
{
    QStringList parts { tr("ZeRO-%1 over %2 GPUs").arg(l.trainer.zeroStage).arg(l.trainingGpus) };
    if (l.trainer.offload != gp::Offload::None)
        parts << CoreText::offload(l.trainer.offload);
    if (l.trainer.checkpointing != gp::Checkpointing::None)
        parts << CoreText::checkpointing(l.trainer.checkpointing);
    return parts.join(CoreText::listSeparator());
}

QString RlCandidateModel::whyNotText(const gp::RlAnswer& answer, std::size_t index)
{
    const gp::RlCandidateAnswer& c = answer.candidates[index];
    if (!c.fits && c.failure)
        return CoreText::failure(*c.failure);
    if (!c.reasons.empty())
        return CoreText::diagnostic(c.reasons.front());
    return index == 0 && answer.recommended ? tr("Recommended") : QString();
}

QVariant RlCandidateModel::data(const QModelIndex& index, int role) const
{
    if (!m_answer || !index.isValid() || index.row() >= rowCount())
        return {};
    const std::size_t row = std::size_t(index.row());
    const gp::RlCandidateAnswer& c = m_answer->candidates[row];
    const gp::RlChoice& b = c.best;
    const gp::RlStepEstimate& s = b.step;
    const QString currency = QString::fromStdString(m_answer->currency);
    if (role == Qt::BackgroundRole && row == 0 && m_answer->recommended)
        return QBrush(QColor(0x1e, 0x7b, 0x34, 40));
    if (role == Qt::ForegroundRole && !c.fits)
        return QBrush(QColor(0xb3, 0x26, 0x1e));
    if (role == Qt::TextAlignmentRole)
        return int((index.column() >= StepSeconds && index.column() != LimitingPhase && index.column() != Fits
                               && index.column() != WhyNot
                           ? Qt::AlignRight
                           : Qt::AlignLeft)
            | Qt::AlignVCenter);
    const bool display = role == Qt::DisplayRole || role == Qt::ToolTipRole;
    if (!display && role != SortRole)
        return {};
    const auto figure = [&](double value, const QString& text) -> QVariant {
        if (role == SortRole)
            return value;
        return c.fits ? text : QStringLiteral("—");
    };
    switch (Column(index.column())) {
    case Rank:
        return role == SortRole ? QVariant(int(row) + 1) : QVariant(QString::number(row + 1));
    case Candidate:
        return role == Qt::ToolTipRole ? QString::fromStdString(c.candidate + " (" + c.gpuName + ")")
                                       : QString::fromStdString(c.candidate);
    case Gpus:
        return role == SortRole ? QVariant(b.gpus)
                                : QVariant(tr("%1 x %2").arg(b.gpus).arg(QString::fromStdString(c.gpu)));
    case Placement:
        return role == SortRole ? QVariant() : QVariant(c.fits ? placementText(s.layout) : QStringLiteral("—"));
    case RolloutEngines:
        return role == SortRole ? QVariant() : QVariant(c.fits ? enginesText(s.layout) : QStringLiteral("—"));
    case StepSeconds:
        return figure(s.stepSeconds, formatSeconds(s.stepSeconds));
    case LimitingPhase:
        return role == SortRole
            ? QVariant()
            : QVariant(c.fits ? CoreText::rlPhase(gp::toString(s.limitingPhase)) : QStringLiteral("—"));
    case PeakMemory:
        return figure(s.peakMemoryBytesPerGpu / kRlModelGiB,
            tr("%1 of %2 GiB")
                .arg(formatNumber(s.peakMemoryBytesPerGpu / kRlModelGiB, 1),
                    formatNumber(s.usableMemoryBytes / kRlModelGiB, 1)));
    case Fits:
        return role == SortRole ? QVariant(c.fits) : QVariant(c.fits ? tr("Yes") : tr("No"));
    case StepsPerHour:
        return figure(b.stepsPerHour, formatNumber(b.stepsPerHour, 1));
    case Hours:
        return figure(b.hours, formatHours(b.hours));
    case Cost: {
        if (role == SortRole)
            return b.cost ? QVariant(*b.cost) : QVariant();
        if (!c.fits || !b.cost)
            return QStringLiteral("—");
        const QString mode = windowBillingMode(b.billingMode);
        return QString(formatMoney(*b.cost, currency) + QStringLiteral(" (") + mode + QLatin1Char(')'));
    }
    case CostPer1000Prompts:
        if (role == SortRole)
            return b.costPer1000Prompts ? QVariant(*b.costPer1000Prompts) : QVariant();
        return c.fits && b.costPer1000Prompts ? formatMoney(*b.costPer1000Prompts, currency) : QStringLiteral("—");
    case WhyNot:
        return role == SortRole ? QVariant() : QVariant(whyNotText(*m_answer, row));
    case ColumnCount:
        break;
    }
    return {};
}

QVariant RlCandidateModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Rank:
        return tr("#");
    case Candidate:
        return tr("Candidate");
    case Gpus:
        return tr("GPUs");
    case Placement:
        return tr("Placement");
    case RolloutEngines:
        return tr("Rollout engines");
    case StepSeconds:
        return tr("Step time");
    case LimitingPhase:
        return tr("Limiting phase");
    case PeakMemory:
        return tr("Peak memory per GPU");
    case Fits:
        return tr("Fits");
    case StepsPerHour:
        return tr("Steps per hour");
    case Hours:
        return tr("Hours");
    case Cost:
        return tr("Cost");
    case CostPer1000Prompts:
        return tr("Per 1,000 prompts");
    case WhyNot:
        return tr("Why not");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace gpui
