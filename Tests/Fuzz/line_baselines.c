// Coverage-guided fuzz target of the C that SeeMore runs over layouts of a stranger's text
// (Sources/CPangoCairo/shim.h): the input, as UTF-8 text (invalid bytes replaced), is laid out by
// Pango at a width the first byte picks, with an end ellipsis on some runs, and every line's runs
// are put back on the alphabetic baseline and checked for synthetic bold, then measured again.
#include "../../Sources/CPangoCairo/shim.h"
#include <stdint.h>
#include <string.h>

static PangoContext *context;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1 || size > 4096) return 0;
    if (!context) {
        PangoFontMap *map = pango_cairo_font_map_new();
        context = pango_font_map_create_context(map);
        g_object_unref(map);
    }
    gchar *text = g_utf8_make_valid((const gchar *)data + 1, (gssize)size - 1);
    PangoLayout *layout = pango_layout_new(context);
    PangoFontDescription *font = pango_font_description_from_string(data[0] & 1 ? "DejaVu Sans Bold 15" : "IPAGothic 15");
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
    pango_layout_set_width(layout, (40 + data[0]) * PANGO_SCALE);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    if (data[0] & 2) {
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
        pango_layout_set_height(layout, -2);
    }
    pango_layout_set_text(layout, text, -1);
    int index = 0;
    for (GSList *node = pango_layout_get_lines_readonly(layout); node; node = node->next, index++) {
        PangoLayoutLine *line = node->data;
        if (seemore_line_use_alphabetic_baseline(line) > 0) (void)pango_layout_get_line(layout, index);
        for (GSList *run = line->runs; run; run = run->next) {
            PangoGlyphItem *item = run->data;
            if (item && item->item) (void)seemore_font_is_synthetic_bold(item->item->analysis.font);
        }
    }
    PangoRectangle ink, logical;
    pango_layout_get_extents(layout, &ink, &logical);
    g_object_unref(layout);
    g_free(text);
    return 0;
}
