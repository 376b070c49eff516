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
// Output that could not be written (stdout on a full disk) is a failure, not exit status 0.
// It is written two ways: results through stdio (print), event lines unbuffered (Console.line).
let unbuffered = Console.outputError.load(ordering: .relaxed)
let lost = swiftvlc_stdout_lost() != 0 || unbuffered != 0
if lost && status == .success {
  Console.error(
    "cannot write the output to standard output: "
      + String(cString: strerror(unbuffered != 0 ? unbuffered : errno)))
}
// libVLC threads may still be closing a source (see PlayCommand.stopPlayback): leave without
// running exit handlers and static destructors under them. Flush stdio first.
fflush(nil)
_exit(lost && status == .success ? ExitCode.mediaError.rawValue : status.rawValue)
