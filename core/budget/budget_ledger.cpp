// The budget's answer, second half: the pools billed level by level under their cheapest commitments, each pool's
// bill shared among its items (sharePoolBill: by hours, none past its bill alone), the spend lines, the caps, energy
// and carbon, and the owned-machine option.
#include "base/number_text.h"
#include "budget/budget_energy.h"
#include "budget/budget_internal.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace gp
{

namespace
{

constexpr const char* kUnusedCommitment = "(unused commitment)";

struct LedgerLines {
    std::map<std::string, std::vector<double>> provider, gpu, mode, item;
    int months = 0;

    void add(std::map<std::string, std::vector<double>>& lines, const std::string& key, int m, double amount)
    {
        auto& line = lines[key];
        line.resize(std::size_t(months), 0.0);
        line[std::size_t(m)] += amount;
    }
};

std::vector<SpendLine> ledgerSpendLines(const std::map<std::string, std::vector<double>>& lines)
{
    std::vector<SpendLine> out;
    for (const auto& [key, byMonth] : lines) {
        SpendLine line { key, byMonth, 0 };
        for (double v : byMonth)
            line.total += v;
        out.push_back(std::move(line));
    }
    std::stable_sort(out.begin(), out.end(), [](const SpendLine& a, const SpendLine& b) { return a.total > b.total; });
    return out;
}

// One pool's non-spot levels: billed, rows grouped, spend shared among its items.
struct PoolLedger {
    const BudgetPool& pool;
    const Budget& budget;
    double monthHours;
    int months;
    std::vector<std::vector<double>> levels; // [k][m] busy hours
    std::vector<LevelBill> bills; // [k]
    std::vector<std::vector<std::vector<double>>> itemHours; // [k][m][entry]
    std::string placement; // FleetRow::placement
    int units = 0;

    void bill()
    {
        std::vector<std::vector<int>> shared;
        std::vector<int> total(pool.hourly.empty() ? 0 : pool.hourly[0].size(), 0);
        for (std::size_t e = 0; e < pool.items.size(); ++e) {
            shared.push_back(pool.spot[e] ? std::vector<int>(total.size(), 0) : pool.hourly[e]);
            for (std::size_t h = 0; h < total.size(); ++h)
                total[h] += shared.back()[h];
        }
        const PoolPlacement placed = placePool(shared, months, monthHours, pool.rates);
        placement = placed.exact ? "exact" : "greedy";
        units = placed.units;
        if (placed.stacked) {
            levels = levelHours(total, months, monthHours);
            itemHours = levelItemHours(shared, int(levels.size()), months, monthHours);
        } else {
            for (const PlacedMachine& machine : placed.machines) {
                levels.push_back(machine.hours);
                itemHours.push_back(machine.itemHours);
            }
        }
        for (const auto& hours : levels)
            bills.push_back(cheapestCommitments(hours, pool.rates, monthHours));
    }
};

void addFleetRows(BudgetAnswer& answer, const PoolLedger& ledger, const Budget& budget)
{
    const BudgetPool& pool = ledger.pool;
    for (std::size_t k = 0; k < ledger.bills.size(); ++k) {
        const LevelBill& bill = ledger.bills[k];
        double used = 0, paid = 0, cost = 0;
        std::set<std::string> names;
        for (int m = 0; m < ledger.months; ++m) {
            const double hours = ledger.levels[k][std::size_t(m)];
            used += hours;
            // Paid hours: those used under an hourly rate, the whole month under a monthly or committed one.
            const std::optional<BillingMode> mode = bill.modeByMonth[std::size_t(m)];
            paid += !mode ? 0.0 : billingModeSpec(*mode).pricing == BillingPricing::Hourly ? hours : ledger.monthHours;
            cost += bill.costByMonth[std::size_t(m)];
            for (std::size_t e = 0; e < pool.items.size(); ++e)
                if (ledger.itemHours[k][std::size_t(m)][e] > 0)
                    names.insert(budget.items[pool.items[e]].name);
        }
        const std::vector<std::string> items(names.begin(), names.end());
        auto same = [&](const FleetRow& row) {
            return row.instance == pool.instance && row.region == pool.region && row.modeByMonth == bill.modeByMonth
                && row.items == items && row.placement == ledger.placement && row.placementUnits == ledger.units;
        };
        auto it = std::find_if(answer.fleet.begin(), answer.fleet.end(), same);
        if (it == answer.fleet.end()) {
            answer.fleet.push_back({ pool.instance, pool.provider, pool.region, pool.gpu, 0, bill.modeByMonth, items, 0,
                0, 0, ledger.placement, ledger.units });
            it = answer.fleet.end() - 1;
        }
        // Utilisation of the row: its used hours over its paid hours, machines weighted alike.
        const double before = it->utilisation * it->machines;
        it->machines += 1;
        it->cost += cost;
        it->committedAfterHorizon += bill.committedAfterHorizon;
        it->utilisation = (before + (paid > 0 ? used / paid : 0.0)) / it->machines;
    }
}

double monthHoursOf(const std::vector<int>& hourly, int m, double monthHours)
{
    const long from = long(std::llround(m * monthHours));
    const long to = std::min(long(hourly.size()), long(std::llround((m + 1) * monthHours)));
    double sum = 0;
    for (long h = from; h < to; ++h)
        sum += hourly[std::size_t(h)];
    return sum;
}

int monthPeakOf(const std::vector<int>& hourly, int m, double monthHours)
{
    const long from = long(std::llround(m * monthHours));
    const long to = std::min(long(hourly.size()), long(std::llround((m + 1) * monthHours)));
    int peak = 0;
    for (long h = from; h < to; ++h)
        peak = std::max(peak, hourly[std::size_t(h)]);
    return peak;
}

void billPool(BudgetAnswer& answer, const BudgetPool& pool, const std::vector<BudgetItemDemand>& demands,
    const Budget& budget, const Catalog& catalog, double monthHours, LedgerLines& lines)
{
    const int months = budget.horizonMonths;
    PoolLedger ledger { pool, budget, monthHours, months, {}, {}, {}, {}, 0 };
    ledger.bill();
    for (std::size_t k = 0; k < ledger.bills.size(); ++k) {
        const LevelBill& bill = ledger.bills[k];
        answer.committedAfterHorizon += bill.committedAfterHorizon;
        for (int m = 0; m < months; ++m) {
            const double cost = bill.costByMonth[std::size_t(m)];
            if (cost <= 0)
                continue;
            lines.add(lines.provider, pool.provider, m, cost);
            lines.add(lines.gpu, pool.gpu, m, cost);
            lines.add(lines.mode, billingModeText(bill.modeByMonth[std::size_t(m)]), m, cost);
        }
    }
    // Who pays: by hours, none past its own bill alone (sharePoolBill); spot items pay their own hours below.
    std::vector<double> alone(pool.items.size(), 0.0);
    for (std::size_t e = 0; e < pool.items.size(); ++e)
        if (!pool.spot[e])
            alone[e] = answer.items[pool.items[e]].aloneCost
                = cheapestFleetCost(pool.hourly[e], months, monthHours, pool.rates);
    const PoolShares shares = sharePoolBill(ledger.bills, ledger.itemHours, alone);
    for (std::size_t e = 0; e < pool.items.size(); ++e)
        for (int m = 0; m < months; ++m)
            answer.items[pool.items[e]].spendByMonth[std::size_t(m)] += shares.byMonth[e][std::size_t(m)];
    for (int m = 0; m < months; ++m)
        if (shares.unused[std::size_t(m)] > 0)
            lines.add(lines.item, kUnusedCommitment, m, shares.unused[std::size_t(m)]);
    addFleetRows(answer, ledger, budget);
    const EnergyFactors energy = energyFactors(catalog, pool.region, budget.pue);
    for (std::size_t e = 0; e < pool.items.size(); ++e) {
        const std::size_t index = pool.items[e];
        ItemBudget& item = answer.items[index];
        const BudgetItemDemand& d = demands[index];
        const double factor = pool.spot[e] ? pool.rates.spotTimeFactor : 1.0;
        for (int m = 0; m < months; ++m) {
            const double hours = monthHoursOf(pool.hourly[e], m, monthHours) * factor;
            item.machineHoursByMonth[std::size_t(m)] = hours;
            item.machinesByMonth[std::size_t(m)] = monthPeakOf(pool.hourly[e], m, monthHours);
            if (pool.spot[e] && hours > 0) {
                const double cost = hours * *pool.rates.spotPerHour;
                item.spendByMonth[std::size_t(m)] += cost;
                lines.add(lines.provider, pool.provider, m, cost);
                lines.add(lines.gpu, pool.gpu, m, cost);
                lines.add(lines.mode, billingModeText(BillingMode::Spot), m, cost);
            }
            const double kwh
                = gpuKwh(hours, pool.gpusPerMachine, pool.tdpWatts, d.utilisationByMonth[std::size_t(m)]) * energy.pue;
            item.kwhByMonth[std::size_t(m)] = kwh;
            item.kgCo2ByMonth[std::size_t(m)] = energy.kgCo2PerKwh ? kwh * *energy.kgCo2PerKwh : NAN;
        }
        if (pool.spot[e]) {
            double hours = 0;
            for (double h : item.machineHoursByMonth)
                hours += h;
            item.aloneCost = hours * *pool.rates.spotPerHour;
            FleetRow row { pool.instance, pool.provider, pool.region, pool.gpu, item.placement->peakMachines, {},
                { item.name }, item.aloneCost, 0, 1, "", 0 };
            for (int m = 0; m < months; ++m)
                row.modeByMonth.push_back(
                    item.machineHoursByMonth[std::size_t(m)] > 0 ? std::optional(BillingMode::Spot) : std::nullopt);
            answer.fleet.push_back(std::move(row));
        }
    }
    if (budget.owned && budget.owned->instance == pool.instance) {
        const int n = budget.owned->machines.value_or(int(ledger.levels.size()));
        std::vector<double> rent(std::size_t(months), 0.0), kwh(std::size_t(months), 0.0),
            busy(std::size_t(months), 0.0);
        for (int k = 0; k < std::min<int>(n, int(ledger.levels.size())); ++k)
            for (int m = 0; m < months; ++m) {
                rent[std::size_t(m)] += ledger.bills[std::size_t(k)].costByMonth[std::size_t(m)];
                busy[std::size_t(m)] += ledger.levels[std::size_t(k)][std::size_t(m)];
                for (std::size_t e = 0; e < pool.items.size(); ++e)
                    kwh[std::size_t(m)] += gpuKwh(ledger.itemHours[std::size_t(k)][std::size_t(m)][e],
                        pool.gpusPerMachine, pool.tdpWatts, demands[pool.items[e]].utilisationByMonth[std::size_t(m)]);
            }
        // Of several pools of the owned instance type (regions), the one with the largest rented bill is compared.
        BuyOrRentAnswer option = buyOrRent(*budget.owned, n, rent, kwh, busy, energy.pue);
        option.region = pool.region;
        if (!answer.buyOrRent || option.rentTotal > answer.buyOrRent->rentTotal)
            answer.buyOrRent = std::move(option);
    }
}

// The smallest single item whose spend covers the excess of every month of `months` (1-based) over `limit`: dropping
// it takes at least that excess out of each of those months.
const ItemBudget* smallestCoveringMonths(const BudgetAnswer& answer, const std::vector<int>& months, double limit)
{
    const ItemBudget* best = nullptr;
    for (const ItemBudget& item : answer.items) {
        bool covers = !item.spendByMonth.empty();
        for (int month : months) {
            const std::size_t m = std::size_t(month - 1);
            covers = covers && m < item.spendByMonth.size()
                && item.spendByMonth[m] >= answer.monthly[m] - limit * (1 + 1e-12);
        }
        if (covers && (!best || item.spend < best->spend))
            best = &item;
    }
    return best;
}

// The smallest single item whose horizon spend covers `over`.
const ItemBudget* smallestCoveringTotal(const BudgetAnswer& answer, double over)
{
    const ItemBudget* best = nullptr;
    for (const ItemBudget& item : answer.items)
        if (item.spend >= over && (!best || item.spend < best->spend))
            best = &item;
    return best;
}

// A cap that holds `spend`: the next whole currency unit up, every digit written (six significant digits rounded
// 10,450.44 down to 10,450.4, a cap the spend still broke).
std::string capRaisedTo(double spend)
{
    return formatNumber(std::ceil(spend), 15);
}

// Every month over the monthly cap, in one break: its first month, the dearest month's spend and excess, and the
// fixes that bring every one of those months under the cap.
void checkMonthlyCap(BudgetAnswer& answer, double limit)
{
    CapBreak b { "per_month", 0, 0, limit, 0, {}, {} };
    for (int m = 0; m < int(answer.monthly.size()); ++m) {
        const double spend = answer.monthly[std::size_t(m)];
        if (spend <= limit * (1 + 1e-12))
            continue;
        b.months.push_back(m + 1);
        if (spend > b.spend)
            b.spend = spend;
    }
    if (b.months.empty())
        return;
    b.month = b.months.front();
    b.over = b.spend - limit;
    const std::string amount = capRaisedTo(b.spend);
    b.fixes.push_back({ "raise_cap", "raise the monthly cap to " + amount,
        { { "amount", amount }, { "currency", answer.currency } } });
    if (const ItemBudget* item = smallestCoveringMonths(answer, b.months, limit))
        b.fixes.push_back({ "drop_item", "drop " + item->name,
            { { "item", item->name }, { "saves", formatNumber(item->spend, 6) }, { "currency", answer.currency } } });
    answer.capBreaks.push_back(std::move(b));
}

void checkCaps(BudgetAnswer& answer, const Budget& budget)
{
    const int months = budget.horizonMonths;
    if (budget.caps.perMonth)
        checkMonthlyCap(answer, *budget.caps.perMonth);
    if (budget.caps.total)
        for (int m = 0; m < months; ++m) {
            if (answer.cumulative[std::size_t(m)] <= *budget.caps.total * (1 + 1e-12))
                continue;
            const double over = answer.total - *budget.caps.total;
            CapBreak b { "total", m + 1, answer.cumulative[std::size_t(m)], *budget.caps.total, over, {}, {} };
            for (int later = m + 1; later <= months; ++later)
                b.months.push_back(later); // the cumulative spend only grows
            const std::string amount = capRaisedTo(answer.total);
            b.fixes.push_back({ "raise_cap", "raise the total cap to " + amount,
                { { "amount", amount }, { "currency", answer.currency } } });
            if (const ItemBudget* item = smallestCoveringTotal(answer, over))
                b.fixes.push_back({ "drop_item", "drop " + item->name,
                    { { "item", item->name }, { "saves", formatNumber(item->spend, 6) },
                        { "currency", answer.currency } } });
            answer.capBreaks.push_back(std::move(b));
            break;
        }
}

} // namespace

void billBudgetFleet(BudgetAnswer& answer, const std::vector<BudgetPool>& pools,
    const std::vector<BudgetItemDemand>& demands, const Budget& budget, const Catalog& catalog)
{
    const int months = budget.horizonMonths;
    const double monthHours = budgetMonthHours(catalog);
    for (ItemBudget& item : answer.items) {
        item.spendByMonth.assign(std::size_t(months), 0.0);
        item.machineHoursByMonth.assign(std::size_t(months), 0.0);
        item.machinesByMonth.assign(std::size_t(months), 0);
        item.kwhByMonth.assign(std::size_t(months), 0.0);
        item.kgCo2ByMonth.assign(std::size_t(months), 0.0);
    }
    LedgerLines lines;
    lines.months = months;
    for (const BudgetPool& pool : pools)
        billPool(answer, pool, demands, budget, catalog, monthHours, lines);
    answer.monthly.assign(std::size_t(months), 0.0);
    answer.kwhByMonth.assign(std::size_t(months), 0.0);
    answer.kgCo2ByMonth.assign(std::size_t(months), 0.0);
    for (ItemBudget& item : answer.items) {
        for (int m = 0; m < months; ++m) {
            item.spend += item.spendByMonth[std::size_t(m)];
            answer.kwhByMonth[std::size_t(m)] += item.kwhByMonth[std::size_t(m)];
            answer.kgCo2ByMonth[std::size_t(m)] += item.kgCo2ByMonth[std::size_t(m)];
            if (item.spendByMonth[std::size_t(m)] > 0)
                lines.add(lines.item, item.name, m, item.spendByMonth[std::size_t(m)]);
        }
        answer.aloneTotal += item.aloneCost;
    }
    for (const auto& [key, byMonth] : lines.mode)
        for (int m = 0; m < months; ++m)
            answer.monthly[std::size_t(m)] += byMonth[std::size_t(m)];
    double running = 0;
    for (double v : answer.monthly)
        answer.cumulative.push_back(running += v);
    answer.total = running;
    answer.sharingSaves = answer.aloneTotal - (answer.total + answer.committedAfterHorizon);
    if (std::abs(answer.sharingSaves) < 1e-6 * std::max(1.0, answer.total))
        answer.sharingSaves = 0; // rounding of the shared bills, not a saving
    answer.byItem = ledgerSpendLines(lines.item);
    answer.byProvider = ledgerSpendLines(lines.provider);
    answer.byGpu = ledgerSpendLines(lines.gpu);
    answer.byMode = ledgerSpendLines(lines.mode);
    checkCaps(answer, budget);
}

} // namespace gp
