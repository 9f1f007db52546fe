#ifndef SEEMORE_CLAIMS_H
#define SEEMORE_CLAIMS_H

#include <stdint.h>

/// A counter that processes share: an 8-byte anonymous file in memory (memfd), zero at first.
/// Returns a descriptor (close-on-exec; a child gets it as a standard stream), or -1 with errno.
int seemore_claims_create(void);

/// Maps the counter behind `descriptor` for reading and writing, shared with every process that maps
/// it. Returns NULL when `descriptor` is not an 8-byte regular file open for reading and writing.
int64_t *seemore_claims_map(int descriptor);

/// Adds one to the counter, atomically across processes; returns the value before.
int64_t seemore_claims_next(int64_t *counter);

/// Unmaps a counter from `seemore_claims_map`.
void seemore_claims_unmap(int64_t *counter);

#endif
