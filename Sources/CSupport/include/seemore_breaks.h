#ifndef SEEMORE_BREAKS_H
#define SEEMORE_BREAKS_H

#include <stdint.h>

/// ICU's boundaries in `text` (`length` UTF-16 units): sets `boundaries[i]` to 1 for each offset i
/// (0...length) where a line may break (`graphemes` 0: ICU's line-break iterator for `locale`,
/// e.g. "ja@lb=strict") or a grapheme ends (`graphemes` 1). ICU's own types stay in the C file:
/// Swift's Foundation carries another ICU whose declarations would clash with the system's.
/// Returns 0, or -1 when ICU could not open an iterator (boundaries untouched).
int seemore_icu_boundaries(const uint16_t *text, int32_t length, const char *locale, int graphemes, uint8_t *boundaries);

/// Whether a locale's script is written right to left, by ICU's likely subtags (`ar`, `he`, `fa`,
/// `ur`, `az-Arab` yes; `en`, `az`, `ja` no), as iOS and Android decide an app's layout direction.
/// `tag` is a BCP 47 language tag. Returns 1 or 0 (0 also for a tag ICU cannot read).
int seemore_icu_locale_is_rtl(const char *tag);

#endif
