import Foundation
import Testing

@testable import SwiftVLC

/// Recording through libVLC's stream output, against real fixtures and a real HTTP server.
@Suite("Recording")
struct RecordingTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("three seconds of an HLS stream over HTTP record to a file libVLC reads back")
  func hlsOverHTTP() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(url: server.url("files/hls/index.m3u8"), instance: instance)
    let options = RecordingOptions(container: .mp4, duration: .seconds(3))
    let result = try await within(.seconds(20), "recording HLS") {
      try await Recording.record(media, to: scratch.path("hls.mp4"), options: options)
    }
    #expect(result.path == scratch.path("hls.mp4"))
    #expect(
      result.bytes
        == Int64(try Data(contentsOf: scratch.url.appendingPathComponent("hls.mp4")).count))
    #expect(isWithin(result.duration, .seconds(1), of: .seconds(3)), "\(result.duration)")
    let info = try await readBack(result.path, instance: instance)
    #expect(info.codecs == ["h264", "mp4a"])
    #expect(
      isWithin(info.duration, .seconds(1), of: .seconds(3)), "\(String(describing: info.duration))")
  }

  @Test("a local file records whole in every container", arguments: OutputContainer.allCases)
  func everyContainer(_ container: OutputContainer) async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(path: Fixture.seekMP4.path, instance: instance)
    let path = scratch.path("seek.\(container.fileExtension)")
    let result = try await within(.seconds(20), "recording \(container)") {
      try await Recording.record(media, to: path, options: RecordingOptions(container: container))
    }
    #expect(result.bytes > 0)
    let info = try await readBack(path, instance: instance)
    #expect(info.codecs == ["h264", "mp4a"])
    // libVLC estimates a TS file's duration from its bitrate; MP4 and Matroska store it.
    let tolerance: Duration = container == .ts ? .milliseconds(700) : .milliseconds(300)
    #expect(
      isWithin(info.duration, tolerance, of: .seconds(3)), "\(String(describing: info.duration))")
  }
}
