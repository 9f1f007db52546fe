#include "seemore_png.h"

#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A PNG decoder for the plain files SeeMore writes, on libdeflate: 8-bit RGB or RGBA, or a palette of
 * 1, 2, 4 or 8 bits with or without tRNS, not interlaced, any of the five row filters, only the chunks
 * IHDR, PLTE, tRNS, IDAT, IEND, sRGB, pHYs and text or time (which do not change a pixel). Anything else
 * (gamma, colour profiles, 16 bits, grey, interlacing, a bad CRC, a broken stream, a palette index past
 * the palette) returns SEEMORE_PNG_NOT_PLAIN and is left to libpng, which decodes it or says why not.
 * Written from the PNG specification (W3C, third edition). */

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static int is_type(const uint8_t *type, const char *name) { return memcmp(type, name, 4) == 0; }

/* Ancillary chunks that never change a decoded pixel. */
static int is_harmless(const uint8_t *type) {
    return is_type(type, "sRGB") || is_type(type, "pHYs") || is_type(type, "tEXt") || is_type(type, "zTXt") ||
           is_type(type, "iTXt") || is_type(type, "tIME");
}

static uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
    int p = (int)a + (int)b - (int)c;
    int pa = abs(p - (int)a), pb = abs(p - (int)b), pc = abs(p - (int)c);
    if (pa <= pb && pa <= pc) return a;
    return pb <= pc ? b : c;
}

/* Reverses the filter of one row in place; `previous` is the row above (already unfiltered) or NULL. */
static int unfilter(uint8_t filter, uint8_t *row, const uint8_t *previous, size_t length, size_t pixel_bytes) {
    switch (filter) {
    case 0:
        return 0;
    case 1:
        for (size_t i = pixel_bytes; i < length; i++) row[i] = (uint8_t)(row[i] + row[i - pixel_bytes]);
        return 0;
    case 2:
        if (previous)
            for (size_t i = 0; i < length; i++) row[i] = (uint8_t)(row[i] + previous[i]);
        return 0;
    case 3:
        for (size_t i = 0; i < length; i++) {
            unsigned left = i >= pixel_bytes ? row[i - pixel_bytes] : 0, up = previous ? previous[i] : 0;
            row[i] = (uint8_t)(row[i] + ((left + up) >> 1));
        }
        return 0;
    case 4:
        for (size_t i = 0; i < length; i++) {
            uint8_t left = i >= pixel_bytes ? row[i - pixel_bytes] : 0, up = previous ? previous[i] : 0;
            uint8_t corner = previous && i >= pixel_bytes ? previous[i - pixel_bytes] : 0;
            row[i] = (uint8_t)(row[i] + paeth(left, up, corner));
        }
        return 0;
    default:
        return -1;
    }
}

int seemore_png_decode_plain(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **out_pixels,
                             size_t capacity, uint32_t *out_width, uint32_t *out_height, char *error,
                             size_t error_size) {
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (size < 8 + 25 || memcmp(data, signature, 8) != 0) return SEEMORE_PNG_NOT_PLAIN;
    uint32_t width = 0, height = 0;
    uint8_t depth = 0, color = 0;
    uint8_t palette[256][4];
    unsigned palette_size = 0;
    int seen_header = 0, seen_end = 0, seen_data = 0, data_ended = 0, seen_alphas = 0;
    /* The IDAT chunks' bytes: pointers into `data` when there is one chunk, else a copy. */
    const uint8_t *stream = NULL;
    uint8_t *joined = NULL;
    size_t stream_size = 0;
    size_t offset = 8;
    int result = SEEMORE_PNG_NOT_PLAIN;
    while (offset + 12 <= size) {
        uint32_t length = be32(data + offset);
        const uint8_t *type = data + offset + 4, *body = data + offset + 8;
        if (length > 0x7FFFFFFFu || length > size - offset - 12) goto done;
        if (libdeflate_crc32(0, type, (size_t)length + 4) != be32(body + length)) goto done;
        offset += (size_t)length + 12;
        if (!seen_header) {
            if (!is_type(type, "IHDR") || length != 13) goto done;
            width = be32(body);
            height = be32(body + 4);
            depth = body[8];
            color = body[9];
            if (width == 0 || height == 0 || width > 0x7FFFFFFFu || height > 0x7FFFFFFFu) goto done;
            if (body[10] != 0 || body[11] != 0 || body[12] != 0) goto done; /* deflate, filters, no interlace */
            int plain = (color == 6 && depth == 8) || (color == 2 && depth == 8) ||
                        (color == 3 && (depth == 1 || depth == 2 || depth == 4 || depth == 8));
            if (!plain) goto done;
            if ((uint64_t)width * height > max_pixels) {
                snprintf(error, error_size, "the image declares %ux%u pixels, more than the %llu allowed", width,
                         height, (unsigned long long)max_pixels);
                result = -1;
                goto done;
            }
            seen_header = 1;
            continue;
        }
        if (is_type(type, "IDAT")) {
            if (data_ended || (color == 3 && palette_size == 0)) goto done;
            if (!seen_data) {
                stream = body;
                stream_size = length;
            } else {
                uint8_t *grown = realloc(joined, stream_size + length);
                if (!grown) goto done;
                if (!joined) memcpy(grown, stream, stream_size);
                joined = grown;
                memcpy(joined + stream_size, body, length);
                stream = joined;
                stream_size += length;
            }
            seen_data = 1;
            continue;
        }
        if (seen_data) data_ended = 1; /* IDAT chunks must follow one another */
        if (is_type(type, "IEND")) {
            seen_end = 1;
            break;
        } else if (is_type(type, "PLTE")) {
            if (seen_data || palette_size || color != 3 || length % 3 || length == 0 || length / 3 > (1u << depth))
                goto done;
            palette_size = length / 3;
            for (unsigned i = 0; i < palette_size; i++) {
                palette[i][0] = body[3 * i];
                palette[i][1] = body[3 * i + 1];
                palette[i][2] = body[3 * i + 2];
                palette[i][3] = 255;
            }
        } else if (is_type(type, "tRNS")) {
            /* Only a palette's alphas, given once, after PLTE. */
            if (seen_data || seen_alphas || color != 3 || palette_size == 0 || length > palette_size) goto done;
            seen_alphas = 1;
            for (unsigned i = 0; i < length; i++) palette[i][3] = body[i];
        } else if (!is_harmless(type)) {
            goto done;
        }
    }
    if (!seen_header || !seen_end || !seen_data) goto done;

    size_t channels = color == 6 ? 4 : color == 2 ? 3 : 1;
    size_t row_bytes = ((size_t)width * channels * depth + 7) / 8;
    size_t pixel_bytes = color == 3 ? 1 : channels;
    size_t expected = (size_t)height * (row_bytes + 1);
    uint8_t *given = *out_pixels;
    if (given && capacity != (size_t)width * height * 4) {
        snprintf(error, error_size, "the image has %ux%u pixels, not the %zu bytes' worth expected", width, height,
                 capacity);
        result = -1;
        goto done;
    }
    uint8_t *raw = malloc(expected);
    uint8_t *pixels = given ? given : malloc((size_t)width * height * 4);
    struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
    size_t produced = 0;
    int inflated = raw && pixels && decompressor &&
                   libdeflate_zlib_decompress(decompressor, stream, stream_size, raw, expected, &produced) ==
                       LIBDEFLATE_SUCCESS &&
                   produced == expected;
    if (decompressor) libdeflate_free_decompressor(decompressor);
    if (!inflated) {
        free(raw);
        if (!given) free(pixels);
        goto done;
    }
    const uint8_t *previous = NULL;
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *line = raw + (size_t)y * (row_bytes + 1);
        uint8_t *row = line + 1, *out = pixels + (size_t)y * width * 4;
        if (unfilter(line[0], row, previous, row_bytes, pixel_bytes) != 0) {
            free(raw);
            if (!given) free(pixels);
            goto done;
        }
        previous = row;
        if (color == 6) {
            memcpy(out, row, (size_t)width * 4);
        } else if (color == 2) {
            for (uint32_t x = 0; x < width; x++) {
                out[4 * x] = row[3 * x];
                out[4 * x + 1] = row[3 * x + 1];
                out[4 * x + 2] = row[3 * x + 2];
                out[4 * x + 3] = 255;
            }
        } else if (depth == 8) {
            /* One index a byte (a card of more than 16 colours): no shifts, no division a pixel. */
            for (uint32_t x = 0; x < width; x++) {
                if (row[x] >= palette_size) {
                    free(raw);
                    if (!given) free(pixels);
                    goto done;
                }
                memcpy(out + 4 * x, palette[row[x]], 4);
            }
        } else {
            unsigned per_byte = 8 / depth, mask = (1u << depth) - 1;
            for (uint32_t x = 0; x < width; x++) {
                unsigned shift = (unsigned)(per_byte - 1 - x % per_byte) * depth;
                unsigned index = (row[x / per_byte] >> shift) & mask;
                if (index >= palette_size) {
                    free(raw);
                    if (!given) free(pixels);
                    goto done;
                }
                memcpy(out + 4 * x, palette[index], 4);
            }
        }
    }
    free(raw);
    *out_pixels = pixels;
    *out_width = width;
    *out_height = height;
    result = 0;
done:
    free(joined);
    return result;
}
