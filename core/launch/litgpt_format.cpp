// LitGPT's YAML configs (`litgpt finetune_lora --config`, `litgpt finetune_full --config`, `litgpt pretrain
// --config`; config_hub/finetune/*/*.yaml and config_hub/pretrain/*.yaml of Lightning-AI/litgpt@26857050fe): the
// fields of its CLI (litgpt/finetune/lora.py setup, litgpt/finetune/full.py, litgpt/pretrain.py, litgpt/args.py
// TrainArgs) read into the plan, each field the plan cannot state named with its reason.
#include "launch/launch_internal.h"

#include "estimate/common/lora_dropout.h"

#include <algorithm>

#include <set>
#include <utility>
#include <vector>

namespace gp::launch
{

namespace
{

std::string scalarOf(const YAML::Node& node)
{
    return node.IsDefined() && node.IsScalar() ? node.Scalar() : std::string();
}

bool isNull(const YAML::Node& node)
{
    return !node.IsDefined() || node.IsNull();
}

// Lightning Fabric's precision names (lightning/fabric/connector.py _PRECISION_INPUT) that the plan states:
// "-true" runs the weights, their gradients and AdamW's moments at that width with no fp32 master (Fabric's
// HalfPrecision converts the module and the optimizer is built on its parameters); "-mixed" keeps the fp32
// weights as the master and autocasts the compute.
Expected<bool> mapPrecision(ImportBuilder& out, const YAML::Node& value, int line)
{
    const std::string text = scalarOf(value);
    if (isNull(value)) {
        // get_default_supported_precision(training=True), litgpt/utils.py: bf16-mixed where the GPU has bf16.
        out.set("workload.precision", "bf16", words::kFieldLitgptPrecisionDefault, line);
        out.set("workload.master_weights", true, words::kFieldLitgptPrecisionDefault, line);
        return true;
    }
    // The names and the plan's precision each sets; "-mixed" or "-true" says whether an fp32 master is kept.
    static const AcceptedValues names { { "bf16-true", "bf16" }, { "bf16-mixed", "bf16" }, { "16-true", "fp16" },
        { "16-mixed", "fp16" }, { "32-true", "fp32" } };
    const AcceptedValue* name = names.find(text);
    if (!name)
        return out.error("precision", line, Words { words::kLitgptPrecisionNotRead, { text, names.list() } });
    out.set("workload.precision", name->plan, "precision", line);
    const bool bf16 = name->plan == "bf16";
    const bool fp16 = name->plan == "fp16";
    const bool mixed = text.ends_with("-mixed");
    out.set("workload.master_weights", mixed, "precision", line);
    if ((bf16 || fp16) && !mixed)
        out.set("workload.bf16_optimizer_states", true, "precision", line); // 16-bit moments: 2 bytes each
    return true;
}

// `--quantize` (litgpt/utils.py and lora.py: BitsandbytesPrecision(mode[4:], dtype)): bitsandbytes' Linear4bit at
// blocksize 64 with one fp32 absmax per block, 4 + 32/64 = 4.5 bits per weight, or with double quantization
// ("-dq", compress_statistics) the absmax itself 8-bit, the plan's nf4 default (4.127); nf4 and fp4 differ in the
// code book only. int8-training: LLM.int8 weights.
void mapQuantize(ImportBuilder& out, const YAML::Node& value, int line)
{
    if (isNull(value))
        return;
    const std::string text = scalarOf(value);
    if (text == "bnb.nf4" || text == "bnb.fp4" || text == "bnb.nf4-dq" || text == "bnb.fp4-dq") {
        out.set("workload.weight_format", "nf4", "quantize", line);
        if (!text.ends_with("-dq"))
            out.set("workload.weight_bits", 4.5, "quantize", line);
    } else if (text == "bnb.int8-training" || text == "bnb.int8") {
        out.set("workload.weight_format", "int8", "quantize", line);
    } else {
        out.ignore("quantize", line, Words { words::kIgnoredQuantization, { text } });
    }
}

// `optimizer`: a torch.optim class name ("AdamW") or {class_path, init_args} (litgpt/utils.py
// instantiate_torch_optimizer).
void mapOptimizer(ImportBuilder& out, const YAML::Node& value, int line)
{
    const YAML::Node classPath = value.IsMap() ? value["class_path"] : value;
    std::string name = scalarOf(classPath);
    const std::string field = value.IsMap() ? "optimizer.class_path" : "optimizer";
    const int at = value.IsMap() && classPath.IsDefined() ? yamlLine(classPath) : line;
    if (auto dot = name.rfind('.'); dot != std::string::npos)
        name = name.substr(dot + 1);
    if (name == "AdamW" || name == "Adam")
        out.set("workload.optimizer", "adamw", field, at);
    else if (name == "AdamW8bit" || name == "PagedAdamW8bit")
        out.set("workload.optimizer", "adamw-8bit", field, at);
    else if (name == "SGD") {
        const YAML::Node args = value.IsMap() ? value["init_args"] : YAML::Node();
        const double momentum = args.IsDefined() && args.IsMap() ? numberValue(args["momentum"]).value_or(0.0) : 0.0;
        out.set("workload.optimizer", momentum > 0 ? "sgd-momentum" : "sgd", field, at);
    } else
        out.ignore(field, at, Words { words::kIgnoredOptimizerNotModelled, { name } });
    if (value.IsMap())
        for (const auto& entry : value) {
            const std::string key = entry.first.as<std::string>();
            if (key == "class_path")
                continue;
            if (key == "init_args" && entry.second.IsMap()) {
                for (const auto& arg : entry.second) {
                    const std::string a = arg.first.as<std::string>();
                    if (name == "SGD" && a == "momentum")
                        continue;
                    out.ignore("optimizer.init_args." + a, yamlLine(arg.first),
                        Words { words::kIgnoredOptimizerHyperParameter });
                }
            } else {
                out.ignore("optimizer." + key, yamlLine(entry.first), Words { words::kIgnoredTrainingOption });
            }
        }
}

// LitGPT's LoRA switches (litgpt/lora.py Config: lora_query ... lora_head) -> the plan's adapter roles, spelled as
// peft's Llama names (matched by role on every architecture): the MLP's fc_1/fc_2/proj (LLaMAMLP) or fc/proj.
Expected<bool> mapLora(ImportBuilder& out, const YAML::Node& d)
{
    struct Switch {
        const char* key;
        std::vector<const char*> modules;
        bool byDefault; // litgpt/finetune/lora.py setup's defaults
    };
    const Switch switches[] = {
        { "lora_query", { "q_proj" }, true },
        { "lora_key", { "k_proj" }, false },
        { "lora_value", { "v_proj" }, true },
        { "lora_projection", { "o_proj" }, false },
        { "lora_mlp", { "gate_proj", "up_proj", "down_proj" }, false },
        { "lora_head", { "lm_head" }, false },
    };
    nlohmann::json modules = nlohmann::json::array();
    std::vector<std::pair<std::string, int>> stated;
    for (const auto& s : switches) {
        const YAML::Node node = d[s.key];
        bool on = s.byDefault;
        if (!isNull(node)) {
            auto b = boolValue(node);
            if (!b)
                return out.error(
                    s.key, yamlLine(node), Words { words::kTrueOrFalseGot, { "\"" + scalarOf(node) + "\"" } });
            on = *b;
        }
        if (node.IsDefined())
            stated.emplace_back(s.key, yamlLine(node));
        if (on)
            for (const char* m : s.modules)
                modules.push_back(m);
    }
    // Each switch the file states is recorded as setting the targets (the same list), the defaults otherwise.
    if (stated.empty())
        out.set("workload.lora.target_modules", modules, words::kFieldLitgptLoraDefaults, 0);
    for (const auto& [key, line] : stated)
        out.set("workload.lora.target_modules", modules, key, line);
    if (const YAML::Node r = d["lora_r"]; !isNull(r)) {
        auto v = integerValue(r);
        if (!v || *v < 1)
            return out.error("lora_r", yamlLine(r), Words { words::kWholeNumberAtLeastOneGot, { scalarOf(r) } });
        out.set("workload.lora.rank", *v, "lora_r", yamlLine(r));
    }
    if (const YAML::Node p = d["lora_dropout"]; !isNull(p)) {
        auto v = numberValue(p);
        if (!v)
            return out.error("lora_dropout", yamlLine(p), Words { words::kNumberGot, { "\"" + scalarOf(p) + "\"" } });
        out.set("workload.lora.dropout", *v, "lora_dropout", yamlLine(p));
    }
    return true;
}

Expected<bool> mapTrain(ImportBuilder& out, const YAML::Node& train, int trainLine)
{
    if (!train.IsMap())
        return out.error("train", trainLine, Words { words::kTrainArgsMapping });
    for (const auto& entry : train) {
        const std::string key = entry.first.as<std::string>();
        const std::string field = "train." + key;
        const YAML::Node& value = entry.second;
        const int line = yamlLine(entry.first);
        if (key == "global_batch_size" || key == "micro_batch_size") {
            auto v = integerValue(value);
            if (!v || *v < 1)
                return out.error(field, line, Words { words::kWholeNumberAtLeastOneGot, { scalarOf(value) } });
            out.set(key == "global_batch_size" ? "workload.global_batch_size" : "workload.micro_batch_size", *v, field,
                line);
        } else if (key == "max_seq_length" || key == "epochs" || key == "max_tokens") {
            if (isNull(value)) {
                out.ignore(field, line, Words { words::kIgnoredNotSet });
                continue;
            }
            auto v = integerValue(value);
            if (!v || *v < 1)
                return out.error(field, line, Words { words::kWholeNumberAtLeastOneGot, { scalarOf(value) } });
            if (key == "max_seq_length")
                out.set("workload.sequence_length", *v, field, line);
            else if (key == "epochs")
                out.set("workload.epochs", *v, field, line);
            else
                out.set("workload.training_tokens", double(*v), field, line);
        } else if (key == "max_steps") {
            out.ignore(field, line, Words { isNull(value) ? words::kIgnoredNotSet : words::kIgnoredOptimizerSteps });
        } else if (key.find("interval") != std::string::npos) {
            out.ignore(field, line, Words { words::kIgnoredLoggingSaving });
        } else if (key == "tie_embeddings") {
            out.ignore(field, line, Words { words::kIgnoredModelTying });
        } else {
            out.ignore(field, line, Words { words::kIgnoredOptimizerHyperParameter });
        }
    }
    return true;
}

// Why a top-level field does not change the plan (a template of base/reader_words.h).
const char* litgptIgnoreReason(const std::string& key)
{
    if (key == "data" || key == "tokenizer_dir")
        return words::kIgnoredDataAndTokenizer;
    if (key == "eval")
        return words::kIgnoredLitgptEvaluation;
    if (key == "out_dir" || key == "logger_name" || key == "resume" || key == "log" || key == "initial_checkpoint_dir"
        || key == "seed" || key == "access_token")
        return words::kIgnoredRunSettings;
    if (key == "lora_alpha")
        return words::kIgnoredLoraAlpha;
    if (key == "model_config")
        return words::kIgnoredOwnArchitecture;
    return words::kIgnoredTrainingOption;
}

} // namespace

bool isLitgptYaml(const YAML::Node& d)
{
    return d.IsMap() && d["train"] && (d["checkpoint_dir"] || d["model_name"]) && !d["model"];
}

Expected<LaunchImport> readLitgptYaml(const YAML::Node& d, const std::string& fileName)
{
    ImportBuilder out("litgpt", fileName, false);
    const bool lora = d["lora_r"].IsDefined() || d["lora_alpha"].IsDefined() || d["lora_query"].IsDefined();
    static const std::set<std::string> read { "checkpoint_dir", "model_name", "precision", "quantize", "devices",
        "num_nodes", "train", "optimizer", "lora_r", "lora_dropout", "lora_query", "lora_key", "lora_value",
        "lora_projection", "lora_mlp", "lora_head" };
    int devices = 1;
    int nodes = 1;
    // devices "auto" (pretrain.py's default) or absent: the GPU count is the plan's candidates'.
    const bool devicesStated = d["devices"].IsDefined() && scalarOf(d["devices"]) != "auto";
    for (const auto& entry : d) {
        const std::string key = entry.first.as<std::string>();
        const YAML::Node& value = entry.second;
        const int line = yamlLine(entry.first);
        if (!read.count(key)) {
            out.ignore(key, line,
                Words { key == "model_config" && value.IsNull() ? words::kIgnoredNotSet : litgptIgnoreReason(key) });
        } else if (key == "checkpoint_dir" || key == "model_name") {
            // checkpoint_dir is checkpoints/<org>/<repo> (litgpt download's layout); model_name a LitGPT config
            // name (litgpt/config.py), which the catalog knows where it is a Hugging Face repository's name.
            mapModelName(out, scalarOf(value), key, line);
        } else if (key == "precision") {
            if (auto r = mapPrecision(out, value, line); !r)
                return r.error();
        } else if (key == "quantize") {
            if (lora)
                mapQuantize(out, value, line);
            else if (!isNull(value))
                out.ignore(key, line, Words { words::kIgnoredQuantizedNeedsLitgptLora });
        } else if (key == "devices" || key == "num_nodes") {
            auto v = integerValue(value);
            if (!v && key == "devices" && scalarOf(value) == "auto") {
                out.ignore(key, line, Words { words::kIgnoredAutoDevices });
                continue;
            }
            if (!devicesStated && key == "num_nodes") {
                out.ignore(key, line, Words { words::kIgnoredNodesWithoutDevices });
                continue;
            }
            if (!v || *v < 1)
                return out.error(key, line, Words { words::kWholeNumberAtLeastOneGot, { scalarOf(value) } });
            (key == "devices" ? devices : nodes) = int(*v);
        } else if (key == "train") {
            if (auto r = mapTrain(out, value, line); !r)
                return r.error();
        } else if (key == "optimizer") {
            mapOptimizer(out, value, line);
        }
    }
    if (!d["precision"].IsDefined())
        if (auto r = mapPrecision(out, YAML::Node(), 0); !r)
            return r.error();
    if (lora) {
        if (auto r = mapLora(out, d); !r)
            return r.error();
        out.set("workload.technique", out.has("workload.weight_format") ? "qlora" : "lora", "lora_r",
            yamlLine(d["lora_r"]));
        // finetune/lora.py: model(input_ids, lm_head_chunk_size=128) with chunked_cross_entropy.
        out.set("workload.loss_implementation", "chunked", words::kFieldLitgptLoraLoss, 0);
    } else {
        out.set("workload.technique", "full", words::kFieldNoLoraFields, 0);
    }
    // Several GPUs: FSDP over all of them (finetune/full.py FSDPStrategy, finetune/lora.py ModelParallelStrategy's
    // fully_shard), each Block checkpointed in fine-tuning (activation_checkpointing_policy={Block};
    // parallelize_fn's checkpoint_wrapper); pretrain.py's HYBRID_SHARD FSDP checkpoints nothing.
    const int ranks = devices * nodes;
    if (devicesStated) {
        const int line = yamlLine(d["devices"]);
        out.set("workload.parallelism.data", ranks, "devices", line);
        if (d["num_nodes"].IsDefined())
            out.set("workload.parallelism.data", ranks, "num_nodes", yamlLine(d["num_nodes"]));
        out.set("workload.parallelism.zero_stage", ranks > 1 ? 3 : 0, "devices", line);
        out.set("workload.activation_checkpointing", ranks > 1 && !d["model_name"] ? "full" : "none", "devices", line);
    }
    out.set("workload.framework", "litgpt", words::kFieldFileFormat, 0);
    return out.take();
}

} // namespace gp::launch

namespace gp::launch
{

// The recommendation as a LitGPT config: the fields the import reads, so reading it back gives the same plan, and
// `litgpt finetune_lora|finetune_full|pretrain --config litgpt.yaml` on every node.
Expected<LaunchExport> writeLitgpt(const LaunchTarget& target)
{
    const Configuration& c = target.result.configuration;
    const Workload& w = target.plan.workload;
    LaunchExport result;
    result.format = "litgpt";
    auto& notes = result.notes;
    const bool lora = w.technique == Technique::Lora || w.technique == Technique::Qlora;
    const int nodes = std::max(1, target.result.nodes);
    const int ranks = c.data * c.tensor * c.pipeline * c.context;
    YAML::Emitter yaml;
    yaml << YAML::BeginMap;
    yaml << YAML::Key << "checkpoint_dir" << YAML::Value << "checkpoints/" + target.modelId;
    yaml << YAML::Key << "out_dir" << YAML::Value << "out/gpu-planner";
    const bool sixteen = w.precision == Precision::Bf16 || w.precision == Precision::Fp16;
    std::string precision = w.precision == Precision::Fp16 ? "16" : w.precision == Precision::Fp32 ? "32" : "bf16";
    if (!sixteen && w.precision != Precision::Fp32)
        notes.push_back("precision: LitGPT's scripts train in bf16, fp16 or fp32; the plan's "
            + std::string(toString(w.precision)) + " is written as bf16");
    precision += w.precision == Precision::Fp32 || !w.masterWeights ? "-true" : "-mixed";
    yaml << YAML::Key << "precision" << YAML::Value << precision;
    if (precision.ends_with("-true") && w.precision != Precision::Fp32 && !w.bf16OptimizerStates)
        notes.push_back("optimizer states: Fabric's -true precision keeps AdamW's moments at 16 bits too");
    if (w.technique == Technique::Qlora || (lora && w.weightFormat != WeightFormat::Same)) {
        const WeightFormat f = w.weightFormat == WeightFormat::Same ? WeightFormat::Nf4 : w.weightFormat;
        if (f == WeightFormat::Int8)
            yaml << YAML::Key << "quantize" << YAML::Value << "bnb.int8-training";
        else {
            if (f != WeightFormat::Nf4)
                notes.push_back(
                    "weight_format: bitsandbytes' 4-bit NF4 is written for the plan's " + std::string(toString(f)));
            yaml << YAML::Key << "quantize" << YAML::Value
                 << (w.weightBits && *w.weightBits >= 4.5 ? "bnb.nf4" : "bnb.nf4-dq");
        }
    }
    yaml << YAML::Key << "devices" << YAML::Value << std::max(1, ranks / nodes);
    yaml << YAML::Key << "num_nodes" << YAML::Value << nodes;
    if (c.tensor > 1 || c.pipeline > 1 || c.context > 1)
        notes.push_back("tensor, pipeline and context parallelism are not LitGPT options: its scripts shard with FSDP "
                        "over every GPU; the devices written are all of them");
    if (ranks > 1 && c.zeroStage != 3)
        notes.push_back("zero_stage: LitGPT shards everything over its GPUs (FSDP); the plan's ZeRO "
            + std::to_string(c.zeroStage) + " is not an option of its scripts");
    if (c.offload != Offload::None)
        notes.push_back("offload: LitGPT's scripts do not offload to the host");
    if ((c.checkpointing != Checkpointing::None) != (ranks > 1))
        notes.push_back(std::string("activation checkpointing: LitGPT's fine-tuning checkpoints every block on ")
            + "several GPUs and nothing on one; the plan's " + std::string(toString(c.checkpointing))
            + " is not an option");
    if (lora) {
        yaml << YAML::Key << "lora_r" << YAML::Value << w.lora.rank;
        yaml << YAML::Key << "lora_alpha" << YAML::Value << 2 * w.lora.rank;
        yaml << YAML::Key << "lora_dropout" << YAML::Value << loraDropoutProbability(w, *target.catalog);
        std::set<std::string> names;
        for (const auto& m : w.lora.targetModules)
            names.insert(m.substr(m.rfind('.') + 1));
        const bool all = names.count("all-linear") || names.count("all_linear") || names.count("all");
        auto has = [&](std::initializer_list<const char*> spelled) {
            if (all)
                return true;
            for (const char* s : spelled)
                if (names.count(s))
                    return true;
            return false;
        };
        yaml << YAML::Key << "lora_query" << YAML::Value << has({ "q_proj", "q", "query", "wq", "query_key_value" });
        yaml << YAML::Key << "lora_key" << YAML::Value << has({ "k_proj", "k", "key", "wk", "query_key_value" });
        yaml << YAML::Key << "lora_value" << YAML::Value << has({ "v_proj", "v", "value", "wv", "query_key_value" });
        yaml << YAML::Key << "lora_projection" << YAML::Value << has({ "o_proj", "o", "out_proj", "dense" });
        yaml << YAML::Key << "lora_mlp" << YAML::Value
             << has({ "gate_proj", "up_proj", "down_proj", "w1", "w2", "w3", "fc1", "fc2" });
        yaml << YAML::Key << "lora_head" << YAML::Value << (names.count("lm_head") > 0);
        notes.push_back("lora_alpha: written as twice the rank (no effect on memory or time)");
    }
    yaml << YAML::Key << "train" << YAML::Value << YAML::BeginMap;
    yaml << YAML::Key << "global_batch_size" << YAML::Value << c.microBatchSize * c.gradientAccumulationSteps * c.data;
    yaml << YAML::Key << "micro_batch_size" << YAML::Value << c.microBatchSize;
    yaml << YAML::Key << "max_seq_length" << YAML::Value << w.sequenceLength;
    // finetune/lora.py and full.py validate_args refuse max_tokens and require epochs: the run's length is whole
    // epochs over the data set.
    yaml << YAML::Key << "epochs" << YAML::Value << 1;
    yaml << YAML::EndMap;
    const char* optimizer = w.optimizer == Optimizer::Sgd || w.optimizer == Optimizer::SgdMomentum ? "SGD" : "AdamW";
    if (w.optimizer != Optimizer::AdamW && w.optimizer != Optimizer::Sgd && w.optimizer != Optimizer::SgdMomentum)
        notes.push_back("optimizer: LitGPT's config names a torch.optim class; the plan's "
            + std::string(toString(w.optimizer)) + " is written as AdamW");
    yaml << YAML::Key << "optimizer" << YAML::Value << optimizer;
    yaml << YAML::EndMap;
    notes.push_back("train.epochs: LitGPT's fine-tuning runs whole epochs over its data set (max_tokens is refused "
                    "there); 1 is written: set it so that the data set's tokens x epochs are the plan's "
        + std::to_string(static_cast<long long>(w.trainingTokens)) + " tokens");
    const std::string header = commentHeader(target, "#", notes);
    result.files.push_back({ "litgpt.yaml", header + yaml.c_str() + "\n" });
    const std::string command = lora ? "finetune_lora" : "finetune_full";
    for (int node = 0; node < nodes; ++node)
        result.files.push_back({ "launch-node" + std::to_string(node) + ".sh",
            "#!/usr/bin/env bash\n" + header + "set -euo pipefail\n"
                + (nodes > 1 ? "export NODE_RANK=" + std::to_string(node) + "\n" : std::string()) + "litgpt " + command
                + " --config litgpt.yaml \"$@\"\n" });
    return result;
}

} // namespace gp::launch
