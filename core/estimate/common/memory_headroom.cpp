#include "estimate/common/memory_headroom.h"

#include <algorithm>

namespace gp
{

double memoryHeadroomBytes(const CandidateResult& r)
{
    if (r.serving && r.serving->engineMemoryBytes > 0) {
        const ServingResult& s = *r.serving;
        if (s.kvBudgetBytes <= 0)
            return s.kvBudgetBytes;
        return std::max(0.0, s.visibleMemoryBytes - s.engineMemoryBytes);
    }
    return r.usableMemory - r.memory.total;
}

} // namespace gp
