// leptonica's brick morphology on 1-bpp images, the same bits in O(log size) passes — libtesseract's
// (and leptonica's own) calls of pixDilateBrick, pixErodeBrick, pixOpenBrick and pixCloseBrick land here.
//
// Tesseract's LineFinder opens every page's binary image with 75-pixel lines (300 dpi: a rule is
// at least a quarter inch) and a 15-pixel square, after closing it with a 5-pixel square.
// leptonica 1.82 does each erosion and dilation by a brick of n pixels as n whole-image rasterops:
// 300 passes over a 1-MB image a page, 6 % of a 300-dpi scan's recognition (perf, issue 38).
// A run of n pixels is the union of two runs of the largest power of two ≤ n, each made by doubling
// (a run of 2k is a run of k and the same shifted by k): ⌈log2 n⌉ + 1 passes, the same bits.
//
// The result is leptonica's bit for bit (BrickMorphologyTests compare every word, padding
// included): pixDilate's d[x] = OR of s[x + c − n + 1 … x + c] and pixErode's d[x] = AND of
// s[x − c … x − c + n − 1], with c = n / 2 (selCreateBrick's origin) and pixels outside the image
// OFF for both (leptonica's default asymmetric boundary condition: it clears the edges an
// erosion's window leaves the image by); an erosion's result has its row padding set (pixSetAll
// before the rasterops), a dilation's cleared (pixClearAll). Two-dimensional bricks go
// separably, horizontal first, as leptonica's do. A call this file does not handle as such (an
// existing pixd, a colormap, another depth, a size under 1, 1×1) goes to leptonica's own.
//
// Exported by the executable (Package.swift), which the dynamic linker searches before leptonica,
// so libtesseract's PLT calls bind here (as line_images.c's pixWriteMem).
#include "CTesseract.h"
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local int leptonica_bricks;
static atomic_ulong own_bricks;

void ingest_leptonica_own_bricks(int on) { leptonica_bricks = !on; }

unsigned long ingest_own_bricks_made(void) { return atomic_load_explicit(&own_bricks, memory_order_relaxed); }

typedef PIX *(*brick_fn)(PIX *, PIX *, l_int32, l_int32);
typedef PIX *(*template_fn)(const PIX *);

enum { DILATE, ERODE, OPEN, CLOSE };

static void *lookup(_Atomic(void *) *slot, const char *name) {
    void *f = atomic_load_explicit(slot, memory_order_acquire);
    if (!f) {
        f = ingest_tesseract_lookup(name);
        if (f) atomic_store_explicit(slot, f, memory_order_release);
    }
    return f;
}

static brick_fn leptonica_brick(int op) {
    static _Atomic(void *) slots[4];
    static const char *const names[4] = {"pixDilateBrick", "pixErodeBrick", "pixOpenBrick", "pixCloseBrick"};
    return (brick_fn)lookup(&slots[op], names[op]);
}

PIX *ingest_leptonica_brick(int op, PIX *pixd, PIX *pixs, l_int32 hsize, l_int32 vsize) {
    brick_fn f = op >= 0 && op < 4 ? leptonica_brick(op) : NULL;
    return f ? f(pixd, pixs, hsize, vsize) : NULL;
}

// Run of `n` over `count` units of `width` words each (a unit: one word of a row, or one row),
// in place: unit p becomes OR (erode: AND) of units p − n + 1 … p, units before 0 being 0.
// `at(p)` is unit p's first word.
static void run_of_rows(uint32_t *base, size_t width, size_t count, size_t n, int erode) {
    size_t k = 1;
    for (; 2 * k <= n; k *= 2) {
        for (size_t p = count; p-- > 0;) {
            uint32_t *a = base + p * width;
            if (p >= k) {
                const uint32_t *b = base + (p - k) * width;
                if (erode) { for (size_t i = 0; i < width; i++) a[i] &= b[i]; }
                else { for (size_t i = 0; i < width; i++) a[i] |= b[i]; }
            } else if (erode) {
                memset(a, 0, width * 4);
            }
        }
    }
    if (k < n) {
        size_t shift = n - k;
        for (size_t p = count; p-- > 0;) {
            uint32_t *a = base + p * width;
            if (p >= shift) {
                const uint32_t *b = base + (p - shift) * width;
                if (erode) { for (size_t i = 0; i < width; i++) a[i] &= b[i]; }
                else { for (size_t i = 0; i < width; i++) a[i] |= b[i]; }
            } else if (erode) {
                memset(a, 0, width * 4);
            }
        }
    }
}

// Bits of a row, pixel x at bit 31 − x % 32 of word x / 32 (leptonica's order in native words):
// dst[x] = src[x − k] (0 before the row's start), over `words` words.
static void shift_toward_right(uint32_t *dst, const uint32_t *src, size_t words, size_t k) {
    size_t q = k / 32, r = k % 32;
    for (size_t i = words; i-- > 0;) {
        uint32_t v = 0;
        if (i >= q) {
            v = src[i - q] >> r;
            if (r && i >= q + 1) v |= src[i - q - 1] << (32 - r);
        }
        dst[i] = v;
    }
}

// One row's run of `n` pixels in place over `words` words, `tmp` as scratch of the same size.
static void run_of_pixels(uint32_t *row, uint32_t *tmp, size_t words, size_t n, int erode) {
    size_t k = 1;
    for (; 2 * k <= n; k *= 2) {
        shift_toward_right(tmp, row, words, k);
        if (erode) { for (size_t i = 0; i < words; i++) row[i] &= tmp[i]; }
        else { for (size_t i = 0; i < words; i++) row[i] |= tmp[i]; }
    }
    if (k < n) {
        shift_toward_right(tmp, row, words, n - k);
        if (erode) { for (size_t i = 0; i < words; i++) row[i] &= tmp[i]; }
        else { for (size_t i = 0; i < words; i++) row[i] |= tmp[i]; }
    }
}

// The row padding (bits past the width in each row's last word): set after an erosion, cleared
// after a dilation, as leptonica leaves it.
static void set_padding(uint32_t *data, size_t wpl, size_t w, size_t h, int set) {
    size_t used = w % 32;
    if (used == 0) return;
    uint32_t pad = 0xFFFFFFFFu >> used;
    for (size_t y = 0; y < h; y++) {
        uint32_t *last = data + y * wpl + w / 32;
        *last = set ? (*last | pad) : (*last & ~pad);
    }
}

// One linear pass: `dst` (same size as `src`) = `src` dilated or eroded by a run of `n` pixels,
// horizontal or vertical, origin n / 2. 0 on success.
static int linear(PIX *dst, PIX *src, int horizontal, size_t n, int erode) {
    size_t w = (size_t)pixGetWidth(src), h = (size_t)pixGetHeight(src), wpl = (size_t)pixGetWpl(src);
    const uint32_t *s = pixGetData(src);
    uint32_t *d = pixGetData(dst);
    if (!s || !d || (size_t)pixGetWpl(dst) != wpl) return 1;
    size_t c = n / 2;
    // The result at x is the run ending at x + c (dilation) or x − c + n − 1 (erosion).
    size_t ahead = erode ? n - 1 - c : c;
    if (horizontal) {
        size_t words = (w + ahead + 31) / 32 + 1;
        uint32_t *row = malloc(words * 4), *tmp = malloc(words * 4);
        if (!row || !tmp) { free(row); free(tmp); return 1; }
        size_t full = w / 32, used = w % 32;
        for (size_t y = 0; y < h; y++) {
            memset(row, 0, words * 4);
            memcpy(row, s + y * wpl, full * 4);
            if (used) row[full] = s[y * wpl + full] & ~(0xFFFFFFFFu >> used);
            run_of_pixels(row, tmp, words, n, erode);
            // dst[x] = run[x + ahead]: the row moved `ahead` pixels toward its start.
            uint32_t *out = d + y * wpl;
            size_t q = ahead / 32, r = ahead % 32;
            for (size_t i = 0; i < wpl; i++) {
                uint32_t v = i + q < words ? row[i + q] << r : 0;
                if (r && i + q + 1 < words) v |= row[i + q + 1] >> (32 - r);
                out[i] = v;
            }
        }
        free(row);
        free(tmp);
    } else {
        size_t rows = h + ahead;
        uint32_t *buffer = calloc(rows * wpl, 4);
        if (!buffer) return 1;
        memcpy(buffer, s, h * wpl * 4);
        run_of_rows(buffer, wpl, rows, n, erode);
        memcpy(d, buffer + ahead * wpl, h * wpl * 4);
        free(buffer);
    }
    set_padding(d, wpl, w, h, erode);
    return 0;
}

static PIX *new_like(PIX *pixs) {
    static _Atomic(void *) slot;
    template_fn make = (template_fn)lookup(&slot, "pixCreateTemplate");
    return make ? make(pixs) : NULL;
}

// One linear pass of a brick: horizontal or vertical, its size, erosion or dilation.
struct pass { int horizontal; size_t n; int erode; };

// The passes of `op` for an hsize × vsize brick, in leptonica's order; NULL when one failed.
static PIX *own_brick(int op, PIX *pixs, size_t hsize, size_t vsize) {
    struct pass passes[4];
    int count = 0;
    int first_erodes = op == ERODE || op == OPEN;
    int stages = op == OPEN || op == CLOSE ? 2 : 1;
    for (int stage = 0; stage < stages; stage++) {
        int erode = stage == 0 ? first_erodes : !first_erodes;
        if (hsize > 1) passes[count++] = (struct pass){1, hsize, erode};
        if (vsize > 1) passes[count++] = (struct pass){0, vsize, erode};
    }
    PIX *a = new_like(pixs);
    if (!a) return NULL;
    PIX *b = count > 1 ? new_like(pixs) : NULL;
    if (count > 1 && !b) { pixDestroy(&a); return NULL; }
    PIX *from = pixs, *to = (count % 2) ? a : b;   // the last pass writes `a`
    for (int i = 0; i < count; i++) {
        if (linear(to, from, passes[i].horizontal, passes[i].n, passes[i].erode) != 0) {
            pixDestroy(&a);
            if (b) pixDestroy(&b);
            return NULL;
        }
        from = to;
        to = to == a ? b : a;
    }
    if (b) pixDestroy(&b);
    return a;
}

static PIX *brick(int op, PIX *pixd, PIX *pixs, l_int32 hsize, l_int32 vsize) {
    if (!leptonica_bricks && !pixd && pixs && pixGetDepth(pixs) == 1 && !pixGetColormap(pixs)
        && hsize >= 1 && vsize >= 1 && (hsize > 1 || vsize > 1)) {
        PIX *made = own_brick(op, pixs, (size_t)hsize, (size_t)vsize);
        if (made) {
            atomic_fetch_add_explicit(&own_bricks, 1, memory_order_relaxed);
            return made;
        }
    }
    brick_fn f = leptonica_brick(op);
    return f ? f(pixd, pixs, hsize, vsize) : pixd;
}

PIX *pixDilateBrick(PIX *pixd, PIX *pixs, l_int32 hsize, l_int32 vsize) { return brick(DILATE, pixd, pixs, hsize, vsize); }
PIX *pixErodeBrick(PIX *pixd, PIX *pixs, l_int32 hsize, l_int32 vsize) { return brick(ERODE, pixd, pixs, hsize, vsize); }
PIX *pixOpenBrick(PIX *pixd, PIX *pixs, l_int32 hsize, l_int32 vsize) { return brick(OPEN, pixd, pixs, hsize, vsize); }
PIX *pixCloseBrick(PIX *pixd, PIX *pixs, l_int32 hsize, l_int32 vsize) { return brick(CLOSE, pixd, pixs, hsize, vsize); }
