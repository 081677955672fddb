// One replica's engine steps under continuous batching: a decode step for b requests in flight (weights and KV
// read at an achieved bandwidth, FLOPs at an achieved peak, tensor-parallel all-reduces, a per-step overhead) and
// a request's prefill in chunks of the token budget mixed into those steps.
#pragma once

#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/common/results.h"
#include "estimate/serving/serving_defaults.h"
#include "transformer/model_library.h"

#include <vector>

namespace gp {

class ReplicaSteps {
public:
    // `workload` is the serving workload as run on the GPU; `config` gives tensor and pipeline.
    ReplicaSteps(const ResolvedModel& model, const Workload& workload, const Configuration& config,
                 const Hardware& hardware, const EngineSettings& engine, const ServingDefaults& defaults,
                 const Catalog& catalog, const Assumptions& assumptions);

    // One decode step with `batch` requests in flight at the generation's mean context (prompt + output / 2);
    // fractional batches interpolate between whole ones.
    double decodeStepSeconds(double batch) const;
    // Whether that step is bound by HBM bandwidth or by compute.
    Bottleneck decodeBound(double batch) const;
    // One request's prefill while `batch` - 1 others decode: its chunks, each as long as the slower of the chunk's
    // FLOPs and the decode step it rides with.
    double prefillSeconds(double batch) const;
    int prefillChunks() const { return m_chunks; }
    // Share of the token budget one prompt takes (1 for prompts of at least the budget): several short prompts are
    // prefilled in one step.
    double prefillShareOfStep() const { return m_shareOfStep; }
    double promptTokens() const { return m_prompt; }
    double outputTokens() const { return m_output; }

private:
    struct Decode {
        double memoryAndCompute = 0; // max(bytes / bandwidth, FLOPs / peak)
        double communication = 0;
        Bottleneck bound = Bottleneck::MemoryBandwidth;
    };
    const Decode& decodeAt(int batch) const;

    const ResolvedModel& m_model;
    Workload m_workload; // inference fields set from the serving spec
    Configuration m_config;
    const Hardware& m_hardware;
    PerformanceDefaults m_performance;
    double m_peakTflops = 0;
    double m_overhead = 0;
    double m_routing = 0; // the MoE layers' latency-bound routing kernels, every forward step
    double m_prompt = 0, m_output = 0;
    int m_chunks = 1;
    double m_shareOfStep = 1;
    double m_chunkComputeSeconds = 0;
    double m_chunkCommunicationSeconds = 0;
    mutable std::vector<Decode> m_decode; // by batch - 1, filled on demand
    mutable std::vector<bool> m_known;
};

} // namespace gp
