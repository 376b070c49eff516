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
// Written two ways: results through stdio (print), event lines unbuffered (Console.line).
let lost = swiftvlc_stdout_lost() != 0 || Console.outputError.load(ordering: .relaxed) != 0
let failure = Console.outputError.load(ordering: .relaxed)
let reason = String(cString: strerror(failure != 0 ? failure : errno))
fflush(nil)
// Output that could not be written (stdout on a full disk) is a failure, not exit status 0.
if lost && status == .success {
  let line = "swiftvlc: cannot write the output to standard output: \(reason)\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
  _exit(ExitCode.mediaError.rawValue)
}
_exit(status.rawValue)
