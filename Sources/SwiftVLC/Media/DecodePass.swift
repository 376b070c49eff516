internal import CLibVLC
import Foundation

/// A short, silent playback of a private copy of a media, on a private headless instance, to
/// learn what only the decoders know.
///
/// libVLC 3's preparse reports what the container declares: MP4 declares 2 channels for mono
/// AAC, MPEG-TS declares no picture size, frame rate or channel count, and a TS lists only
/// its first program. While a media plays, libVLC replaces each decoded stream's entry in the
/// media's track list with the decoder's output format (`EsOutUpdateInfo` in
/// `src/input/es_out.c`), and creates the streams of every PMT it reads. The decoders are
/// libavcodec's (`--codec=avcodec,any`): libVLC's own AAC decoder (faad) upmixes mono to
/// stereo. Audio goes to `adummy`, pictures to a 16×16 memory buffer nobody reads: the
/// `vdummy` output would open a window provider, and the Wayland one prints to stderr.
struct DecodePass: Sendable {
  /// What the playback found.
  struct Result: Sendable {
    /// The track list after decoding, in libVLC's order.
    var tracks: [Track]
    /// The media's duration as the playing input knows it.
    var duration: Duration?
    /// The demuxer module libVLC chose ("mp4", "mkv", "ts", "es", …).
    var demuxer: String?
    /// The chapters of the first title.
    var chapters: [Chapter]
    /// Whether the decoders reported before the time limit.
    var isComplete: Bool
  }

  /// How much playback time must pass before the decoders' formats are in the track list: the
  /// update happens when the demuxer sends the block after the first decoded one.
  static let playedEnough = Duration.milliseconds(250)

  var mrl: String
  var options: [String]

  /// Plays the media (the given `program` of a TS) until its decoders reported or `limit`
  /// passed; `nil` when libVLC cannot create the player.
  func run(program: Int?, limit: Duration) async -> Result? {
    guard
      let instance = try? VLCInstance(
        arguments: VLCInstance.headlessArguments + ["--codec=avcodec,any", "--no-sub-autodetect-file"])
    else { return nil }
    let logs = instance.logs(minimumLevel: .debug)
    let demuxer = Task { await firstDemuxer(in: logs) }
    defer { demuxer.cancel() }
    guard let pointer = libvlc_media_new_location(instance.pointer, mrl) else { return nil }
    let media = Media(instance: instance, pointer: pointer)
    for option in options { libvlc_media_add_option(pointer, option) }
    if let program { libvlc_media_add_option(pointer, ":program=\(program)") }

    let native = NativePlayer(instance: instance)
    defer { native.shutDown() }
    let buffer = PictureBuffer()
    native.retainUntilRelease(buffer)
    let started = await native.run { player in
      libvlc_video_set_callbacks(
        player, lockPicture, nil, nil, Unmanaged.passUnretained(buffer).toOpaque())
      libvlc_video_set_format(
        player, "RV32", UInt32(PictureBuffer.side), UInt32(PictureBuffer.side),
        UInt32(PictureBuffer.side * 4))
      libvlc_media_player_set_media(player, media.pointer)
      return libvlc_media_player_play(player) == 0
    }
    guard started else { return nil }
    let deadline = ContinuousClock.now + limit
    var isComplete = false
    while ContinuousClock.now < deadline && !Task.isCancelled {
      if await native.run({ hasDecoded($0, tracks: media.readTracks()) }) {
        isComplete = true
        break
      }
      try? await Task.sleep(for: .milliseconds(20))
    }
    let chapters = await native.run(readChapters)
    let length = libvlc_media_get_duration(media.pointer)
    demuxer.cancel()
    return Result(
      tracks: media.readTracks(), duration: length > 0 ? .milliseconds(length) : nil,
      demuxer: await demuxer.value, chapters: chapters, isComplete: isComplete)
  }
}

/// Whether the decoders have reported: the input ended, or it played for
/// ``DecodePass/playedEnough`` with a picture shown when there is video.
private func hasDecoded(_ player: OpaquePointer, tracks: [Track]) -> Bool {
  switch libvlc_media_player_get_state(player) {
  case libvlc_Ended, libvlc_Error: return true
  default: break
  }
  let played = libvlc_media_player_get_time(player) >= DecodePass.playedEnough.milliseconds
  let hasVideo = tracks.contains { $0.kind == .video }
  return played && (!hasVideo || libvlc_media_player_has_vout(player) > 0)
}

/// The chapters of the current title, names trimmed (libVLC's MKV demuxer indents them by
/// nesting level).
private func readChapters(_ player: OpaquePointer) -> [Chapter] {
  var list: UnsafeMutablePointer<UnsafeMutablePointer<libvlc_chapter_description_t>?>?
  let count = libvlc_media_player_get_full_chapter_descriptions(player, -1, &list)
  guard let list, count >= 0 else { return [] }
  defer { libvlc_chapter_descriptions_release(list, UInt32(count)) }
  return (0..<Int(count)).compactMap { index in
    list[index].map {
      Chapter(
        index: index, name: nonEmpty($0.pointee.psz_name)?.trimmingCharacters(in: .whitespaces),
        start: .milliseconds($0.pointee.i_time_offset),
        duration: .milliseconds($0.pointee.i_duration))
    }
  }
}

/// The first demuxer an instance's debug log names (`using demux module "mkv"`); `nil` when
/// the stream ends or is cancelled first.
private func firstDemuxer(in logs: AsyncStream<LogEntry>) async -> String? {
  let prefix = "using demux module \""
  for await entry in logs where entry.message.hasPrefix(prefix) {
    return String(entry.message.dropFirst(prefix.count).dropLast())
  }
  return nil
}

/// The pass's picture memory: libVLC's video output thread draws every picture into it, and
/// nothing reads it. Released with the native player (``NativePlayer/retainUntilRelease(_:)``).
private final class PictureBuffer: Sendable {
  static let side = 16
  // Written only by libVLC's video output thread, never read.
  nonisolated(unsafe) let bytes = UnsafeMutableRawPointer.allocate(
    byteCount: side * side * 4, alignment: 64)

  deinit { bytes.deallocate() }
}

/// vmem's lock callback: every picture goes into the one buffer.
private func lockPicture(
  opaque: UnsafeMutableRawPointer?, planes: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> UnsafeMutableRawPointer? {
  guard let opaque, let planes else { return nil }
  planes[0] = Unmanaged<PictureBuffer>.fromOpaque(opaque).takeUnretainedValue().bytes
  return nil
}
