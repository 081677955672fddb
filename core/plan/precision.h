// Bytes per element of every compute precision, weight storage format and KV-cache format: the one table
// the memory and time models read.
#pragma once

#include "plan/plan.h"

namespace gp
{

// One activation, gradient or unquantized weight element at a compute precision. FP8 training keeps bf16
// weights and activations outside the GEMMs (NVIDIA Transformer Engine), so fp8 counts 2 bytes here.
double bytesPerElement(Precision precision);
// One KV-cache element (int4: 4-bit values with a 16-bit scale per group of 64).
double bytesPerElement(KvPrecision precision);
// One weight of a block's linear layer stored at `format`, quantization constants included; `Same` stores it
// at the compute precision. Embeddings, heads and norms stay at the compute precision in every format.
double bytesPerWeight(WeightFormat format, Precision compute);
// The format frozen weights are stored at in training: the plan's weight_format, NF4 for QLoRA when `same`.
WeightFormat frozenWeightFormat(const Workload& workload);

} // namespace gp
