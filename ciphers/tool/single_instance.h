#pragma once

// One serving worker per user and machine. A host that lost its SSH link and connects again
// starts a new `serve`; the old one may still be running (its sshd has not noticed yet), still
// pinned, perhaps still in a run that loads the CPU. The new one ends it first: SIGTERM, which
// `serve` treats like the end of its input (stop the run, restore the governor, exit), and
// SIGKILL only if that takes too long (the governor journal then lets the new one restore).

#include <filesystem>
#include <sys/types.h>

namespace cipherwatt::bench {

// `$XDG_RUNTIME_DIR/cipherwatt/serve.lock`, else `${XDG_CACHE_HOME:-~/.cache}/cipherwatt/
// serve.lock`. For a fake sysfs tree a file inside it: each fake machine has its own worker.
std::filesystem::path defaultInstanceLockPath(const std::filesystem::path &sysfsRoot);

class InstanceLock
{
public:
    // Takes the lock at `path` (an flock on a file holding the owner's pid), ending the worker
    // that holds it. Throws CipherError when the lock cannot be had.
    explicit InstanceLock(const std::filesystem::path &path);
    ~InstanceLock();
    InstanceLock(const InstanceLock &) = delete;
    InstanceLock &operator=(const InstanceLock &) = delete;

    // The worker that had to be ended, 0 when the lock was free.
    pid_t replaced() const { return m_replaced; }

private:
    int m_fd = -1;
    pid_t m_replaced = 0;
};

} // namespace cipherwatt::bench
