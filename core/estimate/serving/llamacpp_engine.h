// llama.cpp's llama-server as a serving engine: how it holds the KV cache and what one step carries.
//
// Sources (ggml-org/llama.cpp): common/common.h @de93b991 (n_ctx 4096, n_batch 2048, n_ubatch 512, cont_batching
// true, cache_type_k/v GGML_TYPE_F16); common/arg.cpp (LLAMA_EXAMPLE_SERVER sets n_parallel = -1, "auto") and
// tools/server/server.cpp (n_parallel < 0 becomes 4 slots with kv_unified = true; update_slots() adds the sampled
// token of every generating slot to the batch first, then "batch any pending prompts without exceeding n_batch";
// the batch of n_batch tokens runs as ubatches of n_ubatch) @aa6192d3; src/llama-context.cpp @4c7103b9 (unified:
// n_ctx_seq = n_ctx, else n_ctx / n_seq_max): the cache is allocated at start for n_ctx cells, whatever the GPU's
// free memory, and llama_decode fails when a request finds no free cell; ggml/src/ggml-common.h @aca2e6ce (block
// sizes of the quantized cache types, plan/precision.cpp); ggml/src/ggml-cuda/ggml-cuda.cu @f6d77a1b
// (check_node_graph_compatibility: CUDA graphs are disabled when a batch has more than one token, so only
// single-sequence decode steps replay a graph; the per-step overhead stays the catalog's estimate).
#pragma once

#include <cstdint>

namespace gp
{

struct EngineMemory;

// The cache llama-server allocates for `contextTokens` cells of m.kvBytesPerToken beside the weights, its compute
// buffer (m.activationPeakBytes, one ubatch) and the CUDA context (m.nonTorchBytes): m.kvBudgetBytes is the cache
// when all of it fits in m.visibleBytes, else the (negative) shortfall: the server does not start. Sliding-window
// layers are counted at the whole context (the smaller SWA cache of swa_full off is not modelled).
void llamaCppCache(EngineMemory& memory, std::int64_t contextTokens);

} // namespace gp
