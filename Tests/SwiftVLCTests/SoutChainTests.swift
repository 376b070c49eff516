// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// The chain builder alone: no libVLC.
@Suite("Stream-output chains", .sharesTheMachine)
struct SoutChainTests {
  @Test("a file destination quotes the path, whatever it contains")
  func fileDestination() {
    #expect(
      SoutChain.chain(destination: SoutChain.file(path: "/tmp/a b,c{d}.ts", container: .ts))
        == #"#std{access=file,mux=ts{shaping=40},dst="/tmp/a b,c{d}.ts"}"#)
    #expect(
      SoutChain.file(path: #"/tmp/it's "x"\y.mkv"#, container: .mkv)
        == #"std{access=file,mux=mkv,dst="/tmp/it\'s \"x\"\\y.mkv"}"#)
  }

  @Test("display and pacing duplicate the stream and quote the nested chain once more")
  func monitors() {
    let file = SoutChain.file(path: #"/tmp/a "b".mp4"#, container: .mp4)
    #expect(
      SoutChain.chain(destination: file, monitor: .display)
        == #"#duplicate{dst=display,dst="std{access=file,mux=mp4,dst=\"/tmp/a \\\"b\\\".mp4\"}"}"#)
    #expect(
      SoutChain.chain(destination: file, monitor: .pace)
        == #"#duplicate{dst=display{noaudio,novideo},select="nospu",dst="std{access=file,mux=mp4,dst=\"/tmp/a \\\"b\\\".mp4\"}"}"#
    )
  }

  @Test("transcoding options become libVLC's transcode element")
  func transcodeElement() {
    let transcode = Transcode(
      videoCodec: .h264, videoBitrate: 800, scale: 0.5, audioCodec: .aac, audioBitrate: 128,
      audioChannels: 2, sampleRate: 44_100)
    let file = SoutChain.file(path: "/tmp/x.ts", container: .ts)
    #expect(
      SoutChain.chain(destination: file, transcode: transcode)
        == "#transcode{vcodec=h264,vb=800,scale=0.5,acodec=mp4a,ab=128,channels=2,samplerate=44100}"
        + #":std{access=file,mux=ts{shaping=40},dst="/tmp/x.ts"}"#)
    #expect(Transcode(audioCodec: .ac3).chainElement == "transcode{acodec=a52}")
    #expect(Transcode(videoCodec: .h265).chainElement == "transcode{vcodec=hevc}")
    #expect(Transcode().chainElement == nil)
    #expect(
      SoutChain.chain(
        destination: file, transcode: Transcode(videoCodec: .mpeg2), monitor: .display)
        == #"#duplicate{dst=display,dst="transcode{vcodec=mp2v}:std{access=file,mux=ts{shaping=40},dst=\"/tmp/x.ts\"}"}"#
    )
  }

  @Test("an HTTP destination is host:port/path, with MP4 sent fragmented")
  func httpDestination() {
    #expect(
      SoutChain.chain(
        destination: SoutChain.http(host: "127.0.0.1", port: 8080, path: "/live.ts", container: .ts)
      )
        == #"#std{access=http,mux=ts,dst="127.0.0.1:8080/live.ts"}"#)
    #expect(
      SoutChain.http(host: "0.0.0.0", port: 80, path: "/v", container: .mp4)
        == #"std{access=http,mux=mp4frag,dst="0.0.0.0:80/v"}"#)
  }

  @Test("each container accepts exactly the codecs its libVLC muxer carries")
  func codecSupport() {
    for codec in Transcode.VideoCodec.allCases {
      #expect((try? Transcode(videoCodec: codec).validate(for: .mkv)) != nil)
    }
    for codec in Transcode.AudioCodec.allCases {
      #expect((try? Transcode(audioCodec: codec).validate(for: .mkv)) != nil)
    }
    #expect(throws: VLCError.invalidInput("MPEG-TS cannot carry theora video")) {
      try Transcode(videoCodec: .theora).validate(for: .ts)
    }
    #expect(throws: VLCError.invalidInput("MP4 cannot carry flac audio")) {
      try Transcode(audioCodec: .flac).validate(for: .mp4)
    }
  }
}
