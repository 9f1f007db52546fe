#include "seemore_bench.h"

#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A PNG written around a libdeflate zlib stream: the same chunks libpng writes for SeeMore (IHDR,
 * sRGB, pHYs, IDAT in 8 KB chunks, IEND), rows unfiltered. libdeflate is deterministic for a given
 * version and level, and at high levels both faster and smaller than zlib. */

typedef struct {
    uint8_t *data;
    size_t size;
} writer;

static void put32(writer *w, uint32_t value) {
    w->data[w->size++] = (uint8_t)(value >> 24);
    w->data[w->size++] = (uint8_t)(value >> 16);
    w->data[w->size++] = (uint8_t)(value >> 8);
    w->data[w->size++] = (uint8_t)value;
}

static void chunk(writer *w, const char *type, const uint8_t *body, size_t length) {
    put32(w, (uint32_t)length);
    size_t start = w->size;
    memcpy(w->data + w->size, type, 4);
    w->size += 4;
    if (length) memcpy(w->data + w->size, body, length);
    w->size += length;
    put32(w, libdeflate_crc32(0, w->data + start, length + 4));
}

static uint8_t paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (uint8_t)(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

/* Row `row` (n bytes, `bpp` per pixel, `previous` the unfiltered row above or NULL) filtered by type. */
static void filter_row(int type, const uint8_t *row, const uint8_t *previous, size_t n, int bpp, uint8_t *out) {
    for (size_t i = 0; i < n; i++) {
        int a = i >= (size_t)bpp ? row[i - bpp] : 0, b = previous ? previous[i] : 0;
        int c = previous && i >= (size_t)bpp ? previous[i - bpp] : 0;
        switch (type) {
        case 1: out[i] = (uint8_t)(row[i] - a); break;
        case 2: out[i] = (uint8_t)(row[i] - b); break;
        case 3: out[i] = (uint8_t)(row[i] - ((a + b) >> 1)); break;
        case 4: out[i] = (uint8_t)(row[i] - paeth(a, b, c)); break;
        default: out[i] = row[i];
        }
    }
}

/* libpng's heuristic: the filter whose output has the least sum of |signed byte|. */
static size_t cost(const uint8_t *bytes, size_t n) {
    size_t sum = 0;
    for (size_t i = 0; i < n; i++) sum += bytes[i] < 128 ? bytes[i] : 256 - bytes[i];
    return sum;
}

static int opaque(const uint8_t *pixels, size_t count) {
    for (size_t index = 0; index < count; index++) {
        if (pixels[index * 4 + 3] != 0xFF) return 0;
    }
    return 1;
}

int seemore_png_encode_deflate(const uint8_t *pixels, uint32_t width, uint32_t height, int level, int filter,
                               uint32_t pixels_per_meter, uint8_t **out_data, size_t *out_size, char *error,
                               size_t error_size) {
    if (width == 0 || height == 0 || width > 0x7FFFFFFF || height > 0x7FFFFFFF) {
        snprintf(error, error_size, "an image of %ux%u pixels cannot be a PNG", width, height);
        return -1;
    }
    int channels = opaque(pixels, (size_t)width * height) ? 3 : 4;
    size_t row_bytes = (size_t)width * channels + 1;
    size_t raw_size = row_bytes * height;
    uint8_t *raw = malloc(raw_size);
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    size_t bound = compressor ? libdeflate_zlib_compress_bound(compressor, raw_size) : 0;
    uint8_t *stream = malloc(bound ? bound : 1);
    if (!raw || !compressor || !stream) {
        snprintf(error, error_size, compressor ? "out of memory" : "libdeflate: no compressor for level %d", level);
        free(raw);
        free(stream);
        if (compressor) libdeflate_free_compressor(compressor);
        return -1;
    }
    /* Unfiltered rows first (RGB or RGBA), then each filtered into place. */
    size_t n = row_bytes - 1;
    uint8_t *plain = malloc(n * height), *trial = malloc(n);
    if (!plain || !trial) {
        snprintf(error, error_size, "out of memory");
        free(raw);
        free(stream);
        free(plain);
        free(trial);
        libdeflate_free_compressor(compressor);
        return -1;
    }
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *source = pixels + (size_t)y * width * 4;
        uint8_t *target = plain + (size_t)y * n;
        if (channels == 4) {
            memcpy(target, source, (size_t)width * 4);
        } else {
            for (uint32_t x = 0; x < width; x++) {
                target[x * 3] = source[x * 4];
                target[x * 3 + 1] = source[x * 4 + 1];
                target[x * 3 + 2] = source[x * 4 + 2];
            }
        }
    }
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = plain + (size_t)y * n, *previous = y ? row - n : NULL;
        uint8_t *target = raw + (size_t)y * row_bytes;
        int chosen = filter;
        if (filter == 5) {
            size_t best = (size_t)-1;
            for (int type = 0; type <= 4; type++) {
                filter_row(type, row, previous, n, channels, trial);
                size_t c = cost(trial, n);
                if (c < best) {
                    best = c;
                    chosen = type;
                }
            }
        }
        target[0] = (uint8_t)chosen;
        filter_row(chosen, row, previous, n, channels, target + 1);
    }
    free(plain);
    free(trial);
    size_t compressed = libdeflate_zlib_compress(compressor, raw, raw_size, stream, bound);
    libdeflate_free_compressor(compressor);
    free(raw);
    if (compressed == 0) {
        free(stream);
        snprintf(error, error_size, "libdeflate: the stream did not fit its bound");
        return -1;
    }
    const size_t idat_chunk = 8192;
    size_t chunks = (compressed + idat_chunk - 1) / idat_chunk;
    writer w = {.data = malloc(8 + 25 + 13 + 21 + compressed + 12 * chunks + 12), .size = 0};
    if (!w.data) {
        free(stream);
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    memcpy(w.data, signature, 8);
    w.size = 8;
    uint8_t header[13] = {(uint8_t)(width >> 24), (uint8_t)(width >> 16), (uint8_t)(width >> 8), (uint8_t)width,
                          (uint8_t)(height >> 24), (uint8_t)(height >> 16), (uint8_t)(height >> 8), (uint8_t)height,
                          8, channels == 4 ? 6 : 2, 0, 0, 0};
    chunk(&w, "IHDR", header, 13);
    uint8_t intent = 0; /* perceptual */
    chunk(&w, "sRGB", &intent, 1);
    uint32_t ppm = pixels_per_meter;
    uint8_t density[9] = {(uint8_t)(ppm >> 24), (uint8_t)(ppm >> 16), (uint8_t)(ppm >> 8), (uint8_t)ppm,
                          (uint8_t)(ppm >> 24), (uint8_t)(ppm >> 16), (uint8_t)(ppm >> 8), (uint8_t)ppm, 1};
    chunk(&w, "pHYs", density, 9);
    for (size_t offset = 0; offset < compressed; offset += idat_chunk) {
        size_t length = compressed - offset < idat_chunk ? compressed - offset : idat_chunk;
        chunk(&w, "IDAT", stream + offset, length);
    }
    chunk(&w, "IEND", NULL, 0);
    free(stream);
    *out_data = w.data;
    *out_size = w.size;
    return 0;
}

const char *seemore_libdeflate_version(void) { return LIBDEFLATE_VERSION_STRING; }

void seemore_bench_free(void *pointer) { free(pointer); }
