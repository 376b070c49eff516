// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Where things go on a contact sheet: an optional header of text lines at the top, then the
/// grid, each cell with its time under it, with gaps between cells and around the grid. Sizes
/// in pixels, derived from the cell size only, so the layout is known before anything is drawn.
package struct SheetLayout: Equatable, Sendable {
  /// Pictures per row.
  package var columns: Int
  /// Rows of pictures.
  package var rows: Int
  /// A picture's width.
  package var cellWidth: Int
  /// A picture's height.
  package var cellHeight: Int
  /// Lines of text in the header; 0 leaves the header out.
  package var headerLines: Int

  /// Creates a layout.
  package init(columns: Int, rows: Int, cellWidth: Int, cellHeight: Int, headerLines: Int) {
    self.columns = columns
    self.rows = rows
    self.cellWidth = cellWidth
    self.cellHeight = cellHeight
    self.headerLines = headerLines
  }

  /// The space between cells and around the grid: 1/40 of a cell's width, at least 4.
  package var gap: Int { max(4, cellWidth / 40) }

  /// The header's font size: 1/64 of the sheet's width, from 10 to 20.
  package var headerFontSize: Int { min(max(width / 64, 10), 20) }

  /// The cells' time font size: 1/20 of a cell's width, from 9 to 16.
  package var timeFontSize: Int { min(max(cellWidth / 20, 9), 16) }

  /// The strip under each picture that holds its time.
  package var captionHeight: Int { TextPainter.lineHeight(pixelSize: timeFontSize) + 2 }

  /// The header's height above the grid's top gap; 0 without a header.
  package var headerHeight: Int {
    headerLines == 0
      ? 0 : gap + headerLines * TextPainter.lineHeight(pixelSize: headerFontSize)
  }

  /// The sheet's width.
  package var width: Int { columns * cellWidth + (columns + 1) * gap }

  /// The sheet's height.
  package var height: Int { headerHeight + gap + rows * (cellHeight + captionHeight + gap) }

  /// The top-left pixel of cell `index` (row by row from 0).
  package func origin(ofCell index: Int) -> (x: Int, y: Int) {
    (
      gap + index % columns * (cellWidth + gap),
      headerHeight + gap + index / columns * (cellHeight + captionHeight + gap)
    )
  }

  /// The baseline of header line `index` (from 0).
  package func headerBaseline(_ index: Int) -> Int {
    gap + index * TextPainter.lineHeight(pixelSize: headerFontSize) + headerFontSize * 93 / 100
  }

  /// The baseline of the time under cell `index`.
  package func timeBaseline(ofCell index: Int) -> Int {
    origin(ofCell: index).y + cellHeight + 1 + timeFontSize * 93 / 100
  }
}
