#pragma once

// The SIMD switch (`--isa`): the first paper compares each cipher with and without NEON, so
// every backend can be capped at an instruction-set level. The custom code dispatches on
// isaLimit(); Botan has its CPUID bits cleared; OpenSSL reads a capability mask from its
// environment when it loads (the worker re-executes itself with it, see opensslIsaEnvironment).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cipherwatt::ciphers {

// Levels in increasing order on each architecture. x86-64: portable (no SIMD, no AES-NI),
// sse2 (SSE2..SSE4.2 with AES-NI and PCLMULQDQ, no AVX), avx2 (no AVX-512, no VAES), avx512
// (everything). aarch64: portable (no NEON, no crypto extensions), neon (everything).
enum class Isa : std::uint8_t { Portable, Sse2, Avx2, Avx512, Neon };

std::string_view isaName(Isa isa);
std::optional<Isa> parseIsa(std::string_view name);
// What this CPU supports, lowest first (always starts with Portable).
std::vector<Isa> supportedIsas();
Isa bestIsa();

// The level in force in this process; bestIsa() unless applyIsaLimit() lowered it.
Isa isaLimit();
// Caps the custom code and Botan at `limit`. Call before creating ciphers. Throws CipherError
// when this CPU does not have `limit`.
void applyIsaLimit(Isa limit);

// The level in force while it lives, and the one before it again afterwards: a run at another
// level than the worker's (an experiment's ISA factor), the ISA agreement check.
class IsaLimitGuard
{
public:
    IsaLimitGuard()
        : m_saved(isaLimit())
    {}
    explicit IsaLimitGuard(Isa limit)
        : IsaLimitGuard()
    {
        applyIsaLimit(limit);
    }
    ~IsaLimitGuard() { applyIsaLimit(m_saved); }
    IsaLimitGuard(const IsaLimitGuard &) = delete;
    IsaLimitGuard &operator=(const IsaLimitGuard &) = delete;

private:
    Isa m_saved;
};

// Whether a backend's code follows applyIsaLimit() in a running worker: the custom code and
// Botan do; OpenSSL reads its level once, when it loads, and a plugin's code is its own.
bool isaFollowsLimit(std::string_view backend);

// The environment variable and value that cap OpenSSL at `limit` (OPENSSL_ia32cap on x86-64,
// OPENSSL_armcap on aarch64). An empty value means the variable must be unset (no capping);
// an empty name means this architecture has no such variable.
std::pair<std::string, std::string> opensslIsaEnvironment(Isa limit);

// True when the code paths for `isa` were compiled into this build.
bool isaCompiledIn(Isa isa);

} // namespace cipherwatt::ciphers
