#include "charts/axis_scale.h"

#include <QLogValueAxis>
#include <QString>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace gpui
{

NiceScale niceScale(double value, int targetTicks)
{
    const int ticks = std::clamp(targetTicks, 2, 20);
    if (!std::isfinite(value) || value <= 0)
        return { 1.0, ticks };
    const double raw = value / double(ticks - 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10 * magnitude;
    for (double f : { 1.0, 2.0, 2.5, 5.0 }) {
        if (f * magnitude >= raw * (1 - 1e-9)) {
            step = f * magnitude;
            break;
        }
    }
    const double steps = std::max(1.0, std::ceil(value / step * (1 - 1e-9)));
    return { steps * step, int(steps) + 1 };
}

NiceScale liveScale(const QValueAxis* axis, double value, int targetTicks)
{
    if (axis && axis->min() == 0 && axis->max() > 0 && std::isfinite(value) && value > 0 && value <= axis->max()
        && value >= axis->max() * LiveKeepFraction)
        return { axis->max(), axis->tickCount() };
    return niceScale(value, targetTicks);
}

bool keepLogRange(const QLogValueAxis* axis, double newMin, double newMax)
{
    return axis && std::isfinite(newMin) && std::isfinite(newMax) && newMin >= axis->min() && newMax <= axis->max()
        && newMax >= axis->max() / 100;
}

QString labelFormat(const NiceScale& scale)
{
    const double step = scale.max / double(std::max(1, scale.ticks - 1));
    int decimals = 0;
    for (double scaled = step; decimals < 6 && std::fabs(scaled - std::round(scaled)) > 1e-6 * std::max(1.0, scaled);
         scaled *= 10)
        ++decimals;
    return QStringLiteral("%.%1f").arg(decimals);
}

void applyScale(QValueAxis* axis, const NiceScale& scale, const QString& labelFormat)
{
    if (axis->min() != 0 || axis->max() != scale.max)
        axis->setRange(0, scale.max);
    if (axis->tickCount() != scale.ticks)
        axis->setTickCount(scale.ticks);
    if (axis->labelFormat() != labelFormat)
        axis->setLabelFormat(labelFormat);
}

QString logAxisLabelFormat()
{
    // %g drops trailing zeros; nine significant digits keep every decade of a cost or an hour count whole.
    return QStringLiteral("%.9g");
}

void applyLogRange(QLogValueAxis* axis, double min, double max, const QString& labelFormat)
{
    if (axis->min() != min || axis->max() != max)
        axis->setRange(min, max);
    if (axis->labelFormat() != labelFormat)
        axis->setLabelFormat(labelFormat);
}

} // namespace gpui
