// Words for why a candidate has no price (the core's no_price reason, planner/no_price.h) and what to do. The
// comparison table's cost cells and tooltips, "The others", the recommendation and the PDF use them.
#pragma once

#include "evaluation.h"

#include <QCoreApplication>
#include <QString>

namespace gpui
{

class NoPriceText
{
    Q_DECLARE_TR_FUNCTIONS(NoPriceText)
public:
    // The reason as a sentence fragment: "has no price listed in ap-guangzhou (none published); import a price (File ›
    // Import Cloud Prices…, or Edit Price… on the Candidates tab) to compare its cost".
    static QString reason(const gp::Diagnostic& reason);
    // results[i]'s no_price reason, null when it has none (priced, or the recommendation).
    static const gp::Diagnostic* of(const Evaluation& e, std::size_t i);
};

} // namespace gpui
