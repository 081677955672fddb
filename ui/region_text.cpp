#include "region_text.h"

namespace gpui
{

QString RegionText::name(const QString& region)
{
    // The catalog's regions (providers.json's reference regions, the instances' price regions) and the Chinese
    // providers' regions a plan names most (billing.regions). Places as each provider's region list names them.
    struct RegionWords {
        const char* id;
        const char* place;
    };
    static const RegionWords kRegionPlaces[] = {
        { "ap-guangzhou", QT_TR_NOOP("Guangzhou") },
        { "ap-shanghai", QT_TR_NOOP("Shanghai") },
        { "ap-beijing", QT_TR_NOOP("Beijing") },
        { "ap-nanjing", QT_TR_NOOP("Nanjing") },
        { "ap-chengdu", QT_TR_NOOP("Chengdu") },
        { "ap-chongqing", QT_TR_NOOP("Chongqing") },
        { "ap-hongkong", QT_TR_NOOP("Hong Kong") },
        { "ap-tokyo", QT_TR_NOOP("Tokyo") },
        { "ap-singapore", QT_TR_NOOP("Singapore") },
        { "ap-northeast-2", QT_TR_NOOP("Seoul") },
        { "us-east-1", QT_TR_NOOP("US East, N. Virginia") },
        { "us-central1", QT_TR_NOOP("Iowa") },
        { "eastus", QT_TR_NOOP("East US") },
        { "westus3", QT_TR_NOOP("West US 3") },
    };
    // Tencent's and Alibaba's list prices for China's mainland name no region (providers.json).
    if (region == QLatin1String("china-mainland"))
        return tr("mainland China");
    for (const RegionWords& words : kRegionPlaces)
        if (region == QLatin1String(words.id))
            return tr("%1 (%2)", "region: place (id)").arg(tr(words.place), region);
    return region;
}

} // namespace gpui
