#!/usr/bin/env python3
"""Is the harness free? Runs `cipherwatt-bench run` and the libraries' own speed tools
interleaved on the same machine (AES-128-XTS, AES-256-XTS, ChaCha20; 4096-byte buffers) and
prints our throughput divided by theirs. Target: >= 0.97 for each pair.

For AES-XTS on OpenSSL it also runs bench_xts_reference (tests/bench/xts_reference.c), a plain
C loop over OpenSSL's EVP with nothing else in it, twice: with the tweak set once (as `openssl
speed` and the worker do) and with a new tweak for every buffer (as a disk does). That
separates the harness's own cost (worker / reference, same tweak; target <= 3 %) from the cost
of a per-buffer tweak (reference per buffer / reference once), with the median and range of
the interleaved rounds.

usage: compare_with_library_tools.py [--bench PATH] [--reference PATH] [--seconds S]
                                     [--rounds N] [--cpu N]
A benchmark, not a test: it prints figures; record them in docs/benchmarks.md.
"""
import argparse
import json
import re
import statistics
import subprocess
import sys

# Both tools stream one long message for ChaCha20 (the key stream continues from one buffer
# to the next), so the like-for-like run uses --chunking stream there; XTS restarts every data
# unit in all three. The per-message figures (--chunking message) are printed too: the
# difference is the cost of restarting the key stream for every buffer, not harness overhead.
CASES = [
    # (our id, openssl speed -evp name, botan speed name)
    ("aes-128-xts", "aes-128-xts", "AES-128/XTS"),
    ("aes-256-xts", "aes-256-xts", "AES-256/XTS"),
    ("chacha20", "chacha20", "ChaCha(20)"),
]


PIN = []  # ["taskset", "-c", "<cpu>"] with --cpu: every program on the same CPU


def ours(bench, cipher, backend, seconds, chunking):
    out = subprocess.run(
        PIN + [bench, "run", "--cipher", cipher, "--backend", backend, "--op", "encrypt",
         "--buffer", "4096", "--seconds", str(seconds), "--chunking", chunking, "--json"],
        check=True, capture_output=True, text=True).stdout
    end = [json.loads(line) for line in out.splitlines() if '"run_end"' in line][-1]
    return end["result"]["bytes_per_second"]


def openssl_speed(name, seconds):
    out = subprocess.run(
        PIN + ["openssl", "speed", "-elapsed", "-evp", name, "-bytes", "4096", "-seconds",
         str(int(seconds))],
        check=True, capture_output=True, text=True).stdout
    # Last line: "<NAME>  123456.78k" in 1000s of bytes per second.
    value = out.strip().splitlines()[-1].split()[-1]
    if not value.endswith("k"):
        raise RuntimeError("unexpected openssl speed output: " + out)
    return float(value[:-1]) * 1000.0


def botan_speed(name, seconds):
    out = subprocess.run(
        PIN + ["botan", "speed", "--buf-size=4096", "--msec=%d" % int(seconds * 1000), name],
        check=True, capture_output=True, text=True).stdout
    # "<algo> [encrypt ]buffer size 4096 bytes: 1061.234 MiB/sec ..."; take the encrypt line.
    for line in out.splitlines():
        if "decrypt" in line:
            continue
        m = re.search(r"([0-9.]+) MiB/sec", line)
        if m:
            return float(m.group(1)) * 1024 * 1024
    raise RuntimeError("unexpected botan speed output: " + out)


def reference(path, cipher, tweak, seconds):
    out = subprocess.run(
        PIN + [path, "--cipher", cipher, "--tweak", tweak, "--seconds", str(seconds),
               "--buffer", "4096"],
        check=True, capture_output=True, text=True).stdout
    return float(out.split()[0])


def spread(values):
    return "%.1f (%.1f-%.1f)" % (statistics.median(values) / 1e6, min(values) / 1e6,
                                 max(values) / 1e6)


def ratio_spread(a, b):
    """Median and range of the per-round ratios a[i] / b[i] (same round, adjacent in time)."""
    r = [x / y for x, y in zip(a, b)]
    return "%.3f (%.3f-%.3f)" % (statistics.median(r), min(r), max(r))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench", default="build/release/ciphers/cipherwatt-bench")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--reference", default="build/release/tests/bench_xts_reference")
    ap.add_argument("--cpu", type=int, default=None)
    args = ap.parse_args()
    if args.cpu is not None:
        PIN.extend(["taskset", "-c", str(args.cpu)])

    samples = {}
    for r in range(args.rounds):
        for cipher, ossl, botan in CASES:
            like = "stream" if cipher == "chacha20" else "message"
            pairs = [
                (("ours/openssl", cipher), lambda: ours(args.bench, cipher, "openssl",
                                                        args.seconds, like)),
                (("openssl speed", cipher), lambda: openssl_speed(ossl, args.seconds)),
                (("ours/botan", cipher), lambda: ours(args.bench, cipher, "botan",
                                                      args.seconds, like)),
                (("botan speed", cipher), lambda: botan_speed(botan, args.seconds)),
            ]
            if cipher.endswith("-xts"):
                pairs += [
                    (("reference/fixed", cipher),
                     lambda: reference(args.reference, cipher, "fixed", args.seconds)),
                    (("reference/per-buffer", cipher),
                     lambda: reference(args.reference, cipher, "per-buffer", args.seconds)),
                ]
            if like == "stream":
                pairs += [
                    (("per-message/openssl", cipher),
                     lambda: ours(args.bench, cipher, "openssl", args.seconds, "message")),
                    (("per-message/botan", cipher),
                     lambda: ours(args.bench, cipher, "botan", args.seconds, "message")),
                ]
            for key, fn in pairs:
                samples.setdefault(key, []).append(fn())
        print("round %d/%d done" % (r + 1, args.rounds), file=sys.stderr)

    med = {k: statistics.median(v) for k, v in samples.items()}
    print("%-12s %-8s %14s %14s %7s" % ("cipher", "backend", "ours MB/s", "tool MB/s", "ratio"))
    worst = 10.0
    for cipher, _, _ in CASES:
        for backend, tool in (("openssl", "openssl speed"), ("botan", "botan speed")):
            a = med[("ours/" + backend, cipher)]
            b = med[(tool, cipher)]
            worst = min(worst, a / b)
            print("%-12s %-8s %14.1f %14.1f %7.3f" % (cipher, backend, a / 1e6, b / 1e6, a / b))
            if ("per-message/" + backend, cipher) in med:
                m = med[("per-message/" + backend, cipher)]
                print("%-12s %-8s %14.1f %14s %7.3f  (--chunking message: key stream restarted"
                      " per buffer)" % ("", "", m / 1e6, "", m / b))
    print("median of %d interleaved rounds of %.1f s each; lowest ratio %.3f (target >= 0.97)"
          % (args.rounds, args.seconds, worst))

    print()
    print("AES-XTS on OpenSSL, MB/s: median (range) of %d rounds" % args.rounds)
    for cipher, _, _ in CASES:
        if not cipher.endswith("-xts"):
            continue
        tool = samples[("openssl speed", cipher)]
        fixed = samples[("reference/fixed", cipher)]
        per = samples[("reference/per-buffer", cipher)]
        worker = samples[("ours/openssl", cipher)]
        print("%s" % cipher)
        print("  openssl speed (tweak set once)            %s" % spread(tool))
        print("  C reference, tweak set once               %s" % spread(fixed))
        print("  C reference, new tweak every buffer       %s" % spread(per))
        print("  cipherwatt-bench run (tweak set once)     %s" % spread(worker))
        print("  harness: worker / C reference (once)      %s  (target >= 0.97)"
              % ratio_spread(worker, fixed))
        print("  tweak: C per buffer / C once              %s" % ratio_spread(per, fixed))
        print("  C reference (once) / openssl speed        %s" % ratio_spread(fixed, tool))
        print("  worker / openssl speed                    %s" % ratio_spread(worker, tool))


if __name__ == "__main__":
    main()
