// The plan report: a PDF (A4, vector charts), a CSV of the results and one of the cost curves, or a printout.
// The window's File > Export / Print and `gpu-planner-cli export` both come through here.
#pragma once

#include "planner/scenario_comparison.h"

#include "evaluation.h"

#include "base/expected.h"
#include "catalog/catalog.h"
#include "plan/plan.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>

#include <memory>

class QPrinter;

namespace gpui
{

// Everything one report shows: the question (plan), the catalog it was evaluated against, and the answer.
struct ReportData {
    gp::Plan plan;
    std::shared_ptr<const gp::Catalog> catalog;
    EvaluationPtr evaluation; // must be ok(); results ranked, best first
    QDateTime generated = QDateTime::currentDateTime();
    int chartCandidates = 12; // charts show this many best-ranked candidates so they stay readable
    // The base plan's scenarios compared (gp::compareScenarios), for the report's comparison page; null when the
    // plan has none.
    std::shared_ptr<const gp::ScenarioComparison> scenarios;
};

// Sets data.scenarios to the comparison of `base`'s scenarios (left null when it has none or it cannot be made).
void attachScenarioComparison(ReportData& data, const gp::Plan& base);

struct ExportRequest {
    QString pdfPath; // empty = no PDF
    QString csvPath; // empty = no results CSV
    QString costCurveCsvPath; // empty = no cost-curve CSV
    QString language; // "en", "zh_CN"; empty = the language installed now
    bool csvByteOrderMark = true;
};

// Evaluates `plan` (the planner's search when plan.search.enabled, else the estimate as configured) and writes
// the requested files. Everything is rendered before anything is written, and each file is written atomically;
// errors name the file.
gp::Expected<bool> exportPlanReport(const gp::Plan& plan, const gp::Catalog& catalog, const ExportRequest& request);

// Bundles results the window already has into report data (the catalog is shared, not copied).
ReportData makeReportData(const gp::Plan& plan, std::shared_ptr<const gp::Catalog> catalog, EvaluationPtr evaluation);

struct RenderedPdf {
    QByteArray bytes;
    int pages = 0;
};
// The PDF report in memory, in the language installed now.
gp::Expected<RenderedPdf> renderPdfReport(const ReportData& data);
// Renders and writes the PDF report atomically.
gp::Expected<bool> writePdfReport(const ReportData& data, const QString& path);
// Writes the results CSV (ranked order, stable English columns) atomically.
gp::Expected<bool> writeCsvReport(const ReportData& data, const QString& path, bool byteOrderMark = true);
// Writes the cost-over-time CSV atomically.
gp::Expected<bool> writeCostCurveCsv(const ReportData& data, const QString& path, bool byteOrderMark = true);
// Paints the same report on a printer set up by the caller (e.g. from QPrintDialog). Returns the page count,
// or an error when the printer cannot be painted on.
gp::Expected<int> printReport(const ReportData& data, QPrinter* printer);

// Font families the report uses for a language: a CJK face for Chinese (Noto Sans CJK SC, from fonts-noto-cjk).
QStringList reportFontFamilies(const QString& language);

} // namespace gpui
