// A pipeline's stages as Megatron-Core places the model on them (the transformer layers of each rank, the embedding
// on the first, the output layer and the loss on the last) and what the slowest stage costs the step.
#pragma once

#include "estimate/common/results.h"
#include "plan/workload.h"

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

// What one pipeline rank builds, all its virtual stages together.
struct PipelineRankLoad {
    int layers = 0; // decoder layers
    int mtp = 0; // trained multi-token-prediction layers
    bool embedding = false; // the input embedding (the layout's E)
    bool head = false; // the output layer and the loss (the layout's L)
    // A stage of this rank builds MTP layers without the embedding beside it: it builds an embedding copy of its
    // own (Megatron-LM@d98e8a64 gpt_model.py: `if self.pre_process or self.mtp_process: self.embedding = ...`).
    bool mtpEmbedding = false;
};

// The ranks of the plan's pipeline layout (workload.parallelism.pipeline_layout) where it states one that lists
// `pipeline` x `virtualStages` stages: stage i on rank i % pipeline (pipeline_parallel_layer_layout.py). Empty where
// the plan states none, or a configuration of another shape (then the split places the layers).
std::vector<PipelineRankLoad> statedPipelineRanks(const ParallelismSpec& parallelism, int pipeline, int virtualStages);

// Every rank's load: the stated layout's, else pipelineStageLayers' split with the embedding on the first rank and
// the head and `mtpLayers` MTP layers on the last (Megatron-Core without a layout: mtp_on_this_rank).
std::vector<PipelineRankLoad> pipelineRanks(
    const ParallelismSpec& parallelism, int layers, int pipeline, int virtualStages, int mtpLayers);

// pipelineSlowestStageFactor over ranks: `headShare` the output layer's and loss's share of the model's work (on
// the head's rank), `mtpShare` the MTP layers' (their eh_proj and transformer layer; their logits are the head's),
// split evenly over the MTP layers; the rest evenly over the decoder layers. 1 with one rank.
double pipelineSlowestRankFactor(const std::vector<PipelineRankLoad>& ranks, double headShare, double mtpShare);

// The micro-batches rank `rank` holds in flight over the first rank's (which pipelineInFlightMicroBatches counts):
// Megatron-LM@d98e8a64 megatron/core/pipeline_parallel/schedules.py: 1F1B warms up p - r - 1 micro-batches and
// holds one more, min(m, p - r); the interleaved schedule warms up (p - r - 1) x 2 + (v - 1) x p model chunks and
// holds one more, at most m x v. Other schedules: 1 (each rank counted as the first).
double pipelineRankInFlightShare(const Configuration& config, int rank);

} // namespace gp
