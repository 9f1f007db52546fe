// ICU's line-break and grapheme iterators (the ones Chromium, WebKit, Android and Core Text break
// lines with), behind a header with no ICU type in it.
#include "seemore_breaks.h"

#include <unicode/ubrk.h>
#include <unicode/utypes.h>

int seemore_icu_boundaries(const uint16_t *text, int32_t length, const char *locale, int graphemes, uint8_t *boundaries) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator =
        ubrk_open(graphemes ? UBRK_CHARACTER : UBRK_LINE, locale, (const UChar *)text, length, &status);
    if (iterator == NULL || U_FAILURE(status)) {
        if (iterator != NULL) ubrk_close(iterator);
        return -1;
    }
    for (int32_t offset = ubrk_first(iterator); offset != UBRK_DONE; offset = ubrk_next(iterator)) {
        if (offset >= 0 && offset <= length) boundaries[offset] = 1;
    }
    ubrk_close(iterator);
    return 0;
}
