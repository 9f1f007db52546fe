#!/usr/bin/env python3
"""The report of a large failing check, opened in a real headless Chromium: 2 000 failing cases in 200
change groups.

Two hundred copies of inline-more, each checked at ten widths, are recorded; then each copy's suffix
gets a color of its own, so that every copy is one change of 10 cases (a change group is a template's
change). `seemore check` writes the report, which the test opens from disk. It prints the page's
first contentful paint and how many cases and changes were built then (a figure, not a timed
assertion), and checks that the page builds only what is near the screen: far fewer than 2 000 cases
at first, more as it scrolls, a case far down complete once scrolled to (its anchor too), the
thumbnails of a group switching the specimen, and no console errors.

Usage: report_scale.py SEEMORE_BINARY. Needs chromium, chromium-driver and python3-selenium (Debian).
Prints 'report scale browser test: N checks passed'.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from urllib.parse import quote

import chromium

CHECKS = chromium.Checks("report scale browser test")
fail, check = CHECKS.fail, CHECKS.check
TEMPLATES = 200
WIDTHS = [240 + 20 * i for i in range(10)]


def make_report(binary, root):
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(repo, "Templates", "inline-more.json")) as file:
        original = json.load(file)
    templates = os.path.join(root, "Templates")
    os.makedirs(templates)
    names = [f"card-{i:03d}" for i in range(TEMPLATES)]

    def write(index, color):
        template = json.loads(json.dumps(original))
        if color:
            template["themes"]["light"]["suffix"] = color
        with open(os.path.join(templates, names[index] + ".json"), "w") as file:
            json.dump(template, file)

    for index in range(TEMPLATES):
        write(index, None)
    suite = os.path.join(root, "goldens", "suite.json")
    os.makedirs(os.path.dirname(suite))
    with open(suite, "w") as file:
        json.dump({
            "texts": {"cut": "We shipped the new onboarding flow today! Huge thanks to everyone who tested the early "
                             "builds, filed bugs at two in the morning and kept the coffee coming."},
            "matrices": [{"templates": names, "texts": ["cut"], "fonts": ["DejaVu Sans 15"], "widths": WIDTHS,
                          "states": ["collapsed"]}],
        }, file)
    base = [binary, "check", "--suite", suite, "--templates", templates, "--color", "never"]
    started = time.monotonic()
    recorded = subprocess.run(base + ["--record", "all", "--artifacts", os.path.join(root, "first")],
                              capture_output=True, text=True)
    check(recorded.returncode == 1, f"recording the goldens: exit {recorded.returncode}: {recorded.stderr[-2000:]}")
    for index in range(TEMPLATES):
        # A color of each template's own: red and green vary, blue stays low for contrast.
        write(index, "#%02X%02X30" % (0x60 + index % 100, 0x20 + index // 2))
    artifacts = os.path.join(root, "artifacts")
    checked = subprocess.run(base + ["--record", "never", "--artifacts", artifacts], capture_output=True, text=True)
    check(checked.returncode == 1, f"the changed suite must fail: exit {checked.returncode}: {checked.stderr[-2000:]}")
    print(f"recorded and checked {TEMPLATES * len(WIDTHS)} cases twice in {time.monotonic() - started:.0f} s")
    return artifacts


def main():
    if len(sys.argv) != 2:
        fail("usage: report_scale.py SEEMORE_BINARY")
    binary = os.path.abspath(sys.argv[1])
    root = tempfile.mkdtemp(prefix="seemore-report-scale-")
    artifacts = make_report(binary, root)
    with open(os.path.join(artifacts, "report.json")) as file:
        report = json.load(file)
    failing = [c for c in report["cases"] if c["failed"]]
    check(len(failing) == TEMPLATES * len(WIDTHS), f"every case fails: {len(failing)}")
    check(len(report["groups"]) == TEMPLATES, f"one change group per template: {len(report['groups'])}")
    check(all(g["count"] == len(WIDTHS) for g in report["groups"]), "each group holds its template's 10 cases")
    size = os.path.getsize(os.path.join(artifacts, "index.html"))
    print(f"index.html: {size / 1e6:.1f} MB, report.json: {os.path.getsize(os.path.join(artifacts, 'report.json')) / 1e6:.1f} MB")

    browser = chromium.start(fail, ["--force-device-scale-factor=2"], console_log=True)
    try:
        browser.set_window_size(1280, 1000)
        opened = time.monotonic()
        browser.get("file://" + os.path.join(artifacts, "index.html"))
        loaded = time.monotonic() - opened
        js = browser.execute_script
        paint = js("const p = performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint');"
                   "return p ? p.startTime : null")
        check(paint is not None, "the page paints")

        def built():
            return js("return [document.querySelectorAll('#groups .case .viewer').length,"
                      " document.querySelectorAll('#changes .change .specimen .viewer').length,"
                      " document.querySelectorAll('#groups .case').length, document.querySelectorAll('#changes .change').length]")

        cases_built, changes_built, case_nodes, change_nodes = built()
        print(f"first contentful paint: {paint:.0f} ms (page loaded in {loaded * 1000:.0f} ms); "
              f"built at first: {cases_built} of {case_nodes} cases, {changes_built} of {change_nodes} changes")
        check(case_nodes == len(failing), f"every failing case has its place in the list: {case_nodes}")
        check(change_nodes == TEMPLATES, f"every change has its place: {change_nodes}")
        check(changes_built < 60, f"only the changes near the screen are built: {changes_built}")
        check(cases_built < 100, f"only the cases near the screen are built: {cases_built}")

        # Scrolling builds what comes near the screen, and the page stays responsive.
        steps = []
        for fraction in [0.25, 0.5, 0.75, 1.0]:
            started = time.monotonic()
            js("window.scrollTo(0, document.documentElement.scrollHeight * arguments[0])", fraction)
            js("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            steps.append((time.monotonic() - started) * 1000)
        later = built()
        print("scrolled to 25/50/75/100%: " + ", ".join(f"{s:.0f} ms" for s in steps)
              + f"; built then: {later[0]} cases, {later[1]} changes")
        check(later[0] > cases_built, f"scrolling builds more cases: {later[0]}")
        check(later[0] < len(failing), f"not every case: {later[0]}")
        last = failing[-1]["name"]
        complete = js("const n = document.getElementById('case:' + arguments[0]);"
                      "return n ? [!!n.querySelector('.viewer'), n.querySelectorAll('img').length] : null", last)
        check(complete is not None and complete[0] and complete[1] > 0, f"the last case is built once on screen: {complete}")

        # An anchor far down opens its case complete.
        middle = failing[len(failing) // 2]["name"]
        page = "file://" + os.path.join(artifacts, "index.html")
        browser.get("about:blank")
        browser.get(page + "#" + quote("case:" + middle, safe=""))
        time.sleep(0.5)  # what comes near the screen is built after the jump: the case must stay in view
        anchored = js("const n = document.getElementById('case:' + arguments[0]);"
                      "const r = n.getBoundingClientRect(); return [!!n.querySelector('.viewer'), r.top < innerHeight && r.bottom > 0]", middle)
        check(anchored == [True, True], f"an anchored case is built and on screen: {anchored}")

        # A group's thumbnail shows that member large.
        group = report["groups"][TEMPLATES // 2]
        browser.get("about:blank")
        browser.get(page + "#" + quote("change:" + group["id"], safe=""))
        member = group["cases"][-1]
        shown = js("const g = document.getElementById('change:' + arguments[0]);"
                   "const b = [...g.querySelectorAll('.member')].find(b => b.dataset.name === arguments[1]);"
                   "if (!b) return null; b.click(); return g.querySelector('.specimen').dataset.name", group["id"], member)
        check(shown == member, f"the thumbnail shows its case in the specimen: {shown}")
        images = js("return [...document.querySelectorAll('img')].filter(i => i.complete && i.getBoundingClientRect().top < innerHeight"
                    " && i.getBoundingClientRect().bottom > 0).map(i => i.naturalWidth)")
        check(images and all(width > 0 for width in images), f"the images on screen load: {images[:10]}")
        errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
        check(not errors, f"no console errors: {errors[:3]}")
    finally:
        browser.quit()
    shutil.rmtree(root, ignore_errors=True)
    CHECKS.done()


if __name__ == "__main__":
    main()
