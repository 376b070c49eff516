// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// One program (DVB service) of an MPEG transport stream: its number, its name and provider
/// from the Service Description Table when the stream has one, and its elementary streams.
///
/// libVLC 3 has no program listing, so the tables are read by SwiftVLC itself from the start of
/// the stream (``programs(in:)``, ``programs(inFile:readingAtMost:)``). To play one program,
/// open the media with ``Media/selectProgram(_:)`` or switch with
/// ``Player/switchProgram(to:)``.
public struct TransportStreamProgram: Sendable, Hashable, Identifiable {
  /// One elementary stream of a program, from its Program Map Table.
  public struct Stream: Sendable, Hashable {
    /// The packet id carrying the stream.
    public var pid: Int
    /// The PMT `stream_type` (0x1B H.264, 0x0F AAC, 0x06 private data, …).
    public var streamType: Int
    /// What the stream carries, as far as the stream type and descriptors tell.
    public var kind: TrackKind
    /// Whether the stream is DVB teletext (descriptor 0x56), which libVLC's zvbi decoder shows.
    public var isTeletext: Bool
    /// The language its descriptors name (ISO 639-2, "eng"), as libVLC lists it.
    public var language: String? = nil
  }

  /// The program number (the DVB service id); what `:program=` selects.
  public var number: Int
  /// The packet id of the program's map table.
  public var mapPID: Int
  /// The service name from the SDT, when present.
  public var name: String?
  /// The service provider from the SDT, when present.
  public var provider: String?
  /// The program's elementary streams, in PMT order.
  public var streams: [Stream]

  /// The program number.
  public var id: Int { number }

  /// Reads the programs of a transport stream from its first bytes (a few hundred
  /// milliseconds of a broadcast hold every table).
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` when the bytes are not an MPEG transport stream or
  ///   hold no program association table.
  public static func programs(in data: Data) throws(VLCError) -> [TransportStreamProgram] {
    var reader = TransportStreamTables()
    let read = data.withUnsafeBytes { raw in
      Result { () throws(VLCError) in try reader.read(raw) }
    }
    try read.get()
    guard let programs = reader.programs else {
      throw .invalidInput("no program association table in the transport stream")
    }
    return programs
  }

  /// Reads the programs of a transport stream file from its first `limit` bytes.
  ///
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` when the file cannot be read;
  ///   ``VLCError/invalidInput(_:)`` as ``programs(in:)`` does.
  public static func programs(
    inFile path: String, readingAtMost limit: Int = 4 << 20
  ) throws(VLCError) -> [TransportStreamProgram] {
    guard let file = ReadOnlyFile(path: path) else {
      throw .mediaCreationFailed(source: "\(path): cannot be read")
    }
    guard let data = file.read(at: 0, upTo: max(limit, 188)) else {
      throw .mediaCreationFailed(source: "\(path): \(String(cString: strerror(errno)))")
    }
    return try programs(in: data)
  }
}

extension Media {
  /// Plays only `program` (a DVB service number, see ``TransportStreamProgram``) of a
  /// transport stream the next time this media opens. Maps the media option `:program=`.
  public func selectProgram(_ program: Int) {
    addOption(":program=\(program)")
  }
}
