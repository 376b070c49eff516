// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// libcurl, for CHTTPFetch (pkg-config "libcurl", Debian's libcurl4-openssl-dev).
#ifndef SWIFTVLC_CCURL_H
#define SWIFTVLC_CCURL_H
#include <curl/curl.h>
#endif
