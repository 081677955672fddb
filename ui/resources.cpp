#include "resources.h"

#include <QtGlobal>

// Q_INIT_RESOURCE must be used outside a namespace; a static library's resources are not registered on their own.
static void initGpuPlannerResources()
{
    Q_INIT_RESOURCE(gpu_planner);
}

namespace gpui
{

void initResources()
{
    static const bool done = [] {
        initGpuPlannerResources();
        return true;
    }();
    (void)done;
}

} // namespace gpui
