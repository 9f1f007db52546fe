#!/usr/bin/env python3
"""`seemore serve`'s interactive review (/review/) in a real headless Chromium.

A small suite is recorded and changed (as for the report test); `seemore serve --suite` checks it. The
page needs the printed token; it lists the failures as the report does; "Approve" on one case writes
that case's golden through `seemore approve` (and nothing else), and the page checks again by itself
(the goldens folder is watched): the case passes, the note of the approval is kept; an approve request
without the token, or from another origin, is refused (403); a rejection survives the page checking
again after a golden is edited on disk, which turns its case red; "Approve all failing" approves the
rest; editing a template on disk makes the open page check again and show that template's cases
failing; the console stays free of errors.

Usage: review.py SEEMORE_BINARY. Needs chromium, chromium-driver and python3-selenium (Debian).
Prints 'review browser test: N checks passed'.
"""
import json
import os
import sys
import tempfile
import time
import urllib.error
import urllib.request

import chromium
import serve
import report

CHECKS = chromium.Checks("review browser test")
fail, check = CHECKS.fail, CHECKS.check


def post(url, body, headers):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def main():
    if len(sys.argv) != 2:
        fail("usage: review.py SEEMORE_BINARY")
    binary = os.path.abspath(sys.argv[1])
    try:
        from selenium.webdriver.common.by import By
    except ImportError:
        fail("python3-selenium is not installed (apt-get install python3-selenium); the browser test cannot run")
    root = tempfile.mkdtemp(prefix="seemore-review-")
    suite, templates, _ = report.make_changed_suite(binary, root, check)
    goldens = os.path.dirname(suite)
    with serve.running(binary, ["--suite", suite, "--templates", templates], CHECKS) as (server, url):
        review_line = server.stdout.readline()
        check("review/?token=" in review_line, f"the server prints the review's address: {review_line!r}")
        review = review_line.split(": ", 1)[1].strip()
        token = review.split("token=")[1]
        try:
            urllib.request.urlopen(url + "review/")
            fail("the review page opened without the token")
        except urllib.error.HTTPError as error:
            check(error.code == 403, f"no token, no page: {error.code}")
        browser = chromium.start(fail, ["--force-device-scale-factor=1"], console_log=True)
        try:
            browser.set_window_size(1280, 1000)
            browser.get(review)
            js = browser.execute_script
            for _ in range(200):
                if js("return document.querySelectorAll('.case').length > 0"):
                    break
                time.sleep(0.1)
            failing = js("return [...document.querySelectorAll('.case[data-failed=true]')].map(n => n.dataset.name)")
            check(len(failing) >= 4, f"the failures are listed: {failing}")
            check("token" not in browser.current_url, f"the address loses the token after the first load: {browser.current_url}")
            shown = js("return [...document.querySelectorAll('img')].map(i => i.naturalWidth > 0 ? i.src : '').filter(s => s)")
            check(shown and all("token" not in src for src in shown), f"the pictures load without the token in their address: {shown[:2]}")
            try:
                urllib.request.urlopen(shown[0])
                fail("a review picture opened without the token")
            except urllib.error.HTTPError as error:
                check(error.code == 403, f"no token, no picture: {error.code}")
            name = next(n for n in failing if n.startswith("read-more-tail/cut/"))
            golden = os.path.join(goldens, name + ".png")
            before = open(golden, "rb").read()
            others = {n: open(os.path.join(goldens, n + ".png"), "rb").read() for n in failing
                      if n != name and os.path.exists(os.path.join(goldens, n + ".png"))}

            # Refused: no token; another origin.
            approve = url + "review/approve"
            check(post(approve, {"cases": [name]}, {"Content-Type": "application/json"}) == 403, "no token: 403")
            check(post(approve, {"cases": [name]}, {"Content-Type": "application/json", "X-SeeMore-Token": token,
                                                    "Origin": "http://evil.example"}) == 403, "another origin: 403")
            check(open(golden, "rb").read() == before, "nothing written by refused requests")

            def mark():
                js("window.beforeChange = true")
                return time.time()

            def reloaded_since(started, limit=15):
                """Waits for the page to reload by itself (the marker gone) and list its cases again."""
                while time.time() - started < limit:
                    try:
                        if js("return window.beforeChange === undefined && document.querySelectorAll('.case').length > 0"):
                            return True
                    except Exception:  # noqa: BLE001 - the page is between two loads
                        pass
                    time.sleep(0.1)
                return False

            def every_image_loads(when):
                """With passed cases shown and their groups opened, every picture scrolled into view decodes (the goldens of
                passed cases are served from the artifacts folder, as those of failing ones)."""
                js("document.querySelector('.counts [data-kind=passed]').getAttribute('aria-pressed') === 'true'"
                   " || document.querySelector('.counts [data-kind=passed]').click()")
                # A reviewer opens the groups of passed cases (closed at first).
                js("document.querySelectorAll('details.group').forEach(group => { group.open = true; })")
                for image in browser.find_elements(By.CSS_SELECTOR, "img"):
                    js("arguments[0].scrollIntoView()", image)
                deadline = time.time() + 5
                while True:
                    state = js("const shown = [...document.querySelectorAll('img')].filter(i => !i.closest('[hidden]'));"
                               "return [shown.length, shown.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src'))]")
                    if not state[1] or time.time() > deadline:
                        break
                    time.sleep(0.1)
                check(state[0] > len(failing), f"{when}: passed cases' pictures are shown too ({state[0]})")
                check(not state[1], f"{when}: pictures that do not load: {state[1][:5]} ({len(state[1])})")

            def press(button):
                """Clicks a button as a reviewer would: scrolled into view below the page's sticky bar."""
                js("arguments[0].scrollIntoView({block: 'center'})", button)
                button.click()

            def failing_now():
                return js("return [...document.querySelectorAll('.case[data-failed=true]')].map(n => n.dataset.name)")

            every_image_loads("at first")
            # Approve one case from the page: its golden is written, and the goldens folder changing
            # makes the page check again by itself, keeping the note of what was approved.
            started = mark()
            press(browser.find_element(By.ID, "case:" + name).find_element(By.CSS_SELECTOR, ".do-approve"))
            for _ in range(100):
                if open(golden, "rb").read() != before:
                    break
                time.sleep(0.1)
            check(open(golden, "rb").read() != before, "its golden was written")
            check(all(open(os.path.join(goldens, n + ".png"), "rb").read() == bytes_ for n, bytes_ in others.items()),
                  "no other golden was touched")
            check(reloaded_since(started), "the page checked again after the golden changed")
            check("Approved 1 case" in browser.find_element(By.ID, "review-status").text,
                  "the note of what was approved survives the reload")
            still = failing_now()
            check(name not in still and len(still) == len(failing) - 1, f"after a new check the approved case passes: {still}")

            # Reject marks a case; a golden changed on disk (here: another case's picture copied over a
            # passing one) shows up in the open page, and the rejection is kept.
            other = next(n for n in still)
            press(browser.find_element(By.ID, "case:" + other).find_element(By.CSS_SELECTOR, ".do-reject"))
            check(browser.find_element(By.ID, "case:" + other).get_attribute("data-review") == "rejected", "reject marks the case")
            passing = js("return [...document.querySelectorAll('.case[data-failed=false]')].map(n => n.dataset.name)")
            def picture(n):
                return open(os.path.join(goldens, n + ".png"), "rb").read()
            victim = next(n for n in passing if n.endswith(".collapsed") and n.replace(".collapsed", ".expanded") in passing
                          and picture(n) != picture(n.replace(".collapsed", ".expanded")))
            started = mark()
            with open(os.path.join(goldens, victim + ".png"), "wb") as out:
                out.write(picture(victim.replace(".collapsed", ".expanded")))
            check(reloaded_since(started), "the page checked again after a golden was edited on disk")
            print(f"red after a golden edited on disk: {time.time() - started:.1f} s")
            check(time.time() - started < 5, f"within seconds: {time.time() - started:.1f} s")
            now = failing_now()
            check(victim in now, f"the edited golden's case fails: {now}")
            check(browser.find_element(By.ID, "case:" + other).get_attribute("data-review") == "rejected",
                  "the rejection survives the reload")

            # Approve all failing.
            started = mark()
            press(browser.find_element(By.ID, "approve-all"))
            check(reloaded_since(started), "the page checked again after approving all")
            check(f"Approved {len(now)} case" in browser.find_element(By.ID, "review-status").text,
                  browser.find_element(By.ID, "review-status").text)
            check(not failing_now(), "everything passes after approving all")
            # A template edited on disk turns the open page red by itself (server-sent events, a new check).
            started = mark()
            report.edit(os.path.join(templates, "fade-overlay.json"), lambda t: t["themes"]["light"].update(text="#5A0000"))
            check(reloaded_since(started), "the page reloaded after the template changed")
            changed = failing_now()
            every_image_loads("after a template change")
            check(changed and all(n.startswith("fade-overlay/") for n in changed), f"the edited template's cases fail: {changed}")
            print(f"red after a template edited on disk: {time.time() - started:.1f} s")
            check(time.time() - started < 5, f"within seconds: {time.time() - started:.1f} s")

            errors = [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
            check(not errors, f"console errors: {errors}")
        finally:
            browser.quit()
    CHECKS.done()


if __name__ == "__main__":
    main()
