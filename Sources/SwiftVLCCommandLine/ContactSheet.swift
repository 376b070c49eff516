import SwiftVLC

/// A contact sheet: pictures taken evenly over a media, laid out in a grid as one picture.
package enum ContactSheet {
  /// The width of a cell when none is asked for: 320 pixels, or the source's width when it
  /// is narrower (a sheet does not enlarge pictures).
  package static func defaultCellWidth(sourceWidth: Int?) -> Int {
    guard let sourceWidth, sourceWidth > 0 else { return 320 }
    return min(320, sourceWidth)
  }

  /// When to take `count` pictures of a media lasting `duration`: the middle of each of
  /// `count` equal parts, so neither the first frame (often black) nor the end is used.
  package static func times(count: Int, over duration: Duration) -> [Duration] {
    guard count > 0 else { return [] }
    return (0..<count).map { duration * (2 * $0 + 1) / (2 * count) }
  }

  /// A contact sheet of `media`: `columns` × `rows` pictures taken at
  /// ``times(count:over:)`` of its parsed duration and laid out by ``compose(_:columns:rows:)``.
  ///
  /// The pictures are made by one ``Thumbnailer``
  /// (``Thumbnailer/thumbnails(at:timeout:progress:)``): for a local file, in forward passes
  /// that decode each group of pictures once (a dense sheet costs about one decoding of the
  /// file), else concurrently, each with its own hidden player. In ``ThumbnailMode/fast``
  /// mode, cells that share a keyframe (neighbours with the same picture) then show the frame
  /// at their own time, as in ``ThumbnailMode/precise`` mode, so that a source with few
  /// keyframes does not show one picture several times.
  ///
  /// - Parameters:
  ///   - width: the cell width in pixels, or `nil` for ``defaultCellWidth(sourceWidth:)``.
  ///   - network: whether the parse may use the network (a URL source).
  ///   - timeout: the limit for the parse, and for each picture from when its turn comes.
  ///   - progress: called on the caller's actor with the number of pictures made so far,
  ///     from 0 to `columns * rows`.
  /// - Throws: ``VLCError/parseFailed(reason:)`` for a source with no playable stream,
  ///   ``VLCError/invalidInput(_:)`` for one without a known duration, and the first error of
  ///   any picture (the others are then cancelled), as ``Thumbnailer/thumbnail(at:timeout:)``.
  package static func make(
    columns: Int, rows: Int, of media: Media, width: Int?, mode: ThumbnailMode, network: Bool,
    timeout: Duration, isolation: isolated (any Actor)? = #isolation, progress: (Int) -> Void
  ) async throws(VLCError) -> Thumbnail {
    let info = try await media.parse(timeout: timeout, network: network)
    guard info.isPlayable else { throw .parseFailed(reason: "no playable stream in \(media.mrl)") }
    guard let duration = info.duration, duration > .zero else {
      throw .invalidInput("\(media.mrl) has no known duration to spread a contact sheet over")
    }
    let sourceWidth = info.tracks.first { $0.kind == .video }?.width
    let thumbnailer = try Thumbnailer(
      media: media, width: width ?? defaultCellWidth(sourceWidth: sourceWidth), mode: mode)
    let times = times(count: columns * rows, over: duration)
    progress(0)
    var pictures = try await pictures(at: times, by: thumbnailer, timeout: timeout, progress)
    let repeated = repeatedCells(pictures)
    if mode == .fast && !repeated.isEmpty {
      // Cells that share a keyframe would show one picture several times: they show the frame
      // at their own time instead (for a local file one forward pass over those groups).
      let precise = try Thumbnailer(media: media, width: thumbnailer.width, mode: .precise)
      let redone = try await precise.thumbnails(
        at: repeated.map { times[$0] }, timeout: timeout, progress: { _ in })
      for (cell, picture) in zip(repeated, redone) { pictures[cell] = picture }
    }
    guard let picture = compose(pictures, columns: columns, rows: rows) else {
      throw .operationFailed("no picture to lay out in a contact sheet")
    }
    return picture
  }

  /// The cells whose picture is the same as the cell before or after it, in order.
  package static func repeatedCells(_ pictures: [Thumbnail]) -> [Int] {
    pictures.indices.filter { cell in
      (cell > 0 && pictures[cell - 1] == pictures[cell])
        || (cell + 1 < pictures.count && pictures[cell + 1] == pictures[cell])
    }
  }

  /// The pictures at `times`, in that order (``Thumbnailer/thumbnails(at:timeout:progress:)``),
  /// with `progress` called on the caller's actor as they come.
  private static func pictures(
    at times: [Duration], by thumbnailer: Thumbnailer, timeout: Duration,
    isolation: isolated (any Actor)? = #isolation, _ progress: (Int) -> Void
  ) async throws(VLCError) -> [Thumbnail] {
    let (counts, counter) = AsyncStream.makeStream(
      of: Int.self, bufferingPolicy: .bufferingNewest(1))
    let result = await withTaskGroup(of: Result<[Thumbnail], VLCError>.self) { group in
      group.addTask {
        defer { counter.finish() }
        do throws(VLCError) {
          return .success(
            try await thumbnailer.thumbnails(
              at: times, timeout: timeout, progress: { counter.yield($0) }))
        } catch {
          return .failure(error)
        }
      }
      for await made in counts { progress(made) }
      return await group.next() ?? .failure(.cancelled)
    }
    return try result.get()
  }

  /// Lays `pictures` out row by row, `columns` to a row, with no gaps, as one RGBA picture of
  /// `columns` × `rows` cells the size of the first picture.
  ///
  /// A picture of another size is cropped or padded; cells without a picture (and padding)
  /// are opaque black; pictures beyond `columns` × `rows` are left out. Returns `nil` without
  /// pictures or with an empty grid.
  package static func compose(_ pictures: [Thumbnail], columns: Int, rows: Int) -> Thumbnail? {
    guard let first = pictures.first, columns > 0, rows > 0, first.width > 0, first.height > 0
    else { return nil }
    let (cellWidth, cellHeight) = (first.width, first.height)
    let width = cellWidth * columns
    let height = cellHeight * rows
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    for alpha in stride(from: 3, to: rgba.count, by: 4) { rgba[alpha] = 255 }
    for (index, picture) in pictures.prefix(columns * rows).enumerated() {
      let left = index % columns * cellWidth
      let top = index / columns * cellHeight
      let rowBytes = min(picture.width, cellWidth) * 4
      guard picture.rgba.count >= picture.width * picture.height * 4 else { continue }
      for row in 0..<min(picture.height, cellHeight) {
        let source = row * picture.width * 4
        let destination = ((top + row) * width + left) * 4
        rgba.replaceSubrange(
          destination..<destination + rowBytes, with: picture.rgba[source..<source + rowBytes])
      }
    }
    return Thumbnail(width: width, height: height, rgba: rgba)
  }
}
