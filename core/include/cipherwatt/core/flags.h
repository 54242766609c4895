#pragma once

// How much a flag matters, from its message's identifier (one table, flags.cpp), so that the
// window and the reports colour and order flags the same way and nothing stored changes.
//
//   error:   the result cannot be trusted as it is (no baseline, no samples, a drifting idle
//            baseline under every run, a run that gave no result, a run on a DUT whose cores
//            other work kept saturated);
//   warning: the result holds with a caveat (a short run, updates over range or missed, the
//            integrator disagrees, net power not distinguishable from idle, other activity on
//            the DUT in the baseline or changing in a run);
//   note:    worth knowing, changes nothing (one update missed or over range).
//
// A flag of one run in the session's list ("run: flag") has its flag's severity; a message
// the table does not know (from a newer CipherWatt, or plain text) is a warning.

#include <cipherwatt/instruments/message.h>

#include <QList>
#include <QString>

#include <cstdint>

namespace cipherwatt::core {

enum class Severity : std::uint8_t { Note, Warning, Error };

Severity flagSeverity(const instruments::Message &flag);
// "error", "warning", "note" (the reports and the command line).
QString severityName(Severity severity);
// The most severe of `flags`; Note for none.
Severity highestSeverity(const QList<instruments::Message> &flags);
// The flags, the most severe first (the order among equals kept).
QList<instruments::Message> bySeverity(QList<instruments::Message> flags);
// The words before the details, for a narrow column: "short run" for "short run: 29 updates,
// at least 30 needed"; the whole text of a flag that has no such headline. `translated` picks
// the window's language over English (the reports and the command line).
QString flagHeadline(const instruments::Message &flag, bool translated);

} // namespace cipherwatt::core
