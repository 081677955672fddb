// Writes a budget back to its `.gpubudget` JSON: the fields the program models over the document it was read
// from, so fields it does not model survive. Also the embedded example budget.
#include "budget/budget.h"

#include "base/embedded_files.h"
#include "base/file_extensions.h"
#include "base/json_reader.h"

namespace gp
{

namespace
{

nlohmann::json scheduleToJson(const BudgetSchedule& s)
{
    nlohmann::json j = { { "start_month", s.startMonth } };
    if (s.durationMonths)
        j["duration_months"] = *s.durationMonths;
    if (s.runs != 1)
        j["runs"] = s.runs;
    if (s.untilMonth)
        j["until_month"] = *s.untilMonth;
    if (s.everyWeeks)
        j["repeat"] = { { "every_weeks", *s.everyWeeks } };
    else if (s.everyMonths)
        j["repeat"] = { { "every_months", *s.everyMonths } };
    return j;
}

nlohmann::json itemToJson(const BudgetItem& item, const nlohmann::json& original)
{
    nlohmann::json j = original.is_object() ? original : nlohmann::json::object();
    j["name"] = item.name;
    if (!item.planPath.empty())
        j["plan"] = item.planPath;
    else if (item.plan)
        j["plan"] = planToJson(*item.plan);
    else if (!item.planDocument.is_null())
        j["plan"] = item.planDocument;
    j["schedule"] = scheduleToJson(item.schedule);
    if (item.allowSpot)
        j["spot"] = true;
    else
        j.erase("spot");
    if (item.traffic.requestsPerSecond) {
        j["traffic"] = { { "requests_per_second", *item.traffic.requestsPerSecond } };
        if (item.traffic.growthPerMonth != 0)
            j["traffic"]["growth_per_month"] = item.traffic.growthPerMonth;
    } else if (!item.traffic.byMonth.empty()) {
        j["traffic"] = { { "requests_per_second_by_month", item.traffic.byMonth } };
    }
    return j;
}

} // namespace

nlohmann::json budgetToJson(const Budget& b)
{
    nlohmann::json j = b.original.is_object() ? b.original : nlohmann::json::object();
    j["format"] = "gpu-planner-budget";
    j["version"] = 1;
    if (!b.title.empty())
        j["title"] = b.title;
    j["currency"] = b.currency;
    j["horizon_months"] = b.horizonMonths;
    nlohmann::json caps = nlohmann::json::object();
    if (b.caps.perMonth)
        caps["per_month"] = *b.caps.perMonth;
    if (b.caps.total)
        caps["total"] = *b.caps.total;
    if (caps.empty())
        j.erase("caps");
    else
        j["caps"] = caps;
    nlohmann::json allowed = nlohmann::json::object();
    if (!b.providers.empty())
        allowed["providers"] = b.providers;
    if (!b.regions.empty())
        allowed["regions"] = b.regions;
    if (!b.billingModes.empty())
        allowed["billing_modes"] = b.billingModes;
    if (allowed.empty())
        j.erase("allowed");
    else
        j["allowed"] = allowed;
    nlohmann::json stock = nlohmann::json::array();
    for (const StockLimit& s : b.stock) {
        nlohmann::json e = { { "region", s.region } };
        if (!s.instance.empty())
            e["instance"] = s.instance;
        if (!s.gpu.empty())
            e["gpu"] = s.gpu;
        if (s.maxInstances)
            e["max_instances"] = *s.maxInstances;
        if (s.maxGpus)
            e["max_gpus"] = *s.maxGpus;
        stock.push_back(std::move(e));
    }
    if (stock.empty())
        j.erase("stock");
    else
        j["stock"] = stock;
    if (!b.catalogStock)
        j["catalog_stock"] = false;
    if (b.pue)
        j["pue"] = *b.pue;
    if (b.owned) {
        const OwnedOption& o = *b.owned;
        j["owned"] = { { "instance", o.instance }, { "purchase_price", o.purchasePrice },
            { "life_months", o.lifeMonths }, { "residual_value", o.residualValue }, { "host_watts", o.hostWatts },
            { "electricity_price_per_kwh", o.electricityPerKwh }, { "hosting_per_month", o.hostingPerMonth },
            { "maintenance_per_month", o.maintenancePerMonth } };
        if (o.machines)
            j["owned"]["machines"] = *o.machines;
    }
    const nlohmann::json* originalItems = jsonChild(b.original, "items");
    nlohmann::json items = nlohmann::json::array();
    for (std::size_t i = 0; i < b.items.size(); ++i) {
        const bool kept = originalItems && originalItems->is_array() && i < originalItems->size();
        items.push_back(itemToJson(b.items[i], kept ? (*originalItems)[i] : nlohmann::json()));
    }
    j["items"] = std::move(items);
    return j;
}

std::string serializeBudget(const Budget& budget)
{
    return budgetToJson(budget).dump(2) + "\n";
}

std::string_view exampleBudgetText()
{
    static const std::string path = "plans/team-year" + dottedExtension(kBudgetExtension);
    return embeddedFile(path);
}

} // namespace gp
