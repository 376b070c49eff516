// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

extension Media {
  /// A second media for the same source, with the same options. Maps `libvlc_media_duplicate`.
  ///
  /// libVLC 3 duplicates the handle, not the item behind it: the two share their metadata,
  /// their parse state and result, and their options (one added to either applies to both
  /// the next time they play). Each can be played by a player of its own, at the same time.
  /// Thread-safe; does not block.
  ///
  /// - Throws: ``VLCError/invalidState(_:)`` for a media reading from a custom input
  ///   (``init(data:instance:)``, ``init(stream:instance:)``): both would read one stream;
  ///   ``VLCError/operationFailed(_:)`` when libVLC makes no copy.
  public func duplicate() throws(VLCError) -> Media {
    guard input == nil else {
      throw .invalidState(
        "a media reading from a custom input cannot be duplicated: both would read one stream")
    }
    guard let copy = libvlc_media_duplicate(pointer) else {
      throw .operationFailed("libVLC could not duplicate \(mrl)")
    }
    let media = Media(instance: instance, pointer: copy)
    let options = options
    media.addedOptions.withLock { $0 = options }
    return media
  }
}
