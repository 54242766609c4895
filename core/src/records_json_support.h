#pragma once

// Internal: what the two halves of the session records' serializer share
// (records_json.cpp: settings, the meter, the DUT; records_json_results.cpp: the analysis, run
// results and the worker's pieces).

#include "numbers.h"
#include "worker_records.h"

#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/records_json.h>
#include <cipherwatt/protocol/codec.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

#include <cmath>
#include <optional>

namespace cipherwatt::core {

inline QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

inline double numberOf(const QJsonObject &json, const QString &key)
{
    const QJsonValue v = json.value(key);
    return v.isDouble() ? v.toDouble() : kNaN;
}

inline QStringList stringsOf(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray())
        out << v.toString();
    return out;
}

// The keys of `json` that `written` (the record written back without its extra) does not
// have: what a newer version stored that this one does not know.
inline QJsonObject unknownKeys(const QJsonObject &json, const QJsonObject &written)
{
    QJsonObject out;
    for (auto it = json.begin(); it != json.end(); ++it) {
        if (!written.contains(it.key()))
            out.insert(it.key(), it.value());
    }
    return out;
}

inline void addExtra(QJsonObject &json, const QJsonObject &extra)
{
    for (auto it = extra.begin(); it != extra.end(); ++it) {
        if (!json.contains(it.key()))
            json.insert(it.key(), it.value());
    }
}

template<typename Record, typename Reader>
Record withUnknownKeys(const QJsonObject &json, Reader read)
{
    Record r = read(json);
    r.extra = unknownKeys(json, toJson(r));
    return r;
}

inline QJsonObject rangeJson(const MeterRange &r)
{
    return {{QStringLiteral("value"), r.value}, {QStringLiteral("auto"), r.automatic}};
}

inline MeterRange rangeFromJson(const QJsonValue &v)
{
    const QJsonObject o = v.toObject();
    return {o.value(QStringLiteral("value")).toDouble(), o.value(QStringLiteral("auto")).toBool()};
}

// A piece the worker reported, through the protocol's own codec: the one spelling of its
// fields.
template<typename T, typename Decode>
std::optional<T> fromProtocolJson(const QJsonObject &json, Decode decode)
{
    auto decoded = decode(fromQt(json));
    if (!decoded)
        return std::nullopt;
    return toRecord(*decoded);
}

} // namespace cipherwatt::core
