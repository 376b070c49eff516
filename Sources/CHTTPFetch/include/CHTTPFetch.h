// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// One HTTP(S) GET into memory over libcurl, for SwiftVLC's HTTPFetch: C because
// curl_easy_setopt is variadic, which Swift cannot call.
#ifndef SWIFTVLC_CHTTPFETCH_H
#define SWIFTVLC_CHTTPFETCH_H

#include <stddef.h>

/// How a transfer ended.
typedef enum {
  SWIFTVLC_FETCH_OK = 0,        ///< a complete response (any HTTP status)
  SWIFTVLC_FETCH_FAILED,        ///< could not connect, resolve, read or verify; see the message
  SWIFTVLC_FETCH_TIMED_OUT,     ///< the whole transfer took longer than its timeout
  SWIFTVLC_FETCH_CANCELLED,     ///< swiftvlc_fetch_cancel was called
  SWIFTVLC_FETCH_TOO_LARGE,     ///< the body grew past the limit
  SWIFTVLC_FETCH_STALLED,       ///< no byte came for swiftvlc_fetch_stall_seconds
} swiftvlc_fetch_outcome;

/// How long a transfer with a timeout of `timeout_ms` may go without receiving a byte (a
/// server that accepted the connection and says nothing) before it ends as
/// SWIFTVLC_FETCH_STALLED: half the timeout, at least 15 s (a server that makes its answer
/// first, as IPTV panels make guides, sends nothing meanwhile). 0 when that is not shorter
/// than the timeout: no stall limit then.
long swiftvlc_fetch_stall_seconds(long timeout_ms);

/// One transfer: made by swiftvlc_fetch_new, run once by swiftvlc_fetch_perform, freed by
/// swiftvlc_fetch_free.
typedef struct swiftvlc_fetch swiftvlc_fetch;

/// A new transfer, or NULL when out of memory.
swiftvlc_fetch *swiftvlc_fetch_new(void);

/// Frees the transfer and its body. Not while swiftvlc_fetch_perform runs.
void swiftvlc_fetch_free(swiftvlc_fetch *fetch);

/// Makes a running or coming swiftvlc_fetch_perform stop within about 100 ms with
/// SWIFTVLC_FETCH_CANCELLED. Any thread, any time before swiftvlc_fetch_free.
void swiftvlc_fetch_cancel(swiftvlc_fetch *fetch);

/// Makes the coming swiftvlc_fetch_perform get only the body's first `limit` bytes (asked for
/// with a Range header, and cut off there when the server sends more): a body that reaches
/// the limit is SWIFTVLC_FETCH_OK, not SWIFTVLC_FETCH_TOO_LARGE. Before swiftvlc_fetch_perform.
void swiftvlc_fetch_prefix_only(swiftvlc_fetch *fetch);

/// Makes the coming swiftvlc_fetch_perform ask for the body's last `length` bytes (a suffix
/// range); a server that ignores ranges answers 200 with the body's start, cut off at the
/// limit, which the caller tells by the status. Before swiftvlc_fetch_perform.
void swiftvlc_fetch_suffix(swiftvlc_fetch *fetch, size_t length);

/// Makes the coming swiftvlc_fetch_perform ask for `length` bytes of the body from `start`
/// (a range); a server that ignores ranges answers 200 with the body's start, cut off at the
/// limit, which the caller tells by the status. Before swiftvlc_fetch_perform.
void swiftvlc_fetch_part(swiftvlc_fetch *fetch, unsigned long long start, size_t length);

/// The whole body's length a 206 answer's Content-Range names, or -1.
long long swiftvlc_fetch_total_length(const swiftvlc_fetch *fetch);

/// GETs `url` (http or https only, also after redirects, which are followed up to 10 times),
/// blocking the calling thread for at most `timeout_ms` (connecting included). `user_agent`
/// may be NULL. The body is kept up to `limit` bytes; more ends the transfer with
/// SWIFTVLC_FETCH_TOO_LARGE. Compressed bodies are decoded. Call once per transfer.
swiftvlc_fetch_outcome swiftvlc_fetch_perform(
  swiftvlc_fetch *fetch, const char *url, const char *user_agent, long timeout_ms, size_t limit);

/// The last response's HTTP status (0 when none arrived).
long swiftvlc_fetch_status(const swiftvlc_fetch *fetch);

/// The body received, and its length. Owned by the transfer.
const unsigned char *swiftvlc_fetch_body(const swiftvlc_fetch *fetch);
size_t swiftvlc_fetch_body_length(const swiftvlc_fetch *fetch);

/// libcurl's words for a SWIFTVLC_FETCH_FAILED transfer ("Could not resolve host: x"), or "".
const char *swiftvlc_fetch_message(const swiftvlc_fetch *fetch);

#endif
