#ifndef SEEMORE_FS_H
#define SEEMORE_FS_H

/// Opens an unnamed file in `folder` (Linux O_TMPFILE): if the process dies before it is linked,
/// the file vanishes with it. Returns a descriptor, or -1 with errno set (then use a named temporary file).
int seemore_open_unnamed(const char *folder);

/// Gives the unnamed file behind `descriptor` the name `path` (which must not exist). Returns 0 or -1 with errno.
int seemore_link_unnamed(int descriptor, const char *path);

/// Opens a file for reading and writing in `folder` that has no name (O_TMPFILE; else a named one
/// removed at once): it vanishes when closed or when the process dies. Returns a descriptor, or -1.
int seemore_open_scratch(const char *folder);

#include <spawn.h>

/// Has a child started with `actions` close every descriptor from `lowest` up (glibc's
/// posix_spawn_file_actions_addclosefrom_np): it keeps only those the actions gave it. Returns 0 or
/// an error number.
int seemore_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
