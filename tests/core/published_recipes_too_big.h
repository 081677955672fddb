// The published recipes of tests/data/reference/ that ran on their hardware but are still estimated not to fit: one
// list, read by TrainingPhysics.PublishedRecipesFit and StackReference. It may only shrink, except by rows added with
// their reason stated here.
#pragma once

#include <set>
#include <string>

namespace gp::test
{

inline const std::set<std::string>& publishedRecipesStillTooBig()
{
    // torchtitan's two 8B FP8 rows at 32k tokens per rank keep the fp32 loss over 32,768 x 128,256 positions
    // (torchtitan's eager cross-entropy on pred.float() at the benchmarked commit); the Qwen2.5-7B LoRA is 2 GiB over.
    // The Megatron-Core rows all fit since their configs' own switches are plan inputs (2026-12-06): Llama 2 70B SFT
    // states Apex's bf16 optimizer dtype (master_weights_precision bf16), the GPT-OSS rows recompute_modules
    // ["layernorm", "moe_act"] and the DeepSeek-V3 rows ["mla_up_proj"] (each row's assumed.activation_checkpointing).
    static const std::set<std::string> ids = { "tt24-l31-8b-8xh100-fsdp8-seq32k-fp8-tps",
        "tt24-l31-8b-8xh100-cp8-seq262k-fp8-tps", "automodel-qwen25-7b-lora-1xh100-bf16" };
    return ids;
}

} // namespace gp::test
