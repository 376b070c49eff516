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
      let instance = try VLCInstance(arguments: VLCInstance.headlessArguments)
      let thumbnailer = try Thumbnailer(
        media: try source.media(on: instance), width: options.width ?? 0,
        mode: options.precise ? .precise : .fast)
      let picture: Thumbnail
      if let sheet = options.sheet {
        picture = try await contactSheet(
          sheet, of: thumbnailer, network: source.isNetwork, progress: progress)
      } else {
        progress.update(ProgressText.bar("thumbnail", done: 0, total: 1))
        picture = try await thumbnailer.thumbnail(at: options.time ?? .zero, timeout: timeout)
        progress.update(ProgressText.bar("thumbnail", done: 1, total: 1))
      }
      try OutputFile.write(try picture.pngData(), to: options.output)
      return .success
    } catch {
      progress.clear()
      Console.error("thumbnail: \(error)")
      return .mediaError
    }
  }

  /// Takes the sheet's pictures one after the other, spread over the duration, and lays
  /// them out.
  private static func contactSheet(
    _ sheet: Command.Sheet, of thumbnailer: Thumbnailer, network: Bool, progress: ProgressLine
  ) async throws(VLCError) -> Thumbnail {
    let media = thumbnailer.media
    let info = try await media.parse(timeout: timeout, network: network)
    guard info.isPlayable else { throw .parseFailed(reason: "no playable stream in \(media.mrl)") }
    guard let duration = info.duration, duration > .zero else {
      throw .invalidInput("\(media.mrl) has no known duration to spread a contact sheet over")
    }
    let times = ContactSheet.times(count: sheet.columns * sheet.rows, over: duration)
    var pictures: [Thumbnail] = []
    for time in times {
      progress.update(ProgressText.bar("contact sheet", done: pictures.count, total: times.count))
      pictures.append(try await thumbnailer.thumbnail(at: time, timeout: timeout))
    }
    progress.update(ProgressText.bar("contact sheet", done: pictures.count, total: times.count))
    guard let picture = ContactSheet.compose(pictures, columns: sheet.columns, rows: sheet.rows)
    else { throw .operationFailed("no picture to lay out in a contact sheet") }
    return picture
  }
}
