// The one place that calls dlopen/dlsym for the lazily loaded C libraries.
#include "lazy_library.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(lazy_library *lib, const char *what) {
    snprintf(lib->error, sizeof lib->error, "%s", what ? what : lib->soname);
}

static int load_locked(lazy_library *lib) {
    // RTLD_LOCAL: the library's symbols (and its dependencies': libgomp, libarchive, …) stay
    // out of the global scope, so they cannot interpose on anything the binary already uses.
    // A copy already mapped wins (RTLD_NOLOAD): libtesseract pulls in the leptonica it was built
    // with, under whichever of the two names it has, and its functions must be that copy's.
    void *h = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (!h && lib->alternate) h = dlopen(lib->alternate, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (!h) h = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fail(lib, dlerror());             // the first name's reason is the telling one
        if (lib->alternate) h = dlopen(lib->alternate, RTLD_NOW | RTLD_LOCAL);
        if (!h) return 0;
    }
    for (size_t i = 0; i < lib->count; i++) {
        dlerror();
        void *p = dlsym(h, lib->symbols[i]);
        if (!p) {
            char why[400];
            const char *e = dlerror();
            snprintf(why, sizeof why, "%s: symbol %s not found%s%s", lib->soname, lib->symbols[i], e ? ": " : "", e ? e : "");
            fail(lib, why);
            memset(lib->slots, 0, lib->count * sizeof(void *));
            dlclose(h);
            return 0;
        }
        lib->slots[i] = p;
    }
    lib->handle = h;
    lib->error[0] = 0;
    return 1;
}

int lazy_library_load(lazy_library *lib) {
    int s = __atomic_load_n(&lib->state, __ATOMIC_ACQUIRE);
    if (s != 0) return s == 1;
    pthread_mutex_lock(&lib->lock);
    s = lib->state;
    if (s == 0) {
        s = load_locked(lib) ? 1 : -1;
        __atomic_store_n(&lib->state, s, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&lib->lock);
    return s == 1;
}

const char *lazy_library_error(lazy_library *lib) {
    return __atomic_load_n(&lib->state, __ATOMIC_ACQUIRE) == -1 ? lib->error : "";
}

void *lazy_library_lookup(lazy_library *lib, const char *name) {
    if (!lazy_library_load(lib)) return NULL;
    return dlsym(lib->handle, name);
}

void lazy_library_require(lazy_library *lib) {
    if (lazy_library_load(lib)) return;
    fprintf(stderr, "ingest: %s is needed here but could not be loaded (%s)\n", lib->soname, lib->error);
    abort();
}
