#!/usr/bin/env python3
"""How many of twitter-text's extract cases (mentions, hashtags, URLs) the `x` template's entity rules
agree with. Not a test of make test: the conformance file is twitter-text's (Apache-2.0) and is not
copied into this repository; fetch github.com/twitter/twitter-text and pass its conformance/extract.yml.

    python3 Tests/Scripts/twitter-text-conformance.py path/to/extract.yml [.build/debug/seemore] [-v]
"""
import json
import subprocess
import sys

import yaml

SECTIONS = {"mentions": "mention", "hashtags": "hashtag", "urls": "url"}


def main():
    path = sys.argv[1]
    program = next((a for a in sys.argv[2:] if not a.startswith("-")), ".build/debug/seemore")
    verbose = "-v" in sys.argv
    tests = yaml.safe_load(open(path, encoding="utf-8"))["tests"]
    cases = [(section, case) for section in SECTIONS for case in tests[section]]
    lines = [json.dumps({"text": case["text"], "template": "x", "width": 2000, "state": "expanded"}) for _, case in cases]
    run = subprocess.run([program, "render", "--batch", "-", "--out", "/tmp/twitter-text-conformance"],
                         input="\n".join(lines) + "\n", capture_output=True, text=True)
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    totals = {section: [0, 0] for section in SECTIONS}
    for (section, case), answer in zip(cases, answers):
        kind = SECTIONS[section]
        entities = (answer.get("expanded") or answer).get("entities", []) if "error" not in answer else None
        found = [e["text"].lstrip("@＠#＃") if kind != "url" else e["text"] for e in entities or [] if e["kind"] == kind]
        expected = case["expected"]
        agree = found == expected
        totals[section][0] += agree
        totals[section][1] += 1
        if verbose and not agree:
            print(f"{section}: {case['description']}\n  text {case['text']!r}\n  want {expected}\n  got  {found if entities is not None else answer}")
    for section, (agree, count) in totals.items():
        print(f"{section}: {agree}/{count}")


if __name__ == "__main__":
    main()
