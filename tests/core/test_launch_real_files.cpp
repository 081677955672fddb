// Real launch files from the projects' own repositories (tests/data/launch/SOURCES.json names each one's repository,
// path and commit): the plan each gives and the fields each leaves out. The expected values were read off the
// files by hand: e.g. torchtitan's llama3_70b.toml asks for 8-way tensor parallelism with FSDP over the rest
// (data_parallel_shard_degree = -1), batch_size 8, seq_len 8192 and full checkpointing; axolotl's qlora-fsdp-70b
// loads in 4 bit with lora_r 8 on every linear layer, FSDP full_shard with its parameters offloaded.
#include "launch/launch.h"
#include "plan/scenarios.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

namespace gp
{
namespace
{

struct RealLaunchFile {
    const char* file;
    const char* format;
    std::vector<std::pair<const char*, const char*>> planFields; // plan field -> JSON value (null: removed)
    std::vector<std::string> ignored;
};

const std::vector<RealLaunchFile>& realLaunchFiles()
{
    static const std::vector<RealLaunchFile> files {
        { "axolotl-fft-8b.yaml", "hf",
            { { "model.preset", R"j("llama-3.1-8b")j" }, { "workload.sequence_length", R"j(8192)j" },
                { "workload.gradient_accumulation_steps", R"j(8)j" }, { "workload.micro_batch_size", R"j(1)j" },
                { "workload.optimizer", R"j("adamw-8bit")j" }, { "workload.paged_optimizer", R"j(true)j" },
                { "workload.precision", R"j("bf16")j" }, { "workload.activation_checkpointing", R"j("full")j" },
                { "workload.flash_attention", R"j(true)j" }, { "workload.technique", R"j("full")j" },
                { "workload.parallelism.zero_stage", R"j(0)j" } },
            { "strict", "datasets", "dataset_prepared_path", "val_set_size", "output_dir", "sample_packing",
                "pad_to_sequence_len", "wandb_project", "wandb_entity", "wandb_watch", "wandb_name", "wandb_log_model",
                "num_epochs", "lr_scheduler", "learning_rate", "tf32", "gradient_checkpointing_kwargs",
                "resume_from_checkpoint", "logging_steps", "warmup_steps", "evals_per_epoch", "saves_per_epoch",
                "weight_decay", "special_tokens" } },
        { "axolotl-lora-8b.yml", "hf",
            { { "model.preset", R"j("llama-3-8b")j" }, { "workload.sequence_length", R"j(4096)j" },
                { "workload.gradient_accumulation_steps", R"j(4)j" }, { "workload.micro_batch_size", R"j(2)j" },
                { "workload.optimizer", R"j("adamw-8bit")j" }, { "workload.paged_optimizer", R"j(false)j" },
                { "workload.precision", R"j("bf16")j" }, { "workload.activation_checkpointing", R"j("full")j" },
                { "workload.flash_attention", R"j(true)j" }, { "workload.technique", R"j("lora")j" },
                { "workload.weight_format", R"j("int8")j" }, { "workload.lora.rank", R"j(32)j" },
                { "workload.lora.target_modules", R"j(["all-linear"])j" }, { "workload.lora.dropout", R"j(0.05)j" },
                { "workload.parallelism.zero_stage", R"j(0)j" } },
            { "model_type", "tokenizer_type", "strict", "datasets", "dataset_prepared_path", "val_set_size",
                "output_dir", "sample_packing", "eval_sample_packing", "pad_to_sequence_len", "lora_model_dir",
                "lora_alpha", "lora_modules_to_save", "wandb_project", "wandb_entity", "wandb_watch", "wandb_name",
                "wandb_log_model", "num_epochs", "lr_scheduler", "learning_rate", "tf32", "resume_from_checkpoint",
                "logging_steps", "warmup_steps", "evals_per_epoch", "saves_per_epoch", "weight_decay", "special_tokens",
                "load_in_4bit" } },
        { "axolotl-qlora-fsdp-70b.yaml", "hf",
            { { "model.preset", R"j("llama-3-70b")j" }, { "workload.sequence_length", R"j(512)j" },
                { "workload.gradient_accumulation_steps", R"j(4)j" }, { "workload.micro_batch_size", R"j(1)j" },
                { "workload.optimizer", R"j("adamw")j" }, { "workload.paged_optimizer", R"j(false)j" },
                { "workload.precision", R"j("bf16")j" }, { "workload.activation_checkpointing", R"j("full")j" },
                { "workload.flash_attention", R"j(true)j" }, { "workload.technique", R"j("qlora")j" },
                { "workload.weight_format", R"j("nf4")j" }, { "workload.lora.rank", R"j(8)j" },
                { "workload.lora.target_modules", R"j(["all-linear"])j" }, { "workload.lora.dropout", R"j(0.05)j" },
                { "workload.parallelism.zero_stage", R"j(3)j" },
                { "workload.parallelism.offload", R"j("optimizer-and-parameters")j" } },
            { "model_type", "tokenizer_type", "strict", "datasets", "dataset_prepared_path", "val_set_size",
                "output_dir", "lora_model_dir", "sample_packing", "pad_to_sequence_len", "lora_alpha", "wandb_project",
                "wandb_entity", "wandb_watch", "wandb_name", "wandb_log_model", "num_epochs", "lr_scheduler",
                "learning_rate", "tf32", "gradient_checkpointing_kwargs", "resume_from_checkpoint", "logging_steps",
                "warmup_steps", "evals_per_epoch", "saves_per_epoch", "weight_decay", "special_tokens", "load_in_8bit",
                "fsdp_config.fsdp_limit_all_gathers", "fsdp_config.fsdp_sync_module_states",
                "fsdp_config.fsdp_use_orig_params", "fsdp_config.fsdp_cpu_ram_efficient_loading",
                "fsdp_config.fsdp_auto_wrap_policy", "fsdp_config.fsdp_transformer_layer_cls_to_wrap",
                "fsdp_config.fsdp_state_dict_type" } },
        { "deepspeed-ds_z2_offload_config.json", "deepspeed",
            { { "workload.parallelism.zero_stage", R"j(2)j" }, { "workload.parallelism.offload", R"j("optimizer")j" } },
            { "bf16.enabled", "fp16.enabled", "fp16.hysteresis", "fp16.initial_scale_power", "fp16.loss_scale",
                "fp16.loss_scale_window", "fp16.min_loss_scale", "gradient_accumulation_steps", "gradient_clipping",
                "train_batch_size", "train_micro_batch_size_per_gpu", "zero_allow_untested_optimizer",
                "zero_optimization.allgather_bucket_size", "zero_optimization.allgather_partitions",
                "zero_optimization.contiguous_gradients", "zero_optimization.overlap_comm",
                "zero_optimization.reduce_bucket_size", "zero_optimization.reduce_scatter",
                "zero_optimization.round_robin_gradients", "zero_optimization.offload_optimizer.pin_memory" } },
        { "deepspeed-ds_z3_config.json", "deepspeed",
            { { "workload.parallelism.zero_stage", R"j(3)j" }, { "workload.parallelism.offload", R"j("none")j" } },
            { "bf16.enabled", "fp16.enabled", "fp16.hysteresis", "fp16.initial_scale_power", "fp16.loss_scale",
                "fp16.loss_scale_window", "fp16.min_loss_scale", "gradient_accumulation_steps", "gradient_clipping",
                "train_batch_size", "train_micro_batch_size_per_gpu", "zero_allow_untested_optimizer",
                "zero_optimization.contiguous_gradients", "zero_optimization.overlap_comm",
                "zero_optimization.reduce_bucket_size", "zero_optimization.stage3_gather_16bit_weights_on_model_save",
                "zero_optimization.stage3_max_live_parameters", "zero_optimization.stage3_max_reuse_distance",
                "zero_optimization.stage3_param_persistence_threshold", "zero_optimization.stage3_prefetch_bucket_size",
                "zero_optimization.sub_group_size" } },
        { "llamafactory-llama3_lora_sft.yaml", "hf",
            { { "model.preset", R"j("llama-3-8b")j" }, { "workload.sequence_length", R"j(1024)j" },
                { "workload.micro_batch_size", R"j(1)j" }, { "workload.gradient_accumulation_steps", R"j(8)j" },
                { "workload.precision", R"j("bf16")j" }, { "workload.technique", R"j("lora")j" },
                { "workload.lora.target_modules", R"j(["all-linear"])j" },
                { "workload.parallelism.zero_stage", R"j(0)j" } },
            { "stage", "do_train", "dataset", "template", "max_samples", "overwrite_cache", "preprocessing_num_workers",
                "output_dir", "logging_steps", "save_steps", "plot_loss", "overwrite_output_dir", "learning_rate",
                "num_train_epochs", "lr_scheduler_type", "warmup_ratio", "ddp_timeout", "val_size",
                "per_device_eval_batch_size", "eval_strategy", "eval_steps" } },
        { "llamafactory-llama3_lora_sft_ds3.yaml", "hf",
            { { "model.preset", R"j("llama-3-8b")j" }, { "workload.sequence_length", R"j(2048)j" },
                { "workload.micro_batch_size", R"j(1)j" }, { "workload.gradient_accumulation_steps", R"j(2)j" },
                { "workload.precision", R"j("bf16")j" }, { "workload.technique", R"j("lora")j" },
                { "workload.lora.rank", R"j(8)j" }, { "workload.lora.target_modules", R"j(["all-linear"])j" } },
            { "trust_remote_code", "stage", "do_train", "deepspeed", "dataset", "template", "max_samples",
                "overwrite_cache", "preprocessing_num_workers", "dataloader_num_workers", "output_dir", "logging_steps",
                "save_steps", "plot_loss", "overwrite_output_dir", "save_only_model", "learning_rate",
                "num_train_epochs", "lr_scheduler_type", "warmup_ratio", "ddp_timeout", "resume_from_checkpoint" } },
        { "megatron-train_gpt3_175b_distributed.sh", "megatron",
            { { "workload.parallelism.tensor", R"j(2)j" }, { "workload.parallelism.pipeline", R"j(2)j" },
                { "workload.parallelism.zero_stage", R"j(0)j" }, { "workload.micro_batch_size", R"j(1)j" },
                { "workload.global_batch_size", R"j(64)j" }, { "workload.sequence_length", R"j(512)j" },
                { "workload.training_tokens", R"j(327680.0)j" }, { "workload.precision", R"j("fp16")j" },
                { "workload.activation_checkpointing", R"j("none")j" }, { "workload.hidden_dropout", R"j(0.1)j" },
                { "workload.attention_dropout", R"j(0.1)j" },
                { "model.name", R"j("Megatron model (8 layers, hidden 256)")j" } },
            { "--nproc_per_node", "--nnodes", "--master_addr", "--master_port", "--adam-beta1", "--adam-beta2",
                "--clip-grad", "--data-path", "--eval-interval", "--eval-iters", "--init-method-std", "--load",
                "--log-interval", "--lr", "--lr-decay-iters", "--lr-decay-style", "--lr-warmup-fraction",
                "--merge-file", "--min-lr", "--save", "--save-interval", "--split", "--tensorboard-dir",
                "--use-mcore-models", "--vocab-file", "--weight-decay", "(script)" } },
        { "megatron-train_llama3_8b_h100_fp8.sh", "megatron",
            { { "workload.parallelism.tensor", R"j(1)j" }, { "workload.parallelism.context", R"j(1)j" },
                { "workload.parallelism.sequence_parallel", R"j(true)j" },
                { "workload.parallelism.zero_stage", R"j(1)j" }, { "workload.micro_batch_size", R"j(1)j" },
                { "workload.global_batch_size", R"j(128)j" }, { "workload.sequence_length", R"j(8192)j" },
                { "workload.training_tokens", R"j(16000000000000.0)j" }, { "workload.precision", R"j("fp8")j" },
                { "workload.fp8_recipe", R"j("delayed")j" }, { "workload.fp8_all_gather", R"j(true)j" },
                { "workload.gradient_precision", R"j("bf16")j" },
                { "workload.activation_checkpointing", R"j("none")j" },
                { "workload.loss_implementation", R"j("fp32-logits")j" }, { "workload.hidden_dropout", R"j(0.0)j" },
                { "workload.attention_dropout", R"j(0.0)j" },
                { "model.name", R"j("Megatron model (32 layers, hidden 4096)")j" } },
            { "--nproc_per_node", "--nnodes", "--node_rank", "--master_addr", "--master_port", "--adam-beta1",
                "--adam-beta2", "--apply-layernorm-1p", "--attention-backend", "--calculate-per-token-loss",
                "--ckpt-format", "--clip-grad", "--data-cache-path", "--decoupled-lr", "--decoupled-min-lr",
                "--distributed-timeout-minutes", "--empty-unused-memory-level", "--eval-interval", "--eval-iters",
                "--exit-duration-in-mins", "--fp8-amax-compute-algo", "--fp8-amax-history-len", "--init-method-std",
                "--load", "--log-interval", "--log-throughput", "--lr", "--lr-decay-samples", "--lr-decay-style",
                "--lr-warmup-samples", "--manual-gc", "--min-lr", "--mock-data",
                "--no-create-attention-mask-in-dataloader", "--no-mmap-bin-files", "--normalization", "--num-workers",
                "--overlap-grad-reduce", "--overlap-param-gather", "--profile", "--profile-step-end",
                "--profile-step-start", "--rotary-base", "--rotary-percent", "--save", "--save-interval", "--split",
                "--tensorboard-dir", "--tiktoken-pattern", "--tokenizer-type", "--use-mcore-models", "--weight-decay",
                "(script)", "(script)", "(script)", "(script)" } },
        { "sglang-multi-node-405b.sh", "sglang",
            { { "model.preset", R"j("llama-3.1-405b")j" }, { "workload.parallelism.tensor", R"j(16)j" },
                { "workload.serving.engine.name", R"j("sglang")j" } },
            { "--dist-init-addr", "--nnodes", "--node-rank" } },
        { "torchtitan-llama3_405b.toml", "torchtitan",
            { { "workload.activation_checkpointing", R"j("full")j" }, { "workload.fp8_all_gather", R"j(true)j" },
                { "workload.precision", R"j("fp8")j" }, { "workload.optimizer", R"j("adamw")j" },
                { "workload.parallelism.context", R"j(1)j" }, { "workload.parallelism.pipeline", R"j(1)j" },
                { "workload.parallelism.tensor", R"j(8)j" }, { "workload.parallelism.sequence_parallel", R"j(true)j" },
                { "workload.torch_compile", R"j(true)j" }, { "workload.loss_implementation", R"j("compiled")j" },
                { "workload.sequence_length", R"j(8192)j" }, { "model.preset", R"j("llama-3.1-405b")j" },
                { "workload.micro_batch_size", R"j(2)j" }, { "workload.global_batch_size", R"j(null)j" },
                { "workload.gradient_accumulation_steps", R"j(1)j" }, { "workload.parallelism.zero_stage", R"j(3)j" },
                { "workload.parallelism.data", R"j("auto")j" } },
            { "checkpoint.async_mode", "checkpoint.enable_checkpoint", "checkpoint.export_dtype", "checkpoint.folder",
                "checkpoint.interval", "checkpoint.model_weights_only", "float8.filter_fqns",
                "float8.precompute_float8_dynamic_scale_for_fsdp", "job.description", "job.dump_folder",
                "lr_scheduler.warmup_steps", "metrics.enable_tensorboard", "metrics.log_freq", "metrics.save_tb_folder",
                "model.tokenizer_path", "optimizer.eps", "optimizer.lr", "parallelism.enable_async_tensor_parallel",
                "profiling.enable_profiling", "profiling.profile_freq", "profiling.save_traces_folder",
                "training.dataset", "training.max_norm", "training.steps" } },
        { "torchtitan-llama3_70b.toml", "torchtitan",
            { { "workload.activation_checkpointing", R"j("full")j" }, { "workload.fp8_all_gather", R"j(false)j" },
                { "workload.optimizer", R"j("adamw")j" }, { "workload.parallelism.context", R"j(1)j" },
                { "workload.parallelism.pipeline", R"j(1)j" }, { "workload.parallelism.tensor", R"j(8)j" },
                { "workload.parallelism.sequence_parallel", R"j(true)j" }, { "workload.torch_compile", R"j(false)j" },
                { "workload.sequence_length", R"j(8192)j" }, { "model.preset", R"j("llama-3.1-70b")j" },
                { "workload.micro_batch_size", R"j(8)j" }, { "workload.global_batch_size", R"j(null)j" },
                { "workload.gradient_accumulation_steps", R"j(1)j" }, { "workload.parallelism.zero_stage", R"j(3)j" },
                { "workload.parallelism.data", R"j("auto")j" } },
            { "checkpoint.async_mode", "checkpoint.enable_checkpoint", "checkpoint.export_dtype", "checkpoint.folder",
                "checkpoint.interval", "checkpoint.model_weights_only", "float8.filter_fqns",
                "float8.precompute_float8_dynamic_scale_for_fsdp", "job.description", "job.dump_folder",
                "lr_scheduler.warmup_steps", "metrics.enable_tensorboard", "metrics.log_freq", "metrics.save_tb_folder",
                "model.tokenizer_path", "optimizer.eps", "optimizer.lr", "profiling.enable_profiling",
                "profiling.profile_freq", "profiling.save_traces_folder", "training.dataset", "training.max_norm",
                "training.steps" } },
        { "torchtitan-llama3_8b.toml", "torchtitan",
            { { "workload.activation_checkpointing", R"j("per-op")j" }, { "workload.fp8_all_gather", R"j(false)j" },
                { "workload.optimizer", R"j("adamw")j" }, { "workload.parallelism.context", R"j(1)j" },
                { "workload.parallelism.pipeline", R"j(1)j" }, { "workload.parallelism.tensor", R"j(1)j" },
                { "workload.parallelism.sequence_parallel", R"j(false)j" }, { "workload.torch_compile", R"j(false)j" },
                { "workload.sequence_length", R"j(8192)j" }, { "model.preset", R"j("llama-3.1-8b")j" },
                { "workload.micro_batch_size", R"j(1)j" }, { "workload.global_batch_size", R"j(null)j" },
                { "workload.gradient_accumulation_steps", R"j(1)j" }, { "workload.parallelism.zero_stage", R"j(3)j" },
                { "workload.parallelism.data", R"j("auto")j" } },
            { "checkpoint.async_mode", "checkpoint.enable_checkpoint", "checkpoint.export_dtype", "checkpoint.folder",
                "checkpoint.interval", "checkpoint.model_weights_only", "float8.filter_fqns",
                "float8.precompute_float8_dynamic_scale_for_fsdp", "job.description", "job.dump_folder",
                "lr_scheduler.warmup_steps", "metrics.enable_tensorboard", "metrics.log_freq", "metrics.save_tb_folder",
                "model.tokenizer_path", "optimizer.eps", "optimizer.lr", "profiling.enable_profiling",
                "profiling.profile_freq", "profiling.save_traces_folder", "training.dataset", "training.max_norm",
                "training.steps" } },
        { "vllm-distributed-serving-tp-pp.sh", "vllm",
            { { "model.preset", R"j("gpt2")j" }, { "workload.parallelism.tensor", R"j(4)j" },
                { "workload.parallelism.pipeline", R"j(2)j" } },
            {} },
        { "vllm-openai-compatible-server.sh", "vllm", { { "model.preset", R"j("llama-3-8b")j" } },
            { "--dtype", "--api-key" } },
        { "trtllm-llama-3.3-70b.yaml", "tensorrt-llm",
            { { "workload.serving.engine.name", R"j("tensorrt-llm")j" },
                { "workload.serving.engine.max_num_seqs", R"j(1024)j" },
                { "workload.serving.engine.max_num_batched_tokens", R"j(2048)j" },
                { "workload.parallelism.tensor", R"j(1)j" }, { "workload.serving.kv_cache_precision", R"j("fp8")j" },
                { "workload.serving.engine.gpu_memory_utilization", R"j(0.9)j" } },
            { "moe_expert_parallel_size", "trust_remote_code", "enable_attention_dp", "cuda_graph_config" } },
        { "trtllm-qwen3-235b-a22b-b200-1k1k_tp4_conc16.yaml", "tensorrt-llm",
            { { "workload.serving.engine.name", R"j("tensorrt-llm")j" }, { "workload.precision", R"j("bf16")j" },
                { "workload.serving.kv_cache_precision", R"j("fp8")j" },
                { "workload.serving.engine.gpu_memory_utilization", R"j(0.8)j" },
                { "workload.serving.engine.max_num_batched_tokens", R"j(4096)j" },
                { "workload.parallelism.tensor", R"j(4)j" } },
            { "cuda_graph_config", "enable_chunked_prefill", "moe_config", "trust_remote_code" } },
        { "trtllm-deepseek_r1_reasoning_parser.sh", "tensorrt-llm",
            { { "workload.serving.engine.name", R"j("tensorrt-llm")j" },
                { "workload.serving.engine.max_num_seqs", R"j(1024)j" },
                { "workload.serving.engine.max_num_batched_tokens", R"j(8192)j" },
                { "workload.parallelism.tensor", R"j(8)j" }, { "workload.parallelism.pipeline", R"j(1)j" } },
            { "--host", "--port", "--trust_remote_code", "--ep_size", "--config", "--reasoning_parser" } },
        // LitGPT's config_hub (Lightning-AI/litgpt@26857050fe, SOURCES.json): QLoRA on one GPU, full fine-tuning
        // on four (FSDP with each Block checkpointed), and TinyLlama's pre-training on every GPU of the node.
        { "litgpt-llama-3.1-8b-qlora.yaml", "litgpt",
            { { "model.preset", R"j("llama-3.1-8b")j" }, { "workload.precision", R"j("bf16")j" },
                { "workload.master_weights", R"j(false)j" }, { "workload.bf16_optimizer_states", R"j(true)j" },
                { "workload.weight_format", R"j("nf4")j" }, { "workload.weight_bits", R"j(4.5)j" },
                { "workload.global_batch_size", R"j(8)j" }, { "workload.micro_batch_size", R"j(2)j" },
                { "workload.epochs", R"j(2)j" }, { "workload.sequence_length", R"j(512)j" },
                { "workload.optimizer", R"j("adamw")j" },
                { "workload.lora.target_modules", R"j(["q_proj", "v_proj"])j" }, { "workload.lora.rank", R"j(32)j" },
                { "workload.lora.dropout", R"j(0.05)j" }, { "workload.technique", R"j("qlora")j" },
                { "workload.loss_implementation", R"j("chunked")j" }, { "workload.parallelism.data", R"j(1)j" },
                { "workload.parallelism.zero_stage", R"j(0)j" }, { "workload.activation_checkpointing", R"j("none")j" },
                { "workload.framework", R"j("litgpt")j" } },
            { "out_dir", "lora_alpha", "data", "train.save_interval", "train.log_interval", "train.lr_warmup_steps",
                "train.max_tokens", "train.max_steps", "train.tie_embeddings", "train.max_norm", "train.min_lr", "eval",
                "logger_name", "seed", "optimizer.init_args.lr", "optimizer.init_args.weight_decay",
                "optimizer.init_args.betas" } },
        { "litgpt-llama-3.1-8b-full.yaml", "litgpt",
            { { "model.preset", R"j("llama-3.1-8b")j" }, { "workload.precision", R"j("bf16")j" },
                { "workload.master_weights", R"j(false)j" }, { "workload.global_batch_size", R"j(64)j" },
                { "workload.micro_batch_size", R"j(4)j" }, { "workload.epochs", R"j(1)j" },
                { "workload.sequence_length", R"j(512)j" }, { "workload.technique", R"j("full")j" },
                { "workload.parallelism.data", R"j(4)j" }, { "workload.parallelism.zero_stage", R"j(3)j" },
                { "workload.activation_checkpointing", R"j("full")j" }, { "workload.framework", R"j("litgpt")j" } },
            { "out_dir", "resume", "data", "train.save_interval", "train.log_interval", "train.lr_warmup_steps",
                "train.max_tokens", "train.max_steps", "train.tie_embeddings", "train.max_norm", "train.min_lr", "eval",
                "logger_name", "seed", "optimizer.init_args.lr", "optimizer.init_args.weight_decay",
                "optimizer.init_args.betas" } },
        { "litgpt-pretrain-tinyllama.yaml", "litgpt",
            { { "workload.precision", R"j("bf16")j" }, { "workload.master_weights", R"j(true)j" },
                { "workload.global_batch_size", R"j(512)j" }, { "workload.micro_batch_size", R"j(4)j" },
                { "workload.training_tokens", R"j(3e12)j" }, { "workload.sequence_length", R"j(2048)j" },
                { "workload.optimizer", R"j("adamw")j" }, { "workload.technique", R"j("full")j" },
                { "workload.framework", R"j("litgpt")j" } },
            { "model_name", "model_config", "out_dir", "initial_checkpoint_dir", "resume", "data",
                "train.save_interval", "train.log_interval", "train.lr_warmup_steps", "train.epochs", "train.max_steps",
                "train.tie_embeddings", "train.max_norm", "train.min_lr", "eval", "optimizer.init_args.lr",
                "optimizer.init_args.weight_decay", "optimizer.init_args.betas", "devices", "num_nodes",
                "tokenizer_dir", "logger_name", "seed" } },
        { "trl-example_config.yaml", "hf",
            { { "workload.technique", R"j("full")j" }, { "workload.parallelism.zero_stage", R"j(0)j" } },
            { "model_name_or_path", "dataset_name", "report_to", "learning_rate", "lr_scheduler_type" } },
    };
    return files;
}

std::string readLaunchTestFile(const std::string& name)
{
    std::ifstream in(std::string(GP_TEST_DATA_DIR) + "/launch/" + name, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The value at a dotted plan path of a plan document, or null.
nlohmann::json planValue(const nlohmann::json& document, const std::string& path)
{
    const nlohmann::json* node = &document;
    std::stringstream parts(path);
    for (std::string part; std::getline(parts, part, '.');) {
        if (!node->is_object() || !node->contains(part))
            return nullptr;
        node = &(*node)[part];
    }
    return *node;
}

TEST(LaunchRealFiles, EachGivesItsPlanAndNamesWhatItIgnored)
{
    ASSERT_GE(realLaunchFiles().size(), 12u);
    for (const auto& expected : realLaunchFiles()) {
        SCOPED_TRACE(expected.file);
        const std::string text = readLaunchTestFile(expected.file);
        ASSERT_FALSE(text.empty());
        auto read = readLaunchFile(text, expected.file);
        ASSERT_TRUE(read) << read.error().toString();
        EXPECT_EQ(read->format, expected.format);
        auto base = parsePlan(read->serving ? servingPlanText() : defaultPlanText());
        ASSERT_TRUE(base);
        auto plan = applyLaunchImport(*base, *read);
        ASSERT_TRUE(plan) << plan.error().toString();
        const nlohmann::json document = planToJson(*plan);
        for (const auto& [field, value] : expected.planFields) {
            const nlohmann::json want = nlohmann::json::parse(value);
            bool mapped = false;
            for (const auto& m : read->mapped)
                mapped = mapped || (m.planField == field && m.value == want);
            EXPECT_TRUE(mapped) << field << " = " << value;
            if (std::string(field) == "model.preset") {
                EXPECT_EQ(plan->model.preset, want.get<std::string>());
            }
            if (want.is_null() || std::string(field).rfind("model.", 0) == 0)
                continue;
            // The plan reads the value as the same field set alone would (the writer leaves defaults out).
            nlohmann::json alone = nlohmann::json::object();
            std::stringstream parts(field);
            nlohmann::json* node = &alone;
            for (std::string part; std::getline(parts, part, '.');)
                node = &(*node)[part];
            *node = want;
            auto expectedPlan = applyOverrides(*base, alone, "");
            ASSERT_TRUE(expectedPlan) << field;
            EXPECT_EQ(planValue(document, field), planValue(planToJson(*expectedPlan), field)) << field;
        }
        std::multiset<std::string> ignored;
        for (const auto& i : read->ignored) {
            ignored.insert(i.field);
            EXPECT_FALSE(i.reason.empty()) << i.field;
            // A field the file spells is found where the import says it is.
            if (i.line > 0 && i.field[0] != '(') {
                std::string leaf = i.field.substr(i.field.rfind('.') + 1);
                std::stringstream lines(text);
                std::string line;
                for (int k = 0; k < i.line; ++k)
                    std::getline(lines, line);
                EXPECT_NE(line.find(leaf), std::string::npos) << i.field << " is not on line " << i.line;
            }
        }
        EXPECT_EQ(ignored, std::multiset<std::string>(expected.ignored.begin(), expected.ignored.end()));
    }
}

// LitGPT's other precisions, quantizations and LoRA switches, on the config_hub file with its lines changed.
TEST(LaunchRealFiles, LitgptPrecisionsQuantizationsAndLoraSwitches)
{
    const std::string original = readLaunchTestFile("litgpt-llama-3.1-8b-qlora.yaml");
    auto edited = [&](std::vector<std::pair<std::string, std::string>> lines) {
        std::string text = original;
        for (const auto& [from, to] : lines) {
            const auto at = text.find(from);
            EXPECT_NE(at, std::string::npos) << from;
            if (at != std::string::npos)
                text.replace(at, from.size(), to);
        }
        return text;
    };
    auto mappedTo = [](const LaunchImport& read, const std::string& planField) {
        for (const auto& m : read.mapped)
            if (m.planField == planField)
                return m.value;
        return nlohmann::json();
    };
    struct Case {
        std::string precision, quantize;
        const char *planPrecision, *weightFormat;
        bool master, sixteenBitMoments;
        nlohmann::json bits;
    };
    const Case cases[] = {
        { "bf16-mixed", "bnb.nf4-dq", "bf16", "nf4", true, false, nullptr },
        { "16-true", "bnb.fp4", "fp16", "nf4", false, true, 4.5 },
        { "16-mixed", "bnb.int8-training", "fp16", "int8", true, false, nullptr },
        { "32-true", "bnb.fp4-dq", "fp32", "nf4", false, false, nullptr },
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.precision + " " + c.quantize);
        auto read = readLaunchFile(edited({ { "precision: bf16-true", "precision: " + c.precision },
                                       { "quantize: bnb.nf4", "quantize: " + c.quantize } }),
            "qlora.yaml");
        ASSERT_TRUE(read) << read.error().toString();
        EXPECT_EQ(mappedTo(*read, "workload.precision"), c.planPrecision);
        EXPECT_EQ(mappedTo(*read, "workload.master_weights"), c.master);
        EXPECT_EQ(mappedTo(*read, "workload.bf16_optimizer_states"),
            c.sixteenBitMoments ? nlohmann::json(true) : nlohmann::json());
        EXPECT_EQ(mappedTo(*read, "workload.weight_format"), c.weightFormat);
        EXPECT_EQ(mappedTo(*read, "workload.weight_bits"), c.bits);
        EXPECT_EQ(mappedTo(*read, "workload.technique"), "qlora");
    }
    // Every switch on, several GPUs on two nodes, no quantization: LoRA on every linear layer and the head, FSDP.
    auto all = readLaunchFile(
        edited({ { "lora_key: false", "lora_key: true" }, { "lora_projection: false", "lora_projection: true" },
            { "lora_mlp: false", "lora_mlp: true" }, { "lora_head: false", "lora_head: true" },
            { "quantize: bnb.nf4", "quantize:" }, { "devices: 1", "devices: 8" }, { "num_nodes: 1", "num_nodes: 2" } }),
        "lora.yaml");
    ASSERT_TRUE(all) << all.error().toString();
    EXPECT_EQ(mappedTo(*all, "workload.lora.target_modules"),
        nlohmann::json::parse(
            R"(["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj", "lm_head"])"));
    EXPECT_EQ(mappedTo(*all, "workload.technique"), "lora");
    EXPECT_EQ(mappedTo(*all, "workload.weight_format"), nlohmann::json());
    EXPECT_EQ(mappedTo(*all, "workload.parallelism.data"), 16);
    EXPECT_EQ(mappedTo(*all, "workload.parallelism.zero_stage"), 3);
    EXPECT_EQ(mappedTo(*all, "workload.activation_checkpointing"), "full");
    auto base = parsePlan(defaultPlanText());
    ASSERT_TRUE(base);
    auto plan = applyLaunchImport(*base, *all);
    ASSERT_TRUE(plan) << plan.error().toString();
    EXPECT_EQ(plan->workload.lora.targetModules.size(), 8u);
}

TEST(LaunchRealFiles, SourcesNameARepositoryPathAndCommitForEveryFile)
{
    const auto sources = nlohmann::json::parse(readLaunchTestFile("SOURCES.json"));
    for (const auto& expected : realLaunchFiles()) {
        ASSERT_TRUE(sources["files"].contains(expected.file)) << expected.file;
        const auto& s = sources["files"][expected.file];
        EXPECT_EQ(s["commit"].get<std::string>().size(), 40u) << expected.file;
        EXPECT_FALSE(s["repo"].get<std::string>().empty());
        EXPECT_FALSE(s["path"].get<std::string>().empty());
    }
    EXPECT_EQ(sources["files"].size(), realLaunchFiles().size());
}

} // namespace
} // namespace gp
