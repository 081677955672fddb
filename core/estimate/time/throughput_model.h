// Step time, throughput, MFU and bottleneck for training; prefill and decode speed for inference.
#pragma once

#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/common/results.h"
#include "estimate/time/goodput.h"
#include "plan/plan.h"
#include "transformer/model_library.h"
#include "transformer/training_flops.h"

namespace gp
{

struct ThroughputEstimate {
    StepTime step;
    double tokensPerSecond = 0; // whole candidate
    double modelFlopsUtilization = 0; // model FLOPs / (GPUs x dense peak x time)
    double flopsPerStep = 0; // model FLOPs (no recomputation) per optimizer step
    double trainingFlops = 0; // for the plan's tokens
    double trainingHours = 0;
    double gpuHours = 0;
    std::optional<double> decodeTokensPerSecond;
    std::optional<double> prefillSeconds;
    Bottleneck bottleneck = Bottleneck::Compute; // the largest share of the step
    std::optional<Bottleneck> largestOverhead; // the largest exposed share beyond compute (none: nullopt)
    double largestOverheadSeconds = 0; // its seconds per step
    Diagnostics warnings; // the Tencent Cloud guides' sizing rules: cpu_cores_per_gpu_low, ram_per_vcpu_low, ...

    // How the figures above were reached (for explanations and tests).
    double computeEfficiency = 0; // fraction of dense peak the matmuls reach
    double peakTflopsPerGpu = 0; // dense peak used for the precision
    double achievedTflopsPerGpu = 0; // hardware FLOPs (with recomputation) per GPU per second
    double modelFlopsPerToken = 0; // no recomputation
    double hardwareFlopsPerToken = 0; // with recomputation
    double tokensPerStep = 0;
    double goodput = 1; // productive fraction of the wall-clock training hours (goodputFigures)
    GoodputFigures goodputFigures; // where the wall-clock hours go: steps, evaluation, checkpoints, failures
    double memoryBoundSeconds = 0; // part of step.compute spent on memory traffic (no flash attention,
                                   // QLoRA dequantization, weight reads at tiny batches)
    double fp8CastSeconds = 0; // part of memoryBoundSeconds casting the linear layers' operands to fp8
    double loraDropoutSeconds = 0; // part of memoryBoundSeconds in LoRA's dropout kernels (workload.lora.dropout)
    double loraAdapterPassSeconds = 0; // part of memoryBoundSeconds in PEFT's casts, scaling and sum around each
                                       // adapted module (framework hf; estimate/common/lora_adapter_passes.h)
    double optimizerUpdateSeconds = 0; // part of memoryBoundSeconds in the optimizer's update after the last
                                       // micro-batch (optimizer_update.h; counted under framework hf)
    double gradientAccumulationSeconds = 0; // part of memoryBoundSeconds accumulating each micro-batch's gradients
                                            // (deepspeed_step_passes.h; counted under framework deepspeed)
    double unsplitLayerPassSeconds = 0; // part of memoryBoundSeconds in the layer passes each tensor rank repeats
                                        // without sequence parallelism (deepspeed_step_passes.h; deepspeed)
    double pipelineBubbleSeconds = 0; // part of step.compute idle in the pipeline schedule
    double attentionSeconds = 0; // part of step.compute in the attention core (QK^T, PV and their backward),
                                 // at the flash-attention kernel's efficiency where the catalog has it
    double expertComputeSeconds = 0; // part of step.compute in the routed experts' grouped GEMMs (MoE), load
                                     // imbalance included
    double expertCallFloorSeconds = 0; // the least time the routed experts' per-expert GEMM calls (and FP8 quantize
                                       // kernels) take when issued eagerly (Megatron's grouped GEMM,
                                       // moe_layer_time.h; expertComputeSeconds is at least this)
    double moeTokenPassSeconds = 0; // part of memoryBoundSeconds in the MoE router's score kernels and the token
                                    // permute / unpermute (and the all-to-all dispatcher's chunk sorts, and under
                                    // FP8 the padding of the experts' rows)
    double expertParallelSeconds = 0; // part of step.communication in the expert-parallel all-to-alls (MoE) left
                                      // exposed; a pipeline's bubble idles for it too (pipelineBubbleSeconds)
    double tensorParallelSeconds = 0; // part of step.communication in the tensor-parallel transfers left exposed (what
                                      // Transformer Engine's overlap leaves); a pipeline's bubble idles for it too
    double contextParallelSeconds = 0; // part of step.communication in the context-parallel exchange (ring attention)
                                       // left exposed; a pipeline's bubble idles for it too (pipelineBubbleSeconds)
    double communicationRawSeconds = 0; // all communication before overlap (intra-node + network)
    double intraNodeBusySeconds = 0; // link busy time per step (before overlap)
    double networkBusySeconds = 0;
    double pcieBusySeconds = 0;
    double cpuBusySeconds = 0;
    double dataLoadingBusySeconds = 0;
};

// Training: step time, throughput, MFU, hours and bottleneck for workload.trainingTokens.
// Inference: prefill seconds and decode tokens/s of workload.inference. Never throws; unknown peaks give zeros
// and a "throughput_unknown" warning.
ThroughputEstimate estimateThroughput(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const MemoryBreakdown& memory, const Assumptions& assumptions, const Catalog& catalog);
// What an estimate includes: everything, or only the figures (no sizing-rule warnings, whose wording formats numbers:
// the planner's scoring path, which words warnings for its final choice only).
enum class ThroughputDetail { Full, FiguresOnly };

// As above with the defaults already resolved by performanceDefaults() for this hardware's GPU (the planner
// resolves them once per candidate rather than once per configuration); `catalog` supplies the links. `flops`, when
// given, is trainingFlopsPerToken(model's architecture and counts, workload, config.checkpointing) as the caller
// already computed it (the planner keeps one per checkpointing level of a candidate); null computes it here.
ThroughputEstimate estimateThroughput(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const Catalog& catalog, const PerformanceDefaults& defaults,
    ThroughputDetail detail = ThroughputDetail::Full, const TrainingFlopsPerToken* flops = nullptr);

// Dense peak TFLOPS of the GPU for a training precision, at the precision it runs there (precisionOnGpu).
std::optional<double> peakTflops(const GpuSpec& gpu, Precision precision);

// Every catalog default key the time model reads (see resources/catalog/defaults-performance.json).
const std::vector<std::string>& throughputDefaultKeys();

} // namespace gp
