// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import SwiftVLCCommandLine

/// `FILE COLUMNS ROWS fast|precise OUTPUT`: a contact sheet made the way `swiftvlc thumbnail
/// --sheet` makes it (`ContactSheet.make`, on an instance with the tool's arguments), without
/// the tool's process start and PNG encoding; the sheet is written as raw RGBA after the clock
/// stopped. Prints the seconds, the sheet's size and the times of its cells.
@MainActor
func sheetChild(_ arguments: [String]) async throws -> [String: Any] {
  let (columns, rows) = (Int(arguments[1]) ?? 4, Int(arguments[2]) ?? 3)
  let instance = try VLCInstance(
    arguments: VLCInstance.headlessArguments + ["--no-drop-late-frames", "--no-skip-frames"])
  let start = ContinuousClock.now
  let media = try Media(path: arguments[0], instance: instance)
  let sheet = try await ContactSheet.make(
    columns: columns, rows: rows, of: media, width: nil,
    mode: arguments[3] == "precise" ? .precise : .fast, network: false, timeout: .seconds(10),
    progress: { _ in })
  let elapsed = ContinuousClock.now - start
  try Data(sheet.picture.rgba).write(to: URL(fileURLWithPath: arguments[4]))
  // The parse is cached by the media: these are the times the sheet used.
  let duration = try await media.parse().duration ?? .zero
  let times = ContactSheet.times(count: columns * rows, over: duration).map(\.seconds)
  return [
    "seconds": elapsed.seconds, "width": sheet.picture.width, "height": sheet.picture.height,
    "times": times,
    "duration": duration.seconds,
  ]
}
