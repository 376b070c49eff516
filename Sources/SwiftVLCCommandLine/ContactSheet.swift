// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

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

  /// A contact sheet as ``make(columns:rows:of:width:header:mode:network:timeout:isolation:progress:)``
  /// makes it.
  package struct Sheet: Sendable {
    /// The sheet, ready to encode.
    package var picture: Thumbnail
    /// The header's lines (``SheetHeader``), also when the header is not drawn: for the
    /// picture file's text chunks.
    package var header: [String]
    /// The time under each cell, in order: when its picture is presented, where known.
    package var labels: [String]
  }

  /// A contact sheet of `media`: `columns` × `rows` pictures taken at
  /// ``times(count:over:)`` of its parsed duration (of its pictures' span instead, when the
  /// last cells show the same last picture: see ``picturesEnd(_:)``) and laid out by
  /// ``compose(_:times:header:layout:)``, each with the time of its picture under it
  /// (``Thumbnail/time``, else the time it was taken at), under a header.
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
  ///   - header: whether to draw the header (``SheetHeader``) above the grid.
  ///   - network: whether the parse may use the network (a URL source).
  ///   - timeout: the limit for the parse, and for each picture from when its turn comes.
  ///   - progress: called on the caller's actor with the number of pictures made so far,
  ///     from 0 to `columns * rows`.
  /// - Throws: ``MediaInfo/unplayableError(source:words:)`` for a source with no playable stream,
  ///   ``VLCError/invalidInput(_:)`` for one without a known duration, the first error of
  ///   any picture (the others are then cancelled), as ``Thumbnailer/thumbnail(at:timeout:)``,
  ///   and ``VLCError/operationFailed(_:)`` without a font for the text.
  package static func make(
    columns: Int, rows: Int, of media: Media, width: Int?, header: Bool = true,
    mode: ThumbnailMode, network: Bool, timeout: Duration,
    isolation: isolated (any Actor)? = #isolation, progress: (Int) -> Void
  ) async throws(VLCError) -> Sheet {
    // A local MPEG program stream's length is known only while playing: the decoded probe's,
    // as `swiftvlc probe` gives it (a live stream has none to find).
    let info =
      media.isLocalFile
      ? try await media.parseWhole(timeout: timeout)
      : try await media.parse(timeout: timeout, network: network)
    guard info.isPlayable else { throw info.unplayableError(source: media.mrl) }
    guard let duration = info.duration, duration > .zero else {
      throw .invalidInput("\(media.mrl) has no known duration to spread a contact sheet over")
    }
    let sourceWidth = info.tracks.first { $0.kind == .video }?.width
    let thumbnailer = try Thumbnailer(
      media: media, width: width ?? defaultCellWidth(sourceWidth: sourceWidth), mode: mode)
    func take(_ times: [Duration]) async throws(VLCError) -> [Thumbnail] {
      progress(0)
      var pictures = try await Self.pictures(
        at: times, by: thumbnailer, timeout: timeout, progress)
      let repeated = repeatedCells(pictures)
      if mode == .fast && !repeated.isEmpty {
        // Cells that share a keyframe would show one picture several times: they show the
        // frame at their own time instead (for a local file one forward pass over those groups).
        let precise = try Thumbnailer(media: media, width: thumbnailer.width, mode: .precise)
        let redone = try await precise.thumbnails(
          at: repeated.map { times[$0] }, timeout: timeout, progress: { _ in })
        for (cell, picture) in zip(repeated, redone) { pictures[cell] = picture }
      }
      return pictures
    }
    var times = times(count: columns * rows, over: duration)
    var pictures = try await take(times)
    if let end = picturesEnd(pictures), end < duration {
      // The advertised duration runs past the pictures (an MP4 whose edit list starts with
      // an empty edit: libVLC plays its pictures from 0): the last cells repeated the last
      // picture. They are spread over the pictures instead.
      times = Self.times(count: times.count, over: end)
      pictures = try await take(times)
    }
    guard let first = pictures.first, first.width > 0, first.height > 0 else {
      throw .operationFailed("no picture to lay out in a contact sheet")
    }
    // MPEG-TS and HLS declare no picture size or frame rate: the header says what a decoded
    // probe says of them, as `swiftvlc probe --depth decoded` does.
    var described = info
    if header, info.tracks.contains(where: { $0.kind == .video && $0.width == nil }),
      let decoded = try? await media.parse(timeout: timeout, network: network, depth: .decoded)
    {
      described = decoded
    }
    let lines = SheetHeader.lines(mrl: media.mrl, info: described)
    var layout = SheetLayout(
      columns: columns, rows: rows, cellWidth: first.width, cellHeight: first.height,
      headerLines: header ? lines.count : 0)
    // The lines as drawn, broken to the sheet's width (its font size follows the width).
    var drawn: [String] = []
    if header {
      let painter = try TextPainter(pixelSize: layout.headerFontSize)
      drawn = SheetHeader.wrapped(
        lines, width: layout.width - 2 * layout.gap, measure: painter.width(of:))
      layout.headerLines = drawn.count
    }
    // Each cell says when its picture is presented, where that is known (a keyframe can be
    // seconds before the cell's time), else the time it was asked at.
    let stamps = zip(times, pictures).map { time, picture in
      TimeText.clock(picture.time ?? time, milliseconds: duration / times.count < .seconds(10))
    }
    let picture = try compose(pictures, times: stamps, header: drawn, layout: layout)
    return Sheet(picture: picture, header: lines, labels: stamps)
  }

  /// When the last two cells show the same picture, whose time is known: the time of the
  /// last picture there is (cells asked for later times got it again).
  package static func picturesEnd(_ pictures: [Thumbnail]) -> Duration? {
    guard pictures.count >= 2, let last = pictures[pictures.count - 1].time, last > .zero,
      pictures[pictures.count - 2].time == last
    else { return nil }
    return last
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

  /// The sheet's background, and the colours of its header and of its cells' times.
  package static let background: UInt8 = 24
  static let headerColour: (UInt8, UInt8, UInt8) = (236, 236, 236)
  static let timeColour: (UInt8, UInt8, UInt8) = (200, 200, 200)

  /// Lays `pictures` out row by row in `layout`'s cells on an opaque dark background
  /// (``background``), writes `times[i]` right-aligned under cell `i` and the `header` lines
  /// at the top, with FreeType (``TextPainter``).
  ///
  /// A picture of another size than the layout's cells is cropped or padded with the
  /// background; pictures beyond `columns` × `rows` are left out.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for an empty grid or cell;
  ///   ``VLCError/operationFailed(_:)`` when there is text to write and no font.
  package static func compose(
    _ pictures: [Thumbnail], times: [String], header: [String], layout: SheetLayout
  ) throws(VLCError) -> Thumbnail {
    guard layout.columns > 0, layout.rows > 0, layout.cellWidth > 0, layout.cellHeight > 0 else {
      throw .invalidInput("a contact sheet needs at least one cell of at least one pixel")
    }
    let (width, height) = (layout.width, layout.height)
    var sheet = Thumbnail(
      width: width, height: height,
      rgba: [UInt8](
        unsafeUninitializedCapacity: width * height * 4,
        initializingWith: { buffer, count in
          for offset in stride(from: 0, to: buffer.count, by: 4) {
            buffer[offset] = background
            buffer[offset + 1] = background
            buffer[offset + 2] = background
            buffer[offset + 3] = 255
          }
          count = buffer.count
        }))
    for (index, picture) in pictures.prefix(layout.columns * layout.rows).enumerated() {
      let (left, top) = layout.origin(ofCell: index)
      let rowBytes = min(picture.width, layout.cellWidth) * 4
      guard picture.rgba.count >= picture.width * picture.height * 4 else { continue }
      for row in 0..<min(picture.height, layout.cellHeight) {
        let source = row * picture.width * 4
        let destination = ((top + row) * width + left) * 4
        sheet.rgba.replaceSubrange(
          destination..<destination + rowBytes, with: picture.rgba[source..<source + rowBytes])
      }
    }
    let labels = times.prefix(layout.columns * layout.rows)
    if !labels.isEmpty {
      let painter = try TextPainter(pixelSize: layout.timeFontSize)
      for (index, time) in labels.enumerated() {
        let right = layout.origin(ofCell: index).x + layout.cellWidth
        painter.draw(
          time, x: right - painter.width(of: time), baseline: layout.timeBaseline(ofCell: index),
          colour: timeColour, into: &sheet, right: right)
      }
    }
    if !header.isEmpty && layout.headerLines > 0 {
      let painter = try TextPainter(pixelSize: layout.headerFontSize)
      for (index, line) in header.prefix(layout.headerLines).enumerated() {
        painter.draw(
          line, x: layout.gap, baseline: layout.headerBaseline(index), colour: headerColour,
          into: &sheet, right: width - layout.gap)
      }
    }
    return sheet
  }
}
