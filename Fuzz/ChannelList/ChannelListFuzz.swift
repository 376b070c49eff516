// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// libFuzzer target for the M3U channel-list parser (ChannelList(data:baseURL:)).
//
//   swift build -c release --product fuzz-channel-list -Xswiftc -sanitize=fuzzer,address \
//     -Xswiftc -DFUZZING --scratch-path .build/fuzz
//   mkdir -p /tmp/m3u-corpus && .build/fuzz/release/fuzz-channel-list /tmp/m3u-corpus \
//     Fuzz/ChannelList/seeds -runs=1000000 -max_len=4096 -timeout=5
//
// Without -DFUZZING it builds as a plain program that parses each file named on its command
// line once (to replay a crash: .build/debug/fuzz-channel-list crash-…).
import Foundation
import SwiftVLC

/// Parses one input; the parser must return or throw ``VLCError`` for any bytes, quickly.
func parseOnce(_ data: Data) {
  let base = URL(string: "http://example.com/lists/tv.m3u")
  guard let list = try? ChannelList(data: data, baseURL: base) else { return }
  // Touch what the parser computed, so nothing is optimised away.
  precondition(list.channels.indices.allSatisfy { list.channels[$0].id == $0 })
  _ = list.groups
}

/// libFuzzer's entry point: one input of `count` bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChannelList(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  parseOnce(Data(bytes: bytes, count: count))
  return 0
}

#if FUZZING
  // SwiftPM links an executable's entry point under its own name, so libFuzzer's `main` never
  // runs: start libFuzzer's driver from ours.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
  ) -> CInt

  @main
  enum Fuzz {
    static func main() {
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(runFuzzerDriver(&argc, &argv, fuzzChannelList))
    }
  }
#else
  @main
  enum Replay {
    static func main() throws {
      for path in CommandLine.arguments.dropFirst() {
        parseOnce(try Data(contentsOf: URL(fileURLWithPath: path)))
        print("ok \(path)")
      }
    }
  }
#endif
