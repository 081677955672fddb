// What the estimator answers for one candidate in one configuration.
#pragma once

#include "base/diagnostic.h"
#include "estimate/common/serving_result.h"
#include "plan/billing_modes.h"
#include "plan/plan.h"

#include <optional>
#include <string>
#include <vector>

namespace gp
{

// How a candidate runs the workload: the knobs the planner searches.
struct Configuration {
    int data = 1;
    int tensor = 1;
    int pipeline = 1;
    int zeroStage = 0;
    Offload offload = Offload::None;
    Checkpointing checkpointing = Checkpointing::None;
    int microBatchSize = 1;
    int gradientAccumulationSteps = 1;
    bool sequenceParallel = false;
    int expert = 1;
    int context = 1; // context parallel degree (sequence split across ranks)
    PipelineSchedule pipelineSchedule = PipelineSchedule::OneFOneB;
    int virtualStages = 1;
    // Serving with prefill and decode apart (estimate/serving/disaggregation.h): the prefill pool's replicas and
    // layout; data, tensor and pipeline are then the decode pool's. 0 prefill replicas: one aggregated engine.
    int prefillReplicas = 0;
    int prefillTensor = 1;
    int prefillPipeline = 1;
    // The decode pool on another catalog instance than the candidate's (serving.deployment.mixed_instances): its
    // instance id and nodes; the candidate's own nodes are then the prefill pool's. Empty: both pools on the candidate.
    std::string decodeInstance;
    int decodeNodes = 0;
    // The other way round: the prefill pool on another catalog instance (its id and nodes); the candidate's own nodes
    // are then the decode pool's. At most one of decodeInstance and prefillInstance is set.
    std::string prefillInstance;
    int prefillNodes = 0;
};

// Bytes per GPU. `total` is the sum of the parts.
struct MemoryBreakdown {
    double weights = 0;
    double gradients = 0;
    double optimizer = 0;
    double activations = 0;
    double logits = 0;
    double kvCache = 0;
    double buffers = 0; // communication and gather buffers
    double allocator = 0; // caching-allocator rounding and fragmentation
    double runtime = 0; // CUDA context, kernels, NCCL: invisible to the allocator
    double total = 0;
    double cpuBytes = 0; // host RAM needed per node (offload, pinned buffers)

    void sum()
    {
        total = weights + gradients + optimizer + activations + logits + kvCache + buffers + allocator + runtime;
    }
};

// Seconds per optimizer step (training) or per generated token batch (inference).
struct StepTime {
    double compute = 0;
    double communication = 0; // exposed (not hidden behind compute)
    double communicationIntraNode = 0; // exposed part over NVLink/PCIe inside a node
    double communicationNetwork = 0; // exposed part over the network between nodes
    double offload = 0;
    double dataLoading = 0;
    double total = 0;
};

enum class Bottleneck {
    Compute,
    MemoryBandwidth,
    IntraNodeLink,
    Network,
    PcieOffload,
    DataLoading,
    Cpu,
    MemoryCapacity
};
std::string_view toString(Bottleneck);

struct CostPoint {
    double days = 0;
    double cost = 0;
};

// What a billing mode charges for the candidate (all nodes, plan currency): the one home of "cost of running
// for h hours under this mode" is billedCost() in estimate/cost/cost_model.h.
struct BillingRate {
    BillingMode mode = BillingMode::OnDemand; // how it bills: billingModeSpec(mode).pricing
    double perHour = 0; // monthly: one month's price spread over the month's hours (for always-on use)
    double perMonth = 0; // monthly only: one month's price, paid for every month started
    double timeFactor = 1; // spot: wall-clock hours per hour of work (interruptions, restarts, lost work)
    double committedHours = 0; // reserved: the term's hours, paid at perHour whether used or not (the cost's floor)
    int termMonths = 0; // reserved: the term committed to, in months
};

struct BillingCost {
    BillingMode mode = BillingMode::OnDemand;
    std::optional<double> total;
    std::vector<CostPoint> curve; // cumulative cost vs elapsed days, to the finish
    double finishDays = 0; // spot: includes interruption overhead
    // Whose figures this mode's cost rests on: the quote's status ("user", "quoted") only when every figure it uses
    // came from the quote; the catalog's ("published", "estimate") when any was kept from the catalog.
    std::string priceStatus = {};
};

struct CostEstimate {
    std::string currency = "CNY";
    std::optional<double> pricePerHour; // whole candidate (all nodes), plan currency
    std::optional<double> storage; // disk for the run's duration
    std::optional<int> reservedTermMonths; // the reserved rate's term (when the catalog prices reserved)
    std::optional<double> reservedUnusedHours; // committed hours of the term the run leaves unused (with a total)
    std::optional<double> breakEvenDays; // monthly becomes cheaper than pay-as-you-go after this
    double spotExtraHours = 0;
    std::string
        priceStatus; // of the pay-as-you-go figure (else monthly): "published", "estimate", "user", "quoted", "unknown"
    std::string priceSource;
    // The per-mode costs: one entry per mode with a total (a known duration and a price), in the billing-mode
    // table's order (billingModes()). Every output reads a mode's cost from here, through mode() and total().
    std::vector<BillingCost> modes;
    std::vector<BillingRate> rates; // every mode the catalog (or the user's quote) prices, in billingModes() order
    double monthDays = 30; // a billing month, in days (catalog `billing.days_per_month`)

    const BillingCost* mode(BillingMode billing) const; // nullptr when the mode has no total
    BillingCost* mode(BillingMode billing);
    // The total under `billing`; none when the mode has no price or the run no known duration.
    std::optional<double> total(BillingMode billing) const;
    // Sets the total under `billing`, adding the mode in the table's order when it has none: for hand-made results.
    void setTotal(BillingMode billing, std::optional<double> total);
    const BillingRate* rate(BillingMode billing) const; // nullptr when the mode is not priced
};

// Why a candidate cannot run the workload, as data (code + args); the UI words it.
struct FitFailure {
    std::string code; // "weights_exceed_memory", "memory_exceeds_capacity", "tensor_exceeds_gpus", ...
    std::string message;
    std::vector<std::pair<std::string, std::string>> args = {};
    std::vector<Words> words = {}; // invalid_configuration: the refusal's words (Error::words), for the window
};

// Where a training run's wall-clock hours go (estimate/time/goodput.h): the steps, evaluation, checkpoint saves and
// the restarts and lost progress after failures.
struct GoodputFigures {
    double productiveHours = 0;
    double evaluationHours = 0;
    double checkpointHours = 0; // saves blocking training
    double failureHours = 0; // restarts and the progress lost since the last checkpoint
    double checkpointSeconds = 0; // one save, as training sees it
    double checkpointIntervalHours = 0; // between saves (0: no checkpoints, nothing to lose them to)
    double expectedFailures = 0;
    double wallHours() const { return productiveHours + evaluationHours + checkpointHours + failureHours; }
    double fraction() const { return wallHours() > 0 ? productiveHours / wallHours() : 1.0; }
};

struct CandidateResult {
    std::string candidate; // instance id or label
    std::string gpu;
    std::string gpuName;
    int gpusPerNode = 1;
    int nodes = 1;
    int gpus = 1;
    Configuration configuration;
    MemoryBreakdown memory;
    double gpuMemory = 0;
    double usableMemory = 0; // gpuMemory minus headroom
    bool fits = false;
    StepTime step;
    double tokensPerSecond = 0;
    double modelFlopsUtilization = 0;
    double trainingHours = 0;
    double gpuHours = 0;
    GoodputFigures goodput; // the training hours' parts (training only)
    double trainingFlops = 0;
    std::optional<double> decodeTokensPerSecond;
    std::optional<double> prefillSeconds;
    std::optional<ServingResult> serving; // workload.mode "serving"
    Bottleneck bottleneck = Bottleneck::Compute; // the largest share of the step (training)
    std::optional<Bottleneck> largestOverhead; // the largest exposed share beyond compute (training)
    double largestOverheadSeconds = 0; // its seconds per step
    CostEstimate cost;
    Diagnostics warnings;
    std::optional<FitFailure> failure;
    std::vector<Diagnostic> suggestions; // changes that would make it fit
};

} // namespace gp
