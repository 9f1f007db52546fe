/* The C floor of `make bench`: what Pango and Cairo cost with nothing around them, for SeeMore's
 * figures to be read against. Never used by SeeMore itself.
 *
 *   seemore-cfloor cut TEXT FONT WIDTH LINES SECONDS
 *       Pango's own end ellipsis (pango_layout_set_height(-LINES)) of TEXT at WIDTH points, laid out
 *       again and again for SECONDS; prints the median microseconds of one layout.
 *   seemore-cfloor card TEXT FONT WIDTH LINES SECONDS
 *       The same layout painted as a @1x card (a rounded rectangle, a border, the text), without
 *       writing it; prints the median microseconds of one card.
 *   seemore-cfloor png TEXT FONT WIDTH LINES OUT.png
 *       One card, written with cairo_surface_write_to_png: the whole process is what is timed.
 *   seemore-cfloor goldens SECONDS FILE...
 *       A check's golden part of a case, for each PNG FILE in turn: the file read, decoded with
 *       SeeMore's own C decoder (seemore_png_decode_rgba: libdeflate's inflate for the PNGs SeeMore
 *       writes) and compared with the same pixels decoded before; prints the median microseconds of
 *       one golden over rounds of all the files.
 *   seemore-cfloor cuts FONT WIDTH LINES ROUNDS TEXT...
 *       Pango's own end ellipsis of every TEXT (a corpus, one argument each), ROUNDS times over;
 *       prints the median texts a second of the rounds (a scan's floor).
 *
 * The settings are SeeMore's: 72 dpi, metrics hinting off, hint style none, gray antialiasing,
 * unrounded glyph positions, language "c". */
#include <fcntl.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <seemore_png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static PangoContext *make_context(PangoFontMap *map) {
    PangoContext *context = pango_font_map_create_context(map);
    pango_cairo_context_set_resolution(context, 72);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(context, FALSE);
    pango_context_set_language(context, pango_language_from_string("c"));
    return context;
}

/* The paragraph cut to `lines` lines with Pango's own ellipsis; laid out (the line count forces it). */
static PangoLayout *cut(PangoContext *context, const char *text, PangoFontDescription *font, double width, int lines) {
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_font_description(layout, font);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_height(layout, -lines);
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    pango_layout_set_text(layout, text, -1);
    (void)pango_layout_get_line_count(layout);
    return layout;
}

/* A @1x card: 16 pt padding, a rounded white rectangle with a gray border, the text in near black. */
static cairo_surface_t *card(PangoLayout *layout, double width) {
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    double padding = 16, height = ceil(logical.height / (double)PANGO_SCALE + 2 * padding);
    int pixels_wide = (int)ceil(width + 2 * padding);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixels_wide, (int)height);
    cairo_t *cr = cairo_create(surface);
    double r = 12, w = pixels_wide - 1, h = height - 1;
    cairo_new_sub_path(cr);
    cairo_arc(cr, 0.5 + w - r, 0.5 + r, r, -M_PI / 2, 0);
    cairo_arc(cr, 0.5 + w - r, 0.5 + h - r, r, 0, M_PI / 2);
    cairo_arc(cr, 0.5 + r, 0.5 + h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, 0.5 + r, 0.5 + r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.86, 0.86, 0.88);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.06, 0.08, 0.1);
    cairo_move_to(cr, padding, padding);
    pango_cairo_show_layout(cr, layout);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    return surface;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Prints the median of `values` with `format`, then frees them and the Pango objects. */
static int finish(double *values, size_t count, const char *format, PangoFontDescription *font, PangoContext *context,
                  PangoFontMap *map) {
    qsort(values, count, sizeof(double), compare);
    printf(format, values[count / 2]);
    free(values);
    pango_font_description_free(font);
    g_object_unref(context);
    g_object_unref(map);
    return 0;
}

/* `cuts`: the corpus in argv[6...] cut `rounds` times; the median round's texts a second. */
static int cuts(int argc, char **argv) {
    const char *font_name = argv[2];
    double width = atof(argv[3]);
    int lines = atoi(argv[4]), rounds = atoi(argv[5]), texts = argc - 6;
    if (rounds < 1 || rounds > 1000 || texts < 1) return 64;
    PangoFontMap *map = pango_cairo_font_map_new();
    PangoContext *context = make_context(map);
    PangoFontDescription *font = pango_font_description_from_string(font_name);
    double *rates = malloc(rounds * sizeof(double));
    /* Once untimed: the first layouts load the fonts. */
    for (int i = 0; i < texts; i++) g_object_unref(cut(context, argv[6 + i], font, width, lines));
    for (int round = 0; round < rounds; round++) {
        double start = now_us();
        for (int i = 0; i < texts; i++) g_object_unref(cut(context, argv[6 + i], font, width, lines));
        rates[round] = texts / ((now_us() - start) / 1e6);
    }
    return finish(rates, rounds, "%.1f\n", font, context, map);
}

/* The whole of file `path` in a malloc'd buffer of *size bytes, or NULL. */
static uint8_t *read_file(const char *path, size_t *size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    size_t capacity = 1 << 16, used = 0;
    uint8_t *data = malloc(capacity);
    ssize_t got;
    while (data && (got = read(fd, data + used, capacity - used)) > 0) {
        used += (size_t)got;
        if (used < capacity) continue;
        uint8_t *larger = realloc(data, capacity *= 2);
        if (!larger) free(data);
        data = larger;
    }
    close(fd);
    *size = used;
    return data;
}

/* The pixels of PNG file `path`, decoded with SeeMore's decoder, and their size; NULL on failure. */
static uint8_t *decode_file(const char *path, size_t *pixel_bytes) {
    size_t size;
    uint8_t *data = read_file(path, &size), *pixels = NULL;
    if (!data) return NULL;
    uint32_t width, height;
    char error[256];
    int status = seemore_png_decode_rgba(data, size, (uint64_t)1 << 28, &pixels, 0, &width, &height, error, sizeof error);
    free(data);
    if (status != 0) return NULL;
    *pixel_bytes = (size_t)width * height * 4;
    return pixels;
}

/* `goldens`: argv[3...] read, decoded and compared with their pixels decoded before, in rounds for
 * argv[2] seconds; the median microseconds of one golden. */
static int goldens(int argc, char **argv) {
    int count = argc - 3;
    double seconds = atof(argv[2]);
    uint8_t **expected = calloc(count, sizeof *expected);
    size_t *sizes = calloc(count, sizeof *sizes);
    size_t capacity = 1 << 16, rounds = 0;
    double *samples = malloc(capacity * sizeof(double));
    if (!expected || !sizes || !samples) {
        fprintf(stderr, "seemore-cfloor: out of memory\n");
        return 1;
    }
    for (int i = 0; i < count; i++) {
        if (!(expected[i] = decode_file(argv[3 + i], &sizes[i]))) {
            fprintf(stderr, "seemore-cfloor: cannot decode %s\n", argv[3 + i]);
            return 65;
        }
    }
    double deadline = now_us() + seconds * 1e6;
    while ((now_us() < deadline || rounds < 3) && rounds < capacity) {
        double start = now_us();
        for (int i = 0; i < count; i++) {
            size_t size;
            uint8_t *pixels = decode_file(argv[3 + i], &size);
            int same = pixels && size == sizes[i] && !memcmp(pixels, expected[i], size);
            seemore_png_free(pixels);
            if (!same) return 65;
        }
        samples[rounds++] = (now_us() - start) / count;
    }
    qsort(samples, rounds, sizeof(double), compare);
    printf("%.2f\n", samples[rounds / 2]);
    for (int i = 0; i < count; i++) seemore_png_free(expected[i]);
    free(expected);
    free(sizes);
    free(samples);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 7 && !strcmp(argv[1], "cuts")) return cuts(argc, argv);
    if (argc >= 4 && !strcmp(argv[1], "goldens")) return goldens(argc, argv);
    if (argc != 7 || (strcmp(argv[1], "cut") && strcmp(argv[1], "card") && strcmp(argv[1], "png"))) {
        fprintf(stderr, "usage: seemore-cfloor cut|card TEXT FONT WIDTH LINES SECONDS | png TEXT FONT WIDTH LINES OUT.png"
                        " | cuts FONT WIDTH LINES ROUNDS TEXT... | goldens SECONDS FILE...\n");
        return 64;
    }
    const char *mode = argv[1], *text = argv[2];
    double width = atof(argv[4]);
    int lines = atoi(argv[5]);
    PangoFontMap *map = pango_cairo_font_map_new();
    PangoContext *context = make_context(map);
    PangoFontDescription *font = pango_font_description_from_string(argv[3]);
    if (!strcmp(mode, "png")) {
        PangoLayout *layout = cut(context, text, font, width, lines);
        cairo_surface_t *surface = card(layout, width);
        int status = cairo_surface_write_to_png(surface, argv[6]) == CAIRO_STATUS_SUCCESS ? 0 : 73;
        cairo_surface_destroy(surface);
        g_object_unref(layout);
        return status;
    }
    double seconds = atof(argv[6]);
    size_t capacity = 1 << 20, count = 0;
    double *samples = malloc(capacity * sizeof(double));
    double deadline = now_us() + seconds * 1e6;
    /* Once untimed: the first layout loads the fonts. */
    g_object_unref(cut(context, text, font, width, lines));
    while ((now_us() < deadline || count < 3) && count < capacity) {
        double start = now_us();
        PangoLayout *layout = cut(context, text, font, width, lines);
        if (!strcmp(mode, "card")) cairo_surface_destroy(card(layout, width));
        g_object_unref(layout);
        samples[count++] = now_us() - start;
    }
    return finish(samples, count, "%.2f\n", font, context, map);
}
