#!/usr/bin/env bash
# Fails, naming the files, when a C or C++ source under version control is not formatted as
# .clang-format says. Fast (a few seconds); run by the test suite and before a commit.
#   scripts/check-format.sh          # check
#   scripts/check-format.sh --fix    # reformat in place
set -euo pipefail
cd "$(dirname "$0")/.."
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -t files < <(git ls-files '*.c' '*.cpp' '*.h')
else
    mapfile -t files < <(find app ciphers core instruments resources tests firmware \
                              -name '*.c' -o -name '*.cpp' -o -name '*.h' 2>/dev/null | sort)
fi
if [ "${1:-}" = "--fix" ]; then
    clang-format -i "${files[@]}"
    exit 0
fi
# One clang-format for every file; its complaints name the files.
if ! out=$(clang-format --dry-run --Werror "${files[@]}" 2>&1); then
    bad=$(printf '%s\n' "$out" | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error:.*/\1/p' | sort -u | tr '\n' ' ')
    echo "not clang-formatted (scripts/check-format.sh --fix): ${bad:-$out}" >&2
    exit 1
fi
echo "${#files[@]} files clang-formatted"
