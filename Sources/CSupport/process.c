#include "seemore_process.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>

int seemore_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
}

int seemore_limit_data(unsigned long long bytes) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_DATA, &limit) != 0) return -1;
    // Never raised: a lower limit set by whoever started this process stands.
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur <= bytes) return 0;
    limit.rlim_cur = bytes;
    return setrlimit(RLIMIT_DATA, &limit);
}
