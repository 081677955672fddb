// Bytes per element of every compute precision, weight storage format and KV-cache format: the one table
// the memory and time models read.
#pragma once

#include "plan/plan.h"

namespace gp
{

// One activation, gradient or unquantized weight element at a compute precision. FP8 training keeps bf16
// weights and activations outside the GEMMs (NVIDIA Transformer Engine), so fp8 counts 2 bytes here.
double bytesPerElement(Precision precision);
// One KV-cache value with the block scales stored along it (kvCacheLayout(precision).valueBytes); the per-token
// scales and MLA records are counted per token (transformer/attention.h kvCacheBytesPerTokenPerLayer).
double bytesPerElement(KvPrecision precision);
// One weight of a block's linear layer stored at `format`, quantization constants included; `Same` stores it
// at the compute precision. Embeddings, heads and norms stay at the compute precision in every format.
double bytesPerWeight(WeightFormat format, Precision compute);
// The same at the plan's stored bits where workload.weight_bits gives them for a quantized `format` (a checkpoint's
// group size: groupQuantizedBits); the format's own definition otherwise. Every weight-byte count goes through it.
double storedBytesPerWeight(const Workload& workload, WeightFormat format);
// Bits per stored weight of a group-quantized integer checkpoint: `bits` per weight, one `scaleBits` scale per group
// of `groupSize` weights along the input dimension and, where the format stores one, a `bits`-wide zero point per
// group (AutoGPTQ qzeros, AutoAWQ qzeros, compressed-tensors weight_zero_point when asymmetric).
double groupQuantizedBits(int bits, double groupSize, int scaleBits, bool zeroPoint);
// The format frozen weights are stored at in training: the plan's weight_format, NF4 for QLoRA when `same`.
WeightFormat frozenWeightFormat(const Workload& workload);
// Bytes per gradient element that the data-parallel reduce (all-reduce or reduce-scatter) carries and that Megatron's
// main-gradient buffer holds: workload.gradient_precision, or at `auto` the stack's default under mixed precision
// with a master copy: Megatron fp32 for bf16 and fp8 (arguments.py sets accumulate_allreduce_grads_in_fp32 unless
// --grad-reduce-in-bf16), torchtitan fp32 at ZeRO 3 (mixed_precision_reduce "float32", FSDP2's reduce_dtype);
// otherwise the compute width (DeepSpeed's communication_data_type unset, PyTorch DDP, FSDP without reduce_dtype).
double gradientReduceBytes(const Workload& workload, int zeroStage);
// Bytes per trainable parameter of the optimizer's master copy of the weights: none where the compute is already 32-bit
// or master_weights is off; else workload.master_weights_precision, 4 at fp32 and 2 at 16 bits (Megatron-LM
// --main-params-dtype fp16 with --use-precision-aware-optimizer, Transformer Engine FusedAdam's master_weights;
// Apex DistributedFusedAdam's parameter shard at its dtype, store_params on by default).
double masterWeightBytes(const Workload& workload);

} // namespace gp
