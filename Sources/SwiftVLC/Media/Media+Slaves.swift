// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import FoundationEssentials

/// A subtitle or audio file attached to a ``Media``. Maps `libvlc_media_slave_t`.
public struct Slave: Sendable, Hashable {
  /// The file's location, as libVLC holds it (a `file://` URL for local files).
  public var url: String
  /// What it carries.
  public var kind: SlaveKind
  /// 0 (lowest) to 4 (added by the user); libVLC's own finds next to the file rank lower.
  public var priority: Int
}

extension Media {
  /// The subtitle and audio files attached to this media: those added with
  /// ``addSlave(url:kind:priority:)`` and those libVLC found next to a file it played or
  /// parsed. Maps `libvlc_media_slaves_get`; does not block.
  public var slaves: [Slave] {
    var list: UnsafeMutablePointer<UnsafeMutablePointer<libvlc_media_slave_t>?>?
    let count = libvlc_media_slaves_get(pointer, &list)
    guard let list, count > 0 else { return [] }
    defer { libvlc_media_slaves_release(list, count) }
    return (0..<Int(count)).compactMap { index in
      list[index].map { slave in
        Slave(
          url: String(cString: slave.pointee.psz_uri),
          kind: slave.pointee.i_type == libvlc_media_slave_type_audio ? .audio : .subtitle,
          priority: Int(slave.pointee.i_priority))
      }
    }
  }

  /// Detaches every subtitle and audio file from this media (libVLC 3 removes them all at
  /// once; there is no single removal). Takes effect the next time the media is played.
  /// Maps `libvlc_media_slaves_clear`.
  public func removeSlaves() {
    libvlc_media_slaves_clear(pointer)
  }
}
