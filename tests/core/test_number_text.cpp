// The one significant-digits rule for numbers in messages and warning arguments.
#include "base/number_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

using namespace gp;

TEST(NumberText, FormatNumberSignificantDigits)
{
    EXPECT_EQ(formatNumber(130.4), "130");
    EXPECT_EQ(formatNumber(3.14159), "3.14");
    EXPECT_EQ(formatNumber(41000.4), "41000");
    EXPECT_EQ(formatNumber(0.012345), "0.0123");
    EXPECT_EQ(formatNumber(3.1, 2), "3.1");
    EXPECT_EQ(formatNumber(80.0), "80");
    EXPECT_EQ(formatNumber(2.50), "2.5");
    EXPECT_EQ(formatNumber(-1.23456, 4), "-1.235");
    EXPECT_EQ(formatNumber(0), "0");
    EXPECT_EQ(formatNumber(std::nan("")), "nan");
    EXPECT_EQ(formatNumber(-INFINITY), "-inf");
    EXPECT_EQ(formatNumber(1e20), std::string("1") + std::string(20, '0'));
    // The largest magnitudes come out whole, never cut at a buffer's end.
    const std::string huge = formatNumber(-1e300);
    EXPECT_EQ(huge.size(), 302u) << huge;
    EXPECT_EQ(huge.substr(0, 2), "-1");
    EXPECT_EQ(std::stod(huge), -1e300);
    EXPECT_EQ(formatNumber(1.7976931348623157e308).size(), 309u);
}

TEST(NumberText, DecimalsFollowTheSignificantDigits)
{
    // 3 significant digits: 123 -> 0 decimals, 12.3 -> 1, 1.23 -> 2, 0.0123 -> 4; 0 and non-finite -> 0.
    EXPECT_EQ(significantDecimals(123.4), 0);
    EXPECT_EQ(significantDecimals(12.34), 1);
    EXPECT_EQ(significantDecimals(1.234), 2);
    EXPECT_EQ(significantDecimals(0.01234), 4);
    EXPECT_EQ(significantDecimals(-12.34), 1);
    EXPECT_EQ(significantDecimals(0), 0);
    EXPECT_EQ(significantDecimals(NAN), 0);
    EXPECT_EQ(significantDecimals(1.234, 2), 1);
}

TEST(NumberText, ExactTextReadsBackAsTheSameNumber)
{
    for (double v : { 1234.56, 0.1, 1e-7, 16777217.0, 50.0 }) {
        const std::string text = formatExact(v);
        EXPECT_EQ(std::stod(text), v) << text;
    }
    EXPECT_EQ(formatExact(1234.56), "1234.56");
    EXPECT_EQ(formatExact(NAN), "NaN");
}
