#include "estimate/common/unsloth_stack.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

namespace gp
{

namespace
{

// The last component of a target name ("model.layers.0.self_attn.q_proj" -> "q_proj").
std::string_view leafName(std::string_view name)
{
    const std::size_t dot = name.rfind('.');
    return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

struct TargetSet {
    bool q = false, k = false, v = false, o = false, gate = false, up = false, down = false, other = false;
};

TargetSet targetSet(const LoraSpec& lora)
{
    TargetSet s;
    for (const std::string& target : lora.targetModules) {
        const std::string_view n = leafName(target);
        if (n == "all-linear") {
            s.q = s.k = s.v = s.o = s.gate = s.up = s.down = true;
            continue;
        }
        bool& flag = n == "q_proj" ? s.q
            : n == "k_proj"        ? s.k
            : n == "v_proj"        ? s.v
            : n == "o_proj"        ? s.o
            : n == "gate_proj"     ? s.gate
            : n == "up_proj"       ? s.up
            : n == "down_proj"     ? s.down
                                   : s.other;
        flag = true;
    }
    return s;
}

bool unslothLora(const Workload& w, double dropout)
{
    return w.framework == TrainingStack::Unsloth && (w.technique == Technique::Lora || w.technique == Technique::Qlora)
        && !(dropout > 0);
}

} // namespace

UnslothFusedLora unslothFusedLora(const Workload& workload, double dropout)
{
    UnslothFusedLora f;
    if (!unslothLora(workload, dropout))
        return f;
    const TargetSet s = targetSet(workload.lora);
    f.qkv = s.q && s.k && s.v;
    f.o = s.o;
    f.mlp = s.gate && s.up && s.down;
    return f;
}

bool unslothFusesAllAdapters(const Workload& workload, double dropout)
{
    if (!unslothLora(workload, dropout))
        return false;
    const TargetSet s = targetSet(workload.lora);
    const UnslothFusedLora f = unslothFusedLora(workload, dropout);
    const bool attentionPartial = (s.q || s.k || s.v) && !f.qkv;
    const bool mlpPartial = (s.gate || s.up || s.down) && !f.mlp;
    return !s.other && !attentionPartial && !mlpPartial;
}

double unslothMlpBackwardBytes(
    double tokens, double hidden, double intermediate, double computeBytes, bool dequantized, double tensorRanks)
{
    if (!(tokens > 0) || !(computeBytes > 0) || !(tensorRanks >= 1))
        return 0.0;
    const double h = std::max(0.0, hidden);
    const double f = std::max(0.0, intermediate);
    return (tokens * (f + h) + (dequantized ? f * h : 0.0)) * computeBytes / tensorRanks;
}

bool unslothOffloadsCheckpoints(const Workload& workload, Checkpointing checkpointing)
{
    return workload.framework == TrainingStack::Unsloth && checkpointing == Checkpointing::Full;
}

double unslothLossBytes(double positions, double vocab, double hidden, double computeBytes, double chunkTargetBytes)
{
    if (!(positions > 0) || !(vocab > 0) || !(computeBytes > 0) || !(chunkTargetBytes > 0))
        return 0.0;
    // get_chunk_size: exact = fp32 logits / target; one chunk where that is at most 1, else ceil(exact / 4) * 4.
    const double exact = positions * vocab * 4.0 / chunkTargetBytes;
    const double chunks = exact <= 1.0 ? 1.0 : std::ceil(exact / 4.0 - 1e-9) * 4.0;
    const double chunkTokens = std::ceil(positions / chunks);
    return positions * std::max(0.0, hidden) * computeBytes + chunkTokens * vocab * (computeBytes + 4.0);
}

} // namespace gp
