// The session records' one serializer (cipherwatt/core/records_json.h): what it writes reads
// back the same, fields a newer version stored are kept, and the forms earlier versions wrote
// are read.

#include <cipherwatt/core/records_json.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <catch2/catch.hpp>

using namespace cipherwatt::core;

namespace {

QJsonObject parse(const char *text)
{
    return QJsonDocument::fromJson(QByteArray(text)).object();
}

} // namespace

TEST_CASE("records: the DUT's set-up reads back as written, unknown fields kept", "[records]")
{
    const QJsonObject stored = parse(R"json({
        "resource": "ssh://lab@pi4:22", "link": "ssh://lab@pi4:22", "worker_version": "0.1.0",
        "worker_path": "/usr/bin/cipherwatt-bench", "protocol": 2, "description": "pi4",
        "host": "pi4", "port": 22, "user": "lab", "battery_gauge": {"name": "BAT0"},
        "system": {"cpu_model": "Cortex-A72", "logical_cores": 4, "architecture": "aarch64",
                   "kernel": "Linux 6.1", "hostname": "pi4", "cpu_features": ["neon"],
                   "isa": "neon", "isa_supported": ["portable", "neon"],
                   "governor": {"cpus": [{"cpu": 0, "governor": "ondemand",
                                          "available_governors": ["ondemand", "performance"],
                                          "min_khz": 600000, "max_khz": 1500000,
                                          "cur_khz": 600000, "hw_min_khz": 600000,
                                          "hw_max_khz": 1500000}],
                                "turbo": {"control": "none"}},
                   "temperatures": [{"sensor": "thermal_zone0", "label": "cpu", "celsius": 41.5}],
                   "libraries": {"botan": "Botan 2.19.3"}, "warnings": [],
                   "npu": "none"},
        "pinning": {"applied": {"cpus": [], "turbo": {"control": "none"}}, "mismatches": [],
                    "journal_created": true, "journal": "/tmp/j", "method": "sudo",
                    "applied_ok": true},
        "restore": {"restored": false, "error": "sudo -n refused"}
    })json");
    const DutSetup d = dutSetupFromJson(stored);
    CHECK(d.system.cpuModel == QStringLiteral("Cortex-A72"));
    CHECK(d.system.cpuLine() == QStringLiteral("Cortex-A72, 4 logical cores, aarch64"));
    CHECK(d.system.governor.cpus.at(0).maxKHz == 1500000U);
    CHECK(d.system.temperatures.at(0).celsius == 41.5);
    REQUIRE(d.pinning);
    CHECK(d.pinning->applied);
    CHECK(d.pinning->method == QStringLiteral("sudo"));
    REQUIRE(d.restore);
    CHECK(d.restore->error == QStringLiteral("sudo -n refused"));
    CHECK(d.extra.contains(QStringLiteral("battery_gauge")));
    CHECK(d.system.extra.contains(QStringLiteral("npu")));
    CHECK(toJson(d) == stored);
}

TEST_CASE("records: a governor not pinned, and why", "[records]")
{
    const QJsonObject stored = parse(R"json({"resource": "local", "link": "local",
        "worker_version": "0.1.0", "worker_path": "/w", "protocol": 1, "description": "local",
        "system": {}, "pinning": {"applied": false, "error": "not requested (governor: none)"}})json");
    const DutSetup d = dutSetupFromJson(stored);
    REQUIRE(d.pinning);
    CHECK_FALSE(d.pinning->applied);
    CHECK(d.pinning->error == QStringLiteral("not requested (governor: none)"));
    CHECK(toJson(d)[QStringLiteral("pinning")] == stored[QStringLiteral("pinning")]);
}

TEST_CASE("records: requests as 0.1.0 stored them, with their command name", "[records]")
{
    const WorkerRequest run = workerRequestFromJson(parse(
        R"json({"cmd": "run", "cipher": "aes-128-xts", "backend": "openssl", "op": "encrypt",
            "buffer": 4096, "iterations": 20000, "cpu": 0})json"));
    CHECK_FALSE(run.exec);
    CHECK(run.cipher == QStringLiteral("aes-128-xts"));
    CHECK(run.iterations == 20000U);
    CHECK(run.cpu == 0);
    const WorkerRequest exec = workerRequestFromJson(parse(
        R"json({"cmd": "exec", "label": "sleep", "argv": ["sleep", "1"], "timeout": 3600,
            "bytes": 1000, "cpu": 0})json"));
    CHECK(exec.exec);
    CHECK(exec.argv == QStringList{QStringLiteral("sleep"), QStringLiteral("1")});
    CHECK(exec.bytes == 1000U);
    // Written back in this version's form, which reads the same.
    const WorkerRequest again = workerRequestFromJson(toJson(exec));
    CHECK(again.exec);
    CHECK(again.label == QStringLiteral("sleep"));
    CHECK(again.timeoutSeconds == 3600.0);
}

TEST_CASE("records: the analysis with its messages, and English-only flags of old", "[records]")
{
    SessionAnalysis a;
    a.baseline = BaselineRecord{1.0, 61.0, {}, std::nullopt, {}};
    a.baseline->result.stats.count = 600;
    a.baseline->result.stats.mean = 4.0;
    a.flags << Message::plain(QStringLiteral("an old flag"));
    const QJsonObject json = toJson(a);
    CHECK(json[QStringLiteral("flags")].toArray().at(0).toString() ==
          QStringLiteral("an old flag"));
    const SessionAnalysis back = sessionAnalysisFromJson(json);
    REQUIRE(back.baseline);
    CHECK(back.baseline->endSeconds == 61.0);
    CHECK(back.baseline->result.stats.count == 600);
    CHECK(back.flags == a.flags);
    // 0.1.0 stored the English texts only.
    const SessionAnalysis old = sessionAnalysisFromJson(
        parse(R"json({"flags": ["the idle baseline drifts"], "future": 1})json"));
    REQUIRE(old.flags.size() == 1);
    CHECK(old.flags.at(0).english() == QStringLiteral("the idle baseline drifts"));
    CHECK(old.extra.contains(QStringLiteral("future")));
}

TEST_CASE("records: other activity over a phase from two readings of the DUT's counters",
          "[records][activity]")
{
    // Two cores at 100 ticks a second, read 2 s apart: 400 ticks of core time passed
    // (2 cores x 2 s x 100). 150 of them were busy, 60 of those the worker's own.
    const CpuCounters from{2, 100, 1338, 6378, 37};
    const CpuCounters to{2, 100, 1338 + 150, 6378 + 400, 37 + 60};
    const auto a = DutActivity::between(from, to);
    REQUIRE(a);
    CHECK(a->seconds == Approx(2.0));          // 400 / 2 / 100
    CHECK(a->workerCpuSeconds == Approx(0.6)); // 60 / 100
    CHECK(a->otherCpuSeconds == Approx(0.9));  // (150 - 60) / 100
    CHECK(a->otherCores() == Approx(0.45));    // 0.9 CPU-s over 2 s
    CHECK(a->otherShare() == Approx(0.225));   // of 2 cores
    CHECK(a->workerCores() == Approx(0.3));
    // The kernel's tick-charged busy time a tick below the worker's exact time: no activity.
    const auto quiet = DutActivity::between(from, {2, 100, 1338 + 10, 6378 + 400, 37 + 12});
    REQUIRE(quiet);
    CHECK(quiet->otherCpuSeconds == 0.0);
    CHECK(quiet->workerCpuSeconds == Approx(0.12));
    // Readings that cannot be compared: another worker (its own time went back), a DUT with
    // other cores, no time passed.
    CHECK_FALSE(DutActivity::between(from, {2, 100, 1400, 6500, 10}));
    CHECK_FALSE(DutActivity::between(from, {4, 100, 1400, 6500, 40}));
    CHECK_FALSE(DutActivity::between(from, from));

    // Stored and read back; an empty object (a phase without activity) reads as none.
    const auto back = dutActivityFromJson(toJson(*a));
    REQUIRE(back);
    CHECK(back->seconds == Approx(2.0));
    CHECK(back->otherCpuSeconds == Approx(0.9));
    CHECK(back->workerCpuSeconds == Approx(0.6));
    CHECK(back->cpus == 2);
    CHECK(toJson(*a).value(QStringLiteral("other_cores")).toDouble() == Approx(0.45));
    CHECK_FALSE(dutActivityFromJson(QJsonObject()));
}
