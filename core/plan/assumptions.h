// The plan's assumptions (what the estimators take as given: efficiencies, runtime memory, failure rates), each
// absent = the catalog's default, with their entries in the plan's field table (plan_fields.h, field_entry.h).
#pragma once

#include "plan/field_entry.h"
#include "plan/limits.h"

#include <optional>

namespace gp
{

struct Assumptions {
    bool operator==(const Assumptions&) const = default;
    std::optional<double> computeEfficiency; // fraction of dense peak achieved in matmuls
    std::optional<double> cudaContextGib; // per-GPU runtime memory not seen by the allocator
    std::optional<double> ncclGib; // per-GPU NCCL buffers when distributed
    std::optional<double> allocatorFraction; // caching-allocator fragmentation
    std::optional<double> headroomFraction; // memory kept free for a plan to count as fitting
    std::optional<double> memoryBandwidthEfficiency; // decode: achieved / datasheet HBM bandwidth
    std::optional<double> linkEfficiency; // achieved / spec bandwidth of links
    std::optional<double> communicationOverlap; // fraction of overlappable communication hidden
    std::optional<double> diskThroughputMBps;
    // MoE training: the busiest expert-parallel rank's routed tokens over the mean (>= 1; 1 = balanced routing).
    std::optional<double> expertLoadImbalance;
    // Training goodput: unexpected job interruptions per GPU per day (default: the catalog's, the Llama 3 paper's).
    std::optional<double> failuresPerGpuDay;
    // Serving: achieved fractions and per-step overhead (defaults: resources/catalog/defaults-serving.json).
    std::optional<double> servingDecodeBandwidthEfficiency; // weights + KV read per decode step / HBM bandwidth
    std::optional<double> servingPrefillComputeEfficiency; // prefill FLOPs / dense peak
    std::optional<double> servingStepOverheadSeconds; // scheduler, sampler and launch time per step
};

// The assumptions' inputs (assumptions.*).
template <class Table> void assumptionFieldEntries(Table& t)
{
    using namespace limits;
    using Unit = FieldUnit;
    using Write = FieldWrite;
    using Report = FieldReport;
    t.add("assumptions.compute_efficiency", GP_PLAN_MEMBER(assumptions.computeEfficiency), Unit::Fraction,
         kMinEfficiency, 1, Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Compute efficiency"),
            GP_TRANSLATE_NOOP("FieldText",
                "Share of the GPU's dense peak the matrix multiplications reach; empty = the "
                "catalog's"));
    t.add("assumptions.cuda_context_gib", GP_PLAN_MEMBER(assumptions.cudaContextGib), Unit::Gib, 0, kMaxRuntimeGib,
         Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "CUDA context per GPU"),
            GP_TRANSLATE_NOOP("FieldText", "Memory the CUDA runtime takes per GPU outside the allocator"));
    t.add("assumptions.nccl_gib", GP_PLAN_MEMBER(assumptions.ncclGib), Unit::Gib, 0, kMaxRuntimeGib, Write::Always,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "NCCL buffers per GPU"),
            GP_TRANSLATE_NOOP("FieldText", "Communication buffers per GPU when the run is distributed"));
    t.add("assumptions.allocator_fraction", GP_PLAN_MEMBER(assumptions.allocatorFraction), Unit::Fraction, 0,
         kMaxMemoryFraction, Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Allocator fragmentation"),
            GP_TRANSLATE_NOOP("FieldText", "Share of memory lost to the caching allocator's fragmentation"));
    t.add("assumptions.headroom_fraction", GP_PLAN_MEMBER(assumptions.headroomFraction), Unit::Fraction, 0,
         kMaxMemoryFraction, Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Memory headroom"),
            GP_TRANSLATE_NOOP("FieldText", "Share of memory kept free for a plan to count as fitting"));
    t.add("assumptions.memory_bandwidth_efficiency", GP_PLAN_MEMBER(assumptions.memoryBandwidthEfficiency),
         Unit::Fraction, kMinEfficiency, 1, Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Memory bandwidth efficiency"),
            GP_TRANSLATE_NOOP("FieldText", "Achieved over datasheet memory bandwidth (decoding)"));
    t.add("assumptions.link_efficiency", GP_PLAN_MEMBER(assumptions.linkEfficiency), Unit::Fraction, kMinEfficiency, 1,
         Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Link efficiency"),
            GP_TRANSLATE_NOOP("FieldText", "Achieved over specified bandwidth of NVLink, PCIe and the network"));
    t.add("assumptions.communication_overlap", GP_PLAN_MEMBER(assumptions.communicationOverlap), Unit::Fraction, 0, 1,
         Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Communication overlap"),
            GP_TRANSLATE_NOOP("FieldText", "Share of the overlappable communication hidden behind compute"));
    t.add("assumptions.disk_throughput_mbps", GP_PLAN_MEMBER(assumptions.diskThroughputMBps), Unit::MegabytesPerSecond,
         kMinDiskMBps, kMaxDiskMBps, Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Disk throughput"),
            GP_TRANSLATE_NOOP("FieldText", "Read throughput of the dataset's disk, MB/s"));
    t.add("assumptions.expert_load_imbalance", GP_PLAN_MEMBER(assumptions.expertLoadImbalance), Unit::Ratio, 1,
         kMaxExpertImbalance, Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Expert load imbalance (busiest rank / mean)"),
            GP_TRANSLATE_NOOP("FieldText",
                "Tokens routed to the busiest expert-parallel rank over the mean (1 = "
                "balanced)"));
    t.add("assumptions.failures_per_gpu_day", GP_PLAN_MEMBER(assumptions.failuresPerGpuDay), Unit::PerDay, 0,
         kMaxFailuresPerGpuDay, Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Failures per GPU-day"),
            GP_TRANSLATE_NOOP("FieldText",
                "Job interruptions per GPU per day; empty = the Llama 3 paper's 419 in 54 "
                "days on 16,384 GPUs"));
    t.add("assumptions.serving_decode_bandwidth_efficiency",
         GP_PLAN_MEMBER(assumptions.servingDecodeBandwidthEfficiency), Unit::Fraction, kMinEfficiency, 1,
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Serving decode bandwidth efficiency"),
            GP_TRANSLATE_NOOP("FieldText", "Weights and KV cache read per decode step over the memory bandwidth"));
    t.add("assumptions.serving_prefill_compute_efficiency", GP_PLAN_MEMBER(assumptions.servingPrefillComputeEfficiency),
         Unit::Fraction, kMinEfficiency, 1, Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Serving prefill compute efficiency"),
            GP_TRANSLATE_NOOP("FieldText", "Prefill FLOPs over the dense peak"));
    t.add("assumptions.serving_step_overhead_seconds", GP_PLAN_MEMBER(assumptions.servingStepOverheadSeconds),
         Unit::Seconds, 0, kMaxStepOverheadSeconds, Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Serving step overhead"),
            GP_TRANSLATE_NOOP("FieldText", "Scheduler, sampler and kernel launch time per engine step"));
}

} // namespace gp
