// Words for the core's codes: enum names, bottlenecks, warnings and fit failures, through tr().
#pragma once

#include "base/diagnostic.h"
#include "estimate/common/results.h"
#include "plan/plan.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace gpui
{

class CoreText
{
    Q_DECLARE_TR_FUNCTIONS(CoreText)
public:
    static QString bottleneck(gp::Bottleneck bottleneck);
    // The largest share of a training step with its percentage ("Compute, 75% of the step"), and the largest
    // exposed overhead beside it ("Network, 16% of the step"; empty when the step has none).
    static QString bottleneckShare(const gp::CandidateResult& result);
    static QString largestOverhead(const gp::CandidateResult& result);
    // What caps a serving replica's operating point: "kv_cache", "ttft", "tpot", "max_num_seqs", "max_loras",
    // "compute", "memory_bandwidth".
    static QString servingLimit(const QString& limit);
    // The link a KV transfer crosses (nvlink, pcie, rdma, tcp) in words.
    static QString kvLink(const QString& link);
    // A serving load in words: "32 concurrent requests", "40 requests/s", "max throughput".
    static QString servingLoad(const gp::ServingLoad& load);
    static QString listSeparator(); // between the items of a list in a sentence (", " / "，")
    // Sentences one after another, the one rule every front end joins them by: a space after a sentence that ends
    // in a narrow character ("fits. It"), nothing after one that ends in a full-width one ("适用。推荐"), as
    // Chinese text has no space between sentences. Empty sentences are skipped.
    static QString joinSentences(const QStringList& sentences);
    static void appendSentence(QString& text, const QString& sentence); // text = joinSentences({text, sentence})
    // The core's refusal (gp::Error) in the window's language: its message worded from the core's templates
    // (core/base/error_words.h, translated in the "CoreError" context) with their arguments; a message the core did
    // not word that way as the core wrote it. errorMessage: the message alone (shown under its field); error: with
    // the field's label (or path) and the file before it, as the status line and the dialogs show it.
    static QString errorMessage(const gp::Error& error);
    static QString error(const gp::Error& error);
    static QString diagnostic(const gp::Diagnostic& diagnostic); // warning / suggestion sentence
    static QString failure(const gp::FitFailure& failure); // why a candidate does not fit
    static QString technique(gp::Technique technique);
    static QString precision(gp::Precision precision);
    static QString optimizer(gp::Optimizer optimizer);
    static QString checkpointing(gp::Checkpointing checkpointing);
    static QString offload(gp::Offload offload);
    static QString pipelineSchedule(gp::PipelineSchedule schedule);
    static QString fp8Recipe(gp::Fp8Recipe recipe);
    static QString mode(gp::Mode mode);
    static QString billingMode(const QString& mode); // "on_demand", "monthly", "reserved", "spot"
    // The mode naming a reservation's term: "Reserved, 1-year term" (other modes as billingMode).
    static QString billingMode(const QString& mode, int reservedTermMonths);
    static QString reservedTerm(int months); // "1-year term", "3-year term", "18-month term"
    static QString memoryPart(const QString& part); // "weights", "gradients", ... "runtime"
    static QString stepPart(const QString& part); // "compute", "communication", "offload", "data_loading"
    static QString configuration(
        const gp::Configuration& configuration); // "ZeRO-3, full checkpointing, micro-batch 4, TP 1 x PP 1 x DP 8"
    static QString priceStatus(const QString& status); // "published", "estimate", "user", "unknown"
    // Added by the window engineer for the inputs panel:
    static QString weightFormat(gp::WeightFormat format);
    static QString objective(gp::SearchObjective objective);
    static QString kvPrecision(gp::KvPrecision precision);
    static QString lossImplementation(gp::LossImplementation loss);
    static QString attentionKernel(gp::AttentionKernel kernel);
    static QString provider(const QString& provider); // "tencent", "alibaba", "aws", "gcp", "azure", "onprem"
    // A sensitivity input ("estimated_prices", "compute_efficiency", "bandwidth_efficiency", "spot_interruptions").
    static QString sensitivityInput(const std::string& input);
    // RL post-training (workload.mode "rl"): the plan's choices and the answer's phases and pools by their spec names
    // ("grpo", "colocated", "rule"; "rollout", "actor_train"; "rollout", "training", "all", "cpu").
    static QString rlAlgorithm(std::string_view name);
    static QString rlPlacement(std::string_view name);
    static QString rlRewardKind(std::string_view name);
    static QString rlPhase(std::string_view name);
    static QString rlPool(std::string_view name);
};

} // namespace gpui
