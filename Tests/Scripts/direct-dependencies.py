#!/usr/bin/env python3
"""Every target that depends on a module re-exporting others depends on those others directly.

Usage: direct-dependencies.py. Reads the package (`swift package dump-package`) and the `@_exported
import`s of its Swift sources, and fails naming each target that depends on a re-exporting module
(SeeMore, SeeMoreTesting) without depending on every module that one re-exports.

Why: SwiftPM rebuilds a target when a module it depends on changes, not when a module re-exported
through another one does. A private stored property added to a class of SeeMoreText changes the
class's size but not SeeMore's interface, so an incremental release build left the command line
allocating the old size, and `seemore layout` wrote past the engine it had allocated
(swiftlang/swift#89636, swiftlang/swift-package-manager#10502).
"""
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def dependency_names(target):
    names = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def reexported(module):
    """The modules whose declarations `module`'s sources re-export (`@_exported import`)."""
    found = set()
    for path in glob.glob(os.path.join(ROOT, "Sources", module, "**", "*.swift"), recursive=True):
        for line in open(path, encoding="utf-8"):
            match = re.match(r"\s*@_exported\s+import\s+(?:(?:struct|class|enum|protocol|func|typealias|var|let)\s+)?(\w+)", line)
            if match:
                found.add(match.group(1))
    return found


def main():
    run = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("direct-dependencies: swift package dump-package failed:\n" + run.stderr)
    targets = {target["name"]: target for target in json.loads(run.stdout)["targets"]}
    reexports = {name: reexported(name) & set(targets) for name in targets}
    reexports = {name: modules for name, modules in reexports.items() if modules}
    if not reexports:
        sys.exit("direct-dependencies: no module of the package re-exports another; is the script reading the sources?")
    problems = []
    for name, target in sorted(targets.items()):
        direct = dependency_names(target)
        for umbrella in sorted(direct & set(reexports)):
            missing = sorted(reexports[umbrella] - direct - {name})
            if missing:
                problems.append(f"{name} depends on {umbrella} but not directly on {', '.join(missing)}, which it re-exports")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        print("(add them to the target's dependencies in Package.swift: `+ library`)", file=sys.stderr)
        sys.exit(1)
    print(f"direct-dependencies: every target depending on {', '.join(sorted(reexports))} depends on what it re-exports")


main()
