// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// libjpeg's header needs FILE and size_t declared before it.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
