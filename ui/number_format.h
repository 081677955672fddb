// Numbers as the user reads them: QLocale digits and separators, currency symbols, GiB, durations.
#pragma once

#include <QString>

namespace gpui
{

// "¥12,345" / "$1,234.50": no decimals for large amounts.
QString formatMoney(double amount, const QString& currency);
// Currency symbol for a code: "CNY" -> "¥", "USD" -> "$", else the code.
QString currencySymbol(const QString& currency);
// The currency as a unit in an axis title, as the figures write it: "¥", "$", "EUR".
QString currencyUnit(const QString& currency);
// "37.2 GiB" (bytes in binary units).
QString formatBytes(double bytes);
// Bytes as GiB without unit, for charts.
double toGiB(double bytes);
// "3.4 days", "5.2 h", "12 min".
QString formatHours(double hours);
// "1.2 s", "340 ms".
QString formatSeconds(double seconds);
// Locale number with a sensible number of significant decimals ("12,345", "0.42").
// decimals < 0: three significant digits by the core's rule (gp::significantDecimals).
QString formatNumber(double value, int decimals = -1);
// "42 %".
QString formatPercent(double fraction);
// Token counts: "2.0 B", "350 M", "12 K".
QString formatTokens(double tokens);
// Parses "7B", "6.74e9", "350M", "1.5T", "12,000" into a number; false when it is not one.
bool parseScaledNumber(const QString& text, double* value);

} // namespace gpui
