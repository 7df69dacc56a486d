// OpenMP's parallel regions, run by the calling thread alone — libtesseract's calls land here.
//
// Debian's libtesseract calls libgomp around every step of its neural network (an LSTM time
// step: `#pragma omp parallel for num_threads(4)`), ≈ 200,000 times a page. Ingest runs those
// regions on one thread (OpenMP.swift says why), but libgomp still ends each one-thread team
// with its barrier, whose last arrival always makes a futex_wake system call: 1.35 million calls
// for the federal register's seven scanned pages, ≈ 4 % of the OCR's time (bench/runtime).
//
// These definitions are exported by the executable, which the dynamic linker searches before
// libtesseract's own dependencies (it is opened RTLD_LOCAL, after `main`), so its references to
// GOMP_parallel & co. bind here: each region is one call of its body on the calling thread —
// what a team of one does, minus the barrier. Inside, libgomp's omp_get_num_threads() and
// omp_get_thread_num() answer 1 and 0, as outside any team. A program that embeds the library
// without these symbols keeps libgomp's own, limited to one thread by `OpenMP`.
//
// Only the entry points libtesseract 5 imports are here (`nm -D libtesseract.so.5 | grep GOMP`):
// parallel, parallel sections and their two section calls. Nested regions work: each sections
// region keeps its own counter.
#include <stdatomic.h>

static atomic_ulong regions;

unsigned long ingest_serial_openmp_regions(void) { return atomic_load_explicit(&regions, memory_order_relaxed); }

void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags) {
    (void)num_threads; (void)flags;
    atomic_fetch_add_explicit(&regions, 1, memory_order_relaxed);
    fn(data);
}

static _Thread_local unsigned sections_next, sections_count;

void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned num_threads, unsigned count, unsigned flags) {
    (void)num_threads; (void)flags;
    atomic_fetch_add_explicit(&regions, 1, memory_order_relaxed);
    unsigned saved_next = sections_next, saved_count = sections_count;
    sections_next = 1;
    sections_count = count;
    fn(data);
    sections_next = saved_next;
    sections_count = saved_count;
}

/// The next section to run (1-based), 0 when all have run.
unsigned GOMP_sections_next(void) {
    if (sections_next == 0 || sections_next > sections_count) return 0;
    return sections_next++;
}

void GOMP_sections_end_nowait(void) {}
