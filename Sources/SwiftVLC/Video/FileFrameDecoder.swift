internal import CFrameDecoder
import Foundation

/// Decodes one picture of a local file with libavformat and libavcodec, which know the
/// presentation time of every frame: the thumbnailer's exact path (libVLC 3 gives its pictures
/// no timestamp; see docs/libvlc3-findings.md, "Thumbnails").
///
/// The picture at a time is the latest frame presented at or before it (the one a player
/// shows then); a fast one is the latest keyframe presented at or before it. Where the
/// demuxer's seek lands after that keyframe (MPEG-TS), it seeks further back. The decoding
/// runs on a thread of its own; cancelling the calling task stops it between packets.
enum FileFrameDecoder {
  /// What a decoding gave.
  enum Outcome: Sendable {
    case picture(Thumbnail, time: Duration)
    /// libavformat cannot read the file (or finds no video with timestamps): another way may.
    case unreadable(String)
    /// The time is at or past the end of the file, whose duration this is.
    case pastTheEnd(Duration)
  }

  /// The picture of the file at `path` at `time`, `size` deciding the output size from the
  /// source's. Blocks a thread of its own (not the caller's) for at most `limit`.
  ///
  /// - Throws: ``VLCError/playbackFailed(reason:)`` when no picture decodes;
  ///   ``VLCError/timeout(_:)``; ``VLCError/cancelled``.
  static func picture(
    path: String, at time: Duration, keyframeOnly: Bool, limit: Duration,
    size: @escaping @Sendable (_ source: (width: Int, height: Int)) -> (width: Int, height: Int)
  ) async throws(VLCError) -> Outcome {
    let decoder = Handle()
    let result: Result<Outcome, VLCError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread {
          continuation.resume(
            returning: decoder.run(
              path: path, time: time, keyframeOnly: keyframeOnly, limit: limit, size: size))
        }
      }
    } onCancel: {
      decoder.stop()
    }
    return try result.get()
  }

  /// One C decoder. `@unchecked Sendable`: `run` is called once, on one thread; `stop` only
  /// sets an atomic flag, and may come from any thread at any time; the C object is freed
  /// when the last of both lets go of the handle.
  private final class Handle: @unchecked Sendable {
    let pointer: OpaquePointer

    init() {
      guard let pointer = svlc_frame_decoder_new() else { fatalError("out of memory") }
      self.pointer = pointer
    }

    deinit { svlc_frame_decoder_free(pointer) }

    func stop() { svlc_frame_decoder_stop(pointer) }

    func run(
      path: String, time: Duration, keyframeOnly: Bool, limit: Duration,
      size: (_ source: (width: Int, height: Int)) -> (width: Int, height: Int)
    ) -> Result<Outcome, VLCError> {
      var message = [CChar](repeating: 0, count: 256)
      let status = svlc_frame_decoder_run(
        pointer, path, max(0, Int64(time.microseconds)), keyframeOnly ? 1 : 0,
        max(1, Int64(limit.microseconds)), &message, message.count)
      let reason = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      switch status {
      case SVLC_FRAME_OK:
        break
      case SVLC_FRAME_UNREADABLE:
        return .success(.unreadable(reason))
      case SVLC_FRAME_PAST_END:
        return .success(.pastTheEnd(.microseconds(svlc_frame_decoder_duration(pointer))))
      case SVLC_FRAME_STOPPED:
        return .failure(.cancelled)
      case SVLC_FRAME_TIMED_OUT:
        return .failure(.timeout("decoding a picture of \(path) took longer than \(limit)"))
      default:
        return .failure(.playbackFailed(reason: "no picture of \(path) at \(time): \(reason)"))
      }
      var width: Int32 = 0
      var height: Int32 = 0
      var presented: Int64 = 0
      svlc_frame_decoder_picture(pointer, &width, &height, &presented)
      let output = size((Int(width), Int(height)))
      var rgba = [UInt8](repeating: 0, count: output.width * output.height * 4)
      let converted = rgba.withUnsafeMutableBufferPointer {
        svlc_frame_decoder_rgba(
          pointer, Int32(output.width), Int32(output.height), $0.baseAddress)
      }
      guard converted == 0 else {
        return .failure(
          .playbackFailed(reason: "libswscale could not convert a picture of \(path)"))
      }
      return .success(
        .picture(
          Thumbnail(width: output.width, height: output.height, rgba: rgba),
          time: .microseconds(presented)))
    }
  }
}

extension Duration {
  /// The duration in whole microseconds, rounded towards zero.
  fileprivate var microseconds: Int64 {
    components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000
  }
}
