#include <cipherwatt/ciphers/types.h>

#include <string>

namespace cipherwatt::ciphers {

namespace {

int hexValue(char c)
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

Bytes fromHex(std::string_view hex, std::string_view what)
{
    if (hex.size() % 2 != 0)
        throw CipherError(std::string(what) + ": odd number of hex digits (" +
                          std::to_string(hex.size()) + ")");
    Bytes out(hex.size() / 2);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const int hi = hexValue(hex[2 * i]);
        const int lo = hexValue(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            throw CipherError(std::string(what) + ": not a hex digit at position " +
                              std::to_string(hi < 0 ? 2 * i : 2 * i + 1));
        out[i] = static_cast<std::uint8_t>(hi * 16 + lo);
    }
    return out;
}

std::string toHex(ByteView bytes)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size() * 2);
    for (const std::uint8_t b : bytes) {
        out.push_back(digits[b >> 4]);
        out.push_back(digits[b & 0x0f]);
    }
    return out;
}

} // namespace cipherwatt::ciphers
