// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#ifndef CPNG_H
#define CPNG_H
#include <png.h>
#endif
