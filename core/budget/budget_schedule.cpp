// Budget schedules: training runs as hour intervals, serving traffic per month.
#include "budget/budget_schedule.h"

#include <algorithm>
#include <cmath>

namespace gp
{

TrainingRuns trainingRuns(const BudgetSchedule& s, double hoursPerRun, int horizonMonths, double monthHours)
{
    TrainingRuns out;
    const double horizonEnd = horizonMonths * monthHours;
    if (!(hoursPerRun > 0) || !std::isfinite(hoursPerRun))
        return out;
    const double first = (s.startMonth - 1) * monthHours;
    // The last hour a run may start: the end of until_month, else no limit but `runs`.
    const double lastStart = s.untilMonth ? *s.untilMonth * monthHours : horizonEnd;
    const double step = s.everyWeeks ? *s.everyWeeks * 7 * 24 : s.everyMonths ? *s.everyMonths * monthHours : 0;
    const int count = s.untilMonth ? 100000 : s.runs;
    for (int i = 0; i < count; ++i) {
        const double start = first + i * step;
        if (start >= lastStart - 1e-9 || start >= horizonEnd - 1e-9 || (i > 0 && step <= 0))
            break;
        const double end = start + hoursPerRun;
        out.hoursCut += std::max(0.0, end - horizonEnd);
        out.runs.push_back({ start, std::min(end, horizonEnd) });
    }
    return out;
}

std::vector<double> servingRates(const BudgetItem& item, int horizonMonths, double planRate)
{
    std::vector<double> rates(std::size_t(std::max(0, horizonMonths)), 0.0);
    const BudgetSchedule& s = item.schedule;
    const int last = s.durationMonths ? s.startMonth + *s.durationMonths - 1 : horizonMonths;
    for (int m = s.startMonth; m <= std::min(last, horizonMonths); ++m) {
        const int k = m - s.startMonth; // months since the item started
        double rate = planRate;
        if (item.traffic.requestsPerSecond)
            rate = *item.traffic.requestsPerSecond * std::pow(1 + item.traffic.growthPerMonth, k);
        else if (!item.traffic.byMonth.empty())
            rate = item.traffic.byMonth[std::min<std::size_t>(std::size_t(k), item.traffic.byMonth.size() - 1)];
        rates[std::size_t(m - 1)] = rate;
    }
    return rates;
}

void addIntervals(std::vector<int>& hourly, const std::vector<RunInterval>& runs, int machines)
{
    const long size = long(hourly.size());
    for (const RunInterval& r : runs) {
        const long from = std::clamp(long(std::floor(r.startHour)), 0L, size);
        const long to = std::clamp(long(std::ceil(r.endHour - 1e-9)), from, size);
        for (long h = from; h < to; ++h)
            hourly[std::size_t(h)] += machines;
    }
}

} // namespace gp
