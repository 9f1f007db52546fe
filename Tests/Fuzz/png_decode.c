/* A coverage-guided fuzz target (libFuzzer, AddressSanitizer) for the C code that reads goldens from
 * strangers: seemore_png_decode_rgba, libdeflate for the PNGs SeeMore writes (png_simple.c) and
 * libpng under SeeMore's limits for the rest. Whatever the simple reader reads, libpng must read to
 * the same pixels: each input is read by both, as it is and with every chunk's CRC made right (so
 * that mutated headers, palettes and chunk orders reach the simple reader's checks). `make test` runs it briefly,
 * `make fuzz` longer (Tests/Fuzz/run.sh). Every input must end in 0 with pixels of the declared size,
 * or -1 with a message: never a crash, a leak, a read or write out of bounds, or a large allocation
 * (libFuzzer's -malloc_limit_mb reports any allocation past its limit as a failure). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "seemore_png.h"

static uint32_t big_endian(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

static void put_big_endian(uint8_t *bytes, uint32_t value) {
    bytes[0] = (uint8_t)(value >> 24);
    bytes[1] = (uint8_t)(value >> 16);
    bytes[2] = (uint8_t)(value >> 8);
    bytes[3] = (uint8_t)value;
}

/* The simple reader's pixels, when it reads `data`, are libpng's. */
static void compare_readers(const uint8_t *data, size_t size, uint64_t max_pixels) {
    uint8_t *simple = NULL, *libpng = NULL;
    uint32_t width = 0, height = 0, libpng_width = 0, libpng_height = 0;
    char error[256] = {0};
    if (seemore_png_decode_simple(data, size, max_pixels, &simple, 0, &width, &height) != 0) {
        if (simple) abort();
        return;
    }
    if (seemore_png_decode_rgba_libpng(data, size, max_pixels, &libpng, 0, &libpng_width, &libpng_height, error,
                                       sizeof error) != 0 ||
        width != libpng_width || height != libpng_height || memcmp(simple, libpng, (size_t)width * height * 4) != 0)
        abort();
    seemore_png_free(simple);
    seemore_png_free(libpng);
}

/* A copy of `data` with the CRC of every chunk that lies whole in it computed anew, or NULL. */
static uint8_t *with_right_crcs(const uint8_t *data, size_t size) {
    if (size < 8) return NULL;
    uint8_t *copy = malloc(size);
    if (!copy) return NULL;
    memcpy(copy, data, size);
    for (size_t offset = 8; size - offset >= 12;) {
        uint32_t length = big_endian(copy + offset);
        if (length > size - offset - 12) break;
        put_big_endian(copy + offset + 8 + length, (uint32_t)crc32(0, copy + offset + 4, length + 4));
        offset += 12 + (size_t)length;
    }
    return copy;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    compare_readers(data, size, 1u << 22);
    uint8_t *fixed = with_right_crcs(data, size);
    if (fixed) {
        compare_readers(fixed, size, 1u << 22);
        free(fixed);
    }
    char error[256] = {0};
    uint32_t width = 0, height = 0;
    /* As PNGCodec.decode reads a golden: into a buffer of the size the header declares, when it does. */
    const uint64_t max_pixels = 1u << 22;
    if (size >= 24) {
        uint64_t area = (uint64_t)big_endian(data + 16) * big_endian(data + 20);
        if (area > 0 && area <= max_pixels) {
            size_t capacity = (size_t)area * 4;
            uint8_t *buffer = malloc(capacity);
            uint8_t *out = buffer;
            int status = seemore_png_decode_rgba(data, size, max_pixels, &out, capacity, &width, &height, error,
                                                 sizeof error);
            if (status == 0 && (out != buffer || (size_t)width * height * 4 != capacity)) abort();
            if (status != 0 && (status != -1 || error[0] == 0)) abort();
            free(buffer);
        }
    }
    /* And with the decoder's own buffer. */
    uint8_t *pixels = NULL;
    int status = seemore_png_decode_rgba(data, size, max_pixels, &pixels, 0, &width, &height, error, sizeof error);
    if (status == 0) {
        if (!pixels || (uint64_t)width * height > max_pixels) abort();
        volatile uint8_t last = width && height ? pixels[(size_t)width * height * 4 - 1] : 0;
        (void)last;
        seemore_png_free(pixels);
    } else if (status != -1 || pixels != NULL || error[0] == 0) {
        abort();
    }
    return 0;
}
