#ifndef CLIBVLC_H
#define CLIBVLC_H
#include <vlc/vlc.h>
#endif
