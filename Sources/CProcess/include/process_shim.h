#ifndef INGEST_PROCESS_SHIM_H
#define INGEST_PROCESS_SHIM_H
#include <sys/types.h>

/// Starts `path` with `argv`/`envp` (NULL-terminated) as a worker: `channel_fd` becomes its fd 3,
/// its standard input is /dev/null and its standard output goes to its standard error (so nothing
/// a C library prints can mix with the user's standard output). Returns the pid, or -errno.
pid_t ingest_spawn_worker(const char *path, char *const argv[], char *const envp[], int channel_fd);

/// Forks this process as a worker *without exec* — only while it has a single thread (a fork of
/// a multi-threaded process may copy a lock held by another thread): returns -EAGAIN then, and the
/// caller spawns instead. In the child: `channel_fd` becomes fd 3, every other descriptor above 2
/// is closed, standard input is /dev/null, standard output goes to standard error, signal
/// dispositions and mask are the defaults (the crash signals too: no Swift backtracer in a
/// worker), it dies with this thread (PR_SET_PDEATHSIG) and is named `ingest-reader`. The child
/// then runs `worker_main` on a new thread (see process_shim.c for why not on this one) and exits
/// with its result: it never returns. Returns the child's pid in the parent, or -errno.
pid_t ingest_fork_worker(int channel_fd, int (*worker_main)(void));

/// The calling process gets `signal` when its parent dies (prctl PR_SET_PDEATHSIG; variadic,
/// hence here). Returns 0, or -1 when the parent is already gone (it is no longer `parent`).
int ingest_die_with_parent(int signal, pid_t parent);

/// Lowers this process's address-space limit (RLIMIT_AS) to `bytes`; 0 on success.
int ingest_limit_address_space(unsigned long long bytes);

/// Waits for `pid`; returns its exit status (0…255), or 1000 + the signal that ended it, or -1.
/// `max_rss_kb` receives the child's peak resident size.
int ingest_wait(pid_t pid, long *max_rss_kb);

/// Waits at most `timeout_ms` for `pid` to end (a pidfd polled: no sleeping loop), then reaps it
/// like `ingest_wait`. Returns -2 when it is still running at the deadline (not reaped), -1 on
/// error.
int ingest_wait_within(pid_t pid, int timeout_ms, long *max_rss_kb);

/// /proc/PID/statm opened for `ingest_resident_bytes_at` (-1 on failure): a supervisor samples
/// each worker's size several times per document, one pread each instead of open/read/close — and
/// the descriptor names that process even after its pid is reused.
int ingest_open_statm(pid_t pid);

/// Resident size in bytes read through a descriptor from `ingest_open_statm`, or -1 (also once the
/// process has exited).
long long ingest_resident_bytes_at(int statm_fd);
#endif
