#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cipherwatt::ciphers {

using Bytes = std::vector<std::uint8_t>;
using ByteView = std::span<const std::uint8_t>;
using MutableByteView = std::span<std::uint8_t>;

// Errors of the cipher library. Exceptions stay inside this module: the worker turns them into
// one-line messages and exit codes, the core receives them as JSON error events.
class CipherError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Throws CipherError naming `what` when `hex` is not an even-length string of hex digits.
Bytes fromHex(std::string_view hex, std::string_view what = "hex");
std::string toHex(ByteView bytes);

} // namespace cipherwatt::ciphers
