// A pipeline's stages as Megatron-Core places the model on them (the transformer layers of each rank, the embedding
// on the first, the output layer and the loss on the last) and what the slowest stage costs the step.
#pragma once

#include "plan/plan_enums.h"

#include <vector>

namespace gp
{

// Transformer layers on each pipeline rank, all its virtual stages together (Megatron-LM@d98e8a64
// megatron/core/transformer/transformer_block.py get_num_layers_to_build): the split counts the embedding and the
// loss as one layer each where `split` says so, divides layers + those over the ranks, and takes the embedding's
// layer off the first rank and the loss's off the last. Megatron asserts an even division; where the count does
// not divide, the first ranks take one more each. A rank never holds fewer than none.
std::vector<int> pipelineStageLayers(int layers, int pipeline, PipelineSplit split);

// The slowest pipeline stage's work over the mean stage's: the steady state of 1F1B and of the interleaved schedule
// runs at the slowest stage's pace, its warm-up and drain too (Narayanan et al. 2021, SC'21 section 2.2), so the
// step's compute is the mean stage's times this. `headShare` is the output layer's and loss's share of the whole
// model's work, run on the last rank beside its layers; the rest is split evenly over the transformer layers. The
// embedding's lookup is a gather (no FLOPs) and adds nothing to the first rank. 1 without a pipeline.
double pipelineSlowestStageFactor(int layers, int pipeline, PipelineSplit split, double headShare);

} // namespace gp
