// Renders a BudgetAnswer; no figure is computed here.
#include "budget/budget_output.h"

#include "output/json_numbers.h"
#include "output/results_csv.h"
#include "output/text_table.h"

#include <sstream>

namespace gp
{

namespace
{

// A fleet row's billing mode of each month as its code ("" for a month not used).
std::vector<std::string> modeCodesByMonth(const std::vector<std::optional<BillingMode>>& modes)
{
    std::vector<std::string> codes;
    for (const std::optional<BillingMode>& mode : modes)
        codes.push_back(billingModeText(mode));
    return codes;
}

nlohmann::json budgetNumbers(const std::vector<double>& values)
{
    nlohmann::json out = nlohmann::json::array();
    for (double v : values)
        out.push_back(jsonNumber(v));
    return out;
}

double budgetSum(const std::vector<double>& values)
{
    double sum = 0;
    for (double v : values)
        sum += v;
    return sum;
}

nlohmann::json budgetDiagnostics(const Diagnostics& list)
{
    nlohmann::json out = nlohmann::json::array();
    for (const Diagnostic& d : list) {
        nlohmann::json args = nlohmann::json::object();
        for (const auto& [k, v] : d.args)
            args[k] = v;
        out.push_back({ { "code", d.code }, { "message", d.message }, { "args", args } });
    }
    return out;
}

nlohmann::json budgetItemJson(const ItemBudget& item)
{
    nlohmann::json j = { { "name", item.name }, { "mode", std::string(toString(item.mode)) } };
    if (item.error) {
        j["error"] = { { "field", item.error->field }, { "message", item.error->message } };
        return j;
    }
    j["error"] = nullptr;
    j["unplaced"] = item.unplaced;
    j["suggestion"] = item.suggestion.empty() ? nlohmann::json(nullptr) : nlohmann::json(item.suggestion);
    if (const ItemPlacement* p = item.placement ? &*item.placement : nullptr) {
        j["instance"] = p->instance;
        j["provider"] = p->provider;
        j["region"] = p->region;
        j["gpu"] = p->gpu;
        j["gpus_per_machine"] = p->gpusPerMachine;
        j["peak_machines"] = p->peakMachines;
        j["moved"] = p->moved;
        j["moved_from"] = p->movedFrom.empty() ? nlohmann::json(nullptr) : nlohmann::json(p->movedFrom);
        j["moved_because"] = p->movedBecause.empty() ? nlohmann::json(nullptr) : nlohmann::json(p->movedBecause);
    }
    if (item.answer && item.answer->recommendation())
        j["planner_recommendation"] = item.answer->recommendation()->best.candidate;
    j["spot"] = item.spot;
    j["hours_per_run"] = jsonNumber(item.hoursPerRun);
    j["runs"] = item.runs;
    j["requests_per_second_by_month"] = budgetNumbers(item.ratesByMonth);
    j["machines_by_month"] = item.machinesByMonth;
    j["machine_hours_by_month"] = budgetNumbers(item.machineHoursByMonth);
    j["spend_by_month"] = budgetNumbers(item.spendByMonth);
    j["spend"] = jsonNumber(item.spend);
    j["alone_cost"] = jsonNumber(item.aloneCost);
    j["kwh_by_month"] = budgetNumbers(item.kwhByMonth);
    j["kg_co2_by_month"] = budgetNumbers(item.kgCo2ByMonth);
    return j;
}

nlohmann::json spendLinesJson(const std::vector<SpendLine>& lines)
{
    nlohmann::json out = nlohmann::json::array();
    for (const SpendLine& l : lines)
        out.push_back({ { "key", l.key }, { "by_month", budgetNumbers(l.byMonth) }, { "total", jsonNumber(l.total) } });
    return out;
}

nlohmann::json buyOrRentJson(const BuyOrRentAnswer& b)
{
    return { { "instance", b.instance }, { "region", b.region }, { "machines", b.machines },
        { "rent_by_month", budgetNumbers(b.rentByMonth) }, { "owned_cash_by_month", budgetNumbers(b.ownedCashByMonth) },
        { "owned_cost_by_month", budgetNumbers(b.ownedCostByMonth) },
        { "energy_kwh_by_month", budgetNumbers(b.energyKwhByMonth) }, { "rent_total", jsonNumber(b.rentTotal) },
        { "owned_cash_total", jsonNumber(b.ownedCashTotal) }, { "owned_cost_total", jsonNumber(b.ownedCostTotal) },
        { "residual_at_horizon", jsonNumber(b.residualAtHorizon) },
        { "crossover_month", b.crossoverMonth ? nlohmann::json(*b.crossoverMonth) : nlohmann::json(nullptr) },
        { "crossover_estimated", b.crossoverEstimated } };
}

} // namespace

nlohmann::json budgetAnswerToJson(const BudgetAnswer& a)
{
    nlohmann::json j = { { "format", "gpu-planner-budget-answer" }, { "version", 1 }, { "title", a.title },
        { "currency", a.currency }, { "horizon_months", a.horizonMonths }, { "total", jsonNumber(a.total) },
        { "committed_after_horizon", jsonNumber(a.committedAfterHorizon) }, { "alone_total", jsonNumber(a.aloneTotal) },
        { "sharing_saves", jsonNumber(a.sharingSaves) }, { "monthly", budgetNumbers(a.monthly) },
        { "cumulative", budgetNumbers(a.cumulative) }, { "failed_items", a.failedItems() },
        { "unplaced_items", a.unplacedItems() } };
    nlohmann::json items = nlohmann::json::array();
    for (const ItemBudget& item : a.items)
        items.push_back(budgetItemJson(item));
    j["items"] = std::move(items);
    nlohmann::json fleet = nlohmann::json::array();
    for (const FleetRow& r : a.fleet)
        fleet.push_back({ { "instance", r.instance }, { "provider", r.provider }, { "region", r.region },
            { "gpu", r.gpu }, { "machines", r.machines }, { "billing_by_month", modeCodesByMonth(r.modeByMonth) },
            { "items", r.items }, { "cost", jsonNumber(r.cost) },
            { "committed_after_horizon", jsonNumber(r.committedAfterHorizon) },
            { "utilisation", jsonNumber(r.utilisation) },
            { "placement", r.placement.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.placement) },
            { "placement_units", r.placementUnits } });
    j["fleet"] = std::move(fleet);
    j["spend"] = { { "by_item", spendLinesJson(a.byItem) }, { "by_provider", spendLinesJson(a.byProvider) },
        { "by_gpu", spendLinesJson(a.byGpu) }, { "by_billing_mode", spendLinesJson(a.byMode) } };
    nlohmann::json breaks = nlohmann::json::array();
    for (const CapBreak& b : a.capBreaks)
        breaks.push_back({ { "cap", b.cap }, { "month", b.month }, { "months", b.months },
            { "spend", jsonNumber(b.spend) }, { "limit", jsonNumber(b.limit) }, { "over", jsonNumber(b.over) },
            { "fixes", budgetDiagnostics(b.fixes) } });
    j["cap_breaks"] = std::move(breaks);
    j["energy"]
        = { { "kwh_by_month", budgetNumbers(a.kwhByMonth) }, { "kg_co2_by_month", budgetNumbers(a.kgCo2ByMonth) },
              { "kwh", jsonNumber(budgetSum(a.kwhByMonth)) }, { "kg_co2", jsonNumber(budgetSum(a.kgCo2ByMonth)) } };
    j["buy_or_rent"] = a.buyOrRent ? buyOrRentJson(*a.buyOrRent) : nlohmann::json(nullptr);
    j["warnings"] = budgetDiagnostics(a.warnings);
    return j;
}

std::string budgetMonthsText(const std::vector<int>& months)
{
    if (months.size() == 1)
        return "month " + std::to_string(months.front());
    bool runOfMonths = !months.empty();
    for (std::size_t k = 1; k < months.size(); ++k)
        runOfMonths = runOfMonths && months[k] == months[k - 1] + 1;
    if (runOfMonths)
        return "months " + std::to_string(months.front()) + "-" + std::to_string(months.back());
    std::string text = "months";
    for (std::size_t k = 0; k < months.size(); ++k)
        text += (k == 0 ? " " : ", ") + std::to_string(months[k]);
    return text;
}

std::string budgetAnswerToCsv(const BudgetAnswer& a)
{
    std::ostringstream out;
    out << "line,key,month,value\n";
    auto row = [&](const std::string& line, const std::string& key, const std::string& month, double value) {
        out << line << ',' << csvField(csvText(key)) << ',' << month << ',' << csvNumber(value) << '\n';
    };
    auto series = [&](const std::string& line, const std::string& key, const std::vector<double>& values) {
        for (std::size_t m = 0; m < values.size(); ++m)
            row(line, key, std::to_string(m + 1), values[m]);
        row(line, key, "all", budgetSum(values));
    };
    series("total", a.currency, a.monthly);
    for (std::size_t m = 0; m < a.cumulative.size(); ++m)
        row("cumulative", a.currency, std::to_string(m + 1), a.cumulative[m]);
    for (const SpendLine& l : a.byItem)
        series("item", l.key, l.byMonth);
    for (const SpendLine& l : a.byProvider)
        series("provider", l.key, l.byMonth);
    for (const SpendLine& l : a.byGpu)
        series("gpu", l.key, l.byMonth);
    for (const SpendLine& l : a.byMode)
        series("billing_mode", l.key, l.byMonth);
    series("kwh", "all", a.kwhByMonth);
    series("kg_co2", "all", a.kgCo2ByMonth);
    for (const CapBreak& b : a.capBreaks)
        for (int month : b.months) {
            const std::vector<double>& spend = b.cap == "total" ? a.cumulative : a.monthly;
            row("cap_over", b.cap, std::to_string(month), spend[std::size_t(month - 1)] - b.limit);
        }
    return out.str();
}

std::string fleetModesText(const std::vector<std::optional<BillingMode>>& modes)
{
    std::string text;
    for (std::size_t m = 0; m < modes.size();) {
        std::size_t end = m;
        while (end + 1 < modes.size() && modes[end + 1] == modes[m])
            ++end;
        if (modes[m])
            text += (text.empty() ? "" : ", ") + billingModeText(modes[m]) + " " + std::to_string(m + 1)
                + (end > m ? "-" + std::to_string(end + 1) : "");
        m = end + 1;
    }
    return text;
}

std::string budgetAnswerToTable(const BudgetAnswer& a)
{
    std::ostringstream out;
    out << (a.title.empty() ? "Budget" : a.title) << ": " << fixedText(a.total, 0) << ' ' << a.currency << " over "
        << a.horizonMonths << " months";
    if (a.committedAfterHorizon > 0)
        out << " (+" << fixedText(a.committedAfterHorizon, 0) << " reserved past the horizon)";
    out << "; items billed alone " << fixedText(a.aloneTotal, 0) << ", sharing saves " << fixedText(a.sharingSaves, 0)
        << "\n\n";
    std::vector<std::vector<std::string>> items
        = { { "item", "mode", "instance", "region", "machines", "runs", "spend", "alone", "kWh", "note" } };
    for (const ItemBudget& i : a.items) {
        if (i.error) {
            items.push_back({ i.name, "-", "-", "-", "-", "-", "-", "-", "-", "failed: " + i.error->toString() });
            continue;
        }
        const ItemPlacement* p = i.placement ? &*i.placement : nullptr;
        std::string note = i.unplaced ? "not placed" + (i.suggestion.empty() ? "" : "; would fit " + i.suggestion)
            : p && p->moved           ? "moved from " + p->movedFrom + " (" + p->movedBecause + ")"
                                      : "";
        if (i.spot)
            note += note.empty() ? "spot" : "; spot";
        items.push_back({ i.name, std::string(toString(i.mode)), p ? p->instance : "-", p ? p->region : "-",
            p ? std::to_string(p->peakMachines) : "-", std::to_string(i.runs), fixedText(i.spend, 0),
            fixedText(i.aloneCost, 0), fixedText(budgetSum(i.kwhByMonth), 0), note });
    }
    out << renderTextTable(items) << '\n';
    std::vector<std::vector<std::string>> fleet
        = { { "instance", "region", "machines", "billing", "items", "cost", "use", "placement" } };
    for (const FleetRow& r : a.fleet) {
        std::string names;
        for (const std::string& n : r.items)
            names += (names.empty() ? "" : ", ") + n;
        fleet.push_back({ r.instance, r.region, std::to_string(r.machines), fleetModesText(r.modeByMonth), names,
            fixedText(r.cost, 0), fixedText(r.utilisation * 100, 0) + "%",
            r.placement.empty() ? "-" : r.placement + " (" + std::to_string(r.placementUnits) + " units)" });
    }
    out << renderTextTable(fleet) << '\n';
    std::vector<std::vector<std::string>> months = { { "month", "spend", "cumulative", "kWh" } };
    for (std::size_t m = 0; m < a.monthly.size(); ++m)
        months.push_back({ std::to_string(m + 1), fixedText(a.monthly[m], 0), fixedText(a.cumulative[m], 0),
            fixedText(a.kwhByMonth[m], 0) });
    out << renderTextTable(months);
    auto totals = [&](const char* what, const std::vector<SpendLine>& lines) {
        out << what << ':';
        for (const SpendLine& l : lines)
            out << ' ' << l.key << ' ' << fixedText(l.total, 0) << (&l == &lines.back() ? "" : ",");
        out << '\n';
    };
    out << '\n';
    totals("By billing mode", a.byMode);
    totals("By provider", a.byProvider);
    totals("By GPU", a.byGpu);
    for (const CapBreak& b : a.capBreaks) {
        out << "\nThe " << (b.cap == "total" ? "total" : "monthly") << " cap of " << fixedText(b.limit, 0)
            << " breaks in " << budgetMonthsText(b.months) << " (" << (b.cap == "total" ? "" : "up to ")
            << fixedText(b.spend, 0) << ", over by " << fixedText(b.over, 0) << ")";
        for (const Diagnostic& fix : b.fixes)
            out << "; " << fix.message;
        out << '\n';
    }
    if (a.buyOrRent) {
        const BuyOrRentAnswer& b = *a.buyOrRent;
        out << "\nBuying " << b.machines << " x " << b.instance << ": rent " << fixedText(b.rentTotal, 0)
            << ", owned cash " << fixedText(b.ownedCashTotal, 0) << " (cost after depreciation "
            << fixedText(b.ownedCostTotal, 0) << "); ";
        if (b.crossoverMonth)
            out << "owning pays off in month " << *b.crossoverMonth
                << (b.crossoverEstimated ? " (past the horizon)" : "") << '\n';
        else
            out << "owning never pays off\n";
    }
    for (const Diagnostic& w : a.warnings)
        out << "warning: " << w.message << '\n';
    return out.str();
}

} // namespace gp
