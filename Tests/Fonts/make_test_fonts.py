#!/usr/bin/env python3
"""Builds the test fonts in this folder: "SeeMore Test Sans" Regular and Bold, two small TrueType
fonts whose every glyph is a hollow box of a known advance width, so that a test can tell at a glance
and by measurement that text was drawn from the repository's font file and not from a font installed
on the machine (no installed font has these families or these widths).

Regular: every printable ASCII character 600 units wide (1000 units per em), the space 300, the
ellipsis (U+2026) 900. Bold (weight 700): 700, 350 and 1000. Lowercase boxes are 500 units high,
capitals and digits 700, descenders (g j p q y) reach 200 below the baseline. Any other character
is missing, so it is drawn by fallback, or as a box of Pango's own ("tofu") when the fonts are hermetic.

Needs fontTools (Debian python3-fonttools); run it again only to change the fonts:
    python3 Tests/Fonts/make_test_fonts.py
"""
import os

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

FOLDER = os.path.dirname(os.path.abspath(__file__))
DESCENDERS = set("gjpqy")


def box(width, bottom, top, stroke):
    """A hollow box: an outer contour and an inner one drawn the other way round."""
    pen = TTGlyphPen(None)
    left, right = 60, width - 60
    pen.moveTo((left, bottom)); pen.lineTo((left, top)); pen.lineTo((right, top)); pen.lineTo((right, bottom)); pen.closePath()
    pen.moveTo((left + stroke, bottom + stroke)); pen.lineTo((right - stroke, bottom + stroke))
    pen.lineTo((right - stroke, top - stroke)); pen.lineTo((left + stroke, top - stroke)); pen.closePath()
    return pen.glyph()


def empty():
    return TTGlyphPen(None).glyph()


def build(style, weight, advance, space, ellipsis, stroke):
    names = [".notdef", "space", "ellipsis"]
    cmap = {0x20: "space", 0x2026: "ellipsis"}
    glyphs = {".notdef": box(advance, 0, 700, stroke), "space": empty(), "ellipsis": box(ellipsis, 0, 120, 40)}
    metrics = {".notdef": (advance, 60), "space": (space, 0), "ellipsis": (ellipsis, 60)}
    for code in range(0x21, 0x7F):
        character = chr(code)
        name = "uni%04X" % code
        names.append(name)
        cmap[code] = name
        if character.islower():
            bottom, top = (-200 if character in DESCENDERS else 0), 500
        else:
            bottom, top = 0, 700
        glyphs[name] = box(advance, bottom, top, stroke)
        metrics[name] = (advance, 60)
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap(cmap)
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics(metrics)
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    family = "SeeMore Test Sans"
    builder.setupNameTable({
        "familyName": family, "styleName": style, "uniqueFontIdentifier": f"{family} {style}",
        "fullName": f"{family} {style}", "psName": f"SeeMoreTestSans-{style}", "version": "Version 1.000",
        "licenseDescription": "Made for SeeMore's tests; public domain (CC0 1.0).",
    })
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, sTypoLineGap=0, usWinAscent=800, usWinDescent=200,
                     usWeightClass=weight, fsSelection=0x20 if weight >= 700 else 0x40, achVendID="SMOR")
    builder.setupPost()
    builder.setupHead(unitsPerEm=1000, created=0, modified=0, macStyle=1 if weight >= 700 else 0)
    path = os.path.join(FOLDER, f"SeeMoreTestSans-{style}.ttf")
    builder.save(path)
    print(path)


build("Regular", 400, 600, 300, 900, 60)
build("Bold", 700, 700, 350, 1000, 120)
