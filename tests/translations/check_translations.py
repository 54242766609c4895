#!/usr/bin/env python3
"""Fails when a message of the window has no translation in a .ts file.

lupdate reads the sources (an lupdate list file written by translations/CMakeLists.txt) into a
copy of the .ts file, as `update_translations` would: a string added to the code since the file
was last translated comes in as unfinished, one whose text changed as unfinished beside its old
version (which -no-obsolete drops). Every message must then be finished, with no empty form,
and keep the source's %1, %2, ... and %n.

  check_translations.py --lupdate <lupdate> --sources <list file> --ts <file.ts> [--plural-only]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

PLACEHOLDER = re.compile(r"%(?:L?[1-9][0-9]?|n)")


def problems(ts_path):
    found = []
    for context in ET.parse(ts_path).getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            kind = translation.get("type", "")
            forms = [f.text or "" for f in translation.iter("numerusform")]
            if message.get("numerus") != "yes":
                forms = [translation.text or ""]
            where = f"{name}: {source!r}"
            if kind in ("unfinished", "vanished", "obsolete"):
                found.append(f"{kind}: {where}")
            elif any(not form.strip() for form in forms):
                found.append(f"empty: {where}")
            else:
                wanted = sorted(set(PLACEHOLDER.findall(source)))
                for form in forms:
                    have = sorted(set(PLACEHOLDER.findall(form)))
                    if have != wanted:
                        found.append(f"placeholders {have} instead of {wanted}: {where} -> {form!r}")
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lupdate", required=True)
    parser.add_argument("--sources", required=True, help="lupdate list file")
    parser.add_argument("--ts", required=True)
    parser.add_argument("--plural-only", action="store_true")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as work:
        # The same file name, so that lupdate takes the language from it as it does in the tree.
        copy = os.path.join(work, os.path.basename(args.ts))
        shutil.copyfile(args.ts, copy)
        command = [args.lupdate, "-silent", "-no-obsolete", "-locations", "none",
                   "@" + args.sources, "-ts", copy]
        if args.plural_only:
            command.insert(1, "-pluralonly")
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode != 0:
            sys.stderr.write(run.stdout + run.stderr)
            print(f"lupdate failed ({run.returncode})")
            return 1
        found = problems(copy)

    name = os.path.basename(args.ts)
    if found:
        print(f"{name}: {len(found)} message(s) without a usable translation "
              f"(translate them, e.g. in Qt Linguist after `cmake --build --preset dev "
              f"--target update_translations`):")
        for line in found:
            print("  " + line)
        return 1
    print(f"{name}: every message translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
