// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#include <ft2build.h>
#include FT_FREETYPE_H

// FT_LOAD_RENDER is a macro Swift does not import.
static const FT_Int32 cfreetype_load_render = FT_LOAD_RENDER;
