// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#include "CVLCReference.h"

int main(int argc, char **argv) { return cvr_main(argc, argv); }
