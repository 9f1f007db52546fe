#include <pango/pangocairo.h>
#include <pango/pangofc-font.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
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

/// Whether `length` bytes of UTF-8 hold a character that takes Pango's paragraph through the bidi
/// algorithm: a right-to-left letter, an Arabic letter or number, an embedding, override, pop or
/// isolate. A paragraph without one lays out all at level 0 (Pango skips FriBidi for it).
static inline int seemore_holds_bidi(const char *text, long length) {
    const char *end = text + length;
    for (const char *p = text; p && p < end; p = g_utf8_next_char(p)) {
        FriBidiCharType type = fribidi_get_bidi_type(g_utf8_get_char(p));
        if (FRIBIDI_IS_RTL(type) || FRIBIDI_IS_ARABIC(type) || FRIBIDI_IS_EXPLICIT(type) || FRIBIDI_IS_ISOLATE(type))
            return 1;
    }
    return 0;
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
