#!/usr/bin/env bash
# clang-tidy (.clang-tidy's checks) over the project's C++ sources, with the compile commands of
# a configured build. By default only the files changed since the branch left main (and those
# not yet committed); --all for every source (long: about an hour on two cores).
#   scripts/tidy.sh [--all] [build-dir]       (build-dir defaults to build/dev)
# Exits non-zero when clang-tidy reports a warning.
set -euo pipefail
cd "$(dirname "$0")/.."
all=0
if [ "${1:-}" = "--all" ]; then
    all=1
    shift
fi
build=${1:-build/dev}
if [ ! -f "$build/compile_commands.json" ]; then
    echo "tidy: $build/compile_commands.json is missing: configure that build first" >&2
    exit 1
fi
if [ $all -eq 1 ]; then
    mapfile -t files < <(git ls-files '*.cpp' | grep -v '^firmware/')
else
    base=$(git merge-base HEAD main 2>/dev/null || git rev-parse HEAD)
    mapfile -t files < <({ git diff --name-only "$base" -- '*.cpp'; git diff --name-only -- '*.cpp';
                           git ls-files --others --exclude-standard -- '*.cpp'; } |
                         sort -u | grep -v '^firmware/' | while read -r f; do [ -f "$f" ] && echo "$f"; done)
    if [ $base = "$(git rev-parse HEAD)" ] && [ ${#files[@]} -eq 0 ]; then
        mapfile -t files < <(git diff --name-only HEAD~1 -- '*.cpp' | while read -r f; do [ -f "$f" ] && echo "$f"; done)
    fi
fi
if [ ${#files[@]} -eq 0 ]; then
    echo "tidy: no changed C++ sources"
    exit 0
fi
echo "tidy: ${#files[@]} file(s)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
run-clang-tidy -quiet -p "$build" -j "$(nproc)" "${files[@]/#/$PWD/}" >"$log" 2>&1 || true
if grep -E '^/.*: (warning|error):' "$log" | sort -u | tee /dev/stderr | grep -q .; then
    exit 1
fi
echo "tidy: no warnings"
