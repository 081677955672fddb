// PyTorch's context parallelism (torch.distributed.tensor.experimental.context_parallel) as torchtitan runs it: what
// one rank moves and computes for one layer's ring attention. Read from the code the torchtitan benchmark ran
// (torchtitan@9dec370, torch nightly 1963fc8 of 2024-12-23, whose _attention.py ring is the one of the 2.6 release
// branch; read at pytorch/pytorch@0123248a torch/distributed/tensor/experimental/_attention.py):
// - torchtitan repeats the key/value heads before SDPA (torchtitan/models/llama/model.py, repeat_kv), so the ring
//   carries K and V at the query heads' width, not the key/value heads';
// - the K,V rotation is one all-gather per ring (torchtitan's context_parallel_rotate_method default "allgather",
//   config_manager.py; _AllGatherRotater: "only one communication will be done"), issued before step 0's kernel;
// - load balancing (_cp_options.enable_load_balance, default on) gives each rank the chunks r and 2 cp - 1 - r: step 0
//   is one causal SDPA call over the rank's two chunks, every later step one unmasked call over two chunk-blocks
//   (the whole query against the first K,V chunk, or the second query chunk against both): no skipped step, no
//   masked block computed, all through the SDPA backend of the top-level call (flash: torchtitan restricts SDPA to
//   flash and memory-efficient, utils.py get_train_context, and flash takes a 16-bit causal call of head dim 128);
// - the merger upcasts each step's output to fp32 (convert_to_f32, default on) and folds it into the running output
//   with the log-sum-exps (_SDPAMerger), casting back at the end;
// - the backward all-gathers K,V again, accumulates dQ, dK, dV in fp32 and passes the running dK,dV (fp32) to the next
//   rank after every step, cp times, with an all-to-all (_templated_ring_attention_backward, dkv_rotater ALL_TO_ALL);
// - under torch.compile the collectives are traced with their wait right after them (_functional_collectives.py
//   _maybe_wrap_tensor: wait_tensor at once when tracing), and Inductor moves waits only with
//   reorder_for_compute_comm_overlap, off by default and not set by torchtitan@9dec370: the transfers are not hidden
//   behind the attention. Eager, each is waited where first used, after the kernel it overlaps.
#pragma once

#include "estimate/common/results.h"
#include "plan/plan.h"
#include "transformer/model_library.h"

namespace gp
{

// One layer's ring attention on one rank, for one micro-batch.
struct TorchRingLayer {
    double forwardGatherBytes = 0; // K,V received by the all-gather of one forward pass (recomputation: again)
    double backwardBytes = 0; // the backward's K,V all-gather and its cp dK,dV passes (fp32), received
    double backwardCollectives = 0; // collective calls of the backward: the all-gather and the cp passes
    double forwardMergeBytes = 0; // HBM bytes of one forward pass's K,V packing and fp32 merges
    double backwardMergeBytes = 0; // HBM bytes of the backward's K,V packing and fp32 accumulations
    double causalShare = 1; // of the rank's attention FLOPs, the share in causal kernel calls (step 0)
};

// Whether the plan's context parallelism is PyTorch's ring (torchtitan's stack, context > 1).
bool runsTorchRing(const Workload& workload, const Configuration& config);

// `rankTokens`: the micro-batch's tokens on one rank (sequence / cp per sequence); `tensor` splits the heads.
TorchRingLayer torchRingLayer(
    const Architecture& arch, const Workload& workload, int cp, int tensor, double rankTokens);

} // namespace gp
