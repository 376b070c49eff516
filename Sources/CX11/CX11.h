// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#ifndef CX11_H
#define CX11_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#endif
