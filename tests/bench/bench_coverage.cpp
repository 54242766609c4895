// Benchmark, not a test: does the 95 % interval of a net power cover the true value in 95 % of
// sessions? Simulated sessions with a known truth go through the real analysis
// (analyseBaseline, idleLevelAt, analyseRun); the meter's error is drawn within its
// specification. Also prints the half-width of the case (2.5 W net, 100 updates per
// run, 150 W range). The model: docs/method.md.
//
// usage: bench_coverage [--sessions N] [--seed S]   (record the output in docs/benchmarks.md)

#include <cipherwatt/core/analysis.h>

#include <QCoreApplication>
#include <QStringList>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

using namespace cipherwatt::core;

namespace {

struct Scenario
{
    const char *name;
    double idleWatts = 40.0;
    double netWatts = 2.5;
    double noise = 0.05; // W, sd of the innovations
    double phi = 0.5;    // lag-1 autocorrelation of the noise (AR(1))
    int baselineUpdates = 600;
    int runUpdates = 100;
    int runs = 1;
    double idleBetween = 0.0; // s of idle window before every run but the first
    double postBaseline = 0.0;
    // The idle level's change over the session, and its shape: 0 linear, > 0 the time constant
    // of an exponential approach (s).
    double drift = 0.0;
    double driftTau = 0.0;
    bool worstCaseMeter = false; // non-common errors at their limits
    UncertaintyModel model = UncertaintyModel::Correlated;
};

struct Tally
{
    long covered = 0;
    long total = 0;
    double halfWidthSum = 0.0; // relative to the true net power
};

class Simulation
{
public:
    explicit Simulation(std::uint64_t seed)
        : m_random(seed)
    {}

    Tally run(const Scenario &sc, int sessions)
    {
        Tally t;
        for (int k = 0; k < sessions; ++k)
            session(sc, t);
        return t;
    }

private:
    double uniform(double half) { return std::uniform_real_distribution<>(-half, half)(m_random); }

    void session(const Scenario &sc, Tally &tally)
    {
        const MeterAccuracy accuracy = meter(sc);
        // The meter's error in this session: a gain common to every reading, an offset common
        // to every reading, and per window a share that is not common (docs/method.md).
        const double range = accuracy.ofRange * accuracy.powerRangeWatts;
        const double gain = uniform(accuracy.ofReading);
        const double offset = uniform((1.0 - accuracy.notCommonShare) * range);
        const double share = accuracy.notCommonShare * range;
        const auto windowError = [&] {
            if (sc.worstCaseMeter)
                return std::bernoulli_distribution(0.5)(m_random) ? share : -share;
            return uniform(share);
        };
        const double total = sc.baselineUpdates * 0.1 + sc.runs * sc.runUpdates * 0.1 +
                             (sc.runs - 1) * sc.idleBetween + sc.postBaseline;
        const auto idleAt = [&](double t) {
            if (sc.driftTau > 0)
                return sc.idleWatts + sc.drift * (1 - std::exp(-t / sc.driftTau)) /
                                          (1 - std::exp(-total / sc.driftTau));
            return sc.idleWatts + sc.drift * t / total;
        };
        std::vector<PowerSample> samples;
        double noise = 0.0;
        double t = 0.0;
        const auto phase = [&](double seconds, double added) {
            const double error = windowError();
            const double start = t;
            const int n = static_cast<int>(std::lround(seconds / 0.1));
            for (int i = 0; i < n; ++i) {
                noise =
                    sc.phi * noise + std::sqrt(1 - sc.phi * sc.phi) * sc.noise * m_gauss(m_random);
                t += 0.1;
                const double truth = idleAt(t - 0.05) + added;
                PowerSample s;
                s.tSeconds = t;
                s.watts = truth * (1 + gain) + offset + error + noise;
                samples.push_back(s);
            }
            return std::pair{start, t};
        };
        std::vector<IdleWindow> windows;
        std::vector<std::pair<double, double>> runs;
        const auto idle = [&](double seconds) {
            const auto [a, b] = phase(seconds, 0.0);
            windows.push_back({a, b, {}});
        };
        idle(sc.baselineUpdates * 0.1);
        for (int r = 0; r < sc.runs; ++r) {
            if (r > 0 && sc.idleBetween > 0)
                idle(sc.idleBetween);
            runs.push_back(phase(sc.runUpdates * 0.1, sc.netWatts));
        }
        if (sc.postBaseline > 0)
            idle(sc.postBaseline);
        for (IdleWindow &w : windows)
            w.result = analyseBaseline(samples, w.startSeconds, w.endSeconds, 0.01);
        for (const auto &[start, end] : runs) {
            RunInput in;
            in.windowStart = start;
            in.windowEnd = end;
            in.seconds = end - start;
            in.bytes = 1;
            const RunResult r =
                analyseRun(in, samples, idleLevelAt(windows, start, end), accuracy, sc.runUpdates);
            ++tally.total;
            if (r.netLow <= sc.netWatts && sc.netWatts <= r.netHigh)
                ++tally.covered;
            tally.halfWidthSum += (r.netHigh - r.netWatts) / sc.netWatts;
        }
    }

    static MeterAccuracy meter(const Scenario &sc)
    {
        // The WT332 at 50 Hz on 300 V x 0.5 A (IM WT310-02EN 7.3.2): ±(0.1 % + 0.1 %).
        MeterAccuracy a{0.001, 0.001, 150.0};
        a.model = sc.model;
        return a;
    }

    std::mt19937_64 m_random;
    std::normal_distribution<> m_gauss;
};

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    int sessions = 4000;
    std::uint64_t seed = 20261124;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i + 1 < args.size(); i += 2) {
        if (args[i] == QLatin1String("--sessions"))
            sessions = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--seed"))
            seed = args[i + 1].toULongLong();
    }
    std::vector<Scenario> scenarios;
    scenarios.push_back({"target: 2.5 W net, 100 updates, 150 W range"});
    Scenario strong{"strongly correlated noise (lag-1 0.9)"};
    strong.phi = 0.9;
    scenarios.push_back(strong);
    Scenario worst{"meter's non-common share at its limits"};
    worst.worstCaseMeter = true;
    scenarios.push_back(worst);
    Scenario warming{"warming DUT +0.1 W linear, 10 runs, 5 s idle windows, post-baseline"};
    warming.drift = 0.1;
    warming.runs = 10;
    warming.idleBetween = 5.0;
    warming.postBaseline = 30.0;
    scenarios.push_back(warming);
    Scenario curved{"warming DUT +0.3 W exponential (tau 60 s), 10 runs, pre/post only"};
    curved.drift = 0.3;
    curved.driftTau = 60.0;
    curved.runs = 10;
    curved.postBaseline = 60.0;
    scenarios.push_back(curved);
    Scenario conservative{"target case, conservative model"};
    conservative.model = UncertaintyModel::Conservative;
    scenarios.push_back(conservative);

    std::printf("sessions per scenario: %d, seed %llu\n", sessions,
                static_cast<unsigned long long>(seed));
    std::printf("%-72s %10s %16s %14s\n", "scenario", "coverage", "95 % CI", "half-width");
    Simulation sim(seed);
    for (const Scenario &sc : scenarios) {
        const Tally t = sim.run(sc, sessions);
        const double p = static_cast<double>(t.covered) / static_cast<double>(t.total);
        // Wilson score interval for the coverage itself.
        const double z = 1.959964;
        const auto n = static_cast<double>(t.total);
        const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
        const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
        std::printf("%-72s %9.2f%% %7.2f–%6.2f%% %12.2f %%\n", sc.name, 100 * p,
                    100 * (centre - half), 100 * (centre + half),
                    100 * t.halfWidthSum / static_cast<double>(t.total));
    }
    return 0;
}
