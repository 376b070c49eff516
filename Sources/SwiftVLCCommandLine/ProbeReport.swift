import Foundation
import SwiftVLC

/// What `swiftvlc probe` reports for one source: its JSON form is the documented output
/// (see `swiftvlc probe --help`), so field names and units here are a stable contract.
package struct ProbeReport: Codable, Equatable, Sendable {
  /// One elementary stream.
  package struct TrackEntry: Codable, Equatable, Sendable {
    package var id: Int
    package var kind: String
    package var codec: String
    package var codecName: String?
    package var language: String?
    package var name: String?
    package var bitrate: Int?
    package var channels: Int?
    package var sampleRate: Int?
    package var width: Int?
    package var height: Int?
    package var fps: Double?
  }

  /// One chapter.
  package struct ChapterEntry: Codable, Equatable, Sendable {
    package var index: Int
    package var name: String?
    package var startMs: Int64
    package var durationMs: Int64
  }

  /// The SOURCE as given on the command line.
  package var source: String
  /// The MRL libVLC opened.
  package var mrl: String?
  /// libVLC's demuxer for the source ("mp4", "mkv", "ts", "adaptive"…).
  package var container: String?
  /// The length in milliseconds, when known.
  package var durationMs: Int64?
  /// Metadata by key name ("title", "artist"…).
  package var metadata: [String: String]?
  /// Every elementary stream.
  package var tracks: [TrackEntry]?
  /// The chapters of the first title.
  package var chapters: [ChapterEntry]?
  /// Why the source could not be probed.
  package var error: String?

  /// A successful probe.
  package init(
    source: String, mrl: String, container: String?, info: MediaInfo, chapters: [Chapter]
  ) {
    self.source = source
    self.mrl = mrl
    self.container = container
    durationMs = info.duration.map(milliseconds)
    metadata = Dictionary(
      uniqueKeysWithValues: info.metadata.values.map { (String(describing: $0.key), $0.value) })
    tracks = info.tracks.map(TrackEntry.init)
    self.chapters = chapters.map {
      ChapterEntry(
        index: $0.index, name: $0.name, startMs: milliseconds($0.start),
        durationMs: milliseconds($0.duration))
    }
  }

  /// A failed probe.
  package init(source: String, error: VLCError) {
    self.source = source
    self.error = error.description
  }

  /// The reports as the JSON document `probe --json` prints: an array, sorted keys, indented.
  package static func json(_ reports: [ProbeReport]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding plain strings and numbers cannot fail.
    let data = (try? encoder.encode(reports)) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// The report as indented text lines, for people.
  package var text: String {
    var lines = [source]
    if let error { return "\(source): \(error)" }
    func row(_ label: String, _ value: String) {
      lines.append("  " + label.padding(toLength: 10, withPad: " ", startingAt: 0) + " " + value)
    }
    row("container", container ?? "unknown")
    row(
      "duration",
      durationMs.map { TimeText.clock(.milliseconds($0), milliseconds: true) } ?? "unknown")
    for (key, value) in (metadata ?? [:]).sorted(by: { $0.key < $1.key }) {
      row(key, value)
    }
    for track in tracks ?? [] {
      row("track \(track.id)", track.summary)
    }
    for chapter in chapters ?? [] {
      let start = TimeText.clock(.milliseconds(chapter.startMs), milliseconds: true)
      let length = TimeText.seconds(.milliseconds(chapter.durationMs))
      row("chapter \(chapter.index + 1)", "\(start) \(chapter.name ?? "") (\(length) s)")
    }
    return lines.joined(separator: "\n")
  }
}

extension ProbeReport.TrackEntry {
  init(_ track: Track) {
    self.init(
      id: track.id, kind: kindName(track.kind), codec: track.codec, codecName: track.codecName,
      language: track.language, name: track.name, bitrate: track.bitrate,
      channels: track.channels, sampleRate: track.sampleRate, width: track.width,
      height: track.height, fps: track.frameRate.map { ($0 * 1_000).rounded() / 1_000 })
  }

  /// "video h264 (H264 - MPEG-4 AVC (part 10)) 64x64 25 fps".
  var summary: String {
    var parts = [kind, codec]
    if let codecName { parts.append("(\(codecName))") }
    if let width, let height { parts.append("\(width)x\(height)") }
    if let fps { parts.append("\(fps == fps.rounded() ? String(Int(fps)) : String(fps)) fps") }
    if let channels {
      parts.append(channels == 1 ? "mono" : channels == 2 ? "stereo" : "\(channels) ch")
    }
    if let sampleRate { parts.append("\(sampleRate) Hz") }
    if let language { parts.append("[\(language)]") }
    if let name { parts.append("\"\(name)\"") }
    return parts.joined(separator: " ")
  }
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
