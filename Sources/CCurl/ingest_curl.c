// The one place that touches libcurl: symbols resolved with dlsym once, under pthread_once.
#include "ingest_curl.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct {
    CURLcode (*global_init)(long);
    curl_version_info_data *(*version_info)(CURLversion);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *load_error = "libcurl was not loaded";
static char load_message[512];
static const char *version = "";

static void *resolve(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (!symbol && !load_message[0]) {
        snprintf(load_message, sizeof load_message, "libcurl has no symbol %s", name);
    }
    return symbol;
}

void *ingest_curl_open(const char *const *names, size_t count, char *message, size_t size) {
    if (size) message[0] = 0;
    for (size_t i = 0; i < count; i++) {
        void *library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (library) return library;
        // The first candidate's reason is the telling one (the usual soname).
        if (size && !message[0]) {
            const char *e = dlerror();
            snprintf(message, size, "%s", e ? e : names[i]);
        }
    }
    return NULL;
}

static void load(void) {
    // Debian 12: libcurl4 (OpenSSL) ships libcurl.so.4, libcurl3-gnutls libcurl-gnutls.so.4.
    static const char *const names[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};
    void *library = ingest_curl_open(names, 2, load_message, sizeof load_message);
    if (!library) { load_error = load_message; return; }
    load_message[0] = 0;
    *(void **)&api.global_init = resolve(library, "curl_global_init");
    *(void **)&api.version_info = resolve(library, "curl_version_info");
    *(void **)&api.easy_init = resolve(library, "curl_easy_init");
    *(void **)&api.easy_cleanup = resolve(library, "curl_easy_cleanup");
    *(void **)&api.easy_perform = resolve(library, "curl_easy_perform");
    *(void **)&api.easy_strerror = resolve(library, "curl_easy_strerror");
    *(void **)&api.easy_setopt = resolve(library, "curl_easy_setopt");
    *(void **)&api.easy_getinfo = resolve(library, "curl_easy_getinfo");
    *(void **)&api.slist_append = resolve(library, "curl_slist_append");
    *(void **)&api.slist_free_all = resolve(library, "curl_slist_free_all");
    if (load_message[0]) { load_error = load_message; return; }
    // Not thread-safe in libcurl before 7.84: pthread_once makes it run once, before any handle.
    CURLcode code = api.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_message, sizeof load_message, "curl_global_init failed (%d)", (int)code);
        load_error = load_message;
        return;
    }
    curl_version_info_data *info = api.version_info(CURLVERSION_NOW);
    if (info && info->version) version = info->version;
    load_error = NULL;
}

const char *ingest_curl_load(void) {
    pthread_once(&once, load);
    return load_error;
}

const char *ingest_curl_version(void) { return version; }

// Below: only called after ingest_curl_load() returned NULL (the Swift side guarantees it).
CURL *ingest_curl_easy_init(void) { return api.easy_init(); }
void ingest_curl_easy_cleanup(CURL *handle) { api.easy_cleanup(handle); }
CURLcode ingest_curl_easy_perform(CURL *handle) { return api.easy_perform(handle); }
const char *ingest_curl_easy_strerror(CURLcode code) { return api.easy_strerror(code); }

CURLcode ingest_curl_setopt_long(CURL *handle, CURLoption option, long value) { return api.easy_setopt(handle, option, value); }
CURLcode ingest_curl_setopt_ptr(CURL *handle, CURLoption option, void *value) { return api.easy_setopt(handle, option, value); }
CURLcode ingest_curl_setopt_str(CURL *handle, CURLoption option, const char *value) { return api.easy_setopt(handle, option, value); }
CURLcode ingest_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) { return api.easy_setopt(handle, option, value); }
CURLcode ingest_curl_setopt_callback(CURL *handle, CURLoption option, ingest_curl_data_callback callback) {
    return api.easy_setopt(handle, option, callback);
}

CURLcode ingest_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) { return api.easy_getinfo(handle, info, value); }
CURLcode ingest_curl_getinfo_str(CURL *handle, CURLINFO info, const char **value) { return api.easy_getinfo(handle, info, value); }

struct curl_slist *ingest_curl_slist_append(struct curl_slist *list, const char *line) { return api.slist_append(list, line); }
void ingest_curl_slist_free_all(struct curl_slist *list) { api.slist_free_all(list); }
