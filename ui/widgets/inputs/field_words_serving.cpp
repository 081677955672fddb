// Labels and tool tips of the serving workload's fields (workload.serving.*), in FieldText's translation context.
#include "widgets/inputs/field_text.h"
#include "widgets/inputs/field_words.h"

namespace gpui
{

namespace
{

// The adapters, the wide expert parallelism, the deployment and the monthly volume (a function of its own: one map
// for every serving field would outgrow the 150-line rule).
FieldWordsMap servingAdapterAndDeploymentWords()
{
    using W = FieldWords;
    return {
        { "workload.serving.lora.adapters",
            W { [] { return FieldText::tr("LoRA adapters"); },
                [] {
                    return FieldText::tr("Distinct LoRA adapters the requests use, evenly, over the one base model; 0 "
                                         "= the base model only");
                } } },
        { "workload.serving.lora.rank",
            W { [] { return FieldText::tr("Adapter rank"); },
                [] { return FieldText::tr("Every adapter's rank, also the engine's max_lora_rank"); } } },
        { "workload.serving.lora.targets",
            W { [] { return FieldText::tr("Adapter targets"); },
                [] { return FieldText::tr("The modules each adapter adapts: what loading one copies"); } } },
        { "workload.serving.lora.max_loras",
            W { [] { return FieldText::tr("Adapters on the GPUs"); },
                [] {
                    return FieldText::tr("GPU slots per replica, the adapters one batch may use (vLLM's --max-loras, "
                                         "SGLang's --max-loras-per-batch); empty = the engine's default");
                } } },
        { "workload.serving.lora.max_cpu_loras",
            W { [] { return FieldText::tr("Adapters in host memory"); },
                [] {
                    return FieldText::tr("Adapters kept in host memory per replica (vLLM's --max-cpu-loras); empty = "
                                         "as many as on the GPUs");
                } } },
        { "workload.serving.wide_ep.mode",
            W { [] { return FieldText::tr("Wide expert parallelism"); },
                [] {
                    return FieldText::tr("For MoE models: compare one expert-parallel group over each candidate's "
                                         "GPUs, attention data-parallel, with the tensor-parallel replicas");
                } } },
        { "workload.serving.wide_ep.redundant_experts",
            W { [] { return FieldText::tr("Redundant experts"); },
                [] {
                    return FieldText::tr("Extra copies of the busiest experts the load balancer (EPLB) spreads over "
                                         "the group");
                } } },
        { "workload.serving.wide_ep.two_batch_overlap",
            W { [] { return FieldText::tr("Two-batch overlap"); },
                [] {
                    return FieldText::tr("Split each step into two halves so one half's all-to-all runs during the "
                                         "other's compute (SGLang's --enable-two-batch-overlap)");
                } } },
        { "workload.serving.slo.percentile",
            W { [] { return FieldText::tr("Targets hold at"); },
                [] {
                    return FieldText::tr("The statistic the latency targets are checked at: the mean, or the share "
                                         "of requests at or under them (p90: nine in ten)");
                } } },
        { "workload.serving.traffic.prompt_distribution",
            W { [] { return FieldText::tr("Prompt length spread"); },
                [] {
                    return FieldText::tr("How prompt lengths vary around their mean: fixed, lognormal or normal "
                                         "(with the spread below) or exponential");
                } } },
        { "workload.serving.traffic.prompt_spread",
            W { [] { return FieldText::tr("Prompt spread (CV)"); },
                [] {
                    return FieldText::tr(
                        "Standard deviation of the prompt lengths over their mean, for lognormal and normal");
                } } },
        { "workload.serving.traffic.output_distribution",
            W { [] { return FieldText::tr("Output length spread"); },
                [] {
                    return FieldText::tr("How output lengths vary around their mean: fixed, lognormal or normal "
                                         "(with the spread below) or exponential (chat-like: a long tail)");
                } } },
        { "workload.serving.traffic.output_spread",
            W { [] { return FieldText::tr("Output spread (CV)"); },
                [] {
                    return FieldText::tr(
                        "Standard deviation of the output lengths over their mean, for lognormal and normal");
                } } },
        { "workload.serving.traffic.burstiness",
            W { [] { return FieldText::tr("Burstiness"); },
                [] {
                    return FieldText::tr("Arrivals of a rate load as vLLM's benchmark draws them: 1 = Poisson, below "
                                         "1 burstier, above 1 more even");
                } } },
        { "workload.serving.traffic.requests",
            W { [] { return FieldText::tr("Requests in the run"); },
                [] {
                    return FieldText::tr("A finite run of this many requests instead of a steady state (a benchmark "
                                         "of N prompts: its makespan includes the tail of the longest outputs); "
                                         "empty = steady state");
                } } },
        { "workload.serving.replicas", W { [] { return FieldText::tr("Replicas"); }, {} } },
        { "workload.serving.deployment.mode",
            W { [] { return FieldText::tr("Prefill and decode"); },
                [] {
                    return FieldText::tr("Aggregated: each replica prefills and decodes. Disaggregated: prefill and "
                                         "decode pools apart, the KV cache moved between them. Auto: the planner "
                                         "tries both under a rate load and says why one wins");
                } } },
        { "workload.serving.deployment.prefill_replicas",
            W { [] { return FieldText::tr("Prefill replicas"); },
                [] {
                    return FieldText::tr("Replicas of the prefill pool; empty = the fewest meeting the TTFT target");
                } } },
        { "workload.serving.deployment.decode_replicas",
            W { [] { return FieldText::tr("Decode replicas"); },
                [] {
                    return FieldText::tr("Replicas of the decode pool; empty = the fewest meeting the TPOT target");
                } } },
        { "workload.serving.deployment.prefill_tensor",
            W { [] { return FieldText::tr("Prefill tensor parallel"); },
                [] { return FieldText::tr("GPUs per prefill replica (tensor parallel); empty = searched"); } } },
        { "workload.serving.deployment.decode_tensor",
            W { [] { return FieldText::tr("Decode tensor parallel"); },
                [] { return FieldText::tr("GPUs per decode replica (tensor parallel); empty = searched"); } } },
        { "workload.serving.requests_per_month", W { [] { return FieldText::tr("Requests per month"); }, {} } },
    };
}

} // namespace

FieldWordsMap servingFieldWords()
{
    using W = FieldWords;
    FieldWordsMap words {
        { "workload.serving.prompt_tokens", W { [] { return FieldText::tr("Prompt tokens"); }, {} } },
        { "workload.serving.output_tokens", W { [] { return FieldText::tr("Output tokens"); }, {} } },
        { "workload.serving.slo.ttft_seconds", W { [] { return FieldText::tr("Time to first token"); }, {} } },
        { "workload.serving.slo.tpot_seconds", W { [] { return FieldText::tr("Time per output token"); }, {} } },
        { "workload.serving.kv_cache_precision", W { [] { return FieldText::tr("KV cache"); }, {} } },
        { "workload.serving.engine.name",
            W { [] { return FieldText::tr("Serving engine"); },
                [] {
                    return FieldText::tr("The engine each replica runs: its KV-cache budget rule and default batch "
                                         "and token limits are the catalog's for that engine");
                } } },
        { "workload.serving.engine.gpu_memory_utilization",
            W { [] { return FieldText::tr("GPU memory utilization"); }, {} } },
        { "workload.serving.engine.max_num_seqs", W { [] { return FieldText::tr("Max sequences"); }, {} } },
        { "workload.serving.engine.max_num_batched_tokens",
            W { [] { return FieldText::tr("Max batched tokens"); }, {} } },
        { "workload.serving.engine.block_size",
            W { [] { return FieldText::tr("KV block size"); },
                [] { return FieldText::tr("Tokens per KV-cache page (vLLM's block_size); empty = the engine's"); } } },
        { "workload.serving.engine.prefix_cache_hit_rate",
            W { [] { return FieldText::tr("Prefix cache hit rate"); }, {} } },
        { "workload.serving.engine.max_model_len",
            W { [] { return FieldText::tr("Max model length"); },
                [] {
                    return FieldText::tr(
                        "The longest request the engine admits, in tokens (vLLM's max_model_len; llama.cpp's "
                        "--ctx-size, the cache its slots share); empty = prompt + output (llama.cpp: 4096)");
                } } },
        { "workload.serving.speculative.method",
            W { [] { return FieldText::tr("Speculative decoding"); },
                [] {
                    return FieldText::tr("A draft proposes tokens that the model verifies in one step: an EAGLE or "
                                         "EAGLE-3 head, or the model's own MTP module; it pays at small batches and "
                                         "costs at large ones");
                } } },
        { "workload.serving.speculative.draft_tokens",
            W { [] { return FieldText::tr("Draft tokens"); },
                [] {
                    return FieldText::tr("Tokens drafted per request and step (vLLM's num_speculative_tokens); empty "
                                         "= the method's default");
                } } },
        { "workload.serving.speculative.acceptance_rate",
            W { [] { return FieldText::tr("Draft acceptance"); },
                [] {
                    return FieldText::tr("The chance each drafted token is accepted when the one before was; empty = "
                                         "the method's measured default");
                } } },
        { "workload.serving.prefix_cache.shape",
            W { [] { return FieldText::tr("Prefix sharing"); },
                [] {
                    return FieldText::tr("How prompts share prefixes; the prefix-cache hit rate follows from it (none "
                                         "= the hit rate as typed)");
                } } },
        { "workload.serving.prefix_cache.shared_tokens",
            W { [] { return FieldText::tr("Shared prefix tokens"); },
                [] {
                    return FieldText::tr("The system prompt every request starts with, or one RAG document's tokens");
                } } },
        { "workload.serving.prefix_cache.turns", W { [] { return FieldText::tr("Turns per conversation"); }, {} } },
        { "workload.serving.prefix_cache.think_seconds",
            W { [] { return FieldText::tr("Time between turns"); },
                [] {
                    return FieldText::tr("How long a conversation's history waits in the cache for its next turn");
                } } },
        { "workload.serving.prefix_cache.documents",
            W { [] { return FieldText::tr("RAG documents"); },
                [] { return FieldText::tr("Distinct documents prompts draw their leading document from"); } } },
        { "workload.serving.prefix_cache.offload_gib",
            W { [] { return FieldText::tr("KV offload to host memory"); },
                [] {
                    return FieldText::tr("Host memory per replica that keeps KV evicted from the GPUs (LMCache's CPU "
                                         "backend); loaded back over PCIe");
                } } },
    };
    words.merge(servingAdapterAndDeploymentWords());
    return words;
}

} // namespace gpui
