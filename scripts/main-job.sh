#!/usr/bin/env bash
# The main job. With a display (X11 or Wayland), the CipherWatt window opens (the simulated
# WT332 preselected when no WT300 is attached; this machine's worker from the build). Without
# one: one real session from the command line. The meter is the first WT300 on USB; without
# one, this machine's RAPL psys or single package zone or its one discharging battery when
# readable now (named as the meter everywhere, no accuracy specified); else the simulated WT332
# (marked SIMULATED everywhere); the DUT is this machine. A short idle baseline, then a handful of the first paper's ciphers, encryption and
# decryption, each sized by a pilot run to span 50 meter updates; stored in the default
# database (~/.local/share/cipherwatt/sessions.sqlite) and printed as the paper's table.
set -euo pipefail
build=${1:-build/main}
cli="$build/app/cipherwatt-cli"
window="$build/app/cipherwatt"
if [[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" && -x "$window" ]]; then
    exec "$window" --worker "$build/ciphers/cipherwatt-bench"
fi
"$cli" --version
"$cli" run --meter auto --dut local \
    --label "main job $(date -u +%Y-%m-%dT%H:%MZ)" --tag main-job \
    --plan aes-128-xts/openssl,chacha20/openssl,lea-128-xts/custom,cham-128-128-xts/custom,adiantum-xchacha12-aes/custom \
    --baseline 10 --min-updates 50
echo
"$cli" sessions | tail -n 5
