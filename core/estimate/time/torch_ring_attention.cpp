#include "estimate/time/torch_ring_attention.h"

#include "base/finite_number.h"
#include "plan/precision.h"
#include "transformer/attention.h"

#include <algorithm>

namespace gp
{

bool runsTorchRing(const Workload& workload, const Configuration& config)
{
    return workload.framework == TrainingStack::Torchtitan && config.context > 1;
}

TorchRingLayer torchRingLayer(const Architecture& arch, const Workload& workload, int cp, int tensor, double rankTokens)
{
    TorchRingLayer r;
    const int n = std::max(1, cp);
    if (n <= 1)
        return r;
    const AttentionShape at = attentionShape(arch);
    const double tokens = positiveOrZero(rankTokens);
    const double heads = std::max(1.0, at.heads) / std::clamp(double(tensor), 1.0, std::max(1.0, at.heads));
    const double act = bytesPerElement(workload.precision); // 16-bit activations, also under FP8 training
    constexpr double kFp32 = 4; // convert_to_f32: merges and gradient accumulation in fp32
    // Elements one rank holds: K and V at the query heads' width (repeat_kv), the query and the output.
    const double kv = tokens * heads * (at.qkHeadDim + at.vHeadDim);
    const double q = tokens * heads * at.qkHeadDim;
    const double out = tokens * heads * at.vHeadDim;
    const double steps = double(n);

    r.forwardGatherBytes = (steps - 1) * kv * act;
    r.backwardBytes = (steps - 1) * kv * act + steps * kv * kFp32;
    r.backwardCollectives = 1 + steps;
    // Memory passes, at least (each tensor read and written once per operation, as torch.compile's fusion leaves
    // them; eager runs each arithmetic operation as a kernel of its own and moves more): the K,V packed into the
    // all-gather's buffer (a read and a write); a merge or an accumulation reads the running fp32 tensor and the
    // step's 16-bit result and writes the fp32 tensor back; the forward's first step only upcasts; each ring ends
    // casting its fp32 results to 16 bits. A rank whose later steps update only half the queries (partial) rewrites
    // the whole tensor anyway (_partial_update's torch.cat); the last rank's steps all update the whole, and the ring
    // runs at its slowest rank's pace.
    const double pack = 2 * act * kv;
    const double upcast = act + kFp32;
    const double accumulate = act + 2 * kFp32;
    r.forwardMergeBytes = pack + out * (2 * upcast + (steps - 1) * accumulate);
    r.backwardMergeBytes = pack + (q + kv) * (steps * accumulate + upcast);
    // Step 0 is causal over two chunk-blocks of work, every later step unmasked over two: 1 / cp of the FLOPs
    // (a non-causal model runs no load balancing and no causal call).
    r.causalShare = arch.kind == ModelKind::Encoder ? 0.0 : 1.0 / steps;
    return r;
}

} // namespace gp
