// The seed articles' sizing rules for GPU instances, as warnings (code + args + English message).
#pragma once

#include "base/diagnostic.h"
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "plan/plan.h"
#include "estimate/common/results.h"

namespace gp {

// cpu_cores_per_gpu_low, ram_per_vcpu_low, disk_iops_low, network_below_25gbps, no_nvlink_multi_gpu,
// no_rdma_multi_node: each only where the hardware is known and the rule applies to the workload.
Diagnostics checkSizingRules(const Hardware& hardware, const Workload& workload, const Configuration& config,
                             const PerformanceDefaults& defaults);

} // namespace gp
