#include "ssh_support.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <thread>

namespace cipherwatt::test {

core::SshOptions sshOptions(const SshServer &server)
{
    core::SshOptions o;
    o.target.kind = core::DutResource::Kind::Ssh;
    o.target.user = QString::fromStdString(server.user());
    o.target.host = QStringLiteral("127.0.0.1");
    o.target.port = server.port();
    o.keyFile = qs(server.clientKey());
    o.useAgent = false;
    o.userKnownHosts = qs(server.knownHosts());
    o.appKnownHosts = qs(server.dir() / "app" / "known_hosts");
    o.remoteWorker = QStringLiteral(CIPHERWATT_BENCH_EXE);
    o.allowUpload = false;
    o.remoteCacheDir = qs(server.dir() / "cache" / "cipherwatt");
    o.environment << QStringLiteral("XDG_DATA_HOME=") + qEnvironmentVariable("XDG_DATA_HOME");
    // One worker per test server, never one per user of this machine (other test runs).
    o.serveArguments << QStringLiteral("--instance-lock") << qs(server.dir() / "serve.lock");
    return o;
}

void waitFor(DutReport &report, const std::function<bool(const DutReport &)> &until,
             std::chrono::milliseconds limit)
{
    if (until(report))
        return;
    QElapsedTimer clock;
    clock.start();
    QEventLoop loop;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        if (until(report) || clock.elapsed() > limit.count())
            loop.quit();
    });
    tick.start(20);
    loop.exec();
}

SshDut::SshDut(const core::SshOptions &options)
    : m_dut(std::make_unique<core::Dut>(core::makeSshLinkFactory(options)))
{
    DutReport *r = &report;
    core::Dut *dut = m_dut.get();
    QObject::connect(dut, &core::Dut::ready, dut, [r](const QJsonObject &hello, qint64) {
        r->ready = true;
        r->hello = hello;
    });
    QObject::connect(dut, &core::Dut::event, dut,
                     [r](const QJsonObject &e, qint64) { r->events.push_back(e); });
    QObject::connect(dut, &core::Dut::failed, dut,
                     [r](const QString &reason) { r->failure = reason; });
    QObject::connect(dut, &core::Dut::note, dut, [r](const QString &text) { r->notes << text; });
    QObject::connect(dut, &core::Dut::diagnostic, dut,
                     [r](const QString &text) { r->diagnostics << text; });
    QObject::connect(dut, &core::Dut::finished, dut, [r](const QString &reason, bool clean) {
        r->finished = reason;
        r->clean = clean;
    });
    m_dut->start();
    waitFor(
        report, [](const DutReport &x) { return x.ready || !x.failure.isEmpty(); },
        std::chrono::seconds(60));
}

SshDut::~SshDut() = default;

void SshDut::finish()
{
    m_dut->finish();
    waitFor(
        report, [](const DutReport &x) { return !x.finished.isEmpty(); }, std::chrono::seconds(20));
}

std::optional<QJsonObject> SshDut::awaitEvent(const QString &name, std::size_t from)
{
    std::optional<QJsonObject> found;
    waitFor(
        report,
        [&](const DutReport &r) {
            for (std::size_t i = from; i < r.events.size(); ++i) {
                if (r.events[i][QStringLiteral("event")].toString() == name) {
                    found = r.events[i];
                    return true;
                }
            }
            return false;
        },
        std::chrono::seconds(30));
    return found;
}

bool waitUntilGone(const std::string &needle, std::chrono::milliseconds limit)
{
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (!processesWithArgument(needle).empty()) {
        if (std::chrono::steady_clock::now() > deadline)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return true;
}

} // namespace cipherwatt::test
