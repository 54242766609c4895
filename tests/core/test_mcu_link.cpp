// The microcontroller DUT's link (cipherwatt/core/mcu.h) against a scripted board on a TCP
// port of 127.0.0.1: the framing of firmware/PROTOCOL.md, the greeting, and what ends the link
// (a corrupt or over-long line, a board that restarts, faults or falls silent). The real
// firmware under qemu-system-arm is in tests/mcu/.

#include <cipherwatt/core/dut.h>
#include <cipherwatt/core/dut_kinds.h>
#include <cipherwatt/core/mcu.h>

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <catch2/catch.hpp>

#include <functional>
#include <memory>
#include <vector>

using namespace cipherwatt;
using core::Message;

namespace {

// What a Dut reported.
struct Report
{
    bool ready = false;
    core::WorkerHello hello;
    QString failure;
    QString finished;
    bool clean = false;
    bool crashed = false;
    QStringList notes;
    std::vector<core::WorkerEvent> events;
};

void waitUntil(const std::function<bool()> &done, int limitMs)
{
    QEventLoop loop;
    QTimer tick;
    QElapsedTimer clock;
    clock.start();
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        if (done() || clock.elapsed() > limitMs)
            loop.quit();
    });
    tick.start(10);
    loop.exec();
}

// A board on a TCP port that speaks the firmware's framing: each command it receives is handed
// to `answer`, which replies as the test wants (by default as the firmware does).
class FakeBoard
{
public:
    FakeBoard()
    {
        REQUIRE(m_server.listen(QHostAddress::LocalHost, 0));
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] {
            m_client = m_server.nextPendingConnection();
            QObject::connect(m_client, &QTcpSocket::readyRead, m_client, [this] { read(); });
        });
        answer = [this](const QJsonObject &c) { standardAnswer(c); };
    }

    quint16 port() const { return m_server.serverPort(); }

    void sendJson(const QJsonObject &event)
    {
        sendRaw(core::mcu::frame(QJsonDocument(event).toJson(QJsonDocument::Compact)) + '\n');
    }
    void sendRaw(const QByteArray &bytes)
    {
        REQUIRE(m_client != nullptr);
        m_client->write(bytes);
        m_client->flush();
    }
    bool connected() const
    {
        return m_client != nullptr && m_client->state() == QAbstractSocket::ConnectedState;
    }

    // The firmware's greeting (firmware/PROTOCOL.md, "hello"), with `id` when asked for.
    QJsonObject hello(const QJsonValue &id) const
    {
        QJsonObject h{{QStringLiteral("event"), QStringLiteral("hello")},
                      {QStringLiteral("protocol"), 2},
                      {QStringLiteral("kind"), QStringLiteral("cipherwatt-firmware")},
                      {QStringLiteral("dut_kind"), dutKind},
                      {QStringLiteral("version"), QStringLiteral("0.1.0")},
                      {QStringLiteral("build"), QStringLiteral("e062ea3777da")},
                      {QStringLiteral("board"), QStringLiteral("mps2-an385")},
                      {QStringLiteral("core"), QStringLiteral("cortex-m3")},
                      {QStringLiteral("clock_hz"), 25000000},
                      {QStringLiteral("counter"), QStringLiteral("systick")},
                      {QStringLiteral("counter_hz"), 25000000},
                      {QStringLiteral("cycles_real"), false},
                      {QStringLiteral("counter_note"), QStringLiteral("not real cycles")},
                      {QStringLiteral("marker"), QStringLiteral("none")},
                      {QStringLiteral("uart_baud"), 115200},
                      {QStringLiteral("progress_interval_s"), progressInterval},
                      {QStringLiteral("uptime_ms"), 4},
                      {QStringLiteral("max_line"), 2048}};
        if (!id.isUndefined())
            h.insert(QStringLiteral("id"), id);
        return h;
    }

    void standardAnswer(const QJsonObject &c)
    {
        const QString cmd = c.value(QStringLiteral("cmd")).toString();
        const QJsonValue id = c.value(QStringLiteral("id"));
        if (cmd == QLatin1String("cancel"))
            sendJson({{QStringLiteral("event"), QStringLiteral("cancel")},
                      {QStringLiteral("id"), id},
                      {QStringLiteral("running"), false}});
        else if (cmd == QLatin1String("hello"))
            sendJson(hello(id));
    }

    std::function<void(const QJsonObject &)> answer;
    std::vector<QJsonObject> commands;
    int blankLines = 0;
    QString dutKind = QStringLiteral("mcu");
    double progressInterval = 1.0;

private:
    void read()
    {
        m_buffer += m_client->readAll();
        qsizetype lf = 0;
        while ((lf = m_buffer.indexOf('\n')) >= 0) {
            const QByteArray line = m_buffer.left(lf);
            m_buffer.remove(0, lf + 1);
            if (line.isEmpty()) {
                ++blankLines;
                continue;
            }
            const core::mcu::Unframed u = core::mcu::unframe(line);
            INFO(line.toStdString());
            REQUIRE(u.error.isEmpty());
            const QJsonObject command = QJsonDocument::fromJson(u.json).object();
            commands.push_back(command);
            answer(command);
        }
    }

    QTcpServer m_server;
    QTcpSocket *m_client = nullptr;
    QByteArray m_buffer;
};

// A Dut on the link to `board`, what it reports collected in `report`.
std::unique_ptr<core::Dut> dutOn(FakeBoard &board, Report &report, double greetingSeconds = 5.0)
{
    core::McuLinkOptions options;
    options.transport = core::McuLinkOptions::Transport::Tcp;
    options.host = QStringLiteral("127.0.0.1");
    options.port = board.port();
    options.resource = QStringLiteral("tcp:127.0.0.1:%1").arg(board.port());
    options.greetingSeconds = greetingSeconds;
    options.answerSeconds = 0.5;
    auto dut = std::make_unique<core::Dut>([options] { return core::makeMcuLink(options); });
    Report *r = &report;
    QObject::connect(dut.get(), &core::Dut::ready, dut.get(),
                     [r](const core::WorkerHello &hello, qint64) {
                         r->ready = true;
                         r->hello = hello;
                     });
    QObject::connect(dut.get(), &core::Dut::event, dut.get(),
                     [r](const core::WorkerEvent &e, qint64) { r->events.push_back(e); });
    QObject::connect(dut.get(), &core::Dut::failed, dut.get(),
                     [r](const Message &why) { r->failure = why.english(); });
    QObject::connect(dut.get(), &core::Dut::note, dut.get(),
                     [r](const Message &text) { r->notes << text.english(); });
    QObject::connect(dut.get(), &core::Dut::crashed, dut.get(), [r] { r->crashed = true; });
    QObject::connect(dut.get(), &core::Dut::finished, dut.get(),
                     [r](const Message &why, bool clean) {
                         r->finished = why.english();
                         r->clean = clean;
                     });
    dut->start();
    return dut;
}

void waitReady(Report &report)
{
    waitUntil([&] { return report.ready || !report.failure.isEmpty(); }, 10000);
    INFO(report.failure.toStdString());
    REQUIRE(report.ready);
}

void waitFinished(Report &report, int limitMs = 10000)
{
    waitUntil([&] { return !report.finished.isEmpty(); }, limitMs);
}

QJsonObject runStart(const QJsonValue &id)
{
    return {{QStringLiteral("event"), QStringLiteral("run_start")},
            {QStringLiteral("id"), id},
            {QStringLiteral("run"),
             QJsonObject{{QStringLiteral("cipher"), QStringLiteral("aes-128-ecb")},
                         {QStringLiteral("backend"), QStringLiteral("firmware")},
                         {QStringLiteral("op"), QStringLiteral("encrypt")},
                         {QStringLiteral("buffer"), 16},
                         {QStringLiteral("seconds"), 10.0}}}};
}

core::WorkerRequest aRun()
{
    core::WorkerRequest r;
    r.cipher = QStringLiteral("aes-128-ecb");
    r.backend = QStringLiteral("firmware");
    r.operation = QStringLiteral("encrypt");
    r.bufferBytes = 16;
    r.seconds = 10.0;
    return r;
}

} // namespace

TEST_CASE("mcu: the framing's checksum is CRC-32 as in zlib and the protocol's examples", "[mcu]")
{
    // The check value of CRC-32/ISO-HDLC (the catalogue of parametrised CRC algorithms).
    CHECK(core::mcu::crc32("123456789") == 0xCBF43926U);
    CHECK(core::mcu::crc32("") == 0U);
    // firmware/PROTOCOL.md, section 2's example line.
    CHECK(core::mcu::frame(R"({"cmd":"hello","id":1})") ==
          QByteArray(R"({"cmd":"hello","id":1} #769f6ab0)"));
    const auto good = core::mcu::unframe(
        R"x({"event":"error","id":10,"code":"cipher","message":"unknown cipher 'des-56-ecb' (see list)"} #af5e4430)x");
    CHECK(good.error.isEmpty());
    CHECK(good.json.startsWith(R"({"event":"error")"));
    // Either case of hex digits; a changed byte, a missing or short trailer are refused.
    CHECK(core::mcu::unframe(R"({"cmd":"hello","id":1} #769F6AB0)").error.isEmpty());
    CHECK(core::mcu::unframe(R"({"cmd":"hello","id":2} #769f6ab0)").error.contains("CRC-32"));
    CHECK(core::mcu::unframe(R"({"cmd":"hello","id":1})").error.contains("at its end"));
    CHECK(core::mcu::unframe(R"({"cmd":"hello","id":1} #769f6ab)").error.contains("at its end"));
    CHECK(core::mcu::unframe(R"({"cmd":"hello","id":1} #769f6axx)").error.contains("hex"));
}

TEST_CASE("mcu: the resources serial:<device>[:<baud>] and tcp:<host>:<port>", "[mcu]")
{
    auto serial = core::parseDut(QStringLiteral("serial:/dev/ttyACM0"));
    REQUIRE(serial.ok());
    CHECK(QLatin1String(serial->kind->resource.prefix) == QLatin1String("serial"));
    CHECK(serial->values.value(QStringLiteral("device")) == QStringLiteral("/dev/ttyACM0"));
    CHECK(serial->values.value(QStringLiteral("baud")) == QStringLiteral("115200"));
    auto fast = core::parseDut(QStringLiteral("serial:/dev/ttyUSB1:921600"));
    REQUIRE(fast.ok());
    CHECK(fast->values.value(QStringLiteral("baud")) == QStringLiteral("921600"));
    auto tcp = core::parseDut(QStringLiteral("tcp:127.0.0.1:4321"));
    REQUIRE(tcp.ok());
    CHECK(QLatin1String(tcp->kind->resource.prefix) == QLatin1String("tcp"));
    CHECK(tcp->values.value(QStringLiteral("port")) == QStringLiteral("4321"));
    // A port is required; out of range is named.
    const auto noPort = core::parseDut(QStringLiteral("tcp:127.0.0.1"));
    REQUIRE_FALSE(noPort.ok());
    CHECK(noPort.error().message.english().contains(QStringLiteral("tcp:<host>:<port>")));
    CHECK_FALSE(core::parseDut(QStringLiteral("tcp:127.0.0.1:70000")).ok());
    CHECK_FALSE(core::parseDut(QStringLiteral("serial:/dev/ttyACM0:12")).ok());
    // The description keeps the resource as written.
    auto where = core::DutResource::parse(QStringLiteral("tcp:127.0.0.1:4321"));
    REQUIRE(where.ok());
    CHECK(where->toString() == QStringLiteral("tcp:127.0.0.1:4321"));
}

TEST_CASE("mcu: connecting sends a blank line, cancel and hello, and the answer greets the Dut",
          "[mcu]")
{
    FakeBoard board;
    Report report;
    auto dut = dutOn(board, report);
    waitReady(report);
    CHECK(board.blankLines >= 1);
    REQUIRE(board.commands.size() == 2);
    CHECK(board.commands[0].value(QStringLiteral("cmd")) == QStringLiteral("cancel"));
    CHECK(board.commands[1].value(QStringLiteral("cmd")) == QStringLiteral("hello"));
    CHECK(report.hello.kind == QStringLiteral("mcu"));
    CHECK(report.hello.board == QStringLiteral("mps2-an385"));
    CHECK(report.hello.clockHz == 25000000);
    CHECK(report.hello.cyclesReal == false);
    CHECK(report.hello.counter == QStringLiteral("systick"));
    // The environment every output shows, from the firmware's greeting.
    CHECK(report.hello.system.cpuModel ==
          QStringLiteral("Arm Cortex-M3 at 25 MHz, board mps2-an385"));
    CHECK(report.hello.system.architecture == QStringLiteral("armv7-m")); // Arm ARM: M3 is v7-M
    CHECK(report.hello.system.logicalCores == 1);
    CHECK(report.hello.system.warnings == QStringList{QStringLiteral("not real cycles")});
    CHECK(report.hello.system.extra.value(QStringLiteral("firmware"))
              .toObject()
              .value(QStringLiteral("uart_baud")) == 115200);

    // Commands go out framed; the Dut's ids come back.
    const int id = dut->list();
    board.answer = [&](const QJsonObject &c) {
        if (c.value(QStringLiteral("cmd")) == QStringLiteral("list"))
            board.sendJson({{QStringLiteral("event"), QStringLiteral("list")},
                            {QStringLiteral("id"), c.value(QStringLiteral("id"))},
                            {QStringLiteral("ciphers"), QJsonArray()}});
    };
    waitUntil([&] { return !report.events.empty(); }, 5000);
    REQUIRE(report.events.size() == 1);
    CHECK(report.events[0].id == id);
    CHECK(std::holds_alternative<core::worker::Catalogue>(report.events[0].body));

    // The end of input closes the connection cleanly.
    dut->finish();
    waitFinished(report);
    CHECK(report.clean);
    waitUntil([&] { return !board.connected(); }, 5000);
    CHECK_FALSE(board.connected());
}

TEST_CASE("mcu: a run a previous host left going is cancelled before the greeting", "[mcu]")
{
    FakeBoard board;
    board.answer = [&](const QJsonObject &c) {
        const QString cmd = c.value(QStringLiteral("cmd")).toString();
        const QJsonValue id = c.value(QStringLiteral("id"));
        if (cmd == QLatin1String("cancel")) {
            board.sendJson({{QStringLiteral("event"), QStringLiteral("cancel")},
                            {QStringLiteral("id"), id},
                            {QStringLiteral("running"), true}});
            // The old run's end, under its old host's id, which the new Dut must never see.
            board.sendJson({{QStringLiteral("event"), QStringLiteral("run_end")},
                            {QStringLiteral("id"), 1},
                            {QStringLiteral("result"),
                             QJsonObject{{QStringLiteral("cipher"), QStringLiteral("chacha20")},
                                         {QStringLiteral("backend"), QStringLiteral("firmware")},
                                         {QStringLiteral("op"), QStringLiteral("encrypt")},
                                         {QStringLiteral("iterations"), 5},
                                         {QStringLiteral("bytes"), 500},
                                         {QStringLiteral("seconds"), 0.01},
                                         {QStringLiteral("verified"), true},
                                         {QStringLiteral("cancelled"), true}}}});
        } else {
            board.standardAnswer(c);
        }
    };
    Report report;
    auto dut = dutOn(board, report);
    waitReady(report);
    CHECK(report.notes.join(QLatin1Char('\n')).contains(QStringLiteral("another host")));
    CHECK(report.events.empty());
}

TEST_CASE("mcu: a line that fails its CRC-32 ends the link with a protocol error", "[mcu]")
{
    FakeBoard board;
    Report report;
    auto dut = dutOn(board, report);
    waitReady(report);
    dut->run(aRun());
    waitUntil([&] { return board.commands.size() == 3; }, 5000);
    board.sendJson(runStart(board.commands.back().value(QStringLiteral("id"))));
    QByteArray line = core::mcu::frame(
        R"({"event":"progress","id":1,"iterations":10,"bytes":160,"seconds":0.5})");
    line[30] = '7'; // one byte changed on the wire
    board.sendRaw(line + '\n');
    waitFinished(report);
    INFO(report.finished.toStdString());
    CHECK_FALSE(report.clean);
    CHECK(report.finished.startsWith(QStringLiteral("protocol error: a line from the board failed "
                                                    "its check (CRC-32")));
    // The corrupt event was not passed on.
    for (const auto &e : report.events)
        CHECK_FALSE(std::holds_alternative<core::worker::Progress>(e.body));
}

TEST_CASE("mcu: a line longer than the link takes ends it, without buffering it whole", "[mcu]")
{
    FakeBoard board;
    Report report;
    auto dut = dutOn(board, report);
    waitReady(report);
    board.sendRaw(QByteArray(core::mcu::kMaxBoardLine + 100, '{'));
    waitFinished(report);
    CHECK_FALSE(report.clean);
    CHECK(report.finished ==
          QStringLiteral("protocol error: the board sent a line longer than 65536 bytes"));
}

TEST_CASE("mcu: a hello without id after the greeting means the board restarted", "[mcu]")
{
    FakeBoard board;
    Report report;
    auto dut = dutOn(board, report);
    waitReady(report);
    dut->run(aRun());
    waitUntil([&] { return board.commands.size() == 3; }, 5000);
    board.sendJson(runStart(board.commands.back().value(QStringLiteral("id"))));
    board.sendJson(board.hello(QJsonValue(QJsonValue::Undefined)));
    waitFinished(report);
    CHECK_FALSE(report.clean);
    CHECK(report.finished == QStringLiteral("the board restarted without being asked (a hello "
                                            "without id, up for 4 ms): nothing it was doing is "
                                            "trusted"));
}

TEST_CASE("mcu: a reset that was asked for is followed by the board's greeting, and goes on",
          "[mcu]")
{
    FakeBoard board;
    Report report;
    auto dut = dutOn(board, report);
    waitReady(report);
    board.answer = [&](const QJsonObject &c) {
        if (c.value(QStringLiteral("cmd")) == QStringLiteral("reset")) {
            board.sendJson({{QStringLiteral("event"), QStringLiteral("reset")},
                            {QStringLiteral("id"), c.value(QStringLiteral("id"))}});
            board.sendJson(board.hello(QJsonValue(QJsonValue::Undefined)));
        } else {
            board.standardAnswer(c);
        }
    };
    const int id = dut->reset();
    waitUntil([&] { return report.events.size() >= 2; }, 5000);
    REQUIRE(report.events.size() == 2);
    CHECK(report.events[0].id == id);
    CHECK(std::holds_alternative<core::worker::ResetAck>(report.events[0].body));
    CHECK(std::holds_alternative<core::WorkerHello>(report.events[1].body));
    CHECK(report.finished.isEmpty());
    dut->hello();
    waitUntil([&] { return report.events.size() >= 3; }, 5000);
    CHECK(report.events.size() == 3);
}

TEST_CASE("mcu: a processor fault is a crash of the DUT's code", "[mcu]")
{
    FakeBoard board;
    Report report;
    auto dut = dutOn(board, report);
    waitReady(report);
    board.sendJson({{QStringLiteral("event"), QStringLiteral("fault")},
                    {QStringLiteral("exception"), QStringLiteral("busfault")},
                    {QStringLiteral("pc"), QStringLiteral("0x00001234")},
                    {QStringLiteral("lr"), QStringLiteral("0x00000f01")},
                    {QStringLiteral("cfsr"), QStringLiteral("0x00000400")},
                    {QStringLiteral("hfsr"), QStringLiteral("0x00000000")}});
    waitFinished(report);
    CHECK(report.crashed);
    CHECK_FALSE(report.clean);
    CHECK(report.finished ==
          QStringLiteral("the board took a processor fault (busfault at pc 0x00001234) and "
                         "restarts"));
    REQUIRE(report.events.size() == 1);
    const auto *fault = std::get_if<core::worker::Fault>(&report.events[0].body);
    REQUIRE(fault != nullptr);
    CHECK(fault->cfsr == QStringLiteral("0x00000400"));
}

TEST_CASE("mcu: a board silent during a run for three times its stated cadence is gone", "[mcu]")
{
    FakeBoard board;
    board.progressInterval = 0.2;
    Report report;
    auto dut = dutOn(board, report);
    waitReady(report);
    dut->run(aRun());
    waitUntil([&] { return board.commands.size() == 3; }, 5000);
    QElapsedTimer clock;
    clock.start();
    board.sendJson(runStart(board.commands.back().value(QStringLiteral("id"))));
    // Progress on time keeps it alive...
    for (int k = 0; k < 6; ++k) {
        waitUntil([] { return false; }, 200);
        board.sendJson({{QStringLiteral("event"), QStringLiteral("progress")},
                        {QStringLiteral("id"), board.commands.back().value(QStringLiteral("id"))},
                        {QStringLiteral("seconds"), 0.2 * (k + 1)}});
    }
    CHECK(report.finished.isEmpty());
    // ...then nothing: 3 x (0.2 s + 2048 bytes at 115200 baud, 0.18 s) = 1.1 s of silence.
    const qint64 silentFrom = clock.elapsed();
    waitFinished(report);
    const qint64 after = clock.elapsed() - silentFrom;
    INFO(report.finished.toStdString());
    CHECK_FALSE(report.clean);
    CHECK(report.finished.startsWith(QStringLiteral("the board has been silent for ")));
    CHECK(report.finished.contains(QStringLiteral("it promised word within 0.4 s")));
    CHECK(after >= 1000);
    CHECK(after < 4000);
}

TEST_CASE("mcu: a board that never answers, one that is not the firmware, and a closed port",
          "[mcu]")
{
    SECTION("silent")
    {
        FakeBoard board;
        board.answer = [](const QJsonObject &) {};
        Report report;
        auto dut = dutOn(board, report, 1.0);
        waitUntil([&] { return !report.failure.isEmpty(); }, 5000);
        CHECK(report.failure.startsWith(QStringLiteral("no answer from the CipherWatt firmware on "
                                                       "tcp:127.0.0.1:")));
        CHECK_FALSE(report.ready);
    }
    SECTION("garbage at the wrong speed")
    {
        FakeBoard board;
        board.answer = [&](const QJsonObject &) { board.sendRaw("\x80\x13~~\xfe\x02\n"); };
        Report report;
        auto dut = dutOn(board, report, 1.0);
        waitUntil([&] { return !report.failure.isEmpty(); }, 5000);
        CHECK(report.failure.contains(QStringLiteral("1 lines failed their checksum")));
    }
    SECTION("another kind of DUT")
    {
        FakeBoard board;
        board.dutKind = QStringLiteral("linux");
        Report report;
        auto dut = dutOn(board, report);
        waitUntil([&] { return !report.failure.isEmpty(); }, 5000);
        CHECK(report.failure.endsWith(QStringLiteral("does not run the CipherWatt firmware (its "
                                                     "hello says \"linux\")")));
    }
    SECTION("nobody listens")
    {
        quint16 port = 0;
        {
            QTcpServer probe;
            REQUIRE(probe.listen(QHostAddress::LocalHost, 0));
            port = probe.serverPort();
        }
        auto link = core::parseDut(QStringLiteral("tcp:127.0.0.1:%1").arg(port));
        REQUIRE(link.ok());
        auto factory = link->kind->link(link->values, {});
        REQUIRE(factory.ok());
        core::Dut dut(*factory);
        QString failure;
        QObject::connect(&dut, &core::Dut::failed, &dut,
                         [&](const Message &why) { failure = why.english(); });
        dut.start();
        waitUntil([&] { return !failure.isEmpty(); }, 10000);
        CHECK(failure.startsWith(QStringLiteral("cannot open 127.0.0.1:%1: ").arg(port)));
    }
}

TEST_CASE("mcu: a command longer than the board takes is answered here, by its id", "[mcu]")
{
    FakeBoard board;
    Report report;
    auto dut = dutOn(board, report);
    waitReady(report);
    QStringList ciphers;
    for (int k = 0; k < 200; ++k)
        ciphers << QStringLiteral("cipher-%1").arg(k);
    const int id = dut->selfTest(ciphers); // far beyond max_line 2048
    waitUntil([&] { return !report.events.empty(); }, 5000);
    REQUIRE(report.events.size() == 1);
    CHECK(report.events[0].id == id);
    const auto *failure = std::get_if<core::worker::Failure>(&report.events[0].body);
    REQUIRE(failure != nullptr);
    CHECK(failure->message.contains(QStringLiteral("2048 bytes")));
    CHECK(board.commands.size() == 2); // nothing more was sent
    CHECK(report.finished.isEmpty());
}
