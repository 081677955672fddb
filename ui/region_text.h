// A catalog region's name for people: the Chinese providers' list-price region "china-mainland" (no cloud region id)
// as "mainland China", a cloud region as its place with the id its console shows ("Guangzhou (ap-guangzhou)").
#pragma once

#include <QCoreApplication>
#include <QString>

namespace gpui
{

class RegionText
{
    Q_DECLARE_TR_FUNCTIONS(RegionText)
public:
    // `region` by its name; an id without words as written.
    static QString name(const QString& region);
};

} // namespace gpui
