// The plan: the question a user asks (model, workload, candidates, assumptions, billing). Each section's struct and
// its scalar inputs' entries in the field table sit in its own header (workload.h, serving_spec.h, rl_spec.h,
// assumptions.h, billing.h, search_spec.h).
#pragma once

#include "base/expected.h"
#include "plan/assumptions.h"
#include "plan/billing.h"
#include "plan/plan_enums.h"
#include "plan/search_spec.h"
#include "plan/workload.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gp
{

// Architecture of a transformer. Zero means "not given" for optional sizes.
struct Architecture {
    bool operator==(const Architecture&) const = default;
    ModelKind kind = ModelKind::Decoder;
    std::int64_t hiddenSize = 0;
    std::int64_t numLayers = 0; // per stack for encoder-decoder
    std::int64_t numDecoderLayers = 0; // encoder-decoder only; 0 = same as numLayers
    std::int64_t numAttentionHeads = 0;
    std::int64_t numKeyValueHeads = 0; // 0 = same as numAttentionHeads
    std::int64_t headDim = 0; // 0 = hiddenSize / numAttentionHeads
    std::int64_t intermediateSize = 0;
    std::int64_t vocabSize = 0;
    MlpKind mlp = MlpKind::Gated;
    bool tieWordEmbeddings = false;
    int numExperts = 1;
    int expertsPerToken = 1;
    int numSharedExperts = 0; // DeepSeek-style always-on experts
    std::int64_t moeIntermediateSize = 0; // per expert; 0 = intermediateSize
    int firstDenseLayers = 0; // leading layers with a dense MLP (DeepSeek-style)
    int moeLayerInterval = 1; // after those, every n-th layer has experts (Llama 4 Maverick: 2)
    bool expertBias = false; // biases on the expert MLPs and the router (GPT-OSS)
    bool clampedGlu = false; // the gated MLP's two halves clamped before the activation (GPT-OSS's swiglu_limit)
    int mtpModules = 0; // multi-token-prediction modules trained beside the model (DeepSeek-V3)
    // Group-limited routing (DeepSeek-V2/V3's n_group / topk_group): the routed experts form expertGroups equal
    // groups and a token's experts come from at most expertGroupsPerToken of them (0 = no limit).
    int expertGroups = 1;
    int expertGroupsPerToken = 0;
    // Multi-head latent attention (DeepSeek-V2/V3, Kimi K2); kvLoraRank 0 = ordinary attention.
    std::int64_t qLoraRank = 0; // 0 = full-rank query projection
    std::int64_t kvLoraRank = 0; // compressed key/value latent (what the KV cache keeps)
    std::int64_t qkRopeHeadDim = 0; // decoupled rotary key/query part, shared key kept in the cache
    std::int64_t qkNopeHeadDim = 0; // per-head query/key part without rotary
    std::int64_t vHeadDim = 0; // per-head value size
    // Local attention: slidingWindowLayers of the layers see only the last slidingWindow tokens (Mistral,
    // Gemma 2/3, GPT-OSS; Llama 4's chunked layers counted at their chunk). Layers 0 with a window = all.
    std::int64_t slidingWindow = 0;
    std::int64_t slidingWindowLayers = 0;
    // Hybrid models: of the decoder's layers, those whose token mixer is not attention keep a constant-size
    // recurrent state per sequence instead of keys and values. Gated DeltaNet linear attention (Qwen3-Next,
    // Qwen3.5: HF modeling_qwen3_next.py Qwen3NextGatedDeltaNet) and Mamba2 (Nemotron-H: modeling_nemotron_h.py
    // NemotronHMamba2Mixer). MLP-only blocks (Nemotron-H's "-"): with them, every block holds one mixer or one MLP.
    std::int64_t linearAttentionLayers = 0;
    std::int64_t linearKeyHeads = 0;
    std::int64_t linearValueHeads = 0;
    std::int64_t linearKeyHeadDim = 0;
    std::int64_t linearValueHeadDim = 0;
    std::int64_t linearConvKernel = 4;
    std::int64_t mambaLayers = 0;
    std::int64_t mambaHeads = 0;
    std::int64_t mambaHeadDim = 0;
    std::int64_t ssmStateSize = 0;
    std::int64_t mambaGroups = 1;
    std::int64_t mambaConvKernel = 4;
    std::int64_t mlpOnlyLayers = 0;
    bool stateFp32 = false; // recurrent (SSM) state kept in fp32 (mamba_ssm_dtype / mamba_ssm_cache_dtype float32)
    bool attentionOutputGate = false; // gated attention: q_proj also emits a gate per output element (Qwen3-Next)
    bool qkNorm = false; // per-head RMSNorm weights on queries and keys (Qwen3, Gemma 3)
    bool sandwichNorms = false; // norms after attention and MLP too: 4 per layer (Gemma 2/3)
    // Parallel residual: attention and MLP both read the block's input and add to it (GPT-J, GPT-NeoX, Falcon, Phi:
    // x + attn(norm_1(x)) + mlp(norm_2(x))); with sharedAttentionNorm one norm's output feeds both (norm_2 = norm_1:
    // Phi, Falcon-7B, GPT-J). LitGPT's `parallel_residual` / `shared_attention_norm` (litgpt/model.py Block).
    bool parallelResidual = false;
    bool sharedAttentionNorm = false;
    bool attentionSinks = false; // one learned sink logit per head and layer (GPT-OSS)
    bool attentionBias = false;
    bool mlpBias = false;
    bool learnedPositions = false; // GPT-2/BERT absolute position embeddings
    std::int64_t maxPositions = 0;
    int numClasses = 2; // classification head

    std::int64_t kvHeads() const { return numKeyValueHeads > 0 ? numKeyValueHeads : numAttentionHeads; }
    std::int64_t headDimension() const
    {
        return headDim > 0 ? headDim : (numAttentionHeads > 0 ? hiddenSize / numAttentionHeads : 0);
    }
    bool latentAttention() const { return kvLoraRank > 0; }
    bool hybrid() const { return linearAttentionLayers > 0 || mambaLayers > 0 || mlpOnlyLayers > 0; }
};

struct ModelSpec {
    bool operator==(const ModelSpec& o) const // the architecture given, not how the file spelled it
    {
        // With a preset, the fields the file names are the override (an unnamed field keeps the preset's value).
        return preset == o.preset && architecture == o.architecture && parameters == o.parameters && name == o.name
            && (preset.empty() || architectureJson == o.architectureJson);
    }
    std::string preset; // model library id, may be empty
    std::optional<Architecture> architecture; // overrides the preset field by field when given
    nlohmann::json architectureJson; // the fields given in the file (to override a preset partially)
    std::optional<double> parameters; // only a size is known
    std::string name; // display name (imported config path, preset name)
};

struct CandidateSpec {
    bool operator==(const CandidateSpec&) const = default;
    std::string instance; // catalog instance id "provider:name"; empty for bare GPUs
    std::string gpu; // bare GPUs: GPU id
    int gpusPerNode = 1;
    std::optional<int> nodes = 1; // nullopt = "auto"
    std::string intraNode; // bare GPUs: link id (default: the GPU's NVLink or PCIe)
    std::optional<double> interNodeGbps;
    std::optional<double> pricePerHour; // user's quote for the whole candidate, plan currency
    std::string label; // display name (optional)
    // A MIG profile of the candidate's GPU ("1g.10gb", catalog mig_profiles): one serving replica per slice, priced at
    // the slice's share of its GPU. Empty = whole GPUs.
    std::string mig;
};

// A figure from the user's catalog overrides that an answer to the plan used: the price quote of one catalog
// instance ("user": typed in Edit Price or a price sheet; "quoted": imported from the user's cloud account). The
// window records them in the plan it saves (`answered_with.overrides`) so that another tool can tell when it
// answers the same plan without them.
struct OverrideUse {
    std::string instance; // catalog instance id
    std::string status; // "user" or "quoted"
    std::string currency; // of the figures
    std::optional<double> onDemandPerHour;
    std::optional<double> monthly;

    bool operator==(const OverrideUse& other) const = default;
};

struct Plan {
    std::string title;
    std::string notes; // free text for the report: what the plan is for, what was agreed
    ModelSpec model;
    Workload workload;
    std::vector<CandidateSpec> candidates; // empty = every catalog instance
    Assumptions assumptions;
    Billing billing;
    SearchSpec search;
    std::vector<OverrideUse> answeredWith; // answered_with.overrides: the quotes the saved answer used
    nlohmann::json original; // the document as read, so unknown fields survive a save

    // The structs, and the document's fields no struct holds (unknown fields, scenarios; unmodelledFields).
    bool operator==(const Plan& other) const;
};

// Reads a plan document; errors name the field path ("workload.sequence_length: ...").
Expected<Plan> parsePlan(std::string_view text);
Expected<Plan> planFromJson(const nlohmann::json& document);
// Writes the plan; unknown fields of the document it was read from are kept.
nlohmann::json planToJson(const Plan& plan);
std::string serializePlan(const Plan& plan); // pretty JSON + newline

// The plan the window opens with and `gpu-planner-cli example` prints.
std::string_view defaultPlanText();
// The serving plan `gpu-planner-cli example --serving` prints.
std::string_view servingPlanText();
// The RL post-training plan `gpu-planner-cli example --rl` prints.
std::string_view rlPlanText();

// Enum <-> stable spec names.
std::string_view toString(Mode);
std::string_view toString(ServingLoadKind);
std::string_view toString(RlAlgorithm);
std::string_view toString(RlPlacement);
std::string_view toString(RlRewardKind);
std::string_view toString(TrainingObjective);
std::string_view toString(Technique);
std::string_view toString(Precision);
std::string_view toString(WeightFormat);
std::string_view toString(Optimizer);
std::string_view toString(Checkpointing);
std::string_view toString(LossImplementation);
std::string_view toString(AttentionKernel);
std::string_view toString(TrainingStack);
std::string_view toString(GradientPrecision);
std::string_view toString(Offload);
std::string_view toString(PipelineSchedule);
std::string_view toString(Fp8Recipe);
std::string_view toString(LoraDropoutPosition);
std::string_view toString(KvPrecision);
std::string_view toString(ServingEngineKind);
std::string_view toString(ServingDeploymentMode);
std::string_view toString(SpeculativeMethod);
std::string_view toString(PrefixShape);
std::string_view toString(LoraTargetSet);
std::string_view toString(WideEpMode);
std::string_view toString(LengthShape);
std::string_view toString(SloPercentile);
std::string_view toString(SearchObjective);
std::string_view toString(ModelKind);
std::string_view toString(MlpKind);

} // namespace gp
