#ifndef SEEMORE_IDENTITY_H
#define SEEMORE_IDENTITY_H

#include <stddef.h>

/// Calls `each` for every object loaded in this process (the program first, then each shared library)
/// with its path ("" for the program) and its GNU build ID, the linker's hash of the object's code
/// and data (`length` 0 when it has none). What decides a card's pixels, from SeeMore's code to
/// Pango's and FreeType's, is named exactly by these. Returns the number of objects.
int seemore_build_ids(void (*each)(const char *path, const unsigned char *id, size_t length, void *context), void *context);

/// SHA-256 of `length` bytes into `digest` (Nettle's, with the processor's SHA instructions where
/// it has them: about five times GLib's speed, nine tenths of OpenSSL's; libcrypto cost every
/// process 3 400 symbol bindings, half a millisecond, at its start). It cannot fail: it allocates nothing.
void seemore_sha256(const void *bytes, size_t length, unsigned char digest[32]);

#endif
