// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// A rectangle of terminal cells, 1-based as cursor addressing counts them.
package struct CellArea: Sendable, Equatable {
  /// The top row.
  package var row: Int
  /// The left column.
  package var column: Int
  /// Width in cells.
  package var columns: Int
  /// Height in cells.
  package var rows: Int

  /// Creates an area.
  package init(row: Int, column: Int, columns: Int, rows: Int) {
    self.row = row
    self.column = column
    self.columns = columns
    self.rows = rows
  }
}

/// Draws RGBA pictures into a terminal with 24-bit colour and the upper-half-block character
/// (U+2580): each cell shows two pixels, the top one as the foreground colour and the bottom
/// one as the background colour. Pure: it reads the pixels and returns the escape sequences.
package enum HalfBlockRenderer {
  /// The largest area with the picture's aspect ratio that fits in `area`, centred in it.
  /// A cell counts as one pixel wide and two pixels tall (terminal cells are about 1:2).
  package static func fit(width: Int, height: Int, in area: CellArea) -> CellArea {
    guard width > 0, height > 0, area.columns > 0, area.rows > 0 else {
      return CellArea(row: area.row, column: area.column, columns: 0, rows: 0)
    }
    let scale = min(Double(area.columns) / Double(width), Double(area.rows * 2) / Double(height))
    let columns = min(max(Int((Double(width) * scale).rounded()), 1), area.columns)
    let rows = min(max(Int((Double(height) * scale / 2).rounded()), 1), area.rows)
    return CellArea(
      row: area.row + (area.rows - rows) / 2, column: area.column + (area.columns - columns) / 2,
      columns: columns, rows: rows)
  }

  /// The escape sequences that draw `pixels` (RGBA, 4 bytes per pixel, rows `pitch` bytes
  /// apart) scaled to fill `area`: `area.columns` × `2 × area.rows` pixels, nearest neighbour.
  /// Alpha is ignored. Returns "" when the buffer is smaller than `width`, `height` and `pitch`
  /// say.
  package static func render(
    rgba pixels: UnsafeRawBufferPointer, width: Int, height: Int, pitch: Int, in area: CellArea
  ) -> String {
    guard width > 0, height > 0, pitch >= width * 4, area.columns > 0, area.rows > 0,
      pixels.count >= pitch * (height - 1) + width * 4
    else { return "" }
    var output: [UInt8] = []
    output.reserveCapacity(area.columns * area.rows * 24)
    var foreground: Color?
    var background: Color?
    let pixelRows = area.rows * 2
    for cellRow in 0..<area.rows {
      append("\u{1B}[\(area.row + cellRow);\(area.column)H", to: &output)
      let top = (cellRow * 2) * height / pixelRows
      let bottom = (cellRow * 2 + 1) * height / pixelRows
      for cellColumn in 0..<area.columns {
        let x = cellColumn * width / area.columns
        let upper = Color(pixels, offset: top * pitch + x * 4)
        let lower = Color(pixels, offset: bottom * pitch + x * 4)
        if upper != foreground {
          append("\u{1B}[38;2;\(upper.red);\(upper.green);\(upper.blue)m", to: &output)
          foreground = upper
        }
        if lower != background {
          append("\u{1B}[48;2;\(lower.red);\(lower.green);\(lower.blue)m", to: &output)
          background = lower
        }
        output.append(contentsOf: upperHalfBlock)
      }
    }
    append("\u{1B}[0m", to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private static let upperHalfBlock = Array("\u{2580}".utf8)

  private static func append(_ text: String, to output: inout [UInt8]) {
    output.append(contentsOf: text.utf8)
  }

  private struct Color: Equatable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    init(_ pixels: UnsafeRawBufferPointer, offset: Int) {
      red = pixels[offset]
      green = pixels[offset + 1]
      blue = pixels[offset + 2]
    }
  }
}
