import Foundation
import SwiftVLC
import SwiftVLCCommandLine

/// `swiftvlc thumbnail`: one still, or a contact sheet, written as PNG.
@MainActor
enum ThumbnailCommand {
  /// How long each picture may take, parsing the source included.
  static let timeout = Duration.seconds(10)

  static func run(_ options: Command.Thumbnail) async -> ExitCode {
    let progress = ProgressLine()
    defer { progress.clear() }
    do {
      try OutputFile.checkDirectory(of: options.output)
      let source = try MediaSource.parse(options.source)
      // Keeping late pictures makes a busy machine show the frame after a precise one less
      // often (docs/libvlc3-findings.md, "Thumbnails").
      let instance = try VLCInstance(
        arguments: VLCInstance.headlessArguments + ["--no-drop-late-frames", "--no-skip-frames"])
      let media = try source.media(on: instance)
      let mode: ThumbnailMode = options.precise ? .precise : .fast
      let picture: Thumbnail
      // The last step of the bar is the PNG encoding, which takes a while for a big sheet.
      let steps: Int
      let label: String
      if let sheet = options.sheet {
        (steps, label) = (sheet.columns * sheet.rows + 1, "contact sheet")
        picture = try await contactSheet(
          sheet, of: media, width: options.width, mode: mode, network: source.isNetwork,
          progress: { progress.update(ProgressText.bar(label, done: $0, total: steps)) })
      } else {
        (steps, label) = (2, "thumbnail")
        progress.update(ProgressText.bar(label, done: 0, total: steps))
        let thumbnailer = try Thumbnailer(media: media, width: options.width ?? 0, mode: mode)
        picture = try await thumbnailer.thumbnail(at: options.time ?? .zero, timeout: timeout)
      }
      progress.update(ProgressText.bar(label, done: steps - 1, total: steps))
      try OutputFile.write(try picture.pngData(), to: options.output)
      progress.update(ProgressText.bar(label, done: steps, total: steps))
      return .success
    } catch {
      progress.clear()
      Console.error("thumbnail: \(error)")
      return .mediaError
    }
  }

  /// Takes the sheet's pictures one after the other, spread over the duration, and lays
  /// them out; cells are `width` pixels wide, or ``ContactSheet/defaultCellWidth(sourceWidth:)``.
  /// `progress` is called with the number of pictures taken.
  private static func contactSheet(
    _ sheet: Command.Sheet, of media: Media, width: Int?, mode: ThumbnailMode, network: Bool,
    progress: (Int) -> Void
  ) async throws(VLCError) -> Thumbnail {
    let info = try await media.parse(timeout: timeout, network: network)
    guard info.isPlayable else { throw .parseFailed(reason: "no playable stream in \(media.mrl)") }
    guard let duration = info.duration, duration > .zero else {
      throw .invalidInput("\(media.mrl) has no known duration to spread a contact sheet over")
    }
    let sourceWidth = info.tracks.first { $0.kind == .video }?.width
    let thumbnailer = try Thumbnailer(
      media: media, width: width ?? ContactSheet.defaultCellWidth(sourceWidth: sourceWidth),
      mode: mode)
    let times = ContactSheet.times(count: sheet.columns * sheet.rows, over: duration)
    var pictures: [Thumbnail] = []
    for time in times {
      progress(pictures.count)
      pictures.append(try await thumbnailer.thumbnail(at: time, timeout: timeout))
    }
    progress(pictures.count)
    guard let picture = ContactSheet.compose(pictures, columns: sheet.columns, rows: sheet.rows)
    else { throw .operationFailed("no picture to lay out in a contact sheet") }
    return picture
  }
}
