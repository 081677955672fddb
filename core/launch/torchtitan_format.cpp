// torchtitan's job TOML (torchtitan/config/job_config.py; train_configs/*.toml): read into a plan, and the
// recommendation written as one with a torchrun command per node.
#include "launch/launch_internal.h"
#include "launch/launch_models.h"

#include "base/error_words.h"
#include "base/json_reader.h"
#include "estimate/common/pipeline_schedule.h"

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>
#include <sstream>

namespace gp::launch
{

namespace
{

// The field a TOML parse error is at: the nearest "[table]" and "key =" at or above `line`.
std::string tomlFieldNear(std::string_view text, int line)
{
    std::vector<std::string> lines;
    std::stringstream stream { std::string(text) };
    for (std::string l; std::getline(stream, l);)
        lines.push_back(l);
    static const std::regex keyLine(R"(^\s*([A-Za-z0-9_.\-"]+)\s*=)");
    static const std::regex tableLine(R"(^\s*\[+\s*([A-Za-z0-9_.\-]+))");
    std::string key;
    for (int k = std::min<int>(line, int(lines.size())) - 1; k >= 0; --k) {
        std::smatch m;
        if (key.empty() && std::regex_search(lines[std::size_t(k)], m, keyLine))
            key = m[1];
        else if (std::regex_search(lines[std::size_t(k)], m, tableLine))
            return key.empty() ? std::string(m[1]) : std::string(m[1]) + "." + key;
    }
    return key;
}

// Why a section torchtitan reads does not change the plan (a template of base/reader_words.h).
const char* sectionReason(const std::string& section)
{
    static const std::map<std::string, const char*> reasons {
        { "job", words::kIgnoredTorchtitanJob },
        { "profiling", words::kIgnoredProfiling },
        { "metrics", words::kIgnoredMetrics },
        { "checkpoint", words::kIgnoredCheckpointSaving },
        { "lr_scheduler", words::kIgnoredLearningRateSchedule },
        { "validation", words::kIgnoredValidation },
        { "comm", words::kIgnoredCollectiveTimeouts },
        { "experimental", words::kIgnoredExperimental },
        { "fault_tolerance", words::kIgnoredFaultTolerance },
        { "memory_estimation", words::kIgnoredOwnEstimator },
    };
    auto it = reasons.find(section);
    return it != reasons.end() ? it->second : words::kIgnoredNotModelledField;
}

struct TorchtitanRead {
    ImportBuilder& out;
    const toml::table& root;
    std::optional<long long> shard, replicate, tensor, pipeline, local, global, ppMicro, steps, seq;
    std::string reshard = "default";
    std::string localField = "training.local_batch_size";
    int localLine = 0, globalLine = 0, stepsLine = 0, shardLine = 0, replicateLine = 0, ppMicroLine = 0,
        reshardLine = 0;
    bool fp8 = false;
    bool mx = false;
    // What torch.compile compiles (finishTorchtitanCompile): [training] compile until torchtitan 08b8b244f
    // (2025-08-20), [compile] enable and components from then on.
    std::optional<bool> trainingCompile = std::nullopt, compileEnable = std::nullopt;
    std::optional<std::vector<std::string>> compileComponents = std::nullopt;
    int trainingCompileLine = 0, compileEnableLine = 0, compileComponentsLine = 0;
    // A key torchtitan removed before bbb1b616e (2025-04-02), so the file is for a torchtitan whose training.compile
    // compiled the model alone: empty when none.
    std::string olderKey = "";
    // torchtitan's dualpipev and whether torch.compile wraps the model (the field that says so and its line), which
    // PyTorch's ScheduleDualPipeV refuses (pipelineCompileProblem).
    bool dualPipeV = false;
    bool modelCompiled = false;
    std::string modelCompiledField = "compile.enable";
    int modelCompiledLine = 0;
    std::string shardField = "parallelism.data_parallel_shard_degree";
    std::string replicateField = "parallelism.data_parallel_replicate_degree";
    std::optional<Error> error = std::nullopt; // the first bad value; the reader returns it

    int line(const toml::node& n) const { return int(n.source().begin.line); }
    void fail(const std::string& field, const toml::node& n, Words words)
    {
        if (!error)
            error = out.error(field, line(n), std::move(words));
    }
};

// A TOML value as a refusal shows it: "yes" in quotes, a number, true or false, "an array", "a table".
std::string tomlValueText(const toml::node& n)
{
    if (auto s = n.value_exact<std::string>())
        return detail::describeJsonType(nlohmann::json(*s));
    if (auto i = n.value_exact<long long>())
        return std::to_string(*i);
    if (auto d = n.value_exact<double>())
        return detail::describeJsonType(nlohmann::json(*d));
    if (auto b = n.value_exact<bool>())
        return *b ? "true" : "false";
    if (n.is_array())
        return "an array";
    if (n.is_table())
        return "a table";
    return "a date or time";
}

// A switch torchtitan declares as bool: true or false, else a refusal naming `field`.
std::optional<bool> tomlSwitch(TorchtitanRead& r, const std::string& field, const toml::node& value)
{
    if (auto b = value.value_exact<bool>())
        return b;
    r.fail(field, value, Words { words::kTrueOrFalseGot, { tomlValueText(value) } });
    return std::nullopt;
}

// [compile] (torchtitan/config/job_config.py Compile, from 08b8b244f #1608 until the TOML configs' removal in
// 9810191bb): enable, components (a list of "model" and "loss"; default both), backend.
void readTorchtitanCompile(TorchtitanRead& r, const std::string& key, const toml::node& value)
{
    const std::string field = "compile." + key;
    const int line = r.line(value);
    if (key == "enable") {
        r.compileEnable = tomlSwitch(r, field, value);
        r.compileEnableLine = line;
    } else if (key == "components") {
        const auto* list = value.as_array();
        if (!list) {
            r.fail(field, value, Words { words::kStringListGot, { tomlValueText(value) } });
            return;
        }
        std::vector<std::string> components;
        for (const auto& item : *list) {
            const auto name = item.value_exact<std::string>();
            if (!name) {
                r.fail(field, item, Words { words::kStringListGot, { tomlValueText(item) } });
                return;
            }
            // torchtitan's compile.components: the parts torch.compile wraps.
            static const AcceptedValues parts { { "model", "model" }, { "loss", "loss" } };
            if (!parts.find(*name)) {
                r.fail(field, item, Words { words::kUnknownValueExpected, { *name, parts.list() } });
                return;
            }
            components.push_back(*name);
        }
        r.compileComponents = components;
        r.compileComponentsLine = line;
    } else if (key == "backend")
        r.out.ignore(field, line, Words { words::kIgnoredCompilerBackend });
    else
        r.out.ignore(field, line, Words { words::kIgnoredNotCompileField });
}

// [parallelism]: the degrees, FSDP/HSDP as ZeRO, the pipeline schedule.
// `section`: "parallelism", or where torchtitan before 785c34c99 (2025-03-18) kept the degrees ("training": data
// and tensor; "experimental": pipeline and context).
void readTorchtitanParallelism(
    TorchtitanRead& r, const std::string& key, const toml::node& value, const std::string& section = "parallelism")
{
    const std::string field = section + "." + key;
    const int line = r.line(value);
    const auto number = value.value<long long>();
    if (key == "data_parallel_shard_degree") {
        r.shard = number;
        r.shardLine = line;
        r.shardField = field;
    } else if (key == "data_parallel_replicate_degree") {
        r.replicate = number;
        r.replicateLine = line;
        r.replicateField = field;
    } else if (key == "tensor_parallel_degree" && number) {
        r.tensor = number;
        r.out.set("workload.parallelism.tensor", *number, field, line);
        // torchtitan's tensor-parallel plan shards the norms' activations along the sequence (SequenceParallel).
        r.out.set("workload.parallelism.sequence_parallel", *number > 1, field, line);
    } else if (key == "pipeline_parallel_degree" && number) {
        r.pipeline = number;
        r.out.set("workload.parallelism.pipeline", *number, field, line);
    } else if (key == "context_parallel_degree" && number)
        r.out.set("workload.parallelism.context", *number, field, line);
    else if (key == "expert_parallel_degree" && number)
        r.out.set("workload.parallelism.expert", *number, field, line);
    else if (key == "pipeline_parallel_microbatch_size") {
        r.ppMicro = number;
        r.ppMicroLine = line;
    } else if (key == "fsdp_reshard_after_forward") {
        r.reshard = value.value<std::string>().value_or("default");
        r.reshardLine = line;
    } else if (key == "pipeline_parallel_schedule") {
        const std::string schedule = value.value<std::string>().value_or("");
        if (schedule == "1F1B" || schedule == "GPipe")
            r.out.set("workload.parallelism.pipeline_schedule", "1f1b", field, line);
        else if (schedule == "Interleaved1F1B")
            r.out.set("workload.parallelism.pipeline_schedule", "interleaved", field, line);
        else if (schedule.find("ZeroBubble") != std::string::npos || schedule.find("ZBV") != std::string::npos)
            r.out.set("workload.parallelism.pipeline_schedule", "zero_bubble", field, line);
        else if (schedule == "DualPipeV") { // torch.distributed.pipelining's ScheduleDualPipeV (pipeline_schedule.h)
            r.out.set("workload.parallelism.pipeline_schedule", "dualpipev", field, line);
            r.dualPipeV = true;
        } else
            r.out.ignore(field, line, Words { words::kIgnoredScheduleNotModelled, { schedule } });
    } else if (key == "pipeline_parallel_expert_parallel_overlap") {
        // torchtitan's DualPipeV runs its overlapped pairs with the expert-parallel hooks only with this flag (default
        // true; torchtitan@6656c68e torchtitan/config/configs.py, torchtitan/distributed/dual_pipe_v.py
        // get_dual_pipe_v_flag). No plan field says it: workload.moe_a2a_overlap is Megatron's combined 1F1B, off by
        // default, so reading the flag into it would turn torchtitan's default off (docs/launch-files.md).
        if (const auto overlap = tomlSwitch(r, field, value))
            r.out.ignore(
                field, line, Words { *overlap ? words::kIgnoredEpOverlapDefault : words::kIgnoredEpOverlapOff });
    } else if (key == "enable_async_tensor_parallel")
        r.out.ignore(field, line, Words { words::kIgnoredAsyncTensorParallel });
    else
        r.out.ignore(field, line, Words { words::kIgnoredNotParallelismField });
}

void readTorchtitanTraining(TorchtitanRead& r, const std::string& key, const toml::node& value)
{
    const std::string field = "training." + key;
    const int line = r.line(value);
    if (key == "batch_size" || key == "local_batch_size") {
        r.local = value.value<long long>();
        r.localField = field;
        r.localLine = line;
    } else if (key == "global_batch_size") {
        r.global = value.value<long long>();
        r.globalLine = line;
    } else if (key == "seq_len") {
        r.seq = value.value<long long>();
        if (r.seq)
            r.out.set("workload.sequence_length", *r.seq, field, line);
    } else if (key == "steps") {
        r.steps = value.value<long long>();
        r.stepsLine = line;
    } else if (key == "mixed_precision_param") {
        if (auto p = precisionName(value.value<std::string>().value_or("")))
            r.out.set("workload.precision", *p, field, line);
    } else if (key == "mixed_precision_reduce") {
        // FSDP2's reduce_dtype (torchtitan's default float32): the gradient reduce-scatter's width.
        const std::string reduce = value.value<std::string>().value_or("");
        if (reduce == "float32" || reduce == "bfloat16")
            r.out.set("workload.gradient_precision", reduce == "float32" ? "fp32" : "bf16", field, line);
        else
            r.out.ignore(field, line, Words { words::kIgnoredGradientWidth });
    } else if (key == "compile") {
        r.trainingCompile = tomlSwitch(r, field, value);
        r.trainingCompileLine = line;
    } else if (key == "data_parallel_replicate_degree" || key == "data_parallel_shard_degree"
        || key == "tensor_parallel_degree") {
        // Moved to [parallelism] by 785c34c99 (2025-03-18): read as there.
        r.olderKey = field;
        readTorchtitanParallelism(r, key, value, "training");
    } else if (key == "enable_cpu_offload" && value.value<bool>().value_or(false))
        r.out.set("workload.parallelism.offload", "optimizer-and-parameters", field, line);
    else
        r.out.ignore(field, line,
            Words { key == "dataset" || key == "dataset_path" ? words::kIgnoredDataSet
                                                              : words::kIgnoredTrainingHyperParameter });
}

void readTorchtitanSection(TorchtitanRead& r, const std::string& section, const toml::table& table)
{
    for (auto&& [k, value] : table) {
        const std::string key(k.str());
        const std::string field = section + "." + key;
        const int line = r.line(value);
        if (section == "parallelism") {
            readTorchtitanParallelism(r, key, value);
        } else if (section == "training") {
            readTorchtitanTraining(r, key, value);
        } else if (section == "compile") {
            readTorchtitanCompile(r, key, value);
        } else if (section == "model" && key == "converters") {
            if (const auto* list = value.as_array())
                for (const auto& c : *list) {
                    const std::string name = c.value<std::string>().value_or("");
                    r.fp8 = r.fp8 || name == "float8" || name == "quantize.linear.float8";
                    r.mx = r.mx || name == "mx" || name == "quantize.linear.mx";
                }
            if (r.fp8 || r.mx)
                r.out.set("workload.precision", "fp8", field, line);
            if (r.mx)
                r.out.set("workload.fp8_recipe", "mxfp8", field, line);
        } else if (section == "model" && (key == "name" || key == "flavor")) {
            continue; // read together below
        } else if (section == "activation_checkpoint" && key == "mode") {
            const std::string mode = value.value<std::string>().value_or("");
            const std::string option = table["selective_ac_option"].value<std::string>().value_or("op");
            if (mode == "none" || mode == "full")
                r.out.set("workload.activation_checkpointing", mode, field, line);
            else if (mode == "selective" && option == "op") {
                r.out.set("workload.activation_checkpointing", "per-op", field, line);
                if (auto at = table["selective_ac_option"].node())
                    r.out.set("workload.activation_checkpointing", "per-op",
                        "activation_checkpoint.selective_ac_option", int(at->source().begin.line));
            } else if (mode == "selective")
                r.out.ignore(field, line, Words { words::kIgnoredSelectiveEveryNth, { option } });
        } else if (section == "activation_checkpoint" && key == "selective_ac_option") {
            if (table["mode"].value<std::string>().value_or("") != "selective")
                r.out.ignore(field, line, Words { words::kIgnoredReadOnlySelective });
        } else if (section == "float8" && key == "enable_fsdp_float8_all_gather") {
            r.out.set("workload.fp8_all_gather", value.value<bool>().value_or(false), field, line);
        } else if (section == "float8" && key == "recipe_name") {
            const std::string recipe = value.value<std::string>().value_or("");
            if (recipe == "tensorwise" || recipe == "rowwise")
                r.out.set("workload.fp8_recipe", recipe, field, line);
            else
                r.out.ignore(field, line, Words { words::kIgnoredRecipeNotModelled, { recipe } });
        } else if (section == "optimizer" && key == "name") {
            const std::string name = value.value<std::string>().value_or("");
            if (name == "AdamW" || name == "Adam")
                r.out.set("workload.optimizer", "adamw", field, line);
            else
                r.out.ignore(field, line, Words { words::kIgnoredOptimizerNotModelled, { name } });
        } else if (section == "model") {
            r.out.ignore(field, line, Words { words::kIgnoredTokenizerPaths });
        } else if (section == "experimental"
            && (key == "pipeline_parallel_degree" || key == "context_parallel_degree")) {
            // Moved to [parallelism] by 785c34c99 (2025-03-18): read as there.
            r.olderKey = field;
            readTorchtitanParallelism(r, key, value, "experimental");
        } else if (section == "float8" && key == "enable_float8_linear") {
            // Replaced by model.converters = ["float8"] in 57387af0e (2025-02-15).
            r.olderKey = field;
            r.out.ignore(field, line, Words { words::kIgnoredOldFloat8Key });
        } else if (section == "float8" || section == "optimizer" || section == "activation_checkpoint") {
            r.out.ignore(field, line, Words { words::kIgnoredDetail });
        } else {
            r.out.ignore(field, line, Words { sectionReason(section) });
        }
    }
}

// The batch fields together: with a pipeline, local_batch_size is cut into micro-batches of
// pipeline_parallel_microbatch_size (torchtitan/distributed/pipeline_parallel.py).
void finishTorchtitanBatch(TorchtitanRead& r)
{
    const bool piped = r.pipeline.value_or(1) > 1;
    const long long micro = piped ? r.ppMicro.value_or(1) : r.local.value_or(1);
    const long long accumulation = piped && r.local ? std::max(1LL, *r.local / std::max(1LL, micro)) : 1;
    if (piped)
        r.out.set("workload.micro_batch_size", micro, "parallelism.pipeline_parallel_microbatch_size", r.ppMicroLine);
    r.out.set("workload.micro_batch_size", micro, r.localField, r.localLine);
    if (r.global && *r.global > 0) {
        r.out.set("workload.global_batch_size", *r.global, "training.global_batch_size", r.globalLine);
        if (r.steps && r.seq)
            r.out.set("workload.training_tokens", double(*r.steps) * double(*r.global) * double(*r.seq),
                "training.steps", r.stepsLine);
    } else {
        // No global batch: torchtitan's is local x data-parallel degree, one micro-batch (or one pipeline batch) a
        // step.
        r.out.set("workload.global_batch_size", nullptr, r.localField, r.localLine);
        r.out.set("workload.gradient_accumulation_steps", accumulation, r.localField, r.localLine);
        if (r.steps)
            r.out.ignore("training.steps", r.stepsLine, Words { words::kIgnoredStepsNeedDataDegree });
    }
    // FSDP (data_parallel_shard_degree, -1 = every GPU left) is ZeRO-3, or ZeRO-2 when parameters stay gathered after
    // the forward pass; only replication (HSDP's replicate degree alone) is plain data parallelism.
    const long long shard = r.shard.value_or(-1);
    const long long replicate = r.replicate.value_or(1);
    const std::string& shardField = r.shardField;
    const std::string& replicateField = r.replicateField;
    const int stage = shard == 1 ? 0 : r.reshard == "never" ? 2 : 3;
    const nlohmann::json data = shard == 1 ? (replicate > 1 ? nlohmann::json(replicate) : nlohmann::json("auto"))
                                           : (shard > 0 ? nlohmann::json(shard * replicate) : nlohmann::json("auto"));
    r.out.set("workload.parallelism.zero_stage", stage, shardField, r.shardLine);
    if (r.reshardLine > 0)
        r.out.set("workload.parallelism.zero_stage", stage, "parallelism.fsdp_reshard_after_forward", r.reshardLine);
    if (r.replicateLine > 0)
        r.out.set("workload.parallelism.data", data, replicateField, r.replicateLine);
    r.out.set("workload.parallelism.data", data, shardField, r.shardLine);
}

// What torch.compile compiles: the model (workload.torch_compile) and the loss (workload.loss_implementation
// "compiled": torchtitan's build_cross_entropy_loss wraps its cross-entropy in torch.compile). [training] compile
// compiled the model alone until bbb1b616e (2025-04-02, #1033), the model and the loss from then until 08b8b244f
// (2025-08-20, #1608) replaced it with [compile] enable and components (default ["model", "loss"]): the file does not
// say its torchtitan version, so [training] compile = true is read as the later, both, unless the file has a key
// torchtitan removed before bbb1b616e (olderKey; docs/launch-files.md). A loss
// not compiled is left at the plan's default (fp32-logits: the cross-entropy on the upcast logits).
void finishTorchtitanCompile(TorchtitanRead& r)
{
    const bool hasSection = r.compileEnable || r.compileComponents;
    if (r.trainingCompile && hasSection) {
        r.out.ignore("training.compile", r.trainingCompileLine, Words { words::kIgnoredCompileSectionAlso });
    } else if (r.trainingCompile) {
        r.out.set("workload.torch_compile", *r.trainingCompile, "training.compile", r.trainingCompileLine);
        r.modelCompiled = *r.trainingCompile;
        r.modelCompiledField = "training.compile";
        r.modelCompiledLine = r.trainingCompileLine;
        if (*r.trainingCompile && r.olderKey.empty())
            r.out.set("workload.loss_implementation", "compiled", "training.compile", r.trainingCompileLine);
        else
            r.out.clear("workload.loss_implementation");
        if (*r.trainingCompile && !r.olderKey.empty())
            r.out.ignore(
                "training.compile", r.trainingCompileLine, Words { words::kIgnoredLossCompiledBefore, { r.olderKey } });
    }
    if (!hasSection)
        return;
    const bool enable = r.compileEnable.value_or(false);
    const std::vector<std::string> components
        = r.compileComponents.value_or(std::vector<std::string> { "model", "loss" });
    auto has = [&](const char* c) { return std::find(components.begin(), components.end(), c) != components.end(); };
    const bool model = enable && has("model");
    const bool loss = enable && has("loss");
    // The field that decides: components where the file lists them, else enable.
    const bool listed = r.compileComponents.has_value();
    const std::string field = listed ? "compile.components" : "compile.enable";
    const int line = listed ? r.compileComponentsLine : r.compileEnableLine;
    if (listed && r.compileEnable)
        r.out.set("workload.torch_compile", model, "compile.enable", r.compileEnableLine);
    r.modelCompiled = model;
    r.modelCompiledField = field;
    r.modelCompiledLine = line;
    r.out.set("workload.torch_compile", model, field, line);
    if (loss)
        r.out.set("workload.loss_implementation", "compiled", field, line);
    else
        r.out.clear("workload.loss_implementation");
}

} // namespace

Expected<LaunchImport> readTorchtitan(std::string_view text, const std::string& fileName)
{
    toml::table root;
    try {
        root = toml::parse(text, fileName);
    } catch (const toml::parse_error& e) {
        const int line = int(e.source().begin.line);
        return wordedError(tomlFieldNear(text, line), { words::kNotValidToml, { std::string(e.description()) } },
            fileName + ":" + std::to_string(line));
    }
    ImportBuilder out("torchtitan", fileName, false);
    TorchtitanRead r { out, root, {}, {}, {}, {}, {}, {}, {}, {}, {} };
    for (auto&& [k, value] : root) {
        const std::string section(k.str());
        if (const auto* table = value.as_table())
            readTorchtitanSection(r, section, *table);
        else
            out.ignore(section, r.line(value), Words { words::kIgnoredTopLevelField });
    }
    const auto name = root["model"]["name"].value<std::string>();
    const auto flavor = root["model"]["flavor"].value<std::string>();
    if (name && flavor) {
        const int line = int(root["model"]["flavor"].node()->source().begin.line);
        const int nameLine = int(root["model"]["name"].node()->source().begin.line);
        if (const ModelPreset* preset = presetForTorchtitan(*name, *flavor)) {
            out.set("model.preset", preset->id, "model.name", nameLine);
            out.set("model.preset", preset->id, "model.flavor", line);
            out.clear("model.architecture");
            out.clear("model.parameters");
        } else {
            out.ignore("model.name", nameLine, Words { words::kIgnoredReadWithFlavor });
            out.ignore("model.flavor", line, Words { words::kIgnoredUnknownFlavor, { *name, *flavor } });
        }
    }
    if (r.error)
        return *r.error;
    finishTorchtitanBatch(r);
    finishTorchtitanCompile(r);
    // PyTorch's ScheduleDualPipeV refuses compiled stages: the file does not run (pipelineCompileProblem).
    Words compileRefused = pipelineCompileProblem(TrainingStack::Torchtitan,
        r.dualPipeV ? PipelineSchedule::DualPipeV : PipelineSchedule::OneFOneB, int(r.pipeline.value_or(1)),
        r.modelCompiled);
    if (compileRefused.text)
        return out.error(r.modelCompiledField, r.modelCompiledLine, std::move(compileRefused));
    out.set("workload.framework", "torchtitan", words::kFieldFileFormat, 0); // FSDP2's state layout (memory_model.h)
    return out.take();
}

Expected<LaunchExport> writeTorchtitan(const LaunchTarget& target)
{
    const Configuration& c = target.result.configuration;
    const Workload& w = target.plan.workload;
    // PyTorch's pipelining runs DualPipeV, not DualPipe's two copies of every stage (schedules.py get_schedule_class).
    if (c.pipeline > 1 && c.pipelineSchedule == PipelineSchedule::DualPipe)
        return wordedError("workload.parallelism.pipeline_schedule",
            { words::kScheduleNotInFormat, { "torchtitan", std::string(toString(c.pipelineSchedule)) } });
    LaunchExport result;
    result.format = "torchtitan";
    auto& notes = result.notes;
    const TorchtitanModel model = torchtitanModel(target.plan.model.preset);
    if (model.name.empty())
        notes.push_back(
            "model: torchtitan has no flavor for " + target.modelId + "; [model] names it as a custom flavor");
    toml::table modelTable { { "name", model.name.empty() ? "llama3" : model.name },
        { "flavor", model.flavor.empty() ? "custom" : model.flavor },
        { "hf_assets_path", "./assets/hf/" + target.modelId.substr(target.modelId.rfind('/') + 1) } };
    if (w.precision == Precision::Fp8)
        modelTable.insert("converters", toml::array { w.fp8Recipe == Fp8Recipe::Mxfp8 ? "mx" : "float8" });
    const bool piped = c.pipeline > 1;
    const long long global = (long long)c.microBatchSize * c.gradientAccumulationSteps * c.data;
    const double tokensPerStep = double(global) * double(w.sequenceLength);
    toml::table training { { "local_batch_size",
                               (long long)c.microBatchSize * (piped ? c.gradientAccumulationSteps : 1) },
        { "global_batch_size", global }, { "seq_len", (long long)w.sequenceLength },
        { "steps", (long long)std::ceil(w.trainingTokens / tokensPerStep) },
        { "mixed_precision_param", w.precision == Precision::Fp32 ? "float32" : "bfloat16" } };
    if (w.gradientPrecision != GradientPrecision::Auto)
        training.insert(
            "mixed_precision_reduce", w.gradientPrecision == GradientPrecision::Bf16 ? "bfloat16" : "float32");
    if (c.offload != Offload::None)
        training.insert("enable_cpu_offload", true);
    if (c.offload == Offload::Optimizer)
        notes.push_back("offload: torchtitan offloads parameters, gradients and optimizer together "
                        "(enable_cpu_offload); the plan offloads the optimizer only");
    toml::table parallelism { { "data_parallel_replicate_degree", c.zeroStage == 0 ? c.data : 1 },
        { "data_parallel_shard_degree", c.zeroStage == 0 ? 1 : c.data }, { "tensor_parallel_degree", c.tensor },
        { "pipeline_parallel_degree", c.pipeline }, { "context_parallel_degree", c.context },
        { "expert_parallel_degree", c.expert } };
    if (c.pipeline > 1 && !w.parallelism.pipelineLayout.empty())
        notes.push_back("pipeline_layout: torchtitan places the stages' layers itself, not by the plan's Megatron "
                        "layout \""
            + w.parallelism.pipelineLayout + "\", which the estimate used");
    if (c.tensor > 1 && !c.sequenceParallel)
        notes.push_back("sequence parallelism: torchtitan's tensor parallelism always shards the norms along the "
                        "sequence; the plan was estimated without it (a little more activation memory than this runs)");
    if (c.zeroStage == 1 || c.zeroStage == 2)
        parallelism.insert("fsdp_reshard_after_forward", "never");
    if (c.zeroStage == 1)
        notes.push_back("ZeRO-1: FSDP has no optimizer-only sharding; written as FSDP without resharding (ZeRO-2), "
                        "which also shards gradients");
    if (piped) {
        parallelism.insert("pipeline_parallel_schedule",
            c.pipelineSchedule == PipelineSchedule::Interleaved      ? "Interleaved1F1B"
                : c.pipelineSchedule == PipelineSchedule::ZeroBubble ? "ZBVZeroBubble"
                : c.pipelineSchedule == PipelineSchedule::DualPipeV  ? "DualPipeV"
                                                                     : "1F1B");
        parallelism.insert("pipeline_parallel_microbatch_size", c.microBatchSize);
    }
    toml::table checkpointing { { "mode",
        c.checkpointing == Checkpointing::None       ? "none"
            : c.checkpointing == Checkpointing::Full ? "full"
                                                     : "selective" } };
    if (c.checkpointing == Checkpointing::PerOp || c.checkpointing == Checkpointing::Selective)
        checkpointing.insert("selective_ac_option", "op");
    if (c.checkpointing == Checkpointing::Selective)
        notes.push_back("checkpointing: Megatron's selective recompute (attention core) has no torchtitan equivalent; "
                        "written as per-op selective checkpointing");
    // torch.compile as torchtitan from 08b8b244f reads it (the [training] compile of older versions is refused there):
    // the model where the plan compiles it, the loss where its loss is "compiled" (finishTorchtitanCompile).
    const bool compiledLoss = w.lossImplementation == LossImplementation::Compiled;
    toml::array components;
    if (w.torchCompile)
        components.push_back("model");
    if (compiledLoss)
        components.push_back("loss");
    toml::table compile { { "enable", w.torchCompile || compiledLoss } };
    if (w.torchCompile || compiledLoss)
        compile.insert("components", components);
    if (!compiledLoss && w.lossImplementation != LossImplementation::Fp32Logits)
        notes.push_back("loss_implementation: torchtitan's loss is PyTorch's cross-entropy on the upcast logits, "
                        "compiled or not; the plan's \""
            + std::string(toString(w.lossImplementation)) + "\" loss is written as not compiled (fp32-logits)");
    toml::table root { { "job", toml::table { { "description", target.planName + " on " + target.result.candidate } } },
        { "model", modelTable }, { "training", training }, { "parallelism", parallelism },
        { "activation_checkpoint", checkpointing }, { "compile", compile },
        { "optimizer", toml::table { { "name", "AdamW" } } } };
    if (w.precision == Precision::Fp8 && w.fp8Recipe != Fp8Recipe::Mxfp8) {
        toml::table float8 { { "enable_fsdp_float8_all_gather", w.fp8AllGather } };
        if (w.fp8Recipe == Fp8Recipe::Rowwise)
            float8.insert("recipe_name", "rowwise");
        if (w.fp8Recipe == Fp8Recipe::Delayed)
            notes.push_back("fp8_recipe: torchtitan's float8 has no delayed scaling; written as tensorwise");
        root.insert("float8", float8);
    }
    std::ostringstream toml;
    toml << root;
    result.files.push_back({ "torchtitan.toml", commentHeader(target, "#", notes) + "\n" + toml.str() + "\n" });
    for (int node = 0; node < target.result.nodes; ++node)
        result.files.push_back({ "launch-node" + std::to_string(node) + ".sh",
            "#!/usr/bin/env bash\n" + commentHeader(target, "#", notes) + "set -euo pipefail\n"
                + torchrunPrefix(target, node) + " -m torchtitan.train --job.config_file torchtitan.toml\n" });
    return result;
}

} // namespace gp::launch
