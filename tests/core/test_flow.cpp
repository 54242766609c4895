// The session's stages and the moves between them (cipherwatt/core/session_flow.h): every stage
// is reachable, every stage can end, and a cancel or a failure from any stage leads to the end
// through moves the table allows.

#include <cipherwatt/core/session_flow.h>

#include <catch2/catch.hpp>

#include <deque>
#include <map>
#include <set>

using namespace cipherwatt::core;

namespace {

// The stages reachable from `from` through allowed moves.
std::set<Stage> reachable(Stage from)
{
    std::set<Stage> seen{from};
    std::deque<Stage> queue{from};
    while (!queue.empty()) {
        const Stage s = queue.front();
        queue.pop_front();
        for (const Stage t : SessionFlow::stages()) {
            if (SessionFlow::allowed(s, t) && seen.insert(t).second)
                queue.push_back(t);
        }
    }
    return seen;
}

} // namespace

TEST_CASE("flow: every stage is reachable from the start and can reach the end", "[flow]")
{
    const std::set<Stage> fromStart = reachable(Stage::Idle);
    for (const Stage s : SessionFlow::stages()) {
        INFO(SessionFlow::name(s).toStdString());
        CHECK(fromStart.count(s) == 1);
        CHECK(reachable(s).count(Stage::Done) == 1);
    }
    // Done is the end: nothing follows it.
    for (const Stage s : SessionFlow::stages())
        CHECK_FALSE(SessionFlow::allowed(Stage::Done, s));
}

TEST_CASE("flow: the paper's order of phases is a path of allowed moves", "[flow]")
{
    SessionFlow flow;
    for (const Stage s : {Stage::Preparing, Stage::Pinning, Stage::Planning, Stage::Baseline,
                          Stage::Settling, Stage::Running, Stage::Settling, Stage::Running,
                          Stage::PostBaseline, Stage::Restoring, Stage::Finalizing, Stage::Done})
        REQUIRE(flow.enter(s));
    CHECK(flow.stage() == Stage::Done);
}

TEST_CASE("flow: a move the table does not list is refused and changes nothing", "[flow]")
{
    SessionFlow flow;
    REQUIRE(flow.enter(Stage::Preparing));
    CHECK_FALSE(flow.enter(Stage::Running)); // never without a baseline
    CHECK(flow.stage() == Stage::Preparing);
    CHECK_FALSE(flow.enter(Stage::Restoring)); // nothing pinned before Pinning
    REQUIRE(flow.enter(Stage::Baseline));
    CHECK_FALSE(flow.enter(Stage::Planning)); // pilots come before the baseline
    CHECK_FALSE(flow.enter(Stage::Idle));
}

TEST_CASE("flow: cancel and failure from every stage lead to the end", "[flow]")
{
    for (const Stage s : SessionFlow::stages()) {
        for (const Ending why : {Ending::Cancel, Ending::Failure}) {
            for (const bool sessionExists : {false, true}) {
                for (const bool pinned : {false, true}) {
                    // Only what can happen: a session exists from Pinning on, and the governor
                    // is pinned only from then on.
                    if (!sessionExists && s != Stage::Idle && s != Stage::Preparing)
                        continue;
                    if (pinned && (s == Stage::Idle || s == Stage::Preparing))
                        continue;
                    INFO(SessionFlow::name(s).toStdString()
                         << (why == Ending::Cancel ? " cancel" : " failure")
                         << (sessionExists ? " stored" : "") << (pinned ? " pinned" : ""));
                    // Walk the flow to `s` along allowed moves, then stop.
                    SessionFlow flow;
                    std::vector<Stage> path{Stage::Idle};
                    // Breadth-first path from Idle to s.
                    std::map<Stage, Stage> parent;
                    std::deque<Stage> queue{Stage::Idle};
                    std::set<Stage> seen{Stage::Idle};
                    while (!queue.empty() && seen.count(s) == 0) {
                        const Stage a = queue.front();
                        queue.pop_front();
                        for (const Stage b : SessionFlow::stages()) {
                            if (SessionFlow::allowed(a, b) && seen.insert(b).second) {
                                parent[b] = a;
                                queue.push_back(b);
                            }
                        }
                    }
                    std::vector<Stage> route;
                    for (Stage at = s; at != Stage::Idle; at = parent.at(at))
                        route.insert(route.begin(), at);
                    for (const Stage step : route)
                        REQUIRE(flow.enter(step));
                    flow.stop(why);
                    CHECK(flow.stopping());
                    const Stage target = flow.stopTarget(sessionExists, pinned);
                    if (target != s)
                        CHECK(SessionFlow::allowed(s, target));
                    CHECK(reachable(target).count(Stage::Done) == 1);
                    // The governor is restored whenever it may be pinned.
                    if (pinned && s != Stage::Restarting && s != Stage::Finalizing &&
                        s != Stage::Done)
                        CHECK(target == Stage::Restoring);
                }
            }
        }
    }
}

TEST_CASE("flow: a failure outranks a cancel, never the reverse", "[flow]")
{
    SessionFlow flow;
    flow.stop(Ending::Cancel);
    CHECK(flow.ending() == Ending::Cancel);
    flow.stop(Ending::Failure);
    CHECK(flow.ending() == Ending::Failure);
    flow.stop(Ending::Cancel);
    CHECK(flow.ending() == Ending::Failure);
}
