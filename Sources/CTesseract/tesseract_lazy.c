// Forwarders for every Tesseract and leptonica function Ingest calls (sources and tests): the
// binary does not link libtesseract or liblept; they are opened on the first OCR. To call a new
// function, add it to a table below (with its prototype from the header).
#include "CTesseract.h"
#include "lazy_library.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define TESSERACT_FUNCTIONS(F, V) \
    F(int *, TessBaseAPIAllWordConfidences, (TessBaseAPI *h), (h)) \
    V(TessBaseAPIClear, (TessBaseAPI *h), (h)) \
    F(TessBaseAPI *, TessBaseAPICreate, (void), ()) \
    V(TessBaseAPIDelete, (TessBaseAPI *h), (h)) \
    F(BOOL, TessBaseAPIDetectOrientationScript, (TessBaseAPI *h, int *deg, float *conf, const char **script, float *script_conf), (h, deg, conf, script, script_conf)) \
    V(TessBaseAPIEnd, (TessBaseAPI *h), (h)) \
    F(TessResultIterator *, TessBaseAPIGetIterator, (TessBaseAPI *h), (h)) \
    F(struct Pix *, TessBaseAPIGetInputImage, (TessBaseAPI *h), (h)) \
    F(struct Pix *, TessBaseAPIGetThresholdedImage, (TessBaseAPI *h), (h)) \
    F(char *, TessBaseAPIGetUTF8Text, (TessBaseAPI *h), (h)) \
    F(char **, TessBaseAPIGetLoadedLanguagesAsVector, (const TessBaseAPI *h), (h)) \
    F(int, TessBaseAPIInit4, (TessBaseAPI *h, const char *datapath, const char *language, TessOcrEngineMode mode, char **configs, int configs_size, char **vars_vec, char **vars_values, size_t vars_vec_size, BOOL set_only_non_debug_params), (h, datapath, language, mode, configs, configs_size, vars_vec, vars_values, vars_vec_size, set_only_non_debug_params)) \
    F(int, TessBaseAPIRecognize, (TessBaseAPI *h, ETEXT_DESC *monitor), (h, monitor)) \
    V(TessBaseAPISetImage2, (TessBaseAPI *h, struct Pix *pix), (h, pix)) \
    V(TessBaseAPISetPageSegMode, (TessBaseAPI *h, TessPageSegMode mode), (h, mode)) \
    F(BOOL, TessBaseAPISetVariable, (TessBaseAPI *h, const char *name, const char *value), (h, name, value)) \
    V(TessDeleteIntArray, (const int *arr), (arr)) \
    V(TessDeleteText, (const char *text), (text)) \
    V(TessDeleteTextArray, (char **arr), (arr)) \
    F(ETEXT_DESC *, TessMonitorCreate, (void), ()) \
    F(const char *, TessVersion, (void), ()) \
    V(TessMonitorDelete, (ETEXT_DESC *m), (m)) \
    V(TessMonitorSetCancelFunc, (ETEXT_DESC *m, TessCancelFunc f), (m, f)) \
    V(TessMonitorSetCancelThis, (ETEXT_DESC *m, void *this_), (m, this_)) \
    V(TessMonitorSetDeadlineMSecs, (ETEXT_DESC *m, int deadline), (m, deadline)) \
    F(TessPolyBlockType, TessPageIteratorBlockType, (const TessPageIterator *h), (h)) \
    F(BOOL, TessPageIteratorBoundingBox, (const TessPageIterator *h, TessPageIteratorLevel level, int *left, int *top, int *right, int *bottom), (h, level, left, top, right, bottom)) \
    F(float, TessResultIteratorConfidence, (const TessResultIterator *h, TessPageIteratorLevel level), (h, level)) \
    F(BOOL, TessResultIteratorWordIsFromDictionary, (const TessResultIterator *h), (h)) \
    V(TessResultIteratorDelete, (TessResultIterator *h), (h)) \
    F(TessPageIterator *, TessResultIteratorGetPageIterator, (TessResultIterator *h), (h)) \
    F(char *, TessResultIteratorGetUTF8Text, (const TessResultIterator *h, TessPageIteratorLevel level), (h, level)) \
    F(BOOL, TessResultIteratorNext, (TessResultIterator *h, TessPageIteratorLevel level), (h, level))

#define LEPTONICA_FUNCTIONS(F, V) \
    F(BOX *, boxCreate, (l_int32 x, l_int32 y, l_int32 w, l_int32 h), (x, y, w, h)) \
    V(boxDestroy, (BOX **pbox), (pbox)) \
    F(l_ok, findFileFormatBuffer, (const l_uint8 *buf, l_int32 *pformat), (buf, pformat)) \
    F(PIX *, pixAddBorder, (PIX *pixs, l_int32 npix, l_uint32 val), (pixs, npix, val)) \
    F(PIX *, pixAlphaBlendUniform, (PIX *pixs, l_uint32 color), (pixs, color)) \
    F(PIX *, pixClone, (PIX *pixs), (pixs)) \
    F(PIX *, pixClipRectangle, (PIX *pixs, BOX *box, BOX **pboxc), (pixs, box, pboxc)) \
    F(PIX *, pixConvert1To8, (PIX *pixd, PIX *pixs, l_uint8 val0, l_uint8 val1), (pixd, pixs, val0, val1)) \
    F(PIX *, pixCreate, (l_int32 width, l_int32 height, l_int32 depth), (width, height, depth)) \
    V(pixDestroy, (PIX **ppix), (ppix)) \
    F(l_ok, pixEndianByteSwap, (PIX *pixs), (pixs)) \
    F(PIX *, pixFlipLR, (PIX *pixd, PIX *pixs), (pixd, pixs)) \
    F(PIX *, pixFlipTB, (PIX *pixd, PIX *pixs), (pixd, pixs)) \
    F(PIXCMAP *, pixGetColormap, (PIX *pix), (pix)) \
    F(l_uint32 *, pixGetData, (PIX *pix), (pix)) \
    F(l_int32, pixGetDepth, (const PIX *pix), (pix)) \
    F(l_int32, pixGetHeight, (const PIX *pix), (pix)) \
    F(l_ok, pixGetPixel, (PIX *pix, l_int32 x, l_int32 y, l_uint32 *pval), (pix, x, y, pval)) \
    F(l_int32, pixGetSpp, (const PIX *pix), (pix)) \
    F(l_int32, pixGetWidth, (const PIX *pix), (pix)) \
    F(l_int32, pixGetWpl, (const PIX *pix), (pix)) \
    F(l_int32, pixGetXRes, (const PIX *pix), (pix)) \
    F(l_int32, pixGetYRes, (const PIX *pix), (pix)) \
    F(l_ok, pixReadHeaderMem, (const l_uint8 *data, size_t size, l_int32 *pformat, l_int32 *pw, l_int32 *ph, l_int32 *pbps, l_int32 *pspp, l_int32 *piscmap), (data, size, pformat, pw, ph, pbps, pspp, piscmap)) \
    F(PIX *, pixReadMem, (const l_uint8 *data, size_t size), (data, size)) \
    F(PIX *, pixReadMemJpeg, (const l_uint8 *data, size_t size, l_int32 cmflag, l_int32 reduction, l_int32 *pnwarn, l_int32 hint), (data, size, cmflag, reduction, pnwarn, hint)) \
    F(PIX *, pixMedianFilter, (PIX *pixs, l_int32 wf, l_int32 hf), (pixs, wf, hf)) \
    F(PIX *, pixReadMemTiff, (const l_uint8 *cdata, size_t size, l_int32 n), (cdata, size, n)) \
    F(PIX *, pixRemoveColormap, (PIX *pixs, l_int32 type), (pixs, type)) \
    F(PIX *, pixRotateOrth, (PIX *pixs, l_int32 quads), (pixs, quads)) \
    F(l_ok, pixSetResolution, (PIX *pix, l_int32 xres, l_int32 yres), (pix, xres, yres)) \
    F(l_ok, pixWriteMemJpeg, (l_uint8 **pdata, size_t *psize, PIX *pix, l_int32 quality, l_int32 progressive), (pdata, psize, pix, quality, progressive)) \
    F(PIX *, pixScaleAreaMap2, (PIX *pix), (pix)) \
    F(PIX *, pixScaleToSize, (PIX *pixs, l_int32 wd, l_int32 hd), (pixs, wd, hd)) \
    F(l_ok, pixWriteTiff, (const char *filename, PIX *pix, l_int32 comptype, const char *modestr), (filename, pix, comptype, modestr)) \
    F(l_ok, pixaAddPix, (PIXA *pixa, PIX *pix, l_int32 copyflag), (pixa, pix, copyflag)) \
    F(l_ok, pixaConvertToPdfData, (PIXA *pixa, l_int32 res, l_float32 scalefactor, l_int32 type, l_int32 quality, const char *title, l_uint8 **pdata, size_t *pnbytes), (pixa, res, scalefactor, type, quality, title, pdata, pnbytes)) \
    F(PIXA *, pixaCreate, (l_int32 n), (n)) \
    V(pixaDestroy, (PIXA **ppixa), (ppixa)) \
    F(l_ok, readHeaderMemTiff, (const l_uint8 *cdata, size_t size, l_int32 n, l_int32 *pw, l_int32 *ph, l_int32 *pbps, l_int32 *pspp, l_int32 *pres, l_int32 *pcmap, l_int32 *pformat), (cdata, size, n, pw, ph, pbps, pspp, pres, pcmap, pformat)) \
    F(char *, getLeptonicaVersion, (void), ()) \
    V(lept_free, (void *ptr), (ptr)) \
    F(l_int32, setMsgSeverity, (l_int32 newsev), (newsev)) \
    V(setPixMemoryManager, (alloc_fn allocator, dealloc_fn deallocator), (allocator, deallocator)) \
    F(l_ok, tiffGetCount, (FILE *fp, l_int32 *pn), (fp, pn))

enum { TESSERACT_FUNCTIONS(LAZY_SLOT_F, LAZY_SLOT_V) TESSERACT_COUNT };
enum { LEPTONICA_FUNCTIONS(LAZY_SLOT_F, LAZY_SLOT_V) LEPTONICA_COUNT };

static const char *const tesseract_names[] = {TESSERACT_FUNCTIONS(LAZY_NAME_F, LAZY_NAME_V)};
static void *tesseract_slots[TESSERACT_COUNT];
static lazy_library tesseract = LAZY_LIBRARY_INIT("libtesseract.so.5", tesseract_names, tesseract_slots);

static const char *const leptonica_names[] = {LEPTONICA_FUNCTIONS(LAZY_NAME_F, LAZY_NAME_V)};
static void *leptonica_slots[LEPTONICA_COUNT];
// leptonica ≥ 1.83 is libleptonica.so.6, older ones liblept.so.5; the copy libtesseract already
// mapped is taken first (lazy_library.c), so both always agree.
static lazy_library leptonica = LAZY_LIBRARY_INIT2("libleptonica.so.6", "liblept.so.5", leptonica_names, leptonica_slots);

#define TESS_F(ret, name, params, args) LAZY_FORWARD_F(tesseract, ret, name, params, args)
#define TESS_V(name, params, args) LAZY_FORWARD_V(tesseract, name, params, args)
TESSERACT_FUNCTIONS(TESS_F, TESS_V)

#define LEPT_F(ret, name, params, args) LAZY_FORWARD_F(leptonica, ret, name, params, args)
#define LEPT_V(name, params, args) LAZY_FORWARD_V(leptonica, name, params, args)
LEPTONICA_FUNCTIONS(LEPT_F, LEPT_V)

static atomic_ulong pix_bytes;

/// Pixel buffers of leptonica images (every `pixCreate`, Tesseract's included), written once per
/// memory page as they are allocated. leptonica's first touch of a new image is `pixSetPadBits`,
/// which reads, then writes, the last word of each row: on memory fresh from the system (each
/// page's freed memory is handed back, `PageMemory`) the read maps the shared zero page and the
/// write replaces it — a second fault that flushes the page from every core running a thread of
/// this process, by an interrupt to each. With two pages read at once that was 4 % of the OCR's
/// CPU (bench/runtime/RESULTS.md). A first write takes a fresh page in one fault, and no flush.
/// `pix_bytes` counts what it gave (tests: the allocator is the one leptonica uses).
static void *pix_data_alloc(size_t size) {
    atomic_fetch_add_explicit(&pix_bytes, size, memory_order_relaxed);
    volatile unsigned char *p = malloc(size);
    if (p && size >= 65536) {
        for (size_t i = 0; i < size; i += 4096) p[i] = 0;
        p[size - 1] = 0;
    }
    return (void *)p;
}

unsigned long ingest_pix_bytes_allocated(void) { return atomic_load_explicit(&pix_bytes, memory_order_relaxed); }

static pthread_once_t pix_memory_once = PTHREAD_ONCE_INIT;
static void set_pix_memory(void) { setPixMemoryManager(pix_data_alloc, free); }

int ingest_tesseract_load(void) {
    // libtesseract first: it maps its own leptonica, which the leptonica table then resolves into.
    if (!(lazy_library_load(&tesseract) && lazy_library_load(&leptonica))) return 0;
    pthread_once(&pix_memory_once, set_pix_memory);
    return 1;
}

static char leptonica_version[64];
static pthread_once_t leptonica_version_once = PTHREAD_ONCE_INIT;
static void read_leptonica_version(void) {
    char *v = getLeptonicaVersion();
    snprintf(leptonica_version, sizeof leptonica_version, "%s", v ? v : "");
    if (v) lept_free(v);
}

const char *ingest_tesseract_version(void) {
    return ingest_tesseract_load() ? TessVersion() : "";
}

const char *ingest_leptonica_version(void) {
    if (!ingest_tesseract_load()) return "";
    pthread_once(&leptonica_version_once, read_leptonica_version);
    return leptonica_version;
}

const char *ingest_tesseract_failed_library(void) {
    if (ingest_tesseract_load()) return NULL;
    return lazy_library_load(&tesseract) ? leptonica.soname : tesseract.soname;
}

const char *ingest_tesseract_error(void) {
    if (ingest_tesseract_load()) return "";
    return lazy_library_load(&tesseract) ? lazy_library_error(&leptonica) : lazy_library_error(&tesseract);
}

void *ingest_tesseract_lookup(const char *name) {
    return ingest_tesseract_load() ? lazy_library_lookup(&tesseract, name) : NULL;
}
