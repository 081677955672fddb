// Commitments per machine level, chosen by a dynamic programme over months.
#include "budget/budget_fleet.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gp
{

namespace
{

// The cheaper of pay-as-you-go and monthly for one month of `hours` use; no mode when unused.
std::pair<double, std::optional<BillingMode>> fleetMonthCost(double hours, const MachineRates& r)
{
    if (hours <= 0)
        return { 0.0, std::nullopt };
    double best = std::numeric_limits<double>::infinity();
    std::optional<BillingMode> mode;
    if (r.onDemandPerHour && hours * *r.onDemandPerHour < best) {
        best = hours * *r.onDemandPerHour;
        mode = BillingMode::OnDemand;
    }
    if (r.perMonth && *r.perMonth < best) {
        best = *r.perMonth;
        mode = BillingMode::Monthly;
    }
    return { best, mode };
}

} // namespace

LevelBill cheapestCommitments(const std::vector<double>& usedHours, const MachineRates& r, double monthHours)
{
    const int months = int(usedHours.size());
    const int term = r.reservedPerHour && r.reservedTermMonths > 0 ? r.reservedTermMonths : 0;
    const double reservedMonth = term ? *r.reservedPerHour * r.reservedHoursPerMonth : 0;
    // best[m]: the cheapest bill for months m..end; reserveAt[m]: whether it starts a reservation at m.
    std::vector<double> best(std::size_t(months) + 1, 0.0);
    std::vector<char> reserveAt(std::size_t(months), 0);
    for (int m = months - 1; m >= 0; --m) {
        double cost = fleetMonthCost(usedHours[std::size_t(m)], r).first + best[std::size_t(m) + 1];
        if (term) {
            const double reserve = reservedMonth * term + best[std::size_t(std::min(months, m + term))];
            if (reserve < cost) {
                cost = reserve;
                reserveAt[std::size_t(m)] = 1;
            }
        }
        best[std::size_t(m)] = cost;
    }
    LevelBill bill;
    bill.modeByMonth.assign(std::size_t(months), std::nullopt);
    bill.costByMonth.assign(std::size_t(months), 0.0);
    for (int m = 0; m < months;) {
        if (reserveAt[std::size_t(m)]) {
            bill.reservationStarts.push_back(m);
            for (int k = 0; k < term; ++k) {
                if (m + k < months) {
                    bill.modeByMonth[std::size_t(m + k)] = BillingMode::Reserved;
                    bill.costByMonth[std::size_t(m + k)] = reservedMonth;
                } else {
                    bill.committedAfterHorizon += reservedMonth;
                }
            }
            m += term;
            continue;
        }
        const auto [cost, mode] = fleetMonthCost(usedHours[std::size_t(m)], r);
        bill.modeByMonth[std::size_t(m)] = mode;
        bill.costByMonth[std::size_t(m)] = std::isfinite(cost) ? cost : 0.0;
        ++m;
    }
    bill.total = best[0];
    (void)monthHours;
    return bill;
}

std::vector<std::vector<double>> levelHours(const std::vector<int>& hourly, int months, double monthHours)
{
    const int peak = hourly.empty() ? 0 : *std::max_element(hourly.begin(), hourly.end());
    std::vector<std::vector<double>> out(std::size_t(std::max(0, peak)), std::vector<double>(std::size_t(months), 0.0));
    for (std::size_t h = 0; h < hourly.size(); ++h) {
        const int m = std::min(months - 1, int(double(h) / monthHours));
        for (int k = 0; k < hourly[h]; ++k)
            out[std::size_t(k)][std::size_t(m)] += 1;
    }
    return out;
}

std::vector<std::vector<std::vector<double>>> levelItemHours(
    const std::vector<std::vector<int>>& itemHourly, int levels, int months, double monthHours)
{
    const std::size_t items = itemHourly.size();
    std::vector<std::vector<std::vector<double>>> out(
        std::size_t(levels), std::vector<std::vector<double>>(std::size_t(months), std::vector<double>(items, 0.0)));
    const std::size_t hours = items ? itemHourly[0].size() : 0;
    for (std::size_t h = 0; h < hours; ++h) {
        const std::size_t m = std::size_t(std::min(months - 1, int(double(h) / monthHours)));
        int level = 0;
        for (std::size_t i = 0; i < items; ++i)
            for (int k = 0; k < itemHourly[i][h] && level < levels; ++k)
                out[std::size_t(level++)][m][i] += 1;
    }
    return out;
}

double cheapestFleetCost(const std::vector<int>& hourly, int months, double monthHours, const MachineRates& rates)
{
    double total = 0;
    for (const auto& hours : levelHours(hourly, months, monthHours))
        total += cheapestCommitments(hours, rates, monthHours).total;
    return total;
}

namespace
{

struct PlacementUnit {
    std::size_t item;
    std::vector<char> busy; // per hour
    std::vector<double> hours; // per month
};

struct PlacementSearch {
    const std::vector<PlacementUnit>& units;
    const std::vector<std::vector<char>>& overlap;
    const MachineRates& rates;
    double monthHours;
    int months;
    std::vector<std::vector<std::size_t>> machines; // units per machine
    std::vector<std::vector<std::size_t>> best;
    double bestCost = std::numeric_limits<double>::infinity();

    void search(std::size_t u)
    {
        if (u == units.size()) {
            double cost = 0;
            for (const auto& machine : machines) {
                std::vector<double> hours(std::size_t(months), 0.0);
                for (std::size_t v : machine)
                    for (int m = 0; m < months; ++m)
                        hours[std::size_t(m)] += units[v].hours[std::size_t(m)];
                cost += cheapestCommitments(hours, rates, monthHours).total;
            }
            if (cost < bestCost) {
                bestCost = cost;
                best = machines;
            }
            return;
        }
        for (std::size_t k = 0; k < machines.size(); ++k) { // by index: deeper calls add machines
            const auto& on = machines[k];
            if (std::any_of(on.begin(), on.end(), [&](std::size_t v) { return overlap[u][v] != 0; }))
                continue;
            machines[k].push_back(u);
            search(u + 1);
            machines[k].pop_back();
        }
        machines.push_back({ u });
        search(u + 1);
        machines.pop_back();
    }
};

std::vector<PlacementUnit> placementUnits(
    const std::vector<std::vector<int>>& itemHourly, int months, double monthHours)
{
    std::vector<PlacementUnit> units;
    for (std::size_t e = 0; e < itemHourly.size(); ++e) {
        const std::vector<int>& hourly = itemHourly[e];
        const int peak = hourly.empty() ? 0 : *std::max_element(hourly.begin(), hourly.end());
        for (int k = 0; k < peak; ++k) {
            PlacementUnit unit { e, std::vector<char>(hourly.size(), 0),
                std::vector<double>(std::size_t(months), 0.0) };
            for (std::size_t h = 0; h < hourly.size(); ++h)
                if (hourly[h] > k) {
                    unit.busy[h] = 1;
                    unit.hours[std::size_t(std::min(months - 1, int(double(h) / monthHours)))] += 1;
                }
            units.push_back(std::move(unit));
        }
    }
    return units;
}

// The cheapest placement of every unit on a machine of its own or shared with units it does not overlap.
std::vector<PlacedMachine> exactPlacement(const std::vector<PlacementUnit>& units, std::size_t items, int months,
    double monthHours, const MachineRates& rates, double& cost)
{
    std::vector<std::vector<char>> overlap(units.size(), std::vector<char>(units.size(), 0));
    for (std::size_t a = 0; a < units.size(); ++a)
        for (std::size_t b = 0; b < a; ++b)
            for (std::size_t h = 0; h < units[a].busy.size() && h < units[b].busy.size(); ++h)
                if (units[a].busy[h] && units[b].busy[h]) {
                    overlap[a][b] = overlap[b][a] = 1;
                    break;
                }
    PlacementSearch search { units, overlap, rates, monthHours, months, {}, {} };
    search.search(0);
    cost = search.bestCost;
    std::vector<PlacedMachine> out;
    for (const auto& machine : search.best) {
        PlacedMachine placed { std::vector<double>(std::size_t(months), 0.0),
            std::vector<std::vector<double>>(std::size_t(months), std::vector<double>(items, 0.0)) };
        for (std::size_t v : machine)
            for (int m = 0; m < months; ++m) {
                placed.hours[std::size_t(m)] += units[v].hours[std::size_t(m)];
                placed.itemHours[std::size_t(m)][units[v].item] += units[v].hours[std::size_t(m)];
            }
        out.push_back(std::move(placed));
    }
    return out;
}

} // namespace

PoolPlacement placePool(
    const std::vector<std::vector<int>>& itemHourly, int months, double monthHours, const MachineRates& rates)
{
    PoolPlacement out;
    std::vector<int> total(itemHourly.empty() ? 0 : itemHourly[0].size(), 0);
    for (const auto& hourly : itemHourly)
        for (std::size_t h = 0; h < total.size() && h < hourly.size(); ++h)
            total[h] += hourly[h];
    out.cost = cheapestFleetCost(total, months, monthHours, rates);
    const std::vector<PlacementUnit> units = placementUnits(itemHourly, months, monthHours);
    out.units = int(units.size());
    double cost = 0;
    std::vector<PlacedMachine> machines;
    if (int(units.size()) <= kExactPlacementUnits) {
        machines = exactPlacement(units, itemHourly.size(), months, monthHours, rates, cost);
        out.exact = true;
    } else { // every unit on a machine of its own
        for (const PlacementUnit& unit : units) {
            PlacedMachine placed { unit.hours,
                std::vector<std::vector<double>>(std::size_t(months), std::vector<double>(itemHourly.size(), 0.0)) };
            for (int m = 0; m < months; ++m)
                placed.itemHours[std::size_t(m)][unit.item] = unit.hours[std::size_t(m)];
            cost += cheapestCommitments(unit.hours, rates, monthHours).total;
            machines.push_back(std::move(placed));
        }
    }
    if (cost < out.cost - 1e-9) {
        out.stacked = false;
        out.machines = std::move(machines);
        out.cost = cost;
    }
    return out;
}

namespace
{

// Hands `amount` to the entries with room, in proportion to `weight` (their hours; by room when none of those left
// has hours), none past its room: water filling. Returns what each gets; `amount` keeps what no one could take.
std::vector<double> fillShareRoom(double& amount, const std::vector<double>& room, const std::vector<double>& weight)
{
    std::vector<double> give(room.size(), 0.0);
    std::vector<char> open(room.size(), 0);
    for (std::size_t e = 0; e < room.size(); ++e)
        open[e] = room[e] > 0;
    const double tiny = 1e-12 * std::max(1.0, amount);
    while (amount > tiny) {
        double byHours = 0, byRoom = 0;
        for (std::size_t e = 0; e < room.size(); ++e)
            if (open[e]) {
                byHours += weight[e];
                byRoom += room[e] - give[e];
            }
        if (byRoom <= 0)
            break;
        const bool hours = byHours > 0;
        const auto w = [&](std::size_t e) { return hours ? weight[e] : room[e] - give[e]; };
        const double each = amount / (hours ? byHours : byRoom);
        bool filled = false;
        for (std::size_t e = 0; e < room.size(); ++e)
            if (open[e] && each * w(e) >= room[e] - give[e]) {
                amount -= room[e] - give[e];
                give[e] = room[e];
                open[e] = 0;
                filled = true;
            }
        if (filled)
            continue;
        for (std::size_t e = 0; e < room.size(); ++e)
            if (open[e])
                give[e] += each * w(e);
        amount = 0;
    }
    return give;
}

} // namespace

PoolShares sharePoolBill(const std::vector<LevelBill>& bills,
    const std::vector<std::vector<std::vector<double>>>& itemHours, const std::vector<double>& alone)
{
    const std::size_t entries = alone.size();
    const std::size_t months = bills.empty() ? 0 : bills[0].costByMonth.size();
    PoolShares out { std::vector<std::vector<double>>(entries, std::vector<double>(months, 0.0)),
        std::vector<double>(months, 0.0) };
    std::vector<double> hours(entries, 0.0);
    // By hours, level-month by level-month; a level-month no one used is freed.
    std::vector<double> freed(months, 0.0);
    for (std::size_t k = 0; k < bills.size(); ++k)
        for (std::size_t m = 0; m < months; ++m) {
            const double cost = bills[k].costByMonth[m];
            const std::vector<double>& used = itemHours[k][m];
            double sum = 0;
            for (std::size_t e = 0; e < entries; ++e) {
                sum += used[e];
                hours[e] += used[e];
            }
            if (cost <= 0)
                continue;
            if (sum <= 0) {
                freed[m] += cost;
                continue;
            }
            for (std::size_t e = 0; e < entries; ++e)
                out.byMonth[e][m] += cost * used[e] / sum;
        }
    // Capped at the alone cost; the room the others have below theirs.
    std::vector<double> room(entries, 0.0);
    for (std::size_t e = 0; e < entries; ++e) {
        double share = 0;
        for (double v : out.byMonth[e])
            share += v;
        if (share <= alone[e] * (1 + 1e-12)) {
            room[e] = alone[e] - share;
            continue;
        }
        const double keep = alone[e] / share;
        for (std::size_t m = 0; m < months; ++m) {
            freed[m] += out.byMonth[e][m] * (1 - keep);
            out.byMonth[e][m] *= keep;
        }
    }
    double total = 0;
    for (double v : freed)
        total += v;
    if (total <= 0)
        return out;
    double left = total;
    const std::vector<double> give = fillShareRoom(left, room, hours);
    // Each taker gets the same part of every month's freed bill, so every month still adds up to its bill.
    for (std::size_t m = 0; m < months; ++m) {
        for (std::size_t e = 0; e < entries; ++e)
            out.byMonth[e][m] += give[e] * freed[m] / total;
        out.unused[m] = left * freed[m] / total;
    }
    return out;
}

double pooledFleetCost(
    const std::vector<std::vector<int>>& itemHourly, int months, double monthHours, const MachineRates& rates)
{
    return placePool(itemHourly, months, monthHours, rates).cost;
}

} // namespace gp
