// hunspell's C API, declared by its own header (libhunspell-dev) but NOT linked: every function
// Swift calls is defined in hunspell_lazy.c as a forwarder into libhunspell-1.7.so.0, opened with
// dlopen the first time OCR'd or auto-caption text is checked for doubtful words, so a
// born-digital conversion never maps it. Swift checks `ingest_hunspell_load()` first.
#pragma once
#include <hunspell/hunspell.h>

/// Opens libhunspell-1.7.so.0 (once per process). 1 when usable.
int ingest_hunspell_load(void);
/// Why `ingest_hunspell_load` failed ("" when it did not).
const char *ingest_hunspell_error(void);
