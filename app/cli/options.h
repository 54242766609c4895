#pragma once

// Command-line options of cipherwatt-cli, consumed by name after the subcommand; whatever is
// left over is a usage error (exit 1).

#include <cipherwatt/core/session.h>
#include <cipherwatt/instruments/meter.h>

#include <QString>
#include <QStringList>

#include <optional>
#include <stdexcept>

namespace cipherwatt::cli {

class UsageError : public std::runtime_error
{
public:
    explicit UsageError(const QString &message)
        : std::runtime_error(message.toStdString())
    {}
};

class Options
{
public:
    explicit Options(QStringList args);

    // `--name value` or `--name=value`; once at most.
    std::optional<QString> value(const QString &name);
    QString required(const QString &name);
    // Every `--name value` (repeatable options such as --tag).
    QStringList values(const QString &name);
    bool flag(const QString &name);
    // values() without taking them: whether the command line gives an option.
    QStringList peek(const QString &name) const;
    // Adds `--name=value` after the arguments given (a design file's options).
    void append(const QString &name, const QString &value);
    // The arguments that are not options, in order. Call it after taking every option, or an
    // option's value would be taken for a positional argument.
    QStringList positional();
    // Throws UsageError naming the first argument nobody asked for.
    void finish() const;

private:
    QStringList m_args;
    QList<bool> m_used;
};

double parsePositive(const QString &option, const QString &text, double max);
// `--voltage-range`, `--current-range`: a positive number (V, A) or `auto`; unset when the
// option is not given. The meter checks the value against its model's ranges.
std::optional<instruments::Range> parseRange(const QString &option,
                                             const std::optional<QString> &text);
// `--mode rms|vmean|dc`.
instruments::MeasurementMode parseMode(const QString &option, const QString &text);
qint64 parseWhole(const QString &option, const QString &text, qint64 min, qint64 max);
// A session as `sessions` lists it ("S12") or by its number ("12").
qint64 parseSessionId(const QString &text);
// --cycles-model <V>,<I>[,<f>] (run, show, export): the fourth paper's cycles model beside the
// measured energy per byte; none when not given.
std::optional<core::CyclesModel> cyclesModelOption(Options &opts);

} // namespace cipherwatt::cli
