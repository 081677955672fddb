// Builds the report's blocks from a plan and its evaluation; every sentence goes through tr().
#include "report_document.h"
#include "charts/scenario_chart.h"
#include "models/scenario_comparison_model.h"
#include "plan/plan_fields.h"
#include "report_sensitivity.h"
#include "widgets/inputs/field_text.h"

#include "answer_text.h"
#include "billing_mode_text.h"
#include "charts/chart_list.h"
#include "core_text.h"
#include "no_price_text.h"
#include "number_format.h"
#include "region_text.h"
#include "report/report_rl.h"

#include "estimate/common/memory_headroom.h"
#include "estimate/cost/cost_model.h"
#include "estimate/memory/memory_model.h"
#include "estimate/serving/engine_release.h"
#include "estimate/serving/latency_percentiles.h"
#include "estimate/time/throughput_model.h"
#include "plan/limits.h"
#include "plan/plan_enum_tables.h"

#include <QChart>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <set>

namespace gpui::report
{

namespace
{

QString bullets(const QStringList& lines)
{
    return lines.join(QLatin1Char('\n'));
}

TextStyle muted(double size = 8)
{
    TextStyle style;
    style.pointSize = size;
    style.color = palette::muted;
    return style;
}

TextStyle body(double size = 8.5)
{
    TextStyle style;
    style.pointSize = size;
    return style;
}

TextStyle list(double size)
{
    TextStyle style;
    style.pointSize = size;
    style.bullets = true;
    return style;
}

TextStyle strong(double size, QColor color = palette::text)
{
    TextStyle style;
    style.pointSize = size;
    style.bold = true;
    style.color = color;
    return style;
}

// A catalog key ("spot.checkpoint_interval_hours") that wraps after its dots and underscores, as words do, instead
// of in the middle of a word (a zero-width space is a line-break opportunity and prints as nothing).
QString breakableKey(const std::string& key)
{
    QString out;
    for (const QChar c : QString::fromStdString(key)) {
        out += c;
        if (c == QLatin1Char('.') || c == QLatin1Char('_'))
            out += QChar(0x200B);
    }
    return out;
}

BlockPtr text(const QString& content, const TextStyle& style, double spaceAfter = 4)
{
    auto block = std::make_unique<TextBlock>(content, style);
    block->spaceAfterPt = spaceAfter;
    return block;
}

// A title inside a section ("Runners-up"): kept on the page of what it introduces (it stood alone at the foot of a
// page, its list on the next).
BlockPtr subheading(const QString& content, const TextStyle& style)
{
    BlockPtr block = text(content, style, 3);
    block->keepWithNext = true;
    return block;
}

std::shared_ptr<Table> makeTable(
    QStringList headers, std::vector<double> widths, std::vector<Qt::Alignment> align, double pointSize = 7.5)
{
    auto table = std::make_shared<Table>();
    table->headers = std::move(headers);
    table->widths = std::move(widths);
    table->alignments = std::move(align);
    table->pointSize = pointSize;
    return table;
}

constexpr Qt::Alignment L = Qt::AlignLeft;
constexpr Qt::Alignment R = Qt::AlignRight;

QString percentilesText(const gp::ServingPercentiles& p)
{
    return ReportBuilder::tr("%1 / %2 / %3").arg(formatSeconds(p.p50), formatSeconds(p.p90), formatSeconds(p.p99));
}

// The serving percentiles (and a finite run's makespan) as report rows.
void appendServingPercentileRows(std::vector<std::pair<QString, QString>>& rows, const gp::ServingResult& sv)
{
    rows.emplace_back(ReportBuilder::tr("TTFT p50 / p90 / p99"), percentilesText(sv.ttftPercentiles));
    rows.emplace_back(ReportBuilder::tr("TPOT p50 / p90 / p99"), percentilesText(sv.tpotPercentiles));
    rows.emplace_back(ReportBuilder::tr("Latency p50 / p90 / p99"), percentilesText(sv.latencyPercentiles));
    if (sv.requestsInRun > 0)
        rows.emplace_back(ReportBuilder::tr("Run of %1 requests").arg(formatNumber(sv.requestsInRun, 0)),
            ReportBuilder::tr("makespan %1").arg(formatSeconds(sv.makespanSeconds)));
}

} // namespace

ReportBuilder::ReportBuilder(const ReportData& data, QStringList fontFamilies)
    : m_data(data)
    , m_evaluation(*data.evaluation)
    , m_catalog(*data.catalog)
    , m_families(std::move(fontFamilies))
{
}

bool ReportBuilder::inference() const
{
    return m_evaluation.mode != gp::Mode::Training;
}

bool ReportBuilder::serving() const
{
    return m_evaluation.mode == gp::Mode::Serving;
}

QString ReportBuilder::servingTargets() const
{
    const gp::ServingSlo& slo = m_evaluation.serving.slo;
    QStringList targets;
    if (slo.ttftSeconds)
        targets << tr("time to first token under %1").arg(formatSeconds(*slo.ttftSeconds));
    if (slo.tpotSeconds)
        targets << tr("time per output token under %1").arg(formatSeconds(*slo.tpotSeconds));
    if (!targets.isEmpty() && slo.percentile != gp::SloPercentile::Mean)
        targets << tr("at the %1").arg(QString::fromUtf8(gp::toString(slo.percentile).data()));
    return targets.isEmpty() ? tr("no latency targets") : targets.join(CoreText::listSeparator());
}

QString ReportBuilder::title() const
{
    if (!m_data.plan.title.empty()) // plan files hold at most kMaxTitleLength characters; a plan built in code too
        return QString::fromStdString(m_data.plan.title).left(int(gp::limits::kMaxTitleLength));
    return tr("GPU plan for %1").arg(m_evaluation.modelName);
}

PageDecoration ReportBuilder::decoration() const
{
    PageDecoration d;
    d.headerText = title() + QStringLiteral("  ·  ") + QLocale().toString(m_data.generated, QLocale::ShortFormat);
    d.footerLeft = tr("GPU Planner %1").arg(QStringLiteral(GP_VERSION));
    d.pageOfTemplate = tr("Page %1 of %2");
    return d;
}

QString ReportBuilder::gpuLine(const gp::CandidateResult& r) const
{
    const QString gpu = r.gpuName.empty() ? QString::fromStdString(r.gpu) : QString::fromStdString(r.gpuName);
    if (r.nodes > 1)
        return tr("%1 × %2 (%3 nodes × %4 GPUs)").arg(r.gpus).arg(gpu).arg(r.nodes).arg(r.gpusPerNode);
    return tr("%1 × %2").arg(r.gpus).arg(gpu);
}

QString ReportBuilder::costText(std::size_t index) const
{
    const auto cost = headlineCost(m_evaluation, index);
    if (!cost) {
        // Where its price was looked up: "no price / none listed in mainland China" (the Why bullets say what to do).
        const gp::Diagnostic* noPrice = NoPriceText::of(m_evaluation, index);
        const QString region = noPrice ? RegionText::name(QString::fromStdString(noPrice->arg("region"))) : QString();
        return region.isEmpty() ? tr("no price") : tr("no price\nnone listed in %1").arg(region);
    }
    const QString money = inference() ? tr("%1 / M tokens").arg(formatMoney(*cost, m_evaluation.currency))
                                      : formatMoney(*cost, m_evaluation.currency);
    return money + QLatin1Char('\n') + AnswerText::headlineMode(m_evaluation, index);
}

QString ReportBuilder::sourceTitle(const std::string& key) const
{
    const auto it = m_catalog.sources.find(key);
    return it != m_catalog.sources.end() && !it->second.title.empty() ? QString::fromStdString(it->second.title)
                                                                      : QString::fromStdString(key);
}

void ReportBuilder::addTitle(Blocks& blocks) const
{
    blocks.push_back(text(tr("GPU plan report").toUpper(), strong(8.5, palette::accent), 2));
    blocks.push_back(text(title(), strong(20), 3));
    blocks.push_back(
        text(tr("Generated %1 by GPU Planner %2. All figures are estimates from the models and "
                "catalog named under Assumptions.")
                 .arg(QLocale().toString(m_data.generated, QLocale::LongFormat), QStringLiteral(GP_VERSION)),
            muted(8), 12));
    // The plan's notes, as the author wrote them (line breaks kept), before any figure.
    if (!m_data.plan.notes.empty())
        blocks.push_back(
            text(QString::fromStdString(m_data.plan.notes).left(int(gp::limits::kMaxNotesLength)), body(), 12));
}

void ReportBuilder::addQuestion(Blocks& blocks) const
{
    const gp::Plan& plan = m_data.plan;
    const gp::Workload& w = plan.workload;
    std::vector<std::pair<QString, QString>> rows;
    QString model = tr("%1, %2 parameters").arg(m_evaluation.modelName, formatTokens(m_evaluation.modelParameters));
    if (m_evaluation.activeParameters > 0 && m_evaluation.activeParameters < m_evaluation.modelParameters * 0.999)
        model += tr(" (%1 active per token)").arg(formatTokens(m_evaluation.activeParameters));
    rows.emplace_back(tr("Model"), model);
    rows.emplace_back(tr("Workload"), CoreText::mode(w.mode));
    if (!inference()) {
        rows.emplace_back(tr("Technique"), CoreText::technique(w.technique));
        rows.emplace_back(tr("Optimizer"), CoreText::optimizer(w.optimizer));
    }
    QString precision = CoreText::precision(w.precision);
    if (w.weightFormat != gp::WeightFormat::Same)
        precision += tr(", weights stored as %1").arg(CoreText::weightFormat(w.weightFormat));
    if (!inference() && w.precision == gp::Precision::Fp8) {
        precision += tr(", FP8 scaling: %1").arg(CoreText::fp8Recipe(w.fp8Recipe));
        if (w.fp8AllGather)
            precision += tr(", weights all-gathered in FP8");
    }
    rows.emplace_back(tr("Precision"), precision);
    if (serving()) {
        const gp::ServingSpec& sv = w.serving;
        rows.emplace_back(tr("Load"), CoreText::servingLoad(sv.load));
        rows.emplace_back(tr("Prompt / output tokens"), tr("%1 / %2").arg(sv.promptTokens).arg(sv.outputTokens));
        rows.emplace_back(tr("Latency targets"), servingTargets());
        rows.emplace_back(tr("KV-cache precision"),
            sv.kvCachePrecision ? CoreText::kvPrecision(*sv.kvCachePrecision) : tr("as the precision"));
        rows.emplace_back(tr("Replicas"), sv.replicas ? QString::number(*sv.replicas) : tr("as the load needs"));
        rows.emplace_back(
            tr("Requests per month"), sv.requestsPerMonth ? formatTokens(*sv.requestsPerMonth) : tr("always on"));
        QStringList engine;
        // The engine by name first (the field table's text for workload.serving.engine.name), then what the plan sets.
        if (const gp::PlanField* name = gp::findPlanField("workload.serving.engine.name"))
            engine << FieldText::value(*name, name->get(m_data.plan));
        if (sv.engine.gpuMemoryUtilization)
            engine << tr("GPU memory utilization %1").arg(formatNumber(*sv.engine.gpuMemoryUtilization, 2));
        if (sv.engine.maxNumSeqs)
            engine << tr("max sequences %1").arg(*sv.engine.maxNumSeqs);
        if (sv.engine.maxNumBatchedTokens)
            engine << tr("max batched tokens %1").arg(*sv.engine.maxNumBatchedTokens);
        if (sv.engine.prefixCacheHitRate > 0)
            engine << tr("prefix cache hit rate %1").arg(formatPercent(sv.engine.prefixCacheHitRate));
        // The stated release picks the scheduler loop and prefill graphs the estimate takes (engine_release.h).
        if (const auto release = gp::parseEngineRelease(sv.engine.version))
            engine << tr("release %1.%2.%3's scheduler loop and CUDA graphs")
                          .arg(release->major)
                          .arg(release->minor)
                          .arg(release->patch);
        else if (!sv.engine.version.empty())
            engine << tr("version states no release number: today's defaults");
        if (engine.size() <= 1) // the name alone: nothing else set
            engine << tr("engine defaults");
        rows.emplace_back(tr("Serving engine"), engine.join(CoreText::listSeparator()));
    } else if (inference()) {
        rows.emplace_back(tr("Batch size"), QString::number(w.inference.batchSize));
        rows.emplace_back(
            tr("Prompt / output tokens"), tr("%1 / %2").arg(w.inference.promptTokens).arg(w.inference.outputTokens));
        rows.emplace_back(tr("KV-cache precision"), CoreText::kvPrecision(w.inference.kvCachePrecision));
    } else {
        rows.emplace_back(tr("Sequence length"), formatNumber(double(w.sequenceLength), 0));
        rows.emplace_back(tr("Training tokens"), formatTokens(w.trainingTokens));
        QString batch = tr("micro-batch %1 × accumulation %2").arg(w.microBatchSize).arg(w.gradientAccumulationSteps);
        if (w.globalBatchSize)
            batch += tr(", global batch %1 sequences").arg(*w.globalBatchSize);
        rows.emplace_back(tr("Batch"), batch);
        rows.emplace_back(tr("Loss"), CoreText::lossImplementation(w.lossImplementation));
    }
    rows.emplace_back(tr("Attention"),
        w.flashAttention ? CoreText::attentionKernel(w.attentionKernel) : tr("Eager (no fused kernel)"));
    QString objective = CoreText::objective(m_evaluation.objective);
    if (m_evaluation.deadlineHours)
        objective += tr(", deadline %1").arg(formatHours(*m_evaluation.deadlineHours));
    if (m_evaluation.budget)
        objective += tr(", budget %1").arg(formatMoney(*m_evaluation.budget, m_evaluation.currency));
    rows.emplace_back(tr("Objective"), objective);
    rows.emplace_back(tr("Configuration"),
        m_evaluation.searched ? tr("chosen per candidate by the planner (%1 configurations scored)")
                                    .arg(formatNumber(double(m_evaluation.configurationsEvaluated), 0))
                              : tr("as set in the plan"));
    rows.emplace_back(tr("Candidates"),
        plan.candidates.empty() ? tr("%1 (every catalog instance)").arg(m_evaluation.results.size())
                                : QString::number(m_evaluation.results.size()));
    rows.emplace_back(tr("Currency"), m_evaluation.currency);
    auto block = std::make_unique<KeyValueBlock>(std::move(rows), 2, 8.5, 0.36);
    block->spaceAfterPt = 12;
    blocks.push_back(std::move(block));
}

void ReportBuilder::addQuestionInBrief(Blocks& blocks) const
{
    const gp::Workload& w = m_data.plan.workload;
    blocks.push_back(std::make_unique<HeadingBlock>(tr("The question")));
    QString question;
    const QString model
        = tr("%1 (%2 parameters)").arg(m_evaluation.modelName, formatTokens(m_evaluation.modelParameters));
    // The weight format a served model is stored in moves its memory and cost: named when it is not the precision.
    const QString precision = w.weightFormat == gp::WeightFormat::Same || (!serving() && !inference())
        ? CoreText::precision(w.precision)
        : tr("%1, weights in %2").arg(CoreText::precision(w.precision), CoreText::weightFormat(w.weightFormat));
    if (serving())
        question = tr("Serve %1 at %2, requests of %3 prompt and %4 output tokens in %5; %6.")
                       .arg(model, CoreText::servingLoad(w.serving.load))
                       .arg(w.serving.promptTokens)
                       .arg(w.serving.outputTokens)
                       .arg(precision, servingTargets());
    else if (inference())
        question = tr("Serve %1 to %2 concurrent requests of %3 prompt and %4 output tokens in %5.")
                       .arg(model)
                       .arg(w.inference.batchSize)
                       .arg(w.inference.promptTokens)
                       .arg(w.inference.outputTokens)
                       .arg(precision);
    else
        question = tr("%1 of %2 on %3 tokens at sequence length %4 in %5.")
                       .arg(CoreText::technique(w.technique), model, formatTokens(w.trainingTokens),
                           formatNumber(double(w.sequenceLength), 0), CoreText::precision(w.precision));
    QString objective = CoreText::objective(m_evaluation.objective);
    if (m_evaluation.deadlineHours)
        objective += tr(", deadline %1").arg(formatHours(*m_evaluation.deadlineHours));
    if (m_evaluation.budget)
        objective += tr(", budget %1").arg(formatMoney(*m_evaluation.budget, m_evaluation.currency));
    CoreText::appendSentence(question,
        tr("Objective: %1. %n candidate(s) compared; billing modes counted: %2.", nullptr,
            int(m_evaluation.results.size()))
            .arg(objective, AnswerText::countedModes(m_evaluation)));
    blocks.push_back(text(question, body(9), 10));
}

void ReportBuilder::addRunnersUp(Blocks& blocks) const
{
    const auto& results = m_evaluation.results;
    std::vector<std::size_t> others;
    for (std::size_t i = 0; i < results.size() && others.size() < 3; ++i)
        if (int(i) != m_evaluation.best && results[i].fits)
            others.push_back(i);
    if (others.empty())
        return;
    blocks.push_back(subheading(tr("Runners-up"), strong(10.5, palette::accent)));
    auto table = makeTable({ tr("#"), tr("Candidate"),
                               serving()         ? tr("TTFT / TPOT")
                                   : inference() ? tr("Decode")
                                                 : tr("Time"),
                               inference() ? tr("Cost / M tokens") : tr("Cost"), tr("Why not first") },
        { 4, 22, 10, 14, 34 }, { R, L, R, R, L });
    for (std::size_t i : others) {
        const gp::CandidateResult& r = results[i];
        const QString time = serving() && r.serving
            ? tr("%1 / %2").arg(formatSeconds(r.serving->ttftSeconds), formatSeconds(r.serving->tpotSeconds))
            : inference() ? tr("%1 tok/s").arg(formatNumber(r.decodeTokensPerSecond.value_or(0), 0))
                          : formatHours(r.trainingHours);
        table->addRow({ QString::number(i + 1), QString::fromStdString(r.candidate), time, costText(i),
            AnswerText::reasons(m_evaluation, i) });
    }
    appendTable(blocks, table);
}

void ReportBuilder::addWhatWouldChange(Blocks& blocks) const
{
    const auto& results = m_evaluation.results;
    QStringList lines;
    const QString currency = m_evaluation.currency;
    if (m_evaluation.best >= 0) {
        const std::size_t bestIndex = std::size_t(m_evaluation.best);
        const gp::CandidateResult& best = results[bestIndex];
        // The first candidate that fits after the recommendation: how far it is behind.
        for (std::size_t i = 0; i < results.size(); ++i) {
            if (i == bestIndex || !results[i].fits)
                continue;
            const auto cost = headlineCost(m_evaluation, bestIndex);
            const auto other = headlineCost(m_evaluation, i);
            const bool byTime = m_evaluation.objective == gp::SearchObjective::Time
                || m_evaluation.objective == gp::SearchObjective::TimeUnderBudget;
            if (!byTime && cost && other && *other > *cost && *other > 0)
                lines << tr("A price cut of %1 on %2 would make it the cheaper choice.")
                             .arg(formatPercent((*other - *cost) / *other),
                                 QString::fromStdString(results[i].candidate));
            else if (byTime && !inference() && results[i].trainingHours > best.trainingHours && best.trainingHours > 0)
                lines << tr("%1 would have to run %2 faster to finish first.")
                             .arg(QString::fromStdString(results[i].candidate),
                                 formatPercent(results[i].trainingHours / best.trainingHours - 1));
            break;
        }
        // Billing modes the plan does not count: what they would cost for the recommendation (a training run's
        // totals; a serving deployment's cost is per token).
        for (const gp::BillingCost& mode : serving() ? std::vector<gp::BillingCost>() : best.cost.modes) {
            if (gp::billingModeListed(countedBillingModes(m_evaluation), mode.mode) || !mode.total)
                continue;
            lines << tr("Counting %1 would put the recommendation at %2 (%3 days to finish); the plan does not count "
                        "it.")
                         .arg(windowBillingMode(mode.mode, best.cost.reservedTermMonths.value_or(0)),
                             formatMoney(*mode.total, currency), formatNumber(mode.finishDays, 1));
        }
        if (!inference() && m_evaluation.objective != gp::SearchObjective::CostUnderDeadline && best.trainingHours > 0)
            lines << tr("A deadline shorter than %1 would rule the recommendation out.")
                         .arg(formatHours(best.trainingHours));
    }
    const long misfits = std::count_if(results.begin(), results.end(), [](const auto& r) { return !r.fits; });
    if (misfits > 0) {
        for (const gp::CandidateResult& r : results) {
            if (r.fits || r.suggestions.empty())
                continue;
            lines << tr("%1 does not fit as planned: %2")
                         .arg(QString::fromStdString(r.candidate), CoreText::diagnostic(r.suggestions.front()));
            break;
        }
        lines << tr("%n candidate(s) do not fit; the table on the next pages says why.", nullptr, int(misfits));
    }
    if (const QString sensitivity = sensitivityLine(m_data); !sensitivity.isEmpty())
        lines.prepend(sensitivity);
    if (lines.isEmpty())
        return;
    blocks.push_back(subheading(tr("What would change the answer"), strong(10.5, palette::accent)));
    blocks.push_back(text(bullets(lines), list(8.5), 8));
}

QStringList ReportBuilder::whyRecommended() const
{
    const auto& results = m_evaluation.results;
    const gp::CandidateResult& best = results[std::size_t(m_evaluation.best)];
    QStringList why;
    if (serving() && best.serving) {
        why << AnswerText::servingMemory(best);
        if (best.serving->deploymentReason) // prefill and decode apart or not, and why
            why << CoreText::diagnostic(*best.serving->deploymentReason);
    } else
        why << tr("It fits: it needs %1 of the %2 usable on each %3 GPU.")
                   .arg(formatBytes(best.memory.total), formatBytes(best.usableMemory),
                       QString::fromStdString(best.gpuName));

    int fitting = 0;
    const gp::CandidateResult* runnerUp = nullptr;
    std::size_t runnerUpIndex = 0;
    const std::size_t bestIndex = std::size_t(m_evaluation.best);
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (!results[i].fits)
            continue;
        ++fitting;
        if (int(i) != m_evaluation.best && !runnerUp) {
            runnerUp = &results[i];
            runnerUpIndex = i;
        }
    }
    const bool byTime = m_evaluation.objective == gp::SearchObjective::Time
        || m_evaluation.objective == gp::SearchObjective::TimeUnderBudget;
    if (!runnerUp) {
        why << tr("It is the only candidate that fits.");
    } else if (byTime && !inference()) {
        why << tr("It finishes soonest of the %1 candidates that fit: %2, against %3 for the runner-up, %4.")
                   .arg(fitting)
                   .arg(formatHours(headlineHours(m_evaluation, bestIndex)),
                       formatHours(headlineHours(m_evaluation, runnerUpIndex)),
                       QString::fromStdString(runnerUp->candidate));
    } else {
        const auto cost = headlineCost(m_evaluation, bestIndex);
        const auto other = headlineCost(m_evaluation, runnerUpIndex);
        if (cost && other) {
            const QString cheapest = serving() ? tr("It is the cheapest per million tokens of the %1 candidates that "
                                                    "fit: %2, against %3 for the runner-up, %4")
                                               : tr("It is the cheapest of the %1 candidates that fit: %2, against %3 "
                                                    "for the runner-up, %4");
            QString sentence = cheapest.arg(fitting).arg(formatMoney(*cost, m_evaluation.currency),
                formatMoney(*other, m_evaluation.currency), QString::fromStdString(runnerUp->candidate));
            if (*other > 0 && *cost < *other)
                sentence += tr(" (%1 less).").arg(formatPercent((*other - *cost) / *other));
            else
                sentence = tr("%1.", "a sentence ended with a full stop").arg(sentence);
            why << sentence;
        } else {
            why << tr("It ranks first of the %1 candidates that fit.").arg(fitting);
        }
    }
    if (m_evaluation.objective == gp::SearchObjective::CostUnderDeadline && m_evaluation.deadlineHours)
        why << tr("It finishes within the deadline of %1.").arg(formatHours(*m_evaluation.deadlineHours));
    if (m_evaluation.objective == gp::SearchObjective::TimeUnderBudget && m_evaluation.budget)
        why << tr("It stays within the budget of %1.").arg(formatMoney(*m_evaluation.budget, m_evaluation.currency));
    if (serving() && best.serving) {
        const gp::ServingResult& sv = *best.serving;
        why << tr("At %1 it answers with a first token after %2 and %3 per output token (%4); %5 replicas give "
                  "%6 output tokens/s.")
                   .arg(CoreText::servingLoad(m_evaluation.serving.load), formatSeconds(sv.ttftSeconds),
                       formatSeconds(sv.tpotSeconds), servingTargets())
                   .arg(sv.replicas)
                   .arg(formatNumber(sv.totalOutputTokensPerSecond, 0));
    } else if (inference()) {
        why << tr("It generates %1 tokens/s after a prefill of %2; the limit is %3.")
                   .arg(formatNumber(best.decodeTokensPerSecond.value_or(0), 0),
                       formatSeconds(best.prefillSeconds.value_or(0)), CoreText::bottleneck(best.bottleneck));
    } else {
        why << tr("It trains at %1 tokens/s (%2 model FLOPs utilization); the limit is %3.")
                   .arg(formatNumber(best.tokensPerSecond, 0), formatPercent(best.modelFlopsUtilization),
                       CoreText::bottleneck(best.bottleneck));
    }
    if (best.cost.priceStatus == "estimate")
        why << tr("Its price is an estimate: confirm the provider's current price before committing.");
    else if (best.cost.priceStatus == "unknown" || best.cost.priceStatus == "missing")
        why << tr("No price is known for it: the ranking ignores its cost.");
    // Candidates that fit but were left out of the cost comparison for want of a price, and what to do (once).
    std::size_t listed = 0;
    for (std::size_t i = 0; i < m_evaluation.results.size() && listed < 3; ++i)
        if (const gp::Diagnostic* noPrice = m_evaluation.results[i].fits ? NoPriceText::of(m_evaluation, i) : nullptr) {
            why << tr("Not compared on cost: %1 %2.")
                       .arg(QString::fromStdString(m_evaluation.results[i].candidate), NoPriceText::why(*noPrice));
            ++listed;
        }
    if (listed > 0)
        why << NoPriceText::advice();
    return why;
}

void ReportBuilder::addRecommendation(Blocks& blocks) const
{
    blocks.push_back(std::make_unique<HeadingBlock>(tr("Recommendation")));
    Blocks inside;
    if (m_evaluation.best >= 0) {
        const gp::CandidateResult& r = m_evaluation.results[std::size_t(m_evaluation.best)];
        inside.push_back(text(QString::fromStdString(r.candidate), strong(14, palette::good), 1));
        inside.push_back(text(gpuLine(r), muted(9), 6));
        std::vector<std::pair<QString, QString>> rows;
        if (!serving()) // serving: the deployment row says the replicas and their split
            rows.emplace_back(tr("Configuration"), AnswerText::configuration(m_evaluation, r));
        rows.emplace_back(
            tr("Memory per GPU"), tr("%1 of %2").arg(formatBytes(r.memory.total), formatBytes(r.gpuMemory)));
        if (serving() && r.serving) {
            const gp::ServingResult& sv = *r.serving;
            const gp::ServingSlo& slo = m_evaluation.serving.slo;
            rows.emplace_back(tr("Deployment"), AnswerText::servingDeployment(r));
            if (sv.disaggregation)
                rows.emplace_back(tr("KV transfer"), AnswerText::kvTransfer(sv.disaggregation->transfer));
            rows.emplace_back(tr("Time to first token"),
                AnswerText::againstTarget(
                    gp::latencyStatistic(sv.ttftSeconds, sv.ttftPercentiles, slo.percentile), slo.ttftSeconds));
            rows.emplace_back(tr("Time per output token"),
                AnswerText::againstTarget(
                    gp::latencyStatistic(sv.tpotSeconds, sv.tpotPercentiles, slo.percentile), slo.tpotSeconds));
            appendServingPercentileRows(rows, sv);
            rows.emplace_back(tr("Output tokens/s"),
                tr("%1 per replica, %2 in all")
                    .arg(formatNumber(sv.outputTokensPerSecond, 0), formatNumber(sv.totalOutputTokensPerSecond, 0)));
            rows.emplace_back(tr("Requests in flight"),
                tr("%1 per replica (limit: %2)")
                    .arg(formatNumber(sv.concurrency, 1), CoreText::servingLimit(QString::fromStdString(sv.limit))));
            rows.emplace_back(tr("Cost / M tokens"),
                costText(std::size_t(m_evaluation.best)).replace(QLatin1Char('\n'), CoreText::listSeparator()));
            if (sv.costPerMillionOutputTokens)
                rows.emplace_back(
                    tr("Cost / M output tokens"), formatMoney(*sv.costPerMillionOutputTokens, m_evaluation.currency));
            if (sv.monthlyCost)
                rows.emplace_back(tr("Monthly cost"),
                    tr("%1 (%2)").arg(
                        formatMoney(*sv.monthlyCost, m_evaluation.currency), windowBillingMode(sv.monthlyBillingMode)));
        } else if (inference()) {
            rows.emplace_back(
                tr("Decode speed"), tr("%1 tokens/s").arg(formatNumber(r.decodeTokensPerSecond.value_or(0), 0)));
            rows.emplace_back(tr("Price per hour"),
                r.cost.pricePerHour ? formatMoney(*r.cost.pricePerHour, m_evaluation.currency) : tr("no price"));
            rows.emplace_back(tr("Cost"),
                costText(std::size_t(m_evaluation.best)).replace(QLatin1Char('\n'), CoreText::listSeparator()));
        } else {
            rows.emplace_back(tr("Training time"), formatHours(r.trainingHours));
            rows.emplace_back(tr("Cost"),
                costText(std::size_t(m_evaluation.best)).replace(QLatin1Char('\n'), CoreText::listSeparator()));
        }
        rows.emplace_back(tr("Billing modes counted"), AnswerText::countedModes(m_evaluation));
        // Cost and time under each billing mode the plan counts (spot takes longer: interruptions and restarts).
        for (const gp::BillingCost& cost : serving() ? std::vector<gp::BillingCost>() : r.cost.modes) {
            if (!gp::billingModeListed(countedBillingModes(m_evaluation), cost.mode) || !cost.total)
                continue;
            rows.emplace_back(windowBillingMode(cost.mode),
                inference()
                    ? formatMoney(*cost.total, m_evaluation.currency)
                    : tr("%1 in %2")
                          .arg(formatMoney(*cost.total, m_evaluation.currency), formatHours(cost.finishDays * 24)));
        }
        if (!serving())
            rows.emplace_back(tr("Bottleneck"), CoreText::bottleneckShare(r));
        if (const QString overhead = CoreText::largestOverhead(r); !overhead.isEmpty() && !serving() && !inference())
            rows.emplace_back(tr("Largest overhead"), overhead);
        rows.emplace_back(tr("Price"), CoreText::priceStatus(QString::fromStdString(r.cost.priceStatus)));
        auto kv = std::make_unique<KeyValueBlock>(std::move(rows), 2, 8.5, 0.36);
        kv->spaceAfterPt = 6;
        inside.push_back(std::move(kv));
        inside.push_back(text(tr("Why"), strong(8.5), 2));
        inside.push_back(text(bullets(whyRecommended()), list(8.5), 0));
        blocks.push_back(std::make_unique<StackBlock>(std::move(inside), palette::goodFill, palette::good, 8));
    } else {
        inside.push_back(text(tr("No candidate fits this plan."), strong(13, palette::bad), 4));
        if (!m_evaluation.results.empty()) {
            const gp::CandidateResult& closest = m_evaluation.results.front();
            QStringList lines;
            lines << tr("The closest is %1 (%2).").arg(QString::fromStdString(closest.candidate), gpuLine(closest));
            if (closest.failure)
                lines << CoreText::failure(*closest.failure);
            for (const auto& suggestion : closest.suggestions)
                lines << tr("Suggestion: %1").arg(CoreText::diagnostic(suggestion));
            inside.push_back(text(bullets(lines), list(8.5), 0));
        }
        blocks.push_back(std::make_unique<StackBlock>(std::move(inside), palette::badFill, palette::bad, 8));
    }
    blocks.back()->spaceAfterPt = 14;
}

void ReportBuilder::addComparison(Blocks& blocks) const
{
    const auto& results = m_evaluation.results;
    blocks.push_back(std::make_unique<HeadingBlock>(tr("Candidates side by side")));
    const long fitting = std::count_if(results.begin(), results.end(), [](const auto& r) { return r.fits; });
    blocks.push_back(text(tr("Ranked best first; %1 of %2 candidates fit. Memory is per GPU against its capacity; "
                             "cost is under the cheapest billing mode the plan counts.")
                              .arg(fitting)
                              .arg(results.size()),
        muted(8), 5));
    auto table
        = makeTable({ tr("#"), tr("Candidate"), tr("GPUs"), tr("Configuration"), tr("Memory / GPU"),
                        serving()         ? tr("Output")
                            : inference() ? tr("Decode")
                                          : tr("Time"),
                        inference() ? tr("Cost / M tokens") : tr("Cost"), serving() ? tr("Limit") : tr("Bottleneck") },
            { 4, 19, 13, 21, 12, 9, 11, 11 }, { R, L, L, L, R, R, R, L });
    for (std::size_t i = 0; i < results.size(); ++i) {
        const gp::CandidateResult& r = results[i];
        QString memory = tr("%1 / %2").arg(formatBytes(r.memory.total), formatBytes(r.gpuMemory));
        if (!r.fits)
            memory += QLatin1Char('\n') + tr("does not fit");
        const QString gpu = r.gpuName.empty() ? QString::fromStdString(r.gpu) : QString::fromStdString(r.gpuName);
        const QString gpus = r.nodes > 1 ? tr("%1 × %2\n%3 nodes").arg(r.gpus).arg(gpu).arg(r.nodes)
                                         : tr("%1 × %2").arg(r.gpus).arg(gpu);
        QString time, cost;
        if (serving()) {
            time = r.serving ? tr("%1 tok/s").arg(formatNumber(r.serving->totalOutputTokensPerSecond, 0)) : QString();
            cost = costText(i);
        } else if (inference()) {
            time = tr("%1 tok/s").arg(formatNumber(r.decodeTokensPerSecond.value_or(0), 0));
            cost = costText(i);
        } else {
            time = formatHours(r.trainingHours);
            cost = costText(i);
        }
        // Candidates that fit but miss the plan's deadline or budget say so in the cell it concerns.
        bool missed = false;
        if (m_evaluation.answer && i < m_evaluation.answer->standings.size()) {
            for (const gp::Diagnostic& reason : m_evaluation.answer->standings[i].reasons) {
                if (reason.code == "misses_deadline") {
                    time += QLatin1Char('\n') + tr("misses deadline");
                    missed = true;
                } else if (reason.code == "exceeds_budget") {
                    cost += QLatin1Char('\n') + tr("over budget");
                    missed = true;
                }
            }
        }
        Table::RowKind kind = int(i) == m_evaluation.best ? Table::RowKind::Highlight
            : r.fits && !missed                           ? Table::RowKind::Normal
                                                          : Table::RowKind::Muted;
        const QString limit = serving()
            ? (r.serving ? CoreText::servingLimit(QString::fromStdString(r.serving->limit)) : QString())
            : CoreText::bottleneck(r.bottleneck);
        const QString configuration
            = serving() ? AnswerText::servingDeployment(r) : AnswerText::configuration(m_evaluation, r);
        table->addRow({ QString::number(i + 1), QString::fromStdString(r.candidate), gpus, configuration, memory, time,
                          cost, limit },
            kind);
    }
    appendTable(blocks, table);
}

void ReportBuilder::addCharts(Blocks& blocks) const
{
    auto heading = std::make_unique<HeadingBlock>(tr("Charts"));
    heading->pageBreakBefore = true;
    blocks.push_back(std::move(heading));
    const auto& all = m_evaluation.results;
    const std::size_t shown = std::min<std::size_t>(all.size(), std::size_t(std::max(1, m_data.chartCandidates)));
    auto results = std::make_shared<std::vector<gp::CandidateResult>>(all.begin(), all.begin() + long(shown));
    if (shown < all.size())
        blocks.push_back(text(tr("The charts show the %1 best-ranked of the %2 candidates; the table above lists "
                                 "them all.")
                                  .arg(shown)
                                  .arg(all.size()),
            muted(8), 5));
    ChartOptions options;
    options.currency = m_evaluation.currency;
    options.dark = false;
    options.animate = false;
    options.billingModes = countedBillingModes(m_evaluation);
    if (serving())
        options.tpotTargetSeconds = m_evaluation.serving.slo.tpotSeconds;
    // The chart list's charts for this answer, in its order.
    const unsigned answer = chartAnswerOf(m_evaluation.mode);
    for (const ResultChart& chart : resultCharts())
        if (chart.pdf & answer)
            blocks.push_back(std::make_unique<ChartBlock>(
                [results, options, build = chart.build] { return build(*results, options); }, chart.pdfHeightMm,
                m_families));
}

void ReportBuilder::addServing(Blocks& blocks) const
{
    const auto& results = m_evaluation.results;
    blocks.push_back(std::make_unique<HeadingBlock>(tr("Serving: throughput, latency and cost")));
    blocks.push_back(text(tr("Per candidate at its operating point: %1 of %2 prompt and %3 output tokens; %4. "
                             "Throughput is per replica; cost is under the cheapest billing mode the plan counts.")
                              .arg(CoreText::servingLoad(m_evaluation.serving.load))
                              .arg(m_evaluation.serving.promptTokens)
                              .arg(m_evaluation.serving.outputTokens)
                              .arg(servingTargets()),
        muted(8), 5));
    auto table = makeTable({ tr("#"), tr("Candidate"), tr("Replicas"), tr("In flight / replica"), tr("TTFT"),
                               tr("TPOT"), tr("Output tok/s / replica"), tr("Limit"), tr("Meets SLO"),
                               tr("Cost / M tokens"), tr("Cost / M output tokens"), tr("Monthly cost") },
        { 3, 16, 6, 7, 7, 7, 9, 9, 6, 10, 10, 10 }, { R, L, R, R, R, R, R, L, L, R, R, R });
    const QString currency = m_evaluation.currency;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const gp::CandidateResult& r = results[i];
        Table::RowKind kind = int(i) == m_evaluation.best ? Table::RowKind::Highlight
            : r.fits && r.serving && r.serving->meetsSlo  ? Table::RowKind::Normal
                                                          : Table::RowKind::Muted;
        if (!r.fits || !r.serving) {
            table->addRow({ QString::number(i + 1), QString::fromStdString(r.candidate), QString(), QString(),
                              QString(), QString(), QString(), QString(), tr("No"), QString(), QString(),
                              r.failure ? CoreText::failure(*r.failure) : tr("does not fit") },
                kind);
            continue;
        }
        const gp::ServingResult& s = *r.serving;
        table->addRow(
            { QString::number(i + 1), QString::fromStdString(r.candidate), QString::number(s.replicas),
                formatNumber(s.concurrency, 1), formatSeconds(s.ttftSeconds), formatSeconds(s.tpotSeconds),
                formatNumber(s.outputTokensPerSecond, 0), CoreText::servingLimit(QString::fromStdString(s.limit)),
                s.meetsSlo ? tr("Yes") : tr("No"), costText(i),
                s.costPerMillionOutputTokens ? formatMoney(*s.costPerMillionOutputTokens, currency) : tr("n/a"),
                s.monthlyCost ? formatMoney(*s.monthlyCost, currency) : tr("n/a") },
            kind);
    }
    appendTable(blocks, table);
}

BlockPtr ReportBuilder::candidateDetail(int rank) const
{
    const gp::CandidateResult& r = m_evaluation.results[std::size_t(rank)];
    Blocks stack;
    QString heading = tr("#%1  %2").arg(rank + 1).arg(QString::fromStdString(r.candidate));
    if (rank == m_evaluation.best)
        heading += QStringLiteral("  —  ") + tr("recommended");
    stack.push_back(text(heading, strong(10.5, r.fits ? palette::accent : palette::bad), 1));
    stack.push_back(text(gpuLine(r), muted(8), r.fits ? 6 : 2));
    if (!r.fits)
        stack.push_back(
            text(r.failure ? tr("Does not fit: %1").arg(CoreText::failure(*r.failure)) : tr("Does not fit."),
                strong(8.5, palette::bad), 6));

    // Left: configuration and memory. Right: time, throughput and cost.
    std::vector<Blocks> columns;
    columns.push_back(detailLeftColumn(r));
    columns.push_back(detailRightColumn(r));
    auto columnsBlock = std::make_unique<ColumnsBlock>(std::move(columns), 6);
    columnsBlock->spaceAfterPt = 5;
    stack.push_back(std::move(columnsBlock));

    QStringList notes;
    if (r.cost.breakEvenDays)
        notes << tr("A monthly subscription is cheaper than pay-as-you-go after %1 days of use.")
                     .arg(formatNumber(*r.cost.breakEvenDays, 1));
    for (const auto& warning : r.warnings)
        notes << CoreText::diagnostic(warning);
    for (const auto& suggestion : r.suggestions)
        notes << tr("Suggestion: %1").arg(CoreText::diagnostic(suggestion));
    if (!notes.isEmpty())
        stack.push_back(text(bullets(notes), list(7.5), 0));

    auto block = std::make_unique<StackBlock>(std::move(stack), Qt::transparent, palette::rule, 7);
    block->spaceAfterPt = 9;
    return block;
}

// A candidate's configuration and memory per GPU (its detail's left column).
Blocks ReportBuilder::detailLeftColumn(const gp::CandidateResult& r) const
{
    Blocks left;
    std::vector<std::pair<QString, QString>> config;
    config.emplace_back(
        tr("Configuration"), serving() ? AnswerText::servingDeployment(r) : AnswerText::configuration(m_evaluation, r));
    if (!inference()) {
        config.emplace_back(tr("Offload"), CoreText::offload(r.configuration.offload));
        config.emplace_back(tr("Checkpointing"), CoreText::checkpointing(r.configuration.checkpointing));
    }
    if (serving() && r.serving)
        config.emplace_back(tr("GPU memory"),
            tr("%1 (the engine takes %2, leaves %3 unused)")
                .arg(formatBytes(r.gpuMemory), formatBytes(r.usableMemory), formatBytes(gp::memoryHeadroomBytes(r))));
    else
        config.emplace_back(
            tr("GPU memory"), tr("%1 (%2 usable)").arg(formatBytes(r.gpuMemory), formatBytes(r.usableMemory)));
    auto configBlock = std::make_unique<KeyValueBlock>(std::move(config), 1, 7.5, 0.34);
    configBlock->spaceAfterPt = 5;
    left.push_back(std::move(configBlock));

    auto memory = makeTable({ tr("Memory per GPU"), tr("Size"), tr("Share") }, { 9, 5, 7 }, { L, R, R }, 7.5);
    const std::pair<const char*, double> parts[]
        = { { "weights", r.memory.weights }, { "gradients", r.memory.gradients }, { "optimizer", r.memory.optimizer },
              { "activations", r.memory.activations }, { "logits", r.memory.logits }, { "kv_cache", r.memory.kvCache },
              { "buffers", r.memory.buffers }, { "allocator", r.memory.allocator }, { "runtime", r.memory.runtime } };
    for (const auto& [part, bytes] : parts) {
        if (bytes <= 0)
            continue;
        memory->addRow({ CoreText::memoryPart(QLatin1String(part)), formatBytes(bytes),
            r.memory.total > 0 ? formatPercent(bytes / r.memory.total) : QString() });
    }
    memory->addRow({ tr("Total"), formatBytes(r.memory.total),
                       r.gpuMemory > 0 ? tr("%1 of GPU").arg(formatPercent(r.memory.total / r.gpuMemory)) : QString() },
        Table::RowKind::Total);
    left.push_back(std::make_unique<TableBlock>(memory));

    return left;
}

// A candidate's step time, speed and cost (its detail's right column).
Blocks ReportBuilder::detailRightColumn(const gp::CandidateResult& r) const
{
    const QString currency = m_evaluation.currency;
    Blocks right;
    auto step = makeTable(
        { inference() ? tr("Time per decode step") : tr("Time per optimizer step"), tr("Time"), tr("Share") },
        { 10, 6, 5 }, { L, R, R }, 7.5);
    auto addStep = [&](const QString& label, double seconds, bool indent = false) {
        if (seconds <= 0)
            return;
        step->addRow({ indent ? QStringLiteral("   ") + label : label, formatSeconds(seconds),
            r.step.total > 0 ? formatPercent(seconds / r.step.total) : QString() });
    };
    addStep(CoreText::stepPart(QStringLiteral("compute")), r.step.compute);
    addStep(CoreText::stepPart(QStringLiteral("communication")), r.step.communication);
    addStep(tr("inside a node"), r.step.communicationIntraNode, true);
    addStep(tr("between nodes"), r.step.communicationNetwork, true);
    addStep(CoreText::stepPart(QStringLiteral("offload")), r.step.offload);
    addStep(CoreText::stepPart(QStringLiteral("data_loading")), r.step.dataLoading);
    step->addRow({ tr("Total"), formatSeconds(r.step.total), QString() }, Table::RowKind::Total);
    auto stepBlock = std::make_unique<TableBlock>(step);
    stepBlock->spaceAfterPt = 5;
    right.push_back(std::move(stepBlock));

    std::vector<std::pair<QString, QString>> perf = detailPerformanceRows(r);
    auto perfBlock = std::make_unique<KeyValueBlock>(std::move(perf), 1, 7.5, 0.42);
    perfBlock->spaceAfterPt = 5;
    right.push_back(std::move(perfBlock));

    if (!inference() && !r.cost.modes.empty()) {
        auto cost = makeTable(
            { tr("Billing mode"), tr("Cost to finish"), tr("Finishes after") }, { 9, 7, 6 }, { L, R, R }, 7.5);
        for (const gp::BillingCost& mode : r.cost.modes)
            cost->addRow({ windowBillingMode(mode.mode, r.cost.reservedTermMonths.value_or(0)),
                mode.total ? formatMoney(*mode.total, currency) : tr("not offered"),
                mode.finishDays > 0 ? formatHours(mode.finishDays * 24) : QString() });
        if (r.cost.storage)
            cost->addRow({ tr("Storage (disk for the run)"), formatMoney(*r.cost.storage, currency), QString() });
        right.push_back(std::make_unique<TableBlock>(cost));
    }

    return right;
}

// The speed rows of a candidate's detail: serving's operating point, batch inference's decode speed or training's
// throughput and time, then its bottleneck and price.
std::vector<std::pair<QString, QString>> ReportBuilder::detailPerformanceRows(const gp::CandidateResult& r) const
{
    const QString currency = m_evaluation.currency;
    std::vector<std::pair<QString, QString>> perf;
    if (serving() && r.serving) {
        const gp::ServingResult& sv = *r.serving;
        perf.emplace_back(tr("Deployment"), AnswerText::servingDeployment(r));
        if (sv.disaggregation)
            perf.emplace_back(tr("KV transfer"), AnswerText::kvTransfer(sv.disaggregation->transfer));
        perf.emplace_back(tr("KV cache"),
            tr("%1 tokens per replica, %2 requests of full length")
                .arg(QLocale().toString(qlonglong(sv.kvCacheTokens)))
                .arg(sv.maxConcurrency));
        perf.emplace_back(tr("Operating point"),
            tr("%1 in flight per replica (limit: %2)")
                .arg(formatNumber(sv.concurrency, 1), CoreText::servingLimit(QString::fromStdString(sv.limit))));
        const gp::ServingSlo& slo = m_evaluation.serving.slo;
        perf.emplace_back(tr("Time to first token"),
            AnswerText::againstTarget(
                gp::latencyStatistic(sv.ttftSeconds, sv.ttftPercentiles, slo.percentile), slo.ttftSeconds));
        perf.emplace_back(tr("Time per output token"),
            AnswerText::againstTarget(
                gp::latencyStatistic(sv.tpotSeconds, sv.tpotPercentiles, slo.percentile), slo.tpotSeconds));
        appendServingPercentileRows(perf, sv);
        perf.emplace_back(tr("Output tokens/s"), tr("%1 per replica").arg(formatNumber(sv.outputTokensPerSecond, 0)));
        if (!sv.speculativeMethod.empty())
            perf.emplace_back(tr("Speculative decoding"), AnswerText::speculation(sv));
        if (!sv.prefixShape.empty())
            perf.emplace_back(tr("Prefix cache"), AnswerText::prefixCache(sv));
        if (sv.loraAdapters > 0)
            perf.emplace_back(tr("LoRA adapters"), AnswerText::loraAdapters(sv));
        if (sv.wideEp)
            perf.emplace_back(tr("Wide expert parallelism"), AnswerText::wideEp(sv));
    } else if (inference()) {
        perf.emplace_back(
            tr("Decode speed"), tr("%1 tokens/s").arg(formatNumber(r.decodeTokensPerSecond.value_or(0), 0)));
        perf.emplace_back(tr("Prefill"), formatSeconds(r.prefillSeconds.value_or(0)));
    } else {
        perf.emplace_back(tr("Throughput"), tr("%1 tokens/s").arg(formatNumber(r.tokensPerSecond, 0)));
        perf.emplace_back(tr("Model FLOPs utilization"), formatPercent(r.modelFlopsUtilization));
        perf.emplace_back(tr("Training time"),
            tr("%1 (%2 GPU-hours)").arg(formatHours(r.trainingHours), formatNumber(r.gpuHours, 0)));
    }
    if (!serving())
        perf.emplace_back(tr("Bottleneck"), CoreText::bottleneckShare(r));
    if (const QString overhead = CoreText::largestOverhead(r);
        !overhead.isEmpty() && m_evaluation.mode == gp::Mode::Training)
        perf.emplace_back(tr("Largest overhead"), overhead);
    perf.emplace_back(tr("Price per hour"),
        (r.cost.pricePerHour ? formatMoney(*r.cost.pricePerHour, currency) : tr("unknown")) + QStringLiteral(" (")
            + CoreText::priceStatus(QString::fromStdString(r.cost.priceStatus)) + QLatin1Char(')'));
    return perf;
}

void ReportBuilder::addDetails(Blocks& blocks) const
{
    // In detail: the recommendation and the runners-up the first page names; the table has every candidate's
    // figures, so eleven candidates still make a report of a few pages.
    blocks.push_back(std::make_unique<HeadingBlock>(tr("Candidate details")));
    const int count = int(m_evaluation.results.size());
    std::vector<int> shown;
    if (m_evaluation.best >= 0)
        shown.push_back(m_evaluation.best);
    for (int i = 0; i < count && shown.size() < std::size_t(DetailedCandidates); ++i)
        if (i != m_evaluation.best && (m_evaluation.results[std::size_t(i)].fits || m_evaluation.best < 0))
            shown.push_back(i);
    std::sort(shown.begin(), shown.end());
    for (int i : shown)
        blocks.push_back(candidateDetail(i));
    if (int(shown.size()) < count)
        blocks.push_back(text(tr("The other %1 candidates are in the table of candidates above, with their "
                                 "configuration, memory, time, cost and bottleneck.")
                                  .arg(count - int(shown.size())),
            muted(8), 6));
}

std::vector<std::pair<QString, QString>> ReportBuilder::setInThePlanRows(const gp::Plan& plan)
{
    // Every table field the report shows as an assumption, where the plan sets it away from its default.
    std::vector<std::pair<QString, QString>> rows;
    for (const gp::PlanField& field : gp::planFields())
        if (field.report == gp::FieldReport::Assumption && !field.atDefault(plan))
            rows.emplace_back(FieldText::label(field.path), FieldText::value(field, field.get(plan)));
    return rows;
}

void ReportBuilder::addAssumptions(Blocks& blocks) const
{
    auto heading = std::make_unique<HeadingBlock>(tr("Assumptions"));
    heading->pageBreakBefore = true;
    blocks.push_back(std::move(heading));
    blocks.push_back(text(tr("Estimates rest on these figures. Values set in the plan replace the catalog's "
                             "defaults; every catalog value names its source and date."),
        muted(8), 6));

    const gp::Billing& b = m_data.plan.billing;
    std::vector<std::pair<QString, QString>> plan = setInThePlanRows(m_data.plan);
    blocks.push_back(text(tr("Set in the plan"), strong(9.5, palette::accent), 3));
    if (plan.empty()) {
        blocks.push_back(text(tr("Nothing: the catalog's defaults below apply."), body(8), 8));
    } else {
        auto kv = std::make_unique<KeyValueBlock>(std::move(plan), 2, 8, 0.55);
        kv->spaceAfterPt = 8;
        blocks.push_back(std::move(kv));
    }

    // Exchange rate: what the cost model actually converts with, whichever source it came from.
    const double cnyPerUsd = gp::convertCurrency(1.0, "USD", "CNY", b, m_catalog);
    blocks.push_back(text(tr("Exchange rate"), strong(9.5, palette::accent), 3));
    blocks.push_back(text(
        tr("1 USD = %1 CNY (%2).")
            .arg(QLocale().toString(cnyPerUsd, 'f', 4), b.exchangeRate ? tr("set in the plan") : tr("catalog default")),
        body(8), 8));

    // Quotes from the user's overrides live outside the plan: said, so the same plan elsewhere can be answered alike.
    if (m_evaluation.answer && !m_evaluation.answer->overridesUsed.empty()) {
        blocks.push_back(text(tr("Your price quotes"), strong(9.5, palette::accent), 3));
        QStringList lines;
        for (const gp::OverrideUse& use : m_evaluation.answer->overridesUsed) {
            const QString currency = QString::fromStdString(use.currency);
            QStringList figures;
            if (use.onDemandPerHour)
                figures << tr("%1 per hour").arg(formatMoney(*use.onDemandPerHour, currency));
            if (use.monthly)
                figures << tr("%1 per month").arg(formatMoney(*use.monthly, currency));
            lines << tr("%1: %2 (%3)")
                         .arg(QString::fromStdString(use.instance),
                             figures.isEmpty() ? tr("catalog figures") : figures.join(QStringLiteral(", ")),
                             CoreText::priceStatus(QString::fromStdString(use.status)));
        }
        lines << tr("These come from your catalog overrides, not from the plan: the command-line tool answers the "
                    "plan the same way only when given them (--overrides FILE).");
        blocks.push_back(text(lines.join(QLatin1Char('\n')), body(8), 8));
    }

    std::set<std::string> usedSources;
    std::set<std::string> keys;
    for (const auto* list : { &gp::memoryDefaultKeys(), &gp::throughputDefaultKeys(), &gp::costDefaultKeys() })
        keys.insert(list->begin(), list->end());
    auto defaults
        = makeTable({ tr("Default"), tr("Value"), tr("Source"), tr("As of") }, { 18, 6, 16, 6 }, { L, R, L, L });
    // Per-stack defaults (framework.<stack>.*, goodput.<stack>.*) of the plan's stack only: the others do not apply.
    const std::string_view planStack = gp::toString(m_data.plan.workload.framework);
    const auto otherStack = [&](const std::string& key) {
        for (std::string_view prefix : { "framework.", "goodput." })
            if (key.rfind(prefix, 0) == 0)
                for (const auto& [stack, value] : gp::detail::kTrainingStacks)
                    if (stack != planStack && key.rfind(std::string(prefix) + std::string(stack) + ".", 0) == 0)
                        return true;
        return false;
    };
    for (const std::string& key : keys) {
        const auto it = m_catalog.defaults.find(key);
        if (it == m_catalog.defaults.end() || otherStack(key))
            continue;
        const gp::SourcedValue& v = it->second;
        // The source by key: the Sources table below gives its title (a title per row would take pages).
        QString source = QString::fromStdString(v.source);
        if (v.estimate)
            source += QLatin1Char(' ') + tr("(estimate)");
        defaults->addRow({ breakableKey(key), formatNumber(v.value),
            breakableKey(v.source) + source.mid(int(v.source.size())), QString::fromStdString(v.asOf) });
        usedSources.insert(v.source);
    }
    if (!defaults->rows.empty()) {
        blocks.push_back(text(tr("Catalog defaults"), strong(9.5, palette::accent), 3));
        appendTable(blocks, defaults);
    }

    auto prices = makeTable({ tr("Candidate"), tr("Price per hour"), tr("Status"), tr("Source"), tr("As of") },
        { 16, 8, 8, 12, 6 }, { L, R, L, L, L });
    for (const gp::CandidateResult& r : m_evaluation.results) {
        QString asOf;
        if (const gp::InstanceSpec* instance = m_catalog.findInstance(r.candidate))
            asOf = QString::fromStdString(instance->price.asOf);
        prices->addRow({ QString::fromStdString(r.candidate),
            r.cost.pricePerHour ? formatMoney(*r.cost.pricePerHour, m_evaluation.currency) : tr("unknown"),
            CoreText::priceStatus(QString::fromStdString(r.cost.priceStatus)),
            QString::fromStdString(r.cost.priceSource), asOf });
        usedSources.insert(r.cost.priceSource);
    }
    blocks.push_back(
        text(tr("Prices (whole candidate, %1)").arg(m_evaluation.currency), strong(9.5, palette::accent), 3));
    blocks.push_back(
        text(tr("Sources are named by key; the table below gives their titles and addresses."), muted(8), 4));
    appendTable(blocks, prices);

    auto sources = makeTable({ tr("Source"), tr("Title and address"), tr("As of") }, { 8, 30, 6 }, { L, L, L });
    for (const std::string& key : usedSources) {
        const auto it = m_catalog.sources.find(key);
        if (key.empty() || it == m_catalog.sources.end())
            continue;
        QString titleAndUrl = QString::fromStdString(it->second.title);
        if (!it->second.url.empty())
            titleAndUrl += QLatin1Char('\n') + QString::fromStdString(it->second.url); // wraps anywhere when too long
        sources->addRow({ QString::fromStdString(key), titleAndUrl, QString::fromStdString(it->second.asOf) });
    }
    if (!sources->rows.empty()) {
        blocks.push_back(text(tr("Sources"), strong(9.5, palette::accent), 3));
        appendTable(blocks, sources);
    }
    if (!m_evaluation.modelWarnings.empty()) {
        QStringList lines;
        for (const auto& warning : m_evaluation.modelWarnings)
            lines << CoreText::diagnostic(warning);
        blocks.push_back(text(tr("About the model"), strong(9.5, palette::accent), 3));
        blocks.push_back(text(bullets(lines), list(8), 6));
    }
}

void ReportBuilder::addScenarios(Blocks& blocks) const
{
    if (!m_data.scenarios || m_data.scenarios->rows.size() < 2)
        return;
    auto heading = std::make_unique<HeadingBlock>(tr("Scenarios compared"));
    heading->pageBreakBefore = true;
    blocks.push_back(std::move(heading));
    const auto comparison = m_data.scenarios;
    blocks.push_back(text(tr("The plan and each of its scenarios, answered alike: the best candidate of each, its "
                             "cost under the cheapest billing mode the scenario counts and its time, and the "
                             "difference to the baseline (%1).")
                              .arg(ScenarioComparisonModel::rowName(comparison->rows[comparison->baseline])),
        muted(8), 5));
    // The words of the window's Compare view, cell for cell.
    ScenarioComparisonModel model;
    model.setComparison(comparison);
    using C = ScenarioComparisonModel;
    const std::vector<int> columns { C::Scenario, C::Candidate, C::Gpus, C::Configuration, C::BestCost, C::Hours,
        C::Headroom, C::CostDifference, C::HoursDifference };
    QStringList headers;
    for (int column : columns)
        headers << model.headerData(column, Qt::Horizontal).toString();
    auto table = makeTable(headers, { 13, 15, 7, 18, 13, 8, 8, 11, 9 }, { L, L, R, L, R, R, R, R, R }, 7);
    for (int row = 0; row < model.rowCount(); ++row) {
        QStringList cells;
        for (int column : columns)
            cells << model.data(model.index(row, column)).toString();
        const gp::ScenarioRow& r = comparison->rows[std::size_t(row)];
        const Table::RowKind kind = std::size_t(row) == comparison->baseline ? Table::RowKind::Highlight
            : !r.error && r.headline.fits                                    ? Table::RowKind::Normal
                                                                             : Table::RowKind::Muted;
        table->addRow(cells, kind);
    }
    appendTable(blocks, table);
    // What each scenario is: its changes from the baseline, in the words of the Compare view's column.
    QStringList changes;
    for (std::size_t row = 0; row < comparison->rows.size(); ++row)
        if (row != comparison->baseline)
            changes << tr("%1: %2").arg(ScenarioComparisonModel::rowName(comparison->rows[row]),
                ScenarioComparisonModel::changesText(comparison->rows[row]));
    if (!changes.isEmpty()) {
        blocks.push_back(text(tr("What each scenario changes from the baseline"), strong(9.5, palette::accent), 3));
        blocks.push_back(text(changes.join(QLatin1Char('\n')), body(8), 8));
    }
    blocks.push_back(
        std::make_unique<ChartBlock>([comparison] { return buildScenarioChart(*comparison); }, 80, m_families));
}

Blocks ReportBuilder::build() const
{
    // Page one is the page a manager reads: the question in a sentence, the recommendation with its cost and time
    // under every billing mode the plan counts, the runners-up, and what would change the answer. The details follow.
    Blocks blocks;
    addTitle(blocks);
    if (m_evaluation.rl) { // an RL plan's own pages (report_rl.h)
        appendRlReport(blocks, m_data, m_families);
        return blocks;
    }
    addQuestionInBrief(blocks);
    addRecommendation(blocks);
    addRunnersUp(blocks);
    addWhatWouldChange(blocks);
    auto details = std::make_unique<HeadingBlock>(tr("The question in detail"));
    details->pageBreakBefore = true;
    blocks.push_back(std::move(details));
    addQuestion(blocks);
    addComparison(blocks);
    if (serving())
        addServing(blocks);
    addScenarios(blocks);
    if (!m_evaluation.results.empty()) {
        addCharts(blocks);
        addDetails(blocks);
    }
    addAssumptions(blocks);
    return blocks;
}

} // namespace gpui::report
