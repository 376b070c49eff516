#ifndef CPNG_H
#define CPNG_H
#include <png.h>
#endif
