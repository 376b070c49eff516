// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CSwiftVLCShim
import FoundationEssentials
import Glibc
import SwiftVLCCommandLine

// glibc gives each thread that allocates an arena of its own (up to 8 per core) and keeps
// what is freed in it: a decoded probe of 200 files, libVLC's decoder threads coming and
// going, peaked at 195-243 MB, and at 110 MB with 4 arenas, as fast (Benchmarks/README).
// The process is the tool's own; MALLOC_ARENA_MAX, when set, is the user's choice.
if getenv("MALLOC_ARENA_MAX") == nil { _ = swiftvlc_limit_heap_arenas(4) }

let status = await Tool.run(Array(CommandLine.arguments.dropFirst()))
// libVLC threads may still be closing a source (see PlayCommand.stopPlayback): leave without
// running exit handlers and static destructors under them. Flush stdio first.
fflush(nil)
_exit(status.rawValue)
