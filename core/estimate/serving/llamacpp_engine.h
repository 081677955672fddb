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
struct ResolvedModel;
struct Workload;

// The cache llama-server allocates for `contextTokens` cells of m.kvBytesPerToken beside the weights, its compute
// buffer (m.activationPeakBytes, one ubatch) and the CUDA context (m.nonTorchBytes): m.kvBudgetBytes is the cache
// when all of it fits in m.visibleBytes, else the (negative) shortfall: the server does not start. Sliding-window
// layers are counted at the whole context (the smaller SWA cache of swa_full off is not modelled).
void llamaCppCache(EngineMemory& memory, std::int64_t contextTokens);

// Bytes per weight of the output head (or the tied embedding it reads) in a quantized GGUF file: llama.cpp's quantizer
// stores it at Q6_K (210 bytes a block of 256) for every quantized type but Q8_0, which keeps Q8_0 (34 bytes a block
// of 32), and at Q8_0 when a row is not whole blocks of 256 (src/llama-quant.cpp llama_tensor_get_type at
// ggml-org/llama.cpp@8784689f; the rule of early 2024 already: CodeLlama 7B Q4_0's 3.56 GiB in llama-bench (PR #4766)
// is its Q4_0 layers plus a Q6_K head, 3.53 GiB with a Q4_0 head). 0 where the weights are not quantized to a llama.cpp
// type (the head stays at the compute precision).
double llamaCppHeadBytesPerWeight(const ResolvedModel& model, const Workload& workload);

// Bytes one GPU holds less of the head than at the compute precision (the memory and time models count the head at
// the compute precision): head parameters x (compute precision bytes - llamaCppHeadBytesPerWeight) / tensor ranks; 0
// when the head is not quantized or when pipeline stages split the model (the largest stage need not hold the head).
double llamaCppHeadSavingBytesPerGpu(const ResolvedModel& model, const Workload& workload, int tensor, int pipeline);

} // namespace gp
