#pragma once

// Internal: how plugins (plugin/loader.cpp) add ciphers to the catalogue and backends to the
// backend table. Both are filled once, on the main thread, before any other thread looks them
// up; entries never move or disappear afterwards, so references handed out stay valid.

#include "backend.h"

#include <cipherwatt/ciphers/catalogue.h>

#include <deque>

namespace cipherwatt::ciphers::detail {

std::deque<CipherInfo> &mutableCatalogue();

// Appends an entry; its string views must point at storage that lives as long as the process.
const CipherInfo &addCatalogueEntry(const CipherInfo &info);

void addBackend(Backend backend);

} // namespace cipherwatt::ciphers::detail
