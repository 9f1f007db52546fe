#ifndef SEEMORE_PNG_H
#define SEEMORE_PNG_H

#include <stddef.h>
#include <stdint.h>

/// How to compress: a zlib level (0-9), a zlib strategy (Z_DEFAULT_STRATEGY, Z_RLE, ...),
/// a mask of PNG row filters (PNG_FILTER_NONE, PNG_FILTER_SUB, ...), and the pHYs density.
typedef struct {
    int level;
    int strategy;
    int filters;
    uint32_t pixels_per_meter;
    /// Nonzero: an image of at most 256 colors is written as a palette (1, 2, 4 or 8 bits a pixel,
    /// the colors in order of first appearance, tRNS when one is not opaque): the same pixels.
    int palette;
} seemore_png_options;

/// Converts a Cairo ARGB32 image (premultiplied, native endian, rows `stride` bytes apart) to straight
/// RGBA bytes, `width * 4` per row, into `out`.
void seemore_argb32_to_rgba(const uint8_t *data, uint32_t width, uint32_t height, uint32_t stride, uint8_t *out);

/// Encodes straight RGBA rows (`width * 4` bytes each) as an 8-bit sRGB PNG with a pHYs chunk:
/// a palette when `options->palette` allows and there are at most 256 colors, else RGB when every
/// pixel is opaque, RGBA otherwise. On success returns 0 and a malloc'd buffer the
/// caller frees with seemore_png_free; on failure returns -1 and a message in `error`.
int seemore_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height,
                            const seemore_png_options *options, uint8_t **out_data, size_t *out_size,
                            char *error, size_t error_size);

/// Decodes a PNG into straight 8-bit RGBA rows (width * 4 bytes each): the kinds SeeMore writes with
/// libdeflate's inflate (png_simple.c, to the same pixels), any other, and any file in doubt, with
/// libpng, under the limits and with the buffers and results of `seemore_png_decode_rgba_libpng`.
int seemore_png_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **out_pixels,
                            size_t capacity, uint32_t *out_width, uint32_t *out_height, char *error,
                            size_t error_size);

/// Decodes a PNG into straight 8-bit RGBA rows (width * 4 bytes each) with libpng, under limits for
/// bytes from strangers: no side past 32767 pixels, no ancillary chunk allocated past 1 MiB (text,
/// profiles and other chunks that do not change pixels are skipped), every error a -1.
/// On success returns 0 and a malloc'd buffer the caller frees with seemore_png_free; on failure
/// returns -1 and a message. An image declaring more than `max_pixels` pixels is refused before
/// anything is decompressed. When `*out_pixels` is not NULL on entry, it is the caller's buffer of
/// `capacity` bytes: the pixels are written there (and it stays the caller's) if the image has exactly
/// capacity / 4 pixels, else -1.
int seemore_png_decode_rgba_libpng(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **out_pixels,
                                   size_t capacity, uint32_t *out_width, uint32_t *out_height, char *error,
                                   size_t error_size);

/// Reads a PNG of the kinds SeeMore writes (png_simple.c) as seemore_png_decode_rgba_libpng does,
/// with the same arguments but no message: 0 with the pixels, the same as libpng's, or -1 when it
/// declines the file (nothing it allocated is left; the caller's buffer may hold anything), which
/// libpng then reads.
int seemore_png_decode_simple(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **out_pixels,
                              size_t capacity, uint32_t *out_width, uint32_t *out_height);

void seemore_png_free(void *pointer);

/// The zlib and libpng constants Swift needs.
int seemore_png_filter_none(void);
int seemore_png_filter_sub(void);
int seemore_png_filter_up(void);
int seemore_png_filter_paeth(void);
int seemore_png_filter_all(void);
int seemore_zlib_strategy_default(void);
int seemore_zlib_strategy_rle(void);
int seemore_zlib_strategy_filtered(void);
const char *seemore_libpng_version(void);
const char *seemore_zlib_version(void);

#endif
