#define _GNU_SOURCE
#include "seemore_fs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <spawn.h>
#include <unistd.h>

int seemore_open_unnamed(const char *folder) {
#ifdef O_TMPFILE
    return open(folder, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
#else
    (void)folder;
    errno = EOPNOTSUPP;
    return -1;
#endif
}

int seemore_link_unnamed(int descriptor, const char *path) {
    char source[64];
    snprintf(source, sizeof source, "/proc/self/fd/%d", descriptor);
    return linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
}

int seemore_open_scratch(const char *folder) {
    int descriptor = -1;
#ifdef O_TMPFILE
    descriptor = open(folder, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (descriptor >= 0) return descriptor;
#endif
    char path[4096];
    int length = snprintf(path, sizeof path, "%s/.seemore-scratch-XXXXXX", folder);
    if (length < 0 || length >= (int)sizeof path) return -1;
    descriptor = mkostemp(path, O_CLOEXEC);
    if (descriptor >= 0) unlink(path);
    return descriptor;
}


int seemore_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}
