#include "no_price_text.h"

#include "core_text.h"
#include "region_text.h"

#include <QStringList>

namespace gpui
{

QString NoPriceText::why(const gp::Diagnostic& d)
{
    const QString region = RegionText::name(QString::fromStdString(d.arg("region")));
    const bool published = d.arg("price_status") != "missing";
    QString text = region.isEmpty() ? tr("has no price under the counted billing modes")
        : published                 ? tr("has no price listed in %1").arg(region)
                                    : tr("has no price listed in %1 (none published)").arg(region);
    QStringList modes;
    for (const QString& code :
        QString::fromStdString(d.arg("other_modes")).split(QStringLiteral(", "), Qt::SkipEmptyParts))
        modes << CoreText::billingMode(code);
    if (!modes.isEmpty())
        text += CoreText::listSeparator()
            + tr("it is priced %1 only, which the plan does not count").arg(modes.join(CoreText::listSeparator()));
    QStringList regions;
    for (const QString& id :
        QString::fromStdString(d.arg("other_regions")).split(QStringLiteral(", "), Qt::SkipEmptyParts))
        regions << RegionText::name(id);
    if (!regions.isEmpty())
        text += CoreText::listSeparator()
            + tr("it has a price in %1 (pick that region in Choose Candidates…)")
                  .arg(regions.join(CoreText::listSeparator()));
    return text;
}

QString NoPriceText::advice()
{
    return tr("Import a price (File › Import Cloud Prices…, or Edit Price… on the Candidates tab) to compare a "
              "candidate without one on cost.");
}

QString NoPriceText::reason(const gp::Diagnostic& d)
{
    return why(d) + CoreText::listSeparator()
        + tr("import a price (File › Import Cloud Prices…, or Edit Price… on the Candidates tab) to compare its "
             "cost");
}

const gp::Diagnostic* NoPriceText::of(const Evaluation& e, std::size_t i)
{
    if (!e.answer || i >= e.answer->standings.size())
        return nullptr;
    for (const gp::Diagnostic& d : e.answer->standings[i].reasons)
        if (d.code == "no_price")
            return &d;
    return nullptr;
}

} // namespace gpui
