// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// A synthetic XMLTV guide written by `scripts/make-guide.py` into a scratch directory:
/// channel N has id "chN.example" and programmes back to back from 2026-12-01 00:00 UTC,
/// lasting 30, 60 or 90 minutes in turn.
struct GeneratedGuide {
  /// The guide's file.
  let url: URL
  /// How many programmes it holds.
  let programmes: Int
  /// How many bytes of XML it holds (before gzip).
  let bytes: Int
  /// The first programme's start.
  static let start = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01T00:00:00Z

  /// Writes a guide of `channels` channels over `days` days; gzipped when `gzip`.
  init(channels: Int, days: Int, gzip: Bool = false, in scratch: ScratchDirectory) async throws {
    url = scratch.url.appendingPathComponent("guide-\(channels)x\(days).xml\(gzip ? ".gz" : "")")
    let output = try await runProgram(
      python3,
      python3Options + [
        Self.script.path, "--channels", "\(channels)", "--days", "\(days)", url.path,
      ], within: .seconds(60))
    let lines = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n")
    func number(_ key: String) -> Int? {
      lines.first { $0.hasPrefix(key + " ") }.flatMap { Int($0.dropFirst(key.count + 1)) }
    }
    guard output.status == 0, let programmes = number("PROGRAMMES"), let bytes = number("BYTES")
    else { throw ScriptFailed(description: "make-guide.py: \(output.stderr)") }
    self.programmes = programmes
    self.bytes = bytes
  }

  private static var script: URL {
    var repository = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { repository.deleteLastPathComponent() }
    return repository.appendingPathComponent("scripts/make-guide.py")
  }
}

/// `data` compressed with the gzip program, as one member.
func gzipped(_ data: Data, in scratch: ScratchDirectory) async throws -> Data {
  let path = scratch.path("plain-\(UUID().uuidString)")
  try data.write(to: URL(fileURLWithPath: path))
  let output = try await runProgram("gzip", ["-c", "-n", path])
  guard output.status == 0 else { throw ScriptFailed(description: "gzip: \(output.stderr)") }
  return output.stdout
}

/// A helper program that failed.
struct ScriptFailed: Error, CustomStringConvertible {
  var description: String
}
