// Benchmark, not a test: 100 ms acquisition from wt300-sim over TCP for a while (default ten
// minutes), then the figures: updates expected and received, missed, duplicated, host-timestamp
// jitter of the update period (p50, p99, max), and the CPU the acquisition thread used.
//
// usage: bench_acquisition [--seconds S] [--sim PATH]   (record the output in docs/benchmarks.md)

#include <cipherwatt/instruments/acquisition.h>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

using namespace cipherwatt::instruments;

namespace {

// CPU seconds of the thread whose name starts with `name` (Linux: /proc/self/task/*/stat).
double threadCpuSeconds(const QByteArray &name)
{
    const long ticks = sysconf(_SC_CLK_TCK);
    for (const QString &tid :
         QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile comm(QStringLiteral("/proc/self/task/%1/comm").arg(tid));
        if (!comm.open(QIODevice::ReadOnly) || !name.startsWith(comm.readAll().trimmed()))
            continue;
        QFile stat(QStringLiteral("/proc/self/task/%1/stat").arg(tid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray text = stat.readAll();
        const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
        // After "pid (comm) ": state is field 0, utime 11, stime 12.
        return static_cast<double>(fields.value(11).toLongLong() + fields.value(12).toLongLong()) /
               static_cast<double>(ticks);
    }
    return std::nan("");
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return std::nan("");
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(std::ceil(p * static_cast<double>(v.size()))) - 1;
    return v[std::min(i, v.size() - 1)];
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    double seconds = 600;
    QString sim =
        QCoreApplication::applicationDirPath() + QStringLiteral("/../instruments/wt300-sim");
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i + 1 < args.size(); i += 2) {
        if (args[i] == QLatin1String("--seconds"))
            seconds = args[i + 1].toDouble();
        else if (args[i] == QLatin1String("--sim"))
            sim = args[i + 1];
    }

    QProcess simulator;
    simulator.start(sim, {QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
    if (!simulator.waitForReadyRead(10000)) {
        std::fprintf(stderr, "bench_acquisition: %s did not start\n", qPrintable(sim));
        return 2;
    }
    const QByteArray line = simulator.readLine();
    const QByteArray address = line.mid(line.indexOf("on ") + 3).split(' ').value(0);

    MeterAcquisition acquisition;
    std::vector<Sample> samples;
    samples.reserve(static_cast<std::size_t>(seconds * 10 + 100));
    QElapsedTimer wall;
    double cpuStart = 0;
    QObject::connect(&acquisition, &MeterAcquisition::opened, [&] {
        MeterConfig c;
        c.elements = {1};
        c.functions = {Function::U, Function::I, Function::P, Function::S, Function::Lambda};
        acquisition.configure(c);
    });
    QObject::connect(&acquisition, &MeterAcquisition::configured, [&] {
        cpuStart = threadCpuSeconds("meter acquisition");
        wall.start();
        acquisition.start();
        QTimer::singleShot(static_cast<int>(seconds * 1000), [&] { acquisition.stop(); });
    });
    QObject::connect(&acquisition, &MeterAcquisition::sampleReady,
                     [&](const Sample &s) { samples.push_back(s); });
    QObject::connect(&acquisition, &MeterAcquisition::failed, [&](const Error &e) {
        std::fprintf(stderr, "bench_acquisition: %s\n", qPrintable(e.toString()));
        QCoreApplication::exit(2);
    });
    double cpuUsed = 0;
    double elapsed = 0;
    QObject::connect(&acquisition, &MeterAcquisition::streamStopped, [&] {
        elapsed = static_cast<double>(wall.nsecsElapsed()) / 1e9;
        cpuUsed = threadCpuSeconds("meter acquisition") - cpuStart;
        QCoreApplication::exit(0);
    });
    acquisition.open(QStringLiteral("tcp:") + QString::fromLatin1(address));
    const int rc = QCoreApplication::exec();
    simulator.terminate();
    simulator.waitForFinished();
    if (rc != 0)
        return rc;

    std::uint64_t missed = 0;
    int duplicates = 0;
    std::vector<double> jitter;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const Sample &s = samples[i];
        missed += s.missedBefore;
        if ((s.flags & SampleFlag::Duplicate) != 0)
            ++duplicates;
        if (i > 0)
            jitter.push_back(std::fabs(static_cast<double>(s.hostNs - samples[i - 1].hostNs) / 1e6 -
                                       static_cast<double>(s.intervalMs)));
    }
    const double expected = std::floor(elapsed / 0.1);
    std::printf("acquisition from wt300-sim over TCP, 100 ms updates, %.0f s\n", elapsed);
    std::printf("  updates expected  %.0f\n", expected);
    std::printf("  updates received  %zu\n", samples.size());
    std::printf("  missed            %llu\n", static_cast<unsigned long long>(missed));
    std::printf("  duplicated        %d\n", duplicates);
    std::printf("  period jitter     p50 %.3f ms, p99 %.3f ms, max %.3f ms\n",
                percentile(jitter, 0.5), percentile(jitter, 0.99),
                jitter.empty() ? 0.0 : *std::max_element(jitter.begin(), jitter.end()));
    std::printf("  acquisition thread CPU  %.3f s = %.3f %% of a core\n", cpuUsed,
                100.0 * cpuUsed / elapsed);
    return 0;
}
