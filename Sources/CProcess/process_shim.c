#define _GNU_SOURCE
#include "process_shim.h"
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <sys/syscall.h>
#include <poll.h>
#include <unistd.h>
#include <dirent.h>
#include <string.h>

pid_t ingest_spawn_worker(const char *path, char *const argv[], char *const envp[], int channel_fd) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    if (posix_spawn_file_actions_init(&actions) != 0) return -errno;
    posix_spawnattr_init(&attributes);
    // The worker starts with default signal dispositions (the supervisor ignores SIGPIPE).
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, 2, 1);
    // dup2 onto fd 3 clears close-on-exec there; when the channel already is fd 3, dup2 does
    // nothing, so its flag is cleared by the caller (the socket is made with SOCK_CLOEXEC).
    if (channel_fd != 3) posix_spawn_file_actions_adddup2(&actions, channel_fd, 3);
    else {
        int flags = fcntl(channel_fd, F_GETFD);
        if (flags >= 0) fcntl(channel_fd, F_SETFD, flags & ~FD_CLOEXEC);
    }
    pid_t pid = 0;
    int rc = posix_spawn(&pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (channel_fd == 3) {
        int flags = fcntl(channel_fd, F_GETFD);
        if (flags >= 0) fcntl(channel_fd, F_SETFD, flags | FD_CLOEXEC);
    }
    return rc == 0 ? pid : -rc;
}

/// Threads of this process (entries of /proc/self/task), or -1.
static int thread_count(void) {
    DIR *d = opendir("/proc/self/task");
    if (!d) return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) if (e->d_name[0] != '.') n++;
    closedir(d);
    return n;
}

/// The forked worker's body and its exit status (set and read in the child only).
static int (*forked_worker_main)(void);
static int forked_worker_status;

static void *forked_worker_thread(void *unused) {
    (void)unused;
    forked_worker_status = forked_worker_main();
    return NULL;
}

/// Thread stack of a forked worker's body: the main thread's usual 8 MB, with room to spare for
/// deep documents (the address-space cap leaves gigabytes).
#define FORKED_WORKER_STACK (64u << 20)

pid_t ingest_fork_worker(int channel_fd, int (*worker_main)(void)) {
    if (thread_count() != 1) return -EAGAIN;
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid != 0) return pid < 0 ? -errno : pid;
    // The child: from here on only async-signal-safe calls until the worker's own code runs
    // (the process is single-threaded, so that is a precaution, not a need).
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0 || getppid() != parent) _exit(0);
    prctl(PR_SET_NAME, "ingest-reader", 0, 0, 0);
    struct sigaction defaults;
    memset(&defaults, 0, sizeof defaults);
    defaults.sa_handler = SIG_DFL;
    for (int s = 1; s < NSIG; s++) {
        if (s == SIGKILL || s == SIGSTOP) continue;
        sigaction(s, &defaults, NULL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    int null = open("/dev/null", O_RDONLY);
    if (null >= 0 && null != 0) { dup2(null, 0); close(null); }
    dup2(2, 1);
    if (channel_fd != 3) dup2(channel_fd, 3);
    int flags = fcntl(3, F_GETFD);
    if (flags >= 0) fcntl(3, F_SETFD, flags & ~FD_CLOEXEC);
    close_range(4, ~0U, 0);
    // The body runs on a new thread; this one only waits for it. Swift's runtime locks (ulock:
    // swift_once, metadata caches) are priority-inheritance futexes holding their owner's thread
    // id, which each thread reads once and caches (a `static __thread`): in this child the main
    // thread's cached id is still its parent's main thread's. A lock it takes then names a
    // thread of another process, the kernel answers EPERM to both its unlock and a waiter's
    // lock, and the two spin forever — seen as an OCR document that never ended, the main thread
    // and the engines' thread both in `swift_once`. A new thread reads its own id.
    forked_worker_main = worker_main;
    pthread_attr_t attributes;
    pthread_t thread;
    if (pthread_attr_init(&attributes) != 0 || pthread_attr_setstacksize(&attributes, FORKED_WORKER_STACK) != 0
        || pthread_create(&thread, &attributes, forked_worker_thread, NULL) != 0) _exit(71);
    pthread_join(thread, NULL);
    exit(forked_worker_status);
}

int ingest_die_with_parent(int signal, pid_t parent) {
    if (prctl(PR_SET_PDEATHSIG, signal, 0, 0, 0) != 0) return -1;
    return getppid() == parent ? 0 : -1;
}

int ingest_limit_address_space(unsigned long long bytes) {
    struct rlimit limit = { bytes, bytes };
    struct rlimit current;
    if (getrlimit(RLIMIT_AS, &current) == 0 && current.rlim_max != RLIM_INFINITY && current.rlim_max < bytes) return 0;
    return setrlimit(RLIMIT_AS, &limit);
}

int ingest_wait(pid_t pid, long *max_rss_kb) {
    int status = 0;
    struct rusage usage;
    pid_t r;
    do { r = wait4(pid, &status, 0, &usage); } while (r < 0 && errno == EINTR);
    if (r < 0) return -1;
    if (max_rss_kb) *max_rss_kb = usage.ru_maxrss;
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 1000 + WTERMSIG(status);
    return -1;
}

int ingest_wait_within(pid_t pid, int timeout_ms, long *max_rss_kb) {
    int fd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (fd >= 0) {
        struct pollfd p = { .fd = fd, .events = POLLIN };
        int r;
        do { r = poll(&p, 1, timeout_ms); } while (r < 0 && errno == EINTR);
        close(fd);
        if (r == 0) return -2;
    }
    /* No pidfd (a kernel before 5.3): a blocking wait, as before. */
    return ingest_wait(pid, max_rss_kb);
}

int ingest_open_statm(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
    return open(path, O_RDONLY | O_CLOEXEC);
}

long long ingest_resident_bytes_at(int statm_fd) {
    if (statm_fd < 0) return -1;
    char buffer[128];
    ssize_t n = pread(statm_fd, buffer, sizeof buffer - 1, 0);
    if (n <= 0) return -1;
    buffer[n] = 0;
    /* "size resident shared …": the second number, parsed by hand (sscanf cost more than the read). */
    const char *p = buffer;
    while (*p >= '0' && *p <= '9') p++;
    if (*p != ' ') return -1;
    p++;
    if (*p < '0' || *p > '9') return -1;
    long long resident = 0;
    while (*p >= '0' && *p <= '9') resident = resident * 10 + (*p++ - '0');
    static long page = 0;
    if (page == 0) page = sysconf(_SC_PAGESIZE);
    return resident * page;
}
