#!/usr/bin/env python3
"""The library's public surface, listed from the compiler's symbol graphs, against docs/public-api.txt.

Usage: public-api.py [--write]. Dumps the symbol graphs (`swift package dump-symbol-graph
--minimum-access-level public`), lists every public declaration of the modules a consumer can import
(one line each: module, kind, path and signature; the compiler's synthesized members left out), and
fails naming what was added or removed unless the list is docs/public-api.txt; --write rewrites it.
A public declaration is a promise to every user: one added on purpose is added to the file too.
"""
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LISTED = os.path.join(ROOT, "docs", "public-api.txt")
MODULES = ["SeeMoreSupport", "SeeMoreImage", "SeeMoreText", "SeeMoreCatalog", "SeeMoreCards", "SeeMoreWorkers", "SeeMoreGoldens",
           "SeeMoreScan", "SeeMore", "SeeMoreTesting", "SeeMoreServer"]


def surface():
    run = subprocess.run(["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public"],
                         cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("public-api: swift package dump-symbol-graph failed:\n" + run.stdout + run.stderr)
    folder = next((line.split(" to ", 1)[1].strip() for line in run.stdout.splitlines() if "Files written to" in line), None)
    if not folder:
        sys.exit("public-api: no symbol graph folder in the output:\n" + run.stdout)
    lines = set()
    for path in glob.glob(os.path.join(folder, "*.symbols.json")):
        module = os.path.basename(path).split(".symbols.json")[0].split("@")[0]
        if module not in MODULES:
            continue
        graph = json.load(open(path))
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") != "public" or "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            signature = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
            lines.add(f"{module}\t{symbol['kind']['identifier']}\t{'.'.join(symbol['pathComponents'])}\t{' '.join(signature.split())}")
    return sorted(lines)


def main():
    found = surface()
    if "--write" in sys.argv:
        with open(LISTED, "w") as file:
            file.write("".join(line + "\n" for line in found))
        print(f"public-api: wrote {len(found)} declarations to docs/public-api.txt")
        return
    listed = open(LISTED).read().splitlines() if os.path.exists(LISTED) else []
    added = sorted(set(found) - set(listed))
    removed = sorted(set(listed) - set(found))
    for line in added:
        print("added:   " + line)
    for line in removed:
        print("removed: " + line)
    if added or removed:
        sys.exit(f"public-api: the public surface changed ({len(added)} added, {len(removed)} removed); if on purpose, "
                 "run python3 Tests/Scripts/public-api.py --write and say so in the commit")
    print(f"public-api: {len(found)} public declarations, as docs/public-api.txt lists them")


if __name__ == "__main__":
    main()
