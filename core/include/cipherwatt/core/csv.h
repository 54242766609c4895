#pragma once

// CSV as every CipherWatt export writes it: RFC 4180 (fields with a comma, quote, CR or LF are
// quoted and quotes doubled; CRLF line ends), UTF-8, '.' as decimal separator whatever the
// locale, an empty field for a value that does not exist.

#include <QIODevice>
#include <QString>
#include <QStringList>

namespace cipherwatt::core {

QString csvField(const QString &text);
// `value` with `decimals` digits after the point ('.'); NaN and infinities give "".
QString csvNumber(double value, int decimals);
// The shortest text that reads back as the same double ('.'); NaN and infinities give "".
QString csvExact(double value);
// `value` with `digits` significant digits ('.'); NaN and infinities give "". Meter values
// arrive as float32 (FLOAT format) or with at most 6 digits (ASCII): 9 digits keep them exact
// without printing the noise of their conversion to double.
QString csvSignificant(double value, int digits = 9);

class CsvWriter
{
public:
    explicit CsvWriter(QIODevice &device)
        : m_device(device)
    {}

    // Writes one record; returns false when the device refused the bytes.
    bool row(const QStringList &fields);

private:
    QIODevice &m_device;
};

// Parses RFC 4180 text back into records (for tests and for reading exports back).
QList<QStringList> parseCsv(const QString &text);

} // namespace cipherwatt::core
