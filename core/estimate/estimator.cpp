// Joins the memory, throughput and cost models into one result per candidate and configuration.
#include "estimate/estimator.h"
#include "base/error_words.h"
#include "base/finite_number.h"
#include "catalog/gpu_precision.h"
#include "estimate/common/attention_kernel_support.h"
#include "estimate/common/fp8_all_gather.h"
#include "estimate/common/pipeline_schedule.h"
#include "estimate/serving/engine_hardware.h"

#include "plan/kv_layouts.h"
#include "plan/limits.h"
#include "plan/pipeline_layout.h"

#include "base/number_text.h"
#include "base/reader_words.h"
#include "estimate/cost/cost_model.h"
#include "estimate/memory/memory_model.h"
#include "estimate/sanity_checks.h"
#include "estimate/serving/disaggregation.h"
#include "estimate/serving/serving_cost.h"
#include "estimate/serving/serving_model.h"
#include "estimate/serving/serving_replica_cache.h"
#include "estimate/time/throughput_model.h"
#include "transformer/attention.h"
#include "transformer/layers.h"
#include "transformer/lora_modules.h"
#include "transformer/training_flops.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gp
{

namespace
{

FitFailure makeFailure(std::string code, std::string message, std::vector<std::pair<std::string, std::string>> args)
{
    return FitFailure { std::move(code), std::move(message), std::move(args) };
}

// Whether `gpu` has kernels for weights stored as `format`. FP8 (per-tensor or 128x128 block) and MXFP4 weights run
// as W8A8/W4A8 GEMMs on FP8 tensor cores, or weight-only on GPUs with a bf16 tensor rate (sm80 and later): vLLM's
// FP8 page (docs.vllm.ai/en/stable/features/quantization/fp8.html, 2025) runs W8A8 on Ada/Hopper and later and
// W8A16 through FP8 Marlin on Ampere, and does not support Volta or Turing; its GPT-OSS recipe runs MXFP4 on
// Hopper/Blackwell and through Marlin on Ampere. A GPU with neither rate (V100, T4) has no kernel for them; the
// other formats run everywhere.
bool runsWeightFormat(const GpuSpec& gpu, WeightFormat format)
{
    const bool fp8Weights
        = format == WeightFormat::Fp8 || format == WeightFormat::Fp8Block || format == WeightFormat::Mxfp4;
    return !fp8Weights || denseTflops(gpu, Precision::Fp8) || denseTflops(gpu, Precision::Bf16);
}

// Warnings about the price every mode of evaluateCandidate adds.
void addPriceWarnings(CandidateResult& r, const Plan& plan, const Hardware& hw, const Catalog& catalog)
{
    if (r.cost.priceStatus == "estimate")
        r.warnings.push_back({ "price_estimate", "the price of " + hw.id + " is an estimate: " + hw.price.note,
            { { "instance", hw.id } } });
    if (const auto region = plan.billing.regions.find(hw.provider); region != plan.billing.regions.end()) {
        const InstanceSpec* instance = catalog.findInstance(hw.id);
        if (instance && hw.price.status != "user" && !priceInRegion(catalog, *instance, region->second).inRegion)
            r.warnings.push_back({ "price_not_in_region",
                hw.id + " has no price in " + region->second + "; the price shown is for "
                    + priceRegion(catalog, *instance, instance->price),
                { { "instance", hw.id }, { "region", region->second },
                    { "price_region", priceRegion(catalog, *instance, instance->price) } } });
    }
    // A term the catalog's reserved discount is not quoted for keeps that discount, and says so (a user's own
    // reserved discount is taken to be for the plan's term).
    const int quoted = quotedReservedTermMonths(catalog);
    if (plan.billing.allows(BillingMode::Reserved) && r.cost.reservedTermMonths
        && *r.cost.reservedTermMonths != quoted) {
        const BillingCost* reserved = r.cost.mode(BillingMode::Reserved);
        const bool fromQuote = reserved && (reserved->priceStatus == "user" || reserved->priceStatus == "quoted");
        if (!fromQuote && reserved)
            r.warnings.push_back({ "reserved_term_not_quoted",
                "the reserved discount of " + hw.id + " is quoted for a " + std::to_string(quoted) + "-month term; the "
                    + std::to_string(*r.cost.reservedTermMonths) + "-month term keeps that discount",
                { { "instance", hw.id }, { "term_months", std::to_string(*r.cost.reservedTermMonths) },
                    { "quoted_term_months", std::to_string(quoted) } } });
    }
}

// A MIG slice: too small for the model (the failure names candidates[].mig), or why it is offered (the Tencent Cloud
// guides' advice for GNV7) and how it is priced.
void noteMigSlice(CandidateResult& r, const Hardware& hw, const EngineMemory& m)
{
    const std::string share = "1/" + std::to_string(std::max(1, hw.migInstancesPerGpu));
    if (!r.fits) {
        r.failure = makeFailure("mig_slice_too_small",
            "the model does not fit the MIG slice " + hw.migProfile + " (" + formatGiB(hw.gpu.memoryBytes)
                + " GiB): the weights take " + formatGiB(m.weightBytes) + " GiB and the engine "
                + formatGiB(m.engineBytes) + " GiB; choose a larger profile or whole GPUs (candidates[].mig)",
            { { "field", "mig" }, { "profile", hw.migProfile }, { "slice_gib", formatGiB(hw.gpu.memoryBytes) },
                { "weights_gib", formatGiB(m.weightBytes) }, { "engine_gib", formatGiB(m.engineBytes) } });
        return;
    }
    r.warnings.push_back({ "mig_slice",
        "a replica per MIG slice " + hw.migProfile + " (" + formatGiB(hw.gpu.memoryBytes)
            + " GiB), priced at its share of the GPU (" + share
            + "); the Tencent Cloud guides advise MIG on GNV7 (A100) to split one GPU into isolated units for small "
              "models",
        { { "profile", hw.migProfile }, { "slice_gib", formatGiB(hw.gpu.memoryBytes) }, { "share", share } } });
}

// The other pool's instance when the configuration puts one pool on another catalog instance than the candidate's
// (the decode pool, configuration.decode_instance, or the prefill pool, configuration.prefill_instance): the plan's
// entry for it (its label and quote) when there is one, else the catalog's; `hardware` at one node.
struct OtherPoolInstance {
    CandidateSpec spec;
    Hardware hardware;
    bool prefill = false; // the prefill pool moved (the candidate holds the decode pool)
    int nodes = 1; // the other instance's nodes
};
std::optional<OtherPoolInstance> otherPoolInstance(
    const Plan& plan, const Configuration& config, const Catalog& catalog, CandidateResult& r)
{
    const bool prefill = !config.prefillInstance.empty();
    const std::string& instance = prefill ? config.prefillInstance : config.decodeInstance;
    if (instance.empty() || config.prefillReplicas <= 0)
        return std::nullopt;
    OtherPoolInstance out;
    out.prefill = prefill;
    out.nodes = std::max(1, prefill ? config.prefillNodes : config.decodeNodes);
    out.spec.instance = instance;
    for (const CandidateSpec& c : plan.candidates)
        if (c.instance == instance && c.mig.empty())
            out.spec = c;
    Expected<Hardware> hw = resolveCandidate(
        out.spec, catalog, 1, prefill ? "configuration.prefill_instance" : "configuration.decode_instance");
    if (!hw) {
        r.failure = makeFailure("candidate_invalid", hw.error().toString(), { { "field", hw.error().field } });
        return std::nullopt;
    }
    out.hardware = atNodes(*hw, out.spec, 1);
    if (prefill) {
        // The prefill replica spans the nodes of its own instance its layout needs.
        const int perNode = std::max(1, out.hardware.gpusPerNode);
        const int gpus = std::max(1, config.prefillTensor) * std::max(1, config.prefillPipeline);
        out.hardware.nodes = std::max(1, (gpus + perNode - 1) / perNode);
    }
    return out;
}

// Serving: the engine's memory, the load's operating point over `config.data` replicas, and its money.
void evaluateServing(CandidateResult& r, const ResolvedModel& model, const Plan& plan, const Workload& workload,
    const Hardware& hw, const Configuration& config, const Catalog& catalog, ServingReplicaCache* servingReplicas)
{
    const ServingSpec& spec = plan.workload.serving;
    std::optional<ServingReplica> own;
    ServingReplicaCache::Use shared;
    if (servingReplicas)
        shared = servingReplicas->replica(workload, config, hw);
    else
        own.emplace(model, workload, config, hw, plan.assumptions, catalog);
    const ServingReplica& replica = own ? *own : *shared.replica;
    // Prefill and decode apart (estimate/serving/disaggregation.h): the pools, and the decode replica's memory; the
    // decode pool on its own instance when the configuration names one (serving.deployment.mixed_instances).
    // The prefill pool on its own instance (configuration.prefill_instance) the other way round.
    const std::optional<OtherPoolInstance> otherPool = otherPoolInstance(plan, config, catalog, r);
    const bool prefillMoved = otherPool && otherPool->prefill;
    const Hardware& prefillHw = prefillMoved ? otherPool->hardware : hw;
    const Hardware* decodeHw = !otherPool ? nullptr : prefillMoved ? &hw : &otherPool->hardware;
    EngineMemory decodeMemory;
    bool disaggregatedStarts = false;
    ServingResult s = config.prefillReplicas > 0 ? serveConfiguredDisaggregation(model, workload, config, prefillHw,
                          plan.assumptions, catalog, decodeMemory, disaggregatedStarts, decodeHw)
                                                 : replica.serve(spec, config.data, true);
    const EngineMemory& m = config.prefillReplicas > 0 ? decodeMemory : replica.memory();
    r.memory.weights = m.weightBytes;
    r.memory.activations = m.activationPeakBytes;
    r.memory.kvCache = std::max(0.0, m.kvBudgetBytes);
    r.memory.runtime = m.nonTorchBytes;
    r.memory.sum();
    r.usableMemory = m.engineBytes;
    r.fits = config.prefillReplicas > 0 ? disaggregatedStarts : replica.starts();
    const std::string length = std::to_string(replica.engine().requestTokens);
    if (m.kvBudgetBytes <= 0 && replica.engine().kind == ServingEngineKind::LlamaCpp) {
        // llama.cpp allocates its whole cache at start (llamacpp_engine.h): the cells do not fit beside the weights.
        const double cache = m.engineBytes - m.weightBytes - m.activationPeakBytes - m.nonTorchBytes;
        const std::string cells = std::to_string(replica.engine().contextTokens);
        r.failure = makeFailure("serving_cache_exceeds_gpu",
            "llama.cpp allocates its cache for " + cells + " tokens (" + formatGiB(cache) + " GiB) at start: with the "
                + "weights (" + formatGiB(m.weightBytes) + " GiB) it needs " + formatGiB(m.engineBytes)
                + " GiB, more than the GPU's " + formatGiB(m.visibleBytes) + " GiB",
            { { "kv_tokens", cells }, { "kv_gib", formatGiB(cache) }, { "weights_gib", formatGiB(m.weightBytes) },
                { "needed_gib", formatGiB(m.engineBytes) }, { "visible_gib", formatGiB(m.visibleBytes) } });
    } else if (m.kvBudgetBytes <= 0) {
        r.failure = makeFailure("serving_no_kv_memory",
            "the weights (" + formatGiB(m.weightBytes) + " GiB), the activation peak ("
                + formatGiB(m.activationPeakBytes) + " GiB) and non-torch memory leave no KV cache in "
                + formatGiB(m.engineBytes) + " GiB per GPU",
            { { "weights_gib", formatGiB(m.weightBytes) }, { "activation_gib", formatGiB(m.activationPeakBytes) },
                { "engine_gib", formatGiB(m.engineBytes) }, { "kv_gib", formatGiB(m.kvBudgetBytes) } });
    } else if (!r.fits) {
        r.failure = makeFailure("serving_request_exceeds_kv",
            "the KV cache holds " + std::to_string(m.kvCacheTokens) + " tokens, less than one request of " + length
                + " tokens",
            { { "kv_tokens", std::to_string(m.kvCacheTokens) }, { "request_tokens", length } });
    }
    if (!hw.migProfile.empty())
        noteMigSlice(r, hw, m);
    r.bottleneck = r.fits ? (s.limit == "compute" ? Bottleneck::Compute : Bottleneck::MemoryBandwidth)
                          : Bottleneck::MemoryCapacity;
    if (s.concurrencyCut) {
        // Requests, not tokens: the replica holds `held` requests of `request_tokens` tokens each. Named for its
        // candidate, since the cut is one candidate's (another, or the recommendation, may hold the load).
        const std::string name = hw.label.empty() ? hw.id : hw.label;
        r.warnings.push_back({ "serving_batch_cut",
            "each replica is asked to hold " + formatNumber(s.requestedConcurrency, 6) + " requests but its "
                + (s.limit == "max_num_seqs"     ? "max_num_seqs"
                        : s.limit == "max_loras" ? "LoRA slots (max_loras " + std::to_string(s.loraMaxLoras) + " of "
                            + std::to_string(s.loraAdapters) + " adapters)"
                                                 : "KV cache")
                + " holds " + formatNumber(s.concurrency, 6) + " requests of " + length + " tokens each",
            { { "requested", formatNumber(s.requestedConcurrency, 6) }, { "held", formatNumber(s.concurrency, 6) },
                { "request_tokens", length }, { "limit", s.limit }, { "candidate", name } } });
    }
    if (!s.speculativeMethod.empty() && s.speculativeSpeedup > 0 && s.speculativeSpeedup < 1) {
        // At a large batch the step is compute-bound and the rejected drafts' FLOPs cost more than the steps saved.
        r.warnings.push_back({ "serving_speculation_slower",
            "speculative decoding (" + s.speculativeMethod + ", " + std::to_string(s.draftTokens)
                + " drafts) makes each output token " + formatNumber(1 / s.speculativeSpeedup, 3) + "x slower at "
                + formatNumber(s.concurrency, 4) + " requests in flight; it pays up to "
                + std::to_string(s.speculationPaysUpTo) + " requests per replica",
            { { "method", s.speculativeMethod }, { "draft_tokens", std::to_string(s.draftTokens) },
                { "slowdown", formatNumber(1 / s.speculativeSpeedup, 3) },
                { "concurrency", formatNumber(s.concurrency, 4) },
                { "pays_up_to", std::to_string(s.speculationPaysUpTo) } } });
    }
    r.decodeTokensPerSecond = s.outputTokensPerSecond;
    r.prefillSeconds = s.ttftSeconds;
    r.tokensPerSecond = s.totalOutputTokensPerSecond;
    // Priced for the month's bill: the hours of serving requests_per_month, or a month always on.
    CostEstimate prices = estimateCost(hw, 1.0, plan.billing, catalog);
    double hours = prices.monthDays * 24.0;
    if (spec.requestsPerMonth && s.totalRequestsPerSecond > 0)
        hours = *spec.requestsPerMonth / s.totalRequestsPerSecond / 3600.0;
    r.cost = estimateCost(hw, hours, plan.billing, catalog);
    if (otherPool) {
        // Each pool billed as its own instance's nodes, mode by mode.
        addPoolCost(r.cost,
            estimateCost(
                atNodes(otherPool->hardware, otherPool->spec, otherPool->nodes), hours, plan.billing, catalog));
        r.nodes += otherPool->nodes;
        r.gpus += otherPool->nodes * otherPool->hardware.gpusPerNode;
    }
    billServingMonth(r.cost, hours);
    priceServing(s, r.cost.rates, plan.billing, spec, r.cost.monthDays);
    if (s.prefixDiskCapacityBytes > 0 && hw.localNvmeBytes <= 0) {
        // The catalog lists no local NVMe for the instance: the disk tier is the plan's size on one drive.
        const ServingDefaults defaults = servingDefaults(catalog, plan.assumptions);
        r.warnings.push_back({ "prefix_disk_not_in_catalog",
            "the catalog lists no local NVMe for " + hw.id + ": the prefix cache's disk tier is taken as "
                + formatGiB(s.prefixDiskCapacityBytes) + " GiB on one drive read at "
                + formatNumber(defaults.nvmeReadBytesPerSecondPerDrive / 1e9, 3)
                + " GB/s (serving.prefix_cache.nvme_read_gbps_per_drive)",
            { { "instance", hw.id }, { "disk_gib", formatGiB(s.prefixDiskCapacityBytes) },
                { "read_gbps", formatNumber(defaults.nvmeReadBytesPerSecondPerDrive / 1e9, 3) } } });
    }
    r.serving = std::move(s);
    if (hw.sizeEstimate)
        r.warnings.push_back({ "instance_size_estimate",
            "the size of " + hw.id + " is modelled from text, not a published table", { { "instance", hw.id } } });
    addPriceWarnings(r, plan, hw, catalog);
}

} // namespace

Workload workloadOnGpu(const Workload& workload, const GpuSpec& gpu)
{
    Workload w = workload;
    if (const std::optional<Precision> used = precisionOnGpu(gpu, workload.precision))
        w.precision = *used; // none known: kept, and the time model says the speed is unknown
    w.fp8Recipe = fp8RecipeOnGpu(gpu, workload.fp8Recipe);
    return w;
}

CandidateResult evaluateCandidate(const ResolvedModel& model, const Plan& plan, const Hardware& hardware,
    const Configuration& config, const Catalog& catalog)
{
    return evaluateCandidateSharing(model, plan, hardware, config, catalog, nullptr);
}

namespace
{

// A fused attention kernel the GPU's architecture cannot run (FlashAttention-2 on a V100 or T4): the frameworks
// run another one there, and the answer says which (training: PyTorch SDPA's fall-through, catalog
// attention_kernel.runs.*; serving: the backend the engine picks itself, catalog
// serving.engine.<engine>.attention_backend.*, where known); the numbers stay as the kernel's figures (or the
// matmul efficiency where the architecture has none) give them.
void warnAttentionKernelSubstitute(CandidateResult& r, const Workload& workload, const Hardware& hw,
    const Catalog& catalog, bool serving, ServingEngineKind engineKind)
{
    if (!workload.flashAttention || workload.precision == Precision::Fp32)
        return;
    if (const std::string runs = attentionKernelSubstitute(catalog, hw.gpu.architecture, workload.attentionKernel);
        !runs.empty()) {
        const std::string kernel(toString(workload.attentionKernel));
        const std::string engine(toString(engineKind));
        const std::string backend
            = serving ? servingEngineAttentionBackend(catalog, engineKind, hw.gpu.architecture) : std::string();
        Diagnostic w { "attention_kernel_unsupported",
            "the " + kernel + " attention kernel does not run on " + hw.gpu.name + " (" + hw.gpu.architecture + "); "
                + (!serving               ? "PyTorch SDPA runs " + runs + " attention there"
                        : backend.empty() ? engine + " runs an attention backend of its own there"
                                          : engine + " runs its " + backend + " attention backend there"),
            { { "kernel", kernel }, { "gpu", hw.gpu.name }, { "architecture", hw.gpu.architecture },
                { "runs", serving ? "engine" : runs } } };
        if (serving)
            w.args.push_back({ "engine", engine });
        if (!backend.empty())
            w.args.push_back({ "backend", backend });
        r.warnings.push_back(std::move(w));
    }
}

} // namespace

CandidateResult evaluateCandidateSharing(const ResolvedModel& model, const Plan& plan, const Hardware& hw,
    const Configuration& config, const Catalog& catalog, ServingReplicaCache* servingReplicas)
{
    CandidateResult r;
    r.candidate = hw.label.empty() ? hw.id : hw.label;
    r.gpu = hw.gpu.id;
    r.gpuName = hw.gpu.name;
    r.gpusPerNode = hw.gpusPerNode;
    r.nodes = hw.nodes;
    r.gpus = hw.totalGpus();
    r.configuration = config;
    r.gpuMemory = hw.gpu.memoryBytes;

    // The models read the knobs (parallelism, batch, checkpointing, offload) from `config` only.
    const Workload workload = workloadOnGpu(plan.workload, hw.gpu);
    if (workload.precision != plan.workload.precision) {
        const std::string wanted(toString(plan.workload.precision));
        const std::string used(toString(workload.precision));
        r.warnings.push_back(
            { "precision_unsupported", wanted + " is not supported by " + hw.gpu.name + "; estimated as " + used,
                { { "precision", wanted }, { "gpu", hw.gpu.name }, { "used", used } } });
    }
    // A serving engine that does not run on the GPU's architecture at all (TensorRT-LLM below Ampere): the candidate
    // is not estimated (serving_engine_unsupported below), and its attention kernel is not also warned about.
    const bool serving = plan.workload.mode == Mode::Serving;
    const ServingEngineKind engineKind = plan.workload.serving.engine.kind;
    const bool engineRuns = !serving || servingEngineRuns(catalog, engineKind, hw.gpu.architecture);
    if (engineRuns)
        warnAttentionKernelSubstitute(r, workload, hw, catalog, serving, engineKind);
    if (workload.precision == Precision::Fp8 && workload.fp8Recipe != plan.workload.fp8Recipe) {
        const std::string wanted(toString(plan.workload.fp8Recipe));
        const std::string used(toString(workload.fp8Recipe));
        r.warnings.push_back({ "fp8_recipe_unsupported",
            "the " + wanted + " recipe needs "
                + (plan.workload.fp8Recipe == Fp8Recipe::Nvfp4 ? "a data-center Blackwell GPU with FP4 tensor cores; "
                                                               : "Blackwell tensor cores; ")
                + hw.gpu.name + " is estimated with " + used + " scaling",
            { { "recipe", wanted }, { "gpu", hw.gpu.name }, { "used", used } } });
    }

    if (const std::string why = fp8AllGatherUnusedReason(workload, config); !why.empty())
        r.warnings.push_back({ "fp8_all_gather_unused",
            why == "precision" ? "fp8_all_gather needs FP8 training; " + hw.gpu.name + " trains this plan in "
                    + std::string(toString(workload.precision)) + ", so weights are gathered in it"
                : why == "recipe"
                ? "fp8_all_gather casts the weights to FP8, but the nvfp4 recipe's MLP GEMMs take "
                  "NVFP4 weights; on "
                    + hw.gpu.name + " the weights are gathered in 16-bit"
                : "fp8_all_gather changes nothing here: this configuration gathers no weights "
                  "(it needs ZeRO-3/FSDP, or Megatron's distributed optimizer, over more than one rank)",
            { { "reason", why }, { "gpu", hw.gpu.name },
                { "precision", std::string(toString(workload.precision)) } } });
    if (plan.workload.technique == Technique::Lora || plan.workload.technique == Technique::Qlora)
        for (const std::string& name : unknownLoraModules(plan.workload.lora.targetModules))
            r.warnings.push_back({ "lora_module_unknown",
                "LoRA target module \"" + name
                    + "\" is not a module name GPU Planner knows; it "
                      "adapts nothing (known names: q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj, "
                      "down_proj, all-linear and their GPT-2, BLOOM, T5 and Mixtral spellings)",
                { { "module", name } } });

    const double headroom = headroomFraction(plan.assumptions, catalog);
    r.usableMemory = usableMemoryBytes(hw, headroom);
    if (auto failure = layoutProblem(model, config, hw, plan.workload.mode == Mode::Serving)) {
        r.failure = failure;
        r.fits = false;
        r.bottleneck = Bottleneck::MemoryCapacity;
        return r;
    }
    if (!runsWeightFormat(hw.gpu, plan.workload.weightFormat)) {
        const std::string format(toString(plan.workload.weightFormat));
        r.failure = makeFailure("weight_format_unsupported",
            hw.gpu.name + " has no kernels for " + format
                + " weights (they need FP8 tensor cores, or bf16 ones for weight-only kernels)",
            { { "weight_format", format }, { "gpu", hw.gpu.name } });
        r.fits = false;
        r.bottleneck = Bottleneck::MemoryCapacity;
        return r;
    }

    if (!engineRuns) {
        r.failure = servingEngineUnsupported(catalog, engineKind, hw.gpu);
        r.fits = false;
        r.bottleneck = Bottleneck::MemoryCapacity;
        return r;
    }
    if (auto kv = serving ? kvCacheUnsupported(plan.workload.serving.kvCachePrecision, hw.gpu) : std::nullopt) {
        r.failure = kv;
        r.fits = false;
        r.bottleneck = Bottleneck::MemoryCapacity;
        return r;
    }
    if (plan.workload.mode == Mode::Serving) {
        evaluateServing(r, model, plan, workload, hw, config, catalog, servingReplicas);
        return r;
    }
    r.memory = estimateMemory(model, workload, config, hw, plan.assumptions, catalog);
    r.fits = std::isfinite(r.memory.total) && r.memory.total <= r.usableMemory;
    if (!r.fits) {
        r.failure = makeFailure("memory_exceeds_capacity",
            "needs " + formatGiB(r.memory.total) + " GiB per GPU; " + formatGiB(r.usableMemory) + " GiB usable of "
                + formatGiB(r.gpuMemory) + " GiB",
            { { "needed_gib", formatGiB(r.memory.total) }, { "usable_gib", formatGiB(r.usableMemory) },
                { "gpu_memory_gib", formatGiB(r.gpuMemory) }, { "weights_gib", formatGiB(r.memory.weights) } });
    } else if (hw.ramBytesPerNode > 0 && r.memory.cpuBytes > hw.ramBytesPerNode) {
        r.fits = false;
        r.failure = makeFailure("host_memory_exceeded",
            "offload needs " + formatGiB(r.memory.cpuBytes) + " GiB of host RAM per node; the node has "
                + formatGiB(hw.ramBytesPerNode) + " GiB",
            { { "needed_gib", formatGiB(r.memory.cpuBytes) }, { "ram_gib", formatGiB(hw.ramBytesPerNode) } });
    }

    ThroughputEstimate t = estimateThroughput(model, workload, config, hw, r.memory, plan.assumptions, catalog);
    r.step = t.step;
    r.tokensPerSecond = t.tokensPerSecond;
    r.modelFlopsUtilization = t.modelFlopsUtilization;
    r.trainingHours = t.trainingHours;
    r.gpuHours = t.gpuHours;
    r.goodput = t.goodputFigures;
    r.trainingFlops = t.trainingFlops;
    r.decodeTokensPerSecond = t.decodeTokensPerSecond;
    r.prefillSeconds = t.prefillSeconds;
    r.bottleneck = r.fits ? t.bottleneck : Bottleneck::MemoryCapacity;
    r.largestOverhead = t.largestOverhead;
    r.largestOverheadSeconds = t.largestOverheadSeconds;
    r.warnings.insert(r.warnings.end(), t.warnings.begin(), t.warnings.end());
    const Diagnostics sanity = sanityChecks(model, plan.workload, config, planEpochs(plan));
    r.warnings.insert(r.warnings.end(), sanity.begin(), sanity.end());
    if (hw.sizeEstimate)
        r.warnings.push_back({ "instance_size_estimate",
            "the size of " + hw.id + " is modelled from text, not a published table", { { "instance", hw.id } } });

    // Inference: the plan's tokens are the tokens to generate, so cost covers the hours of serving them.
    double hours = r.trainingHours;
    if (plan.workload.mode == Mode::Inference)
        hours = (r.decodeTokensPerSecond && *r.decodeTokensPerSecond > 0)
            ? plan.workload.trainingTokens / *r.decodeTokensPerSecond / 3600.0
            : 0.0;
    r.cost = estimateCost(hw, hours, plan.billing, catalog);
    addPriceWarnings(r, plan, hw, catalog);
    return r;
}

namespace
{

// Prefill and decode apart as the plan states them (deployment.mode disaggregated under a rate load): with the search
// on, the search builds the pools; as configured, they are the plan's replicas of each pool, each pool's tensor size
// (the plan's parallelism.tensor where not given), the plan's pipeline in both; refused naming the missing field.
Expected<Configuration> configuredServingPools(const Plan& plan, Configuration c, int gpus)
{
    const ServingSpec& s = plan.workload.serving;
    const ServingDeployment& d = s.deployment;
    if (d.mode != ServingDeploymentMode::Disaggregated || s.load.kind != ServingLoadKind::RequestsPerSecond)
        return c;
    for (const auto& [given, field] : { std::pair { d.prefillReplicas.has_value(), "prefill_replicas" },
             std::pair { d.decodeReplicas.has_value(), "decode_replicas" } })
        if (!given)
            return Error { std::string("workload.serving.deployment.") + field,
                "with the search off the prefill and decode pools are the plan's: give the number of replicas of "
                "each pool (prefill_replicas, decode_replicas), or turn the search on to size them" };
    const int prefillTensor = d.prefillTensor.value_or(c.tensor), decodeTensor = d.decodeTensor.value_or(c.tensor);
    const long long needed = (static_cast<long long>(*d.prefillReplicas) * prefillTensor
                                 + static_cast<long long>(*d.decodeReplicas) * decodeTensor)
        * c.pipeline;
    if (needed > gpus)
        return Error { "workload.serving.deployment.prefill_replicas",
            std::to_string(*d.prefillReplicas) + " prefill replicas of " + std::to_string(prefillTensor) + " and "
                + std::to_string(*d.decodeReplicas) + " decode replicas of " + std::to_string(decodeTensor)
                + " GPUs (x pipeline " + std::to_string(c.pipeline) + ") need " + std::to_string(needed)
                + " GPUs; the candidate has " + std::to_string(gpus) };
    c.prefillReplicas = *d.prefillReplicas;
    c.prefillTensor = prefillTensor;
    c.prefillPipeline = c.pipeline;
    c.tensor = decodeTensor;
    c.data = *d.decodeReplicas;
    return c;
}

} // namespace

std::optional<FitFailure> layoutProblem(
    const ResolvedModel& model, const Configuration& c, const Hardware& hw, bool serving)
{
    if (serving && !c.decodeInstance.empty() && c.prefillReplicas > 0) {
        // Pools on two instances: `hw` holds the prefill pool; the decode pool (data x tensor x pipeline) is laid out
        // on its own instance's nodes (configuration.decodeNodes).
        Configuration prefill;
        prefill.data = c.prefillReplicas;
        prefill.tensor = c.prefillTensor;
        prefill.pipeline = c.prefillPipeline;
        return layoutProblem(model, prefill, hw, true);
    }
    if (serving && !c.prefillInstance.empty() && c.prefillReplicas > 0) {
        // The other way round: `hw` holds the decode pool, the prefill pool its own instance's nodes.
        Configuration decode = c;
        decode.prefillReplicas = 0;
        decode.prefillInstance.clear();
        return layoutProblem(model, decode, hw, true);
    }
    const int gpus = hw.totalGpus();
    const long long used = static_cast<long long>(c.data) * c.tensor * c.pipeline * c.context;
    if (c.data < 1 || c.tensor < 1 || c.pipeline < 1 || c.context < 1 || c.microBatchSize < 1
        || c.gradientAccumulationSteps < 1)
        return makeFailure(
            "invalid_configuration", "data, tensor, pipeline, context and batch sizes must be at least 1", {});
    // Serving replicas may leave GPUs of the last instance idle (they are paid for all the same).
    if (serving ? used > gpus : used != gpus)
        return makeFailure("layout_mismatch",
            std::string(c.context > 1 ? "data x tensor x pipeline x context = " : "data x tensor x pipeline = ")
                + std::to_string(used) + " but the candidate has " + std::to_string(gpus) + " GPUs",
            { { "used", std::to_string(used) }, { "gpus", std::to_string(gpus) } });
    if (c.tensor > hw.gpusPerNode)
        return makeFailure("tensor_exceeds_node",
            "tensor parallelism " + std::to_string(c.tensor) + " exceeds the " + std::to_string(hw.gpusPerNode)
                + " GPUs of one node",
            { { "tensor", std::to_string(c.tensor) }, { "gpus_per_node", std::to_string(hw.gpusPerNode) } });
    const Architecture& a = model.architecture;
    if (a.numAttentionHeads > 0 && a.numAttentionHeads % c.tensor != 0)
        return makeFailure("tensor_not_dividing_heads",
            "tensor parallelism " + std::to_string(c.tensor) + " does not divide the "
                + std::to_string(a.numAttentionHeads) + " attention heads",
            { { "tensor", std::to_string(c.tensor) }, { "heads", std::to_string(a.numAttentionHeads) } });
    const long long layers = static_cast<long long>(totalLayers(a));
    if (c.pipeline > layers)
        return makeFailure("pipeline_exceeds_layers",
            "pipeline parallelism " + std::to_string(c.pipeline) + " exceeds the " + std::to_string(layers) + " layers",
            { { "pipeline", std::to_string(c.pipeline) }, { "layers", std::to_string(layers) } });
    if (hw.nodes > 1 && hw.interNodeGbps <= 0)
        return makeFailure("no_network", "several nodes need a network bandwidth (inter_node_gbps)",
            { { "nodes", std::to_string(hw.nodes) } });
    return std::nullopt;
}

Expected<Configuration> configurationFromPlan(const Plan& plan, const Hardware& hw)
{
    const ParallelismSpec& p = plan.workload.parallelism;
    Configuration c;
    c.tensor = p.tensor;
    c.pipeline = p.pipeline;
    c.zeroStage = p.zeroStage;
    c.offload = p.offload;
    c.checkpointing = plan.workload.activationCheckpointing;
    c.microBatchSize = plan.workload.microBatchSize;
    c.gradientAccumulationSteps = plan.workload.gradientAccumulationSteps;
    c.sequenceParallel = p.sequenceParallel;
    c.expert = p.expert;
    c.context = p.context;
    c.pipelineSchedule = p.pipelineSchedule;
    c.virtualStages = p.virtualStages;
    if (plan.workload.mode == Mode::Inference || plan.workload.mode == Mode::Serving) {
        c.zeroStage = 0;
        c.offload = Offload::None;
        c.checkpointing = Checkpointing::None;
        c.microBatchSize = plan.workload.mode == Mode::Serving ? 1 : plan.workload.inference.batchSize;
        c.gradientAccumulationSteps = 1;
    }
    if (plan.workload.mode != Mode::Training) {
        c.context = 1; // a sequence is split across ranks in training only
    } else if (Words problem = limits::contextParallelProblem(c.context, plan.workload.sequenceLength); problem.text) {
        return wordedError("workload.parallelism.context", std::move(problem));
    }
    const int gpus = hw.totalGpus();
    // GPUs of one replica: tensor x pipeline x context ranks (context parallelism splits each sequence).
    const long long modelParallel = static_cast<long long>(c.tensor) * c.pipeline * std::max(1, c.context);
    const std::string layoutField = c.context > 1 ? "workload.parallelism.context" : "workload.parallelism.tensor";
    if (modelParallel > gpus)
        return wordedError(layoutField,
            { c.context > 1 ? words::kContextLayoutExceedsGpus : words::kLayoutExceedsGpus,
                { std::to_string(modelParallel), std::to_string(gpus) } });
    if (plan.workload.mode == Mode::Serving) {
        // Replicas: the plan's number (its GPUs must be there), else as many as the candidate's GPUs hold.
        const std::optional<int> replicas = plan.workload.serving.replicas;
        if (replicas && static_cast<long long>(*replicas) * modelParallel > gpus)
            return wordedError("workload.serving.replicas",
                { words::kReplicasNeedGpus,
                    { std::to_string(*replicas), std::to_string(modelParallel),
                        std::to_string(*replicas * modelParallel), std::to_string(gpus) } });
        c.data = replicas ? *replicas : static_cast<int>(gpus / modelParallel);
        if (auto pools = configuredServingPools(plan, c, gpus); !pools)
            return pools.error();
        else
            c = *pools;
    } else if (p.data) {
        c.data = *p.data;
    } else {
        if (gpus % modelParallel != 0)
            return wordedError(layoutField,
                { c.context > 1 ? words::kContextLayoutDoesNotDivideGpus : words::kLayoutDoesNotDivideGpus,
                    { std::to_string(modelParallel), std::to_string(gpus) } });
        c.data = static_cast<int>(gpus / modelParallel);
    }
    if (plan.workload.globalBatchSize && plan.workload.mode == Mode::Training) {
        const long long perStep = static_cast<long long>(c.microBatchSize) * c.data;
        c.gradientAccumulationSteps
            = static_cast<int>(std::max<long long>(1, (*plan.workload.globalBatchSize + perStep - 1) / perStep));
        // DualPipe's and DualPipeV's requirements on the micro-batches this global batch gives the candidate's data
        // degree (pipeline_schedule.h); without a global batch the plan's own count is checked once
        // (pipelineScheduleProblemOf).
        Words problem = pipelineScheduleProblem(c.pipelineSchedule, c.pipeline, c.gradientAccumulationSteps);
        if (problem.text) {
            const std::string_view field = pipelineScheduleProblemField(problem);
            return wordedError(
                field == "workload.gradient_accumulation_steps" ? "workload.global_batch_size" : std::string(field),
                std::move(problem));
        }
    }
    return c;
}

namespace
{

// A KV cache layout the model cannot keep (plan/kv_layouts.h): the *_ds_mla records need DeepSeek's latent (512 + 64
// rotary values: FlashMLA sparse's head size 576), and an engine that runs a layout for standard attention only
// (vLLM's nvfp4 and per-token-head dtypes) refuses it for a latent.
// `engine`: the serving engine (none: the inference mode's cache, no engine's kernels to check).
std::optional<Error> kvLayoutProblem(
    KvPrecision precision, std::optional<ServingEngineKind> engine, const Architecture& arch, const char* field)
{
    const KvCacheLayout& layout = kvCacheLayout(precision);
    const AttentionShape shape = attentionShape(arch);
    const std::string name(toString(precision));
    if (layout.latentOnly && !shape.latent)
        return wordedError(field, { words::kKvCacheNeedsLatent, { name } });
    if (layout.mlaRecord && shape.latent && (shape.kvLoraRank != 512 || shape.ropeDim != 64))
        return wordedError(field,
            { words::kKvCacheNeedsDeepSeekLatent,
                { name, formatExact(shape.kvLoraRank), formatExact(shape.ropeDim) } });
    if (engine && shape.latent && !kvLayoutRunsOn(layout, *engine, true))
        return wordedError(field,
            { words::kKvCacheNotForLatent,
                { name, std::string(toString(*engine)), kvLayoutEngines(precision, true) } });
    return std::nullopt;
}

// The plan's pipeline degree and micro-batches against its schedule's requirements (pipelineScheduleProblem), for
// training.
std::optional<Error> pipelineScheduleProblemOf(const Plan& plan)
{
    const Workload& w = plan.workload;
    if (w.mode != Mode::Training)
        return std::nullopt;
    // A global batch sets the micro-batches per candidate: configurationFromPlan checks them there.
    Words problem = w.globalBatchSize
        ? Words {}
        : pipelineScheduleProblem(w.parallelism.pipelineSchedule, w.parallelism.pipeline, w.gradientAccumulationSteps);
    if (problem.text)
        return wordedError(pipelineScheduleProblemField(problem), std::move(problem));
    Words compile
        = pipelineCompileProblem(w.framework, w.parallelism.pipelineSchedule, w.parallelism.pipeline, w.torchCompile);
    if (compile.text)
        return wordedError("workload.torch_compile", std::move(compile));
    return std::nullopt;
}

} // namespace

std::optional<Error> recipeProblem(const Plan& plan, const ResolvedModel& model)
{
    const Workload& w = plan.workload;
    // Megatron builds MTP layers for a GPT model's language-modelling loss (gpt_model.py); the planner trains them
    // in full fine-tuning or pre-training only (trainedMtpLayers), and builds them from the model's architecture.
    if (w.mtpLayers > 0) {
        if (w.mode != Mode::Training)
            return wordedError("workload.mtp_layers", { words::kTrainingOnly, {} });
        if (model.architecture.kind == ModelKind::Decoder && model.architecture.numLayers <= 0)
            return wordedError("workload.mtp_layers", { words::kMtpNeedsArchitecture, {} });
        if (trainedMtpLayers(model.architecture, w) == 0)
            return wordedError("workload.mtp_layers", { words::kMtpNeedsDecoderFullTraining, {} });
    }
    if (w.mode == Mode::Serving && w.serving.kvCachePrecision)
        if (auto problem = kvLayoutProblem(*w.serving.kvCachePrecision, w.serving.engine.kind, model.architecture,
                "workload.serving.kv_cache_precision"))
            return problem;
    if (w.mode == Mode::Inference)
        if (auto problem = kvLayoutProblem(w.inference.kvCachePrecision, std::nullopt, model.architecture,
                "workload.inference.kv_cache_precision"))
            return problem;
    if (!w.parallelism.pipelineLayout.empty()) {
        // Megatron's layout against the model (validate_layer_layout): its decoder layers the model's, its MTP layers
        // the plan's; the syntax and stage count were read with the plan (plan_parse.cpp).
        const std::string field = "workload.parallelism.pipeline_layout";
        if (w.mode != Mode::Training)
            return wordedError(field, { words::kTrainingOnly, {} });
        if (model.architecture.kind != ModelKind::Decoder)
            return wordedError(field, { words::kLayoutDecoderOnly, {} });
        // The layout places stages Megatron's way (stage i on rank i % p); DualPipe's ranks hold stages from both
        // ends, which Megatron's string cannot state and Megatron-LM does not run.
        const PipelineSchedule schedule = w.parallelism.pipelineSchedule;
        if (w.parallelism.pipeline > 1
            && (schedule == PipelineSchedule::DualPipe || schedule == PipelineSchedule::DualPipeV))
            return wordedError(
                field, { words::kScheduleNotInFormat, { "Megatron-LM", std::string(toString(schedule)) } });
        const PipelineLayoutParse layout = parsePipelineLayout(w.parallelism.pipelineLayout);
        if (layout.problem.text)
            return wordedError(field, layout.problem);
        if (auto problem = pipelineLayoutProblem(layout, w.parallelism.pipeline, w.parallelism.virtualStages,
                int(totalLayers(model.architecture)), std::max(0, w.mtpLayers)))
            return wordedError(field, *problem);
    }
    if (w.mode != Mode::Training)
        return std::nullopt;
    const auto layers = static_cast<long long>(totalLayers(model.architecture));
    if (w.checkpointedLayers && *w.checkpointedLayers > layers)
        return wordedError("workload.activation_checkpointing_layers",
            { words::kAtMostModelLayersGot, { std::to_string(layers), std::to_string(*w.checkpointedLayers) } });
    const ParallelismSpec& p = w.parallelism;
    const long long pipeline = plan.search.enabled ? 2 : p.pipeline;
    const long long chunks = pipeline * p.virtualStages;
    if (pipeline > 1 && p.pipelineSchedule == PipelineSchedule::Interleaved && chunks > layers)
        return wordedError("workload.parallelism.virtual_stages",
            { plan.search.enabled ? words::kSearchChunksExceedLayers : words::kChunksExceedLayers,
                { std::to_string(pipeline), std::to_string(p.virtualStages), std::to_string(chunks),
                    std::to_string(layers) } });
    // DualPipe's and DualPipeV's own requirements (pipeline_schedule.h); while the planner chooses the layout its
    // grid skips the layouts they cannot run (estimatePlan checks the plan's own layout).
    if (!plan.search.enabled)
        return pipelineScheduleProblemOf(plan);
    return std::nullopt;
}

std::vector<CandidateSpec> planCandidates(const Plan& plan, const Catalog& catalog)
{
    if (!plan.candidates.empty())
        return plan.candidates;
    std::vector<CandidateSpec> all;
    all.reserve(catalog.instances.size());
    for (const auto& instance : catalog.instances) {
        CandidateSpec spec;
        spec.instance = instance.id;
        spec.nodes = std::nullopt; // "auto": the planner may scale out; estimate uses one node
        all.push_back(spec);
    }
    if (plan.workload.mode != Mode::Serving)
        return all;
    // Serving also on MIG slices (a replica per slice) of the one-GPU instances whose GPU has MIG profiles, as the
    // Tencent Cloud guides advise for GNV7 (A100): every profile smaller than the whole GPU.
    for (const auto& instance : catalog.instances) {
        const GpuSpec* gpu = instance.gpus == 1 ? catalog.findGpu(instance.gpu) : nullptr;
        if (!gpu)
            continue;
        for (const MigProfile& profile : gpu->migProfiles) {
            if (profile.computeSlices >= 7)
                continue;
            CandidateSpec spec;
            spec.instance = instance.id;
            spec.mig = profile.name;
            spec.nodes = std::nullopt; // slices: one replica each, as many as the load needs
            all.push_back(spec);
        }
    }
    return all;
}

Expected<PlanEstimate> estimatePlan(const Plan& plan, const Catalog& catalog)
{
    auto model = resolveModel(plan.model);
    if (!model)
        return model.error();
    if (auto problem = recipeProblem(plan, *model))
        return *problem;
    if (auto problem = pipelineScheduleProblemOf(plan)) // the plan's own layout, whatever the search says
        return *problem;
    PlanEstimate estimate;
    estimate.model = *model;
    const auto candidates = planCandidates(plan, catalog);
    std::optional<Error> layoutError; // the first candidate that cannot hold the configured layout
    std::size_t laidOut = 0;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const std::string path = "candidates[" + std::to_string(i) + "]";
        auto hw = resolveCandidate(candidates[i], catalog, candidates[i].nodes.value_or(1), path);
        if (!hw)
            return hw.error();
        auto config = configurationFromPlan(plan, *hw);
        if (!config && !layoutError) {
            layoutError = config.error();
            appendWords(*layoutError, { words::kOnCandidate, { path, hw->label } });
        }
        if (!config) {
            CandidateResult r;
            r.candidate = hw->label;
            r.gpu = hw->gpu.id;
            r.gpuName = hw->gpu.name;
            r.gpusPerNode = hw->gpusPerNode;
            r.nodes = hw->nodes;
            r.gpus = hw->totalGpus();
            r.gpuMemory = hw->gpu.memoryBytes;
            r.fits = false;
            r.bottleneck = Bottleneck::MemoryCapacity;
            r.failure = FitFailure { "invalid_configuration", config.error().toString(),
                { { "field", config.error().field } }, config.error().words };
            estimate.results.push_back(std::move(r));
            continue;
        }
        ++laidOut;
        estimate.results.push_back(evaluateCandidate(*model, plan, *hw, *config, catalog));
    }
    // One candidate too small for tensor x pipeline is a result that does not fit; when no candidate can hold
    // the layout the plan asks for (e.g. tensor 16 on 8-GPU machines) the plan itself is invalid.
    if (laidOut == 0 && layoutError)
        return *layoutError;
    return estimate;
}

} // namespace gp
