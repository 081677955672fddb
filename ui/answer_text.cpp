#include "answer_text.h"

#include "billing_mode_text.h"
#include "core_text.h"
#include "estimate/memory/memory_model.h"
#include "no_price_text.h"
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
        return NoPriceText::why(d); // what to do is said once under the list (NoPriceText::advice)
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

QString AnswerText::servingPool(const gp::ServingPool& pool, bool prefill)
{
    const QString split = pool.pipeline > 1 ? tr("tensor %1 × pipeline %2").arg(pool.tensor).arg(pool.pipeline)
                                            : tr("tensor %1").arg(pool.tensor);
    const QString text = (prefill ? tr("%n prefill replica(s) × %1 GPUs (%2)", nullptr, pool.replicas)
                                  : tr("%n decode replica(s) × %1 GPUs (%2)", nullptr, pool.replicas))
                             .arg(pool.gpusPerReplica)
                             .arg(split);
    if (pool.instance.empty())
        return text;
    // Pools on two catalog instances: each names its own.
    return text + QLatin1Char(' ')
        + tr("on %n node(s) of %1 (%2)", nullptr, pool.nodes)
              .arg(QString::fromStdString(pool.instance), QString::fromStdString(pool.gpuName));
}

QString AnswerText::kvTransfer(const gp::KvTransfer& t)
{
    return tr("%1 MB per request over %2 (%3 Gbps): %4")
        .arg(formatNumber(t.bytesPerRequest / 1e6, 3), CoreText::kvLink(QString::fromStdString(t.link)),
            formatNumber(t.lineGbps, 3), formatSeconds(t.seconds + t.waitSeconds));
}

QString AnswerText::servingDeployment(const gp::CandidateResult& r)
{
    if (r.serving && r.serving->disaggregation) // two pools: "2 prefill replicas … + 3 decode replicas …"
        return tr("%1 + %2").arg(servingPool(r.serving->disaggregation->prefill, true),
            servingPool(r.serving->disaggregation->decode, false));
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
        CoreText::appendSentence(text,
            tr("Keys and values are kept in %1 of the %2 layers (%3 per token); the recurrent layers keep a "
               "state of %4 per request instead.")
                .arg(formatNumber(s.kvLayers, 0), formatNumber(s.modelLayers, 0), formatBytes(s.kvBytesPerToken),
                    formatBytes(s.stateBytesPerRequest)));
    return text;
}

QString AnswerText::speculation(const gp::ServingResult& s)
{
    if (s.speculativeMethod.empty())
        return {};
    const QString method = s.speculativeMethod == "mtp" ? tr("MTP module")
        : s.speculativeMethod == "eagle3"               ? tr("EAGLE-3 head")
                                                        : tr("EAGLE head");
    const QString gain = tr("%1 draft tokens at %2 acceptance: %3 tokens per step; %4× at one request, %5× here")
                             .arg(s.draftTokens)
                             .arg(formatPercent(s.acceptanceRate), formatNumber(s.tokensPerStep, 2),
                                 formatNumber(s.speculativeSpeedupAtOne, 2), formatNumber(s.speculativeSpeedup, 2));
    const QString pays = s.speculationPaysUpTo <= 0
        ? tr("it does not pay even for one request")
        : tr("it pays up to %n request(s) per step", nullptr, s.speculationPaysUpTo);
    return tr("Speculative decoding, %1: %2; %3.").arg(method, gain, pays);
}

QString AnswerText::prefixCache(const gp::ServingResult& s)
{
    if (s.prefixShape.empty())
        return {};
    const QString shape = s.prefixShape == "system_prompt" ? tr("shared system prompt")
        : s.prefixShape == "multi_turn"                    ? tr("multi-turn chat")
                                                           : tr("RAG documents");
    const double perToken = s.prefixHeldTokens > 0 ? s.prefixHeldBytes / s.prefixHeldTokens : 0.0;
    return CoreText::joinSentences(
        { tr("Prefix cache (%1): %2 of prompt tokens found (%3 if all were held), %4 tokens and %5 of prefill saved "
             "per request; it holds %6, %7 of it in host memory, %8 to load per request.")
                .arg(shape, formatPercent(s.prefixHitRate), formatPercent(s.prefixIdealHitRate),
                    formatNumber(s.prefixSavedTokens, 0), formatSeconds(s.prefixSavedSeconds),
                    formatBytes(s.prefixHeldBytes), formatBytes(s.prefixOffloadTokens * perToken),
                    formatSeconds(s.prefixTransferSeconds)),
            s.prefixDiskCapacityBytes > 0
                ? tr("Local disk: %1 of %2 held, read at %3/s; %4 of the load is the disk read.")
                      .arg(formatBytes(s.prefixDiskTokens * perToken), formatBytes(s.prefixDiskCapacityBytes),
                          formatBytes(s.prefixDiskReadGBps * 1e9), formatSeconds(s.prefixDiskSeconds))
                : QString() });
}

QString AnswerText::loraAdapters(const gp::ServingResult& s)
{
    if (s.loraAdapters <= 0)
        return {};
    QString text = tr("%n LoRA adapter(s) of rank %1: ", nullptr, s.loraAdapters).arg(s.loraRank)
        + tr("%n per replica on the GPUs (%1 per GPU), ", nullptr, s.loraMaxLoras).arg(formatBytes(s.loraGpuBytes))
        + tr("%n in host memory; the decode step takes %1x as long.", nullptr, s.loraMaxCpuLoras)
              .arg(formatNumber(s.loraSlowdown, 3));
    if (s.loraMissShare > 0)
        CoreText::appendSentence(text,
            tr("%1 of requests first load their adapter over PCIe, %2 each.")
                .arg(formatPercent(s.loraMissShare), formatSeconds(s.loraLoadSeconds)));
    if (s.loraCapsBatch)
        CoreText::appendSentence(text,
            tr("The slots hold the batch at %1 requests, where its adapters fill them.")
                .arg(formatNumber(s.concurrency, 0)));
    return text;
}

QString AnswerText::wideEp(const gp::ServingResult& s)
{
    if (!s.wideEp)
        return {};
    const gp::ServingResult::WideEp& w = *s.wideEp;
    return tr("Wide expert parallelism over %1 GPUs (attention data-parallel, experts spread): %2 requests per GPU "
              "against %3 for the replicas; %4 output tokens/s per GPU at %5 requests (time per output token %6, "
              "%7 of it all-to-all) against %8 for the replicas: %9.")
        .arg(QString::number(w.ranks), QString::number(w.requestsPerGpu), formatNumber(w.replicaRequestsPerGpu, 1),
            formatNumber(w.outputTokensPerSecondPerGpu, 0), formatNumber(w.batchPerGpu, 0),
            formatSeconds(w.tpotSeconds), formatSeconds(w.allToAllSeconds),
            formatNumber(w.replicaOutputTokensPerSecondPerGpu, 0),
            w.better ? tr("wide EP serves more per GPU") : tr("the replicas serve more per GPU"));
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
    const int term = i < e.results.size() ? e.results[i].cost.reservedTermMonths.value_or(0) : 0;
    return windowBillingMode(gpui::headlineMode(e, i), term);
}

int AnswerText::reservedTermMonths(const Evaluation& e)
{
    for (const gp::CandidateResult& r : e.results)
        if (r.cost.reservedTermMonths)
            return *r.cost.reservedTermMonths;
    return 0;
}

} // namespace gpui
