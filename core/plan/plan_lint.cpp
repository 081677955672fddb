#include "plan/plan_lint.h"

#include "base/json_keys.h"
#include "plan/plan.h"

namespace gp
{

std::vector<std::string> planFileWarnings(std::string_view text)
{
    JsonKeyAudit audit;
    if (!parsePlan(text))
        return {};
    return audit.fileWarnings(text);
}

} // namespace gp
