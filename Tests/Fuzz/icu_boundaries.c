/* A coverage-guided fuzz target (libFuzzer, AddressSanitizer) for seemore_icu_boundaries, the C code
 * that hands strangers' texts to ICU's line-break and grapheme iterators: the first byte picks the
 * iterator and a locale (CSS's levels as ICU keywords), the rest is UTF-16 text, unpaired surrogates
 * and all. Every input must end in 0 with boundaries only inside 0...length (the array is exactly that
 * long, so AddressSanitizer catches a write past it), 0 and length among them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "seemore_breaks.h"

static const char *locales[] = {"", "ja", "ja@lb=strict", "ja@lb=loose", "zh_Hans@lb=normal", "ko", "th", "und@lb=x"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    const int graphemes = data[0] & 1;
    const char *locale = locales[(data[0] >> 1) % (sizeof locales / sizeof locales[0])];
    const int32_t length = (int32_t)((size - 1) / 2);
    uint16_t *text = malloc(length > 0 ? (size_t)length * 2 : 1);
    if (length > 0) memcpy(text, data + 1, (size_t)length * 2);
    uint8_t *boundaries = calloc((size_t)length + 1, 1);
    int status = seemore_icu_boundaries(text, length, locale, graphemes, boundaries);
    if (status != 0) abort();
    if (!boundaries[0] || !boundaries[length]) abort();
    free(boundaries);
    free(text);
    return 0;
}
