// wt300-sim: the simulated WT332 as a process, for the vendor-independent parts of a lab set-up
// and for tests. SCPI over TCP (LF-terminated, like a LAN gateway) or over a pseudo-terminal
// (CR+LF, like the meter's RS-232 port). Binds the loopback address unless told otherwise.

#include <cipherwatt/instruments/simulator.h>
#include <cipherwatt/instruments/wt300.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHostAddress>
#include <QSocketNotifier>
#include <QTcpServer>
#include <QTcpSocket>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <list>
#include <memory>
#include <termios.h>
#include <thread>
#include <unistd.h>

using namespace cipherwatt::instruments;

namespace {

std::atomic<bool> g_stopping{false};
int g_signalPipe[2] = {-1, -1};

void onSignal(int)
{
    g_stopping = true;
    const char c = 1;
    (void)!::write(g_signalPipe[1], &c, 1);
}

// Splits a byte stream into program messages (LF-terminated, a CR before it dropped) and runs
// them; `reply` sends a response with the link's terminator. Returns false when the simulator
// drops the link.
class LineServer
{
public:
    explicit LineServer(Wt300Simulator &sim)
        : m_sim(sim)
    {}

    template<typename Reply>
    bool feed(const QByteArray &bytes, Reply &&reply)
    {
        m_buffer += bytes;
        qsizetype lf = 0;
        while ((lf = m_buffer.indexOf('\n')) >= 0) {
            QByteArray line = m_buffer.left(lf);
            m_buffer.remove(0, lf + 1);
            if (line.endsWith('\r'))
                line.chop(1);
            const Wt300Simulator::Outcome outcome = m_sim.execute(line, &g_stopping);
            if (outcome.dropped)
                return false;
            if (outcome.hasResponse)
                reply(outcome.response);
        }
        return true;
    }

    void clear() { m_buffer.clear(); }

private:
    Wt300Simulator &m_sim;
    QByteArray m_buffer;
};

void serveSocket(Wt300Simulator &sim, qintptr descriptor)
{
    QTcpSocket socket;
    if (!socket.setSocketDescriptor(descriptor))
        return;
    socket.setSocketOption(QAbstractSocket::LowDelayOption, 1);
    LineServer server(sim);
    while (!g_stopping && socket.state() == QAbstractSocket::ConnectedState) {
        if (!socket.waitForReadyRead(50) && socket.state() != QAbstractSocket::ConnectedState)
            break;
        const bool keep = server.feed(socket.readAll(), [&](const QByteArray &response) {
            socket.write(response + '\n');
            socket.waitForBytesWritten(1000);
        });
        if (!keep) {
            socket.abort(); // the "drop" fault: the meter goes away without a goodbye
            return;
        }
    }
    socket.disconnectFromHost();
}

class Server : public QTcpServer
{
public:
    explicit Server(Wt300Simulator &sim)
        : m_sim(sim)
    {}
    ~Server() override
    {
        g_stopping = true;
        for (std::thread &t : m_threads)
            t.join();
    }

protected:
    void incomingConnection(qintptr descriptor) override
    {
        if (!m_sim.acceptsConnection()) {
            // Switched off, or not back yet after a dropfor fault: the connection ends at once.
            QTcpSocket refused;
            if (refused.setSocketDescriptor(descriptor))
                refused.abort();
            return;
        }
        m_threads.emplace_back([this, descriptor] { serveSocket(m_sim, descriptor); });
    }

private:
    Wt300Simulator &m_sim;
    std::list<std::thread> m_threads;
};

// A pseudo-terminal whose other end a serial-port program opens. The slave is kept open here
// (in raw mode) so that clients may come and go without the master seeing a hang-up.
int servePty(Wt300Simulator &sim)
{
    const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) {
        std::fprintf(stderr, "wt300-sim: cannot create a pseudo-terminal\n");
        return 2;
    }
    const char *name = ::ptsname(master);
    const int slave = ::open(name, O_RDWR | O_NOCTTY);
    termios raw{};
    if (slave < 0 || ::tcgetattr(slave, &raw) != 0) {
        std::fprintf(stderr, "wt300-sim: cannot open %s\n", name);
        return 2;
    }
    ::cfmakeraw(&raw);
    ::tcsetattr(slave, TCSANOW, &raw);
    std::printf("wt300-sim: serial port %s (simulated %s)\n", name,
                qPrintable(sim.profile().model));
    std::fflush(stdout);
    LineServer server(sim);
    char buffer[512];
    while (!g_stopping) {
        fd_set in;
        FD_ZERO(&in);
        FD_SET(master, &in);
        FD_SET(g_signalPipe[0], &in);
        if (::select(std::max(master, g_signalPipe[0]) + 1, &in, nullptr, nullptr, nullptr) < 0)
            continue;
        if (!FD_ISSET(master, &in))
            continue;
        const ssize_t n = ::read(master, buffer, sizeof buffer);
        if (n <= 0)
            continue;
        if (!sim.acceptsConnection())
            continue; // a dropfor fault: what arrives meanwhile is lost, nothing is answered
        const bool keep = server.feed(QByteArray(buffer, n), [&](const QByteArray &response) {
            const QByteArray line = response + "\r\n";
            (void)!::write(master, line.constData(), static_cast<size_t>(line.size()));
        });
        if (!keep && sim.gone())
            break;
        if (!keep)
            server.clear();
    }
    ::close(slave);
    ::close(master);
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("wt300-sim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CIPHERWATT_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("A simulated Yokogawa WT332 power meter speaking SCPI. Everything it "
                       "produces is marked "
                       "as simulated (its *IDN? firmware field says \"%1\").")
            .arg(QLatin1String(kSimulatorFirmwareTag)));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption listen(
        QStringLiteral("listen"),
        QStringLiteral("Serve SCPI over TCP on [<address>:]<port> (default address 127.0.0.1; "
                       "port 0 picks a free one)."),
        QStringLiteral("address:port"));
    const QCommandLineOption pty(QStringLiteral("pty"),
                                 QStringLiteral("Serve SCPI on a new pseudo-terminal (serial)."));
    const QCommandLineOption profile(QStringLiteral("profile"),
                                     QStringLiteral("Power model and identity (see simulator.h)."),
                                     QStringLiteral("file"));
    const QCommandLineOption fault(
        QStringLiteral("fault"),
        QStringLiteral("Inject a fault (repeatable): drop@S, dropfor@S:SECONDS, stall@S:SECONDS, "
                       "nodata@S:UPDATES, overrange@S:UPDATES, repeat@S:WAITS, error@S:CODE, "
                       "implausible@S:UPDATES[:WATTS], garbage@S:REPLIES[:truncated|text|huge|"
                       "mixed] (S = seconds after start; see the simulator's README)."),
        QStringLiteral("spec"));
    parser.addOptions({listen, pty, profile, fault});
    parser.process(app);

    const auto usage = [](const QString &message) {
        std::fprintf(stderr, "wt300-sim: %s\n", qPrintable(message));
        return 1;
    };
    if (parser.isSet(listen) == parser.isSet(pty))
        return usage(QStringLiteral("give exactly one of --listen and --pty"));

    SimProfile simProfile;
    if (parser.isSet(profile)) {
        auto loaded = SimProfile::fromFile(parser.value(profile));
        if (!loaded)
            return usage(loaded.error().message.english());
        simProfile = *loaded;
    }
    // The standalone simulator powers the workers of whoever started it (a shell, a test),
    // which are its siblings rather than its children.
    simProfile.loadRoot = static_cast<qint64>(::getppid());
    std::vector<SimFault> faults;
    for (const QString &spec : parser.values(fault)) {
        auto f = SimFault::parse(spec);
        if (!f)
            return usage(f.error().message.english());
        faults.push_back(*f);
    }

    if (::pipe(g_signalPipe) != 0)
        return 2;
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    std::signal(SIGPIPE, SIG_IGN);

    Wt300Simulator sim(simProfile);
    for (const SimFault &f : faults)
        sim.schedule(f);

    if (parser.isSet(pty))
        return servePty(sim);

    QString host = QStringLiteral("127.0.0.1");
    QString portText = parser.value(listen);
    if (const qsizetype colon = portText.lastIndexOf(QLatin1Char(':')); colon >= 0) {
        host = portText.left(colon);
        portText = portText.mid(colon + 1);
    }
    bool ok = false;
    const uint port = portText.toUInt(&ok);
    QHostAddress address;
    if (!ok || port > 65535 || !address.setAddress(host))
        return usage(
            QStringLiteral("--listen: \"%1\" is not [<address>:]<port>").arg(parser.value(listen)));
    Server server(sim);
    if (!server.listen(address, static_cast<quint16>(port))) {
        std::fprintf(stderr, "wt300-sim: cannot listen on %s:%u: %s\n", qPrintable(host), port,
                     qPrintable(server.errorString()));
        return 2;
    }
    std::printf("wt300-sim: listening on %s:%u (simulated %s)\n",
                qPrintable(server.serverAddress().toString()), server.serverPort(),
                qPrintable(sim.profile().model));
    std::fflush(stdout);
    QSocketNotifier stopper(g_signalPipe[0], QSocketNotifier::Read);
    QObject::connect(&stopper, &QSocketNotifier::activated, &app, &QCoreApplication::quit);
    return app.exec();
}
