// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import SwiftVLC

/// What `swiftvlc probe` reports for one source: its JSON form is the documented output
/// (see `swiftvlc probe --help`), so field names and units here are a stable contract.
package struct ProbeReport: Codable, Equatable, Sendable {
  /// One elementary stream.
  package struct TrackEntry: Codable, Equatable, Sendable {
    package var id: Int
    package var kind: String
    package var codec: String
    /// The common name: "H.264", "AAC", "SubRip"…
    package var format: String?
    package var codecName: String?
    package var language: String?
    package var name: String?
    package var bitrate: Int?
    package var channels: Int?
    package var sampleRate: Int?
    package var width: Int?
    package var height: Int?
    package var fps: Double?
    /// The shape of the stored pixels when not square ("64:45"), and the picture's shape
    /// shown with them ("16:9"), as ffprobe writes them.
    package var sampleAspectRatio: String?
    package var displayAspectRatio: String?
    /// How far a player turns the picture clockwise to show it (90, 180, 270).
    package var rotation: Int?
    /// The MPEG-TS program number.
    package var program: Int?
  }

  /// One chapter; `index` counts from 0, in the JSON and in the text alike.
  package struct ChapterEntry: Codable, Equatable, Sendable {
    package var index: Int
    package var name: String?
    package var startMs: Int64
    package var durationMs: Int64
  }

  /// One MPEG-TS program.
  package struct ProgramEntry: Codable, Equatable, Sendable {
    package var number: Int
    package var name: String?
    package var provider: String?
    package var trackIds: [Int]
  }

  /// The SOURCE as given on the command line.
  package var source: String
  /// The MRL libVLC opened.
  package var mrl: String?
  /// The container's common name ("MP4/QuickTime", "Matroska/WebM", "MPEG-TS", "MP3"…).
  package var container: String?
  /// libVLC's demuxer for the source ("mp4", "mkv", "ts", "es", "adaptive"…).
  package var demuxer: String?
  /// The length in milliseconds, when known.
  package var durationMs: Int64?
  /// The average bitrate in bits per second (file size over duration), for local files.
  package var bitrate: Int?
  /// Metadata by key name ("title", "artist"…).
  package var metadata: [String: String]?
  /// Every elementary stream.
  package var tracks: [TrackEntry]?
  /// The MPEG-TS programs.
  package var programs: [ProgramEntry]?
  /// The chapters of the first title.
  package var chapters: [ChapterEntry]?
  /// What is not known, and why.
  package var unknown: [String]?
  /// Why the source could not be probed.
  package var error: String?

  /// A successful probe.
  package init(source: String, mrl: String, info: MediaInfo) {
    self.source = source
    self.mrl = mrl
    container = info.container
    demuxer = info.demuxer
    durationMs = info.duration.map(milliseconds)
    bitrate = info.bitrate
    metadata = Dictionary(
      uniqueKeysWithValues: info.metadata.values.map { (String(describing: $0.key), $0.value) })
    tracks = info.tracks.map(TrackEntry.init)
    programs =
      info.programs.isEmpty
      ? nil
      : info.programs.map {
        ProgramEntry(number: $0.number, name: $0.name, provider: $0.provider, trackIds: $0.trackIDs)
      }
    chapters = info.chapters.map {
      ChapterEntry(
        index: $0.index, name: $0.name, startMs: milliseconds($0.start),
        durationMs: milliseconds($0.duration))
    }
    unknown = info.unknowns.isEmpty ? nil : info.unknowns.map(Self.toolWords)
  }

  /// A failed probe.
  package init(source: String, error: VLCError) {
    self.source = source
    self.error = FailureWords.of(error, source: source)
  }

  /// The reports as the JSON document `probe --json` prints: an array, sorted keys, indented.
  package static func json(_ reports: [ProbeReport]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding plain strings and numbers cannot fail.
    let data = (try? encoder.encode(reports)) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// The report as one line of JSON, as `probe --json-lines` prints it: sorted keys.
  package var jsonLine: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding plain strings and numbers cannot fail.
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// The report as indented text lines, for people.
  package var text: String {
    if let error { return "\(source): \(error)" }
    var rows: [(label: String, value: String)] = []
    func row(_ label: String, _ value: String) { rows.append((label, value)) }
    var container = self.container ?? "unknown"
    if let demuxer, demuxer != self.container { container += " (\(demuxer))" }
    row("container", container)
    row(
      "duration",
      durationMs.map { TimeText.clock(.milliseconds($0), milliseconds: true) } ?? "unknown")
    if let bitrate { row("bitrate", kilobits(bitrate)) }
    for (key, value) in (metadata ?? [:]).sorted(by: { $0.key < $1.key }) {
      row(key, TrackText.oneLine(value))
    }
    for program in programs ?? [] {
      var parts = [program.name.map(TrackText.quoted) ?? "(no name)"]
      if let provider = program.provider { parts.append("by \(provider)") }
      parts.append("tracks " + program.trackIds.map(String.init).joined(separator: ","))
      row("program \(program.number)", parts.joined(separator: " "))
    }
    for track in tracks ?? [] {
      row("track \(track.id)", track.summary)
    }
    for chapter in chapters ?? [] {
      let start = TimeText.clock(.milliseconds(chapter.startMs), milliseconds: true)
      let length = TimeText.seconds(.milliseconds(chapter.durationMs))
      let name = chapter.name.map { TrackText.oneLine($0) + " " } ?? ""
      row("chapter \(chapter.index)", "\(start) \(name)(\(length) s)")
    }
    for note in unknown ?? [] {
      row("unknown", note)
    }
    // One column for the values: as wide as the longest label ("description", "program 12").
    let width = rows.map(\.label.count).max().map { max($0, 10) } ?? 10
    let lines = rows.map { row in
      "  " + row.label + String(repeating: " ", count: width - row.label.count) + " " + row.value
    }
    return ([source] + lines).joined(separator: "\n")
  }
}

extension ProbeReport {
  /// A library note in the tool's words: its option, not the library's depth value
  /// ("parse with depth .decoded" is "probe with --depth decoded").
  package static func toolWords(_ note: String) -> String {
    note.replacing("parse with depth .decoded", with: "probe with --depth decoded")
      .replacing("depth .decoded", with: "--depth decoded")
      .replacing("(depth container", with: "(--depth container")
  }
}

extension ProbeReport.TrackEntry {
  init(_ track: Track) {
    self.init(
      id: track.id, kind: kindName(track.kind), codec: track.codec,
      format: track.commonCodecName, codecName: track.codecName, language: track.language,
      name: track.name, bitrate: track.bitrate, channels: track.channels,
      sampleRate: track.sampleRate, width: track.width, height: track.height,
      fps: track.frameRate.map { ($0 * 1_000).rounded() / 1_000 },
      sampleAspectRatio: track.sampleAspectRatio?.description,
      displayAspectRatio: track.sampleAspectRatio.flatMap { pixel in
        track.width.flatMap { width in
          track.height.flatMap {
            AspectRatio(width: width * pixel.width, height: $0 * pixel.height)
          }
        }
      }?.description,
      rotation: track.displayRotation, program: track.program)
  }

  /// "video H.264 (h264) 720x576 (SAR 64:45, DAR 16:9) turned 90° clockwise 25 fps 512 kb/s [eng]
  /// program 1".
  var summary: String {
    var parts = [kind, format.map { "\($0) (\(codec))" } ?? codec]
    if format == nil, let codecName { parts.append("(\(codecName))") }
    if let width, let height { parts.append("\(width)x\(height)") }
    if let sampleAspectRatio {
      parts.append("(SAR \(sampleAspectRatio)\(displayAspectRatio.map { ", DAR \($0)" } ?? ""))")
    }
    if let rotation { parts.append("turned \(rotation)° clockwise") }
    if let fps { parts.append("\(fps == fps.rounded() ? String(Int(fps)) : String(fps)) fps") }
    if let channels { parts.append(TrackText.channels(channels)) }
    if let sampleRate { parts.append("\(sampleRate) Hz") }
    if let bitrate { parts.append(kilobits(bitrate)) }
    if let language = TrackText.language(language) { parts.append("[\(language)]") }
    if let name { parts.append(TrackText.quoted(name)) }
    if let program { parts.append("program \(program)") }
    return parts.joined(separator: " ")
  }
}

/// "64 kb/s", "1.5 Mb/s".
func kilobits(_ bitsPerSecond: Int) -> String {
  if bitsPerSecond >= 10_000_000 { return "\(bitsPerSecond / 1_000_000) Mb/s" }
  if bitsPerSecond >= 1_000_000 {
    return "\(Double(bitsPerSecond / 100_000) / 10) Mb/s"
  }
  return "\((bitsPerSecond + 500) / 1_000) kb/s"
}

private func kindName(_ kind: TrackKind) -> String {
  switch kind {
  case .video: "video"
  case .audio: "audio"
  case .subtitle: "subtitle"
  case .unknown: "unknown"
  }
}

private func milliseconds(_ duration: Duration) -> Int64 {
  let (seconds, attoseconds) = duration.components
  return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
}
