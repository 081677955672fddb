// Built-in model presets, Hugging Face config import, and exact parameter counts.
#pragma once

#include "base/diagnostic.h"
#include "base/expected.h"
#include "plan/plan.h"

#include <string>
#include <string_view>
#include <vector>

namespace gp
{

struct ModelPreset {
    std::string id; // "llama-2-7b"
    std::string name; // "Llama 2 7B"
    std::string family; // "llama"
    Architecture architecture;
    std::string weightsDtype; // "bf16", "fp16", "fp32" (torch_dtype of the published weights)
    std::string source; // where the architecture was read (config.json of the model repo)
    // How the model card counts active parameters: with the input embedding (Mixtral, Qwen3: a token's row is read)
    // or without it (GPT-OSS's model card, Table 1: 5.13 B / 3.61 B; the embedding is a lookup, not a matmul).
    bool activeWithoutEmbedding = false;
};

// Parameter counts from an architecture. All counts are exact numbers of scalars.
struct ParameterCounts {
    double total = 0; // every parameter (all experts)
    double active = 0; // used per token (MoE: routed experts_per_token + shared), embedding included
    double activeAsPublished = 0; // `active` as the model card counts it (ModelPreset::activeWithoutEmbedding)
    double embedding = 0; // input embeddings (+ learned positions)
    double outputHead = 0; // untied LM head or classification head
    double perLayer = 0; // one transformer layer (largest kind), all experts
    double attentionPerLayer = 0;
    double mlpPerLayer = 0; // all experts
    double largestLayer = 0; // largest single parameter tensor group gathered at once (ZeRO-3)
    double loraTrainable = 0; // filled by the memory model for a LoRA spec
    // Added for the memory model:
    double blockLinear = 0; // weights of the linear layers inside the blocks (what int4/nf4 quantize)
    double largestTensor = 0; // largest single module's own parameters (DeepSpeed's "largest layer")
    double factoredStateElements = 0; // sum of rows+cols over matrices (+ size of vectors): Adafactor state
    double layerCount = 0; // transformer layers over all stacks
    double classificationHead = 0; // pooled-output classifier (numClasses x hidden + bias)
    double expertLinear = 0; // of blockLinear, the routed and shared experts' matrices
    double mlpLinear = 0; // of blockLinear, every MLP's matrices (dense MLPs and all experts)
    double recurrentLinear = 0; // of blockLinear, a hybrid's Gated DeltaNet and Mamba2 projection matrices
    double mtp = 0; // multi-token-prediction modules (not in `total`; trained beside it)
    double mtpActive = 0; // of which one token uses
    // One multi-token-prediction module of this architecture (a decoder's: two norms, the 2h x h projection, one
    // layer of the model's kind (its MoE layer where it has one) and its output norm), whether or not the checkpoint
    // ships any: what training workload.mtp_layers of them holds. Its routed experts apart (split over expert ranks).
    double mtpPerModule = 0;
    double mtpRoutedPerModule = 0;
};

struct ResolvedModel {
    std::string name;
    Architecture architecture;
    ParameterCounts parameters;
    std::string weightsDtype;
    Diagnostics warnings;
};

// Every built-in preset (parsed once from the embedded models/presets.json).
const std::vector<ModelPreset>& modelPresets();
// The preset with this id (case-insensitive), or nullptr.
const ModelPreset* findModelPreset(std::string_view id);
// Parses a presets document ({"presets": [...]}); errors name the entry ("presets[3].architecture.hidden_size").
Expected<std::vector<ModelPreset>> parseModelPresets(std::string_view text, const std::string& fileName);

// Exact parameter counts: embeddings (tied or not), attention with GQA and biases, gated or standard MLP,
// norms, MoE total and active, encoder-decoder with cross-attention, BERT pooler, learned positions.
ParameterCounts countParameters(const Architecture& architecture);

// Refuses absurd architectures (zero sizes, heads not dividing hidden, kv heads not dividing heads, > 1e13 params).
Expected<bool> validateArchitecture(const Architecture& architecture, const std::string& path);
// The plan format's architecture fields are read and written by plan/architecture_json.h only.

// A typical decoder architecture for a size given only as a parameter count.
Architecture typicalArchitecture(double parameters);

// Preset + architecture overrides + parameters-only -> one architecture with counts and warnings.
// Warnings: "typical_architecture" (size only), "parameters_differ_from_architecture".
Expected<ResolvedModel> resolveModel(const ModelSpec& spec);

// Maps a Hugging Face config.json (decoder, BERT, T5 spellings, MoE fields, quantization_config).
// Fields it cannot use are named in `warnings`.
struct ImportedConfig {
    Architecture architecture;
    std::string torchDtype;
    std::string quantization; // "", "nf4", "int8", "int4", "fp8", "fp8_block", "mxfp4"
    double bitsPerWeight = 0; // a group-quantized checkpoint's stored bits per weight (workload.weight_bits); 0: the
                              // format's own
    bool activeWithoutEmbedding = false; // the family's model card counts active parameters without the embedding
    Diagnostics warnings;
};
// Warnings: "config_field_ignored" (arg "field") for every top-level field it cannot map.
Expected<ImportedConfig> importHuggingFaceConfig(std::string_view text, const std::string& fileName);

// Exact parameter count from a .safetensors header (or its model.safetensors.index.json).
// Accepts the file's first bytes (8-byte little-endian length + JSON header; the tensor data may be absent)
// or an index JSON (metadata.total_size / bytes per element of `indexDtype`, default bf16).
Expected<double> countSafetensorsParameters(std::string_view headerOrIndex, const std::string& fileName);
// Same, dividing an index's total_size by the byte width of `indexDtype` ("bf16", "fp32", ...).
Expected<double> countSafetensorsParameters(
    std::string_view headerOrIndex, const std::string& fileName, std::string_view indexDtype);
// The stored weights' count (countSafetensorsParameters) against the config's: warning "safetensors_count_differs"
// (args stored, config, percent, file) when they are more than kSafetensorsCountTolerance apart, the config's count
// taken with and without its multi-token-prediction modules (DeepSeek-V3 stores them). Quantized weights
// (`quantization` not empty) store scales and packed integers whose bytes are not parameters: no check.
inline constexpr double kSafetensorsCountTolerance = 0.10;
std::optional<Diagnostic> safetensorsCountWarning(
    const ParameterCounts& config, std::string_view quantization, double stored, const std::string& fileName);

} // namespace gp
