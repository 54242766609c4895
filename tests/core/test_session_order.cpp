// The run order of a whole session (issue 22): a random order's seed drawn, stored and shown,
// and the same seed giving the same order in a second session; on the scripted simulated WT332
// with the local worker.

#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/storage.h>

#include <catch2/catch.hpp>

#include <session_helpers.h>
#include <temp_dir.h>

using namespace cipherwatt::core;
using cipherwatt::test::localOptions;
using cipherwatt::test::TempDir;

namespace {

QStringList runOrder(const SessionData &d)
{
    QStringList out;
    for (const StoredRun &r : d.runs)
        out << QStringLiteral("%1 %2 %3 #%4")
                   .arg(r.ordinal)
                   .arg(r.cipher, r.operation)
                   .arg(r.repeat);
    return out;
}

} // namespace

TEST_CASE("session order: a random order's seed is stored, and the seed gives the order again",
          "[session][order]")
{
    TempDir dir;
    const RunnerOptions opts = localOptions(dir.path());
    SessionSettings s = cipherwatt::test::thresholdSettings(
        QStringLiteral("aes-128-xts/openssl:encrypt+decrypt,chacha20/botan:encrypt"), 2.0, 1.0, 10);
    s.repeats = 2;
    s.runOrder = RunOrder::Randomised;

    const auto first = cipherwatt::test::runSession(s, opts);
    INFO(first.reason.toStdString());
    REQUIRE(first.status == SessionStatus::Complete);
    const SessionData a = cipherwatt::test::loadSession(opts.databasePath, first.session);
    CHECK(a.settings.runOrder == RunOrder::Randomised);
    REQUIRE(a.settings.runOrderSeed); // drawn at the start, since none was given
    CHECK(*a.settings.runOrderSeed <= kMaxRunOrderSeed);
    REQUIRE(a.runs.size() == 6);
    // Passes stay whole: ordinals 1-3 are the first repeat, 4-6 the second.
    for (const StoredRun &r : a.runs)
        CHECK(r.repeat == (r.ordinal <= 3 ? 1 : 2));

    s.runOrderSeed = a.settings.runOrderSeed;
    const auto second = cipherwatt::test::runSession(s, opts);
    REQUIRE(second.status == SessionStatus::Complete);
    const SessionData b = cipherwatt::test::loadSession(opts.databasePath, second.session);
    CHECK(b.settings.runOrderSeed == a.settings.runOrderSeed);
    CHECK(runOrder(b) == runOrder(a));
}
