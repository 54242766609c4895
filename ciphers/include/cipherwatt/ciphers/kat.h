#pragma once

#include <cipherwatt/ciphers/types.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cipherwatt::ciphers {

// One known-answer vector from a third-party source (tests/data/kat/*.vec, see its README).
struct KatVector
{
    std::string cipherId;
    std::string origin; // "<file>:<line>", for messages
    Bytes key;
    Bytes iv; // IV, nonce or tweak, as the cipher names it
    Bytes aad;
    Bytes in;
    Bytes out;
    std::size_t offset = 0;  // stream ciphers: `out` is the output at this key-stream offset
    unsigned iterations = 1; // X25519: RFC 7748 §5.2 iterated form
    // Empty: the vector vouches for the cipher on every backend. Set: a plugin brought it for
    // its own cipher, and it is run on that backend ("plugin:<name>") only.
    std::string backend;
};

// One `[group]` record of `Name = value` lines, before any meaning is given to it.
struct VectorRecord
{
    std::string group;
    std::string origin; // "<file>:<line>"
    std::vector<std::pair<std::string, std::string>> fields;

    const std::string *find(std::string_view name) const;
    Bytes hex(std::string_view name) const; // throws CipherError when missing or not hex
};

// The generic layer of the vector format (also used for Adiantum's parts, which are not
// catalogue ciphers). Throws CipherError naming the file and line on bad syntax.
std::vector<VectorRecord> parseVectorRecords(std::string_view text, std::string_view fileName);

// Parses the text of a vector file. Throws CipherError naming the file and line on bad syntax,
// an unknown cipher id, or a field the cipher does not take.
std::vector<KatVector> parseVectorFile(std::string_view text, std::string_view fileName);

enum class KatStatus : std::uint8_t { Passed, Failed, Unavailable };

struct KatOutcome
{
    KatStatus status = KatStatus::Failed;
    std::string message; // why it failed, or why the backend cannot run it
};

// Runs one vector through one backend, in both directions where the cipher has two.
KatOutcome runVector(const KatVector &vector, std::string_view backend);

// Each instruction-set path against the portable one, the reference: for the custom and Botan
// backends (OpenSSL's level is fixed when it loads; `--isa portable` runs its vectors instead),
// every level this CPU has up to the current limit, on seeded random keys, parameters and
// lengths (many blocks, so wide SIMD paths run, and odd lengths). Restores the limit.
struct IsaAgreement
{
    std::string cipherId;
    std::string backend;
    std::string isa;
    bool agreed = false;
    std::string message;
};
std::vector<IsaAgreement> checkIsaAgreement(const std::vector<std::string> &cipherIds = {});

// Modes over a block cipher that have no published vectors of their own (LEA-XTS, CHAM-XTS,
// LEA-CTR, RC6-CBC, ...) are vouched for by their block cipher: its ECB entry's vectors, and the
// mode agreeing with the mode built by its definition (SP 800-38A CBC and CTR, IEEE 1619 XTS)
// from that ECB cipher, on seeded random keys, IVs and lengths.
struct CipherInfo;
// The ECB entry of the same block cipher, key size and round count ("cham-128-128-xts-r80" ->
// "cham-128-128-ecb-r80"), or null.
const CipherInfo *ecbSibling(const CipherInfo &info);
struct ModeDefinitionCheck
{
    bool agreed = false;
    std::string message; // what disagreed, or why it could not be checked
};
ModeDefinitionCheck checkModeByDefinition(const CipherInfo &info, const std::string &backend,
                                          std::uint64_t seed = 20261121);

// The vector files compiled into the library (the same files as tests/data/kat), so the worker
// can check itself on a DUT without the source tree.
const std::vector<KatVector> &builtinVectors();

// Every vector that vouches for `cipherId` on `backend`: the built-in ones for that id and, for
// a plugin backend, the vectors the plugin ships (plugin.h).
std::vector<KatVector> vectorsFor(std::string_view cipherId, std::string_view backend);

} // namespace cipherwatt::ciphers
