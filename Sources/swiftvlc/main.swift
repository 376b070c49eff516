// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import SwiftVLCCommandLine

let status = await Tool.run(Array(CommandLine.arguments.dropFirst()))
// libVLC threads may still be closing a source (see PlayCommand.stopPlayback): leave without
// running exit handlers and static destructors under them. Flush stdio first.
fflush(nil)
_exit(status.rawValue)
