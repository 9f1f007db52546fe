#ifndef SEEMORE_BENCH_H
#define SEEMORE_BENCH_H

#include <stddef.h>
#include <stdint.h>

/// Encoders `make bench` compares with SeeMore's (libpng's zlib), linked only into the bench and the
/// tests, never into the library.

/// A PNG (8-bit sRGB, pHYs, RGB when every pixel is opaque) of RGBA `pixels` compressed by libdeflate
/// at `level` (1-12) instead of zlib, rows filtered by `filter` (0 none, 1 sub, 2 up, 3 average,
/// 4 Paeth, 5 per row the one with the least sum of absolute values): byte for byte the same for the
/// same pixels, level and filter. Returns 0 and a malloc'd buffer (free with seemore_bench_free), or
/// -1 and a message.
int seemore_png_encode_deflate(const uint8_t *pixels, uint32_t width, uint32_t height, int level, int filter,
                               uint32_t pixels_per_meter, uint8_t **out_data, size_t *out_size, char *error,
                               size_t error_size);
const char *seemore_libdeflate_version(void);

void seemore_bench_free(void *pointer);

#endif
