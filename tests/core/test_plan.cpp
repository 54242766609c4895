// Plan specs (DESIGN.md: `<cipher id>[/<backend>][:<op>[+<op>]...]`, comma separated) resolved
// against a DUT's catalogue, and their expansion into runs.

#include <cipherwatt/core/plan.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>

using namespace cipherwatt::core;

namespace {

std::vector<CatalogueEntry> catalogue()
{
    const auto entry = [](const char *id, QStringList ops, QStringList backends) {
        CatalogueEntry e;
        e.id = QLatin1String(id);
        e.family = QStringLiteral("X");
        e.operations = ops;
        e.backends = backends;
        return e;
    };
    const QStringList crypt{QStringLiteral("encrypt"), QStringLiteral("decrypt")};
    return std::vector<CatalogueEntry>{
        entry("aes-128-xts", crypt,
              {QStringLiteral("botan"), QStringLiteral("openssl"), QStringLiteral("custom")}),
        entry("lea-128-xts", crypt, {QStringLiteral("custom")}),
        entry("chacha20", crypt, {QStringLiteral("botan"), QStringLiteral("openssl")}),
        entry("x25519", {QStringLiteral("keygen"), QStringLiteral("agree")},
              {QStringLiteral("botan"), QStringLiteral("openssl")}),
        entry("rc2-128-cbc", crypt, {}),
        entry("xtea-128-cbc", crypt, {QStringLiteral("plugin:xtea")}),
    };
}

// The catalogue of the real worker (`cipherwatt-bench list --json`), as a DUT reports it.
std::vector<CatalogueEntry> workerCatalogue()
{
    QProcess worker;
    worker.start(QStringLiteral(CIPHERWATT_BENCH_EXE),
                 {QStringLiteral("list"), QStringLiteral("--json")});
    REQUIRE(worker.waitForFinished(30000));
    auto real = parseCatalogueJson(worker.readAllStandardOutput());
    REQUIRE(real);
    return std::move(*real);
}

QStringList names(const std::vector<PlanEntry> &entries)
{
    QStringList out;
    for (const PlanEntry &e : entries)
        out << e.cipher + QLatin1Char('/') + e.backend + QLatin1Char(':') + e.operation;
    return out;
}

} // namespace

TEST_CASE("plan: the DESIGN.md example resolves with its defaults", "[plan]")
{
    auto plan = resolvePlan(
        QStringLiteral("aes-128-xts/openssl:encrypt+decrypt,lea-128-xts/custom,chacha20"),
        catalogue());
    REQUIRE(plan.ok());
    CHECK(names(*plan) == QStringList{"aes-128-xts/openssl:encrypt", "aes-128-xts/openssl:decrypt",
                                      "lea-128-xts/custom:encrypt", "lea-128-xts/custom:decrypt",
                                      "chacha20/botan:encrypt", "chacha20/botan:decrypt",
                                      "chacha20/openssl:encrypt", "chacha20/openssl:decrypt"});
    auto agreement = resolvePlan(QStringLiteral("x25519/botan"), catalogue());
    REQUIRE(agreement.ok());
    CHECK(names(*agreement) == QStringList{"x25519/botan:keygen", "x25519/botan:agree"});
    auto repeated =
        resolvePlan(QStringLiteral("chacha20/botan:encrypt, chacha20/botan:encrypt"), catalogue());
    REQUIRE(repeated.ok());
    CHECK(repeated->size() == 1);
}

TEST_CASE("plan: a plugin's backend keeps its colon", "[plan]")
{
    auto plan = resolvePlan(
        QStringLiteral("xtea-128-cbc/plugin:xtea:encrypt,xtea-128-cbc/plugin:xtea"), catalogue());
    REQUIRE(plan.ok());
    CHECK(names(*plan) ==
          QStringList{"xtea-128-cbc/plugin:xtea:encrypt", "xtea-128-cbc/plugin:xtea:decrypt"});
    auto wrong = resolvePlan(QStringLiteral("xtea-128-cbc/plugin:other:encrypt"), catalogue());
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.error().message.english().contains(
        QStringLiteral("no backend 'plugin:other' on this DUT (it has plugin:xtea)")));
}

TEST_CASE("plan: mistakes name what is valid", "[plan]")
{
    const auto message = [](const char *spec) {
        auto plan = resolvePlan(QLatin1String(spec), catalogue());
        REQUIRE_FALSE(plan.ok());
        return plan.error().message.english();
    };
    CHECK(
        message("aes-999-xts")
            .contains(QStringLiteral("unknown cipher 'aes-999-xts'; valid ids: aes-128-xts, "
                                     "lea-128-xts, chacha20, x25519, rc2-128-cbc, xtea-128-cbc")));
    CHECK(message("lea-128-xts/openssl").contains(QStringLiteral("(it has custom)")));
    CHECK(message("chacha20:sign").contains(QStringLiteral("no operation 'sign'")));
    CHECK(message("chacha20:encrypt+").contains(QStringLiteral("empty operation")));
    CHECK(message("rc2-128-cbc").contains(QStringLiteral("no backend on this DUT")));
    CHECK(message("").contains(QStringLiteral("empty")));
}

TEST_CASE("plan: expansion spreads repeats and skips buffers for key agreement", "[plan]")
{
    auto entries =
        resolvePlan(QStringLiteral("chacha20/botan:encrypt,x25519/openssl:agree"), catalogue());
    REQUIRE(entries.ok());
    const auto runs = expandPlan(*entries, catalogue(), {16, 4096}, 2);
    REQUIRE(runs.size() == 6);
    CHECK(runs[0].ordinal == 1);
    CHECK(runs[0].bufferBytes == 16);
    CHECK(runs[1].bufferBytes == 4096);
    CHECK(runs[2].entry.cipher == QStringLiteral("x25519"));
    CHECK(runs[2].repeat == 1);
    CHECK(runs[3].repeat == 2); // the second repeat starts after the first pass
    CHECK(runs[5].ordinal == 6);
}

TEST_CASE("plan: external commands are split like a shell would, never given to one", "[plan]")
{
    auto plan =
        resolvePlan(QStringLiteral("cmd:zstd:104857600=zstd -19 \"my file, v2.bin\" -o 'out put',"
                                   "chacha20/botan:encrypt,cmd:mine=./bench --n=3 a\\ b"),
                    catalogue());
    REQUIRE(plan.ok());
    REQUIRE(plan->size() == 3);
    const PlanEntry &zstd = (*plan)[0];
    CHECK(zstd.isCommand());
    CHECK(zstd.cipher == QStringLiteral("cmd:zstd"));
    CHECK(zstd.backend == QStringLiteral("external"));
    CHECK(zstd.commandBytes == 104857600);
    CHECK(zstd.command == QStringList{"zstd", "-19", "my file, v2.bin", "-o", "out put"});
    CHECK_FALSE((*plan)[1].isCommand());
    CHECK((*plan)[2].command == QStringList{"./bench", "--n=3", "a b"});
    CHECK((*plan)[2].commandBytes == 0);

    const auto message = [](const char *spec) {
        auto p = resolvePlan(QString::fromUtf8(spec), catalogue());
        REQUIRE_FALSE(p.ok());
        return p.error().message.english();
    };
    CHECK(message("cmd:x").contains(QStringLiteral("cmd:<label>")));
    CHECK(message("cmd:bad label=ls").contains(QStringLiteral("label")));
    CHECK(message("cmd:x:-5=ls").contains(QStringLiteral("positive")));
    CHECK(message("cmd:x=").contains(QStringLiteral("no program")));
    CHECK(message("cmd:x=echo 'open").contains(QStringLiteral("unclosed")));
    CHECK(message("cmd:x=ls,cmd:x=pwd").contains(QStringLiteral("two commands")));

    const auto runs = expandPlan(*plan, catalogue(), {16, 4096}, 2);
    CHECK(runs.size() == 2 * (1 + 2 + 1)); // commands ignore buffer sizes
}

TEST_CASE("plan: the second paper's preset is its ciphers, sizes, operations and repeats, all in "
          "the worker's catalogue",
          "[plan]")
{
    // The summary of the paper: AES, Blowfish, RC4, RC6, Curve25519 and XXTEA on
    // 100/500/1500 kB files, encryption, decryption and key generation separately, five repeats.
    const PlanPreset *preset = findPlanPreset(QStringLiteral("second-paper"));
    REQUIRE(preset != nullptr);
    CHECK(findPlanPreset(QStringLiteral("no-such-paper")) == nullptr);
    CHECK(preset->bufferSizes == std::vector<std::size_t>{100000, 500000, 1500000});
    CHECK(preset->repeats == 5);
    const std::vector<CatalogueEntry> real = workerCatalogue();
    const auto entries = resolvePlan(QString::fromLatin1(preset->plan), real);
    INFO((entries ? QString() : entries.error().message.english()).toStdString());
    REQUIRE(entries);
    QSet<QString> ciphers;
    int symmetric = 0;
    int agreement = 0;
    for (const PlanEntry &e : *entries) {
        ciphers << e.cipher;
        if (e.cipher == QLatin1String("x25519")) {
            CHECK(
                (e.operation == QLatin1String("keygen") || e.operation == QLatin1String("agree")));
            ++agreement;
        } else {
            CHECK((e.operation == QLatin1String("encrypt") ||
                   e.operation == QLatin1String("decrypt")));
            ++symmetric;
        }
    }
    CHECK(ciphers == QSet<QString>{QStringLiteral("aes-128-cbc"),
                                   QStringLiteral("blowfish-128-cbc"), QStringLiteral("rc4-128"),
                                   QStringLiteral("rc6-128-cbc"), QStringLiteral("xxtea-128-wide"),
                                   QStringLiteral("x25519")});
    // Every backend the DUT has, per cipher: at least one each for keygen and agree.
    CHECK(agreement >= 2);
    CHECK(symmetric >= 10);
    // Each symmetric entry at every size, key agreement once, all five times.
    const auto runs = expandPlan(*entries, real, preset->bufferSizes, preset->repeats);
    CHECK(runs.size() == static_cast<std::size_t>(5 * (symmetric * 3 + agreement)));
}

TEST_CASE("plan: the first paper's preset is its eight XTS and stream ciphers, encrypt and "
          "decrypt at 4096 B, with and without NEON",
          "[plan][design]")
{
    // The paper's Table 5 (Raspberry Pi 4): ChaCha20 and Adiantum-XChaCha20 with and without
    // NEON, AES-128/256-XTS, CHAM-128/128-XTS, CHAM-128/256-XTS, LEA-128/256-XTS.
    const PlanPreset *preset = findPlanPreset(QStringLiteral("first-paper"));
    REQUIRE(preset != nullptr);
    CHECK(preset->bufferSizes == std::vector<std::size_t>{4096});
    SessionSettings s;
    REQUIRE(applyFactor(s, QStringLiteral("isa=") + QLatin1String(preset->isaLevels)).ok());
    CHECK(s.isaLevels == QStringList{QStringLiteral("portable"), QStringLiteral("neon")});
    const std::vector<CatalogueEntry> real = workerCatalogue();
    const auto entries = resolvePlan(QString::fromLatin1(preset->plan), real);
    INFO((entries ? QString() : entries.error().message.english()).toStdString());
    REQUIRE(entries);
    QSet<QString> ciphers;
    for (const PlanEntry &e : *entries) {
        ciphers << e.cipher;
        // Backends whose level follows the run: the custom code and Botan.
        CHECK((e.backend == QLatin1String("custom") || e.backend == QLatin1String("botan")));
    }
    CHECK(ciphers ==
          QSet<QString>{QStringLiteral("chacha20"), QStringLiteral("aes-128-xts"),
                        QStringLiteral("aes-256-xts"), QStringLiteral("adiantum-xchacha20-aes"),
                        QStringLiteral("cham-128-128-xts"), QStringLiteral("cham-128-256-xts"),
                        QStringLiteral("lea-128-xts"), QStringLiteral("lea-256-xts")});
    CHECK(entries->size() == 16); // eight ciphers, encryption and decryption
    const auto runs = expandPlan(*entries, real, preset->bufferSizes, preset->repeats, s.isaLevels);
    CHECK(runs.size() == 32); // each at both levels
}

// ---- Run order (issue 22) -------------------------------------------------------------------

namespace {

// "cipher/op/buffer#repeat" for each run, in order.
QStringList labels(const std::vector<PlannedRun> &runs)
{
    QStringList out;
    for (const PlannedRun &r : runs)
        out << QStringLiteral("%1/%2/%3#%4")
                   .arg(r.entry.cipher, r.entry.operation)
                   .arg(r.bufferBytes)
                   .arg(r.repeat);
    return out;
}

std::vector<PlannedRun> twoByTwo(int repeats)
{
    auto entries = resolvePlan(QStringLiteral("chacha20/botan:encrypt+decrypt"), catalogue());
    REQUIRE(entries.ok());
    return expandPlan(*entries, catalogue(), {16, 4096}, repeats);
}

} // namespace

TEST_CASE("plan order: interleaved keeps the passes, sequential puts each run's repeats together",
          "[plan][order]")
{
    const auto runs = twoByTwo(2);
    CHECK(labels(orderRuns(runs, RunOrder::Interleaved)) ==
          QStringList{"chacha20/encrypt/16#1", "chacha20/encrypt/4096#1", "chacha20/decrypt/16#1",
                      "chacha20/decrypt/4096#1", "chacha20/encrypt/16#2", "chacha20/encrypt/4096#2",
                      "chacha20/decrypt/16#2", "chacha20/decrypt/4096#2"});
    const auto sequential = orderRuns(runs, RunOrder::Sequential);
    CHECK(labels(sequential) == QStringList{"chacha20/encrypt/16#1", "chacha20/encrypt/16#2",
                                            "chacha20/encrypt/4096#1", "chacha20/encrypt/4096#2",
                                            "chacha20/decrypt/16#1", "chacha20/decrypt/16#2",
                                            "chacha20/decrypt/4096#1", "chacha20/decrypt/4096#2"});
    for (std::size_t i = 0; i < sequential.size(); ++i)
        CHECK(sequential[i].ordinal == static_cast<int>(i) + 1);
}

TEST_CASE("plan order: random shuffles within each pass, the same seed the same order",
          "[plan][order]")
{
    const auto runs = twoByTwo(3);
    const auto a = orderRuns(runs, RunOrder::Randomised, 20261124);
    const auto b = orderRuns(runs, RunOrder::Randomised, 20261124);
    CHECK(labels(a) == labels(b));
    // Every pass holds the four runs of its repeat, in some order; ordinals follow the order.
    for (int repeat = 1; repeat <= 3; ++repeat) {
        QStringList inPass, expected;
        for (std::size_t i = 0; i < 4; ++i) {
            const PlannedRun &r = a[static_cast<std::size_t>(repeat - 1) * 4 + i];
            CHECK(r.repeat == repeat);
            CHECK(r.ordinal == (repeat - 1) * 4 + static_cast<int>(i) + 1);
            inPass << labels({r});
            expected << labels({runs[static_cast<std::size_t>(repeat - 1) * 4 + i]});
        }
        inPass.sort();
        expected.sort();
        CHECK(inPass == expected);
    }
    // Other seeds, other orders: of ten seeds, not all give the first one's order (the chance
    // that one does is 1/24^3 per seed).
    int same = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed)
        same += labels(orderRuns(runs, RunOrder::Randomised, seed)) == labels(a) ? 1 : 0;
    CHECK(same < 10);
}

TEST_CASE("plan order: the generator is the standard's and the shuffle is unbiased",
          "[plan][order]")
{
    // C++ standard [rand.predef]: the 10000th output of a default-constructed std::mt19937_64
    // is 9981545732273789042. The order of a seed depends on nothing else.
    std::mt19937_64 g;
    g.discard(9999);
    CHECK(g() == 9981545732273789042ULL);

    // Three runs have 3! = 6 orders; over 60000 seeds each should come about 10000 times
    // (binomial, σ ≈ 91; the bounds are 5σ). A wrong Fisher-Yates (swapping with any position
    // instead of one not yet fixed: 27 equally likely paths onto 6 orders) gives some orders
    // 8889 and others 11111 times, twelve σ off.
    auto entries = resolvePlan(QStringLiteral("aes-128-xts/openssl:encrypt,lea-128-xts:encrypt,"
                                              "chacha20/botan:encrypt"),
                               catalogue());
    REQUIRE(entries.ok());
    const auto runs = expandPlan(*entries, catalogue(), {4096}, 1);
    std::map<QString, int> counts;
    for (std::uint64_t seed = 0; seed < 60000; ++seed) {
        const auto ordered = orderRuns(runs, RunOrder::Randomised, seed);
        ++counts[ordered[0].entry.cipher + ordered[1].entry.cipher];
    }
    CHECK(counts.size() == 6);
    for (const auto &[order, n] : counts) {
        INFO(order.toStdString());
        CHECK(std::abs(n - 10000) < 5 * 91);
    }
    // uniformBelow: a bound of 3 from a 64-bit draw, each value a third of the time.
    std::mt19937_64 h(7);
    int hits[3] = {0, 0, 0};
    for (int i = 0; i < 30000; ++i)
        ++hits[uniformBelow(h, 3)];
    for (const int n : hits)
        CHECK(std::abs(n - 10000) < 5 * 82); // σ = √(30000 · 1/3 · 2/3) ≈ 82
}

TEST_CASE("plan order: parsed from the command line's words, bad ones named", "[plan][order]")
{
    CHECK(parseRunOrder(QStringLiteral("interleaved"))->order == RunOrder::Interleaved);
    CHECK(parseRunOrder(QStringLiteral("sequential"))->order == RunOrder::Sequential);
    const auto random = parseRunOrder(QStringLiteral("random"));
    REQUIRE(random.ok());
    CHECK(random->order == RunOrder::Randomised);
    CHECK_FALSE(random->seed);
    const auto seeded = parseRunOrder(QStringLiteral("random:9007199254740991"));
    REQUIRE(seeded.ok());
    CHECK(*seeded->seed == 9007199254740991ULL); // 2^53 - 1, the largest
    const auto message = [](const char *text) {
        auto r = parseRunOrder(QString::fromUtf8(text));
        REQUIRE_FALSE(r.ok());
        return r.error().message.english();
    };
    CHECK(message("shuffled").contains(QStringLiteral("'shuffled'")));
    CHECK(message("sequential:3").contains(QStringLiteral("random:<seed>")));
    CHECK(message("random:9007199254740992").contains(QStringLiteral("the seed")));
    CHECK(message("random:-1").contains(QStringLiteral("'-1'")));
    CHECK(message("random:").contains(QStringLiteral("the seed")));
}

TEST_CASE("plan: an ISA factor crosses every cipher run with its levels, side by side, and leaves "
          "commands and the worker's level alone",
          "[plan][design]")
{
    const auto plan = resolvePlan(
        QStringLiteral("lea-128-xts/custom:encrypt+decrypt,x25519/botan:agree,cmd:probe=true"),
        catalogue());
    REQUIRE(plan.ok());
    const QStringList levels{QStringLiteral("portable"), QStringLiteral("neon")};
    const auto runs = expandPlan(*plan, catalogue(), {16, 4096}, 2, levels);
    // Per repeat: LEA 2 operations x 2 sizes x 2 levels, X25519 1 x 1 (no buffer) x 2, the
    // command once: 8 + 2 + 1 = 11; two repeats.
    REQUIRE(runs.size() == 22);
    int command = 0;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        CHECK(runs[i].ordinal == static_cast<int>(i) + 1);
        if (runs[i].entry.isCommand()) {
            ++command;
            CHECK(runs[i].isa.isEmpty());
            continue;
        }
        // Each run at portable is followed by the same run at neon.
        if (runs[i].isa == levels[0]) {
            REQUIRE(i + 1 < runs.size());
            CHECK(runs[i + 1].isa == levels[1]);
            CHECK(runs[i + 1].entry.cipher == runs[i].entry.cipher);
            CHECK(runs[i + 1].entry.operation == runs[i].entry.operation);
            CHECK(runs[i + 1].bufferBytes == runs[i].bufferBytes);
            CHECK(runs[i + 1].repeat == runs[i].repeat);
        } else {
            CHECK(runs[i].isa == levels[1]);
        }
    }
    CHECK(command == 2);
    // Without the factor: the worker's level, as before.
    for (const PlannedRun &r : expandPlan(*plan, catalogue(), {16}, 1))
        CHECK(r.isa.isEmpty());
}

TEST_CASE("plan: --vary isa takes the levels in order, and anything else is a one-line error "
          "naming it",
          "[plan][design]")
{
    SessionSettings s;
    REQUIRE(applyFactor(s, QStringLiteral("isa=portable,AVX2")).ok());
    CHECK(s.isaLevels == QStringList{QStringLiteral("portable"), QStringLiteral("avx2")});
    const auto error = [](const char *text) {
        SessionSettings t;
        const auto r = applyFactor(t, QLatin1String(text));
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().code == ErrorCode::Usage);
        CHECK(t.isaLevels.isEmpty());
        const QString message = r.error().message.english();
        CHECK_FALSE(message.contains(QLatin1Char('\n')));
        return message;
    };
    CHECK(error("threads=2").contains(QStringLiteral("'threads=2'")));
    CHECK(error("isa").contains(QStringLiteral("isa=<levels>")));
    CHECK(error("isa=portable,mmx")
              .contains(QStringLiteral("'mmx' is not a level of isa (portable, sse2, avx2, "
                                       "avx512, neon)")));
    CHECK(error("isa=neon,portable,neon").contains(QStringLiteral("neon of isa is given twice")));
    CHECK(error("isa=").contains(QStringLiteral("'' is not a level")));
}

TEST_CASE("plan: --vary freq takes frequencies with their units, or a range and a count, and "
          "anything else is a one-line error naming it",
          "[plan][design]")
{
    SessionSettings s;
    REQUIRE(applyFactor(s, QStringLiteral("freq=600MHz, 1.5 GHz,1200000kHz")).ok());
    CHECK(s.frequencyLevelsKHz == std::vector<std::uint64_t>{600000, 1500000, 1200000});
    // 600 to 1500 MHz in five levels: a step of 900 / 4 = 225 MHz.
    REQUIRE(applyFactor(s, QStringLiteral("freq=600MHz..1.5GHz/5")).ok());
    CHECK(s.frequencyLevelsKHz ==
          std::vector<std::uint64_t>{600000, 825000, 1050000, 1275000, 1500000});
    // The Raspberry Pi 4's table (600 to 1500 MHz in steps of 100 MHz).
    REQUIRE(applyFactor(s, QStringLiteral("freq=600MHz..1500MHz/10")).ok());
    CHECK(s.frequencyLevelsKHz.size() == 10);
    CHECK(s.frequencyLevelsKHz[1] == 700000);
    CHECK(parseFrequencyKHz(QStringLiteral("1.2345GHz")) == 1234500);
    CHECK_FALSE(parseFrequencyKHz(QStringLiteral("1.2345678GHz"))); // not whole kHz
    CHECK_FALSE(parseFrequencyKHz(QStringLiteral("600")));          // no unit
    CHECK_FALSE(parseFrequencyKHz(QStringLiteral("0MHz")));
    const auto error = [](const char *text) {
        SessionSettings t;
        const auto r = applyFactor(t, QLatin1String(text));
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().code == ErrorCode::Usage);
        CHECK(t.frequencyLevelsKHz.empty());
        const QString message = r.error().message.english();
        CHECK_FALSE(message.contains(QLatin1Char('\n')));
        return message;
    };
    CHECK(error("freq=600,1200").contains(QStringLiteral("'600' is not a level of freq")));
    CHECK(error("freq=600MHz,0.6GHz").contains(QStringLiteral("0.6GHz of freq is given twice")));
    CHECK(error("freq=1.5GHz..600MHz/5").contains(QStringLiteral("'1.5GHz..600MHz/5'")));
    CHECK(error("freq=600MHz..1.5GHz").contains(QStringLiteral("a range and a count")));
    CHECK(error("freq=600MHz..1.5GHz/1").contains(QStringLiteral("is not a level of freq")));
    CHECK(error("freq=1000kHz..1002kHz/5").contains(QStringLiteral("is not a level of freq")));
}

TEST_CASE("plan: a frequency factor crosses every run, commands too, in one block per level and "
          "pass, and every order keeps the blocks",
          "[plan][design]")
{
    const auto plan = resolvePlan(
        QStringLiteral("lea-128-xts/custom:encrypt+decrypt,cmd:probe=true"), catalogue());
    REQUIRE(plan.ok());
    const std::vector<std::uint64_t> levels{600000, 1500000, 1000000};
    const auto runs = expandPlan(*plan, catalogue(), {16, 4096}, 2, {}, levels);
    // Per repeat and level: LEA 2 operations x 2 sizes + the command = 5; 3 levels, 2 repeats.
    REQUIRE(runs.size() == 30);
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const std::size_t pass = i / 15;
        const std::size_t block = (i % 15) / 5;
        CHECK(runs[i].repeat == static_cast<int>(pass) + 1);
        REQUIRE(runs[i].frequencyKHz);
        CHECK(*runs[i].frequencyKHz == levels[block]); // in the order given
    }
    // Level changes along an order, pass by pass: a block is pinned once. (Where a pass ends
    // at the level the next begins with, the runner pins once for both.)
    const auto blocks = [](const std::vector<PlannedRun> &ordered) {
        std::vector<std::uint64_t> out;
        for (std::size_t i = 0; i < ordered.size(); ++i) {
            if (i == 0 || ordered[i - 1].frequencyKHz != ordered[i].frequencyKHz ||
                ordered[i - 1].repeat != ordered[i].repeat)
                out.push_back(*ordered[i].frequencyKHz);
        }
        return out;
    };
    const auto levelChanges = [](const std::vector<PlannedRun> &ordered) {
        std::vector<std::uint64_t> out;
        for (const PlannedRun &r : ordered) {
            if (out.empty() || out.back() != *r.frequencyKHz)
                out.push_back(*r.frequencyKHz);
        }
        return out;
    };
    CHECK(blocks(orderRuns(runs, RunOrder::Interleaved)) ==
          std::vector<std::uint64_t>{600000, 1500000, 1000000, 600000, 1500000, 1000000});
    // Sequential: each level once, each run's repeats together within it.
    const auto sequential = orderRuns(runs, RunOrder::Sequential);
    CHECK(levelChanges(sequential) == levels);
    CHECK(sequential[0].repeat == 1);
    CHECK(sequential[1].repeat == 2);
    CHECK(sequential[1].entry.operation == sequential[0].entry.operation);
    // Random: per pass, each level one block, the levels and the runs within them shuffled; the
    // same seed the same order.
    const auto a = orderRuns(runs, RunOrder::Randomised, 7);
    CHECK(labels(a) == labels(orderRuns(runs, RunOrder::Randomised, 7)));
    const std::vector<std::uint64_t> b = blocks(a);
    REQUIRE(b.size() == 6);
    for (std::size_t pass = 0; pass < 2; ++pass) {
        std::vector<std::uint64_t> inPass(b.begin() + static_cast<std::ptrdiff_t>(pass * 3),
                                          b.begin() + static_cast<std::ptrdiff_t>(pass * 3 + 3));
        std::sort(inPass.begin(), inPass.end());
        CHECK(inPass == std::vector<std::uint64_t>{600000, 1000000, 1500000});
    }
    // Of ten seeds, the level order is not always the given one (the chance that a seed keeps
    // it in both passes is 1/36).
    int given = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed)
        given += blocks(orderRuns(runs, RunOrder::Randomised, seed)) ==
                         blocks(orderRuns(runs, RunOrder::Interleaved))
                     ? 1
                     : 0;
    CHECK(given < 10);
    // Without the factor: no level.
    for (const PlannedRun &r : expandPlan(*plan, catalogue(), {16}, 1))
        CHECK_FALSE(r.frequencyKHz);
}

TEST_CASE("plan: --vary payload takes random, zeros and absolute files, in order, and anything "
          "else is a one-line error naming it",
          "[plan][design]")
{
    SessionSettings s;
    REQUIRE(applyFactor(s, QStringLiteral("payload=random, zeros,file:/data/text one.txt")).ok());
    CHECK(s.payloadLevels == QStringList{QStringLiteral("random"), QStringLiteral("zeros"),
                                         QStringLiteral("file:/data/text one.txt")});
    const auto error = [](const QString &text) {
        SessionSettings t;
        const auto r = applyFactor(t, text);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().code == ErrorCode::Usage);
        CHECK(t.payloadLevels.isEmpty());
        const QString message = r.error().message.english();
        CHECK_FALSE(message.contains(QLatin1Char('\n')));
        return message;
    };
    CHECK(error(QStringLiteral("payload=random,ones"))
              .contains(QStringLiteral("'ones' is not a level of payload")));
    // A file on the DUT by its absolute path only: the worker's directory is not the operator's.
    CHECK(error(QStringLiteral("payload=file:data/a.txt"))
              .contains(QStringLiteral("'file:data/a.txt'")));
    CHECK(error(QStringLiteral("payload=file:")).contains(QStringLiteral("'file:'")));
    CHECK(error(QStringLiteral("payload=file:/a\nb")).contains(QStringLiteral("file:/a\\x0ab")));
    CHECK(error(QStringLiteral("payload=zeros,zeros"))
              .contains(QStringLiteral("zeros of payload is given twice")));
    QStringList many;
    for (int i = 0; i <= kMaxPayloadLevels; ++i)
        many << QStringLiteral("file:/f%1").arg(i);
    CHECK(error(QStringLiteral("payload=") + many.join(QLatin1Char(',')))
              .contains(QStringLiteral("at most 16 payloads")));
}

TEST_CASE("plan: a payload factor crosses every cipher run, side by side, and leaves key "
          "agreement and commands alone",
          "[plan][design]")
{
    const auto plan = resolvePlan(
        QStringLiteral("aes-128-xts/botan:encrypt+decrypt,x25519/botan:agree,cmd:probe=true"),
        catalogue());
    REQUIRE(plan.ok());
    const QStringList payloads{QStringLiteral("random"), QStringLiteral("zeros"),
                               QStringLiteral("file:/data/a.txt")};
    const QStringList isa{QStringLiteral("portable"), QStringLiteral("avx2")};
    const auto runs = expandPlan(*plan, catalogue(), {16, 4096}, 2, isa, {}, payloads);
    // Per repeat: XTS 2 operations x 2 sizes x 2 ISA levels x 3 payloads = 24, X25519 2 (its
    // ISA levels, no payload: it encrypts no data), the command once: 27; two repeats.
    REQUIRE(runs.size() == 54);
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const PlannedRun &r = runs[i];
        if (r.entry.isCommand() || r.entry.cipher == QLatin1String("x25519")) {
            CHECK(r.payload.isEmpty());
            continue;
        }
        // The payloads of one run follow each other, in the order given.
        const auto at = payloads.indexOf(r.payload);
        REQUIRE(at >= 0);
        if (at > 0) {
            const PlannedRun &before = runs[i - 1];
            CHECK(before.payload == payloads[at - 1]);
            CHECK(before.entry.operation == r.entry.operation);
            CHECK(before.bufferBytes == r.bufferBytes);
            CHECK(before.isa == r.isa);
        }
    }
    for (const PlannedRun &r : expandPlan(*plan, catalogue(), {16}, 1))
        CHECK(r.payload.isEmpty());
}

TEST_CASE("plan: the third paper's preset is AES-ECB and AES-CCM with 8- and 16-byte tags on 5, "
          "20, 50 and 100-byte payloads, ECB padded",
          "[plan][design]")
{
    // Hung and Hsu (Sensors 2018): AES-ECB, AES-CCM-MIC64 and -MIC128, 128-bit key, payloads
    // of 5, 20, 50 and 100 bytes; ECB fills a block with zeros.
    const PlanPreset *preset = findPlanPreset(QStringLiteral("third-paper"));
    REQUIRE(preset != nullptr);
    CHECK(preset->bufferSizes == std::vector<std::size_t>{5, 20, 50, 100});
    CHECK(preset->padWithZeros);
    const std::vector<CatalogueEntry> real = workerCatalogue();
    const auto entries = resolvePlan(QString::fromLatin1(preset->plan), real);
    INFO((entries ? QString() : entries.error().message.english()).toStdString());
    REQUIRE(entries);
    QSet<QString> ciphers;
    for (const PlanEntry &e : *entries)
        ciphers << e.cipher;
    CHECK(ciphers == QSet<QString>{QStringLiteral("aes-128-ecb"), QStringLiteral("aes-128-ccm-8"),
                                   QStringLiteral("aes-128-ccm-16")});
    const auto runs = expandPlan(*entries, real, preset->bufferSizes, preset->repeats);
    CHECK(runs.size() == entries->size() * 4 * static_cast<std::size_t>(preset->repeats));
}

TEST_CASE("plan: the fourth paper's preset is its six ciphers, encrypt and decrypt, over its "
          "files' sizes, padded",
          "[plan][design]")
{
    // Elminaam et al.: AES, DES, 3DES, RC2, Blowfish and RC6; files of 28 kB to 7.139 MB (kB as
    // the paper counts them, 1000 B), encryption and decryption.
    const PlanPreset *preset = findPlanPreset(QStringLiteral("fourth-paper"));
    REQUIRE(preset != nullptr);
    CHECK(preset->bufferSizes.front() == 28000);
    CHECK(preset->bufferSizes.back() == 7139000);
    CHECK(preset->padWithZeros); // 131 kB is not whole DES or AES blocks
    const std::vector<CatalogueEntry> real = workerCatalogue();
    const auto entries = resolvePlan(QString::fromLatin1(preset->plan), real);
    INFO((entries ? QString() : entries.error().message.english()).toStdString());
    REQUIRE(entries);
    QSet<QString> families;
    for (const PlanEntry &e : *entries) {
        families << e.cipher.section(QLatin1Char('-'), 0, 0);
        CHECK((e.operation == QLatin1String("encrypt") || e.operation == QLatin1String("decrypt")));
    }
    CHECK(families == QSet<QString>{QStringLiteral("aes"), QStringLiteral("des"),
                                    QStringLiteral("3des"), QStringLiteral("rc2"),
                                    QStringLiteral("blowfish"), QStringLiteral("rc6")});
    // Its data types are the operator's files, a payload factor on top.
    SessionSettings s;
    REQUIRE(applyFactor(s, QStringLiteral("payload=file:/data/text.txt,file:/data/song.mp3")).ok());
    const auto runs =
        expandPlan(*entries, real, preset->bufferSizes, preset->repeats, {}, {}, s.payloadLevels);
    CHECK(runs.size() == entries->size() * preset->bufferSizes.size() * 2);
}

TEST_CASE("plan: governor and chunking factors cross the runs, governors in blocks, the stream "
          "level only where a cipher can stream",
          "[plan][design]")
{
    std::vector<CatalogueEntry> cat = catalogue();
    for (CatalogueEntry &e : cat) {
        if (e.id == QLatin1String("chacha20"))
            e.mode = QStringLiteral("stream"); // as the worker's catalogue names it
        if (e.id == QLatin1String("aes-128-xts"))
            e.mode = QStringLiteral("XTS");
    }
    SessionSettings s;
    REQUIRE(applyFactor(s, QStringLiteral("governor=schedutil, Performance")).ok());
    CHECK(s.governorLevels ==
          QStringList{QStringLiteral("schedutil"), QStringLiteral("performance")});
    REQUIRE(applyFactor(s, QStringLiteral("chunking=message,stream")).ok());
    const auto plan = resolvePlan(
        QStringLiteral("chacha20/botan:encrypt,aes-128-xts/openssl:encrypt,x25519/botan:agree,"
                       "cmd:probe=true"),
        cat);
    REQUIRE(plan.ok());
    s.bufferSizes = {4096};
    s.repeats = 2;
    const auto runs = expandPlan(*plan, cat, s);
    // Per repeat and governor: ChaCha20 as messages and as a stream, XTS as messages, X25519
    // and the command once each = 5; 2 governors, 2 repeats.
    REQUIRE(runs.size() == 20);
    for (std::size_t i = 0; i < runs.size(); ++i) {
        INFO(i);
        CHECK(runs[i].repeat == static_cast<int>(i / 10) + 1);
        CHECK(runs[i].governor == s.governorLevels[static_cast<qsizetype>((i % 10) / 5)]);
        CHECK_FALSE(runs[i].frequencyKHz);
    }
    const auto chunkingOf = [&](std::size_t i) { return runs[i].chunking; };
    CHECK(runs[0].entry.cipher == QStringLiteral("chacha20"));
    CHECK(chunkingOf(0) == QStringLiteral("message"));
    CHECK(chunkingOf(1) == QStringLiteral("stream"));
    CHECK(runs[2].entry.cipher == QStringLiteral("aes-128-xts"));
    CHECK(chunkingOf(2) == QStringLiteral("message"));
    CHECK(chunkingOf(3).isEmpty()); // key agreement: no buffers to cut
    CHECK(chunkingOf(4).isEmpty()); // a program
    // Governor levels are blocks in every order, as frequency levels are.
    const auto a = orderRuns(runs, RunOrder::Randomised, 11);
    int changes = 0;
    for (std::size_t i = 1; i < a.size(); ++i)
        changes += a[i].governor != a[i - 1].governor ? 1 : 0;
    CHECK(changes <= 3); // two blocks per pass
    // The stream level alone leaves XTS nothing: refused, naming it.
    SessionSettings streamOnly = s;
    REQUIRE(applyFactor(streamOnly, QStringLiteral("chunking=stream")).ok());
    const auto check = checkFactors(*plan, cat, streamOnly);
    REQUIRE_FALSE(check.ok());
    CHECK(check.error().message.english().contains(
        QStringLiteral("aes-128-xts/openssl cannot continue a key stream")));
    CHECK(checkFactors(*plan, cat, s).ok());
    CHECK(canStream((*plan)[0], cat));
    CHECK_FALSE(canStream((*plan)[1], cat));
    // A plugin's cipher never streams, whatever its mode.
    const auto plugin = resolvePlan(QStringLiteral("xtea-128-cbc/plugin:xtea:encrypt"), cat);
    REQUIRE(plugin.ok());
    CHECK_FALSE(canStream((*plugin)[0], cat));

    // Errors: an undocumented governor, a level twice, freq and governor together.
    const auto error = [](SessionSettings &settings, const char *text) {
        const auto r = applyFactor(settings, QLatin1String(text));
        return r.ok() ? QString() : r.error().message.english();
    };
    SessionSettings fresh;
    CHECK(error(fresh, "governor=turbo")
              .contains(QStringLiteral("'turbo' is not a level of governor")));
    CHECK(error(fresh, "governor=performance,performance")
              .contains(QStringLiteral("the level performance of governor is given twice")));
    CHECK(error(fresh, "chunking=blocks").contains(QStringLiteral("(message, stream)")));
    SessionSettings withFreq;
    REQUIRE(applyFactor(withFreq, QStringLiteral("freq=800MHz")).ok());
    CHECK(error(withFreq, "governor=performance").contains(QStringLiteral("not both")));
    CHECK(error(s, "freq=800MHz").contains(QStringLiteral("not both")));
    // Every factor's levels written back as --vary takes them give the same settings.
    SessionSettings round;
    REQUIRE(applyFactor(round, QStringLiteral("isa=portable,neon")).ok());
    REQUIRE(applyFactor(round, QStringLiteral("payload=zeros,file:/a.txt")).ok());
    REQUIRE(applyFactor(round, QStringLiteral("governor=powersave,ondemand")).ok());
    REQUIRE(applyFactor(round, QStringLiteral("chunking=stream,message")).ok());
    SessionSettings back;
    for (const QString &name : factorNames()) {
        const QString levels = factorLevelsText(round, name);
        if (!levels.isEmpty())
            REQUIRE(applyFactor(back, name + QLatin1Char('=') + levels).ok());
    }
    CHECK(back.isaLevels == round.isaLevels);
    CHECK(back.payloadLevels == round.payloadLevels);
    CHECK(back.governorLevels == round.governorLevels);
    CHECK(back.chunkingLevels == round.chunkingLevels);
    clearFactor(back, QStringLiteral("governor"));
    CHECK(back.governorLevels.isEmpty());
}
