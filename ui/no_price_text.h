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
    // Why, as a sentence fragment naming the region by its name: "has no price listed in mainland China (none
    // published)", with the billing modes and regions the catalog does price it under.
    static QString why(const gp::Diagnostic& reason);
    // What to do about it, a sentence said once under a list of unpriced candidates: "Import a price (File › Import
    // Cloud Prices…, or Edit Price… on the Candidates tab) to compare a candidate without one on cost."
    static QString advice();
    // why() and what to do, for one candidate on its own (a cost cell's tooltip): "has no price listed in ...;
    // import a price (File › Import Cloud Prices…, or Edit Price… on the Candidates tab) to compare its cost".
    static QString reason(const gp::Diagnostic& reason);
    // results[i]'s no_price reason, null when it has none (priced, or the recommendation).
    static const gp::Diagnostic* of(const Evaluation& e, std::size_t i);
};

} // namespace gpui
