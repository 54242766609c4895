// Plan specs (DESIGN.md: `<cipher id>[/<backend>][:<op>[+<op>]...]`, comma separated) resolved
// against a DUT's catalogue, and their expansion into runs.

#include <cipherwatt/core/plan.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <catch2/catch.hpp>

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
    QProcess worker;
    worker.start(QStringLiteral(CIPHERWATT_BENCH_EXE),
                 {QStringLiteral("list"), QStringLiteral("--json")});
    REQUIRE(worker.waitForFinished(30000));
    const auto real = parseCatalogueJson(worker.readAllStandardOutput());
    REQUIRE(real);
    const auto entries = resolvePlan(QString::fromLatin1(preset->plan), *real);
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
    const auto runs = expandPlan(*entries, *real, preset->bufferSizes, preset->repeats);
    CHECK(runs.size() == static_cast<std::size_t>(5 * (symmetric * 3 + agreement)));
}
