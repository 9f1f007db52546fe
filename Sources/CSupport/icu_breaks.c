// ICU's line-break and grapheme iterators (the ones Chromium, WebKit, Android and Core Text break
// lines with), and the direction a locale writes in, behind a header with no ICU type in it.
#include "seemore_breaks.h"

#include <unicode/ubrk.h>
#include <unicode/uloc.h>
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

int seemore_icu_locale_is_rtl(const char *tag) {
    char locale[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(tag, locale, (int32_t)sizeof locale, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return 0;
    return uloc_isRightToLeft(locale) ? 1 : 0;
}
