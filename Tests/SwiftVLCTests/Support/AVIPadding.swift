// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// Writes a copy of `fixture` (an AVI without an index) into `directory`, with `count` empty
/// JUNK chunks (8 bytes each) at the start of its `movi` list, before the frames. libVLC then
/// takes a while to rebuild the index, shows its progress dialog for files over 10 MB, and
/// indexes no frame when that dialog is cancelled early.
///
/// Runs off the caller's actor: 5 million chunks are 40 MB built and written, long enough to
/// hold up every other test on the main actor (a 3 s clip played out meanwhile).
@concurrent
func paddedAVI(
  _ fixture: Fixture, junkChunks count: Int, in directory: ScratchDirectory
) async throws -> URL {
  var bytes = try Data(contentsOf: fixture.url)
  guard let movi = bytes.range(of: Data("movi".utf8)), movi.lowerBound >= 8 else {
    throw PaddingError(reason: "\(fixture.rawValue) has no movi list")
  }
  var junk = Data("JUNK".utf8) + Data(count: 4)  // an empty chunk; doubled up to `count`
  while junk.count < 8 * count { junk.append(junk.prefix(8 * count - junk.count)) }
  bytes.insert(contentsOf: junk, at: movi.upperBound)
  try addToSize(&bytes, at: movi.lowerBound - 4, junk.count)  // the movi LIST
  try addToSize(&bytes, at: 4, junk.count)  // the RIFF
  let url = directory.url.appendingPathComponent("padded-\(fixture.rawValue)")
  try bytes.write(to: url)
  return url
}

struct PaddingError: Error { var reason: String }

/// Adds `amount` to the little-endian 32-bit size at `offset`.
private func addToSize(_ bytes: inout Data, at offset: Int, _ amount: Int) throws {
  let old = (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
  let new = old + amount
  guard new <= Int(UInt32.max) else { throw PaddingError(reason: "the AVI would exceed 4 GB") }
  for index in 0..<4 { bytes[offset + index] = UInt8((new >> (8 * index)) & 0xFF) }
}
