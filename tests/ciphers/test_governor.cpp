// Governor pinning and restore against a fake sysfs tree in a fresh temporary directory. Nothing
// outside that directory is read or written.

#include "fake_sysfs.h"

#include <cipherwatt/ciphers/governor.h>

#include <catch2/catch.hpp>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <functional>
#include <grp.h>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using Catch::Matchers::Contains;
using cipherwatt::ciphers::CipherError;
using cipherwatt::ciphers::defaultJournalPath;
using cipherwatt::ciphers::formatGovernorState;
using cipherwatt::ciphers::formatRestoreResult;
using cipherwatt::ciphers::Governor;
using cipherwatt::ciphers::PinOptions;
using cipherwatt::ciphers::TurboControl;
using cipherwatt::test::FakeSysfs;
using cipherwatt::test::FakeTurbo;

namespace {

constexpr const char *availableGovernors = FakeSysfs::availableGovernors;
constexpr uid_t nobody = 65534;

fs::path journalOf(const FakeSysfs &tree)
{
    return defaultJournalPath(tree.root());
}

std::string readWhole(const fs::path &file)
{
    std::ifstream stream(file);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

void writeWhole(const fs::path &file, const std::string &text)
{
    std::ofstream(file) << text;
}

void requireOriginal(const FakeSysfs &tree, const std::vector<unsigned> &cpus)
{
    for (const unsigned cpu : cpus) {
        INFO("cpu" << cpu);
        REQUIRE(tree.cpuFile(cpu, "scaling_governor") == "powersave");
        REQUIRE(tree.cpuFile(cpu, "scaling_min_freq") == "400000");
        REQUIRE(tree.cpuFile(cpu, "scaling_max_freq") == "3000000");
    }
}

struct ChildOutcome
{
    int status = -1;     // the child's exit code: 0 = CipherError thrown, 1 = returned normally
    std::string message; // the CipherError's text, or what went wrong in the child
};

// Runs `action` in a forked child, optionally as nobody (uid/gid 65534): root ignores file
// modes, so only a real unprivileged process sees the EACCES a user without sudo gets.
ChildOutcome runInChild(const std::function<void()> &action, bool dropPrivileges)
{
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(fds[0]);
        auto report = [&](int code, const std::string &text) {
            [[maybe_unused]] const auto written = ::write(fds[1], text.data(), text.size());
            ::_exit(code);
        };
        if (dropPrivileges && ::geteuid() == 0 &&
            (::setgroups(0, nullptr) != 0 || ::setgid(nobody) != 0 || ::setuid(nobody) != 0))
            report(3, "cannot drop privileges");
        try {
            action();
            report(1, "no exception");
        } catch (const CipherError &error) {
            report(0, error.what());
        } catch (const std::exception &error) {
            report(2, std::string("unexpected exception: ") + error.what());
        }
        report(2, "unknown exception");
    }
    ::close(fds[1]);
    ChildOutcome outcome;
    char buffer[1024];
    for (ssize_t count = 0; (count = ::read(fds[0], buffer, sizeof buffer)) != 0;) {
        if (count < 0 && errno == EINTR)
            continue;
        if (count < 0)
            break;
        outcome.message.append(buffer, static_cast<std::size_t>(count));
    }
    ::close(fds[0]);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    outcome.status = WEXITSTATUS(status);
    return outcome;
}

PinOptions fullPin()
{
    PinOptions options;
    options.fixFrequency = true;
    options.disableTurbo = true;
    return options;
}

} // namespace

TEST_CASE("governor read reports the fake tree", "[governor]")
{
    const FakeSysfs tree;
    const auto state = Governor(tree.root()).read();
    REQUIRE(state.cpus.size() == 4);
    for (unsigned i = 0; i < 4; ++i) {
        const auto &cpu = state.cpus[i];
        REQUIRE(cpu.cpu == i);
        REQUIRE(cpu.governor == "powersave");
        REQUIRE(cpu.availableGovernors == std::vector<std::string>{"conservative", "ondemand",
                                                                   "userspace", "powersave",
                                                                   "performance", "schedutil"});
        REQUIRE(cpu.minKHz == 400000);
        REQUIRE(cpu.maxKHz == 3000000);
        REQUIRE(cpu.curKHz == 1200000);
        REQUIRE(cpu.hwMinKHz == 400000);
        REQUIRE(cpu.hwMaxKHz == 3500000);
    }
    REQUIRE(state.turbo.control == TurboControl::IntelPstateNoTurbo);
    REQUIRE(state.turbo.enabled);
    REQUIRE(state.turbo.file == tree.root() / "sys/devices/system/cpu/intel_pstate/no_turbo");

    const std::string text = formatGovernorState(state);
    REQUIRE_THAT(text, Contains("powersave") && Contains("3000") && Contains("400-3500") &&
                           Contains("1200") && Contains("turbo: on (intel_pstate/no_turbo)") &&
                           Contains(availableGovernors));
}

TEST_CASE("governor read sorts CPUs numerically and skips those without cpufreq", "[governor]")
{
    const FakeSysfs tree({10, 2, 0});
    tree.write("sys/devices/system/cpu/cpu3/online", "0"); // a CPU without cpufreq
    tree.write("sys/devices/system/cpu/cpuidle/current_driver", "none");
    const auto state = Governor(tree.root()).read();
    REQUIRE(state.cpus.size() == 3);
    REQUIRE(state.cpus[0].cpu == 0);
    REQUIRE(state.cpus[1].cpu == 2);
    REQUIRE(state.cpus[2].cpu == 10);
}

TEST_CASE("governor on a system without cpufreq", "[governor]")
{
    const FakeSysfs tree({}, FakeTurbo::None);
    tree.write("sys/devices/system/cpu/cpu0/online", "1");
    Governor governor(tree.root());
    const auto state = governor.read();
    REQUIRE(state.empty());
    REQUIRE_FALSE(state.turbo.present());
    REQUIRE_THAT(formatGovernorState(state), Contains("no cpufreq"));
    REQUIRE_THROWS_WITH(governor.pin(), Contains("cpufreq") && Contains("nothing to pin"));
    REQUIRE_FALSE(fs::exists(journalOf(tree)));
}

TEST_CASE("governor default journal path", "[governor]")
{
    REQUIRE(defaultJournalPath("/") == "/run/cipherwatt/governor-journal");
    REQUIRE(defaultJournalPath("") == "/run/cipherwatt/governor-journal");
    REQUIRE(defaultJournalPath("/tmp/tree") == "/tmp/tree/cipherwatt-governor-journal");
    REQUIRE(Governor("/").journalPath() == "/run/cipherwatt/governor-journal");
    REQUIRE(Governor("/tmp/tree", "/tmp/j").journalPath() == "/tmp/j");
}

TEST_CASE("governor pin applies performance and journals the previous settings", "[governor]")
{
    const FakeSysfs tree;
    Governor governor(tree.root());
    const auto result = governor.pin();

    REQUIRE(result.mismatches.empty());
    REQUIRE(result.journalCreated);
    REQUIRE(result.journalPath == journalOf(tree));
    REQUIRE(fs::exists(journalOf(tree)));
    REQUIRE(governor.hasJournal());
    for (unsigned cpu = 0; cpu < 4; ++cpu) {
        REQUIRE(tree.cpuFile(cpu, "scaling_governor") == "performance");
        REQUIRE(tree.cpuFile(cpu, "scaling_min_freq") == "400000"); // not asked to fix
        REQUIRE(result.applied.cpus[cpu].governor == "performance");
    }
    REQUIRE(tree.read("sys/devices/system/cpu/intel_pstate/no_turbo") == "0");
    REQUIRE(result.applied.turbo.enabled);

    const std::string journal = readWhole(journalOf(tree));
    REQUIRE_THAT(journal,
                 Contains("format=1\n") && Contains("cpu0.governor=powersave\n") &&
                     Contains("cpu3.min_khz=400000\n") && Contains("cpu3.max_khz=3000000\n") &&
                     Contains("turbo.control=intel_pstate\n") && Contains("turbo.enabled=1\n"));
    REQUIRE_FALSE(fs::exists(fs::path(journalOf(tree)).concat(".tmp")));
}

TEST_CASE("governor pin fixes the frequency and disables turbo", "[governor]")
{
    const FakeSysfs tree;
    const auto result = Governor(tree.root()).pin(fullPin());
    REQUIRE(result.mismatches.empty());
    for (unsigned cpu = 0; cpu < 4; ++cpu) {
        REQUIRE(tree.cpuFile(cpu, "scaling_governor") == "performance");
        REQUIRE(tree.cpuFile(cpu, "scaling_min_freq") == "3500000");
        REQUIRE(tree.cpuFile(cpu, "scaling_max_freq") == "3500000");
        REQUIRE(result.applied.cpus[cpu].minKHz == 3500000);
        REQUIRE(result.applied.cpus[cpu].maxKHz == 3500000);
    }
    REQUIRE(tree.read("sys/devices/system/cpu/intel_pstate/no_turbo") == "1");
    REQUIRE_FALSE(result.applied.turbo.enabled);
}

TEST_CASE("governor pin and restore with the cpufreq boost switch", "[governor]")
{
    const FakeSysfs tree({0, 1}, FakeTurbo::Boost);
    Governor governor(tree.root());
    REQUIRE(governor.read().turbo.control == TurboControl::CpufreqBoost);
    const auto result = governor.pin(fullPin());
    REQUIRE(result.mismatches.empty());
    REQUIRE(tree.read("sys/devices/system/cpu/cpufreq/boost") == "0");
    REQUIRE(governor.restore().mismatches.empty());
    REQUIRE(tree.read("sys/devices/system/cpu/cpufreq/boost") == "1");
    requireOriginal(tree, {0, 1});
}

TEST_CASE("governor pin without a turbo control says so", "[governor]")
{
    const FakeSysfs tree({0, 1}, FakeTurbo::None);
    const auto result = Governor(tree.root()).pin(fullPin());
    REQUIRE(result.mismatches.size() == 1);
    REQUIRE_THAT(result.mismatches.front(), Contains("turbo"));
}

TEST_CASE("governor pin of a CPU subset leaves the others alone", "[governor]")
{
    const FakeSysfs tree;
    PinOptions options;
    options.cpus = {2, 1};
    Governor governor(tree.root());
    governor.pin(options);
    REQUIRE(tree.cpuFile(0, "scaling_governor") == "powersave");
    REQUIRE(tree.cpuFile(1, "scaling_governor") == "performance");
    REQUIRE(tree.cpuFile(2, "scaling_governor") == "performance");
    REQUIRE(tree.cpuFile(3, "scaling_governor") == "powersave");
    REQUIRE_THAT(readWhole(journalOf(tree)), !Contains("cpu0.") && Contains("cpu1.governor"));

    // A later pin of every CPU adds the others to the journal, so restore covers them all.
    governor.pin(fullPin());
    REQUIRE_THAT(readWhole(journalOf(tree)), Contains("cpu0.governor=powersave"));
    governor.restore();
    requireOriginal(tree, {0, 1, 2, 3});
}

TEST_CASE("governor pin refuses a CPU without cpufreq", "[governor]")
{
    const FakeSysfs tree({0, 1});
    PinOptions options;
    options.cpus = {9};
    REQUIRE_THROWS_WITH(Governor(tree.root()).pin(options),
                        Contains("cpu9") && Contains("CPUs with cpufreq: 0 1"));
    REQUIRE_FALSE(fs::exists(journalOf(tree)));
}

TEST_CASE("governor pin refuses an unknown governor with the list", "[governor]")
{
    const FakeSysfs tree;
    Governor governor(tree.root());
    PinOptions options;
    options.governor = "turbo";
    REQUIRE_THROWS_WITH(governor.pin(options),
                        Contains("\"turbo\"") &&
                            Contains(std::string("available: ") + availableGovernors));
    options.governor = "../../etc/passwd";
    REQUIRE_THROWS_WITH(governor.pin(options), Contains("not a governor name"));
    requireOriginal(tree, {0, 1, 2, 3});
    REQUIRE_FALSE(fs::exists(journalOf(tree)));
}

TEST_CASE("governor second pin keeps the original journal", "[governor]")
{
    const FakeSysfs tree;
    Governor governor(tree.root());
    governor.pin();
    const std::string journal = readWhole(journalOf(tree));

    const auto second = governor.pin(fullPin());
    REQUIRE_FALSE(second.journalCreated);
    REQUIRE(readWhole(journalOf(tree)) == journal);
    REQUIRE(tree.cpuFile(0, "scaling_min_freq") == "3500000");

    governor.restore();
    requireOriginal(tree, {0, 1, 2, 3});
    REQUIRE(tree.read("sys/devices/system/cpu/intel_pstate/no_turbo") == "0");
}

TEST_CASE("governor restore puts everything back and is idempotent", "[governor]")
{
    const FakeSysfs tree;
    Governor governor(tree.root());
    governor.pin(fullPin());

    const auto restored = governor.restore();
    REQUIRE(restored.restored);
    REQUIRE(restored.turboRestored);
    REQUIRE(restored.mismatches.empty());
    REQUIRE(restored.cpus == std::vector<unsigned>{0, 1, 2, 3});
    requireOriginal(tree, {0, 1, 2, 3});
    REQUIRE(tree.read("sys/devices/system/cpu/intel_pstate/no_turbo") == "0");
    REQUIRE(restored.state.cpus[0].governor == "powersave");
    REQUIRE_FALSE(fs::exists(journalOf(tree)));
    REQUIRE_THAT(formatRestoreResult(restored), Contains("restored from"));

    const auto again = governor.restore();
    REQUIRE_FALSE(again.restored);
    REQUIRE_THAT(formatRestoreResult(again), Contains("nothing to restore"));
    requireOriginal(tree, {0, 1, 2, 3});
}

TEST_CASE("governor restore works from a new object after a crash", "[governor]")
{
    const FakeSysfs tree;
    {
        Governor first(tree.root());
        first.pin(fullPin());
    }
    REQUIRE(tree.cpuFile(1, "scaling_governor") == "performance");
    REQUIRE(Governor(tree.root()).restore().restored);
    requireOriginal(tree, {0, 1, 2, 3});
    REQUIRE_FALSE(fs::exists(journalOf(tree)));
}

TEST_CASE("governor restore works from a new process after a crash", "[governor]")
{
    const FakeSysfs tree;
    // The child pins and dies without restoring, as a worker killed mid-session would.
    const auto outcome = runInChild([&] { Governor(tree.root()).pin(fullPin()); }, false);
    REQUIRE(outcome.status == 1);
    REQUIRE(tree.cpuFile(0, "scaling_min_freq") == "3500000");
    REQUIRE(fs::exists(journalOf(tree)));

    REQUIRE(Governor(tree.root()).restore().restored);
    requireOriginal(tree, {0, 1, 2, 3});
    REQUIRE(tree.read("sys/devices/system/cpu/intel_pstate/no_turbo") == "0");
    REQUIRE_FALSE(fs::exists(journalOf(tree)));
}

TEST_CASE("governor restore refuses a tampered journal", "[governor]")
{
    using Tamper = std::pair<std::string, std::string>; // a journal line and its replacement
    const auto [from, to] = GENERATE(
        Tamper{"cpu0.governor=powersave", "cpu0.governor=../../../etc/passwd"},
        Tamper{"cpu0.governor=powersave", "cpu0.governor=powersave; reboot"},
        Tamper{"cpu0.governor=powersave", "cpu0.governor=Powersave"},
        Tamper{"cpu0.governor=powersave", "cpu0.governor=turbo"},
        Tamper{"cpu0.min_khz=400000", "cpu0.min_khz=100"},
        Tamper{"cpu0.max_khz=3000000", "cpu0.max_khz=99999999"},
        Tamper{"cpu0.max_khz=3000000", "cpu0.max_khz=-3000000"},
        Tamper{"cpu0.max_khz=3000000", "cpu0.max_khz=3000000 kHz"},
        Tamper{"cpu0.min_khz=400000", "cpu0.min_khz=0"},
        Tamper{"cpu1.governor=powersave", "cpu1.path=/etc/shadow"},
        Tamper{"cpu1.governor=powersave", "cpu1.governor=powersave\ncpu1.governor=powersave"},
        Tamper{"turbo.control=intel_pstate", "turbo.control=../../../proc/sysrq-trigger"},
        Tamper{"turbo.enabled=1", "turbo.enabled=yes"}, Tamper{"format=1", "format=2"},
        Tamper{"cpu1.governor=powersave", "cpu9.governor=powersave"});
    CAPTURE(to);

    const FakeSysfs tree({0, 1});
    Governor governor(tree.root());
    governor.pin();
    std::string journal = readWhole(journalOf(tree));
    const auto where = journal.find(from + '\n');
    REQUIRE(where != std::string::npos);
    journal.replace(where, from.size(), to);
    writeWhole(journalOf(tree), journal);

    REQUIRE_THROWS_WITH(governor.restore(),
                        Contains(journalOf(tree).string()) && Contains("is invalid"));
    // Nothing was written: the pinned settings stay, and so does the journal for inspection.
    REQUIRE(tree.cpuFile(0, "scaling_governor") == "performance");
    REQUIRE(tree.cpuFile(1, "scaling_governor") == "performance");
    REQUIRE(tree.cpuFile(0, "scaling_max_freq") == "3000000");
    REQUIRE(readWhole(journalOf(tree)) == journal);
    // A pin does not build on it either.
    REQUIRE_THROWS_WITH(governor.pin(), Contains("is invalid"));
}

TEST_CASE("governor pin without privileges fails naming the file and root", "[governor]")
{
    const FakeSysfs tree;
    const fs::path journal = tree.sharedJournal();
    // Root ignores modes, so as root the child drops to nobody; otherwise read-only files do it.
    if (::geteuid() != 0) {
        for (unsigned cpu = 0; cpu < 4; ++cpu) {
            fs::permissions(tree.root() / FakeSysfs::cpufreq(cpu, "scaling_governor"),
                            fs::perms(0444));
        }
    }
    const auto outcome = runInChild([&] { Governor(tree.root(), journal).pin(fullPin()); }, true);
    INFO(outcome.message);
    REQUIRE(outcome.status == 0);
    REQUIRE_THAT(outcome.message,
                 Contains("cannot write " + tree.root().string() + "/sys/devices/system/cpu/") &&
                     Contains("Permission denied") && Contains("needs root") &&
                     Contains("sudo cipherwatt-bench governor set"));
    requireOriginal(tree, {0, 1, 2, 3});
    REQUIRE(tree.read("sys/devices/system/cpu/intel_pstate/no_turbo") == "0");
    REQUIRE_FALSE(fs::exists(journal));
    REQUIRE_FALSE(fs::exists(fs::path(journal).concat(".tmp")));
}

TEST_CASE("governor pin rolls back what it wrote when a later write fails", "[governor]")
{
    const FakeSysfs tree;
    const fs::path journal = tree.sharedJournal();
    // cpu0 is writable for the child, cpu1 is not: the pin fails half way through.
    if (::geteuid() == 0) {
        for (const char *file : {"scaling_governor", "scaling_min_freq", "scaling_max_freq"}) {
            REQUIRE(::chown((tree.root() / FakeSysfs::cpufreq(0, file)).c_str(), nobody, nobody) ==
                    0);
        }
    } else {
        fs::permissions(tree.root() / FakeSysfs::cpufreq(1, "scaling_governor"), fs::perms(0444));
    }
    PinOptions options;
    options.fixFrequency = true;
    const auto outcome = runInChild([&] { Governor(tree.root(), journal).pin(options); }, true);
    INFO(outcome.message);
    REQUIRE(outcome.status == 0);
    REQUIRE_THAT(outcome.message,
                 Contains((tree.root() / FakeSysfs::cpufreq(1, "scaling_governor")).string()) &&
                     Contains("root"));
    requireOriginal(tree, {0, 1, 2, 3});
    REQUIRE_FALSE(fs::exists(journal));
}

TEST_CASE("governor restore without privileges fails and keeps the journal", "[governor]")
{
    const FakeSysfs tree;
    const fs::path journal = tree.sharedJournal();
    Governor(tree.root(), journal).pin(fullPin());
    if (::geteuid() != 0) {
        for (unsigned cpu = 0; cpu < 4; ++cpu) {
            fs::permissions(tree.root() / FakeSysfs::cpufreq(cpu, "scaling_governor"),
                            fs::perms(0444));
        }
    }
    const auto outcome = runInChild([&] { Governor(tree.root(), journal).restore(); }, true);
    INFO(outcome.message);
    REQUIRE(outcome.status == 0);
    REQUIRE_THAT(outcome.message, Contains("cannot write " + tree.root().string()) &&
                                      Contains("sudo cipherwatt-bench governor restore"));
    REQUIRE(fs::exists(journal));

    // With the privileges back, the same journal restores everything.
    if (::geteuid() != 0) {
        for (unsigned cpu = 0; cpu < 4; ++cpu) {
            fs::permissions(tree.root() / FakeSysfs::cpufreq(cpu, "scaling_governor"),
                            fs::perms(0644));
        }
    }
    REQUIRE(Governor(tree.root(), journal).restore().restored);
    requireOriginal(tree, {0, 1, 2, 3});
}
