#pragma once

// Internal: the one place where the worker protocol's types (cipherwatt/protocol, std::string
// and nlohmann JSON) become the core's records (records.h, Qt types) and back. The DUT link,
// the runner and the records' serializer go through these; nothing else in core reads the
// protocol's fields.

#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/records.h>
#include <cipherwatt/core/worker_events.h>
#include <cipherwatt/protocol/messages.h>

#include <QJsonObject>

namespace cipherwatt::core {

DutSystem toRecord(const protocol::SystemInfo &info);
SelfTest toRecord(const protocol::SelfTestEvent &event);
Pinning toRecord(const protocol::PinResult &result);
GovernorRestore toRecord(const protocol::RestoreResult &result);
WorkerRequest toRecord(const protocol::RunRequest &request);
WorkerResult toRecord(const protocol::RunOutcome &outcome);
CatalogueEntry toRecord(const protocol::CatalogueEntry &entry);
WorkerHello toRecord(const protocol::HelloEvent &hello);
WorkerEvent toRecord(const protocol::Event &event);
std::vector<CatalogueEntry> toRecord(const std::vector<protocol::CatalogueEntry> &entries);

protocol::SystemInfo toProtocol(const DutSystem &system);
protocol::SelfTestEvent toProtocol(const SelfTest &selfTest);
protocol::PinResult toProtocol(const Pinning &pinning);
protocol::RestoreResult toProtocol(const GovernorRestore &restore);
protocol::RunRequest toProtocol(const WorkerRequest &request);
protocol::RunOutcome toProtocol(const WorkerResult &result);

// JSON between the two libraries, through its text (both are exact for what JSON can hold).
QJsonObject toQt(const protocol::Json &json);
protocol::Json fromQt(const QJsonObject &json);

QString qs(const std::string &text);
std::string ss(const QString &text);

} // namespace cipherwatt::core
