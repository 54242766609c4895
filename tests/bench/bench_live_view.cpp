// Benchmark, not a test: the live view with a two-hour session on screen while live updates
// come in at the meter's 10 Hz. Targets (the GUI issue): p99 replot ≤ 16 ms, CPU ≤ 5 % of a
// core.
//
// "Three channels" are the three strips the live view draws with "Show U and I" on: the DUT
// element's P, U and I, 72 000 points each for two hours of 100 ms updates (216 000 points in
// all), with the phases of a paper-method session (a 600 s baseline, then 102 runs of 60 s
// with 5 s settles: 205 shaded phases) and a few flagged updates.
//
// Three scenarios, each with updates arriving in real time (a timer, as the runner's queued
// signals would): following the whole session (every point in view: the worst case), the same
// with the plot redrawn at every update (what each redraw costs, without the rule that redraws
// only once the data can have moved a pixel), then the default "last 60 s". Reported per scenario:
// replot time (QCustomPlot's replot, from beforeReplot to afterReplot: layout, adaptive sampling of
// the visible points and drawing into its buffer), the whole refresh tick (the view's timer firing
// to the end of its replot: readouts, labels, taking new points, the replot), the window's repaint,
// the refresh rate, and the process's CPU time over wall time (getrusage).
//
// usage: bench_live_view [--seconds N]   (N seconds per scenario, default 60, 60 and 30)

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/instruments/measurement.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <measure/live_plot.h>
#include <measure/live_view.h>
#include <measure/results_model.h>
#include <random>
#include <sys/resource.h>
#include <vector>

using namespace cipherwatt;
using core::PhaseKind;
using gui::LiveView;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kBaseline = 600.0;
constexpr double kRun = 60.0;
constexpr double kSettle = 5.0;
constexpr double kTwoHours = 7200.0;

// Times every event of interest the application delivers: the view's refresh timer and the
// window's repaints.
class TimedApplication : public QApplication
{
public:
    using QApplication::QApplication;

    QObject *refreshTimer = nullptr;
    QObject *plot = nullptr;
    bool recording = false;
    std::vector<double> ticks;    // ms
    std::vector<double> repaints; // ms

    bool notify(QObject *receiver, QEvent *event) override
    {
        // The refresh timer's tick; the plot's paint event (its buffer onto the window's).
        const bool tick = recording && receiver == refreshTimer && event->type() == QEvent::Timer;
        const bool paint = recording && receiver == plot && event->type() == QEvent::Paint;
        if (!tick && !paint)
            return QApplication::notify(receiver, event);
        QElapsedTimer clock;
        clock.start();
        const bool done = QApplication::notify(receiver, event);
        (tick ? ticks : repaints).push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
        return done;
    }
};

// A session as the runner reports it, one update every 100 ms.
class Feed
{
public:
    explicit Feed(LiveView &view)
        : m_view(view)
    {}

    double t() const { return m_t; }

    void prepare()
    {
        core::SessionSettings settings;
        settings.label = QStringLiteral("Paper method, 34 ciphers x 3 repeats");
        settings.repeats = 3;
        settings.baselineSeconds = kBaseline;
        settings.settleSeconds = kSettle;
        m_view.beginSession(settings);
        core::MeterSetup meter;
        meter.description = QStringLiteral("YOKOGAWA WT332");
        meter.element = 1;
        meter.items = {QStringLiteral("U1 [V]"), QStringLiteral("I1 [A]"),
                       QStringLiteral("P1 [W]"), QStringLiteral("S1 [VA]"),
                       QStringLiteral("PF1"),    QStringLiteral("WH1 [Wh]")};
        core::DutSetup dut;
        dut.description = QStringLiteral("local");
        m_view.onPrepared(meter, dut, 102);
        m_view.onSessionCreated(1);
        m_view.onPhaseChanged(PhaseKind::Baseline,
                              core::Message::plain(QStringLiteral("idle baseline")), 0.0,
                              kBaseline);
    }

    // The next update, with the phase changes and run updates due at its time.
    void step()
    {
        m_t += 0.1;
        phases();
        const bool busy = m_running;
        double watts = (busy ? 12.5 : 4.0) + m_noise(m_rng);
        std::uint32_t flags = 0;
        std::uint32_t missed = 0;
        const auto n = static_cast<long>(std::lround(m_t * 10));
        if (n % 12000 == 5000) { // a missed update every 20 minutes
            flags |= instruments::SampleFlag::Gap;
            missed = 1;
        }
        if (n % 36000 == 20000) // an over-range reading every hour
            flags |= instruments::SampleFlag::OverRange;
        instruments::Sample s;
        s.intervalMs = 100;
        s.flags = flags;
        s.missedBefore = missed;
        const double volts = 230.0 + m_noise(m_rng);
        const double valid = (flags & instruments::SampleFlag::OverRange) != 0 ? kNaN : watts;
        s.values = {volts, watts / volts / 0.92, valid, watts / 0.92, 0.92, watts * m_t / 3600};
        s.states.assign(s.values.size(), instruments::ValueState::Valid);
        if (!std::isfinite(valid))
            s.states[2] = instruments::ValueState::OverRange;
        m_view.onSample(s, m_t, valid);
        if (m_running && n % 5 == 0)
            runUpdate(QStringLiteral("running"));
        if (n % 10 == 0)
            m_view.onProgress(std::min(1.0, m_t / (kTwoHours + 600)),
                              std::max(0.0, kTwoHours + 600 - m_t));
    }

private:
    void phases()
    {
        if (m_t < kBaseline)
            return;
        if (!m_baselineDone) {
            m_baselineDone = true;
            core::BaselineResult b;
            b.stats.mean = 4.0;
            b.stats.count = 5999;
            m_view.onBaseline(b);
            m_next = m_t;
        }
        if (m_t < m_next)
            return;
        if (m_running) {
            runUpdate(QStringLiteral("done"));
            m_running = false;
            m_view.onPhaseChanged(PhaseKind::Settle, core::Message::plain(QStringLiteral("settle")),
                                  m_t, kSettle);
            m_next = m_t + kSettle;
        } else {
            ++m_ordinal;
            m_running = true;
            m_runStart = m_t;
            m_view.onPhaseChanged(PhaseKind::Run, core::Message::plain(QStringLiteral("run")), m_t,
                                  kRun);
            runUpdate(QStringLiteral("running"));
            m_next = m_t + kRun;
        }
    }

    void runUpdate(const QString &status)
    {
        core::RunUpdate u;
        u.runId = m_ordinal;
        u.ordinal = m_ordinal;
        u.total = 102;
        u.cipher =
            QStringLiteral("cipher-%1-xts").arg((m_ordinal - 1) / 3 + 1, 2, 10, QLatin1Char('0'));
        u.backend = QStringLiteral("custom");
        u.operation = QStringLiteral("encrypt");
        u.bufferBytes = 4096;
        u.repeat = (m_ordinal - 1) % 3 + 1;
        u.plannedSeconds = kRun;
        u.elapsedSeconds = m_t - m_runStart;
        u.bytes = static_cast<quint64>(u.elapsedSeconds * 2e8);
        u.status = *core::parseRunStatus(status);
        if (status == QLatin1String("done")) {
            core::RunResult r;
            r.run.count = 590;
            r.netWatts = 8.5;
            r.netLow = 8.49;
            r.netHigh = 8.51;
            r.energyPerByteNj = 42.5;
            r.energyPerByteNjLow = 42.4;
            r.energyPerByteNjHigh = 42.6;
            r.throughputBytesPerSecond = 2e8;
            r.cyclesPerByte = 11.7;
            u.analysis = r;
        }
        m_view.onRunUpdated(u);
    }

    LiveView &m_view;
    double m_t = 0.0;
    bool m_baselineDone = false;
    bool m_running = false;
    double m_next = 0.0;
    double m_runStart = 0.0;
    int m_ordinal = 0;
    std::mt19937 m_rng{20261123};
    std::normal_distribution<double> m_noise{0.0, 0.05};
};

double cpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto seconds = [](const timeval &v) {
        return static_cast<double>(v.tv_sec) + static_cast<double>(v.tv_usec) / 1e6;
    };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double quantile(std::vector<double> v, double q)
{
    if (v.empty())
        return kNaN;
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size()))) - 1;
    return v[std::min(i, v.size() - 1)];
}

struct Figures
{
    std::size_t replots = 0;
    double replotMedian = 0;
    double replotP99 = 0;
    double replotMax = 0;
    double tickMedian = 0;
    double tickP99 = 0;
    std::size_t repaintCount = 0;
    double repaintMedian = 0;
    double repaintP99 = 0;
    double perSecond = 0;
    double cpu = 0;
};

// Updates at 10 Hz for `seconds`, in real time; with `redrawEach`, the plot is redrawn at
// every update (refreshNow) instead of when the view's timer and the pixel rule say.
Figures live(TimedApplication &app, LiveView &view, Feed &feed, double seconds,
             bool redrawEach = false)
{
    std::vector<double> replots;
    QElapsedTimer replotClock;
    const auto before = QObject::connect(view.plot(), &QCustomPlot::beforeReplot, &view,
                                         [&] { replotClock.start(); });
    const auto after = QObject::connect(view.plot(), &QCustomPlot::afterReplot, &view, [&] {
        replots.push_back(static_cast<double>(replotClock.nsecsElapsed()) / 1e6);
    });
    app.ticks.clear();
    app.repaints.clear();
    app.recording = true;
    QTimer meter;
    meter.setTimerType(Qt::PreciseTimer);
    meter.setInterval(100);
    QObject::connect(&meter, &QTimer::timeout, &view, [&] {
        feed.step();
        if (redrawEach)
            view.refreshNow();
    });
    QElapsedTimer wall;
    const double cpuStart = cpuSeconds();
    wall.start();
    meter.start();
    // A loop of its own: QGuiApplication::quit() would close the window.
    QEventLoop loop;
    QTimer::singleShot(static_cast<int>(seconds * 1000), &loop, &QEventLoop::quit);
    loop.exec();
    meter.stop();
    const double elapsed = static_cast<double>(wall.nsecsElapsed()) / 1e9;
    const double cpu = cpuSeconds() - cpuStart;
    app.recording = false;
    QObject::disconnect(before);
    QObject::disconnect(after);
    Figures f;
    f.replots = replots.size();
    f.replotMedian = quantile(replots, 0.5);
    f.replotP99 = quantile(replots, 0.99);
    f.replotMax = quantile(replots, 1.0);
    f.tickMedian = quantile(app.ticks, 0.5);
    f.tickP99 = quantile(app.ticks, 0.99);
    f.repaintCount = app.repaints.size();
    f.repaintMedian = quantile(app.repaints, 0.5);
    f.repaintP99 = quantile(app.repaints, 0.99);
    f.perSecond = static_cast<double>(replots.size()) / elapsed;
    f.cpu = cpu / elapsed * 100;
    return f;
}

void print(const char *name, const Figures &f)
{
    std::printf("%s\n", name);
    std::printf("  replots: %zu (%.1f a second)\n", f.replots, f.perSecond);
    std::printf("  replot ms: median %.2f, p99 %.2f, max %.2f\n", f.replotMedian, f.replotP99,
                f.replotMax);
    if (std::isnan(f.tickMedian))
        std::printf("  refresh tick: none (every update redrawn from the feed)\n");
    else
        std::printf("  refresh tick ms: median %.2f, p99 %.2f\n", f.tickMedian, f.tickP99);
    std::printf("  plot paints: %zu, ms: median %.2f, p99 %.2f\n", f.repaintCount, f.repaintMedian,
                f.repaintP99);
    std::printf("  CPU: %.2f %% of a core\n", f.cpu);
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    TimedApplication app(argc, argv);
    double whole = 60;
    double recent = 30;
    const QStringList args = QCoreApplication::arguments();
    const qsizetype at = args.indexOf(QStringLiteral("--seconds"));
    if (at > 0 && at + 1 < args.size())
        whole = recent = args.at(at + 1).toDouble();

    LiveView view;
    view.resize(1600, 1000);
    view.show();
    QApplication::processEvents();
    app.refreshTimer = view.findChild<QTimer *>(QStringLiteral("refreshTimer"));
    app.plot = view.plot();

    // Two hours of updates as fast as they can be given, then one refresh.
    Feed feed(view);
    QElapsedTimer load;
    load.start();
    feed.prepare();
    while (feed.t() < kTwoHours - 1e-6)
        feed.step();
    const double fed = static_cast<double>(load.nsecsElapsed()) / 1e6;
    view.plot()->setDetailStripsVisible(true);
    view.plot()->setWindowSeconds(0);
    view.refreshNow();
    QApplication::processEvents();
    const double loaded = static_cast<double>(load.nsecsElapsed()) / 1e6;

    std::printf("bench_live_view: %zu points per channel, 3 channels (P, U, I), %d shaded "
                "phases, %d result rows, view %dx%d\n",
                view.trace().size(), view.plot()->phaseBandCount(), view.results()->rowCount(),
                view.width(), view.height());
    std::printf("loading two hours: %.0f ms to append every update, %.0f ms with the first "
                "refresh\n",
                fed, loaded);
    print("following the whole session (216 000 points in view), updates at 10 Hz:",
          live(app, view, feed, whole));
    print("the same, redrawn at every update (the cost of each redraw, without the pixel rule):",
          live(app, view, feed, whole, true));
    view.plot()->setWindowSeconds(60);
    view.refreshNow();
    print("following the last 60 s, updates at 10 Hz:", live(app, view, feed, recent));
    return 0;
}
