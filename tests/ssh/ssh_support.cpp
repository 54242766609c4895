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
    QObject::connect(dut, &core::Dut::ready, dut, [r](const core::WorkerHello &hello, qint64) {
        r->ready = true;
        r->hello = hello;
    });
    QObject::connect(dut, &core::Dut::event, dut,
                     [r](const core::WorkerEvent &e, qint64) { r->events.push_back(e); });
    QObject::connect(dut, &core::Dut::failed, dut,
                     [r](const core::Message &reason) { r->failure = reason.english(); });
    QObject::connect(dut, &core::Dut::note, dut,
                     [r](const core::Message &text) { r->notes << text.english(); });
    QObject::connect(dut, &core::Dut::diagnostic, dut,
                     [r](const QString &text) { r->diagnostics << text; });
    QObject::connect(dut, &core::Dut::finished, dut, [r](const core::Message &reason, bool clean) {
        r->finished = reason.english();
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

QString eventName(const core::WorkerEvent &event)
{
    using namespace core::worker;
    struct Visitor
    {
        QString operator()(const Catalogue &) const { return QStringLiteral("list"); }
        QString operator()(const SelfTestDone &) const { return QStringLiteral("selftest"); }
        QString operator()(const RunStarted &) const { return QStringLiteral("run_start"); }
        QString operator()(const Progress &) const { return QStringLiteral("progress"); }
        QString operator()(const RunEnded &) const { return QStringLiteral("run_end"); }
        QString operator()(const GovernorDone &) const { return QStringLiteral("governor"); }
        QString operator()(const CancelAck &) const { return QStringLiteral("cancel"); }
        QString operator()(const Checked &) const { return QStringLiteral("check"); }
        QString operator()(const Failure &) const { return QStringLiteral("error"); }
        QString operator()(const Bye &) const { return QStringLiteral("bye"); }
        QString operator()(const Unknown &u) const { return u.name; }
        QString operator()(const core::WorkerHello &) const { return QStringLiteral("hello"); }
        QString operator()(const KatDone &) const { return QStringLiteral("kat"); }
        QString operator()(const ResetAck &) const { return QStringLiteral("reset"); }
        QString operator()(const Fault &) const { return QStringLiteral("fault"); }
        QString operator()(const Activity &) const { return QStringLiteral("activity"); }
        QString operator()(const Sources &) const { return QStringLiteral("sources"); }
        QString operator()(const SampleStarted &) const { return QStringLiteral("sample_start"); }
        QString operator()(const SourceSample &) const { return QStringLiteral("sample"); }
        QString operator()(const SampleEnded &) const { return QStringLiteral("sample_end"); }
    };
    return std::visit(Visitor{}, event.body);
}

std::optional<core::WorkerEvent> SshDut::awaitEvent(const QString &name, std::size_t from)
{
    std::optional<core::WorkerEvent> found;
    waitFor(
        report,
        [&](const DutReport &r) {
            for (std::size_t i = from; i < r.events.size(); ++i) {
                if (eventName(r.events[i]) == name) {
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
