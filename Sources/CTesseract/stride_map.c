// Tesseract's StrideMap::Index steps in one function each — libtesseract's calls land here.
//
// The LSTM network's convolution and max-pooling layers walk their inputs with
// tesseract::StrideMap::Index: for every time step of every line, each of the 3 × 3 neighbours
// is reached by AddOffset, which calls SetTFromIndices and IsValid, which calls MaxIndexOfDim
// three times — six calls through libtesseract's PLT (Debian's 5.3.0 exports them and calls
// them through it) for a dozen instructions of work. On a 300-dpi scan those four functions are
// 12.6 % of the recognisers' CPU (perf, issue 38: MaxIndexOfDim 5.5, SetTFromIndices 3.8,
// IsValid 2.1, AddOffset 1.2 %). Defined here with the same meaning (src/lstm/stridemap.cpp of
// 5.3.0, the members' offsets read from Debian's libtesseract.so.5 disassembly), each does its
// work without calling another: the same indices, the same answers (StrideMapTests compare every
// function with libtesseract's on random maps and indices, and a page read either way).
//
// Exported by the executable (Package.swift), which the dynamic linker searches before
// libtesseract itself, so libtesseract's PLT calls bind here (as universal_ambigs.c's).
// `ingest_tesseract_own_stride_map(0)` sends every call to libtesseract's own (tests), as does a
// libtesseract other than 5.3.0.
#include "CTesseract.h"
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

// tesseract::StrideMap: int shape_[3]; int t_increments_[3]; std::vector<int> heights_, widths_
// (libstdc++: begin, end, end of storage).
struct stride_map {
    int shape[3];
    int increments[3];
    const int *heights, *heights_end, *heights_capacity;
    const int *widths, *widths_end, *widths_capacity;
};

// tesseract::StrideMap::Index: const StrideMap *stride_map_; int t_; int indices_[3]
// (FD_BATCH, FD_HEIGHT, FD_WIDTH).
struct stride_index {
    const struct stride_map *map;
    int t;
    int indices[3];
};

_Static_assert(offsetof(struct stride_map, increments) == 0xc, "t_increments_ at 0xc");
_Static_assert(offsetof(struct stride_map, heights) == 0x18, "heights_ at 0x18");
_Static_assert(offsetof(struct stride_map, widths) == 0x30, "widths_ at 0x30");
_Static_assert(offsetof(struct stride_index, t) == 8, "t_ at 8");
_Static_assert(offsetof(struct stride_index, indices) == 0xc, "indices_ at 0xc");

// 0: not decided yet; 1: these functions; 2: libtesseract's own (tests, or a libtesseract other
// than the 5.3.0 whose members' layout this file assumes: then nothing here reads them).
static atomic_int answered_by;

static int decide(int wanted) {
    int by = wanted && strcmp(ingest_tesseract_version(), "5.3.0") == 0 ? 1 : 2;
    atomic_store_explicit(&answered_by, by, memory_order_relaxed);
    return by;
}

static inline _Bool own(void) {
    int by = atomic_load_explicit(&answered_by, memory_order_relaxed);
    return (by ? by : decide(1)) == 1;
}
// AddOffset calls answered here on this thread (tests: the interposition holds); a thread-local
// add, nothing shared in the network's innermost loop.
static _Thread_local unsigned long own_offsets;

unsigned long ingest_tesseract_own_stride_offsets(void) { return own_offsets; }

void ingest_tesseract_own_stride_map(int on) { decide(on); }

// The functions' names (MAX_INDEX_OF_DIM…) and declarations are in CTesseract.h.

static void *real(_Atomic(void *) *slot, const char *name) {
    void *f = atomic_load_explicit(slot, memory_order_acquire);
    if (!f) {
        f = ingest_tesseract_lookup(name);
        if (f) atomic_store_explicit(slot, f, memory_order_release);
    }
    return f;
}


// MaxIndexOfDim: the last index of `dim` for the index's batch (its own height or width when
// recorded and within the shape).
static inline int max_index(const struct stride_index *ix, int dim) {
    const struct stride_map *m = ix->map;
    int max = m->shape[dim] - 1;
    if (dim == 0) return max;
    size_t batch = (size_t)(long)ix->indices[0];
    const int *v = dim == 1 ? m->heights : m->widths;
    const int *end = dim == 1 ? m->heights_end : m->widths_end;
    if (batch >= (size_t)(end - v) || v[batch] > max) return max;
    return v[batch] - 1;
}

static inline void set_t(struct stride_index *ix) {
    const int *inc = ix->map->increments;
    // int arithmetic as compiled (imul, add: wrapping), without C's undefined overflow.
    ix->t = (int)((unsigned)inc[0] * (unsigned)ix->indices[0] + (unsigned)inc[1] * (unsigned)ix->indices[1]
                  + (unsigned)inc[2] * (unsigned)ix->indices[2]);
}

static inline _Bool is_valid(const struct stride_index *ix) {
    if (ix->indices[0] < 0 || ix->indices[1] < 0 || ix->indices[2] < 0) return 0;
    for (int d = 0; d < 3; d++) {
        if (ix->indices[d] > max_index(ix, d)) return 0;
    }
    return 1;
}

int ingest_stride_max_index_of_dim(const void *index, int dim) {
    const struct stride_index *ix = index;
    if (own()) return max_index(ix, dim);
    static _Atomic(void *) slot;
    return ((int (*)(const struct stride_index *, int))real(&slot, MAX_INDEX_OF_DIM))(ix, dim);
}

_Bool ingest_stride_is_valid(const void *index) {
    const struct stride_index *ix = index;
    if (own()) return is_valid(ix);
    static _Atomic(void *) slot;
    return ((_Bool (*)(const struct stride_index *))real(&slot, IS_VALID))(ix);
}

_Bool ingest_stride_is_last(const void *index, int dim) {
    const struct stride_index *ix = index;
    if (own()) return max_index(ix, dim) == ix->indices[dim];
    static _Atomic(void *) slot;
    return ((_Bool (*)(const struct stride_index *, int))real(&slot, IS_LAST))(ix, dim);
}

_Bool ingest_stride_add_offset(void *index, int offset, int dim) {
    struct stride_index *ix = index;
    if (own()) {
        own_offsets++;
        ix->indices[dim] = (int)((unsigned)ix->indices[dim] + (unsigned)offset);
        set_t(ix);
        return is_valid(ix);
    }
    static _Atomic(void *) slot;
    return ((_Bool (*)(struct stride_index *, int, int))real(&slot, ADD_OFFSET))(ix, offset, dim);
}

void ingest_stride_set_t_from_indices(void *index) {
    struct stride_index *ix = index;
    if (own()) { set_t(ix); return; }
    static _Atomic(void *) slot;
    ((void (*)(struct stride_index *))real(&slot, SET_T))(ix);
}

_Bool ingest_stride_increment(void *index) {
    struct stride_index *ix = index;
    if (own()) {
        const int *inc = ix->map->increments;
        for (int d = 2; d >= 0; --d) {
            if (max_index(ix, d) != ix->indices[d]) {
                ix->t = (int)((unsigned)ix->t + (unsigned)inc[d]);
                ix->indices[d] = (int)((unsigned)ix->indices[d] + 1u);
                return 1;
            }
            ix->t = (int)((unsigned)ix->t - (unsigned)inc[d] * (unsigned)ix->indices[d]);
            ix->indices[d] = 0;
        }
        return 0;
    }
    static _Atomic(void *) slot;
    return ((_Bool (*)(struct stride_index *))real(&slot, INCREMENT))(ix);
}

void *ingest_tesseract_stride_map_function(int which) {
    static _Atomic(void *) slots[6];
    static const char *const names[6] = {MAX_INDEX_OF_DIM, IS_VALID, IS_LAST, ADD_OFFSET, SET_T, INCREMENT};
    return which >= 0 && which < 6 ? real(&slots[which], names[which]) : NULL;
}
