// Hugging Face config.json -> Architecture (decoder, BERT, T5, ChatGLM, MPT, Falcon spellings, MoE, quantization).
#include "transformer/model_library.h"

#include "base/json_reader.h"
#include "base/number_text.h"
#include "plan/limits.h"
#include "plan/precision.h"
#include "transformer/layers.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace gp
{

namespace
{

// Top-level fields that do not change memory or time (tokenizer ids, initialisation, norms' epsilon,
// dropout rates, rotary settings): read and deliberately not warned about.
const std::set<std::string, std::less<>> kIrrelevantFields { "architectures", "model_type", "_name_or_path",
    "transformers_version", "rope_theta", "rope_scaling", "rope_ratio", "rotary_emb_base", "rotary_pct",
    "rotary_percent", "rms_norm_eps", "layer_norm_eps", "layer_norm_epsilon", "layernorm_epsilon", "initializer_range",
    "initializer_factor", "bos_token_id", "eos_token_id", "pad_token_id", "sep_token_id", "decoder_start_token_id",
    "use_cache", "hidden_act", "activation_function", "hidden_dropout_prob", "attention_probs_dropout_prob",
    "attention_dropout", "hidden_dropout", "dropout_rate", "dropout", "resid_pdrop", "embd_pdrop", "attn_pdrop",
    "summary_type", "summary_use_proj", "summary_activation", "summary_proj_to_labels", "summary_first_dropout",
    "task_specific_params", "pretraining_tp", "auto_map", "tokenizer_class", "classifier_dropout",
    "position_embedding_type", "gradient_checkpointing", "use_sliding_window", "sliding_window", "max_window_layers",
    "output_router_logits", "router_aux_loss_coef", "router_jitter_noise", "aux_loss_alpha", "seq_aux",
    "norm_topk_prob", "scoring_func", "topk_method", "routed_scaling_factor", "moe_layer_freq", "use_flash_attn",
    "attn_config", "init_config", "use_dynamic_ntk", "use_logn_attn", "fp16", "bf16", "fp32", "kv_channels_ratio",
    "relative_attention_num_buckets", "relative_attention_max_distance", "n_positions_offset", "is_decoder",
    "layer_norm_type", "apply_residual_connection_post_layernorm", "post_layer_norm", "rmsnorm",
    "apply_query_key_layer_scaling", "attention_softmax_in_fp32", "fp32_residual_connection", "original_rope",
    "apply_residual_connection_post_layernorm", "slow_but_exact", "masked_softmax_fusion", "offset_alibi", "alibi",
    "bias", "type_vocab_size", "do_layer_norm_before", "word_embed_proj_dim", "enable_bias", "scale_attn_weights",
    "scale_attn_by_inverse_layer_idx", "reorder_and_upcast_attn", "reorder_and_upcast_attn", "learned_pos_emb",
    "emb_pdrop", "logit_scale", "no_bias", "norm_type", "resid_pdrop", "use_cache", "verbose", "z_loss", "id2label",
    "label2id", "is_encoder_decoder", "prefix", "finetuning_task", "problem_type", "quantization_config", "head_dim",
    "d_kv", "kv_channels", "prefix_projection", "pre_seq_len", "multi_query_attention", "torch_dtype",
    "partial_rotary_factor", "tokenizer_name", "model_max_length", "z_loss_weight", "chunk_size_feed_forward",
    "output_attentions", "output_hidden_states", "return_dict", "max_length", "num_beams", "use_return_dict",
    "n_positions", "n_ctx", "max_position_embeddings", "seq_length", "max_seq_len", "max_sequence_length", "num_labels",
    "feed_forward_proj", "dense_act_fn", "is_gated_act", "mlp_bias", "attention_bias", "add_qkv_bias",
    "add_bias_linear", "qkv_bias", "tie_word_embeddings", "tie_encoder_decoder", "output_past", "bias_dropout_fusion",
    "_from_model_config", "router_z_loss_coef",
    // 2025-2026 families: routing, rotary and logit details that change neither memory nor time.
    "ep_size", "query_pre_attn_scalar", "final_logit_softcapping", "attn_logit_softcapping", "rope_local_base_freq",
    "hidden_activation", "image_token_index", "boi_token_index", "eoi_token_index", "mm_tokens_per_image",
    "initial_context_length", "attn_temperature_tuning", "floor_scale", "attn_scale", "cache_implementation",
    "image_token_id", "multimodal_projector_bias", "projector_hidden_act", "spatial_merge_size", "vision_feature_layer",
    "vision_feature_select_strategy", "projector_hidden_size", "interleave_moe_layer_step", "router_dtype",
    "moe_router_enable_expert_bias", "rope_interleave", "use_qk_norm", "qk_layernorm", "no_rope_layers", "dtype",
    "_attn_implementation_autoset", "for_llm_compressor", "mm_tokens_per_image" };

bool isOneOf(const std::string& v, std::initializer_list<const char*> list)
{
    return std::any_of(list.begin(), list.end(), [&](const char* x) { return v == x; });
}

struct ConfigReader {
    const nlohmann::json& j;
    std::set<std::string, std::less<>> used;
    std::optional<std::pair<std::string, Words>> wrongType; // the first numeric field given as a string

    const nlohmann::json* find(std::initializer_list<const char*> keys)
    {
        for (const char* k : keys) {
            auto it = j.find(k);
            if (it != j.end() && !it->is_null()) {
                used.insert(k);
                return &*it;
            }
        }
        return nullptr;
    }
    // First integer among `keys`; nullopt when none is present.
    std::optional<double> number(std::initializer_list<const char*> keys)
    {
        const nlohmann::json* v = find(keys);
        if (v && v->is_string() && !wrongType) {
            // A size written as a string ("4096") is named, not read as a missing field.
            for (const char* k : keys)
                if (auto it = j.find(k); it != j.end() && &*it == v)
                    wrongType = std::make_pair(std::string(k), detail::notANumberWords(*v, words::kNumberGot));
        }
        if (!v || !v->is_number())
            return std::nullopt;
        const double d = v->get<double>();
        return std::isfinite(d) ? std::optional<double>(d) : std::nullopt;
    }
    std::optional<bool> boolean(std::initializer_list<const char*> keys)
    {
        const nlohmann::json* v = find(keys);
        if (!v || !v->is_boolean())
            return std::nullopt;
        return v->get<bool>();
    }
    std::string string(std::initializer_list<const char*> keys)
    {
        const nlohmann::json* v = find(keys);
        return v && v->is_string() ? v->get<std::string>() : std::string();
    }
};

std::int64_t toInt(double v)
{
    if (!std::isfinite(v) || v < 0)
        return -1;
    return v > 1e15 ? std::int64_t(1e15) : std::int64_t(v);
}

std::string dtypeName(const std::string& torch)
{
    if (torch == "bfloat16")
        return "bf16";
    if (torch == "float16")
        return "fp16";
    if (torch == "float32")
        return "fp32";
    return torch;
}

// Hybrid layers: Gated DeltaNet (Qwen3-Next, Qwen3.5: layer_types "linear_attention" / full_attention_interval,
// linear_* sizes; configuration_qwen3_next.py) and Mamba2 with MLP-only blocks (Nemotron-H: hybrid_override_pattern
// "M" Mamba2, "*" attention, "-" MLP, "E" MoE, or layers_block_type; configuration_nemotron_h.py). Returns the
// error of a field it cannot model.
std::optional<Error> readHybridLayers(
    ConfigReader& r, const nlohmann::json& j, const std::string& type, Architecture& a)
{
    const double layers = double(std::max<std::int64_t>(0, a.numLayers));
    double linear = 0;
    if (auto it = j.find("layer_types"); it != j.end() && it->is_array())
        for (const auto& t : *it)
            if (t == "linear_attention")
                ++linear;
    if (linear == 0)
        if (auto interval = r.number({ "full_attention_interval" }); interval && *interval >= 1)
            linear = layers - std::floor(layers / *interval); // layer i is full attention when (i + 1) % n == 0
    r.find({ "full_attention_interval" });
    if (linear > 0) {
        a.linearAttentionLayers = toInt(linear);
        a.linearKeyHeads = toInt(r.number({ "linear_num_key_heads" }).value_or(0));
        a.linearValueHeads = toInt(r.number({ "linear_num_value_heads" }).value_or(0));
        a.linearKeyHeadDim = toInt(r.number({ "linear_key_head_dim" }).value_or(0));
        a.linearValueHeadDim = toInt(r.number({ "linear_value_head_dim" }).value_or(0));
        a.linearConvKernel = toInt(r.number({ "linear_conv_kernel_dim" }).value_or(4));
    }
    // Qwen3-Next's attention always gates its output (Qwen3NextAttention: q_proj emits 2 x heads x head_dim);
    // Qwen3.5 says so in attn_output_gate (default true).
    a.attentionOutputGate = type == "qwen3_next";
    if (auto gate = r.boolean({ "attn_output_gate" }))
        a.attentionOutputGate = *gate;
    else if (type.rfind("qwen3_5", 0) == 0)
        a.attentionOutputGate = true;

    std::string pattern;
    if (auto it = j.find("hybrid_override_pattern"); it != j.end() && it->is_string()) {
        r.used.insert("hybrid_override_pattern");
        pattern = it->get<std::string>();
    } else if (auto blocks = j.find("layers_block_type"); blocks != j.end() && blocks->is_array()) {
        r.used.insert("layers_block_type");
        for (const auto& b : *blocks)
            pattern += b == "mamba" ? 'M' : b == "attention" ? '*' : b == "mlp" ? '-' : b == "moe" ? 'E' : '?';
    }
    if (!pattern.empty()) {
        const auto count = [&](char c) { return double(std::count(pattern.begin(), pattern.end(), c)); };
        const char* field = j.contains("hybrid_override_pattern") ? "hybrid_override_pattern" : "layers_block_type";
        if (count('E') > 0)
            return wordedError(field, { words::kNemotronMoeBlocks });
        if (count('M') + count('*') + count('-') != double(pattern.size()))
            return wordedError(field, { words::kOtherHybridBlocks });
        if (layers > 0 && double(pattern.size()) != layers)
            return wordedError(
                field, { words::kBlocksVersusLayers, { std::to_string(pattern.size()), std::to_string(a.numLayers) } });
        a.mambaLayers = toInt(count('M'));
        a.mlpOnlyLayers = toInt(count('-'));
        a.mambaHeads = toInt(r.number({ "mamba_num_heads" }).value_or(0));
        a.mambaHeadDim = toInt(r.number({ "mamba_head_dim" }).value_or(0));
        a.ssmStateSize = toInt(r.number({ "ssm_state_size" }).value_or(0));
        a.mambaGroups = std::max<std::int64_t>(1, toInt(r.number({ "n_groups" }).value_or(1)));
        a.mambaConvKernel = toInt(r.number({ "conv_kernel" }).value_or(4));
        if (auto headDim = r.number({ "attention_head_dim" }))
            a.headDim = toInt(*headDim);
    }
    for (const char* key : { "mamba_ssm_dtype", "mamba_ssm_cache_dtype" })
        if (auto it = j.find(key); it != j.end() && it->is_string()) {
            r.used.insert(key);
            a.stateFp32 = a.stateFp32 || it->get<std::string>() == "float32";
        }
    // Mamba2 details that change neither memory nor time: its activation, the scan's chunk, dt initialisation.
    for (const char* key : { "expand", "chunk_size", "mamba_hidden_act", "mamba_proj_bias", "use_conv_bias", "use_bias",
             "time_step_min", "time_step_max", "time_step_floor", "time_step_limit", "mlp_hidden_act",
             "residual_in_fp32", "rescale_prenorm_residual", "num_logits_to_keep" })
        r.find({ key });
    return std::nullopt;
}

// One config.json being read: the document, the reader of its language model's fields, the model so far and the
// first field beyond the plan's limits. Each step of importHuggingFaceConfig below reads one group of fields.
struct HfImport {
    const nlohmann::json& root;
    const nlohmann::json& j; // the language model's fields: root, or its text_config
    bool nested; // j is root's text_config
    std::string fieldPrefix; // "text_config." when nested
    const std::string& fileName;
    ConfigReader r;
    std::string type; // model_type (the family's, for a nested config)
    ImportedConfig out;
    std::optional<Error> beyondLimit;

    // The plan's own limits (plan/limits.h), checked here under the config's field name: a model the plan
    // parser would refuse is refused at import, not accepted, saved and then unopenable.
    void withinLimit(std::initializer_list<const char*> keys, double value, std::int64_t max)
    {
        if (beyondLimit || value <= double(max))
            return;
        std::string key;
        for (const char* k : keys)
            if (auto it = j.find(k); key.empty() && it != j.end() && !it->is_null())
                key = k;
        beyondLimit = wordedError(key, { words::kAtMostGot, { std::to_string(max), formatExact(value) } }, fileName);
    }
    void setInt(std::int64_t& target, std::initializer_list<const char*> keys, std::int64_t max)
    {
        if (auto v = r.number(keys)) {
            withinLimit(keys, *v, max);
            target = toInt(*v);
        }
    }
};

// Encoder, encoder-decoder or decoder, by family or is_encoder_decoder.
void hfReadKind(HfImport& c)
{
    ConfigReader& r = c.r;
    Architecture& a = c.out.architecture;
    const std::string& type = c.type;
    const auto encoderDecoderFlag = r.boolean({ "is_encoder_decoder" });
    if (isOneOf(type,
            { "bert", "roberta", "distilbert", "albert", "electra", "deberta", "deberta-v2", "xlm-roberta", "ernie" }))
        a.kind = ModelKind::Encoder;
    else if (isOneOf(type, { "t5", "mt5", "umt5", "bart", "mbart", "pegasus", "marian", "longt5" })
        || (encoderDecoderFlag && *encoderDecoderFlag))
        a.kind = ModelKind::EncoderDecoder;
}

// Widths, depths, heads, vocabulary and positions.
void hfReadSizes(HfImport& c)
{
    Architecture& a = c.out.architecture;
    const std::string& type = c.type;
    c.setInt(a.hiddenSize, { "hidden_size", "d_model", "n_embd", "n_embed", "dim" }, limits::kMaxDimension);
    c.setInt(a.numLayers, { "num_hidden_layers", "num_layers", "n_layer", "n_layers", "num_encoder_layers" },
        limits::kMaxLayers);
    c.setInt(a.numDecoderLayers, { "num_decoder_layers", "decoder_layers" }, limits::kMaxLayers);
    c.setInt(a.numAttentionHeads,
        { "num_attention_heads", "num_heads", "n_head", "n_heads", "encoder_attention_heads" }, limits::kMaxHeads);
    c.setInt(a.headDim, { "head_dim", "d_kv", "kv_channels" }, limits::kMaxHeads);
    c.setInt(a.vocabSize, { "padded_vocab_size", "vocab_size" }, limits::kMaxVocabulary);
    c.setInt(a.intermediateSize,
        { "intermediate_size", "ffn_hidden_size", "d_ff", "n_inner", "ffn_dim", "encoder_ffn_dim" },
        limits::kMaxIntermediate);
    c.setInt(a.maxPositions,
        { "max_position_embeddings", "n_positions", "seq_length", "max_seq_len", "max_sequence_length" },
        limits::kMaxSequence);
    // Gemma 3's published text_config leaves out the fields at Gemma3TextConfig's defaults
    // (transformers configuration_gemma3.py: vocab_size 262208, max_position_embeddings 131072).
    if (type == "gemma3" || type == "gemma3_text") {
        if (a.vocabSize <= 0)
            a.vocabSize = 262208;
        if (a.maxPositions <= 0)
            a.maxPositions = 131072;
    }
    // BART spells the decoder layer count "decoder_layers" and the encoder one "encoder_layers".
    if (a.numLayers <= 0)
        c.setInt(a.numLayers, { "encoder_layers" }, limits::kMaxLayers);
}

void hfReadKeyValueHeads(HfImport& c)
{
    ConfigReader& r = c.r;
    Architecture& a = c.out.architecture;
    // Key/value heads: GQA field, ChatGLM's multi_query_group_num, Falcon's multi_query / num_kv_heads.
    if (auto kv = r.number({ "num_key_value_heads", "num_kv_heads" })) {
        c.withinLimit({ "num_key_value_heads", "num_kv_heads" }, *kv, limits::kMaxHeads);
        a.numKeyValueHeads = toInt(*kv);
    } else if (auto mq = r.boolean({ "multi_query_attention" }); mq && *mq) {
        if (auto groups = r.number({ "multi_query_group_num" })) {
            c.withinLimit({ "multi_query_group_num" }, *groups, limits::kMaxHeads);
            a.numKeyValueHeads = toInt(*groups);
        }
    } else if (auto falconMq = r.boolean({ "multi_query" }); falconMq && *falconMq) {
        a.numKeyValueHeads = 1;
    }
    r.find({ "multi_query_group_num" });
}

void hfReadMlpKind(HfImport& c)
{
    ConfigReader& r = c.r;
    Architecture& a = c.out.architecture;
    const std::string& type = c.type;
    // MLP kind: T5 spells it feed_forward_proj ("gated-gelu"); Llama-family models are gated.
    const std::string ffProj = r.string({ "feed_forward_proj" });
    const bool gatedFamily = isOneOf(type,
        { "llama", "mistral", "mixtral", "qwen", "qwen2", "qwen2_moe", "qwen3", "chatglm", "baichuan", "gemma",
            "gemma2", "deepseek", "deepseek_v2", "internlm", "internlm2", "yi", "phi3", "olmo", "cohere", "qwen3_moe",
            "deepseek_v3", "kimi_k2", "gpt_oss", "llama4", "llama4_text", "gemma3", "gemma3_text", "glm4_moe", "glm4",
            "mistral3", "phi4", "qwen3_next", "qwen3_5", "qwen3_5_text", "qwen3_5_moe", "qwen3_5_moe_text" });
    if (!ffProj.empty())
        a.mlp = ffProj.rfind("gated", 0) == 0 ? MlpKind::Gated : MlpKind::Standard;
    else
        a.mlp = gatedFamily || type.empty() ? MlpKind::Gated : MlpKind::Standard;
}

void hfReadBiasesAndPositions(HfImport& c)
{
    ConfigReader& r = c.r;
    Architecture& a = c.out.architecture;
    const std::string& type = c.type;
    // Biases and positions by family, then explicit fields.
    const bool allBiases = isOneOf(type,
        { "gpt2", "bert", "roberta", "opt", "bloom", "gpt_neox", "gptj", "bart", "xlm-roberta", "electra",
            "gpt_bigcode" });
    a.attentionBias = allBiases || isOneOf(type, { "qwen", "qwen2", "qwen2_moe" });
    a.mlpBias = allBiases;
    if (auto v = r.boolean({ "attention_bias", "add_qkv_bias", "qkv_bias" }))
        a.attentionBias = *v;
    if (auto v = r.boolean({ "mlp_bias", "add_bias_linear" }))
        a.mlpBias = *v;
    if (auto v = r.boolean({ "no_bias" }); v && *v)
        a.attentionBias = a.mlpBias = false;
    if (auto v = r.boolean({ "bias" }))
        a.attentionBias = a.mlpBias = *v;
    a.learnedPositions
        = isOneOf(type, { "gpt2", "bert", "roberta", "opt", "bart", "gpt_bigcode", "xlm-roberta", "electra" });
    if (type == "opt" && a.maxPositions > 0)
        a.maxPositions += 2; // OPT's learned positions have an offset of 2
}

void hfReadTiedEmbeddingsAndQuirks(HfImport& c)
{
    ConfigReader& r = c.r;
    Architecture& a = c.out.architecture;
    const std::string& type = c.type;
    // Tied embeddings: explicit field, else the family's default (Hugging Face's default is tied).
    if (auto tie = r.boolean({ "tie_word_embeddings" }))
        a.tieWordEmbeddings = *tie;
    else
        a.tieWordEmbeddings = !isOneOf(type,
            { "llama", "mistral", "mixtral", "qwen", "chatglm", "baichuan", "deepseek", "deepseek_v2", "internlm",
                "internlm2", "yi", "qwen2_moe", "deepseek_v3", "kimi_k2", "gpt_oss", "llama4", "llama4_text",
                "glm4_moe", "mistral3", "qwen3_moe", "qwen3_next", "nemotron_h" });

    // Family quirks.
    if (type == "qwen" && a.intermediateSize > 0)
        a.intermediateSize /= 2; // Qwen (v1) stores the sum of its two MLP halves
    if (type == "mpt") {
        if (auto ratio = r.number({ "expansion_ratio" }); ratio && a.hiddenSize > 0)
            a.intermediateSize = toInt(*ratio * double(a.hiddenSize));
        a.tieWordEmbeddings = true;
    }
    if (a.intermediateSize <= 0 && a.hiddenSize > 0 && a.mlp == MlpKind::Standard)
        a.intermediateSize = 4 * a.hiddenSize; // GPT-2's n_inner = null, Falcon, BLOOM: 4h
    if (a.numAttentionHeads > 0 && a.hiddenSize > 0 && a.headDim > 0
        && double(a.headDim) * double(a.numAttentionHeads) == double(a.hiddenSize)) // in double: no overflow
        a.headDim = 0; // the default, keep it implicit
}

// The error of a field it cannot model (nullopt when read).
std::optional<Error> hfReadExperts(HfImport& c)
{
    ConfigReader& r = c.r;
    Architecture& a = c.out.architecture;
    const nlohmann::json& j = c.j;
    const std::string& type = c.type;
    // Mixture of experts.
    if (auto e = r.number({ "num_local_experts", "num_experts", "n_routed_experts" })) {
        c.withinLimit({ "num_local_experts", "num_experts", "n_routed_experts" }, *e, limits::kMaxExperts);
        a.numExperts = int(std::clamp(*e, 1.0, 1e6));
    }
    if (auto k = r.number({ "num_experts_per_tok", "experts_per_token", "moe_topk", "top_k" })) {
        c.withinLimit({ "num_experts_per_tok", "experts_per_token", "moe_topk", "top_k" }, *k, limits::kMaxExperts);
        r.find({ "experts_per_token" });
        a.expertsPerToken = int(std::clamp(*k, 1.0, 1e6));
    }
    if (auto s = r.number({ "n_shared_experts", "num_shared_experts" })) {
        c.withinLimit({ "n_shared_experts", "num_shared_experts" }, *s, limits::kMaxExperts);
        a.numSharedExperts = int(std::clamp(*s, 0.0, 1e6));
    }
    c.setInt(a.moeIntermediateSize, { "moe_intermediate_size" }, limits::kMaxIntermediate);
    // GPT-OSS clamps the gated MLP's halves to swiglu_limit before the activation (HF modeling_gpt_oss.py).
    if (auto limit = r.number({ "swiglu_limit" }))
        a.clampedGlu = *limit > 0;
    // Qwen3.5-MoE text configs give no dense width: every layer has experts, so the experts' stands in (unused).
    if (a.intermediateSize <= 0 && a.moeIntermediateSize > 0 && a.numExperts > 1)
        a.intermediateSize = a.moeIntermediateSize;
    if (auto shared = r.number({ "shared_expert_intermediate_size" }); shared && a.moeIntermediateSize > 0) {
        // Qwen2-MoE: one shared expert as wide as this many routed experts.
        const double ratio = *shared / double(a.moeIntermediateSize);
        if (!std::isfinite(ratio) || ratio < 0 || ratio > 4096)
            return wordedError("shared_expert_intermediate_size",
                { words::kSharedExpertWidthGot, { std::to_string(*shared) } }, c.fileName);
        a.numSharedExperts = int(std::lround(ratio));
    }
    if (auto first = r.number({ "first_k_dense_replace" })) {
        c.withinLimit({ "first_k_dense_replace" }, *first, limits::kMaxLayers);
        a.firstDenseLayers = int(std::clamp(*first, 0.0, 1e6));
    }
    if (auto step = r.number({ "interleave_moe_layer_step", "moe_layer_freq", "decoder_sparse_step" })) {
        c.withinLimit(
            { "interleave_moe_layer_step", "moe_layer_freq", "decoder_sparse_step" }, *step, limits::kMaxLayers);
        a.moeLayerInterval = int(std::clamp(*step, 1.0, 1e6));
    }
    // Group-limited routing (DeepSeek-V2/V3: n_group 8, topk_group 3/4): kept only when it limits something.
    const auto groups = r.number({ "n_group" });
    const auto groupsPerToken = r.number({ "topk_group" });
    if (groups && *groups > 1) {
        c.withinLimit({ "n_group" }, *groups, limits::kMaxExperts);
        a.expertGroups = int(std::clamp(*groups, 1.0, 1e6));
        if (groupsPerToken && *groupsPerToken >= 1 && *groupsPerToken < *groups) {
            c.withinLimit({ "topk_group" }, *groupsPerToken, limits::kMaxExperts);
            a.expertGroupsPerToken = int(std::clamp(*groupsPerToken, 1.0, 1e6));
        }
    }
    if (auto mtp = r.number({ "num_nextn_predict_layers" })) {
        c.withinLimit({ "num_nextn_predict_layers" }, *mtp, limits::kMaxLayers);
        a.mtpModules = int(std::clamp(*mtp, 0.0, 1e6));
    }
    if (type == "llama4" || type == "llama4_text") {
        // Llama 4 (modeling_llama4.py): experts and the one shared expert are intermediate_size wide, the
        // dense layers between MoE layers intermediate_size_mlp.
        if (a.numExperts > 1) {
            a.moeIntermediateSize = a.intermediateSize;
            a.numSharedExperts = 1;
        }
        c.setInt(a.intermediateSize, { "intermediate_size_mlp" }, limits::kMaxIntermediate);
    }
    // An explicit list of MoE layers or of dense-only layers: modelled when it is the interval's pattern.
    for (const char* key : { "moe_layers", "mlp_only_layers" }) {
        auto it = j.find(key);
        if (it == j.end() || !it->is_array())
            continue;
        if (std::string(key) == "mlp_only_layers" && it->empty()) {
            r.used.insert(key);
            continue;
        }
        if (std::string(key) == "moe_layers" && a.numExperts > 1) {
            const double expected = moeLayers(a);
            if (double(it->size()) == expected)
                r.used.insert(key);
        }
    }
    return std::nullopt;
}

void hfReadLatentAttention(HfImport& c)
{
    ConfigReader& r = c.r;
    Architecture& a = c.out.architecture;
    // Multi-head latent attention (DeepSeek-V2/V3, Kimi K2).
    if (auto kvRank = r.number({ "kv_lora_rank" }); kvRank && *kvRank > 0) {
        c.withinLimit({ "kv_lora_rank" }, *kvRank, limits::kMaxDimension);
        a.kvLoraRank = toInt(*kvRank);
        c.setInt(a.qLoraRank, { "q_lora_rank" }, limits::kMaxDimension);
        c.setInt(a.qkRopeHeadDim, { "qk_rope_head_dim" }, limits::kMaxHeads);
        c.setInt(a.qkNopeHeadDim, { "qk_nope_head_dim" }, limits::kMaxHeads);
        c.setInt(a.vHeadDim, { "v_head_dim" }, limits::kMaxHeads);
        a.headDim = 0; // the per-head sizes above replace it
        a.numKeyValueHeads = 0;
    }
}

void hfReadLocalAttention(HfImport& c)
{
    ConfigReader& r = c.r;
    Architecture& a = c.out.architecture;
    const nlohmann::json& j = c.j;
    const std::string& type = c.type;
    // Local attention layers: an explicit layer_types list, else the family's pattern.
    const bool slidingOff = [&] {
        auto v = r.boolean({ "use_sliding_window" });
        return v && !*v;
    }();
    const auto windowValue = r.number({ "sliding_window" });
    const auto chunkValue = r.number({ "attention_chunk_size" });
    const double layers = double(std::max<std::int64_t>(0, a.numLayers));
    auto everyNth = [&](double n) { return n >= 1 ? layers - std::floor(layers / n) : 0.0; };
    double windowLayers = -1; // -1 = not local
    double window = windowValue ? *windowValue : 0;
    if (auto it = j.find("layer_types"); it != j.end() && it->is_array()) {
        r.used.insert("layer_types");
        double local = 0;
        for (const auto& t : *it)
            if (t.is_string() && (t == "sliding_attention" || t == "chunked_attention"))
                ++local;
        const bool chunked
            = std::any_of(it->begin(), it->end(), [](const nlohmann::json& t) { return t == "chunked_attention"; });
        if (chunked && chunkValue)
            window = *chunkValue;
        windowLayers = local > 0 ? local : -1;
    } else if (type == "llama4" || type == "llama4_text") {
        // Chunked attention in the rotary layers; every no_rope_layer_interval-th layer attends globally.
        const double interval = r.number({ "no_rope_layer_interval" }).value_or(4);
        if (chunkValue && *chunkValue > 0) {
            window = *chunkValue;
            windowLayers = everyNth(interval);
        }
    } else if (type == "gemma3" || type == "gemma3_text") {
        windowLayers = everyNth(r.number({ "sliding_window_pattern" }).value_or(6));
    } else if (type == "gemma2" || type == "gpt_oss") {
        windowLayers = std::ceil(layers / 2); // even layers are local (modeling_gemma2.py, modeling_gpt_oss.py)
    } else if (windowValue && !slidingOff) {
        const double fullLayers = r.number({ "max_window_layers" }).value_or(0);
        windowLayers = isOneOf(type, { "qwen2", "qwen2_moe", "qwen3", "qwen3_moe" })
            ? std::max(0.0, layers - fullLayers)
            : layers;
    }
    if (windowLayers > 0 && window > 0 && !slidingOff) {
        c.withinLimit({ "sliding_window", "attention_chunk_size" }, window, limits::kMaxSequence);
        a.slidingWindow = toInt(window);
        a.slidingWindowLayers = toInt(std::min(windowLayers, layers));
    }
    r.find({ "sliding_window_pattern", "no_rope_layer_interval", "max_window_layers", "use_sliding_window" });
}

void hfReadFamilyTensors(HfImport& c)
{
    ConfigReader& r = c.r;
    Architecture& a = c.out.architecture;
    const nlohmann::json& j = c.j;
    const std::string& type = c.type;
    // Per-family tensors that change the counts.
    a.qkNorm = isOneOf(type,
        { "qwen3", "qwen3_moe", "gemma3", "gemma3_text", "qwen3_next", "qwen3_5", "qwen3_5_text", "qwen3_5_moe",
            "qwen3_5_moe_text" });
    if (auto v = r.boolean({ "use_qk_norm" }); v && type != "llama4" && type != "llama4_text")
        a.qkNorm = *v; // Llama 4's QK norm is a weightless L2 norm
    a.sandwichNorms = isOneOf(type, { "gemma2", "gemma3", "gemma3_text" });
    // Parallel blocks (x + attn(norm_1(x)) + mlp(norm_2(x))) and whether norm_2 is norm_1, from each family's decoder
    // layer in transformers: GPT-J, CodeGen, Phi (PhiForCausalLM) and Cohere have one input_layernorm feeding both
    // branches; GPT-NeoX (`use_parallel_residual`, default true) two norms reading the block input; StableLM
    // (`use_parallel_residual`, default false) reuses its input_layernorm's output for the MLP; Falcon runs in
    // parallel with `parallel_attn` (default true) or `new_decoder_architecture`, with ln_attn and ln_mlp where the new
    // architecture's `num_ln_in_parallel_attn` is 2 (its default) and one input_layernorm otherwise.
    a.parallelResidual = isOneOf(type, { "gptj", "codegen", "phi", "cohere", "cohere2" });
    a.sharedAttentionNorm = a.parallelResidual;
    if (type == "gpt_neox" || type == "stablelm") {
        const std::optional<bool> parallel = r.boolean({ "use_parallel_residual" });
        a.parallelResidual = parallel.value_or(type == "gpt_neox");
        a.sharedAttentionNorm = a.parallelResidual && type == "stablelm";
    } else if (type == "falcon" || type == "RefinedWeb" || type == "RefinedWebModel") {
        const bool newArchitecture = r.boolean({ "new_decoder_architecture" }).value_or(false);
        const bool parallelAttention = r.boolean({ "parallel_attn" }).value_or(true);
        a.parallelResidual = newArchitecture || parallelAttention;
        const std::optional<double> norms = r.number({ "num_ln_in_parallel_attn" });
        a.sharedAttentionNorm = a.parallelResidual && !(newArchitecture && norms.value_or(2) == 2);
    }
    if (type == "gpt_oss") {
        a.attentionSinks = true;
        a.expertBias = true;
        c.out.activeWithoutEmbedding = true; // the model card's count (Table 1), as the presets say
    }
    if (auto labels = r.number({ "num_labels" })) {
        c.withinLimit({ "num_labels" }, *labels, limits::kMaxClasses);
        a.numClasses = int(std::clamp(*labels, 1.0, 1e6));
    } else if (auto it = j.find("id2label"); it != j.end() && it->is_object() && !it->empty()) {
        c.withinLimit({ "id2label" }, double(it->size()), limits::kMaxClasses);
        a.numClasses = int(it->size());
    }
    if (type == "opt" && a.maxPositions > limits::kMaxSequence)
        c.withinLimit({ "max_position_embeddings" }, double(a.maxPositions), limits::kMaxSequence);
}

// The weights' dtype: the language model's, else the whole config's.
void hfReadDtype(HfImport& c)
{
    ConfigReader& r = c.r;
    c.out.torchDtype = dtypeName(r.string({ "torch_dtype", "dtype" }));
    if (c.out.torchDtype.empty() && c.nested)
        for (const char* key : { "torch_dtype", "dtype" })
            if (auto it = c.root.find(key); c.out.torchDtype.empty() && it != c.root.end() && it->is_string())
                c.out.torchDtype = dtypeName(it->get<std::string>());
}

// An integer checkpoint's weights as compressed-tensors describes them (quantization_config.config_groups.*.weights:
// num_bits, type, symmetric, strategy, group_size); integer false when no group quantizes weights to integers.
struct HfIntegerWeights {
    bool integer = false;
    int bits = 0;
    double group = 0; // weights per scale along the input dimension (0: per tensor)
    bool zeroPoint = false;
};
HfIntegerWeights hfCompressedTensorsWeights(const nlohmann::json& q, double hidden)
{
    HfIntegerWeights out;
    const auto groups = q.find("config_groups");
    if (groups == q.end() || !groups->is_object())
        return out;
    for (const auto& item : groups->items()) {
        const nlohmann::json& group = item.value();
        const auto weights = group.is_object() ? group.find("weights") : group.end();
        if (!group.is_object() || weights == group.end() || !weights->is_object())
            continue;
        const nlohmann::json& w = *weights;
        if (w.value("type", std::string()) != "int" || !w.contains("num_bits") || !w["num_bits"].is_number_integer())
            continue;
        out.integer = true;
        out.bits = int(std::clamp<std::int64_t>(w["num_bits"].get<std::int64_t>(), 0, 64));
        const std::string strategy = w.value("strategy", std::string());
        const auto size = w.find("group_size");
        out.group = strategy == "group" && size != w.end() && size->is_number() && size->get<double>() > 0
            ? size->get<double>()
            : strategy == "channel" ? hidden
                                    : 0.0;
        const auto symmetric = w.find("symmetric");
        out.zeroPoint = symmetric != w.end() && symmetric->is_boolean() && !symmetric->get<bool>();
        break;
    }
    return out;
}

// The error of a field of the wrong type (nullopt when read).
std::optional<Error> hfReadQuantization(HfImport& c)
{
    const nlohmann::json& j = c.j;
    // Quantization of the published weights.
    const nlohmann::json* quantization = nullptr;
    for (const nlohmann::json* level : { &c.root, &j })
        if (auto it = level->find("quantization_config"); !quantization && it != level->end() && it->is_object())
            quantization = &*it;
    if (quantization) {
        const auto& q = *quantization;
        // A field of the wrong type is an error naming it (json::value would throw a bare type_error).
        std::optional<Error> wrongType;
        auto field = [&](const char* key, nlohmann::json::value_t type, const char* expected) -> const nlohmann::json* {
            auto f = q.find(key);
            if (f == q.end() || f->is_null())
                return nullptr;
            if (f->type() != type && !(type == nlohmann::json::value_t::number_integer && f->is_number_integer())) {
                if (!wrongType)
                    wrongType = wordedError(std::string("quantization_config.") + key,
                        expected == words::kIntegerGot ? detail::notANumberWords(*f, expected)
                                                       : Words { expected, { detail::describeJsonType(*f) } },
                        c.fileName);
                return nullptr;
            }
            return &*f;
        };
        auto text = [&](const char* key, const std::string& fallback) {
            const auto* f = field(key, nlohmann::json::value_t::string, words::kStringGot);
            return f ? f->get<std::string>() : fallback;
        };
        auto flag = [&](const char* key) {
            const auto* f = field(key, nlohmann::json::value_t::boolean, words::kTrueOrFalseGot);
            return f && f->get<bool>();
        };
        const std::string method = text("quant_method", std::string());
        const auto* bitsField = field("bits", nlohmann::json::value_t::number_integer, words::kIntegerGot);
        const int bits = bitsField ? int(std::clamp<std::int64_t>(bitsField->get<std::int64_t>(), 0, 64)) : 0;
        // Group quantization (GPTQ, AWQ and formats spelled alike): weights per scale, -1 = one per output row (the
        // whole input dimension, taken as the hidden size); GPTQ and AWQ store a zero point per group whatever
        // `sym` says (precision.cpp groupQuantizedBits), others only when not symmetric.
        const auto* groupField = field("group_size", nlohmann::json::value_t::number_integer, words::kIntegerGot);
        const double hidden = double(c.out.architecture.hiddenSize);
        const double group = groupField ? double(groupField->get<std::int64_t>()) : 0.0;
        const bool zeroPoint = method == "gptq" || method == "awq"
            || (q.contains("sym") && q["sym"].is_boolean() && !q["sym"].get<bool>());
        const HfIntegerWeights packed
            = method == "compressed-tensors" ? hfCompressedTensorsWeights(q, hidden) : HfIntegerWeights {};
        const bool load4 = flag("load_in_4bit");
        const bool load8 = flag("load_in_8bit");
        const std::string quantType = text("bnb_4bit_quant_type", std::string("fp4"));
        if (wrongType)
            return *wrongType;
        if (load4)
            c.out.quantization = quantType == "nf4" ? "nf4" : "int4";
        else if (load8)
            c.out.quantization = "int8";
        else if (method == "mxfp4")
            c.out.quantization = "mxfp4"; // GPT-OSS: the experts' weights in MXFP4, the rest in bf16
        else if (method == "fp8" && q.contains("weight_block_size"))
            c.out.quantization = "fp8_block"; // DeepSeek-V3: e4m3 with an fp32 scale per 128 x 128 block
        else if (packed.integer && (packed.bits == 4 || packed.bits == 8)) {
            c.out.quantization = packed.bits == 4 ? "int4" : "int8"; // compressed-tensors pack-quantized (W4A16, W8A16)
            if (packed.group > 0)
                c.out.bitsPerWeight = groupQuantizedBits(packed.bits, packed.group, 16, packed.zeroPoint);
        } else if (method == "fp8" || method == "fbgemm_fp8" || method == "compressed-tensors")
            c.out.quantization = "fp8";
        else if (bits == 4 || bits == 8) {
            c.out.quantization = bits == 4 ? "int4" : "int8";
            if (groupField && (group > 0 || (group == -1 && hidden > 0)))
                c.out.bitsPerWeight = groupQuantizedBits(bits, group > 0 ? group : hidden, 16, zeroPoint);
        } else
            c.out.warnings.push_back(Diagnostic { "config_quantization_unknown",
                "quantization_config \"" + method + "\" is not understood; the weights are taken as unquantized.",
                { { "method", method } } });
    }
    return std::nullopt;
}

// Every field neither read nor known to be irrelevant is named in a warning.
void hfWarnUnusedFields(HfImport& c)
{
    const nlohmann::json& j = c.j;
    ConfigReader& r = c.r;
    auto warnIgnored = [&](const std::string& key) {
        c.out.warnings.push_back(
            Diagnostic { "config_field_ignored", "config field \"" + key + "\" is not used by the estimate.",
                { { "field", key }, { "file", c.fileName } } });
    };
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string& key = it.key();
        if (r.used.count(key) || kIrrelevantFields.count(key))
            continue;
        warnIgnored(c.fieldPrefix + key);
    }
    if (c.nested)
        for (auto it = c.root.begin(); it != c.root.end(); ++it) {
            const std::string& key = it.key();
            if (key == "text_config" || kIrrelevantFields.count(key))
                continue;
            warnIgnored(key);
        }
}

} // namespace

Expected<ImportedConfig> importHuggingFaceConfig(std::string_view text, const std::string& fileName)
{
    try {
        // nlohmann's lexer ends the document at a NUL byte; JSON has none, so refuse rather than ignore the rest.
        if (const auto nul = text.find('\0'); nul != std::string_view::npos)
            return wordedError("", { words::kConfigNulByte, { std::to_string(nul) } }, fileName);
        nlohmann::json root;
        if (auto problem = detail::parseJsonDocument(text, root))
            return wordedError("", *problem, fileName);
        if (!root.is_object())
            return wordedError("", { words::kConfigIsObject }, fileName);
        // Multimodal configs (Llama 4, Gemma 3 4B+, Mistral 3) nest the language model in text_config; the
        // vision tower (vision_config) is not modelled and is named in the warnings.
        const auto textConfig = root.find("text_config");
        const bool nested = textConfig != root.end() && textConfig->is_object() && !root.contains("hidden_size");
        const nlohmann::json& j = nested ? *textConfig : root;
        HfImport c { root, j, nested, nested ? "text_config." : "", fileName, ConfigReader { j, {}, std::nullopt }, {},
            {}, std::nullopt };
        c.type = c.r.string({ "model_type" });
        if (nested && root.contains("model_type") && root["model_type"].is_string())
            c.type = root["model_type"].get<std::string>(); // the family ("llama4"), the text part's is "llama4_text"
        hfReadKind(c);
        hfReadSizes(c);
        hfReadKeyValueHeads(c);
        hfReadMlpKind(c);
        hfReadBiasesAndPositions(c);
        hfReadTiedEmbeddingsAndQuirks(c);
        if (auto error = hfReadExperts(c))
            return *error;
        hfReadLatentAttention(c);
        hfReadLocalAttention(c);
        if (auto hybridError = readHybridLayers(c.r, j, c.type, c.out.architecture)) {
            hybridError->field = c.fieldPrefix + hybridError->field;
            hybridError->file = fileName;
            return *hybridError;
        }
        hfReadFamilyTensors(c);
        if (c.r.wrongType)
            return wordedError(c.fieldPrefix + c.r.wrongType->first, c.r.wrongType->second, fileName);
        if (c.beyondLimit)
            return *c.beyondLimit;
        hfReadDtype(c);
        if (auto error = hfReadQuantization(c))
            return *error;
        hfWarnUnusedFields(c);
        auto valid = validateArchitecture(c.out.architecture, "config");
        if (!valid) {
            Error e = valid.error();
            e.file = fileName;
            return e;
        }
        return std::move(c.out);
    } catch (const std::exception& e) {
        return wordedError("", { words::kInvalidJson, { e.what() } }, fileName);
    }
}

} // namespace gp
