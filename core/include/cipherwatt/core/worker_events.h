#pragma once

// What the DUT's worker says, as the core's types: its greeting and the events it answers
// commands with (the protocol's events, converted where they arrive; worker_records.cpp).

#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/records.h>

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>
#include <vector>

namespace cipherwatt::core {

struct WorkerPlugin
{
    QString name;
    QString backend;
    QString version;
    QString path;
    QStringList ciphers;
    std::uint64_t vectors = 0;
};

// The worker's greeting.
struct WorkerHello
{
    int protocol = 0;
    QString version;
    QString executable;
    qint64 pid = 0;
    DutSystem system;
    QString kind = QStringLiteral("linux"); // "linux" (the worker), "mcu" (the firmware)
    // A microcontroller's firmware.
    QString board;
    QString core;
    std::uint64_t clockHz = 0;
    QString build;
    std::optional<bool> cyclesReal;
    QString counter; // the firmware's cycle counter: "dwt", "systick"
    std::uint64_t uptimeMs = 0;
    std::optional<qint64> replacedWorker; // an earlier worker this one ended first
    // A run reports progress at least this often (0: the worker does not say).
    double progressIntervalSeconds = 0.0;
    QString governorMethod; // how it would pin: in-process, sudo, pkexec
    QString governorReason;
    std::vector<WorkerPlugin> plugins;
    QStringList pluginWarnings;
};

// A power source on the DUT as its worker finds it (protocol 4, `sources`): RAPL zones,
// batteries, hwmon inputs. Their makers do not specify their accuracy.
struct DutPowerSource
{
    QString resource; // rapl:package-0, battery:BAT0, hwmon:ina3221/VDD_IN
    QString kind;     // rapl, battery, hwmon
    QString method;   // what is read: energy_uj, power_now, curr_input*in_input, ...
    QString unit;     // of the files read: uJ, uW, mA*mV, ...
    QStringList files;
    bool readable = false;
    QString problem; // why it cannot be read or used now
};

namespace worker {

struct Catalogue
{
    std::vector<CatalogueEntry> ciphers;
};
struct SelfTestDone
{
    SelfTest result;
};
struct RunStarted
{
};
struct Progress
{
    double seconds = 0.0;
    std::optional<std::uint64_t> iterations;
    std::optional<std::uint64_t> bytes;
};
struct RunEnded
{
    WorkerResult result;
};
struct GovernorDone
{
    QString action; // show, pin, restore
    QString method;
    QString reason; // a restore the worker did on its own: why
    std::optional<Pinning> pin;
    std::optional<GovernorRestore> restore;
    std::optional<GovernorState> state;
};
struct CancelAck
{
    bool running = false;
};
struct Checked
{
    struct Verdict
    {
        bool ok = false;
        QString message;
    };
    std::vector<Verdict> runs;
};
struct Failure // the worker's `error` event
{
    QString message;
    QString code; // the firmware's: frame, json, field, busy, auth, verify, ...
};
struct KatDone // the firmware's answer to `kat`
{
    QString cipher;
    QString backend;
    QString operation;
    QByteArray output;
};
struct ResetAck // the firmware resets next, then greets without an id
{
};
struct Fault // the firmware took a processor fault and resets
{
    QString exception;
    QString pc;
    QString lr;
    QString cfsr;
    QString hfsr;
};
struct Activity // the answer to `activity` (protocol 3)
{
    CpuCounters counters;
};
struct Sources // the answer to `sources` (protocol 4)
{
    std::vector<DutPowerSource> sources;
};
struct SampleStarted // `sample` began: the source and its interval
{
    DutPowerSource source;
    double interval = 0.0;
};
// One reading of a power source: a mean over `span` seconds ending at `t`, or (span 0) the
// sensor's value at `t`; `t` in seconds on the worker's clock from SampleStarted.
struct SourceSample
{
    QString resource;
    double t = 0.0;
    double watts = 0.0;
    double span = 0.0;
    bool wrapped = false;                 // a RAPL counter wrapped around inside the span
    std::optional<double> updateInterval; // a fuel gauge's refresh period, as seen so far
};
struct SampleEnded
{
    QString resource;
    std::uint64_t samples = 0;
    QString reason; // done, stopped, error, shutdown
    QString message;
};
struct Bye
{
    QString reason;
};
struct Unknown // an event of a newer worker
{
    QString name;
};

} // namespace worker

using WorkerEventBody =
    std::variant<worker::Catalogue, worker::SelfTestDone, worker::RunStarted, worker::Progress,
                 worker::RunEnded, worker::GovernorDone, worker::CancelAck, worker::Checked,
                 worker::Failure, worker::Bye, worker::Unknown, WorkerHello, worker::KatDone,
                 worker::ResetAck, worker::Fault, worker::Activity, worker::Sources,
                 worker::SampleStarted, worker::SourceSample, worker::SampleEnded>;

struct WorkerEvent
{
    int id = 0; // the command it answers; 0: none
    WorkerEventBody body;
};

// One known-answer computation on the firmware (`kat`): the IV under the name of the cipher's
// iv_kind, bytes as bytes.
struct KatRequest
{
    QString cipher;
    QString backend;
    QString operation = QStringLiteral("encrypt");
    QByteArray key;
    QString ivName; // "iv" or "nonce"; empty: none
    QByteArray iv;
    QByteArray aad;
    std::optional<std::uint64_t> offset;
    QByteArray input;
};

// What is asked of the governor.
struct PinRequest
{
    bool fixFrequency = false;
    std::optional<std::uint64_t> frequencyKHz;
    bool disableTurbo = false;
    QString governor; // an experiment's governor level; empty: performance
};

} // namespace cipherwatt::core

Q_DECLARE_METATYPE(cipherwatt::core::WorkerHello)
Q_DECLARE_METATYPE(cipherwatt::core::WorkerEvent)
