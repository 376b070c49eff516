// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC

/// Decoded audio gathered from an ``AudioSampleStream``, one array of floats (-1…1) per channel.
struct PCMCapture: Sendable {
  struct Layout: Hashable, Sendable {
    var format: SampleFormat
    var sampleRate: Int
    var channels: Int
  }

  var layouts: Set<Layout> = []
  var channels: [[Float]] = []
  var buffers: [AudioBufferInfo] = []
  var frameCount: Int { channels.first?.count ?? 0 }

  mutating func append(_ buffer: AudioBuffer) {
    layouts.insert(
      Layout(format: buffer.format, sampleRate: buffer.sampleRate, channels: buffer.channels))
    if channels.count < buffer.channels {
      channels += Array(repeating: [], count: buffer.channels - channels.count)
    }
    for channel in 0..<buffer.channels {
      channels[channel] += buffer.samples(ofChannel: channel)
    }
    buffers.append(AudioBufferInfo(buffer))
  }

  /// Root-mean-square level of one channel, 0…1.
  func rms(channel: Int) -> Float { channels[channel].rms }

  /// The frequency of one channel, from its rising zero crossings (exact for a clean tone).
  func frequency(channel: Int, sampleRate: Int) -> Double {
    let samples = channels[channel]
    var rising: [Double] = []
    for index in 1..<samples.count where samples[index - 1] < 0 && samples[index] >= 0 {
      let before = Double(samples[index - 1])
      let after = Double(samples[index])
      rising.append(Double(index - 1) + before / (before - after))
    }
    guard let first = rising.first, let last = rising.last, rising.count > 2 else { return 0 }
    return Double(rising.count - 1) / ((last - first) / Double(sampleRate))
  }
}

/// What a test needs to remember of a buffer once its memory went back to the pool.
struct AudioBufferInfo: Sendable {
  var frameCount: Int
  var presentationTime: Duration?
  var isDiscontinuity: Bool
  var receivedAhead: Duration?
  var level: Float

  init(_ buffer: AudioBuffer) {
    frameCount = buffer.frameCount
    presentationTime = buffer.presentationTime
    isDiscontinuity = buffer.isDiscontinuity
    receivedAhead = buffer.presentationTime.map { $0 - AudioBuffer.clockTime }
    level = buffer.samples(ofChannel: 0).rms
  }
}

extension AudioBuffer {
  /// The samples of one channel as floats in -1…1.
  func samples(ofChannel channel: Int) -> [Float] {
    withUnsafeBytes { raw in
      stride(from: channel, to: frameCount * channels, by: channels).map { index in
        switch format {
        case .s16:
          Float(raw.loadUnaligned(fromByteOffset: index * 2, as: Int16.self)) / 32_768
        case .float32:
          raw.loadUnaligned(fromByteOffset: index * 4, as: Float.self)
        }
      }
    }
  }

  /// Root-mean-square level of the first channel.
  var level: Float { samples(ofChannel: 0).rms }
}

extension [Float] {
  var rms: Float {
    isEmpty ? 0 : (reduce(0) { $0 + $1 * $1 } / Float(count)).squareRoot()
  }
}

/// Reads `stream` until `frames` frames arrived, failing after `limit`.
func capture(
  _ stream: AudioSampleStream, frames: Int, within limit: Duration = .seconds(10)
) async throws -> PCMCapture {
  try await within(limit, "\(frames) frames of audio") {
    var capture = PCMCapture()
    for await buffer in stream {
      capture.append(buffer)
      if capture.frameCount >= frames { return capture }
    }
    throw TimedOut(what: "\(frames) frames (the stream ended after \(capture.frameCount))")
  }
}

/// Reads `stream` until a buffer satisfies `predicate`, failing after `limit`.
func firstBuffer(
  of stream: AudioSampleStream, within limit: Duration = .seconds(10), _ what: String,
  where predicate: @escaping @Sendable (AudioBuffer) -> Bool
) async throws -> AudioBufferInfo {
  try await within(limit, what) {
    for await buffer in stream where predicate(buffer) {
      return AudioBufferInfo(buffer)
    }
    throw TimedOut(what: "\(what) (the stream ended first)")
  }
}

/// `url` as a media that plays over and over (`:input-repeat`), for a test that changes a
/// setting several times and waits each time for audio that shows it: on a busy machine that
/// can outlast a clip of a few seconds (libVLC delivers audio up to a second early, so the
/// last buffers of a 3 s clip come about 2 s after it starts).
func looping(_ url: URL, instance: VLCInstance) throws -> Media {
  let media = try Media(url: url, instance: instance)
  media.addOption(":input-repeat=65535")
  return media
}

/// A temporary 16-bit stereo WAV: a 440 Hz tone at half scale on the left channel, silence on
/// the right. Tests of the stereo mode need channels that differ; the committed fixtures are
/// mono. Deleted by the caller.
func makeLeftOnlyToneWAV(seconds: Int = 3, rate: Int = 16_000) throws -> URL {
  let frames = seconds * rate
  var data = Data()
  func append<T: FixedWidthInteger>(_ value: T) {
    withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
  }
  data.append(contentsOf: Array("RIFF".utf8))
  append(UInt32(36 + frames * 4))
  data.append(contentsOf: Array("WAVEfmt ".utf8))
  append(UInt32(16))
  append(UInt16(1))  // PCM
  append(UInt16(2))  // channels
  append(UInt32(rate))
  append(UInt32(rate * 4))  // byte rate
  append(UInt16(4))  // block align
  append(UInt16(16))  // bits per sample
  data.append(contentsOf: Array("data".utf8))
  append(UInt32(frames * 4))
  // Left, right, left, …: the right channel stays silent. Written in one piece (appending
  // each sample to the Data took a second of CPU per file in a debug build).
  var samples = [Int16](repeating: 0, count: 2 * frames)
  for frame in 0..<frames {
    let phase = 2 * Double.pi * 440 * Double(frame) / Double(rate)
    samples[2 * frame] = Int16(sin(phase) * 16_384).littleEndian
  }
  samples.withUnsafeBytes { data.append(contentsOf: $0) }
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("swiftvlc-left-\(UUID().uuidString).wav")
  try data.write(to: url)
  return url
}
