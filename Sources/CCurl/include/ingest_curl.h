// libcurl's easy API, resolved with dlopen on first use instead of linked: a process that never
// touches the network (most runs) does not map libcurl and its TLS, Kerberos, LDAP… dependencies.
// The header only borrows curl.h's types and constants; no curl symbol is referenced.
// curl_easy_setopt and curl_easy_getinfo are variadic: Swift calls the typed wrappers below.
#ifndef INGEST_CURL_H
#define INGEST_CURL_H

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <stddef.h>

/// Loads libcurl (libcurl.so.4, else libcurl-gnutls.so.4) and runs curl_global_init, once per
/// process. NULL on success, else a static message naming what is missing.
const char *ingest_curl_load(void);

/// dlopen of the first of `names` that loads (the loader's own step, apart for tests); NULL with
/// the first failure's reason in `message` when none does.
int ingest_curl_open(const char *soname, const char *alternate, char *message, size_t size);

/// The loaded library's version ("7.88.1"), "" before a successful load.
const char *ingest_curl_version(void);

CURL *ingest_curl_easy_init(void);
void ingest_curl_easy_cleanup(CURL *handle);
CURLcode ingest_curl_easy_perform(CURL *handle);
const char *ingest_curl_easy_strerror(CURLcode code);

CURLcode ingest_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ingest_curl_setopt_ptr(CURL *handle, CURLoption option, void *value);
CURLcode ingest_curl_setopt_str(CURL *handle, CURLoption option, const char *value);
CURLcode ingest_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);

/// The write and header callbacks' shape (CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION).
typedef size_t (*ingest_curl_data_callback)(char *data, size_t size, size_t count, void *context);
CURLcode ingest_curl_setopt_callback(CURL *handle, CURLoption option, ingest_curl_data_callback callback);

CURLcode ingest_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ingest_curl_getinfo_str(CURL *handle, CURLINFO info, const char **value);

struct curl_slist *ingest_curl_slist_append(struct curl_slist *list, const char *line);
void ingest_curl_slist_free_all(struct curl_slist *list);

#endif
