#include <cipherwatt/core/csv.h>

#include <cmath>

namespace cipherwatt::core {

QString csvField(const QString &text)
{
    const bool quote = text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) ||
                       text.contains(QLatin1Char('\n')) || text.contains(QLatin1Char('\r'));
    if (!quote)
        return text;
    QString doubled = text;
    doubled.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + doubled + QLatin1Char('"');
}

QString csvNumber(double value, int decimals)
{
    if (!std::isfinite(value))
        return {};
    // QString::number is locale-independent: always '.'.
    return QString::number(value, 'f', decimals);
}

QString csvExact(double value)
{
    if (!std::isfinite(value))
        return {};
    return QString::number(value, 'g', 17 /* max_digits10: round-trips every double */);
}

QString csvSignificant(double value, int digits)
{
    if (!std::isfinite(value))
        return {};
    return QString::number(value, 'g', digits);
}

bool CsvWriter::row(const QStringList &fields)
{
    QString line;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0)
            line += QLatin1Char(',');
        line += csvField(fields[i]);
    }
    line += QStringLiteral("\r\n");
    const QByteArray bytes = line.toUtf8();
    return m_device.write(bytes) == bytes.size();
}

QList<QStringList> parseCsv(const QString &text)
{
    QList<QStringList> records;
    QStringList record;
    QString field;
    bool quoted = false;
    bool any = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        any = true;
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            record << field;
            field.clear();
        } else if (c == QLatin1Char('\r') || c == QLatin1Char('\n')) {
            if (c == QLatin1Char('\r') && i + 1 < text.size() && text[i + 1] == QLatin1Char('\n'))
                ++i;
            record << field;
            records << record;
            record.clear();
            field.clear();
            any = false;
        } else {
            field += c;
        }
    }
    if (any) {
        record << field;
        records << record;
    }
    return records;
}

} // namespace cipherwatt::core
