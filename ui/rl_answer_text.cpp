// The RL answer in words (rl_answer_text.h).
#include "rl_answer_text.h"

#include "billing_mode_text.h"
#include "core_text.h"
#include "models/rl_candidate_model.h"
#include "number_format.h"

#include <QLocale>

namespace gpui
{

namespace
{

constexpr double kRlTextGiB = 1024.0 * 1024.0 * 1024.0;

QString rlPoolWords(const gp::RlPhaseTime& p)
{
    const QString pool = CoreText::rlPool(gp::toString(p.pool));
    return p.pool == gp::RlPool::Cpu ? pool : RlAnswerText::tr("%1 (%n GPU(s))", nullptr, p.gpus).arg(pool);
}

} // namespace

QString RlAnswerText::memoryText(const gp::RlStepEstimate& step)
{
    const bool fits = step.peakMemoryBytesPerGpu <= step.usableMemoryBytes;
    return (fits ? tr("%1 of %2 GiB per GPU, fits") : tr("%1 of %2 GiB per GPU, does not fit"))
        .arg(formatNumber(step.peakMemoryBytesPerGpu / kRlTextGiB, 1),
            formatNumber(step.usableMemoryBytes / kRlTextGiB, 1));
}

QStringList RlAnswerText::recommendation(const gp::RlAnswer& answer)
{
    QStringList lines;
    if (answer.candidates.empty())
        return { tr("No candidate to answer.") };
    const gp::RlCandidateAnswer& c = answer.candidates.front();
    if (!c.fits) {
        lines << tr("No candidate can run this RL plan.");
        if (c.failure)
            lines << tr("%1: %2").arg(QString::fromStdString(c.candidate), CoreText::failure(*c.failure));
        return lines;
    }
    const gp::RlChoice& b = c.best;
    const gp::RlStepEstimate& s = b.step;
    const QString currency = QString::fromStdString(answer.currency);
    lines << (answer.recommended ? tr("Recommended: %1, %n GPU(s) (%2).", nullptr, b.gpus)
                                 : tr("Closest: %1, %n GPU(s) (%2); it misses the plan's limit.", nullptr, b.gpus))
                 .arg(QString::fromStdString(c.candidate), QString::fromStdString(c.gpuName));
    lines << tr("Placement: %1; rollout engines %2; trainer %3.")
                 .arg(RlCandidateModel::placementText(s.layout), RlCandidateModel::enginesText(s.layout),
                     RlCandidateModel::trainerText(s.layout));
    lines << tr("One RL step takes %1 (rollout %2, training side %3, %4 hidden by async rollouts); %5 limits it.")
                 .arg(formatSeconds(s.stepSeconds), formatSeconds(s.rolloutSideSeconds),
                     formatSeconds(s.trainingSideSeconds), formatSeconds(s.overlapSeconds),
                     CoreText::rlPhase(gp::toString(s.limitingPhase)));
    lines << tr("%1 steps at %2 steps per hour: %3.")
                 .arg(QLocale().toString(qlonglong(answer.steps)), formatNumber(b.stepsPerHour, 1),
                     formatHours(b.hours));
    if (b.cost)
        lines << tr("Cost %1 (%2), %3 per 1,000 prompts.")
                     .arg(formatMoney(*b.cost, currency), windowBillingMode(b.billingMode),
                         b.costPer1000Prompts ? formatMoney(*b.costPer1000Prompts, currency) : QStringLiteral("—"));
    else
        lines << tr("No price is known for it: %1 GPU-hours.").arg(formatNumber(b.gpuHours, 0));
    lines << tr("Peak memory: %1.").arg(memoryText(s));
    return lines;
}

QStringList RlAnswerText::whyOthersLose(const gp::RlAnswer& answer, int limit)
{
    QStringList lines;
    const int n = int(answer.candidates.size());
    for (int i = 1; i < n && i <= limit; ++i)
        lines << tr("%1: %2").arg(QString::fromStdString(answer.candidates[std::size_t(i)].candidate),
            RlCandidateModel::whyNotText(answer, std::size_t(i)));
    if (n - 1 > limit)
        lines << tr("and %n more in the table.", nullptr, n - 1 - limit);
    return lines;
}

QStringList RlAnswerText::phaseHeaders()
{
    return { tr("Phase"), tr("Runs on"), tr("Seconds"), tr("Utilisation"), tr("Memory per GPU"), tr("Fits") };
}

std::vector<QStringList> RlAnswerText::phaseRows(const gp::RlCandidateAnswer& candidate)
{
    std::vector<QStringList> rows;
    const gp::RlStepEstimate& s = candidate.best.step;
    for (const gp::RlPhaseTime& p : s.phases) {
        const bool cpu = p.pool == gp::RlPool::Cpu;
        rows.push_back({ CoreText::rlPhase(gp::toString(p.phase)), rlPoolWords(p), formatNumber(p.seconds, 2),
            cpu ? QStringLiteral("—") : formatPercent(p.utilization),
            cpu ? QStringLiteral("—") : tr("%1 GiB").arg(formatNumber(p.memoryBytesPerGpu / kRlTextGiB, 1)),
            cpu ? QStringLiteral("—") : (p.memoryBytesPerGpu <= s.usableMemoryBytes ? tr("Yes") : tr("No")) });
    }
    return rows;
}

} // namespace gpui
