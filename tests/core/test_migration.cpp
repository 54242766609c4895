// Databases written by CipherWatt 0.1.0 (tests/data/db/cipherwatt-0.1.0.sqlite, with what that
// release's `show --json` printed for each session) read as they were: the typed records and
// their serializer give back every stored field, and opening the file migrates it to the
// current schema without losing anything.

#include "temp_dir.h"

#include <cipherwatt/core/records_json.h>
#include <cipherwatt/core/storage.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <catch2/catch.hpp>

#include <filesystem>

using namespace cipherwatt::core;
using cipherwatt::test::TempDir;

namespace {

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    return QJsonDocument::fromJson(file.readAll()).object();
}

// What this version adds beside the English texts: the messages with their identifiers.
QJsonObject withoutMessageIds(QJsonObject json)
{
    for (const QString &key : json.keys()) {
        if (key.endsWith(QLatin1String("_messages")))
            json.remove(key);
        else if (json.value(key).isObject())
            json.insert(key, withoutMessageIds(json.value(key).toObject()));
    }
    return json;
}

QString copyFixture(const TempDir &dir)
{
    const auto target = dir.path() / "old.sqlite";
    std::filesystem::copy_file(CIPHERWATT_TEST_DATA "/db/cipherwatt-0.1.0.sqlite", target);
    return QString::fromStdString(target.string());
}

} // namespace

TEST_CASE("migration: a database of 0.1.0 reads as that release showed it", "[migration]")
{
    TempDir dir;
    const QString path = copyFixture(dir);
    auto storage = Storage::open(path);
    INFO((storage ? QString() : storage.error().message.english()).toStdString());
    REQUIRE(storage.ok());
    for (const qint64 id : {1, 2, 3}) {
        INFO("session " << id);
        const QJsonObject shown = readJson(
            QStringLiteral(CIPHERWATT_TEST_DATA "/db/cipherwatt-0.1.0-show-%1.json").arg(id));
        auto data = (*storage)->load(id);
        REQUIRE(data.ok());
        const SessionData &d = *data;
        CHECK(d.summary.label == shown.value(QStringLiteral("label")).toString());
        CHECK(statusName(d.summary.status) == shown.value(QStringLiteral("status")).toString());
        CHECK(d.summary.statusReason.english() ==
              shown.value(QStringLiteral("status_reason")).toString());
        CHECK(d.summary.simulated == shown.value(QStringLiteral("simulated")).toBool());
        CHECK(static_cast<qint64>(d.samples.size()) ==
              shown.value(QStringLiteral("samples")).toInteger());
        // The session's records, field by field, through this version's one serializer.
        CHECK(toJson(d.settings) == shown.value(QStringLiteral("settings")).toObject());
        CHECK(withoutMessageIds(toJson(d.meter)) ==
              shown.value(QStringLiteral("meter_setup")).toObject());
        CHECK(toJson(d.dut) == shown.value(QStringLiteral("dut_setup")).toObject());
        CHECK(withoutMessageIds(toJson(d.analysis)) ==
              shown.value(QStringLiteral("analysis")).toObject());
        const QJsonArray runs = shown.value(QStringLiteral("results")).toArray();
        REQUIRE(static_cast<qsizetype>(d.runs.size()) == runs.size());
        for (qsizetype k = 0; k < runs.size(); ++k) {
            const QJsonObject r = runs[k].toObject();
            const StoredRun &run = d.runs[static_cast<std::size_t>(k)];
            INFO("run " << run.ordinal);
            CHECK(run.ordinal == r.value(QStringLiteral("ordinal")).toInt());
            CHECK(run.cipher == r.value(QStringLiteral("cipher")).toString());
            CHECK(runStatusName(run.status) == r.value(QStringLiteral("status")).toString());
            CHECK(run.error.english() == r.value(QStringLiteral("error")).toString());
            CHECK((run.result ? toJson(*run.result) : QJsonObject()) ==
                  r.value(QStringLiteral("result")).toObject());
            CHECK((run.analysis ? withoutMessageIds(toJson(*run.analysis)) : QJsonObject()) ==
                  r.value(QStringLiteral("analysis")).toObject());
            if (run.status != RunStatus::Skipped && run.status != RunStatus::Planned) {
                REQUIRE(run.request);
                CHECK(run.request->exec == run.cipher.startsWith(QLatin1String("cmd:")));
            }
        }
    }
}

TEST_CASE("migration: opening a 0.1.0 database brings it to the current schema", "[migration]")
{
    TempDir dir;
    const QString path = copyFixture(dir);
    {
        auto storage = Storage::open(path);
        REQUIRE(storage.ok());
        auto list = (*storage)->sessions();
        REQUIRE(list.ok());
        CHECK(list->size() == 3);
    }
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("m"));
        db.setDatabaseName(path);
        REQUIRE(db.open());
        QSqlQuery q(db);
        REQUIRE(q.exec(QStringLiteral("PRAGMA user_version")));
        REQUIRE(q.next());
        CHECK(q.value(0).toInt() == kSchemaVersion);
        q.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("m"));
    // And once more: nothing to migrate, the same sessions.
    auto again = Storage::open(path);
    REQUIRE(again.ok());
    auto data = (*again)->load(2);
    REQUIRE(data.ok());
    CHECK(data->summary.status == SessionStatus::Cancelled);
}
