// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

extension Media {
  /// Plays bytes held in memory, such as a downloaded or decrypted clip.
  ///
  /// The media is seekable: libVLC knows its size and reads any part at any time, on its own
  /// input thread. The bytes are shared, not copied (`Data` is copy-on-write), and several
  /// players may play the media at once. libVLC 3 does not parse custom inputs ahead of
  /// playing: ``parse(timeout:network:depth:)`` throws, and tracks and duration are known once the
  /// media plays. Maps `libvlc_media_new_callbacks` (open, read, seek and close callbacks).
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for empty data;
  ///   ``VLCError/mediaCreationFailed(source:)`` when libVLC cannot create the media.
  public convenience init(data: Data, instance: VLCInstance = .shared) throws(VLCError) {
    guard !data.isEmpty else { throw .invalidInput("the data to play is empty") }
    let input = CustomInput(.data(data))
    try self.init(
      instance: instance, pointer: input.makeNativeMedia(instance: instance), input: input)
  }

  /// Plays bytes produced by an asynchronous sequence, such as a download or a decryptor.
  ///
  /// libVLC gets no seek callback and no size, so it reads the sequence front to back: use a
  /// container that allows it (MPEG-TS, or MP4 with its header first). libVLC may still report
  /// the media seekable when it can seek within what it has buffered. Each playback iterates
  /// `stream` anew, in a task SwiftVLC creates, and buffers at most about 1 MiB ahead of
  /// libVLC (the task waits meanwhile); a sequence that can be iterated only once (an
  /// `AsyncStream`) plays only once. When the sequence ends, playback reaches its end; when it
  /// throws, the bytes before the error play and the player then ends with
  /// ``PlaybackOutcome/failed(_:)`` and ``VLCError/playbackFailed(reason:)``. Stopping the
  /// player, or libVLC closing the input, cancels the task (stopping any player interrupts
  /// every playback of this media, so play it in one player at a time). Maps
  /// `libvlc_media_new_callbacks` (open, read and close callbacks, no seek).
  ///
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` when libVLC cannot create the media.
  public convenience init<S: AsyncSequence & Sendable>(
    stream: S, instance: VLCInstance = .shared
  ) throws(VLCError) where S.Element == [UInt8] {
    let input = CustomInput(
      .stream { buffer in
        Task { await buffer.fill(from: stream) }
      })
    try self.init(
      instance: instance, pointer: input.makeNativeMedia(instance: instance), input: input)
  }
}
