// libFuzzer target: an Android strings.xml from a stranger through seemore_xml_strings (libxml2's
// parse without network or entities, the walk over its tree in Sources/CXMLStrings). Any input must
// end in strings or an error with a message, never a crash, an out-of-bounds read or a leak of
// libxml2's tree.
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "seemore_xml_strings.h"

static void found(void *context, const char *name, const char *text, long line) {
    size_t *total = context;
    *total += strlen(name) + strlen(text) + (line > 0 ? 1 : 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 1 << 20) return 0;
    char message[512];
    long line = 0;
    size_t total = 0;
    int code = seemore_xml_strings((const char *)data, (int)size, "fuzz.xml", found, &total, message, sizeof message, &line);
    if (code != 0 && message[0] == 0 && code != 1) __builtin_trap();  // an error that says nothing
    return 0;
}
