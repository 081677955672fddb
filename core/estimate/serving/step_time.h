// One replica's engine step under continuous batching, as vLLM V1 and TensorRT-LLM schedule it: a step carries the
// decode tokens of the running requests and prefill chunks up to the engine's per-step token budget
// (max_num_batched_tokens); it lasts as long as the slower of reading the weights and the decoding requests' KV cache
// and computing all its tokens' FLOPs, plus its tensor-parallel all-reduces and the engine's per-step overhead.
#pragma once

#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/common/results.h"
#include "estimate/serving/length_distribution.h"
#include "estimate/serving/serving_defaults.h"
#include "estimate/serving/speculative_decoding.h"
#include "transformer/model_library.h"

#include <algorithm>
#include <vector>

namespace gp
{

class ReplicaSteps
{
public:
    // `workload` is the serving workload as run on the GPU; `config` gives tensor and pipeline.
    ReplicaSteps(const ResolvedModel& model, const Workload& workload, const Configuration& config,
        const Hardware& hardware, const EngineSettings& engine, const ServingDefaults& defaults, const Catalog& catalog,
        const Assumptions& assumptions);

    // One engine step carrying `decodeTokens` decoding requests (one token each, at the generation's mean context
    // prompt + output / 2) and `prefillTokens` prompt tokens; fractional counts are means over steps. With
    // speculative decoding each decoding request runs its drafts and verifies them (verifiedTokens() tokens).
    double stepSeconds(double decodeTokens, double prefillTokens) const
    {
        return stepTime(decodeTokens, prefillTokens, m_speculative.on());
    }
    // The same step without speculation (what speculation is compared with).
    double plainStepSeconds(double decodeTokens, double prefillTokens) const
    {
        return stepTime(decodeTokens, prefillTokens, false);
    }
    // Speculation: the settings, tokens a decoding request gains per step (1 without), budget tokens it takes per step.
    const SpeculativeSettings& speculative() const { return m_speculative; }
    double tokensPerDecodeStep() const { return m_tokensPerStep; }
    double budgetPerDecode() const { return m_speculative.verifiedTokens(); }
    // What many LoRA adapters add to a step of `decodeTokens` decoding requests and `prefillTokens` prompt tokens
    // (0 without adapters; part of stepSeconds).
    double loraSeconds(double decodeTokens, double prefillTokens) const
    {
        return m_lora.seconds(decodeTokens, decodeTokens * m_speculative.verifiedTokens(), prefillTokens);
    }
    const LoraStepCost& lora() const { return m_lora; }
    // The draft's k forwards for `decodeTokens` requests (0 without speculation).
    double draftSeconds(double decodeTokens) const;
    // The same step with its decoding requests' contexts summed (a finite run's actual requests, not the mean's).
    double stepSecondsAt(double decodeTokens, double prefillTokens, double decodeContextTokens) const;
    // A step of `prefillTokens` prompt tokens and no decodes (SGLang's prefill batches): its dense GEMMs multiply all
    // of them at once, so they run at the rows curve's efficiency for that many rows, not for one prompt's chunk.
    double prefillOnlyStepSeconds(double prefillTokens) const;
    // Whether that step's FLOPs take longer than its HBM reads.
    bool computeBound(double decodeTokens, double prefillTokens) const;
    // The prompt tokens q a step carries when prompt tokens arrive at `tokensPerSecond` and each step takes those
    // that arrived during the last: q = tokensPerSecond x stepSeconds(decodeTokens, q), within [least, most].
    double promptTokensFilling(double decodeTokens, double tokensPerSecond, double least, double most) const;
    // A decode-only step with `batch` requests in flight.
    double decodeStepSeconds(double batch) const { return stepSeconds(std::max(1.0, batch), 0.0); }

    // One decoding request's KV reads per step at the generation's mean context, and one decode token's FLOPs time
    // (the step's two slopes in its batch).
    double kvSecondsPerRequest() const { return m_kvPerRequest; }
    double decodeComputeSecondsPerToken() const { return m_computePerDecode; }
    // Compute time of one prompt token at the chunk's GEMM size (matmuls, attention over the prompt, MoE combine).
    double prefillSecondsPerToken() const { return m_prefillPerToken; }
    // Prompt tokens one request's prefill computes (those not found in the prefix cache).
    double computedPromptTokens() const { return m_computed; }
    // Tokens one request decodes after the first (which its last prefill step yields).
    double decodeTokensPerRequest() const { return std::max(0.0, m_output - 1); }
    // Decode steps one request takes for them (fewer with speculation: tokensPerDecodeStep() each).
    double decodeStepsPerRequest() const { return decodeTokensPerRequest() / m_tokensPerStep; }
    int tokenBudget() const { return m_budget; }
    // An eager engine (workload.serving.engine.cuda_graphs false): the host time of one forward's kernel launches,
    // its layers' (serving.eager_layer_host_us; a pipeline stage's layers), under which no step's GPU work can run;
    // 0 with CUDA graphs and for llama.cpp (its launches are in the step overhead).
    double eagerLaunchSeconds() const { return m_eagerLaunch; }
    // An engine release that replays graphs for decode steps only (EngineSettings::eagerPrefill): the same launches,
    // under which no step carrying prompt tokens can run; 0 otherwise.
    double eagerPrefillLaunchSeconds() const { return m_eagerPrefill; }
    // Front end, tokenization and scheduling of one request before its first step (serving.request_overhead_ms).
    double requestOverheadSeconds() const { return m_requestOverhead; }
    double promptTokens() const { return m_prompt; }
    const PerformanceDefaults& performance() const { return m_performance; }
    double outputTokens() const { return m_output; }
    // The plan's length spreads and arrivals (serving.traffic).
    const TrafficShape& traffic() const { return m_traffic; }

private:
    double weightSeconds(double tokens) const; // weights one step reads (MoE: the experts its tokens touch)
    // The batch a decode-only step of `requests` decoding requests runs as: the smallest CUDA-graph batch size at
    // least that (EngineSettings::cudaGraphBatchSizes), else `requests` (above the largest, no sizes, no graphs).
    double graphBatch(double requests) const;
    double stepTime(double decodeTokens, double prefillTokens, bool speculate) const;
    // The step's GPU work for `verified` decode tokens and `prefill` prompt tokens reading `weights` and `kv`
    // seconds: the sum over its kernels (attention; the routed experts' GEMMs; the other GEMMs) of each one's longer
    // of reads and FLOPs.
    double gpuWork(double verified, double prefill, double weights, double kv) const
    {
        return gpuWorkAt(verified, prefill, weights, kv, m_prefillPerToken);
    }
    // The same with `prefillPerToken` seconds of compute per prompt token.
    double gpuWorkAt(double verified, double prefill, double weights, double kv, double prefillPerToken) const;
    // The engine's CPU work for a step of `requests` running requests and `promptTokens` prompt tokens beside
    // (overlapped) or after the GPU's `gpuSeconds` (serving.engine.<engine>.cpu_us_per_request, .overlaps_cpu).
    // An eager engine's GPU waits for the host's launches: the step's GPU part lasts at least m_eagerLaunch, and a
    // step carrying prompt tokens at least m_eagerPrefill.
    double withEngineCpu(double gpuSeconds, double requests, double promptTokens) const
    {
        const double cpu = std::max(0.0, requests) * m_cpuPerRequest;
        const double launches = promptTokens > 0 ? std::max(m_eagerLaunch, m_eagerPrefill) : m_eagerLaunch;
        const double gpu = std::max(gpuSeconds, launches);
        return m_overlapsCpu ? std::max(gpu, cpu) : gpu + cpu;
    }
    void setUpHostWork(const EngineSettings& engine, const ServingDefaults& d);
    void setUpDraft(double matmulFlopsPerToken, double headFlopsPerToken);
    void setUpDecodeExperts(double decodeComputeSeconds, double expertTflops, bool expertsAtOwnRate);

    const ResolvedModel& m_model;
    Workload m_workload; // inference fields set from the serving spec
    Configuration m_config;
    const Hardware& m_hardware;
    PerformanceDefaults m_performance;
    double m_peakTflops = 0;
    double m_overhead = 0;
    double m_eagerLaunch = 0; // an eager engine's launches of one forward (eagerLaunchSeconds)
    std::vector<int> m_graphBatchSizes; // decode-only steps padded up to these (graphBatch); empty: not padded
    double m_eagerPrefill = 0; // the same for steps carrying prompt tokens only (eagerPrefillLaunchSeconds)
    double m_headSavingSeconds = 0; // llama.cpp: reading its quantized head instead of one at the compute precision
    double m_cpuPerRequest = 0; // the engine's CPU work per step and running request
    bool m_overlapsCpu = true; // it runs beside the GPU's step
    double m_requestOverhead = 0;
    double m_routing = 0; // the MoE layers' latency-bound routing kernels, every forward step
    double m_prompt = 0, m_output = 0, m_computed = 1;
    int m_budget = 1;
    bool m_moe = false;
    // Decode per request in a step (linear in the batch: KV reads, FLOPs, all-reduce bytes).
    double m_kvPerRequest = 0, m_computePerDecode = 0;
    double m_commLatency = 0, m_commPerToken = 0; // tensor-parallel all-reduces: per step and per token
    double m_prefillPerToken = 0;
    // Of m_prefillPerToken, the dense GEMMs' seconds at the chunk's rows (m_prefillRows), and the rows at which the
    // rows curve halves (prefillOnlyStepSeconds reads them at other rows).
    double m_prefillDensePerToken = 0, m_prefillRows = 1, m_prefillRowsHalf = 0;
    // MoE: the routed experts' GEMM seconds inside a decode token's and a prompt token's compute time, and the
    // weights every step reads besides the routed experts.
    double m_expertComputePerDecode = 0, m_expertPrefillPerToken = 0, m_nonExpertWeightSeconds = 0;
    // The attention kernel's FLOP seconds inside a decode token's and a prompt token's compute time (gpuWorkAt runs
    // it as a kernel of its own, beside its KV reads).
    double m_attentionComputePerDecode = 0, m_prefillAttentionPerToken = 0;
    bool m_splitsMixedAttention = false; // a mixed step's prompts attend in a kernel of their own (gpuWorkAt)
    double m_kvPerContextToken = 0; // KV reads of one decoding request per token of its context
    TrafficShape m_traffic;
    double m_denseWeightSeconds = 0;
    mutable std::vector<double> m_moeWeights; // MoE: weight seconds by tokens - 1, filled on demand
    // Speculative decoding: the draft forward's parts (speculative_decoding.h).
    SpeculativeSettings m_speculative;
    double m_tokensPerStep = 1;
    double m_headSeconds = 0; // reading the output head (the draft shares the target's)
    double m_draftLayerShare = 0; // the draft's layers over the target's
    double m_draftProjectionSeconds = 0; // reading the draft's input projection
    double m_draftKvPerRequest = 0; // its KV reads per request
    double m_draftComputePerToken = 0;
    // The last draftSeconds answer (a mix's steps ask it three times for the same requests).
    mutable double m_draftMemoTokens = -1, m_draftMemoSeconds = 0;
    LoraStepCost m_lora; // many LoRA adapters (lora_adapters.h)
};

} // namespace gp
