// Tesseract's universal ambiguities left unbuilt for engines that cannot use them — libtesseract's
// call lands here.
//
// In a libtesseract built with the legacy engine (Debian's 5.3.0), init_tesseract_lang_data calls
// UnicharAmbigs::LoadUniversal for every language of every engine, whatever the engine mode: it
// parses the built-in universal ambigs file and sorts each entry into per-character lists, one
// insertion at a time — 85 % of starting a fra+eng engine (≈ 0.2 s of CPU; issue 38, perf). Those
// tables serve only the legacy engine (its dictionary's dangerous-ambiguity test and adaption); an
// engine whose every language is LSTM-only (Debian's tessdata_fast files: no classifier templates)
// never reads them. While `ingest_tesseract_skip_universal_ambigs(1)` holds on the calling thread,
// the call returns at once; otherwise libtesseract's own runs.
//
// Exported by the executable (Package.swift), which the dynamic linker searches before
// libtesseract itself, so libtesseract's PLT call binds here (as line_images.c's pixWriteMem).
#include "CTesseract.h"
#include <stdatomic.h>

static _Thread_local int skip_universal;
static atomic_ulong skipped;

void ingest_tesseract_skip_universal_ambigs(int on) { skip_universal = on; }

unsigned long ingest_tesseract_universal_ambigs_skipped(void) { return atomic_load_explicit(&skipped, memory_order_relaxed); }

#define LOAD_UNIVERSAL "_ZN9tesseract13UnicharAmbigs13LoadUniversalERKNS_10UNICHARSETEPS1_"

// void tesseract::UnicharAmbigs::LoadUniversal(const UNICHARSET &encoder_set, UNICHARSET *unicharset):
// a member function, `this` first — the same registers as a C function of three pointers.
typedef void (*load_universal_fn)(void *, const void *, void *);

void ingest_load_universal(void *self, const void *encoder_set, void *unicharset) __asm__(LOAD_UNIVERSAL);

void ingest_load_universal(void *self, const void *encoder_set, void *unicharset) {
    if (skip_universal) {
        atomic_fetch_add_explicit(&skipped, 1, memory_order_relaxed);
        return;
    }
    static _Atomic(load_universal_fn) real;
    load_universal_fn load = atomic_load_explicit(&real, memory_order_acquire);
    if (!load) {
        load = (load_universal_fn)ingest_tesseract_lookup(LOAD_UNIVERSAL);
        if (!load) return;
        atomic_store_explicit(&real, load, memory_order_release);
    }
    load(self, encoder_set, unicharset);
}
