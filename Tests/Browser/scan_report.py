#!/usr/bin/env python3
"""The report of `seemore scan`, opened in a real headless Chromium from disk.

The sample corpus (examples/corpus/posts.jsonl) is scanned in inline-more and x at three widths into
a fresh folder, and the folder moved elsewhere before the page is opened: the page must stand on its
own. The test checks that every plot is there with its marks (the texts cut by width, a histogram of
the share shown per cell, the lines by width, the lint counts), that the figures table has a row per
cell, that every gallery picture loads from inside the folder, that each gallery case names its
text's id, and that the console stays clean. It prints how long the page took to load. Then it
checks the scan's cut against Chromium's own layout of the same posts (`agreement`).

Usage: scan_report.py SEEMORE_BINARY. Needs chromium, chromium-driver and python3-selenium (Debian).
Prints 'scan report browser test: N checks passed'.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import chromium

CHECKS = chromium.Checks("scan report browser test")
fail, check = CHECKS.fail, CHECKS.check
TEMPLATES = ["inline-more", "x"]
WIDTHS = [240, 320, 414]


def agreement(browser, folder):
    """Which posts need more than three lines, by SeeMore's scan and by Chromium: the same texts in a
    <div> with inline-more's font, size, line-height and text width (the card's width less its
    padding), lines counted from the text's client rectangles. Pango and Blink break lines each by
    their own rules and measure glyphs each their own way, so a few posts near a line's edge may
    differ: the agreement is printed, and must be at least 97% at every width."""
    posts = {}
    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                           "examples", "corpus", "posts.jsonl")) as file:
        for line in file:
            post = json.loads(line)
            posts[post["id"]] = post
    cut = {}
    with open(os.path.join(folder, "cases.jsonl")) as file:
        for line in file:
            case = json.loads(line)
            if case["template"] == "inline-more":
                cut[(case["id"], case["width"])] = case["truncated"]
    ids = sorted(posts)
    for width in WIDTHS:
        lines = browser.execute_script("""
            const [posts, width] = arguments;
            document.body.innerHTML = '';
            const counts = [];
            for (const post of posts) {
              const div = document.createElement('div');
              div.lang = post.lang;
              div.style.cssText = `font: 15px 'DejaVu Sans'; line-height: 20px; width: ${width}px; white-space: pre-line;` +
                'overflow-wrap: anywhere; padding: 0; margin: 0';
              div.textContent = post.text.trimEnd();
              document.body.append(div);
              const range = document.createRange();
              range.selectNodeContents(div);
              const centers = [...range.getClientRects()].filter(r => r.width > 0).map(r => (r.top + r.bottom) / 2).sort((a, b) => a - b);
              let count = centers.length ? 1 : 0;
              for (let i = 1; i < centers.length; i++) if (centers[i] - centers[i - 1] > 10) count++;
              counts.push(count);
              div.remove();
            }
            return counts;""", [{"text": posts[i]["text"], "lang": posts[i]["lang"]} for i in ids], width - 32)
        same = sum(1 for post, count in zip(ids, lines) if (count > 3) == cut[(post, width)])
        print(f"inline-more @{width}: SeeMore and Chromium agree on {same} of {len(ids)} posts "
              f"being cut ({100 * same / len(ids):.1f}%)")
        check(same >= 0.97 * len(ids), f"the cut agrees with Chromium at {width} pt: {same} of {len(ids)}")


def main():
    if len(sys.argv) != 2:
        fail("usage: scan_report.py SEEMORE_BINARY")
    binary = os.path.abspath(sys.argv[1])
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    root = tempfile.mkdtemp(prefix="seemore-scan-report-")
    scanned = os.path.join(root, "scan")
    started = time.monotonic()
    run = subprocess.run(
        [binary, "scan", "--texts", os.path.join(repo, "examples", "corpus", "posts.jsonl"), "--template", ",".join(TEMPLATES),
         "--widths", ",".join(map(str, WIDTHS)), "--out", scanned, "--gallery", "4"],
        capture_output=True, text=True)
    check(run.returncode == 0, f"the scan: exit {run.returncode}: {run.stderr[-2000:]}")
    print(f"scanned the sample corpus in {time.monotonic() - started:.1f} s")
    moved = os.path.join(root, "elsewhere", "scan")
    os.makedirs(os.path.dirname(moved))
    shutil.move(scanned, moved)
    with open(os.path.join(moved, "scan.json")) as file:
        result = json.load(file)
    cells = len(TEMPLATES) * len(WIDTHS)
    check(len(result["cells"]) == cells, f"a cell per template and width: {len(result['cells'])}")
    gallery = result["gallery"]
    check(gallery, "the sample corpus has lints, so the gallery has cases")

    browser = chromium.start(fail, ["--force-device-scale-factor=2"], console_log=True)
    try:
        browser.set_window_size(1280, 1000)
        opened = time.monotonic()
        browser.get("file://" + os.path.join(moved, "index.html"))
        print(f"page loaded in {(time.monotonic() - opened) * 1000:.0f} ms")
        js = browser.execute_script
        plots = js("return [...document.querySelectorAll('section svg')].map(s => [s.closest('section').id,"
                   " s.querySelectorAll('polyline, rect, circle').length, s.getBoundingClientRect().width])")
        by_section = {}
        for section, marks, width in plots:
            by_section.setdefault(section, []).append((marks, width))
        check(len(by_section.get("cut", [])) == 1 and by_section["cut"][0][0] >= len(TEMPLATES) * (1 + len(WIDTHS)),
              f"the texts cut by width: a line and a point per width for each template: {by_section.get('cut')}")
        check(len(by_section.get("shown", [])) == cells and all(m == 21 for m, _ in by_section["shown"]),
              f"a histogram of 21 bars per cell: {by_section.get('shown')}")
        check(len(by_section.get("lines", [])) == len(TEMPLATES) and all(m >= len(WIDTHS) for m, _ in by_section["lines"]),
              f"a stacked bar chart of lines per template: {by_section.get('lines')}")
        check(len(by_section.get("lints", [])) == 1 and by_section["lints"][0][0] == 8, f"a bar per lint: {by_section.get('lints')}")
        check(all(width > 100 for _, width in sum(by_section.values(), [])), "every plot is drawn at a size")
        rows = js("return document.querySelectorAll('#figures tbody tr').length")
        check(rows == cells, f"the figures table has a row per cell: {rows}")
        # At 1 280 px: two panels a row, none stretched past its content (the short "Texts cut" beside
        # the tall histograms left 60% of it blank), and the figures table without a sideways scroll.
        panels = js("return ['cut', 'lines', 'shown', 'lints'].map(id => { const s = document.getElementById(id);"
                    " const r = s.getBoundingClientRect(); const last = s.lastElementChild.getBoundingClientRect();"
                    " return [id, Math.round(r.top), Math.round(r.left), Math.round(r.bottom - last.bottom)]; })")
        check(panels[0][1] == panels[1][1] and panels[0][2] < panels[1][2] and panels[2][1] == panels[3][1],
              f"two panels a row, texts cut beside lines, share beside lints: {panels}")
        check(all(blank < 40 for _, _, _, blank in panels), f"no panel blank below its content: {panels}")
        table = js("const s = document.querySelector('#figures .scroll') || document.querySelector('#figures');"
                   " return [s.scrollWidth, s.clientWidth]")
        check(table[0] <= table[1], f"the figures table fits the page at 1 280 px: {table}")

        # Every gallery picture, scrolled into view (they load lazily), loads from inside the folder.
        js("document.querySelectorAll('#gallery img').forEach(i => i.loading = 'eager')")
        js("window.scrollTo(0, document.documentElement.scrollHeight)")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            pending = js("return [...document.querySelectorAll('#gallery img')].filter(i => !i.complete).length")
            if pending == 0:
                break
            time.sleep(0.2)
        images = js("return [...document.querySelectorAll('#gallery img')].map(i => [i.src, i.naturalWidth, i.clientWidth])")
        folder_url = "file://" + moved + "/gallery/"
        pictures = {entry["collapsed"] for entry in gallery} | {entry["expanded"] for entry in gallery}
        check(len(images) == 2 * len(gallery), f"two pictures per gallery case: {len(images)} for {len(gallery)}")
        check(all(src.startswith(folder_url) for src, _, _ in images), f"pictures from inside the folder: {images[:2]}")
        check(all(natural > 0 for _, natural, _ in images), f"every picture loads: {[i for i in images if i[1] == 0][:3]}")
        check(all(abs(shown - natural / 2) < 1.5 for _, natural, shown in images), f"the @2x pictures are shown at their size in points: {images[:2]}")
        check(len(pictures) >= len(gallery) // 2, "pictures are named per case")
        tops = js("return [...document.querySelectorAll('#gallery .case')].map(c => Math.round(c.getBoundingClientRect().top))")
        check(len(tops) > len(set(tops)), f"gallery cases side by side where they fit: {len(tops)} cases in {len(set(tops))} rows")
        ids = js("return [...document.querySelectorAll('#gallery .case .id b')].map(b => b.textContent)")
        check(ids == [entry["id"] for entry in gallery], f"each gallery case names its text's id: {ids[:4]}")
        errors_before = [entry for entry in browser.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
        check(not errors_before, f"no console errors: {errors_before[:3]}")
        agreement(browser, moved)
        errors = [entry for entry in browser.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
        check(not errors, f"no console errors: {errors[:3]}")
    finally:
        browser.quit()
    shutil.rmtree(root, ignore_errors=True)
    CHECKS.done()


if __name__ == "__main__":
    main()
