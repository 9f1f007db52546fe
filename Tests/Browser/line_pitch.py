#!/usr/bin/env python3
"""SeeMore's line placement against headless Chromium: the same lines, font, size and CSS line-height
must put every line's ink at the same height (within 1 pt).

Each case is drawn twice at @2x with no padding or border: by `seemore render` with a template whose
body.lineHeight is the case's, and by Chromium as a <div> with the same font and `line-height`
(unitless for a multiple, px for points). The ink of each picture is split into bands of rows, one
per line (or more, where marks stand apart from their letters); band count, tops and bottoms must agree. Lines are short and split by explicit line
breaks, so both break them identically and the comparison is about vertical placement alone.

Usage: line_pitch.py SEEMORE_BINARY. Needs chromium, chromium-driver and python3-selenium (Debian);
without them it fails and says what is missing. Prints 'browser: N passed, N failed'.
"""
import html
import json
import os
import shutil
import subprocess
import sys
import tempfile
import struct
import zlib

import chromium

CASES = [
    # name, font family, size, css line-height, SeeMore lineHeight, text
    ("latin-1.3", "DejaVu Sans", 15, "1.3", 1.3, "Hello world\nSecond line\nThird line"),
    ("emoji-lines-1.3", "DejaVu Sans", 15, "1.3", 1.3, "Launch party!\n🎉🎉🎉\nBring friends 🥳\n👩‍💻👨‍🍳\nSee you."),
    ("scripts-20pt", "DejaVu Sans", 15, "20px", "20pt", "Hello world\nสวัสดีครับ ทุกคน\n日本語のテキスト\nỖ Ẫ Ṏ ok\nनमस्ते दुनिया"),
    ("korean-1.5", "NanumGothic", 15, "1.5", 1.5, "오늘 서울은 맑고\n포근한 날씨가\n이어지겠습니다."),
    ("japanese-20pt", "IPAGothic", 15, "20px", "20pt", "吾輩は猫である。\n名前はまだ無い。\nどこで生れたか"),
    ("serif-1.2-17", "DejaVu Serif", 17, "1.2", 1.2, "Morning coffee\non the balcony,\nwith 🎉 and more"),
    # Lines that start in a font fallback picks, then go on in the body font: the body font's letters
    # sit where they sit on a line that starts in it (Pango 1.50 aligns them to the first run's script
    # baseline: ideographic after kana and Han, hanging after Devanagari).
    ("fallback-starts-20pt", "DejaVu Sans", 15, "20px", "20pt",
     "ああああ\nあaあ Hello\n日本 text here\n한국 text here\nนี่ text here\nनमस्ते text here\n🎉 party time\nplain text"),
    ("fallback-starts-1.3", "DejaVu Sans", 15, "1.3", 1.3, "漢字 Han then Latin\nかな kana then Latin\nLatin first 日本"),
    ("fallback-starts-ipa", "IPAGothic", 15, "20px", "20pt", "สวัสดี 日本語です\nこんにちは world\nนี่ then 日本"),
]
SCALE = 2

# Lines that start in kana, Arabic and emoji, then go on in the body font, in each built-in template's
# own body font and line height (the template's padding and box do not matter here). Han, Hangul and
# Thai starts are in the cases above, in DejaVu Sans and IPAGothic: after a Noto Sans body Chromium
# picks other fallback fonts for them than fontconfig does, whose glyphs (not their lines) differ by
# more than the point this test allows.
FALLBACK_STARTS = "かな then Latin\nمرحبا then Latin\n🎉 then Latin\nplain Latin"


def template_cases():
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Templates")
    cases = []
    for file in sorted(os.listdir(folder)):
        if not file.endswith(".json"):
            continue
        with open(os.path.join(folder, file)) as handle:
            body = json.load(handle).get("body", {})
        words = body.get("font", "DejaVu Sans 15").split()
        size = float(words[-1])
        family = " ".join(words[:-1])
        line_height = body.get("lineHeight", 0)
        if isinstance(line_height, str):  # "20pt": an absolute pitch, px in CSS
            css = line_height[:-2] + "px"
        elif line_height == 0:
            continue  # the font's own height: CSS "normal" is another rule
        else:
            css = str(line_height)
        cases.append((f"template-{file[:-5]}", family, size, css, line_height, FALLBACK_STARTS))
    return cases


def fail(message):
    print(f"Error: {message}", file=sys.stderr)
    print("browser: 0 passed, 1 failed")
    sys.exit(1)


def read_png(data):
    """(width, height, rows of RGBA tuples) of an 8-bit RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), (depth, color)
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, rows, channels


def ink_bands(data):
    """[(top, bottom)] in pixels of the runs of rows holding ink (a clearly non-white pixel)."""
    width, height, rows, channels = read_png(data)
    inked = []
    for row in rows:
        inked.append(any(min(row[x * channels:x * channels + 3]) < 150 for x in range(width)))
    bands, start = [], None
    for y, has in enumerate(inked + [False]):
        if has and start is None:
            start = y
        elif not has and start is not None:
            # A mark a blank row or two above its letter (Thai) is one band with it: whether those rows are
            # blank depends on anti-aliasing and the font, not on where the line is (lines stand further apart).
            if bands and start - bands[-1][1] <= SCALE:
                start = bands.pop()[0]
            bands.append((start, y))
            start = None
    return bands


def seemore_png(binary, folder, case):
    name, family, size, _, line_height, text = case
    template = {
        "card": {"width": 400, "padding": 0, "cornerRadius": 0, "borderWidth": 0},
        "body": {"font": f"{family} {size}", "lineHeight": line_height, "lines": 50},
        "themes": {"light": {"background": "#FFFFFF", "border": "#FFFFFF", "text": "#000000",
                             "secondaryText": "#000000", "suffix": "#000000"}},
    }
    with open(os.path.join(folder, "pitch.json"), "w") as file:
        json.dump(template, file)
    subprocess.run([binary, "render", "--templates", folder, "--template", "pitch", "--text", text, "--state",
                    "expanded", "--scale", str(SCALE), "--out", folder, "--name", name], check=True,
                   stdout=subprocess.DEVNULL)
    with open(os.path.join(folder, f"{name}.expanded.png"), "rb") as file:
        return file.read()


def main():
    if len(sys.argv) != 2:
        fail("usage: line_pitch.py SEEMORE_BINARY")
    binary = sys.argv[1]
    browser = chromium.start(fail, [f"--force-device-scale-factor={SCALE}", "--hide-scrollbars",
                                    "--font-render-hinting=none", "--disable-lcd-text"])
    passed, failed = 0, 0
    try:
        browser.set_window_size(600, 900)
        with tempfile.TemporaryDirectory() as folder:
            for case in CASES + template_cases():
                name, family, size, css, _, text = case
                page = (f"<html><body style='margin:0;background:#fff'><div id='c' style=\"width:400px;"
                        f"font-family:'{family}';font-size:{size}px;line-height:{css};white-space:pre;"
                        f"color:#000;margin:0;padding:0\">{html.escape(text)}</div></body></html>")
                path = os.path.join(folder, f"{name}.html")
                with open(path, "w") as file:
                    file.write(page)
                browser.get("file://" + path)
                chrome = ink_bands(browser.find_element("id", "c").screenshot_as_png)
                try:
                    ours = ink_bands(seemore_png(binary, folder, case))
                except (subprocess.CalledProcessError, OSError) as error:
                    failed += 1
                    print(f"FAIL {name}: seemore render failed: {error}")
                    continue
                lines = text.count("\n") + 1
                tolerance = SCALE  # 1 pt
                problems = []
                # A line's marks may stand apart from its letters (Vietnamese, Thai): a line can give more
                # than one band, but both pictures must give the same bands.
                if len(chrome) != len(ours) or len(ours) < lines:
                    problems.append(f"ink bands: Chromium {len(chrome)}, SeeMore {len(ours)}, lines {lines}")
                else:
                    for index, (theirs, mine) in enumerate(zip(chrome, ours)):
                        if abs(theirs[0] - mine[0]) > tolerance or abs(theirs[1] - mine[1]) > tolerance:
                            problems.append(f"band {index + 1}: Chromium ink rows {theirs}, SeeMore {mine} (px @{SCALE}x)")
                if problems:
                    failed += 1
                    print(f"FAIL {name}: " + "; ".join(problems))
                else:
                    passed += 1
                    print(f"ok   {name}: {lines} lines, ink rows agree with Chromium within 1 pt")
    finally:
        browser.quit()
    print(f"browser: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
