// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// What ffprobe (the test-time oracle; never a runtime dependency) says about a file, read
/// from `ffprobe -of json -show_format -show_streams -show_chapters -show_programs`.
struct FFprobeReport: Sendable {
  struct Stream: Sendable {
    var index: Int
    /// "video", "audio" or "subtitle".
    var kind: String
    /// ffprobe's codec name: "h264", "aac", "subrip"…
    var codec: String
    var channels: Int?
    var sampleRate: Int?
    /// Bits per second, where ffprobe gives one.
    var bitrate: Int?
    var width: Int?
    var height: Int?
    var frameRate: Double?
    /// The language tag; `nil` for none or "und".
    var language: String?
    var title: String?
    /// The MP4 handler name (where MP4 keeps a track's title).
    var handler: String?
    /// The default and forced dispositions.
    var isDefault = false
    var isForced = false
    /// The display matrix's rotation, as ffprobe gives it (degrees counterclockwise); `nil`
    /// for none.
    var rotation: Int?
  }

  struct Chapter: Sendable {
    var start: Double
    var end: Double
    var title: String?
  }

  struct Program: Sendable {
    var number: Int
    var name: String?
    var provider: String?
    var streamIndexes: [Int]
  }

  /// ffprobe's format name: "mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm", "mpegts"…
  var format: String
  /// Seconds. For MP3 the frame count times 1,152 (576 below 32 kHz) over the sample rate:
  /// without a Xing header ffprobe's own duration is an estimate from the first frames'
  /// bitrate.
  var duration: Double?
  var title: String?
  var streams: [Stream]
  var chapters: [Chapter]
  var programs: [Program]

  /// Runs ffprobe on `path`.
  static func probe(_ path: String) async throws -> FFprobeReport {
    let output = try await runProgram(
      "ffprobe",
      [
        "-v", "error", "-of", "json", "-count_packets", "-show_format", "-show_streams",
        "-show_chapters", "-show_programs", path,
      ])
    guard output.status == 0,
      let json = try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any],
      let format = json["format"] as? [String: Any]
    else {
      throw FFprobeFailed(path: path, message: output.stderr)
    }
    let streams = (json["streams"] as? [[String: Any]] ?? []).map(Stream.init)
    let formatName = format["format_name"] as? String ?? ""
    var duration = number(format["duration"])
    if formatName == "mp3", let stream = streams.first, let rate = stream.sampleRate,
      let packets = number((json["streams"] as? [[String: Any]])?.first?["nb_read_packets"])
    {
      // MPEG-2 and 2.5 layer III frames (below 32 kHz) hold 576 samples.
      duration = packets * (rate < 32_000 ? 576 : 1_152) / Double(rate)
    }
    let chapters = (json["chapters"] as? [[String: Any]] ?? []).map { chapter in
      Chapter(
        start: number(chapter["start_time"]) ?? 0, end: number(chapter["end_time"]) ?? 0,
        title: lowercasedTags(chapter)["title"])
    }
    let programs = (json["programs"] as? [[String: Any]] ?? []).map { program in
      Program(
        number: program["program_num"] as? Int ?? 0, name: lowercasedTags(program)["service_name"],
        provider: lowercasedTags(program)["service_provider"],
        streamIndexes: (program["streams"] as? [[String: Any]] ?? []).compactMap {
          $0["index"] as? Int
        })
    }
    // Ogg and FLAC keep the title in the stream's comments.
    let title =
      lowercasedTags(format)["title"]
      ?? (streams.count == 1 ? streams[0].title : nil)
    return FFprobeReport(
      format: formatName, duration: duration, title: title, streams: streams,
      chapters: chapters, programs: programs)
  }
}

extension FFprobeReport {
  /// ffprobe's tags of the file itself (its format's), keys lowercased.
  static func formatTags(_ path: String) async throws -> [String: String] {
    let output = try await runProgram(
      "ffprobe", ["-v", "error", "-of", "json", "-show_entries", "format_tags", path])
    let json = try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any]
    let tags = (json?["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:]
    return Dictionary(uniqueKeysWithValues: tags.map { ($0.key.lowercased(), $0.value) })
  }
}

struct FFprobeFailed: Error, CustomStringConvertible {
  var path: String
  var message: String
  var description: String { "ffprobe failed on \(path): \(message)" }
}

extension FFprobeReport.Stream {
  init(_ json: [String: Any]) {
    let tags = lowercasedTags(json)
    index = json["index"] as? Int ?? 0
    kind = json["codec_type"] as? String ?? ""
    codec = json["codec_name"] as? String ?? ""
    channels = json["channels"] as? Int
    sampleRate = number(json["sample_rate"]).map { Int($0) }
    bitrate = number(json["bit_rate"]).map { Int($0) }
    width = json["width"] as? Int
    height = json["height"] as? Int
    frameRate = ratio(json["avg_frame_rate"]) ?? ratio(json["r_frame_rate"])
    language = tags["language"].flatMap { $0 == "und" ? nil : $0 }
    title = tags["title"]
    handler = tags["handler_name"]
    let disposition = json["disposition"] as? [String: Any] ?? [:]
    isDefault = disposition["default"] as? Int == 1
    isForced = disposition["forced"] as? Int == 1
    let sideData = json["side_data_list"] as? [[String: Any]] ?? []
    rotation = sideData.lazy.compactMap { number($0["rotation"]).map { Int($0) } }.first
  }
}

/// A JSON object's "tags", keys lowercased (Matroska writes "TITLE", MP4 "title").
private func lowercasedTags(_ json: [String: Any]) -> [String: String] {
  let tags = json["tags"] as? [String: String] ?? [:]
  return Dictionary(tags.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
}

/// A number ffprobe wrote as a string ("2.000000") or a number.
private func number(_ value: Any?) -> Double? {
  if let text = value as? String { return Double(text) }
  return (value as? NSNumber)?.doubleValue
}

/// "25/1" as 25; `nil` for "0/0".
private func ratio(_ value: Any?) -> Double? {
  guard let text = value as? String else { return nil }
  let parts = text.split(separator: "/").compactMap { Double($0) }
  guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
  return parts[0] / parts[1]
}

/// ffprobe's CSV lines (no section names) of `entries` of `path`, as `-show_entries` takes them,
/// after `options` (`-select_streams`, `-count_packets`).
func ffprobeLines(_ path: String, _ entries: String, _ options: [String] = []) async throws
  -> [String]
{
  let output = try await runProgram(
    "ffprobe", ["-v", "error"] + options + ["-show_entries", entries, "-of", "csv=p=0", path])
  return String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
}

/// The packets of `path`'s first video stream, as ffprobe counts them (MPEG-TS lists the
/// stream under its program too: the first line counts); 0 without video.
func ffprobeVideoPackets(_ path: String) async throws -> Int {
  let lines = try await ffprobeLines(
    path, "stream=nb_read_packets", ["-select_streams", "v", "-count_packets"])
  return lines.first.flatMap { Int($0) } ?? 0
}
