#include "number_format.h"

#include "base/number_text.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace gpui
{

namespace
{

struct NumberFormatTr {
    Q_DECLARE_TR_FUNCTIONS(NumberFormat)
};

} // namespace

QString currencySymbol(const QString& currency)
{
    if (currency == QLatin1String("CNY"))
        return QStringLiteral("¥");
    if (currency == QLatin1String("USD"))
        return QStringLiteral("$");
    return currency + QLatin1Char(' ');
}

QString currencyUnit(const QString& currency)
{
    return currencySymbol(currency).trimmed();
}

QString formatMoney(double amount, const QString& currency)
{
    if (!std::isfinite(amount))
        return QStringLiteral("—");
    const int decimals = std::fabs(amount) >= 1000 ? 0 : 2;
    return QLocale().toCurrencyString(amount, currencySymbol(currency), decimals);
}

double toGiB(double bytes)
{
    return bytes / (1024.0 * 1024.0 * 1024.0);
}

QString formatBytes(double bytes)
{
    if (!std::isfinite(bytes))
        return QStringLiteral("—");
    const double gib = toGiB(bytes);
    if (std::fabs(gib) >= 1024)
        return NumberFormatTr::tr("%1 TiB").arg(QLocale().toString(gib / 1024, 'f', 2));
    if (std::fabs(gib) >= 1 || bytes == 0)
        return NumberFormatTr::tr("%1 GiB").arg(QLocale().toString(gib, 'f', std::fabs(gib) >= 100 ? 0 : 1));
    // Under half a MiB either way rounds to 0: never "-0 MiB".
    const double mib = std::round(bytes / (1024.0 * 1024.0));
    return NumberFormatTr::tr("%1 MiB").arg(QLocale().toString(mib == 0 ? 0.0 : mib, 'f', 0));
}

QString formatNumber(double value, int decimals)
{
    if (!std::isfinite(value))
        return QStringLiteral("—");
    return QLocale().toString(value, 'f', decimals < 0 ? gp::significantDecimals(value, 3) : decimals);
}

QString formatHours(double hours)
{
    if (!std::isfinite(hours) || hours < 0)
        return QStringLiteral("—");
    if (hours >= 48)
        return NumberFormatTr::tr("%1 days").arg(formatNumber(hours / 24, hours / 24 >= 100 ? 0 : 1));
    if (hours >= 1)
        return NumberFormatTr::tr("%1 h").arg(formatNumber(hours, 1));
    return NumberFormatTr::tr("%1 min").arg(formatNumber(hours * 60, 0));
}

QString formatSeconds(double seconds)
{
    if (!std::isfinite(seconds))
        return QStringLiteral("—");
    if (seconds >= 1 || seconds == 0)
        return NumberFormatTr::tr("%1 s").arg(formatNumber(seconds, 2));
    if (seconds >= 1e-3)
        return NumberFormatTr::tr("%1 ms").arg(formatNumber(seconds * 1e3, 1));
    return NumberFormatTr::tr("%1 µs").arg(formatNumber(seconds * 1e6, 0));
}

QString formatPercent(double fraction)
{
    if (!std::isfinite(fraction))
        return QStringLiteral("—");
    return QLocale().toString(fraction * 100, 'f', 1) + QStringLiteral(" %");
}

QString formatTokens(double tokens)
{
    if (!std::isfinite(tokens))
        return QStringLiteral("—");
    const double a = std::fabs(tokens);
    if (a >= 1e12)
        return NumberFormatTr::tr("%1 T").arg(formatNumber(tokens / 1e12, 2));
    if (a >= 1e9)
        return NumberFormatTr::tr("%1 B").arg(formatNumber(tokens / 1e9, 2));
    if (a >= 1e6)
        return NumberFormatTr::tr("%1 M").arg(formatNumber(tokens / 1e6, 1));
    if (a >= 1e3)
        return NumberFormatTr::tr("%1 K").arg(formatNumber(tokens / 1e3, 1));
    return formatNumber(tokens, 0);
}

bool parseScaledNumber(const QString& text, double* value)
{
    QString t = text.trimmed();
    t.remove(QLatin1Char(' '));
    if (t.isEmpty())
        return false;
    double scale = 1;
    const QChar last = t.back().toUpper();
    if (last == QLatin1Char('K') || last == QLatin1Char('M') || last == QLatin1Char('B') || last == QLatin1Char('G')
        || last == QLatin1Char('T')) {
        scale = last == QLatin1Char('K') ? 1e3 : last == QLatin1Char('M') ? 1e6 : last == QLatin1Char('T') ? 1e12 : 1e9;
        t.chop(1);
    }
    bool ok = false;
    double v = QLocale().toDouble(t, &ok);
    if (!ok)
        v = QLocale::c().toDouble(t, &ok);
    if (!ok) {
        QString noGroups = t;
        noGroups.remove(QLatin1Char(','));
        v = QLocale::c().toDouble(noGroups, &ok);
    }
    if (!ok || !std::isfinite(v * scale))
        return false;
    *value = v * scale;
    return true;
}

} // namespace gpui
