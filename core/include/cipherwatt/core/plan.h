#pragma once

// Plans: the plan spec of DESIGN.md (`<cipher id>[/<backend>][:<op>[+<op>]...]`, comma
// separated) resolved against the catalogue the DUT's worker reports (`list`), and expanded
// into runs (entry x buffer size x repeat).

#include <cipherwatt/core/session.h>
#include <cipherwatt/instruments/error.h>

#include <QJsonArray>
#include <QStringList>

#include <vector>

namespace cipherwatt::core {

using instruments::Error;
using instruments::Result;

struct CatalogueEntry
{
    QString id;
    QString family;
    QString mode;
    int keyBits = 0;
    QStringList operations;
    QStringList backends; // present on the DUT
    bool keyAgreement() const;
};

// The `ciphers` array of the worker's `list` event (or `cipherwatt-bench list --json`).
std::vector<CatalogueEntry> parseCatalogue(const QJsonArray &ciphers);

// Unknown ids list the valid ones; unknown backends and operations name what the cipher has.
Result<std::vector<PlanEntry>> resolvePlan(const QString &spec,
                                           const std::vector<CatalogueEntry> &catalogue);

struct PlannedRun
{
    int ordinal = 0; // from 1
    PlanEntry entry;
    std::size_t bufferBytes = 0;
    int repeat = 1;
};

// Repeats outermost, so that the repeats of one run are spread over the session (slow drift
// then shows as spread instead of bias). Key agreement runs ignore buffer sizes.
std::vector<PlannedRun> expandPlan(const std::vector<PlanEntry> &entries,
                                   const std::vector<CatalogueEntry> &catalogue,
                                   const std::vector<std::size_t> &bufferSizes, int repeats);

} // namespace cipherwatt::core
