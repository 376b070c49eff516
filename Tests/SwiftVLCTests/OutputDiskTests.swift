// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

/// The tool's outputs on a real full disk: a tmpfs of a few MiB, filled up.
@Suite(
  "Outputs on a full disk", .mostlyWaits,
  .enabled(if: SmallDisk.isAvailable, "this process may not mount a tmpfs"))
struct OutputDiskTests {
  @Test(
    "thumbnail and record on a full disk name the file, keep what was there, leave nothing else"
  )
  func fullDisk() async throws {
    let disk = try SmallDisk(megabytes: 2)
    defer { disk.remove() }
    let old = Data("what was there".utf8)
    for (command, name, extra) in [
      ("thumbnail", "t.png", ["--at", "1", "--width", "640"]),
      ("thumbnail", "t.jpg", ["--at", "1", "--width", "640"]),
      ("record", "r.mkv", []),
    ] {
      let path = disk.path + "/" + name
      try old.write(to: URL(fileURLWithPath: path))
      try disk.fill()
      let result = try await runTool(
        [command, Fixture.seekMP4.path, "-o", path] + extra, within: .seconds(60))
      #expect(result.status == 1, "\(command): \(result.stderr)")
      // Thumbnails truncated the file and left 8 KiB of a picture; a recording named its
      // hidden partial file, and said "cannot write" twice.
      #expect(
        result.stderr.contains("cannot write \(path): ")
          && result.stderr.hasSuffix(": No space left on device\n")
          && !result.stderr.contains(".part") && !result.stderr.contains("write: cannot write"),
        "\(command): \(result.stderr)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == old, "\(command)")
      let left = try FileManager.default.contentsOfDirectory(atPath: disk.path)
      #expect(!left.contains { $0.hasSuffix(".part") }, "\(command): \(left)")
      for filler in left where filler.hasPrefix("filler-") {
        try FileManager.default.removeItem(atPath: disk.path + "/" + filler)
      }
    }
  }
}
