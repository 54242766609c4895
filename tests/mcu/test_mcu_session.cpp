// Microcontroller DUTs end to end: the CipherWatt firmware on qemu-system-arm -M mps2-an385
// (firmware/), reached over its emulated UART on a TCP port of 127.0.0.1, measured by the
// session runner with the simulated meter; and what a real board does to a session (a reset,
// a corrupted line, silence, a board that is gone). Expected values come from the firmware's
// protocol (firmware/PROTOCOL.md) and the published vectors of tests/data/kat.

#include "qemu_process.h"
#include "session_helpers.h"
#include "temp_dir.h"

#include <cipherwatt/core/dut_kinds.h>
#include <cipherwatt/core/mcu.h>
#include <cipherwatt/core/runner.h>

#include <QEventLoop>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <catch2/catch.hpp>

#include <cmath>
#include <memory>

using namespace cipherwatt;
using cipherwatt::test::QemuProcess;

namespace {

core::SessionSettings mcuSettings(const QemuProcess &board, const QString &plan, double runSeconds)
{
    core::SessionSettings s;
    s.label = QStringLiteral("mcu test");
    s.meterResource = QStringLiteral("sim");
    s.dutResource = board.resource();
    s.planSpec = plan;
    s.bufferSizes = {5, 100};
    s.baselineSeconds = 1.0;
    s.runLength.kind = core::RunLength::Kind::Seconds;
    s.runLength.seconds = runSeconds;
    s.minUpdates = 5;
    s.pinGovernor = true; // asked for, and a board has none: recorded, not failed
    s.cpu = -1;
    return s;
}

core::RunnerOptions optionsFor(const test::TempDir &dir)
{
    core::RunnerOptions o;
    o.databasePath = QString::fromStdString((dir.path() / "sessions.sqlite").string());
    return o;
}

// Calls `act` once, when the first run has started on the board.
std::function<void(core::SessionRunner &)> onFirstRun(std::function<void()> act)
{
    return [act = std::move(act)](core::SessionRunner &runner) {
        auto done = std::make_shared<bool>(false);
        QObject::connect(&runner, &core::SessionRunner::runUpdated, &runner,
                         [act, done](const core::RunUpdate &u) {
                             if (u.status == core::RunStatus::Running && !*done) {
                                 *done = true;
                                 // Let the loop begin (run_start, then 50 ms of warm-up).
                                 QTimer::singleShot(400, act);
                             }
                         });
    };
}

// An interrupted session: its reason, the run that was going, and what became of it.
void checkInterrupted(const test::SessionOutcome &out, const QString &database,
                      const QString &reasonPart)
{
    INFO(out.reason.toStdString());
    CHECK(out.status == core::SessionStatus::Interrupted);
    CHECK(out.reason.contains(reasonPart));
    REQUIRE(out.session > 0);
    const core::SessionData data = test::loadSession(database, out.session);
    CHECK(data.summary.status == core::SessionStatus::Interrupted);
    REQUIRE_FALSE(data.runs.empty());
    CHECK(data.runs[0].status == core::RunStatus::Interrupted);
    CHECK(data.runs[0].error.english().contains(reasonPart));
    CHECK_FALSE(data.runs[0].result.has_value()); // nothing it said is kept as a result
    CHECK_FALSE(data.runs[0].analysis.has_value());
    // The baseline before it is kept.
    REQUIRE(data.analysis.baseline.has_value());
    CHECK(data.analysis.baseline->result.stats.count > 0);
}

// Sits between the link and qemu's UART and forwards every byte, until asked to damage one
// byte of what the board sends next.
class CorruptingProxy
{
public:
    explicit CorruptingProxy(quint16 boardPort)
        : m_boardPort(boardPort)
    {
        REQUIRE(m_server.listen(QHostAddress::LocalHost, 0));
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] {
            m_host = m_server.nextPendingConnection();
            m_board = new QTcpSocket(m_host);
            m_board->connectToHost(QHostAddress::LocalHost, m_boardPort);
            QObject::connect(m_host, &QTcpSocket::readyRead, m_host,
                             [this] { m_board->write(m_host->readAll()); });
            QObject::connect(m_board, &QTcpSocket::readyRead, m_board, [this] {
                QByteArray bytes = m_board->readAll();
                // The first byte that is not a line's end: bit 6 flipped, as line noise does.
                for (qsizetype i = 0; m_damage && i < bytes.size(); ++i) {
                    if (bytes[i] != '\n') {
                        bytes[i] = static_cast<char>(bytes[i] ^ 0x40);
                        m_damage = false;
                    }
                }
                m_host->write(bytes);
            });
        });
    }
    QString resource() const
    {
        return QStringLiteral("tcp:127.0.0.1:%1").arg(m_server.serverPort());
    }
    void damageNext() { m_damage = true; }

private:
    quint16 m_boardPort;
    QTcpServer m_server;
    QTcpSocket *m_host = nullptr;
    QTcpSocket *m_board = nullptr;
    bool m_damage = false;
};

} // namespace

TEST_CASE("a whole session against the firmware on qemu, with the simulated meter", "[mcu]")
{
    QemuProcess board;
    test::TempDir dir;
    const core::RunnerOptions options = optionsFor(dir);
    const auto out = test::runSession(
        mcuSettings(
            board, QStringLiteral("aes-128-ccm-8/firmware:encrypt,aes-128-ccm-16/firmware:encrypt"),
            1.0),
        options, {}, std::chrono::seconds(90));
    INFO(out.reason.toStdString() << "\nqemu: " << board.log());
    REQUIRE(out.status == core::SessionStatus::Complete);
    CHECK(out.notes.contains(QStringLiteral("the governor is not pinned: a microcontroller has "
                                            "none (it runs at its own fixed clock)")));
    // The firmware says its cycles are not real under qemu, and the session passes it on.
    CHECK(out.warnings.join(QLatin1Char('\n')).contains(QStringLiteral("not real cycles")));

    const core::SessionData data = test::loadSession(options.databasePath, out.session);
    const core::DutSetup &dut = data.dut;
    CHECK(dut.kind == QStringLiteral("mcu"));
    CHECK(dut.resource == board.resource());
    CHECK(dut.link == board.resource());
    CHECK(dut.system.cpuModel == QStringLiteral("Arm Cortex-M3 at 25 MHz, board mps2-an385"));
    CHECK(dut.description.startsWith(board.resource() + QStringLiteral(": Arm Cortex-M3")));
    CHECK(dut.workerVersion == QStringLiteral(CIPHERWATT_VERSION));
    REQUIRE(dut.pinning.has_value());
    CHECK_FALSE(dut.pinning->applied);
    CHECK(dut.pinning->error ==
          QStringLiteral("a microcontroller has no CPU governor (it runs at its own fixed clock)"));
    CHECK_FALSE(dut.restore.has_value()); // nothing pinned, nothing restored
    REQUIRE(dut.selfTest.has_value());
    CHECK(dut.selfTest->passed);
    CHECK(dut.selfTest->passedPairs() == 2);
    CHECK(dut.system.extra.value(QStringLiteral("firmware"))
              .toObject()
              .value(QStringLiteral("board")) == QStringLiteral("mps2-an385"));

    REQUIRE(data.runs.size() == 4); // two ciphers, 5 and 100 bytes
    for (const core::StoredRun &r : data.runs) {
        INFO(r.label().toStdString() << " " << r.error.english().toStdString());
        REQUIRE(r.status == core::RunStatus::Done);
        REQUIRE(r.result.has_value());
        const core::WorkerResult &res = *r.result;
        CHECK(res.verified);
        CHECK(res.backend == QStringLiteral("firmware"));
        CHECK(res.bytes == res.iterations * static_cast<std::uint64_t>(r.bufferBytes));
        CHECK(res.seconds >= 1.0);
        // SP 800-38C's CCM tag lengths, as the ids say: 8 and 16 bytes.
        CHECK(res.tagBytes == (r.cipher == QStringLiteral("aes-128-ccm-8") ? 8U : 16U));
        CHECK(res.cyclesReal == false);
        CHECK(res.counter == QStringLiteral("systick"));
        // The window: from run_start's arrival plus the firmware's start offset, as long as
        // the firmware's own clock says the loop lasted; inside the time the run took.
        REQUIRE(res.startOffsetSeconds.has_value());
        CHECK(*res.startOffsetSeconds >= 0.05);
        CHECK(r.windowStartNs ==
              r.startNs + static_cast<qint64>(std::llround(*res.startOffsetSeconds * 1e9)));
        CHECK(r.windowEndNs - r.windowStartNs ==
              static_cast<qint64>(std::llround(res.seconds * 1e9)));
        CHECK(r.windowEndNs <= r.endNs);
        REQUIRE(r.analysis.has_value());
        QStringList flags;
        for (const core::Message &f : r.analysis->flags)
            flags << f.english();
        CHECK(
            flags.contains(QStringLiteral("cycles are not real core cycles (an emulated board)")));
        CHECK(r.analysis->run.count >= 5);
        CHECK(std::isfinite(r.analysis->energyPerOperationUj));
        // The meter read the current: the charge per operation is there, inside its interval.
        CHECK(std::isfinite(r.analysis->chargePerOperationUc));
        CHECK(r.analysis->chargePerOperationUcLow <= r.analysis->chargePerOperationUc);
        CHECK(r.analysis->chargePerOperationUc <= r.analysis->chargePerOperationUcHigh);
    }
}

TEST_CASE("the published vectors through a serial port (qemu's UART on a pty): kat on the "
          "firmware",
          "[mcu]")
{
    QemuProcess board(QemuProcess::Uart::Pty);
    REQUIRE(board.resource().startsWith(QStringLiteral("serial:/dev/pts/")));
    auto parsed = core::parseDut(board.resource());
    REQUIRE(parsed.ok());
    auto factory = parsed->kind->link(parsed->values, {});
    REQUIRE(factory.ok());
    core::Dut dut(*factory);
    bool ready = false;
    QString failure;
    std::vector<core::WorkerEvent> events;
    QObject::connect(&dut, &core::Dut::ready, &dut, [&] { ready = true; });
    QObject::connect(&dut, &core::Dut::failed, &dut,
                     [&](const core::Message &why) { failure = why.english(); });
    QObject::connect(&dut, &core::Dut::event, &dut,
                     [&](const core::WorkerEvent &e, qint64) { events.push_back(e); });
    const auto wait = [](const std::function<bool()> &done) {
        QEventLoop loop;
        QTimer tick;
        QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
            if (done())
                loop.quit();
        });
        QTimer::singleShot(15000, &loop, &QEventLoop::quit);
        tick.start(10);
        loop.exec();
    };
    dut.start();
    wait([&] { return ready || !failure.isEmpty(); });
    INFO(failure.toStdString());
    REQUIRE(ready);

    // FIPS-197 Appendix C.1 (AES-128).
    core::KatRequest aes;
    aes.cipher = QStringLiteral("aes-128-ecb");
    aes.backend = QStringLiteral("firmware");
    aes.key = QByteArray::fromHex("000102030405060708090a0b0c0d0e0f");
    aes.input = QByteArray::fromHex("00112233445566778899aabbccddeeff");
    const int first = dut.kat(aes);
    // NIST SP 800-38C Appendix C, Example 3 (an 8-byte tag): decrypted through the link, and a
    // tag with one bit changed refused.
    core::KatRequest ccm;
    ccm.cipher = QStringLiteral("aes-128-ccm-8");
    ccm.backend = QStringLiteral("firmware");
    ccm.operation = QStringLiteral("decrypt");
    ccm.key = QByteArray::fromHex("404142434445464748494a4b4c4d4e4f");
    ccm.ivName = QStringLiteral("nonce");
    ccm.iv = QByteArray::fromHex("101112131415161718191a1b");
    ccm.aad = QByteArray::fromHex("000102030405060708090a0b0c0d0e0f10111213");
    ccm.input =
        QByteArray::fromHex("e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5484392fbc1b09951");
    const int second = dut.kat(ccm);
    ccm.input[ccm.input.size() - 1] = static_cast<char>(ccm.input.back() ^ 0x01);
    const int third = dut.kat(ccm);
    wait([&] { return events.size() >= 3; });
    REQUIRE(events.size() == 3);
    CHECK(events[0].id == first);
    const auto *c1 = std::get_if<core::worker::KatDone>(&events[0].body);
    REQUIRE(c1 != nullptr);
    CHECK(c1->output.toHex() == QByteArray("69c4e0d86a7b0430d8cdb78070b4c55a"));
    CHECK(events[1].id == second);
    const auto *c3 = std::get_if<core::worker::KatDone>(&events[1].body);
    REQUIRE(c3 != nullptr);
    CHECK(c3->output.toHex() == QByteArray("202122232425262728292a2b2c2d2e2f3031323334353637"));
    CHECK(events[2].id == third);
    const auto *refused = std::get_if<core::worker::Failure>(&events[2].body);
    REQUIRE(refused != nullptr);
    CHECK(refused->code == QStringLiteral("auth"));
}

TEST_CASE("a board that resets during a run: the session is interrupted, the run not kept", "[mcu]")
{
    QemuProcess board;
    test::TempDir dir;
    const core::RunnerOptions options = optionsFor(dir);
    auto settings = mcuSettings(board, QStringLiteral("chacha20/firmware:encrypt"), 10.0);
    settings.bufferSizes = {64};
    const auto out =
        test::runSession(settings, options, onFirstRun([&board] { board.monitor("system_reset"); }),
                         std::chrono::seconds(60));
    checkInterrupted(out, options.databasePath,
                     QStringLiteral("the board restarted without being asked"));
}

TEST_CASE("a board that goes away during a run (qemu killed): interrupted, no hang", "[mcu]")
{
    QemuProcess board;
    test::TempDir dir;
    const core::RunnerOptions options = optionsFor(dir);
    auto settings = mcuSettings(board, QStringLiteral("lea-128-ctr/firmware:encrypt"), 10.0);
    settings.bufferSizes = {64};
    const auto out = test::runSession(settings, options, onFirstRun([&board] { board.kill(); }),
                                      std::chrono::seconds(60));
    checkInterrupted(out, options.databasePath,
                     QStringLiteral("the connection to the board ended"));
}

TEST_CASE("a board that falls silent during a run (qemu stopped): interrupted after three "
          "times its cadence",
          "[mcu]")
{
    QemuProcess board;
    test::TempDir dir;
    const core::RunnerOptions options = optionsFor(dir);
    auto settings = mcuSettings(board, QStringLiteral("xxtea-128-wide/firmware:encrypt"), 30.0);
    settings.bufferSizes = {64};
    const auto out = test::runSession(settings, options, onFirstRun([&board] { board.pause(); }),
                                      std::chrono::seconds(60));
    board.resume();
    checkInterrupted(out, options.databasePath, QStringLiteral("the board has been silent for"));
}

TEST_CASE("a line damaged on its way from the board: a protocol error, the session interrupted",
          "[mcu]")
{
    QemuProcess board;
    CorruptingProxy proxy(board.port());
    test::TempDir dir;
    const core::RunnerOptions options = optionsFor(dir);
    auto settings = mcuSettings(board, QStringLiteral("cham-64-128-ecb/firmware:encrypt"), 10.0);
    settings.dutResource = proxy.resource();
    settings.bufferSizes = {64};
    const auto out = test::runSession(
        settings, options, onFirstRun([&proxy] { proxy.damageNext(); }), std::chrono::seconds(60));
    checkInterrupted(out, options.databasePath,
                     QStringLiteral("protocol error: a line from the board failed its check"));
}
