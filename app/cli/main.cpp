// cipherwatt-cli: the command-line twin of the CipherWatt window (DESIGN.md, "cipherwatt-cli").

#include "commands.h"
#include "options.h"

#include <QCoreApplication>

#include <cstdio>

namespace {

constexpr const char *kUsage = R"(usage: cipherwatt-cli <command> [options]

commands:
  run --label <text> --plan <spec> [--meter <res>] [--dut <res>] [--db <path>] [options]
                                measure a session (see below)
  sessions [--db <path>] [--json]
                                the stored sessions
  show <id> [--db <path>] [--json]
                                one session: set-up, baseline, results, flags
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
  --plan <spec>           e.g. aes-128-xts/openssl:encrypt+decrypt,lea-128-xts/custom,chacha20
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
    QCoreApplication app(argc, argv);
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
        throw UsageError(
            QStringLiteral("unknown command '%1' (see cipherwatt-cli --help)").arg(command));
    } catch (const UsageError &e) {
        printError(QString::fromStdString(e.what()));
        return ExitUsage;
    }
}
