#pragma once

// Internal to the custom backend: the generic modes over a custom::BlockCipher, as
// cipherwatt::ciphers::Cipher implementations. Each mode keeps its block cipher(s) and does no
// allocation per message.

#include "../backend.h"
#include "block_cipher.h"

#include <functional>
#include <memory>

namespace cipherwatt::ciphers::custom {

// Makes a block cipher for one half of the key (XTS needs two instances).
using BlockCipherFactory = std::function<std::unique_ptr<BlockCipher>()>;

std::unique_ptr<Cipher> makeEcb(const CipherInfo &info, const BlockCipherFactory &factory);
std::unique_ptr<Cipher> makeCbc(const CipherInfo &info, const BlockCipherFactory &factory);
std::unique_ptr<Cipher> makeCtr(const CipherInfo &info, const BlockCipherFactory &factory);
// IEEE 1619 XTS over any 128-bit block cipher, with ciphertext stealing.
std::unique_ptr<Cipher> makeXts(const CipherInfo &info, const BlockCipherFactory &factory);

Provenance customProvenance(std::string implementation);

} // namespace cipherwatt::ciphers::custom
