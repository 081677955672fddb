// A custom pipeline layout in Megatron-LM's own string syntax (workload.parallelism.pipeline_layout;
// --pipeline-model-parallel-layout, Megatron-Bridge's pipeline_model_parallel_layout): which layers each pipeline
// stage builds. Megatron-LM@d98e8a64 megatron/core/transformer/pipeline_parallel_layer_layout.py.
#pragma once

#include "base/expected.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gp
{

// What one stage of the layout builds: E (the embedding), t (decoder layers), m (multi-token-prediction layers),
// L (the output layer and the loss).
struct PipelineLayoutStage {
    bool operator==(const PipelineLayoutStage&) const = default;
    int embedding = 0;
    int decoder = 0;
    int mtp = 0;
    int loss = 0;
};

// The stages of `text` in the string's order (parse_str_to_list): commas are cosmetic, "(...)*n" repeats a group
// (one pass, no nesting), "x*n" repeats one character, "|" ends a stage; E, t, m, L are the only layer characters.
// Stage i of pipeline x virtual stages runs on pipeline rank i % pipeline as its virtual stage i / pipeline.
// What is wrong, worded from base/error_words.h (problem.text null when it parsed).
struct PipelineLayoutParse {
    std::vector<PipelineLayoutStage> stages;
    char firstLayer = 0; // the first and last layer characters of the whole string ('E', 't', 'm', 'L'; 0: none)
    char lastLayer = 0;
    Words problem;
};
PipelineLayoutParse parsePipelineLayout(std::string_view text);

// What Megatron refuses of a parsed layout against the plan (arguments.py: stage count a multiple of the pipeline
// size, which sets the virtual stages; PipelineParallelLayerLayout.validate_layer_layout: E first and once, L last
// and once, the decoder layers the model's, the MTP layers the plan's, after every decoder layer, in the last virtual
// stage of a rank, all in one stage). `layers` < 0 and
// `mtpLayers` < 0 skip the counts that need the model. Worded from base/error_words.h, or nothing when it is fine.
std::optional<Words> pipelineLayoutProblem(
    const PipelineLayoutParse& layout, int pipeline, int virtualStages, int layers, int mtpLayers);

// The layout Megatron builds for --decoder-first-pipeline-num-layers / --decoder-last-pipeline-num-layers
// (transformer_block.py get_num_layers_to_build: the first and last ranks hold what is stated, the other ranks split
// the rest evenly; each rank's layers over its virtual stages evenly; the MTP layers on the last rank's last virtual
// stage), as a string of the syntax above. Negative first/last: not stated. Nothing where Megatron would refuse it.
std::optional<std::string> pipelineLayoutFromFirstLast(
    int layers, int pipeline, int virtualStages, int first, int last, int mtpLayers);

} // namespace gp
