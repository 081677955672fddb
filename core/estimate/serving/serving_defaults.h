// The serving model's defaults (resources/catalog/defaults-serving.json, each with its source), the plan's
// `assumptions` applied, and the engine settings one replica runs with.
#pragma once

#include "catalog/catalog.h"
#include "estimate/serving/lora_adapters.h"
#include "estimate/serving/speculative_decoding.h"
#include "plan/plan.h"
#include "plan/plan_enum_tables.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gp
{

// How an engine forms its steps and admits requests in a finite run (finite_run.cpp). The default is vLLM V1's and
// TensorRT-LLM's: each step decodes every running request and fills the rest of the token budget with prompt chunks;
// a request is admitted while its full length fits the KV cache. SGLang's scheduler (prefillOnlySteps) runs a step of
// waiting prompts alone, decodes paused, whenever one can be formed, else a decode step; it admits a prompt while its
// tokens and its whole output, with the running requests' tokens and new-token ratio x their outputs left, fit the
// pool (the ratio starts at initNewTokenRatio, falls by newTokenRatioDecay each decode step to minNewTokenRatio); a
// decode step the pool cannot hold retracts requests until retractDecodeSteps steps of the rest fit.
struct EngineScheduling {
    bool prefillOnlySteps = false;
    double initNewTokenRatio = 1, minNewTokenRatio = 1, newTokenRatioDecay = 0;
    double retractDecodeSteps = 0;
};

// Every figure comes from the catalog (no value in code); the zeros are placeholders servingDefaults() overwrites.
struct ServingDefaults {
    double gpuMemoryUtilization = 0;
    int blockSize = 0;
    double largeGpuBytes = 0;
    int maxNumSeqsLarge = 0, maxNumSeqsSmall = 0;
    int maxNumBatchedTokensLarge = 0, maxNumBatchedTokensSmall = 0;
    double samplerBytesPerLogit = 0; // vLLM's profiling sampler with 128 rows or more (or one)
    double samplerFullSortBytesPerLogit = 0; // with 2 to 127 rows (PyTorch's full-sort path)
    double nonTorchSingleBytes = 0;
    double nonTorchTensorParallelBytes = 0;
    double driverReservedBytes = 0;
    double decodeBandwidthEfficiency = 0; // assumptions.serving_decode_bandwidth_efficiency overrides
    double prefillComputeEfficiency = 0; // assumptions.serving_prefill_compute_efficiency overrides
    double stepOverheadSeconds = 0; // assumptions.serving_step_overhead_seconds overrides
    double requestOverheadSeconds = 0; // front end, tokenization and scheduling of one request, before its first step
    double moeRoutingSecondsPerLayer = 0; // latency-bound routing kernels of each MoE layer, every step
    double eagerLayerHostSeconds = 0; // host time of one layer's kernel launches in an eager forward (no CUDA graphs)
    double rateHeadroom = 0; // a rate load: a replica planned at most at its saturated throughput over this
    double marlinInt4BandwidthRatio = 0; // int4 weight reads in Marlin over the 16-bit decode bandwidth
    // llama.cpp's quantized matrix-vector kernels (mmvq): Q8_0 and Q4_0 weight reads over its 16-bit decode bandwidth
    double llamaCppQ8BandwidthRatio = 0, llamaCppQ4BandwidthRatio = 0;
    double nvmeReadBytesPerSecondPerDrive = 0; // prefix cache's disk tier: one local NVMe drive's sequential read
    // Each engine's CPU work per step and running request, and whether that CPU work overlaps the GPU's step
    // (serving.engine.<engine>.cpu_us_per_request, .overlaps_cpu), by ServingEngineKind.
    std::array<double, std::size(detail::kServingEngines)> cpuSecondsPerRequest {};
    std::array<bool, std::size(detail::kServingEngines)> overlapsCpu {};
    // Whether a step mixing prompts and decodes runs their attention as two kernels, the prompts' after the decodes'
    // (serving.engine.<engine>.splits_mixed_attention: TensorRT-LLM's enqueueContext and enqueueGeneration), by
    // ServingEngineKind.
    std::array<bool, std::size(detail::kServingEngines)> splitsMixedAttention {};
    // Each engine's default CUDA-graph batch sizes a decode-only step is padded up to
    // (serving.engine.<engine>.cuda_graph_batch_sizes; empty: no padding), by ServingEngineKind.
    std::array<std::vector<int>, std::size(detail::kServingEngines)> cudaGraphBatchSizes {};
    // By the plan's stated release (engine_release.h): the last release of each engine whose scheduler ran its CPU work
    // after the GPU's step by default, and the last whose prompt-carrying steps ran without CUDA graphs
    // (serving.engine.<engine>.sync_loop_through_version, .eager_prefill_through_version: release numbers; 0, as for
    // TensorRT-LLM and llama.cpp: no release known to differ from the defaults), by ServingEngineKind.
    std::array<int, std::size(detail::kServingEngines)> syncLoopThroughRelease {};
    std::array<int, std::size(detail::kServingEngines)> eagerPrefillThroughRelease {};
    // SGLang: the static share (weights + KV pool) by tensor-parallel size 1, 2, 4, 8, 16+; step budget on GPUs of at
    // least smallGpuBytes and below; the running-request cap (also at most half the KV pool's tokens).
    double sglangMemFractionStatic[5] = { 0, 0, 0, 0, 0 };
    double sglangSmallGpuBytes = 0;
    int sglangChunkedPrefillLarge = 0, sglangChunkedPrefillSmall = 0, sglangMaxRunningRequests = 0;
    EngineScheduling sglangScheduling; // its scheduler (serving.engine.sglang.mixed_chunk, .*_new_token_ratio*, ...)
    // TensorRT-LLM: the KV cache's share of the memory free after the weights and runtime buffers; batch and token
    // caps.
    double trtllmFreeGpuMemoryFraction = 0;
    int trtllmMaxBatchSize = 0, trtllmMaxNumTokens = 0;
    // llama.cpp's llama-server: slots (--parallel auto), context cells allocated at start (--ctx-size), logical and
    // physical batch (--batch-size, --ubatch-size).
    int llamaCppParallel = 0, llamaCppCtxSize = 0, llamaCppBatchSize = 0, llamaCppUbatchSize = 0;
    // Speculative decoding: each method's figures (serving.speculative.<method>.*), by SpeculativeMethod.
    SpeculativeMethodDefaults speculative[4];
    LoraDefaults lora; // many LoRA adapters (serving.lora.*)
};
ServingDefaults servingDefaults(const Catalog& catalog, const Assumptions& assumptions);

// The KV-cache precision a serving plan runs with: the plan's, else the model dtype (vLLM "auto"): fp16 for
// fp16 models, bf16 otherwise (an fp8 checkpoint keeps a 16-bit cache unless asked for an fp8 one).
KvPrecision servingKvPrecision(const Workload& workload);

// What one replica's engine runs with on `gpu`: the plan's engine knobs, else the defaults of the plan's engine for
// that GPU and the replica's tensor-parallel size.
struct EngineSettings {
    ServingEngineKind kind = ServingEngineKind::Vllm;
    double gpuMemoryUtilization = 0.9; // the engine's memory knob in its own meaning (vLLM: of the GPU; SGLang: static
                                       // share of the GPU; TensorRT-LLM: KV share of the memory left free)
    int maxNumSeqs = 256;
    int maxNumBatchedTokens = 2048;
    int blockSize = 16;
    std::int64_t requestTokens = 0; // full length of one request (max_model_len, else prompt + output)
    // llama.cpp: the KV cells allocated at start for every slot together (--ctx-size, one unified cache; the plan's
    // max_model_len); 0 for the engines that size their cache from a memory share.
    std::int64_t contextTokens = 0;
    int ubatchTokens = 0; // llama.cpp: tokens per forward (--ubatch-size); its compute buffer is sized for them
    double prefixCacheHitRate = 0;
    KvPrecision kvPrecision = KvPrecision::Bf16;
    // The precision the routed experts' GEMMs compute in (the kernel family the engine runs for the weight format):
    // the plan's precision, except where the engine quantizes their activations further (expertComputePrecision).
    Precision expertPrecision = Precision::Bf16;
    bool marlinInt4 = false; // int4 weights read by Marlin (runsMarlinInt4)
    double cpuSecondsPerRequest = 0; // the engine's CPU work per step and running request
    bool overlapsCpu = true; // that CPU work runs beside the GPU's step (the step lasts the longer), else after it
    bool splitsMixedAttention = false; // a mixed step's prompts attend in a kernel of their own after the decodes'
    bool cudaGraphs = true; // steps replay captured CUDA graphs; false: every kernel launched from the host (eager)
    // The batch sizes a decode-only step is padded up to (the plan's workload.serving.engine.cuda_graph_batch_sizes,
    // else the engine's default; TensorRT-LLM's capped at max_num_seqs), increasing; empty: no padding.
    std::vector<int> cudaGraphBatchSizes;
    // Decode steps replay graphs but a step carrying prompt tokens launches its kernels from the host (the stated
    // release's default: SGLang's forward_extend and vLLM V0 before piecewise graphs).
    bool eagerPrefill = false;
    // Whether the plan states a release the catalog's release rules read (else today's defaults apply).
    bool statedRelease = false;
    EngineScheduling scheduling; // how a finite run forms its steps and admits requests
    SpeculativeSettings speculative; // method "none": off
    LoraSettings lora; // no adapters: off
};
EngineSettings engineSettings(
    const Workload& workload, const GpuSpec& gpu, const ServingDefaults& defaults, int tensorParallel);

// The precision an engine's MoE kernels multiply the routed experts in. TensorRT-LLM runs MXFP4 experts with MXFP8
// activations on GPUs whose tensor cores run MXFP8 (W4A8_MXFP4_MXFP8, FP8 rate) and with 16-bit activations before
// them (W4A16_MXFP4); the rest of the model (attention, router, head: 16-bit in an MXFP4 checkpoint) keeps the plan's
// precision. Other engines and formats: the plan's precision.
Precision expertComputePrecision(const Workload& workload, const GpuSpec& gpu);

// Whether the engine multiplies int4 weights in Marlin: vLLM and SGLang (gptq_marlin, awq_marlin) on NVIDIA GPUs with
// BF16 tensor cores (compute capability 8.0 and later).
bool runsMarlinInt4(const Workload& workload, const GpuSpec& gpu);

// Every catalog default key the serving model reads.
const std::vector<std::string>& servingDefaultKeys();

} // namespace gp
