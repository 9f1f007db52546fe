// libFuzzer target: the ELF note reader behind seemore_build_ids (build_id_in, compiled in from
// identity.c), on fuzzed bytes taken as a PT_NOTE segment, and seemore_sha256 on the same bytes. The
// notes are the process's own loaded objects, not a stranger's input, but the reader must hold for
// any bytes: a build ID it finds lies inside the segment, nothing is read past it.
// First: identity.c defines _GNU_SOURCE before any system header.
#include "../../Sources/CSupport/identity.c"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    // A copy of exactly `size` bytes, aligned as a loaded segment is: a read past it is reported.
    unsigned char *notes = aligned_alloc(8, (size + 7) & ~(size_t)7);
    if (notes == NULL) return 0;
    memcpy(notes, data, size);
    size_t length = 0;
    const unsigned char *id = build_id_in(notes, size, &length);
    if (id != NULL && (id < notes || id + length > notes + size)) __builtin_trap();
    unsigned char digest[32];
    seemore_sha256(notes, size, digest);
    free(notes);
    return 0;
}
