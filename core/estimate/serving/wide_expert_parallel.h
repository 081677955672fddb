// Wide expert parallelism for serving an MoE model (workload.serving.expert_parallel), as SGLang runs DeepSeek-V3 and
// Kimi K2 (--enable-dp-attention --ep-size N with DeepEP; vLLM --enable-expert-parallel with data parallelism;
// TensorRT-LLM attention DP): every GPU of the group is its own attention rank (data parallel: the attention and dense
// weights on every GPU, each GPU's KV cache for its own requests only), the routed experts are spread over all of them
// (plus EPLB's redundant copies), and each MoE layer of every step sends each token to the GPUs holding its experts
// and back (dispatch in fp8, combine in bf16: DeepEP's defaults) over NVLink and RDMA.
#pragma once

#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/common/results.h"
#include "estimate/common/serving_result.h"
#include "estimate/serving/serving_defaults.h"
#include "transformer/model_library.h"

namespace gp
{

// One GPU of an EP group of `ranks` GPUs (the candidate's), its decode at the largest batch its KV cache and the
// engine hold, against the plan's tensor-parallel replicas on the same GPUs.
struct WideEpSettings {
    int ranks = 0; // GPUs of the group (the EP size and the attention data-parallel size)
    int redundantExperts = 0; // EPLB's extra expert copies over the group
    bool twoBatchOverlap = false; // SGLang --enable-two-batch-overlap: the all-to-alls hide behind the other half
};

// Seconds of one decode step on one GPU with `batch` requests of its own (wide_expert_parallel.cpp says how).
struct WideEpStep {
    double gpuSeconds = 0; // weights, KV and FLOPs: max(reads / HBM, FLOPs / peak)
    double allToAllSeconds = 0; // dispatch + combine over every MoE layer
    double fixedSeconds = 0; // routing kernels and the engine's per-step overhead
    double seconds = 0;
};

class WideEpModel
{
public:
    WideEpModel(const ResolvedModel& model, const Workload& workload, const Hardware& hardware,
        const Assumptions& assumptions, const Catalog& catalog, const WideEpSettings& settings);

    // Weights one GPU holds: attention, dense layers, shared experts, embedding and head whole; its share of the
    // routed experts and of EPLB's redundant copies.
    double weightBytesPerGpu() const { return m_weightBytes; }
    double kvBytesPerToken() const { return m_kvBytesPerToken; } // one token's KV on its GPU (no tensor split)
    double kvCacheTokens() const { return m_kvTokens; } // per GPU
    int capacity() const { return m_capacity; } // requests one GPU holds (KV cache, engine's running cap)
    WideEpStep decodeStep(double batch) const;

private:
    const ResolvedModel& m_model;
    Workload m_workload;
    const Hardware& m_hardware;
    WideEpSettings m_settings;
    EngineSettings m_engine;
    PerformanceDefaults m_perf;
    double m_weightBytes = 0, m_kvBytesPerToken = 0, m_kvTokens = 0;
    double m_denseReadBytes = 0; // what every step reads of the non-expert weights
    double m_localExpertBytes = 0, m_localExperts = 0; // routed experts on one GPU (redundant copies included)
    double m_kvReadPerRequest = 0; // KV bytes a decoding request reads per step (its mean context)
    double m_flopsPerToken = 0;
    double m_hbm = 0, m_flops = 0;
    double m_fixed = 0;
    double m_dispatchBytesPerToken = 0, m_combineBytesPerToken = 0; // per MoE layer, before the link model
    int m_capacity = 0;
};

// Fills `serving.wideEp` for a MoE model on a candidate of two or more GPUs: the group's decode figures and how they
// compare with the tensor-parallel replicas of `serving` (per GPU). Nothing for dense models or one GPU.
// `replicaTokensPerGpu`, `replicaRequestsPerGpu`: the replicas' decode output at their largest batch within the
// TPOT target, and their capacity, each over the replica's GPUs.
void describeWideEp(ServingResult& serving, double replicaTokensPerGpu, double replicaRequestsPerGpu,
    const ResolvedModel& model, const Workload& workload, const Hardware& hardware, const Assumptions& assumptions,
    const Catalog& catalog);

} // namespace gp
