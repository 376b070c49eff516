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
