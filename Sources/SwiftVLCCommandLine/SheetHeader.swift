// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import SwiftVLC

/// The text at the top of a contact sheet, as people share sheets (mtn, vcsi): the file's
/// name (and title tag), its size, duration, bitrate and container, then its first video and
/// first audio track as `swiftvlc probe` describes them.
package enum SheetHeader {
  /// The header's lines for the media at `mrl` that parsed as `info`; the size is read from
  /// the file for a local one.
  package static func lines(mrl: String, info: MediaInfo) -> [String] {
    let url = URL(string: mrl)
    let name = url.map(\.lastPathComponent).flatMap { $0.isEmpty || $0 == "/" ? nil : $0 } ?? mrl
    let size = url.flatMap { url -> Int64? in
      guard url.isFileURL else { return nil }
      var status = stat()
      return stat(url.path, &status) == 0 ? Int64(status.st_size) : nil
    }
    return lines(name: name, fileSize: size, info: info)
  }

  /// The header's lines for a media named `name` of `fileSize` bytes (when known).
  package static func lines(name: String, fileSize: Int64?, info: MediaInfo) -> [String] {
    var facts: [String] = []
    if let fileSize { facts.append("Size: \(ProgressText.bytes(fileSize))") }
    facts.append("Duration: " + (info.duration.map { TimeText.clock($0) } ?? "unknown"))
    if let bitrate = info.bitrate { facts.append("Bitrate: \(kilobits(bitrate))") }
    if let container = info.container { facts.append("Container: \(container)") }
    // The title tag beside the file's name, as players show both.
    let title = info.metadata.title.map { $0 == name ? name : "\(name) \u{2014} \($0)" } ?? name
    var lines = [title, facts.joined(separator: "   ")]
    for kind in [TrackKind.video, .audio] {
      if let track = info.tracks.first(where: { $0.kind == kind }) {
        lines.append(ProbeReport.TrackEntry(track).summary.capitalisedFirst)
      }
    }
    return lines
  }
}

extension SheetHeader {
  /// `lines` as drawn within `width` pixels, `measure` telling a text's width: a line that
  /// does not fit is broken between its facts (three spaces apart), a fact that does not fit
  /// alone between its words; a word wider than `width` stays whole (the drawing clips it).
  /// A narrow sheet's header ran off its right edge ("Container: MP").
  package static func wrapped(_ lines: [String], width: Int, measure: (String) -> Int)
    -> [String]
  {
    func fill(_ pieces: [String], separator: String) -> [String] {
      var result: [String] = []
      for piece in pieces {
        if let last = result.last, measure(last + separator + piece) <= width {
          result[result.count - 1] = last + separator + piece
        } else if measure(piece) <= width || separator == " " {
          result.append(piece)
        } else {
          result += fill(piece.split(separator: " ").map(String.init), separator: " ")
        }
      }
      return result
    }
    return lines.flatMap { line in
      measure(line) <= width
        ? [line] : fill(line.components(separatedBy: "   "), separator: "   ")
    }
  }
}

extension String {
  fileprivate var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
}
