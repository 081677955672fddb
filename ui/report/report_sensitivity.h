// The report's sensitivity line: the recommendation's cost with its range from the uncertain inputs and whether
// the choice changes inside it (gp::planSensitivity, the value the Sensitivity view and `plan --sensitivity` show).
#pragma once

#include "report_export.h"

#include <QString>

namespace gpui::report
{

// "Sensitivity: ¥2,652 (¥2,307–¥2,995), one uncertain input at a time. <the sentence>"; empty when the report has
// no recommendation or the sensitivity cannot be computed.
QString sensitivityLine(const ReportData& data);

} // namespace gpui::report
