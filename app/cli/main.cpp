// cipherwatt-cli: the command-line twin of the CipherWatt window (DESIGN.md, "cipherwatt-cli").

#include "commands.h"
#include "options.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

namespace {

constexpr const char *kUsage = R"(usage: cipherwatt-cli <command> [options]

commands:
  run --label <text> --plan <spec> [--meter <res>] [--dut <res>] [--db <path>] [options]
                                measure a session (see below)
  sessions [--db <path>] [--json]
                                the stored sessions
  show <id> [--db <path>] [--json]
                                one session: set-up, baseline, results, flags
  export <id>... [--db <path>] [--pdf <file>] [--csv <file>] [--samples <file>]
                                a PDF report per session; the runs (--csv) and every meter
                                update (--samples) as CSV
  compare <id> <id>... [--db <path>] --pdf <file> [--csv <file>]
                                sessions side by side, as PDF and CSV
  meter probe <resource>        identity, configuration and a few samples of a meter
  meter log <resource> --seconds <s> --csv <file>
                                log every update of a meter into a CSV file
  --version                     print the version
  --help                        this text; `cipherwatt-cli meter --help` for meter options

run options:
  --meter <res>           auto (default), sim, sim:<profile>, usbtmc[:<serial>|:<bus>.<addr>],
                          tcp:<host>:<port>, serial:<device>[:<baud>]
  --dut <res>             local (default) or ssh://<user>@<host>[:<port>]
  --element <n>           the meter element that powers the DUT (default 1)
  --plan <spec>           e.g. aes-128-xts/openssl:encrypt+decrypt,lea-128-xts/custom,chacha20;
                          an external program: cmd:<label>[:<bytes>]=<program> [args]
                          (no shell; bytes also from its line 'cipherwatt-bytes: <n>')
  --command-timeout <s>   an external program is killed after this long (default 3600)
  --buffer <bytes>[,...]  buffer sizes (default 4096; repeatable)
  --iterations <n> | --seconds <s>
                          run length (default: automatic, at least --min-updates updates)
  --min-updates <n>       meter updates a run must span (default 100 = 10 s)
  --repeats <n>           repeats of every run (default 1)
  --baseline <s> | --paper-method
                          idle baseline (default 60 s; the paper's method: 600 s)
  --settle <s>            pause before every run; --post-baseline <s>: idle again at the end
  --governor performance|none  [--fix-frequency] [--no-turbo]
  --cpu <n>|none          the CPU the runs are pinned to (default 0)
  --label <text> [--tag <t>]... [--operator <name>] [--notes <text>] [--json]
  --db <path>             default ~/.local/share/cipherwatt/sessions.sqlite
  --worker <path>         the local cipherwatt-bench (default: beside this program, or PATH)
  --plugin <file.so>      load a cipher plugin into the local worker (repeatable); its
                          ciphers are on the backend plugin:<name>
  --isa <level>           cap the worker's ciphers at auto, portable, sse2, avx2, avx512, neon

ssh:// DUTs (README, "SSH DUTs"):
  --ssh-key <file>        the private key (default: the SSH agent, then ~/.ssh/id_ed25519,
                          id_ecdsa, id_rsa); a passphrase is asked on the terminal
  --ssh-password          also try a password, asked on the terminal (never on the command line)
  --accept-new-host-key   accept an unknown host key and record it in
                          ~/.local/share/cipherwatt/known_hosts (never a changed one); without
                          it an unknown key is asked about on a terminal, else refused
  --remote-worker <path>  the DUT's cipherwatt-bench (default: the one on its PATH)
  --upload-worker <file>  the build to upload when the DUT's is missing or another version
                          (default: the local one, if built for the DUT's architecture)
  --no-upload             never upload a worker

exit codes: 0 success, 1 usage error, 2 failure (one line on stderr says why)
)";

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

    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty()) {
        std::fputs(kUsage, stderr);
        return ExitUsage;
    }
    const QString command = args.takeFirst();
    try {
        if (command == QLatin1String("--version")) {
            std::printf("cipherwatt-cli %s\n", CIPHERWATT_VERSION);
            return ExitOk;
        }
        if (command == QLatin1String("--help") || command == QLatin1String("help")) {
            std::fputs(kUsage, stdout);
            return ExitOk;
        }
        if (command == QLatin1String("meter"))
            return meterCommand(args);
        if (command == QLatin1String("run") || command == QLatin1String("sessions") ||
            command == QLatin1String("show"))
            return sessionCommand(command, args);
        if (reports)
            return exportCommand(command, args);
        throw UsageError(
            QStringLiteral("unknown command '%1' (see cipherwatt-cli --help)").arg(command));
    } catch (const UsageError &e) {
        printError(QString::fromStdString(e.what()));
        return ExitUsage;
    }
}
