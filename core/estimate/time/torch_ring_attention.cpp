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
    // them; eager runs each arithmetic operation as a kernel of its own and moves more), read from the ring's code:
    // - forward: K and V made contiguous (a read and a write), then packed with torch.cat into one flat buffer before
    //   every step but the last (the all-gather rotater sends only the first, but the ring builds the buffer each
    //   time: _templated_ring_attention, `next_kv = torch.cat(...)` ahead of exchange_buffers); a merge reads the
    //   running fp32 output and the step's 16-bit one and writes the fp32 tensor back; the first step only upcasts;
    //   the ring ends casting its fp32 result to 16 bits;
    // - backward (_templated_ring_attention_backward): dQ, dK, dV start as fp32 zeros (torch.zeros_like, a write);
    //   K and V are made contiguous and packed before every step but the last, as in the forward; each step
    //   accumulates its dQ, dK, dV into the fp32 tensors and packs the running dK, dV (fp32) into the flat buffer the
    //   all-to-all passes on (`next_grad_kv = torch.cat(...)`, every step); the ring ends casting back to 16 bits.
    // A rank whose later steps update half a tensor (_partial_update: the half added in place, then torch.cat
    // rewrites the whole) moves more than one that adds to the whole. The ring runs at its slowest rank's pace: the
    // last rank, whose later steps all take the query whole (dQ added whole) and the first K,V chunk (dK, dV updated
    // by half, then rewritten).
    const double pack = 2 * act * kv;
    const double upcast = act + kFp32;
    const double accumulate = act + 2 * kFp32;
    const double halfAccumulate = accumulate / 2 + 2 * kFp32; // _partial_update: half added, whole rewritten
    const double zeros = kFp32;
    const double packGradients = 2 * kFp32;
    r.forwardMergeBytes = steps * pack + out * (2 * upcast + (steps - 1) * accumulate);
    r.backwardMergeBytes = steps * pack + q * (zeros + steps * accumulate + upcast)
        + kv * (zeros + accumulate + (steps - 1) * halfAccumulate + steps * packGradients + upcast);
    // Step 0 is causal over two chunk-blocks of work, every later step unmasked over two: 1 / cp of the FLOPs
    // (a non-causal model runs no load balancing and no causal call).
    r.causalShare = arch.kind == ModelKind::Encoder ? 0.0 : 1.0 / steps;
    return r;
}

} // namespace gp
