// A shared library opened with dlopen on first use, its symbols resolved all at once.
// The C modules over Tesseract, leptonica, libheif and TagLib forward every call through one of
// these, so the `ingest` binary does not list those libraries in DT_NEEDED: a text file or a PDF
// with a text layer never maps them (≈45 libraries, ≈10 MB of RSS, ≈40 M instructions of
// start-up, most of it libde265's initialiser).
#pragma once
#include <pthread.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lazy_library {
    const char *soname;           // e.g. "libtesseract.so.5" (never the -dev "libtesseract.so")
    const char *alternate;        // tried when `soname` does not open (NULL: none)
    const char *const *symbols;   // names resolved at load, in slot order
    void **slots;                 // resolved addresses, `count` of them
    size_t count;
    int state;                    // 0 not tried, 1 loaded, -1 failed (read/written atomically)
    void *handle;
    pthread_mutex_t lock;
    char error[512];              // why loading failed (dlerror's text), empty when loaded
} lazy_library;

#define LAZY_LIBRARY_INIT(soname, symbols, slots) LAZY_LIBRARY_INIT2(soname, NULL, symbols, slots)
/// With a second soname, for a library Debian ships under two names (libcurl.so.4 with OpenSSL,
/// libcurl-gnutls.so.4 with GnuTLS).
#define LAZY_LIBRARY_INIT2(soname, alternate, symbols, slots) \
    { soname, alternate, symbols, slots, sizeof(slots) / sizeof((slots)[0]), 0, NULL, PTHREAD_MUTEX_INITIALIZER, "" }

/// Opens the library and resolves every symbol, once per process (thread-safe). 1 when all
/// resolved; 0 otherwise (the library stays unloaded; `lazy_library_error` says why).
int lazy_library_load(lazy_library *lib);

/// Why the last load failed, or "" when it did not.
const char *lazy_library_error(lazy_library *lib);

/// dlsym in the loaded library and its dependencies (NULL when not loaded or not found).
void *lazy_library_lookup(lazy_library *lib, const char *name);

/// Loads or stops the process with a message (see `lazy_library_slot`).
void lazy_library_require(lazy_library *lib);

/// Slot `i`, loading first. A call reaching a library that could not be loaded is a bug of
/// the caller (Swift checks `…_load()` first and throws a named error): it stops the process
/// with a message naming the library, instead of jumping through a NULL pointer.
static inline void *lazy_library_slot(lazy_library *lib, size_t i) {
    if (__builtin_expect(__atomic_load_n(&lib->state, __ATOMIC_ACQUIRE) != 1, 0)) {
        lazy_library_require(lib);
    }
    return lib->slots[i];
}

#ifdef __cplusplus
}
#endif

// Helpers for a table of functions `X(F, V)` where each entry is F(ret, name, (params), (args))
// or V(name, (params), (args)) for a void function: slot indices, names, and forwarders.
// A forwarder is defined with the real header's prototype in scope, so a wrong signature in a
// table is a compile error ("conflicting types"). Forwarders are hidden: the binary exports its
// symbols (--export-dynamic), and an exported `pixCreate` would interpose on liblept's own.
#define LAZY_SLOT_F(ret, name, params, args) LAZY_SLOT_##name,
#define LAZY_SLOT_V(name, params, args) LAZY_SLOT_##name,
#define LAZY_NAME_F(ret, name, params, args) #name,
#define LAZY_NAME_V(name, params, args) #name,
#define LAZY_FORWARD_F(lib, ret, name, params, args) \
    __attribute__((visibility("hidden"))) ret name params { \
        return ((__typeof__(&name))lazy_library_slot(&lib, LAZY_SLOT_##name)) args; }
#define LAZY_FORWARD_V(lib, name, params, args) \
    __attribute__((visibility("hidden"))) void name params { \
        ((__typeof__(&name))lazy_library_slot(&lib, LAZY_SLOT_##name)) args; }
