// Words for the planner's answer: the headline cost with its billing mode, and why a candidate is not the
// recommendation (gp::Standing::reasons), through tr(). The window, the PDF and the recommendation panel use these.
#pragma once

#include "evaluation.h"

#include <QCoreApplication>
#include <QString>

namespace gpui
{

class AnswerText
{
    Q_DECLARE_TR_FUNCTIONS(AnswerText)
public:
    // One reason as a sentence fragment ("costs ¥120 more (+8.5 %, monthly)").
    static QString reason(const gp::Diagnostic& reason, const gp::CandidateResult& result, const QString& currency);
    // All reasons of results[i], joined with the list separator; empty for the recommendation.
    static QString reasons(const Evaluation& e, std::size_t i);
    // "¥1,317 (pay-as-you-go)", "¥4.10 per million tokens (monthly)", or "no price under the counted billing modes".
    static QString headline(const Evaluation& e, std::size_t i);
    // The billing modes the ranking counted, in words ("pay-as-you-go, monthly").
    static QString countedModes(const Evaluation& e);
    // A training configuration in words with the plan's recipe where it applies: CoreText::configuration (which
    // names a non-default pipeline schedule) plus partial recompute ("recompute 8 of 32 layers", with full
    // checkpointing and fewer than all of the model's `modelLayers`) and bf16 optimizer states. The window's
    // recommendation, the planner's choice, the comparison table and the PDF all use it.
    static QString configuration(
        const gp::Configuration& configuration, const gp::Workload& workload, double modelLayers);
    static QString configuration(const Evaluation& e, const gp::CandidateResult& result);
    // The billing mode results[i]'s headline cost is under, a reservation with its term ("Reserved, 1-year term").
    static QString headlineMode(const Evaluation& e, std::size_t i);
    // The reservation term of the evaluation's reserved prices, 0 when none is priced.
    static int reservedTermMonths(const Evaluation& e);
    // Serving: the deployment in words ("2 replicas × 4 GPUs (tensor 4)", "1 replica × 8 GPUs (tensor 4 × pipeline
    // 2)").
    static QString servingDeployment(const gp::CandidateResult& result);
    // Serving with prefill and decode apart: one pool in words ("2 prefill replicas × 2 GPUs (tensor 2)") and the
    // KV transfer between them ("1.07 GB per request over NVLink (3600 Gbps): 0.0036 s").
    static QString servingPool(const gp::ServingPool& pool, bool prefill);
    static QString kvTransfer(const gp::KvTransfer& transfer);
    // Serving: where each GPU's memory goes ("The engine takes 64.3 GiB of 71.4 GiB per GPU; its KV cache fills
    // the 47.1 GiB the weights, the activation peak and non-torch memory leave; 7.1 GiB stay outside the engine."),
    // or by how much the engine is short when no KV cache fits. Its figures are gp::memoryHeadroomBytes's.
    static QString servingMemory(const gp::CandidateResult& result);
    // Serving with speculative decoding: the draft, its acceptance and what it gains ("EAGLE, 2 draft tokens at 57%
    // acceptance: 1.89 tokens per step; 1.6x at one request, 1.2x here; pays up to 96 requests"); empty without it.
    static QString speculation(const gp::ServingResult& serving);
    // Serving with a prefix-cache shape: its hit rate, the prefill it saves and the KV it holds ("Prefix cache
    // (multi-turn chat): 71% of prompt tokens found (79% if all held), 1,420 tokens and 0.12 s of prefill saved per
    // request; it holds 2.1 GiB, 0.8 GiB of it in host memory, 3 ms to load per request"); empty without a shape.
    static QString prefixCache(const gp::ServingResult& serving);
    // Serving with many LoRA adapters: adapters per replica, their memory and what they cost ("16 LoRA adapters of
    // rank 16: 4 per replica on the GPUs (320 MiB per GPU), 4 in host memory; the decode step 1.08x; 75% of requests
    // load their adapter over PCIe, 0.55 ms each"); empty without adapters.
    static QString loraAdapters(const gp::ServingResult& serving);
    // Serving an MoE model: wide expert parallelism over the candidate's GPUs against the replicas, per GPU ("Wide EP
    // over 16 GPUs: 212 requests per GPU (replicas 40), 2,100 output tokens/s per GPU at 180 requests against 900");
    // empty when not compared.
    static QString wideEp(const gp::ServingResult& serving);
    // Serving: a measured latency against its target ("0.41 s (target 1 s)", "0.41 s (no target)").
    static QString againstTarget(double seconds, const std::optional<double>& target);
};

} // namespace gpui
