// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Reads a guide from its bytes as they arrive: sniffs gzip, inflates, scans and builds,
/// counting the XML bytes against a limit. One chunk at a time; nothing but the chunk being
/// scanned and the programmes read so far is held.
struct GuideReader {
  /// The size of the chunks files and downloads are fed in: 1 MiB.
  static let chunkSize = 1 << 20

  private let maximumSize: Int
  private var scanner = XMLTVScanner()
  private var builder = GuideBuilder()
  private var inflater: GzipInflater?
  private var sawBytes = false
  private var xmlBytes = 0

  init(maximumSize: Int) {
    self.maximumSize = maximumSize
  }

  /// Reads the next bytes of the guide.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` as soon as the bytes cannot be a guide, are
  ///   corrupt gzip, or pass the size limit.
  mutating func consume(_ chunk: UnsafeRawBufferPointer) throws(VLCError) {
    guard !chunk.isEmpty else { return }
    if !sawBytes {
      sawBytes = true
      if chunk.count >= 2, chunk[0] == 0x1F, chunk[1] == 0x8B {
        inflater = try GzipInflater()
      } else if chunk.count >= 2,
        (chunk[0], chunk[1]) == (0xFF, 0xFE) || (chunk[0], chunk[1]) == (0xFE, 0xFF)
      {
        throw .invalidInput("not a guide SwiftVLC reads: UTF-16 text (XMLTV guides are UTF-8)")
      }
    }
    if let inflater {
      try inflater.inflate(chunk) { xml throws(VLCError) in try scan(xml) }
    } else {
      try scan(chunk)
    }
  }

  /// The guide read, once every byte has been consumed.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` when there were no bytes or no `<tv>` element.
  mutating func finish() throws(VLCError) -> ProgrammeGuide {
    guard sawBytes else { throw .invalidInput("not an XMLTV guide: no bytes") }
    if let inflater, !inflater.isFinished { builder.brokeOff() }
    scanner.finish(into: &builder)
    return try builder.guide()
  }

  private mutating func scan(_ xml: UnsafeRawBufferPointer) throws(VLCError) {
    xmlBytes += xml.count
    guard xmlBytes <= maximumSize else {
      throw .invalidInput(
        "the guide holds more than \(maximumSize) bytes of XML (the limit; a gzip bomb?)")
    }
    try scanner.feed(xml, into: &builder)
    if let failure = builder.failure { throw failure }
  }
}
