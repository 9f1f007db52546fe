#include <pango/pangocairo.h>
#include <pango/pangofc-font.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ot.h>
#include <fribidi.h>

/// PANGO_GLYPH_UNKNOWN_FLAG is a cast macro that Swift cannot import.
static inline PangoGlyph seemore_glyph_unknown_flag(void) { return PANGO_GLYPH_UNKNOWN_FLAG; }

/// The file a fontconfig-backed Pango font was loaded from (owned by the font), or NULL.
static inline const char *seemore_font_file(PangoFont *font) {
    if (!font || !PANGO_IS_FC_FONT(font)) return NULL;
    FcPattern *pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
    FcChar8 *file = NULL;
    if (!pattern || FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch) return NULL;
    return (const char *)file;
}

/// Whether a fontconfig-backed Pango font has `family` among its family names (fontconfig lists
/// localized names too: "IPAGothic" and "IPAゴシック"), compared without case.
static inline int seemore_font_has_family(PangoFont *font, const char *family) {
    if (!font || !PANGO_IS_FC_FONT(font)) return 0;
    FcPattern *pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
    FcChar8 *name = NULL;
    for (int index = 0; pattern && FcPatternGetString(pattern, FC_FAMILY, index, &name) == FcResultMatch; index++) {
        if (FcStrCmpIgnoreCase(name, (const FcChar8 *)family) == 0) return 1;
    }
    return 0;
}

/// The FreeType library's version, or 0.0.0 when it cannot start.
static inline void seemore_freetype_version(int *major, int *minor, int *patch) {
    FT_Library library;
    *major = *minor = *patch = 0;
    if (FT_Init_FreeType(&library) != 0) return;
    FT_Library_Version(library, major, minor, patch);
    FT_Done_FreeType(library);
}

/// Whether a font has a glyph for the character (as HarfBuzz maps it).
static inline int seemore_font_has_character(PangoFont *font, unsigned int character) {
    hb_font_t *hb = font ? pango_font_get_hb_font(font) : NULL;
    hb_codepoint_t glyph = 0;
    return hb && hb_font_get_nominal_glyph(hb, character, &glyph);
}

/// Whether a character takes Pango's paragraph through the bidi algorithm: a right-to-left letter,
/// an Arabic letter or number, an embedding, override, pop or isolate. A paragraph without one lays
/// out all at level 0 (Pango skips FriBidi for it).
static inline int seemore_needs_bidi(unsigned int character) {
    if (character < 0x80) return 0;  // no ASCII character is one
    FriBidiCharType type = fribidi_get_bidi_type(character);
    return FRIBIDI_IS_RTL(type) || FRIBIDI_IS_ARABIC(type) || FRIBIDI_IS_EXPLICIT(type) || FRIBIDI_IS_ISOLATE(type);
}

/// Whether `length` bytes of UTF-8 hold a character that `seemore_needs_bidi`.
static inline int seemore_holds_bidi(const char *text, long length) {
    const char *end = text + length;
    for (const char *p = text; p && p < end; p = g_utf8_next_char(p)) {
        if ((unsigned char)*p >= 0x80 && seemore_needs_bidi(g_utf8_get_char(p))) return 1;
    }
    return 0;
}

/// Reads `length` bytes of UTF-8 for what decides whether the part of a paragraph before their end
/// needs bidi levels: returns the offset just past their last paragraph separator (line feed,
/// carriage return, U+2029), 0 when they hold none, and sets `*found` to the offset of the first
/// character after it that `seemore_needs_bidi`, or -1.
static inline long seemore_scan_paragraph_bidi(const char *text, long length, long *found) {
    long start = 0;
    *found = -1;
    for (long index = 0; index < length;) {
        unsigned char byte = (unsigned char)text[index];
        if (byte < 0x80) {
            index += 1;
            if (byte == '\n' || byte == '\r') { start = index; *found = -1; }
            continue;
        }
        const char *next = g_utf8_next_char(text + index);
        gunichar character = g_utf8_get_char(text + index);
        if (character == 0x2029) { start = next - text; *found = -1; }
        else if (*found < 0 && seemore_needs_bidi(character)) *found = index;
        index = next - text;
    }
    return start;
}

/// The direction of the first strong character (a letter of a left-to-right or right-to-left
/// script) in `length` bytes of UTF-8: 1 for right to left, 0 for left to right, -1 when there is
/// none. This is Unicode's rule P2 as Pango applies it to a paragraph, without Pango's deprecated
/// pango_find_base_dir.
static inline int seemore_first_strong_direction(const char *text, long length) {
    const char *end = text + length;
    for (const char *p = text; p && p < end; p = g_utf8_next_char(p)) {
        FriBidiCharType type = fribidi_get_bidi_type(g_utf8_get_char(p));
        if (FRIBIDI_IS_STRONG(type)) return FRIBIDI_IS_RTL(type) ? 1 : 0;
    }
    return -1;
}

/// Gives a fontconfig-backed Pango font map its own fontconfig configuration (the map keeps a
/// reference); 0 when the map is not fontconfig's.
static inline int seemore_font_map_set_config(PangoFontMap *map, FcConfig *config) {
    if (!map || !PANGO_IS_FC_FONT_MAP(map)) return 0;
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    return 1;
}

/// How many fonts a configuration holds among its application fonts.
static inline int seemore_application_font_count(FcConfig *config) {
    FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
    return set ? set->nfont : 0;
}

/// The baseline `tag` of `item`'s font for its script and language, as Pango 1.50 asks HarfBuzz for
/// it (with HarfBuzz's fallback when the font has no BASE table).
static inline hb_position_t seemore_item_baseline(PangoItem *item, hb_ot_layout_baseline_tag_t tag) {
    hb_font_t *font = pango_font_get_hb_font(item->analysis.font);
    hb_script_t script = (hb_script_t)g_unicode_script_to_iso15924(item->analysis.script);
    hb_language_t language = hb_language_from_string(pango_language_to_string(item->analysis.language), -1);
    hb_tag_t scripts[HB_OT_MAX_TAGS_PER_SCRIPT];
    hb_tag_t languages[HB_OT_MAX_TAGS_PER_LANGUAGE];
    unsigned int script_count = HB_OT_MAX_TAGS_PER_SCRIPT;
    unsigned int language_count = HB_OT_MAX_TAGS_PER_LANGUAGE;
    hb_ot_tags_from_script_and_language(script, language, &script_count, scripts, &language_count, languages);
    hb_direction_t direction =
        (item->analysis.flags & PANGO_ANALYSIS_FLAG_CENTERED_BASELINE) ? HB_DIRECTION_TTB : HB_DIRECTION_LTR;
    hb_position_t baseline = 0;
    hb_ot_layout_get_baseline_with_fallback(font, tag, direction, script_count ? scripts[script_count - 1] : HB_TAG_NONE,
                                            language_count ? languages[language_count - 1] : HB_TAG_NONE, &baseline);
    return baseline;
}

/// Puts every run of `line` on the line's alphabetic baseline, as CSS does for horizontal text.
/// Pango 1.50 aligns each run to the baseline that the script of the line's logically first run
/// uses (its `apply_baseline_shift`, before the runs are put in visual order): after a first run in
/// kana or Han a Latin run in another font moves by the difference of the two fonts' ideographic
/// baselines, after Devanagari by their hanging baselines, so where a line starts decides where
/// its other fonts sit. This takes exactly that adjustment back off each run's `y_offset`,
/// computed as Pango computes it, and keeps what baseline-shift attributes give. Runs Pango made
/// after that step (its ellipsis) never had it. Returns how many runs moved.
static inline int seemore_line_use_alphabetic_baseline(PangoLayoutLine *line) {
    PangoItem *first = NULL;
    for (GSList *node = line ? line->runs : NULL; node; node = node->next) {
        PangoLayoutRun *run = node->data;
        PangoItem *item = run ? run->item : NULL;
        if (!item || !item->analysis.font || (item->analysis.flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS)) continue;
        if (!first || item->offset < first->offset) first = item;
    }
    if (!first) return 0;
    hb_ot_layout_baseline_tag_t tag =
        (first->analysis.flags & PANGO_ANALYSIS_FLAG_CENTERED_BASELINE)
            ? HB_OT_LAYOUT_BASELINE_TAG_IDEO_EMBOX_CENTRAL
            : hb_ot_layout_get_horizontal_baseline_tag_for_script(
                  (hb_script_t)g_unicode_script_to_iso15924(first->analysis.script));
    hb_position_t reference = seemore_item_baseline(first, tag);
    int moved = 0;
    for (GSList *node = line->runs; node; node = node->next) {
        PangoLayoutRun *run = node->data;
        PangoItem *item = run ? run->item : NULL;
        if (!item || !item->analysis.font || (item->analysis.flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS)) continue;
        if (item->analysis.flags & PANGO_ANALYSIS_FLAG_CENTERED_BASELINE) continue;
        hb_position_t adjustment = item == first ? 0 : reference - seemore_item_baseline(item, tag);
        if (adjustment != 0) {
            run->y_offset -= adjustment;
            moved++;
        }
    }
    return moved;
}

/// Whether fontconfig asks for a font to be emboldened by the renderer: bold was asked for and the
/// family has no bold face, so the letters are smeared wider instead of drawn from a bold design.
/* 1 when fontconfig slants the font itself (a shear in its matrix, as 90-synthetic.conf adds for an
   italic asked of a family without one), else 0. */
static inline int seemore_font_is_synthetic_oblique(PangoFont *font) {
    if (!font || !PANGO_IS_FC_FONT(font)) return 0;
    FcPattern *pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
    FcMatrix *matrix = NULL;
    return pattern && FcPatternGetMatrix(pattern, FC_MATRIX, 0, &matrix) == FcResultMatch && matrix && matrix->xy != 0 ? 1 : 0;
}

static inline int seemore_font_is_synthetic_bold(PangoFont *font) {
    if (!font || !PANGO_IS_FC_FONT(font)) return 0;
    FcPattern *pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
    FcBool embolden = FcFalse;
    return pattern && FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &embolden) == FcResultMatch && embolden ? 1 : 0;
}

/// Whether an attribute affects how Pango itemizes a layout's text (its fonts, or what must be
/// constant along an item), as the layout filters its attributes before it itemizes (Pango 1.50's
/// `affects_itemization`): `Layout.itemFontRuns` itemizes as the layout does.
static inline gboolean seemore_attr_affects_itemization(PangoAttribute *attribute) {
    switch ((int)attribute->klass->type) {
    case PANGO_ATTR_LANGUAGE: case PANGO_ATTR_FAMILY: case PANGO_ATTR_STYLE: case PANGO_ATTR_WEIGHT:
    case PANGO_ATTR_VARIANT: case PANGO_ATTR_STRETCH: case PANGO_ATTR_SIZE: case PANGO_ATTR_FONT_DESC:
    case PANGO_ATTR_SCALE: case PANGO_ATTR_FALLBACK: case PANGO_ATTR_ABSOLUTE_SIZE: case PANGO_ATTR_GRAVITY:
    case PANGO_ATTR_GRAVITY_HINT: case PANGO_ATTR_FONT_SCALE: case PANGO_ATTR_LETTER_SPACING: case PANGO_ATTR_SHAPE:
    case PANGO_ATTR_RISE: case PANGO_ATTR_BASELINE_SHIFT: case PANGO_ATTR_LINE_HEIGHT:
    case PANGO_ATTR_ABSOLUTE_LINE_HEIGHT: case PANGO_ATTR_TEXT_TRANSFORM:
        return TRUE;
    default:
        return FALSE;
    }
}
