// The published recipes of tests/data/reference/ that ran on their hardware but are still estimated not to fit: one
// list, read by TrainingPhysics.PublishedRecipesFit and StackReference. It may only shrink.
#pragma once

#include <set>
#include <string>

namespace gp::test
{

inline const std::set<std::string>& publishedRecipesStillTooBig()
{
    // torchtitan's two 8B FP8 rows at 32k tokens per rank keep the fp32 loss over 32,768 x 128,256 positions
    // (torchtitan's eager cross-entropy on pred.float() at the benchmarked commit); the Qwen2.5-7B LoRA is 2 GiB over.
    // The Megatron-Core rows of cases-stacks.json: Nemotron-4 340B and the Llama 2 70B SFT row state no gradient
    // width (the launcher has no FP8 example setting grad_sync_dtype for them), so they keep Megatron's fp32 main
    // gradients; the GPT-OSS rows hold every expert's activations at the dropless, force-balanced capacity.
    static const std::set<std::string> ids = { "nemo2407-nemotron-340b-128xh100-fp8",
        "nemo2407-llama2-70b-sft-16xh100-fp8", "mb2511-gptoss-120b-64xh100-bf16", "mb2511-gptoss-120b-64xb200-bf16",
        "tt24-l31-8b-8xh100-fsdp8-seq32k-fp8-tps", "tt24-l31-8b-8xh100-cp8-seq262k-fp8-tps",
        "automodel-qwen25-7b-lora-1xh100-bf16" };
    return ids;
}

} // namespace gp::test
