// Resource strings by their declarations (DESIGN.md, "Resource strings"): the meter's and the
// DUT's kinds parse the forms the design names, write them back the same, and refuse the rest
// with one line that names the string, what was wrong and the forms that are valid. Expected
// values are the grammar's, written out by hand.

#include <cipherwatt/core/dut_kinds.h>
#include <cipherwatt/core/session.h>
#include <cipherwatt/core/source_meter.h>
#include <cipherwatt/instruments/meter.h>
#include <cipherwatt/instruments/resource.h>

#include <QDir>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

using namespace cipherwatt;
using instruments::ResourceValues;

namespace {

constexpr instruments::MessageTemplate kBad{"test.bad", "test", "resource \"%1\": %2 (use %3)"};

ResourceValues meter(const char *text, const char *prefix)
{
    auto parsed = instruments::parseResource(instruments::meterResourceKinds(),
                                             QString::fromUtf8(text), kBad);
    REQUIRE(parsed.ok());
    CHECK(QLatin1String(parsed->kind->prefix) == QLatin1String(prefix));
    // Written back, it reads the same.
    const QString again = instruments::formatResource(*parsed->kind, parsed->values);
    auto reparsed = instruments::parseResource(instruments::meterResourceKinds(), again, kBad);
    REQUIRE(reparsed.ok());
    CHECK(reparsed->values == parsed->values);
    return parsed->values;
}

QString meterError(const char *text)
{
    auto parsed = instruments::parseResource(instruments::meterResourceKinds(),
                                             QString::fromUtf8(text), kBad);
    REQUIRE_FALSE(parsed.ok());
    const QString line = parsed.error().message.english();
    CHECK_FALSE(line.contains(QLatin1Char('\n')));
    CHECK(line.startsWith(QStringLiteral("resource \"%1\": ").arg(QString::fromUtf8(text))));
    // Every valid form is named.
    CHECK(line.contains(QStringLiteral("tcp:<host>:<port>")));
    CHECK(line.contains(QStringLiteral("serial:<device>")));
    return line;
}

QString dutError(const char *text)
{
    auto parsed = core::parseDut(QString::fromUtf8(text));
    REQUIRE_FALSE(parsed.ok());
    const QString line = parsed.error().message.english();
    CHECK_FALSE(line.contains(QLatin1Char('\n')));
    CHECK(line.startsWith(QStringLiteral("DUT \"%1\": ").arg(QString::fromUtf8(text))));
    CHECK(line.contains(QStringLiteral("ssh://<user>@<host>[:<port>]")));
    return line;
}

} // namespace

TEST_CASE("resources: the meter's forms parse into their fields, defaults filled in", "[resources]")
{
    CHECK(meter("auto", "auto").isEmpty());
    CHECK(meter("sim", "sim").value(QStringLiteral("profile")).isEmpty());
    CHECK(meter("sim:/lab/profiles/step.profile", "sim").value(QStringLiteral("profile")) ==
          QStringLiteral("/lab/profiles/step.profile"));
    const ResourceValues tcp = meter("tcp:192.168.1.50:5025", "tcp");
    CHECK(tcp.value(QStringLiteral("host")) == QStringLiteral("192.168.1.50"));
    CHECK(tcp.value(QStringLiteral("port")) == QStringLiteral("5025"));
    CHECK(meter("tcp:wt332.lab.example:10001", "tcp").value(QStringLiteral("host")) ==
          QStringLiteral("wt332.lab.example"));
    // An IPv6 address in brackets; its colons are not the port's.
    const ResourceValues v6 = meter("tcp:[fe80::1]:5025", "tcp");
    CHECK(v6.value(QStringLiteral("host")) == QStringLiteral("fe80::1"));
    CHECK(v6.value(QStringLiteral("port")) == QStringLiteral("5025"));
    // The baud rate may be left out: the meter's factory setting, 9600.
    CHECK(meter("serial:/dev/ttyUSB0", "serial").value(QStringLiteral("baud")) ==
          QStringLiteral("9600"));
    const ResourceValues serial = meter("serial:/dev/ttyUSB0:115200", "serial");
    CHECK(serial.value(QStringLiteral("device")) == QStringLiteral("/dev/ttyUSB0"));
    CHECK(serial.value(QStringLiteral("baud")) == QStringLiteral("115200"));
    CHECK(meter("usbtmc", "usbtmc").value(QStringLiteral("device")).isEmpty());
    CHECK(meter("usbtmc:91K123456", "usbtmc").value(QStringLiteral("device")) ==
          QStringLiteral("91K123456"));
    CHECK(meter("usbtmc:1.4", "usbtmc").value(QStringLiteral("device")) == QStringLiteral("1.4"));
    // Spaces around the string are not part of it.
    CHECK(meter("  tcp:127.0.0.1:5025 ", "tcp").value(QStringLiteral("port")) ==
          QStringLiteral("5025"));
}

TEST_CASE("resources: a bad meter string is one line naming it, what is wrong and the forms",
          "[resources]")
{
    CHECK(meterError("bogus").contains(QStringLiteral("unknown kind \"bogus\"")));
    CHECK(meterError("tcp:localhost").contains(QStringLiteral("write it as tcp:<host>:<port>")));
    CHECK(meterError("tcp:127.0.0.1:0")
              .contains(QStringLiteral("the port must be a whole number from 1 to 65535")));
    CHECK(meterError("tcp:127.0.0.1:99999").contains(QStringLiteral("from 1 to 65535")));
    CHECK(meterError("tcp:127.0.0.1:50x").contains(QStringLiteral("the port must be")));
    CHECK(meterError("tcp:bad_host!:5025")
              .contains(QStringLiteral("\"bad_host!\" is neither a host name nor an IP address")));
    CHECK(meterError("tcp:a\x01"
                     "b:5025")
              .contains(QStringLiteral("control character")));
    CHECK(meterError("serial:/dev/ttyS0:12").contains(QStringLiteral("the baud must be")));
    CHECK(meterError("sim:").contains(QStringLiteral("nothing after \"sim:\"")));
    CHECK(meterError("auto:usb").contains(QStringLiteral("write it as auto")));
}

TEST_CASE("resources: opening a meter refuses a bad string before touching anything", "[resources]")
{
    auto opened = instruments::openMeter(QStringLiteral("tcp:127.0.0.1"));
    REQUIRE_FALSE(opened.ok());
    CHECK(opened.error().code == instruments::ErrorCode::BadResource);
    CHECK(opened.error().message.english().startsWith(QStringLiteral("meter \"tcp:127.0.0.1\": ")));
}

TEST_CASE("resources: the DUT's forms parse, an SSH port defaults to 22", "[resources]")
{
    auto local = core::parseDut(QStringLiteral("local"));
    REQUIRE(local.ok());
    CHECK(QLatin1String(local->kind->resource.prefix) == QLatin1String("local"));

    auto ssh = core::parseDut(QStringLiteral("ssh://lab@pi4.lab"));
    REQUIRE(ssh.ok());
    CHECK(QLatin1String(ssh->kind->resource.prefix) == QLatin1String("ssh"));
    CHECK(ssh->values.value(QStringLiteral("user")) == QStringLiteral("lab"));
    CHECK(ssh->values.value(QStringLiteral("host")) == QStringLiteral("pi4.lab"));
    CHECK(ssh->values.value(QStringLiteral("port")) == QStringLiteral("22"));
    // Options keep their defaults: uploading is on unless turned off.
    CHECK(ssh->values.value(QStringLiteral("upload")) == QStringLiteral("1"));
    CHECK(ssh->values.value(QStringLiteral("key")).isEmpty());

    auto v6 = core::parseDut(QStringLiteral("ssh://pi_user@[::1]:2222"));
    REQUIRE(v6.ok());
    CHECK(v6->values.value(QStringLiteral("host")) == QStringLiteral("::1"));
    CHECK(v6->values.value(QStringLiteral("port")) == QStringLiteral("2222"));
    CHECK(instruments::formatResource(v6->kind->resource, v6->values) ==
          QStringLiteral("ssh://pi_user@[::1]:2222"));

    // A percent-escape is decoded before the user name is checked: an escaped letter is the
    // letter, an escaped ';' or space is as refused as a plain one.
    auto escaped = core::parseDut(QStringLiteral("ssh://l%61b@pi4"));
    REQUIRE(escaped.ok());
    CHECK(escaped->values.value(QStringLiteral("user")) == QStringLiteral("lab"));
}

TEST_CASE("resources: a bad DUT string is one line naming it, what is wrong and the forms",
          "[resources]")
{
    CHECK(dutError("pi4").contains(QStringLiteral("unknown kind \"pi4\"")));
    CHECK(dutError("ssh://pi4.lab").contains(QStringLiteral("write it as ssh://")));
    CHECK(dutError("ssh://lab:secret@pi4.lab").contains(QStringLiteral("write it as ssh://")));
    CHECK(dutError("ssh://lab@pi4.lab/home").contains(QStringLiteral("write it as ssh://")));
    CHECK(dutError("ssh://lab@pi4.lab:0").contains(QStringLiteral("the port must be")));
    CHECK(dutError("ssh://a%3Bb@pi4").contains(QStringLiteral("the user may hold only")));
    CHECK(dutError("ssh://a%20b@pi4").contains(QStringLiteral("the user may hold only")));
    CHECK(dutError("ssh://-oProxyCommand=x@pi4").contains(QStringLiteral("the user may hold")));
    CHECK(dutError("ssh://lab@pi4;reboot").contains(QStringLiteral("write it as ssh://")));
    CHECK(dutError("local:pi4").contains(QStringLiteral("write it as local")));
}

TEST_CASE("resources: a DUT's options are checked when its link is made", "[resources]")
{
    QTemporaryDir dir;
    const QString key = dir.filePath(QStringLiteral("id_ed25519"));
    QFile file(key);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.close();

    const auto make = [](const ResourceValues &options) {
        return core::makeDutLink(QStringLiteral("ssh://lab@pi4.lab"), options, core::DutContext{});
    };
    CHECK(make({{QStringLiteral("key"), key}}).ok());

    auto missing = make({{QStringLiteral("key"), dir.filePath(QStringLiteral("nope"))}});
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().message.english() ==
          QStringLiteral("key: no such file: %1").arg(dir.filePath(QStringLiteral("nope"))));

    auto contradicts =
        make({{QStringLiteral("upload-worker"), key}, {QStringLiteral("upload"), QString()}});
    REQUIRE_FALSE(contradicts.ok());
    CHECK(contradicts.error().message.english() ==
          QStringLiteral("a worker to upload is given, but uploading is off"));

    // The local DUT takes no options; one of another kind is not its business.
    CHECK(core::makeDutLink(QStringLiteral("local"), {{QStringLiteral("key"), key}},
                            core::DutContext{})
              .ok());
}

TEST_CASE("resources: a power source as the meter, and what `auto` takes among the DUT's "
          "sources",
          "[resources][source-meter]")
{
    using core::DutPowerSource;
    const auto source = [](const char *resource, const char *kind, bool readable = true,
                           const char *problem = "") {
        DutPowerSource s;
        s.resource = QString::fromUtf8(resource);
        s.kind = QString::fromUtf8(kind);
        s.readable = readable;
        s.problem = QString::fromUtf8(problem);
        return s;
    };
    CHECK(core::isPowerSourceResource(QStringLiteral("rapl:package-0")));
    CHECK(core::isPowerSourceResource(QStringLiteral("battery")));
    CHECK(core::isPowerSourceResource(QStringLiteral("battery:BAT1")));
    CHECK(core::isPowerSourceResource(QStringLiteral("hwmon:ina3221/VDD_IN")));
    CHECK_FALSE(core::isPowerSourceResource(QStringLiteral("sim")));
    CHECK_FALSE(core::isPowerSourceResource(QStringLiteral("batteryx")));

    // psys (the platform) before the package, a package before the battery.
    auto choice = core::chooseAutoMeterSource(
        {source("rapl:package-0", "rapl"), source("rapl:package-0/core", "rapl"),
         source("rapl:psys", "rapl"), source("battery:BAT0", "battery")});
    CHECK(choice.resource == QStringLiteral("rapl:psys"));
    choice = core::chooseAutoMeterSource(
        {source("rapl:package-0", "rapl"), source("battery:BAT0", "battery")});
    CHECK(choice.resource == QStringLiteral("rapl:package-0"));
    CHECK(choice.what == QStringLiteral("RAPL energy counter of the CPU package only"));
    // A root-only counter is not read through a helper unasked: the battery instead.
    choice = core::chooseAutoMeterSource(
        {source("rapl:package-0", "rapl", false, "cannot read energy_uj: Permission denied"),
         source("battery:BAT0", "battery")});
    CHECK(choice.resource == QStringLiteral("battery:BAT0"));
    // Two packages are half a machine each; two batteries share the load; a charging battery
    // measures the charger; a hwmon rail is the operator's to name: none of them.
    choice = core::chooseAutoMeterSource(
        {source("rapl:package-0", "rapl"), source("rapl:package-1", "rapl"),
         source("battery:BAT0", "battery", true, "battery BAT0 is Charging"),
         source("hwmon:ina3221/VDD_IN", "hwmon")});
    CHECK(choice.resource.isEmpty());
    CHECK(choice.notChosen ==
          QStringList{QStringLiteral("rapl:package-0: one of 2 CPU packages"),
                      QStringLiteral("rapl:package-1: one of 2 CPU packages"),
                      QStringLiteral("battery:BAT0: battery BAT0 is Charging"),
                      QStringLiteral("hwmon:ina3221/VDD_IN: a rail is chosen by the operator, "
                                     "never by auto")});
    choice = core::chooseAutoMeterSource(
        {source("battery:BAT0", "battery"), source("battery:BAT1", "battery")});
    CHECK(choice.resource.isEmpty());
    CHECK(core::chooseAutoMeterSource({}).resource.isEmpty());

    // The window's form offers the three kinds; their strings are the ones sessions take.
    const auto kinds = core::sourceResourceKinds();
    REQUIRE(kinds.size() == 3);
    for (const char *text :
         {"rapl:package-0/core", "battery", "battery:BAT0", "hwmon:ina3221/VDD_IN"}) {
        auto parsed = instruments::parseResource(kinds, QString::fromUtf8(text), kBad);
        INFO(text);
        REQUIRE(parsed.ok());
        CHECK(instruments::formatResource(*parsed->kind, parsed->values) ==
              QString::fromUtf8(text));
        CHECK_FALSE(core::sourceResourceProblem(QString::fromUtf8(text)));
    }
}
