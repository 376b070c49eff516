// libavformat and libavcodec, found with pkg-config (libavformat.pc), for the CRemux target.
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
