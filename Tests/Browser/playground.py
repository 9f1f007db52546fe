#!/usr/bin/env python3
"""The `seemore serve` playground in a real headless Chromium, as a designer uses it.

Starts `seemore serve --port 0`, opens `/`, and checks after each step: both cards drawn; typing
makes the expanded card taller and redraws the collapsed one; dragging the width slider redraws both
at the new width; the overlays show one box per line and the suffix rect; a bad font shows the
server's error; "Copy as CLI" gives a `seemore render` command whose PNG is byte for byte the one the
page shows; the console stays free of errors; SIGTERM stops the server with exit 0.

Usage: playground.py SEEMORE_BINARY. Needs chromium, chromium-driver and python3-selenium (Debian);
without them it fails and says what is missing. Prints 'playground browser test: N checks passed'.
"""
import os
import shlex
import subprocess
import sys
import tempfile
import time
import urllib.request

import chromium
import serve

CHECKS = chromium.Checks("playground browser test")
fail, check = CHECKS.fail, CHECKS.check


def main():
    if len(sys.argv) != 2:
        fail("usage: playground.py SEEMORE_BINARY")
    binary = os.path.abspath(sys.argv[1])
    try:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By
    except ImportError:
        fail("python3-selenium is not installed (apt-get install python3-selenium); the browser test cannot run")
    # The server's own templates and font files, which the copied command must carry to draw the same card.
    brand = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "brand")
    flags = ["--jobs", "2", "--templates", os.path.join(brand, "templates"), "--font-files", os.path.join(brand, "fonts")]
    with serve.running(binary, flags, CHECKS) as (_, url):
        browser = chromium.start(fail, ["--force-device-scale-factor=1"], console_log=True)
        try:
            run(browser, url, binary, ActionChains, By)
        finally:
            browser.quit()
    CHECKS.done()


def run(browser, url, binary, ActionChains, By):
    js = browser.execute_script
    browser.set_window_size(1300, 1000)
    browser.get(url)

    def settled(after):
        """Waits for the page to finish an update newer than `after`; returns its number."""
        for _ in range(200):
            generation = int(js("return Number(document.body.dataset.generation || 0)"))
            if generation > after and js("return document.getElementById('img-collapsed').complete && document.getElementById('img-expanded').complete"):
                return generation
            time.sleep(0.05)
        fail(f"the page did not update after update {after}")

    def card(state):
        return js(f"const i = document.getElementById('img-{state}'); return {{src: i.getAttribute('src'), w: i.naturalWidth, h: i.naturalHeight}}")

    generation = settled(0)
    collapsed, expanded = card("collapsed"), card("expanded")
    check(collapsed["w"] == 320 and collapsed["h"] > 0 and expanded["h"] >= collapsed["h"], f"both cards drawn at 320 pt: {collapsed} {expanded}")
    check(js("return document.getElementById('error').textContent") == "", "no error at first")

    # Typing redraws both; the expanded card grows.
    text = browser.find_element(By.ID, "text")
    text.send_keys(" And then we kept going, shipping dark mode, offline drafts and a faster composer for everyone.")
    generation = settled(generation)
    longer = card("expanded")
    check(longer["h"] > expanded["h"], f"the expanded card is taller after typing: {expanded['h']} → {longer['h']}")
    check(card("collapsed")["src"] != collapsed["src"], "the collapsed card was drawn again")

    # Dragging the width slider redraws at the new width.
    slider = browser.find_element(By.ID, "width")
    ActionChains(browser).click_and_hold(slider).move_by_offset(-25, 0).release().perform()
    generation = settled(generation)
    width = int(browser.find_element(By.ID, "width-value").text)
    check(width != 320, f"the slider moved: {width}")
    check(card("collapsed")["w"] == width and card("expanded")["w"] == width, f"both cards are {width} pt wide: {card('collapsed')}")

    # Overlays: one box per line, the suffix rect.
    for toggle in ["show-lines", "show-suffix"]:
        browser.find_element(By.ID, toggle).click()
    boxes = js("return document.querySelectorAll('#stage-collapsed .box.line').length")
    lines = js("return JSON.parse(document.getElementById('metadata').textContent).lineCount")
    check(boxes == lines and lines >= 1, f"one line box per line: {boxes} boxes, {lines} lines")
    check(js("return document.querySelectorAll('#stage-collapsed .box.suffix').length") >= 1, "the suffix rect is shown: " + str(js("return JSON.parse(document.getElementById('metadata').textContent)")))

    # A bad value shows the server's error, naming the field or the problem.
    font = browser.find_element(By.ID, "font")
    font.send_keys("DejaVu Sans 5000")
    error = ""
    for _ in range(100):  # typing updates the page on the way; the last update shows the error
        error = js("return document.getElementById('error').textContent")
        if "5000" in error:
            break
        time.sleep(0.05)
    check("5000" in error and "1000" in error, f"the server's error is shown: {error!r}")
    generation = int(js("return Number(document.body.dataset.generation)"))
    font.clear()
    js("document.getElementById('font').dispatchEvent(new Event('input'))")
    generation = settled(generation)
    check(js("return document.getElementById('error').textContent") == "", "the error goes away")

    # A pseudo-locale redraws the card with its text pseudo-localized (and the command below carries it).
    before = card("collapsed")["src"]
    js("const p = document.getElementById('pseudo'); p.value = 'expanded'; p.dispatchEvent(new Event('change'))")
    generation = settled(generation)
    kept = js("return JSON.parse(document.getElementById('metadata').textContent).kept")
    check(card("collapsed")["src"] != before and kept.startswith("[Ŵé šĥîþþéð"), f"the pseudo-locale is drawn: {kept[:30]!r}")

    # "Copy as CLI": the command draws the very picture the page shows.
    browser.find_element(By.ID, "copy").click()
    command = shlex.split(browser.find_element(By.ID, "cli").text)
    check(command[:2] == ["seemore", "render"], f"a seemore render command: {command[:4]}")
    check("--pseudo" in command and command[command.index("--pseudo") + 1] == "expanded", f"the command names the pseudo-locale: {command}")
    check("--templates" in command and "--font-files" in command, f"the command carries the server's templates and fonts: {command}")
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run([binary] + command[1:] + ["--out", folder, "--name", "card", "--state", "collapsed"], capture_output=True, text=True)
        check(result.returncode == 0, f"the copied command runs: {result.stderr}")
        with open(os.path.join(folder, "card.collapsed.png"), "rb") as file:
            drawn = file.read()
    shown = urllib.request.urlopen(url.rstrip("/") + card("collapsed")["src"]).read()
    check(shown == drawn, "the command's PNG is byte for byte the page's")

    errors = [entry for entry in browser.get_log("browser") if entry["level"] in ("SEVERE", "ERROR") and "/render" not in entry["message"]]
    check(not errors, f"console errors: {errors}")


if __name__ == "__main__":
    main()
