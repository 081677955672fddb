// The Compare view's chart: each scenario's best cost (bars) and time (line), from the core's comparison.
#pragma once

#include "planner/scenario_comparison.h"

#include <QString>

class QChart;

namespace gpui
{

// Bars of each row's headline cost (in the baseline's currency; rows priced in another currency or not fitting get
// no bar) against the left axis, and a line of its hours against the right one. Hovering names the row's candidate.
QChart* buildScenarioChart(const gp::ScenarioComparison& comparison, bool dark = false);

} // namespace gpui
