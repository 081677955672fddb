// Axis ranges for the charts: "nice" upper bounds that stay put while values move a little, and setters that touch
// an axis only when something changed (every range change makes Qt Charts lay out and re-shape all axis labels).
#pragma once

class QValueAxis;
class QLogValueAxis;
class QString;

namespace gpui
{

// A value axis from 0 to `max` in `ticks` ticks (ticks - 1 equal steps of 1, 2, 2.5 or 5 x 10^k).
struct NiceScale {
    double max = 1;
    int ticks = 2;
};

// The smallest nice scale from 0 whose top is at least `value` with about `targetTicks` ticks (2..20).
// Non-finite or non-positive values give 0..1.
NiceScale niceScale(double value, int targetTicks);

// Live updates (a slider dragging): the axis's current 0..max scale while `value` stays within it and above
// LiveKeepFraction of it, so the axis does not relayout on every step and the bars visibly grow and shrink against
// a fixed scale; otherwise niceScale(value). Settled updates use niceScale() directly.
constexpr double LiveKeepFraction = 0.3;
NiceScale liveScale(const QValueAxis* axis, double value, int targetTicks);
// The same for a log axis's [min, max]: true when [newMin, newMax] lies inside the current range and reaches
// within two decades of its top (then the current range is kept).
bool keepLogRange(const QLogValueAxis* axis, double newMin, double newMax);

// "%.Nf" with the fewest decimals (0-6: a tiny cost reads 0.00025, never 0.000) that show every tick of the scale
// distinctly.
QString labelFormat(const NiceScale& scale);

// Sets the axis to 0..scale.max with scale.ticks ticks and the label format; does nothing that is already so.
void applyScale(QValueAxis* axis, const NiceScale& scale, const QString& labelFormat);
// Sets a log axis's range and label format when they differ.
void applyLogRange(QLogValueAxis* axis, double min, double max, const QString& labelFormat);

// The label format of a logarithmic axis: every decade in its shortest form ("1000", "10", "0.1", "0.001"), never
// a decimal the decade does not need ("1000.0") and never an exponent below a billion.
QString logAxisLabelFormat();

} // namespace gpui
