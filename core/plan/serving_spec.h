// The plan's serving workload (workload.serving, workload.mode "serving"; spec: docs/plan-format.md "Serving") and
// its scalar inputs as entries of the plan's field table (plan_fields.h, field_entry.h).
#pragma once

#include "plan/field_entry.h"
#include "plan/limits.h"
#include "plan/plan_enums.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gp
{

// Serving (workload.mode "serving", spec: docs/plan-format.md "Serving"): traffic, lengths, latency targets and
// the serving engine's knobs (vLLM's meanings). Absent optionals take the catalog's engine defaults.
enum class ServingLoadKind { Concurrency, RequestsPerSecond, Max };
struct ServingLoad {
    bool operator==(const ServingLoad&) const = default;
    ServingLoadKind kind = ServingLoadKind::Concurrency;
    double value = 32; // requests in flight (concurrency) or arrivals per second; unused for "max"
};
// The statistic an SLO target holds at (serving.slo.percentile): the mean, or the share of requests under it.
enum class SloPercentile { Mean, P50, P90, P99 };
struct ServingSlo {
    bool operator==(const ServingSlo&) const = default;
    std::optional<double> ttftSeconds; // time to first token, at `percentile`
    std::optional<double> tpotSeconds; // time per output token after the first, at `percentile`
    SloPercentile percentile = SloPercentile::Mean;
};
// The shape of a request-length distribution around the plan's mean (serving.traffic.*_distribution).
enum class LengthShape { Fixed, Lognormal, Exponential, Normal };
// The traffic around the mean lengths and load (serving.traffic): length spreads, burstiness, a finite run.
struct ServingTraffic {
    bool operator==(const ServingTraffic&) const = default;
    LengthShape promptShape = LengthShape::Fixed;
    double promptSpread = 0; // coefficient of variation (standard deviation / mean); lognormal and normal
    LengthShape outputShape = LengthShape::Fixed;
    double outputSpread = 0;
    double burstiness = 1; // vLLM bench --burstiness: gamma-distributed gaps of shape k, squared CV 1/k (1 = Poisson)
    std::optional<std::int64_t> requests; // a finite run of N requests (default: a steady state)
};
// The serving engine a replica runs (serving.engine.name); its defaults are catalog data (serving.engine.<name>.*).
enum class ServingEngineKind { Vllm, Sglang, TensorRtLlm, LlamaCpp };
struct ServingEngine {
    bool operator==(const ServingEngine&) const = default;
    ServingEngineKind kind = ServingEngineKind::Vllm;
    std::string version; // as the team runs it (recorded, shown; the defaults are the catalog's)
    std::optional<double> gpuMemoryUtilization; // share of GPU memory the engine takes (KV gets the rest of it)
    std::optional<int> maxNumSeqs; // requests batched together at most
    std::optional<int> maxNumBatchedTokens; // tokens per step (chunked prefill budget)
    double prefixCacheHitRate = 0; // share of prompt tokens found in the prefix cache
    std::optional<std::int64_t> maxModelLen; // longest request the engine admits (default prompt + output)
    std::optional<int> blockSize; // KV-cache page, tokens
    bool cudaGraphs = true; // decode steps replay captured CUDA graphs; false = eager (vLLM enforce_eager)
    // The batch sizes the engine captures decode graphs for and pads a decode-only step's batch up to (vLLM
    // cudagraph_capture_sizes, SGLang cuda_graph_bs, TensorRT-LLM cuda_graph_config batch_sizes with enable_padding);
    // increasing; empty = no padding; nullopt = the engine's default (catalog serving.engine.<engine>.cuda_graph_*).
    // A list, so it sits beside the field table (plan_fields.cpp planPathsBesideTheTable).
    std::optional<std::vector<int>> cudaGraphBatchSizes;
};
// How the replicas split the work (workload.serving.deployment): one engine runs both phases (aggregated), prefill
// and decode run in separate pools with the KV cache moved between them (disaggregated, xPyD), or the planner picks.
enum class ServingDeploymentMode { Aggregated, Disaggregated, Auto };
struct ServingDeployment {
    bool operator==(const ServingDeployment&) const = default;
    ServingDeploymentMode mode = ServingDeploymentMode::Aggregated;
    std::optional<int> prefillReplicas; // disaggregated pools; nullopt = "auto" (the fewest meeting the SLO)
    std::optional<int> decodeReplicas;
    std::optional<int> prefillTensor; // each pool's tensor-parallel size; nullopt = "auto" (searched)
    std::optional<int> decodeTensor;
    // The decode pool may run on another catalog instance among the plan's candidates than its prefill pool (the KV
    // crossing the network both instances have, each pool priced as its own instance's nodes); false = both pools on
    // the same candidate.
    bool mixedInstances = false;
};
// Speculative decoding (serving.speculative): a draft proposes draft_tokens tokens per request and step, the target
// verifies them in one forward; absent figures take the method's catalog defaults (serving.speculative.<method>.*).
enum class SpeculativeMethod { None, Eagle, Eagle3, Mtp };
struct ServingSpeculative {
    bool operator==(const ServingSpeculative&) const = default;
    SpeculativeMethod method = SpeculativeMethod::None;
    std::optional<int> draftTokens; // k, tokens drafted per request and step (vLLM num_speculative_tokens)
    std::optional<double> acceptanceRate; // alpha, the chance each drafted token is accepted given the one before was
};
// Prefix caching by workload shape (serving.prefix_cache): the hit rate follows from the shape instead of being typed;
// KV that does not fit beside the running requests may be offloaded to host memory (LMCache's CPU backend).
enum class PrefixShape { None, SystemPrompt, MultiTurn, Rag };
struct ServingPrefixCache {
    bool operator==(const ServingPrefixCache&) const = default;
    PrefixShape shape = PrefixShape::None; // none: engine.prefix_cache_hit_rate as typed
    std::int64_t sharedTokens = 0; // the shared system prompt (system_prompt, multi_turn) or one document (rag)
    int turns = 1; // multi_turn: turns per conversation (prompt_tokens is the mean over them)
    double thinkSeconds = 0; // multi_turn: a user's time between a reply and the next turn (history held meanwhile)
    int documents = 1; // rag: distinct documents a prompt draws its leading one from, uniformly
    double offloadGib = 0; // host memory per replica holding KV evicted from the GPUs; 0 = no offload
    double diskGib = 0; // local NVMe per replica holding KV evicted from host memory (LMCache local_disk); 0 = none
};
// Many LoRA adapters over one base model (serving.lora): requests spread evenly over `adapters` adapters of one rank
// and target set; the engine keeps max_loras of them in GPU slots (vLLM --max-loras, SGLang --max-loras-per-batch)
// and max_cpu_loras in host memory (vLLM --max-cpu-loras). Absent counts take the engine's catalog defaults.
enum class LoraTargetSet { QueryValue, Attention, AllLinear };
struct ServingLora {
    bool operator==(const ServingLora&) const = default;
    int adapters = 0; // distinct adapters the traffic uses; 0 = the base model only
    int rank = 16; // every adapter's rank, the engine's max_lora_rank
    LoraTargetSet targets = LoraTargetSet::QueryValue; // the adapters' target modules (peft's default q_proj, v_proj)
    std::optional<int> maxLoras; // adapters one batch may use (GPU slots)
    std::optional<int> maxCpuLoras; // adapters kept in host memory (default max_loras)
};
// Wide expert parallelism for MoE models (serving.wide_ep): one EP group over a candidate's GPUs with data-parallel
// attention (SGLang --enable-dp-attention --ep-size, vLLM --enable-expert-parallel with data parallelism), set beside
// the tensor-parallel replicas; EPLB's redundant experts and SGLang's two-batch overlap.
enum class WideEpMode { Off, Auto };
struct ServingWideEp {
    bool operator==(const ServingWideEp&) const = default;
    WideEpMode mode = WideEpMode::Auto; // auto: compared for every MoE model on two or more GPUs
    int redundantExperts = 0; // EPLB's extra expert copies over the group (SGLang --ep-num-redundant-experts)
    bool twoBatchOverlap = false; // SGLang --enable-two-batch-overlap
};
struct ServingSpec {
    bool operator==(const ServingSpec&) const = default;
    std::int64_t promptTokens = 1000;
    std::int64_t outputTokens = 200;
    ServingLoad load;
    ServingSlo slo;
    std::optional<KvPrecision> kvCachePrecision; // default: the model dtype (servingKvPrecision)
    ServingEngine engine;
    ServingSpeculative speculative;
    ServingPrefixCache prefixCache;
    ServingLora lora;
    ServingWideEp wideEp;
    ServingTraffic traffic;
    std::optional<int> replicas; // nullopt = "auto"
    std::optional<double> requestsPerMonth; // traffic volume for the monthly bill
    ServingDeployment deployment;
};

// The requests: lengths, latency targets, the traffic's spread and the KV cache's precision.
template <class Table> void servingRequestFieldEntries(Table& t)
{
    using namespace limits;
    using Unit = FieldUnit;
    using Write = FieldWrite;
    using Report = FieldReport;
    t.add("workload.serving.prompt_tokens", GP_PLAN_MEMBER(workload.serving.promptTokens), Unit::Tokens, 1,
         double(kMaxSequence), Write::WithServing, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Prompt tokens"));
    t.add("workload.serving.output_tokens", GP_PLAN_MEMBER(workload.serving.outputTokens), Unit::Tokens, 1,
         double(kMaxSequence), Write::WithServing, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Output tokens"));
    t.add("workload.serving.slo.ttft_seconds", GP_PLAN_MEMBER(workload.serving.slo.ttftSeconds), Unit::Seconds, 0,
         kMaxLatencySeconds, Write::NotAtDefault, Report::Question)
        .exclusiveMin()
        .words(GP_TRANSLATE_NOOP("FieldText", "Time to first token"));
    t.add("workload.serving.slo.tpot_seconds", GP_PLAN_MEMBER(workload.serving.slo.tpotSeconds), Unit::Seconds, 0,
         kMaxLatencySeconds, Write::NotAtDefault, Report::Question)
        .exclusiveMin()
        .words(GP_TRANSLATE_NOOP("FieldText", "Time per output token"));
    t.add("workload.serving.slo.percentile", GP_PLAN_MEMBER(workload.serving.slo.percentile), Write::NotAtDefault,
         Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Targets hold at"),
            GP_TRANSLATE_NOOP("FieldText",
                "The statistic the latency targets are checked at: the mean, or the share "
                "of requests at or under them (p90: nine in ten)"));
    t.add("workload.serving.traffic.prompt_distribution", GP_PLAN_MEMBER(workload.serving.traffic.promptShape),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Prompt length spread"),
            GP_TRANSLATE_NOOP("FieldText",
                "How prompt lengths vary around their mean: fixed, lognormal or normal "
                "(with the spread below) or exponential"));
    t.add("workload.serving.traffic.prompt_spread", GP_PLAN_MEMBER(workload.serving.traffic.promptSpread), Unit::None,
         0, kMaxLengthSpread, Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Prompt spread (CV)"),
            GP_TRANSLATE_NOOP(
                "FieldText", "Standard deviation of the prompt lengths over their mean, for lognormal and normal"));
    t.add("workload.serving.traffic.output_distribution", GP_PLAN_MEMBER(workload.serving.traffic.outputShape),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Output length spread"),
            GP_TRANSLATE_NOOP("FieldText",
                "How output lengths vary around their mean: fixed, lognormal or normal "
                "(with the spread below) or exponential (chat-like: a long tail)"));
    t.add("workload.serving.traffic.output_spread", GP_PLAN_MEMBER(workload.serving.traffic.outputSpread), Unit::None,
         0, kMaxLengthSpread, Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Output spread (CV)"),
            GP_TRANSLATE_NOOP(
                "FieldText", "Standard deviation of the output lengths over their mean, for lognormal and normal"));
    t.add("workload.serving.traffic.burstiness", GP_PLAN_MEMBER(workload.serving.traffic.burstiness), Unit::None, 0,
         kMaxBurstiness, Write::NotAtDefault, Report::Assumption)
        .exclusiveMin()
        .words(GP_TRANSLATE_NOOP("FieldText", "Burstiness"),
            GP_TRANSLATE_NOOP("FieldText",
                "Arrivals of a rate load as vLLM's benchmark draws them: 1 = Poisson, below "
                "1 burstier, above 1 more even"));
    t.add("workload.serving.traffic.requests", GP_PLAN_MEMBER(workload.serving.traffic.requests), Unit::Requests, 1,
         double(kMaxTrafficRequests), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Requests in the run"),
            GP_TRANSLATE_NOOP("FieldText",
                "A finite run of this many requests instead of a steady state (a benchmark "
                "of N prompts: its makespan includes the tail of the longest outputs); "
                "empty = steady state"));
    t.add("workload.serving.kv_cache_precision", GP_PLAN_MEMBER(workload.serving.kvCachePrecision), Write::NotAtDefault,
         Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "KV cache"));
}

// The engine: its knobs, speculative decoding and the prefix cache.
template <class Table> void servingEngineFieldEntries(Table& t)
{
    using namespace limits;
    using Unit = FieldUnit;
    using Write = FieldWrite;
    using Report = FieldReport;
    t.add("workload.serving.engine.name", GP_PLAN_MEMBER(workload.serving.engine.kind), Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Serving engine"),
            GP_TRANSLATE_NOOP("FieldText",
                "The engine each replica runs: its KV-cache budget rule and default batch "
                "and token limits are the catalog's for that engine"));
    t.add("workload.serving.engine.gpu_memory_utilization",
         GP_PLAN_MEMBER(workload.serving.engine.gpuMemoryUtilization), Unit::Fraction, 0, 1, Write::NotAtDefault,
         Report::Question)
        .exclusiveMin()
        .words(GP_TRANSLATE_NOOP("FieldText", "GPU memory utilization"));
    t.add("workload.serving.engine.max_num_seqs", GP_PLAN_MEMBER(workload.serving.engine.maxNumSeqs), Unit::Requests, 1,
         double(kMaxEngineKnob), Write::NotAtDefault, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Max sequences"));
    t.add("workload.serving.engine.max_num_batched_tokens", GP_PLAN_MEMBER(workload.serving.engine.maxNumBatchedTokens),
         Unit::Tokens, 1, double(kMaxEngineKnob), Write::NotAtDefault, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Max batched tokens"));
    t.add("workload.serving.engine.block_size", GP_PLAN_MEMBER(workload.serving.engine.blockSize), Unit::Tokens, 1,
         double(kMaxEngineKnob), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "KV block size"),
            GP_TRANSLATE_NOOP("FieldText", "Tokens per KV-cache page (vLLM's block_size); empty = the engine's"));
    t.add("workload.serving.engine.prefix_cache_hit_rate", GP_PLAN_MEMBER(workload.serving.engine.prefixCacheHitRate),
         Unit::Fraction, 0, 1, Write::WithServing, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Prefix cache hit rate"));
    t.add("workload.serving.engine.max_model_len", GP_PLAN_MEMBER(workload.serving.engine.maxModelLen), Unit::Tokens, 2,
         double(kMaxSequence), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Max model length"),
            GP_TRANSLATE_NOOP("FieldText",
                "The longest request the engine admits, in tokens (vLLM's max_model_len; llama.cpp's "
                "--ctx-size, the cache its slots share); empty = prompt + output (llama.cpp: 4096)"));
    t.add("workload.serving.engine.cuda_graphs", GP_PLAN_MEMBER(workload.serving.engine.cudaGraphs),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Engine CUDA graphs"),
            GP_TRANSLATE_NOOP("FieldText",
                "Off: the engine launches every kernel of a step from the host (vLLM's enforce_eager, SGLang's "
                "disable_cuda_graph), so a step lasts at least its layers' launches"));
    t.add("workload.serving.speculative.method", GP_PLAN_MEMBER(workload.serving.speculative.method),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Speculative decoding"),
            GP_TRANSLATE_NOOP("FieldText",
                "A draft proposes tokens that the model verifies in one step: an EAGLE or "
                "EAGLE-3 head, or the model's own MTP module; it pays at small batches and "
                "costs at large ones"));
    t.add("workload.serving.speculative.draft_tokens", GP_PLAN_MEMBER(workload.serving.speculative.draftTokens),
         Unit::Tokens, 1, double(kMaxDraftTokens), Write::NotAtDefault, Report::Assumption)
        .sweep("1, 2, 3, 5")
        .words(GP_TRANSLATE_NOOP("FieldText", "Draft tokens"),
            GP_TRANSLATE_NOOP("FieldText",
                "Tokens drafted per request and step (vLLM's num_speculative_tokens); empty "
                "= the method's default"));
    t.add("workload.serving.speculative.acceptance_rate", GP_PLAN_MEMBER(workload.serving.speculative.acceptanceRate),
         Unit::Fraction, 0, 1, Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Draft acceptance"),
            GP_TRANSLATE_NOOP("FieldText",
                "The chance each drafted token is accepted when the one before was; empty = "
                "the method's measured default"));
    t.add("workload.serving.prefix_cache.shape", GP_PLAN_MEMBER(workload.serving.prefixCache.shape),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Prefix sharing"),
            GP_TRANSLATE_NOOP("FieldText",
                "How prompts share prefixes; the prefix-cache hit rate follows from it (none "
                "= the hit rate as typed)"));
    t.add("workload.serving.prefix_cache.shared_tokens", GP_PLAN_MEMBER(workload.serving.prefixCache.sharedTokens),
         Unit::Tokens, 0, double(kMaxSequence), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Shared prefix tokens"),
            GP_TRANSLATE_NOOP(
                "FieldText", "The system prompt every request starts with, or one RAG document's tokens"));
    t.add("workload.serving.prefix_cache.turns", GP_PLAN_MEMBER(workload.serving.prefixCache.turns), Unit::None, 1,
         double(kMaxTurns), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Turns per conversation"));
    t.add("workload.serving.prefix_cache.think_seconds", GP_PLAN_MEMBER(workload.serving.prefixCache.thinkSeconds),
         Unit::Seconds, 0, kMaxLatencySeconds, Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Time between turns"),
            GP_TRANSLATE_NOOP("FieldText", "How long a conversation's history waits in the cache for its next turn"));
    t.add("workload.serving.prefix_cache.documents", GP_PLAN_MEMBER(workload.serving.prefixCache.documents), Unit::None,
         1, double(kMaxDocuments), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "RAG documents"),
            GP_TRANSLATE_NOOP("FieldText", "Distinct documents prompts draw their leading document from"));
    t.add("workload.serving.prefix_cache.offload_gib", GP_PLAN_MEMBER(workload.serving.prefixCache.offloadGib),
         Unit::Gib, 0, kMaxOffloadGib, Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "KV offload to host memory"),
            GP_TRANSLATE_NOOP("FieldText",
                "Host memory per replica that keeps KV evicted from the GPUs (LMCache's CPU "
                "backend); loaded back over PCIe"));
    t.add("workload.serving.prefix_cache.disk_gib", GP_PLAN_MEMBER(workload.serving.prefixCache.diskGib), Unit::Gib, 0,
         kMaxOffloadGib, Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "KV offload to local disk"),
            GP_TRANSLATE_NOOP("FieldText",
                "Local NVMe per replica that keeps KV evicted from host memory (LMCache's local disk backend), at "
                "most the replica's share of the instance's drives; read back, then copied over PCIe"));
}

// Adapters, wide expert parallelism, replicas, the monthly volume and the deployment.
template <class Table> void servingScaleFieldEntries(Table& t)
{
    using namespace limits;
    using Unit = FieldUnit;
    using Write = FieldWrite;
    using Report = FieldReport;
    t.add("workload.serving.lora.adapters", GP_PLAN_MEMBER(workload.serving.lora.adapters), Unit::None, 0,
         double(kMaxServedAdapters), Write::NotAtDefault, Report::Assumption)
        .sweep("1, 8, 64, 512")
        .words(GP_TRANSLATE_NOOP("FieldText", "LoRA adapters"),
            GP_TRANSLATE_NOOP("FieldText",
                "Distinct LoRA adapters the requests use, evenly, over the one base model; 0 "
                "= the base model only"));
    t.add("workload.serving.lora.rank", GP_PLAN_MEMBER(workload.serving.lora.rank), Unit::None, 1, double(kMaxLoraRank),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Adapter rank"),
            GP_TRANSLATE_NOOP("FieldText", "Every adapter's rank, also the engine's max_lora_rank"));
    t.add("workload.serving.lora.targets", GP_PLAN_MEMBER(workload.serving.lora.targets), Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Adapter targets"),
            GP_TRANSLATE_NOOP("FieldText", "The modules each adapter adapts: what loading one copies"));
    t.add("workload.serving.lora.max_loras", GP_PLAN_MEMBER(workload.serving.lora.maxLoras), Unit::None, 1,
         double(kMaxServedAdapters), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Adapters on the GPUs"),
            GP_TRANSLATE_NOOP("FieldText",
                "GPU slots per replica, the adapters one batch may use (vLLM's --max-loras, "
                "SGLang's --max-loras-per-batch); empty = the engine's default"));
    t.add("workload.serving.lora.max_cpu_loras", GP_PLAN_MEMBER(workload.serving.lora.maxCpuLoras), Unit::None, 1,
         double(kMaxServedAdapters), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Adapters in host memory"),
            GP_TRANSLATE_NOOP("FieldText",
                "Adapters kept in host memory per replica (vLLM's --max-cpu-loras); empty = "
                "as many as on the GPUs"));
    t.add("workload.serving.wide_ep.mode", GP_PLAN_MEMBER(workload.serving.wideEp.mode), Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Wide expert parallelism"),
            GP_TRANSLATE_NOOP("FieldText",
                "For MoE models: compare one expert-parallel group over each candidate's "
                "GPUs, attention data-parallel, with the tensor-parallel replicas"));
    t.add("workload.serving.wide_ep.redundant_experts", GP_PLAN_MEMBER(workload.serving.wideEp.redundantExperts),
         Unit::None, 0, double(kMaxRedundantExperts), Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Redundant experts"),
            GP_TRANSLATE_NOOP("FieldText",
                "Extra copies of the busiest experts the load balancer (EPLB) spreads over "
                "the group"));
    t.add("workload.serving.wide_ep.two_batch_overlap", GP_PLAN_MEMBER(workload.serving.wideEp.twoBatchOverlap),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Two-batch overlap"),
            GP_TRANSLATE_NOOP("FieldText",
                "Split each step into two halves so one half's all-to-all runs during the "
                "other's compute (SGLang's --enable-two-batch-overlap)"));
    t.add("workload.serving.replicas", GP_PLAN_MEMBER(workload.serving.replicas), Unit::None, 1, double(kMaxReplicas),
         Write::WithServing, Report::Question)
        .absentAs("auto")
        .words(GP_TRANSLATE_NOOP("FieldText", "Replicas"));
    t.add("workload.serving.requests_per_month", GP_PLAN_MEMBER(workload.serving.requestsPerMonth),
         Unit::RequestsPerMonth, 0, kMaxRequestsPerMonth, Write::NotAtDefault, Report::Question)
        .exclusiveMin()
        .words(GP_TRANSLATE_NOOP("FieldText", "Requests per month"));
    t.add("workload.serving.deployment.mode", GP_PLAN_MEMBER(workload.serving.deployment.mode), Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Prefill and decode"),
            GP_TRANSLATE_NOOP("FieldText",
                "Aggregated: each replica prefills and decodes. Disaggregated: prefill and "
                "decode pools apart, the KV cache moved between them. Auto: the planner "
                "tries both under a rate load and says why one wins"));
    t.add("workload.serving.deployment.prefill_replicas", GP_PLAN_MEMBER(workload.serving.deployment.prefillReplicas),
         Unit::None, 1, double(kMaxReplicas), Write::NotAtDefault, Report::Assumption)
        .absentAs("auto")
        .words(GP_TRANSLATE_NOOP("FieldText", "Prefill replicas"),
            GP_TRANSLATE_NOOP("FieldText", "Replicas of the prefill pool; empty = the fewest meeting the TTFT target"));
    t.add("workload.serving.deployment.decode_replicas", GP_PLAN_MEMBER(workload.serving.deployment.decodeReplicas),
         Unit::None, 1, double(kMaxReplicas), Write::NotAtDefault, Report::Assumption)
        .absentAs("auto")
        .words(GP_TRANSLATE_NOOP("FieldText", "Decode replicas"),
            GP_TRANSLATE_NOOP("FieldText", "Replicas of the decode pool; empty = the fewest meeting the TPOT target"));
    t.add("workload.serving.deployment.prefill_tensor", GP_PLAN_MEMBER(workload.serving.deployment.prefillTensor),
         Unit::None, 1, double(kMaxTensorOrPipeline), Write::NotAtDefault, Report::Assumption)
        .absentAs("auto")
        .words(GP_TRANSLATE_NOOP("FieldText", "Prefill tensor parallel"),
            GP_TRANSLATE_NOOP("FieldText", "GPUs per prefill replica (tensor parallel); empty = searched"));
    t.add("workload.serving.deployment.decode_tensor", GP_PLAN_MEMBER(workload.serving.deployment.decodeTensor),
         Unit::None, 1, double(kMaxTensorOrPipeline), Write::NotAtDefault, Report::Assumption)
        .absentAs("auto")
        .words(GP_TRANSLATE_NOOP("FieldText", "Decode tensor parallel"),
            GP_TRANSLATE_NOOP("FieldText", "GPUs per decode replica (tensor parallel); empty = searched"));
    t.add("workload.serving.deployment.mixed_instances", GP_PLAN_MEMBER(workload.serving.deployment.mixedInstances),
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Decode on another instance"),
            GP_TRANSLATE_NOOP("FieldText",
                "The decode pool may run on any other catalog instance among the candidates (prefill on H100 nodes, "
                "decode on A100 nodes), its KV crossing the network both have; each pool priced as its own "
                "instance's nodes"));
}

// The serving workload's scalar inputs (workload.serving.*), in the order the parser reads them. The load (a kind and
// a value) is read beside the table (plan_parse.cpp).
template <class Table> void servingFieldEntries(Table& t)
{
    servingRequestFieldEntries(t);
    servingEngineFieldEntries(t);
    servingScaleFieldEntries(t);
}

} // namespace gp
