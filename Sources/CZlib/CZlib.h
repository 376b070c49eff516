// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#ifndef CZLIB_H
#define CZLIB_H
#include <zlib.h>
#endif
