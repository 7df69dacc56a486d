// libheif, declared by its own header (libheif-dev) but NOT linked: every function Swift calls
// is defined in heif_lazy.c as a forwarder into libheif.so.1, opened with dlopen on first use
// (libheif drags in x265, libde265, dav1d and aom; libde265's initialiser alone is ≈25 M
// instructions). Swift checks `ingest_heif_load()` before the first call.
#pragma once
#include <libheif/heif.h>

/// Opens libheif.so.1 (once per process). 1 when usable.
int ingest_heif_load(void);
/// Why `ingest_heif_load` failed ("" when it did not).
const char *ingest_heif_error(void);
