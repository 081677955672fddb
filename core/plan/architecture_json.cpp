// Reads and writes the plan format's architecture fields (spec: plan-format.md, model.architecture).
#include "plan/architecture_json.h"

#include "base/json_reader.h"
#include "plan/limits.h"
#include "plan/plan_enum_tables.h"

namespace gp
{

using namespace limits; // one set of limits for plan files and config.json import

Expected<Architecture> readArchitecture(const nlohmann::json& fields, Architecture a, const std::string& path)
{
    if (fields.is_null())
        return a;
    if (!fields.is_object())
        return Error { path, "must be an object", {} };
    using namespace detail;
    JsonReader r(fields, path);
    r.enumeration("kind", a.kind, kModelKinds);
    r.integer("hidden_size", a.hiddenSize, false, 1, kMaxDimension);
    r.integer("num_layers", a.numLayers, false, 1, kMaxLayers);
    r.integer("num_decoder_layers", a.numDecoderLayers, false, 0, kMaxLayers);
    r.integer("num_attention_heads", a.numAttentionHeads, false, 1, kMaxHeads);
    r.integer("num_key_value_heads", a.numKeyValueHeads, false, 1, kMaxHeads);
    r.integer("head_dim", a.headDim, false, 1, kMaxHeads);
    r.integer("intermediate_size", a.intermediateSize, false, 1, kMaxIntermediate);
    r.integer("vocab_size", a.vocabSize, false, 1, kMaxVocabulary);
    r.enumeration("mlp", a.mlp, kMlpKinds);
    r.boolean("tie_word_embeddings", a.tieWordEmbeddings);
    r.integer("num_experts", a.numExperts, false, 1, int(kMaxExperts));
    r.integer("experts_per_token", a.expertsPerToken, false, 1, int(kMaxExperts));
    r.integer("num_shared_experts", a.numSharedExperts, false, 0, int(kMaxExperts));
    r.integer("moe_intermediate_size", a.moeIntermediateSize, false, 0, kMaxIntermediate);
    r.integer("first_dense_layers", a.firstDenseLayers, false, 0, int(kMaxLayers));
    r.integer("moe_layer_interval", a.moeLayerInterval, false, 1, int(kMaxLayers));
    r.boolean("expert_bias", a.expertBias);
    r.boolean("clamped_glu", a.clampedGlu);
    r.integer("mtp_modules", a.mtpModules, false, 0, int(kMaxLayers));
    r.integer("expert_groups", a.expertGroups, false, 1, int(kMaxExperts));
    r.integer("expert_groups_per_token", a.expertGroupsPerToken, false, 0, int(kMaxExperts));
    r.integer("q_lora_rank", a.qLoraRank, false, 0, kMaxDimension);
    r.integer("kv_lora_rank", a.kvLoraRank, false, 0, kMaxDimension);
    r.integer("qk_rope_head_dim", a.qkRopeHeadDim, false, 0, kMaxHeads);
    r.integer("qk_nope_head_dim", a.qkNopeHeadDim, false, 0, kMaxHeads);
    r.integer("v_head_dim", a.vHeadDim, false, 0, kMaxHeads);
    r.integer("sliding_window", a.slidingWindow, false, 0, kMaxSequence);
    r.integer("sliding_window_layers", a.slidingWindowLayers, false, 0, kMaxLayers);
    r.integer("linear_attention_layers", a.linearAttentionLayers, false, 0, kMaxLayers);
    r.integer("linear_num_key_heads", a.linearKeyHeads, false, 0, kMaxHeads);
    r.integer("linear_num_value_heads", a.linearValueHeads, false, 0, kMaxHeads);
    r.integer("linear_key_head_dim", a.linearKeyHeadDim, false, 0, kMaxHeads);
    r.integer("linear_value_head_dim", a.linearValueHeadDim, false, 0, kMaxHeads);
    r.integer("linear_conv_kernel", a.linearConvKernel, false, 1, kMaxHeads);
    r.integer("mamba_layers", a.mambaLayers, false, 0, kMaxLayers);
    r.integer("mamba_num_heads", a.mambaHeads, false, 0, kMaxHeads);
    r.integer("mamba_head_dim", a.mambaHeadDim, false, 0, kMaxHeads);
    r.integer("ssm_state_size", a.ssmStateSize, false, 0, kMaxHeads);
    r.integer("mamba_groups", a.mambaGroups, false, 1, kMaxHeads);
    r.integer("mamba_conv_kernel", a.mambaConvKernel, false, 1, kMaxHeads);
    r.integer("mlp_only_blocks", a.mlpOnlyLayers, false, 0, kMaxLayers);
    r.boolean("state_fp32", a.stateFp32);
    r.boolean("attention_output_gate", a.attentionOutputGate);
    r.boolean("qk_norm", a.qkNorm);
    r.boolean("sandwich_norms", a.sandwichNorms);
    r.boolean("parallel_residual", a.parallelResidual);
    r.boolean("shared_attention_norm", a.sharedAttentionNorm);
    r.boolean("attention_sinks", a.attentionSinks);
    r.boolean("attention_bias", a.attentionBias);
    r.boolean("mlp_bias", a.mlpBias);
    r.boolean("learned_positions", a.learnedPositions);
    r.integer("max_positions", a.maxPositions, false, 0, kMaxSequence);
    r.integer("num_classes", a.numClasses, false, 1, int(kMaxClasses));
    if (r.ok() && a.expertsPerToken > a.numExperts)
        r.fail("experts_per_token", "must not exceed num_experts (" + std::to_string(a.numExperts) + ")");
    if (r.ok() && a.expertGroups > 1 && a.numExperts % a.expertGroups != 0)
        r.fail("expert_groups", "must divide num_experts (" + std::to_string(a.numExperts) + ") into equal groups");
    if (r.ok() && a.expertGroupsPerToken > a.expertGroups)
        r.fail("expert_groups_per_token", "must not exceed expert_groups (" + std::to_string(a.expertGroups) + ")");
    if (r.ok() && a.expertGroupsPerToken > 0
        && a.expertGroupsPerToken * (a.numExperts / a.expertGroups) < a.expertsPerToken)
        r.fail("expert_groups_per_token",
            "its groups must hold at least experts_per_token (" + std::to_string(a.expertsPerToken) + ") experts");
    if (r.ok() && a.kvLoraRank > 0 && (a.qkNopeHeadDim + a.qkRopeHeadDim <= 0 || a.vHeadDim <= 0))
        r.fail("kv_lora_rank", "latent attention needs qk_nope_head_dim or qk_rope_head_dim, and v_head_dim");
    if (r.ok() && a.sharedAttentionNorm && !a.parallelResidual)
        r.fail("shared_attention_norm",
            "needs parallel_residual: a sequential block's second norm reads the attention's output, not the block's "
            "input");
    if (r.ok() && a.slidingWindowLayers > a.numLayers && a.numLayers > 0)
        r.fail("sliding_window_layers", "must not exceed num_layers (" + std::to_string(a.numLayers) + ")");
    if (r.ok() && a.linearAttentionLayers + a.mambaLayers + a.mlpOnlyLayers >= a.numLayers && a.numLayers > 0)
        r.fail(
            a.mlpOnlyLayers > 0 ? "mlp_only_blocks" : (a.mambaLayers > 0 ? "mamba_layers" : "linear_attention_layers"),
            "linear_attention_layers + mamba_layers + mlp_only_blocks must leave at least one attention layer of "
            "num_layers ("
                + std::to_string(a.numLayers) + ")");
    if (r.ok() && a.linearAttentionLayers > 0
        && (a.linearKeyHeads <= 0 || a.linearValueHeads <= 0 || a.linearKeyHeadDim <= 0 || a.linearValueHeadDim <= 0))
        r.fail("linear_attention_layers",
            "Gated DeltaNet layers need linear_num_key_heads, linear_num_value_heads, linear_key_head_dim and "
            "linear_value_head_dim");
    if (r.ok() && a.mambaLayers > 0 && (a.mambaHeads <= 0 || a.mambaHeadDim <= 0 || a.ssmStateSize <= 0))
        r.fail("mamba_layers", "Mamba2 layers need mamba_num_heads, mamba_head_dim and ssm_state_size");
    if (r.ok() && a.mlpOnlyLayers > 0 && a.numExperts > 1)
        r.fail("mlp_only_blocks", "MLP-only blocks with experts (Nemotron-H's \"E\" blocks) are not modelled");
    if (r.ok() && a.hybrid() && a.kind != ModelKind::Decoder)
        r.fail("kind", "hybrid layers (linear attention, Mamba2, MLP-only blocks) are modelled for decoders only");
    if (!r.ok())
        return r.takeError();
    return a;
}

nlohmann::json architectureToJson(const Architecture& a)
{
    using namespace detail;
    nlohmann::json j = { { "kind", nameOf(kModelKinds, a.kind) }, { "hidden_size", a.hiddenSize },
        { "num_layers", a.numLayers }, { "num_attention_heads", a.numAttentionHeads },
        { "num_key_value_heads", a.kvHeads() }, { "intermediate_size", a.intermediateSize },
        { "vocab_size", a.vocabSize }, { "mlp", nameOf(kMlpKinds, a.mlp) },
        { "tie_word_embeddings", a.tieWordEmbeddings }, { "num_experts", a.numExperts },
        { "experts_per_token", a.expertsPerToken }, { "attention_bias", a.attentionBias }, { "mlp_bias", a.mlpBias },
        { "learned_positions", a.learnedPositions }, { "num_classes", a.numClasses } };
    if (a.numDecoderLayers > 0)
        j["num_decoder_layers"] = a.numDecoderLayers;
    if (a.headDim > 0)
        j["head_dim"] = a.headDim;
    if (a.numSharedExperts > 0)
        j["num_shared_experts"] = a.numSharedExperts;
    if (a.moeIntermediateSize > 0)
        j["moe_intermediate_size"] = a.moeIntermediateSize;
    if (a.firstDenseLayers > 0)
        j["first_dense_layers"] = a.firstDenseLayers;
    if (a.maxPositions > 0)
        j["max_positions"] = a.maxPositions;
    if (a.moeLayerInterval > 1)
        j["moe_layer_interval"] = a.moeLayerInterval;
    if (a.expertBias)
        j["expert_bias"] = true;
    if (a.clampedGlu)
        j["clamped_glu"] = true;
    if (a.mtpModules > 0)
        j["mtp_modules"] = a.mtpModules;
    if (a.expertGroups > 1)
        j["expert_groups"] = a.expertGroups;
    if (a.expertGroupsPerToken > 0)
        j["expert_groups_per_token"] = a.expertGroupsPerToken;
    if (a.kvLoraRank > 0) {
        j["q_lora_rank"] = a.qLoraRank;
        j["kv_lora_rank"] = a.kvLoraRank;
        j["qk_rope_head_dim"] = a.qkRopeHeadDim;
        j["qk_nope_head_dim"] = a.qkNopeHeadDim;
        j["v_head_dim"] = a.vHeadDim;
    }
    if (a.slidingWindow > 0) {
        j["sliding_window"] = a.slidingWindow;
        j["sliding_window_layers"] = a.slidingWindowLayers;
    }
    if (a.linearAttentionLayers > 0) {
        j["linear_attention_layers"] = a.linearAttentionLayers;
        j["linear_num_key_heads"] = a.linearKeyHeads;
        j["linear_num_value_heads"] = a.linearValueHeads;
        j["linear_key_head_dim"] = a.linearKeyHeadDim;
        j["linear_value_head_dim"] = a.linearValueHeadDim;
        j["linear_conv_kernel"] = a.linearConvKernel;
    }
    if (a.mambaLayers > 0) {
        j["mamba_layers"] = a.mambaLayers;
        j["mamba_num_heads"] = a.mambaHeads;
        j["mamba_head_dim"] = a.mambaHeadDim;
        j["ssm_state_size"] = a.ssmStateSize;
        j["mamba_groups"] = a.mambaGroups;
        j["mamba_conv_kernel"] = a.mambaConvKernel;
    }
    if (a.mlpOnlyLayers > 0)
        j["mlp_only_blocks"] = a.mlpOnlyLayers;
    if (a.stateFp32)
        j["state_fp32"] = true;
    if (a.attentionOutputGate)
        j["attention_output_gate"] = true;
    if (a.qkNorm)
        j["qk_norm"] = true;
    if (a.sandwichNorms)
        j["sandwich_norms"] = true;
    if (a.parallelResidual)
        j["parallel_residual"] = true;
    if (a.sharedAttentionNorm)
        j["shared_attention_norm"] = true;
    if (a.attentionSinks)
        j["attention_sinks"] = true;
    // Sizes that are 0 mean "not given": writing them would make the plan unreadable.
    for (auto it = j.begin(); it != j.end();) {
        if (it->is_number() && it->get<double>() == 0)
            it = j.erase(it);
        else
            ++it;
    }
    return j;
}

nlohmann::json givenArchitectureFields(const ModelSpec& spec)
{
    const bool named = spec.architectureJson.is_object() && !spec.architectureJson.empty();
    if (!spec.architecture)
        return named ? spec.architectureJson : nlohmann::json();
    nlohmann::json full = architectureToJson(*spec.architecture);
    if (!named)
        return full;
    nlohmann::json partial = nlohmann::json::object();
    for (const auto& [key, value] : spec.architectureJson.items())
        partial[key] = full.contains(key) ? full[key] : value;
    return partial;
}

} // namespace gp
