// A number typed with its unit is read in the field's unit; an unreadable one is refused, never half-read.
#include "plan/field_units.h"

#include <gtest/gtest.h>

using gp::FieldUnit;
using gp::readQuantity;

TEST(FieldUnits, LatencyTakesMillisecondsSecondsAndTheFieldsUnit)
{
    // workload.serving.slo.ttft_seconds is in seconds.
    EXPECT_DOUBLE_EQ(readQuantity("500 ms", FieldUnit::Seconds).value_or(-1), 0.5);
    EXPECT_DOUBLE_EQ(readQuantity("0.5 s", FieldUnit::Seconds).value_or(-1), 0.5);
    EXPECT_DOUBLE_EQ(readQuantity("0.5", FieldUnit::Seconds).value_or(-1), 0.5);
    EXPECT_DOUBLE_EQ(readQuantity("1000 ms", FieldUnit::Seconds).value_or(-1), 1.0) << "never 1,000 s";
    EXPECT_DOUBLE_EQ(readQuantity("1,000ms", FieldUnit::Seconds).value_or(-1), 1.0);
    // Microseconds, as the window writes a time under a millisecond ("300 µs", "300 微秒").
    EXPECT_DOUBLE_EQ(readQuantity("300 µs", FieldUnit::Seconds).value_or(-1), 3e-4);
    EXPECT_DOUBLE_EQ(readQuantity("300 微秒", FieldUnit::Seconds).value_or(-1), 3e-4);
    EXPECT_DOUBLE_EQ(readQuantity("0.3", FieldUnit::Seconds, "ms").value_or(-1), 3e-4);
    EXPECT_FALSE(readQuantity("abc", FieldUnit::Seconds));
    EXPECT_FALSE(readQuantity("", FieldUnit::Seconds));
    EXPECT_FALSE(readQuantity("5 GiB", FieldUnit::Seconds)) << "a unit of another kind is not dropped";
    EXPECT_FALSE(readQuantity("5 msx", FieldUnit::Seconds));
}

TEST(FieldUnits, ABareNumberIsInTheUnitTheFieldShows)
{
    // Time per output token is shown in ms: "50" there is 50 ms, stored as 0.05 s.
    EXPECT_DOUBLE_EQ(readQuantity("50", FieldUnit::Seconds, "ms").value_or(-1), 0.05);
    EXPECT_DOUBLE_EQ(readQuantity("0.05 s", FieldUnit::Seconds, "ms").value_or(-1), 0.05);
    EXPECT_DOUBLE_EQ(readQuantity("90 min", FieldUnit::Hours).value_or(-1), 1.5);
    EXPECT_DOUBLE_EQ(readQuantity("2 d", FieldUnit::Hours).value_or(-1), 48);
    EXPECT_DOUBLE_EQ(readQuantity("20%", FieldUnit::Fraction).value_or(-1), 0.2);
    EXPECT_DOUBLE_EQ(readQuantity("20", FieldUnit::Fraction, "%").value_or(-1), 0.2);
    EXPECT_DOUBLE_EQ(readQuantity("2B", FieldUnit::Tokens).value_or(-1), 2e9);
    EXPECT_DOUBLE_EQ(readQuantity("512 MiB", FieldUnit::Gib).value_or(-1), 0.5);
    EXPECT_DOUBLE_EQ(readQuantity("-5", FieldUnit::Tokens).value_or(0), -5) << "the sign is kept for the range check";
}
