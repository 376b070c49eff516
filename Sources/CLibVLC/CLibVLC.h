// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#ifndef CLIBVLC_H
#define CLIBVLC_H
#include <vlc/vlc.h>
#endif
