// The RL answer's charts (window and PDF): step time by phase per candidate, and memory per GPU by phase for one
// candidate against what its GPU can use.
#pragma once

#include "charts/chart_builders.h"
#include "rl/rl_search.h"

class QChart;

namespace gpui
{

// Seconds of each phase of one RL step, stacked, for the first options.maxCandidates candidates that fit (ranked
// order, the recommendation on top). With async rollouts the phases add up to more than the step (the overlap).
QChart* buildRlPhaseChart(const gp::RlAnswer& answer, const ChartOptions& options);
// Memory per GPU in each phase of `candidate`'s step, with the usable memory as a line (green: fits).
QChart* buildRlMemoryChart(const gp::RlCandidateAnswer& candidate, const ChartOptions& options);

} // namespace gpui
