// DeepSpeed's JSON config (deepspeed/runtime/config.py, zero/config.py): read into a plan, and the recommendation
// written as one with a `deepspeed` launcher command per node.
#include "launch/launch_internal.h"

#include <cmath>

namespace gp::launch
{

namespace
{

// The line of a dotted key path in the text ("bf16.enabled": the first "enabled" after the first "bf16"); nlohmann's
// reader keeps no positions. 0 when not found.
int jsonKeyLine(std::string_view text, const std::string& path)
{
    std::size_t at = 0;
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t dot = path.find('.', start);
        if (dot == std::string::npos)
            dot = path.size();
        // The quoted key built by appending: GCC 12 at -O3 misreads `"\"" + substr` as an unbounded memcpy
        // (-Wstringop-overflow, a false positive like CMakeLists.txt's -Wrestrict one).
        std::string quoted(1, '"');
        quoted.append(path, start, dot - start);
        quoted.push_back('"');
        at = text.find(quoted, at);
        if (at == std::string_view::npos)
            return 0;
        start = dot + 1;
    }
    return 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n'));
}

bool isAuto(const nlohmann::json& value)
{
    return value.is_string() && value.get<std::string>() == "auto";
}

std::string offloadDevice(const nlohmann::json& zero, const char* key)
{
    if (!zero.contains(key) || !zero[key].is_object())
        return "none";
    return zero[key].value("device", "none");
}

void readDeepSpeedZero(ImportBuilder& out, std::string_view text, const nlohmann::json& zero, const std::string& prefix)
{
    for (const auto& [key, value] : zero.items()) {
        const std::string field = prefix + "zero_optimization." + key;
        const int line = jsonKeyLine(text, "zero_optimization." + key);
        if (key == "stage" && value.is_number_integer())
            out.set("workload.parallelism.zero_stage", value.get<int>(), field, line);
        else if (key == "offload_optimizer" || key == "offload_param")
            continue; // read together below
        else
            out.ignore(field, line, Words { words::kIgnoredZeroBuckets });
    }
    const std::string optimizer = offloadDevice(zero, "offload_optimizer");
    const std::string parameters = offloadDevice(zero, "offload_param");
    if (parameters == "cpu" || parameters == "nvme")
        out.set("workload.parallelism.offload", "optimizer-and-parameters",
            prefix + "zero_optimization.offload_param.device",
            jsonKeyLine(text, "zero_optimization.offload_param.device"));
    else if (optimizer == "cpu" || optimizer == "nvme")
        out.set("workload.parallelism.offload", "optimizer", prefix + "zero_optimization.offload_optimizer.device",
            jsonKeyLine(text, "zero_optimization.offload_optimizer.device"));
    else
        out.set("workload.parallelism.offload", "none", prefix + "zero_optimization",
            jsonKeyLine(text, "zero_optimization"));
    for (const char* section : { "offload_optimizer", "offload_param" })
        if (zero.contains(section) && zero[section].is_object())
            for (const auto& [inner, ignoredValue] : zero[section].items())
                if (inner != "device")
                    out.ignore(prefix + "zero_optimization." + section + "." + inner,
                        jsonKeyLine(text, std::string("zero_optimization.") + section + "." + inner),
                        Words { words::kIgnoredPinnedBuffers });
    if (optimizer == "nvme" || parameters == "nvme")
        out.ignore(prefix + "zero_optimization.offload_*.device", 0, Words { words::kIgnoredNvmeAsCpu });
}

} // namespace

Expected<bool> readDeepSpeedFields(
    ImportBuilder& out, std::string_view text, const nlohmann::json& document, const std::string& prefix)
{
    for (const auto& [key, value] : document.items()) {
        const std::string field = prefix + key;
        const int line = jsonKeyLine(text, key);
        if (isAuto(value)) {
            out.ignore(field, line, Words { words::kIgnoredAutoFromTrainer });
        } else if (key == "train_micro_batch_size_per_gpu" || key == "gradient_accumulation_steps"
            || key == "train_batch_size") {
            if (!value.is_number_integer() || value.get<long long>() < 1)
                return out.error(field, line, Words { words::kWholeNumberAtLeastOne });
            const char* planField = key == "train_micro_batch_size_per_gpu" ? "workload.micro_batch_size"
                : key == "train_batch_size"                                 ? "workload.global_batch_size"
                                                                            : "workload.gradient_accumulation_steps";
            out.set(planField, value.get<long long>(), field, line);
        } else if (key == "zero_optimization" && value.is_object()) {
            readDeepSpeedZero(out, text, value, prefix);
        } else if ((key == "bf16" || key == "fp16") && value.is_object()) {
            const auto enabled = value.value("enabled", nlohmann::json(false));
            const int enabledLine = jsonKeyLine(text, key + ".enabled");
            if (isAuto(enabled))
                out.ignore(field + ".enabled", enabledLine, Words { words::kIgnoredAutoPrecisionFromTrainer });
            else if (enabled.is_boolean() && enabled.get<bool>())
                out.set("workload.precision", key, field + ".enabled", enabledLine);
            else
                out.ignore(field + ".enabled", enabledLine, Words { words::kIgnoredOff });
            for (const auto& [inner, ignoredValue] : value.items())
                if (inner != "enabled")
                    out.ignore(field + "." + inner, jsonKeyLine(text, key + "." + inner),
                        Words { words::kIgnoredLossScaling });
        } else if (key == "optimizer" && value.is_object()) {
            std::string type = value.value("type", "");
            std::transform(
                type.begin(), type.end(), type.begin(), [](unsigned char c) { return char(std::tolower(c)); });
            if (type == "adam" || type == "adamw" || type == "fusedadam")
                out.set("workload.optimizer", "adamw", field + ".type", line);
            else if (type == "lion")
                out.set("workload.optimizer", "lion", field + ".type", line);
            else
                out.ignore(field + ".type", line, Words { words::kIgnoredOptimizerNotModelled, { type } });
        } else if (key == "tensor_parallel" && value.is_object() && value.contains("autotp_size")) {
            out.set("workload.parallelism.tensor", value["autotp_size"], field + ".autotp_size", line);
        } else if (key == "activation_checkpointing") {
            out.ignore(field, line, Words { words::kIgnoredDeepSpeedCheckpointing });
        } else if (key == "_gpu_planner") {
            out.ignore(field, line, Words { words::kIgnoredPlannerHeader });
        } else {
            out.ignore(field, line, Words { words::kIgnoredDeepSpeedOption });
        }
    }
    return true;
}

Expected<LaunchImport> readDeepSpeed(std::string_view text, const nlohmann::json& document, const std::string& fileName)
{
    if (!document.is_object())
        return wordedError("", { words::kDeepSpeedIsObject }, fileName);
    const bool deepspeed = document.contains("zero_optimization") || document.contains("train_micro_batch_size_per_gpu")
        || document.contains("train_batch_size") || document.contains("gradient_accumulation_steps");
    if (!deepspeed)
        return wordedError("", { words::kNotDeepSpeed }, fileName);
    ImportBuilder out("deepspeed", fileName, false);
    if (auto read = readDeepSpeedFields(out, text, document, ""); !read)
        return read.error();
    out.set("workload.framework", "deepspeed", words::kFieldFileFormat, 0); // ZeRO's state layout (memory_model.h)
    return out.take();
}

nlohmann::json deepSpeedConfig(const LaunchTarget& target, std::vector<std::string>& notes)
{
    const Configuration& c = target.result.configuration;
    const Workload& w = target.plan.workload;
    nlohmann::json zero { { "stage", c.zeroStage }, { "overlap_comm", true }, { "contiguous_gradients", true } };
    if (c.offload != Offload::None)
        zero["offload_optimizer"] = { { "device", "cpu" }, { "pin_memory", true } };
    if (c.offload == Offload::OptimizerAndParameters)
        zero["offload_param"] = { { "device", "cpu" }, { "pin_memory", true } };
    nlohmann::json config { { "train_micro_batch_size_per_gpu", c.microBatchSize },
        { "gradient_accumulation_steps", c.gradientAccumulationSteps },
        { "train_batch_size", (long long)c.microBatchSize * c.gradientAccumulationSteps * c.data },
        { "zero_optimization", zero },
        { "bf16", { { "enabled", w.precision == Precision::Bf16 || w.precision == Precision::Fp8 } } },
        { "fp16", { { "enabled", w.precision == Precision::Fp16 } } }, { "gradient_clipping", 1.0 } };
    if (c.tensor > 1)
        config["tensor_parallel"] = { { "autotp_size", c.tensor } };
    if (w.precision == Precision::Fp8)
        notes.push_back(
            "precision: FP8 GEMMs come from the model code (Transformer Engine or torchao); the config trains in bf16");
    if (c.pipeline > 1)
        notes.push_back("pipeline: " + std::to_string(c.pipeline)
            + " stages are set in the training script (deepspeed.pipe.PipelineModule(num_stages="
            + std::to_string(c.pipeline) + "))");
    if (c.pipeline > 1 && !w.parallelism.pipelineLayout.empty())
        notes.push_back("pipeline_layout: the stages' layers are placed in the training script "
                        "(PipelineModule(partition_method=...)), not by the plan's Megatron layout \""
            + w.parallelism.pipelineLayout + "\", which the estimate used");
    if (c.context > 1 || c.expert > 1)
        notes.push_back(
            "context and expert parallelism are set in the training script (DeepSpeed-Ulysses, MoE layers)");
    if (c.checkpointing != Checkpointing::None)
        notes.push_back("checkpointing: turn on " + std::string(toString(c.checkpointing))
            + " activation checkpointing in the model code (gradient_checkpointing_enable())");
    return config;
}

Expected<LaunchExport> writeDeepSpeed(const LaunchTarget& target)
{
    LaunchExport result;
    result.format = "deepspeed";
    nlohmann::json config = deepSpeedConfig(target, result.notes);
    nlohmann::json header = target.header;
    for (const auto& note : result.notes)
        header.push_back("Not in this file: " + note);
    config["_gpu_planner"] = header; // DeepSpeed reads the keys it knows and leaves this one alone
    result.files.push_back({ "ds_config.json", config.dump(2) + "\n" });
    const auto& r = target.result;
    std::string hosts;
    for (int node = 0; node < r.nodes; ++node)
        hosts += "node" + std::to_string(node) + " slots=" + std::to_string(r.gpusPerNode) + "\n";
    std::string script = "#!/usr/bin/env bash\n" + commentHeader(target, "#", result.notes) + "set -euo pipefail\n";
    if (r.nodes > 1) {
        result.files.push_back({ "hostfile",
            commentHeader(target, "#", {}) + "# Replace node0..node" + std::to_string(r.nodes - 1)
                + " with your hosts' names.\n" + hosts });
        script += "deepspeed --hostfile hostfile --num_nodes " + std::to_string(r.nodes) + " --num_gpus "
            + std::to_string(r.gpusPerNode) + " train.py --deepspeed ds_config.json \"$@\"\n";
    } else {
        script += "deepspeed --num_gpus " + std::to_string(r.gpusPerNode)
            + " train.py --deepspeed ds_config.json \"$@\"\n";
    }
    result.files.push_back({ "launch.sh", script });
    return result;
}

} // namespace gp::launch
