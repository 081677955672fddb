// Memory model entry points: defaults, runtime and allocator overheads, fit helpers.
#include "estimate/memory/memory_internal.h"

#include "estimate/common/lora_dropout.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gp
{

MemoryDefaults memoryDefaults(const Assumptions& as, const Catalog& catalog)
{
    MemoryDefaults d;
    // The plan's assumption when given, else the catalog's default (resources/catalog/defaults-memory.json).
    auto pick = [&](const std::optional<double>& user, const char* key, double lo, double hi) {
        const double v = user && std::isfinite(*user) ? *user : catalogDefault(catalog, key, lo, hi);
        return std::clamp(std::isfinite(v) ? v : catalogDefault(catalog, key, lo, hi), lo, hi);
    };
    d.cudaContextBytes = pick(as.cudaContextGib, "cuda_context_gib", 0.0, 64.0) * kGiB;
    d.ncclBytes = pick(as.ncclGib, "nccl_gib", 0.0, 64.0) * kGiB;
    d.allocatorFraction = pick(as.allocatorFraction, "allocator_fraction", 0.0, 1.0);
    d.lossChunks = pick(std::nullopt, "loss_chunks", 1, 1e6);
    d.zero3PrefetchUnits = pick(std::nullopt, "zero3_prefetch_units", 1, 64);
    d.offloadCpuMargin = pick(std::nullopt, "offload_cpu_margin", 1, 10);
    d.megatronMainGradientBytes = pick(std::nullopt, "framework.megatron.main_gradient_bytes", 1, 8);
    d.megatronLossBytesPerLogit = pick(std::nullopt, "framework.megatron.loss_bytes_per_logit", 1, 16);
    d.fsdpGradientBytes = pick(std::nullopt, "framework.fsdp.gradient_bytes", 1, 8);
    d.unslothLossChunkBytes = pick(std::nullopt, "framework.unsloth.loss_chunk_target_gib", 0.001, 1024) * kGiB;
    d.unslothOffloadGpuBuffers = pick(std::nullopt, "framework.unsloth.offload_gpu_buffers", 1, 8);
    d.litgptLossChunkTokens = pick(std::nullopt, "framework.litgpt.loss_chunk_tokens", 1, 1e6);
    d.loraDropout = pick(std::nullopt, kLoraDropoutDefaultKey, 0, 0.999);
    return d;
}

const std::vector<std::string>& memoryDefaultKeys()
{
    static const std::vector<std::string> keys { "cuda_context_gib", "nccl_gib", "allocator_fraction",
        "headroom_fraction", "loss_chunks", "zero3_prefetch_units", "offload_cpu_margin",
        "framework.megatron.main_gradient_bytes", "framework.megatron.loss_bytes_per_logit",
        "framework.fsdp.gradient_bytes", "framework.unsloth.loss_chunk_target_gib",
        "framework.unsloth.offload_gpu_buffers", "framework.litgpt.loss_chunk_tokens", kLoraDropoutDefaultKey };
    return keys;
}

double headroomFraction(const Assumptions& assumptions, const Catalog& catalog)
{
    const double v = assumptions.headroomFraction && std::isfinite(*assumptions.headroomFraction)
        ? *assumptions.headroomFraction
        : catalogDefault(catalog, "headroom_fraction", 0.0, 0.9);
    return std::clamp(v, 0.0, 0.9);
}

double usableMemoryBytes(const Hardware& hardware, double headroom)
{
    double capacity = std::isfinite(hardware.gpu.memoryBytes) ? std::max(0.0, hardware.gpu.memoryBytes) : 0.0;
    if (hardware.gpu.usableMemoryBytes && std::isfinite(*hardware.gpu.usableMemoryBytes)
        && *hardware.gpu.usableMemoryBytes > 0)
        capacity = std::min(capacity, *hardware.gpu.usableMemoryBytes);
    return capacity * (1.0 - headroom);
}

double usableMemoryBytes(const Hardware& hardware, const Assumptions& assumptions, const Catalog& catalog)
{
    return usableMemoryBytes(hardware, headroomFraction(assumptions, catalog));
}

using namespace memory_detail;

namespace
{

TrainingFramework frameworkOf(const Workload& workload)
{
    // The plan's framework switches (LoRA dropout is the plan's workload.lora, read with the memory defaults).
    TrainingFramework framework;
    framework.masterWeights = workload.masterWeights;
    framework.pagedOptimizer = workload.pagedOptimizer;
    framework.compiled = workload.torchCompile;
    framework.ligerKernel = workload.ligerKernel;
    framework.optimizerInBackward = workload.optimizerInBackward;
    framework.stack = workload.framework;
    return framework;
}

// The parts every estimate adds to the model's: allocator slack, CUDA context and NCCL, host RAM per node; then
// every part made finite.
MemoryBreakdown completed(
    MemoryBreakdown m, Mode mode, const Configuration& config, const Hardware& hardware, const MemoryDefaults& d)
{
    const double visible = m.weights + m.gradients + m.optimizer + m.activations + m.logits + m.kvCache + m.buffers;
    m.allocator = d.allocatorFraction * visible;
    const long long modelParallel = (long long)std::max(1, config.tensor) * std::max(1, config.pipeline);
    const long long gpus = modelParallel * std::max(1, config.data);
    // NCCL communicators exist once GPUs talk: any parallelism in training; only tensor/pipeline groups in
    // inference (data-parallel replicas of a server are independent processes).
    const long long communicating = mode == Mode::Training ? gpus : modelParallel;
    m.runtime = d.cudaContextBytes + (communicating > 1 ? d.ncclBytes : 0.0);
    // Host RAM per node: the offloaded shards of the node's GPUs, with DeepSpeed's pinned-buffer margin.
    const double gpusOnNode = double(std::min<long long>(std::max(1, hardware.gpusPerNode), gpus));
    m.cpuBytes = m.cpuBytes * gpusOnNode * d.offloadCpuMargin;
    // NaN and negative parts read 0, infinite ones 1e300 (a figure JSON can carry that never fits).
    auto finite = [](double& part) {
        if (!(part >= 0 && part <= std::numeric_limits<double>::max()))
            part = part > 0 ? 1e300 : 0.0;
    };
    finite(m.weights);
    finite(m.gradients);
    finite(m.optimizer);
    finite(m.activations);
    finite(m.logits);
    finite(m.kvCache);
    finite(m.buffers);
    finite(m.allocator);
    finite(m.runtime);
    finite(m.cpuBytes);
    m.sum();
    return m;
}

MemoryBreakdown estimateWithDefaults(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const MemoryDefaults& d, const TrainingFramework& framework)
{
    return completed(workload.mode == Mode::Training ? estimateTraining(model, workload, config, d, framework)
                                                     : estimateInference(model, workload, config, d),
        workload.mode, config, hardware, d);
}

} // namespace

MemoryBreakdown estimateMemory(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const Assumptions& assumptions, const Catalog& catalog,
    const TrainingFramework& framework)
{
    return estimateWithDefaults(model, workload, config, hardware, memoryDefaults(assumptions, catalog), framework);
}

MemoryBreakdown estimateMemory(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const MemoryDefaults& defaults)
{
    return estimateWithDefaults(model, workload, config, hardware, defaults, frameworkOf(workload));
}

TrainingMemoryBasis trainingMemoryBasis(
    const ResolvedModel& model, const Workload& workload, const Configuration& config, const MemoryDefaults& defaults)
{
    return trainingMemoryBasis(model, workload, config, defaults, frameworkOf(workload));
}

MemoryBreakdown estimateMemory(const TrainingMemoryBasis& basis, const Configuration& config, const Hardware& hardware)
{
    return completed(estimateTraining(basis, config), Mode::Training, config, hardware, basis.defaults);
}

MemoryBreakdown estimateMemory(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const Assumptions& assumptions, const Catalog& catalog)
{
    return estimateWithDefaults(
        model, workload, config, hardware, memoryDefaults(assumptions, catalog), frameworkOf(workload));
}

std::int64_t maxSequenceLength(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const Assumptions& assumptions, const Catalog& catalog, std::int64_t upperBound)
{
    const double usable = usableMemoryBytes(hardware, assumptions, catalog);
    auto fits = [&](std::int64_t length) {
        Workload w = workload;
        if (w.mode == Mode::Training)
            w.sequenceLength = length;
        else
            w.inference.promptTokens = length;
        return estimateMemory(model, w, config, hardware, assumptions, catalog).total <= usable;
    };
    std::int64_t lo = 0, hi = std::max<std::int64_t>(1, upperBound);
    if (fits(hi))
        return hi;
    while (hi - lo > 1) { // invariant: lo fits (or is 0), hi does not
        const std::int64_t mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    return lo;
}

int maxMicroBatch(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hardware, const Assumptions& assumptions, const Catalog& catalog, int upperBound)
{
    const double usable = usableMemoryBytes(hardware, assumptions, catalog);
    auto fits = [&](int batch) {
        Configuration c = config;
        c.microBatchSize = batch; // inference: the batch of sequences served together
        return estimateMemory(model, workload, c, hardware, assumptions, catalog).total <= usable;
    };
    int lo = 0, hi = std::max(1, upperBound);
    if (fits(hi))
        return hi;
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    return lo;
}

} // namespace gp
