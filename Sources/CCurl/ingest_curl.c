// The one place that touches libcurl: opened by the shared lazy loader on first use, then
// curl_global_init once, under pthread_once.
#include "ingest_curl.h"
#include "lazy_library.h"
#include <pthread.h>
#include <stdio.h>

// The symbols, resolved by the shared lazy loader (CLazyLoad) on first use.
#define CURL_SYMBOLS(X) \
    X(global_init, curl_global_init) X(version_info, curl_version_info) X(easy_init, curl_easy_init) \
    X(easy_cleanup, curl_easy_cleanup) X(easy_perform, curl_easy_perform) X(easy_strerror, curl_easy_strerror) \
    X(easy_setopt, curl_easy_setopt) X(easy_getinfo, curl_easy_getinfo) X(slist_append, curl_slist_append) \
    X(slist_free_all, curl_slist_free_all)
#define CURL_SLOT(field, name) CURL_SLOT_##field,
#define CURL_NAME(field, name) #name,
enum { CURL_SYMBOLS(CURL_SLOT) CURL_COUNT };
static const char *const curl_names[] = {CURL_SYMBOLS(CURL_NAME)};
static void *curl_slots[CURL_COUNT];
// Debian 12: libcurl4 (OpenSSL) ships libcurl.so.4, libcurl3-gnutls libcurl-gnutls.so.4.
static lazy_library curl = LAZY_LIBRARY_INIT2("libcurl.so.4", "libcurl-gnutls.so.4", curl_names, curl_slots);
#define API(field) ((__typeof__(&curl_##field))curl_slots[CURL_SLOT_##field])

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *load_error = "libcurl was not loaded";
static char load_message[512];
static const char *version = "";

static void load(void) {
    if (!lazy_library_load(&curl)) {
        snprintf(load_message, sizeof load_message, "%s", lazy_library_error(&curl));
        load_error = load_message;
        return;
    }
    // Not thread-safe in libcurl before 7.84: pthread_once makes it run once, before any handle.
    CURLcode code = API(global_init)(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_message, sizeof load_message, "curl_global_init failed (%d)", (int)code);
        load_error = load_message;
        return;
    }
    curl_version_info_data *info = API(version_info)(CURLVERSION_NOW);
    if (info && info->version) version = info->version;
    load_error = NULL;
}

const char *ingest_curl_load(void) {
    pthread_once(&once, load);
    return load_error;
}

int ingest_curl_open(const char *soname, const char *alternate, char *message, size_t size) {
    // The loader's own open step on other names (tests): no symbols, nothing kept.
    static const char *const none[] = {NULL};
    static void *no_slots[1];
    lazy_library probe = LAZY_LIBRARY_INIT2(soname, alternate, none, no_slots);
    probe.count = 0;
    int ok = lazy_library_load(&probe);
    if (size) snprintf(message, size, "%s", ok ? "" : lazy_library_error(&probe));
    return ok;
}

const char *ingest_curl_version(void) { return version; }

// Below: only called after ingest_curl_load() returned NULL (the Swift side guarantees it).
CURL *ingest_curl_easy_init(void) { return API(easy_init)(); }
void ingest_curl_easy_cleanup(CURL *handle) { API(easy_cleanup)(handle); }
CURLcode ingest_curl_easy_perform(CURL *handle) { return API(easy_perform)(handle); }
const char *ingest_curl_easy_strerror(CURLcode code) { return API(easy_strerror)(code); }

CURLcode ingest_curl_setopt_long(CURL *handle, CURLoption option, long value) { return API(easy_setopt)(handle, option, value); }
CURLcode ingest_curl_setopt_ptr(CURL *handle, CURLoption option, void *value) { return API(easy_setopt)(handle, option, value); }
CURLcode ingest_curl_setopt_str(CURL *handle, CURLoption option, const char *value) { return API(easy_setopt)(handle, option, value); }
CURLcode ingest_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) { return API(easy_setopt)(handle, option, value); }
CURLcode ingest_curl_setopt_callback(CURL *handle, CURLoption option, ingest_curl_data_callback callback) {
    return API(easy_setopt)(handle, option, callback);
}

CURLcode ingest_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) { return API(easy_getinfo)(handle, info, value); }
CURLcode ingest_curl_getinfo_str(CURL *handle, CURLINFO info, const char **value) { return API(easy_getinfo)(handle, info, value); }

struct curl_slist *ingest_curl_slist_append(struct curl_slist *list, const char *line) { return API(slist_append)(list, line); }
void ingest_curl_slist_free_all(struct curl_slist *list) { API(slist_free_all)(list); }
