// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import FoundationEssentials

extension Media {
  /// A new, independent media for the same location, with this media's options plus `options`.
  ///
  /// libVLC cannot remove an option once added, so output options (`:sout`, `:start-time`) go
  /// on a copy and the caller's media stays as it was. The copy is made from the MRL, not with
  /// `libvlc_media_duplicate`: in libVLC 3 a duplicate shares the original's input item, so an
  /// option added to it is added to the original too. A custom input's copy reads from the
  /// same source (each playback opens it anew); one made from an `AsyncSequence` cannot be
  /// read a second time and is refused. Slaves added with ``addSlave(url:kind:priority:)`` are
  /// not carried over.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for an `AsyncSequence` input;
  ///   ``VLCError/mediaCreationFailed(source:)`` when libVLC cannot make the copy.
  func copy(adding options: [String]) throws(VLCError) -> Media {
    let copy: Media
    if let input {
      guard input.isSeekable else {
        throw .invalidInput(
          "\(mrl) reads an AsyncSequence front to back; it cannot be opened a second time")
      }
      copy = Media(
        instance: instance, pointer: try input.makeNativeMedia(instance: instance), input: input)
    } else {
      clearLibVLCError()
      guard let pointer = libvlc_media_new_location(instance.pointer, mrl) else {
        throw .mediaCreationFailed(source: explain(mrl))
      }
      copy = Media(instance: instance, pointer: pointer)
    }
    for option in self.options + options { copy.addOption(option) }
    return copy
  }

  /// Whether the source is a local file, which libVLC reads faster than real time and whose
  /// playback time it always knows, and which may be read before libVLC reads it (parsed,
  /// copied directly, its headers read): a `file://` location that is not a FIFO, a device or
  /// a socket. Those are read as live streams, once: a read ahead would block until a writer
  /// comes, or take the data libVLC was to read.
  package var isLocalFile: Bool {
    guard mrl.hasPrefix("file://") else { return false }
    guard let path = URL(string: mrl)?.path, let kind = FileKind(path: path) else {
      return true  // missing: named as such later
    }
    return kind == .regular || kind == .directory
  }

  /// The path of the local file a `file://` media reads (``isLocalFile``); `nil` for other
  /// locations (a FIFO or a device among them) and for a custom input.
  var localPath: String? {
    guard input == nil, isLocalFile, let url = URL(string: mrl) else { return nil }
    return url.path
  }

  /// The extension of the location's name, in lower case and without its query ("mp4"; ""
  /// without one).
  var locationExtension: String { URL(string: mrl)?.pathExtension.lowercased() ?? "" }

  /// Whether the location names an adaptive-streaming playlist (HLS `.m3u8` or `.m3u`, DASH
  /// `.mpd`), whose own bytes and size say nothing of its media.
  var isPlaylistLocation: Bool { ["m3u8", "m3u", "mpd"].contains(locationExtension) }
}

/// A media option value for a time in seconds, such as `"12.345"`.
func optionSeconds(_ duration: Duration) -> String {
  String(Double(duration.milliseconds) / 1_000)
}
