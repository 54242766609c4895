#include "design.h"

#include <cipherwatt/core/format.h>
#include <cipherwatt/core/plan.h>

#include <QFile>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <array>

namespace cipherwatt::cli {

using namespace core;

namespace {

// The options a design holds: what runs, how often, in which order, for how long.
constexpr std::array kDesignOptions{
    "plan",    "plan-preset", "buffer",      "repeats",  "order",  "vary",         "pad",
    "seconds", "iterations",  "min-updates", "baseline", "settle", "idle-between", "post-baseline"};

// Whether the file may give the option more than once (each a line of its own).
bool repeatable(const QString &option)
{
    return option == QLatin1String("vary") || option == QLatin1String("buffer");
}

QString number(double value)
{
    return QString::number(value, 'g', 12);
}

} // namespace

void applyDesignFile(Options &opts)
{
    const auto path = opts.value(QStringLiteral("--design"));
    if (!path)
        return;
    QFile file(*path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        throw UsageError(
            QStringLiteral("--design %1: cannot be read (%2)").arg(*path, file.errorString()));
    constexpr qint64 kMaxDesignBytes = 1 << 20;
    if (file.size() > kMaxDesignBytes)
        throw UsageError(
            QStringLiteral("--design %1: larger than 1 MiB; a design is a few lines").arg(*path));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    // The command line's factors, by name: those replace the file's.
    QStringList factorsGiven;
    for (const QString &v : opts.peek(QStringLiteral("--vary")))
        factorsGiven << v.section(QLatin1Char('='), 0, 0).trimmed();
    // The options the command line gives itself: those win over the file's.
    QStringList given;
    for (const char *o : kDesignOptions) {
        const QString name = QStringLiteral("--") + QLatin1String(o);
        if (!opts.peek(name).isEmpty())
            given << name;
    }
    QStringList seen;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        // A comment is a line of its own: a plan's program arguments may hold a '#'.
        const QString line = lines[i].trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const auto where = [&] {
            return QStringLiteral("--design %1 line %2").arg(*path).arg(i + 1);
        };
        const QString option = line.section(QRegularExpression(QStringLiteral("\\s+")), 0, 0);
        const QString value = line.mid(option.size()).trimmed();
        if (std::none_of(kDesignOptions.begin(), kDesignOptions.end(),
                         [&](const char *o) { return option == QLatin1String(o); })) {
            QStringList names;
            for (const char *o : kDesignOptions)
                names << QLatin1String(o);
            throw UsageError(QStringLiteral("%1: '%2' is not a design option (%3)")
                                 .arg(where(), option, names.join(QStringLiteral(", "))));
        }
        if (value.isEmpty())
            throw UsageError(QStringLiteral("%1: %2 needs a value").arg(where(), option));
        if (!repeatable(option) && seen.contains(option))
            throw UsageError(QStringLiteral("%1: %2 is given twice").arg(where(), option));
        seen << option;
        const QString name = QStringLiteral("--") + option;
        if (option == QLatin1String("vary")
                ? factorsGiven.contains(value.section(QLatin1Char('='), 0, 0).trimmed())
                : given.contains(name))
            continue;
        opts.append(name, value);
    }
}

QString designText(const SessionSettings &s)
{
    QStringList out{QStringLiteral("# CipherWatt design of session \"%1\"").arg(s.label),
                    QStringLiteral("plan %1").arg(s.planSpec)};
    QStringList sizes;
    for (const std::size_t b : s.bufferSizes)
        sizes << QString::number(b);
    out << QStringLiteral("buffer %1").arg(sizes.join(QLatin1Char(',')));
    if (s.padWithZeros)
        out << QStringLiteral("pad zeros");
    for (const QString &factor : factorNames()) {
        if (const QString levels = factorLevelsText(s, factor); !levels.isEmpty())
            out << QStringLiteral("vary %1=%2").arg(factor, levels);
    }
    out << QStringLiteral("repeats %1").arg(s.repeats);
    QString order = runOrderName(s.runOrder);
    if (s.runOrder == RunOrder::Randomised && s.runOrderSeed)
        order += QStringLiteral(":%1").arg(*s.runOrderSeed);
    out << QStringLiteral("order %1").arg(order);
    switch (s.runLength.kind) {
    case RunLength::Kind::Iterations:
        out << QStringLiteral("iterations %1").arg(s.runLength.iterations);
        break;
    case RunLength::Kind::Seconds:
        out << QStringLiteral("seconds %1").arg(number(s.runLength.seconds));
        break;
    case RunLength::Kind::Automatic:
        break;
    }
    out << QStringLiteral("min-updates %1").arg(s.minUpdates)
        << QStringLiteral("baseline %1").arg(number(s.baselineSeconds));
    if (s.settleSeconds > 0)
        out << QStringLiteral("settle %1").arg(number(s.settleSeconds));
    if (s.idleBetweenSeconds > 0)
        out << QStringLiteral("idle-between %1").arg(number(s.idleBetweenSeconds));
    if (s.postBaselineSeconds > 0)
        out << QStringLiteral("post-baseline %1").arg(number(s.postBaselineSeconds));
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace cipherwatt::cli
