// Published training runs per training stack: the Megatron-Core rows of tests/data/reference/cases-stacks.json
// (NeMo 24.07 and Megatron-Bridge performance summaries 25.11 to 26.06, H100, B200 and B300) beside the torchtitan and
// NeMo AutoModel throughput rows of cases-2026.json and the DeepSpeed and Hugging Face rows of cases-deepspeed-hf.json.
// Each plan is estimated as written; every row, and per stack the median and worst |error|, are printed. Every
// published run ran, so each must fit. The bounds are the errors of the commit that added the rows (a change that makes
// them worse fails); no constant was fitted to a row.
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/estimator.h"
#include "estimate/time/moe_layer_time.h"
#include "estimate/time/throughput_model.h"
#include "published_recipes_too_big.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"
#include "torchtitan_rows_added.h"
#include "transformer/model_library.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <vector>

namespace gp
{
namespace
{

struct StackRow {
    std::string id;
    std::string stack;
    double measured = 0;
    double estimated = 0;
    bool fits = false;
    StepTime step; // the estimate's step, to read where the time goes
    double mfu = 0;
    double flopsPerToken = 0; // the estimate's model FLOPs per token
    double publishedFlopsPerToken = 0; // the table's model TFLOP/s per GPU over its tokens/s per GPU (0: none)
    // MoE rows: the published step beyond the estimated one per layer and micro-batch of a pipeline rank, in ms,
    // beside the rank's local experts and the micro-batch (localExperts 0: a dense model).
    int localExperts = 0;
    int microBatch = 0;
    double excessMsPerLayerMicroBatch = 0;
    // MoE rows under Megatron issued eagerly: the kernels each local expert issues per MoE layer pass as the model
    // counts them (expertCallsPerLayer: GEMMs, FP8 quantize kernels, bias kernels); 0 where a full-iteration CUDA graph
    // replays them or the stack runs one grouped kernel.
    double expertKernelsPerLayer = 0;
    // MoE rows: where the estimated step goes, seconds per step on one GPU (ThroughputEstimate's parts): the routed
    // experts' grouped GEMMs, the least time their per-expert calls take issued eagerly, the attention core, the
    // memory-bound passes (FP8 casts, recompute, weight reads), the pipeline bubble and the expert all-to-all.
    ThroughputEstimate phases;
    double error() const { return (estimated - measured) / measured; }
};

std::vector<StackRow> stackRows()
{
    std::vector<StackRow> rows;
    for (const char* file :
        { "/reference/cases-stacks.json", "/reference/cases-2026.json", "/reference/cases-deepspeed-hf.json" }) {
        const auto doc = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + file));
        for (const auto& c : doc["cases"]) {
            if (c["kind"] != "throughput")
                continue;
            StackRow row;
            row.id = c["id"];
            const std::string framework = c["software"].value("framework", std::string());
            row.stack = c["software"].value("stack",
                framework.rfind("torchtitan", 0) == 0 ? std::string("torchtitan") : std::string("nemo-automodel"));
            auto plan = planFromJson(c["plan"]);
            EXPECT_TRUE(plan.ok()) << row.id << ": " << (plan ? "" : plan.error().toString());
            if (!plan)
                continue;
            auto estimate = estimatePlan(*plan, builtinCatalog());
            EXPECT_TRUE(estimate.ok() && !estimate->results.empty()) << row.id;
            if (!estimate || estimate->results.empty())
                continue;
            const CandidateResult& r = estimate->results.front();
            row.measured = c["measured"]["value_in_reader_units"].get<double>();
            row.estimated = r.tokensPerSecond / std::max(1, r.gpus);
            row.fits = r.fits;
            row.step = r.step;
            row.mfu = r.modelFlopsUtilization;
            const double tokens = c["plan"]["workload"].value("training_tokens", 0.0);
            row.flopsPerToken = tokens > 0 ? r.trainingFlops / tokens : 0.0;
            const double tflops = c["measured"].value("model_tflops_per_gpu", 0.0);
            row.publishedFlopsPerToken = tflops > 0 ? tflops * 1e12 / c["measured"]["value"].get<double>() : 0.0;
            const auto model = resolveModel(plan->model);
            const Configuration& layout = r.configuration;
            if (model && model->architecture.numExperts > 1 && row.measured > 0) {
                // Same tokens per step: the published step is the estimated one times estimated over measured rate.
                const double publishedStep = r.step.total * row.estimated / row.measured;
                const double layerMicroBatches = double(std::max(1, layout.gradientAccumulationSteps))
                    * double(model->architecture.numLayers) / std::max(1, layout.pipeline);
                row.localExperts = model->architecture.numExperts / std::max(1, layout.expert);
                row.microBatch = layout.microBatchSize;
                row.excessMsPerLayerMicroBatch = 1e3 * (publishedStep - r.step.total) / layerMicroBatches;
            }
            if (model) {
                const CandidateSpec& spec = plan->candidates.front();
                const auto hw = resolveCandidate(spec, builtinCatalog(), r.nodes, "candidates[0]");
                if (hw) {
                    const Workload onGpu = workloadOnGpu(plan->workload, hw->gpu);
                    row.phases
                        = estimateThroughput(*model, onGpu, layout, *hw, r.memory, plan->assumptions, builtinCatalog());
                    if (row.localExperts > 0 && onGpu.framework == TrainingStack::Megatron
                        && onGpu.cudaGraphs != CudaGraphScope::FullIteration) {
                        const ExpertCallsPerLayer calls
                            = expertCallsPerLayer(model->architecture, onGpu, layout.checkpointing);
                        row.expertKernelsPerLayer = calls.gemms + calls.quantizeKernels + calls.biasKernels;
                    }
                }
            }
            const Workload& stated = plan->workload;
            if (r.fits
                && (stated.recomputeLayernorm || stated.recomputeMoeAct || stated.recomputeMlaUpProj
                    || stated.masterWeightsPrecision != MasterWeightsPrecision::Fp32))
                std::printf("fits with its stated recompute modules or master width: %s (%.1f of %.1f GiB, "
                            "activations %.1f, optimizer %.1f)\n",
                    row.id.c_str(), r.memory.total / kGiB, r.usableMemory / kGiB, r.memory.activations / kGiB,
                    r.memory.optimizer / kGiB);
            if (!r.fits) {
                const MemoryBreakdown& m = r.memory;
                std::printf("does not fit: %s (%.1f of %.1f GiB: weights %.1f, gradients %.1f, optimizer %.1f, "
                            "activations %.1f, logits %.1f, buffers %.1f, allocator %.1f, runtime %.1f)\n",
                    row.id.c_str(), m.total / kGiB, r.usableMemory / kGiB, m.weights / kGiB, m.gradients / kGiB,
                    m.optimizer / kGiB, m.activations / kGiB, m.logits / kGiB, m.buffers / kGiB, m.allocator / kGiB,
                    m.runtime / kGiB);
            }
            rows.push_back(row);
        }
    }
    return rows;
}

TEST(StackReference, PublishedRunsPerStack)
{
    const std::vector<StackRow> rows = stackRows();
    std::map<std::string, std::vector<double>> errors;
    std::printf("%-44s %-15s %12s %12s %8s\n", "case", "stack", "measured", "estimated", "error");
    std::set<std::string> notFitting;
    int newRows = 0;
    for (const StackRow& r : rows) {
        std::printf("%-44s %-15s %12.5g %12.5g %+7.1f%%\n", r.id.c_str(), r.stack.c_str(), r.measured, r.estimated,
            100 * r.error());
        errors[r.stack].push_back(std::abs(r.error()));
        if (r.stack == "torchtitan" && !test::torchtitanRowsAdded().count(r.id))
            errors["torchtitan (first rows)"].push_back(std::abs(r.error()));
        if (r.stack == "megatron") {
            ++newRows;
            if (!r.fits)
                notFitting.insert(r.id);
        }
    }
    // Where each estimated step goes, and the model FLOPs per token beside the table's (its TFLOP/s over its tokens/s):
    // a row whose two counts differ measures another model or another count, not a speed.
    std::printf("%-44s %9s %9s %9s %9s %6s %8s %8s\n", "case", "step s", "compute", "nvlink", "network", "MFU",
        "GF/tok", "pub GF");
    for (const StackRow& r : rows)
        std::printf("%-44s %9.4g %9.4g %9.4g %9.4g %5.1f%% %8.2f %8.2f\n", r.id.c_str(), r.step.total, r.step.compute,
            r.step.communicationIntraNode, r.step.communicationNetwork, 100 * r.mfu, r.flopsPerToken / 1e9,
            r.publishedFlopsPerToken / 1e9);
    // The MoE rows' published step beyond the estimate, per layer and micro-batch of a pipeline rank: it stays about
    // the same on H100, B200 and B300 for the same local experts, grows with the experts a rank holds, and is gone in
    // the one row captured whole as a CUDA graph (Megatron-Bridge 26.06's Qwen3-30B-A3B on B300, cuda_graph_impl
    // full_iteration), which points at time on the host (eager launches of each local expert's kernels, the
    // dispatcher's device-to-host sync) rather than on the GPU. Printed for the next mechanism; no constant is fitted
    // to it. "us/kern" spreads the excess over the per-expert kernels the rank issues eagerly per layer pass (local
    // experts x expertCallsPerLayer): in the Megatron-Bridge 25.11 and 26.02 rows it comes to 12-24 us a kernel on H100
    // (FP8 current scaling, four quantize kernels a cast) and B200 (MXFP8, one) alike (moebw, 2026-12-07).
    std::printf("%-44s %6s %6s %8s %8s %8s %8s %8s %8s %8s %8s %8s %8s\n", "MoE case (s per step)", "local", "micro",
        "excess", "us/kern", "step", "experts", "calls", "attn", "membound", "routing", "bubble", "a2a");
    for (const StackRow& r : rows)
        if (r.localExperts > 0) {
            const ThroughputEstimate& p = r.phases;
            const double kernels = double(r.localExperts) * r.expertKernelsPerLayer;
            std::printf("%-44s %6d %6d %5.2f ms %8.1f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f\n", r.id.c_str(),
                r.localExperts, r.microBatch, r.excessMsPerLayerMicroBatch,
                kernels > 0 ? 1e3 * r.excessMsPerLayerMicroBatch / kernels : 0.0, p.step.total, p.expertComputeSeconds,
                p.expertCallFloorSeconds, p.attentionSeconds, p.memoryBoundSeconds, p.moeTokenPassSeconds,
                p.pipelineBubbleSeconds, p.expertParallelSeconds);
        }
    // The dense rows' step the same way: the matmuls (linear layers, head, attention core), the attention core alone,
    // the FP8 casts and the other memory-bound passes, the pipeline bubble and the exposed communication.
    // DeepSpeed rows: of the memory-bound time, each micro-batch's gradient accumulation and the layer passes every
    // tensor rank repeats without sequence parallelism (deepspeed_step_passes.h).
    std::printf("%-44s %8s %8s %8s %8s %8s %8s %8s %8s %8s\n", "dense case (s per step)", "step", "matmul", "attn",
        "fp8 cast", "membound", "bubble", "comm", "grad acc", "no-SP");
    for (const StackRow& r : rows)
        if (r.localExperts == 0 && r.phases.step.total > 0) {
            const ThroughputEstimate& p = r.phases;
            std::printf("%-44s %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f\n", r.id.c_str(), p.step.total,
                p.step.compute - p.memoryBoundSeconds - p.pipelineBubbleSeconds, p.attentionSeconds, p.fp8CastSeconds,
                p.memoryBoundSeconds - p.fp8CastSeconds, p.pipelineBubbleSeconds, p.step.communication,
                p.gradientAccumulationSeconds, p.unsplitLayerPassSeconds);
        }
    for (const auto& [stack, list] : errors)
        std::printf("stack %s: %zu throughput rows, median |error| %.1f%%, worst %.1f%%\n", stack.c_str(), list.size(),
            100 * testing::median(list), 100 * *std::max_element(list.begin(), list.end()));
    EXPECT_GE(newRows, 30);
    std::printf("megatron rows estimated not to fit: %zu of %d\n", notFitting.size(), newRows);
    for (const std::string& id : notFitting)
        EXPECT_TRUE(test::publishedRecipesStillTooBig().count(id))
            << id << " ran as published but is estimated not to fit";
    // Today's errors, so a change that makes them worse fails (no constant was fitted to a row): the dense Megatron
    // rows run from 30% under to 2% over (FP8 parameters, fp8_all_gather, no longer cast every micro-batch), the MoE
    // rows mostly over (Qwen3-30B +18-443%, GPT-OSS +9-124%, DeepSeek-V3 -15 to +79%; Qwen3-235B -23% to +85%), their
    // steps longer than the expert compute and all-to-all counted by the host-side time printed above. The 18 rows of
    // the 26.04.01 and 26.06 tables (added 2026-12-06, never used to set a constant) moved the median from 13.4% to
    // 18.3%; each MoE row's token dispatcher, CUDA graphs and recompute modules stated from its config, 18.1%.
    // Megatron's eager per-expert GEMM calls as a floor under the experts' time (moe.grouped_gemm_call_us, Transformer
    // Engine's published per-expert loop; none under a full-iteration graph): the rows with 16 or 32 experts per
    // rank at micro-batch 1 move 13-153 points closer (Qwen3-30B B200 +226% -> +73%, +213% -> +66%, Qwen3-235B B200
    // +105% -> +79%, +83% -> +60%, +85% -> +61%, DeepSeek-V3 B200 +79% -> +66%), where the GPU's own time is below the
    // calls'; the medians stay (dense 10.8%, MoE 44.0%: GPT-OSS, whose bf16 experts outlast their calls, and the
    // B300/H100 rows whose gap lies elsewhere). The Qwen3-30B H100 26.02 row is read at its logged TFLOP/s (5,128
    // tokens/s, its row says why): +443% -> +116%. Worst now +124% (GPT-OSS 120B on 64 B200, 25.11).
    // Megatron's router score kernels and token permutation as the memory passes they are (moeTokenPassSeconds,
    // Transformer Engine's fused kernels as Megatron-LM calls them): 23 of the 27 MoE rows move 2-14 points closer
    // (MoE median 44.0% -> 36.6%, Megatron 18.1% -> 17.5%, worst +124% -> +116%); four whose estimate was already
    // slow move further under: the three Qwen3-235B H100 rows (-16/-19/-23% -> -20/-22/-26%, their configs set
    // moe_a2a_overlap, not modelled: 62 s of exposed all-to-all) and DeepSeek-V3 on B200 26.04 (-15% -> -18%).
    // The four rows whose configs set moe_a2a_overlap state it (Megatron's combined 1F1B schedule hides the paired
    // all-to-all behind the other micro-batch's compute): Qwen3-235B H100 26.02 -22.4% -> +22.0%, 26.04 -26.0% ->
    // +16.3% (62 s of network all-to-all, up to the 35 s of compute hidden), Qwen3-30B B300 -17.1% -> -3.5%, Qwen3-30B
    // H100 26.02 +97.3% -> +131.5% (the row whose tokens/s and TFLOP/s disagree 2x, read at its TFLOP/s); Megatron
    // median 17.5% -> 17.3%, worst 116.3% -> 131.5% (that row).
    // Transformer Engine's per-expert FP8 quantize kernels (split_quantize: one kernel per expert split under MXFP8,
    // three under current scaling) and GPT-OSS's per-expert bias kernels (Megatron's TEGroupedMLP._apply_bias), each
    // at least moe.expert_kernel_call_us (moe_layer_time.h; training10): 18 MoE rows move 0.1-25 points closer, none
    // further (Qwen3-30B H100 26.02 +131.5% -> +106.8%, B200 +63.7/+57.1% -> +55.8/+49.5%, H100 +36.6/+38.7% ->
    // +28.7/+30.7%; DeepSeek-V3 B200 +60.2% -> +54.5%; GPT-OSS H100 +31-35% -> +26-29%), the graph-captured row
    // and the rows whose GEMMs outlast their calls unchanged; and the Qwen3-235B H100 25.11 row states the
    // moe_a2a_overlap its release's config sets (-19.9% -> +22.2%, as the 26.02 row of the same config). MoE rows
    // median 36.6% -> 30.7%, Megatron 17.3% -> 16.9%, worst 131.5% -> 111.6% (GPT-OSS 120B on 64 B200, 25.11).
    // Transformer Engine's tensor-parallel overlap where the rows' configs set it (workload.tp_comm_overlap: NeMo
    // Framework Launcher 24.07's ub_tp_comm_overlap, Megatron-Bridge's Llama 3 70B and 405B recipes), and the 24.07 SFT
    // rows' interleaved stages from the launcher's own examples for their layouts (the table has no VP column): 16
    // dense rows move, 14 closer (Llama 2 70B -13.1% -> -1.5%, 405B 1,024 H100 -9..-18% -> -3..+8%, Llama 2 13B SFT
    // -29.8% -> -18.4%, 70B SFT -26.3% -> -13.8%), Nemotron-22B +22.3% -> +28.9% and the 405B B200 MXFP8 row +2.3% ->
    // +11.2% further; Megatron median 17.3% -> 13.7%.
    // The step at its slowest pipeline stage's pace (pipeline_stages.h; training12): the last stage runs the output
    // layer and loss beside its layers unless the recipe counts them (Llama 3.1 405B, Qwen3-235B: both). GPT-OSS H100
    // +26..29% -> +1..4%, Qwen3-235B B200/B300 +41..59% -> -6..+43%, DeepSeek-V3 B200/B300 +38..54% -> +21..30%,
    // Nemotron-22B +22.3% -> -9.7%; rows already too slow get slower (Llama 3 70B -11..13% -> -22..24%, Nemotron-340B
    // -8.2% -> -18.6%): Megatron median 16.9% -> 17.3%, worst unchanged (111.6%).
    // All three together (training10, training11, training12): Megatron median 13.9%, worst 111.6% (GPT-OSS 120B on
    // 64 B200, 25.11).
    // That row runs the expert parallelism of its release's config, EP 64 (Megatron-Bridge v0.2.0
    // GPT_OSS_120B_B200_BF16_BASE_CONFIG, kept in 26.02 as the GBS-512 "V1" setting whose 26.02 run at EP 64 published
    // about the same tokens/s), not the table's EP 8 (training13): +111.6% -> +4.5%; Megatron median 13.9% -> 13.5%,
    // worst 93.8% (Qwen3-30B-A3B on 16 H100, 26.02). The 26.04.01 rows' configs are those of the patch release the
    // table was published with (Megatron-Bridge v0.4.2, whose DeepSeek-V3 layouts are the table's; v0.4.1's are not):
    // GPT-OSS 120B on B200 runs the alltoall dispatcher (+43.4% -> +39.5%), Qwen3-235B on B300 HybridEP (-6.0% ->
    // +3.1%), DeepSeek-V3 on B200 DeepEP with moe_a2a_overlap (-23.2% -> +37.9%: the overlap the model grants hides its
    // EP-32 all-to-all; like the H100 rows that state it, too fast), both DeepSeek-V3 rows per-layer CUDA graphs (no
    // change). Megatron median 13.5%, worst 93.8%.
    // The combined 1F1B schedule hides each all-to-all only behind the part of the other micro-batch's compute it runs
    // beside (moeA2aPairedExposedSeconds, Megatron-LM's issue order on its two streams), not behind the whole step:
    // Qwen3-235B on 256 H100 +21.3/+21.7/+16.1% -> +14.5/+14.2/+9.0%, DeepSeek-V3 on 256 B200 +37.9% -> +21.2%; the
    // graph-captured Qwen3-30B B300 row and the Qwen3-30B H100 26.02 row (NVLink all-to-all) unchanged. Megatron median
    // 13.4%, worst 93.8%.
    // Transformer Engine under Megatron casts each FP8 weight once per step (its weight workspace, refreshed on the
    // first micro-batch) and the fused linear_qkv / linear_fc1 inputs once (training14): every FP8 Megatron row moves
    // 0.1-8.7 points faster (GPT-3 175B/128 -16.4% -> -12.2%, Nemotron-340B -18.6% -> -15.5%, Llama 2 70B SFT -15.2%
    // -> -6.5%, Llama 2 7B -11.3% -> -9.5%), the MoE rows already too fast further over (Qwen3-30B 16xH100 26.02
    // +93.8% -> +103.6%); Megatron median 13.9% -> 12.0%, worst unchanged.
    // Each tensor at Transformer Engine's own bytes (fp8_scaling.cpp teQuantizeBytes: current scaling's amax pass
    // before every cast the norm does not feed, MXFP8's one unfused quantize of 4 bytes, delayed scaling's norm writing
    // FP8) and the NeMo 24.07 rows at delayed scaling, TE 1.x's only recipe (training14): the 24.07 rows 0.1-0.4 points
    // faster, the current-scaling and MXFP8 rows 0.7-4.5 points slower (Llama 3 8B FSDP H100 -17.2% -> -18.9%, Llama 3
    // 70B -11.1% -> -12.2%, the graph-captured Qwen3-30B B300 -1.6% -> -6.0%), the MoE rows over moving back (Qwen3-30B
    // 16xH100 26.02 +103.6% -> +98.2%); Megatron median 12.0% -> 12.1%.
    // Both (the integrator's merge): Megatron median 11.2%, worst 98.2% (Qwen3-30B-A3B on 16 H100, 26.02: dropless,
    // host-bound, see moe_layer_time.cpp expertCallFloor).
    // Megatron-Core's FP8 padding of each local expert's rows (Transformer Engine's Fp8Padding / Fp8Unpadding around
    // the grouped GEMMs, forward and backward) as the memory passes they are under the alltoall dispatcher
    // (moeTokenPassSeconds; moe): the nine FP8 alltoall MoE rows move 2.7-10.4 points closer (Qwen3-30B 16xH100 26.02
    // +98.2% -> +87.8%, 8xB200 +56.3/+49.9% -> +51.2/+45.1%, Qwen3-235B 64xB200 +46.5% -> +40.7%, 256xB200
    // +25.8/+26.8% -> +20.8/+21.7%, 256xH100 +15.8/+15.5/+10.1% -> +12.9/+12.6/+7.4%), no other row moves: Megatron
    // median 11.2%, worst 98.2% -> 87.8% (Qwen3-30B-A3B on 16 H100, 26.02).
    // GPT-OSS's per-expert output bias (TEGroupedMLP._apply_bias) at its traffic where that outlasts its kernels
    // (moe_layer_time.cpp expertBiasBytesPerElement; moe): the fp32 probabilities HybridEP dispatches widen it, GPT-OSS
    // 64xB300 MXFP8 26.06 +62.1% -> +45.6%, BF16 26.04 +33.1% -> +23.6%; 64xB200 BF16 +39.5% -> +38.0%, 25.11/26.02
    // (EP 64) +4.5/+6.8% -> +3.1/+5.3%; the H100 rows (one micro-batch's rows: the kernels bind) unchanged. Median and
    // worst unchanged.
    // The NeMo 24.07 SFT rows' packed SQuAD documents (workload.document_tokens 200: attention within each example):
    // 7B -11.6% -> -0.6%, 13B -18.9% -> -10.7%, 70B -6.2% -> +0.2%, their model FLOPs per token now the table's own
    // within 0.2%; Megatron median 11.2% -> 10.7%.
    // Two published BF16 runs of Qwen3-30B-A3B on 16 H100 at EP 16 from Megatron-Bridge's own docs (the all-to-all
    // eager A/B run, 41.36 s a step, and the HybridEP recipe's verified run, 20.147 s; added 2026-12-07, moe2, never
    // used to set a constant), the BF16 controls of the FP8-CS rows of the same model and layout: -3.2% and -2.6%,
    // their experts' BF16 GEMMs outlasting their calls. Megatron median 10.7% -> 9.9%, worst unchanged.
    // The pipeline bubble idling for the exposed tensor-parallel and expert-parallel transfers of a micro-batch's stage
    // as for its compute (throughput_model.cpp; ttcp2): the MoE rows with a pipeline closer (Qwen3-235B 64xB200
    // +40.7% -> +40.2%, 256xB200 +20.8/+21.7% -> +20.4/+21.3%, DeepSeek-V3 256xB200 +33.0/+21.8% -> +32.6/+21.2%,
    // 256xB300 +20.6/+23.6% -> +19.8/+22.8%, Qwen3-235B 256xB300 +1.8% -> +1.2%, GPT-OSS 120B 64xH100 +2.1/+1.2/+4.2%
    // -> +1.6/+1.0/+4.0%), the dense TP 8 x PP rows already too slow further (Nemotron-4 340B -15.3% -> -15.7%, GPT-3
    // 175B -12.1/-13.6% -> -12.2/-13.8%, Llama 2 70B -0.1% -> -0.2%): median 9.916% -> 9.915%, worst unchanged.
    // The combined 1F1B schedule's compute keeping only the SMs its all-to-all kernel leaves (communication_model.h
    // moeA2aComputeShareBeside: NCCL's 32 p2p-channel CTAs of the H100's 132 SMs, DeepEP's 20; mbmoe): every
    // moe_a2a_overlap row slower, the H100 all-to-all rows closer (Qwen3-235B 256xH100 25.11 / 26.02 / 26.04
    // +12.3/+12.4/+7.3% -> -0.4/-1.2/-5.7%, Qwen3-30B 16xH100 26.02 +81.9% -> +76.1%), DeepSeek-V3 256xB200 26.04
    // +21.2% -> +12.2%, the HybridEP control further (-2.6% -> -6.4%: its recipe gives HybridEP 32 SMs, the model
    // DeepEP's default 20, a plan cannot name the backend). Megatron-Bridge PR #3862's measured A/B of the overlap
    // (added with it): no overlap -3.4%, overlap +9.4% (+29.9% before). Median 9.9% -> 7.9%, worst 81.9% -> 76.1%.
    // The flex dispatcher's backend and SMs as plan inputs (workload.moe_flex_dispatcher_backend / _sms; mbmoe3): the
    // twelve HybridEP rows and the DeepEP one state their backend, the two HybridEP ones with moe_a2a_overlap its 32
    // SMs (Megatron-Bridge's HybridEP recipe and performance scripts). The HybridEP control moves further under with
    // its sourced SMs (-6.4% -> -8.6%: 32 SMs of the H100's 132 held beside the compute, where DeepEP's default 20 were
    // charged); the B300 row does not move (the catalog's B300 has no sourced SM count). No other row moves:
    // median 7.9% -> 8.4% (that row), worst unchanged. The bound follows the sourced input.
    // Transformer Engine transposes each FP8 tensor that sequence parallelism all-gathers after the gather, over the
    // gathered tensor, on GPUs taking TN-layout FP8 GEMMs only (fp8_scaling.h teGatheredTransposeBytesPerToken;
    // fp8hop, 2026-12-07): the 19 FP8 Megatron H100 rows at tensor parallel > 1 move 0.1-1.7 points slower, two closer
    // (Llama 3.1 405B 1,024 H100 25.11 +6.3% -> +4.6%, 26.02 +1.1% -> -0.5%), the others further (GPT-3 175B/128
    // -12.2% -> -13.0%, Nemotron-4 340B -15.7% -> -16.8%, Llama 3 70B 25.11 -12.2% -> -13.2%, Llama 2 70B -0.2% ->
    // -1.4%); the B200/B300 rows (any layout) do not move. Median 8.418% and worst unchanged.
    // The two H100 runs of NVIDIA's Megatron Core MoE report whose layouts it states (arXiv:2603.07685 Table 11 with
    // Table 20 / Table 17 / Sec. B.2; added 2026-12-07, mcoremoe, never used to set a constant): DeepSeek-V3 on 1,024
    // H100 at blockwise FP8 +29.9% (too fast), Qwen3-235B on 256 H100 at BF16 -11.8%. 60 rows: median 8.4% -> 8.9%,
    // worst unchanged; each held at its error below.
    // Multi-token prediction trained (workload.mtp_layers; mcoremoe, 2026-12-07): every DeepSeek-V3 Megatron row states
    // one MTP layer (the Megatron-Bridge recipes' mtp_num_layers 1; the report's layout 'm'), and the DeepSeek-V3
    // 25.11 B200 row left out for it is added (+39.6% without it). The estimate's model FLOPs per token now match each
    // table's own (model TFLOP/s over tokens/s, 260 G) within 0.3%, where they were 4% short; its MoE layer, projection
    // and second head run on the last pipeline rank beside the default split's layers (the recipes' layouts, which
    // give that rank one decoder layer or a stage of its own, a plan cannot state), which sets the step's pace: 25.11
    // B200 +39.6% -> -2.4%, 26.02 B200 +31.5% -> -11.5%, 26.06 / 26.04 B300 +19.1/+22.1% -> -8.0/-5.7%, 26.04 B200
    // +12.2% -> -9.3%, the report's H100 run +29.9% -> +1.7%. 61 rows: median 8.9% -> 7.6% (9.2% with the new row
    // without MTP), worst unchanged. Each DeepSeek-V3 row held at its error below.
    EXPECT_LE(testing::median(errors["megatron"]), 0.0765);
    // Transformer Engine's current-scaling quantize is four kernels, not three: nvte_compute_amax clears the amax with
    // a kernel of its own before the amax kernel's atomic max (common/recipe/current_scaling.cu at v2.9, v2.14 and
    // 4220403e; moe_layer_time.cpp quantizeKernelsPerCast; moe2): the three floor-bound FP8-CS Qwen3-30B H100 rows
    // move closer (26.02 +87.8% -> +81.9%, 26.06 +31.7% -> +29.2%, 26.04 +29.7% -> +27.2%), no other row moves:
    // Megatron median 9.9%, worst 87.8% -> 81.9% (Qwen3-30B-A3B on 16 H100, 26.02).
    EXPECT_LE(*std::max_element(errors["megatron"].begin(), errors["megatron"].end()), 0.761);
    // PR #3862's pair (the same shape, the overlap the one change), the Megatron Core MoE report's H100 runs and the
    // DeepSeek-V3 rows with their MTP layer: each held at its error.
    const std::pair<const char*, double> overlapPair[] = { { "mbpr3862-qwen3-30b-16xh100-bf16-alltoall-a2a-off",
                                                               0.035 },
        { "mbpr3862-qwen3-30b-16xh100-bf16-alltoall-a2a-overlap", 0.095 }, { "mcm2603-dsv3-1024xh100-fp8blk", 0.018 },
        { "mcm2603-qwen3-235b-256xh100-bf16", 0.119 }, { "mb2511-dsv3-256xb200-fp8mx", 0.025 },
        { "mb2602-dsv3-256xb200-fp8mx", 0.116 }, { "mb2606-dsv3-256xb300-fp8mx", 0.081 },
        { "mb2604-dsv3-256xb300-fp8mx", 0.058 }, { "mb2604-dsv3-256xb200-fp8mx", 0.094 } };
    for (const auto& [id, bound] : overlapPair) {
        const auto row = std::find_if(rows.begin(), rows.end(), [&](const StackRow& r) { return r.id == id; });
        ASSERT_NE(row, rows.end()) << id;
        EXPECT_LE(std::abs(row->error()), bound) << id;
    }
    // Where the host-side time is gone (a full-iteration CUDA graph), the estimate holds: -10.8% before the router
    // and permutation passes, -17.1% with them (its HybridEP dispatch permutes in a kernel of its own, fusion off),
    // -3.5% with its moe_a2a_overlap hiding 7 / 8 of its 1.2 s of all-to-all; -6.0% with Transformer Engine's MXFP8
    // quantize bytes (4 an element, not torchao's compile-fused 2; training14).
    const auto graphed = std::find_if(
        rows.begin(), rows.end(), [](const StackRow& r) { return r.id == "mb2606-qwen3-30b-8xb300-fp8mx"; });
    ASSERT_NE(graphed, rows.end());
    EXPECT_LE(std::abs(graphed->error()), 0.061);
    // GPT-OSS's clamped gated activation as Megatron-Core runs it (model.architecture.clamped_glu; moe_layer_time.cpp
    // expertClampBytesPerElement: Megatron-LM's weighted_bias_quick_geglu_impl clamps both halves of every expert's
    // fc1 output and concatenates them eagerly before its compiled kernel, and their autograd runs masks, where and
    // a concatenation backward; recompute_moe_act runs the forward again): 46 bytes per routed copy and intermediate
    // pair (62 with the recompute). The Blackwell rows move closer: 64xB200 BF16 26.04 +38.0% -> +26.9%, 64xB300
    // BF16 26.04 +23.6% -> +15.7%, MXFP8 26.06 +45.6% -> +32.6%, the EP-64 B200 rows of 25.11 / 26.02 +3.1/+5.3% ->
    // -0.9/+1.3%; the H100 rows (PP 4, micro-batch 1) move under: 25.11 +2.1% -> -4.7%, 26.02 +1.2% -> -5.4%, 26.04
    // +4.2% -> -2.7%. Megatron median and worst unchanged.
    // Megatron's distributed optimizer reduces the gradients only in the step's last micro-batch and gathers the
    // parameters in the next step's first forward (throughput_model.cpp trainingCommunication; without a pipeline or
    // with 1F1B; the interleaved schedule's per-chunk sync is not modelled and keeps the step as its window): the rows
    // with few micro-batches and large expert shards over the network move slower: GPT-OSS 64xB200 BF16 26.04 +26.9%
    // -> +20.9% (16 local experts' 28.7 GB of bf16 gradients over 8 nodes, 5 micro-batches), DeepSeek-V3 256xB200
    // 26.02 +33.0% -> +31.9%, 256xB300 26.06 / 26.04 +20.6/+23.6% -> +19.9/+22.8%, Qwen3-235B 256xB200 26.02 / 26.04
    // +20.8/+21.7% -> +20.3/+21.2%; the GPT-OSS H100 rows (PP 4, 32 or 80 micro-batches) -4.7/-5.4/-2.7% ->
    // -5.1/-5.6/-2.9%; no other row moves. Megatron median and worst unchanged. Each GPT-OSS row is held at its error.
    // With the pipeline bubble idling for the exposed tensor- and expert-parallel transfers too (ttcp, 50855dc), the
    // H100 rows (PP 4) move -5.1/-5.6/-2.9% -> -5.5/-5.8/-3.0%; their bounds follow (the merge of both changes).
    // The Blackwell rows' attention kernel corrected to what Transformer Engine runs for GPT-OSS's softmax sinks,
    // cuDNN's fused attention (their attention_kernel was flash-attention-2, which has no Blackwell figures and ran
    // at the matmul efficiency), at the Blackwell cuDNN figures now in the catalog (attention_efficiency.blackwell
    // .cudnn.*; mbmoe): an input fix with sourced figures, not a fitted one, that moves four rows up to a point the
    // wrong way (their windowed layers, half of them, are counted at the unmasked figure; cudnn-frontend's GB200
    // GPT-OSS run at window 128 measured 167 TFLOPS forward, not modelled): 64xB200 BF16 26.04 +20.9% -> +21.5%,
    // 64xB300 BF16 26.04 +15.7% -> +16.3%, MXFP8 26.06 +32.6% -> +33.6%, 64xB200 26.02 +1.3% -> +1.5%, 25.11 -0.9%
    // -> -0.6%. Megatron median and worst unchanged.
    // GPT-OSS's 128-token sliding-window layers at cuDNN's measured window rate on Blackwell (attention_efficiency
    // .blackwell.cudnn.window_128.*, cudnn-frontend's GB200 GPT-OSS results: 167 / 188 of 2,500 TFLOPS forward /
    // backward, a sixth of its causal rate; mgoss): 0.31 ms more attention per layer and micro-batch of 16k tokens.
    // 64xB200 BF16 26.04 +21.5% -> +20.3%, 64xB300 BF16 26.04 +16.3% -> +15.0%, MXFP8 26.06 +33.6% -> +31.4%, EP-64
    // 64xB200 26.02 +1.5% -> +1.0%; 25.11 -0.6% -> -1.2% (the wrong way: its bound loosened, the sourced rate kept;
    // Megatron median 8.4% and worst 76.1% unchanged); the H100 rows do not move (no Hopper window figure).
    const std::pair<const char*, double> gptOss[]
        = { { "mb2604-gptoss-120b-64xb200-bf16", 0.204 }, { "mb2604-gptoss-120b-64xb300-bf16", 0.151 },
              { "mb2606-gptoss-120b-64xb300-fp8mx", 0.315 }, { "mb2511-gptoss-120b-64xb200-bf16", 0.012 },
              { "mb2602-gptoss-120b-64xb200-bf16", 0.010 }, { "mb2511-gptoss-120b-64xh100-bf16", 0.055 },
              { "mb2602-gptoss-120b-64xh100-bf16", 0.058 }, { "mb2604-gptoss-120b-64xh100-bf16", 0.031 } };
    for (const auto& [id, bound] : gptOss) {
        const auto row = std::find_if(rows.begin(), rows.end(), [&](const StackRow& r) { return r.id == id; });
        ASSERT_NE(row, rows.end()) << id;
        EXPECT_LE(std::abs(row->error()), bound) << id;
    }
    // DeepSpeed and Hugging Face rows (tests/data/reference/cases-deepspeed-hf.json, added 2026-12-07, never used to
    // set a constant): BigScience's Megatron-DeepSpeed runs (BLOOM 176B and its 181B topology trials on 384 A100, a
    // 20B trial on one node) all estimated too fast, +8% to +35%, the one-node row (no pipeline, no data parallelism)
    // the furthest; the PEFT method-comparison runs on one L40S too fast, LoRA +23% to +44%, full fine-tuning +141%
    // (its step's optimizer update, torch AdamW over 3.2B bf16 parameters, is not counted).
    // The Hugging Face stack's own passes (framework hf): torch.optim.AdamW's foreach update after clip_grad_norm_
    // (optimizer_update.h, 24 accesses per trained parameter at its width) takes full fine-tuning from +140.9% to
    // -11.8% (0.26 s of its 0.41 s step), the LoRA rows 0.5-1.1 points closer; PEFT's fp32 adapter casts, scaling and
    // sum around each adapted module (lora_adapter_passes.h) take LoRA r32 / r64 on q, v from +21.7/+22.5% to
    // +4.8/+5.6% and r10 on the MLP from +42.7% to -10.4% (its 27 MB activations fit the L40S's 96 MB L2, which the
    // DRAM-bandwidth passes do not count). hf median 34.0% -> 8.0%, worst 140.9% -> 11.8%.
    // Megatron-DeepSpeed's own passes (framework deepspeed, deepspeed_step_passes.h; dsrows): each micro-batch's
    // gradient accumulation (DeepSpeed's BF16_Optimizer adding the bf16 gradients into fp32 ones, 18 bytes a parameter,
    // which BLOOM's final run states, gradient_precision fp32; else AccumulateGrad's in-place add at the compute width)
    // and the layer norms, bias-dropout-adds and residual gradient sums every tensor rank runs on the whole activations
    // without sequence parallelism: every row closer, none further. BLOOM 176B +9.6% -> +0.8%; the 181B trials at PP 12
    // +23.5/+19.5/+9.4/+8.2% -> +14.2/+12.1/+3.3/+2.6% (MBS 1/2/4/8), at PP 6 +30.7/+27.0/+17.1% -> +20.2/+18.5/+10.1%;
    // the one-node 20B +34.9% -> +23.5%. deepspeed median 19.5% -> 12.1%, worst 34.9% -> 23.5% (the 20B row: h 14400
    // with 32 heads, whose GEMM shapes the prequel's own tile-and-wave trial measured 27% slower than h 13824's).
    // The same day's NHIDDEN=13824 / NLAYERS=84 contenders (added with them, never used to set a constant): +19.7/+9.7%
    // -> +11.9/+3.4% at PP 12 (MBS 2/4), +26.7/+16.1% -> +18.0/+9.0% at PP 6: 13 rows, median 11.9%, worst 23.5%.
    // DeepSpeed's pipeline engine reduces the gradients after the schedule's last backward (ReduceGrads on the batch's
    // last step), so its data-parallel traffic is not hidden behind compute: the rows with data parallelism 0.8-2.2
    // points closer (181B PP 6 MBS 1 +20.2% -> +18.0%, 196B PP 6 MBS 2 +18.0% -> +15.8%), BLOOM, whose BF16_Optimizer
    // all-reduces its whole fp32 gradients and then all-gathers the updated bf16 partitions (10 bytes a parameter
    // where ZeRO 1 elsewhere moves 6), +0.8% -> -4.4%: median 11.9% -> 11.1%, worst 23.5% (the 20B row, no data
    // parallelism).
    // The 02-28 rows of BLOOM's own shape (NHIDDEN=14336, NLAYERS=70), the first with the BF16_Optimizer (added with
    // these passes, never used to set a constant): TP 8 +24.7% -> +9.8%; TP 4 MBS 2 at 64/112/128 heads +7.1/+9.4/
    // +10.7% -> -6.6/-4.6/-3.4%, MBS 4 +2.8% -> -7.5%. Every TP 8 row of the stack is still too fast and every TP 4 row
    // too slow. 18 rows: median 16.6% -> 7.8%, worst 34.9% -> 23.5%.
    // The pipeline bubble idling for the exposed tensor-parallel all-reduces as for the compute (throughput_model.cpp;
    // ttcp2): every row 0.1-1.1 points slower, the TP 8 rows closer (181B PP 12 MBS 8 +1.8% -> +0.7%), the TP 4 rows
    // further (BLOOM -4.4% -> -4.7%, 02-28 MBS 4 -7.5% -> -8.0%): median 7.8% -> 7.7%, worst unchanged.
    ASSERT_EQ(errors["deepspeed"].size(), 18u);
    ASSERT_EQ(errors["hf"].size(), 4u);
    EXPECT_LE(testing::median(errors["deepspeed"]), 0.078);
    EXPECT_LE(*std::max_element(errors["deepspeed"].begin(), errors["deepspeed"].end()), 0.236);
    EXPECT_LE(testing::median(errors["hf"]), 0.081);
    EXPECT_LE(*std::max_element(errors["hf"].begin(), errors["hf"].end()), 0.119);
    // torchtitan's first seven rows: median 3.3%, worst 48.3% (the 262,144-token CP 8 row, +51.7% before the ring's
    // buffer copies; titan). With the ten rows added (torchtitan_rows_added.h: the rest of the end-2024 H100 tables,
    // 405B in 4D at CP 1-8 +7.7/+18.4/+14.9/+29.5%, torch.compile without Float8 -11/-13%, and 8B on 32 and 64 H200
    // -6.5/-4.9%): 17 rows, median 7.7%, worst 48.3%. The 405B CP rows' exposed ring transfers stretched by the 1F1B
    // bubble as their compute is (trainingCommunication; ttcp): CP 2/4/8 +18.4/+14.9/+29.5% -> +10.6/+3.6/+13.7%,
    // median 7.7% -> 6.5%.
    // Every exposed transfer of a micro-batch's stage stretched so (tensor-parallel and expert-parallel too; ttcp2):
    // the 405B interleaved row +8.5% -> +3.0%, 4D CP 1/2/4/8 +7.7/+10.6/+3.6/+13.7% -> +1.4/+6.3/+1.1/+12.2%; first
    // rows median 3.3% -> 3.1%, all 17 6.5% -> 4.3%.
    EXPECT_LE(testing::median(errors["torchtitan (first rows)"]), 0.032);
    EXPECT_LE(testing::median(errors["torchtitan"]), 0.044);
    EXPECT_LE(*std::max_element(errors["torchtitan"].begin(), errors["torchtitan"].end()), 0.484);
    // DeepSeek-V3 PP 4: -17.6% -> -19.4% (training12). The three dense LoRA rows' inputs corrected to the source's
    // FlashAttention-2, Automodel@507bfb75 (8B, Qwen2.5-7B: from_pretrained's attn_implementation "flash_attention_2")
    // and @2013a4dd (70B: its Llama through Hugging Face's attention interface, DEFAULT_ATTN_IMPLEMENTATION
    // "flash_attention_2" with flash-attn installed), no longer cudnn: -6.9/-14.2/-11.8% -> -11.7/-17.8/-14.2%,
    // median 16.8% -> 18.6%; the worst (-23.1%, Llama 3.1 70B at CP 2) does not move.
    // Loosened by what the pipeline bubble idling for the exposed expert-parallel all-to-alls moves
    // (throughput_model.cpp; ttcp2, applied to every stack): DeepSeek-V3 PP 4 -19.4% -> -20.6%, median 18.6% -> 19.2%
    // (the stack's 10% aim was not met before either); the other five rows have no pipeline.
    EXPECT_LE(testing::median(errors["nemo-automodel"]), 0.193);
    // The rows state their stack (framework automodel; automodel), which so far estimates them as the generic stack
    // does: no row moves, median 16.8%, worst -23.1% (Llama 3.1 70B at CP 2), issue #38's 10% / 25% not met. What is
    // left is the GEMM rate: the compute-efficiency curve gives the dense rows 38-45% of the 700 W H100's peak where
    // their published steps need 45% (Llama 3.1 8B LoRA, less its FlashAttention-2 attention) to
    // 56% (Llama 3.1 70B at CP 2, less its attention and with no communication exposed), as Megatron-Bridge's H100
    // Llama 3 rows are also too slow.
    EXPECT_LE(*std::max_element(errors["nemo-automodel"].begin(), errors["nemo-automodel"].end()), 0.232);
}

} // namespace
} // namespace gp
