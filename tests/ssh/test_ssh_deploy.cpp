// Putting the worker on the DUT: found, uploaded when missing or stale (SFTP, private cache,
// SHA-256 checked on the DUT), reused, and refused for another architecture, for a binary that
// cannot run there, and for a checksum that does not match. The operator's plugins go the same
// way.

#include "ssh_support.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sshd.h>
#include <sys/stat.h>
#include <temp_dir.h>

using namespace cipherwatt::core;
using namespace cipherwatt::test;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

constexpr QLatin1String kVersion(CIPHERWATT_VERSION);

QString sha256(const QString &file)
{
    QFile in(file);
    REQUIRE(in.open(QIODevice::ReadOnly));
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&in);
    return QString::fromLatin1(hash.result().toHex());
}

fs::perms permissions(const fs::path &path)
{
    return fs::status(path).permissions() & fs::perms::all;
}

void writeScript(const fs::path &file, const std::string &text)
{
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
    fs::permissions(file, fs::perms::owner_all);
}

// The 64-byte header of an ELF executable for `machine` (little-endian, 64-bit): enough for
// the architecture check, which must refuse it before anything is sent.
void writeElfHeader(const fs::path &file, unsigned machine)
{
    std::string header(64, '\0');
    header.replace(0, 4,
                   "\x7f"
                   "ELF");
    header[4] = 2;  // ELFCLASS64
    header[5] = 1;  // ELFDATA2LSB
    header[6] = 1;  // EV_CURRENT
    header[16] = 2; // ET_EXEC
    header[18] = static_cast<char>(machine & 0xffU);
    header[19] = static_cast<char>(machine >> 8U);
    std::ofstream(file, std::ios::binary) << header;
    fs::permissions(file, fs::perms::owner_all);
}

} // namespace

TEST_CASE("a missing worker is uploaded to a private cache, verified and then reused", "[ssh]")
{
    SshServer server;
    SshOptions o = sshOptions(server);
    o.remoteWorker = qs(server.dir() / "nowhere" / "cipherwatt-bench");
    o.uploadWorker = QStringLiteral(CIPHERWATT_BENCH_EXE);
    const fs::path cache = server.dir() / "cache" / "cipherwatt";
    const fs::path uploaded = cache / CIPHERWATT_VERSION / "cipherwatt-bench";

    o.allowUpload = false;
    {
        const SshDut off(o);
        CHECK(off.report.failure.contains(QStringLiteral("uploading is off")));
        CHECK(off.report.failure.contains(QStringLiteral("bench-only")));
        CHECK(off.report.failure.contains(QStringLiteral("is not there")));
    }
    CHECK_FALSE(fs::exists(uploaded));

    o.allowUpload = true;
    QStringList reasons;
    o.confirmUpload = [&](const QString &why) {
        reasons << why;
        return false;
    };
    {
        const SshDut declined(o);
        CHECK(declined.report.failure.contains(QStringLiteral("declined")));
        REQUIRE(reasons.size() == 1);
        CHECK(reasons[0].contains(o.remoteWorker));
    }
    CHECK_FALSE(fs::exists(uploaded));

    o.confirmUpload = {};
    SshDut first(o);
    INFO(first.report.failure.toStdString());
    REQUIRE(first.report.ready);
    CHECK(first.report.hello.executable == qs(uploaded));
    REQUIRE(first.report.notes.size() == 1);
    CHECK(first.report.notes[0].contains(QStringLiteral("uploaded")));
    CHECK(first.report.notes[0].contains(sha256(o.uploadWorker)));
    CHECK(first.report.notes[0].contains(QStringLiteral("verified")));
    CHECK(sha256(qs(uploaded)) == sha256(o.uploadWorker));
    CHECK(permissions(uploaded) == fs::perms::owner_all);
    CHECK(permissions(uploaded.parent_path()) == fs::perms::owner_all);
    CHECK(permissions(cache) == fs::perms::owner_all);
    CHECK_FALSE(fs::exists(fs::path(uploaded) += ".upload"));
    first.finish();
    CHECK(first.report.clean);

    // Connecting again finds that copy: nothing is sent.
    const auto sent = fs::last_write_time(uploaded);
    SshDut second(o);
    REQUIRE(second.report.ready);
    REQUIRE(second.report.notes.size() == 1);
    CHECK(second.report.notes[0].contains(QStringLiteral("uploaded earlier")));
    CHECK(fs::last_write_time(uploaded) == sent);
    second.finish();
}

TEST_CASE("a worker of another version on the DUT is replaced by an upload", "[ssh]")
{
    SshServer server;
    SshOptions o = sshOptions(server);
    const fs::path stale = server.dir() / "old" / "cipherwatt-bench";
    writeScript(stale, "#!/bin/sh\necho 'cipherwatt-bench 0.0.1'\n");
    o.remoteWorker = qs(stale);
    o.uploadWorker = QStringLiteral(CIPHERWATT_BENCH_EXE);
    o.allowUpload = true;
    {
        SshDut dut(o);
        INFO(dut.report.failure.toStdString());
        REQUIRE(dut.report.ready);
        CHECK(dut.report.hello.version == kVersion);
        REQUIRE(dut.report.notes.size() == 1);
        CHECK(dut.report.notes[0].contains(QStringLiteral("is version 0.0.1, not ") + kVersion));
        dut.finish();
    }
    // Not uploaded when the version matches.
    o.remoteWorker = QStringLiteral(CIPHERWATT_BENCH_EXE);
    SshDut dut(o);
    REQUIRE(dut.report.ready);
    REQUIRE(dut.report.notes.size() == 1);
    CHECK(dut.report.notes[0].startsWith(QStringLiteral("worker: found ")));
    dut.finish();
}

TEST_CASE("a worker built for another architecture is never uploaded", "[ssh]")
{
    SshServer server;
    SshOptions o = sshOptions(server);
    o.remoteWorker = qs(server.dir() / "nowhere" / "cipherwatt-bench");
    o.allowUpload = true;
    QStringList candidates;
    const fs::path arm = server.dir() / "arm64" / "cipherwatt-bench";
    fs::create_directories(arm.parent_path());
    writeElfHeader(arm, 183); // EM_AARCH64
    candidates << qs(arm);
#ifdef CIPHERWATT_AARCH64_BENCH
    candidates << QStringLiteral(CIPHERWATT_AARCH64_BENCH); // the project's Raspberry Pi build
#endif
    for (const QString &candidate : candidates) {
        INFO(candidate.toStdString());
        o.uploadWorker = candidate;
        const SshDut dut(o);
        const DutReport &r = dut.report;
        CHECK_FALSE(r.ready);
        CHECK(r.failure.contains(QStringLiteral("built for aarch64 but the DUT is x86_64")));
        CHECK(r.failure.contains(
            QStringLiteral("cmake --preset bench-only && cmake --build --preset bench-only")));
        CHECK_FALSE(fs::exists(server.dir() / "cache"));
    }
}

TEST_CASE("an uploaded worker that cannot run there names its missing libraries", "[ssh]")
{
    SshServer server;
    SshOptions o = sshOptions(server);
    o.remoteWorker = qs(server.dir() / "nowhere" / "cipherwatt-bench");
    o.allowUpload = true;
    o.uploadWorker = QStringLiteral(CIPHERWATT_NEEDS_GONE_LIBRARY_EXE);
    const SshDut dut(o);
    const DutReport &r = dut.report;
    CHECK_FALSE(r.ready);
    CHECK(r.failure.contains(QStringLiteral("missing shared libraries")));
    CHECK(r.failure.contains(QStringLiteral("libcipherwatt_gone.so")));
    CHECK(r.failure.contains(QStringLiteral("bench-only")));
}

TEST_CASE("an upload whose SHA-256 differs on the DUT is removed and refused", "[ssh]")
{
    SshServer server;
    SshOptions o = sshOptions(server);
    o.remoteWorker = qs(server.dir() / "nowhere" / "cipherwatt-bench");
    o.allowUpload = true;
    o.uploadWorker = QStringLiteral(CIPHERWATT_BENCH_EXE);
    // The DUT's sha256sum reports another sum, as for a file damaged on the way.
    const fs::path bin = server.dir() / "fakebin";
    writeScript(bin / "sha256sum",
                "#!/bin/sh\necho "
                "'0000000000000000000000000000000000000000000000000000000000000000'  \"$2\"\n");
    o.environment << QStringLiteral("PATH=") + qs(bin) + QStringLiteral(":/usr/bin:/bin");
    const SshDut dut(o);
    const DutReport &r = dut.report;
    CHECK_FALSE(r.ready);
    CHECK(r.failure.contains(QStringLiteral("has SHA-256 0000")));
    CHECK(r.failure.contains(sha256(o.uploadWorker)));
    CHECK(r.failure.contains(QStringLiteral("removed")));
    CHECK_FALSE(fs::exists(server.dir() / "cache" / "cipherwatt" / CIPHERWATT_VERSION /
                           "cipherwatt-bench"));
}

TEST_CASE("the operator's plugin goes beside the worker: uploaded, verified, loaded, reused",
          "[ssh]")
{
    SshServer server;
    SshOptions o = sshOptions(server);
    o.uploadPlugins << QStringLiteral(CIPHERWATT_XTEA_PLUGIN);
    const QString sum = sha256(QStringLiteral(CIPHERWATT_XTEA_PLUGIN));
    const QString name = QFileInfo(QStringLiteral(CIPHERWATT_XTEA_PLUGIN)).fileName();
    const fs::path cache = server.dir() / "cache" / "cipherwatt";
    const fs::path uploaded = cache / "plugins" / sum.toStdString() / name.toStdString();
    {
        SshDut dut(o);
        INFO(dut.report.failure.toStdString());
        REQUIRE(dut.report.ready);
        const auto uploadNote =
            std::find_if(dut.report.notes.begin(), dut.report.notes.end(),
                         [](const QString &n) { return n.startsWith(QStringLiteral("plugin ")); });
        REQUIRE(uploadNote != dut.report.notes.end());
        CHECK(uploadNote->contains(QStringLiteral("uploaded to ") + qs(uploaded)));
        CHECK(uploadNote->contains(QStringLiteral("verified")));
        CHECK(sha256(qs(uploaded)) == sum);
        CHECK(permissions(cache) == fs::perms::owner_all);
        // The remote worker loaded it from there: its ciphers are on the DUT.
        const auto &plugins = dut.report.hello.plugins;
        REQUIRE(plugins.size() == 1);
        CHECK(plugins[0].path == qs(uploaded));
        dut.dut().list();
        const auto list = dut.awaitEvent(QStringLiteral("list"));
        REQUIRE(list);
        bool xtea = false;
        for (const CatalogueEntry &c : std::get<worker::Catalogue>(list->body).ciphers)
            xtea = xtea || c.backends.contains(QStringLiteral("plugin:xtea"));
        CHECK(xtea);
        dut.finish();
    }
    // Again: the same bytes are found, nothing is sent.
    const auto sent = fs::last_write_time(uploaded);
    {
        SshDut dut(o);
        REQUIRE(dut.report.ready);
        CHECK(dut.report.notes.join(QLatin1Char('\n'))
                  .contains(QStringLiteral("plugin %1: found %2, uploaded earlier")
                                .arg(name, qs(uploaded))));
        CHECK(fs::last_write_time(uploaded) == sent);
        dut.finish();
    }
    // A plugin for another machine is refused before anything is sent.
    const fs::path arm = server.dir() / "arm64" / "libcipher.so";
    fs::create_directories(arm.parent_path());
    writeElfHeader(arm, 183); // EM_AARCH64
    o.uploadPlugins = QStringList{qs(arm)};
    const SshDut refused(o);
    CHECK_FALSE(refused.report.ready);
    CHECK(refused.report.failure.contains(QStringLiteral("plugin %1 is built for aarch64 but the "
                                                         "DUT is x86_64")
                                              .arg(qs(arm))));
    CHECK_FALSE(fs::exists(cache / "plugins" / sha256(qs(arm)).toStdString()));
}
