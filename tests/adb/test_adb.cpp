// Android DUTs over adb, with no phone here: a fake `adb` first on PATH (support/fake_adb/adb)
// answers from a private directory that stands for the attached phones and runs `adb shell`'s
// commands on this machine, relaying the pipes as adbd does. Whole sessions with the simulated
// meter; the cable pulled (the fake adb killed) mid-run; a worker for another ABI refused;
// which device, when none or several are attached; serials validated before any command.

#include <cipherwatt/core/adb.h>
#include <cipherwatt/core/dut_kinds.h>
#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/storage.h>

#include <QCryptographicHash>
#include <QEventLoop>
#include <QFile>
#include <QTimer>
#include <catch2/catch.hpp>

#include <cmath>
#include <csignal>
#include <fake_sysfs.h>
#include <filesystem>
#include <fstream>
#include <session_helpers.h>
#include <sstream>
#include <temp_dir.h>
#include <thread>

using namespace cipherwatt::core;
using namespace cipherwatt::test;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

QString qs(const fs::path &path)
{
    return QString::fromStdString(path.string());
}

std::string readWhole(const fs::path &file)
{
    std::ifstream stream(file);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString sha256Of(const QString &path)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(fileBytes(path), QCryptographicHash::Sha256).toHex());
}

// Nobody's address: it must never reach the database.
constexpr const char *kAccount = "owner@example.com";

// The phones the fake adb sees, and the fake first on PATH, for as long as this lives.
class FakePhones
{
public:
    FakePhones()
        : m_path(qgetenv("PATH"))
    {
        qputenv("PATH", QByteArray(CIPHERWATT_FAKE_ADB_DIR ":") + m_path);
        qputenv("FAKE_ADB_HOME", QByteArray::fromStdString(m_dir.path().string()));
    }
    ~FakePhones()
    {
        qputenv("PATH", m_path);
        qunsetenv("FAKE_ADB_HOME");
    }
    FakePhones(const FakePhones &) = delete;
    FakePhones &operator=(const FakePhones &) = delete;

    // A Nexus 5 (the second paper's phone) with `abi`, in `state`.
    void add(const std::string &serial, const std::string &abi, const std::string &state = "device",
             bool rooted = false)
    {
        const fs::path d = m_dir.path() / "devices" / serial;
        fs::create_directories(d);
        std::ofstream(d / "state") << state << "\n";
        std::ofstream(d / "props") << "[ro.product.model]: [Nexus 5]\n"
                                   << "[ro.product.manufacturer]: [LGE]\n"
                                   << "[ro.build.version.release]: [6.0.1]\n"
                                   << "[ro.build.version.sdk]: [23]\n"
                                   << "[ro.product.cpu.abi]: [" << abi << "]\n"
                                   << "[ro.product.cpu.abilist]: [" << abi << "]\n"
                                   << "[ro.hardware]: [hammerhead]\n"
                                   << "[ro.board.platform]: [msm8974]\n"
                                   << "[persist.sys.account]: [" << kAccount << "]\n";
        // As PowerManagerService.dumpInternal prints its wake locks.
        std::ofstream(d / "dumpsys-power")
            << "POWER MANAGER (dumpsys power)\n\nPower Manager State:\n  mWakeLockSummary=0x1\n\n"
            << "Wake Locks: size=2\n"
            << "  PARTIAL_WAKE_LOCK              'AudioMix' ACQ=-1m2s (uid=1041 pid=221)\n"
            << "  PARTIAL_WAKE_LOCK              '*sync*/gmail-ls/com.google/" << kAccount
            << "' ACQ=-3s (uid=10023 pid=1805)\n\nSuspend Blockers: size=4\n";
        if (rooted)
            std::ofstream(d / "rooted") << "\n";
    }

    const fs::path &home() const { return m_dir.path(); }
    std::string log() const { return readWhole(m_dir.path() / "log"); }
    // "<fake adb's pid> <the worker's shell's pid>" of each worker started.
    std::vector<std::pair<pid_t, pid_t>> servePids() const
    {
        std::vector<std::pair<pid_t, pid_t>> out;
        std::istringstream in(readWhole(m_dir.path() / "serve-pids"));
        pid_t adb = 0;
        pid_t child = 0;
        while (in >> adb >> child)
            out.emplace_back(adb, child);
        return out;
    }

private:
    TempDir m_dir;
    QByteArray m_path;
};

std::size_t count(const std::string &text, const std::string &what)
{
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

// Whether the process has exited (gone, or a zombie nobody reaped yet).
bool exited(pid_t pid)
{
    const std::string stat = readWhole("/proc/" + std::to_string(pid) + "/stat");
    if (stat.empty())
        return true;
    const auto close = stat.rfind(')');
    return close != std::string::npos && close + 2 < stat.size() && stat[close + 2] == 'Z';
}

bool waitUntilExited(pid_t pid, std::chrono::milliseconds limit)
{
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!exited(pid)) {
        if (std::chrono::steady_clock::now() > end)
            return false;
        std::this_thread::sleep_for(50ms);
    }
    return true;
}

SessionSettings adbSettings(const QString &resource, const QString &plan)
{
    SessionSettings s = thresholdSettings(plan, 3.0, 4.0, 30);
    s.label = QStringLiteral("adb");
    s.dutResource = resource;
    return s;
}

// A Dut on an adb link until it greets or fails (at most a minute), with its notes.
struct DutOutcome
{
    bool ready = false;
    QString failure;
    QStringList notes;
    QMap<QString, QString> device;
    WorkerHello hello;
};

DutOutcome startDut(const QString &resource, const LocalWorkerOptions &local,
                    std::unique_ptr<Dut> &dut)
{
    auto link = makeDutLink(resource, {}, DutContext{local, {}});
    REQUIRE(link);
    DutOutcome out;
    dut = std::make_unique<Dut>(*link);
    QEventLoop loop;
    QObject::connect(dut.get(), &Dut::ready, &loop, [&](const WorkerHello &hello, qint64) {
        out.ready = true;
        out.hello = hello;
        loop.quit();
    });
    QObject::connect(dut.get(), &Dut::failed, &loop, [&](const Message &why) {
        out.failure = why.english();
        loop.quit();
    });
    QObject::connect(dut.get(), &Dut::note, &loop,
                     [&](const Message &text) { out.notes << text.english(); });
    QObject::connect(dut.get(), &Dut::deviceProperties, &loop,
                     [&](const QMap<QString, QString> &p) { out.device = p; });
    QTimer::singleShot(60s, &loop, &QEventLoop::quit);
    dut->start(); // the worker greets unasked
    loop.exec();
    return out;
}

} // namespace

TEST_CASE("adb devices -l is read as adb prints it", "[adb]")
{
    // The example of AOSP's change "adb: Generalizing -s to take qualifiers" (system/core,
    // adb/commandline.c), plus the states adb's documentation lists.
    const QByteArray output = "* daemon not running; starting now at tcp:5037\n"
                              "* daemon started successfully\n"
                              "List of devices attached\n"
                              "016B75D60A0060XX       device usb:2-5 product:mysid "
                              "model:Galaxy_Nexus device:toro\n"
                              "3731B535FAC200XX       device usb:1-4.2 product:soju "
                              "model:Nexus_S device:crespo\n"
                              "01498B1F020150XX       device usb:1-4.1\n"
                              "emulator-5554          offline\n"
                              "0a388e93               unauthorized usb:1-1 transport_id:3\n"
                              "0a388e94               no permissions (user in plugdev group; "
                              "are your udev rules wrong?); see "
                              "[http://developer.android.com/tools/device.html] usb:1-2\n"
                              "\n";
    const std::vector<AdbDevice> devices = parseAdbDevices(output);
    REQUIRE(devices.size() == 6);
    CHECK(devices[0].serial == QStringLiteral("016B75D60A0060XX"));
    CHECK(devices[0].state == QStringLiteral("device"));
    CHECK(devices[0].usb == QStringLiteral("2-5"));
    CHECK(devices[0].product == QStringLiteral("mysid"));
    CHECK(devices[0].model == QStringLiteral("Galaxy_Nexus"));
    CHECK(devices[1].model == QStringLiteral("Nexus_S"));
    CHECK(devices[2].model.isEmpty());
    CHECK(devices[2].usb == QStringLiteral("1-4.1"));
    CHECK(devices[3].serial == QStringLiteral("emulator-5554"));
    CHECK(devices[3].state == QStringLiteral("offline"));
    CHECK(devices[4].state == QStringLiteral("unauthorized"));
    CHECK(devices[5].state == QStringLiteral("no permissions"));
}

TEST_CASE("getprop's lines and Android's ABIs", "[adb]")
{
    const auto props = parseGetprop("[ro.product.model]: [Nexus 5]\n"
                                    "[ro.build.version.release]: [6.0.1]\n"
                                    "[empty]: []\n"
                                    "not a property line\n");
    CHECK(props.size() == 3);
    CHECK(props.value(QStringLiteral("ro.product.model")) == QStringLiteral("Nexus 5"));
    CHECK(props.value(QStringLiteral("empty")).isEmpty());
    CHECK(abiMachines(QStringLiteral("arm64-v8a")).contains(QStringLiteral("aarch64")));
    CHECK(abiMachines(QStringLiteral("armeabi-v7a")).contains(QStringLiteral("armv7l")));
    CHECK(abiMachines(QStringLiteral("x86_64")) == QStringList{QStringLiteral("x86_64")});
    CHECK(abiMachines(QStringLiteral("mips")).isEmpty());
}

TEST_CASE("the device list comes from the adb program", "[adb]")
{
    FakePhones phones;
    phones.add("0a1b2c3d", "arm64-v8a");
    phones.add("emulator-5554", "x86_64", "unauthorized");
    auto devices = listAdbDevices();
    REQUIRE(devices);
    REQUIRE(devices->size() == 2);
    CHECK(devices->at(0).serial == QStringLiteral("0a1b2c3d"));
    CHECK(devices->at(0).state == QStringLiteral("device"));
    CHECK(devices->at(0).model == QStringLiteral("Nexus_5"));
    CHECK(devices->at(1).state == QStringLiteral("unauthorized"));

    SECTION("adb missing is one clear error")
    {
        auto missing = listAdbDevices(qs(phones.home() / "no-such-adb"));
        REQUIRE_FALSE(missing);
        CHECK_THAT(missing.error().message.english().toStdString(),
                   Catch::StartsWith("cannot run adb") && Catch::Contains("install-deps.sh"));
    }
}

TEST_CASE("an adb serial is checked before anything runs", "[adb]")
{
    FakePhones phones;
    for (const char *bad : {"adb:abc;touch trap", "adb:-s", "adb:a b", "adb:$(id)", "adb:'x'"}) {
        INFO(bad);
        auto link = makeDutLink(QString::fromLatin1(bad), {}, {});
        REQUIRE_FALSE(link);
        CHECK(link.error().code == ErrorCode::Usage);
    }
    for (const char *good :
         {"adb", "adb:0123456789ABCDEF", "adb:emulator-5554", "adb:192.168.0.123:5555",
          "adb:adb-12345678-ABCDEF._adb-tls-connect._tcp"}) {
        INFO(good);
        CHECK(makeDutLink(QString::fromLatin1(good), {}, {}));
    }
    auto noWorker =
        makeDutLink(QStringLiteral("adb:x"),
                    {{QStringLiteral("adb-worker"), QStringLiteral("/no/such/file")}}, {});
    REQUIRE_FALSE(noWorker);
    CHECK(noWorker.error().message.english() ==
          QStringLiteral("adb-worker: no such file: /no/such/file"));
    CHECK(phones.log().empty()); // nothing ran
}

TEST_CASE("a whole session through adb measures the scripted net power and records the phone, "
          "never anything secret",
          "[adb]")
{
    FakePhones phones;
    phones.add("0a1b2c3d", "x86_64"); // this machine's ABI: the build's worker runs "on" it
    TempDir dir;
    const RunnerOptions opts = localOptions(dir.path());
    const SessionOutcome out = runSession(
        adbSettings(QStringLiteral("adb"),
                    QStringLiteral("aes-128-xts/openssl:encrypt,chacha20/botan:decrypt")),
        opts);
    INFO(out.reason.toStdString());
    INFO(phones.log());
    REQUIRE(out.status == SessionStatus::Complete);
    const SessionData d = loadSession(opts.databasePath, out.session);
    REQUIRE(d.runs.size() == 2);
    for (const StoredRun &r : d.runs) {
        INFO(r.cipher.toStdString());
        CHECK(r.status == RunStatus::Done);
        const RunResult a = r.analysis.value_or(RunResult{});
        CHECK(std::fabs(a.netWatts - 8.5) <= 0.005 * 8.5);
        CHECK(a.run.count >= 35);
    }
    // The phone as getprop and uname describe it, and nothing else of it.
    CHECK(d.dut.device.value(QStringLiteral("serial")) == QStringLiteral("0a1b2c3d"));
    CHECK(d.dut.device.value(QStringLiteral("model")) == QStringLiteral("Nexus 5"));
    CHECK(d.dut.device.value(QStringLiteral("manufacturer")) == QStringLiteral("LGE"));
    CHECK(d.dut.device.value(QStringLiteral("android")) == QStringLiteral("6.0.1"));
    CHECK(d.dut.device.value(QStringLiteral("sdk")) == QStringLiteral("23"));
    CHECK(d.dut.device.value(QStringLiteral("abi")) == QStringLiteral("x86_64"));
    CHECK(d.dut.device.value(QStringLiteral("platform")) == QStringLiteral("msm8974"));
    CHECK_FALSE(d.dut.device.value(QStringLiteral("kernel")).isEmpty());
    CHECK(d.dut.description.startsWith(QStringLiteral("adb: Nexus 5, Android 6.0.1: ")));
    const QByteArray account(kAccount);
    CHECK_FALSE(fileBytes(opts.databasePath).contains(account));
    CHECK_FALSE(fileBytes(opts.databasePath + QStringLiteral("-wal")).contains(account));
    // Pushed to a directory named after its SHA-256, checked there; then not rooted, and the
    // wake locks held before the baseline, the account's tag left out.
    const QString sum = sha256Of(QStringLiteral(CIPHERWATT_BENCH_EXE));
    const QString remote =
        QStringLiteral("/data/local/tmp/cipherwatt-%1/cipherwatt-bench").arg(sum.left(16));
    const QString notes = d.dut.linkNotes.join(QLatin1Char('\n'));
    INFO(notes.toStdString());
    CHECK(notes.contains(
        QStringLiteral("pushed to %1 (SHA-256 %2, checked on the device)").arg(remote, sum)));
    CHECK(notes.contains(QStringLiteral("Android device 0a1b2c3d: LGE Nexus 5, Android 6.0.1 "
                                        "(SDK 23), ABI x86_64, kernel ")));
    CHECK(notes.contains(QStringLiteral("Android device 0a1b2c3d is not rooted (/system/bin/sh: "
                                        "su: not found): the worker runs unprivileged")));
    CHECK(notes.contains(QStringLiteral("wake locks held: PARTIAL_WAKE_LOCK 'AudioMix', "
                                        "PARTIAL_WAKE_LOCK '(an account's)'")));
    CHECK(count(phones.log(), "'push'") == 1);
    CHECK(fs::exists(phones.home() / "devices/0a1b2c3d/root" / remote.mid(1).toStdString()));

    SECTION("the next session finds the same worker and pushes nothing")
    {
        const SessionOutcome again = runSession(
            adbSettings(QStringLiteral("adb:0a1b2c3d"), QStringLiteral("chacha20/botan:encrypt")),
            opts);
        INFO(again.reason.toStdString());
        REQUIRE(again.status == SessionStatus::Complete);
        CHECK(count(phones.log(), "'push'") == 1);
        CHECK(again.notes.join(QLatin1Char('\n'))
                  .contains(QStringLiteral("worker already on the device at %1").arg(remote)));
    }
}

TEST_CASE("pulling the cable mid-run interrupts the session, and the worker on the phone "
          "restores its governor and exits",
          "[adb]")
{
    FakePhones phones;
    phones.add("0a1b2c3d", "x86_64");
    FakeSysfs tree({0, 1});
    TempDir dir;
    RunnerOptions opts = localOptions(dir.path());
    opts.localWorker.sysfsRoot = qs(tree.root());
    SessionSettings s =
        adbSettings(QStringLiteral("adb:0a1b2c3d"), QStringLiteral("chacha20/botan:encrypt"));
    s.pinGovernor = true;
    s.baselineSeconds = 2;
    s.runLength.seconds = 60;
    bool pulled = false;
    QString pinnedDuringRun;
    const SessionOutcome out = runSession(s, opts, [&](SessionRunner &runner) {
        QObject::connect(&runner, &SessionRunner::runUpdated, &runner, [&](const RunUpdate &u) {
            if (u.status != RunStatus::Running || pulled)
                return;
            pulled = true;
            QTimer::singleShot(1500, &runner, [&] {
                pinnedDuringRun = QString::fromStdString(tree.cpuFile(0, "scaling_governor"));
                const auto pids = phones.servePids();
                CHECK(pids.size() == 1);
                if (!pids.empty())
                    ::kill(pids.front().first, SIGKILL); // the adb between host and phone
            });
        });
    });
    REQUIRE(pulled);
    CHECK(pinnedDuringRun == QStringLiteral("performance"));
    REQUIRE(out.status == SessionStatus::Interrupted);
    CHECK(out.reason.contains(QStringLiteral("the adb link to adb:0a1b2c3d was lost")));
    const SessionData d = loadSession(opts.databasePath, out.session);
    CHECK(d.summary.status == SessionStatus::Interrupted);
    CHECK(d.samples.size() >= 30); // the baseline and the run so far are kept
    REQUIRE(d.runs.size() == 1);
    CHECK(d.runs[0].status == RunStatus::Interrupted);
    // The worker saw its input close: it stopped, restored and exited. (The runner may have
    // started another one since, to put the governor back from the journal.)
    const auto pids = phones.servePids();
    REQUIRE_FALSE(pids.empty());
    CHECK(waitUntilExited(pids.front().second, 20s));
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
    CHECK(tree.cpuFile(1, "scaling_governor") == "powersave");
}

TEST_CASE("a worker built for another ABI is refused before it is pushed, naming both", "[adb]")
{
    FakePhones phones;
    phones.add("0a1b2c3d", "arm64-v8a");
    TempDir dir;
    const RunnerOptions opts = localOptions(dir.path());
    const SessionOutcome out = runSession(
        adbSettings(QStringLiteral("adb:0a1b2c3d"), QStringLiteral("chacha20/botan:encrypt")),
        opts);
    REQUIRE(out.status == SessionStatus::Failed);
    INFO(out.reason.toStdString());
    CHECK(out.reason.contains(
        QStringLiteral("Android device 0a1b2c3d has the ABI arm64-v8a, but %1 is built for x86_64")
            .arg(QStringLiteral(CIPHERWATT_BENCH_EXE))));
    CHECK(count(phones.log(), "'push'") == 0);
}

TEST_CASE("without a serial: the only ready device, else a clear error", "[adb]")
{
    FakePhones phones;
    LocalWorkerOptions local;
    local.program = QStringLiteral(CIPHERWATT_BENCH_EXE);
    std::unique_ptr<Dut> dut;

    SECTION("none attached")
    {
        const DutOutcome out = startDut(QStringLiteral("adb"), local, dut);
        CHECK_FALSE(out.ready);
        CHECK(out.failure.startsWith(QStringLiteral("no Android device is attached")));
    }
    SECTION("one, not authorised yet")
    {
        phones.add("0a1b2c3d", "x86_64", "unauthorized");
        const DutOutcome out = startDut(QStringLiteral("adb"), local, dut);
        CHECK(out.failure.startsWith(
            QStringLiteral("Android device 0a1b2c3d is unauthorized, not ready")));
    }
    SECTION("two ready")
    {
        phones.add("0a1b2c3d", "x86_64");
        phones.add("emulator-5554", "x86_64");
        const DutOutcome out = startDut(QStringLiteral("adb"), local, dut);
        CHECK(out.failure ==
              QStringLiteral("several Android devices are attached (0a1b2c3d, emulator-5554): "
                             "name one as adb:<serial>"));
    }
    SECTION("a serial that is not attached")
    {
        phones.add("0a1b2c3d", "x86_64");
        const DutOutcome out = startDut(QStringLiteral("adb:ffff"), local, dut);
        CHECK(out.failure == QStringLiteral("adb -s ffff get-state failed (exit status 1): "
                                            "error: device 'ffff' not found"));
    }
    SECTION("two, one ready and rooted: that one, pinned through su, and paths full of shell "
            "syntax reach it as they are")
    {
        phones.add("0a1b2c3d", "x86_64", "device", true);
        phones.add("emulator-5554", "x86_64", "offline");
        FakeSysfs tree({0});
        const fs::path trap = phones.home() / "devices/0a1b2c3d/root/cipherwatt-quoting-trap";
        const fs::path root =
            phones.home() / "it's a \"dir\"; $(touch cipherwatt-quoting-trap) `true` & *";
        fs::create_directory_symlink(tree.root(), root);
        local.sysfsRoot = qs(root);
        const DutOutcome out = startDut(QStringLiteral("adb"), local, dut);
        INFO(out.failure.toStdString());
        REQUIRE(out.ready);
        CHECK(out.device.value(QStringLiteral("serial")) == QStringLiteral("0a1b2c3d"));
        CHECK(out.notes.join(QLatin1Char('\n'))
                  .contains(QStringLiteral("Android device 0a1b2c3d is rooted: the worker pins "
                                           "and restores the governor through su")));
        dut->pin({});
        QEventLoop loop;
        QObject::connect(dut.get(), &Dut::event, &loop, [&] { loop.quit(); });
        QTimer::singleShot(30s, &loop, &QEventLoop::quit);
        loop.exec();
        CHECK(tree.cpuFile(0, "scaling_governor") == "performance");
        // Through the phone's su, the hostile path one quoted word of its command line.
        const std::string su = readWhole(phones.home() / "su-log");
        INFO(su);
        CHECK(su.find("'governor' 'set' '--governor' 'performance'") != std::string::npos);
        CHECK(su.find("'--sysfs-root' '" + root.string().substr(0, root.string().find('\'')) +
                      "'\\''s a \"dir\"; $(touch cipherwatt-quoting-trap) `true` & *'") !=
              std::string::npos);
        dut.reset(); // end of input: restored, through su as well
        CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
        CHECK(readWhole(phones.home() / "su-log").find("'governor' 'restore'") !=
              std::string::npos);
        CHECK_FALSE(fs::exists(trap));
    }
}
