#!/usr/bin/env python3
"""Every custom-backend cipher, encryption and decryption, on the portable path and on the
best instruction set this CPU has (4096-byte buffers): throughput and cycles per byte.

usage: custom_ciphers.py [--bench PATH] [--seconds S] [--isa LEVEL ...] [--markdown]
A benchmark, not a test: it prints figures; record them in docs/benchmarks.md with the machine.
Cycles are the worker's counter (perf cycles where available, otherwise the TSC).
"""
import argparse
import json
import subprocess


def run(bench, cipher, op, isa, seconds):
    out = subprocess.run(
        [bench, "run", "--isa", isa, "--cipher", cipher, "--backend", "custom", "--op", op,
         "--buffer", "4096", "--seconds", str(seconds), "--json"],
        check=True, capture_output=True, text=True).stdout
    return [json.loads(l) for l in out.splitlines() if '"run_end"' in l][-1]["result"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench", default="build/release/ciphers/cipherwatt-bench")
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--isa", nargs="*", help="levels to compare (default: portable and best)")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()

    listing = json.loads(subprocess.run([args.bench, "list", "--json"], check=True,
                                        capture_output=True, text=True).stdout)
    hello = subprocess.run([args.bench, "serve"], input="", check=True, capture_output=True,
                           text=True).stdout.splitlines()[0]
    supported = json.loads(hello)["system"]["isa_supported"]
    levels = args.isa or sorted({"portable", supported[-1]}, key=supported.index)
    ids = [c["id"] for c in listing if "custom" in c["backends"]]

    header = ["cipher", "op"] + ["%s MB/s" % l for l in levels] + ["%s cpb" % l for l in levels]
    rows = []
    impl = {}
    for cipher in ids:
        for op in ("encrypt", "decrypt"):
            results = [run(args.bench, cipher, op, isa, args.seconds) for isa in levels]
            for isa, r in zip(levels, results):
                impl[(cipher, isa)] = r["provenance"]["implementation"]
            rows.append([cipher, op] + ["%.1f" % (r["bytes_per_second"] / 1e6) for r in results]
                        + ["%.2f" % r["cycles_per_byte"] for r in results])
    counter = results[-1]["counter"]
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
        for row in [header] + rows:
            print("  ".join(str(x).ljust(w) for x, w in zip(row, widths)))
    print("\ncycles from the '%s' counter; implementations:" % counter)
    for (cipher, isa), text in impl.items():
        print("  %s @ %s: %s" % (cipher, isa, text))


if __name__ == "__main__":
    main()
