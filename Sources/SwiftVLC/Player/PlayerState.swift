// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Where a ``Player`` is in its life. Maps `libvlc_state_t`, plus the states libVLC 3 lacks
/// (``stopping``) or reports wrongly (``error``, which libVLC 3 reads back as Ended).
public enum PlayerState: Sendable, Equatable {
  /// Nothing played yet.
  case idle
  /// Opening the source.
  case opening
  /// Filling the input buffer before the first picture or sound.
  case buffering
  /// Playing.
  case playing
  /// Paused; ``Player/resume()`` continues.
  case paused
  /// ``Player/stop()`` was called and the native player is shutting the input down.
  case stopping
  /// Stopped by ``Player/stop()``.
  case stopped
  /// Played to the end.
  case ended
  /// Opening or playing failed; ``Player/outcome`` says why.
  case error

  /// Whether a playback session is open (opening, buffering, playing or paused).
  public var isActive: Bool {
    switch self {
    case .opening, .buffering, .playing, .paused: true
    case .idle, .stopping, .stopped, .ended, .error: false
    }
  }
}

/// How a playback session ended. libVLC 3 reports an open failure and a natural end alike;
/// ``Player`` tells them apart.
///
/// libVLC 3 also ends a stream whose next HLS segment answers 404 or 500 exactly like a
/// natural end. So an end more than 2 s and more than a tenth of the known duration before
/// that duration, at a position below 0.9, is reported as
/// `.failed(.playbackFailed("ended early at X s of Y s …"))` instead of ``ended``. The
/// position condition keeps files whose duration libVLC only estimates (VBR audio, MPEG-TS)
/// from failing when they really played to the end.
public enum PlaybackOutcome: Sendable, Equatable {
  /// The media played to its end.
  case ended
  /// ``Player/stop()`` ended it.
  case stopped
  /// It failed; the error says how.
  case failed(VLCError)
}

/// A chapter of the current title. Maps `libvlc_chapter_description_t`.
public struct Chapter: Sendable, Hashable {
  /// Index, from 0, as ``Player/selectChapter(_:)`` takes it.
  public var index: Int
  /// The chapter's name, when the container has one.
  public var name: String?
  /// Where the chapter starts.
  public var start: Duration
  /// How long it lasts.
  public var duration: Duration

  /// Creates a chapter description.
  public init(index: Int, name: String?, start: Duration, duration: Duration) {
    self.index = index
    self.name = name
    self.start = start
    self.duration = duration
  }
}

/// A title (a DVD title or an edition of a file). Maps `libvlc_title_description_t`.
public struct Title: Sendable, Hashable {
  /// Index, from 0, as ``Player/selectTitle(_:)`` takes it.
  public var index: Int
  /// The title's name, when known.
  public var name: String?
  /// The title's length.
  public var duration: Duration
  /// Whether libVLC flags it as a menu.
  public var isMenu: Bool
}
