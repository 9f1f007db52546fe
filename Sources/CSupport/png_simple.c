/* A fast reader for the PNGs SeeMore writes itself: 8-bit RGB or RGBA, or a palette of 1, 2, 4 or 8
 * bits with its transparency, not interlaced, with no chunks but IHDR, sRGB, PLTE, tRNS, pHYs, IDAT
 * and IEND. Its zlib stream is inflated by libdeflate in one call (a fifth of the time libpng's
 * inflate takes on a golden). It decides nothing on its own: any file it is not sure of in every
 * respect (a chunk it does not know, a CRC or Adler-32 that does not match, a palette index past the
 * palette, data after the image or after IEND) it declines, and libpng reads it instead, with its
 * messages; what it reads, it reads to the same pixels as libpng (Tests/Fuzz/png_decode.c compares
 * them on every input). */

#include "seemore_png.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

static uint32_t big_endian(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

static int is_type(const uint8_t *type, const char *name) { return memcmp(type, name, 4) == 0; }

/* What the chunks before the image data said. */
typedef struct {
    uint32_t width, height;
    int depth, color;
    uint8_t palette[256][4]; /* R, G, B, A */
    int palette_count, transparent_count;
    int seen_srgb, seen_physical;
} header;

static int paeth(int left, int up, int up_left) {
    int estimate = left + up - up_left;
    int to_left = abs(estimate - left), to_up = abs(estimate - up), to_up_left = abs(estimate - up_left);
    if (to_left <= to_up && to_left <= to_up_left) return left;
    return to_up <= to_up_left ? up : up_left;
}

/* Undoes the filter of one row of `length` bytes in place, `unit` bytes a pixel (at least 1), `above`
 * the row before (unfiltered) or NULL; 0, or -1 for a filter type PNG does not have. */
static int unfilter(uint8_t filter, uint8_t *row, const uint8_t *above, size_t length, size_t unit) {
    switch (filter) {
    case 0:
        return 0;
    case 1:
        for (size_t i = unit; i < length; i++) row[i] = (uint8_t)(row[i] + row[i - unit]);
        return 0;
    case 2:
        if (above)
            for (size_t i = 0; i < length; i++) row[i] = (uint8_t)(row[i] + above[i]);
        return 0;
    case 3:
        for (size_t i = 0; i < length; i++) {
            int left = i >= unit ? row[i - unit] : 0, up = above ? above[i] : 0;
            row[i] = (uint8_t)(row[i] + ((left + up) >> 1));
        }
        return 0;
    case 4:
        for (size_t i = 0; i < length; i++) {
            int left = i >= unit ? row[i - unit] : 0, up = above ? above[i] : 0;
            int up_left = above && i >= unit ? above[i - unit] : 0;
            row[i] = (uint8_t)(row[i] + paeth(left, up, up_left));
        }
        return 0;
    default:
        return -1;
    }
}

/* Reads the chunks up to IEND into `head` and the image data's bytes (one IDAT's in place, several
 * copied into `*joined`, which the caller frees); 0, or -1 to decline. */
static int read_chunks(const uint8_t *data, size_t size, header *head, const uint8_t **compressed,
                       size_t *compressed_size, uint8_t **joined) {
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (size < 8 || memcmp(data, signature, 8) != 0) return -1;
    size_t offset = 8;
    int image_chunks = 0, image_ended = 0;
    for (int index = 0;; index++) {
        if (size - offset < 12) return -1;
        uint32_t length = big_endian(data + offset);
        if (length > 0x7FFFFFFFu || length > size - offset - 12) return -1;
        const uint8_t *type = data + offset + 4, *body = data + offset + 8;
        if ((uint32_t)libdeflate_crc32(0, type, (size_t)length + 4) != big_endian(body + length)) return -1;
        offset += 12 + (size_t)length;
        if (index == 0) {
            if (!is_type(type, "IHDR") || length != 13) return -1;
            head->width = big_endian(body);
            head->height = big_endian(body + 4);
            head->depth = body[8];
            head->color = body[9];
            if (head->width == 0 || head->height == 0 || head->width > 32767 || head->height > 32767) return -1;
            if (body[10] != 0 || body[11] != 0 || body[12] != 0) return -1; /* deflate, adaptive filters, not interlaced */
            int palette_depth = head->depth == 1 || head->depth == 2 || head->depth == 4 || head->depth == 8;
            if (!(head->color == 3 ? palette_depth : (head->color == 2 || head->color == 6) && head->depth == 8)) return -1;
            continue;
        }
        if (is_type(type, "IDAT")) {
            if (image_ended || (head->color == 3 && head->palette_count == 0)) return -1;
            if (image_chunks++ == 0) {
                *compressed = body;
                *compressed_size = length;
            } else if (length > 0) {
                /* Bounded by the file's size; never 0 bytes (realloc would free them). */
                uint8_t *grown = realloc(*joined, *compressed_size + length);
                if (!grown) return -1;
                if (!*joined) memcpy(grown, *compressed, *compressed_size);
                memcpy(grown + *compressed_size, body, length);
                *joined = grown;
                *compressed = grown;
                *compressed_size += length;
            }
            continue;
        }
        if (image_chunks > 0) image_ended = 1;
        if (is_type(type, "IEND")) return length == 0 && offset == size && image_chunks > 0 ? 0 : -1;
        if (image_ended) return -1;
        if (is_type(type, "sRGB")) {
            if (length != 1 || body[0] > 3 || head->seen_srgb || head->palette_count > 0) return -1;
            head->seen_srgb = 1;
        } else if (is_type(type, "pHYs")) {
            if (length != 9 || body[8] > 1 || head->seen_physical) return -1;
            head->seen_physical = 1;
        } else if (is_type(type, "PLTE")) {
            uint32_t count = length / 3;
            if (head->color != 3 || head->palette_count > 0 || length % 3 != 0 || count == 0 ||
                count > (1u << head->depth))
                return -1;
            for (uint32_t i = 0; i < count; i++) {
                memcpy(head->palette[i], body + 3 * i, 3);
                head->palette[i][3] = 0xFF;
            }
            head->palette_count = (int)count;
        } else if (is_type(type, "tRNS")) {
            if (head->color != 3 || head->palette_count == 0 || head->transparent_count > 0 || length == 0 ||
                length > (uint32_t)head->palette_count)
                return -1;
            for (uint32_t i = 0; i < length; i++) head->palette[i][3] = body[i];
            head->transparent_count = (int)length;
        } else {
            return -1;
        }
    }
}

/* Writes the unfiltered row `row` as RGBA pixels into `target`; 0, or -1 for a palette index past the palette. */
static int to_rgba(const header *head, const uint8_t *row, uint8_t *target) {
    uint32_t width = head->width;
    if (head->color == 6) {
        memcpy(target, row, (size_t)width * 4);
    } else if (head->color == 2) {
        for (uint32_t x = 0; x < width; x++) {
            memcpy(target + 4 * (size_t)x, row + 3 * (size_t)x, 3);
            target[4 * (size_t)x + 3] = 0xFF;
        }
    } else {
        int depth = head->depth, per_byte = 8 / depth, mask = (1 << depth) - 1;
        for (uint32_t x = 0; x < width; x++) {
            int shift = 8 - depth * (int)(x % (uint32_t)per_byte + 1);
            int value = (row[x / (uint32_t)per_byte] >> shift) & mask;
            if (value >= head->palette_count) return -1;
            memcpy(target + 4 * (size_t)x, head->palette[value], 4);
        }
    }
    return 0;
}

int seemore_png_decode_simple(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **out_pixels,
                              size_t capacity, uint32_t *out_width, uint32_t *out_height) {
    header head = {0};
    const uint8_t *compressed = NULL;
    size_t compressed_size = 0;
    uint8_t *joined = NULL, *raw = NULL, *pixels = NULL;
    uint8_t *given = *out_pixels;
    int status = -1;
    if (read_chunks(data, size, &head, &compressed, &compressed_size, &joined) != 0) goto done;
    uint64_t area = (uint64_t)head.width * head.height;
    if (area > max_pixels || (given && capacity != area * 4)) goto done;
    /* Any window the zlib header declares (libdeflate checks it is at most 32K): libpng's inflate
     * uses the largest too (PNG_MAXIMUM_INFLATE_WINDOW), so no distance past a small declared window
     * is read by one and refused by the other. */
    int bits = head.color == 6 ? 32 : head.color == 2 ? 24 : head.depth;
    size_t row_bytes = ((size_t)head.width * (size_t)bits + 7) / 8, unit = bits >= 8 ? (size_t)bits / 8 : 1;
    size_t raw_size = (row_bytes + 1) * head.height;
    raw = malloc(raw_size);
    struct libdeflate_decompressor *inflater = raw ? libdeflate_alloc_decompressor() : NULL;
    if (!inflater) goto done;
    size_t read = 0, written = 0;
    enum libdeflate_result result =
        libdeflate_zlib_decompress_ex(inflater, compressed, compressed_size, raw, raw_size, &read, &written);
    libdeflate_free_decompressor(inflater);
    /* Exactly the image's rows, and nothing after them. */
    if (result != LIBDEFLATE_SUCCESS || read != compressed_size || written != raw_size) goto done;
    pixels = given ? given : malloc((size_t)area * 4);
    if (!pixels) goto done;
    for (uint32_t y = 0; y < head.height; y++) {
        uint8_t *line = raw + (size_t)y * (row_bytes + 1);
        const uint8_t *above = y > 0 ? line - row_bytes : NULL;
        if (unfilter(line[0], line + 1, above, row_bytes, unit) != 0) goto done;
        if (to_rgba(&head, line + 1, pixels + (size_t)y * head.width * 4) != 0) goto done;
    }
    *out_pixels = pixels;
    *out_width = head.width;
    *out_height = head.height;
    status = 0;
done:
    if (status != 0 && pixels != given) free(pixels);
    free(raw);
    free(joined);
    return status;
}
