// The report's pages for an RL plan (workload.mode "rl"): the question from the field table's workload.rl rows,
// the recommendation and why the others lose, the candidates' table, step time by phase, and for the best
// candidates their phases and memory per GPU by phase. The same words and figures as the window's RL view.
#pragma once

#include "report_export.h"
#include "report_layout.h"

namespace gpui::report
{

void appendRlReport(Blocks& blocks, const ReportData& data, const QStringList& fontFamilies);

} // namespace gpui::report
