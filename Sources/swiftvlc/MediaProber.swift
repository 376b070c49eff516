import Foundation
import SwiftVLC
import SwiftVLCCommandLine

/// Gathers what `swiftvlc probe` reports about one source.
///
/// Each source gets its own headless instance, and is parsed with
/// ``ParseDepth/decoded``: the container, the chapters and what only the decoders know
/// (channels of mono AAC in MP4, picture size of MPEG-TS, the streams of every TS program)
/// come from a moment of silent playback within the timeout.
struct MediaProber: Sendable {
  /// How long parsing may take.
  var timeout: Duration

  /// The report for `text`, or a report carrying the error.
  @MainActor
  func probe(_ text: String) async -> ProbeReport {
    do {
      return try await report(text)
    } catch {
      return ProbeReport(source: text, error: error)
    }
  }

  @MainActor
  private func report(_ text: String) async throws(VLCError) -> ProbeReport {
    let source = try MediaSource.parse(text)
    let instance = try VLCInstance(arguments: VLCInstance.headlessArguments)
    let media = try source.media(on: instance)
    let info = try await media.parse(
      timeout: timeout, network: source.isNetwork, depth: .decoded)
    guard info.isPlayable else {
      throw .parseFailed(reason: "no playable stream in \(text)")
    }
    return ProbeReport(source: text, mrl: media.mrl, info: info)
  }
}
