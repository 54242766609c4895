#pragma once

// TCP on 127.0.0.1 for the tests' servers (sshd, qemu's UART): a port to give one, and a
// connection to it.

#include <cstdint>

namespace cipherwatt::test {

// A port nobody listens on now: bound to 0, read back and closed for the server to take. It is
// not reserved: a server that finds it taken should fail at once, and its caller try another.
// Throws std::runtime_error when no socket can be bound.
std::uint16_t freeLoopbackPort();

// A connected socket to 127.0.0.1:`port` (TCP_NODELAY, close-on-exec), or -1.
int connectLoopback(std::uint16_t port);

} // namespace cipherwatt::test
