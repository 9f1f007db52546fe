#define _GNU_SOURCE
#include "seemore_fs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
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
