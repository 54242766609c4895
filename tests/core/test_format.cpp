// The one number format (cipherwatt/core/format.h), the severity of flags (flags.h) and the
// estimate of a session before it starts (estimate.h). Every expected text is worked out by
// hand from the rule the header states, and the paper's own Table 4 figures are written in it.

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/error.h>
#include <cipherwatt/core/estimate.h>
#include <cipherwatt/core/flags.h>
#include <cipherwatt/core/format.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QTimeZone>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <ctime>
#include <vector>

using namespace cipherwatt::core;
namespace fmt = cipherwatt::core::format;
using fmt::Quantity;

TEST_CASE("format: a column shares the prefix that puts its largest value in 1..1000", "[format]")
{
    const std::vector<double> power{0.0123, 0.5};
    CHECK(fmt::columnUnit(Quantity::Power, power).symbol == QStringLiteral("mW"));
    // 0.9997 W is 1.00 W to three digits, not 1000 mW.
    const std::vector<double> almostOne{0.9997};
    CHECK(fmt::columnUnit(Quantity::Power, almostOne).symbol == QStringLiteral("W"));
    const std::vector<double> energy{3.13e-7, 2.0e-9};
    CHECK(fmt::columnUnit(Quantity::EnergyPerByte, energy).symbol == QStringLiteral("nJ/B"));
    const std::vector<double> oneNano{1e-9};
    CHECK(fmt::columnUnit(Quantity::EnergyPerByte, oneNano).symbol == QStringLiteral("nJ/B"));
    const std::vector<double> tiny{3.0e-10};
    CHECK(fmt::columnUnit(Quantity::EnergyPerByte, tiny).symbol == QStringLiteral("pJ/B"));
    // The paper's Table 4 (x86): ChaCha20 encryption 655,403 KB/s, AES-256-XTS decryption
    // 72,101 KB/s: 655 MB/s and 72.1 MB/s in one column of MB/s.
    const std::vector<double> table4{655'403'000.0, 72'101'000.0};
    const fmt::Unit mbps = fmt::columnUnit(Quantity::Throughput, table4);
    CHECK(mbps.symbol == QStringLiteral("MB/s"));
    CHECK(fmt::plain(table4[0], mbps) == QStringLiteral("655"));
    CHECK(fmt::plain(table4[1], mbps) == QStringLiteral("72.1"));
    // Today's magnitudes: 6,466,369 KB/s is 6.47 GB/s; 312 MB/s beside it is 0.312 GB/s.
    const std::vector<double> today{6'466'369'000.0, 312'000'000.0};
    const fmt::Unit gbps = fmt::columnUnit(Quantity::Throughput, today);
    CHECK(gbps.symbol == QStringLiteral("GB/s"));
    CHECK(fmt::plain(today[0], gbps) == QStringLiteral("6.47"));
    CHECK(fmt::plain(today[1], gbps) == QStringLiteral("0.312"));
    // The paper's KB/s on request: whole numbers, as its tables give them.
    const fmt::Unit kbps =
        fmt::columnUnit(Quantity::Throughput, today, fmt::ThroughputUnit::PaperKilobytes);
    CHECK(kbps.symbol == QStringLiteral("KB/s"));
    CHECK(fmt::plain(today[0], kbps) == QStringLiteral("6466369"));
    CHECK(fmt::plain(today[0], kbps, QLocale(QLocale::English, QLocale::UnitedStates)) ==
          QStringLiteral("6,466,369"));
    // Nothing to go by: the base unit; a quantity without a unit has no brackets.
    const std::vector<double> none{std::nan("")};
    CHECK(fmt::columnUnit(Quantity::Power, none).symbol == QStringLiteral("W"));
    CHECK(fmt::baseUnit(Quantity::CyclesPerByte).bracketed().isEmpty());
    CHECK(fmt::unitFor(Quantity::EnergyPerByte, -6).bracketed() == QStringLiteral(" [µJ/B]"));
    // Prefixes outside a quantity's range are clamped into it.
    CHECK(fmt::unitFor(Quantity::Throughput, -3).symbol == QStringLiteral("B/s"));
}

TEST_CASE("format: two significant digits on the interval, the value to match", "[format]")
{
    const fmt::Unit watts = fmt::baseUnit(Quantity::Power);
    // 8.506 ± 0.494: the half-width to two digits is 0.49, so two decimals for both.
    fmt::IntervalText t = fmt::withInterval(8.506, 8.012, 9.000, watts);
    CHECK(t.value == QStringLiteral("8.51"));
    CHECK(t.interval == QStringLiteral("± 0.49"));
    CHECK(t.decimals == 2);
    CHECK(t.joined() == QStringLiteral("8.51 ± 0.49"));
    // An envelope over repeats that is not symmetric shows its ends (half-width 0.544).
    t = fmt::withInterval(8.506, 8.012, 9.100, watts);
    CHECK(t.joined() == QStringLiteral("8.51 (8.01–9.10)"));
    // The "(313 ± 51)e-6" µJ/B: 313 ± 51 nJ/B.
    const fmt::Unit nano = fmt::unitFor(Quantity::EnergyPerByte, -9);
    CHECK(fmt::withInterval(3.13e-7, 2.62e-7, 3.64e-7, nano).joined() ==
          QStringLiteral("313 ± 51"));
    // In mW: 12.3 ± 2.0 mW (half-width 0.002 W = 2.0 mW, two digits: one decimal).
    CHECK(fmt::withInterval(0.0123, 0.0103, 0.0143, fmt::unitFor(Quantity::Power, -3)).joined() ==
          QStringLiteral("12.3 ± 2.0"));
    // No interval: three significant digits of the value alone.
    t = fmt::withInterval(8.506, std::nan(""), std::nan(""), watts);
    CHECK(t.value == QStringLiteral("8.51"));
    CHECK(t.interval.isEmpty());
    CHECK(fmt::withInterval(std::nan(""), 1, 2, watts).value == fmt::missing());
    CHECK(fmt::quantityWithInterval(0.0123, 0.0103, 0.0143, Quantity::Power) ==
          QStringLiteral("12.3 ± 2.0 mW"));
    CHECK(fmt::quantity(5.55e9, Quantity::Throughput) == QStringLiteral("5.55 GB/s"));
}

TEST_CASE("format: significant digits, signs and decimals", "[format]")
{
    CHECK(fmt::significant(0.3243) == QStringLiteral("0.324"));
    CHECK(fmt::significant(9.996) == QStringLiteral("10.0"));
    CHECK(fmt::significant(312.4) == QStringLiteral("312"));
    CHECK(fmt::significant(12345.6) == QStringLiteral("12346"));
    CHECK(fmt::significant(0) == QStringLiteral("0"));
    CHECK(fmt::fixed(-0.0004, 3) == QStringLiteral("0.000"));
    CHECK(fmt::fixed(std::nan(""), 2) == QStringLiteral("–"));
    CHECK(fmt::signedFixed(1.26, 1) == QStringLiteral("+1.3"));
    CHECK(fmt::signedFixed(-0.26, 1) == QStringLiteral("-0.3"));
    CHECK(fmt::signedFixed(-0.04, 1) == QStringLiteral("0.0"));
    CHECK(fmt::intervalDecimals(0.5) == 2);    // 0.50
    CHECK(fmt::intervalDecimals(0.0996) == 2); // 0.10
    CHECK(fmt::intervalDecimals(45) == 0);
    // Korean digits group as English ones do.
    CHECK(fmt::fixed(1234.5, 1, QLocale(QLocale::Korean, QLocale::SouthKorea)) ==
          QStringLiteral("1,234.5"));
}

TEST_CASE("format: one identifier per session, ISO 8601 local times with the zone", "[format]")
{
    CHECK(fmt::sessionId(12) == QStringLiteral("S12"));
    CHECK(fmt::parseSessionId(QStringLiteral("S12")) == 12);
    CHECK(fmt::parseSessionId(QStringLiteral("s7")) == 7);
    CHECK(fmt::parseSessionId(QStringLiteral("12")) == 12);
    for (const char *bad : {"S0", "x", "S-1", "", "S", "S+3", "12a"})
        CHECK_FALSE(fmt::parseSessionId(QLatin1String(bad)).has_value());
    CHECK(fmt::sessionName(3, QStringLiteral("LEA\nsecond line")) ==
          QStringLiteral("S3 LEA ↵ second line"));

    // 05:03:12 UTC is 14:03:12 in Seoul (UTC+9 all year).
    const QDateTime utc(QDate(2026, 11, 24), QTime(5, 3, 12), QTimeZone::utc());
    const char *before = std::getenv("TZ");
    const QByteArray saved = before != nullptr ? QByteArray(before) : QByteArray();
    qputenv("TZ", "Asia/Seoul");
    tzset();
    CHECK(fmt::dateTime(utc) == QStringLiteral("2026-11-24 14:03:12 +09:00"));
    CHECK(fmt::dateTime(QStringLiteral("2026-11-24T05:03:12.209Z")) ==
          QStringLiteral("2026-11-24 14:03:12 +09:00"));
    // A stored time without the "Z" is UTC all the same.
    CHECK(fmt::dateTime(QStringLiteral("2026-11-24T05:03:12")) ==
          QStringLiteral("2026-11-24 14:03:12 +09:00"));
    // New York in November: EST, UTC-5, the day before.
    qputenv("TZ", "America/New_York");
    tzset();
    CHECK(fmt::dateTime(utc) == QStringLiteral("2026-11-24 00:03:12 -05:00"));
    if (before != nullptr)
        qputenv("TZ", saved);
    else
        qunsetenv("TZ");
    tzset();
    CHECK(fmt::dateTime(QStringLiteral("not a time")) == QStringLiteral("not a time"));
}

TEST_CASE("format: runs in short form for plot bands", "[format]")
{
    CHECK(fmt::bufferShort(16) == QStringLiteral("16 B"));
    CHECK(fmt::bufferShort(1023) == QStringLiteral("1023 B"));
    CHECK(fmt::bufferShort(1000) == QStringLiteral("1 kB"));
    CHECK(fmt::bufferShort(4096) == QStringLiteral("4 KiB"));
    CHECK(fmt::bufferShort(1048576) == QStringLiteral("1 MiB"));
    CHECK(fmt::bufferShort(100000) == QStringLiteral("100 kB"));
    CHECK(fmt::bufferShort(1500000) == QStringLiteral("1.5 MB"));
    CHECK(fmt::runShort(QStringLiteral("aes-128-xts"), QString(), QStringLiteral("encrypt"),
                        4096) == QStringLiteral("aes-128-xts enc 4 KiB"));
    CHECK(fmt::runShort(QStringLiteral("lea-128-xts"), QStringLiteral("custom"),
                        QStringLiteral("decrypt"),
                        16) == QStringLiteral("lea-128-xts/custom dec 16 B"));
    CHECK(fmt::operationShort(QStringLiteral("keygen")) == QStringLiteral("keygen"));
}

TEST_CASE("flags: severity from the identifier, the most severe first", "[format]")
{
    registerMessageCatalogue();
    // Stored flags as the database holds them: the identifier, the English text it makes and
    // the arguments (a stored text that does not match its template is read as plain text).
    const auto byId = [](const char *id, const char *text, const QJsonArray &args = {}) {
        return Message::fromJson(QJsonObject{{QStringLiteral("id"), QLatin1String(id)},
                                             {QStringLiteral("text"), QString::fromUtf8(text)},
                                             {QStringLiteral("args"), args}});
    };
    const Message drift = byId("core.runner.baseline-drifts-flag", "the idle baseline drifts");
    REQUIRE(drift.id() == QStringLiteral("core.runner.baseline-drifts-flag"));
    CHECK(flagSeverity(drift) == Severity::Error);
    const Message shortRun =
        byId("core.analysis.short-run", "short run: 45 updates, at least 100 needed",
             {QJsonObject{{"text", "45"}}, QJsonObject{{"text", "100"}}});
    REQUIRE(shortRun.id() == QStringLiteral("core.analysis.short-run"));
    CHECK(flagSeverity(shortRun) == Severity::Warning);
    const Message oneMissed = byId("core.analysis.one-missed", "1 update missed");
    REQUIRE(oneMissed.id() == QStringLiteral("core.analysis.one-missed"));
    CHECK(flagSeverity(oneMissed) == Severity::Note);
    // A run's flag in the session's list has its flag's severity.
    const Message wrapped = byId("core.runner.run-flag", "aes enc #1: 1 update missed",
                                 {QJsonObject{{"text", "aes enc #1"}}, oneMissed.toJson()});
    REQUIRE(wrapped.arguments().size() == 2);
    CHECK(flagSeverity(wrapped) == Severity::Note);
    // Unknown text is a warning, never hidden as a note.
    CHECK(flagSeverity(Message::plain(QStringLiteral("something new"))) == Severity::Warning);
    CHECK(severityName(Severity::Error) == QStringLiteral("error"));
    const QList<Message> sorted = bySeverity({oneMissed, shortRun, drift});
    CHECK(sorted == QList<Message>{drift, shortRun, oneMissed});
    CHECK(highestSeverity({oneMissed, shortRun}) == Severity::Warning);
    CHECK(highestSeverity({}) == Severity::Note);
    // Headlines for a narrow column: the words before the details, and a flag whose colon
    // names a run keeps its whole text.
    CHECK(flagHeadline(shortRun, false) == QStringLiteral("short run"));
    CHECK(flagHeadline(drift, false) == QStringLiteral("the idle baseline drifts"));
    CHECK(flagHeadline(wrapped, false) == QStringLiteral("aes enc #1: 1 update missed"));
}

TEST_CASE("estimate: the runs a set-up expands to and about how long they take", "[format]")
{
    CatalogueEntry aes;
    aes.id = QStringLiteral("aes-128-xts");
    aes.family = QStringLiteral("AES");
    aes.operations = {QStringLiteral("encrypt"), QStringLiteral("decrypt")};
    aes.backends = {QStringLiteral("openssl"), QStringLiteral("botan")};
    CatalogueEntry x25519;
    x25519.id = QStringLiteral("x25519");
    x25519.operations = {QStringLiteral("keygen"), QStringLiteral("agree")};
    x25519.backends = {QStringLiteral("openssl")};
    const std::vector<CatalogueEntry> catalogue{aes, x25519};

    SessionSettings s;
    s.planSpec = QStringLiteral("aes-128-xts/openssl:encrypt+decrypt,x25519/openssl");
    s.bufferSizes = {16, 4096};
    s.repeats = 2;
    s.baselineSeconds = 60;
    s.postBaselineSeconds = 30;
    s.settleSeconds = 2;
    s.runLength.kind = RunLength::Kind::Seconds;
    s.runLength.seconds = 10;
    // AES: 2 operations x 2 buffers x 2 repeats = 8 runs; X25519 ignores buffers: 2 x 2 = 4.
    SessionEstimate e = estimateSession(s, catalogue);
    REQUIRE(e.valid);
    CHECK(e.runs == 12);
    CHECK(e.runsUnknown == 0);
    // 60 + 30 + 12 x (2 + 10) = 234 s.
    CHECK(e.seconds == Approx(234.0));

    // Automatic: each run spans (100 x 1.15 + 3) x 0.1 = 11.8 s after one 0.5 s pilot per kind
    // (AES: 2 x 2 = 4 kinds, X25519: 2): 60 + 30 + 12 x (2 + 11.8) + 6 x 0.5 = 258.6 s.
    s.runLength.kind = RunLength::Kind::Automatic;
    s.minUpdates = 100;
    e = estimateSession(s, catalogue);
    CHECK(e.seconds == Approx(258.6));

    // Iterations: the runs' length is not known before they run.
    s.runLength.kind = RunLength::Kind::Iterations;
    s.runLength.iterations = 10000;
    e = estimateSession(s, catalogue);
    CHECK(e.runsUnknown == 12);
    CHECK(e.seconds == Approx(60 + 30 + 12 * 2.0));
    CHECK(e.waitAtMostSeconds == 0.0);

    // The waits before the baseline end when the DUT is ready: counted apart, at their longest.
    s.waitForQuietSeconds = 60;
    s.waitForStableSeconds = 600;
    e = estimateSession(s, catalogue);
    CHECK(e.seconds == Approx(60 + 30 + 12 * 2.0));
    CHECK(e.waitAtMostSeconds == Approx(660.0));

    s.planSpec = QStringLiteral("nonsense-cipher");
    CHECK_FALSE(estimateSession(s, catalogue).valid);
}
