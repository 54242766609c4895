#pragma once

// Shared by the SSH DUT tests: link options aimed at the test's sshd, and running a link on a
// Dut until it reports.

#include <cipherwatt/core/dut.h>
#include <cipherwatt/core/ssh.h>

#include <QJsonObject>
#include <QString>

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <sshd.h>
#include <vector>

namespace cipherwatt::test {

inline QString qs(const std::filesystem::path &path)
{
    return QString::fromStdString(path.string());
}

// Key authentication with the authorized client key, the server's key already known (user
// file), the build's worker as the remote one, no agent, no upload. The remote worker gets the
// same empty plugin directory as the tests (XDG_DATA_HOME).
core::SshOptions sshOptions(const SshServer &server);

// What a Dut reported, in order.
struct DutReport
{
    bool ready = false;
    QString failure;
    QString finished;
    bool clean = false;
    QStringList notes;
    QStringList diagnostics;
    std::vector<core::WorkerEvent> events;
    core::WorkerHello hello;
};

// The protocol's name of the event ("governor", "error", "list", ...).
QString eventName(const core::WorkerEvent &event);

// Runs the event loop until `until` holds for the report or `limit` passes.
void waitFor(DutReport &report, const std::function<bool(const DutReport &)> &until,
             std::chrono::milliseconds limit);

// A Dut on an SSH link, started at once, with what it reports (which outlives it).
class SshDut
{
public:
    // Waits (at most a minute) until the worker greets or the link gives up.
    explicit SshDut(const core::SshOptions &options);
    ~SshDut();
    SshDut(const SshDut &) = delete;
    SshDut &operator=(const SshDut &) = delete;

    core::Dut &dut() { return *m_dut; }
    // End of input; waits (at most 20 s) until the worker is gone.
    void finish();
    // The first event named `name` from the `from`-th on, waiting up to 30 s for it.
    std::optional<core::WorkerEvent> awaitEvent(const QString &name, std::size_t from = 0);

    DutReport report;

private:
    std::unique_ptr<core::Dut> m_dut;
};

// Waits (bounded) until no process has an argument containing `needle`; true when none is left.
bool waitUntilGone(const std::string &needle, std::chrono::milliseconds limit);

} // namespace cipherwatt::test
