// Frontier points as CSV and JSON.
#include "output/frontier_output.h"
#include "output/results_json.h"

namespace gp
{

using nlohmann::json;

const std::vector<std::string>& frontierCsvColumns()
{
    static const std::vector<std::string> columns { "candidate", "rank", "nodes", "zero_stage",
        "activation_checkpointing", "micro_batch_size", "gradient_accumulation_steps", "tensor", "pipeline", "data",
        "offload", "hours", "cost", "priced", "currency", "on_frontier", "chosen", "context", "pipeline_schedule",
        "virtual_stages" };
    return columns;
}

std::string frontierToCsv(const Plan& plan, const Catalog& catalog, const PlanAnswer& answer, const CsvOptions& options)
{
    std::string out = options.byteOrderMark ? "\xEF\xBB\xBF" : "";
    const auto& columns = frontierCsvColumns();
    for (std::size_t i = 0; i < columns.size(); ++i)
        out += (i ? "," : "") + columns[i];
    out += "\r\n";
    for (std::size_t c = 0; c < answer.search.candidates.size(); ++c) {
        const CandidatePlan& candidate = answer.search.candidates[c];
        const std::string name = csvField(csvText(candidate.best.candidate));
        for (const FrontierPoint& f : frontierPoints(plan, catalog, answer, c)) {
            const Configuration& k = f.point.configuration;
            const std::vector<std::string> cells { name, std::to_string(c + 1), std::to_string(f.point.nodes),
                std::to_string(k.zeroStage), std::string(toString(k.checkpointing)), std::to_string(k.microBatchSize),
                std::to_string(k.gradientAccumulationSteps), std::to_string(k.tensor), std::to_string(k.pipeline),
                std::to_string(k.data), std::string(toString(k.offload)), csvNumber(f.point.hours),
                csvNumber(f.point.cost), f.point.priced ? "true" : "false", csvField(csvText(answer.currency)),
                f.onFrontier ? "true" : "false", f.chosen ? "true" : "false", std::to_string(k.context),
                std::string(toString(k.pipelineSchedule)), std::to_string(k.virtualStages) };
            for (std::size_t i = 0; i < cells.size(); ++i)
                out += (i ? "," : "") + cells[i];
            out += "\r\n";
        }
    }
    return out;
}

json frontierToJson(const Plan& plan, const Catalog& catalog, const PlanAnswer& answer)
{
    json candidates = json::array();
    for (std::size_t c = 0; c < answer.search.candidates.size(); ++c) {
        const CandidatePlan& candidate = answer.search.candidates[c];
        json points = json::array();
        for (const FrontierPoint& f : frontierPoints(plan, catalog, answer, c)) {
            points.push_back({ { "hours", f.point.hours }, { "cost", f.point.cost }, { "priced", f.point.priced },
                { "nodes", f.point.nodes }, { "configuration", configurationToJson(f.point.configuration) },
                { "on_frontier", f.onFrontier }, { "chosen", f.chosen } });
        }
        candidates.push_back({ { "candidate", candidate.best.candidate }, { "rank", c + 1 }, { "fits", candidate.fits },
            { "points", std::move(points) } });
    }
    return { { "currency", answer.currency }, { "mode", toString(answer.mode) },
        { "candidates", std::move(candidates) } };
}

} // namespace gp
