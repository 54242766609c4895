#pragma once

// The WT300-family driver: WT310, WT310HC, WT332, WT333 and their E variants. Models are rows
// of a table matched on the model field of `*IDN?`; nothing else in the driver depends on the
// model (libsigrok's scpi-dmm model). Protocol facts: ../shared/reference/wt300.md.

#include <cipherwatt/instruments/meter.h>
#include <cipherwatt/instruments/transport.h>

#include <memory>

namespace cipherwatt::instruments {

struct Wt300Model
{
    QString idnModel; // the model field of *IDN?, e.g. "WT332"
    ModelInfo info;
    PowerAccuracy powerAccuracyDc; // crest factor 3, power factor 1
    PowerAccuracy powerAccuracyAc; // 45 Hz to 66 Hz, crest factor 3, power factor 1
};

const std::vector<Wt300Model> &wt300Models();
// The row whose idnModel equals `idnModel` (case-insensitive), or null.
const Wt300Model *findWt300Model(const QString &idnModel);

// The firmware field the simulated meter puts in its *IDN? reply; a meter that reports it is
// marked as simulated wherever its data goes.
inline constexpr char kSimulatorFirmwareTag[] = "CipherWatt simulator";

// Identifies the meter on an open transport and returns its driver. `resource` is recorded in
// the identity. Unknown models are refused (Unsupported) with the list of known ones.
Result<std::unique_ptr<PowerMeter>> openWt300(std::unique_ptr<Transport> transport,
                                              const QString &resource,
                                              const OpenOptions &options = {});

// Bytes one update costs on the link with `items` items in `format` (the WAIT/EESR/VAL
// exchange, both directions): the basis of the serial bandwidth warning.
double bytesPerUpdate(qsizetype items, NumericFormat format);

} // namespace cipherwatt::instruments
