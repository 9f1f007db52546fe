// libFuzzer target: seemore_icu_locale_is_rtl (ICU's uloc_forLanguageTag and likely subtags behind
// SeeMore's shim) on fuzzed tags: a suite's locales and a request's locale field reach it (checked
// as BCP 47 first, but the shim must hold for any NUL-terminated bytes). Any input must answer 0 or
// 1, never crash or read out of bounds.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "seemore_breaks.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 256) return 0;
    char *tag = malloc(size + 1);
    if (tag == NULL) return 0;
    memcpy(tag, data, size);
    tag[size] = 0;
    int answer = seemore_icu_locale_is_rtl(tag);
    free(tag);
    if (answer != 0 && answer != 1) __builtin_trap();
    return 0;
}
