// libcurl, for CHTTPFetch (pkg-config "libcurl", Debian's libcurl4-openssl-dev).
#ifndef SWIFTVLC_CCURL_H
#define SWIFTVLC_CCURL_H
#include <curl/curl.h>
#endif
