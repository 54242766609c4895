// cipherwatt-cli: the command-line twin of the CipherWatt window (DESIGN.md, "cipherwatt-cli").

#include "commands.h"
#include "options.h"

#include <cipherwatt/core/dut_kinds.h>
#include <cipherwatt/instruments/resource.h>

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QLoggingCategory>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

namespace {

// One option of the help: its name in 24 columns, its text wrapped at 98.
QString option(const QString &name, const QString &help)
{
    QString out = QStringLiteral("  ") + name;
    QString line = out.size() < 26 ? out.leftJustified(26)
                                   : out + QStringLiteral("\n") + QString(26, QLatin1Char(' '));
    out.clear();
    for (const QString &word : help.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (line.size() + word.size() + 1 > 98 && line.trimmed().size() > 0 && line.size() > 26) {
            out += line.trimmed().isEmpty() ? QString() : line + QLatin1Char('\n');
            line = QString(26, QLatin1Char(' '));
        }
        line += (line.size() > 26 && !line.endsWith(QLatin1Char(' ')) ? QStringLiteral(" ")
                                                                      : QString()) +
                word;
    }
    return out + line + QLatin1Char('\n');
}

// The help: fixed text, and what the resource declarations say (the meter's transports, the
// DUT's kinds and their options), so a new transport or kind appears here by itself.
QString usage()
{
    using namespace cipherwatt;
    QString text = QStringLiteral(R"(usage: cipherwatt-cli <command> [options]

commands:
  run --label <text> --plan <spec> [--meter <res>] [--dut <res>] [--db <path>] [options]
                                measure a session (see below)
  sessions [--db <path>] [--bench <label>] [--operator <name>] [--json]
                                the stored sessions (of one bench, one operator)
  show <id> [--db <path>] [--json | --design] [--cycles-model <V>,<I>[,<f>]]
                                one session: set-up, baseline, results, flags; --design: its
                                design as a file for run --design; --cycles-model: the fourth
                                paper's estimate beside it (not stored)
  export <id>... [--db <path>] [--pdf <file>] [--csv <file>] [--samples <file>]
         [--readings <file>] [--cycles-model <V>,<I>[,<f>]]
                                a PDF report per session; the runs (--csv), every meter
                                update (--samples) and every reading of the DUT's power
                                sources (--readings) as CSV
  compare <id> <id>... [--db <path>] [--pdf <file>] [--csv <file>]
                                later sessions against the first: differences
                                and ratios with 95 % intervals; PDF and CSV
  copy --from <db> --to <db> [<id>...]
                                sessions (all, or those given) from one database into
                                another, e.g. a bench's file into the lab's PostgreSQL
                                database; a session already there is not copied again
  sync --db <uri>               send what this machine's journal of a lab database holds
                                that the database lacks (a session measured while the
                                database did not answer)
  meter probe <resource>        identity, configuration and a few samples of a meter
  meter log <resource> --seconds <s> --csv <file>
                                log every update of a meter into a CSV file; both also
                                read a power source on the DUT (rapl:<zone>,
                                battery[:<name>], hwmon:<sensor>/<label>) with --dut <res>
  --version                     print the version
  --help                        this text; `cipherwatt-cli meter --help` for meter options

)");
    text += QStringLiteral("run options:\n");
    text += option(
        QStringLiteral("--meter <res>"),
        QStringLiteral("%1; or a power source on the DUT as the meter: rapl:<zone>, "
                       "battery[:<name>], hwmon:<sensor>/<label> (no accuracy specified: "
                       "statistical intervals only). Default: auto, the first WT300 on USB, "
                       "else the DUT's RAPL psys or single package zone or its only battery "
                       "when readable now and discharging, else the simulator")
            .arg(instruments::syntaxList(instruments::meterResourceKinds(), QStringLiteral(", "))));
    text +=
        option(QStringLiteral("--dut <res>"),
               QStringLiteral("%1 (default: local)")
                   .arg(instruments::syntaxList(core::dutResourceKinds(), QStringLiteral(", "))));
    text += QStringLiteral(
        R"(  --element <n>           the meter element that powers the DUT (default 1)
  --mode rms|vmean|dc     the meter's measurement mode (default rms)
  --voltage-range <V>|auto  --current-range <A>|auto
                          fixed ranges (default: as the meter is set); a session on
                          auto-range is refused unless --allow-auto-range (every result is
                          then flagged: not for publication)
  --ranges auto-fix       the range advisor picks the smallest ranges that hold the pilot
                          runs' peaks with headroom and fixes them before the baseline
  --plan <spec>           e.g. aes-128-xts/openssl:encrypt+decrypt,lea-128-xts/custom,chacha20;
                          an external program: cmd:<label>[:<bytes>]=<program> [args]
                          (no shell; bytes also from its line 'cipherwatt-bytes: <n>')
  --design <file>         the experiment's design from a file, one option per line ("plan
                          <spec>", "buffer 5,20", "vary isa=portable,neon", "repeats 3",
                          "order random:42", "pad zeros", run length and idle windows; '#'
                          starts a comment line); options given here win over the file's
  --plan-preset first-paper|second-paper|third-paper|fourth-paper
                          first-paper: ChaCha20, AES-128/256-XTS, Adiantum, CHAM and LEA XTS,
                          encrypt and decrypt, 4096 B, at portable and neon (a Pi); second-paper:
                          AES, Blowfish, RC4, RC6, XXTEA (encrypt, decrypt), X25519 (keygen,
                          agree), 100/500/1500 kB, 5 repeats; third-paper: AES-128-ECB (padded
                          with zeros), AES-128-CCM-8 and -16, 5/20/50/100 B, 3 repeats;
                          fourth-paper: AES, DES, 3DES, RC2, Blowfish, RC6 (CBC), 28 kB to
                          7.1 MB, with --vary payload=file:... for the data types; --plan,
                          --buffer, --repeats, --pad and --vary given as well win
  --command-timeout <s>   an external program is killed after this long (default 3600)
  --watchdog <s>          a worker silent this long during a run is declared lost: the session
                          ends interrupted, the governor is put back (default 10; other
                          commands get six times as long)
  --buffer <bytes>[,...]  buffer sizes (default 4096; repeatable)
  --iterations <n> | --seconds <s>
                          run length (default: automatic, at least --min-updates updates)
  --min-updates <n>       meter updates a run must span (default 100 = 10 s)
  --repeats <n>           repeats of every run (default 1)
  --order <order>         the order of the runs: interleaved (every run, then every run again;
                          the default), sequential (each run's repeats back to back), random or
                          random:<seed> (shuffled within each pass, from a seed that is stored)
  --vary isa=<level>,...  an experiment's factor: every cipher run at each instruction-set
                          level (portable, sse2, avx2, avx512, neon) in one session, each
                          compared with the first (custom and botan backends; openssl keeps
                          the worker's --isa level)
  --vary freq=<f>,... | freq=<low>..<high>/<count>
                          an experiment's factor: every run with the CPUs pinned at each
                          frequency (600MHz, 1.5GHz; from the DUT's table where it has one:
                          cipherwatt-bench governor show), read back, after an idle window at
                          it; a level the DUT refuses is recorded and its runs skipped
  --vary governor=<g>,... an experiment's factor: every run under each CPU governor
                          (performance, powersave, userspace, ondemand, conservative,
                          schedutil), pinned and read back like a frequency, after an idle
                          window under it; each compared with the first; not with freq=
  --vary chunking=message,stream
                          an experiment's factor: every buffer a message of its own, or one
                          long stream a buffer at a time (stream ciphers and CTR only; other
                          ciphers run as messages alone); each compared with the first
  --vary payload=<p>,...  an experiment's factor: what every cipher run encrypts, each compared
                          with the first: random, zeros, file:<absolute path on the DUT> (its
                          first buffer's worth; text, audio, video, images)
  --source <res>          a power source on the DUT read beside the meter (repeatable):
                          rapl:<zone>, battery[:<name>], hwmon:<sensor>/<label>; every run
                          gets its net power and energy per byte from it and the ratio to the
                          meter's, with 95 % intervals (statistical only: these sensors'
                          makers do not specify their accuracy)
  --cycles-model <V>,<I>[,<f>]
                          the fourth paper's cycles model beside each measured energy per
                          byte: E = cycles / f × I × V, e.g. 1.35V,200mA,700MHz (V: the CPU's
                          supply; I: its current per cycle; f: the clock, by default the run's
                          own); an estimate, never mixed with the measurement: its ratio to it
                          is shown (also on show and export)
  --pad zeros|none        ECB and CBC buffers that are not whole blocks padded with zeros (the
                          third paper's 5-byte payloads); energy per byte stays per payload byte
  --baseline <s> | --paper-method
                          idle baseline (default 60 s; the paper's method: 600 s)
  --settle <s>            pause before every run; --post-baseline <s>: idle again at the end
  --settle-as-idle        the settle pauses are idle windows too (a DUT that is idle again at
                          once after a run)
  --idle-between <s>      an idle window before every run but the first: each run's idle level
                          is interpolated between the windows around it (a warming DUT)
  --uncertainty correlated|conservative
                          the meter's accuracy in run - idle: correlated (default: same fixed
                          range, the range offset cancels) or conservative (each window's
                          whole limit, independently); docs/method.md
  --wait-for-quiet[=<s>]  before the baseline, wait until other activity on the DUT stays
                          below 5 % of one core for 3 s, at most <s> (default 60); measured
                          anyway (and flagged) if it never does
  --wait-for-stable[=<s>] then wait until the idle power is stable: its trend over the last
                          baseline-length window within the drift threshold (1 %) of its
                          mean, at most <s> (default 600); measured anyway (and flagged) if not
  --governor performance|none  [--fix-frequency] [--no-turbo]
  --cpu <n>|none          the CPU the runs are pinned to (default 0)
  --label <text> [--tag <t>]... [--operator <name>] [--notes <text>] [--json]
  --bench <label>         the bench this session was measured on (default: the host name)
  --db <path>|<uri>       a SQLite file (default ~/.local/share/cipherwatt/sessions.sqlite) or
                          a shared database, postgresql://<user>@<host>[:<port>]/<database>
                          [?sslmode=<mode>&connect_timeout=<s>&service=<name>]; the password
                          comes from ~/.pgpass, the service file or PGPASSWORD, never the URI
  --worker <path>         the local cipherwatt-bench (default: beside this program, or PATH)
  --plugin <file.so>      load a cipher plugin into the local worker (repeatable); its
                          ciphers are on the backend plugin:<name>
  --isa <level>           cap the worker's ciphers at auto, portable, sse2, avx2, avx512, neon
)");
    for (const core::DutKind &kind : core::dutKinds()) {
        bool any = false;
        for (const instruments::ResourceField &f : kind.resource.fields)
            any = any || f.option;
        if (!any)
            continue;
        text += QStringLiteral("\n%1 DUTs (%2):\n")
                    .arg(QString::fromLatin1(kind.resource.syntax).section(QLatin1Char('<'), 0, 0),
                         instruments::Message(kind.resource.title).english());
        for (const instruments::ResourceField &f : kind.resource.fields) {
            if (!f.option)
                continue;
            QString flag = QLatin1String(f.cliFlag);
            if (f.type == instruments::ResourceField::Type::File)
                flag += QStringLiteral(" <file>");
            else if (f.type != instruments::ResourceField::Type::Flag)
                flag += QStringLiteral(" <path>");
            text += option(flag, instruments::Message(f.help).english());
        }
        if (QLatin1String(kind.resource.prefix) == QLatin1String("ssh"))
            text += option(QStringLiteral("--accept-new-host-key"),
                           QStringLiteral("accept an unknown host key and record it in "
                                          "~/.local/share/cipherwatt/known_hosts (never a changed "
                                          "one); without it an unknown key is asked about on a "
                                          "terminal, else refused"));
    }
    text += QStringLiteral(
        "\nexit codes: 0 success, 1 usage error, 2 failure (one line on stderr says why)\n");
    return text;
}

} // namespace

namespace cipherwatt::cli {

void printError(const QString &message)
{
    std::fprintf(stderr, "cipherwatt-cli: %s\n", qPrintable(message));
}

void printNote(const QString &message)
{
    std::fprintf(stderr, "cipherwatt-cli: %s\n", qPrintable(message));
}

} // namespace cipherwatt::cli

int main(int argc, char *argv[])
{
    using namespace cipherwatt::cli;
    // Reports draw charts with widgets (off-screen): those commands need a QApplication, and
    // without a display the offscreen platform.
    const bool reports =
        argc > 1 && (std::strcmp(argv[1], "export") == 0 || std::strcmp(argv[1], "compare") == 0);
    if (reports && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
        qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Without a login session there is no runtime directory; Qt would make one and complain.
    if (reports && qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        const QByteArray dir = QDir::tempPath().toLocal8Bit() + "/cipherwatt-runtime-" +
                               QByteArray::number(::getuid());
        if (::mkdir(dir.constData(), 0700) == 0 || errno == EEXIST)
            qputenv("XDG_RUNTIME_DIR", dir);
    }
    std::unique_ptr<QCoreApplication> application;
    if (reports)
        application = std::make_unique<QApplication>(argc, argv);
    else
        application = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("cipherwatt-cli"));
    QCoreApplication::setOrganizationName(QStringLiteral("CipherWatt"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CIPHERWATT_VERSION));

    // Each command says what went wrong in one line of its own; the libraries' log lines (the
    // categories cipherwatt.*) would repeat it in Qt's format. QT_LOGGING_RULES brings them
    // back for a diagnosis.
    QLoggingCategory::setFilterRules(
        QStringLiteral("cipherwatt.*.warning=false\ncipherwatt.*.info=false"));

    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty()) {
        std::fputs(qPrintable(usage()), stderr);
        return ExitUsage;
    }
    const QString command = args.takeFirst();
    try {
        if (command == QLatin1String("--version")) {
            std::printf("cipherwatt-cli %s\n", CIPHERWATT_VERSION);
            return ExitOk;
        }
        if (command == QLatin1String("--help") || command == QLatin1String("help")) {
            std::fputs(qPrintable(usage()), stdout);
            return ExitOk;
        }
        // `run --help`, `export --help`, ...: the help, as for --help.
        if (command != QLatin1String("meter") && args.contains(QStringLiteral("--help"))) {
            std::fputs(qPrintable(usage()), stdout);
            return ExitOk;
        }
        if (command == QLatin1String("meter"))
            return meterCommand(args);
        if (command == QLatin1String("run") || command == QLatin1String("sessions") ||
            command == QLatin1String("show"))
            return sessionCommand(command, args);
        if (command == QLatin1String("copy"))
            return copyCommand(args);
        if (command == QLatin1String("sync"))
            return syncCommand(args);
        if (reports)
            return exportCommand(command, args);
        throw UsageError(
            QStringLiteral("unknown command '%1' (see cipherwatt-cli --help)").arg(command));
    } catch (const UsageError &e) {
        printError(QString::fromStdString(e.what()));
        return ExitUsage;
    }
}
