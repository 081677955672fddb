// Many LoRA adapters over one base model (workload.serving.lora), as vLLM serves them: at start-up every LoRA-wrapped
// linear layer gets max_loras GPU slots of max_lora_rank (vllm/lora/layers/base_linear.py create_lora_weights), for
// every module the model supports, whatever the adapters target; a batch may use at most max_loras adapters (the V1
// scheduler skips a waiting request of another adapter); each forward step runs a shrink and an expand kernel per
// wrapped module (punica's BGMV/SGMV) that reads the slots of the adapters in the batch; an adapter not in a slot is
// copied in from host memory (max_cpu_loras kept there) before its request runs.
#pragma once

#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "plan/plan.h"

#include <string>
#include <vector>

namespace gp
{

// What one replica runs with: the plan's adapters, the engine's defaults for the counts it leaves out.
struct LoraSettings {
    int adapters = 0;
    int rank = 0; // also max_lora_rank
    LoraTargetSet targets = LoraTargetSet::QueryValue;
    int maxLoras = 0; // GPU slots (adapters one batch may use)
    int maxCpuLoras = 0; // adapters in host memory
    double kernelLatencySeconds = 0; // least GPU time of one shrink or expand kernel (catalog)
    bool on() const { return adapters > 0; }
};
// The engines' defaults from the catalog (serving.lora.*).
struct LoraDefaults {
    int vllmMaxLoras = 0, sglangMaxLoras = 0;
    double kernelLatencySeconds = 0;
};
LoraDefaults loraDefaults(const Catalog& catalog);
LoraSettings loraSettings(const ServingLora& plan, ServingEngineKind engine, const LoraDefaults& defaults);

// Catalog keys the LoRA model reads.
const std::vector<std::string>& loraDefaultKeys();

// The LoRA module table's target names for a set (q_v: q_proj, v_proj; attention: q, k, v, o; all_linear).
std::vector<std::string> loraTargetModules(LoraTargetSet targets);

// One replica's LoRA memory and work on one GPU (its tensor share, its pipeline stage's layers).
struct LoraFootprint {
    double slotParameters = 0; // one slot: every wrapped module at max_lora_rank (A and B)
    double slotActiveParameters = 0; // of them, what one token passes through (MoE: its experts)
    double gpuBytes = 0; // max_loras slots
    double adapterBytes = 0; // one adapter's own weights on this GPU (its targets at its rank): what loading it copies
    double adapterFileBytes = 0; // one adapter whole (every GPU's share)
    double hostBytes = 0; // max_cpu_loras adapters in host memory, per replica
    double kernelsPerStep = 0; // shrink + expand of every wrapped module of the stage
    // Activation elements one token moves through the kernels on this GPU: the shrink reads each wrapped module's
    // input, the expand adds into its output (read and written), for the modules the token passes through.
    double activationElementsPerToken = 0;
};
// Bytes of one adapter element: vLLM's lora_dtype "auto" is the base model's dtype, 16-bit (fp16 or bf16) for the
// checkpoints it serves (quantized ones keep a 16-bit activation dtype).
double loraElementBytes();
// `elementBytes`: loraElementBytes().
LoraFootprint loraFootprint(const Architecture& architecture, const LoraSettings& lora, int tensorParallel,
    double stageShare, double elementBytes);

// Requests spread evenly over `adapters` adapters: the adapters `requests` requests use, on average,
// N (1 - (1 - 1/N)^B).
double expectedDistinctAdapters(double adapters, double requests);
// The requests whose adapters fill `slotCount` slots on average (E[distinct] = slotCount), the batch a first-come mix
// of the adapters runs before a request waits for a slot; infinite when there are no fewer slots than adapters.
double requestsFillingSlots(double adapters, double slotCount);
// Share of requests whose adapter is in no GPU slot when they are scheduled (LRU over evenly used adapters).
double adapterMissShare(const LoraSettings& lora);

// The time LoRA adds to one engine step.
struct LoraStepCost {
    bool on = false;
    double adapters = 0, gpuSlots = 0;
    double fixedSeconds = 0; // the shrink and expand kernels' floor, every step
    double slotReadSeconds = 0; // reading one adapter's slot in every wrapped module
    // One token through the shrink and expand kernels: its FLOPs at the GEMMs' achieved rate or its activations at the
    // HBM bandwidth, whichever is longer (the kernels' N or K is the rank: they are bandwidth-bound below rank ~100).
    double secondsPerToken = 0;
    double loadSeconds = 0; // copying one adapter into a slot over PCIe
    double missShare = 0;
    double promptTokensPerRequest = 1; // prompt tokens a request prefills (a step's prefill requests)
    // A step of `decodeRequests` decoding requests running `decodeTokens` tokens (more with speculation) and
    // `prefillTokens` prompt tokens; the prefilling requests load their adapters when missing.
    double seconds(double decodeRequests, double decodeTokens, double prefillTokens) const;
};
// `hbmBytesPerSecond`: achieved HBM bandwidth; `flopsPerSecond`: achieved compute of the shrink and expand GEMMs over
// one adapter's rows of a step (vLLM V1 sorts a step's tokens by adapter, vllm/lora/ops/triton_ops/lora_shrink_op.py
// and lora_expand_op.py: token_indices_sorted_by_lora_ids, num_tokens_per_lora); `pcieBytesPerSecond`: one GPU's host
// link.
LoraStepCost loraStepCost(const LoraSettings& lora, const LoraFootprint& footprint, double hbmBytesPerSecond,
    double flopsPerSecond, double pcieBytesPerSecond, double promptTokensPerRequest);

} // namespace gp
