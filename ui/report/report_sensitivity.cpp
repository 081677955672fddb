// The report's sensitivity line.
#include "report_sensitivity.h"

#include "core_text.h"
#include "widgets/sensitivity_view.h"

#include "planner/sensitivity.h"

#include <QCoreApplication>

namespace gpui::report
{

namespace
{

struct ReportSensitivityTr {
    Q_DECLARE_TR_FUNCTIONS(ReportSensitivity)
};

} // namespace

QString sensitivityLine(const ReportData& data)
{
    if (!data.evaluation || !data.evaluation->ok || !data.evaluation->answer || data.evaluation->best < 0
        || !data.catalog)
        return QString();
    auto s = gp::planSensitivity(data.plan, *data.catalog, *data.evaluation->answer);
    if (!s || !s->available)
        return QString();
    return CoreText::joinSentences(
        { ReportSensitivityTr::tr("Sensitivity: %1, one uncertain input at a time.").arg(SensitivityView::headline(*s)),
            SensitivityView::sentence(*s),
            ReportSensitivityTr::tr("%1.", "a sentence's full stop").arg(SensitivityView::memoryLine(*s)) });
}

} // namespace gpui::report
