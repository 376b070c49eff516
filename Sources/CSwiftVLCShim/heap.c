// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#include "CSwiftVLCShim.h"

#include <malloc.h>
#include <stdio.h>

void swiftvlc_trim_heap(void) { malloc_trim(0); }

int swiftvlc_limit_heap_arenas(int count) { return mallopt(M_ARENA_MAX, count); }

int swiftvlc_stdout_lost(void) { return fflush(stdout) != 0 || ferror(stdout) != 0; }
