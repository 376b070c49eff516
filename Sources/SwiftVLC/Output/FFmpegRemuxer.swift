// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CRemux
import FoundationEssentials
import Glibc

/// The ``ContainerRemuxer`` on libavformat (the CRemux target): streams are copied, never
/// re-encoded, except text subtitles, which become the text format the container holds
/// (mov_text in MP4, SubRip in Matroska).
struct FFmpegRemuxer: ContainerRemuxer {
  /// libVLC names some languages by two letters ("fr"); containers want ISO 639-2 ("fre").
  static func threeLetter(_ language: String) -> String {
    let twoToThree: [String: String] = [
      "en": "eng", "fr": "fre", "de": "ger", "es": "spa", "it": "ita", "ja": "jpn", "nl": "dut",
      "pt": "por", "ru": "rus", "zh": "chi", "ar": "ara", "sv": "swe", "pl": "pol", "ko": "kor",
    ]
    return twoToThree[language.lowercased()] ?? language
  }

  /// Whether a copy into `container` holds a stream of libVLC's codec `codec` as it is;
  /// `nil` when the copy does not know the codec.
  static func holds(codec: String, in container: OutputContainer) -> Bool? {
    switch svlc_remux_format_holds(container.avformatName, codec.trimmingSpaces()) {
    case 1: true
    case 0: false
    default: nil
    }
  }

  func copy(_ job: RemuxJob) -> RemuxCopy { RemuxCopy(job: job) }

  func watchKeyframe(at path: String, container: OutputContainer) -> KeyframeWatch? {
    KeyframeWatch(path: path, format: container.avformatName)
  }
}

/// One copy. ``run()`` blocks a thread of its own; ``stop()`` and ``position`` may be used
/// from any thread meanwhile.
// @unchecked: the C object's stop flag and position are C11 atomics; everything else is
// touched only by run(), once.
final class RemuxCopy: @unchecked Sendable {
  private let pointer: OpaquePointer?
  private let job: RemuxJob

  fileprivate init(job: RemuxJob) {
    self.job = job
    pointer = svlc_remux_new(job.input, job.output, job.container.avformatName)
    guard let pointer else { return }
    if let duration = job.duration {
      svlc_remux_set_duration(pointer, duration.microseconds)
    }
    svlc_remux_set_start_at_keyframe(pointer, job.startAtKeyframe ? 1 : 0)
    svlc_remux_set_refuse_unheld(pointer, job.refusesUnheld ? 1 : 0)
    svlc_remux_set_drop_repeats(pointer, Int32(clamping: job.repeats))
    svlc_remux_set_join_jumps(pointer, job.clockSince?.microseconds ?? 0)
    for (key, value) in job.tags.sorted(by: { $0.key < $1.key }) {
      svlc_remux_add_tag(pointer, key, value)
    }
    for track in job.titled where track.kind != .unknown {
      svlc_remux_add_title(pointer, Self.kindCode(track.kind), track.name ?? "")
    }
    for chapter in job.chapters {
      svlc_remux_add_chapter(
        pointer, chapter.start.microseconds, (chapter.start + chapter.duration).microseconds,
        chapter.name)
    }
    for (index, track) in job.sources.enumerated() {
      // libVLC 3 does not tell a track's default and forced flags: -1 keeps the input's.
      let flags = job.flags.count == job.sources.count ? job.flags[index] : nil
      svlc_remux_add_source(
        pointer, Self.kindCode(track.kind), track.codec.trimmingSpaces(),
        track.language.map(FFmpegRemuxer.threeLetter) ?? "", track.name ?? "",
        flags.map { $0.isDefault ? 1 : 0 } ?? -1, flags.map { $0.isForced ? 1 : 0 } ?? -1)
      if let rate = track.sampleRate { svlc_remux_set_source_rate(pointer, Int32(clamping: rate)) }
      if let turn = track.displayRotation {
        svlc_remux_set_source_rotation(pointer, Int32(clamping: turn))
      }
    }
    if job.matroskaTracks.contains(where: { !$0.isEnabled }) {
      let kinds = job.matroskaTracks.map { String(UnicodeScalar(UInt8(Self.kindCode($0.kind)))) }
      svlc_remux_set_matroska_tracks(
        pointer, kinds.joined(), job.matroskaTracks.map { $0.isEnabled ? "0" : "1" }.joined())
    }
  }

  deinit { svlc_remux_free(pointer) }

  /// CRemux's letter for a track kind.
  private static func kindCode(_ kind: TrackKind) -> CChar {
    switch kind {
    case .video: CChar(UInt8(ascii: "v"))
    case .audio: CChar(UInt8(ascii: "a"))
    case .subtitle: CChar(UInt8(ascii: "s"))
    case .unknown: CChar(UInt8(ascii: "d"))
    }
  }

  /// Ends a running copy soon; the output is finished with what was copied.
  func stop() {
    if let pointer { svlc_remux_stop(pointer) }
  }

  /// How far the copy has got, in the input's time from the first packet copied.
  var position: Duration {
    guard let pointer else { return .zero }
    return .microseconds(svlc_remux_position(pointer))
  }

  /// Copies, on a thread of its own, and reports what was left out.
  func run() async -> Result<RemuxReport, VLCError> {
    await OwnThread.run { self.runBlocking() }
  }

  private func runBlocking() -> Result<RemuxReport, VLCError> {
    guard let pointer else {
      return .failure(
        .operationFailed(svlc_remux_unavailable().map { String(cString: $0) } ?? "out of memory"))
    }
    let status = svlc_remux_run(pointer)
    let error = String(cString: svlc_remux_error(pointer))
    switch status {
    case SVLC_REMUX_UNREADABLE:
      return .failure(.operationFailed("cannot read \(job.input): \(error)"))
    case SVLC_REMUX_UNWRITABLE, SVLC_REMUX_EMPTY:
      let reason = svlc_remux_reader_gone(pointer) != 0 ? RecordingTarget.readerGone : error
      return .failure(.operationFailed("cannot write \(job.outputName ?? job.output): \(reason)"))
    default:
      break
    }
    var report = RemuxReport()
    report.stopped = status == SVLC_REMUX_STOPPED
    report.refused = status == SVLC_REMUX_REFUSED
    report.droppedChapters = Int(svlc_remux_dropped_chapters(pointer))
    report.skipped = .microseconds(max(0, svlc_remux_skipped(pointer)))
    report.shift = .microseconds(max(0, svlc_remux_shift(pointer)))
    for at in 0..<svlc_remux_dropped_count(pointer) {
      report.dropped.append(
        RemuxReport.Dropped(
          index: Int(svlc_remux_dropped_index(pointer, at)),
          kind: TrackKind(remuxKind: svlc_remux_dropped_kind(pointer, at)),
          codec: String(cString: svlc_remux_dropped_codec(pointer, at)),
          language: nonEmpty(svlc_remux_dropped_language(pointer, at)),
          reason: String(cString: svlc_remux_dropped_reason(pointer, at)),
          isUnnamed: svlc_remux_dropped_unnamed(pointer, at) != 0,
          isCover: svlc_remux_dropped_cover(pointer, at) != 0))
    }
    for at in 0..<svlc_remux_lost_count(pointer) {
      let index = Int(svlc_remux_lost_index(pointer, at))
      report.lost.append(
        RemuxReport.Lost(
          index: index < 0 ? nil : index,
          kind: TrackKind(remuxKind: svlc_remux_lost_kind(pointer, at)),
          language: nonEmpty(svlc_remux_lost_language(pointer, at)),
          field: String(cString: svlc_remux_lost_field(pointer, at)),
          value: String(cString: svlc_remux_lost_value(pointer, at))))
    }
    return .success(report)
  }
}

extension TrackKind {
  /// The kind CRemux names by 'v', 'a' or 's' (anything else is unknown).
  fileprivate init(remuxKind: CChar) {
    self =
      switch UInt8(bitPattern: remuxKind) {
      case UInt8(ascii: "v"): .video
      case UInt8(ascii: "a"): .audio
      case UInt8(ascii: "s"): .subtitle
      default: .unknown
      }
  }
}

extension Metadata {
  /// The values libavformat's muxers write, by their generic key. The encoder and the
  /// artwork are the muxer's and the file's own.
  var avformatTags: [String: String] {
    let keys: [MetadataKey: String] = [
      .title: "title", .artist: "artist", .album: "album", .albumArtist: "album_artist",
      .genre: "genre", .date: "date", .copyright: "copyright", .trackNumber: "track",
      .description: "comment", .publisher: "publisher",
    ]
    var tags: [String: String] = [:]
    for (key, name) in keys {
      if let value = values[key]?.trimmingSpaces(), !value.isEmpty { tags[name] = value }
    }
    return tags
  }
}

extension OutputContainer {
  /// libavformat's muxer name.
  var avformatName: String {
    switch self {
    case .ts: "mpegts"
    case .mp4: "mp4"
    case .mkv: "matroska"
    }
  }
}
