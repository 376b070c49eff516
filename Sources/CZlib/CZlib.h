#ifndef CZLIB_H
#define CZLIB_H
#include <zlib.h>
#endif
