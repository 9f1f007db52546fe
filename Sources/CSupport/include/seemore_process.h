#ifndef SEEMORE_PROCESS_H
#define SEEMORE_PROCESS_H

/// Asks the kernel to end this process with SIGKILL when the thread that started it ends
/// (PR_SET_PDEATHSIG): a worker whose parent dies does not run on, orphaned. Returns 0 or -1.
int seemore_die_with_parent(void);

/// Caps this process's data segment and private writable mappings (RLIMIT_DATA) at `bytes`: an
/// allocation past it fails instead of the machine's memory running out. Returns 0 or -1 with errno.
int seemore_limit_data(unsigned long long bytes);

#endif
