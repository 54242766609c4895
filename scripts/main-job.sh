#!/usr/bin/env bash
# The main job until the session runner exists: the worker checks itself against every published
# vector, then measures a few ciphers on this machine (1 s each, 4096-byte buffers).
set -euo pipefail
build=${1:-build/release}
bench="$build/ciphers/cipherwatt-bench"
"$bench" --version
"$bench" self-test
echo
printf '%-24s %-8s %-8s %8s %12s %10s %-11s %8s  %s\n' \
    cipher backend op buffer "MB/s" "cyc/byte" counter seconds implementation
for cipher in aes-128-xts aes-256-xts chacha20 aes-128-gcm; do
    for backend in openssl botan; do
        for op in encrypt decrypt; do
            "$bench" run --cipher "$cipher" --backend "$backend" --op "$op" --buffer 4096 --seconds 1
        done
    done
done
