#include "options.h"

#include <cipherwatt/core/cycles_model.h>
#include <cipherwatt/core/format.h>

#include <cmath>

namespace cipherwatt::cli {

Options::Options(QStringList args)
    : m_args(std::move(args))
    , m_used(m_args.size(), false)
{}

QStringList Options::values(const QString &name)
{
    QStringList found;
    const QString prefix = name + QLatin1Char('=');
    for (qsizetype i = 0; i < m_args.size(); ++i) {
        if (m_used[i])
            continue;
        if (m_args[i] == name) {
            if (i + 1 >= m_args.size())
                throw UsageError(QStringLiteral("%1: missing value").arg(name));
            m_used[i] = m_used[i + 1] = true;
            found << m_args[i + 1];
            ++i;
        } else if (m_args[i].startsWith(prefix)) {
            m_used[i] = true;
            found << m_args[i].mid(prefix.size());
        }
    }
    return found;
}

QStringList Options::peek(const QString &name) const
{
    QStringList found;
    const QString prefix = name + QLatin1Char('=');
    for (qsizetype i = 0; i < m_args.size(); ++i) {
        if (m_used[i])
            continue;
        if (m_args[i] == name && i + 1 < m_args.size())
            found << m_args[++i];
        else if (m_args[i].startsWith(prefix))
            found << m_args[i].mid(prefix.size());
    }
    return found;
}

void Options::append(const QString &name, const QString &value)
{
    m_args << name + QLatin1Char('=') + value;
    m_used << false;
}

std::optional<QString> Options::value(const QString &name)
{
    const QStringList all = values(name);
    if (all.size() > 1)
        throw UsageError(QStringLiteral("%1: given more than once").arg(name));
    if (all.isEmpty())
        return std::nullopt;
    return all.front();
}

QString Options::required(const QString &name)
{
    auto v = value(name);
    if (!v)
        throw UsageError(QStringLiteral("%1 is required").arg(name));
    return *v;
}

bool Options::flag(const QString &name)
{
    bool found = false;
    for (qsizetype i = 0; i < m_args.size(); ++i) {
        if (!m_used[i] && m_args[i] == name) {
            m_used[i] = true;
            found = true;
        }
    }
    return found;
}

QStringList Options::positional()
{
    QStringList out;
    for (qsizetype i = 0; i < m_args.size(); ++i) {
        if (!m_used[i] && !m_args[i].startsWith(QStringLiteral("--"))) {
            m_used[i] = true;
            out << m_args[i];
        }
    }
    return out;
}

void Options::finish() const
{
    for (qsizetype i = 0; i < m_args.size(); ++i) {
        if (!m_used[i])
            throw UsageError(QStringLiteral("unexpected argument '%1'").arg(m_args[i]));
    }
}

double parsePositive(const QString &option, const QString &text, double max)
{
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v <= 0 || v > max)
        throw UsageError(QStringLiteral("%1: must be a number > 0 and <= %2, got '%3'")
                             .arg(option)
                             .arg(max)
                             .arg(text));
    return v;
}

qint64 parseWhole(const QString &option, const QString &text, qint64 min, qint64 max)
{
    bool ok = false;
    const qint64 v = text.toLongLong(&ok);
    if (!ok || v < min || v > max)
        throw UsageError(QStringLiteral("%1: must be a whole number from %2 to %3, got '%4'")
                             .arg(option)
                             .arg(min)
                             .arg(max)
                             .arg(text));
    return v;
}

qint64 parseSessionId(const QString &text)
{
    const auto id = core::format::parseSessionId(text);
    if (!id)
        throw UsageError(
            QStringLiteral("session id: give it as S12 or 12 (see `sessions`), got '%1'")
                .arg(text));
    return *id;
}

std::optional<instruments::Range> parseRange(const QString &option,
                                             const std::optional<QString> &text)
{
    if (!text)
        return std::nullopt;
    if (text->compare(QStringLiteral("auto"), Qt::CaseInsensitive) == 0)
        return instruments::Range{true, 0.0};
    return instruments::Range{false, parsePositive(option, *text, 1000.0)};
}

instruments::MeasurementMode parseMode(const QString &option, const QString &text)
{
    const auto m = instruments::parseMeasurementMode(text);
    if (!m)
        throw UsageError(
            QStringLiteral("%1: must be rms, vmean or dc, got '%2'").arg(option, text));
    return *m;
}

std::optional<core::CyclesModel> cyclesModelOption(Options &opts)
{
    const auto text = opts.value(QStringLiteral("--cycles-model"));
    if (!text)
        return std::nullopt;
    auto model = core::parseCyclesModel(*text);
    if (!model)
        throw UsageError(model.error().message.english());
    return *model;
}

} // namespace cipherwatt::cli
