// The plan: the question a user asks (model, workload, candidates, assumptions, billing).
#pragma once

#include "base/expected.h"
#include "plan/billing_modes.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gp
{

enum class ModelKind { Decoder, Encoder, EncoderDecoder };
enum class MlpKind { Gated, Standard };
enum class Mode { Training, Inference, Serving, Rl };
enum class TrainingObjective { LanguageModeling, Classification };
enum class Technique { Full, Lora, Qlora, Freeze };
enum class Precision { Fp32, Tf32, Fp16, Bf16, Fp8 };
enum class WeightFormat { Same, Fp8, Int8, Int4, Nf4, Mxfp4, Fp8Block };
enum class Optimizer { AdamW, AdamW8bit, Sgd, SgdMomentum, Adafactor, Lion };
enum class Checkpointing { None, Selective, Full, PerOp };
enum class LossImplementation { Fp32Logits, Bf16Logits, Chunked, Fused };
// The fused attention kernel a framework runs (with flash_attention on): PyTorch SDPA's flash backend
// (FlashAttention-2), cuDNN's fused attention (Transformer Engine, SDPA's cuDNN backend) or FlashAttention-3.
enum class AttentionKernel { FlashAttention2, Cudnn, FlashAttention3 };
// The training stack the team runs (workload.framework): how it keeps and shards the model states and holds the
// logits. Auto is the generic mixed-precision layout of the ZeRO paper (what the plan's other switches say).
enum class TrainingStack { Auto, Megatron, Torchtitan, Deepspeed, Hf };
// The width gradients are accumulated and data-parallel reduced at (workload.gradient_precision): Auto is the stack's
// default (gradientReduceBytes in precision.h), Fp32 and Bf16 what a launch states (Megatron --grad-reduce-in-bf16).
enum class GradientPrecision { Auto, Fp32, Bf16 };
enum class Offload { None, Optimizer, OptimizerAndParameters };
// Pipeline schedules: 1F1B (PipeDream-Flush), interleaved 1F1B over virtual stages (Narayanan et al. 2021),
// zero-bubble (Qi et al. 2023, ZB-H1/ZB-V: backward split into input and weight gradients).
enum class PipelineSchedule { OneFOneB, Interleaved, ZeroBubble };
// How FP8 training scales its casts (torchao float8 / mx_formats recipes; DeepSeek-V3's 1x128 / 128x128 blocks).
// Nvfp4: the MLP GEMMs in NVFP4 (16-element blocks, E4M3 block scales, FP32 tensor scale; Transformer Engine's
// NVFP4BlockScaling as NVIDIA's MaxText recipe applies it), the attention projections in tensorwise FP8.
enum class Fp8Recipe { Tensorwise, Rowwise, Blockwise, Mxfp8, Nvfp4 };
enum class KvPrecision { Fp32, Fp16, Bf16, Fp8, Int8, Int4 };
enum class SearchObjective { Cost, Time, CostUnderDeadline, TimeUnderBudget };

// Architecture of a transformer. Zero means "not given" for optional sizes.
struct Architecture {
    bool operator==(const Architecture&) const = default;
    ModelKind kind = ModelKind::Decoder;
    std::int64_t hiddenSize = 0;
    std::int64_t numLayers = 0; // per stack for encoder-decoder
    std::int64_t numDecoderLayers = 0; // encoder-decoder only; 0 = same as numLayers
    std::int64_t numAttentionHeads = 0;
    std::int64_t numKeyValueHeads = 0; // 0 = same as numAttentionHeads
    std::int64_t headDim = 0; // 0 = hiddenSize / numAttentionHeads
    std::int64_t intermediateSize = 0;
    std::int64_t vocabSize = 0;
    MlpKind mlp = MlpKind::Gated;
    bool tieWordEmbeddings = false;
    int numExperts = 1;
    int expertsPerToken = 1;
    int numSharedExperts = 0; // DeepSeek-style always-on experts
    std::int64_t moeIntermediateSize = 0; // per expert; 0 = intermediateSize
    int firstDenseLayers = 0; // leading layers with a dense MLP (DeepSeek-style)
    int moeLayerInterval = 1; // after those, every n-th layer has experts (Llama 4 Maverick: 2)
    bool expertBias = false; // biases on the expert MLPs and the router (GPT-OSS)
    int mtpModules = 0; // multi-token-prediction modules trained beside the model (DeepSeek-V3)
    // Group-limited routing (DeepSeek-V2/V3's n_group / topk_group): the routed experts form expertGroups equal
    // groups and a token's experts come from at most expertGroupsPerToken of them (0 = no limit).
    int expertGroups = 1;
    int expertGroupsPerToken = 0;
    // Multi-head latent attention (DeepSeek-V2/V3, Kimi K2); kvLoraRank 0 = ordinary attention.
    std::int64_t qLoraRank = 0; // 0 = full-rank query projection
    std::int64_t kvLoraRank = 0; // compressed key/value latent (what the KV cache keeps)
    std::int64_t qkRopeHeadDim = 0; // decoupled rotary key/query part, shared key kept in the cache
    std::int64_t qkNopeHeadDim = 0; // per-head query/key part without rotary
    std::int64_t vHeadDim = 0; // per-head value size
    // Local attention: slidingWindowLayers of the layers see only the last slidingWindow tokens (Mistral,
    // Gemma 2/3, GPT-OSS; Llama 4's chunked layers counted at their chunk). Layers 0 with a window = all.
    std::int64_t slidingWindow = 0;
    std::int64_t slidingWindowLayers = 0;
    // Hybrid models: of the decoder's layers, those whose token mixer is not attention keep a constant-size
    // recurrent state per sequence instead of keys and values. Gated DeltaNet linear attention (Qwen3-Next,
    // Qwen3.5: HF modeling_qwen3_next.py Qwen3NextGatedDeltaNet) and Mamba2 (Nemotron-H: modeling_nemotron_h.py
    // NemotronHMamba2Mixer). MLP-only blocks (Nemotron-H's "-"): with them, every block holds one mixer or one MLP.
    std::int64_t linearAttentionLayers = 0;
    std::int64_t linearKeyHeads = 0;
    std::int64_t linearValueHeads = 0;
    std::int64_t linearKeyHeadDim = 0;
    std::int64_t linearValueHeadDim = 0;
    std::int64_t linearConvKernel = 4;
    std::int64_t mambaLayers = 0;
    std::int64_t mambaHeads = 0;
    std::int64_t mambaHeadDim = 0;
    std::int64_t ssmStateSize = 0;
    std::int64_t mambaGroups = 1;
    std::int64_t mambaConvKernel = 4;
    std::int64_t mlpOnlyLayers = 0;
    bool stateFp32 = false; // recurrent (SSM) state kept in fp32 (mamba_ssm_dtype / mamba_ssm_cache_dtype float32)
    bool attentionOutputGate = false; // gated attention: q_proj also emits a gate per output element (Qwen3-Next)
    bool qkNorm = false; // per-head RMSNorm weights on queries and keys (Qwen3, Gemma 3)
    bool sandwichNorms = false; // norms after attention and MLP too: 4 per layer (Gemma 2/3)
    bool attentionSinks = false; // one learned sink logit per head and layer (GPT-OSS)
    bool attentionBias = false;
    bool mlpBias = false;
    bool learnedPositions = false; // GPT-2/BERT absolute position embeddings
    std::int64_t maxPositions = 0;
    int numClasses = 2; // classification head

    std::int64_t kvHeads() const { return numKeyValueHeads > 0 ? numKeyValueHeads : numAttentionHeads; }
    std::int64_t headDimension() const
    {
        return headDim > 0 ? headDim : (numAttentionHeads > 0 ? hiddenSize / numAttentionHeads : 0);
    }
    bool latentAttention() const { return kvLoraRank > 0; }
    bool hybrid() const { return linearAttentionLayers > 0 || mambaLayers > 0 || mlpOnlyLayers > 0; }
};

struct ModelSpec {
    bool operator==(const ModelSpec& o) const // the architecture given, not how the file spelled it
    {
        // With a preset, the fields the file names are the override (an unnamed field keeps the preset's value).
        return preset == o.preset && architecture == o.architecture && parameters == o.parameters && name == o.name
            && (preset.empty() || architectureJson == o.architectureJson);
    }
    std::string preset; // model library id, may be empty
    std::optional<Architecture> architecture; // overrides the preset field by field when given
    nlohmann::json architectureJson; // the fields given in the file (to override a preset partially)
    std::optional<double> parameters; // only a size is known
    std::string name; // display name (imported config path, preset name)
};

struct LoraSpec {
    bool operator==(const LoraSpec&) const = default;
    int rank = 16;
    std::vector<std::string> targetModules { "q_proj", "v_proj" };
};

struct ParallelismSpec {
    bool operator==(const ParallelismSpec&) const = default;
    std::optional<int> data; // nullopt = "auto"
    int tensor = 1;
    int pipeline = 1;
    int zeroStage = 0;
    Offload offload = Offload::None;
    bool sequenceParallel = false;
    int expert = 1; // expert parallel degree (MoE)
    int context = 1; // context parallel degree: the sequence split across ranks (ring attention)
    PipelineSchedule pipelineSchedule = PipelineSchedule::OneFOneB;
    int virtualStages = 1; // model chunks per pipeline rank (interleaved schedule)
};

struct InferenceSpec {
    bool operator==(const InferenceSpec&) const = default;
    int batchSize = 1;
    std::int64_t promptTokens = 512;
    std::int64_t outputTokens = 256;
    KvPrecision kvCachePrecision = KvPrecision::Fp16;
};

// Serving (workload.mode "serving", spec: docs/plan-format.md "Serving"): traffic, lengths, latency targets and
// the serving engine's knobs (vLLM's meanings). Absent optionals take the catalog's engine defaults.
enum class ServingLoadKind { Concurrency, RequestsPerSecond, Max };
struct ServingLoad {
    bool operator==(const ServingLoad&) const = default;
    ServingLoadKind kind = ServingLoadKind::Concurrency;
    double value = 32; // requests in flight (concurrency) or arrivals per second; unused for "max"
};
// The statistic an SLO target holds at (serving.slo.percentile): the mean, or the share of requests under it.
enum class SloPercentile { Mean, P50, P90, P99 };
struct ServingSlo {
    bool operator==(const ServingSlo&) const = default;
    std::optional<double> ttftSeconds; // time to first token, at `percentile`
    std::optional<double> tpotSeconds; // time per output token after the first, at `percentile`
    SloPercentile percentile = SloPercentile::Mean;
};
// The shape of a request-length distribution around the plan's mean (serving.traffic.*_distribution).
enum class LengthShape { Fixed, Lognormal, Exponential, Normal };
// The traffic around the mean lengths and load (serving.traffic): length spreads, burstiness, a finite run.
struct ServingTraffic {
    bool operator==(const ServingTraffic&) const = default;
    LengthShape promptShape = LengthShape::Fixed;
    double promptSpread = 0; // coefficient of variation (standard deviation / mean); lognormal and normal
    LengthShape outputShape = LengthShape::Fixed;
    double outputSpread = 0;
    double burstiness = 1; // vLLM bench --burstiness: gamma-distributed gaps of shape k, squared CV 1/k (1 = Poisson)
    std::optional<std::int64_t> requests; // a finite run of N requests (default: a steady state)
};
// The serving engine a replica runs (serving.engine.name); its defaults are catalog data (serving.engine.<name>.*).
enum class ServingEngineKind { Vllm, Sglang, TensorRtLlm };
struct ServingEngine {
    bool operator==(const ServingEngine&) const = default;
    ServingEngineKind kind = ServingEngineKind::Vllm;
    std::string version; // as the team runs it (recorded, shown; the defaults are the catalog's)
    std::optional<double> gpuMemoryUtilization; // share of GPU memory the engine takes (KV gets the rest of it)
    std::optional<int> maxNumSeqs; // requests batched together at most
    std::optional<int> maxNumBatchedTokens; // tokens per step (chunked prefill budget)
    double prefixCacheHitRate = 0; // share of prompt tokens found in the prefix cache
    std::optional<std::int64_t> maxModelLen; // longest request the engine admits (default prompt + output)
    std::optional<int> blockSize; // KV-cache page, tokens
};
// How the replicas split the work (workload.serving.deployment): one engine runs both phases (aggregated), prefill
// and decode run in separate pools with the KV cache moved between them (disaggregated, xPyD), or the planner picks.
enum class ServingDeploymentMode { Aggregated, Disaggregated, Auto };
struct ServingDeployment {
    bool operator==(const ServingDeployment&) const = default;
    ServingDeploymentMode mode = ServingDeploymentMode::Aggregated;
    std::optional<int> prefillReplicas; // disaggregated pools; nullopt = "auto" (the fewest meeting the SLO)
    std::optional<int> decodeReplicas;
    std::optional<int> prefillTensor; // each pool's tensor-parallel size; nullopt = "auto" (searched)
    std::optional<int> decodeTensor;
};
// Speculative decoding (serving.speculative): a draft proposes draft_tokens tokens per request and step, the target
// verifies them in one forward; absent figures take the method's catalog defaults (serving.speculative.<method>.*).
enum class SpeculativeMethod { None, Eagle, Eagle3, Mtp };
struct ServingSpeculative {
    bool operator==(const ServingSpeculative&) const = default;
    SpeculativeMethod method = SpeculativeMethod::None;
    std::optional<int> draftTokens; // k, tokens drafted per request and step (vLLM num_speculative_tokens)
    std::optional<double> acceptanceRate; // alpha, the chance each drafted token is accepted given the one before was
};
// Prefix caching by workload shape (serving.prefix_cache): the hit rate follows from the shape instead of being typed;
// KV that does not fit beside the running requests may be offloaded to host memory (LMCache's CPU backend).
enum class PrefixShape { None, SystemPrompt, MultiTurn, Rag };
struct ServingPrefixCache {
    bool operator==(const ServingPrefixCache&) const = default;
    PrefixShape shape = PrefixShape::None; // none: engine.prefix_cache_hit_rate as typed
    std::int64_t sharedTokens = 0; // the shared system prompt (system_prompt, multi_turn) or one document (rag)
    int turns = 1; // multi_turn: turns per conversation (prompt_tokens is the mean over them)
    double thinkSeconds = 0; // multi_turn: a user's time between a reply and the next turn (history held meanwhile)
    int documents = 1; // rag: distinct documents a prompt draws its leading one from, uniformly
    double offloadGib = 0; // host memory per replica holding KV evicted from the GPUs; 0 = no offload
};
// Many LoRA adapters over one base model (serving.lora): requests spread evenly over `adapters` adapters of one rank
// and target set; the engine keeps max_loras of them in GPU slots (vLLM --max-loras, SGLang --max-loras-per-batch)
// and max_cpu_loras in host memory (vLLM --max-cpu-loras). Absent counts take the engine's catalog defaults.
enum class LoraTargetSet { QueryValue, Attention, AllLinear };
struct ServingLora {
    bool operator==(const ServingLora&) const = default;
    int adapters = 0; // distinct adapters the traffic uses; 0 = the base model only
    int rank = 16; // every adapter's rank, the engine's max_lora_rank
    LoraTargetSet targets = LoraTargetSet::QueryValue; // the adapters' target modules (peft's default q_proj, v_proj)
    std::optional<int> maxLoras; // adapters one batch may use (GPU slots)
    std::optional<int> maxCpuLoras; // adapters kept in host memory (default max_loras)
};
// Wide expert parallelism for MoE models (serving.wide_ep): one EP group over a candidate's GPUs with data-parallel
// attention (SGLang --enable-dp-attention --ep-size, vLLM --enable-expert-parallel with data parallelism), set beside
// the tensor-parallel replicas; EPLB's redundant experts and SGLang's two-batch overlap.
enum class WideEpMode { Off, Auto };
struct ServingWideEp {
    bool operator==(const ServingWideEp&) const = default;
    WideEpMode mode = WideEpMode::Auto; // auto: compared for every MoE model on two or more GPUs
    int redundantExperts = 0; // EPLB's extra expert copies over the group (SGLang --ep-num-redundant-experts)
    bool twoBatchOverlap = false; // SGLang --enable-two-batch-overlap
};
struct ServingSpec {
    bool operator==(const ServingSpec&) const = default;
    std::int64_t promptTokens = 1000;
    std::int64_t outputTokens = 200;
    ServingLoad load;
    ServingSlo slo;
    std::optional<KvPrecision> kvCachePrecision; // default: the model dtype (servingKvPrecision)
    ServingEngine engine;
    ServingSpeculative speculative;
    ServingPrefixCache prefixCache;
    ServingLora lora;
    ServingWideEp wideEp;
    ServingTraffic traffic;
    std::optional<int> replicas; // nullopt = "auto"
    std::optional<double> requestsPerMonth; // traffic volume for the monthly bill
    ServingDeployment deployment;
};

// Reinforcement-learning post-training (workload.mode "rl", spec: docs/plan-format.md "RL post-training"): the actor
// is the plan's model trained with workload.technique/precision/optimizer/lora; rollouts, reference, reward and
// critic around it. Models other than the actor are given by a preset or a parameter count.
enum class RlAlgorithm { Grpo, Dapo, Ppo };
enum class RlPlacement { Auto, Colocated, Separate };
enum class RlRewardKind { Rule, Model };
struct RlModelRef {
    bool operator==(const RlModelRef&) const = default;
    std::string preset; // model library id, may be empty
    std::optional<double> parameters; // only a size
    bool given() const { return !preset.empty() || parameters.has_value(); }
};
struct RlSpec {
    bool operator==(const RlSpec&) const = default;
    RlAlgorithm algorithm = RlAlgorithm::Grpo;
    int promptsPerStep = 128;
    int samplesPerPrompt = 8; // responses per prompt (the group; 1 for PPO as usual)
    double oversampling = 1; // generated per kept sample (DAPO's dynamic sampling refills filtered groups)
    std::int64_t promptTokens = 512;
    std::int64_t responseTokensMean = 1024;
    std::int64_t responseTokensMax = 4096; // the longest response the engine allows (its tail ends the rollout)
    int ppoEpochs = 1; // passes over the step's samples
    int miniBatches = 1; // optimizer steps per pass
    std::int64_t steps = 500; // RL steps in all
    std::optional<bool> reference; // KL to a frozen copy of the actor; default: yes, but not for DAPO
    RlRewardKind rewardKind = RlRewardKind::Rule;
    double rewardCpuSecondsPerSample = 0.05; // rule/verifier: CPU seconds to score one response
    RlModelRef rewardModel; // reward kind "model"
    std::optional<RlModelRef> critic; // PPO only; absent = the actor's model
    RlPlacement placement = RlPlacement::Auto;
    std::optional<int> rolloutGpus; // separate pools: GPUs generating; absent = searched
    int offPolicySteps = 0; // separate pools: rollouts this many steps ahead of training (async)

    bool usesReference() const { return reference.value_or(algorithm != RlAlgorithm::Dapo); }
};

struct Workload {
    bool operator==(const Workload&) const = default;
    Mode mode = Mode::Training;
    TrainingObjective objective = TrainingObjective::LanguageModeling;
    Technique technique = Technique::Full;
    Precision precision = Precision::Bf16;
    WeightFormat weightFormat = WeightFormat::Same;
    // Bits per stored weight of a quantized weight_format, its scales and zero points included (a GPTQ, AWQ or
    // compressed-tensors checkpoint's group size: plan/precision.h); nullopt = the format's own definition.
    std::optional<double> weightBits;
    Optimizer optimizer = Optimizer::AdamW;
    LoraSpec lora;
    Checkpointing activationCheckpointing = Checkpointing::None;
    bool flashAttention = true;
    AttentionKernel attentionKernel = AttentionKernel::FlashAttention2;
    LossImplementation lossImplementation = LossImplementation::Fp32Logits;
    std::int64_t sequenceLength = 4096;
    int microBatchSize = 1;
    int gradientAccumulationSteps = 1;
    std::optional<std::int64_t> globalBatchSize; // sequences per optimizer step; nullopt = micro x accum x data
    double trainingTokens = 2.0e9;
    ParallelismSpec parallelism;
    InferenceSpec inference;
    ServingSpec serving;
    RlSpec rl; // mode "rl"
    int freezeTrainableLayers = 2; // technique "freeze": layers trained at the top
    // How the training framework holds state (memory only; defaults are Hugging Face Trainer / DeepSpeed):
    bool masterWeights = true; // fp32 master copy in mixed precision; false = "pure" bf16/fp16
    bool pagedOptimizer = false; // bitsandbytes paged optimizer state (unified memory, spills to host)
    bool torchCompile = false; // torch.compile recomputes pointwise ops instead of saving them
    bool optimizerInBackward = false; // optimizer step fused into backward: gradients freed per parameter
    bool bf16OptimizerStates = false; // optimizer moments kept in bf16 (full-bf16 training), not fp32
    Fp8Recipe fp8Recipe = Fp8Recipe::Tensorwise; // precision fp8: how the casts to fp8 are scaled
    bool fp8AllGather = false; // precision fp8 with ZeRO-3/FSDP: the linear weights all-gathered in fp8
    std::optional<int> checkpointedLayers; // partial recompute: layers per pipeline stage fully recomputed
    TrainingStack framework = TrainingStack::Auto; // the training stack: its state layout and loss (memory_model.h)
    GradientPrecision gradientPrecision = GradientPrecision::Auto; // gradient reduce width (gradientReduceBytes)
    // Goodput (estimate/time/goodput.h): what the wall clock spends beside training steps.
    std::optional<double> checkpointIntervalMinutes; // absent = Young's interval for the cluster's failure rate
    bool asyncCheckpoint = false; // the save copies to host memory and writes in the background
    std::optional<int> evalIntervalSteps; // steps between evaluations; absent = the stack's default; 0 = none
    std::optional<int> evalSteps; // forward-only steps per evaluation; absent = the stack's default
};

struct CandidateSpec {
    bool operator==(const CandidateSpec&) const = default;
    std::string instance; // catalog instance id "provider:name"; empty for bare GPUs
    std::string gpu; // bare GPUs: GPU id
    int gpusPerNode = 1;
    std::optional<int> nodes = 1; // nullopt = "auto"
    std::string intraNode; // bare GPUs: link id (default: the GPU's NVLink or PCIe)
    std::optional<double> interNodeGbps;
    std::optional<double> pricePerHour; // user's quote for the whole candidate, plan currency
    std::string label; // display name (optional)
    // A MIG profile of the candidate's GPU ("1g.10gb", catalog mig_profiles): one serving replica per slice, priced at
    // the slice's share of its GPU. Empty = whole GPUs.
    std::string mig;
};

struct Assumptions {
    bool operator==(const Assumptions&) const = default;
    std::optional<double> computeEfficiency; // fraction of dense peak achieved in matmuls
    std::optional<double> cudaContextGib; // per-GPU runtime memory not seen by the allocator
    std::optional<double> ncclGib; // per-GPU NCCL buffers when distributed
    std::optional<double> allocatorFraction; // caching-allocator fragmentation
    std::optional<double> headroomFraction; // memory kept free for a plan to count as fitting
    std::optional<double> memoryBandwidthEfficiency; // decode: achieved / datasheet HBM bandwidth
    std::optional<double> linkEfficiency; // achieved / spec bandwidth of links
    std::optional<double> communicationOverlap; // fraction of overlappable communication hidden
    std::optional<double> diskThroughputMBps;
    // MoE training: the busiest expert-parallel rank's routed tokens over the mean (>= 1; 1 = balanced routing).
    std::optional<double> expertLoadImbalance;
    // Training goodput: unexpected job interruptions per GPU per day (default: the catalog's, the Llama 3 paper's).
    std::optional<double> failuresPerGpuDay;
    // Serving: achieved fractions and per-step overhead (defaults: resources/catalog/defaults-serving.json).
    std::optional<double> servingDecodeBandwidthEfficiency; // weights + KV read per decode step / HBM bandwidth
    std::optional<double> servingPrefillComputeEfficiency; // prefill FLOPs / dense peak
    std::optional<double> servingStepOverheadSeconds; // scheduler, sampler and launch time per step
};

// The billing modes a cost can be computed under, in display order: pay-as-you-go (按量计费), monthly
// subscription (包年包月), reserved instances (预留实例券, a one- or three-year commitment) and spot (竞价实例,
// can be reclaimed).
const std::vector<std::string>& billingModeNames();
// The modes a plan counts when nothing is listed: reserved and spot only when the plan names them.
const std::vector<std::string>& defaultBillingModes();

struct Billing {
    bool operator==(const Billing&) const = default;
    std::string currency = "CNY";
    std::vector<std::string> modes = defaultBillingModes(); // the billing modes the ranking may use
    bool allows(BillingMode mode) const;
    std::optional<double> exchangeRate; // CNY per USD
    std::optional<double> spotInterruptionsPerDay;
    std::optional<double> checkpointIntervalHours;
    std::optional<double> restartMinutes;
    std::optional<double> storageGib; // dataset + checkpoints kept on cloud disk
    std::optional<double> storagePerMonth; // a monthly storage bill (plan currency) added to the cost of every run
    // The user's discount off the catalog's list prices (published or estimated), a fraction from 0 to 0.99: every
    // billing mode of such a price is paid at (1 - discount) of it. A quote (a candidate's price_per_hour, a user or
    // imported price) is what the user pays already and is not discounted. Absent = list prices.
    std::optional<double> priceDiscount;
    // The reservation's term (预留实例券, RI, savings plan), paid in full whether used or not; absent = the catalog's
    // `billing.reserved_term_months`, the term its reserved discounts are quoted for.
    std::optional<int> reservedTermMonths;
    std::map<std::string, std::string> regions; // provider -> region priced ("aws" -> "us-east-1"); absent = reference
};

struct SearchSpec {
    bool operator==(const SearchSpec&) const = default;
    bool enabled = true; // let the planner choose nodes/ZeRO/checkpointing/micro-batch per candidate
    SearchObjective objective = SearchObjective::Cost;
    std::optional<double> deadlineHours;
    std::optional<double> budget; // plan currency
    int maxNodes = 16;
};

// A figure from the user's catalog overrides that an answer to the plan used: the price quote of one catalog
// instance ("user": typed in Edit Price or a price sheet; "quoted": imported from the user's cloud account). The
// window records them in the plan it saves (`answered_with.overrides`) so that another tool can tell when it
// answers the same plan without them.
struct OverrideUse {
    std::string instance; // catalog instance id
    std::string status; // "user" or "quoted"
    std::string currency; // of the figures
    std::optional<double> onDemandPerHour;
    std::optional<double> monthly;

    bool operator==(const OverrideUse& other) const = default;
};

struct Plan {
    std::string title;
    std::string notes; // free text for the report: what the plan is for, what was agreed
    ModelSpec model;
    Workload workload;
    std::vector<CandidateSpec> candidates; // empty = every catalog instance
    Assumptions assumptions;
    Billing billing;
    SearchSpec search;
    std::vector<OverrideUse> answeredWith; // answered_with.overrides: the quotes the saved answer used
    nlohmann::json original; // the document as read, so unknown fields survive a save

    // The structs, and the document's fields no struct holds (unknown fields, scenarios; unmodelledFields).
    bool operator==(const Plan& other) const;
};

// Reads a plan document; errors name the field path ("workload.sequence_length: ...").
Expected<Plan> parsePlan(std::string_view text);
Expected<Plan> planFromJson(const nlohmann::json& document);
// Writes the plan; unknown fields of the document it was read from are kept.
nlohmann::json planToJson(const Plan& plan);
std::string serializePlan(const Plan& plan); // pretty JSON + newline

// The plan the window opens with and `gpu-planner-cli example` prints.
std::string_view defaultPlanText();
// The serving plan `gpu-planner-cli example --serving` prints.
std::string_view servingPlanText();
// The RL post-training plan `gpu-planner-cli example --rl` prints.
std::string_view rlPlanText();

// Enum <-> stable spec names.
std::string_view toString(Mode);
std::string_view toString(ServingLoadKind);
std::string_view toString(RlAlgorithm);
std::string_view toString(RlPlacement);
std::string_view toString(RlRewardKind);
std::string_view toString(TrainingObjective);
std::string_view toString(Technique);
std::string_view toString(Precision);
std::string_view toString(WeightFormat);
std::string_view toString(Optimizer);
std::string_view toString(Checkpointing);
std::string_view toString(LossImplementation);
std::string_view toString(AttentionKernel);
std::string_view toString(TrainingStack);
std::string_view toString(GradientPrecision);
std::string_view toString(Offload);
std::string_view toString(PipelineSchedule);
std::string_view toString(Fp8Recipe);
std::string_view toString(KvPrecision);
std::string_view toString(ServingEngineKind);
std::string_view toString(ServingDeploymentMode);
std::string_view toString(SpeculativeMethod);
std::string_view toString(PrefixShape);
std::string_view toString(LoraTargetSet);
std::string_view toString(WideEpMode);
std::string_view toString(LengthShape);
std::string_view toString(SloPercentile);
std::string_view toString(SearchObjective);
std::string_view toString(ModelKind);
std::string_view toString(MlpKind);

} // namespace gp
