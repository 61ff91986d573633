// libcurl, as `typeahead images fetch` uses it; only TypeaheadImages imports this module.
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: these inline
// wrappers take one type of value each.
#include <curl/curl.h>

typedef size_t (*typeahead_curl_write)(char *data, size_t size, size_t count, void *context);

static inline CURLcode typeahead_curl_long(CURL *handle, CURLoption option, long value)
{
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode typeahead_curl_string(CURL *handle, CURLoption option, const char *value)
{
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode typeahead_curl_pointer(CURL *handle, CURLoption option, void *value)
{
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode typeahead_curl_offset(CURL *handle, CURLoption option, curl_off_t value)
{
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode typeahead_curl_write_function(CURL *handle, typeahead_curl_write function)
{
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}

static inline CURLcode typeahead_curl_header_function(CURL *handle, typeahead_curl_write function)
{
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, function);
}

static inline CURLcode typeahead_curl_info_long(CURL *handle, CURLINFO info, long *value)
{
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode typeahead_curl_info_string(CURL *handle, CURLINFO info, char **value)
{
    return curl_easy_getinfo(handle, info, value);
}

