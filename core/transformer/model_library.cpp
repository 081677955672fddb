// Architecture fields of the plan file, their validation, and resolving a plan's model to counts.
#include "transformer/model_library.h"

#include "base/error_words.h"
#include "base/number_text.h"
#include "plan/architecture_json.h"
#include "plan/limits.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace gp
{

namespace
{

std::string fmt(double v)
{
    return formatNumber(v, 4);
}

Error fieldError(const std::string& path, const std::string& field, Words words)
{
    return wordedError(path.empty() ? field : path + "." + field, std::move(words));
}

} // namespace

Expected<bool> validateArchitecture(const Architecture& a, const std::string& path)
{
    auto positive = [&](const char* key, std::int64_t value) -> std::optional<Error> {
        if (value == 0) // absent (or 0): "got 0" would name a value the file may not have
            return fieldError(path, key, { words::kRequiredPositiveInteger });
        if (value < 0)
            return fieldError(path, key, { words::kPositiveIntegerGot, { std::to_string(value) } });
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
        return fieldError(path, "num_key_value_heads", { words::kNotNegative });
    if (a.headDim <= 0 && a.hiddenSize % a.numAttentionHeads != 0)
        return fieldError(path, "num_attention_heads",
            { words::kHeadsDivideHidden, { std::to_string(a.hiddenSize), std::to_string(a.numAttentionHeads) } });
    if (a.numKeyValueHeads > a.numAttentionHeads)
        return fieldError(path, "num_key_value_heads",
            { words::kNotAboveHeadsGot, { std::to_string(a.numAttentionHeads), std::to_string(a.numKeyValueHeads) } });
    if (a.numKeyValueHeads > 0 && a.numAttentionHeads % a.numKeyValueHeads != 0)
        return fieldError(path, "num_key_value_heads",
            { words::kDivideHeadsGot, { std::to_string(a.numAttentionHeads), std::to_string(a.numKeyValueHeads) } });
    if (a.numExperts < 1)
        return fieldError(path, "num_experts", { words::kAtLeastGot, { "1", std::to_string(a.numExperts) } });
    if (a.expertsPerToken < 1 || a.expertsPerToken > a.numExperts)
        return fieldError(path, "experts_per_token",
            { words::kBetweenOneAndExpertsGot, { std::to_string(a.numExperts), std::to_string(a.expertsPerToken) } });
    if (a.numSharedExperts < 0)
        return fieldError(path, "num_shared_experts", { words::kNotNegative });
    if (a.firstDenseLayers < 0 || a.firstDenseLayers > a.numLayers)
        return fieldError(path, "first_dense_layers", { words::kBetweenZeroAndLayers });
    if (a.numClasses < 1)
        return fieldError(path, "num_classes", { words::kAtLeastOne });
    if (a.numDecoderLayers < 0)
        return fieldError(path, "num_decoder_layers", { words::kNotNegative });
    const ParameterCounts c = countParameters(a);
    if (!std::isfinite(c.total) || c.total > limits::kMaxParameters)
        return wordedError(path, { words::kTooManyParameters, { fmt(c.total) } });
    return true;
}

Expected<ResolvedModel> resolveModel(const ModelSpec& spec)
{
    try {
        ResolvedModel r;
        Architecture arch;
        bool haveArchitecture = false;
        bool activeWithoutEmbedding = false;
        r.weightsDtype = "bf16";
        if (!spec.preset.empty()) {
            const ModelPreset* preset = findModelPreset(spec.preset);
            if (!preset)
                return Error { "model.preset", "unknown model preset \"" + spec.preset + "\"", {} };
            arch = preset->architecture;
            r.name = preset->name;
            r.weightsDtype = preset->weightsDtype;
            activeWithoutEmbedding = preset->activeWithoutEmbedding;
            haveArchitecture = true;
        }
        // The fields the plan gives, from its typed architecture (the ones the plan writer saves), over the preset.
        const nlohmann::json given = givenArchitectureFields(spec);
        if (given.is_object() && !given.empty()) {
            auto applied = readArchitecture(given, arch, "model.architecture");
            if (!applied)
                return applied.error();
            arch = *applied;
            haveArchitecture = true;
        }
        if (!haveArchitecture) {
            if (!spec.parameters)
                return wordedError("model", { words::kGiveAModel });
            const double p = *spec.parameters;
            if (!std::isfinite(p) || p <= 0)
                return wordedError("model.parameters", { words::kPositiveNumberGot, { fmt(p) } });
            if (p > limits::kMaxParameters)
                return wordedError("model.parameters", { words::kAtMostGot, { "1e13", fmt(p) } });
            arch = typicalArchitecture(p);
            r.warnings.push_back(Diagnostic { "typical_architecture",
                "Only a size was given: memory and time use a typical Llama-shaped architecture of " + fmt(p)
                    + " parameters (hidden " + std::to_string(arch.hiddenSize) + ", " + std::to_string(arch.numLayers)
                    + " layers); give the architecture for exact figures.",
                { { "parameters", fmt(p) }, { "hidden_size", std::to_string(arch.hiddenSize) },
                    { "num_layers", std::to_string(arch.numLayers) } } });
        }
        auto valid = validateArchitecture(arch, "model.architecture");
        if (!valid)
            return valid.error();
        r.architecture = arch;
        r.parameters = countParameters(arch);
        if (activeWithoutEmbedding)
            r.parameters.activeAsPublished = r.parameters.active - r.parameters.embedding;
        if (r.name.empty())
            r.name = spec.name.empty() ? "custom model" : spec.name;
        if (!spec.name.empty())
            r.name = spec.name;
        if (haveArchitecture && spec.parameters && std::isfinite(*spec.parameters) && *spec.parameters > 0) {
            const double given = *spec.parameters;
            const double counted = r.parameters.total;
            if (std::abs(given - counted) > 0.1 * counted)
                r.warnings.push_back(Diagnostic { "parameters_differ_from_architecture",
                    "model.parameters (" + fmt(given) + ") differs from the architecture's count (" + fmt(counted)
                        + "); the architecture is used.",
                    { { "given", fmt(given) }, { "counted", fmt(counted) } } });
        }
        return r;
    } catch (const std::exception& e) {
        return Error { "model", std::string("could not resolve the model: ") + e.what(), {} };
    }
}

} // namespace gp
