// Tesseract's ImageThresholder::ThresholdRectToPix for one gray channel — libtesseract's PLT call
// from OtsuThresholdRectToPix lands here.
//
// Every page Tesseract recognises is thresholded once: 5.3.0 (src/ccmain/thresholder.cpp) sets
// each output bit in a loop over the channels with two std::vector reads, a compare and a bit
// set or clear per pixel. On pages of few marks (the odd corpus's, issue 38) that loop was 17 %
// of the recognisers' CPU (perf, ODD, session 22). Here one 256-entry table says which gray
// values make a pixel black (hi_values[0] ≥ 0 and (value > threshold) == (hi_values[0] == 0),
// the same test), and 32 output pixels are assembled in a word: the same bits
// (ThresholdRectTests compare with libtesseract's own on random images and rectangles, and a page
// read either way). Other channel counts go to libtesseract's own, as does a libtesseract other
// than 5.3.0, whose members' layout this file assumes.
//
// Exported by the executable (Package.swift), which the dynamic linker searches before
// libtesseract itself, so libtesseract's PLT calls bind here (as stride_map.c's).
#include "CTesseract.h"
#include <stdatomic.h>
#include <string.h>

// tesseract::ImageThresholder's rect_left_, rect_top_, rect_width_, rect_height_ (ints), read
// from Debian's libtesseract.so.5 disassembly of ThresholdRectToPix (5.3.0).
enum { RECT_LEFT = 0x2c, RECT_TOP = 0x30, RECT_WIDTH = 0x34, RECT_HEIGHT = 0x38 };

// 0: not decided yet; 1: this file's; 2: libtesseract's own (tests, or another version).
static atomic_int answered_by;
static atomic_ulong own_thresholds;

static int decide(int wanted) {
    int by = wanted && strcmp(ingest_tesseract_version(), "5.3.0") == 0 ? 1 : 2;
    atomic_store_explicit(&answered_by, by, memory_order_relaxed);
    return by;
}

void ingest_tesseract_own_threshold(int on) { decide(on); }

unsigned long ingest_tesseract_own_thresholds_made(void) { return atomic_load_explicit(&own_thresholds, memory_order_relaxed); }

void *ingest_tesseract_threshold_function(void) {
    static _Atomic(void *) slot;
    void *f = atomic_load_explicit(&slot, memory_order_acquire);
    if (!f) {
        f = ingest_tesseract_lookup(THRESHOLD_RECT_TO_PIX);
        if (f) atomic_store_explicit(&slot, f, memory_order_release);
    }
    return f;
}

typedef void (*threshold_fn)(const void *, PIX *, int, const struct ingest_int_vector *, const struct ingest_int_vector *, PIX **);

void ingest_threshold_rect_to_pix(const void *self, PIX *src, int channels, const struct ingest_int_vector *thresholds,
                                  const struct ingest_int_vector *hi_values, PIX **out) {
    int by = atomic_load_explicit(&answered_by, memory_order_relaxed);
    if ((by ? by : decide(1)) != 1 || channels != 1 || pixGetDepth(src) != 8) {
        threshold_fn real = (threshold_fn)ingest_tesseract_threshold_function();
        real(self, src, channels, thresholds, hi_values, out);
        return;
    }
    atomic_fetch_add_explicit(&own_thresholds, 1, memory_order_relaxed);
    const char *base = self;
    int left, top, width, height;
    memcpy(&left, base + RECT_LEFT, sizeof left);
    memcpy(&top, base + RECT_TOP, sizeof top);
    memcpy(&width, base + RECT_WIDTH, sizeof width);
    memcpy(&height, base + RECT_HEIGHT, sizeof height);
    *out = pixCreate(width, height, 1);
    if (!*out) return;
    l_uint32 *data = pixGetData(*out);
    const int wpl = pixGetWpl(*out), src_wpl = pixGetWpl(src);
    const l_uint32 *src_data = pixGetData(src);
    pixSetResolution(*out, pixGetXRes(src), pixGetYRes(src));
    const int hi = hi_values->begin[0], threshold = thresholds->begin[0];
    unsigned char black[256];
    for (int v = 0; v < 256; v++) black[v] = hi >= 0 && ((v > threshold) == (hi == 0));
    for (int y = 0; y < height; y++) {
        const l_uint32 *line = src_data + (y + top) * src_wpl;
        l_uint32 *row = data + y * wpl;
        for (int x0 = 0; x0 < width; x0 += 32) {
            const int n = width - x0 < 32 ? width - x0 : 32;
            // The word's bits past the image's width stay as pixCreate left them (clear), as
            // libtesseract's loop leaves them.
            l_uint32 word = row[x0 >> 5];
            for (int i = 0; i < n; i++) {
                const l_uint32 bit = 0x80000000u >> i;
                if (black[GET_DATA_BYTE(line, x0 + i + left)]) word |= bit; else word &= ~bit;
            }
            row[x0 >> 5] = word;
        }
    }
}
