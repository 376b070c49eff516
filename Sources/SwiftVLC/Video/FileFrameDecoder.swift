// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CFrameDecoder
import FoundationEssentials

/// Decodes pictures of a local file with libavformat and libavcodec, which know the
/// presentation time of every frame: the thumbnailer's exact path (libVLC 3 gives its pictures
/// no timestamp; see docs/libvlc3-findings.md, "Thumbnails").
///
/// The picture at a time is the latest frame presented at or before it (the one a player
/// shows then); a fast one is the latest keyframe presented at or before it. Where the
/// demuxer's seek lands after that keyframe (MPEG-TS), it seeks further back. Several times
/// are made in one forward pass: a group of pictures is decoded once for all the times in it.
/// The decoding runs on a thread of its own; cancelling the calling task stops it between
/// packets. The thumbnailer's ``ExactFrameSource``.
struct FileFrameDecoder: ExactFrameSource {
  /// Decoding threads per pass (0: libavcodec's choice).
  var threads = 0

  typealias Outcome = ExactFrames
  typealias PassCounts = ExactFrames.PassCounts

  /// See ``ExactFrameSource/pictures(path:at:keyframeOnly:limit:size:delivered:)``; the pass
  /// runs on a thread of its own, where `delivered` is called.
  func pictures(
    path: String, at times: [Duration], keyframeOnly: Bool, limit: Duration,
    size: @escaping @Sendable (_ source: (width: Int, height: Int)) -> (width: Int, height: Int),
    delivered: @escaping @Sendable (_ index: Int) -> Void = { _ in }
  ) async throws(VLCError) -> Outcome {
    let decoder = Handle()
    let request = Request(
      path: path, times: times, keyframeOnly: keyframeOnly, threads: threads, limit: limit)
    let result: Result<Outcome, VLCError> = await withTaskCancellationHandler {
      await OwnThread.run { decoder.run(request, size: size, delivered: delivered) }
    } onCancel: {
      decoder.stop()
    }
    return try result.get()
  }

  /// What to decode.
  private struct Request: Sendable {
    var path: String
    var times: [Duration]
    var keyframeOnly: Bool
    var threads: Int
    var limit: Duration
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
      _ request: Request,
      size: @escaping (_ source: (width: Int, height: Int)) -> (width: Int, height: Int),
      delivered: @escaping (_ index: Int) -> Void
    ) -> Result<Outcome, VLCError> {
      let path = request.path
      let collector = Collector(
        count: request.times.count, path: path, size: size, delivered: delivered)
      var message = [CChar](repeating: 0, count: 256)
      let times = request.times.map { max(0, $0.microseconds) }
      let status = withExtendedLifetime(collector) {
        svlc_frame_decoder_run(
          pointer, path, times, Int32(times.count), request.keyframeOnly ? 1 : 0,
          Int32(request.threads), max(1, request.limit.microseconds),
          { context, index, decoder in
            guard let context, let decoder else { return 1 }
            let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
            return collector.take(Int(index), from: decoder) ? 0 : 1
          }, Unmanaged.passUnretained(collector).toOpaque(), &message, message.count)
      }
      let reason = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if let failure = collector.failure { return .failure(failure) }
      switch status {
      case SVLC_FRAME_OK:
        var packets: Int32 = 0
        var seeks: Int32 = 0
        svlc_frame_decoder_counts(pointer, &packets, &seeks)
        return .success(
          .pictures(
            collector.pictures.compactMap { $0 },
            PassCounts(packets: Int(packets), seeks: Int(seeks))))
      case SVLC_FRAME_UNREADABLE:
        return .success(.unreadable(reason))
      case SVLC_FRAME_PAST_END:
        return .success(.pastTheEnd(.microseconds(svlc_frame_decoder_duration(pointer))))
      case SVLC_FRAME_STOPPED:
        return .failure(.cancelled)
      case SVLC_FRAME_TIMED_OUT:
        return .failure(
          .timeout("decoding a picture of \(path) took longer than \(formatSeconds(request.limit))")
        )
      default:
        let when =
          request.times.count == 1
          ? "at \(formatSeconds(request.times[0], decimals: 3))" : "in one pass"
        return .failure(.playbackFailed(reason: "no picture of \(path) \(when): \(reason)"))
      }
    }
  }

  /// The callback's context for one run: converts each picture to RGBA as it is handed out.
  /// Used only on the decoding thread.
  private final class Collector {
    var pictures: [Thumbnail?]
    var failure: VLCError?
    /// The presentation time of the latest picture converted, and its index.
    private var last: (time: Int64, index: Int)?
    let path: String
    let size: (_ source: (width: Int, height: Int)) -> (width: Int, height: Int)
    let delivered: (_ index: Int) -> Void

    init(
      count: Int, path: String,
      size: @escaping (_ source: (width: Int, height: Int)) -> (width: Int, height: Int),
      delivered: @escaping (_ index: Int) -> Void
    ) {
      pictures = Array(repeating: nil, count: count)
      self.path = path
      self.size = size
      self.delivered = delivered
    }

    /// Converts the picture for time `index`; `false` (stopping the run) when that fails.
    func take(_ index: Int, from decoder: OpaquePointer) -> Bool {
      var width: Int32 = 0
      var height: Int32 = 0
      var presented: Int64 = 0
      svlc_frame_decoder_picture(decoder, &width, &height, &presented)
      // A frame already converted (a repeated time, or two times within one frame) is reused.
      if let last, last.time == presented, last.index < pictures.count,
        let picture = pictures[last.index]
      {
        return keep(picture, at: index)
      }
      // As a player shows it: square pixels, turned upright.
      var (aspectWidth, aspectHeight, rotation): (Int32, Int32, Int32) = (0, 0, 0)
      svlc_frame_decoder_geometry(decoder, &aspectWidth, &aspectHeight, &rotation)
      let geometry = DisplayGeometry(
        sampleAspect: AspectRatio(width: Int(aspectWidth), height: Int(aspectHeight)),
        rotation: Int(rotation))
      let output = geometry.beforeTurning(size(geometry.shown((Int(width), Int(height)))))
      var rgba = [UInt8](repeating: 0, count: output.width * output.height * 4)
      let converted = rgba.withUnsafeMutableBufferPointer {
        svlc_frame_decoder_rgba(decoder, Int32(output.width), Int32(output.height), $0.baseAddress)
      }
      guard converted == 0 else {
        failure = .playbackFailed(reason: "libswscale could not convert a picture of \(path)")
        return false
      }
      last = (presented, index)
      var picture = Thumbnail(width: output.width, height: output.height, rgba: rgba)
      // A frame without a timestamp has no known time.
      picture.time = presented == .min ? nil : .microseconds(max(presented, 0))
      return keep(geometry.turned(picture), at: index)
    }

    private func keep(_ picture: Thumbnail, at index: Int) -> Bool {
      guard pictures.indices.contains(index) else { return false }
      pictures[index] = picture
      delivered(index)
      return true
    }
  }
}
