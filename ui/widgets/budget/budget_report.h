// The budget report: CSV (the core's long form, the figures `budget --format csv` prints) and PDF (the summary,
// items, fleet, months, caps and buy or rent), both from the one BudgetAnswer.
#pragma once

#include "budget/budget_answer.h"

#include <QCoreApplication>
#include <QString>

namespace gpui
{

class BudgetReport
{
    Q_DECLARE_TR_FUNCTIONS(gpui::BudgetReport)
public:
    // UTF-8 with a byte-order mark, so spreadsheets in a Chinese locale read it as UTF-8.
    static bool writeCsv(const gp::BudgetAnswer& answer, const QString& path, QString* error);
    static bool writePdf(const gp::BudgetAnswer& answer, const QString& path, QString* error);
    // The report as HTML (what the PDF prints).
    static QString html(const gp::BudgetAnswer& answer);
};

} // namespace gpui
