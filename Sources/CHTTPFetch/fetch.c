// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#include "CHTTPFetch.h"

#include <CLibraryLoader.h>
#include <curl/curl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct swiftvlc_fetch {
  atomic_bool cancelled;
  unsigned char *body;
  size_t length;
  size_t capacity;
  size_t limit;
  int prefix_only;
  char range[48];
  long long total;
  int too_large;
  long status;
  char message[CURL_ERROR_SIZE];
};

// libcurl is loaded at the first transfer, not linked (CLibraryLoader.h says why): each
// function below is called through its pointer in this table, under libcurl's own name.
#define CURL_FUNCTIONS(X)                                                                 \
  X(curl_easy_cleanup) X(curl_easy_getinfo) X(curl_easy_header) X(curl_easy_init)          \
  X(curl_easy_setopt) X(curl_easy_strerror) X(curl_global_init) X(curl_multi_add_handle)   \
  X(curl_multi_cleanup) X(curl_multi_info_read) X(curl_multi_init) X(curl_multi_perform)   \
  X(curl_multi_poll) X(curl_multi_remove_handle)

static struct {
#define CURL_POINTER(name) __typeof__(name) *p_##name;
  CURL_FUNCTIONS(CURL_POINTER)
#undef CURL_POINTER
} libcurl;

// curl.h makes these two macros that check each option's type (typecheck-gcc.h); they would
// call the functions by name.
#undef curl_easy_getinfo
#undef curl_easy_setopt
#define curl_easy_cleanup libcurl.p_curl_easy_cleanup
#define curl_easy_getinfo libcurl.p_curl_easy_getinfo
#define curl_easy_header libcurl.p_curl_easy_header
#define curl_easy_init libcurl.p_curl_easy_init
#define curl_easy_setopt libcurl.p_curl_easy_setopt
#define curl_easy_strerror libcurl.p_curl_easy_strerror
#define curl_global_init libcurl.p_curl_global_init
#define curl_multi_add_handle libcurl.p_curl_multi_add_handle
#define curl_multi_cleanup libcurl.p_curl_multi_cleanup
#define curl_multi_info_read libcurl.p_curl_multi_info_read
#define curl_multi_init libcurl.p_curl_multi_init
#define curl_multi_perform libcurl.p_curl_multi_perform
#define curl_multi_poll libcurl.p_curl_multi_poll
#define curl_multi_remove_handle libcurl.p_curl_multi_remove_handle

static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static int global_loaded;
static CURLcode global_result = CURLE_FAILED_INIT;
static char global_error[256];

// Loads libcurl (the soname of the ABI the headers describe, libcurl.so.4 since 2006) and
// calls curl_global_init, which is not thread-safe before 7.84: once per process, before any
// transfer.
static void global_init(void) {
#define CURL_SYMBOL(name) {#name, (void **)&libcurl.p_##name},
  static const svlc_library_symbol symbols[] = {CURL_FUNCTIONS(CURL_SYMBOL)};
#undef CURL_SYMBOL
  static const char *const sonames[] = {"libcurl.so.4"};
  global_loaded = svlc_library_load(sonames, 1, symbols, sizeof symbols / sizeof *symbols,
                                    global_error, sizeof global_error) == 0;
  if (global_loaded) global_result = curl_global_init(CURL_GLOBAL_DEFAULT);
}

swiftvlc_fetch *swiftvlc_fetch_new(void) {
  swiftvlc_fetch *fetch = calloc(1, sizeof *fetch);
  if (fetch) atomic_init(&fetch->cancelled, 0);
  return fetch;
}

void swiftvlc_fetch_free(swiftvlc_fetch *fetch) {
  if (!fetch) return;
  free(fetch->body);
  free(fetch);
}

void swiftvlc_fetch_cancel(swiftvlc_fetch *fetch) { atomic_store(&fetch->cancelled, 1); }

void swiftvlc_fetch_prefix_only(swiftvlc_fetch *fetch) { fetch->prefix_only = 1; }

void swiftvlc_fetch_suffix(swiftvlc_fetch *fetch, size_t length) {
  fetch->prefix_only = 1;
  snprintf(fetch->range, sizeof fetch->range, "-%zu", length);
}

void swiftvlc_fetch_part(swiftvlc_fetch *fetch, unsigned long long start, size_t length) {
  fetch->prefix_only = 1;
  snprintf(fetch->range, sizeof fetch->range, "%llu-%llu", start,
           start + (unsigned long long)(length ? length - 1 : 0));
}

long long swiftvlc_fetch_total_length(const swiftvlc_fetch *fetch) { return fetch->total; }

static size_t write_body(char *data, size_t size, size_t count, void *context) {
  swiftvlc_fetch *fetch = context;
  size_t bytes = size * count;
  if (bytes > fetch->limit - fetch->length) {
    fetch->too_large = 1;
    if (!fetch->prefix_only) return 0;  // CURLE_WRITE_ERROR ends the transfer
    bytes = fetch->limit - fetch->length;  // keep the prefix, then end the transfer
  }
  if (fetch->length + bytes > fetch->capacity) {
    size_t capacity = fetch->capacity ? fetch->capacity : 16384;
    while (capacity < fetch->length + bytes) capacity *= 2;
    if (capacity > fetch->limit) capacity = fetch->limit;
    unsigned char *body = realloc(fetch->body, capacity);
    if (!body) return 0;
    fetch->body = body;
    fetch->capacity = capacity;
  }
  if (bytes) memcpy(fetch->body + fetch->length, data, bytes);
  fetch->length += bytes;
  return fetch->too_large ? 0 : bytes;
}

long swiftvlc_fetch_stall_seconds(long timeout_ms) {
  long stall = timeout_ms / 2000;
  if (stall < 15) stall = 15;
  return stall * 1000 < timeout_ms ? stall : 0;
}

swiftvlc_fetch_outcome swiftvlc_fetch_perform(
  swiftvlc_fetch *fetch, const char *url, const char *user_agent, long timeout_ms, size_t limit) {
  pthread_once(&global_once, global_init);
  if (!global_loaded) {
    snprintf(fetch->message, sizeof fetch->message, "%s", global_error);
    return SWIFTVLC_FETCH_FAILED;
  }
  if (global_result != CURLE_OK) {
    snprintf(fetch->message, sizeof fetch->message, "libcurl: %s",
             curl_easy_strerror(global_result));
    return SWIFTVLC_FETCH_FAILED;
  }
  CURL *curl = curl_easy_init();
  if (!curl) {
    snprintf(fetch->message, sizeof fetch->message, "libcurl could not start a transfer");
    return SWIFTVLC_FETCH_FAILED;
  }
  fetch->limit = limit;
  curl_easy_setopt(curl, CURLOPT_URL, url);
  // Never another protocol, even through a redirect (file://, ftp://): a libcurl older than
  // 7.85 does not know these options, and is refused rather than left unlimited.
  if (curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK ||
      curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") != CURLE_OK) {
    snprintf(fetch->message, sizeof fetch->message,
             "this libcurl cannot limit a transfer to http and https (7.85 or later can)");
    curl_easy_cleanup(curl);
    return SWIFTVLC_FETCH_FAILED;
  }
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 10L);
  curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
  // Below 1 byte/s for the stall limit: libcurl ends it as timed out, before the timeout.
  long stall = swiftvlc_fetch_stall_seconds(timeout_ms);
  if (stall > 0) {
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, stall);
  }
  if (user_agent) curl_easy_setopt(curl, CURLOPT_USERAGENT, user_agent);
  if (fetch->prefix_only && !fetch->range[0] && limit > 0)
    snprintf(fetch->range, sizeof fetch->range, "0-%zu", limit - 1);
  // Servers that honour ranges send only the range; the others are cut off after `limit`.
  if (fetch->range[0]) curl_easy_setopt(curl, CURLOPT_RANGE, fetch->range);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, fetch);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, fetch->message);
  fetch->message[0] = 0;

  // Through a multi handle, to look at the cancel flag every 100 ms whatever the network does.
  CURLcode result = CURLE_FAILED_INIT;
  CURLM *multi = curl_multi_init();
  if (multi && curl_multi_add_handle(multi, curl) == CURLM_OK) {
    int running = 1;
    while (running && !atomic_load(&fetch->cancelled)) {
      if (curl_multi_perform(multi, &running) != CURLM_OK) break;
      if (running && curl_multi_poll(multi, NULL, 0, 100, NULL) != CURLM_OK) break;
    }
    int left;
    for (CURLMsg *message; (message = curl_multi_info_read(multi, &left));)
      if (message->msg == CURLMSG_DONE) result = message->data.result;
    curl_multi_remove_handle(multi, curl);
  }
  if (multi) curl_multi_cleanup(multi);
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &fetch->status);
  curl_off_t elapsed_us = 0;
  curl_easy_getinfo(curl, CURLINFO_TOTAL_TIME_T, &elapsed_us);
  // "Content-Range: bytes FIRST-LAST/TOTAL" of a 206 answer names the whole body's length.
  struct curl_header *header = NULL;
  fetch->total = -1;
  if (fetch->status == 206 &&
      curl_easy_header(curl, "Content-Range", 0, CURLH_HEADER, -1, &header) == CURLHE_OK) {
    const char *slash = strchr(header->value, '/');
    if (slash && slash[1] >= '0' && slash[1] <= '9') fetch->total = strtoll(slash + 1, NULL, 10);
  }
  curl_easy_cleanup(curl);
  if (result == CURLE_OK) return SWIFTVLC_FETCH_OK;
  if (atomic_load(&fetch->cancelled)) return SWIFTVLC_FETCH_CANCELLED;
  if (fetch->too_large && fetch->prefix_only) return SWIFTVLC_FETCH_OK;
  if (fetch->too_large) return SWIFTVLC_FETCH_TOO_LARGE;
  if (result == CURLE_OPERATION_TIMEDOUT)
    return elapsed_us / 1000 < timeout_ms ? SWIFTVLC_FETCH_STALLED : SWIFTVLC_FETCH_TIMED_OUT;
  if (!fetch->message[0])
    snprintf(fetch->message, sizeof fetch->message, "%s", curl_easy_strerror(result));
  return SWIFTVLC_FETCH_FAILED;
}

long swiftvlc_fetch_status(const swiftvlc_fetch *fetch) { return fetch->status; }

const unsigned char *swiftvlc_fetch_body(const swiftvlc_fetch *fetch) { return fetch->body; }

size_t swiftvlc_fetch_body_length(const swiftvlc_fetch *fetch) { return fetch->length; }

const char *swiftvlc_fetch_message(const swiftvlc_fetch *fetch) { return fetch->message; }
