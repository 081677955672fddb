// Architecture fields of the plan file, their validation, and resolving a plan's model to counts.
#include "transformer/model_library.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace gp {

namespace {

constexpr double kMaxParameters = 1e13;
constexpr std::int64_t kMaxDimension = 1'000'000'000;

std::string fmt(double v)
{
    std::ostringstream s;
    s.precision(4);
    s << v;
    return s.str();
}

Error fieldError(const std::string& path, const std::string& field, const std::string& message)
{
    return Error{path.empty() ? field : path + "." + field, message, {}};
}

// Reads an integer field; true when present and valid.
bool readInt(const nlohmann::json& j, const char* key, std::int64_t& out, const std::string& path, Error& error,
             bool& failed)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return false;
    double v = 0;
    if (it->is_number_integer() || it->is_number_unsigned()) {
        v = it->get<double>();
    } else if (it->is_number_float()) {
        v = it->get<double>();
        if (std::floor(v) != v || !std::isfinite(v)) {
            error = fieldError(path, key, "must be an integer, got " + it->dump());
            failed = true;
            return false;
        }
    } else {
        error = fieldError(path, key, "must be an integer, got " + it->dump());
        failed = true;
        return false;
    }
    if (v < 0 || v > double(kMaxDimension)) {
        error = fieldError(path, key, "must be between 0 and 1e9, got " + it->dump());
        failed = true;
        return false;
    }
    out = std::int64_t(v);
    return true;
}

bool readBool(const nlohmann::json& j, const char* key, bool& out, const std::string& path, Error& error, bool& failed)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return false;
    if (!it->is_boolean()) {
        error = fieldError(path, key, "must be true or false, got " + it->dump());
        failed = true;
        return false;
    }
    out = it->get<bool>();
    return true;
}

} // namespace

Expected<Architecture> applyArchitectureJson(const nlohmann::json& fields, Architecture a, const std::string& path)
{
    if (fields.is_null())
        return a;
    if (!fields.is_object())
        return Error{path, "must be an object", {}};
    Error error;
    bool failed = false;
    std::int64_t v = 0;
    if (auto it = fields.find("kind"); it != fields.end() && !it->is_null()) {
        const std::string k = it->is_string() ? it->get<std::string>() : std::string();
        if (k == "decoder")
            a.kind = ModelKind::Decoder;
        else if (k == "encoder")
            a.kind = ModelKind::Encoder;
        else if (k == "encoder-decoder")
            a.kind = ModelKind::EncoderDecoder;
        else
            return fieldError(path, "kind", "must be decoder, encoder or encoder-decoder, got " + it->dump());
    }
    if (auto it = fields.find("mlp"); it != fields.end() && !it->is_null()) {
        const std::string k = it->is_string() ? it->get<std::string>() : std::string();
        if (k == "gated")
            a.mlp = MlpKind::Gated;
        else if (k == "standard")
            a.mlp = MlpKind::Standard;
        else
            return fieldError(path, "mlp", "must be gated or standard, got " + it->dump());
    }
    struct IntField {
        const char* key;
        std::int64_t* target;
    };
    const IntField ints[] = {{"hidden_size", &a.hiddenSize},
                             {"num_layers", &a.numLayers},
                             {"num_decoder_layers", &a.numDecoderLayers},
                             {"num_attention_heads", &a.numAttentionHeads},
                             {"num_key_value_heads", &a.numKeyValueHeads},
                             {"head_dim", &a.headDim},
                             {"intermediate_size", &a.intermediateSize},
                             {"vocab_size", &a.vocabSize},
                             {"moe_intermediate_size", &a.moeIntermediateSize},
                             {"max_positions", &a.maxPositions}};
    for (const auto& f : ints) {
        if (readInt(fields, f.key, v, path, error, failed))
            *f.target = v;
        if (failed)
            return error;
    }
    struct SmallIntField {
        const char* key;
        int* target;
    };
    const SmallIntField smalls[] = {{"num_experts", &a.numExperts},
                                    {"experts_per_token", &a.expertsPerToken},
                                    {"num_shared_experts", &a.numSharedExperts},
                                    {"first_dense_layers", &a.firstDenseLayers},
                                    {"num_classes", &a.numClasses}};
    for (const auto& f : smalls) {
        if (readInt(fields, f.key, v, path, error, failed)) {
            if (v > 1'000'000)
                return fieldError(path, f.key, "must be at most 1000000, got " + std::to_string(v));
            *f.target = int(v);
        }
        if (failed)
            return error;
    }
    struct BoolField {
        const char* key;
        bool* target;
    };
    const BoolField bools[] = {{"tie_word_embeddings", &a.tieWordEmbeddings},
                               {"attention_bias", &a.attentionBias},
                               {"mlp_bias", &a.mlpBias},
                               {"learned_positions", &a.learnedPositions}};
    for (const auto& f : bools) {
        bool b = false;
        if (readBool(fields, f.key, b, path, error, failed))
            *f.target = b;
        if (failed)
            return error;
    }
    return a;
}

Expected<bool> validateArchitecture(const Architecture& a, const std::string& path)
{
    auto positive = [&](const char* key, std::int64_t value) -> std::optional<Error> {
        if (value <= 0)
            return fieldError(path, key, "must be a positive integer, got " + std::to_string(value));
        return std::nullopt;
    };
    if (auto e = positive("hidden_size", a.hiddenSize))
        return *e;
    if (auto e = positive("num_layers", a.numLayers))
        return *e;
    if (auto e = positive("num_attention_heads", a.numAttentionHeads))
        return *e;
    if (auto e = positive("intermediate_size", a.intermediateSize))
        return *e;
    if (auto e = positive("vocab_size", a.vocabSize))
        return *e;
    if (a.numKeyValueHeads < 0)
        return fieldError(path, "num_key_value_heads", "must not be negative");
    if (a.headDim <= 0 && a.hiddenSize % a.numAttentionHeads != 0)
        return fieldError(path, "num_attention_heads",
                          "must divide hidden_size (" + std::to_string(a.hiddenSize) + " is not a multiple of " +
                              std::to_string(a.numAttentionHeads) + "), or give head_dim");
    if (a.numKeyValueHeads > a.numAttentionHeads)
        return fieldError(path, "num_key_value_heads",
                          "must not exceed num_attention_heads (" + std::to_string(a.numAttentionHeads) + "), got " +
                              std::to_string(a.numKeyValueHeads));
    if (a.numKeyValueHeads > 0 && a.numAttentionHeads % a.numKeyValueHeads != 0)
        return fieldError(path, "num_key_value_heads",
                          "must divide num_attention_heads (" + std::to_string(a.numAttentionHeads) + "), got " +
                              std::to_string(a.numKeyValueHeads));
    if (a.numExperts < 1)
        return fieldError(path, "num_experts", "must be at least 1, got " + std::to_string(a.numExperts));
    if (a.expertsPerToken < 1 || a.expertsPerToken > a.numExperts)
        return fieldError(path, "experts_per_token",
                          "must be between 1 and num_experts (" + std::to_string(a.numExperts) + "), got " +
                              std::to_string(a.expertsPerToken));
    if (a.numSharedExperts < 0)
        return fieldError(path, "num_shared_experts", "must not be negative");
    if (a.firstDenseLayers < 0 || a.firstDenseLayers > a.numLayers)
        return fieldError(path, "first_dense_layers", "must be between 0 and num_layers");
    if (a.numClasses < 1)
        return fieldError(path, "num_classes", "must be at least 1");
    if (a.numDecoderLayers < 0)
        return fieldError(path, "num_decoder_layers", "must not be negative");
    const ParameterCounts c = countParameters(a);
    if (!std::isfinite(c.total) || c.total > kMaxParameters)
        return Error{path, "the architecture has " + fmt(c.total) + " parameters, more than the 1e13 supported", {}};
    return true;
}

nlohmann::json architectureToJson(const Architecture& a)
{
    nlohmann::json j;
    j["kind"] = std::string(a.kind == ModelKind::Decoder   ? "decoder"
                            : a.kind == ModelKind::Encoder ? "encoder"
                                                           : "encoder-decoder");
    j["hidden_size"] = a.hiddenSize;
    j["num_layers"] = a.numLayers;
    if (a.numDecoderLayers > 0)
        j["num_decoder_layers"] = a.numDecoderLayers;
    j["num_attention_heads"] = a.numAttentionHeads;
    j["num_key_value_heads"] = a.kvHeads();
    if (a.headDim > 0)
        j["head_dim"] = a.headDim;
    j["intermediate_size"] = a.intermediateSize;
    j["vocab_size"] = a.vocabSize;
    j["mlp"] = std::string(a.mlp == MlpKind::Gated ? "gated" : "standard");
    j["tie_word_embeddings"] = a.tieWordEmbeddings;
    j["num_experts"] = a.numExperts;
    j["experts_per_token"] = a.expertsPerToken;
    if (a.numSharedExperts > 0)
        j["num_shared_experts"] = a.numSharedExperts;
    if (a.moeIntermediateSize > 0)
        j["moe_intermediate_size"] = a.moeIntermediateSize;
    if (a.firstDenseLayers > 0)
        j["first_dense_layers"] = a.firstDenseLayers;
    j["attention_bias"] = a.attentionBias;
    j["mlp_bias"] = a.mlpBias;
    j["learned_positions"] = a.learnedPositions;
    if (a.maxPositions > 0)
        j["max_positions"] = a.maxPositions;
    return j;
}

Expected<ResolvedModel> resolveModel(const ModelSpec& spec)
{
    try {
        ResolvedModel r;
        Architecture arch;
        bool haveArchitecture = false;
        r.weightsDtype = "bf16";
        if (!spec.preset.empty()) {
            const ModelPreset* preset = findModelPreset(spec.preset);
            if (!preset)
                return Error{"model.preset", "unknown model preset \"" + spec.preset + "\"", {}};
            arch = preset->architecture;
            r.name = preset->name;
            r.weightsDtype = preset->weightsDtype;
            haveArchitecture = true;
        }
        const bool jsonGiven = spec.architectureJson.is_object() && !spec.architectureJson.empty();
        if (jsonGiven) {
            auto applied = applyArchitectureJson(spec.architectureJson, arch, "model.architecture");
            if (!applied)
                return applied.error();
            arch = *applied;
            haveArchitecture = true;
        } else if (spec.architecture) {
            arch = *spec.architecture;
            haveArchitecture = true;
        }
        if (!haveArchitecture) {
            if (!spec.parameters)
                return Error{"model", "give a preset, an architecture or a parameter count", {}};
            const double p = *spec.parameters;
            if (!std::isfinite(p) || p <= 0)
                return Error{"model.parameters", "must be a positive number, got " + fmt(p), {}};
            if (p > kMaxParameters)
                return Error{"model.parameters", "must be at most 1e13, got " + fmt(p), {}};
            arch = typicalArchitecture(p);
            r.warnings.push_back(Diagnostic{
                "typical_architecture",
                "Only a size was given: memory and time use a typical Llama-shaped architecture of " + fmt(p) +
                    " parameters (hidden " + std::to_string(arch.hiddenSize) + ", " +
                    std::to_string(arch.numLayers) + " layers); give the architecture for exact figures.",
                {{"parameters", fmt(p)},
                 {"hidden_size", std::to_string(arch.hiddenSize)},
                 {"num_layers", std::to_string(arch.numLayers)}}});
        }
        auto valid = validateArchitecture(arch, "model.architecture");
        if (!valid)
            return valid.error();
        r.architecture = arch;
        r.parameters = countParameters(arch);
        if (r.name.empty())
            r.name = spec.name.empty() ? "custom model" : spec.name;
        if (!spec.name.empty())
            r.name = spec.name;
        if (haveArchitecture && spec.parameters && std::isfinite(*spec.parameters) && *spec.parameters > 0) {
            const double given = *spec.parameters;
            const double counted = r.parameters.total;
            if (std::abs(given - counted) > 0.1 * counted)
                r.warnings.push_back(Diagnostic{
                    "parameters_differ_from_architecture",
                    "model.parameters (" + fmt(given) + ") differs from the architecture's count (" + fmt(counted) +
                        "); the architecture is used.",
                    {{"given", fmt(given)}, {"counted", fmt(counted)}}});
        }
        return r;
    } catch (const std::exception& e) {
        return Error{"model", std::string("could not resolve the model: ") + e.what(), {}};
    }
}

} // namespace gp
