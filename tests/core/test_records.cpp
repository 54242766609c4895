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
    a.baseline = BaselineRecord{1.0, 61.0, {}};
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
