#include "widgets/recommendation_panel.h"

#include "answer_text.h"
#include "billing_mode_text.h"
#include "core_text.h"
#include "no_price_text.h"
#include "number_format.h"

#include <QEvent>
#include <QLocale>
#include <QTimer>
#include <QUrl>

#include <cmath>

namespace gpui
{

namespace
{

QString esc(const QString& s)
{
    return s.toHtmlEscaped();
}

QString nameOf(const gp::CandidateResult& r)
{
    QString name = QString::fromStdString(r.candidate);
    if (const int colon = name.indexOf(QLatin1Char(':')); colon >= 0)
        name = name.mid(colon + 1);
    if (r.nodes > 1)
        name = RecommendationPanel::tr("%1 x %2 nodes").arg(name).arg(r.nodes);
    return name;
}

// Prefill and decode apart, drawn as two pools side by side with the KV transfer between them.
QString servingPoolsHtml(const gp::ServingDisaggregation& d)
{
    const auto cell = [](const QString& title, const QString& body) {
        return QStringLiteral("<td style='border:1px solid #6a8caf; padding:6px'><b>%1</b><br/>%2</td>")
            .arg(esc(title), body);
    };
    const QString prefill = esc(AnswerText::servingPool(d.prefill, true)) + QStringLiteral("<br/>")
        + esc(RecommendationPanel::tr("time to first token %1 at %2 requests/s each")
                  .arg(formatSeconds(d.prefill.ttftSeconds), formatNumber(d.prefill.requestsPerSecond, 3)));
    const QString decode = esc(AnswerText::servingPool(d.decode, false)) + QStringLiteral("<br/>")
        + esc(RecommendationPanel::tr("%1 requests each at %2 per token")
                  .arg(formatNumber(d.decode.concurrency, 3), formatSeconds(d.decode.tpotSeconds)));
    const QString arrow = QStringLiteral("<td style='padding:6px' align='center'>%1<br/>&#8594;<br/>%2</td>")
                              .arg(esc(RecommendationPanel::tr("KV cache")), esc(AnswerText::kvTransfer(d.transfer)));
    return QStringLiteral("<table cellspacing='0'><tr>%1%2%3</tr></table>")
               .arg(cell(RecommendationPanel::tr("Prefill pool"), prefill), arrow,
                   cell(RecommendationPanel::tr("Decode pool"), decode))
        + esc(RecommendationPanel::tr("P:D = %1:%2").arg(d.prefill.replicas).arg(d.decode.replicas));
}

// A number format the recommended GPU does not run (FP8 on a V100), or an attention kernel it does not run
// (FlashAttention-2 on a T4), said beside the GPU's name: the warnings below may be out of sight, and the answer is
// for what it runs.
bool isFormatWarning(const gp::Diagnostic& w)
{
    return w.code == "precision_unsupported" || w.code == "attention_kernel_unsupported";
}

QString unsupportedFormatHtml(const gp::CandidateResult& r)
{
    QString html;
    for (const gp::Diagnostic& w : r.warnings)
        if (w.code == "precision_unsupported")
            html += QStringLiteral("<p style='color:#b36b00'>%1</p>")
                        .arg(esc(RecommendationPanel::tr("Runs in %1, not %2: %3 does not support %2.")
                                     .arg(QString::fromStdString(w.arg("used")).toUpper(),
                                         QString::fromStdString(w.arg("precision")).toUpper(),
                                         QString::fromStdString(w.arg("gpu")))));
        else if (isFormatWarning(w))
            html += QStringLiteral("<p style='color:#b36b00'>%1</p>").arg(esc(CoreText::diagnostic(w)));
    return html;
}

// Candidates that fit but could not be compared on cost. One is named with why it has no price; several are
// counted on one line (with 50 candidates their lines pushed the reason and the cost out of sight), and the
// line's link shows each one with its reason and what to do (`details`). What to do is said once.
QString unpricedHtml(const Evaluation& e, bool details)
{
    QStringList lines;
    for (std::size_t i = 0; i < e.results.size(); ++i)
        if (const gp::Diagnostic* noPrice = e.results[i].fits ? NoPriceText::of(e, i) : nullptr)
            lines << RecommendationPanel::tr("Not compared on cost: %1 %2")
                         .arg(nameOf(e.results[i]), NoPriceText::why(*noPrice));
    const auto item = [](const QString& text) { return QStringLiteral("<li style='color:#b36b00'>%1</li>").arg(text); };
    if (lines.size() == 1)
        return item(esc(lines.front())) + item(esc(NoPriceText::advice()));
    if (lines.isEmpty())
        return {};
    const QString link
        = QStringLiteral(" <a href='%1'>%2</a>")
              .arg(RecommendationPanel::UnpricedDetailsLink,
                  esc(details ? RecommendationPanel::tr("(hide details)") : RecommendationPanel::tr("(details)")));
    QString html = item(esc(RecommendationPanel::tr(
                            "%n candidate(s) that fit were not compared on cost: no price", nullptr, int(lines.size())))
        + link);
    if (!details)
        return html;
    QString list;
    for (const QString& line : lines)
        list += item(esc(line));
    return html + QStringLiteral("<ul>%1%2</ul>").arg(list, item(esc(NoPriceText::advice())));
}

// The serving recommendation: instance, replicas x GPUs, latency against the targets, cost per million tokens and
// the monthly bill.
QString servingRecommendationHtml(const Evaluation& e, bool unpricedDetails)
{
    const gp::CandidateResult& r = e.results[size_t(e.best)];
    const gp::ServingResult& s = *r.serving;
    const std::size_t bestIndex = std::size_t(e.best);
    const QString currency = e.currency;
    QString html = RecommendationPanel::tr("<h3>Recommended: %1</h3>").arg(esc(nameOf(r)));
    html += RecommendationPanel::tr("<p>%1 · %2 x %3</p>")
                .arg(esc(AnswerText::servingDeployment(r)))
                .arg(r.gpus)
                .arg(esc(QString::fromStdString(r.gpuName.empty() ? r.gpu : r.gpuName)));
    html += unsupportedFormatHtml(r);
    const QString why = e.objective == gp::SearchObjective::Time
        ? RecommendationPanel::tr("the lowest latency that meets the targets at the load")
        : RecommendationPanel::tr("the lowest cost per million tokens that meets the targets at the load");
    html += RecommendationPanel::tr("<p>Why: %1.</p><ul>").arg(esc(why));
    html += RecommendationPanel::tr(
        "<li>Load: %1 of %2 prompt and %3 output tokens; %4 in flight per replica (the KV cache holds %5)"
        "</li>")
                .arg(esc(CoreText::servingLoad(e.serving.load)))
                .arg(e.serving.promptTokens)
                .arg(e.serving.outputTokens)
                .arg(formatNumber(s.concurrency, 1))
                .arg(s.maxConcurrency);
    if (s.disaggregation)
        html += QStringLiteral("</ul>") + servingPoolsHtml(*s.disaggregation) + QStringLiteral("<ul>");
    if (s.deploymentReason)
        html += RecommendationPanel::tr("<li>Prefill and decode: %1</li>")
                    .arg(esc(CoreText::diagnostic(*s.deploymentReason)));
    html += RecommendationPanel::tr("<li>Time to first token <b>%1</b>; time per output token <b>%2</b></li>")
                .arg(esc(AnswerText::againstTarget(s.ttftSeconds, e.serving.slo.ttftSeconds)),
                    esc(AnswerText::againstTarget(s.tpotSeconds, e.serving.slo.tpotSeconds)));
    html += RecommendationPanel::tr("<li>%1 output tokens/s per replica, %2 in all (%3 requests/s); limit: %4</li>")
                .arg(formatNumber(s.outputTokensPerSecond, 0), formatNumber(s.totalOutputTokensPerSecond, 0),
                    formatNumber(s.totalRequestsPerSecond, 2),
                    esc(CoreText::servingLimit(QString::fromStdString(s.limit))));
    if (const auto cost = headlineCost(e, bestIndex)) {
        const QString mode = AnswerText::headlineMode(e, bestIndex);
        QString line = RecommendationPanel::tr("<li>Costs <b>%1 per million tokens</b> (%2, %3)")
                           .arg(formatMoney(*cost, currency), esc(mode),
                               esc(CoreText::priceStatus(QString::fromStdString(r.cost.priceStatus))));
        if (s.costPerMillionOutputTokens)
            line += RecommendationPanel::tr("; %1 per million output tokens")
                        .arg(formatMoney(*s.costPerMillionOutputTokens, currency));
        html += line + QStringLiteral("</li>") + unpricedHtml(e, unpricedDetails);
    } else {
        html += RecommendationPanel::tr("<li>No price under the counted billing modes (%1)</li>")
                    .arg(esc(AnswerText::countedModes(e)));
    }
    if (s.monthlyCost) {
        const QString mode = windowBillingMode(s.monthlyBillingMode);
        html += e.serving.requestsPerMonth
            ? RecommendationPanel::tr("<li>Monthly cost <b>%1</b> (%2) for %3 requests a month</li>")
                  .arg(formatMoney(*s.monthlyCost, currency), esc(mode), formatTokens(*e.serving.requestsPerMonth))
            : RecommendationPanel::tr("<li>Monthly cost <b>%1</b> (%2), always on</li>")
                  .arg(formatMoney(*s.monthlyCost, currency), esc(mode));
    }
    if (s.breakEvenHoursPerMonth && std::isfinite(*s.breakEvenHoursPerMonth))
        html += RecommendationPanel::tr("<li>Monthly billing costs less than pay-as-you-go above %1 hours a month</li>")
                    .arg(formatNumber(*s.breakEvenHoursPerMonth, 0));
    html += RecommendationPanel::tr("<li>Billing modes counted: %1</li>").arg(esc(AnswerText::countedModes(e)));
    html += RecommendationPanel::tr("<li>Memory %1 of %2 per GPU; KV cache %3 tokens per replica</li>")
                .arg(formatBytes(r.memory.total), formatBytes(r.gpuMemory),
                    QLocale().toString(qlonglong(s.kvCacheTokens)));
    for (const QString& line :
        { AnswerText::speculation(s), AnswerText::prefixCache(s), AnswerText::loraAdapters(s), AnswerText::wideEp(s) })
        if (!line.isEmpty())
            html += QStringLiteral("<li>%1</li>").arg(esc(line));
    for (const gp::Diagnostic& w : r.warnings)
        if (!isFormatWarning(w)) // said under the heading
            html += QStringLiteral("<li style='color:#b36b00'>%1</li>").arg(esc(CoreText::diagnostic(w)));
    html += QStringLiteral("</ul>");
    return html;
}

} // namespace

QString recommendationHtml(const Evaluation& e, bool unpricedDetails)
{
    if (!e.ok)
        return QStringLiteral("<p style='color:#d03b3b'><b>%1</b></p>").arg(esc(CoreText::error(e.error)));
    QString html;
    const QString currency = e.currency;
    if (!e.modelName.isEmpty() || e.modelParameters > 0) {
        QString model
            = RecommendationPanel::tr("%1 · %2 parameters").arg(esc(e.modelName), formatTokens(e.modelParameters));
        if (e.activeParameters > 0 && e.activeParameters < e.modelParameters * 0.99)
            model += RecommendationPanel::tr(" (%1 active)").arg(formatTokens(e.activeParameters));
        html += QStringLiteral("<p style='color:gray'>%1</p>").arg(model);
    }
    if (e.results.empty())
        return html
            + RecommendationPanel::tr("<p>No candidates to compare. Choose instances on the Candidates tab.</p>");

    const bool inference = e.mode != gp::Mode::Training;
    const gp::CandidateResult* best = e.best >= 0 ? &e.results[size_t(e.best)] : nullptr;
    if (!best && e.mode == gp::Mode::Serving && e.results.front().fits) {
        // Serving: it fits, but no configuration meets the latency targets at the load (the core says which).
        const gp::CandidateResult& closest = e.results.front();
        html += RecommendationPanel::tr("<h3 style='color:#d03b3b'>No candidate meets the latency targets</h3>");
        html += RecommendationPanel::tr("<p>Closest: <b>%1</b> — %2</p>")
                    .arg(esc(nameOf(closest)), esc(AnswerText::reasons(e, 0)));
        if (closest.serving)
            html += RecommendationPanel::tr("<p>Time to first token %1, time per output token %2 at %3 requests in "
                                            "flight per replica.</p>")
                        .arg(esc(AnswerText::againstTarget(closest.serving->ttftSeconds, e.serving.slo.ttftSeconds)),
                            esc(AnswerText::againstTarget(closest.serving->tpotSeconds, e.serving.slo.tpotSeconds)),
                            formatNumber(closest.serving->concurrency, 1));
    } else if (!best) {
        const gp::CandidateResult& closest = e.results.front();
        html += RecommendationPanel::tr("<h3 style='color:#d03b3b'>No candidate fits</h3>");
        html += RecommendationPanel::tr("<p>Closest: <b>%1</b> — %2</p>")
                    .arg(esc(nameOf(closest)),
                        esc(closest.failure
                                ? CoreText::failure(*closest.failure)
                                : RecommendationPanel::tr("needs %1 per GPU").arg(formatBytes(closest.memory.total))));
        if (!closest.suggestions.empty()) {
            html += RecommendationPanel::tr("<p>What would make it fit:</p><ul>");
            for (const gp::Diagnostic& s : closest.suggestions)
                html += QStringLiteral("<li>%1</li>").arg(esc(CoreText::diagnostic(s)));
            html += QStringLiteral("</ul>");
        }
    } else if (e.mode == gp::Mode::Serving && best->serving) {
        html += servingRecommendationHtml(e, unpricedDetails);
    } else {
        const gp::CandidateResult& r = *best;
        const std::size_t bestIndex = std::size_t(e.best);
        const auto cost = headlineCost(e, bestIndex);
        const QString mode = AnswerText::headlineMode(e, bestIndex);
        html += RecommendationPanel::tr("<h3>Recommended: %1</h3>").arg(esc(nameOf(r)));
        html += RecommendationPanel::tr("<p>%1 x %2 · %3</p>")
                    .arg(r.gpus)
                    .arg(esc(QString::fromStdString(r.gpuName.empty() ? r.gpu : r.gpuName)),
                        esc(AnswerText::configuration(e, r)));
        html += unsupportedFormatHtml(r);
        QString why;
        switch (e.objective) {
        case gp::SearchObjective::Cost:
            why = RecommendationPanel::tr("the cheapest candidate that fits");
            break;
        case gp::SearchObjective::Time:
            why = RecommendationPanel::tr("the fastest candidate that fits");
            break;
        case gp::SearchObjective::CostUnderDeadline:
            why = RecommendationPanel::tr("the cheapest that fits and finishes within %1")
                      .arg(formatHours(e.deadlineHours.value_or(0)));
            break;
        case gp::SearchObjective::TimeUnderBudget:
            why = RecommendationPanel::tr("the fastest that fits and stays within %1")
                      .arg(formatMoney(e.budget.value_or(0), currency));
            break;
        }
        html += RecommendationPanel::tr("<p>Why: %1.</p><ul>").arg(esc(why));
        html += RecommendationPanel::tr("<li>Billing modes counted: %1</li>").arg(esc(AnswerText::countedModes(e)));
        if (!inference) {
            html += RecommendationPanel::tr("<li>Finishes in <b>%1</b> (%2 GPU-hours) at %3 tokens/s, MFU %4</li>")
                        .arg(formatHours(r.trainingHours), formatNumber(r.gpuHours, 0),
                            formatNumber(r.tokensPerSecond, 0), formatPercent(r.modelFlopsUtilization));
        } else if (r.decodeTokensPerSecond) {
            html += RecommendationPanel::tr("<li>Decodes <b>%1 tokens/s</b>; prefill %2</li>")
                        .arg(formatNumber(*r.decodeTokensPerSecond, 0), formatSeconds(r.prefillSeconds.value_or(0)));
        }
        if (cost && inference)
            html += RecommendationPanel::tr("<li>Costs <b>%1</b> per million tokens (%2, %3)</li>")
                        .arg(formatMoney(*cost, currency), esc(mode),
                            esc(CoreText::priceStatus(QString::fromStdString(r.cost.priceStatus))));
        else if (cost)
            html += RecommendationPanel::tr("<li>Costs <b>%1</b> (%2, %3)</li>")
                        .arg(formatMoney(*cost, currency), esc(mode),
                            esc(CoreText::priceStatus(QString::fromStdString(r.cost.priceStatus))));
        else
            html += RecommendationPanel::tr("<li>No price under the counted billing modes (%1)</li>")
                        .arg(esc(AnswerText::countedModes(e)));
        html += unpricedHtml(e, unpricedDetails);
        if (r.cost.breakEvenDays && std::isfinite(*r.cost.breakEvenDays))
            html += RecommendationPanel::tr("<li>Monthly billing pays off after %1 days</li>")
                        .arg(formatNumber(*r.cost.breakEvenDays, 1));
        html += RecommendationPanel::tr("<li>Memory %1 of %2 per GPU; bottleneck: %3</li>")
                    .arg(formatBytes(r.memory.total), formatBytes(r.gpuMemory), esc(CoreText::bottleneckShare(r)));
        if (const QString overhead = CoreText::largestOverhead(r); !overhead.isEmpty() && e.mode == gp::Mode::Training)
            html += RecommendationPanel::tr("<li>Largest overhead: %1</li>").arg(esc(overhead));
        for (const gp::Diagnostic& w : r.warnings)
            if (!RecommendationPanel::isSearchDetail(w) && !isFormatWarning(w))
                html += QStringLiteral("<li style='color:#b36b00'>%1</li>").arg(esc(CoreText::diagnostic(w)));
        html += QStringLiteral("</ul>");
    }

    // Why the others lose: the core's reasons, in words; what to do about a missing price is said once.
    QString others;
    int listed = 0;
    bool unpriced = false;
    for (size_t i = 0; i < e.results.size() && listed < 12; ++i) {
        if (best ? int(i) == e.best : i == 0) // the recommendation, or the closest named above
            continue;
        const gp::CandidateResult& r = e.results[i];
        QString reason = esc(AnswerText::reasons(e, i));
        if (!r.fits)
            reason = QStringLiteral("<span style='color:#d03b3b'>%1</span>").arg(reason);
        others += QStringLiteral("<li><b>%1</b>: %2</li>").arg(esc(nameOf(r)), reason);
        unpriced = unpriced || NoPriceText::of(e, i);
        ++listed;
    }
    if (!others.isEmpty())
        html += RecommendationPanel::tr("<p><b>The others</b></p><ul>%1</ul>").arg(others);
    if (const QString advice = esc(NoPriceText::advice()); unpriced && !html.contains(advice))
        html += QStringLiteral("<p>%1</p>").arg(advice);
    return html;
}

RecommendationPanel::RecommendationPanel(QWidget* parent)
    : QTextBrowser(parent)
    , m_pending(new QTimer(this))
{
    setOpenLinks(false);
    setMinimumWidth(260);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.toString() != UnpricedDetailsLink)
            return;
        m_unpricedDetails = !m_unpricedDetails;
        render();
    });
    m_pending->setSingleShot(true);
    connect(m_pending, &QTimer::timeout, this, &RecommendationPanel::render);
}

RecommendationPanel::~RecommendationPanel() = default;

void RecommendationPanel::setEvaluation(EvaluationPtr evaluation)
{
    m_evaluation = std::move(evaluation);
    m_error.clear();
    // Laying out the text costs as much as updating the three charts; while results stream in, the newest one is
    // shown a moment later instead of every one at once.
    const qint64 since = m_sinceRender.isValid() ? m_sinceRender.elapsed() : MinRenderIntervalMs;
    if (since >= MinRenderIntervalMs)
        render();
    else if (!m_pending->isActive())
        m_pending->start(int(MinRenderIntervalMs - since));
}

void RecommendationPanel::flush()
{
    if (m_pending->isActive())
        render();
}

void RecommendationPanel::showError(const QString& message)
{
    m_error = message;
    render();
}

void RecommendationPanel::render()
{
    m_pending->stop();
    m_sinceRender.start();
    QString html;
    if (!m_error.isEmpty())
        html = tr("<h3 style='color:#d03b3b'>The plan cannot be evaluated</h3><p>%1</p>").arg(m_error.toHtmlEscaped());
    else if (m_evaluation)
        html = recommendationHtml(*m_evaluation, m_unpricedDetails);
    else
        html = tr("<p style='color:gray'>Evaluating…</p>");
    // Laying out the document is most of the cost: skip it when the text is the same (a recompute that changed
    // nothing the panel says, a language switch to the same words).
    if (html == m_html)
        return;
    m_html = html;
    setHtml(html);
}

void RecommendationPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        render();
    QTextBrowser::changeEvent(event);
}

bool RecommendationPanel::isSearchDetail(const gp::Diagnostic& warning)
{
    // How the search went, not a caution about the answer: splits it skipped because the global batch does not
    // divide over their replicas. Kept in the comparison table's warnings and the report's details.
    return warning.code == "global_batch_indivisible";
}

} // namespace gpui
