// Reads a `.gpubudget` document (docs/budget-format.md). The budget's own fields stop the read with a message
// naming the field; an item's plan, schedule or traffic problem is kept on the item so the rest is still answered.
#include "budget/budget.h"

#include "base/error_words.h"
#include "base/file_extensions.h"
#include "base/json_reader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace gp
{

namespace
{

using detail::JsonReader;

constexpr int kBudgetMaxHorizonMonths = 120; // ten years: longer than any reservation term or machine life
constexpr double kBudgetMaxMoney = 1e15;
constexpr int kBudgetMaxItems = 1000;

std::optional<Error> readBudgetSchedule(
    const nlohmann::json& object, const std::string& path, int horizon, BudgetSchedule& out)
{
    if (!object.is_object())
        return wordedError(path, { words::kMustBeAnObject });
    JsonReader r(object, path);
    r.integer("start_month", out.startMonth, true, 1, 100000);
    int duration = 0;
    if (r.has("duration_months") && r.integer("duration_months", duration, false, 1, 100000))
        out.durationMonths = duration;
    r.integer("runs", out.runs, false, 1, 100000);
    int until = 0;
    if (r.has("until_month") && r.integer("until_month", until, false, 1, 100000))
        out.untilMonth = until;
    if (const nlohmann::json* repeat = jsonChild(object, "repeat")) {
        if (!repeat->is_object())
            return wordedError(path + ".repeat", { words::kRepeatObject });
        JsonReader rr(*repeat, path + ".repeat");
        std::optional<double> weeks;
        rr.optionalNumber("every_weeks", weeks, 0.1, 520);
        int months = 0;
        if (rr.has("every_months") && rr.integer("every_months", months, false, 1, 120))
            out.everyMonths = months;
        if (!rr.ok())
            return rr.takeError();
        out.everyWeeks = weeks;
        if (weeks.has_value() == out.everyMonths.has_value())
            return wordedError(path + ".repeat", { words::kOneOfWeeksOrMonths });
    }
    if (!r.ok())
        return r.takeError();
    if (out.startMonth > horizon)
        return wordedError(path + ".start_month",
            { words::kMonthPastHorizon, { std::to_string(out.startMonth), std::to_string(horizon) } });
    if (out.durationMonths && out.startMonth + *out.durationMonths - 1 > horizon)
        return wordedError(path + ".duration_months",
            { words::kMonthsPastHorizon,
                { std::to_string(out.startMonth), std::to_string(out.startMonth + *out.durationMonths - 1),
                    std::to_string(horizon) } });
    if (out.untilMonth && (*out.untilMonth > horizon || *out.untilMonth < out.startMonth))
        return wordedError(path + ".until_month",
            { words::kBetweenStartAndHorizon, { std::to_string(out.startMonth), std::to_string(horizon) } });
    if ((out.runs > 1 || out.untilMonth) && !out.everyWeeks && !out.everyMonths)
        return wordedError(path + ".repeat", { words::kRepeatRequired });
    return std::nullopt;
}

std::optional<Error> readBudgetTraffic(const nlohmann::json& object, const std::string& path, BudgetTraffic& out)
{
    if (!object.is_object())
        return wordedError(path, { words::kMustBeAnObject });
    JsonReader r(object, path);
    r.optionalNumber("requests_per_second", out.requestsPerSecond, 0, 1e9);
    r.number("growth_per_month", out.growthPerMonth, false, -0.99, 100);
    if (!r.ok())
        return r.takeError();
    if (const nlohmann::json* table = jsonChild(object, "requests_per_second_by_month")) {
        if (!table->is_array() || table->empty())
            return wordedError(path + ".requests_per_second_by_month", { words::kRateList });
        for (std::size_t i = 0; i < table->size(); ++i) {
            const std::string field = path + ".requests_per_second_by_month[" + std::to_string(i) + "]";
            const nlohmann::json& v = (*table)[i];
            if (!v.is_number() || !std::isfinite(v.get<double>()))
                return wordedError(field, detail::notANumberWords(v, words::kNumberGot));
            if (v.get<double>() < 0)
                return wordedError(field, { words::kRateNegativeGot, { detail::describeJsonType(v) } });
            out.byMonth.push_back(v.get<double>());
        }
    }
    if (out.requestsPerSecond.has_value() == !out.byMonth.empty())
        return wordedError(path, { words::kOneOfRateOrTable });
    return std::nullopt;
}

// One item; a problem of its own goes to item.problem (the budget read goes on).
BudgetItem readBudgetItem(const nlohmann::json& object, const std::string& path, int horizon)
{
    BudgetItem item;
    if (!object.is_object()) {
        item.problem = wordedError(path, { words::kMustBeAnObject });
        return item;
    }
    JsonReader r(object, path);
    r.string("name", item.name, true);
    r.boolean("spot", item.allowSpot);
    if (!r.ok()) {
        item.problem = r.takeError();
        return item;
    }
    const nlohmann::json* plan = r.has("plan") ? jsonChild(object, "plan") : nullptr; // r asks: a known field
    if (!plan)
        item.problem = wordedError(path + ".plan", { words::kItemPlanRequired, { dottedExtension(kPlanExtension) } });
    else if (plan->is_string()) {
        item.planPath = plan->get<std::string>();
        if (item.planPath.empty())
            item.problem = wordedError(path + ".plan", { words::kPathEmpty });
    } else if (plan->is_object()) {
        item.planDocument = *plan;
        auto parsed = planFromJson(*plan);
        if (parsed)
            item.plan = std::move(*parsed);
        else {
            item.problem = parsed.error();
            item.problem->field = path + ".plan." + parsed.error().field;
        }
    } else {
        item.problem
            = wordedError(path + ".plan", { words::kPlanObjectOrPathGot, { detail::describeJsonType(*plan) } });
    }
    if (const nlohmann::json* schedule = jsonChild(object, "schedule")) {
        if (auto e = readBudgetSchedule(*schedule, path + ".schedule", horizon, item.schedule); e && !item.problem)
            item.problem = e;
    } else if (!item.problem) {
        item.problem = wordedError(path + ".schedule", { words::kScheduleRequired });
    }
    if (const nlohmann::json* traffic = jsonChild(object, "traffic")) {
        if (auto e = readBudgetTraffic(*traffic, path + ".traffic", item.traffic); e && !item.problem)
            item.problem = e;
    }
    if (!item.problem && item.plan && item.plan->workload.mode == Mode::Inference)
        item.problem = wordedError(path + ".plan.workload.mode", { words::kItemNotInference });
    return item;
}

std::optional<Error> readStockLimit(const nlohmann::json& object, const std::string& path, StockLimit& out)
{
    if (!object.is_object())
        return wordedError(path, { words::kMustBeAnObject });
    JsonReader r(object, path);
    r.string("instance", out.instance);
    r.string("gpu", out.gpu);
    r.string("region", out.region, true);
    int count = 0;
    if (r.has("max_instances") && r.integer("max_instances", count, false, 0, 1000000))
        out.maxInstances = count;
    if (r.has("max_gpus") && r.integer("max_gpus", count, false, 0, 100000000))
        out.maxGpus = count;
    if (!r.ok())
        return r.takeError();
    if (out.instance.empty() == out.gpu.empty())
        return wordedError(path, { words::kInstanceOrGpu });
    if (!out.maxInstances && !out.maxGpus)
        return wordedError(path, { words::kMaxInstancesOrGpus });
    return std::nullopt;
}

std::optional<Error> readOwnedOption(const nlohmann::json& object, OwnedOption& out)
{
    if (!object.is_object())
        return wordedError("owned", { words::kMustBeAnObject });
    JsonReader r(object, "owned");
    r.string("instance", out.instance, true);
    int machines = 0;
    if (r.has("machines") && r.integer("machines", machines, false, 1, 100000))
        out.machines = machines;
    r.number("purchase_price", out.purchasePrice, true, 0, kBudgetMaxMoney);
    r.integer("life_months", out.lifeMonths, false, 1, 600);
    r.number("residual_value", out.residualValue, false, 0, kBudgetMaxMoney);
    r.number("host_watts", out.hostWatts, false, 0, 1e6);
    r.number("electricity_price_per_kwh", out.electricityPerKwh, false, 0, 1e4);
    r.number("hosting_per_month", out.hostingPerMonth, false, 0, kBudgetMaxMoney);
    r.number("maintenance_per_month", out.maintenancePerMonth, false, 0, kBudgetMaxMoney);
    if (!r.ok())
        return r.takeError();
    if (out.residualValue > out.purchasePrice)
        return wordedError("owned.residual_value", { words::kResidualAbovePrice });
    return std::nullopt;
}

std::optional<Error> readBudgetAllowed(const nlohmann::json& object, Budget& out)
{
    if (!object.is_object())
        return wordedError("allowed", { words::kMustBeAnObject });
    JsonReader r(object, "allowed");
    r.stringList("providers", out.providers);
    r.stringList("billing_modes", out.billingModes);
    if (!r.ok())
        return r.takeError();
    const auto& names = billingModeNames();
    for (std::size_t i = 0; i < out.billingModes.size(); ++i)
        if (std::find(names.begin(), names.end(), out.billingModes[i]) == names.end())
            return wordedError("allowed.billing_modes[" + std::to_string(i) + "]",
                { words::kUnknownBillingMode, { out.billingModes[i], billingModeCodes() } });
    if (const nlohmann::json* regions = jsonChild(object, "regions")) {
        if (!regions->is_object())
            return wordedError("allowed.regions", { words::kRegionsMap });
        JsonReader rr(*regions, "allowed.regions");
        for (const auto& [provider, list] : regions->items()) {
            std::vector<std::string> names;
            rr.stringList(provider, names, true);
            if (!rr.ok())
                return rr.takeError();
            if (names.empty())
                return wordedError("allowed.regions." + provider, { words::kListsNoRegion });
            out.regions[provider] = std::move(names);
        }
    }
    return std::nullopt;
}

std::optional<Error> readBudgetTop(const nlohmann::json& doc, Budget& out)
{
    JsonReader r(doc, "");
    std::string format;
    r.string("format", format, true);
    if (r.ok() && format != "gpu-planner-budget")
        return wordedError("format", { words::kBudgetFormatGot, { format } });
    int version = 1;
    r.integer("version", version, true, 1, 1);
    r.string("title", out.title);
    r.string("currency", out.currency);
    r.integer("horizon_months", out.horizonMonths, true, 1, kBudgetMaxHorizonMonths);
    r.boolean("catalog_stock", out.catalogStock);
    r.optionalNumber("pue", out.pue, 1, 5);
    if (!r.ok())
        return r.takeError();
    if (out.currency != "CNY" && out.currency != "USD")
        return wordedError("currency", { words::kCurrencyGot, { out.currency } });
    if (const nlohmann::json* caps = jsonChild(doc, "caps")) {
        if (!caps->is_object())
            return wordedError("caps", { words::kMustBeAnObject });
        JsonReader rc(*caps, "caps");
        rc.optionalNumber("per_month", out.caps.perMonth, 0, kBudgetMaxMoney);
        rc.optionalNumber("total", out.caps.total, 0, kBudgetMaxMoney);
        if (!rc.ok())
            return rc.takeError();
        if (out.caps.perMonth && *out.caps.perMonth <= 0)
            return wordedError("caps.per_month", { words::kZeroCap });
        if (out.caps.total && *out.caps.total <= 0)
            return wordedError("caps.total", { words::kZeroCap });
    }
    if (const nlohmann::json* allowed = jsonChild(doc, "allowed"))
        if (auto e = readBudgetAllowed(*allowed, out))
            return e;
    if (const nlohmann::json* stock = jsonChild(doc, "stock")) {
        if (!stock->is_array())
            return wordedError("stock", { words::kMustBeAList });
        for (std::size_t i = 0; i < stock->size(); ++i) {
            StockLimit limit;
            if (auto e = readStockLimit((*stock)[i], "stock[" + std::to_string(i) + "]", limit))
                return e;
            out.stock.push_back(std::move(limit));
        }
    }
    if (const nlohmann::json* owned = jsonChild(doc, "owned")) {
        OwnedOption option;
        if (auto e = readOwnedOption(*owned, option))
            return e;
        out.owned = std::move(option);
    }
    return std::nullopt;
}

} // namespace

bool Budget::allowsMode(BillingMode mode) const
{
    return billingModes.empty() || billingModeListed(billingModes, mode);
}

bool Budget::allowsProvider(std::string_view provider) const
{
    return providers.empty() || std::find(providers.begin(), providers.end(), provider) != providers.end();
}

Expected<Budget> parseBudget(std::string_view text)
{
    nlohmann::json doc;
    if (auto problem = detail::parseJsonDocument(text, doc))
        return wordedError("", *problem);
    if (!doc.is_object())
        return wordedError("", { words::kBudgetIsObject });
    Budget out;
    if (auto e = readBudgetTop(doc, out))
        return *e;
    const nlohmann::json* items = jsonChild(doc, "items");
    if (!items || !items->is_array() || items->empty())
        return wordedError("items", { words::kAtLeastOneItem });
    if (items->size() > std::size_t(kBudgetMaxItems))
        return wordedError("items", { words::kAtMostItems, { std::to_string(kBudgetMaxItems) } });
    for (std::size_t i = 0; i < items->size(); ++i)
        out.items.push_back(readBudgetItem((*items)[i], "items[" + std::to_string(i) + "]", out.horizonMonths));
    out.original = std::move(doc);
    return out;
}

namespace
{

// A plan file's refusal under the budget item that names the file: "PATH: FIELD: MESSAGE", its words kept.
Error budgetItemPlanError(const std::string& field, const std::string& planPath, const Error& planError)
{
    Error e = wordedError(field, { words::kBeforeIt, { planPath } });
    if (!planError.file.empty())
        appendWords(e, { words::kBeforeIt, { planError.file } });
    if (!planError.field.empty())
        appendWords(e, { words::kBeforeIt, { planError.field } });
    if (planError.words.empty()) {
        e.message += planError.message;
        e.words.clear();
    }
    for (const Words& w : planError.words)
        appendWords(e, w);
    return e;
}

} // namespace

void loadBudgetPlans(Budget& budget, const std::string& baseDir, const BudgetFileReader& read)
{
    for (std::size_t i = 0; i < budget.items.size(); ++i) {
        BudgetItem& item = budget.items[i];
        if (item.planPath.empty() || item.plan || item.problem)
            continue;
        const std::string field = "items[" + std::to_string(i) + "].plan";
        std::filesystem::path path(item.planPath);
        if (path.is_relative() && !baseDir.empty())
            path = std::filesystem::path(baseDir) / path;
        auto text = read(path.string());
        if (!text) {
            item.problem = Error { field, "cannot open " + item.planPath + ": " + text.error().message };
            continue;
        }
        auto plan = parsePlan(*text);
        if (!plan) {
            item.problem = budgetItemPlanError(field, item.planPath, plan.error());
            continue;
        }
        if (plan->workload.mode == Mode::Inference) {
            item.problem = wordedError(field, { words::kBeforeIt, { item.planPath } });
            appendWords(*item.problem, { words::kItemNotInference });
        } else
            item.plan = std::move(*plan);
    }
}

} // namespace gp
