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
    // The Qwen2.5-7B LoRA on one 80 GB H100 is 2 GiB over (77.9 of 75.7 GiB: no recompute, the fp32 loss over
    // 2 x 4,096 x 152,064 positions). torchtitan's two 8B FP8 rows at 32k tokens per rank fit since they state their
    // stack (FSDP2's fp32 sharded master, 16/d bytes a parameter) and full recompute no longer holds the recomputed
    // layer beside the loss's logits (89.0 and 87.8 of 91.2 GiB; torchtitan reports 83.9 and 84.5). The Megatron-Core
    // rows all fit since their configs' own switches are plan inputs (2026-12-06): Llama 2 70B SFT states Apex's bf16
    // optimizer dtype (master_weights_precision bf16), the GPT-OSS rows recompute_modules ["layernorm", "moe_act"] and
    // the DeepSeek-V3 rows ["mla_up_proj"] (each row's assumed.activation_checkpointing).
    static const std::set<std::string> ids = { "automodel-qwen25-7b-lora-1xh100-bf16" };
    return ids;
}

} // namespace gp::test
