// Tesseract's line images kept raw while a page is recognised — libtesseract's calls land here.
//
// Tesseract's LSTM engine hands each text line to the network as an `ImageData`, which stores
// the line's pixels as a PNG made in memory (ImageData::SetPixInternal: pixWriteMem IFF_PNG) and
// decodes it again at once (ImageData::GetPix: pixReadMem). A 300-dpi line is ≈ 2500 × 70 gray
// pixels: the deflate and the filters cost 6 % of a scanned page's recognition (perf, issue 38).
// While `ingest_tesseract_line_images_raw(1)` holds on the calling thread, a PNG asked of
// pixWriteMem is written as leptonica's own serialised pix ("spix": its header and its raster,
// copied), which pixReadMem recognises by its header and copies back: the same pixels, resolution
// aside (the network's input is scaled from the pixels alone), without compressing them.
//
// This definition is exported by the executable, which the dynamic linker searches before
// libtesseract's own dependencies (as serial_openmp.c's), so libtesseract's references to
// pixWriteMem bind here; every other call (Ingest's own PNGs, any thread outside a recognition)
// goes to leptonica's unchanged.
#include "CTesseract.h"
#include <stdatomic.h>
#include <stddef.h>

static _Thread_local int line_images_raw;
static atomic_ulong raw_images;

void ingest_tesseract_line_images_raw(int on) { line_images_raw = on; }

unsigned long ingest_tesseract_raw_line_images(void) { return atomic_load_explicit(&raw_images, memory_order_relaxed); }

typedef l_ok (*write_mem_fn)(l_uint8 **, size_t *, PIX *, l_int32);
typedef l_ok (*write_spix_fn)(l_uint8 **, size_t *, PIX *);

l_ok pixWriteMem(l_uint8 **pdata, size_t *psize, PIX *pix, l_int32 format) {
    // leptonica's own, found through libtesseract's handle (its dependencies, not this binary).
    static _Atomic(write_mem_fn) real;
    static _Atomic(write_spix_fn) spix;
    write_mem_fn write = atomic_load_explicit(&real, memory_order_acquire);
    if (!write) {
        write = (write_mem_fn)ingest_tesseract_lookup("pixWriteMem");
        if (!write) return 1;
        atomic_store_explicit(&real, write, memory_order_release);
    }
    if (line_images_raw && format == IFF_PNG) {
        write_spix_fn serialise = atomic_load_explicit(&spix, memory_order_acquire);
        if (!serialise) {
            serialise = (write_spix_fn)ingest_tesseract_lookup("pixWriteMemSpix");
            if (serialise) atomic_store_explicit(&spix, serialise, memory_order_release);
        }
        if (serialise) {
            atomic_fetch_add_explicit(&raw_images, 1, memory_order_relaxed);
            return serialise(pdata, psize, pix);
        }
    }
    return write(pdata, psize, pix, format);
}
