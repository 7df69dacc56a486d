// Tesseract's NetworkIO::WriteTimeStepPart four values at a time — libtesseract's calls land here.
//
// Every LSTM layer of Debian's integer models (tessdata_fast) writes each time step's outputs
// back as 8-bit values: x × 127, rounded half away from zero, clamped to ±127
// (src/lstm/networkio.cpp, IntCastRounded). libtesseract 5.3.0 does it one value at a time with a
// branch each: 4.7 % of a 300-dpi scan's CPU (perf, issue 38). Here the same arithmetic runs on
// four floats at once (SSE4.1): the same multiplication and addition of single floats, the same
// truncation (cvttps2dq, as the library's cvttss2si, gives 0x80000000 for NaN and out-of-range
// values, which the clamp turns into −127 as the library's code does), so the same bytes
// (NetworkIOTests compare with libtesseract's own on random, boundary and non-finite values).
// The float path (a model in float mode) is the plain copy it was.
//
// NetworkIO's members, read from Debian's libtesseract.so.5 disassembly: f_ (GENERIC_2D_ARRAY of
// float: vtable, array_ at 0x8, dim2_ at 0x18), i_ (of int8_t: array_ at 0x28, dim2_ at 0x38),
// int_mode_ at 0x40 — used only with libtesseract 5.3.0 (another version gets its own functions).
// Exported by the executable (Package.swift) as universal_ambigs.c's function.
#include "CTesseract.h"
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <immintrin.h>

// 0: not decided yet; 1: these functions; 2: libtesseract's own (tests, or a libtesseract other
// than the 5.3.0 whose members' layout this file assumes: then nothing here reads them).
static atomic_int answered_by;

static int decide(int wanted) {
    int by = wanted && strcmp(ingest_tesseract_version(), "5.3.0") == 0 ? 1 : 2;
    atomic_store_explicit(&answered_by, by, memory_order_relaxed);
    return by;
}

static inline _Bool libtesseracts(void) {
    int by = atomic_load_explicit(&answered_by, memory_order_relaxed);
    return (by ? by : decide(1)) != 1;
}
static _Thread_local unsigned long own_writes;

void ingest_tesseract_own_network_io(int on) { decide(on); }

unsigned long ingest_tesseract_own_time_step_writes(void) { return own_writes; }

typedef void (*write_fn)(void *, int, int, int, const float *);

void *ingest_tesseract_write_time_step_part(void) {
    static _Atomic(void *) slot;
    void *f = atomic_load_explicit(&slot, memory_order_acquire);
    if (!f) {
        f = ingest_tesseract_lookup(WRITE_TIME_STEP_PART);
        if (f) atomic_store_explicit(&slot, f, memory_order_release);
    }
    return f;
}

// One value as the library computes it (its scalar loop, instruction for instruction).
static inline int8_t rounded(float x) {
    float v = x * 127.0f;
    int r;
    if (v >= 0.0f) {
        float a = v + 0.5f;
        r = (a >= 2147483648.0f || a != a) ? INT32_MIN : (int)a;
    } else {
        float a = 0.5f - v;
        int q = (a >= 2147483648.0f || a != a) ? INT32_MIN : (int)a;
        r = (int)(0u - (unsigned)q);
    }
    if (r > 127) r = 127;
    if (r < -127) r = -127;
    return (int8_t)r;
}

__attribute__((target("sse4.1")))
static void rounded_sse41(int8_t *out, const float *in, int n) {
    const __m128 scale = _mm_set1_ps(127.0f), half = _mm_set1_ps(0.5f), zero = _mm_setzero_ps();
    const __m128i hi = _mm_set1_epi32(127), lo = _mm_set1_epi32(-127);
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128 v = _mm_mul_ps(_mm_loadu_ps(in + i), scale);
        __m128 positive = _mm_cmpge_ps(v, zero);   // false for NaN, as comiss/jae
        __m128i up = _mm_cvttps_epi32(_mm_add_ps(v, half));
        __m128i down = _mm_sub_epi32(_mm_setzero_si128(), _mm_cvttps_epi32(_mm_sub_ps(half, v)));
        __m128i r = _mm_blendv_epi8(down, up, _mm_castps_si128(positive));
        r = _mm_max_epi32(_mm_min_epi32(r, hi), lo);
        __m128i bytes = _mm_packs_epi16(_mm_packs_epi32(r, r), _mm_setzero_si128());
        int32_t four = _mm_cvtsi128_si32(bytes);
        memcpy(out + i, &four, 4);
    }
    for (; i < n; i++) out[i] = rounded(in[i]);
}

void ingest_network_io_write_time_step_part(void *self, int t, int offset, int num_features, const float *input) {
    if (libtesseracts()) {
        write_fn f = (write_fn)ingest_tesseract_write_time_step_part();
        if (f) f(self, t, offset, num_features, input);
        return;
    }
    own_writes++;
    const char *io = self;
    if (*(const _Bool *)(io + 0x40)) {
        int8_t *array;
        int dim2;
        memcpy(&array, io + 0x28, sizeof array);
        memcpy(&dim2, io + 0x38, sizeof dim2);
        int8_t *line = array + (long)(int)((unsigned)t * (unsigned)dim2) + (long)offset;
        if (num_features <= 0) return;
        if (__builtin_cpu_supports("sse4.1")) { rounded_sse41(line, input, num_features); return; }
        for (int i = 0; i < num_features; i++) line[i] = rounded(input[i]);
    } else {
        float *array;
        int dim2;
        memcpy(&array, io + 0x8, sizeof array);
        memcpy(&dim2, io + 0x18, sizeof dim2);
        float *line = array + (long)(int)((unsigned)t * (unsigned)dim2) + (long)offset;
        if (num_features > 0) memcpy(line, input, (size_t)num_features * sizeof(float));
    }
}

// A NetworkIO's row `t`: its int8 array (int mode) or float array, as GENERIC_2D_ARRAY's
// operator[] gives it (t × dim2 in int arithmetic; the members are GENERIC_2D_ARRAYs themselves,
// so index() is the base class's).
static inline char *row_of(const char *io, int t, _Bool int_mode) {
    char *array;
    int dim2;
    memcpy(&array, io + (int_mode ? 0x28 : 0x8), sizeof array);
    memcpy(&dim2, io + (int_mode ? 0x38 : 0x18), sizeof dim2);
    return array + ((long)(int)((unsigned)t * (unsigned)dim2)) * (int_mode ? 1 : 4);
}

static inline int dim2_of(const char *io, _Bool int_mode) {
    int dim2;
    memcpy(&dim2, io + (int_mode ? 0x38 : 0x18), sizeof dim2);
    return dim2;
}

typedef void (*copy_fn)(void *, int, int, int, const void *, int, int);
typedef void (*maxpool_fn)(void *, int, const void *, int, int *);

void *ingest_tesseract_network_io_function(int which) {
    static _Atomic(void *) slots[2];
    static const char *const names[2] = {COPY_TIME_STEP_GENERAL, MAXPOOL_TIME_STEP};
    if (which < 0 || which > 1) return NULL;
    void *f = atomic_load_explicit(&slots[which], memory_order_acquire);
    if (!f) {
        f = ingest_tesseract_lookup(names[which]);
        if (f) atomic_store_explicit(&slots[which], f, memory_order_release);
    }
    return f;
}

// CopyTimeStepGeneral: num_features values of src's row src_t from src_offset to this row dest_t
// from dest_offset (a memcpy, as the library's; called for each of a convolution's 3 × 3
// neighbours with one to a few values: the call is the cost).
void ingest_network_io_copy_time_step_general(void *self, int dest_t, int dest_offset, int num_features,
                                              const void *src, int src_t, int src_offset) {
    const char *io = self, *from = src;
    _Bool int_mode = *(const _Bool *)(io + 0x40);
    if (libtesseracts() || int_mode != *(const _Bool *)(from + 0x40)) {
        // libtesseract's own, which also reports a mode mismatch as it always did.
        copy_fn f = (copy_fn)ingest_tesseract_network_io_function(0);
        if (f) f(self, dest_t, dest_offset, num_features, src, src_t, src_offset);
        return;
    }
    size_t size = int_mode ? 1 : 4;
    char *d = row_of(io, dest_t, int_mode) + (long)dest_offset * (long)size;
    const char *s = row_of(from, src_t, int_mode) + (long)src_offset * (long)size;
    size_t n = (size_t)(long)num_features * size;
    if (n == 1) *d = *s;
    else memcpy(d, s, n);
}

__attribute__((target("sse4.1")))
static int maxpool_sse41(int8_t *dest, const int8_t *src, int *max_line, int dim, int src_t) {
    const __m128i t = _mm_set1_epi32(src_t);
    int i = 0;
    for (; i + 16 <= dim; i += 16) {
        __m128i d = _mm_loadu_si128((const __m128i *)(dest + i)), s = _mm_loadu_si128((const __m128i *)(src + i));
        __m128i greater = _mm_cmpgt_epi8(s, d);   // dest[i] < src[i], signed, as the library's compare
        if (_mm_testz_si128(greater, greater)) continue;
        _mm_storeu_si128((__m128i *)(dest + i), _mm_blendv_epi8(d, s, greater));
        const __m128i quarters[4] = {greater, _mm_srli_si128(greater, 4), _mm_srli_si128(greater, 8), _mm_srli_si128(greater, 12)};
        for (int q = 0; q < 4; q++) {
            __m128i lanes = _mm_cvtepi8_epi32(quarters[q]);
            __m128i old = _mm_loadu_si128((const __m128i *)(max_line + i + 4 * q));
            _mm_storeu_si128((__m128i *)(max_line + i + 4 * q), _mm_blendv_epi8(old, t, lanes));
        }
    }
    return i;
}

// MaxpoolTimeStep: each value of this row dest_t below src's row src_t becomes it, and
// max_line records src_t there (int mode sixteen values at a time: the same bytes and indices).
void ingest_network_io_maxpool_time_step(void *self, int dest_t, const void *src, int src_t, int *max_line) {
    const char *io = self, *from = src;
    _Bool int_mode = *(const _Bool *)(io + 0x40);
    if (libtesseracts() || int_mode != *(const _Bool *)(from + 0x40)) {
        maxpool_fn f = (maxpool_fn)ingest_tesseract_network_io_function(1);
        if (f) f(self, dest_t, src, src_t, max_line);
        return;
    }
    int dim = dim2_of(io, int_mode);
    if (int_mode) {
        int8_t *d = (int8_t *)row_of(io, dest_t, 1);
        const int8_t *s = (const int8_t *)row_of(from, src_t, 1);
        int i = __builtin_cpu_supports("sse4.1") && dim > 0 ? maxpool_sse41(d, s, max_line, dim, src_t) : 0;
        for (; i < dim; i++) {
            if (d[i] < s[i]) { d[i] = s[i]; max_line[i] = src_t; }
        }
    } else {
        float *d = (float *)row_of(io, dest_t, 0);
        const float *s = (const float *)row_of(from, src_t, 0);
        for (int i = 0; i < dim; i++) {
            if (d[i] < s[i]) { d[i] = s[i]; max_line[i] = src_t; }
        }
    }
}
