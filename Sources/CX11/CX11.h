#ifndef CX11_H
#define CX11_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#endif
