#pragma once

// Access to the device under test: a running `cipherwatt-bench serve` speaking JSON Lines,
// started locally as a child process or over one SSH channel (ssh.h). The link moves
// lines; Dut runs it on its own thread, parses events and stamps each with the host's steady
// clock when it arrives.

#include <cipherwatt/core/error.h>
#include <cipherwatt/core/worker_events.h>

#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThread>

#include <functional>
#include <memory>

namespace cipherwatt::core {

// Where a DUT is, from its resource string (DESIGN.md; the kinds: dut_kinds.h).
struct DutResource
{
    enum class Kind : std::uint8_t { Local, Ssh, Other };
    Kind kind = Kind::Local;
    QString prefix; // Other: the kind's prefix
    QString text;   // Other: the resource as written
    QString user;
    QString host;
    quint16 port = 22;

    static Result<DutResource> parse(const QString &text);
    QString toString() const;
};

// A bidirectional line channel to one worker process. Lives in, and is used from, one thread.
class WorkerLink : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    virtual void start() = 0;                           // → started() or failed()
    virtual void writeLine(const QByteArray &line) = 0; // one command, without the newline
    virtual void closeInput() = 0;                      // the worker sees end of input
    virtual void kill() = 0;                            // last resort
    virtual QString description() const = 0;            // "local", "ssh://lab@pi4:22"

signals:
    void started();
    void lineReceived(const QByteArray &line);
    // A line longer than the protocol allows (protocol::kMaxLineBytes) was dropped.
    void lineTooLong();
    void diagnostic(const QString &text);             // the worker's stderr
    void note(const cipherwatt::core::Message &text); // what the link did (uploaded the worker)
    // What the link learnt of the device before the worker ran (an Android device's model,
    // Android version, ABI and kernel; adb.h): recorded with the DUT, never anything secret.
    void deviceProperties(const QMap<QString, QString> &properties);
    void failed(const cipherwatt::core::Message &reason); // could not start
    // The worker process died from a signal (a crash in cipher code, a plugin's bug), as
    // opposed to the link breaking; followed by finished().
    void crashed();
    // The worker is gone: it exited (`clean` when it said bye and exited 0) or the link broke.
    void finished(const cipherwatt::core::Message &reason, bool clean);
};

// Splits a byte stream into lines of at most `maxLine` bytes (0: protocol::kMaxLineBytes),
// looking at each byte once; a longer line is dropped as it arrives and reported.
class LineSplitter
{
public:
    explicit LineSplitter(qsizetype maxLine = 0);

    struct Lines
    {
        std::vector<QByteArray> lines;
        int tooLong = 0; // lines dropped for their length
    };
    Lines append(const QByteArray &bytes);
    // Whether a line longer than the limit is being dropped (its end has not come yet).
    bool dropping() const { return m_dropping; }

private:
    QByteArray m_buffer;
    qsizetype m_maxLine = 0;
    bool m_dropping = false;
};

struct LocalWorkerOptions
{
    QString program;    // empty: findLocalWorker()
    QStringList global; // global options before `serve` (e.g. --isa, --plugin)
    QString sysfsRoot;  // for tests: a fake sysfs tree
    QString procRoot;   // for tests: a fake /proc (stat, self/stat) for `activity`
    QString journal;    // governor journal path (default: the worker's own)
};

// The cipherwatt-bench beside this executable, in the build tree, or on PATH; empty if none.
QString findLocalWorker();

std::unique_ptr<WorkerLink> makeLocalWorkerLink(const LocalWorkerOptions &options);

// A worker on its own thread. Calls return at once; events arrive as queued signals. Each
// command returns the id its answers carry.
class Dut : public QObject
{
    Q_OBJECT

public:
    using LinkFactory = std::function<std::unique_ptr<WorkerLink>()>;

    // The link is made by `factory` on the DUT thread.
    explicit Dut(LinkFactory factory, QObject *parent = nullptr);
    ~Dut() override; // ends the worker (end of input, then kill after a grace period)

    void start();
    int hello();
    int list();
    int selfTest(const QStringList &ciphers);
    int pin(const PinRequest &request);
    int restore();
    int run(const WorkerRequest &request);
    int check(const std::vector<WorkerRequest> &runs);
    int cancel();
    // The DUT's CPU counters now (protocol 3; a worker of an earlier protocol answers with an
    // error).
    int activity();
    // The DUT's power sources (protocol 4): `sources` lists them; `sample` reads one every
    // `interval` seconds for `seconds` (0: until sampleStop), answered by SampleStarted,
    // SourceSample events and SampleEnded; `sampleStop` ends the sampling of `resource` (empty:
    // of every source).
    int sources();
    int sample(const QString &resource, double interval, double seconds = 0.0);
    int sampleStop(const QString &resource = {});
    // The firmware's commands (a microcontroller DUT, mcu.h): one known answer, and a reset
    // (the board greets again without an id, which the link then expects).
    int kat(const KatRequest &request);
    int reset();
    void finish(); // end of input: the worker stops a run, restores the governor and exits
    void kill();

    QString description() const { return m_description; }

signals:
    void ready(const cipherwatt::core::WorkerHello &hello, qint64 hostNs);
    void event(const cipherwatt::core::WorkerEvent &event, qint64 hostNs);
    // The worker said something the protocol does not allow: what and why.
    void protocolError(const cipherwatt::core::Message &why);
    void diagnostic(const QString &text);
    void note(const cipherwatt::core::Message &text);
    void deviceProperties(const QMap<QString, QString> &properties);
    void failed(const cipherwatt::core::Message &reason);
    void crashed();
    void finished(const cipherwatt::core::Message &reason, bool clean);

private:
    int send(const QByteArray &line);

    QThread m_thread;
    QObject *m_context = nullptr; // lives in m_thread, owns the link
    WorkerLink *m_link = nullptr;
    QString m_description;
    int m_nextId = 1;
};

std::int64_t steadyNs();

} // namespace cipherwatt::core
