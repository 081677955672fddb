// The decode step of one GPU in a wide-EP group, with `b` requests of its own:
// - reads: the non-expert weights (every GPU holds them whole), its local routed experts that the step's tokens touch
//   (the group's G x b tokens route G x b x k expert rows evenly over E + R expert copies: a local copy is touched
//   with probability 1 - exp(-rows per copy)), and its requests' KV at their mean context;
// - FLOPs: b tokens of the whole model (its share of the routed rows is b x k, what b tokens' experts compute);
// - the all-to-alls: per MoE layer, a dispatch of b tokens in fp8 and a combine in bf16 (DeepEP's formats), each over
//   the link model of the training estimate (expertAllToAll: NVLink inside a node, one copy per node over RDMA and a
//   forward over NVLink, DeepSeek-V3's node-limited routing); with two-batch overlap they hide behind the other
//   half-batch's compute (SGLang TBO), else they add to it;
// - the MoE layers' routing kernels and the engine's per-step overhead (the serving defaults).
// Memory follows the engine's rule (engineMemory) at tensor 1 with the experts split G ways: the KV cache per GPU is
// what one GPU's weights leave, for full-width KV of its own requests only.
#include "estimate/serving/wide_expert_parallel.h"

#include "base/finite_number.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/memory/memory_model.h"
#include "estimate/serving/engine_memory.h"
#include "estimate/time/communication_model.h"
#include "estimate/time/throughput_model.h"
#include "plan/precision.h"
#include "transformer/attention.h"
#include "transformer/layers.h"
#include "transformer/training_flops.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

// DeepEP's dispatch sends fp8 values with one fp32 scale per 128 (its low-latency and normal kernels' FP8 mode);
// the combine returns bf16.
constexpr double kWideEpDispatchBytesPerValue = 1.0 + 4.0 / 128;
constexpr double kWideEpCombineBytesPerValue = 2.0;

} // namespace

WideEpModel::WideEpModel(const ResolvedModel& model, const Workload& workload, const Hardware& hw,
    const Assumptions& assumptions, const Catalog& catalog, const WideEpSettings& settings)
    : m_model(model)
    , m_workload(workload)
    , m_hardware(hw)
    , m_settings(settings)
{
    const Architecture& arch = model.architecture;
    const ServingDefaults d = servingDefaults(catalog, assumptions);
    m_engine = engineSettings(workload, hw.gpu, d, 1);
    const int ranks = std::max(1, settings.ranks);
    Configuration config;
    config.tensor = 1;
    config.pipeline = 1;
    config.expert = ranks;
    config.microBatchSize = 1;
    // The engine's memory at tensor 1 with the experts split over the group, then EPLB's redundant copies.
    const EngineMemory m = engineMemory(model, workload, config, hw, m_engine, d, assumptions, catalog);
    Configuration whole = config;
    whole.expert = 1;
    const double all = inferenceWeightBytesPerGpu(model, workload, whole);
    const double split = inferenceWeightBytesPerGpu(model, workload, config);
    const double routedTotal = ranks > 1 ? std::max(0.0, all - split) / (1.0 - 1.0 / ranks) : 0.0;
    const double experts = std::max(1.0, double(arch.numExperts));
    const double copies = experts + std::max(0, settings.redundantExperts);
    m_localExperts = copies / ranks;
    m_localExpertBytes = routedTotal / experts * m_localExperts;
    m_denseReadBytes = std::max(0.0, all - routedTotal);
    m_weightBytes = m_denseReadBytes + m_localExpertBytes + m.loraBytes;
    const double extra = m_weightBytes - m.weightBytes; // the redundant copies beyond the even split
    m_kvBytesPerToken = m.kvBytesPerToken;
    const double budget = m.kvBudgetBytes - extra;
    const double length = double(std::max<std::int64_t>(m_engine.requestTokens, 1));
    if (budget > 0 && m_kvBytesPerToken > 0) {
        const double page = m_kvBytesPerToken * std::max(1, m_engine.blockSize);
        m_kvTokens = std::floor(budget / page) * std::max(1, m_engine.blockSize);
        m_capacity = int(std::clamp(std::floor(m_kvTokens / length), 0.0, double(m_engine.maxNumSeqs)));
    }

    m_perf = performanceDefaults(catalog, assumptions, hw.gpu.gpuClass, hw.gpu.architecture, workload.attentionKernel);
    m_hbm = positiveOrZero(hw.gpu.memoryBandwidthGBps) * 1e9 * d.decodeBandwidthEfficiency;
    m_flops = positiveOrZero(peakTflops(hw.gpu, workload.precision).value_or(0)) * 1e12 * d.prefillComputeEfficiency;
    const ServingSpec& s = workload.serving;
    const double context = double(s.promptTokens) + double(s.outputTokens) / 2;
    m_kvReadPerRequest = m_kvBytesPerToken * context;
    const ForwardFlops f = forwardFlopsPerToken(arch, model.parameters, workload, context, true);
    m_flopsPerToken = f.matmul + f.head + f.attention;
    m_fixed = moeLayers(arch) * d.moeRoutingSecondsPerLayer + d.stepOverheadSeconds;
    m_dispatchBytesPerToken = kWideEpDispatchBytesPerValue;
    m_combineBytesPerToken = kWideEpCombineBytesPerValue;
}

WideEpStep WideEpModel::decodeStep(double batch) const
{
    WideEpStep st;
    const Architecture& arch = m_model.architecture;
    const double b = std::max(1.0, batch);
    const int ranks = std::max(1, m_settings.ranks);
    const double k = std::clamp(double(arch.expertsPerToken), 1.0, std::max(1.0, double(arch.numExperts)));
    const double copies = m_localExperts * ranks;
    const double rowsPerCopy = copies > 0 ? ranks * b * k / copies : 0.0;
    const double touched = 1 - std::exp(-rowsPerCopy);
    const double reads = m_denseReadBytes + m_localExpertBytes * touched + b * m_kvReadPerRequest;
    const double memory = m_hbm > 0 ? reads / m_hbm : INFINITY;
    const double compute = m_flops > 0 ? b * m_flopsPerToken / m_flops : INFINITY;
    st.gpuSeconds = std::max(memory, compute);
    const ExpertAllToAll dispatch = expertAllToAll(arch, b, ranks, 1, m_dispatchBytesPerToken, m_hardware, m_perf);
    const ExpertAllToAll combine = expertAllToAll(arch, b, ranks, 1, m_combineBytesPerToken, m_hardware, m_perf);
    st.allToAllSeconds = moeLayers(arch) * (dispatch.seconds + combine.seconds);
    st.fixedSeconds = m_fixed;
    st.seconds = (m_settings.twoBatchOverlap ? std::max(st.gpuSeconds, st.allToAllSeconds)
                                             : st.gpuSeconds + st.allToAllSeconds)
        + st.fixedSeconds;
    return st;
}

void describeWideEp(ServingResult& serving, double replicaTokensPerGpu, double replicaRequestsPerGpu,
    const ResolvedModel& model, const Workload& workload, const Hardware& hardware, const Assumptions& assumptions,
    const Catalog& catalog)
{
    const ServingWideEp& plan = workload.serving.wideEp;
    if (plan.mode == WideEpMode::Off || model.architecture.numExperts <= 1 || hardware.totalGpus() < 2
        || !hardware.migProfile.empty())
        return;
    WideEpSettings settings;
    settings.ranks = hardware.totalGpus();
    settings.redundantExperts = plan.redundantExperts;
    settings.twoBatchOverlap = plan.twoBatchOverlap;
    const WideEpModel ep(model, workload, hardware, assumptions, catalog, settings);
    ServingResult::WideEp r;
    r.ranks = settings.ranks;
    r.redundantExperts = settings.redundantExperts;
    r.twoBatchOverlap = settings.twoBatchOverlap;
    r.weightBytesPerGpu = ep.weightBytesPerGpu();
    r.kvCacheTokensPerGpu = ep.kvCacheTokens();
    r.requestsPerGpu = ep.capacity();
    r.replicaRequestsPerGpu = replicaRequestsPerGpu;
    r.replicaOutputTokensPerSecondPerGpu = replicaTokensPerGpu;
    if (ep.capacity() >= 1) {
        // The largest batch within the TPOT target: the step grows with the batch, so bisect.
        const std::optional<double>& target = workload.serving.slo.tpotSeconds;
        int batch = ep.capacity();
        if (target && ep.decodeStep(batch).seconds > *target) {
            int lo = 0, hi = batch;
            while (hi - lo > 1) {
                const int mid = (lo + hi) / 2;
                (ep.decodeStep(mid).seconds <= *target ? lo : hi) = mid;
            }
            batch = lo;
        }
        if (batch >= 1) {
            const WideEpStep step = ep.decodeStep(batch);
            r.batchPerGpu = batch;
            r.tpotSeconds = step.seconds;
            r.allToAllSeconds = step.allToAllSeconds;
            r.outputTokensPerSecondPerGpu = step.seconds > 0 ? batch / step.seconds : 0.0;
        }
    }
    r.better = r.outputTokensPerSecondPerGpu > replicaTokensPerGpu;
    serving.wideEp = r;
}

} // namespace gp
