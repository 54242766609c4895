// The firmware's framing (firmware/PROTOCOL.md, section 2): `<JSON text> #<CRC-32>`.

#include <cipherwatt/core/mcu.h>

#include <array>

namespace cipherwatt::core::mcu {

namespace {

// The table of the reflected polynomial 0xEDB88320, one entry per byte value.
constexpr std::array<std::uint32_t, 256> makeTable()
{
    std::array<std::uint32_t, 256> table{};
    for (std::uint32_t n = 0; n < 256; ++n) {
        std::uint32_t c = n;
        for (int bit = 0; bit < 8; ++bit)
            c = (c & 1U) != 0 ? 0xEDB88320U ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
    return table;
}

constexpr std::array<std::uint32_t, 256> kTable = makeTable();

constexpr qsizetype kTrailer = 10; // " #" and 8 hex digits

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

} // namespace

std::uint32_t crc32(QByteArrayView data)
{
    std::uint32_t crc = 0xFFFFFFFFU;
    for (const char c : data)
        crc = kTable[(crc ^ static_cast<std::uint8_t>(c)) & 0xFFU] ^ (crc >> 8);
    return crc ^ 0xFFFFFFFFU;
}

QByteArray frame(QByteArrayView json)
{
    return json.toByteArray() + " #" + QByteArray::number(crc32(json), 16).rightJustified(8, '0');
}

Unframed unframe(QByteArrayView line)
{
    Unframed out;
    if (line.size() < kTrailer + 2 || line[line.size() - kTrailer] != ' ' ||
        line[line.size() - kTrailer + 1] != '#') {
        out.error = QStringLiteral("no \" #\" and checksum at its end");
        return out;
    }
    std::uint32_t given = 0;
    for (qsizetype i = line.size() - 8; i < line.size(); ++i) {
        const int digit = hexDigit(line[i]);
        if (digit < 0) {
            out.error = QStringLiteral("its checksum is not 8 hex digits");
            return out;
        }
        given = (given << 4) | static_cast<std::uint32_t>(digit);
    }
    const QByteArrayView json = line.first(line.size() - kTrailer);
    const std::uint32_t computed = crc32(json);
    if (computed != given) {
        out.error = QStringLiteral("CRC-32 %1, the line says %2")
                        .arg(computed, 8, 16, QLatin1Char('0'))
                        .arg(given, 8, 16, QLatin1Char('0'));
        return out;
    }
    out.json = json.toByteArray();
    return out;
}

} // namespace cipherwatt::core::mcu
