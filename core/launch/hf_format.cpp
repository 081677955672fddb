// Hugging Face training YAML: TrainingArguments fields as TRL (`trl sft --config`), LLaMA-Factory
// (`llamafactory-cli train`) and axolotl (`axolotl train`) spell them; the recommendation written as a TRL/
// TrainingArguments YAML with its DeepSpeed config inline and a torchrun command per node.
#include "launch/launch_internal.h"
#include "launch/launch_models.h"

#include "estimate/common/lora_dropout.h"

#include <algorithm>
#include <map>
#include <set>

namespace gp::launch
{

namespace
{

nlohmann::json yamlToJson(const YAML::Node& node)
{
    if (node.IsMap()) {
        nlohmann::json out = nlohmann::json::object();
        for (const auto& entry : node)
            out[entry.first.as<std::string>()] = yamlToJson(entry.second);
        return out;
    }
    if (node.IsSequence()) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& item : node)
            out.push_back(yamlToJson(item));
        return out;
    }
    if (node.IsNull())
        return nullptr;
    if (auto b = boolValue(node))
        return *b;
    if (auto i = integerValue(node))
        return *i;
    if (auto d = numberValue(node))
        return *d;
    return node.Scalar();
}

std::string scalarText(const YAML::Node& node)
{
    return node.IsDefined() && node.IsScalar() ? node.Scalar() : std::string();
}

// The optimizer names of TrainingArguments.optim (transformers' OptimizerNames) and axolotl's `optimizer`.
void mapHfOptimizer(ImportBuilder& out, const std::string& name, const std::string& field, int line)
{
    const bool paged = name.rfind("paged_", 0) == 0;
    const bool eightBit = name.find("8bit") != std::string::npos;
    if (name.find("adam") != std::string::npos)
        out.set("workload.optimizer", eightBit ? "adamw-8bit" : "adamw", field, line);
    else if (name.find("lion") != std::string::npos)
        out.set("workload.optimizer", "lion", field, line);
    else if (name == "adafactor")
        out.set("workload.optimizer", "adafactor", field, line);
    else if (name == "sgd")
        out.set("workload.optimizer", "sgd", field, line);
    else {
        out.ignore(field, line, Words { words::kIgnoredOptimizerNotModelled, { name } });
        return;
    }
    out.set("workload.paged_optimizer", paged, field, line);
}

// LoRA and quantization fields of the three spellings, read together.
void mapHfAdapter(ImportBuilder& out, const YAML::Node& d)
{
    const std::string finetuning = scalarText(d["finetuning_type"]); // LLaMA-Factory
    const std::string adapter = scalarText(d["adapter"]); // axolotl
    const bool peft = boolValue(d["use_peft"]).value_or(false); // TRL
    const bool fourBit
        = boolValue(d["load_in_4bit"]).value_or(false) || integerValue(d["quantization_bit"]).value_or(0) == 4;
    const bool eightBit
        = boolValue(d["load_in_8bit"]).value_or(false) || integerValue(d["quantization_bit"]).value_or(0) == 8;
    const bool lora = finetuning == "lora" || adapter == "lora" || adapter == "qlora" || peft;
    const char* field = !finetuning.empty() ? "finetuning_type" : !adapter.empty() ? "adapter" : "use_peft";
    const int line = yamlLine(d[field]);
    if (lora)
        out.set("workload.technique", fourBit || adapter == "qlora" ? "qlora" : "lora", field, line);
    else if (finetuning == "freeze")
        out.set("workload.technique", "freeze", field, line);
    else if (finetuning == "full" || (finetuning.empty() && adapter.empty() && !peft))
        out.set("workload.technique", "full", finetuning.empty() ? words::kFieldNoAdapter : field, line);
    if (lora && fourBit)
        out.set("workload.weight_format", "nf4", d["load_in_4bit"] ? "load_in_4bit" : "quantization_bit",
            yamlLine(d["load_in_4bit"] ? d["load_in_4bit"] : d["quantization_bit"]));
    else if (lora && eightBit)
        out.set("workload.weight_format", "int8", d["load_in_8bit"] ? "load_in_8bit" : "quantization_bit",
            yamlLine(d["load_in_8bit"] ? d["load_in_8bit"] : d["quantization_bit"]));
    for (const char* quantized : { "load_in_4bit", "load_in_8bit", "quantization_bit" }) {
        const std::string q = quantized;
        const bool used = lora && ((fourBit && q != "load_in_8bit") || (!fourBit && eightBit && q != "load_in_4bit"));
        if (d[quantized].IsDefined() && !used)
            out.ignore(
                q, yamlLine(d[quantized]), Words { lora ? words::kIgnoredOff : words::kIgnoredQuantizedNeedsLora });
    }
    for (const char* rank : { "lora_rank", "lora_r" })
        if (auto r = integerValue(d[rank]))
            out.set("workload.lora.rank", *r, rank, yamlLine(d[rank]));
    // The dropout each tool applies before lora_A (peft's LoraConfig lora_dropout); a file that leaves it out runs
    // its tool's default: TRL's ModelConfig 0.05 (huggingface/trl@bc13ae6d trl/trainer/model_config.py), axolotl's
    // and LLaMA-Factory's 0.0 (the plan's default, the catalog's lora.dropout).
    if (const YAML::Node dropout = d["lora_dropout"]; dropout.IsDefined()) {
        if (auto p = numberValue(dropout))
            out.set("workload.lora.dropout", *p, "lora_dropout", yamlLine(dropout));
        else
            out.ignore("lora_dropout", yamlLine(dropout), Words { words::kIgnoredNotNumber });
    } else if (lora && peft && finetuning.empty() && adapter.empty()) {
        out.set("workload.lora.dropout", 0.05, words::kFieldTrlDropoutDefault, 0);
    }
    if (boolValue(d["lora_target_linear"]).value_or(false))
        out.set("workload.lora.target_modules", nlohmann::json::array({ "all-linear" }), "lora_target_linear",
            yamlLine(d["lora_target_linear"]));
    for (const char* targets : { "lora_target", "lora_target_modules" }) {
        const YAML::Node node = d[targets];
        if (!node.IsDefined())
            continue;
        nlohmann::json modules = nlohmann::json::array();
        if (node.IsSequence()) {
            for (const auto& m : node)
                modules.push_back(m.as<std::string>());
        } else {
            std::string text = scalarText(node);
            for (std::size_t start = 0; start <= text.size();) {
                std::size_t comma = text.find(',', start);
                if (comma == std::string::npos)
                    comma = text.size();
                std::string name = text.substr(start, comma - start);
                name.erase(0, name.find_first_not_of(' '));
                name.erase(name.find_last_not_of(' ') + 1);
                if (!name.empty())
                    modules.push_back(name == "all" || name == "all-linear" ? "all-linear" : name);
                start = comma + 1;
            }
        }
        out.set("workload.lora.target_modules", modules, targets, yamlLine(node));
    }
}

// FSDP in TrainingArguments ("full_shard auto_wrap" or a list) and its config's CPU offload.
void mapHfFsdp(ImportBuilder& out, const YAML::Node& d)
{
    const YAML::Node fsdp = d["fsdp"];
    std::string text;
    if (fsdp.IsDefined() && fsdp.IsSequence())
        for (const auto& item : fsdp)
            text += " " + item.as<std::string>();
    else
        text = scalarText(fsdp);
    if (text.find("full_shard") != std::string::npos || text.find("hybrid_shard") != std::string::npos)
        out.set("workload.parallelism.zero_stage", 3, "fsdp", yamlLine(fsdp));
    else if (text.find("shard_grad_op") != std::string::npos)
        out.set("workload.parallelism.zero_stage", 2, "fsdp", yamlLine(fsdp));
    else if (fsdp.IsDefined())
        out.ignore("fsdp", yamlLine(fsdp), Words { words::kIgnoredNoShardingStrategy, { text } });
    const YAML::Node config = d["fsdp_config"];
    if (!config.IsDefined() || !config.IsMap())
        return;
    for (const auto& entry : config) {
        const std::string key = entry.first.as<std::string>();
        const std::string field = "fsdp_config." + key;
        if ((key == "fsdp_offload_params" || key == "offload_params") && boolValue(entry.second).value_or(false))
            out.set("workload.parallelism.offload", "optimizer-and-parameters", field, yamlLine(entry.first));
        else if (key == "fsdp_sharding_strategy" || key == "sharding_strategy") {
            const std::string s = scalarText(entry.second);
            if (s == "FULL_SHARD" || s == "HYBRID_SHARD" || s == "1")
                out.set("workload.parallelism.zero_stage", 3, field, yamlLine(entry.first));
            else if (s == "SHARD_GRAD_OP" || s == "2")
                out.set("workload.parallelism.zero_stage", 2, field, yamlLine(entry.first));
        } else {
            out.ignore(field, yamlLine(entry.first), Words { words::kIgnoredFsdpDetails });
        }
    }
}

// Why a field the three tools read does not change the plan (a template of base/reader_words.h).
const char* hfIgnoreReason(const std::string& key)
{
    static const std::set<std::string> length { "num_train_epochs", "num_epochs", "max_steps", "max_samples" };
    if (length.count(key))
        return words::kIgnoredEpochsOrSteps;
    static const std::set<std::string> data { "dataset", "datasets", "template", "dataset_prepared_path",
        "val_set_size", "val_size", "overwrite_cache", "preprocessing_num_workers", "dataset_dir",
        "dataloader_num_workers", "eval_dataset", "chat_template" };
    if (data.count(key))
        return words::kIgnoredDataAndTemplate;
    if (key.find("lr") != std::string::npos || key.find("learning_rate") != std::string::npos
        || key.find("warmup") != std::string::npos || key.find("weight_decay") != std::string::npos
        || key.find("lora_alpha") != std::string::npos || key.find("dropout") != std::string::npos)
        return words::kIgnoredOptimizerHyperParameter;
    if (key.find("log") != std::string::npos || key.find("save") != std::string::npos
        || key.find("eval") != std::string::npos || key.find("output") != std::string::npos
        || key.find("wandb") != std::string::npos || key.find("hub") != std::string::npos
        || key.find("report") != std::string::npos || key.find("plot") != std::string::npos)
        return words::kIgnoredLoggingEvaluationSaving;
    if (key == "stage" || key == "rl" || key == "do_train")
        return words::kIgnoredTrainingStage;
    if (key == "sample_packing" || key == "pad_to_sequence_len" || key == "packing")
        return words::kIgnoredPacking;
    return words::kIgnoredTrainingOption;
}

} // namespace

Expected<LaunchImport> readHfYaml(const YAML::Node& d, const std::string& fileName)
{
    ImportBuilder out("hf", fileName, false);
    static const std::set<std::string> read { "model_name_or_path", "base_model", "per_device_train_batch_size",
        "micro_batch_size", "gradient_accumulation_steps", "cutoff_len", "sequence_len", "max_seq_length", "max_length",
        "bf16", "fp16", "gradient_checkpointing", "optim", "optimizer", "finetuning_type", "adapter", "use_peft",
        "load_in_4bit", "load_in_8bit", "quantization_bit", "lora_rank", "lora_r", "lora_target", "lora_target_modules",
        "lora_target_linear", "lora_dropout", "fsdp", "fsdp_config", "deepspeed", "torch_compile",
        "attn_implementation", "flash_attention", "use_liger_kernel" };
    for (const auto& entry : d) {
        const std::string key = entry.first.as<std::string>();
        const YAML::Node& value = entry.second;
        const int line = yamlLine(entry.first);
        if (key == "stage" && (scalarText(value) == "sft" || scalarText(value) == "pt")) {
            out.ignore(key, line, Words { words::kIgnoredSupervisedStage });
        } else if (!read.count(key)) {
            out.ignore(key, line, Words { hfIgnoreReason(key) });
        } else if (key == "model_name_or_path" || key == "base_model") {
            mapModelName(out, scalarText(value), key, line);
        } else if (key == "per_device_train_batch_size" || key == "micro_batch_size"
            || key == "gradient_accumulation_steps") {
            auto v = integerValue(value);
            if (!v || *v < 1)
                return out.error(key, line, Words { words::kWholeNumberAtLeastOneGot, { scalarText(value) } });
            out.set(key == "gradient_accumulation_steps" ? "workload.gradient_accumulation_steps"
                                                         : "workload.micro_batch_size",
                *v, key, line);
        } else if (key == "cutoff_len" || key == "sequence_len" || key == "max_seq_length" || key == "max_length") {
            if (auto v = integerValue(value))
                out.set("workload.sequence_length", *v, key, line);
            else
                out.ignore(key, line, Words { words::kIgnoredNotTokenCount });
        } else if (key == "bf16" || key == "fp16") {
            // axolotl's "auto": bf16 where the GPU has it (the plan's GPUs without bf16 run fp16 in the estimate).
            if (scalarText(value) == "auto" || boolValue(value).value_or(false))
                out.set("workload.precision", key, key, line);
            else
                out.ignore(key, line, Words { words::kIgnoredOff });
        } else if (key == "gradient_checkpointing") {
            out.set("workload.activation_checkpointing", boolValue(value).value_or(false) ? "full" : "none", key, line);
        } else if (key == "optim" || key == "optimizer") {
            mapHfOptimizer(out, scalarText(value), key, line);
        } else if (key == "torch_compile") {
            out.set("workload.torch_compile", boolValue(value).value_or(false), key, line);
        } else if (key == "use_liger_kernel") {
            // The Trainer patches the model with Liger's kernels (_apply_liger_kernel_to_instance) and passes the
            // labels, so Liger's fused linear cross-entropy never materializes the logits.
            const bool liger = boolValue(value).value_or(false);
            out.set("workload.liger_kernel", liger, key, line);
            if (liger)
                out.set("workload.loss_implementation", "fused", key, line);
        } else if (key == "attn_implementation" || key == "flash_attention") {
            const std::string text = scalarText(value);
            out.set("workload.flash_attention", text == "eager" ? false : text == "false" ? false : true, key, line);
        } else if (key == "deepspeed") {
            if (value.IsMap()) {
                const nlohmann::json config = yamlToJson(value);
                if (auto r = readDeepSpeedFields(out, "", config, "deepspeed."); !r)
                    return r.error();
            } else {
                out.ignore(key, line, Words { words::kIgnoredDeepSpeedFile, { scalarText(value) } });
            }
        }
    }
    mapHfAdapter(out, d);
    mapHfFsdp(out, d);
    if (!out.has("workload.parallelism.zero_stage") && !d["deepspeed"].IsDefined())
        out.set("workload.parallelism.zero_stage", 0, words::kFieldNoDeepSpeedOrFsdp, 0);
    // The Trainer under DeepSpeed (inline or a config file) keeps DeepSpeed's states; otherwise its own (or FSDP's).
    out.set("workload.framework", d["deepspeed"].IsDefined() ? "deepspeed" : "hf", words::kFieldFileFormat, 0);
    return out.take();
}

Expected<LaunchExport> writeHf(const LaunchTarget& target)
{
    const Configuration& c = target.result.configuration;
    const Workload& w = target.plan.workload;
    LaunchExport result;
    result.format = "hf";
    auto& notes = result.notes;
    YAML::Emitter yaml;
    yaml << YAML::BeginMap;
    yaml << YAML::Key << "model_name_or_path" << YAML::Value << target.modelId;
    yaml << YAML::Key << "per_device_train_batch_size" << YAML::Value << c.microBatchSize;
    yaml << YAML::Key << "gradient_accumulation_steps" << YAML::Value << c.gradientAccumulationSteps;
    yaml << YAML::Key << "max_length" << YAML::Value << w.sequenceLength;
    yaml << YAML::Key << (w.precision == Precision::Fp16 ? "fp16" : "bf16") << YAML::Value
         << (w.precision != Precision::Fp32);
    yaml << YAML::Key << "gradient_checkpointing" << YAML::Value << (c.checkpointing != Checkpointing::None);
    if (c.checkpointing == Checkpointing::Selective || c.checkpointing == Checkpointing::PerOp)
        notes.push_back("checkpointing: the Trainer checkpoints whole layers; the plan's "
            + std::string(toString(c.checkpointing)) + " recompute is written as full");
    const bool eightBit = w.optimizer == Optimizer::AdamW8bit;
    const std::string optim = w.optimizer == Optimizer::Adafactor ? "adafactor"
        : w.optimizer == Optimizer::Lion ? (w.pagedOptimizer ? "paged_lion_8bit" : "lion_32bit")
        : w.optimizer == Optimizer::Sgd || w.optimizer == Optimizer::SgdMomentum ? "sgd"
        : w.pagedOptimizer ? (eightBit ? "paged_adamw_8bit" : "paged_adamw_32bit")
        : eightBit         ? "adamw_8bit"
                           : "adamw_torch_fused";
    yaml << YAML::Key << "optim" << YAML::Value << optim;
    yaml << YAML::Key << "torch_compile" << YAML::Value << w.torchCompile;
    if (w.ligerKernel)
        yaml << YAML::Key << "use_liger_kernel" << YAML::Value << true;
    if (w.technique == Technique::Lora || w.technique == Technique::Qlora) {
        yaml << YAML::Key << "use_peft" << YAML::Value << true;
        yaml << YAML::Key << "lora_r" << YAML::Value << w.lora.rank;
        yaml << YAML::Key << "lora_target_modules" << YAML::Value << YAML::Flow << w.lora.targetModules;
        // Always written: TRL's own default (0.05) is not the plan's.
        yaml << YAML::Key << "lora_dropout" << YAML::Value << loraDropoutProbability(w, *target.catalog);
        if (w.lora.dropoutPosition == LoraDropoutPosition::Post)
            notes.push_back("lora.dropout_position: peft drops the adapter's input (pre); the plan's post dropout (on "
                            "the adapter's output, NeMo AutoModel's) is written as peft's");
        if (w.technique == Technique::Qlora)
            yaml << YAML::Key << "load_in_4bit" << YAML::Value << true;
    } else if (w.technique == Technique::Freeze) {
        notes.push_back(
            "technique: freezing all but the top layers is done in the training script (requires_grad_(False))");
    }
    if (c.zeroStage > 0 || c.tensor > 1) {
        std::vector<std::string> dsNotes;
        nlohmann::json config = deepSpeedConfig(target, dsNotes);
        notes.insert(notes.end(), dsNotes.begin(), dsNotes.end());
        config.erase("train_batch_size"); // the Trainer derives it; a second copy could disagree
        yaml << YAML::Key << "deepspeed" << YAML::Value << YAML::Load(config.dump());
    } else if (c.pipeline > 1 || c.context > 1) {
        notes.push_back(
            "pipeline and context parallelism are not Trainer arguments; they need Megatron, torchtitan or DeepSpeed");
    }
    yaml << YAML::EndMap;
    const std::string header = commentHeader(target, "#", notes);
    result.files.push_back({ "train.yaml", header + yaml.c_str() + "\n" });
    for (int node = 0; node < target.result.nodes; ++node)
        result.files.push_back({ "launch-node" + std::to_string(node) + ".sh",
            "#!/usr/bin/env bash\n" + header + "set -euo pipefail\n" + torchrunPrefix(target, node)
                + " -m trl.scripts.sft --config train.yaml \"$@\"\n" });
    return result;
}

} // namespace gp::launch
