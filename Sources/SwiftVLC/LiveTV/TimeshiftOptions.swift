// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Where and how much of a live source ``Timeshift`` keeps on disk.
public struct TimeshiftOptions: Sendable, Equatable {
  /// The smallest ``sizeLimit``: 4 MiB.
  public static let minimumSize = 4 << 20

  /// The folder that holds the buffers (each in a `buffer-XXXXXX` folder of its own, made
  /// and removed by SwiftVLC), or `nil` for `$TMPDIR/swiftvlc-timeshift-UID` (`/tmp/...`
  /// without `TMPDIR`). Created when missing.
  public var folder: String?
  /// The most bytes kept, at least ``minimumSize``; the oldest part goes beyond it. At
  /// 4 Mbit/s, 512 MiB (the default) is about 17 minutes.
  public var sizeLimit: Int

  /// Options with a folder (`nil`: the default) and a size limit in bytes.
  public init(folder: String? = nil, sizeLimit: Int = 512 << 20) {
    self.folder = folder
    self.sizeLimit = sizeLimit
  }

  /// Refuses a size limit under ``minimumSize`` with ``VLCError/invalidInput(_:)``.
  func validate() throws(VLCError) {
    guard sizeLimit >= Self.minimumSize else {
      throw .invalidInput(
        "a timeshift size limit of \(sizeLimit) bytes is under \(Self.minimumSize)")
    }
  }
}
