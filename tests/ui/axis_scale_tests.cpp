// Chart axis scales: nice upper bounds that hold still while values move a little.
#include "charts/axis_scale.h"

#include <QLogValueAxis>
#include <QString>
#include <QValueAxis>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace gpui;

TEST(AxisScale, TopIsTheSmallestNiceBoundAboveTheValue)
{
    struct Case {
        double value;
        double max;
        int ticks;
    };
    // Steps of 1, 2, 2.5 or 5 x 10^k over four intervals (five ticks).
    for (const Case& c : { Case { 0.9, 1.0, 5 }, Case { 1.0, 1.0, 5 }, Case { 73, 80, 5 }, Case { 81, 100, 5 },
             Case { 100, 100, 5 }, Case { 0.013, 0.015, 4 }, Case { 1234, 1500, 4 }, Case { 3, 3, 4 } }) {
        const NiceScale s = niceScale(c.value, 5);
        EXPECT_NEAR(s.max, c.max, 1e-12) << c.value;
        EXPECT_EQ(s.ticks, c.ticks) << c.value;
        EXPECT_GE(s.max, c.value);
    }
}

TEST(AxisScale, SmallChangesKeepTheScale)
{
    // Values moving between 81 and 100 (a slider dragging) keep one scale: no axis relayout.
    const NiceScale first = niceScale(81, 5);
    for (double v = 81; v <= 100; v += 0.5) {
        const NiceScale s = niceScale(v, 5);
        EXPECT_EQ(s.max, first.max) << v;
        EXPECT_EQ(s.ticks, first.ticks) << v;
    }
}

TEST(AxisScale, DegenerateValuesGiveZeroToOne)
{
    for (double v : { 0.0, -5.0, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity() }) {
        const NiceScale s = niceScale(v, 5);
        EXPECT_EQ(s.max, 1.0) << v;
        EXPECT_EQ(s.ticks, 5) << v;
    }
}

TEST(AxisScale, LabelsShowEveryTickDistinctly)
{
    EXPECT_EQ(labelFormat(niceScale(90, 5)), QStringLiteral("%.0f")); // 0 25 50 75 100
    EXPECT_EQ(labelFormat(niceScale(9, 5)), QStringLiteral("%.1f")); // 0 2.5 5 7.5 10
    EXPECT_EQ(labelFormat(niceScale(0.9, 5)), QStringLiteral("%.2f")); // 0 0.25 0.5 0.75 1
    EXPECT_EQ(labelFormat(niceScale(0.013, 5)), QStringLiteral("%.3f")); // 0 0.005 0.010 0.015
    EXPECT_EQ(labelFormat(niceScale(7, 5)), QStringLiteral("%.0f")); // 0 2 4 6 8
}

TEST(AxisScale, LiveUpdatesKeepAScaleTheValuesStillFit)
{
    QValueAxis axis;
    axis.setRange(0, 100);
    axis.setTickCount(5);
    for (double v : { 100.0, 64.0, 31.0 }) { // inside and above 30 % of the scale: kept
        const NiceScale s = liveScale(&axis, v, 5);
        EXPECT_EQ(s.max, 100.0) << v;
        EXPECT_EQ(s.ticks, 5) << v;
    }
    EXPECT_EQ(liveScale(&axis, 20, 5).max, niceScale(20, 5).max); // shrunk well below: rescaled
    EXPECT_EQ(liveScale(&axis, 120, 5).max, niceScale(120, 5).max); // outgrown: rescaled
    EXPECT_GE(liveScale(&axis, 120, 5).max, 120.0);

    QLogValueAxis log;
    log.setRange(0.1, 1000);
    EXPECT_TRUE(keepLogRange(&log, 1, 100));
    EXPECT_FALSE(keepLogRange(&log, 0.01, 100)); // below the range
    EXPECT_FALSE(keepLogRange(&log, 1, 10000)); // above it
    EXPECT_FALSE(keepLogRange(&log, 0.1, 1)); // three decades under its top
}

TEST(AxisScale, TinyValuesGetTheDecimalsTheirTicksNeed)
{
    // Issue 44 item 11: costs per million tokens of a few thousandths drew "0.000" labels, three decimals at most.
    EXPECT_EQ(labelFormat(niceScale(0.0009, 5)), QStringLiteral("%.5f")); // 0 0.00025 0.0005 0.00075 0.001
    EXPECT_EQ(labelFormat(niceScale(0.00009, 5)), QStringLiteral("%.6f"));
}

TEST(AxisScale, LogAxesWriteEveryDecadeInItsShortestForm)
{
    // Issue 44, second try: the cost-over-time chart's log axis read "1000.0 / 100.0 / 10.0 / 1.0" (one decimal for
    // every decade because its lowest was 0.1), and the frontier's read "1e+03" below an hour or a yuan.
    const QByteArray format = logAxisLabelFormat().toLatin1();
    const std::pair<double, const char*> decades[] = { { 1e-4, "0.0001" }, { 1e-3, "0.001" }, { 0.1, "0.1" },
        { 1, "1" }, { 10, "10" }, { 1000, "1000" }, { 1e6, "1000000" }, { 1e8, "100000000" }, { 0.25, "0.25" } };
    for (const auto& [value, text] : decades)
        EXPECT_EQ(QString::asprintf(format.constData(), value), QLatin1String(text)) << value;
}
