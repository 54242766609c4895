#!/usr/bin/env python3
"""Names that would clash in the main preset's unity build (CIPHERWATT_UNITY_BUILD).

A unity build compiles several .cpp files of a target as one unit, so two files' anonymous
namespaces (and file-scope `static`s) become one. Two constants or types of the same name then
fail to compile, but two functions of the same name with different parameters silently become
an overload set, and a call in one file may pick the other file's function. This check lists
every name declared at namespace scope inside an anonymous namespace, or as a file-scope static,
by two or more files of one target, and every file-local name that another file of the target
defines as a free function at namespace scope (the two overload, or a call is ambiguous); it
exits non-zero if there is any.

Usage: check-unity-names.py DIR, where DIR holds one <target>.txt per unity-built target
(written by cmake/ProjectOptions.cmake: the target's source directory on the first line, then
its sources). It relies on the project's style (clang-format: namespace contents at column 0).
"""
import pathlib
import re
import sys

KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "static_assert", "decltype",
            "alignof", "noexcept", "operator"}
PATTERNS = [
    re.compile(r"^(?:struct|class|union|enum(?:\s+class)?)\s+(\w+)"),
    re.compile(r"^(?:static\s+)?(?:inline\s+)?(?:constexpr|const|constinit)\s[^=({;]*?(\w+)\s*(?:\[[^\]]*\])*\s*[={]"),
    # A function: a return type, the name, an opening parenthesis.
    re.compile(r"^(?:static\s+)?(?:inline\s+)?(?:constexpr\s+)?[A-Za-z_][\w:<>,\s\*&]*?[\s\*&](\w+)\s*\("),
]


def names(path, exported=None):
    """Names declared at the top level of anonymous namespaces, and file-scope statics, each with
    what it is: an alias's type (two aliases of one type do not clash), or None. Free functions
    the file defines for other files (at namespace scope, outside anonymous namespaces) go into
    `exported`: a file-local function of the same name in another file of the batch would make
    an overload set with it, or an ambiguous call."""
    found = {}
    depth = 0  # inside how many anonymous namespaces (column-0 braces only)
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if re.match(r"^namespace\s*\{", line):
            depth += 1
            continue
        if depth and re.match(r"^\}\s*//\s*namespace\s*$", line):
            depth -= 1
            continue
        if not line or line[0] in " \t#/}{" or line.startswith("template"):
            continue
        if not depth and not line.startswith("static "):
            m = PATTERNS[2].match(line)
            if exported is not None and m and m.group(1) not in KEYWORDS:
                exported.add(m.group(1))
            continue
        alias = re.match(r"^using\s+(\w+)\s*=\s*(.*?);?\s*$", line)
        if alias:
            found[alias.group(1)] = alias.group(2)
            continue
        for pattern in PATTERNS:
            m = pattern.match(line)
            if m and m.group(1) not in KEYWORDS:
                found[m.group(1)] = None
                break
    return found


def main():
    if len(sys.argv) != 2:
        print("usage: check-unity-names.py DIR", file=sys.stderr)
        return 2
    lists = sorted(pathlib.Path(sys.argv[1]).glob("*.txt"))
    if not lists:
        print(f"no target lists in {sys.argv[1]}", file=sys.stderr)
        return 2
    clashes = 0
    for listing in lists:
        lines = listing.read_text(encoding="utf-8").splitlines()
        source_dir = pathlib.Path(lines[0])
        files = {}
        exported = {}
        for entry in lines[1:]:
            path = pathlib.Path(entry)
            if not path.is_absolute():
                path = source_dir / path
            if path.suffix == ".cpp" and path.is_file():
                exported[path] = set()
                files[path] = names(path, exported[path])
        owners = {}
        for path, declared in files.items():
            for name, alias in declared.items():
                owners.setdefault(name, []).append((path, alias))
        for name, where in sorted(owners.items()):
            paths = [p for p, _ in where]
            aliases = {a for _, a in where}
            if len(paths) > 1 and (None in aliases or len(aliases) > 1):
                clashes += 1
                where = ", ".join(str(p.relative_to(source_dir)) for p in sorted(paths))
                print(f"{listing.stem}: '{name}' is declared file-locally in {where}: rename one, "
                      "or share one definition in a header")
        for path, declared in sorted(files.items()):
            for name in sorted(declared):
                if declared[name] is not None:
                    continue  # an alias is a type, not a function
                others = sorted(p for p, e in exported.items() if p != path and name in e)
                if others:
                    clashes += 1
                    print(f"{listing.stem}: '{name}' is file-local in "
                          f"{path.relative_to(source_dir)} and a function of "
                          f"{', '.join(str(p.relative_to(source_dir)) for p in others)}: in one "
                          "unity batch they overload or clash; use the shared one, or rename")
        print(f"{listing.stem}: {len(files)} files, {sum(map(len, files.values()))} file-local names")
    return 1 if clashes else 0


if __name__ == "__main__":
    sys.exit(main())
