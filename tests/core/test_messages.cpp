// Messages made in English and shown translated (cipherwatt/instruments/message.h): the core
// keeps its English text, and the window's translatedMessage() finds the template a message
// came from, translates it and its arguments, and leaves anything else as it is. A translator
// that brackets every text it is asked for shows what was looked up.

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/translation.h>
#include <cipherwatt/instruments/message.h>

#include <QCoreApplication>
#include <QTranslator>
#include <catch2/catch.hpp>

using namespace cipherwatt;

namespace {

class Bracketing : public QTranslator
{
public:
    Bracketing() { QCoreApplication::installTranslator(this); }
    ~Bracketing() override { QCoreApplication::removeTranslator(this); }
    Bracketing(const Bracketing &) = delete;
    Bracketing &operator=(const Bracketing &) = delete;

    bool isEmpty() const override { return false; }
    QString translate(const char *context, const char *source, const char *, int) const override
    {
        if (QByteArray(context).startsWith("cipherwatt::"))
            return QLatin1Char('[') + QString::fromUtf8(source) + QLatin1Char(']');
        return {};
    }
};

} // namespace

TEST_CASE("messages: without a translator every message reads as it was made", "[messages]")
{
    for (const QString &m : {QStringLiteral("DUT local: the worker crashed"),
                             QStringLiteral("short run: 12 updates, at least 100 needed"),
                             QStringLiteral("meter sim: timeout: no reply from x within 3000 ms"),
                             QStringLiteral("run 3: failed (the worker exited with code 2)"),
                             QStringLiteral("cancelled by the operator"),
                             QStringLiteral("an operator's note: 100 % done"), QString()})
        CHECK(core::translatedMessage(m) == m);
}

TEST_CASE("messages: the template and its arguments are translated, the rest kept", "[messages]")
{
    Bracketing bracketing;
    CHECK(core::translatedMessage(QStringLiteral("DUT local: the worker crashed")) ==
          QStringLiteral("[DUT %1: %2]")
              .replace(QLatin1String("%1"), QLatin1String("local"))
              .replace(QLatin1String("%2"), QLatin1String("[the worker crashed]")));
    CHECK(core::translatedMessage(QStringLiteral("short run: 12 updates, at least 100 needed")) ==
          QStringLiteral("[short run: 12 updates, at least 100 needed]"));
    // An error of the meter, passed on by the runner: kind and message translated apart.
    CHECK(core::translatedMessage(
              QStringLiteral("meter sim: timeout: no reply from x within 3000 ms")) ==
          QStringLiteral("[meter sim: [[timeout]: [no reply from x within 3000 ms]]]"));
    // The most specific template wins over "%1: %2".
    CHECK(core::translatedMessage(QStringLiteral("governor: scaling_max_freq is 2000000")) ==
          QStringLiteral("[governor: scaling_max_freq is 2000000]"));
    // A plan error as the runner reports it, made by the core itself.
    const auto plan = core::resolvePlan(QStringLiteral("aes-999-xts"), {});
    REQUIRE_FALSE(plan.ok());
    CHECK(core::translatedMessage(plan.error().message) ==
          QStringLiteral("[--plan: [unknown cipher 'aes-999-xts'; valid ids: ]]"));
    // What no template made stays as it is, translator or not.
    CHECK(core::translatedMessage(QStringLiteral("Lid closed, fan at 30 %.")) ==
          QStringLiteral("Lid closed, fan at 30 %."));
}

TEST_CASE("messages: the analysis flags are stored in English", "[messages]")
{
    Bracketing bracketing; // the core never asks for a translation itself
    core::RunInput in;
    in.windowStart = 0;
    in.windowEnd = 1;
    in.seconds = 1;
    const core::RunResult r = core::analyseRun(in, {}, {}, {}, 100);
    REQUIRE_FALSE(r.flags.isEmpty());
    for (const QString &f : r.flags) {
        CHECK_FALSE(f.startsWith(QLatin1Char('[')));
        CHECK(core::translatedMessage(f).startsWith(QLatin1Char('[')));
    }
}

TEST_CASE("messages: arguments are filled in one pass", "[messages]")
{
    CHECK(instruments::fillArguments(QStringLiteral("%2 then %1"),
                                     {QStringLiteral("a %2"), QStringLiteral("b")}) ==
          QStringLiteral("b then a %2"));
    CHECK(instruments::fillArguments(QStringLiteral("%1 of %3"), {QStringLiteral("x")}) ==
          QStringLiteral("x of %3"));
    CHECK(instruments::fillArguments(QStringLiteral("100 %, %1"), {QStringLiteral("y")}) ==
          QStringLiteral("100 %, y"));
}
