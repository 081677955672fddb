// llama-server's KV cache: --ctx-size cells allocated at start (llamacpp_engine.h has the sources).
#include "estimate/serving/llamacpp_engine.h"

#include "estimate/serving/engine_memory.h"

#include <algorithm>

namespace gp
{

void llamaCppCache(EngineMemory& m, std::int64_t contextTokens)
{
    const double cache = double(std::max<std::int64_t>(contextTokens, 0)) * m.kvBytesPerToken;
    const double free = m.visibleBytes - m.weightBytes - m.activationPeakBytes - m.nonTorchBytes;
    m.kvBudgetBytes = cache <= free ? cache : std::min(-1.0, free - cache);
    m.engineBytes = m.weightBytes + m.activationPeakBytes + m.nonTorchBytes + cache;
}

} // namespace gp
