#!/usr/bin/env python3
"""The golden report (index.html) driven in a real headless Chromium, as a reviewer uses it.

A small suite is recorded, then its templates change so that cases fail in every way a review meets:
pixels (a suffix color, low contrast too), size (a line height), layout (a suffix text that moves the
cut), a new case (a golden removed) and an unused golden. `seemore check` writes the report; the test
copies the artifacts folder alone somewhere else (as a CI upload would) and opens it from disk. It
then checks the summary bar against report.json, the failures-first listing, every compare mode,
zoom and pan, the filters and search, keyboard navigation, anchors, the layout diff and the contrast
notes — asserting the DOM after each step — and that every image loads and the console stays free
of errors.

Usage: report.py SEEMORE_BINARY. Needs chromium, chromium-driver and python3-selenium (Debian);
without them it fails and says what is missing. Prints 'report browser test: N checks passed'.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import chromium

CHECKS = chromium.Checks("report browser test")
fail, check = CHECKS.fail, CHECKS.check
BINARY = None


SUITE = {
    "texts": {
        "cut": "We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds, "
               "filed bugs at two in the morning and kept the coffee coming.",
        "fits": "Morning coffee on the balcony.",
    },
    "matrices": [
        {"templates": ["inline-more", "x", "read-more-tail", "fade-overlay"], "texts": ["cut", "fits"], "fonts": ["DejaVu Sans 15"],
         "widths": [320]},
    ],
}


def edit(path, change):
    with open(path) as file:
        template = json.load(file)
    change(template)
    with open(path, "w") as file:
        json.dump(template, file, indent=1)


def make_changed_suite(binary, root, check):
    """Records a small suite, then changes its templates and goldens so that cases fail in every way;
    returns the suite file, the templates folder and the check command's start."""
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    templates = os.path.join(root, "Templates")
    shutil.copytree(os.path.join(repo, "Templates"), templates)
    suite = os.path.join(root, "goldens", "suite.json")
    os.makedirs(os.path.dirname(suite))
    with open(suite, "w") as file:
        json.dump(SUITE, file)
    base = [binary, "check", "--suite", suite, "--templates", templates, "--color", "never"]
    recorded = subprocess.run(base + ["--record", "all", "--artifacts", os.path.join(root, "first")],
                              capture_output=True, text=True)
    check(recorded.returncode == 1, f"recording the goldens: exit {recorded.returncode}: {recorded.stderr}")
    # Pixels (and contrast): read-more-tail's suffix gets a pale color.
    edit(os.path.join(templates, "read-more-tail.json"), lambda t: t["themes"]["light"].update(suffix="#9CCBF2"))
    # Size: x gets a taller line.
    edit(os.path.join(templates, "x.json"), lambda t: t["body"].update(lineHeight="22pt"))
    # Layout: inline-more's longer suffix moves the cut.
    edit(os.path.join(templates, "inline-more.json"), lambda t: t["suffix"].update(text="Continue reading"))
    goldens = os.path.dirname(suite)
    fits = os.path.join(goldens, "read-more-tail", "fits", "DejaVuSans-15@320.light.collapsed")
    os.remove(fits + ".png")  # new
    os.remove(fits + ".layout.txt")
    unused = os.path.join(goldens, "read-more-tail", "cut", "DejaVuSans-15@999.light.collapsed")
    shutil.copy(os.path.join(goldens, "read-more-tail", "cut", "DejaVuSans-15@320.light.collapsed.png"), unused + ".png")
    shutil.copy(os.path.join(goldens, "read-more-tail", "cut", "DejaVuSans-15@320.light.collapsed.layout.txt"),
                unused + ".layout.txt")
    return suite, templates, base


def make_report(binary, root):
    """The changed suite's report, its artifacts folder moved elsewhere."""
    _, _, base = make_changed_suite(binary, root, check)
    artifacts = os.path.join(root, "artifacts")
    checked = subprocess.run(base + ["--record", "never", "--artifacts", artifacts], capture_output=True, text=True)
    check(checked.returncode == 1, f"the changed suite must fail: exit {checked.returncode}: {checked.stderr}")
    check("Report: " in checked.stdout, "check prints the report's path")
    # Only the artifacts folder travels, as a CI upload: the report must not reach back to the goldens.
    uploaded = os.path.join(root, "uploaded", "artifacts")
    shutil.copytree(artifacts, uploaded)
    shutil.rmtree(artifacts)
    return uploaded


def main():
    if len(sys.argv) != 2:
        fail("usage: report.py SEEMORE_BINARY")
    global BINARY
    binary = BINARY = os.path.abspath(sys.argv[1])
    try:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
    except ImportError:
        fail("python3-selenium is not installed (apt-get install python3-selenium); the browser test cannot run")
    root = tempfile.mkdtemp(prefix="seemore-report-")
    artifacts = make_report(binary, root)
    with open(os.path.join(artifacts, "report.json")) as file:
        report = json.load(file)
    cases = report["cases"]
    failing = [c for c in cases if c["status"] != "passed"]
    by_change = {}
    for c in cases:
        by_change.setdefault(c["change"], []).append(c)
    for kind in ["pixels", "size", "layout", "new", "passed"]:
        check(kind in by_change, f"the fixture has a '{kind}' case: {sorted(by_change)}")
    check(len(report["unused"]) == 1, f"one unused golden: {report['unused']}")

    browser = chromium.start(fail, ["--force-device-scale-factor=2"], console_log=True)
    page = "file://" + os.path.join(artifacts, "index.html")
    try:
        browser.set_window_size(1280, 1000)
        browser.get(page)
        js = browser.execute_script

        def visible_cases():
            return js("return [...document.querySelectorAll('.case')].filter(n => !n.hidden && !n.closest('.group').hidden)"
                      ".map(n => n.dataset.name)")

        def node(name):
            return browser.find_element(By.ID, "case:" + name)

        def press(key):
            ActionChains(browser).send_keys(key).perform()
            time.sleep(0.05)

        # Summary bar: one count per kind, as report.json has them; passed is off.
        counts = js("return Object.fromEntries([...document.querySelectorAll('.counts button')]"
                    ".map(b => [b.dataset.kind, [Number(b.querySelector('.n').textContent), b.getAttribute('aria-pressed')]]))")
        for change, members in by_change.items():
            check(counts.get(change, [None])[0] == len(members), f"summary count of {change}: {counts.get(change)} vs {len(members)}")
        check(counts["passed"][1] == "false" and counts["pixels"][1] == "true", f"passed cases are behind a filter: {counts}")
        check(counts["unused"][0] == 1, f"unused count: {counts}")

        # Failures first: only failing cases (and the unused golden) are listed; groups without one are hidden.
        shown = visible_cases()
        unused = [os.path.relpath(u["golden"], report["goldens"]) for u in report["unused"]]
        expected = sorted([c["name"] for c in failing] + unused)
        check(sorted(shown) == expected, f"listed by default: {sorted(shown)}\nexpected {expected}")
        hidden_groups = js("return [...document.querySelectorAll('.group')].filter(g => g.hidden)"
                           ".map(g => g.querySelector('.case[data-failed=true]') ? 'failing' : 'passing')")
        check(hidden_groups and set(hidden_groups) == {"passing"}, f"only groups of passed cases are hidden: {hidden_groups}")
        first_group = js("return document.querySelector('.group:not([hidden])').dataset.failing")
        check(int(first_group) > 0, "the first group listed has failures")

        # Every image of the page loads from inside the artifacts folder.
        def images_ok():
            return js("""
                const all = [...document.querySelectorAll('img')];
                return all.map(i => [i.getAttribute('src'), i.complete, i.naturalWidth]);""")
        for source, complete, width in images_ok():
            check(".." not in source.split("/") and not source.startswith("/"), f"image source leaves the folder: {source}")
            check(os.path.isfile(os.path.join(artifacts, source)), f"image missing from the artifacts: {source}")

        # A pixels case: its count and percentage, as report.json says.
        pixels_case = by_change["pixels"][0]
        text = node(pixels_case["name"]).find_element(By.CSS_SELECTOR, ".pixels").text
        check(f"{pixels_case['differentPixels']:,} pixels" in text and "%" in text, f"pixel count shown: {text!r}")
        notes = node(pixels_case["name"]).find_element(By.CSS_SELECTOR, ".contrast").text
        check("below WCAG AA" in notes and "#9CCBF2" in notes, f"the pale suffix is flagged: {notes!r}")
        check("#9CCBF2" in browser.find_element(By.ID, "accessibility").text, "the accessibility note lists the pale suffix")

        # A layout case: the whole layout diff, with the dropped words marked.
        layout_case = next(c for c in by_change["layout"] if "/cut/" in c["name"])
        table = node(layout_case["name"]).find_element(By.CSS_SELECTOR, "table.layout")
        deleted = " ".join(e.text for e in table.find_elements(By.CSS_SELECTOR, "del"))
        inserted = " ".join(e.text for e in table.find_elements(By.CSS_SELECTOR, "ins"))
        check("More" in deleted and "Continue" in inserted, f"suffix change marked: del {deleted!r} ins {inserted!r}")
        rows = table.find_elements(By.CSS_SELECTOR, "tbody tr.changed")
        check(len(rows) >= 2, f"every changed line is shown (kept and the last line at least): {len(rows)}")
        check("cut" in layout_case["message"], f"the console message names the cut: {layout_case['message']!r}")

        # Keyboard: j/k walk the failures in page order and keep an anchor in the address.
        order = js("return [...document.querySelectorAll('.case[data-failed=true]')].filter(n => !n.hidden).map(n => n.dataset.name)")
        press("j")
        check(js("return document.querySelector('.case.current').dataset.name") == order[0], "j selects the first failure")
        press("j")
        current = js("return document.querySelector('.case.current').dataset.name")
        check(current == order[1], f"j again selects the second: {current} vs {order[1]}")
        check(js("return decodeURIComponent(location.hash)") == "#case:" + order[1], "the address holds the case's anchor")
        press("k")
        check(js("return document.querySelector('.case.current').dataset.name") == order[0], "k goes back")

        # Compare modes 1–5 on a size change: DOM after each, controls never over the images.
        size_case = by_change["size"][0]["name"]
        while js("return document.querySelector('.case.current').dataset.name") != size_case:
            before = js("return document.querySelector('.case.current').dataset.name")
            press("j")
            check(js("return document.querySelector('.case.current').dataset.name") != before, "j reaches the size case")
        case = node(size_case)

        def state():
            return js("""
                const n = arguments[0], v = n.querySelector('.viewer');
                return { mode: n.dataset.mode, pressed: [...n.querySelectorAll('.modes button')].filter(b => b.getAttribute('aria-pressed') === 'true').map(b => b.dataset.mode),
                  images: [...v.querySelectorAll('img')].map(i => i.dataset.image), range: !n.querySelector('input[type=range]').hidden,
                  toolbarBottom: n.querySelector('.toolbar').getBoundingClientRect().bottom, viewerTop: v.getBoundingClientRect().top };""", case)

        expectations = {"1": ("side", ["golden", "actual", "diff"], False), "2": ("slider", ["golden", "actual"], True),
                        "3": ("onion", ["golden", "actual"], True), "4": ("blink", ["golden", "actual"], False),
                        "5": ("diff", ["diff"], False)}
        for key, (mode, images, has_range) in expectations.items():
            press(key)
            now = state()
            check(now["mode"] == mode and now["pressed"] == [mode], f"key {key}: mode {now}")
            check(now["images"] == images, f"{mode}: images {now['images']} vs {images}")
            check(now["range"] == has_range, f"{mode}: range shown {now['range']}")
            check(now["toolbarBottom"] <= now["viewerTop"], f"{mode}: the controls overlap the images {now}")
            if mode in ("slider", "onion"):
                js("const r = arguments[0].querySelector('input[type=range]'); r.value = 30; r.dispatchEvent(new Event('input'));", case)
                style = js("const a = arguments[0].querySelector('.stack [data-image=actual]'); return [a.style.clipPath, a.style.opacity];", case)
                if mode == "slider":
                    check("30%" in style[0] and style[1] in ("1", ""), f"slider at 30%: {style}")
                else:
                    check(style[0] == "none" and abs(float(style[1]) - 0.3) < 1e-6, f"onion at 30%: {style}")
            if mode == "blink":
                seen = set()
                for _ in range(20):
                    seen.add(js("return arguments[0].dataset.showing", case))
                    time.sleep(0.1)
                check(seen == {"golden", "actual"}, f"blink shows golden and actual in turn: {seen}")
            if mode == "diff":
                sizes = js("const d = arguments[0].querySelector('[data-image=diff]'); return [d.naturalWidth, d.naturalHeight];", case)
                golden = by_change["size"][0]
                check(sizes[1] > 0, f"the size change has a diff image: {sizes}")
        # The union canvas: the diff is as tall as the taller of golden and actual.
        press("1")
        dims = js("""return Object.fromEntries([...arguments[0].querySelectorAll('.viewer img')].map(i => [i.dataset.image, [i.naturalWidth, i.naturalHeight]]));""", case)
        check(dims["diff"] == [max(dims["golden"][0], dims["actual"][0]), max(dims["golden"][1], dims["actual"][1])],
              f"size diff on the union canvas: {dims}")

        # Zoom 1:1, 2×, 4× (pixelated), by button and by key; pan by dragging at 4×.
        press("2")

        def zoom():
            return js("""const n = arguments[0], i = n.querySelector('.viewer [data-image=golden]');
                return [n.querySelector('.viewer').dataset.zoom, i.getBoundingClientRect().width / i.naturalWidth, getComputedStyle(i).imageRendering];""", case)
        check(zoom()[0] == "1" and abs(zoom()[1] - 1) < 0.01, f"1:1 by default: {zoom()}")
        case.find_element(By.CSS_SELECTOR, ".zooms [data-zoom='4']").click()
        check(zoom()[0] == "4" and abs(zoom()[1] - 4) < 0.01 and zoom()[2] == "pixelated", f"4× pixelated: {zoom()}")
        press("-")
        check(zoom()[0] == "2" and abs(zoom()[1] - 2) < 0.01, f"- zooms out to 2×: {zoom()}")
        press("+")
        check(zoom()[0] == "4", f"+ zooms in to 4×: {zoom()}")
        viewer = case.find_element(By.CSS_SELECTOR, ".viewer")
        js("arguments[0].scrollIntoView({block: 'center'})", viewer)
        scrollable = js("return arguments[0].scrollWidth > arguments[0].clientWidth", viewer)
        check(scrollable, "a 4× image is wider than the viewer, so it pans")
        ActionChains(browser).move_to_element(viewer).click_and_hold().move_by_offset(-200, -60).release().perform()
        check(js("return arguments[0].scrollLeft", viewer) > 100, "dragging pans the zoomed image")

        # Search by name.
        search = browser.find_element(By.ID, "search")
        press("/")
        check(js("return document.activeElement.id") == "search", "/ focuses the search")
        search.send_keys("read-more-tail/")
        shown = visible_cases()
        check(shown and all(name.startswith("read-more-tail/") for name in shown), f"search filters by name: {shown}")
        search.send_keys(Keys.ESCAPE)
        search.clear()
        js("document.getElementById('search').dispatchEvent(new Event('input'))")

        # The passed filter shows the passed cases with their goldens, copied into the artifacts.
        browser.find_element(By.CSS_SELECTOR, ".counts [data-kind=passed]").click()
        shown = visible_cases()
        check(len(shown) == len(cases) + len(report["unused"]), f"all cases shown with passed on: {len(shown)}")
        check(js("return document.querySelector('.counts [data-kind=passed]').getAttribute('aria-pressed')") == "true",
              "the passed filter is pressed")
        for source, _, _ in images_ok():
            check(os.path.isfile(os.path.join(artifacts, source)), f"image missing from the artifacts: {source}")
        # Turning a kind off hides it.
        browser.find_element(By.CSS_SELECTOR, ".counts [data-kind=size]").click()
        check(not any(name in visible_cases() for name in [c["name"] for c in by_change["size"]]), "the size filter hides size changes")

        # A stable anchor opens the page at its case, even a passed one behind the filter.
        passed_case = by_change["passed"][0]["name"]
        browser.get(page + "#" + "case:" + passed_case)
        browser.refresh()
        time.sleep(0.2)
        check(js("return document.querySelector('.case.current')?.dataset.name") == passed_case, "an anchor selects its case")
        check(passed_case in visible_cases(), "an anchor shows its case even behind a filter")

        # Every image, scrolled into view, decodes (lazy ones included).
        js("document.querySelector('.counts [data-kind=passed]').getAttribute('aria-pressed') === 'true' || document.querySelector('.counts [data-kind=passed]').click()")
        # Groups of passed cases only are closed at first: a reviewer opens them.
        js("document.querySelectorAll('details.group').forEach(group => { group.open = true; })")
        for image in browser.find_elements(By.CSS_SELECTOR, "img"):
            js("arguments[0].scrollIntoView()", image)
        time.sleep(0.5)
        broken = js("return [...document.querySelectorAll('img')].filter(i => !i.closest('[hidden]') && !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src'))")
        check(not broken, f"images that do not load: {broken}")
        passed_images = js("return [...document.querySelectorAll('.case[data-kind=passed] img')].filter(i => i.naturalWidth > 0).length")
        check(passed_images == len(by_change["passed"]), f"every passed case shows its golden: {passed_images} of {len(by_change['passed'])}")

        # The report says how to accept a case; that command, run as shown, approves it.
        check("seemore approve --artifacts" in browser.find_element(By.ID, "approve").text, "the page says how to approve")
        command = node(pixels_case["name"]).find_element(By.CSS_SELECTOR, ".approve code").text
        words = command.split()
        check(words[:3] == ["seemore", "approve", "--artifacts"] and words[-1] == pixels_case["name"], f"approve command: {command}")
        golden = os.path.join(report["goldens"], pixels_case["name"] + ".png")
        before = open(golden, "rb").read()
        # The folder moved since the check (as an upload does): the same command with its new place.
        approved = subprocess.run([BINARY, "approve", "--artifacts", artifacts] + words[4:], capture_output=True, text=True)
        check(approved.returncode == 0, f"{command}: exit {approved.returncode}: {approved.stderr}")
        check(open(golden, "rb").read() != before, "the approved golden changed")
        again = subprocess.run([BINARY, "check", "--suite", report["suite"], "--templates", report["templates"], "--record", "never",
                                "--filter", pixels_case["name"], "--artifacts", os.path.join(os.path.dirname(artifacts), "again")],
                               capture_output=True, text=True)
        check(again.returncode == 0, f"the approved case passes: {again.stdout}{again.stderr}")

        # A report opened from disk writes nothing: its reject button says it marks this page only.
        label, verdict = js("const b = document.querySelector('.reject-change'); b.click();"
                            " return [b.textContent, b.closest('.change').querySelector('.verdict').textContent]")
        check(label == "Mark rejected" and "this page only" in verdict, f"the static reject says what it does: {label!r}, {verdict!r}")

        errors = [entry for entry in browser.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
        check(not errors, f"console errors: {errors}")
    finally:
        browser.quit()
    shutil.rmtree(root, ignore_errors=True)
    CHECKS.done()


if __name__ == "__main__":
    main()
