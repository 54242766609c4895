#pragma once

// A power source on the DUT as a session's meter (DESIGN.md, "Resource strings"): what `--meter
// auto` picks when no WT300 is on USB, and how such a meter is described wherever the meter is
// named. The runner's side is in runner_source_meter.cpp.

#include <cipherwatt/core/records.h>
#include <cipherwatt/core/worker_events.h>
#include <cipherwatt/instruments/resource.h>

#include <QString>
#include <QStringList>

#include <span>
#include <vector>

namespace cipherwatt::core {

// How often the worker reads a power source in a session, as the meter or beside it: the WT300's
// update rate. A fuel gauge refreshes less often; the worker then reports a reading when its value
// changes, and measures the refresh period.
inline constexpr double kSourceReadSeconds = 0.1;

// What `auto` chooses among the sources a DUT's worker lists, when no WT300 is attached: only
// one the worker can read now without help (a root-only RAPL file is never read through a
// helper unasked) and that measures the machine as a whole or its CPU package as one:
//   1. RAPL `psys` (the platform, where the CPU has it);
//   2. RAPL `package-N`, when the machine has exactly one package zone;
//   3. a battery, when it is the only one and discharging.
// hwmon inputs are never chosen: which rail feeds the DUT is the operator's to say. `resource`
// is empty when none qualifies; `notChosen` then names each source with why it was not
// ("rapl:package-0: cannot read …").
struct AutoMeterChoice
{
    QString resource; // "rapl:psys", "rapl:package-0", "battery:BAT0"; empty: none
    QString what;     // what it measures, in words ("the CPU package only")
    QStringList notChosen;
};
AutoMeterChoice chooseAutoMeterSource(const std::vector<DutPowerSource> &sources);

// The power sources' resource strings as kinds (rapl:<zone>, battery[:<name>],
// hwmon:<sensor>/<label>): the window offers them as meters beside the WT300's transports. The
// worker resolves and checks what they name; sourceResourceProblem() checks their form.
std::span<const instruments::ResourceKind> sourceResourceKinds();

// What the worker said of a source when its sampling began (the resource as it resolved it,
// what it reads and how often), into the session's record of it.
void takeSampleStart(SourceSetup &setup, const worker::SampleStarted &started);
// Why the worker refused or stopped a source, without the source's name that the worker puts
// first ("rapl:dram: no RAPL zone …"): the session's message names it once.
QString withoutSourceName(const SourceSetup &setup, const QString &message);

// "rapl:package-0 on the DUT (RAPL energy counter, energy_uj in uJ): accuracy not specified by
// its maker" for a meter that is a power source on the DUT.
QString sourceMeterDescription(const SourceSetup &source);

} // namespace cipherwatt::core
