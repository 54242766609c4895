#!/usr/bin/env python3
"""Fails, naming them, on Catch2 test names that CTest cannot run as one test.

catch_discover_tests() registers each TEST_CASE under its name, and CMake splits a list at every
';': a name with one becomes a shorter name that matches no test case, which Catch2 then runs
as "no test cases matched" and CTest counts as passed. Such a test can never fail, so its name
may not have one. (The storage tests run as one executable and are not registered by name.)
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent / "tests"
test_case = re.compile(r'TEST_CASE\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)')
bad = []
for path in sorted(root.rglob("*.cpp")):
    if path.parent.name == "storage":
        continue
    text = path.read_text(encoding="utf-8")
    for match in test_case.finditer(text):
        name = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', match.group(1)))
        if ";" in name:
            line = text.count("\n", 0, match.start()) + 1
            bad.append(f"{path.relative_to(root.parent)}:{line}: {name}")
for entry in bad:
    print(entry)
if bad:
    print(f"{len(bad)} test name(s) with ';': CTest would run them as names that match nothing")
    sys.exit(1)
