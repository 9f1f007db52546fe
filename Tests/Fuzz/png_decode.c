/* A coverage-guided fuzz target (libFuzzer, AddressSanitizer) for the C code that reads goldens from
 * strangers: seemore_png_decode_rgba, libpng under SeeMore's limits. `make test` runs it briefly,
 * `make fuzz` longer (Tests/Fuzz/run.sh). Every input must end in 0 with pixels of the declared size,
 * or -1 with a message: never a crash, a leak, a read or write out of bounds, or a large allocation
 * (libFuzzer's -malloc_limit_mb reports any allocation past its limit as a failure). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "seemore_png.h"

static uint32_t big_endian(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
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
