// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// libcurl's headers, for CHTTPFetch (Debian's libcurl4-openssl-dev), which loads libcurl at
// first use: nothing links it.
#ifndef SWIFTVLC_CCURL_H
#define SWIFTVLC_CCURL_H
#include <curl/curl.h>
#endif
