#include "seemore_png.h"

#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <zlib.h>

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
    int failed;
} output_buffer;

typedef struct {
    jmp_buf jump;
    char *error;
    size_t error_size;
} error_state;

static void on_error(png_structp png, png_const_charp message) {
    error_state *state = png_get_error_ptr(png);
    snprintf(state->error, state->error_size, "libpng: %s", message);
    longjmp(state->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void write_bytes(png_structp png, png_bytep bytes, png_size_t length) {
    output_buffer *buffer = png_get_io_ptr(png);
    if (buffer->failed) return;
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->size + length) capacity *= 2;
        uint8_t *grown = realloc(buffer->data, capacity);
        if (!grown) {
            buffer->failed = 1;
            png_error(png, "out of memory");
        }
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, bytes, length);
    buffer->size += length;
}

static void flush_bytes(png_structp png) { (void)png; }

/* unpremultiplied[a][c] = round(c * 255 / a): the same integer formula as before, once per pair. */
static uint8_t unpremultiplied[256][256];
static pthread_once_t unpremultiplied_once = PTHREAD_ONCE_INIT;

static void fill_unpremultiplied(void) {
    for (uint32_t alpha = 1; alpha < 256; alpha++) {
        for (uint32_t value = 0; value < 256; value++) {
            uint32_t straight = (value * 255 + alpha / 2) / alpha;
            unpremultiplied[alpha][value] = (uint8_t)straight; /* as the division was: no clamp */
        }
    }
}

/* One premultiplied native-endian ARGB pixel to straight R, G, B, A bytes. */
static inline void pixel_to_rgba(uint32_t pixel, uint8_t *target) {
    uint32_t alpha = pixel >> 24;
    if (alpha == 0xFF || alpha == 0) {
        target[0] = (uint8_t)(pixel >> 16);
        target[1] = (uint8_t)(pixel >> 8);
        target[2] = (uint8_t)pixel;
        target[3] = (uint8_t)alpha;
        return;
    }
    target[0] = unpremultiplied[alpha][(pixel >> 16) & 0xFF];
    target[1] = unpremultiplied[alpha][(pixel >> 8) & 0xFF];
    target[2] = unpremultiplied[alpha][pixel & 0xFF];
    target[3] = (uint8_t)alpha;
}

void seemore_argb32_to_rgba(const uint8_t *data, uint32_t width, uint32_t height, uint32_t stride, uint8_t *out) {
    pthread_once(&unpremultiplied_once, fill_unpremultiplied);
    for (uint32_t y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
        uint8_t *target = out + (size_t)y * width * 4;
        uint32_t x = 0;
#if defined(__SSE2__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        /* Four pixels at a time where all four are opaque or clear (a card's pixels but for the edges
         * of its rounded corners), nothing to unpremultiply: ARGB as numbers to the bytes R, G, B, A by
         * swapping the red and blue bytes. */
        const __m128i low = _mm_set1_epi32(0xFF), alpha_green = _mm_set1_epi32((int)0xFF00FF00u);
        const __m128i opaque = _mm_set1_epi32(0xFF), clear = _mm_setzero_si128();
        for (; x + 4 <= width; x += 4) {
            __m128i pixels = _mm_loadu_si128((const __m128i *)(row + x));
            __m128i alpha = _mm_srli_epi32(pixels, 24);
            __m128i plain = _mm_or_si128(_mm_cmpeq_epi32(alpha, opaque), _mm_cmpeq_epi32(alpha, clear));
            if (_mm_movemask_epi8(plain) != 0xFFFF) {
                for (uint32_t k = x; k < x + 4; k++) pixel_to_rgba(row[k], target + (size_t)k * 4);
                continue;
            }
            __m128i red = _mm_and_si128(_mm_srli_epi32(pixels, 16), low);
            __m128i blue = _mm_slli_epi32(_mm_and_si128(pixels, low), 16);
            __m128i rgba = _mm_or_si128(_mm_and_si128(pixels, alpha_green), _mm_or_si128(red, blue));
            _mm_storeu_si128((__m128i *)(target + (size_t)x * 4), rgba);
        }
#endif
        for (; x < width; x++) pixel_to_rgba(row[x], target + (size_t)x * 4);
    }
}

static int is_opaque(const uint8_t *pixels, size_t count) {
    for (size_t index = 0; index < count; index++) {
        if (pixels[index * 4 + 3] != 0xFF) return 0;
    }
    return 1;
}

/* The image's colors in order of first appearance, when there are at most 256: fills `palette`
 * (RGBA, 4 bytes each) and `indices` (one byte a pixel); returns the count, or 0 for more colors. */
static int palette_of(const uint8_t *pixels, size_t count, uint8_t *palette, uint8_t *indices) {
    /* Open addressing over 1024 slots: the color, whether the slot is used, the color's index. */
    uint32_t keys[1024];
    uint8_t used[1024] = {0};
    uint8_t values[1024];
    int colors = 0;
    uint32_t last = 0;
    int last_index = -1;
    for (size_t i = 0; i < count; i++) {
        const uint8_t *p = pixels + i * 4;
        uint32_t color = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
        if (last_index >= 0 && color == last) {
            indices[i] = (uint8_t)last_index;
            continue;
        }
        uint32_t slot = (color * 2654435761u) >> 22;
        while (used[slot] && keys[slot] != color) slot = (slot + 1) & 1023;
        if (!used[slot]) {
            if (colors == 256) return 0;
            used[slot] = 1;
            keys[slot] = color;
            values[slot] = (uint8_t)colors;
            memcpy(palette + colors * 4, p, 4);
            colors++;
        }
        indices[i] = values[slot];
        last = color;
        last_index = values[slot];
    }
    return colors;
}

int seemore_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height,
                            const seemore_png_options *options, uint8_t **out_data, size_t *out_size,
                            char *error, size_t error_size) {
    error_state state = {.error = error, .error_size = error_size};
    output_buffer buffer = {0};
    png_structp png = NULL;
    png_infop info = NULL;
    uint8_t *row = NULL;
    if (width == 0 || height == 0) {
        snprintf(error, error_size, "an image of %ux%u pixels cannot be a PNG", width, height);
        return -1;
    }
    int channels = is_opaque(pixels, (size_t)width * height) ? 3 : 4;
    uint8_t palette[256 * 4];
    uint8_t *indices = NULL;
    int colors = 0;
    if (options->palette) {
        indices = malloc((size_t)width * height);
        if (!indices) {
            snprintf(error, error_size, "out of memory");
            return -1;
        }
        colors = palette_of(pixels, (size_t)width * height, palette, indices);
        if (!colors) {
            free(indices);
            indices = NULL;
        }
    }
    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (!png) {
        snprintf(error, error_size, "libpng: cannot create a write struct");
        free(indices);
        return -1;
    }
    info = png_create_info_struct(png);
    row = malloc((size_t)width * 3);
    if (!info || !row) {
        snprintf(error, error_size, "out of memory");
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(row);
        free(indices);
        return -1;
    }
    if (setjmp(state.jump)) {
        png_destroy_write_struct(&png, &info);
        free(row);
        free(indices);
        free(buffer.data);
        return -1;
    }
    png_set_write_fn(png, &buffer, write_bytes, flush_bytes);
    png_set_compression_level(png, options->level);
    png_set_compression_strategy(png, options->strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, options->filters);
    if (indices) {
        int depth = colors <= 2 ? 1 : colors <= 4 ? 2 : colors <= 16 ? 4 : 8;
        png_set_IHDR(png, info, width, height, depth, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
                     PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
        png_color entries[256];
        png_byte alphas[256];
        int translucent = 0;
        for (int i = 0; i < colors; i++) {
            entries[i].red = palette[i * 4];
            entries[i].green = palette[i * 4 + 1];
            entries[i].blue = palette[i * 4 + 2];
            alphas[i] = palette[i * 4 + 3];
            if (alphas[i] != 0xFF) translucent = i + 1;
        }
        png_set_PLTE(png, info, entries, colors);
        /* tRNS up to the last entry that is not opaque (the rest are opaque by default). */
        if (translucent) png_set_tRNS(png, info, alphas, translucent, NULL);
    } else {
        png_set_IHDR(png, info, width, height, 8, channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    }
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_pHYs(png, info, options->pixels_per_meter, options->pixels_per_meter, PNG_RESOLUTION_METER);
    png_write_info(png, info);
    if (indices) {
        png_set_packing(png); /* one index a byte in, packed to the bit depth by libpng */
        for (uint32_t y = 0; y < height; y++) png_write_row(png, indices + (size_t)y * width);
    }
    for (uint32_t y = 0; !indices && y < height; y++) {
        const uint8_t *source = pixels + (size_t)y * width * 4;
        if (channels == 4) {
            png_write_row(png, (png_const_bytep)source);
        } else {
            for (uint32_t x = 0; x < width; x++) {
                row[x * 3] = source[x * 4];
                row[x * 3 + 1] = source[x * 4 + 1];
                row[x * 3 + 2] = source[x * 4 + 2];
            }
            png_write_row(png, row);
        }
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    free(indices);
    *out_data = buffer.data;
    *out_size = buffer.size;
    return 0;
}

/* The PNG being read: bytes in memory, read in order. */
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
} input_buffer;

static void read_bytes(png_structp png, png_bytep target, png_size_t length) {
    input_buffer *input = png_get_io_ptr(png);
    if (length > input->size - input->offset) png_error(png, "the file ends inside a chunk");
    memcpy(target, input->data + input->offset, length);
    input->offset += length;
}

/* Ancillary chunks that say nothing about the pixels SeeMore compares: skipped unread (their CRC
 * aside), never allocated or decompressed. */
static const png_byte ignored_chunks[] = "tEXt\0zTXt\0iTXt\0iCCP\0sPLT\0eXIf\0tIME\0hIST\0sBIT\0bKGD\0oFFs\0pCAL\0sCAL";

int seemore_png_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **out_pixels,
                            size_t capacity, uint32_t *out_width, uint32_t *out_height, char *error,
                            size_t error_size) {
    if (seemore_png_decode_simple(data, size, max_pixels, out_pixels, capacity, out_width, out_height) == 0) return 0;
    return seemore_png_decode_rgba_libpng(data, size, max_pixels, out_pixels, capacity, out_width, out_height, error,
                                          error_size);
}

int seemore_png_decode_rgba_libpng(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **out_pixels,
                                   size_t capacity, uint32_t *out_width, uint32_t *out_height, char *error,
                                   size_t error_size) {
    error_state state = {.error = error, .error_size = error_size};
    input_buffer input = {.data = data, .size = size, .offset = 0};
    uint8_t *given = *out_pixels;
    /* Set after setjmp and freed on the error path: volatile, so longjmp leaves them as they were. */
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        snprintf(error, error_size, "libpng: cannot create a read struct");
        png_destroy_read_struct(png ? &png : NULL, NULL, NULL);
        return -1;
    }
    if (setjmp(state.jump)) {
        if (pixels && pixels != given) free(pixels);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    /* Limits for bytes from strangers: no side past Cairo's 32767 pixels, no more than 64 ancillary
     * chunks kept, no chunk allocated (or decompressed) past 1 MiB — libpng's defaults in Debian's
     * build leave all three unbounded (a tEXt chunk declaring 2 GB is allocated before it is read). */
    png_set_user_limits(png, 32767, 32767);
    png_set_chunk_cache_max(png, 64);
    png_set_chunk_malloc_max(png, 1 << 20);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, ignored_chunks,
                                (int)(sizeof ignored_chunks / 5));
#ifdef PNG_MAXIMUM_INFLATE_WINDOW
    /* Inflate with a 32K window whatever the stream's header declares (libpng shrinks it for small
     * images when writing): as libdeflate does for the PNGs png_simple.c reads, so the two read the
     * same streams. */
    png_set_option(png, PNG_MAXIMUM_INFLATE_WINDOW, PNG_OPTION_ON);
#endif
#ifdef PNG_IGNORE_ADLER32
    /* Every chunk's CRC-32 is still checked, so zlib's Adler-32 of the same bytes would check them twice. */
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_set_read_fn(png, &input, read_bytes);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if ((uint64_t)width * height > max_pixels) {
        snprintf(error, error_size, "the image declares %ux%u pixels, more than the %llu allowed", width, height,
                 (unsigned long long)max_pixels);
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    size_t bytes = (size_t)width * height * 4;
    if (given && capacity != bytes) {
        snprintf(error, error_size, "the image has %ux%u pixels, not the %zu bytes' worth expected", width, height,
                 capacity);
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    /* Every colour type and depth to 8-bit straight RGBA, gamma (if the file declares one) to sRGB. */
    png_set_alpha_mode(png, PNG_ALPHA_PNG, PNG_GAMMA_sRGB);
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "the rows do not convert to RGBA");
    pixels = given ? given : malloc(bytes ? bytes : 1);
    rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!pixels || !rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * width * 4;
    png_read_image(png, rows);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    *out_pixels = pixels;
    *out_width = width;
    *out_height = height;
    return 0;
}

void seemore_png_free(void *pointer) { free(pointer); }

int seemore_png_filter_none(void) { return PNG_FILTER_NONE; }
int seemore_png_filter_sub(void) { return PNG_FILTER_SUB; }
int seemore_png_filter_up(void) { return PNG_FILTER_UP; }
int seemore_png_filter_paeth(void) { return PNG_FILTER_PAETH; }
int seemore_png_filter_all(void) { return PNG_ALL_FILTERS; }
int seemore_zlib_strategy_default(void) { return Z_DEFAULT_STRATEGY; }
int seemore_zlib_strategy_rle(void) { return Z_RLE; }
int seemore_zlib_strategy_filtered(void) { return Z_FILTERED; }
const char *seemore_libpng_version(void) { return PNG_LIBPNG_VER_STRING; }
const char *seemore_zlib_version(void) { return zlibVersion(); }
