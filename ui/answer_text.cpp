#include "answer_text.h"

#include "core_text.h"
#include "estimate/memory/memory_model.h"
#include "number_format.h"

#include "estimate/common/memory_headroom.h"

#include <QStringList>

namespace gpui
{

namespace
{

double number(const gp::Diagnostic& d, const char* name)
{
    return QString::fromStdString(d.arg(name)).toDouble();
}

} // namespace

QString AnswerText::reason(const gp::Diagnostic& d, const gp::CandidateResult& r, const QString& currency)
{
    const std::string& c = d.code;
    if (c == "does_not_fit")
        return r.failure ? CoreText::failure(*r.failure)
                         : tr("does not fit (%1 of %2 per GPU)")
                               .arg(formatBytes(number(d, "memory_bytes")), formatBytes(number(d, "usable_bytes")));
    if (c == "misses_deadline")
        return tr("takes %1, past the deadline of %2")
            .arg(formatHours(number(d, "hours")), formatHours(number(d, "deadline_hours")));
    if (c == "exceeds_budget")
        return tr("costs %1, over the budget of %2")
            .arg(formatMoney(number(d, "cost"), currency), formatMoney(number(d, "budget"), currency));
    if (c == "no_price")
        return tr("has no known price under the counted billing modes");
    if (c == "misses_slo")
        return r.failure ? CoreText::failure(*r.failure) : tr("misses the latency targets");
    if (c == "costs_more" || c == "costs_less") {
        const QString amount = formatMoney(number(d, "amount"), currency);
        const QString mode = CoreText::billingMode(QString::fromStdString(d.arg("billing_mode")));
        const bool perToken = d.arg("per") == "million_tokens";
        if (c == "costs_more")
            return perToken
                ? tr("costs %1 more per million tokens (+%2, %3)")
                      .arg(amount, formatPercent(number(d, "percent") / 100), mode)
                : tr("costs %1 more (+%2, %3)").arg(amount, formatPercent(number(d, "percent") / 100), mode);
        return perToken ? tr("costs %1 less per million tokens (%2)").arg(amount, mode)
                        : tr("costs %1 less (%2)").arg(amount, mode);
    }
    if (c == "slower")
        return tr("takes %1 longer").arg(formatHours(number(d, "hours")));
    if (c == "faster")
        return tr("finishes %1 sooner").arg(formatHours(number(d, "hours")));
    if (c == "ranked_lower")
        return tr("ranks just below on the objective's tie-breaks");
    return QString::fromStdString(d.message);
}

QString AnswerText::reasons(const Evaluation& e, std::size_t i)
{
    if (!e.answer || i >= e.answer->standings.size() || i >= e.results.size())
        return {};
    QStringList parts;
    for (const gp::Diagnostic& d : e.answer->standings[i].reasons)
        parts << reason(d, e.results[i], e.currency);
    return parts.join(CoreText::listSeparator());
}

QString AnswerText::headline(const Evaluation& e, std::size_t i)
{
    const auto cost = headlineCost(e, i);
    if (!cost)
        return tr("no price under the counted billing modes");
    const QString mode = AnswerText::headlineMode(e, i);
    if (e.mode != gp::Mode::Training)
        return tr("%1 per million tokens (%2)").arg(formatMoney(*cost, e.currency), mode);
    return tr("%1 (%2)").arg(formatMoney(*cost, e.currency), mode);
}

QString AnswerText::configuration(const gp::Configuration& c, const gp::Workload& w, double modelLayers)
{
    QString text = CoreText::configuration(c);
    if (w.mode != gp::Mode::Training)
        return text;
    QStringList recipe;
    if (c.checkpointing == gp::Checkpointing::Full && w.checkpointedLayers && modelLayers > 0
        && *w.checkpointedLayers < modelLayers)
        recipe << tr("recompute %1 of %2 layers").arg(*w.checkpointedLayers).arg(qint64(modelLayers));
    if (w.bf16OptimizerStates && gp::bf16OptimizerStatesApply(w.optimizer))
        recipe << tr("bf16 optimizer states");
    for (const QString& part : recipe)
        text += CoreText::listSeparator() + part;
    return text;
}

QString AnswerText::configuration(const Evaluation& e, const gp::CandidateResult& r)
{
    return configuration(r.configuration, e.workload, e.modelLayers);
}

QString AnswerText::servingDeployment(const gp::CandidateResult& r)
{
    const int replicas = r.serving ? r.serving->replicas : 1;
    const int perReplica = r.configuration.tensor * r.configuration.pipeline;
    const QString split = r.configuration.pipeline > 1
        ? tr("tensor %1 × pipeline %2").arg(r.configuration.tensor).arg(r.configuration.pipeline)
        : tr("tensor %1").arg(r.configuration.tensor);
    return tr("%n replica(s) × %1 GPUs (%2)", nullptr, replicas).arg(perReplica).arg(split);
}

QString AnswerText::servingMemory(const gp::CandidateResult& r)
{
    if (!r.serving)
        return {};
    const gp::ServingResult& s = *r.serving;
    const double headroom = gp::memoryHeadroomBytes(r);
    if (headroom < 0)
        return tr("The weights, the activation peak and non-torch memory need %1 more than the engine's %2 per GPU: "
                  "no room is left for a KV cache.")
            .arg(formatBytes(-headroom), formatBytes(s.engineMemoryBytes));
    QString text = tr("The engine takes %1 of %2 per GPU; its KV cache fills the %3 that the weights, the activation "
                      "peak and non-torch memory leave; %4 stay outside the engine.")
                       .arg(formatBytes(s.engineMemoryBytes), formatBytes(s.visibleMemoryBytes),
                           formatBytes(s.kvBudgetBytes), formatBytes(headroom));
    if (s.stateBytesPerRequest > 0) // a hybrid: KV in its attention layers only, a state per request in the others
        text += QLatin1Char(' ')
            + tr("Keys and values are kept in %1 of the %2 layers (%3 per token); the recurrent layers keep a "
                 "state of %4 per request instead.")
                  .arg(formatNumber(s.kvLayers, 0), formatNumber(s.modelLayers, 0), formatBytes(s.kvBytesPerToken),
                      formatBytes(s.stateBytesPerRequest));
    return text;
}

QString AnswerText::againstTarget(double seconds, const std::optional<double>& target)
{
    if (!target)
        return tr("%1 (no target)").arg(formatSeconds(seconds));
    return seconds <= *target * (1 + 1e-9)
        ? tr("%1 (target %2)").arg(formatSeconds(seconds), formatSeconds(*target))
        : tr("%1 (over the target of %2)").arg(formatSeconds(seconds), formatSeconds(*target));
}

QString AnswerText::countedModes(const Evaluation& e)
{
    QStringList modes;
    for (const std::string& m : countedBillingModes(e))
        modes << CoreText::billingMode(QString::fromStdString(m), reservedTermMonths(e));
    return modes.join(CoreText::listSeparator());
}

QString AnswerText::headlineMode(const Evaluation& e, std::size_t i)
{
    const QString mode = QString::fromStdString(gpui::headlineMode(e, i));
    const int term = i < e.results.size() ? e.results[i].cost.reservedTermMonths.value_or(0) : 0;
    return CoreText::billingMode(mode, term);
}

int AnswerText::reservedTermMonths(const Evaluation& e)
{
    for (const gp::CandidateResult& r : e.results)
        if (r.cost.reservedTermMonths)
            return *r.cost.reservedTermMonths;
    return 0;
}

} // namespace gpui
