// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("VLCInstance", .sharesTheMachine)
struct InstanceTests {
  @Test("an instance starts with the default and with custom arguments")
  func creation() throws {
    let standard = try VLCInstance()
    let custom = try VLCInstance(arguments: ["--vout=vdummy", "--aout=adummy", "--no-audio"])
    #expect(standard.version == custom.version)
  }

  @Test("an unknown option is a typed error, not a crash")
  func badArguments() {
    #expect(throws: VLCError.self) {
      try VLCInstance(arguments: ["--this-option-does-not-exist"])
    }
    do {
      _ = try VLCInstance(arguments: ["--this-option-does-not-exist"])
    } catch {
      guard case .instanceCreationFailed(let reason) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(reason.contains("--this-option-does-not-exist"))
    }
  }

  @Test("the version is libVLC 3.0.x")
  func version() throws {
    let version = try headlessInstance().version
    #expect(version.hasPrefix("3.0."), "got \(version)")
    let numbers = version.split(separator: " ")[0].split(separator: ".").compactMap { Int($0) }
    #expect(numbers.count == 3)
  }

  @Test("default arguments never leave video to libVLC's terminal output when headless")
  func headlessDefaults() {
    let arguments = VLCInstance.defaultArguments
    let environment = ProcessInfo.processInfo.environment
    if (environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
      #expect(arguments.contains("--vout=vdummy"))
    }
    #expect(!arguments.contains { $0.contains("caca") })
  }

  @Test("audio outputs list the null and memory outputs")
  func audioOutputs() throws {
    let names = try headlessInstance().audioOutputs().map(\.name)
    #expect(names.contains("adummy"))
    #expect(names.contains("amem"))
  }

  @Test("the user agent is what libVLC sends to HTTP servers; the app id is accepted")
  func identity() async throws {
    let instance = try headlessInstance()
    instance.setUserAgent(name: "SwiftVLC Tests", http: "SwiftVLCTests/1.0")
    instance.setAppID("org.swiftvlc.tests", version: "1.0", icon: "video")
    let catcher = try RequestCatcher()
    let media = try Media(url: catcher.url(), instance: instance)
    let parsing = Task { try? await media.parse(network: true) }
    defer { parsing.cancel() }
    let request = try await catcher.firstRequest()
    // libVLC appends its own name and version.
    #expect(request.contains("\r\nUser-Agent: SwiftVLCTests/1.0 "), "\(request)")
  }

  @Test("the process maps exactly one copy of libvlc and libvlccore")
  func singleLibrary() throws {
    _ = try headlessInstance()
    // /proc files report size 0; read them to the end rather than by their stated size.
    let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
    let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    let paths = Set(
      maps.split(separator: "\n").compactMap { line -> String? in
        guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last,
          path.hasPrefix("/")
        else { return nil }
        return String(path)
      })
    let libvlc = paths.filter { ($0 as NSString).lastPathComponent.hasPrefix("libvlc.so") }
    let core = paths.filter { ($0 as NSString).lastPathComponent.hasPrefix("libvlccore.so") }
    #expect(libvlc.count == 1, "\(libvlc)")
    #expect(core.count == 1, "\(core)")
  }
}
