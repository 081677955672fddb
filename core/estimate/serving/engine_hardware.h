// What a serving engine does on a GPU architecture: whether it runs there at all, and which attention backend it
// picks there by itself (an engine does not go through PyTorch SDPA's fall-through; it chooses its own backend per
// GPU). The facts are catalog data keyed by engine (resources/catalog/defaults-serving.json):
// serving.engine.<engine>.runs.<architecture> (1 runs, 0 does not; an architecture not listed is taken to run) and
// serving.engine.<engine>.attention_backend.<architecture>.<BACKEND> (1: the backend the engine picks there, named as
// the engine names it; none listed: not known), where <engine> is the engine field's plan code with '-' and '.' as
// '_' (tensorrt_llm, llama_cpp).
#pragma once

#include "catalog/catalog.h"
#include "estimate/common/results.h"
#include "plan/serving_spec.h"

#include <optional>
#include <string>
#include <string_view>

namespace gp
{

// The engine's segment of its catalog keys: its plan code ("tensorrt-llm", "llama.cpp") with '-' and '.' as '_'.
std::string engineCatalogName(ServingEngineKind kind);

// Whether the engine runs on `architecture` (GpuSpec::architecture).
bool servingEngineRuns(const Catalog& catalog, ServingEngineKind kind, std::string_view architecture);

// Why a candidate cannot serve at all: the engine does not run on its GPU (serving_engine_unsupported, args engine,
// gpu, architecture); nothing where it runs. One message for the estimate and the search.
std::optional<FitFailure> servingEngineUnsupported(const Catalog& catalog, ServingEngineKind kind, const GpuSpec& gpu);

// Why a candidate cannot keep the plan's stated KV cache (`precision`; none stated: nothing): an FP4 layout whose
// kernels need the catalog's "nvfp4" tensor format (plan/kv_layouts.h needsNvfp4Gpu) on a GPU without it
// (kv_cache_precision_unsupported, args kv_cache_precision, gpu).
std::optional<FitFailure> kvCacheUnsupported(const std::optional<KvPrecision>& precision, const GpuSpec& gpu);

// The attention backend the engine picks on `architecture`, as the engine names it ("TRITON_ATTN"); empty where the
// catalog does not say.
std::string servingEngineAttentionBackend(
    const Catalog& catalog, ServingEngineKind kind, std::string_view architecture);

} // namespace gp
