"""Starts the headless Chromium the browser tests drive, or fails loudly saying what is missing."""
import os
import shutil
import sys


def start(fail, arguments, console_log=False):
    """A selenium Chrome driver for Debian's chromium and chromium-driver; `fail(message)` otherwise."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        fail("python3-selenium is not installed (apt-get install python3-selenium); the browser test cannot run")
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not os.path.exists(driver_path) or not shutil.which("chromium"):
        fail("chromium and chromium-driver are not installed; the browser test cannot run")
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu"] + arguments:
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium")
    if console_log:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        return webdriver.Chrome(options=options, service=Service(driver_path))
    except Exception as error:  # noqa: BLE001 - any start failure fails the test loudly
        fail(f"Chromium could not start: {error}")


class Checks:
    """Counts a browser test's passed checks; the first failing one ends the test, saying why."""

    def __init__(self, name):
        self.name = name
        self.passed = 0

    def fail(self, message):
        print(f"Error: {message}", file=sys.stderr)
        print(f"{self.name}: {self.passed} checks passed, 1 failed")
        sys.exit(1)

    def check(self, condition, message):
        if not condition:
            self.fail(message)
        self.passed += 1

    def done(self):
        print(f"{self.name}: {self.passed} checks passed")
