// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import SwiftVLC
import SwiftVLCCommandLine

/// `swiftvlc thumbnail`: one still, or a contact sheet, written as PNG or JPEG.
@MainActor
enum ThumbnailCommand {
  static func run(_ options: Command.Thumbnail) async -> ExitCode {
    let progress = ProgressLine()
    defer { progress.clear() }
    do {
      _ = try OutputPath.checked(options.output)
      let source = try MediaSource.parse(options.source)
      // Keeping late pictures makes a busy machine show the frame after a precise one less
      // often (docs/libvlc3-findings.md, "Thumbnails").
      let instance = try VLCInstance(
        arguments: VLCInstance.headlessArguments + ["--no-drop-late-frames", "--no-skip-frames"])
      let media = try source.media(on: instance)
      let mode: ThumbnailMode = options.precise ? .precise : .fast
      let picture: Thumbnail
      var header: [String] = []
      // The last step of the bar is the encoding, which takes a while for a big sheet.
      let steps: Int
      let label: String
      if let sheet = options.sheet {
        (steps, label) = (sheet.columns * sheet.rows + 1, "contact sheet")
        let made = try await ContactSheet.make(
          columns: sheet.columns, rows: sheet.rows, of: media, width: options.width,
          header: !options.noHeader, mode: mode, network: source.isNetwork,
          timeout: options.timeout,
          progress: { progress.update(ProgressText.bar(label, done: $0, total: steps)) })
        (picture, header) = (made.picture, made.header)
      } else {
        (steps, label) = (2, "thumbnail")
        progress.update(ProgressText.bar(label, done: 0, total: steps))
        let thumbnailer = try Thumbnailer(media: media, width: options.width ?? 0, mode: mode)
        picture = try await thumbnailer.thumbnail(
          at: options.time ?? .zero, timeout: options.timeout)
      }
      progress.update(ProgressText.bar(label, done: steps - 1, total: steps))
      let data =
        options.writesJPEG
        ? try picture.jpegData(quality: options.quality ?? 90)
        : try picture.pngData(text: pngText(header))
      try RecordingTarget.write(data, to: options.output)
      progress.update(ProgressText.bar(label, done: steps, total: steps))
      return .success
    } catch {
      progress.clear()
      Console.error("thumbnail: \(FailureWords.of(error, source: options.source))")
      return .mediaError
    }
  }

  /// A sheet's header as PNG text chunks: the name as Title, the other lines as Description.
  private static func pngText(_ header: [String]) -> [(keyword: String, value: String)] {
    guard let name = header.first else { return [] }
    return [
      ("Title", name), ("Description", header.dropFirst().joined(separator: "\n")),
      ("Software", "swiftvlc \(ToolVersion.current)"),
    ]
  }
}
