// Which fused attention kernels run on which GPU architectures, and what runs in a kernel's place where it does not.
// The facts are catalog data (resources/catalog/defaults-performance.json, attention_kernel.runs.<architecture>.
// <kernel>: 1 runs, 0 does not, each with its source); an architecture and kernel the catalog does not name are
// taken to run.
#pragma once

#include "catalog/catalog.h"
#include "plan/plan.h"

#include <string>
#include <string_view>

namespace gp
{

// Whether `kernel` (a plan's attention_kernel name, or "memory-efficient": PyTorch SDPA's memory-efficient backend)
// runs on `architecture` (GpuSpec::architecture).
bool attentionKernelRuns(const Catalog& catalog, std::string_view architecture, std::string_view kernel);

// What runs the attention core on `architecture` in the place of `kernel`; empty where `kernel` runs there. PyTorch
// SDPA falls through its backends to the next one the GPU accepts (sdp_utils.cpp): its flash backend
// ("flash-attention-2"), then its memory-efficient one ("memory-efficient"); "math" (unfused) where neither runs.
std::string attentionKernelSubstitute(const Catalog& catalog, std::string_view architecture, AttentionKernel kernel);

} // namespace gp
