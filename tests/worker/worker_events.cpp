#include "worker_events.h"

#include <catch2/catch.hpp>

namespace cipherwatt::test {

nlohmann::json waitFor(Child &worker, const std::string &name, std::chrono::milliseconds timeout)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        const auto line = worker.readLine(std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now()));
        if (!line)
            break;
        nlohmann::json event = nlohmann::json::parse(*line);
        if (event["event"] == name)
            return event;
    }
    FAIL("no '" << name << "' event");
    return {};
}

std::vector<std::string> serve(const FakeSysfs &tree, const std::vector<std::string> &extra)
{
    std::vector<std::string> args{CIPHERWATT_BENCH_EXE, "serve", "--sysfs-root",
                                  tree.root().string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

} // namespace cipherwatt::test
