#include "estimate/sanity_checks.h"
#include "estimate/time/communication_model.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace gp
{

namespace
{

// Token counts are whole numbers; written plainly so scripts and the UI can read them back.
std::string count(double tokens)
{
    return std::to_string(std::llround(tokens));
}

} // namespace

double tokensPerOptimizerStep(const Workload& workload, const Configuration& config)
{
    return double(config.microBatchSize) * double(config.gradientAccumulationSteps) * double(config.data)
        * double(workload.sequenceLength);
}

double planEpochs(const Plan& plan)
{
    // An optional field of the document (the window writes it with its dataset x epochs split); the models use only
    // the total, workload.training_tokens.
    const nlohmann::json& doc = plan.original;
    if (!doc.is_object() || !doc.contains("workload") || !doc["workload"].is_object())
        return 1.0;
    const nlohmann::json& w = doc["workload"];
    const auto it = w.find("epochs");
    return it != w.end() && it->is_number() && it->get<double>() > 0 ? it->get<double>() : 1.0;
}

Diagnostics sanityChecks(
    const ResolvedModel& model, const Workload& workload, const Configuration& config, double epochs)
{
    Diagnostics out;
    if (workload.mode == Mode::Training) {
        const double step = tokensPerOptimizerStep(workload, config);
        const double dataset = workload.trainingTokens / std::max(epochs, 1e-9);
        const std::string global = std::to_string(
            static_cast<long long>(config.microBatchSize) * config.gradientAccumulationSteps * config.data);
        if (step > dataset)
            out.push_back({ "global_batch_exceeds_dataset",
                "one optimizer step (" + global + " sequences, " + count(step)
                    + " tokens) needs more tokens than the dataset has (" + count(dataset) + ")",
                { { "step_tokens", count(step) }, { "dataset_tokens", count(dataset) }, { "global_batch", global } } });
        if (workload.trainingTokens < step)
            out.push_back({ "run_shorter_than_one_step",
                "the run's " + count(workload.trainingTokens) + " training tokens are fewer than one optimizer step's "
                    + count(step) + ": time and cost are for a fraction of a step",
                { { "training_tokens", count(workload.trainingTokens) }, { "step_tokens", count(step) } } });
    }
    // Megatron-Core refuses these recompute modules on a model without the module (transformer_config.py @d98e8a64:
    // mla_up_proj needs multi-latent attention, moe_act the MoE experts' grouped GEMM); here the switch changes
    // nothing.
    if (workload.mode == Mode::Training && workload.recomputeMlaUpProj && !model.architecture.latentAttention())
        out.push_back({ "recompute_module_not_in_model",
            "workload.recompute_mla_up_proj has no effect: the model has no latent attention",
            { { "field", "workload.recompute_mla_up_proj" }, { "module", "mla_up_proj" } } });
    if (workload.mode == Mode::Training && workload.recomputeMoeAct && model.architecture.numExperts <= 1)
        out.push_back(
            { "recompute_module_not_in_model", "workload.recompute_moe_act has no effect: the model has no experts",
                { { "field", "workload.recompute_moe_act" }, { "module", "moe_act" } } });
    // Megatron-Core asserts the combined 1F1B schedule's conditions (moeA2aOverlapRefusal); the estimate then counts
    // the expert all-to-all exposed.
    // DualPipe's pairs hide it anyway (dualPipePairsExpertAllToAll).
    if (workload.mode == Mode::Training && workload.moeA2aOverlap
        && !dualPipePairsExpertAllToAll(model.architecture, workload, config)) {
        const std::string reason = moeA2aOverlapRefusal(model.architecture, workload, config);
        if (!reason.empty())
            out.push_back({ "moe_a2a_overlap_refused",
                "workload.moe_a2a_overlap has no effect (" + reason
                    + "): Megatron-Core runs the combined 1F1B schedule with a Megatron stack, experts, expert "
                      "parallel > 1, the alltoall or flex dispatcher, no full recompute and, with pipeline parallel "
                      "> 1, virtual pipeline stages; the expert all-to-all is counted exposed",
                { { "field", "workload.moe_a2a_overlap" }, { "reason", reason } } });
    }
    const std::int64_t maxPositions = model.architecture.maxPositions;
    const std::int64_t sequence = workload.mode == Mode::Training
        ? workload.sequenceLength
        : workload.inference.promptTokens + workload.inference.outputTokens;
    if (maxPositions > 0 && sequence > maxPositions)
        out.push_back({ "sequence_exceeds_model_context",
            "a sequence of " + std::to_string(sequence) + " tokens is longer than the model's context of "
                + std::to_string(maxPositions) + " positions",
            { { "sequence_length", std::to_string(sequence) }, { "max_positions", std::to_string(maxPositions) } } });
    return out;
}

} // namespace gp
