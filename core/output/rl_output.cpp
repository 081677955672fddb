#include "output/rl_output.h"

#include "output/json_numbers.h"
#include "output/results_csv.h"
#include "output/text_table.h"

#include <cmath>

namespace gp
{

namespace
{

constexpr double kRlGiB = 1024.0 * 1024.0 * 1024.0;

nlohmann::json rlLayoutJson(const RlLayout& l)
{
    return { { "placement", std::string(toString(l.placement)) }, { "nodes", l.nodes },
        { "rollout_gpus", l.rolloutGpus }, { "training_gpus", l.trainingGpus }, { "rollout_tensor", l.rolloutTensor },
        { "rollout_engines", l.rolloutTensor > 0 ? l.rolloutGpus / l.rolloutTensor : 0 },
        { "trainer_zero_stage", l.trainer.zeroStage }, { "trainer_offload", std::string(toString(l.trainer.offload)) },
        { "trainer_checkpointing", std::string(toString(l.trainer.checkpointing)) },
        { "off_policy_steps", l.offPolicySteps } };
}

nlohmann::json rlCandidateJson(const RlCandidateAnswer& c, std::size_t rank)
{
    const RlChoice& b = c.best;
    const RlStepEstimate& s = b.step;
    nlohmann::json out = { { "rank", rank }, { "candidate", c.candidate }, { "gpu", c.gpu }, { "gpus", b.gpus },
        { "fits", c.fits }, { "meets_objective", c.meetsObjective }, { "layouts_evaluated", c.layoutsEvaluated } };
    if (c.failure)
        out["failure"] = { { "code", c.failure->code }, { "message", c.failure->message } };
    if (!c.fits)
        return out;
    nlohmann::json phases = nlohmann::json::array();
    for (const RlPhaseTime& p : s.phases)
        phases.push_back({ { "phase", std::string(toString(p.phase)) }, { "pool", std::string(toString(p.pool)) },
            { "gpus", p.gpus }, { "seconds", jsonNumber(p.seconds) }, { "utilization", jsonNumber(p.utilization) },
            { "memory_gib_per_gpu", jsonNumber(p.memoryBytesPerGpu / kRlGiB) } });
    nlohmann::json reasons = nlohmann::json::array();
    for (const Diagnostic& d : c.reasons) {
        nlohmann::json args = nlohmann::json::object();
        for (const auto& [k, v] : d.args)
            args[k] = v;
        reasons.push_back({ { "code", d.code }, { "message", d.message }, { "args", args } });
    }
    out["layout"] = rlLayoutJson(s.layout);
    out["step_seconds"] = jsonNumber(s.stepSeconds);
    out["steps_per_hour"] = jsonNumber(b.stepsPerHour);
    out["hours"] = jsonNumber(b.hours);
    out["gpu_hours"] = jsonNumber(b.gpuHours);
    out["price_per_hour"] = jsonNumber(b.pricePerHour);
    out["cost"] = jsonNumber(b.cost);
    out["billing_mode"] = billingModeText(b.billingMode);
    out["cost_per_1000_prompts"] = jsonNumber(b.costPer1000Prompts);
    out["limiting_phase"] = std::string(toString(s.limitingPhase));
    out["rollout_seconds"] = jsonNumber(s.rolloutSideSeconds);
    out["training_side_seconds"] = jsonNumber(s.trainingSideSeconds);
    out["overlap_seconds"] = jsonNumber(s.overlapSeconds);
    out["host_offload_seconds"] = jsonNumber(s.hostOffloadSeconds);
    out["rollout_pool_busy"] = jsonNumber(s.rolloutPoolBusy);
    out["training_pool_busy"] = jsonNumber(s.trainingPoolBusy);
    out["peak_memory_gib_per_gpu"] = jsonNumber(s.peakMemoryBytesPerGpu / kRlGiB);
    out["usable_memory_gib_per_gpu"] = jsonNumber(s.usableMemoryBytes / kRlGiB);
    out["rollout"]
        = { { "engines", s.rollout.replicas }, { "sequences_per_engine", jsonNumber(s.rollout.sequencesPerReplica) },
              { "concurrency", jsonNumber(s.rollout.concurrency) }, { "kv_cache_tokens", s.rollout.kvCacheTokens },
              { "prefill_seconds", jsonNumber(s.rollout.prefillSeconds) },
              { "decode_seconds", jsonNumber(s.rollout.decodeSeconds) },
              { "tail_seconds", jsonNumber(s.rollout.tailSeconds) },
              { "longest_response_tokens", jsonNumber(s.rollout.longestResponseTokens) },
              { "peak_tokens_per_second", jsonNumber(s.rollout.peakTokensPerSecond) },
              { "tail_filled", s.rollout.tailFilled },
              { "preempted_sequences_per_engine", jsonNumber(s.rollout.preemptedSequences) },
              { "recompute_seconds", jsonNumber(s.rollout.recomputeSeconds) },
              { "sleep_wake_seconds", jsonNumber(s.rollout.sleepWakeSeconds) } };
    out["phases"] = phases;
    out["reasons"] = reasons;
    return out;
}

double rlPhaseSeconds(const RlStepEstimate& s, RlPhase phase)
{
    for (const RlPhaseTime& p : s.phases)
        if (p.phase == phase)
            return p.seconds;
    return NAN;
}

std::string rlOptional(const std::optional<double>& v)
{
    return v ? csvNumber(*v) : std::string();
}

} // namespace

nlohmann::json rlAnswerToJson(const RlAnswer& answer)
{
    nlohmann::json candidates = nlohmann::json::array();
    for (std::size_t i = 0; i < answer.candidates.size(); ++i)
        candidates.push_back(rlCandidateJson(answer.candidates[i], i + 1));
    return { { "mode", "rl" }, { "title", answer.title }, { "algorithm", std::string(toString(answer.algorithm)) },
        { "actor", answer.actor }, { "objective", std::string(toString(answer.objective)) },
        { "currency", answer.currency }, { "samples_per_step", answer.trainedSamplesPerStep },
        { "steps", answer.steps },
        { "recommended",
            answer.recommended && !answer.candidates.empty() ? nlohmann::json(answer.candidates.front().candidate)
                                                             : nlohmann::json(nullptr) },
        { "layouts_evaluated", answer.layoutsEvaluated }, { "candidates", candidates } };
}

const std::vector<std::string>& rlCsvColumns()
{
    static const std::vector<std::string> columns = { "rank", "candidate", "gpu", "gpus", "fits", "placement", "nodes",
        "rollout_gpus", "training_gpus", "rollout_tensor", "step_seconds", "steps_per_hour", "hours", "cost",
        "billing_mode", "currency", "cost_per_1000_prompts", "limiting_phase", "peak_memory_gib_per_gpu", "failure" };
    return columns;
}

std::string rlAnswerToCsv(const RlAnswer& answer, const CsvOptions& options)
{
    std::string out;
    for (const std::string& c : rlCsvColumns())
        out += (out.empty() ? "" : ",") + c;
    for (RlPhase phase : rlPhases()) {
        out += ',';
        out += toString(phase);
        out += "_seconds";
    }
    out += ",host_offload_seconds\n";
    for (std::size_t i = 0; i < answer.candidates.size(); ++i) {
        const RlCandidateAnswer& c = answer.candidates[i];
        const RlChoice& b = c.best;
        const RlStepEstimate& s = b.step;
        const bool fits = c.fits;
        std::vector<std::string> row = { std::to_string(i + 1), csvField(csvText(c.candidate)),
            csvField(csvText(c.gpu)), std::to_string(b.gpus), fits ? "true" : "false",
            fits ? std::string(toString(s.layout.placement)) : "", fits ? std::to_string(s.layout.nodes) : "",
            fits ? std::to_string(s.layout.rolloutGpus) : "", fits ? std::to_string(s.layout.trainingGpus) : "",
            fits ? std::to_string(s.layout.rolloutTensor) : "", fits ? csvNumber(s.stepSeconds) : "",
            fits ? csvNumber(b.stepsPerHour) : "", fits ? csvNumber(b.hours) : "", rlOptional(b.cost),
            csvField(csvText(billingModeText(b.billingMode))), csvField(csvText(answer.currency)),
            rlOptional(b.costPer1000Prompts), fits ? std::string(toString(s.limitingPhase)) : "",
            fits ? csvNumber(s.peakMemoryBytesPerGpu / kRlGiB) : "",
            c.failure ? csvField(csvText(c.failure->code)) : "" };
        for (RlPhase phase : rlPhases())
            row.push_back(fits ? csvNumber(rlPhaseSeconds(s, phase)) : "");
        row.push_back(fits ? csvNumber(s.hostOffloadSeconds) : "");
        std::string line;
        for (const std::string& cell : row)
            line += (line.empty() ? "" : ",") + cell;
        out += line + "\n";
    }
    return options.byteOrderMark ? "\xEF\xBB\xBF" + out : out;
}

std::string rlAnswerToTable(const RlAnswer& answer)
{
    std::vector<std::vector<std::string>> rows = { { "#", "candidate", "GPUs", "placement", "rollout/train", "step s",
        "steps/h", "hours", "cost", "per 1k prompts", "limit", "why not" } };
    for (std::size_t i = 0; i < answer.candidates.size(); ++i) {
        const RlCandidateAnswer& c = answer.candidates[i];
        const RlStepEstimate& s = c.best.step;
        const std::string why
            = c.reasons.empty() ? (i == 0 && answer.recommended ? "recommended" : "") : c.reasons.front().code;
        if (!c.fits) {
            rows.push_back({ std::to_string(i + 1), c.candidate, std::to_string(c.best.gpus), "-", "-", "-", "-", "-",
                "-", "-", "-", c.failure ? c.failure->message : why });
            continue;
        }
        rows.push_back({ std::to_string(i + 1), c.candidate, std::to_string(c.best.gpus),
            std::string(toString(s.layout.placement)),
            std::to_string(s.layout.rolloutGpus) + "/" + std::to_string(s.layout.trainingGpus) + " tp"
                + std::to_string(s.layout.rolloutTensor),
            fixedText(s.stepSeconds, 1), fixedText(c.best.stepsPerHour, 1), fixedText(c.best.hours, 1),
            c.best.cost ? fixedText(*c.best.cost, 0) + " " + answer.currency + " " + billingModeText(c.best.billingMode)
                        : "-",
            c.best.costPer1000Prompts ? fixedText(*c.best.costPer1000Prompts, 2) : "-",
            std::string(toString(s.limitingPhase)), why });
    }
    std::string out = renderTextTable(rows);
    if (!answer.candidates.empty() && answer.candidates.front().fits) {
        const RlStepEstimate& s = answer.candidates.front().best.step;
        std::vector<std::vector<std::string>> phases
            = { { "phase", "pool", "GPUs", "seconds", "utilization", "GiB/GPU" } };
        for (const RlPhaseTime& p : s.phases)
            phases.push_back({ std::string(toString(p.phase)), std::string(toString(p.pool)), std::to_string(p.gpus),
                fixedText(p.seconds, 2), fixedText(p.utilization, 2), fixedText(p.memoryBytesPerGpu / kRlGiB, 1) });
        out += "\nphases of " + answer.candidates.front().candidate + " (" + std::string(toString(s.layout.placement))
            + ", step " + fixedText(s.stepSeconds, 1) + " s, overlap " + fixedText(s.overlapSeconds, 1) + " s):\n"
            + renderTextTable(phases);
    }
    return out + "layouts evaluated: " + std::to_string(answer.layoutsEvaluated) + "\n";
}

} // namespace gp
