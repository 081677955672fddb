#include "plan/plan_lint.h"

#include "base/json_keys.h"
#include "plan/plan.h"
#include "plan/plan_fields.h"

namespace gp
{

void declarePlanFields(JsonKeyAudit& audit)
{
    for (const PlanField& field : planFields())
        audit.known(field.path);
    for (std::string_view path : planPathsBesideTheTable())
        audit.known(path);
    audit.known("scenarios");
}

std::vector<std::string> planFileWarnings(std::string_view text)
{
    JsonKeyAudit audit;
    if (!parsePlan(text))
        return {};
    declarePlanFields(audit);
    return audit.fileWarnings(text);
}

} // namespace gp
