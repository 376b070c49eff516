// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// The final copy of a recording into its container, kept apart from libVLC: libVLC 3's
/// muxers reorder tracks, lose titles, flags, chapters and tags, and Matroska's drops every
/// subtitle (docs/libvlc3-findings.md, "Recording fidelity"). ``Recording`` reaches the copy
/// only through this protocol; ``FFmpegRemuxer`` is the implementation.
protocol ContainerRemuxer: Sendable {
  /// Prepares a copy described by `job`; nothing is read or written until ``RemuxCopy/run()``.
  func copy(_ job: RemuxJob) -> RemuxCopy
  /// Starts watching the file at `path`, being written in `container`, for its first video
  /// keyframe, on a thread of its own; `nil` when the file cannot be opened.
  func watchKeyframe(at path: String, container: OutputContainer) -> KeyframeWatch?
}

/// What to copy, from where to where.
struct RemuxJob: Sendable {
  /// The file to read.
  var input: String
  /// The file to write (created or replaced).
  var output: String
  /// The name a failure to write gives the output: the destination a partial file is moved
  /// to (``RecordingTarget``); `nil` for ``output`` itself.
  var outputName: String? = nil
  /// The output's container.
  var container: OutputContainer
  /// How much to copy, from the first packet copied on; `nil` for everything.
  var duration: Duration?
  /// Whether every stream starts at the video's first keyframe (a live recording's start).
  var startAtKeyframe = false
  /// The source's tracks in its order: the output follows it and takes each track's language
  /// and title. Empty: the input's own order and tags are kept (a local file copied as is).
  var sources: [Track] = []
  /// Each of ``sources``' default and forced flags, where the source's own headers tell them
  /// (libVLC 3 does not, and its muxers set their own); empty: the input's are kept.
  var flags: [(isDefault: Bool, isForced: Bool)] = []
  /// A local Matroska input's track entries (its own `Tracks`), for those it marks unusable
  /// (`FlagEnabled` 0, which libavformat's demuxer does not read): marked so in the output,
  /// or named.
  var matroskaTracks: [MatroskaTracks.Entry] = []
  /// Whether audio or video the container cannot hold fails the copy before anything is
  /// written (``RemuxReport/refused``) rather than being left out.
  var refusesUnheld = false
  /// For libVLC 3's file: the earliest time on libVLC's clock (`libvlc_clock()`, the system's
  /// monotonic clock) its muxers may have stamped packets with, and then one jump onto that
  /// clock is joined whatever the input's format (see `svlc_remux_set_join_jumps`).
  var clockSince: Duration?
  /// How many streams of an MPEG-TS input that repeat another may be left out: libVLC 3's
  /// recording of a source whose programs share a stream holds it once per program.
  var repeats = 0
  /// The source's tags by libavformat's generic key ("title", "artist", "track"), for an
  /// input that lacks them (libVLC's file: its muxers write none).
  var tags: [String: String] = [:]
  /// The source's chapters as libVLC plays them, written instead of the input's (libVLC's
  /// muxers write none; libavformat reads Matroska editions otherwise than libVLC plays them).
  var chapters: [Chapter] = []
  /// The tracks libVLC read from the input itself, whose titles go to its streams without one
  /// (a local copy: libavformat does not read every title libVLC does).
  var titled: [Track] = []
}

/// What a finished copy left out.
struct RemuxReport: Sendable {
  /// A stream of the input that the container could not hold.
  struct Dropped: Sendable {
    /// The stream's place in the input.
    var index: Int
    var kind: TrackKind
    /// libavcodec's name of its codec ("subrip", "dvb_teletext"); for a stream it has no
    /// codec for, an attachment's MIME type or a data stream's tag ("tmcd"), or "".
    var codec: String
    var language: String?
    /// Why it was left out ("MPEG-TS cannot hold SubRip subtitle").
    var reason: String
    /// Whether libavcodec has no codec for it (a data stream).
    var isUnnamed = false
    /// Whether it is an attached picture (a cover), which libVLC lists as no track.
    var isCover = false
  }

  /// A field written into the output that reading the finished file back did not find.
  struct Lost: Sendable {
    /// The stream's place in the input; `nil` for the file's metadata.
    var index: Int?
    var kind: TrackKind
    var language: String?
    /// "title", "language", "default", "forced", "packets" (some refused by the muxer),
    /// "configuration" (AAC packets in another configuration left out), "styling" (a text
    /// subtitle converted), "programs", or a metadata key.
    var field: String
    /// What was written ("yes"/"no" for flags).
    var value: String
  }

  var dropped: [Dropped] = []
  /// Fields of the streams kept, and of the file, that the finished output does not hold.
  var lost: [Lost] = []
  /// Chapters the container could not hold.
  var droppedChapters = 0
  /// How much of the input was cut before the video's first keyframe.
  var skipped: Duration = .zero
  /// How far the copy moved its times back to start at 0 (the input's first time).
  var shift: Duration = .zero
  /// Whether the copy was stopped before the input's end (the output is finished anyway).
  var stopped = false
  /// With ``RemuxJob/refusesUnheld``: the container cannot hold the ``dropped`` audio or
  /// video, and nothing was written.
  var refused = false
}
