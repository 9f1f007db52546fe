// ICU's line-break iterator, the one Chromium, WebKit and Android break lines with. ICU's C names
// are macros for versioned symbols (ubrk_open_72), which Swift does not see through: these
// wrappers give them one name on every ICU version.
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

static inline UBreakIterator *seemore_ubrk_open_line(const char *locale, const UChar *text, int32_t length,
                                                     UErrorCode *status) {
    return ubrk_open(UBRK_LINE, locale, text, length, status);
}

static inline void seemore_ubrk_close(UBreakIterator *iterator) { ubrk_close(iterator); }

static inline int32_t seemore_ubrk_first(UBreakIterator *iterator) { return ubrk_first(iterator); }

static inline int32_t seemore_ubrk_next(UBreakIterator *iterator) { return ubrk_next(iterator); }

/// UBRK_LINE_HARD and above: a mandatory break (after a line feed); below: a break opportunity.
static inline int32_t seemore_ubrk_rule_status(UBreakIterator *iterator) { return ubrk_getRuleStatus(iterator); }

static inline int seemore_u_failure(UErrorCode status) { return U_FAILURE(status); }

static inline UBreakIterator *seemore_ubrk_open_character(const UChar *text, int32_t length, UErrorCode *status) {
    return ubrk_open(UBRK_CHARACTER, "", text, length, status);
}
