// The sizing rules of Tencent Cloud's two GPU selection guides, as warnings (code + args + English message).
#pragma once

#include "base/diagnostic.h"
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/common/results.h"
#include "plan/plan.h"

#include <string_view>

namespace gp
{

// The guides the rules come from, cited by their published titles (each warning carries its guide in arg "source").
inline constexpr std::string_view kGuideTrainingHardware = "AI训练选什么GPU型号性价比高？"; // cores, RAM, disk
inline constexpr std::string_view kGuideServerSelection = "GPU服务器选型：大模型训练用A100还是V100？"; // links, RDMA

// cpu_cores_per_gpu_low, ram_per_vcpu_low, disk_iops_low, network_below_25gbps, no_nvlink_multi_gpu,
// no_rdma_multi_node: each only where the hardware is known and the rule applies to the workload.
Diagnostics checkSizingRules(const Hardware& hardware, const Workload& workload, const Configuration& config,
    const PerformanceDefaults& defaults);

} // namespace gp
