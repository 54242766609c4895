#pragma once

// The stages of a session and the moves between them, written down in one place
// (allowed()). The runner asks to move; a move the table does not list is refused and logged,
// so a runner bug shows up as a refused move in a test instead of a session in two stages.
//
// A session heads for its end in one of two ways besides completing: the operator cancels, or
// something fails. stop() records which (a failure outranks a cancel) and stopTarget() says
// where the session goes next from the stage it is in.

#include <QString>

#include <cstdint>
#include <vector>

namespace cipherwatt::core {

enum class Stage : std::uint8_t {
    Idle,         // made, not started
    Preparing,    // meter and DUT set up, catalogue, self-test; the session is created here
    Pinning,      // the governor is being pinned (again after a new worker took over; at a level)
    Planning,     // pilot runs size the runs
    Quieting,     // waiting for the DUT's other activity to settle before the baseline
    Stabilising,  // waiting for the idle power to be stable before the baseline
    Baseline,     // the DUT idles
    Settling,     // a pause before a run
    Idling,       // an idle window before a run, for the idle level under it
    Running,      // a run in the worker
    Restarting,   // a new worker after one crashed in cipher code
    PostBaseline, // idle again
    Restoring,    // the governor is being restored
    Finalizing,   // the analysis is made and stored
    Done,         // finished() was emitted
};

enum class Ending : std::uint8_t {
    None,    // going on
    Cancel,  // the operator asked
    Failure, // something the session cannot get past
};

class SessionFlow
{
public:
    Stage stage() const { return m_stage; }
    Ending ending() const { return m_ending; }
    bool stopping() const { return m_ending != Ending::None; }

    // Moves to `next` when allowed() says so; otherwise stays, logs and returns false.
    bool enter(Stage next);
    // The session is to end: a failure replaces a cancel, never the other way round.
    void stop(Ending why);

    // Where a stop leads from the current stage: nothing stored yet (Idle, Preparing without a
    // session) ends at once; a stage that may have pinned the governor restores it first; the
    // rest finalize. Stages that wait for the worker's answer (Pinning, Planning, Running,
    // Restoring) stay until it comes; the runner then moves on to this target.
    Stage stopTarget(bool sessionExists, bool pinned) const;

    // The table: every move a session may make.
    static bool allowed(Stage from, Stage to);
    static const std::vector<Stage> &stages();
    static QString name(Stage stage);

private:
    Stage m_stage = Stage::Idle;
    Ending m_ending = Ending::None;
};

} // namespace cipherwatt::core
