// The session database: schema and migrations, refusal of foreign and newer files (left
// untouched), recovery of sessions a dead program left running, batching of samples, editing
// and deleting.

#include <cipherwatt/core/storage.h>

#include <QCryptographicHash>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QThread>
#include <QUuid>
#include <QVariant>
#include <catch2/catch.hpp>

#include <cmath>
#include <temp_dir.h>

using namespace cipherwatt::core;
using cipherwatt::test::TempDir;

namespace {

QString dbPath(const TempDir &dir, const char *name = "sessions.sqlite")
{
    return QString::fromStdString((dir.path() / name).string());
}

std::unique_ptr<Storage> openOk(const QString &path)
{
    auto s = Storage::open(path);
    INFO((s ? QString() : s.error().message.english()).toStdString());
    REQUIRE(s.ok());
    return std::move(*s);
}

QByteArray fileHash(const QString &path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// A separate raw connection, to see what is on disk independently of Storage.
class Raw
{
public:
    explicit Raw(const QString &path)
        : m_name(QUuid::createUuid().toString())
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        REQUIRE(db.open());
    }
    ~Raw()
    {
        QSqlDatabase::database(m_name).close();
        QSqlDatabase::removeDatabase(m_name);
    }
    qint64 value(const QString &sql)
    {
        QSqlQuery q(QSqlDatabase::database(m_name));
        REQUIRE(q.exec(sql));
        REQUIRE(q.next());
        return q.value(0).toLongLong();
    }
    void exec(const QString &sql)
    {
        QSqlQuery q(QSqlDatabase::database(m_name));
        REQUIRE(q.exec(sql));
    }

private:
    QString m_name;
};

SessionSettings settings(const QString &label)
{
    SessionSettings s;
    s.label = label;
    s.operatorName = QStringLiteral("Kim");
    s.tags = {QStringLiteral("lea"), QStringLiteral("x86")};
    s.planSpec = QStringLiteral("lea-128-xts");
    return s;
}

StoredSample sample(qint64 tNs, double watts)
{
    StoredSample s;
    s.tNs = tNs;
    s.meterSequence = static_cast<quint64>(tNs / 100'000'000);
    s.power = watts;
    s.wattHours = std::nan("");
    s.values = {230.0, watts / 230.0, watts};
    return s;
}

} // namespace

TEST_CASE("storage: a new file gets the schema, WAL and CipherWatt's application id", "[storage]")
{
    TempDir dir;
    const QString path = dbPath(dir);
    openOk(path);
    Raw raw(path);
    CHECK(raw.value(QStringLiteral("PRAGMA user_version")) == kSchemaVersion);
    CHECK(raw.value(QStringLiteral("PRAGMA application_id")) == kApplicationId);
    CHECK(raw.value(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name IN "
                                   "('sessions','tags','phases','runs','samples','events')")) == 6);
    // Opening again changes nothing.
    openOk(path);
    CHECK(raw.value(QStringLiteral("PRAGMA user_version")) == kSchemaVersion);
}

TEST_CASE("storage: a session round-trips with phases, runs, samples and events", "[storage]")
{
    TempDir dir;
    const QString path = dbPath(dir);
    auto storage = openOk(path);
    MeterSetup meter;
    meter.description = QStringLiteral("YOKOGAWA WT332");
    DutSetup dut;
    dut.description = QStringLiteral("local: test");
    auto id = storage->createSession(settings(QStringLiteral("LEA, \"fast\" 리아")), meter, dut,
                                     1'700'000'000'000, true);
    REQUIRE(id.ok());
    auto phase =
        storage->beginPhase(*id, PhaseKind::Baseline, Message::plain(QStringLiteral("idle")), 0, 0);
    REQUIRE(phase.ok());
    for (int i = 1; i <= 25; ++i)
        REQUIRE(storage->addSample(*id, sample(i * 100'000'000LL, 4.0 + i * 0.01)).ok());
    REQUIRE(storage->endPhase(*phase, 2'500'000'000).ok());
    StoredRun run;
    run.ordinal = 1;
    run.cipher = QStringLiteral("lea-128-xts");
    run.backend = QStringLiteral("custom");
    run.operation = QStringLiteral("encrypt");
    run.bufferBytes = 4096;
    auto runId = storage->addRun(*id, run);
    REQUIRE(runId.ok());
    run.id = *runId;
    run.status = RunStatus::Done;
    run.windowStartNs = 3'000'000'000;
    run.windowEndNs = 13'000'000'000;
    WorkerResult result;
    result.bytes = 40960000;
    run.result = result;
    REQUIRE(storage->updateRun(run).ok());
    REQUIRE(
        storage
            ->addEvent(*id, {5, QStringLiteral("warning"), Message::plain(QStringLiteral("hot"))})
            .ok());
    REQUIRE(storage->setStatus(*id, SessionStatus::Complete).ok());

    auto data = storage->load(*id);
    REQUIRE(data.ok());
    CHECK(data->summary.label == QStringLiteral("LEA, \"fast\" 리아"));
    CHECK(data->summary.operatorName == QStringLiteral("Kim"));
    CHECK(data->summary.tags == QStringList{QStringLiteral("lea"), QStringLiteral("x86")});
    CHECK(data->summary.status == SessionStatus::Complete);
    CHECK(data->summary.simulated);
    CHECK(data->summary.meter == QStringLiteral("YOKOGAWA WT332"));
    CHECK(data->originUtcMs == 1'700'000'000'000);
    REQUIRE(data->phases.size() == 1);
    CHECK(data->phases[0].kind == PhaseKind::Baseline);
    CHECK(data->phases[0].endNs == 2'500'000'000);
    REQUIRE(data->samples.size() == 25);
    CHECK(data->samples[24].power == 4.25);
    CHECK(data->samples[24].values == std::vector<double>{230.0, 4.25 / 230.0, 4.25});
    CHECK(std::isnan(data->samples[0].wattHours));
    REQUIRE(data->runs.size() == 1);
    CHECK(data->runs[0].status == RunStatus::Done);
    CHECK(data->runs[0].windowEndNs == 13'000'000'000);
    REQUIRE(data->runs[0].result);
    CHECK(data->runs[0].result->bytes == 40960000U);
    REQUIRE(data->events.size() == 1);
    CHECK(data->events[0].text.english() == QStringLiteral("hot"));
    CHECK_FALSE(storage->load(*id + 100).ok());
}

TEST_CASE("storage: samples reach the disk within a second", "[storage]")
{
    TempDir dir;
    const QString path = dbPath(dir);
    auto storage = openOk(path);
    auto id = storage->createSession(settings(QStringLiteral("batch")), {}, {}, 0, false);
    REQUIRE(id.ok());
    Raw raw(path);
    // Ten updates a second for 2.5 s, as the meter delivers them.
    qint64 behindMost = 0;
    for (int i = 1; i <= 25; ++i) {
        REQUIRE(storage->addSample(*id, sample(i * 100'000'000LL, 4.0)).ok());
        const qint64 onDisk = raw.value(QStringLiteral("SELECT count(*) FROM samples"));
        behindMost = std::max<qint64>(behindMost, i - onDisk);
        QThread::msleep(100);
    }
    CHECK(behindMost <= 10); // never more than a second of updates unwritten
    CHECK(behindMost >= 2);  // and they are batched, not written one by one
}

TEST_CASE("storage: a session left running by a dead program becomes interrupted", "[storage]")
{
    TempDir dir;
    const QString path = dbPath(dir);
    qint64 id = 0;
    {
        auto running = openOk(path);
        auto created =
            running->createSession(settings(QStringLiteral("crashed")), {}, {}, 0, false);
        REQUIRE(created.ok());
        id = *created;
        REQUIRE(running->addSample(id, sample(100'000'000, 4.0)).ok());
        REQUIRE(running->flush().ok());
        // While its runner is alive, another open leaves it alone.
        auto other = openOk(path);
        CHECK(other->recoveredSessions() == 0);
        CHECK(other->load(id)->summary.status == SessionStatus::Running);
    } // the runner goes away without finishing the session
    auto reopened = openOk(path);
    CHECK(reopened->recoveredSessions() == 1);
    auto data = reopened->load(id);
    REQUIRE(data.ok());
    CHECK(data->summary.status == SessionStatus::Interrupted);
    CHECK(data->summary.statusReason.english().contains(QStringLiteral("program ended")));
    CHECK(data->samples.size() == 1);
}

TEST_CASE("storage: a database from a newer CipherWatt is refused and untouched", "[storage]")
{
    TempDir dir;
    const QString path = dbPath(dir);
    openOk(path);
    {
        Raw raw(path);
        raw.exec(QStringLiteral("PRAGMA user_version = %1").arg(kSchemaVersion + 1));
    }
    const QByteArray before = fileHash(path);
    auto refused = Storage::open(path);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message.english().contains(QStringLiteral("newer CipherWatt")));
    CHECK(refused.error().message.english().contains(QStringLiteral("untouched")));
    CHECK(fileHash(path) == before);
}

TEST_CASE("storage: files that are not CipherWatt databases are refused and untouched", "[storage]")
{
    TempDir dir;
    const QString text = dbPath(dir, "notes.txt");
    {
        QFile f(text);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write("these are my notes, not a database\n");
    }
    const QByteArray textHash = fileHash(text);
    auto a = Storage::open(text);
    REQUIRE_FALSE(a.ok());
    CHECK(a.error().message.english().contains(QStringLiteral("not a CipherWatt database")));
    CHECK(fileHash(text) == textHash);

    const QString other = dbPath(dir, "other.sqlite");
    {
        Raw raw(other);
        raw.exec(QStringLiteral("CREATE TABLE accounts (name TEXT)"));
    }
    const QByteArray otherHash = fileHash(other);
    auto b = Storage::open(other);
    REQUIRE_FALSE(b.ok());
    CHECK(b.error().message.english().contains(QStringLiteral("not a CipherWatt database")));
    CHECK(fileHash(other) == otherHash);
}

TEST_CASE("storage: rename, notes, tags and deleting a session with all its rows", "[storage]")
{
    TempDir dir;
    const QString path = dbPath(dir);
    auto storage = openOk(path);
    auto keep = storage->createSession(settings(QStringLiteral("keep")), {}, {}, 0, false);
    auto drop = storage->createSession(settings(QStringLiteral("drop")), {}, {}, 0, false);
    REQUIRE(keep.ok());
    REQUIRE(drop.ok());
    for (const qint64 id : {*keep, *drop}) {
        REQUIRE(storage->beginPhase(id, PhaseKind::Baseline, {}, 0, 0).ok());
        REQUIRE(storage->addSample(id, sample(100'000'000, 4.0)).ok());
        StoredRun run;
        run.cipher = QStringLiteral("chacha20");
        run.backend = QStringLiteral("botan");
        run.operation = QStringLiteral("encrypt");
        REQUIRE(storage->addRun(id, run).ok());
        REQUIRE(
            storage->addEvent(id, {0, QStringLiteral("note"), Message::plain(QStringLiteral("x"))})
                .ok());
        REQUIRE(storage->setStatus(id, SessionStatus::Complete).ok());
    }
    // A running session cannot be deleted from under its runner.
    auto running = storage->createSession(settings(QStringLiteral("busy")), {}, {}, 0, false);
    REQUIRE(running.ok());
    CHECK_FALSE(storage->remove(*running).ok());

    REQUIRE(storage->rename(*keep, QStringLiteral("kept, renamed")).ok());
    CHECK_FALSE(storage->rename(*keep, QStringLiteral("  ")).ok());
    REQUIRE(storage->setNotes(*keep, QStringLiteral("line 1\nline 2")).ok());
    REQUIRE(storage->setTags(*keep, {QStringLiteral("b"), QStringLiteral("a"), QStringLiteral("a")})
                .ok());
    REQUIRE(storage->remove(*drop).ok());
    CHECK_FALSE(storage->remove(*drop).ok());

    Raw raw(path);
    for (const char *table : {"samples", "events", "phases", "runs", "tags"}) {
        INFO(table);
        CHECK(raw.value(QStringLiteral("SELECT count(*) FROM %1 WHERE session_id = %2")
                            .arg(QLatin1String(table))
                            .arg(*drop)) == 0);
        CHECK(raw.value(QStringLiteral("SELECT count(*) FROM %1 WHERE session_id = %2")
                            .arg(QLatin1String(table))
                            .arg(*keep)) >= 1);
    }
    auto kept = storage->load(*keep);
    REQUIRE(kept.ok());
    CHECK(kept->summary.label == QStringLiteral("kept, renamed"));
    CHECK(kept->summary.notes == QStringLiteral("line 1\nline 2"));
    CHECK(kept->summary.tags == QStringList{QStringLiteral("a"), QStringLiteral("b")});
    CHECK(storage->sessions()->size() == 2);
}
