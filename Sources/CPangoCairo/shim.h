#include <pango/pangocairo.h>

/// PANGO_GLYPH_UNKNOWN_FLAG is a cast macro that Swift cannot import.
static inline PangoGlyph seemore_glyph_unknown_flag(void) { return PANGO_GLYPH_UNKNOWN_FLAG; }
