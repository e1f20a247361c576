#ifndef DEBRIEF_CCURL_SHIM_H
#define DEBRIEF_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: these typed
// wrappers are the only way the `Mail` module reaches them.
typedef size_t (*debrief_curl_read_callback)(char *buffer, size_t size, size_t count, void *context);
typedef int (*debrief_curl_debug_callback)(CURL *handle, curl_infotype type, char *data, size_t size, void *context);

static inline CURLcode debrief_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode debrief_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode debrief_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode debrief_curl_setopt_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode debrief_curl_setopt_read_function(CURL *handle, debrief_curl_read_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback);
}

static inline CURLcode debrief_curl_setopt_debug_function(CURL *handle, debrief_curl_debug_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, callback);
}

static inline CURLcode debrief_curl_response_code(CURL *handle, long *code) {
    return curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, code);
}

#endif
